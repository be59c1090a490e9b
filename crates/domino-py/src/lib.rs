//! The native module `domino._domino`: the library's five families as
//! Python functions. Each takes its input as text in any format the
//! command line reads (the Python package turns dicts and lists into such
//! text first) and returns one of the result classes of [`results`]
//! (each a [`report::Report`]). The Python modules
//! `domino.chain`, `domino.place`, ... wrap these with docstrings.

mod chain;
mod fiveup;
mod pips;
mod place;
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

#[pymodule]
fn _domino(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("InputError", py.get_type::<run::InputError>())?;
    m.add("VerifyError", py.get_type::<VerifyError>())?;
    m.add_class::<report::Report>()?;
    results::register(m)?;
    chain::register(m)?;
    place::register(m)?;
    pips::register(m)?;
    vanish::register(m)?;
    fiveup::register(m)?;
    Ok(())
}
