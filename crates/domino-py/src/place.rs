//! `domino.place`: placement boards solved, counted, explained, graded,
//! generated, and solutions checked.

use crate::report::{Answer, Report};
use crate::results::wrap;
use crate::run::{input_error, run, search, value_error, Asked, Refusal};
use crate::verify_error;
use domino::place::{
    explain, generate, grade, parse_grids, parse_outline, solve, verify, GenerateReport, Grid,
    Level, Outline, Request, SolveMode, SolveOptions,
};
use domino::search::or_list;
use domino::{InputError, Missing, Value};
use pyo3::exceptions::PyTimeoutError;
use pyo3::prelude::*;

/// The one board of `text`, the set named by `set` when given.
fn one_board(text: &str, set: Option<Value>) -> Result<Grid, Refusal> {
    let mut boards = parse_grids(text, set).map_err(|mut e| {
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

/// [`one_board`] on the calling thread, for verify.
fn board_here(py: Python<'_>, text: &str, set: Option<Value>) -> PyResult<Grid> {
    one_board(text, set).map_err(|refusal| refusal.raise(py))
}

/// The most solutions a solve may list and still start on the calling
/// thread: listing many (`mode="all"`) takes time the first try's
/// deadline does not bound everywhere.
pub const INLINE_KEEP: usize = 2;

/// The mode of `solve`'s `mode` argument.
pub fn solve_mode(mode: &str) -> PyResult<SolveMode> {
    match mode {
        "unique" => Ok(SolveMode::Unique),
        "count" => Ok(SolveMode::Count),
        "all" => Ok(SolveMode::All),
        _ => Err(value_error(format!(
            "mode must be unique, count or all, not '{mode}'"
        ))),
    }
}

#[pyfunction]
#[pyo3(signature = (text, set = None, limit = None, mode = "unique", grade = false, time_limit = None, node_limit = None, max_solutions = None))]
#[allow(clippy::too_many_arguments)]
fn place_solve(
    py: Python<'_>,
    text: &str,
    set: Option<Value>,
    limit: Option<u64>,
    mode: &str,
    grade: bool,
    time_limit: Option<f64>,
    node_limit: Option<u64>,
    max_solutions: Option<usize>,
) -> PyResult<PyObject> {
    let asked = Asked::new(time_limit, node_limit, max_solutions)?;
    let options = SolveOptions {
        mode: solve_mode(mode)?,
        limit,
        keep: Some(asked.solutions()),
    };
    let goal = options.goal();
    let (board, (found, grade)) = search(
        py,
        text,
        goal.keep <= INLINE_KEEP && !grade,
        asked,
        move |text| one_board(text, set),
        move |board, limits| {
            let found = solve(board, goal, limits);
            let grade = grade.then(|| domino::place::grade_of(board, &found, limits));
            (found, grade)
        },
    )?;
    wrap(
        py,
        Answer::PlaceSolve {
            board,
            found,
            limit: goal.limit,
            grade,
        },
    )
}

#[pyfunction]
#[pyo3(signature = (text, set = None, time_limit = None, node_limit = None))]
fn place_count(
    py: Python<'_>,
    text: &str,
    set: Option<Value>,
    time_limit: Option<f64>,
    node_limit: Option<u64>,
) -> PyResult<u64> {
    let asked = Asked::new(time_limit, node_limit, None)?;
    let (_, found) = search(
        py,
        text,
        true,
        asked,
        move |text| one_board(text, set),
        |board, limits| solve(board, domino::Goal::count_up_to(u64::MAX), limits),
    )?;
    if !found.complete {
        return Err(PyTimeoutError::new_err(format!(
            "a limit stopped the count at {} solutions",
            found.count
        )));
    }
    Ok(found.count)
}

#[pyfunction]
#[pyo3(signature = (text, set = None, time_limit = None))]
fn place_explain(
    py: Python<'_>,
    text: &str,
    set: Option<Value>,
    time_limit: Option<f64>,
) -> PyResult<PyObject> {
    let asked = Asked::new(time_limit, None, None)?;
    let text = text.to_owned();
    let (board, deduction) = run(py, move |stop| {
        let board = one_board(&text, set)?;
        let deduction = explain(&board, Level::Extreme, &asked.limits(Some(stop)));
        Ok::<_, Refusal>((board, deduction))
    })?
    .map_err(|refusal| refusal.raise(py))?;
    wrap(py, Answer::PlaceExplain { board, deduction })
}

#[pyfunction]
#[pyo3(signature = (text, set = None, time_limit = None))]
fn place_grade(
    py: Python<'_>,
    text: &str,
    set: Option<Value>,
    time_limit: Option<f64>,
) -> PyResult<&'static str> {
    let asked = Asked::new(time_limit, None, None)?;
    let text = text.to_owned();
    let grade = run(py, move |stop| {
        let board = one_board(&text, set)?;
        Ok::<_, Refusal>(grade(&board, &asked.limits(Some(stop))))
    })?
    .map_err(|refusal| refusal.raise(py))?;
    Ok(grade.name())
}

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
        .map_err(|_| value_error(format!("difficulty must be {}", or_list(&Level::NAMES))))?;
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
    let asked = Asked::new(time_limit, None, None)?;
    let made = run(py, move |stop| {
        generate(&request, &asked.limits(Some(stop)))
    })?;
    let puzzle = made.map_err(|e| value_error(e.to_string()))?;
    wrap(py, Answer::PlaceGenerate(GenerateReport { puzzle, seed }))
}

/// Checks every solution a result of `text`'s board holds.
#[pyfunction]
#[pyo3(signature = (text, result, set = None))]
fn place_verify(py: Python<'_>, text: &str, result: &Report, set: Option<Value>) -> PyResult<()> {
    let board = board_here(py, text, set)?;
    let maps = match &result.answer {
        Answer::PlaceSolve { found, .. } => found.solutions.clone(),
        Answer::PlaceGenerate(report) => vec![report.puzzle.solution.clone()],
        _ => return Err(verify_error("not a place solve or generate result")),
    };
    for map in &maps {
        verify(&board, map).map_err(|e| verify_error(e.to_string()))?;
    }
    Ok(())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(place_solve, m)?)?;
    m.add_function(wrap_pyfunction!(place_count, m)?)?;
    m.add_function(wrap_pyfunction!(place_explain, m)?)?;
    m.add_function(wrap_pyfunction!(place_grade, m)?)?;
    m.add_function(wrap_pyfunction!(place_generate, m)?)?;
    m.add_function(wrap_pyfunction!(place_verify, m)?)?;
    Ok(())
}
