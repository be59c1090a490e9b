//! A hint for a person solving a pips puzzle by hand, as place gives one:
//! the pieces that fit no solution first (lift them), else the next
//! deduction of [`explain`](super::explain) from the player's position
//! (the pieces that count laid, the deductions going on from there), else
//! why there is none. The step shown is the first that lays a piece (a
//! player's position holds pieces only, so a step that only narrows a
//! cell would be shown again and again), with the narrowings it rests
//! on. The page that asks needs no solution of its own.

use super::explain::{next_deduction, Next, Step};
use super::model::Puzzle;
use super::play::{check_play, plays_that_count, Laid};
use crate::search::Limits;
use crate::tile::Value;
use crate::Cell;
use serde::Serialize;

/// What `/pips/hint` answers: see [`hint`].
///
/// Serializes as `{"solved": b, "wrong": [i, ...], "step": {"technique",
/// "level", "text", "cells"} | null, "placed": {"domino": i, "cells":
/// [[r,c],[r,c]]} | null, "before": [step, ...], "reason": "..." | null}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = PipsHintAnswer))]
pub struct HintReport {
    /// Every domino laid once, every cell covered, every rule met: nothing
    /// left to hint.
    pub solved: bool,
    /// Pieces that break a rule of laying or fit no solution with the
    /// pieces laid before them, in the player's order; when there are any,
    /// there is no step: those come first.
    pub wrong: Vec<usize>,
    /// The next deduction from the player's position: the first that
    /// lays a piece, else the first.
    #[cfg_attr(
        feature = "schema",
        schema(value_type = Option<super::StepDocument<'static>>, required = true)
    )]
    pub step: Option<Step>,
    /// The piece the step lays: a domino not laid yet (its index) and its
    /// cells, its first value on the first.
    #[cfg_attr(feature = "schema", schema(required = true))]
    pub placed: Option<Laid>,
    /// The deductions before the step that it rests on (cells narrowed).
    #[cfg_attr(feature = "schema", schema(value_type = Vec<super::StepDocument<'static>>))]
    pub before: Vec<Step>,
    /// Why there is no step.
    pub reason: Option<String>,
}

/// The next step for a player who has laid `laid` on `puzzle`: the pieces
/// that fit no solution, or the next deduction, or why there is none. The
/// searches that judge the pieces and the deductions stop at `limits`.
///
/// ```
/// use domino::pips::{hint, parse_text, Laid, Limits};
///
/// let puzzle = parse_text("AB\n\nA = 1\nB = 2\n\n1-2").unwrap();
/// let first = hint(&puzzle, &[], &Limits::default());
/// assert!(first.step.is_some() && first.wrong.is_empty());
/// let wrong = Laid { domino: 0, cells: [(0, 1), (0, 0)] };
/// let lifted = hint(&puzzle, &[wrong], &Limits::default());
/// assert_eq!((lifted.wrong, lifted.step), (vec![0], None));
/// ```
pub fn hint(puzzle: &Puzzle, laid: &[Laid], limits: &Limits) -> HintReport {
    let check = check_play(puzzle, laid, limits);
    let mut report = HintReport {
        solved: check.solved,
        wrong: Vec::new(),
        step: None,
        placed: None,
        before: Vec::new(),
        reason: None,
    };
    if check.solved {
        return report;
    }
    report.wrong = check.broken.iter().map(|b| b.index).collect();
    report.wrong.extend(&check.wrong);
    report.wrong.sort_unstable();
    report.wrong.dedup();
    if !report.wrong.is_empty() {
        report.reason = Some("these pieces fit no solution: lift them first".to_string());
        return report;
    }
    if let Some(reason) = check.reason {
        report.reason = Some(reason);
        return report;
    }
    let counted = plays_that_count(puzzle, laid);
    let pieces: Vec<_> = counted
        .iter()
        .map(|p| (p.cells, puzzle.dominoes()[p.domino]))
        .collect();
    match next_deduction(puzzle, &pieces, limits) {
        Next::Step {
            step,
            placed,
            before,
        } => {
            report.step = Some(step);
            report.before = before;
            report.placed =
                placed.and_then(|(cells, values)| piece(puzzle, &counted, cells, values));
        }
        Next::Contradiction(why) => {
            report.reason = Some(format!("the deductions reach a contradiction: {why}"));
        }
        Next::Stopped => {
            report.reason = Some(
                "the deductions stopped at the time limit before they found a step".to_string(),
            );
        }
        Next::Stuck => {
            report.reason = Some(
                "the deductions cannot go on from here: a search is needed (the puzzle \
                 has several solutions, or needs more than the techniques)"
                    .to_string(),
            );
        }
    }
    report
}

/// A domino of `puzzle` not among `laid` showing `values` on `cells`, as
/// the player would lay it.
fn piece(puzzle: &Puzzle, laid: &[Laid], cells: [Cell; 2], values: [Value; 2]) -> Option<Laid> {
    let free = |domino: &usize| laid.iter().all(|p| p.domino != *domino);
    let dominoes = puzzle.dominoes();
    let domino = (0..dominoes.len())
        .filter(free)
        .find(|&i| dominoes[i] == values || dominoes[i] == [values[1], values[0]])?;
    let cells = if dominoes[domino] == values {
        cells
    } else {
        [cells[1], cells[0]]
    };
    Some(Laid { domino, cells })
}
