//! Solving, counting and listing: [`solve`] validates the puzzle, counts its
//! solutions exactly (the engine's memoised search, the signature counter
//! of [`super::tally`], or both in turn), then lists as many as were asked
//! for by a walk that only enters branches the engine found non-empty.
//! All obey the caller's [`Limits`].

use super::engine::Engine;
use super::model::{compact, Puzzle, Solution};
use super::tally::Tally;
use super::validate::validate;
use crate::search::{self, Budget, Count, Goal, Limits};
use crate::tile::Value;
use crate::Cell;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

/// The outcome of [`solve`]: the solutions kept.
pub type Solutions = search::Solutions<Solution>;

/// After a limit stopped the counter, the walk that lists the solutions
/// already counted gets this long (and the node limit again), so a stopped
/// count still shows a solution when one was found; short enough that a
/// stop stays prompt.
const GRACE: Duration = Duration::from_millis(30);

/// Nodes the engine's search gets before a count (past the default stop
/// at 2) may turn to the signature counter, which deals every piece kind
/// to every type of slot: quick (a fraction of a millisecond) when pieces
/// go almost anywhere, out of states on tight puzzles. Only a puzzle that
/// showed [`MANY`] solutions within these nodes turns, so a unique or
/// tight puzzle stays with the engine whatever this is. Measured on the
/// newspaper's 2025-09-15 hard (2.7 million solutions; the engine alone
/// needs 2,517 nodes): 1,000 nodes find 1,024 of them and the whole count
/// takes 0.7 ms; at 2,000 it took 1.4 ms, at 500 (too few found, the
/// engine goes on) 1.6 ms.
const ENGINE_FIRST: u64 = 1_000;

/// Solutions found in the engine's first nodes that send a count on to
/// the signature counter: a puzzle that shows this many so soon has
/// pieces that go almost anywhere, where the counter is quick; one with
/// fewer is tight, and the engine goes on.
const MANY: u128 = 1 << 10;

/// Counts the solutions of `puzzle` up to `goal.limit` and keeps the
/// first `goal.keep` (at most `limits.solutions`), stopping early when
/// `limits` say so (`--time-limit`, `--node-limit`, Ctrl-C, the memory
/// its tables and the solutions kept take): the count is then the
/// solutions found so far and not complete. When the counter stopped, the
/// walk that lists the solutions it found gets a short grace of its own
/// (30 ms and the node limit again); a walk stopped by a limit also makes
/// the answer incomplete. `solve(p, Goal::UNIQUE, &Limits::none())` finds
/// a solution and proves it unique (`count == 1 && complete`).
pub fn solve(puzzle: &Puzzle, goal: Goal, limits: &Limits) -> Solutions {
    collect(limits, |each| {
        solve_holding_each(puzzle, &[], goal, limits, each)
    })
}

/// [`solve`] that hands each solution listed to `each` as the walk finds
/// it instead of keeping it: the returned [`Solutions`] has the count and
/// the verdict, and no solution. At most `goal.keep` and
/// `limits.solutions` solutions are listed (the count goes on past them);
/// `each` returning `Break` ends the search there, not complete. Memory
/// stays flat however many are listed: what `each` does with them is its
/// own.
pub fn solve_each(
    puzzle: &Puzzle,
    goal: Goal,
    limits: &Limits,
    each: &mut dyn FnMut(&Solution) -> ControlFlow<()>,
) -> Solutions {
    solve_holding_each(puzzle, &[], goal, limits, each)
}

/// Runs a listing search with a callback that keeps what it is given,
/// counting the bytes kept against `limits.memory` (the counter's tables
/// are held to it on their own): past it the search stops, not complete,
/// with the solutions kept so far.
fn collect(
    limits: &Limits,
    search: impl FnOnce(&mut dyn FnMut(&Solution) -> ControlFlow<()>) -> Solutions,
) -> Solutions {
    let mut kept: Vec<Solution> = Vec::new();
    let mut bytes = 0usize;
    let mut over_memory = false;
    let mut found = search(&mut |s: &Solution| {
        bytes += solution_bytes(s);
        kept.push(s.clone());
        if limits.memory_exceeded(bytes) {
            over_memory = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    if over_memory {
        found.stopped = true;
        found.complete = false;
    }
    found.solutions = kept;
    found
}

/// The bytes one kept solution takes (its vector and the slot for it).
fn solution_bytes(s: &Solution) -> usize {
    std::mem::size_of::<Solution>() + s.placements.len() * std::mem::size_of::<[Cell; 2]>()
}

/// [`solve`] for the solutions that hold every piece of `laid` (its
/// values, first on first, on its cells), as a player's position asks. A
/// piece that cannot be laid (cells taken or not neighbours, no such
/// piece left, a rule broken at once) leaves no solution.
pub(super) fn solve_holding(
    puzzle: &Puzzle,
    laid: &[([Cell; 2], [Value; 2])],
    goal: Goal,
    limits: &Limits,
) -> Solutions {
    collect(limits, |each| {
        solve_holding_each(puzzle, laid, goal, limits, each)
    })
}

/// [`solve_holding`] listing through `each` (see [`solve_each`]).
fn solve_holding_each(
    puzzle: &Puzzle,
    laid: &[([Cell; 2], [Value; 2])],
    goal: Goal,
    limits: &Limits,
    each: &mut dyn FnMut(&Solution) -> ControlFlow<()>,
) -> Solutions {
    let Goal { limit, keep } = goal;
    let keep = keep.min(limits.solutions.unwrap_or(usize::MAX));
    if let Err(reason) = validate(puzzle) {
        return Solutions::none(reason.to_string());
    }
    let mut engine = Engine::new(puzzle);
    for &(cells, values) in laid {
        if !engine.lay(cells, values.map(compact)) {
            return Solutions::none("the pieces laid fit no solution".to_string());
        }
    }
    // One more than the limit tells "more than the limit" apart. The
    // signature counter knows nothing of pieces laid.
    let cap = u128::from(limit).saturating_add(1);
    let tally = limit > 2 && laid.is_empty();
    let counted = count_up_to(puzzle, &mut engine, cap, tally, limits);
    let mut stopped = !counted.exact;
    let mut count = u64::try_from(counted.total).unwrap_or(u64::MAX).min(limit);
    let mut complete = counted.exact && counted.total <= u128::from(limit);
    let mut wanted = usize::try_from(count).unwrap_or(usize::MAX).min(keep);
    engine.budget = if stopped {
        // A stopped count may have found none it can name: the walk looks
        // for some on its own, briefly (at least one, to count it).
        wanted = keep.max(1);
        Budget::new(&Limits {
            nodes: limits.nodes,
            deadline: Some(Instant::now() + GRACE),
            stop: None,
            ..limits.clone()
        })
    } else {
        phase(limits, counted.nodes, None)
    };
    let mut walked = 0usize;
    let mut listed = 0usize;
    let mut broken = false;
    if wanted > 0 {
        let _ = engine.walk(&mut |s| {
            walked += 1;
            if listed < keep {
                listed += 1;
                if each(&s).is_break() {
                    broken = true;
                    return ControlFlow::Break(());
                }
            }
            if walked >= wanted {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
    }
    if stopped {
        count = count.max((walked as u64).min(limit));
    }
    let nodes = counted.nodes + engine.budget.nodes();
    if broken || (engine.budget.stopped() && walked < wanted) {
        stopped = true;
        complete = false;
    }
    let reason = (counted.total == 0 && complete)
        .then(|| "no way to lay the dominoes meets every rule".to_string());
    Solutions {
        count,
        complete,
        solutions: Vec::new(),
        reason,
        states: engine.states(),
        stopped,
        nodes,
    }
}

/// What [`count_up_to`] found.
struct Counted {
    /// The number of solutions up to the cap; a lower bound when not
    /// `exact`.
    total: u128,
    /// False when a limit stopped the count.
    exact: bool,
    /// Nodes spent.
    nodes: u64,
}

/// Counts the solutions up to `cap` within `limits`. A count past the
/// default stop at 2 (`tally`) gives the engine's search a few thousand
/// nodes; when they found many solutions, the signature counter, whose
/// cost does not grow with the number of solutions, has a try; then the
/// engine goes on without a limit of its own (its table keeps what the
/// first try found). A stop at 1 or 2 is the engine's alone: its search
/// ends at the cap.
fn count_up_to(
    puzzle: &Puzzle,
    engine: &mut Engine,
    cap: u128,
    tally: bool,
    limits: &Limits,
) -> Counted {
    let mut nodes = 0;
    let mut lower = 0;
    if tally {
        engine.budget = phase(limits, nodes, Some(ENGINE_FIRST));
        lower = engine.count(cap);
        nodes += engine.budget.nodes();
        let exact = !engine.budget.stopped();
        if exact || caller_stops(limits, nodes) {
            return Counted {
                total: lower,
                exact,
                nodes,
            };
        }
        if let Some(tally) = Tally::new(puzzle).filter(|_| lower >= MANY) {
            let mut budget = phase(limits, nodes, None);
            let tallied = tally.count(&mut budget);
            nodes += budget.nodes();
            if let Some(total) = tallied {
                return Counted {
                    total,
                    exact: true,
                    nodes,
                };
            }
            if budget.stopped() {
                return Counted {
                    total: lower,
                    exact: false,
                    nodes,
                };
            }
        }
    }
    engine.budget = phase(limits, nodes, None);
    let total = engine.count(cap).max(lower);
    Counted {
        total,
        exact: !engine.budget.stopped(),
        nodes: nodes + engine.budget.nodes(),
    }
}

/// A budget for one try of a count: the caller's deadline and stop flag,
/// the caller's node limit less the `spent` nodes, and at most `most`
/// nodes of its own.
fn phase(limits: &Limits, spent: u64, most: Option<u64>) -> Budget {
    let left = limits.nodes.map(|n| n.saturating_sub(spent));
    Budget::new(&Limits {
        nodes: match (left, most) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        },
        deadline: limits.deadline,
        ..limits.clone()
    })
}

/// Whether the caller's limits (not a try's own node limit) are reached
/// after `spent` nodes.
fn caller_stops(limits: &Limits, spent: u64) -> bool {
    limits.reached() || limits.nodes.is_some_and(|n| spent >= n)
}

/// The number of solutions (saturating at `u128::MAX`), 0 when the
/// puzzle does not validate; when `limits` stopped the count first, the
/// solutions counted so far, not complete.
pub fn count(puzzle: &Puzzle, limits: &Limits) -> Count {
    if validate(puzzle).is_err() {
        return Count::new(0, true);
    }
    let mut engine = Engine::new(puzzle);
    let counted = count_up_to(puzzle, &mut engine, u128::MAX, true, limits);
    Count::new(counted.total, counted.exact)
}
