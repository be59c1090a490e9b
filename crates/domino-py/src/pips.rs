//! `domino.pips`: the newspaper's Pips puzzles solved, counted, explained,
//! generated, and solutions checked.

use crate::place::solve_mode;
use crate::report::{Answer, Report};
use crate::results::wrap;
use crate::run::{input_error, interruptible, limits, search, value_error};
use crate::verify_error;
use domino::pips::{
    count, explain, generate, marked_cells, parse_puzzles, solve, verify, Grade, Labeled, Request,
    SolveOptions,
};
use domino::InputError;
use pyo3::exceptions::PyTimeoutError;
use pyo3::prelude::*;

/// The one puzzle of `text`, or the one of `level` in a day file.
fn one_puzzle(py: Python<'_>, text: &str, level: Option<&str>) -> PyResult<Labeled> {
    let mut puzzles = parse_puzzles(text).map_err(|e| input_error(py, &e))?;
    if let Some(level) = level {
        let grade: Grade = level.parse().map_err(value_error)?;
        puzzles.retain(|p| p.level.as_deref() == Some(grade.name()));
    }
    match puzzles.len() {
        1 => Ok(puzzles.remove(0)),
        0 => Err(value_error(format!(
            "no {} puzzle in the input",
            level.unwrap_or("")
        ))),
        n => Err(input_error(
            py,
            &InputError::whole(format!(
                "the input holds {n} puzzles; choose one with level=easy, medium or hard"
            )),
        )),
    }
}

#[pyfunction]
#[pyo3(signature = (text, level = None, limit = None, mode = "unique", time_limit = None))]
fn pips_solve(
    py: Python<'_>,
    text: &str,
    level: Option<&str>,
    limit: Option<u64>,
    mode: &str,
    time_limit: Option<f64>,
) -> PyResult<PyObject> {
    let labeled = one_puzzle(py, text, level)?;
    let goal = SolveOptions {
        mode: solve_mode(mode)?,
        limit,
        keep: None,
    }
    .goal();
    let found = search(py, time_limit, |limits| {
        solve(&labeled.puzzle, goal, limits)
    })?;
    wrap(
        py,
        Answer::PipsSolve {
            labeled,
            found,
            limit: goal.limit,
        },
    )
}

#[pyfunction]
#[pyo3(signature = (text, level = None, time_limit = None))]
fn pips_count(
    py: Python<'_>,
    text: &str,
    level: Option<&str>,
    time_limit: Option<f64>,
) -> PyResult<u128> {
    let labeled = one_puzzle(py, text, level)?;
    let counted = search(py, time_limit, |limits| count(&labeled.puzzle, limits))?;
    counted.ok_or_else(|| PyTimeoutError::new_err("a limit stopped the count"))
}

#[pyfunction]
#[pyo3(signature = (text, level = None))]
fn pips_explain(py: Python<'_>, text: &str, level: Option<&str>) -> PyResult<PyObject> {
    let labeled = one_puzzle(py, text, level)?;
    // The deductions take no limits: nothing could stop them sooner.
    let explanation = py.allow_threads(|| explain(&labeled.puzzle, &domino::Limits::none()));
    wrap(
        py,
        Answer::PipsExplain {
            labeled,
            explanation,
        },
    )
}

#[pyfunction]
#[pyo3(signature = (cells = None, difficulty = "medium", seed = Request::SEED, time_limit = None, shape = None))]
fn pips_generate(
    py: Python<'_>,
    cells: Option<usize>,
    difficulty: &str,
    seed: u64,
    time_limit: Option<f64>,
    shape: Option<&str>,
) -> PyResult<PyObject> {
    let grade: Grade = difficulty.parse().map_err(value_error)?;
    let request = Request {
        // A picture of the board, as the command line's --shape file.
        shape: shape.map(marked_cells),
        // Unless given, a board of the newspaper's sizes at the grade,
        // drawn per seed (`Request::cells_for`: LEVEL_CELLS at every grade).
        cells: cells.unwrap_or(Request::cells_for(grade)),
        grade,
        seed,
        tries: Request::TRIES,
    };
    let made = interruptible(py, |stop| {
        limits(time_limit, stop).map(|limits| generate(&request, &limits))
    })??;
    let made = made.map_err(|e| value_error(e.to_string()))?;
    wrap(
        py,
        Answer::PipsPuzzle(Labeled {
            level: Some(grade.name().to_string()),
            puzzle: made.puzzle,
        }),
    )
}

/// Checks every solution a result of `text`'s puzzle holds.
#[pyfunction]
#[pyo3(signature = (text, result, level = None))]
fn pips_verify(py: Python<'_>, text: &str, result: &Report, level: Option<&str>) -> PyResult<()> {
    let labeled = one_puzzle(py, text, level)?;
    let Answer::PipsSolve { found, .. } = &result.answer else {
        return Err(verify_error("not a pips solve result"));
    };
    for solution in &found.solutions {
        verify(&labeled.puzzle, solution).map_err(|e| verify_error(e.to_string()))?;
    }
    Ok(())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(pips_solve, m)?)?;
    m.add_function(wrap_pyfunction!(pips_count, m)?)?;
    m.add_function(wrap_pyfunction!(pips_explain, m)?)?;
    m.add_function(wrap_pyfunction!(pips_generate, m)?)?;
    m.add_function(wrap_pyfunction!(pips_verify, m)?)?;
    Ok(())
}
