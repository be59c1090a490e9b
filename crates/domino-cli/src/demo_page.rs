//! The page `domino demo` writes: one section per family with its
//! pictures. Chain pictures come from the solver on the shipped examples;
//! the Five Up, place and vanish pictures are drawn from the hand-written
//! samples of `domino::render::samples` until those families' solvers feed
//! the page (the page says so under each of them).

use crate::chain::picture;
use crate::input::CliError;
use domino::chain::{find_chain, Shape};
use domino::parse_dominoes;
use domino::render::html::{page, Figure, Section};
use domino::render::{
    explain_player, fiveup_svg, place_svg, samples, vanish_player, vanish_svg, FiveUpPicture,
    PlacePicture, VanishPicture,
};
use domino::tile::Domino;

/// Set size of the long chain that shows how a big picture is abbreviated.
const LONG_SET: i64 = 44;

/// The whole page, from the chain examples (name, dominoes).
pub fn demo_page(chain_examples: &[(&str, &str)]) -> Result<String, CliError> {
    let sections = vec![
        chain_section(chain_examples)?,
        fiveup_section(),
        place_section(),
        vanish_section(),
    ];
    Ok(page(
        "domino: the demo",
        "Every family on its examples, drawn as dominoes. The players step \
         through a solution: use the buttons, or click a player and use the \
         arrow keys.",
        &sections,
    ))
}

fn chain_section(examples: &[(&str, &str)]) -> Result<Section, CliError> {
    let mut figures = Vec::new();
    let mut hands = Vec::new();
    for (name, text) in examples {
        let hand = parse_dominoes(text)
            .map_err(|e| CliError::Usage(format!("built-in example {name}: {e}")))?;
        hands.push((name.to_string(), hand));
    }
    let long: Vec<Domino> = (0..=LONG_SET)
        .flat_map(|a| (a..=LONG_SET).map(move |b| Domino::new(a, b)))
        .collect();
    hands.push((format!("double-{LONG_SET} set (abbreviated)"), long));
    for (name, hand) in hands {
        let result = find_chain(&hand, Shape::Closed);
        let svg = picture(&hand, &result, Shape::Closed);
        let caption = match &result {
            Ok(chain) => format!("{name}: a closed chain of {} dominoes", chain.len()),
            Err(_) => format!("{name}: no closed chain, so the hand is drawn as given"),
        };
        figures.push(Figure::still(caption, svg));
    }
    Ok(Section {
        heading: "chain".into(),
        text: "One line through every domino, touching halves matching, laid as a \
               snake; the orange squares are the two halves that close the loop."
            .into(),
        figures,
    })
}

fn fiveup_section() -> Section {
    let game = samples::fiveup_game();
    let (prefix, illegal) = samples::fiveup_illegal();
    Section {
        heading: "fiveup".into(),
        text: "Five Up layouts: doubles are spinners (green) with arms on four sides. \
               These two pictures are drawn from hand-written sample games."
            .into(),
        figures: vec![
            Figure::still(
                "a legal game of twelve plays (sample data)",
                fiveup_svg(&FiveUpPicture {
                    plays: &game,
                    illegal: None,
                }),
            ),
            Figure::still(
                "an illegal game: the third move has nowhere to go (sample data)",
                fiveup_svg(&FiveUpPicture {
                    plays: &prefix,
                    illegal: Some(&illegal),
                }),
            ),
        ],
    }
}

fn place_section() -> Section {
    let small = samples::place_small();
    let big = samples::place_random(20, 7);
    let puzzle = PlacePicture {
        board: &small.board,
        solution: None,
        clues: &small.clues,
    };
    let solved = PlacePicture {
        solution: Some(&small.solution),
        ..puzzle
    };
    Section {
        heading: "place".into(),
        text: "Cover the numbers with every domino of the set once. Holes stay \
               blank, clue pieces are outlined in blue. These boards are sample \
               data: a small double-3 puzzle with hand-written deductions, and a \
               random double-20 layout that shows how a large board draws."
            .into(),
        figures: vec![
            Figure::still(
                "a double-3 puzzle with four holes (sample data)",
                place_svg(&puzzle),
            ),
            explain_player(
                &solved,
                &small.steps,
                "explained step by step, then solved (sample data)",
            ),
            Figure::still(
                "a double-20 layout: 231 dominoes, digits above 9 (random sample)",
                place_svg(&PlacePicture {
                    board: &big.board,
                    solution: Some(&big.solution),
                    clues: &[],
                }),
            ),
        ],
    }
}

fn vanish_section() -> Section {
    let sample = samples::vanish_example();
    let picture = VanishPicture {
        width: sample.width,
        height: sample.height,
        pieces: &sample.pieces,
        order: &sample.order,
    };
    Section {
        heading: "vanish".into(),
        text: "A piece vanishes when the free space next to it matches its values. \
               The player removes the pieces one by one; the worked 5 x 4 example of \
               the rules, with a hand-checked order that clears the board (sample data)."
            .into(),
        figures: vec![
            vanish_player(&picture, "every removal, one step at a time"),
            Figure::still(
                "a still of the same board after five removals",
                vanish_svg(&picture, 5),
            ),
        ],
    }
}
