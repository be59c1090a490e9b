//! Bad input never panics: every text parser of the library (domino
//! lists, place boards and outlines, five-up games and layouts, pips
//! puzzles in both formats, vanish boards in both formats and removal
//! orders), fed arbitrary text and text made of its formats' characters,
//! returns an answer or an error with a position inside the text.

use domino::fiveup::{parse_game_lines, parse_layout};
use domino::place::{parse_grids, parse_outline};
use domino::tile::parse_dominoes;
use domino::{pips, vanish, InputError};
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

/// A vanish board the removal orders are read against.
fn vanish_board() -> vanish::Board {
    vanish::parse_board(include_str!("../../data/vanish/problem2.txt"))
        .expect("the sample board reads")
}

/// A parser as a function of the text alone.
type Parser = Box<dyn Fn(&str) -> Result<(), InputError>>;

/// Every parser, by name.
fn parsers() -> Vec<(&'static str, Parser)> {
    let board = vanish_board();
    vec![
        ("dominoes", Box::new(|t| parse_dominoes(t).map(drop))),
        ("place boards", Box::new(|t| parse_grids(t, None).map(drop))),
        (
            "place boards, set 3",
            Box::new(|t| parse_grids(t, Some(3)).map(drop)),
        ),
        ("place outlines", Box::new(|t| parse_outline(t).map(drop))),
        ("fiveup games", Box::new(|t| parse_game_lines(t).map(drop))),
        ("fiveup layouts", Box::new(|t| parse_layout(t).map(drop))),
        (
            "pips puzzles",
            Box::new(|t| pips::parse_puzzles(t).map(drop)),
        ),
        ("pips text", Box::new(|t| pips::parse_text(t).map(drop))),
        ("pips json", Box::new(|t| pips::parse_json(t).map(drop))),
        (
            "vanish boards",
            Box::new(|t| vanish::parse_board(t).map(drop)),
        ),
        ("vanish text", Box::new(|t| vanish::parse_text(t).map(drop))),
        ("vanish xml", Box::new(|t| vanish::parse_xml(t).map(drop))),
        (
            "vanish orders",
            Box::new(move |t| vanish::parse_solution(&board, t).map(drop)),
        ),
    ]
}

/// Every parser on `text`: an answer, or an error inside the text.
fn every_parser_answers(text: &str) -> Result<(), TestCaseError> {
    for (name, parse) in parsers() {
        if let Err(e) = parse(text) {
            prop_assert!(position_is_inside(text, &e), "{name}: {text:?}: {e}");
        }
    }
    Ok(())
}

/// Characters the formats use, so random text gets past the first byte.
const ALPHABET: &[char] = &[
    '0', '1', '2', '9', '-', '|', ',', '[', ']', ' ', '\n', '\t', '.', 'x', '#', 'd', 'p', 'é',
    'A', 'B', '=', '<', '>', '{', '}', '"', ':', ';', '/', 'o', 'e', 's',
];

fn text_from(picks: &[usize]) -> String {
    picks
        .iter()
        .map(|&i| ALPHABET[i % ALPHABET.len()])
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn text_of_the_formats_characters(picks in prop::collection::vec(0usize..64, 0..80)) {
        every_parser_answers(&text_from(&picks))?;
    }

    #[test]
    fn arbitrary_unicode(text in "\\PC{0,40}") {
        every_parser_answers(&text)?;
    }
}
