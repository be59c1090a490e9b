//! Place in the board-puzzle contract ([`crate::board::BoardPuzzle`]):
//! each slot is one of the family's functions, so the doors written over
//! the contract reach place as they reach pips.

use super::{
    check_play, count, explain, generate, grade, hint, parse_grids, solve, solve_each, validate,
    verify, Deduction, ExplainReport, GenerateError, Generated, Grade, Grid, HintReport, Laid,
    Level, Map, PlayCheck, Request, SolveReport, ValidationError, VerifyError,
};
use crate::board::{read_json, BoardPuzzle, ExplainAnswer, PlayAnswer, SolveAnswer};
use crate::input_error::InputError;
use crate::search::{Count, Goal, Limits, Solutions, SolveOptions};
use crate::tile::{bone_number, Value};
use std::collections::BTreeMap;
use std::ops::ControlFlow;

/// The place family as a [`BoardPuzzle`].
#[derive(Clone, Copy, Debug)]
pub struct Place;

/// A player's position on a place board: the pieces laid, in order, and
/// the pairs of cells marked "no domino here".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Played {
    /// The pieces laid, in the order laid.
    pub laid: Vec<Laid>,
    /// The marks.
    pub marks: Vec<Laid>,
}

/// The object form of a player's pieces (docs/pieces.md).
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayedJson {
    #[serde(default)]
    placements: Vec<Laid>,
    #[serde(default)]
    marks: Vec<Laid>,
}

impl BoardPuzzle for Place {
    const NAME: &'static str = "place";
    type Puzzle = Grid;
    /// The set (double-N), when the text does not say it.
    type ParseOptions = Option<Value>;
    type Solution = Map;
    type ValidationError = ValidationError;
    type VerifyError = VerifyError;
    type Grade = Grade;
    type Explanation = Deduction;
    type Request = Request;
    type Generated = Generated;
    type GenerateError = GenerateError;
    type Played = Played;
    type PlayCheck<'a> = PlayCheck<'a>;
    type Hint = HintReport;
    type SolveReport<'a> = SolveReport<'a>;
    type ExplainReport<'a> = ExplainReport<'a>;

    fn parse(text: &str, set: &Option<Value>) -> Result<Vec<Grid>, InputError> {
        parse_grids(text, *set)
    }

    fn validate(board: &Grid) -> Result<(), ValidationError> {
        validate(board)
    }

    fn solve(board: &Grid, goal: Goal, limits: &Limits) -> Solutions<Map> {
        solve(board, goal, limits)
    }

    fn solve_each(
        board: &Grid,
        goal: Goal,
        limits: &Limits,
        each: &mut dyn FnMut(&Map) -> ControlFlow<()>,
    ) -> Solutions<Map> {
        solve_each(board, goal, limits, each)
    }

    fn count(board: &Grid, limits: &Limits) -> Count {
        count(board, limits)
    }

    fn explain(board: &Grid, limits: &Limits) -> Deduction {
        explain(board, Level::Extreme, limits)
    }

    fn grade(board: &Grid, limits: &Limits) -> Grade {
        grade(board, limits)
    }

    fn generate(request: &Request, limits: &Limits) -> Result<Generated, GenerateError> {
        generate(request, limits)
    }

    fn invalid_request(error: &GenerateError) -> bool {
        error.invalid_request()
    }

    fn generated(made: Generated) -> (Grid, Option<Map>) {
        (made.board, Some(made.solution))
    }

    fn check_play<'a>(board: &'a Grid, played: &Played, limits: &Limits) -> PlayCheck<'a> {
        check_play(board, &played.laid, &played.marks, limits)
    }

    fn hint(board: &Grid, played: &Played, limits: &Limits) -> HintReport {
        hint(board, &played.laid, &played.marks, limits)
    }

    fn played(board: &Grid, map: &Map) -> Played {
        let mut cells: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for (cell, bone) in map.bones.iter().enumerate() {
            if let Some(bone) = bone {
                cells.entry(*bone).or_default().push(cell);
            }
        }
        let clues: Vec<[usize; 2]> = board.clues().iter().map(|c| c.cells).collect();
        let laid = cells
            .into_values()
            .filter_map(|pair| match pair[..] {
                [a, b] if !clues.contains(&[a, b]) => Some([board.position(a), board.position(b)]),
                _ => None,
            })
            .collect();
        Played {
            laid,
            marks: Vec::new(),
        }
    }

    fn parse_played(text: &str) -> Result<Played, InputError> {
        if text.trim_start().starts_with('[') {
            let laid = read_json(text)?;
            return Ok(Played {
                laid,
                marks: Vec::new(),
            });
        }
        let played: PlayedJson = read_json(text)?;
        Ok(Played {
            laid: played.placements,
            marks: played.marks,
        })
    }

    /// Each piece on two cells of the board takes the bone of their
    /// numbers; `verify` names what is left uncovered, doubled or off.
    fn solution(board: &Grid, played: &Played) -> Option<Map> {
        let mut bones = vec![None; board.values.len()];
        let given = board.clues().iter().map(|c| c.cells);
        let laid = played.laid.iter().filter_map(|&[p, q]| {
            let cell = |(r, c): (usize, usize)| {
                (r < board.rows && c < board.cols).then(|| r * board.cols + c)
            };
            Some([cell(p)?, cell(q)?])
        });
        for [a, b] in given.chain(laid) {
            if let (Some(x), Some(y)) = (board.values[a], board.values[b]) {
                let bone = bone_number(x, y, board.set);
                bones[a] = Some(bone);
                bones[b] = Some(bone);
            }
        }
        Some(Map {
            rows: board.rows,
            cols: board.cols,
            bones,
        })
    }

    fn verify(board: &Grid, map: &Map) -> Result<(), VerifyError> {
        verify(board, map)
    }

    fn solve_report<'a>(
        board: &'a Grid,
        options: &SolveOptions,
        limits: &Limits,
    ) -> SolveReport<'a> {
        SolveReport::new(board, options, limits)
    }

    fn solve_report_each<'a>(
        board: &'a Grid,
        options: &SolveOptions,
        limits: &Limits,
        each: &mut dyn FnMut(&Map) -> ControlFlow<()>,
    ) -> SolveReport<'a> {
        SolveReport::streamed(board, options, limits, each)
    }

    fn solution_text(board: &Grid, n: usize, map: &Map) -> String {
        SolveReport::solution_text(board, n, map)
    }

    fn explain_report<'a>(board: &'a Grid, limits: &Limits) -> ExplainReport<'a> {
        ExplainReport::new(board, limits)
    }
}

impl SolveAnswer for SolveReport<'_> {
    type Solution = Map;
    fn found(&self) -> &Solutions<Map> {
        &self.found
    }
    fn into_found(self) -> Solutions<Map> {
        self.found
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

impl PlayAnswer for PlayCheck<'_> {
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
