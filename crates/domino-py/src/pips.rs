//! `domino.pips`: the newspaper's Pips puzzles solved, counted, explained,
//! generated, and solutions checked; solve, count, explain, grade,
//! generate and verify are board.rs's, written once for place and pips.

use crate::board::{self, Door};
use crate::report::Answer;
use crate::run::{value_error, Asked, Refusal};
use domino::pips::{
    marked_cells, parse_puzzles, Explanation, Generated, Grade, Labeled, Pips, Request, Solution,
    MAX_SIDE,
};
use domino::search::{or_list, Solutions};
use domino::InputError;
use pyo3::prelude::*;

/// The grade named by `level`, when given.
fn level_grade(level: Option<&str>) -> PyResult<Option<Grade>> {
    level
        .map(|name| {
            name.parse::<Grade>()
                .map_err(|e| value_error(format!("level: {e}")))
        })
        .transpose()
}

/// Pips through the board contract, for the functions of `board.rs`.
impl Door for Pips {
    type Pick = Option<Grade>;

    /// The one puzzle of `text`, or the one of `level` in a day file.
    fn one(text: &str, level: &Option<Grade>) -> Result<Labeled, Refusal> {
        let mut puzzles = parse_puzzles(text)?;
        if let Some(grade) = level {
            puzzles.retain(|p| p.level == Some(*grade));
        }
        match puzzles.len() {
            1 if puzzles[0].puzzle.dominoes().is_empty() => Err(Refusal::Input(InputError::whole(
                "the puzzle has no dominoes (the text format is the board's picture, then a line of \
                 dominoes); to read a file, pass its path as a pathlib.Path",
            ))),
            1 => Ok(puzzles.remove(0)),
            0 => Err(Refusal::Value(format!(
                "no {}puzzle in the input",
                level.map_or(String::new(), |g| format!("{} ", g.name()))
            ))),
            n => Err(Refusal::Input(InputError::whole(format!(
                "the input holds {n} puzzles; choose one with level={}",
                or_list(&Grade::NAMES)
            )))),
        }
    }

    fn solved(
        labeled: Labeled,
        found: Solutions<Solution>,
        limit: u64,
        exact: Option<u128>,
        _: Option<Grade>,
    ) -> Answer {
        Answer::PipsSolve {
            labeled,
            found,
            limit,
            exact,
        }
    }

    fn explained(labeled: Labeled, explanation: Explanation) -> Answer {
        Answer::PipsExplain {
            labeled,
            explanation,
        }
    }

    fn made(request: &Request, made: Generated) -> Answer {
        Answer::PipsPuzzle(Labeled {
            level: Some(request.grade),
            puzzle: made.puzzle,
        })
    }

    fn solutions(answer: &Answer) -> Option<Vec<Solution>> {
        match answer {
            Answer::PipsSolve { found, .. } => Some(found.solutions.clone()),
            // A generated puzzle carries its solution.
            Answer::PipsPuzzle(labeled) => labeled.puzzle.solution().map(|s| vec![s.clone()]),
            _ => None,
        }
    }
}

board::board_functions!(
    Pips,
    level: Option<&str> => level_grade,
    solve: pips_solve,
    count: pips_count,
    explain: pips_explain,
    grade: pips_grade,
    verify: pips_verify,
);

#[pyfunction]
#[pyo3(signature = (cells = None, difficulty = "medium", seed = Request::SEED, time_limit = None, shape = None, node_limit = None))]
fn pips_generate(
    py: Python<'_>,
    cells: Option<usize>,
    difficulty: &str,
    seed: u64,
    time_limit: Option<f64>,
    shape: Option<&str>,
    node_limit: Option<u64>,
) -> PyResult<PyObject> {
    let grade: Grade = difficulty
        .parse()
        .map_err(|e| value_error(format!("difficulty: {e}")))?;
    let shape = shape.map(marked_cells);
    if let Some(&(r, c)) = shape
        .iter()
        .flatten()
        .find(|&&(r, c)| r >= MAX_SIDE || c >= MAX_SIDE)
    {
        return Err(value_error(format!(
            "shape has a cell at row {r}, column {c}: rows and columns are below {MAX_SIDE}"
        )));
    }
    let cells = cells.unwrap_or(Request::cells_for(grade));
    if cells > MAX_SIDE * MAX_SIDE {
        return Err(value_error(format!(
            "cells must be an integer from 0 to {}, not {cells}",
            MAX_SIDE * MAX_SIDE
        )));
    }
    let request = Request {
        // A picture of the board, as the command line's --shape file.
        shape,
        // Unless given, a board of the newspaper's sizes at the grade,
        // drawn per seed (`Request::cells_for`: LEVEL_CELLS at every grade).
        cells,
        grade,
        seed,
        tries: Request::TRIES,
        profile: None,
    };
    board::generate::<Pips>(py, request, Asked::new(time_limit, node_limit, None)?)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    register_board(m)?;
    m.add_function(wrap_pyfunction!(pips_generate, m)?)?;
    Ok(())
}
