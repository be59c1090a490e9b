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
use serde::ser::{Serialize, SerializeMap, Serializer};
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
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("complete", &self.found.complete)?;
        map.serialize_entry("count", &self.found.count)?;
        if let Some(grade) = self.grade {
            map.serialize_entry("grade", grade.name())?;
        }
        if let Some(reason) = &self.found.reason {
            map.serialize_entry("reason", reason)?;
        }
        map.serialize_entry("solutions", &self.found.solutions)?;
        map.end()
    }
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
pub(super) struct StepDoc<'a> {
    pub(super) board: &'a Grid,
    pub(super) step: &'a super::Step,
}

impl Serialize for StepDoc<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let cells: Vec<[usize; 2]> = self
            .step
            .cells
            .iter()
            .map(|&c| {
                let (r, c) = self.board.position(c);
                [r, c]
            })
            .collect();
        let mut map = serializer.serialize_map(Some(4))?;
        map.serialize_entry("cells", &cells)?;
        map.serialize_entry("level", self.step.technique.level().name())?;
        map.serialize_entry("technique", self.step.technique.name())?;
        map.serialize_entry("text", &self.step.text)?;
        map.end()
    }
}

impl Serialize for ExplainReport<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let d = &self.deduction;
        let steps: Vec<StepDoc> = d
            .steps
            .iter()
            .map(|step| StepDoc {
                board: self.board,
                step,
            })
            .collect();
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("complete", &d.complete)?;
        map.serialize_entry("grade", d.grade().name())?;
        if let Some(reason) = &d.contradiction {
            map.serialize_entry("reason", reason)?;
        } else if d.stopped {
            map.serialize_entry("reason", STOPPED)?;
        }
        map.serialize_entry("steps", &steps)?;
        map.end()
    }
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
        let board = &self.puzzle.board;
        let rows: Vec<&[Option<Value>]> = board.values.chunks(board.cols.max(1)).collect();
        let clues: Vec<[[usize; 2]; 2]> = board
            .clues
            .iter()
            .map(|c| {
                let (a, b) = (board.position(c.cells[0]), board.position(c.cells[1]));
                [[a.0, a.1], [b.0, b.1]]
            })
            .collect();
        let mut map = serializer.serialize_map(Some(7))?;
        map.serialize_entry("clues", &clues)?;
        map.serialize_entry("difficulty", self.puzzle.grade.name())?;
        map.serialize_entry("puzzle", &rows)?;
        map.serialize_entry("seed", &self.seed)?;
        map.serialize_entry("set", &board.set)?;
        map.serialize_entry("solution", &self.puzzle.solution)?;
        map.serialize_entry("tries", &self.puzzle.rounds)?;
        map.end()
    }
}
