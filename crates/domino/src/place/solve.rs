//! Solving and counting. [`solve`] runs the domino-specialised search of
//! the engine module (forced deductions, region balance, branching on the
//! most constrained cell or bone). [`solve_by_exact_cover`] runs the same
//! deductions, then hands what is left to the generic exact-cover crate
//! (dancing links): one primary item per cell and per bone, one option per
//! placement ([`Grid::candidates`]). The two share nothing past the
//! deductions, so each checks the other.

use super::engine::Engine;
use super::grid::{Grid, Map};
use super::validate::validate;
use crate::search::{self, Budget, Count, Goal, Limits};
use exact_cover::{Problem, Solver};
use std::ops::ControlFlow;

/// The outcome of a search: the maps kept.
pub type Solutions = search::Solutions<Map>;

/// Searches `board` until `goal.limit` solutions are found (or all are)
/// and keeps the maps of the first `goal.keep` (at most
/// `limits.solutions`; the count goes on past them), stopping early (with
/// `stopped` set) when `limits` say so: counts can take hours, under
/// `--time-limit`, `--node-limit`, Ctrl-C and the memory the maps kept
/// take. `solve(board, Goal::UNIQUE, &Limits::none())` finds a solution
/// and proves it unique (`count == 1 && complete`).
pub fn solve(board: &Grid, goal: Goal, limits: &Limits) -> Solutions {
    collect(board, limits, |each| {
        run(board, goal, Method::Engine, limits, each)
    })
}

/// Every solution of `board` counted, none kept, within `limits`: the
/// same answer as pips' `count`, in the same type.
pub fn count(board: &Grid, limits: &Limits) -> Count {
    let found = solve(board, Goal::count_up_to(u64::MAX), limits);
    Count::new(u128::from(found.count), found.complete)
}

/// [`solve`] that hands each map listed to `each` as the search finds it
/// instead of keeping it: the returned [`Solutions`] has the count and
/// the verdict, and no map. At most `goal.keep` and `limits.solutions`
/// maps are listed (the count goes on past them); `each` returning
/// `Break` ends the search there, not complete. Memory stays flat however
/// many are listed.
pub fn solve_each(
    board: &Grid,
    goal: Goal,
    limits: &Limits,
    each: &mut dyn FnMut(&Map) -> ControlFlow<()>,
) -> Solutions {
    run(board, goal, Method::Engine, limits, each)
}

/// Like [`solve`], with the search after the deductions done by dancing
/// links (crate `exact-cover`) instead of the domino-specialised engine.
pub fn solve_by_exact_cover(board: &Grid, goal: Goal, limits: &Limits) -> Solutions {
    collect(board, limits, |each| {
        run(board, goal, Method::ExactCover, limits, each)
    })
}

/// Runs a listing search with a callback that keeps the maps it is given,
/// counting their bytes against `limits.memory`: past it the search
/// stops, not complete, with the maps kept so far.
fn collect(
    board: &Grid,
    limits: &Limits,
    search: impl FnOnce(&mut dyn FnMut(&Map) -> ControlFlow<()>) -> Solutions,
) -> Solutions {
    let map_bytes =
        std::mem::size_of::<Map>() + board.values.len() * std::mem::size_of::<Option<usize>>();
    let mut maps = Vec::new();
    let mut over_memory = false;
    let mut found = search(&mut |map: &Map| {
        maps.push(map.clone());
        if limits.memory_exceeded(maps.len() * map_bytes) {
            over_memory = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    found.stopped |= over_memory;
    found.solutions = maps;
    found
}

#[derive(Clone, Copy)]
enum Method {
    Engine,
    ExactCover,
}

fn run(
    board: &Grid,
    goal: Goal,
    method: Method,
    limits: &Limits,
    each: &mut dyn FnMut(&Map) -> ControlFlow<()>,
) -> Solutions {
    let Goal { limit, keep } = goal;
    let keep = keep.min(limits.solutions.unwrap_or(usize::MAX));
    if let Err(reason) = validate(board) {
        return Solutions::none(reason.to_string());
    }
    if limit == 0 {
        return Solutions {
            complete: false,
            reason: None,
            ..Solutions::none(String::new())
        };
    }
    let candidates = board.candidates();
    let mut engine = Engine::new(board, &candidates);
    engine.budget = Budget::new(limits);
    if !engine.propagate() {
        return Solutions::none(engine.failure_reason());
    }
    if !engine.probe() {
        return Solutions::none(engine.failure_reason());
    }
    let mut count = 0u64;
    let mut listed = 0usize;
    let mut broken = false;
    let mut visit = |placed: &mut dyn Iterator<Item = usize>| {
        count += 1;
        if listed < keep {
            listed += 1;
            let map = Map::from_placements(board, placed.map(|k| candidates[k]));
            if each(&map).is_break() {
                broken = true;
                return ControlFlow::Break(());
            }
        }
        if count >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let flow = match method {
        Method::Engine => engine.search(None, &mut |placed| {
            visit(&mut placed.iter().map(|&k| k as usize))
        }),
        Method::ExactCover if engine.is_solved() => {
            visit(&mut engine.placed.iter().map(|&k| k as usize))
        }
        Method::ExactCover => {
            let (problem, open) = open_problem(board, &candidates, &engine);
            let forced: Vec<usize> = engine.placed.iter().map(|&k| k as usize).collect();
            // Each choice of dancing links is a node of the budget, so a
            // search that finds no solution for long still stops.
            let budget = &mut engine.budget;
            let complete = Solver::new(&problem).search(
                |chosen| {
                    visit(
                        &mut forced
                            .iter()
                            .copied()
                            .chain(chosen.iter().map(|&o| open[o])),
                    )
                },
                || {
                    if budget.spend() {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                },
            );
            if complete {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        }
    };
    let reason = (count == 0 && flow.is_continue())
        .then(|| "no way to place every piece exists".to_string());
    Solutions {
        count,
        complete: flow.is_continue(),
        solutions: Vec::new(),
        reason,
        states: 0,
        stopped: engine.budget.stopped() || broken,
        nodes: engine.budget.nodes(),
    }
}

/// The exact-cover problem of the cells and bones the deductions left
/// open, with the candidate index of each option.
fn open_problem(
    board: &Grid,
    candidates: &[super::grid::Placement],
    engine: &Engine,
) -> (Problem, Vec<usize>) {
    let cells = board.values.len();
    let mut item_of = vec![usize::MAX; cells + board.bone_count() + 1];
    let mut items = 0usize;
    for (c, slot) in item_of[..cells].iter_mut().enumerate() {
        if board.values[c].is_some() && !engine.cell_is_done(c) {
            *slot = items;
            items += 1;
        }
    }
    for b in 1..=board.bone_count() {
        if !engine.bone_is_done(b) {
            item_of[cells + b] = items;
            items += 1;
        }
    }
    let mut problem = Problem::new(items, 0);
    let mut open = Vec::new();
    for (k, p) in candidates.iter().enumerate() {
        if engine.is_alive(k) && !engine.cell_is_done(p.cells[0]) {
            problem.add_option(&[
                item_of[p.cells[0]],
                item_of[p.cells[1]],
                item_of[cells + p.bone],
            ]);
            open.push(k);
        }
    }
    (problem, open)
}
