//! Bad input never panics: every text parser of the library, fed arbitrary
//! text and mangled versions of valid inputs, returns an answer or an
//! error with a position inside the text.

use domino::place::parse_grids;
use domino::tile::parse_dominoes;
use domino::InputError;
use proptest::prelude::*;

/// The error's line and column point into `text` (or one past its end).
fn position_is_inside(text: &str, error: &InputError) -> bool {
    match error.position {
        None => true,
        Some(p) => {
            let lines: Vec<&str> = text.split('\n').collect();
            p.line >= 1
                && p.line <= lines.len().max(1)
                && p.column >= 1
                && p.column <= lines.get(p.line - 1).map_or(0, |l| l.chars().count()) + 1
        }
    }
}

/// Characters the formats use, so random text gets past the first byte.
const ALPHABET: &[char] = &[
    '0', '1', '2', '9', '-', '|', ',', '[', ']', ' ', '\n', '\t', '.', 'x', '#', 'd', 'p', 'é',
];

fn text_from(picks: &[usize]) -> String {
    picks
        .iter()
        .map(|&i| ALPHABET[i % ALPHABET.len()])
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn domino_lists(picks in prop::collection::vec(0usize..64, 0..60)) {
        let text = text_from(&picks);
        if let Err(e) = parse_dominoes(&text) {
            prop_assert!(position_is_inside(&text, &e), "{text:?}: {e}");
        }
    }

    #[test]
    fn place_boards(picks in prop::collection::vec(0usize..64, 0..80), set in prop::option::of(0i64..12)) {
        let text = text_from(&picks);
        if let Err(e) = parse_grids(&text, set) {
            prop_assert!(position_is_inside(&text, &e), "{text:?}: {e}");
        }
    }

    #[test]
    fn arbitrary_unicode(text in "\\PC{0,40}") {
        if let Err(e) = parse_dominoes(&text) {
            prop_assert!(position_is_inside(&text, &e), "{text:?}: {e}");
        }
        if let Err(e) = parse_grids(&text, None) {
            prop_assert!(position_is_inside(&text, &e), "{text:?}: {e}");
        }
    }
}
