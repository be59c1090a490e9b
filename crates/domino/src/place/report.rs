//! The answers of `domino place` as documents: the JSON the command line
//! prints with `--json` (and the HTTP service returns) and the text for
//! people, for `solve`, `explain` and `generate`. Pictures of the same
//! reports live in `render`.

use super::text::{box_picture, dp_text, map_text, whitespace_text, DpTooLarge};
use super::{
    explain, grade, solve, solve_each, Deduction, Generated, Grade, Grid, Level, Limits, Map,
    Solutions,
};
use crate::search::SolveOptions;
use crate::tile::Value;
use serde::ser::{Serialize, Serializer};
use std::fmt::Write;
use std::ops::ControlFlow;

/// The grade `solve` reports. Sound deductions finish only on a board with
/// exactly one solution, so any other outcome of the search is `search`
/// without running them. The deductions obey `limits` (a deadline, the
/// stop flag): stopped, they grade `search`, as deductions that stop short
/// do.
pub fn grade_of(board: &Grid, found: &Solutions, limits: &Limits) -> Grade {
    if found.count == 1 && found.complete {
        grade(board, limits)
    } else {
        Grade::Search
    }
}

/// The solutions of one board, counted up to a limit, with its grade.
///
/// Serializes as `{"complete": b, "count": k, "grade": "..." (when asked
/// for), "reason": "..." (when there is none), "solutions": [map, ...]}`.
#[derive(Clone, Debug)]
pub struct SolveReport<'a> {
    /// The board solved.
    pub board: &'a Grid,
    /// The solutions counted and the maps kept.
    pub found: Solutions,
    /// The count at which the search stopped.
    pub limit: u64,
    /// The board's grade (see [`grade_of`]), when it was asked for.
    pub grade: Option<Grade>,
}

impl<'a> SolveReport<'a> {
    /// Solves `board` as far as `options` say, stopping the search early
    /// when `limits` say so (`--time-limit`, `--node-limit`, Ctrl-C); the
    /// count is then incomplete. The report has no grade until
    /// [`SolveReport::add_grade`].
    pub fn new(board: &'a Grid, options: &SolveOptions, limits: &Limits) -> Self {
        let goal = options.goal();
        SolveReport {
            board,
            found: solve(board, goal, limits),
            limit: goal.limit,
            grade: None,
        }
    }

    /// Like [`SolveReport::new`], handing each map listed to `each` as the
    /// search finds it ([`solve_each`]): the report keeps only the first
    /// (for its picture), so a listing of any length takes flat memory.
    pub fn streamed(
        board: &'a Grid,
        options: &SolveOptions,
        limits: &Limits,
        each: &mut dyn FnMut(&Map) -> ControlFlow<()>,
    ) -> Self {
        let goal = options.goal();
        let mut first = None;
        let mut found = solve_each(board, goal, limits, &mut |map| {
            if first.is_none() {
                first = Some(map.clone());
            }
            each(map)
        });
        found.solutions.extend(first);
        SolveReport {
            board,
            found,
            limit: goal.limit,
            grade: None,
        }
    }

    /// Solution `n` (from 1) of a listing, as [`SolveReport::text`] shows
    /// each: its heading, the map and its box-drawn picture.
    pub fn solution_text(board: &Grid, n: usize, map: &Map) -> String {
        let mut text = format!("solution {n}:\n");
        text.push_str(&map_text(board, map));
        text.push('\n');
        text.push_str(&box_picture(board, map));
        text
    }

    /// What follows a streamed listing of `listed` maps: the verdict, how
    /// many solutions counted were not listed (the cap of
    /// `Limits::solutions`), and the grade when asked for.
    pub fn closing_text(&self, listed: usize) -> String {
        let mut text = self.verdict();
        text.push('\n');
        text.push_str(&crate::search::not_listed(self.found.count, listed));
        if let Some(grade) = self.grade {
            let _ = writeln!(text, "grade: {grade}");
        }
        text
    }

    /// Grades the board too (the hardest deduction it needs; costs about
    /// as much as the solve again, or more; see [`grade_of`]).
    pub fn add_grade(&mut self, limits: &Limits) {
        self.grade = Some(grade_of(self.board, &self.found, limits));
    }

    /// True when the board has a solution (the command's exit code 0).
    pub fn solved(&self) -> bool {
        self.found.count > 0
    }

    /// The verdict in words: unique, N solutions, no solution (and why).
    pub fn verdict(&self) -> String {
        self.found.verdict(self.limit)
    }

    /// The verdict, then each kept map and its box-drawn picture.
    pub fn solutions_text(&self) -> String {
        let mut text = self.verdict();
        text.push('\n');
        let maps = &self.found.solutions;
        for (k, map) in maps.iter().enumerate() {
            if maps.len() > 1 {
                let _ = write!(text, "\nsolution {}:\n", k + 1);
            } else {
                text.push('\n');
            }
            text.push_str(&map_text(self.board, map));
            text.push('\n');
            text.push_str(&box_picture(self.board, map));
        }
        text
    }

    /// What a person reads: [`SolveReport::solutions_text`] and the grade
    /// when it was asked for.
    pub fn text(&self) -> String {
        let mut text = self.solutions_text();
        if let Some(grade) = self.grade {
            let _ = writeln!(text, "grade: {grade}");
        }
        text
    }
}

impl Serialize for SolveReport<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        SolveDocument {
            complete: self.found.complete,
            count: self.found.count,
            grade: self.grade,
            reason: self.found.reason.as_deref(),
            solutions: &self.found.solutions,
        }
        .serialize(serializer)
    }
}

/// [`SolveReport`] as JSON (`domino place solve --json`).
#[derive(serde::Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = PlaceSolveAnswer))]
pub struct SolveDocument<'a> {
    /// False when a limit stopped the count.
    pub complete: bool,
    /// Solutions counted (up to the limit).
    pub count: u64,
    /// When it was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grade: Option<Grade>,
    /// Why there is no solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'a str>,
    /// Each solution: the board's rows of bone numbers, `null` for a hole.
    #[cfg_attr(feature = "schema", schema(value_type = Vec<Vec<Vec<Option<usize>>>>))]
    pub solutions: &'a [Map],
}

/// The heading of board `k` (0-based) in the text of an input with several
/// boards, with a blank line before every board but the first.
pub fn batch_heading(board: &Grid, k: usize) -> String {
    let name = board.name.as_deref().unwrap_or("board");
    let gap = if k > 0 { "\n" } else { "" };
    format!("{gap}== {name} {} ==\n", k + 1)
}

/// The deductions that solve a board, step by step, as a person would make
/// them.
///
/// Serializes as `{"complete": b, "grade": "...", "reason": "..." (on a
/// contradiction), "steps": [{"cells": [[r,c], ...], "level": "...",
/// "technique": "...", "text": "..."}]}`.
#[derive(Clone, Debug)]
pub struct ExplainReport<'a> {
    /// The board explained.
    pub board: &'a Grid,
    /// The deductions, with every step's words.
    pub deduction: Deduction,
}

impl<'a> ExplainReport<'a> {
    /// Runs every technique on `board`, keeping the words of each step;
    /// ends when `limits` say so, with the steps found until then.
    pub fn new(board: &'a Grid, limits: &Limits) -> Self {
        ExplainReport {
            board,
            deduction: explain(board, Level::Extreme, limits),
        }
    }

    /// True when the deductions alone solve the board (exit code 0).
    pub fn complete(&self) -> bool {
        self.deduction.complete
    }

    /// The solution the deductions found, when they finish.
    pub fn solution(&self) -> Option<Map> {
        self.deduction
            .complete
            .then(|| Map::from_placements(self.board, self.deduction.placed.iter().copied()))
    }

    /// What a person reads: the numbered steps, then how they end.
    pub fn text(&self) -> String {
        let d = &self.deduction;
        let mut out = String::new();
        for (n, step) in d.steps.iter().enumerate() {
            let _ = writeln!(
                out,
                "{:>3}. [{}, {}] {}",
                n + 1,
                step.technique.level(),
                step.technique.name(),
                step.text
            );
        }
        if let Some(reason) = &d.contradiction {
            let _ = writeln!(out, "contradiction: {reason}, so the board has no solution");
        } else if d.complete {
            let _ = writeln!(
                out,
                "solved by deductions alone, so the solution is unique; grade: {}",
                d.hardest()
            );
        } else if d.stopped {
            let _ = writeln!(
                out,
                "{STOPPED} ({} of {} cells covered)",
                d.covered,
                self.board.cell_count()
            );
        } else {
            let _ = writeln!(
                out,
                "the deductions stop here with {} of {} cells covered: a search is needed (grade: search)",
                d.covered,
                self.board.cell_count()
            );
        }
        out
    }
}

/// One step of [`ExplainReport`] as its JSON object.
#[derive(serde::Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = PlaceStep))]
pub struct StepDocument<'a> {
    /// The cells it fixes or narrows, `[row, column]`.
    pub cells: Vec<[usize; 2]>,
    /// The level of its technique.
    pub level: Level,
    /// The technique's name.
    pub technique: &'a str,
    /// The deduction in words.
    pub text: &'a str,
}

impl<'a> StepDocument<'a> {
    pub(super) fn new(board: &Grid, step: &'a super::Step) -> Self {
        StepDocument {
            cells: step
                .cells
                .iter()
                .map(|&c| {
                    let (r, c) = board.position(c);
                    [r, c]
                })
                .collect(),
            level: step.technique.level(),
            technique: step.technique.name(),
            text: &step.text,
        }
    }
}

impl Serialize for ExplainReport<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let d = &self.deduction;
        let reason = match &d.contradiction {
            Some(reason) => Some(reason.as_str()),
            None if d.stopped => Some(STOPPED),
            None => None,
        };
        ExplainDocument {
            complete: d.complete,
            grade: d.grade(),
            reason,
            steps: d
                .steps
                .iter()
                .map(|step| StepDocument::new(self.board, step))
                .collect(),
        }
        .serialize(serializer)
    }
}

/// [`ExplainReport`] as JSON (`domino place explain --json`).
#[derive(serde::Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = PlaceExplainAnswer))]
pub struct ExplainDocument<'a> {
    /// The deductions alone solve the board.
    pub complete: bool,
    /// The hardest level the deductions needed, or `search`.
    pub grade: Grade,
    /// Why they end early: a contradiction, or a limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'a str>,
    /// The deductions, in order.
    pub steps: Vec<StepDocument<'a>>,
}

/// Why deductions end early: a limit (the time, the stop flag, the
/// memory of the steps), not the techniques.
const STOPPED: &str = "the deductions stopped at a limit";

/// A generated puzzle and the seed that made it.
///
/// Serializes as `{"clues": [[[r,c],[r,c]], ...], "difficulty": "...",
/// "puzzle": rows of numbers (null for holes), "seed": S, "set": N,
/// "solution": map, "tries": n}`.
#[derive(Clone, Debug)]
pub struct GenerateReport {
    /// The puzzle, its unique solution and its grade.
    pub puzzle: Generated,
    /// The seed it was generated from.
    pub seed: u64,
}

impl GenerateReport {
    /// The report as its JSON document.
    pub fn document(&self) -> GenerateDocument<'_> {
        let board = &self.puzzle.board;
        let cell = |c| {
            let (r, c) = board.position(c);
            [r, c]
        };
        GenerateDocument {
            clues: board.clues.iter().map(|c| c.cells.map(cell)).collect(),
            difficulty: self.puzzle.grade,
            puzzle: board.values.chunks(board.cols.max(1)).collect(),
            seed: self.seed,
            set: board.set,
            solution: &self.puzzle.solution,
            tries: self.puzzle.rounds,
        }
    }

    /// The puzzle as text: the whitespace format, or the `#dp` format when
    /// `dp` is asked or the puzzle has clues; then, with `with_solution`,
    /// the map of bone numbers.
    pub fn text(&self, dp: bool, with_solution: bool) -> Result<String, DpTooLarge> {
        let board = &self.puzzle.board;
        let mut out = if dp || !board.clues.is_empty() {
            dp_text(board, &format!("seed-{}", self.seed))?
        } else {
            whitespace_text(board)
        };
        if with_solution {
            out.push_str("\nsolution (bone numbers, 1 = 0-0, 2 = 0-1, ...):\n");
            out.push_str(&map_text(board, &self.puzzle.solution));
        }
        Ok(out)
    }
}

impl Serialize for GenerateReport {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.document().serialize(serializer)
    }
}

/// [`GenerateReport`] as JSON (`domino place generate --json`).
#[derive(serde::Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = PlaceGenerated))]
pub struct GenerateDocument<'a> {
    /// The clue pieces, each as its two cells `[[r, c], [r, c]]`.
    pub clues: Vec<[[usize; 2]; 2]>,
    /// Its grade: the level asked for.
    pub difficulty: Grade,
    /// Rows of numbers, `null` for a hole.
    pub puzzle: Vec<&'a [Option<Value>]>,
    /// The seed it was generated from.
    pub seed: u64,
    /// The set is double-N.
    pub set: Value,
    /// The unique solution: rows of bone numbers, `null` for a hole.
    #[cfg_attr(feature = "schema", schema(value_type = Vec<Vec<Option<usize>>>))]
    pub solution: &'a Map,
    /// Boards evaluated to get there.
    pub tries: usize,
}
