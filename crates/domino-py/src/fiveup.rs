//! `domino.fiveup`: is an order of plays a legal game of Five Up, what
//! does a game or layout score, and the check of a layout.

use crate::report::{Answer, Report};
use crate::results::wrap;
use crate::run::{input_error, run, Refusal};
use crate::verify_error;
use domino::fiveup::{score_text, verify_layout, GameReport, ScoreError};
use domino::parse_dominoes;
use pyo3::prelude::*;

/// Deciding a game takes no limits: it runs on a worker, which Ctrl-C
/// leaves to finish on its own.
#[pyfunction]
fn fiveup_check(py: Python<'_>, text: &str) -> PyResult<PyObject> {
    let text = text.to_owned();
    let (plays, report) = run(py, move |_| {
        let plays = parse_dominoes(&text)?;
        let report = GameReport::new(&plays);
        Ok::<_, Refusal>((plays, report))
    })?
    .map_err(|refusal| refusal.raise(py))?;
    wrap(py, Answer::FiveupGame { plays, report })
}

#[pyfunction]
fn fiveup_score(py: Python<'_>, text: &str) -> PyResult<PyObject> {
    let text = text.to_owned();
    let scored = run(py, move |_| {
        score_text(&text).map(|r| (serde_json::to_string(&r), r.to_string()))
    })?;
    let (json, text) = match scored {
        Ok(report) => report,
        Err(ScoreError::Input(e)) => return Err(input_error(py, &e)),
        Err(ScoreError::BadLayout(why)) => (
            serde_json::to_string(
                &serde_json::json!({ "valid": false, "reason": why.to_string() }),
            ),
            format!("illegal layout: {why}\n"),
        ),
        Err(ScoreError::Illegal(game)) => (serde_json::to_string(&game), game.text()),
    };
    let json = json.map_err(|e| verify_error(e.to_string()))?;
    wrap(py, Answer::FiveupScore { json, text })
}

/// Checks a legal game's layout against the plays of `text`.
#[pyfunction]
fn fiveup_verify(py: Python<'_>, text: &str, result: &Report) -> PyResult<()> {
    let plays = parse_dominoes(text).map_err(|e| input_error(py, &e))?;
    let Answer::FiveupGame { report, .. } = &result.answer else {
        return Err(verify_error("not a fiveup check result"));
    };
    let legal_moves = report.decision.layout.len();
    verify_layout(
        &plays[..legal_moves.min(plays.len())],
        &report.decision.layout,
    )
    .map_err(|e| verify_error(e.to_string()))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(fiveup_check, m)?)?;
    m.add_function(wrap_pyfunction!(fiveup_score, m)?)?;
    m.add_function(wrap_pyfunction!(fiveup_verify, m)?)?;
    Ok(())
}
