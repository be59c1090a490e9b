//! `domino.place`: placement boards solved, counted, explained, graded,
//! generated, and solutions checked; solve, count, explain, grade,
//! generate and verify are board.rs's, written once for place and pips.

use crate::board::{self, Door};
use crate::report::Answer;
use crate::run::{input_error, value_error, Asked, Refusal};
use domino::place::{
    grade_of, parse_grids, parse_outline, Deduction, GenerateReport, Generated, Grade, Grid, Level,
    Map, Outline, Place, Request,
};
use domino::search::Solutions;
use domino::{InputError, Missing, Value};
use pyo3::prelude::*;

/// Place through the board contract, for the functions of `board.rs`.
impl Door for Place {
    type Pick = Option<Value>;

    /// The one board of `text`, the set named by `set` when given.
    fn one(text: &str, set: &Option<Value>) -> Result<Grid, Refusal> {
        let mut boards = parse_grids(text, *set).map_err(|mut e| {
            if e.missing == Some(Missing::Set) {
                e.message.push_str("; name the set with set=N");
            }
            e
        })?;
        if boards.len() != 1 {
            return Err(Refusal::Input(InputError::whole(format!(
                "the input holds {} boards; give one at a time",
                boards.len()
            ))));
        }
        Ok(boards.remove(0))
    }

    fn solved(
        board: Grid,
        found: Solutions<Map>,
        limit: u64,
        // Place counts in a u64 (its report has no exact count past it).
        _: Option<u128>,
        grade: Option<Grade>,
    ) -> Answer {
        Answer::PlaceSolve {
            board,
            found,
            limit,
            grade,
        }
    }

    fn explained(board: Grid, deduction: Deduction) -> Answer {
        Answer::PlaceExplain { board, deduction }
    }

    fn made(request: &Request, puzzle: Generated) -> Answer {
        Answer::PlaceGenerate(GenerateReport {
            puzzle,
            seed: request.seed,
        })
    }

    fn solutions(answer: &Answer) -> Option<Vec<Map>> {
        match answer {
            Answer::PlaceSolve { found, .. } => Some(found.solutions.clone()),
            Answer::PlaceGenerate(report) => Some(vec![report.puzzle.solution.clone()]),
            _ => None,
        }
    }
}

board::board_functions!(
    Place,
    set: Option<Value> => Ok::<_, PyErr>,
    solve: place_solve(grade => grade_of),
    count: place_count,
    explain: place_explain,
    grade: place_grade,
    verify: place_verify,
);

#[pyfunction]
#[pyo3(signature = (set = 6, difficulty = "basic", seed = 1, clues = false, time_limit = None, shape = None))]
fn place_generate(
    py: Python<'_>,
    set: Value,
    difficulty: &str,
    seed: u64,
    clues: bool,
    time_limit: Option<f64>,
    shape: Option<&str>,
) -> PyResult<PyObject> {
    let level: Level = difficulty
        .parse()
        .map_err(|e| value_error(format!("difficulty: {e}")))?;
    if !(0..=Request::MAX_SET).contains(&set) {
        return Err(value_error(format!(
            "set must be 0 to {}, not {set}",
            Request::MAX_SET
        )));
    }
    // A picture of the board's cells, as the command line's --shape file.
    let outline = match shape {
        None => Outline::for_set(set),
        Some(picture) => parse_outline(picture).map_err(|e| input_error(py, &e))?,
    };
    let request = Request {
        set,
        level,
        seed,
        outline,
        clues,
        max_rounds: Request::MAX_ROUNDS,
    };
    board::generate::<Place>(py, request, Asked::new(time_limit, None, None)?)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    register_board(m)?;
    m.add_function(wrap_pyfunction!(place_generate, m)?)?;
    Ok(())
}
