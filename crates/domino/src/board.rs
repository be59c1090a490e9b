//! The board-puzzle contract: place and pips are two board puzzles with
//! the same slots, as every puzzle of a collection fills one table of
//! functions. [`BoardPuzzle`] names them: parse (with positions in the
//! errors) and validate, solve and count (a [`Goal`] and [`Limits`]),
//! explain and grade, generate, check a player's pieces and hint, verify,
//! and the reports the doors print. Each family implements it in its own
//! folder (`place::Place`, `pips::Pips`); the command line, the HTTP
//! service and the Python package are written once over it, so a verb
//! added here reaches every door for both.
//!
//! This module names no family: the families stand on it, as on the
//! search vocabulary.

use crate::input_error::InputError;
use crate::names::Named;
use crate::search::{Count, Goal, Limits, Solutions, SolveOptions};
use serde::Serialize;
use std::fmt::Display;
use std::ops::ControlFlow;
use std::str::FromStr;

/// A family's answer to `solve`, as the doors show it (JSON through
/// `Serialize`, text for people).
pub trait SolveAnswer: Serialize {
    /// One solution.
    type Solution;
    /// The solutions counted and kept.
    fn found(&self) -> &Solutions<Self::Solution>;
    /// The solutions, taken out of the report (a door that keeps its
    /// answer past the puzzle's borrow).
    fn into_found(self) -> Solutions<Self::Solution>;
    /// The exact count when every solution was counted and there are more
    /// than `found`'s u64 holds (the family's counter went on where
    /// listing stopped).
    fn exact(&self) -> Option<u128> {
        None
    }
    /// Solutions counted: exact past 2^64 when [`SolveAnswer::exact`]
    /// says so.
    fn count(&self) -> u128 {
        self.exact()
            .unwrap_or_else(|| u128::from(self.found().count))
    }
    /// False when a limit stopped the count.
    fn complete(&self) -> bool {
        self.found().complete || self.exact().is_some()
    }
    /// True when the puzzle has a solution (the command's exit code 0).
    fn solved(&self) -> bool;
    /// What a person reads: the verdict and the solutions kept.
    fn text(&self) -> String;
    /// What follows a streamed listing of `listed` solutions.
    fn closing_text(&self, listed: usize) -> String;
}

/// A family's answer to `explain`, as the doors show it.
pub trait ExplainAnswer: Serialize {
    /// True when the deductions alone solve the puzzle (exit code 0).
    fn complete(&self) -> bool;
    /// What a person reads: the numbered steps, then how they end.
    fn text(&self) -> String;
}

/// A judgement of a player's position: a check or a hint.
pub trait PlayAnswer: Serialize {
    /// Every cell covered, every piece once, every rule met.
    fn solved(&self) -> bool;
    /// The player's pieces (indices in the order laid) that fit no
    /// solution or break a rule of laying.
    fn wrong(&self) -> Vec<usize>;
    /// The deduction shown, for a hint (none for a check).
    fn step(&self) -> Option<&str>;
}

/// Reads a player's pieces as `T` from JSON text; an error names the line
/// and column serde stopped at.
pub(crate) fn read_json<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, InputError> {
    serde_json::from_str(text).map_err(|e| {
        let message = e.to_string();
        let message = message.split(" at line ").next().unwrap_or_default();
        InputError::json(text, &e, format!("the player's pieces: {message}"))
    })
}

/// A generated puzzle checked with its solution by the family's
/// `verify`, which does not trust the generator: every door checks each
/// puzzle it hands out. The error says what is wrong (a defect of the
/// generator, not of the request).
pub fn check_generated<F: BoardPuzzle>(made: F::Generated) -> Result<(), String> {
    let (puzzle, solution) = F::generated(made);
    let Some(solution) = solution else {
        return Err("internal error: a puzzle generated without its solution".to_string());
    };
    F::verify(&puzzle, &solution)
        .map_err(|e| format!("internal error: the puzzle generated fails its check: {e}"))
}

/// One board-puzzle family: the same slots for place and pips.
pub trait BoardPuzzle {
    /// The family's name on the command line and in the routes.
    const NAME: &'static str;
    /// A puzzle as read (with its name or day-file level).
    type Puzzle;
    /// What the parser needs beyond the text (place: the set).
    type ParseOptions: Default;
    /// One solution.
    type Solution: Clone + Serialize;
    /// Why a puzzle cannot work, found before any search.
    type ValidationError: Display;
    /// Why a solution is not one.
    type VerifyError: Display;
    /// The family's difficulty scale, by name.
    type Grade: Named + Display + FromStr<Err = String> + Serialize;
    /// The deductions of `explain`.
    type Explanation;
    /// What to generate.
    type Request;
    /// A generated puzzle and what came with it.
    type Generated;
    /// Why no puzzle was generated.
    type GenerateError: Display;
    /// A player's position: the pieces laid (and place's marks).
    type Played: Default;
    /// The answer of `check_play`.
    type PlayCheck<'a>: PlayAnswer
    where
        Self: 'a;
    /// The answer of `hint`.
    type Hint: PlayAnswer;
    /// The answer of `solve` as the doors show it.
    type SolveReport<'a>: SolveAnswer<Solution = Self::Solution>
    where
        Self: 'a;
    /// The answer of `explain` as the doors show it.
    type ExplainReport<'a>: ExplainAnswer
    where
        Self: 'a;

    /// Every puzzle of `text`; errors name the line and column.
    fn parse(text: &str, options: &Self::ParseOptions) -> Result<Vec<Self::Puzzle>, InputError>;
    /// Why `puzzle` cannot work, before any search.
    fn validate(puzzle: &Self::Puzzle) -> Result<(), Self::ValidationError>;
    /// Counts solutions up to `goal.limit`, keeping the first `goal.keep`.
    fn solve(puzzle: &Self::Puzzle, goal: Goal, limits: &Limits) -> Solutions<Self::Solution>;
    /// [`BoardPuzzle::solve`], handing each solution listed to `each`.
    fn solve_each(
        puzzle: &Self::Puzzle,
        goal: Goal,
        limits: &Limits,
        each: &mut dyn FnMut(&Self::Solution) -> ControlFlow<()>,
    ) -> Solutions<Self::Solution>;
    /// Every solution counted, exactly unless a limit stops the count.
    fn count(puzzle: &Self::Puzzle, limits: &Limits) -> Count;
    /// The deductions a person makes, step by step.
    fn explain(puzzle: &Self::Puzzle, limits: &Limits) -> Self::Explanation;
    /// The puzzle's grade on the family's scale.
    fn grade(puzzle: &Self::Puzzle, limits: &Limits) -> Self::Grade;
    /// A new puzzle with a unique solution, as `request` asks.
    fn generate(
        request: &Self::Request,
        limits: &Limits,
    ) -> Result<Self::Generated, Self::GenerateError>;
    /// True when no puzzle can ever meet the request that failed with
    /// `error` (bad input); false when the search gave up, which is a
    /// negative answer.
    fn invalid_request(error: &Self::GenerateError) -> bool;
    /// A generated puzzle and the solution it was made with.
    fn generated(made: Self::Generated) -> (Self::Puzzle, Option<Self::Solution>);
    /// The player's pieces read against the puzzle.
    fn check_play<'a>(
        puzzle: &'a Self::Puzzle,
        played: &Self::Played,
        limits: &Limits,
    ) -> Self::PlayCheck<'a>;
    /// The wrong pieces first, else the next deduction from the player's
    /// position, else why there is none.
    fn hint(puzzle: &Self::Puzzle, played: &Self::Played, limits: &Limits) -> Self::Hint;
    /// A player's pieces as JSON, as the routes' `hint` and `check` take
    /// them (docs/pieces.md): the list of pieces laid, or an object with
    /// that list as `placements` (and place's `marks`). Errors name the
    /// line and column.
    fn parse_played(text: &str) -> Result<Self::Played, InputError>;
    /// The player's pieces, with the puzzle's given ones, as a solution
    /// for [`BoardPuzzle::verify`]; `None` when they cannot be one (a
    /// pips domino missing or laid twice).
    fn solution(puzzle: &Self::Puzzle, played: &Self::Played) -> Option<Self::Solution>;
    /// The position of a player who laid every piece of `solution` that
    /// is not given.
    fn played(puzzle: &Self::Puzzle, solution: &Self::Solution) -> Self::Played;
    /// Checks a solution without trusting the solver.
    fn verify(puzzle: &Self::Puzzle, solution: &Self::Solution) -> Result<(), Self::VerifyError>;
    /// Solves as `options` say: the report of `solve`.
    fn solve_report<'a>(
        puzzle: &'a Self::Puzzle,
        options: &SolveOptions,
        limits: &Limits,
    ) -> Self::SolveReport<'a>;
    /// [`BoardPuzzle::solve_report`], handing each solution listed to
    /// `each` (the report keeps the first, for its picture).
    fn solve_report_each<'a>(
        puzzle: &'a Self::Puzzle,
        options: &SolveOptions,
        limits: &Limits,
        each: &mut dyn FnMut(&Self::Solution) -> ControlFlow<()>,
    ) -> Self::SolveReport<'a>;
    /// Solution `n` (from 1) of a listing, as the report's text shows it.
    fn solution_text(puzzle: &Self::Puzzle, n: usize, solution: &Self::Solution) -> String;
    /// Explains: the report of `explain`.
    fn explain_report<'a>(puzzle: &'a Self::Puzzle, limits: &Limits) -> Self::ExplainReport<'a>;
}
