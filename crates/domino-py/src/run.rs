//! Running a search from Python. Every call that can take long runs on a
//! worker thread with the stack the library needs ([`STACK`]) and the GIL
//! released, while the calling thread waits and checks for signals: Ctrl-C
//! (KeyboardInterrupt) raises the library's stop flag, and the call returns
//! within [`SIGNAL_POLL`] + [`GRACE`] whether or not the work has noticed
//! the flag by then. Solving and counting a small input (at most
//! [`CHEAP_TEXT`] bytes), which mostly takes microseconds, first runs on
//! the calling thread for at most [`INLINE`] and moves to a worker only
//! when that is not enough: a thread a call made solving 10,000 small
//! boards take 1.8 times the command line's batch. Also the limits every
//! search gets (the library's standard ones, as every door applies them)
//! and the error types: the library's InputError becomes
//! `domino.InputError` with its line and column.

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::{Duration, Instant};

create_exception!(
    domino,
    InputError,
    PyValueError,
    "Input that does not follow its format; `line` and `column` (1-based, or None) say where."
);

/// `domino.InputError` from the library's error, with `line`, `column`
/// and `message` set on the exception.
pub fn input_error(py: Python<'_>, error: &domino::InputError) -> PyErr {
    let err = InputError::new_err(error.to_string());
    let value = err.value(py);
    let (line, column) = match error.position {
        Some(p) => (Some(p.line), Some(p.column)),
        None => (None, None),
    };
    // Setting attributes on a fresh exception object cannot fail in
    // practice; if it did, the message still says where.
    let _ = value.setattr("line", line);
    let _ = value.setattr("column", column);
    let _ = value.setattr("message", error.message.as_str());
    err
}

/// A request that does not make sense (an unknown level, a bad size).
pub fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// Why a call gives no answer, found where no Python exception can be
/// made (on a worker thread, without the GIL): raised by [`Refusal::raise`].
pub enum Refusal {
    /// The input does not follow its format.
    Input(domino::InputError),
    /// A request that does not make sense.
    Value(String),
    /// An exception made already.
    Python(PyErr),
}

impl From<domino::InputError> for Refusal {
    fn from(error: domino::InputError) -> Self {
        Refusal::Input(error)
    }
}

impl Refusal {
    /// The Python exception: `domino.InputError` or `ValueError`.
    pub fn raise(self, py: Python<'_>) -> PyErr {
        match self {
            Refusal::Input(error) => input_error(py, &error),
            Refusal::Value(message) => value_error(message),
            Refusal::Python(error) => error,
        }
    }
}

/// The stack of every thread that runs a search: the 8 MiB the command
/// line's main thread has, which the library counts on (its longest line
/// recurses once per piece laid and gives hands above 10,000 pieces a
/// thread of their own). A thread's default 2 MiB crashed on hands of
/// 8,000 pieces.
pub const STACK: usize = 8 << 20;

/// How often the waiting thread looks for a signal: well within the
/// 200 ms a user waits after Ctrl-C.
const SIGNAL_POLL: Duration = Duration::from_millis(20);

/// How long a call waits, after Ctrl-C raised the stop flag, for its work
/// to return; work that has not noticed the flag by then (a step of the
/// library that does not watch it) is left to finish on its own, its
/// answer dropped, and the call raises KeyboardInterrupt at once.
const GRACE: Duration = Duration::from_millis(100);

/// Runs `work` with the stop flag it is given on a worker thread of
/// [`STACK`] bytes, off the GIL; a signal (KeyboardInterrupt) raises the
/// flag, waits at most [`GRACE`] for the work to return and raises the
/// signal's exception.
pub fn run<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce(Arc<AtomicBool>) -> T + Send + 'static,
) -> PyResult<T> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let (send, receive) = mpsc::channel();
    let worker = std::thread::Builder::new()
        .name("domino-search".into())
        .stack_size(STACK)
        .spawn(move || {
            // A failed send only means nobody waits any more (Ctrl-C).
            let _ = send.send(work(flag));
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start a search thread: {e}")))?;
    // The receiver moves in and out of each wait: it may be sent to
    // another thread but not shared with one.
    let mut receive = receive;
    loop {
        let (waited, back) = py.allow_threads(move || {
            let waited = receive.recv_timeout(SIGNAL_POLL);
            (waited, receive)
        });
        receive = back;
        match waited {
            Ok(value) => {
                // The thread has sent its last word: joining is immediate.
                let _ = py.allow_threads(move || worker.join());
                return Ok(value);
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Err(signal) = py.check_signals() {
                    stop.store(true, Ordering::Relaxed);
                    // A search sees the flag within milliseconds; its
                    // answer is dropped either way.
                    let _ = py.allow_threads(move || receive.recv_timeout(GRACE));
                    return Err(signal);
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "the search thread ended without an answer",
                ))
            }
        }
    }
}

/// The largest input text parsed and searched on the calling thread
/// first (as the service's inline tries): a larger one may take more
/// than [`INLINE`] before its search even starts, so it is parsed and
/// searched on a worker.
pub const CHEAP_TEXT: usize = 4096;

/// How long a search runs on the calling thread before it starts again on
/// a worker: Ctrl-C waits at most this long, and a long search loses at
/// most this much.
const INLINE: Duration = Duration::from_millis(10);

/// The limits a caller asked for, with the library's standard memory
/// bound and listing cap (as every door applies them); the clock starts
/// when they are made, at the call.
#[derive(Clone)]
pub struct Asked {
    deadline: Option<Instant>,
    nodes: Option<u64>,
    solutions: usize,
}

impl Asked {
    /// `time_limit` seconds from now, at most `node_limit` nodes, at most
    /// `max_solutions` solutions listed (default
    /// [`domino::search::defaults::SOLUTIONS_LISTED`]).
    pub fn new(
        time_limit: Option<f64>,
        node_limit: Option<u64>,
        max_solutions: Option<usize>,
    ) -> PyResult<Asked> {
        use domino::search::defaults::{SOLUTIONS_LISTED, SOLUTIONS_LISTED_MAX};
        let time = time_limit.map(seconds).transpose()?;
        let solutions = max_solutions.unwrap_or(SOLUTIONS_LISTED);
        if !(1..=SOLUTIONS_LISTED_MAX).contains(&solutions) {
            return Err(value_error(format!(
                "max_solutions must be an integer from 1 to {SOLUTIONS_LISTED_MAX}, not {solutions}"
            )));
        }
        Ok(Asked {
            deadline: time.and_then(|t| Instant::now().checked_add(t)),
            nodes: node_limit,
            solutions,
        })
    }

    /// The most solutions a search lists.
    pub fn solutions(&self) -> usize {
        self.solutions
    }

    /// The library's limits: [`domino::Limits::standard`] with these.
    pub fn limits(&self, stop: Option<Arc<AtomicBool>>) -> domino::Limits {
        domino::Limits {
            deadline: self.deadline,
            solutions: Some(self.solutions),
            ..domino::Limits::standard(None, self.nodes, stop)
        }
    }
}

/// Parses `text` and runs `work` on it within `asked` (Ctrl-C stops it),
/// giving back the parsed input with the answer. When `inline` (work
/// that watches the deadline throughout: no long list of solutions to
/// build, no grading), a small text is parsed and searched on the calling
/// thread first with a deadline [`INLINE`] from now; a search that meets that deadline is dropped and runs again
/// on a worker, from the start and within the caller's own limits, the
/// way [`run`] runs searches. `work` must give the same answer for the
/// same limits.
pub fn search<I, T>(
    py: Python<'_>,
    text: &str,
    inline: bool,
    asked: Asked,
    parse: impl FnOnce(&str) -> Result<I, Refusal> + Send + 'static,
    work: impl Fn(&I, &domino::Limits) -> T + Send + Sync + 'static,
) -> PyResult<(I, T)>
where
    I: Send + Sync + 'static,
    T: Send + 'static,
{
    if !inline || text.len() > CHEAP_TEXT {
        let text = text.to_owned();
        return run(py, move |stop| {
            let input = parse(&text)?;
            let answer = work(&input, &asked.limits(Some(stop)));
            Ok((input, answer))
        })?
        .map_err(|refusal: Refusal| refusal.raise(py));
    }
    let input = parse(text).map_err(|refusal| refusal.raise(py))?;
    let inline_end = Instant::now() + INLINE;
    let quick = domino::Limits {
        deadline: Some(asked.deadline.map_or(inline_end, |d| d.min(inline_end))),
        ..asked.limits(None)
    };
    let answer = py.allow_threads(|| work(&input, &quick));
    // Before the inline deadline nothing of ours stopped the search: the
    // answer is final (the caller's own limits may have ended it).
    if Instant::now() < inline_end {
        return Ok((input, answer));
    }
    drop(answer);
    py.check_signals()?;
    run(py, move |stop| {
        let answer = work(&input, &asked.limits(Some(stop)));
        (input, answer)
    })
}

/// Runs `work` on a worker ([`run`]) when `text` is larger than
/// [`CHEAP_TEXT`], else on the calling thread (off the GIL): for work
/// that is linear in its input and has no limits to stop it.
pub fn linear<T: Send + 'static>(
    py: Python<'_>,
    text: &str,
    work: impl FnOnce(&str) -> Result<T, Refusal> + Send + 'static,
) -> PyResult<T> {
    let answer = if text.len() > CHEAP_TEXT {
        let text = text.to_owned();
        run(py, move |_| work(&text))?
    } else {
        py.allow_threads(|| work(text))
    };
    answer.map_err(|refusal| refusal.raise(py))
}

/// A number of seconds >= 0 as a duration.
pub fn seconds(secs: f64) -> PyResult<Duration> {
    if !secs.is_finite() || secs < 0.0 {
        return Err(value_error(format!(
            "time_limit must be a number of seconds >= 0, not {secs}"
        )));
    }
    Ok(Duration::from_secs_f64(secs.min(1e9)))
}
