//! `domino.pips`: the newspaper's Pips puzzles solved, counted, explained,
//! generated, and solutions checked.

use crate::place::{solve_mode, INLINE_KEEP};
use crate::report::{Answer, Report};
use crate::results::wrap;
use crate::run::{run, search, value_error, Asked, Refusal};
use crate::verify_error;
use domino::pips::{
    count, explain, generate, marked_cells, parse_puzzles, solve, verify, Grade, Labeled, Request,
    SolveOptions, MAX_SIDE,
};
use domino::InputError;
use pyo3::exceptions::PyTimeoutError;
use pyo3::prelude::*;

/// The one puzzle of `text`, or the one of `level` in a day file.
fn one_puzzle(text: &str, level: Option<Grade>) -> Result<Labeled, Refusal> {
    let mut puzzles = parse_puzzles(text)?;
    if let Some(grade) = level {
        puzzles.retain(|p| p.level.as_deref() == Some(grade.name()));
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
            "the input holds {n} puzzles; choose one with level=easy, medium or hard"
        )))),
    }
}

/// The grade named by `level`, when given.
fn level_grade(level: Option<&str>) -> PyResult<Option<Grade>> {
    level
        .map(|name| {
            name.parse::<Grade>()
                .map_err(|e| value_error(format!("level: {e}")))
        })
        .transpose()
}

#[pyfunction]
#[pyo3(signature = (text, level = None, limit = None, mode = "unique", time_limit = None, node_limit = None, max_solutions = None))]
#[allow(clippy::too_many_arguments)]
fn pips_solve(
    py: Python<'_>,
    text: &str,
    level: Option<&str>,
    limit: Option<u64>,
    mode: &str,
    time_limit: Option<f64>,
    node_limit: Option<u64>,
    max_solutions: Option<usize>,
) -> PyResult<PyObject> {
    let level = level_grade(level)?;
    let asked = Asked::new(time_limit, node_limit, max_solutions)?;
    let goal = SolveOptions {
        mode: solve_mode(mode)?,
        limit,
        keep: Some(asked.solutions()),
    }
    .goal();
    let (labeled, found) = search(
        py,
        text,
        goal.keep <= INLINE_KEEP,
        asked,
        move |text| one_puzzle(text, level),
        move |labeled, limits| solve(&labeled.puzzle, goal, limits),
    )?;
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
#[pyo3(signature = (text, level = None, time_limit = None, node_limit = None))]
fn pips_count(
    py: Python<'_>,
    text: &str,
    level: Option<&str>,
    time_limit: Option<f64>,
    node_limit: Option<u64>,
) -> PyResult<u128> {
    let level = level_grade(level)?;
    let asked = Asked::new(time_limit, node_limit, None)?;
    let (_, counted) = search(
        py,
        text,
        true,
        asked,
        move |text| one_puzzle(text, level),
        |labeled, limits| count(&labeled.puzzle, limits),
    )?;
    if counted.complete {
        Ok(counted.count)
    } else {
        Err(PyTimeoutError::new_err("a limit stopped the count"))
    }
}

/// The deductions, within `time_limit` (seconds) and Ctrl-C: stopped,
/// the explanation ends where they stopped (`complete` false).
#[pyfunction]
#[pyo3(signature = (text, level = None, time_limit = None))]
fn pips_explain(
    py: Python<'_>,
    text: &str,
    level: Option<&str>,
    time_limit: Option<f64>,
) -> PyResult<PyObject> {
    let level = level_grade(level)?;
    let asked = Asked::new(time_limit, None, None)?;
    let text = text.to_owned();
    let (labeled, explanation) = run(py, move |stop| {
        let labeled = one_puzzle(&text, level)?;
        let explanation = explain(&labeled.puzzle, &asked.limits(Some(stop)));
        Ok::<_, Refusal>((labeled, explanation))
    })?
    .map_err(|refusal| refusal.raise(py))?;
    wrap(
        py,
        Answer::PipsExplain {
            labeled,
            explanation,
        },
    )
}

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
    };
    let asked = Asked::new(time_limit, node_limit, None)?;
    let made = run(py, move |stop| {
        generate(&request, &asked.limits(Some(stop)))
    })?;
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
    let labeled = one_puzzle(text, level_grade(level)?).map_err(|refusal| refusal.raise(py))?;
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
