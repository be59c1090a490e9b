//! The ordering model of a board, solved by a constraint solver that learns
//! from its dead ends (pumpkin): how the exact algorithm proves optima the
//! branch and bound cannot reach, since its bound sees nothing that spans
//! the board and it learns nothing from a failed subtree.
//!
//! Each piece gets a removal step in `0..=n`, `n` meaning it stays; each
//! side still alive at the start (see [`State`]: sides that can never work
//! are dropped first, and pieces left without one stay) a flag "the piece
//! leaves through this side". A piece that leaves uses one of its live
//! sides; using a side puts every piece on the squares it needs empty at an
//! earlier step and each of its blockers at a later one (a blocker that
//! stays has step `n`, later than any removal). Sorted by step, the pieces
//! that leave form a legal order (each finds its side's squares empty and
//! its blockers in place), and every legal order is such an assignment, so
//! the model's optimum is the board's.
//!
//! The optimum is sought from an incumbent down: ask for an order leaving
//! one piece fewer than the best known, until the solver proves that none
//! exists (the proof) or a limit stops it (the best order, not proven).
//! Every order the solver gives is replayed by [`verify_order`] before it
//! is taken.

use super::board::Board;
use super::control::Progress;
use super::sides::NONE;
use super::state::State;
use super::verify::verify_order;
use crate::search::Limits;
use pumpkin_conflict_resolvers::resolvers::ResolutionResolver;
use pumpkin_constraints::{binary_less_than, boolean_less_than_or_equals};
use pumpkin_core::options::SolverOptions;
use pumpkin_core::predicate;
use pumpkin_core::predicates::Predicate;
use pumpkin_core::results::{ProblemSolution, SatisfactionResult};
use pumpkin_core::termination::TerminationCondition;
use pumpkin_core::variables::{DomainId, Literal};
use pumpkin_core::Solver;
use std::time::{Duration, Instant};

/// Solver loop turns between two looks at the clock and the stop flag: a
/// turn is one propagation and decision, microseconds on the frontier
/// boards, so the overshoot stays far below a millisecond.
const CHECK_EVERY: u64 = 64;

/// What the solver may preallocate for its learned clauses, in MB (its own
/// default is 50, far more than these models learn; it grows on demand).
const PREALLOCATED_MB: usize = 1;

/// Bytes the solver holds for a model of `pieces` live pieces and `terms`
/// precedence terms (pieces a side needs gone, and its blockers), an
/// estimate kept on the safe side: the solver's fixed structures (about
/// 24 MB: `domino vanish solve --algorithm model` held 24 to 33 MB more
/// than greedy on boards of 200 to 600 pieces), the steps' domains and
/// their lazily made literals (a few words per value of every step), the
/// constraints, and the learned clauses, which the solver keeps in tiers
/// of bounded size.
pub(crate) fn model_bytes(pieces: usize, terms: usize) -> usize {
    let values = pieces.saturating_mul(pieces + 1);
    values
        .saturating_mul(64)
        .saturating_add(terms.saturating_mul(256))
        .saturating_add(24 << 20)
}

/// The end of a proof: the best order found (the incumbent when nothing
/// better came), whether it is proven optimal, whether a limit stopped the
/// solver, and the solver's turns (counted as states).
pub(crate) struct Proof {
    pub order: Vec<usize>,
    pub proven: bool,
    pub stopped: bool,
    pub turns: u64,
}

/// The limits as the solver sees them: asked at every turn of its loop,
/// it counts the turn against the node limit (beside `states_before`, the
/// states of the search that ran first), looks at the clock and the stop
/// flag every [`CHECK_EVERY`] turns, and sends progress reports.
pub(crate) struct Watch<'a, 'p> {
    limits: &'a Limits,
    states_before: u64,
    turns: u64,
    stopped: bool,
    progress: Option<&'p mut dyn FnMut(&Progress)>,
    start: Instant,
    last_report: Instant,
    best: usize,
    lower_bound: usize,
}

impl<'a, 'p> Watch<'a, 'p> {
    pub fn new(
        limits: &'a Limits,
        states_before: u64,
        start: Instant,
        progress: Option<&'p mut dyn FnMut(&Progress)>,
    ) -> Self {
        Watch {
            limits,
            states_before,
            turns: 0,
            stopped: false,
            progress,
            start,
            last_report: Instant::now(),
            best: 0,
            lower_bound: 0,
        }
    }
}

impl TerminationCondition for Watch<'_, '_> {
    fn should_stop(&mut self) -> bool {
        self.turns += 1;
        let states = self.states_before + self.turns;
        if self.limits.nodes.is_some_and(|n| states > n) {
            self.stopped = true;
        }
        if !self.stopped && self.turns.is_multiple_of(CHECK_EVERY) {
            self.stopped = self.limits.reached();
            let now = Instant::now();
            if let Some(report) = self.progress.as_mut() {
                if now - self.last_report >= Duration::from_millis(200) {
                    self.last_report = now;
                    report(&Progress {
                        states,
                        best: self.best,
                        lower_bound: self.lower_bound,
                        elapsed: now - self.start,
                    });
                }
            }
        }
        self.stopped
    }
}

/// The model's variables: each piece's step and its "leaves" literal
/// (`step <= n - 1`), and the literals of the pieces that may leave (not
/// dead at the start) saying they stay, for the objective.
struct Model {
    solver: Solver,
    steps: Vec<DomainId>,
    stays: Vec<Literal>,
    dead: usize,
}

/// Precedence terms of the live sides of `root`: what the model's size,
/// and so its memory, grows with.
pub(crate) fn terms(root: &State) -> usize {
    let sides = root.sides;
    (0..4 * sides.pieces)
        .filter(|&s| !root.side_dead(s) && !root.is_dead(s / 4))
        .map(|s| sides.gone(s).len() + 2)
        .sum()
}

/// How many pieces are put in the model between two looks at the limits
/// (a board of thousands of pieces takes a while to build).
const BUILD_CHECK_EVERY: usize = 256;

/// Builds the model of `root` (the starting position), asking `stop` every
/// [`BUILD_CHECK_EVERY`] pieces. None when `stop` said so, or when the
/// model is already infeasible at its root, which a board never is
/// (leaving every piece is always an answer), so only a solver failure.
fn build(root: &State, stop: &mut dyn FnMut() -> bool) -> Option<Model> {
    let sides = root.sides;
    let n = sides.pieces;
    let stay = i32::try_from(n).ok()?;
    let mut solver = Solver::with_options(SolverOptions {
        memory_preallocated: PREALLOCATED_MB,
        ..SolverOptions::default()
    });
    let tag = solver.new_constraint_tag();
    let steps: Vec<DomainId> = (0..n)
        .map(|p| {
            let low = if root.is_dead(p) { stay } else { 0 };
            solver.new_bounded_integer(low, stay)
        })
        .collect();
    let mut stays = Vec::new();
    let mut dead = 0;
    for p in 0..n {
        if p % BUILD_CHECK_EVERY == BUILD_CHECK_EVERY - 1 && stop() {
            return None;
        }
        if root.is_dead(p) {
            dead += 1;
            continue;
        }
        let step = steps[p];
        let leaves = solver.new_literal_for_predicate(predicate!(step <= stay - 1), tag);
        let mut clause: Vec<Predicate> = vec![(!leaves).get_true_predicate()];
        for s in 4 * p..4 * p + 4 {
            if root.side_dead(s) {
                continue;
            }
            let uses = solver.new_literal();
            clause.push(uses.get_true_predicate());
            solver
                .add_clause(
                    [(!uses).get_true_predicate(), leaves.get_true_predicate()],
                    tag,
                )
                .ok()?;
            for &q in sides.gone(s) {
                solver
                    .add_constraint(binary_less_than(steps[q as usize], step, tag))
                    .implied_by(uses)
                    .ok()?;
            }
            for &b in sides.blockers[s].iter().filter(|&&b| b != NONE) {
                solver
                    .add_constraint(binary_less_than(step, steps[b as usize], tag))
                    .implied_by(uses)
                    .ok()?;
            }
        }
        solver.add_clause(clause, tag).ok()?;
        stays.push(!leaves);
    }
    Some(Model {
        solver,
        steps,
        stays,
        dead,
    })
}

/// Improves `incumbent` (a legal order on `board`, whose starting position
/// is `root`) until it is proven optimal, its score meets `lower_bound`,
/// or `watch` stops the solver.
pub(crate) fn prove(
    board: &Board,
    root: &State,
    incumbent: Vec<usize>,
    lower_bound: usize,
    watch: &mut Watch,
) -> Proof {
    let n = root.sides.pieces;
    let mut best = incumbent;
    watch.lower_bound = lower_bound;
    watch.best = n - best.len();
    let done = |best: &[usize], watch: &Watch, proven| Proof {
        order: best.to_vec(),
        proven,
        stopped: watch.stopped,
        turns: watch.turns,
    };
    if n - best.len() <= lower_bound.max(root.dead_count()) {
        return done(&best, watch, true);
    }
    let limits = watch.limits;
    let Some(mut model) = build(root, &mut || limits.reached()) else {
        watch.stopped = limits.reached();
        return done(&best, watch, false);
    };
    let tag = model.solver.new_constraint_tag();
    let mut brancher = model.solver.default_brancher();
    let mut resolver = ResolutionResolver::default();
    // The incumbent as the solver's first solution: its phase saving then
    // steers the search around it (at once: every step is given).
    let mut at = vec![n as i32; n];
    for (k, &p) in best.iter().enumerate() {
        at[p] = k as i32;
    }
    let incumbent: Vec<Predicate> = (0..n)
        .map(|p| {
            let step = model.steps[p];
            predicate!(step == at[p])
        })
        .collect();
    drop(
        model
            .solver
            .satisfy_under_assumptions(&mut brancher, watch, &mut resolver, &incumbent),
    );
    loop {
        let score = n - best.len();
        if score <= lower_bound.max(model.dead) {
            return done(&best, watch, true);
        }
        // Ask for one piece fewer than the best: of the pieces that may
        // leave, at most `score - 1 - dead` stay.
        let fewer = boolean_less_than_or_equals(
            vec![1; model.stays.len()],
            model.stays.clone(),
            (score - 1 - model.dead) as i32,
            tag,
        );
        if model.solver.add_constraint(fewer).post().is_err() {
            return done(&best, watch, true);
        }
        let order = match model.solver.satisfy(&mut brancher, watch, &mut resolver) {
            SatisfactionResult::Satisfiable(found) => {
                let solution = found.solution();
                let mut leaving: Vec<(i32, usize)> = (0..n)
                    .map(|p| (solution.get_integer_value(model.steps[p]), p))
                    .filter(|&(step, _)| step < n as i32)
                    .collect();
                leaving.sort_unstable();
                leaving.into_iter().map(|(_, p)| p).collect::<Vec<_>>()
            }
            SatisfactionResult::Unsatisfiable(..) => return done(&best, watch, true),
            SatisfactionResult::Unknown(..) => return done(&best, watch, false),
        };
        // The replay is the proof that the order is legal; an order that
        // fails it (a solver fault) ends the proof with the best so far.
        if verify_order(board, &order) != Ok(n - order.len()) || order.len() <= best.len() {
            return done(&best, watch, false);
        }
        best = order;
        watch.best = n - best.len();
    }
}
