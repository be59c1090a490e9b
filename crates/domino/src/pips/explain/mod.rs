//! The deductions a person makes, step by step, and the grade they give.
//!
//! Every cell keeps the set of values it may still hold and every domino
//! position (two neighbouring cells, a piece, a way round) stays a
//! candidate until ruled out ([`state`]). The techniques, from easy to
//! hard:
//! - easy ([`easy`]): forced placement, pieces that fit, one neighbour
//!   left, region arithmetic;
//! - medium ([`medium`], [`counting`]): one place left, value count,
//!   value used up, cut off, halves still free, region combinations;
//! - hard ([`cases`]): reasoning by cases, one supposition deep: "if this
//!   cell held 2 (or this piece lay there, or these two cells shared a
//!   domino), the easy and medium deductions would reach a
//!   contradiction, so it does not".
//!
//! The techniques are tried easiest first, and a harder one only when
//! every easier one is stuck. When the board is full every rule is
//! checked again, so a complete explanation proves the solution is the
//! only one. When the deductions stop short, the exact counter says
//! whether the puzzle has several solutions; then a last step shows two
//! of them and the pieces that trade places.
//!
//! The grade ([`grade`]) is the newspaper's scale: a person's effort,
//! driven by the kinds of harder deduction and the cases a puzzle needs
//! and, less, by the board's size.

mod cases;
mod counting;
mod easy;
mod grade;
mod medium;
mod state;

pub(super) use grade::most_cells;
pub use grade::{Scale, Work};

use super::model::{Puzzle, Solution};
use super::solve::solve;
use crate::search::{Goal, Limits};
use serde::Serialize;
use state::{Board, State};

/// How hard a puzzle is on the newspaper's scale, and how hard each
/// technique is. The names are the newspaper's levels, the same words a
/// day file uses; the command line, the HTTP service and the web page
/// take them from here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    /// A small board, or a few easy deductions.
    Easy,
    /// Between the two.
    Medium,
    /// A large board, many medium deductions or cases, or deductions that
    /// stop before a unique puzzle is solved.
    Hard,
}

crate::named!(Grade, "grade", "PipsGrade", [
    Grade::Easy => "easy",
    Grade::Medium => "medium",
    Grade::Hard => "hard",
]);

/// One deduction.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The deduction's name.
    pub technique: String,
    /// The grade of the technique (a puzzle's grade is its hardest step's).
    pub level: Grade,
    /// The deduction in words.
    pub text: String,
    /// The cells it fixes or narrows, `(row, column)` from 0.
    pub cells: Vec<crate::Cell>,
}

/// The deductions of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Explanation {
    /// The deductions, in the order they were made.
    pub steps: Vec<Step>,
    /// The deductions fill the whole board.
    pub complete: bool,
    /// The puzzle has exactly one solution (false when it has none or
    /// several, or when the counter could not tell within its budget).
    pub unique: bool,
    /// The grade on the newspaper's scale (cells plus the deductions'
    /// effort, docs/pips.md); `Hard` when the deductions stop short of
    /// solving a unique puzzle.
    pub grade: Grade,
    /// Set when the deductions reach a contradiction (no solution).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// A limit (the deadline, the stop flag, the memory the steps take)
    /// ended the deductions: the steps are true, not all there are.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub stopped: bool,
    /// The cells the deductions left without a value (none when complete).
    #[serde(skip)]
    pub open: Vec<crate::Cell>,
    /// The pieces as the deductions laid them, when complete (the only
    /// solution).
    #[serde(skip)]
    pub solution: Option<Solution>,
}

/// Search nodes the counter may spend to tell whether a puzzle the
/// deductions did not finish has several solutions (a newspaper puzzle
/// needs a few thousand).
const COUNT_NODES: u64 = 2_000_000;

/// The deductions that solve `puzzle`, as far as they go, whether it is
/// unique, and its grade. A puzzle with several solutions ends with a
/// step that shows two of them. `limits` (the deadline, the stop flag,
/// the memory of the steps and of the counter's tables) end it early,
/// with the steps found so far and [`Explanation::stopped`] set; the
/// counter gets at most two million nodes of the node limit.
pub fn explain(puzzle: &Puzzle, limits: &Limits) -> Explanation {
    let mut found = explain_up_to(puzzle, Grade::Hard, limits);
    if found.complete || found.reason.is_some() || found.stopped {
        return found;
    }
    let limits = Limits {
        nodes: Some(limits.nodes.map_or(COUNT_NODES, |n| n.min(COUNT_NODES))),
        ..limits.clone()
    };
    let counted = solve(puzzle, Goal { limit: 2, keep: 2 }, &limits);
    found.stopped = counted.stopped && limits.reached();
    found.unique = counted.complete && counted.count == 1;
    if let [one, other] = counted.solutions.as_slice() {
        found
            .steps
            .push(grade::several(puzzle, one, other, &found.open));
        found.grade = grade::grade(puzzle, &found.steps);
    }
    found
}

/// The least grade [`explain`] can give `puzzle`: the grade of its
/// board's size alone. Deductions only add effort, and deductions that
/// stop short grade hard, so the generator need not explain a board this
/// size makes hard.
pub(super) fn least_grade(puzzle: &Puzzle) -> Grade {
    grade::grade(puzzle, &[])
}

/// Like [`explain`] with only the techniques of `up_to` and easier, and
/// no counting: the generator tightens puzzles with this. The grade is
/// [`grade::grade`] when the deductions finish, else `Hard`. `limits`
/// are read before every technique and every supposition, so a stop
/// comes within one of them.
pub(super) fn explain_up_to(puzzle: &Puzzle, up_to: Grade, limits: &Limits) -> Explanation {
    let board = Board::new(puzzle);
    let mut state = State::new(&board);
    let mut trials = cases::TRIALS;
    let mut watch = Watch::new(limits);
    let reason = deduce(&mut state, up_to, &mut trials, &mut watch).err();
    let stopped = reason.is_none() && watch.stopped;
    let complete = reason.is_none() && state.full();
    let grade = if complete {
        grade::grade(puzzle, &state.steps)
    } else {
        Grade::Hard
    };
    Explanation {
        open: state.open_cells(),
        solution: complete.then(|| state.solution()),
        steps: state.steps,
        complete,
        unique: complete,
        grade,
        reason,
        stopped,
    }
}

/// What the deductions find first from a player's position.
pub(super) enum Next {
    /// The first deduction that lays a piece (its cells and values, the
    /// first on the first cell), after the steps it rests on; or, when
    /// none lays one, the first deduction alone.
    Step {
        step: Step,
        placed: Option<([crate::Cell; 2], [crate::Value; 2])>,
        before: Vec<Step>,
    },
    /// The pieces laid leave a contradiction.
    Contradiction(String),
    /// A limit came before any deduction.
    Stopped,
    /// No technique applies: a search is needed.
    Stuck,
}

/// The first deduction that lays a piece once the pieces `laid` (each
/// one's cells and its values, the first on the first cell) are on the
/// board: the step a hint shows. The deductions go on as [`explain`]'s
/// do, so the step is the one [`explain`] would take from that position.
pub(super) fn next_deduction(
    puzzle: &Puzzle,
    laid: &[([crate::Cell; 2], [crate::Value; 2])],
    limits: &Limits,
) -> Next {
    let board = Board::new(puzzle);
    let mut state = State::new(&board);
    for &(cells, values) in laid {
        let Some(k) = state.candidate(cells, values) else {
            return Next::Contradiction(format!(
                "{}-{} does not fit where it was laid",
                values[0], values[1]
            ));
        };
        state.lay(k);
        state.prune();
    }
    let mut trials = cases::TRIALS;
    let mut watch = Watch::new(limits);
    let reason = deduce(&mut state, Grade::Hard, &mut trials, &mut watch).err();
    let placed = state.laid.get(laid.len()).map(|&k| {
        let c = board.candidates[k];
        (
            [board.cells[c.a], board.cells[c.b]],
            [crate::Value::from(c.va), crate::Value::from(c.vb)],
        )
    });
    let first_laid = state.placed_by.first().copied();
    let mut steps = state.steps;
    if let Some(at) = first_laid.filter(|&at| at < steps.len()) {
        let mut rest = steps.split_off(at).into_iter();
        if let Some(step) = rest.next() {
            return Next::Step {
                step,
                placed,
                before: steps,
            };
        }
    }
    if !steps.is_empty() {
        return Next::Step {
            step: steps.remove(0),
            placed: None,
            before: Vec::new(),
        };
    }
    match reason {
        Some(why) => Next::Contradiction(why),
        None if watch.stopped => Next::Stopped,
        None => Next::Stuck,
    }
}

/// The caller's limits as the deductions read them: the clock and the
/// stop flag, and the memory the steps kept take (counted as they come).
struct Watch<'l> {
    limits: &'l Limits,
    /// Steps counted so far and their bytes.
    counted: usize,
    bytes: usize,
    /// A limit was reached: every deduction stops from then on.
    stopped: bool,
}

impl<'l> Watch<'l> {
    fn new(limits: &'l Limits) -> Self {
        Watch {
            limits,
            counted: 0,
            bytes: 0,
            stopped: false,
        }
    }

    /// True when the deductions must stop now (and from then on), with
    /// `steps` kept.
    fn stop(&mut self, steps: &[Step]) -> bool {
        if self.stopped {
            return true;
        }
        if let Some(new) = steps.get(self.counted..) {
            self.bytes += new.iter().map(step_bytes).sum::<usize>();
            self.counted = steps.len();
        }
        self.stopped = self.limits.reached() || self.limits.memory_exceeded(self.bytes);
        self.stopped
    }
}

/// The bytes a kept step takes.
fn step_bytes(step: &Step) -> usize {
    std::mem::size_of::<Step>()
        + step.technique.capacity()
        + step.text.capacity()
        + step.cells.capacity() * std::mem::size_of::<crate::Cell>()
}

/// Applies the techniques up to `up_to`, easiest first, until the board is
/// full, none applies or `watch` says stop; `Err` names a contradiction.
/// `trials` bounds the suppositions reasoning by cases may still make.
fn deduce(
    state: &mut State,
    up_to: Grade,
    trials: &mut usize,
    watch: &mut Watch,
) -> Result<(), String> {
    loop {
        if watch.stop(&state.steps) {
            return Ok(());
        }
        state.prune();
        state.contradiction()?;
        if state.full() {
            return Ok(());
        }
        if state.forced()? || state.fit() || state.neighbour() || state.arithmetic() {
            continue;
        }
        if up_to == Grade::Easy {
            return Ok(());
        }
        if state.one_place()
            || state.value_count()?
            || state.used_up()?
            || state.cut_off()
            || state.free_halves()
            || state.combinations()
        {
            continue;
        }
        if up_to == Grade::Medium || !state.cases(trials, watch) {
            return Ok(());
        }
    }
}
