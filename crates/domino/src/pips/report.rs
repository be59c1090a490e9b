//! The answers of `domino pips` as documents: the JSON the command line
//! prints with `--json` (and the HTTP service returns) and the text for
//! people, for `solve` and `explain`; their pictures (`svg()`, `html()`)
//! are defined in render/reports.rs, above the families. One puzzle, one
//! report; the level of a day file's puzzle rides along.

use super::explain::{explain, Explanation, Grade, Step};
use super::model::{values_grid, Puzzle, Solution};
use super::parse::Labeled;
use super::solve::{count, solve, solve_each, Solutions};
use crate::board::SolveAnswer;
use crate::search::{Limits, SolveOptions};
use crate::text_grid::junction;
use serde::ser::{Serialize, Serializer};
use std::fmt::Write;
use std::ops::ControlFlow;

/// The solutions of one puzzle, counted up to a limit.
///
/// Serializes as `{"complete": b, "count": k, "level": "..." (a day
/// file's puzzle), "reason": "..." (when there is none), "solutions": [S,
/// ...], "states": n}`, S written as the newspaper writes a solution.
#[derive(Clone, Debug)]
pub struct SolveReport<'a> {
    /// The puzzle solved.
    pub puzzle: &'a Puzzle,
    /// `easy`, `medium` or `hard` for a puzzle of a day file.
    pub level: Option<Grade>,
    /// The solutions counted and kept.
    pub found: Solutions,
    /// The count at which the search stopped.
    pub limit: u64,
    /// The exact count when every solution was counted and there are more
    /// than `found.count` (a u64) holds: the signature counter's answer.
    pub exact: Option<u128>,
}

impl<'a> SolveReport<'a> {
    /// Solves the puzzle as far as `options` say, stopping the search
    /// early when `limits` say so (`--time-limit`, `--node-limit`,
    /// Ctrl-C); the count is then a lower bound, not complete.
    pub fn new(labeled: &'a Labeled, options: &SolveOptions, limits: &Limits) -> Self {
        let goal = options.goal();
        let found = solve(&labeled.puzzle, goal, limits);
        SolveReport {
            puzzle: &labeled.puzzle,
            level: labeled.level,
            exact: exact_count(&labeled.puzzle, &found, goal.limit, limits),
            found,
            limit: goal.limit,
        }
    }

    /// Like [`SolveReport::new`], handing each solution listed to `each`
    /// as the walk finds it ([`solve_each`]): the report keeps only the
    /// first (for its picture), so a listing of any length takes flat
    /// memory.
    pub fn streamed(
        labeled: &'a Labeled,
        options: &SolveOptions,
        limits: &Limits,
        each: &mut dyn FnMut(&Solution) -> ControlFlow<()>,
    ) -> Self {
        let goal = options.goal();
        let mut first = None;
        let mut found = solve_each(&labeled.puzzle, goal, limits, &mut |s| {
            if first.is_none() {
                first = Some(s.clone());
            }
            each(s)
        });
        found.solutions.extend(first);
        SolveReport {
            puzzle: &labeled.puzzle,
            level: labeled.level,
            exact: exact_count(&labeled.puzzle, &found, goal.limit, limits),
            found,
            limit: goal.limit,
        }
    }

    /// Solution `n` (from 1) of a listing, as [`SolveReport::text`] shows
    /// each: its heading and its picture.
    pub fn solution_text(puzzle: &Puzzle, n: usize, solution: &Solution) -> String {
        format!("solution {n}:\n{}", picture(puzzle, solution))
    }

    /// What follows a streamed listing of `listed` solutions: the verdict
    /// and how many solutions counted were not listed (the cap of
    /// `Limits::solutions`).
    pub fn closing_text(&self, listed: usize) -> String {
        let mut text = self.verdict();
        text.push('\n');
        text.push_str(&crate::search::not_listed(self.found.count, listed));
        text
    }

    /// True when the puzzle has a solution (the command's exit code 0).
    pub fn solved(&self) -> bool {
        self.found.count > 0
    }

    /// The verdict in words: unique, N solutions, no solution (and why).
    pub fn verdict(&self) -> String {
        match self.exact {
            Some(count) => format!("{count} solutions"),
            None => self.found.verdict(self.limit),
        }
    }

    /// What a person reads: the level's heading (day files), the verdict,
    /// then each kept solution's picture.
    pub fn text(&self) -> String {
        let mut text = level_heading(self.level);
        text.push_str(&self.verdict());
        text.push('\n');
        let solutions = &self.found.solutions;
        for (k, solution) in solutions.iter().enumerate() {
            if solutions.len() > 1 {
                let _ = write!(text, "\nsolution {}:\n", k + 1);
            } else {
                text.push('\n');
            }
            text.push_str(&picture(self.puzzle, solution));
        }
        text
    }
}

/// The exact count of a search that counted every solution (no limit on
/// the count) and stopped only because a u64 was full: the signature
/// counter goes on where listing cannot, within the same limits.
fn exact_count(puzzle: &Puzzle, found: &Solutions, limit: u64, limits: &Limits) -> Option<u128> {
    if limit != u64::MAX || found.count != u64::MAX || found.stopped {
        return None;
    }
    let counted = count(puzzle, limits);
    counted.complete.then_some(counted.count)
}

impl Serialize for SolveReport<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let found = &self.found;
        SolveDocument {
            complete: SolveAnswer::complete(self),
            count: SolveAnswer::count(self),
            level: self.level,
            reason: found.reason.as_deref(),
            solutions: &found.solutions,
            states: found.states,
        }
        .serialize(serializer)
    }
}

/// [`SolveReport`] as JSON (`domino pips solve --json`).
#[derive(serde::Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = PipsSolveAnswer))]
pub struct SolveDocument<'a> {
    /// False when a limit stopped the count.
    pub complete: bool,
    /// Solutions counted (up to the limit); exact past 2^64 when every
    /// solution was counted.
    pub count: u128,
    /// The level of a day file's puzzle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<Grade>,
    /// Why there is no solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'a str>,
    /// Each solution: per domino, the cells of its first and second value.
    #[cfg_attr(feature = "schema", schema(value_type = Vec<Vec<[[usize; 2]; 2]>>))]
    pub solutions: &'a [Solution],
    /// States the search visited.
    pub states: usize,
}

/// The deductions of one puzzle, step by step, and its grade.
///
/// Serializes as `{"complete": b, "grade": "...", "level": "..." (a day
/// file's puzzle), "reason": "..." (on a contradiction), "steps":
/// [{"cells": [[r,c], ...], "level": "...", "technique": "...", "text":
/// "..."}], "unique": b}`.
#[derive(Clone, Debug)]
pub struct ExplainReport<'a> {
    /// The puzzle explained.
    pub puzzle: &'a Puzzle,
    /// `easy`, `medium` or `hard` for a puzzle of a day file.
    pub level: Option<Grade>,
    /// The deductions.
    pub explanation: Explanation,
}

impl<'a> ExplainReport<'a> {
    /// Runs the deductions on the puzzle, until `limits` say stop (then
    /// with the steps found so far, not complete).
    pub fn new(labeled: &'a Labeled, limits: &Limits) -> Self {
        ExplainReport {
            puzzle: &labeled.puzzle,
            level: labeled.level,
            explanation: explain(&labeled.puzzle, limits),
        }
    }

    /// True when the deductions alone solve the puzzle (exit code 0).
    pub fn complete(&self) -> bool {
        self.explanation.complete
    }

    /// True when the puzzle has several solutions (its last step shows
    /// two).
    fn several(&self) -> bool {
        !self.explanation.unique
            && self.explanation.reason.is_none()
            && self
                .explanation
                .steps
                .last()
                .is_some_and(|s| s.technique == "several solutions")
    }

    /// What a person reads: the level's heading (day files), the numbered
    /// steps, then how they end.
    pub fn text(&self) -> String {
        let found = &self.explanation;
        let mut out = level_heading(self.level);
        for (k, step) in found.steps.iter().enumerate() {
            let _ = writeln!(out, "{:>3}. [{}] {}", k + 1, step.technique, step.text);
        }
        match (&found.reason, found.complete) {
            (Some(reason), _) => {
                let _ = writeln!(out, "no solution: {reason}");
            }
            (None, true) => {
                let _ = writeln!(out, "solved by deductions; grade: {}", found.grade.name());
            }
            (None, false) if found.stopped => {
                out.push_str(
                    "the deductions stopped at a limit, short of the solution; grade: hard\n",
                );
            }
            (None, false) if self.several() => {
                let _ = writeln!(
                    out,
                    "several solutions: the deductions went as far as they can; grade: {}",
                    found.grade.name()
                );
            }
            (None, false) => {
                out.push_str("the deductions stop here, short of the solution; grade: hard\n");
            }
        }
        out
    }
}

/// One step of [`ExplainReport`] as its JSON object.
#[derive(serde::Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = PipsStep))]
pub struct StepDocument<'a> {
    /// The cells it fixes or narrows, `[row, column]`.
    pub cells: &'a [crate::Cell],
    /// The grade of its technique.
    pub level: Grade,
    /// The technique's name.
    pub technique: &'a str,
    /// The deduction in words.
    pub text: &'a str,
}

impl<'a> StepDocument<'a> {
    /// The JSON object of `step`.
    pub fn new(step: &'a Step) -> Self {
        StepDocument {
            cells: &step.cells,
            level: step.level,
            technique: &step.technique,
            text: &step.text,
        }
    }
}

impl Serialize for ExplainReport<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let found = &self.explanation;
        let reason = match &found.reason {
            Some(reason) => Some(reason.as_str()),
            None if found.stopped => Some("the deductions stopped at a limit"),
            None => None,
        };
        ExplainDocument {
            complete: found.complete,
            grade: found.grade,
            level: self.level,
            reason,
            steps: found.steps.iter().map(StepDocument::new).collect(),
            unique: found.unique,
        }
        .serialize(serializer)
    }
}

/// [`ExplainReport`] as JSON (`domino pips explain --json`).
#[derive(serde::Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = PipsExplainAnswer))]
pub struct ExplainDocument<'a> {
    /// The deductions alone solve the puzzle.
    pub complete: bool,
    /// Its grade on the newspaper's scale.
    pub grade: Grade,
    /// The level of a day file's puzzle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<Grade>,
    /// Why the deductions end early: a contradiction, or a limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'a str>,
    /// The deductions, in order.
    pub steps: Vec<StepDocument<'a>>,
    /// The puzzle has exactly one solution.
    pub unique: bool,
}

/// `== hard ==` and a newline for a day file's puzzle, nothing otherwise.
fn level_heading(level: Option<Grade>) -> String {
    level.map_or_else(String::new, |level| format!("== {level} ==\n"))
}

/// The values of a solution with the dominoes' borders in box-drawing
/// characters.
pub fn picture(puzzle: &Puzzle, solution: &Solution) -> String {
    let values = values_grid(puzzle, solution);
    let (rows, cols) = puzzle.size();
    let mut piece_of = vec![vec![None; cols]; rows];
    for (k, cells) in solution.placements.iter().enumerate() {
        for &(r, c) in cells {
            if r < rows && c < cols {
                piece_of[r][c] = Some(k);
            }
        }
    }
    let width = puzzle.max_value().to_string().len();
    // Off the grid is "no piece", so the outer border is drawn like any
    // other edge between two different pieces.
    let piece = |r: usize, c: usize| -> Option<usize> {
        let r = r.checked_sub(1)?;
        let c = c.checked_sub(1)?;
        *piece_of.get(r)?.get(c)?
    };
    let mut text = String::new();
    // Junction (jr, jc) sits at the top-left corner of cell (jr, jc); the
    // closure above takes coordinates shifted by one so that the row and
    // column before the grid need no signed arithmetic.
    for jr in 0..=rows {
        let mut line = String::new();
        for jc in 0..=cols {
            let up = piece(jr, jc) != piece(jr, jc + 1);
            let down = piece(jr + 1, jc) != piece(jr + 1, jc + 1);
            let left = piece(jr, jc) != piece(jr + 1, jc);
            let right = piece(jr, jc + 1) != piece(jr + 1, jc + 1);
            line.push(junction(up, down, left, right));
            if jc < cols {
                line.push_str(&(if right { "─" } else { " " }).repeat(width + 2));
            }
        }
        text.push_str(line.trim_end());
        text.push('\n');
        if jr == rows {
            break;
        }
        let mut line = String::new();
        for jc in 0..=cols {
            line.push(if piece(jr + 1, jc) != piece(jr + 1, jc + 1) {
                '│'
            } else {
                ' '
            });
            if jc < cols {
                match values
                    .get(jr)
                    .and_then(|row| row.get(jc))
                    .copied()
                    .flatten()
                {
                    Some(v) => {
                        let _ = write!(line, " {v:>width$} ");
                    }
                    None => line.push_str(&" ".repeat(width + 2)),
                }
            }
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}
