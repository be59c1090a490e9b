//! Pips in the board-puzzle contract ([`crate::board::BoardPuzzle`]):
//! each slot is one of the family's functions, so the doors written over
//! the contract reach pips as they reach place. A puzzle is taken as read
//! ([`Labeled`]: with its day file's level), as the reports show it.

use super::{
    check_play, count, explain, generate, hint, parse_puzzles, solve, solve_each, validate, verify,
    ExplainReport, Explanation, GenerateError, Generated, Grade, HintReport, Labeled, Laid,
    PlayCheck, Request, Solution, SolveReport, ValidationError, VerifyError,
};
use crate::board::{read_json, BoardPuzzle, ExplainAnswer, PlayAnswer, SolveAnswer};
use crate::input_error::InputError;
use crate::search::{Count, Goal, Limits, Solutions, SolveOptions};
use std::ops::ControlFlow;

/// The object form of a player's pieces (docs/pieces.md).
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayedJson {
    #[serde(default)]
    placements: Vec<Laid>,
}

/// The pips family as a [`BoardPuzzle`].
#[derive(Clone, Copy, Debug)]
pub struct Pips;

impl BoardPuzzle for Pips {
    const NAME: &'static str = "pips";
    type Puzzle = Labeled;
    type ParseOptions = ();
    type Solution = Solution;
    type ValidationError = ValidationError;
    type VerifyError = VerifyError;
    type Grade = Grade;
    type Explanation = Explanation;
    type Request = Request;
    type Generated = Generated;
    type GenerateError = GenerateError;
    /// The pieces laid, in the order laid.
    type Played = Vec<Laid>;
    type PlayCheck<'a> = PlayCheck;
    type Hint = HintReport;
    type SolveReport<'a> = SolveReport<'a>;
    type ExplainReport<'a> = ExplainReport<'a>;

    fn parse(text: &str, _: &()) -> Result<Vec<Labeled>, InputError> {
        parse_puzzles(text)
    }

    fn validate(labeled: &Labeled) -> Result<(), ValidationError> {
        validate(&labeled.puzzle)
    }

    fn solve(labeled: &Labeled, goal: Goal, limits: &Limits) -> Solutions<Solution> {
        solve(&labeled.puzzle, goal, limits)
    }

    fn solve_each(
        labeled: &Labeled,
        goal: Goal,
        limits: &Limits,
        each: &mut dyn FnMut(&Solution) -> ControlFlow<()>,
    ) -> Solutions<Solution> {
        solve_each(&labeled.puzzle, goal, limits, each)
    }

    fn count(labeled: &Labeled, limits: &Limits) -> Count {
        count(&labeled.puzzle, limits)
    }

    fn explain(labeled: &Labeled, limits: &Limits) -> Explanation {
        explain(&labeled.puzzle, limits)
    }

    fn grade(labeled: &Labeled, limits: &Limits) -> Grade {
        explain(&labeled.puzzle, limits).grade
    }

    fn generate(request: &Request, limits: &Limits) -> Result<Generated, GenerateError> {
        generate(request, limits)
    }

    fn invalid_request(error: &GenerateError) -> bool {
        error.invalid_request()
    }

    fn generated(made: Generated) -> (Labeled, Option<Solution>) {
        let solution = made.puzzle.solution().cloned();
        let labeled = Labeled {
            level: None,
            puzzle: made.puzzle,
        };
        (labeled, solution)
    }

    fn check_play(labeled: &Labeled, played: &Vec<Laid>, limits: &Limits) -> PlayCheck {
        check_play(&labeled.puzzle, played, limits)
    }

    fn hint(labeled: &Labeled, played: &Vec<Laid>, limits: &Limits) -> HintReport {
        hint(&labeled.puzzle, played, limits)
    }

    fn played(_: &Labeled, solution: &Solution) -> Vec<Laid> {
        solution
            .placements
            .iter()
            .enumerate()
            .map(|(domino, &cells)| Laid { domino, cells })
            .collect()
    }

    fn parse_played(text: &str) -> Result<Vec<Laid>, InputError> {
        if text.trim_start().starts_with('[') {
            return read_json(text);
        }
        let played: PlayedJson = read_json(text)?;
        Ok(played.placements)
    }

    /// Every domino laid once, in the puzzle's order.
    fn solution(labeled: &Labeled, played: &Vec<Laid>) -> Option<Solution> {
        let mut placements = vec![None; labeled.puzzle.dominoes().len()];
        for piece in played {
            let slot = placements.get_mut(piece.domino)?;
            if slot.replace(piece.cells).is_some() {
                return None;
            }
        }
        let placements = placements.into_iter().collect::<Option<Vec<_>>>()?;
        Some(Solution { placements })
    }

    fn verify(labeled: &Labeled, solution: &Solution) -> Result<(), VerifyError> {
        verify(&labeled.puzzle, solution)
    }

    fn solve_report<'a>(
        labeled: &'a Labeled,
        options: &SolveOptions,
        limits: &Limits,
    ) -> SolveReport<'a> {
        SolveReport::new(labeled, options, limits)
    }

    fn solve_report_each<'a>(
        labeled: &'a Labeled,
        options: &SolveOptions,
        limits: &Limits,
        each: &mut dyn FnMut(&Solution) -> ControlFlow<()>,
    ) -> SolveReport<'a> {
        SolveReport::streamed(labeled, options, limits, each)
    }

    fn solution_text(labeled: &Labeled, n: usize, solution: &Solution) -> String {
        SolveReport::solution_text(&labeled.puzzle, n, solution)
    }

    fn explain_report<'a>(labeled: &'a Labeled, limits: &Limits) -> ExplainReport<'a> {
        ExplainReport::new(labeled, limits)
    }
}

impl SolveAnswer for SolveReport<'_> {
    type Solution = Solution;
    fn found(&self) -> &Solutions<Solution> {
        &self.found
    }
    fn into_found(self) -> Solutions<Solution> {
        self.found
    }
    fn exact(&self) -> Option<u128> {
        self.exact
    }
    fn solved(&self) -> bool {
        SolveReport::solved(self)
    }
    fn text(&self) -> String {
        SolveReport::text(self)
    }
    fn closing_text(&self, listed: usize) -> String {
        SolveReport::closing_text(self, listed)
    }
}

impl ExplainAnswer for ExplainReport<'_> {
    fn complete(&self) -> bool {
        ExplainReport::complete(self)
    }
    fn text(&self) -> String {
        ExplainReport::text(self)
    }
}

impl PlayAnswer for PlayCheck {
    fn solved(&self) -> bool {
        self.solved
    }
    fn wrong(&self) -> Vec<usize> {
        let mut wrong: Vec<usize> = self.broken.iter().map(|b| b.index).collect();
        wrong.extend(&self.wrong);
        wrong.sort_unstable();
        wrong
    }
    fn step(&self) -> Option<&str> {
        None
    }
}

impl PlayAnswer for HintReport {
    fn solved(&self) -> bool {
        self.solved
    }
    fn wrong(&self) -> Vec<usize> {
        self.wrong.clone()
    }
    fn step(&self) -> Option<&str> {
        self.step.as_ref().map(|s| s.text.as_str())
    }
}
