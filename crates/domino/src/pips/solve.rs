//! Solving, counting and listing: [`solve`] checks the puzzle, counts its
//! solutions exactly with the engine's memoised counter, then lists as
//! many as were asked for by a walk that only enters branches the counter
//! found non-empty.

use super::check::check_puzzle;
use super::engine::Engine;
use super::model::{Puzzle, Solution};
use serde::Serialize;
use std::ops::ControlFlow;

/// The outcome of [`solve`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Solutions {
    /// Solutions found: the exact number when `complete`, else the limit.
    pub count: u64,
    /// `count` is every solution (so `count == 1` means unique).
    pub complete: bool,
    /// The first solutions, as many as were asked for.
    pub solutions: Vec<Solution>,
    /// Why there is none, when there is none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Search states the counter stored (a measure of the work done).
    pub states: usize,
}

/// Counts the solutions of `puzzle` up to `limit` and keeps the first
/// `keep`. `solve(p, 2, 1)` finds a solution and proves it unique
/// (`count == 1 && complete`).
pub fn solve(puzzle: &Puzzle, limit: u64, keep: usize) -> Solutions {
    let total = match check_puzzle(puzzle) {
        Err(reason) => {
            return Solutions {
                count: 0,
                complete: true,
                solutions: Vec::new(),
                reason: Some(reason),
                states: 0,
            }
        }
        Ok(()) => None,
    };
    let mut engine = Engine::new(puzzle);
    // One more than the limit tells "more than the limit" apart.
    let cap = u128::from(limit).saturating_add(1);
    let total = total.unwrap_or_else(|| engine.count(0, cap));
    let count = u64::try_from(total).unwrap_or(u64::MAX).min(limit);
    let complete = total <= u128::from(limit);
    let mut solutions = Vec::new();
    let wanted = usize::try_from(count).unwrap_or(usize::MAX).min(keep);
    if wanted > 0 {
        let _ = engine.walk(&mut |s| {
            solutions.push(s);
            if solutions.len() >= wanted {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
    }
    let reason = (total == 0).then(|| "no way to lay the dominoes meets every rule".to_string());
    Solutions {
        count,
        complete,
        solutions,
        reason,
        states: engine.states(),
    }
}

/// The exact number of solutions (saturating at `u128::MAX`), 0 when the
/// checks rule the puzzle out.
pub fn count_solutions(puzzle: &Puzzle) -> u128 {
    if check_puzzle(puzzle).is_err() {
        return 0;
    }
    Engine::new(puzzle).count(0, u128::MAX)
}
