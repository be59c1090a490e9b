//! The built-in examples and what `domino demo` makes of them: one table of
//! example inputs for every family (embedded, so the demo runs from any
//! directory), the text the demo prints, and the HTML page of pictures it
//! writes. The page is drawn from the solvers' answers on the examples, a
//! freshly generated place puzzle (explained step by step), a random
//! double-20 layout that shows how a big board draws, and pips puzzles with
//! their counted solutions.

use crate::chain::{ChainReport, Ends};
use crate::fiveup::GameReport;
use crate::input_error::InputError;
use crate::pips::{
    parse_puzzles, Labeled, SolveMode, SolveOptions as PipsOptions, SolveReport as PipsReport,
};
use crate::place::{
    generate, parse_grids, random_grid, ExplainReport, Grid, Level, Outline, Request, SolveOptions,
    SolveReport,
};
use crate::render::html::{page, Figure, Section};
use crate::render::{
    board_svg, explain_figure, pips_puzzle_svg, vanish_player, vanish_svg, VanishPicture,
};
use crate::rng::Rng;
use crate::search::Limits;
use crate::tile::{parse_dominoes, Domino};
use crate::vanish::{parse_board, solve, Algorithm, Options};
use std::fmt::Write;

/// The family an example belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// A hand of dominoes to chain.
    Chain,
    /// A game of Five Up.
    Fiveup,
    /// A placement puzzle.
    Place,
    /// A vanishing-domino board.
    Vanish,
    /// A pips puzzle (given dominoes, regions with rules).
    Pips,
}

/// One built-in example input.
#[derive(Clone, Copy, Debug)]
pub struct Example {
    /// Which family reads it.
    pub family: Family,
    /// What it shows.
    pub name: &'static str,
    /// The input text, in the family's format.
    pub text: &'static str,
    /// Whether the demo page draws it (the text shows every example).
    pub drawn: bool,
}

const fn example(family: Family, name: &'static str, text: &'static str, drawn: bool) -> Example {
    Example {
        family,
        name,
        text,
        drawn,
    }
}

/// Every built-in example, grouped by family.
pub const EXAMPLES: &[Example] = &[
    example(
        Family::Chain,
        "double-six set",
        include_str!("../data/chain/double-six.txt"),
        true,
    ),
    example(
        Family::Chain,
        "two separate loops",
        include_str!("../data/chain/two-groups.txt"),
        true,
    ),
    example(
        Family::Fiveup,
        "the challenge's pictured game",
        include_str!("../data/fiveup/pictured.txt"),
        true,
    ),
    example(
        Family::Fiveup,
        "3-6 frees an end for 1-6",
        include_str!("../data/fiveup/spinner-relief.txt"),
        true,
    ),
    example(
        Family::Fiveup,
        "all four spinner ends taken",
        include_str!("../data/fiveup/spinner-full.txt"),
        true,
    ),
    example(
        Family::Fiveup,
        "no 3 or 0 in play yet",
        include_str!("../data/fiveup/too-early.txt"),
        true,
    ),
    example(
        Family::Fiveup,
        "the challenge's last example (it says valid; it is not)",
        include_str!("../data/fiveup/twelve.txt"),
        true,
    ),
    example(
        Family::Fiveup,
        "greedy fails: 2-3 must leave a 2 open",
        include_str!("../data/fiveup/greedy-trap.txt"),
        true,
    ),
    example(
        Family::Vanish,
        "the report's 5 x 4 worked example",
        include_str!("../data/vanish/problem1.xml"),
        true,
    ),
    example(
        Family::Vanish,
        "the report's 10 x 6 board",
        include_str!("../data/vanish/problem4.xml"),
        true,
    ),
    example(
        Family::Vanish,
        "the report's 10 x 9 board",
        include_str!("../data/vanish/problem2.txt"),
        false,
    ),
    example(
        Family::Place,
        "irregular double-six with a clue (dp_001)",
        include_str!("../data/place/dp_001.txt"),
        true,
    ),
    example(
        Family::Place,
        "7x8 double-six, two solutions",
        include_str!("../data/place/two-solutions.txt"),
        true,
    ),
    example(
        Family::Place,
        "double-nine, unique",
        include_str!("../data/place/double-nine.txt"),
        true,
    ),
    example(
        Family::Place,
        "double-six whose counts are wrong",
        include_str!("../data/place/wrong-counts.txt"),
        false,
    ),
    example(
        Family::Pips,
        "generated: pips generate --cells 16 --difficulty medium --seed 3",
        include_str!("../data/pips/generated-medium.txt"),
        true,
    ),
    example(
        Family::Pips,
        "the newspaper's JSON, a blank row in the board",
        include_str!("../data/pips/blank-row.json"),
        true,
    ),
    example(
        Family::Pips,
        "a 16-cell sum of 45: counted, not listed",
        include_str!("../data/pips/big-sum.txt"),
        true,
    ),
];

/// A built-in example that does not parse (a defect of the build, caught
/// by the tests).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("built-in example {name}: {error}")]
pub struct ExampleError {
    /// The example's name.
    pub name: &'static str,
    /// What is wrong with its text.
    pub error: InputError,
}

/// The examples of one family.
pub fn examples(family: Family) -> impl Iterator<Item = &'static Example> {
    EXAMPLES.iter().filter(move |e| e.family == family)
}

impl Example {
    fn dominoes(&self) -> Result<Vec<Domino>, ExampleError> {
        parse_dominoes(self.text).map_err(|error| self.error(error))
    }

    fn boards(&self) -> Result<Vec<Grid>, ExampleError> {
        parse_grids(self.text, None).map_err(|error| self.error(error))
    }

    fn pips_puzzles(&self) -> Result<Vec<Labeled>, ExampleError> {
        parse_puzzles(self.text).map_err(|error| self.error(error))
    }

    fn vanish_board(&self) -> Result<crate::vanish::Board, ExampleError> {
        parse_board(self.text).map_err(|error| self.error(error))
    }

    fn error(&self, error: InputError) -> ExampleError {
        ExampleError {
            name: self.name,
            error,
        }
    }
}

/// What `domino demo` prints: every family on its examples.
pub fn text() -> Result<String, ExampleError> {
    let mut out = String::from("== chain ==\n");
    for e in examples(Family::Chain) {
        let hand = e.dominoes()?;
        let report = ChainReport::new(&hand, Ends::Closed);
        match &report.result {
            Ok(chain) => {
                let line: Vec<String> = chain.iter().map(Domino::to_string).collect();
                let _ = writeln!(out, "{}: closed chain of {} dominoes", e.name, chain.len());
                let _ = writeln!(out, "  {}", line.join(" "));
            }
            Err(why) => {
                let _ = writeln!(out, "{}: no chain: {why}", e.name);
            }
        }
    }
    out.push_str("== fiveup ==\n");
    for e in examples(Family::Fiveup) {
        let game = e.dominoes()?;
        let moves: Vec<String> = game.iter().map(Domino::to_string).collect();
        let _ = writeln!(out, "{}: {}", e.name, moves.join(" "));
        let report = GameReport::new(&game);
        match &report.decision.illegal {
            None => {
                let links: Vec<String> = report
                    .decision
                    .layout
                    .iter()
                    .skip(1)
                    .map(|p| match (p.attached_to, p.via) {
                        (Some(j), Some(v)) => format!("{}>{j}@{v}", p.domino),
                        _ => p.domino.to_string(),
                    })
                    .collect();
                let _ = writeln!(
                    out,
                    "  legal; layout (move>partner@value): {}",
                    links.join(" ")
                );
            }
            Some(illegal) => {
                let _ = writeln!(
                    out,
                    "  illegal at the {} play ({}): {illegal}",
                    crate::fiveup::ordinal(illegal.index),
                    illegal.domino
                );
            }
        }
    }
    out.push_str("== vanish ==\n");
    for e in examples(Family::Vanish) {
        let board = e.vanish_board()?;
        let _ = writeln!(out, "{}: {} pieces", e.name, board.pieces().len());
        for algorithm in Algorithm::ALL {
            let s = solve(&board, algorithm, &Options::default(), None)
                .unwrap_or_else(|_| unreachable!("the default options are in range"));
            let _ = writeln!(
                out,
                "  {:15} {:2} left{}",
                algorithm.name(),
                s.score,
                if s.optimal { " (proven optimal)" } else { "" }
            );
        }
    }
    out.push_str("== place ==\n");
    for e in examples(Family::Place) {
        for board in &e.boards()? {
            let report = SolveReport::new(board, &SolveOptions::default(), &Limits::none());
            let _ = write!(out, "{}: {}", e.name, report.solutions_text());
        }
    }
    out.push_str("== pips ==\n");
    for e in examples(Family::Pips) {
        for labeled in &e.pips_puzzles()? {
            let _ = write!(out, "{}: {}", e.name, pips_report(labeled).text());
        }
    }
    Ok(out)
}

/// Every solution counted, the first kept: the demo shows the count of a
/// puzzle with many solutions without listing them.
fn pips_report(labeled: &Labeled) -> PipsReport<'_> {
    let options = PipsOptions {
        mode: SolveMode::Count,
        limit: None,
        keep: None,
    };
    PipsReport::new(labeled, &options, &Limits::none())
}

/// Set size of the long chain that shows how a big picture is abbreviated.
const LONG_SET: i64 = 44;

/// The page `domino demo` writes: one section per family with its
/// pictures.
pub fn page_html() -> Result<String, ExampleError> {
    let sections = vec![
        chain_section()?,
        fiveup_section()?,
        place_section()?,
        vanish_section()?,
        pips_section()?,
    ];
    Ok(page(
        "domino: the demo",
        "Every family on its examples, drawn as dominoes. The players step \
         through a solution: use the buttons, or click a player and use the \
         arrow keys.",
        &sections,
    ))
}

fn chain_section() -> Result<Section, ExampleError> {
    let mut hands = Vec::new();
    for e in examples(Family::Chain).filter(|e| e.drawn) {
        hands.push((e.name.to_string(), e.dominoes()?));
    }
    let long: Vec<Domino> = (0..=LONG_SET)
        .flat_map(|a| (a..=LONG_SET).map(move |b| Domino::new(a, b)))
        .collect();
    hands.push((format!("double-{LONG_SET} set (abbreviated)"), long));
    let figures = hands
        .iter()
        .map(|(name, hand)| {
            let report = ChainReport::new(hand, Ends::Closed);
            let caption = match &report.result {
                Ok(chain) => format!("{name}: a closed chain of {} dominoes", chain.len()),
                Err(_) => format!("{name}: no closed chain, so the hand is drawn as given"),
            };
            Figure::still(caption, report.svg())
        })
        .collect();
    Ok(Section {
        heading: "chain".into(),
        text: "One line through every domino, touching halves matching, laid as a \
               snake; the orange squares are the two halves that close the loop."
            .into(),
        figures,
    })
}

fn fiveup_section() -> Result<Section, ExampleError> {
    let mut figures = Vec::new();
    for e in examples(Family::Fiveup).filter(|e| e.drawn) {
        let report = GameReport::new(&e.dominoes()?);
        let verdict = match &report.decision.illegal {
            None => format!("legal, {} moves", report.moves),
            Some(illegal) => format!(
                "illegal at the {} play",
                crate::fiveup::ordinal(illegal.index)
            ),
        };
        figures.push(Figure::still(
            format!("{}: {verdict}", e.name),
            report.svg(),
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

fn place_section() -> Result<Section, ExampleError> {
    let mut figures = Vec::new();
    for e in examples(Family::Place).filter(|e| e.drawn) {
        for board in &e.boards()? {
            let report = SolveReport::new(board, &SolveOptions::default(), &Limits::none());
            let found = &report.found;
            figures.push(Figure::still(
                format!("{}: the puzzle", e.name),
                board_svg(board, None),
            ));
            for (k, map) in found.solutions.iter().enumerate() {
                let label = match (found.solutions.len(), found.complete) {
                    (1, true) => "its unique solution".to_string(),
                    (n, _) => format!("solution {} of {n}", k + 1),
                };
                figures.push(Figure::still(
                    format!("{}: {label}", e.name),
                    board_svg(board, Some(map)),
                ));
            }
        }
    }
    let request = Request {
        set: 5,
        level: Level::Hard,
        seed: 3,
        outline: Outline::for_set(5),
        clues: false,
        max_rounds: 10_000,
    };
    if let Ok(puzzle) = generate(&request, &Limits::none()) {
        let report = ExplainReport::new(&puzzle.board, &Limits::none());
        figures.push(explain_figure(
            &puzzle.board,
            &report.deduction,
            &format!(
                "a generated double-5 puzzle (grade {}), explained step by step",
                puzzle.grade
            ),
        ));
    }
    if let Some((board, map)) = random_grid(21, 22, 20, &mut Rng::new(7)) {
        figures.push(Figure::still(
            "a random double-20 layout: 231 dominoes, digits above 9 (how a large board draws)",
            board_svg(&board, Some(&map)),
        ));
    }
    Ok(Section {
        heading: "place".into(),
        text: "Cover the numbers with every domino of the set once. Holes stay \
               blank, clue pieces are outlined in blue; the solutions are the \
               solver's, on the shipped examples."
            .into(),
        figures,
    })
}

fn vanish_section() -> Result<Section, ExampleError> {
    let mut figures = Vec::new();
    for e in examples(Family::Vanish).filter(|e| e.drawn) {
        let board = e.vanish_board()?;
        let best = solve(&board, Algorithm::Exact, &Options::default(), None)
            .unwrap_or_else(|_| unreachable!("the default options are in range"));
        let picture = VanishPicture {
            board: &board,
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
                "{}: {} removals, {} left ({proven})",
                e.name,
                best.order.len(),
                best.score
            ),
        ));
        figures.push(Figure::still(
            format!("{}: what stays at the end", e.name),
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

fn pips_section() -> Result<Section, ExampleError> {
    let mut figures = Vec::new();
    for e in examples(Family::Pips).filter(|e| e.drawn) {
        for labeled in &e.pips_puzzles()? {
            let report = pips_report(labeled);
            figures.push(Figure::still(
                format!("{}: the puzzle", e.name),
                pips_puzzle_svg(&labeled.puzzle, None),
            ));
            figures.push(Figure::still(
                format!("{}: {}, the first drawn", e.name, report.verdict()),
                report.svg(),
            ));
        }
    }
    Ok(Section {
        heading: "pips".into(),
        text: "Lay the given dominoes on the board so that every region's rule \
               holds (a sum, below or above a bound, all equal, all different). \
               The counts are exact; the first solution is drawn."
            .into(),
        figures,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_parses_and_the_demo_runs() {
        let text = text().unwrap();
        for e in EXAMPLES {
            assert!(text.contains(e.name), "{}", e.name);
        }
        let page = page_html().unwrap();
        assert!(page.starts_with("<!DOCTYPE html>"));
    }
}
