//! `domino.chain`: one line through every domino, the longest line, and
//! the check of either.

use crate::report::wrap;
use crate::report::{Answer, Native};
use crate::run::{input_error, linear, search, Asked};
use crate::verify_error;
use domino::chain::{self, verify_chain, verify_line, Ends};
use domino::parse_dominoes;
use pyo3::prelude::*;

fn ends(open: bool) -> Ends {
    if open {
        Ends::Open
    } else {
        Ends::Closed
    }
}

/// A line through every piece takes time linear in the hand: no limits.
#[pyfunction]
#[pyo3(signature = (text, open = false))]
fn chain_solve(py: Python<'_>, text: &str, open: bool) -> PyResult<PyObject> {
    let ends = ends(open);
    let (hand, result) = linear(py, text, move |text| {
        let hand = parse_dominoes(text)?;
        let result = chain::solve(&hand, ends);
        Ok((hand, result))
    })?;
    wrap(py, Answer::Chain { hand, ends, result })
}

#[pyfunction]
#[pyo3(signature = (text, start = None, time_limit = None, node_limit = None))]
fn chain_longest(
    py: Python<'_>,
    text: &str,
    start: Option<domino::Value>,
    time_limit: Option<f64>,
    node_limit: Option<u64>,
) -> PyResult<PyObject> {
    let asked = Asked::new(time_limit, node_limit, None)?;
    let (hand, best) = search(
        py,
        text,
        true,
        asked,
        |text| Ok(parse_dominoes(text)?),
        move |hand, limits| chain::longest(hand, start, limits),
    )?;
    wrap(py, Answer::Longest { hand, start, best })
}

/// Checks a chain or longest line of `text`'s hand without the solver.
#[pyfunction]
fn chain_verify(py: Python<'_>, text: &str, result: &Native) -> PyResult<()> {
    let hand = parse_dominoes(text).map_err(|e| input_error(py, &e))?;
    let checked = match crate::report::held(result)? {
        Answer::Chain {
            ends,
            result: Ok(chain),
            ..
        } => verify_chain(&hand, chain, *ends),
        Answer::Chain { result: Err(_), .. } => return Ok(()),
        Answer::Longest { start, best, .. } => verify_line(&hand, &best.line, *start),
        _ => return Err(verify_error("not a chain result")),
    };
    checked.map_err(|e| verify_error(e.to_string()))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(chain_solve, m)?)?;
    m.add_function(wrap_pyfunction!(chain_longest, m)?)?;
    m.add_function(wrap_pyfunction!(chain_verify, m)?)?;
    Ok(())
}
