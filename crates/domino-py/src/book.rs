//! `domino.book(...)`: a PDF of graded placement and Pips puzzles with
//! their answers, the library's `render::book` as `domino book` writes it.
//! The Python wrapper (python/domino/_book.py) checks the arguments' types;
//! the library checks their meaning (levels, sets, the page limit) before
//! any puzzle is made, and the puzzles are made off the GIL.

use crate::run::{run, value_error, Asked};
use domino::pips::Grade;
use domino::place::Level;
use domino::render::book::{check, make_book, BookRequest, Paper, Section};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// The library's request from the arguments; a ValueError names a bad one.
fn request(
    place: Vec<(u32, String, usize)>,
    pips: Vec<(String, usize)>,
    per_page: Option<usize>,
    paper: &str,
    steps: usize,
    seed: u64,
    title: String,
) -> PyResult<BookRequest> {
    let mut sections = Vec::new();
    for (set, difficulty, count) in place {
        let level: Level = difficulty
            .parse()
            .map_err(|e| value_error(format!("place difficulty: {e}")))?;
        sections.push(Section::Place {
            set: set.into(),
            level,
            count,
        });
    }
    for (difficulty, count) in pips {
        let grade: Grade = difficulty
            .parse()
            .map_err(|e| value_error(format!("pips difficulty: {e}")))?;
        sections.push(Section::Pips { grade, count });
    }
    let paper: Paper = paper
        .parse()
        .map_err(|e| value_error(format!("paper: {e}")))?;
    Ok(BookRequest {
        title,
        sections,
        per_page,
        paper,
        steps,
        seed,
    })
}

#[pyfunction]
#[pyo3(signature = (place, pips, per_page = None, paper = "a4", steps = 0, seed = BookRequest::SEED, title = BookRequest::TITLE.to_string(), time_limit = None))]
#[allow(clippy::too_many_arguments)]
fn book_pdf<'py>(
    py: Python<'py>,
    place: Vec<(u32, String, usize)>,
    pips: Vec<(String, usize)>,
    per_page: Option<usize>,
    paper: &str,
    steps: usize,
    seed: u64,
    title: String,
    time_limit: Option<f64>,
) -> PyResult<Bound<'py, PyBytes>> {
    let asked = request(place, pips, per_page, paper, steps, seed, title)?;
    check(&asked).map_err(|e| value_error(e.to_string()))?;
    let limits = Asked::new(time_limit, None, None)?;
    let pdf = run(py, move |stop| {
        let book = make_book(&asked, &limits.limits(Some(stop))).map_err(|e| e.to_string())?;
        book.pdf().map_err(|e| e.to_string())
    })?
    .map_err(value_error)?;
    Ok(PyBytes::new(py, &pdf))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(book_pdf, m)?)?;
    m.add("BOOK_MAX_PAGES", BookRequest::MAX_PAGES)?;
    m.add("BOOK_MAX_STEPS", BookRequest::MAX_STEPS)?;
    m.add("BOOK_MAX_SET", BookRequest::MAX_SET)?;
    m.add("BOOK_TITLE", BookRequest::TITLE)?;
    Ok(())
}
