//! `domino.vanish`: boards of vanishing pieces solved by any algorithm,
//! every algorithm compared, boards generated, removal orders checked.

use crate::report::wrap;
use crate::report::{Answer, Native};
use crate::run::{input_error, run, seconds, value_error, Refusal, CHEAP_TEXT};
use crate::verify_error;
use domino::vanish::{
    generate, generate_clearable, parse_board, verify_order, Algorithm, Board, CompareReport,
    GenerateError, Options, Request, SolveReport,
};
use domino::Value;
use pyo3::exceptions::PyTimeoutError;
use pyo3::prelude::*;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

fn board(py: Python<'_>, text: &str) -> PyResult<Board> {
    parse_board(text).map_err(|e| input_error(py, &e))
}

/// The options of `runs` searches (an algorithm on a board each):
/// `time_limit` is each run's, so together they get it `runs` times (a
/// comparison shares that among them); the memory is every door's
/// default; the library checks the beam width.
fn options(
    time_limit: Option<f64>,
    beam_width: usize,
    seed: u64,
    stop: Arc<AtomicBool>,
    runs: usize,
    node_limit: Option<u64>,
) -> PyResult<Options> {
    let time = time_limit.map(seconds).transpose()?.map(|t| {
        t.checked_mul(u32::try_from(runs).unwrap_or(u32::MAX))
            .unwrap_or(std::time::Duration::MAX)
    });
    Ok(Options {
        limits: domino::Limits::standard(time, node_limit, Some(stop)),
        beam_width,
        seed,
        ..Options::default()
    })
}

/// The board of `text`, parsed on the calling thread when it is small
/// and on the worker (which parses it with the returned function) when
/// it is not.
fn board_text(py: Python<'_>, text: &str) -> PyResult<Result<Board, String>> {
    if text.len() > CHEAP_TEXT {
        Ok(Err(text.to_owned()))
    } else {
        board(py, text).map(Ok)
    }
}

#[pyfunction]
#[pyo3(signature = (text, algorithm = "exact", time_limit = None, beam_width = domino::search::defaults::BEAM_WIDTH_DEFAULT, seed = 1, node_limit = None))]
fn vanish_solve(
    py: Python<'_>,
    text: &str,
    algorithm: &str,
    time_limit: Option<f64>,
    beam_width: usize,
    seed: u64,
    node_limit: Option<u64>,
) -> PyResult<PyObject> {
    let algorithm: Algorithm = algorithm.parse().map_err(value_error)?;
    // Checked before any work; `options` reads it again on the worker.
    time_limit.map(seconds).transpose()?;
    let board = board_text(py, text)?;
    let (board, solution, secs) = run(py, move |stop| {
        let board = board.or_else(|text| parse_board(&text))?;
        let options =
            options(time_limit, beam_width, seed, stop, 1, node_limit).map_err(Refusal::Python)?;
        let (solution, secs) = SolveReport::new(&board, algorithm, &options, None)
            .map(|report| (report.solution, report.seconds))
            .map_err(|e| Refusal::Value(e.to_string()))?;
        Ok::<_, Refusal>((board, solution, secs))
    })?
    .map_err(|refusal| refusal.raise(py))?;
    wrap(
        py,
        Answer::VanishSolve {
            board,
            algorithm,
            solution,
            seconds: secs,
        },
    )
}

#[pyfunction]
#[pyo3(signature = (texts, names, time_limit = None, beam_width = domino::search::defaults::BEAM_WIDTH_DEFAULT, seed = 1, node_limit = None))]
fn vanish_compare(
    py: Python<'_>,
    texts: Vec<String>,
    names: Vec<String>,
    time_limit: Option<f64>,
    beam_width: usize,
    seed: u64,
    node_limit: Option<u64>,
) -> PyResult<PyObject> {
    // Checked before any work; `options` reads it again on the worker.
    time_limit.map(seconds).transpose()?;
    let report = run(py, move |stop| {
        let boards = texts
            .iter()
            .zip(names)
            .map(|(text, name)| parse_board(text).map(|b| (name, b)))
            .collect::<Result<Vec<_>, _>>()?;
        let runs = boards.len() * Algorithm::ALL.len();
        let options = options(time_limit, beam_width, seed, stop, runs, node_limit)
            .map_err(Refusal::Python)?;
        CompareReport::new(&boards, &options, None).map_err(|e| Refusal::Value(e.to_string()))
    })?
    .map_err(|refusal| refusal.raise(py))?;
    wrap(py, Answer::VanishCompare(report))
}

#[pyfunction]
#[pyo3(signature = (width, height, max_value, seed = 1, clearable = false, time_limit = None))]
fn vanish_generate(
    py: Python<'_>,
    width: usize,
    height: usize,
    max_value: Value,
    seed: u64,
    clearable: bool,
    time_limit: Option<f64>,
) -> PyResult<PyObject> {
    let time = time_limit.map(seconds).transpose()?;
    let request = Request {
        width,
        height,
        max_value,
        seed,
    };
    // Up to a million squares: a worker's work, within the time limit and
    // Ctrl-C when clearable (a plain board takes at most a second).
    let board = run(py, move |stop| {
        if clearable {
            let limits = domino::Limits::new(time, None, Some(stop));
            generate_clearable(&request, &limits).map(|(b, _)| b)
        } else {
            generate(&request)
        }
    })?
    .map_err(|e| match e {
        GenerateError::Stopped => PyTimeoutError::new_err(e.to_string()),
        _ => value_error(e.to_string()),
    })?;
    wrap(py, Answer::VanishBoard(board))
}

/// Replays a result's removal order on `text`'s board; the score it leaves.
#[pyfunction]
fn vanish_verify(py: Python<'_>, text: &str, result: &Native) -> PyResult<usize> {
    let board = board(py, text)?;
    let Answer::VanishSolve { solution, .. } = crate::report::held(result)? else {
        return Err(verify_error("not a vanish solve result"));
    };
    let score = verify_order(&board, &solution.order).map_err(|e| verify_error(e.to_string()))?;
    if score != solution.score {
        return Err(verify_error(format!(
            "the order leaves {score} pieces, the result says {}",
            solution.score
        )));
    }
    Ok(score)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(vanish_solve, m)?)?;
    m.add_function(wrap_pyfunction!(vanish_compare, m)?)?;
    m.add_function(wrap_pyfunction!(vanish_generate, m)?)?;
    m.add_function(wrap_pyfunction!(vanish_verify, m)?)?;
    Ok(())
}
