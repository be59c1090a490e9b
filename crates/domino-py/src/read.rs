//! `domino.pips.read`: the puzzle a screenshot of the newspaper's Pips
//! shows, read by the library's reader (`domino::pips::read`) off the GIL,
//! with its solutions counted as every door counts them
//! ([`ReadingDocument`]). A picture that gives no reading raises
//! ValueError with the reader's words.

use crate::report::{wrap, Answer};
use crate::run::{run, value_error, Asked};
use domino::pips::read::{read, ReadingDocument, MAX_FILE_BYTES};
use pyo3::prelude::*;

/// Reads the PNG or JPEG file `data` (the Python module reads a path
/// first); `time_limit` (seconds) and Ctrl-C bound the count of solutions.
#[pyfunction]
#[pyo3(signature = (data, time_limit = None))]
fn pips_read(py: Python<'_>, data: Vec<u8>, time_limit: Option<f64>) -> PyResult<PyObject> {
    if data.len() > MAX_FILE_BYTES {
        return Err(value_error(format!(
            "the screenshot is larger than {} MiB, the most the reader takes",
            MAX_FILE_BYTES >> 20
        )));
    }
    let asked = Asked::new(time_limit, None, None)?;
    let answer = run(py, move |stop| {
        let reading = read(&data)?;
        let document = ReadingDocument::new(&reading, &asked.limits(Some(stop)));
        Ok::<_, domino::pips::read::ReadError>(Answer::PipsRead {
            puzzle: reading.puzzle,
            document,
        })
    })?
    .map_err(|e| value_error(e.to_string()))?;
    wrap(py, answer)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("PIPS_READ_MAX_BYTES", MAX_FILE_BYTES)?;
    m.add_function(wrap_pyfunction!(pips_read, m)?)?;
    Ok(())
}
