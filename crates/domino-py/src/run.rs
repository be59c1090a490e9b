//! Running a search from Python: the search runs on a worker thread with
//! the GIL released while the calling thread waits and checks for signals,
//! so Ctrl-C (KeyboardInterrupt) raises the library's stop flag and the
//! search returns at once. Solving and counting, which mostly take
//! microseconds, first run on the calling thread for a few milliseconds
//! and move to a worker only when that is not enough: a thread a call
//! made solving 10,000 small boards take 1.8 times the command line's
//! batch. Also the error types: the library's InputError becomes
//! `domino.InputError` with its line and column.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
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

/// How often the waiting thread looks for a signal: well within the 100 ms
/// a user waits after Ctrl-C.
const SIGNAL_POLL: Duration = Duration::from_millis(20);

/// Runs `work` with the stop flag it is given, off the GIL, on a worker
/// thread; a signal (KeyboardInterrupt) raises the flag, waits for the
/// search to return and raises the signal's exception.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(Arc<AtomicBool>) -> T + Send,
) -> PyResult<T> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    std::thread::scope(|scope| {
        let (send, receive) = mpsc::channel();
        scope.spawn(move || {
            // The receiver outlives the scope's threads; a failed send only
            // means nobody waits any more.
            let _ = send.send(work(flag));
        });
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
                Ok(value) => return Ok(value),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(signal) = py.check_signals() {
                        stop.store(true, Ordering::Relaxed);
                        // The search sees the flag within milliseconds.
                        let _ = py.allow_threads(move || receive.recv());
                        return Err(signal);
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(pyo3::exceptions::PyRuntimeError::new_err(
                        "the search thread ended without an answer",
                    ))
                }
            }
        }
    })
}

/// How long a search runs on the calling thread before it starts again on
/// a worker: Ctrl-C waits at most this long, and a long search loses at
/// most this much.
const INLINE: Duration = Duration::from_millis(10);

/// Runs `work` within `time_limit` seconds (when given) off the GIL,
/// first on the calling thread with a deadline [`INLINE`] from now; a
/// search that meets that deadline is dropped and runs again, from the
/// start and within the caller's own limit, the way [`interruptible`]
/// runs searches. `work` must give the same answer for the same limits.
pub fn search<T: Send>(
    py: Python<'_>,
    time_limit: Option<f64>,
    work: impl Fn(&domino::Limits) -> T + Sync,
) -> PyResult<T> {
    let time = time_limit.map(seconds).transpose()?;
    let started = Instant::now();
    let deadline = time.and_then(|t| started.checked_add(t));
    let inline_end = started + INLINE;
    let quick = domino::Limits {
        deadline: Some(deadline.map_or(inline_end, |d| d.min(inline_end))),
        ..domino::Limits::none()
    };
    let answer = py.allow_threads(|| work(&quick));
    // Before the inline deadline nothing of ours stopped the search: the
    // answer is final (the caller's own deadline may have ended it).
    if Instant::now() < inline_end {
        return Ok(answer);
    }
    drop(answer);
    py.check_signals()?;
    interruptible(py, |stop| {
        work(&domino::Limits {
            deadline,
            stop: Some(stop),
            ..domino::Limits::none()
        })
    })
}

/// The library's limits: `time_limit` seconds from now (when given), the
/// stop flag of [`interruptible`].
pub fn limits(time_limit: Option<f64>, stop: Arc<AtomicBool>) -> PyResult<domino::Limits> {
    let time = time_limit.map(seconds).transpose()?;
    Ok(domino::Limits::new(time, None, Some(stop)))
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
