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
use crate::search::{self, Budget, Goal, Limits};
use exact_cover::{Problem, Solver};
use std::ops::ControlFlow;

/// The outcome of a search: the maps kept.
pub type Solutions = search::Solutions<Map>;

/// Searches `board` until `goal.limit` solutions are found (or all are)
/// and keeps the maps of the first `goal.keep`, stopping early (with
/// `stopped` set) when `limits` say so: counts can take hours, under
/// `--time-limit`, `--node-limit` and Ctrl-C. `solve(board, Goal::UNIQUE,
/// &Limits::none())` finds a solution and proves it unique (`count == 1
/// && complete`).
pub fn solve(board: &Grid, goal: Goal, limits: &Limits) -> Solutions {
    run(board, goal, Method::Engine, limits)
}

/// Like [`solve`], with the search after the deductions done by dancing
/// links (crate `exact-cover`) instead of the domino-specialised engine.
pub fn solve_by_exact_cover(board: &Grid, goal: Goal, limits: &Limits) -> Solutions {
    run(board, goal, Method::ExactCover, limits)
}

#[derive(Clone, Copy)]
enum Method {
    Engine,
    ExactCover,
}

fn run(board: &Grid, goal: Goal, method: Method, limits: &Limits) -> Solutions {
    let Goal { limit, keep } = goal;
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
    let mut maps = Vec::new();
    // The maps kept grow with the search: past the memory limit it stops.
    let map_bytes =
        std::mem::size_of::<Map>() + board.values.len() * std::mem::size_of::<Option<usize>>();
    let mut over_memory = false;
    let mut visit = |placed: &mut dyn Iterator<Item = usize>| {
        count += 1;
        if maps.len() < keep {
            maps.push(Map::from_placements(board, placed.map(|k| candidates[k])));
            if limits.memory_exceeded(maps.len() * map_bytes) {
                over_memory = true;
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
            let complete = Solver::new(&problem).enumerate(|chosen| {
                visit(
                    &mut forced
                        .iter()
                        .copied()
                        .chain(chosen.iter().map(|&o| open[o])),
                )
            });
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
        solutions: maps,
        reason,
        states: 0,
        stopped: engine.budget.stopped() || over_memory,
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
