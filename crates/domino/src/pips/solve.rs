//! Solving, counting and listing: [`solve`] checks the puzzle, counts its
//! solutions exactly with the engine's memoised counter, then lists as
//! many as were asked for by a walk that only enters branches the counter
//! found non-empty. Both obey the caller's [`Limits`].

use super::check::check_puzzle;
use super::engine::Engine;
use super::model::{Puzzle, Solution};
use super::tally::Tally;
use crate::goal::Goal;
use crate::limits::{Budget, Limits};
use serde::Serialize;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

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
    /// A limit of [`Limits`] stopped the search: `count` is then a lower
    /// bound (and `complete` false).
    #[serde(skip)]
    pub stopped: bool,
    /// Search nodes spent (what a node limit counts).
    #[serde(skip)]
    pub nodes: u64,
}

/// After a limit stopped the counter, the walk that lists the solutions
/// already counted gets this long (and the node limit again), so a stopped
/// count still shows a solution when one was found; short enough that a
/// stop stays prompt.
const GRACE: Duration = Duration::from_millis(30);

/// Counts the solutions of `puzzle` up to `goal.limit` and keeps the
/// first `goal.keep`. `solve(p, Goal::UNIQUE)` finds a solution and
/// proves it unique (`count == 1 && complete`).
pub fn solve(puzzle: &Puzzle, goal: Goal) -> Solutions {
    solve_within(puzzle, goal, &Limits::default())
}

/// Like [`solve`], stopping early when `limits` say so (`--time-limit`,
/// `--node-limit`, Ctrl-C): the count is then the solutions found so far
/// and not complete. When the counter stopped, the walk that lists the
/// solutions it found gets a short grace of its own (30 ms and the node
/// limit again); a walk stopped by a limit also makes the answer
/// incomplete.
pub fn solve_within(puzzle: &Puzzle, goal: Goal, limits: &Limits) -> Solutions {
    let Goal { limit, keep } = goal;
    if let Err(reason) = check_puzzle(puzzle) {
        return Solutions {
            count: 0,
            complete: true,
            solutions: Vec::new(),
            reason: Some(reason.to_string()),
            states: 0,
            stopped: false,
            nodes: 0,
        };
    }
    let mut engine = Engine::new(puzzle);
    engine.budget = Budget::new(limits);
    // One more than the limit tells "more than the limit" apart.
    let cap = u128::from(limit).saturating_add(1);
    // A count past the default stop at 2 goes to the signature counter,
    // whose cost does not grow with the number of solutions; a stop at
    // 1 or 2 is quicker by the engine's search, which ends at the cap.
    let tallied = match Tally::new(puzzle).filter(|_| limit > 2) {
        Some(tally) => tally.count(&mut engine.budget),
        None => None,
    };
    let mut stopped = engine.budget.stopped();
    // A stopped tally has no partial count: the solutions the walk below
    // finds are the lower bound.
    let lower_bound_by_walk = stopped && tallied.is_none();
    let total = match tallied {
        Some(total) => total,
        None if stopped => 0,
        None => engine.count(0, cap),
    };
    stopped = engine.budget.stopped();
    // A stopped count hands the walk a fresh budget: its nodes add up.
    let counted = if stopped { engine.budget.nodes() } else { 0 };
    let mut count = u64::try_from(total).unwrap_or(u64::MAX).min(limit);
    let mut complete = total <= u128::from(limit) && !stopped;
    let mut solutions = Vec::new();
    let mut wanted = usize::try_from(count).unwrap_or(usize::MAX).min(keep);
    if lower_bound_by_walk {
        wanted = keep.max(1);
    }
    if stopped {
        engine.budget = Budget::new(&Limits {
            nodes: limits.nodes,
            deadline: Some(Instant::now() + GRACE),
            stop: None,
        });
    }
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
    if lower_bound_by_walk {
        count = (solutions.len() as u64).min(limit);
        solutions.truncate(keep);
    }
    let nodes = counted + engine.budget.nodes();
    if engine.budget.stopped() && solutions.len() < wanted {
        stopped = true;
        complete = false;
    }
    let reason =
        (total == 0 && complete).then(|| "no way to lay the dominoes meets every rule".to_string());
    Solutions {
        count,
        complete,
        solutions,
        reason,
        states: engine.states(),
        stopped,
        nodes,
    }
}

/// The exact number of solutions (saturating at `u128::MAX`), 0 when the
/// checks rule the puzzle out.
pub fn count_solutions(puzzle: &Puzzle) -> u128 {
    if check_puzzle(puzzle).is_err() {
        return 0;
    }
    let mut budget = Budget::default();
    match Tally::new(puzzle).and_then(|tally| tally.count(&mut budget)) {
        Some(total) => total,
        None => Engine::new(puzzle).count(0, u128::MAX),
    }
}
