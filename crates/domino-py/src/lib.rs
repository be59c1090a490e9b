//! The native module `domino._domino`: the library's five families (and
//! the printed book, [`book`]) as Python functions. Each takes its input
//! as text in any format the command line reads (the Python package turns
//! dicts and lists into such text first) and returns a [`report::Native`], which the Python modules
//! `domino.chain`, `domino.place`, ... turn into a typed result (its
//! fields from [`results`]).

mod board;
mod book;
mod chain;
mod fiveup;
mod pips;
mod place;
mod read;
mod report;
mod results;
mod run;
mod vanish;

use pyo3::prelude::*;

/// mimalloc, as the command line has: the searches allocate many small
/// buffers, and with the system allocator solving 10,000 small boards
/// from Python took a third longer than the command line's batch.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A check that failed, for the `verify` functions.
pub(crate) fn verify_error(message: impl Into<String>) -> PyErr {
    VerifyError::new_err(message.into())
}

pyo3::create_exception!(
    domino,
    VerifyError,
    pyo3::exceptions::PyValueError,
    "An answer that breaks the rules of its puzzle."
);

/// The text of the file at `path`, read as the command line reads its
/// INPUT: at most [`domino::MAX_INPUT_BYTES`], UTF-8 (an `InputError` at
/// the first bad byte, naming the file). A file that cannot be read
/// raises the OSError of its cause (FileNotFoundError, ...).
#[pyfunction]
fn read_file(py: Python<'_>, path: std::path::PathBuf) -> PyResult<String> {
    use std::io::Read;
    let name = path.display().to_string();
    let bytes = py
        .allow_threads(|| {
            let mut bytes = Vec::new();
            std::fs::File::open(&path)?
                .take(domino::MAX_INPUT_BYTES as u64 + 1)
                .read_to_end(&mut bytes)?;
            Ok::<_, std::io::Error>(bytes)
        })
        .map_err(|e| match e.raw_os_error() {
            // OSError(errno, message, filename) makes the subclass of the
            // errno (FileNotFoundError, PermissionError, ...) naming the file.
            Some(code) => pyo3::exceptions::PyOSError::new_err((code, e.to_string(), name.clone())),
            None => pyo3::exceptions::PyOSError::new_err(format!("{name}: {e}")),
        })?;
    if bytes.len() > domino::MAX_INPUT_BYTES {
        return Err(run::value_error(format!(
            "{name}: the input is larger than {} MiB, the most any command reads",
            domino::MAX_INPUT_BYTES >> 20
        )));
    }
    domino::text_from_bytes(bytes).map_err(|mut e| {
        e.message = format!("{name}: {}", e.message);
        run::input_error(py, &e)
    })
}

/// The library's defaults and ceilings, as module constants the Python
/// modules check their arguments against (the same in every door).
fn add_limits(m: &Bound<'_, PyModule>) -> PyResult<()> {
    use domino::search::defaults;
    m.add("SOLUTIONS_LISTED", defaults::SOLUTIONS_LISTED)?;
    m.add("SOLUTIONS_LISTED_MAX", defaults::SOLUTIONS_LISTED_MAX)?;
    m.add("SEARCH_MEMORY", defaults::SEARCH_MEMORY)?;
    m.add("BEAM_WIDTH_MIN", *defaults::BEAM_WIDTH.start())?;
    m.add("BEAM_WIDTH_MAX", *defaults::BEAM_WIDTH.end())?;
    m.add("BEAM_WIDTH_DEFAULT", defaults::BEAM_WIDTH_DEFAULT)?;
    m.add("MAX_INPUT_BYTES", domino::MAX_INPUT_BYTES)?;
    m.add("PIPS_MAX_SIDE", domino::pips::MAX_SIDE)?;
    m.add("PLACE_MAX_SET", domino::place::Request::MAX_SET)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("VANISH_MAX_SQUARES", domino::vanish::MAX_GENERATED_SQUARES)?;
    m.add(
        "VANISH_MAX_CLEARABLE_SQUARES",
        domino::vanish::MAX_CLEARABLE_SQUARES,
    )?;
    m.add("SEARCH_STACK", run::STACK)?;
    // The names of the levels, grades and algorithms, written once in the
    // library (domino::names).
    m.add("PLACE_LEVELS", domino::place::Level::NAMES.to_vec())?;
    m.add("PLACE_GRADES", domino::place::Grade::NAMES.to_vec())?;
    m.add("PIPS_GRADES", domino::pips::Grade::NAMES.to_vec())?;
    m.add(
        "VANISH_ALGORITHMS",
        domino::vanish::Algorithm::NAMES.to_vec(),
    )?;
    Ok(())
}

#[pymodule]
fn _domino(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    add_limits(m)?;
    m.add_function(wrap_pyfunction!(read_file, m)?)?;
    m.add("InputError", py.get_type::<run::InputError>())?;
    m.add("VerifyError", py.get_type::<VerifyError>())?;
    m.add_class::<report::Native>()?;
    m.add_function(wrap_pyfunction!(report::_kept, m)?)?;
    chain::register(m)?;
    place::register(m)?;
    pips::register(m)?;
    read::register(m)?;
    vanish::register(m)?;
    fiveup::register(m)?;
    book::register(m)?;
    Ok(())
}
