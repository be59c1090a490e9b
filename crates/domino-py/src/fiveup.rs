//! `domino.fiveup`: is an order of plays a legal game of Five Up, what
//! does a game or layout score, and the check of a layout.

use crate::report::wrap;
use crate::report::FiveupScored;
use crate::report::{Answer, Native};
use crate::run::{input_error, run, Refusal};
use crate::verify_error;
use domino::fiveup::{
    is_layout_text, parse_layout, score_text, verify_layout, GameReport, ScoreError, ScoreReport,
};
use domino::render::{fiveup_svg, FiveUpPicture};
use domino::{parse_dominoes, InputError};
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

/// The picture of what `score` read: the layout given, or the layout the
/// plays make (up to their first illegal move).
fn score_picture(text: &str) -> Result<String, InputError> {
    if is_layout_text(text) {
        let (_, layout) = parse_layout(text)?;
        return Ok(fiveup_svg(&FiveUpPicture {
            plays: &layout,
            illegal: None,
        }));
    }
    Ok(GameReport::new(&parse_dominoes(text)?).svg())
}

#[pyfunction]
fn fiveup_score(py: Python<'_>, text: &str) -> PyResult<PyObject> {
    let text = text.to_owned();
    let scored = run(py, move |_| {
        let svg = score_picture(&text)?;
        Ok::<_, InputError>((score_text(&text), svg))
    })?;
    let (scored, svg) = scored.map_err(|e| input_error(py, &e))?;
    let (json, text, score) = match scored {
        Ok(report) => {
            let score = match &report {
                ScoreReport::Layout(layout) => FiveupScored {
                    legal: true,
                    total: Some(layout.total),
                    ..FiveupScored::default()
                },
                ScoreReport::Order { range, .. } => FiveupScored {
                    legal: true,
                    best: range.best,
                    worst: range.worst,
                    reason: range.why.clone(),
                    ..FiveupScored::default()
                },
            };
            (serde_json::to_string(&report), report.to_string(), score)
        }
        Err(ScoreError::Input(e)) => return Err(input_error(py, &e)),
        Err(ScoreError::BadLayout(why)) => (
            serde_json::to_string(
                &serde_json::json!({ "valid": false, "reason": why.to_string() }),
            ),
            format!("illegal layout: {why}\n"),
            FiveupScored {
                reason: Some(why.to_string()),
                ..FiveupScored::default()
            },
        ),
        Err(ScoreError::Illegal(game)) => {
            let reason = game.decision.illegal.as_ref().map(|m| m.to_string());
            (
                serde_json::to_string(&game),
                game.text(),
                FiveupScored {
                    reason,
                    ..FiveupScored::default()
                },
            )
        }
    };
    let json = json.map_err(|e| verify_error(e.to_string()))?;
    wrap(
        py,
        Answer::FiveupScore {
            json,
            text,
            svg,
            score,
        },
    )
}

/// Checks a legal game's layout against the plays of `text`.
#[pyfunction]
fn fiveup_verify(py: Python<'_>, text: &str, result: &Native) -> PyResult<()> {
    let plays = parse_dominoes(text).map_err(|e| input_error(py, &e))?;
    let Answer::FiveupGame { report, .. } = crate::report::held(result)? else {
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
