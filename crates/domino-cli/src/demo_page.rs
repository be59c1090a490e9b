//! The page `domino demo` writes: one section per family with its
//! pictures, drawn from the solvers' answers on the shipped examples (and a
//! freshly generated place puzzle, explained). Only the double-20 layout
//! is a sample (`domino::render::samples`): it shows how a big board draws.

use crate::chain::picture;
use crate::input::CliError;
use domino::chain::{find_chain, Shape};
use domino::fiveup::check_game;
use domino::parse_dominoes;
use domino::place::{
    deduce, generate, parse_boards, solve as solve_place, Level, Request, Shape as BoardShape,
};
use domino::render::html::{page, Figure, Section};
use domino::render::{place_svg, samples, vanish_player, vanish_svg, PlacePicture, VanishPicture};
use domino::tile::Domino;
use domino::vanish::{parse_board, solve as solve_vanish, Algorithm, Limits};

use crate::place_picture::PlaceRows;
use crate::vanish::picture_pieces;

/// Set size of the long chain that shows how a big picture is abbreviated.
const LONG_SET: i64 = 44;

/// The whole page, from the chain examples (name, dominoes).
pub fn demo_page(chain_examples: &[(&str, &str)]) -> Result<String, CliError> {
    let sections = vec![
        chain_section(chain_examples)?,
        fiveup_section()?,
        place_section()?,
        vanish_section()?,
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

fn fiveup_section() -> Result<Section, CliError> {
    let mut figures = Vec::new();
    for (name, text) in crate::fiveup::EXAMPLES {
        let game = parse_dominoes(text)
            .map_err(|e| CliError::Usage(format!("built-in example {name}: {e}")))?;
        let result = check_game(&game);
        let verdict = match &result {
            Ok(_) => format!("legal, {} moves", game.len()),
            Err(illegal) => format!("illegal at move {}", illegal.index),
        };
        figures.push(Figure::still(
            format!("{name}: {verdict}"),
            crate::fiveup::picture(&game, &result),
        ));
    }
    Ok(Section {
        heading: "fiveup".into(),
        text: "Five Up layouts found by the checker: doubles are spinners (green) \
               with arms on four sides; an illegal game shows the legal moves \
               before it and the move that can never be played, with the reason."
            .into(),
        figures,
    })
}

fn place_section() -> Result<Section, CliError> {
    let mut figures = Vec::new();
    for (name, text) in crate::place::EXAMPLES.iter().take(3) {
        let boards = parse_boards(text, None)
            .map_err(|e| CliError::Usage(format!("built-in example {name}: {e}")))?;
        for board in &boards {
            let rows = PlaceRows::of(board);
            let found = solve_place(board, 2, 2);
            figures.push(Figure::still(format!("{name}: the puzzle"), rows.svg(None)));
            for (k, map) in found.maps.iter().enumerate() {
                let label = match (found.maps.len(), found.complete) {
                    (1, true) => "its unique solution".to_string(),
                    (n, _) => format!("solution {} of {n}", k + 1),
                };
                figures.push(Figure::still(
                    format!("{name}: {label}"),
                    rows.svg(Some(map)),
                ));
            }
        }
    }
    let request = Request {
        set: 5,
        level: Level::Hard,
        seed: 3,
        shape: BoardShape::for_set(5),
        clues: false,
        max_rounds: 10_000,
    };
    if let Ok(puzzle) = generate(&request) {
        let deduction = deduce(&puzzle.board, Level::Extreme, true);
        let rows = PlaceRows::of(&puzzle.board);
        figures.push(rows.explain(
            &puzzle.board,
            &deduction,
            &format!(
                "a generated double-5 puzzle (grade {}), explained step by step",
                puzzle.grade
            ),
        ));
    }
    let big = samples::place_random(20, 7);
    figures.push(Figure::still(
        "a random double-20 layout: 231 dominoes, digits above 9 (how a large board draws)",
        place_svg(&PlacePicture {
            board: &big.board,
            solution: Some(&big.solution),
            clues: &[],
        }),
    ));
    Ok(Section {
        heading: "place".into(),
        text: "Cover the numbers with every domino of the set once. Holes stay \
               blank, clue pieces are outlined in blue; the solutions are the \
               solver's, on the shipped examples."
            .into(),
        figures,
    })
}

fn vanish_section() -> Result<Section, CliError> {
    let mut figures = Vec::new();
    for (name, text) in crate::vanish::EXAMPLES.iter().take(2) {
        let board = parse_board(text)
            .map_err(|e| CliError::Usage(format!("built-in example {name}: {e}")))?;
        let best = solve_vanish(&board, Algorithm::Exact, &Limits::default(), None);
        let pieces = picture_pieces(&board);
        let picture = VanishPicture {
            width: board.width() as u32,
            height: board.height() as u32,
            pieces: &pieces,
            order: &best.order,
        };
        let proven = if best.optimal {
            "proven optimal"
        } else {
            "not proven"
        };
        figures.push(vanish_player(
            &picture,
            &format!(
                "{name}: {} removals, {} left ({proven})",
                best.order.len(),
                best.score
            ),
        ));
        figures.push(Figure::still(
            format!("{name}: what stays at the end"),
            vanish_svg(&picture, best.order.len()),
        ));
    }
    Ok(Section {
        heading: "vanish".into(),
        text: "A piece vanishes when the free space next to it matches its values. \
               The players step through the exact solver's removal order."
            .into(),
        figures,
    })
}
