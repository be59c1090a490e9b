//! `domino.vanish`: boards of vanishing pieces solved by any algorithm,
//! every algorithm compared, boards generated, removal orders checked.

use crate::report::{Answer, Report};
use crate::results::wrap;
use crate::run::{input_error, interruptible, seconds, value_error};
use crate::verify_error;
use domino::vanish::{
    generate, generate_clearable, parse_board, verify_order, Algorithm, Board, CompareReport,
    Options, Request, SolveReport,
};
use domino::Value;
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
) -> PyResult<Options> {
    let time = time_limit.map(seconds).transpose()?.map(|t| {
        t.checked_mul(u32::try_from(runs).unwrap_or(u32::MAX))
            .unwrap_or(std::time::Duration::MAX)
    });
    Ok(Options {
        limits: domino::Limits::standard(time, None, Some(stop)),
        beam_width,
        seed,
        ..Options::default()
    })
}

#[pyfunction]
#[pyo3(signature = (text, algorithm = "exact", time_limit = None, beam_width = 64, seed = 1))]
fn vanish_solve(
    py: Python<'_>,
    text: &str,
    algorithm: &str,
    time_limit: Option<f64>,
    beam_width: usize,
    seed: u64,
) -> PyResult<PyObject> {
    let algorithm: Algorithm = algorithm.parse().map_err(value_error)?;
    let board = board(py, text)?;
    let (solution, secs) = interruptible(py, |stop| {
        options(time_limit, beam_width, seed, stop, 1).and_then(|options| {
            let report = SolveReport::new(&board, algorithm, &options, None)
                .map_err(|e| value_error(e.to_string()))?;
            Ok((report.solution, report.seconds))
        })
    })??;
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
#[pyo3(signature = (texts, names, time_limit = None, beam_width = 64, seed = 1))]
fn vanish_compare(
    py: Python<'_>,
    texts: Vec<String>,
    names: Vec<String>,
    time_limit: Option<f64>,
    beam_width: usize,
    seed: u64,
) -> PyResult<PyObject> {
    let boards = texts
        .iter()
        .zip(names)
        .map(|(text, name)| board(py, text).map(|b| (name, b)))
        .collect::<PyResult<Vec<_>>>()?;
    let report = interruptible(py, |stop| {
        let runs = boards.len() * Algorithm::ALL.len();
        options(time_limit, beam_width, seed, stop, runs).and_then(|options| {
            CompareReport::new(&boards, &options, None).map_err(|e| value_error(e.to_string()))
        })
    })??;
    wrap(py, Answer::VanishCompare(report))
}

#[pyfunction]
#[pyo3(signature = (width, height, max_value, seed = 1, clearable = false))]
fn vanish_generate(
    py: Python<'_>,
    width: usize,
    height: usize,
    max_value: Value,
    seed: u64,
    clearable: bool,
) -> PyResult<PyObject> {
    let request = Request {
        width,
        height,
        max_value,
        seed,
    };
    let board = if clearable {
        generate_clearable(&request).map(|(b, _)| b)
    } else {
        generate(&request)
    }
    .map_err(|e| value_error(e.to_string()))?;
    wrap(py, Answer::VanishBoard(board))
}

/// Replays a result's removal order on `text`'s board; the score it leaves.
#[pyfunction]
fn vanish_verify(py: Python<'_>, text: &str, result: &Report) -> PyResult<usize> {
    let board = board(py, text)?;
    let Answer::VanishSolve { solution, .. } = &result.answer else {
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
