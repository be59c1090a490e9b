//! Work numbered 0, 1, 2, ... done on several threads and handed back in
//! order ([`in_order`]), and the `--count` runs of the generators built on
//! it ([`each_seed`]): puzzles made side by side and still printed seed by
//! seed, a chunk at a time, so a puzzle maker asking for thousands sees
//! them come and memory stays bounded.

use crate::args::CountArgs;
use crate::input::{emit, stop_on_ctrl_c, CliError};
use crate::Verdict;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// Results a chunk holds per thread before they are handed on: enough that
/// one slow item seldom leaves a thread idle, few enough that output comes
/// early.
const CHUNK_PER_THREAD: u64 = 8;

/// Runs `work(k)` for every k in `0..count` on `threads` threads and hands
/// each result to `take` in the order of k. Stops at the first `Err` of
/// `take` (after the chunk under way), which it returns.
pub fn in_order<T: Send, E>(
    count: u64,
    threads: usize,
    work: impl Fn(u64) -> T + Sync,
    mut take: impl FnMut(T) -> Result<(), E>,
) -> Result<(), E> {
    let threads = threads.max(1) as u64;
    let mut start = 0;
    while start < count {
        let end = count.min(start.saturating_add(threads * CHUNK_PER_THREAD));
        let next = AtomicU64::new(start);
        let slots: Vec<Mutex<Option<T>>> = (start..end).map(|_| Mutex::new(None)).collect();
        std::thread::scope(|scope| {
            for _ in 0..threads.min(end - start) {
                scope.spawn(|| loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= end {
                        break;
                    }
                    let result = work(k);
                    if let Ok(mut slot) = slots[(k - start) as usize].lock() {
                        *slot = Some(result);
                    }
                });
            }
        });
        for slot in slots {
            if let Ok(Some(result)) = slot.into_inner() {
                take(result)?;
            }
        }
        start = end;
    }
    Ok(())
}

/// What a generator made of one seed.
pub enum Made {
    /// The puzzle, as it is printed (a JSON document a line, or text).
    Puzzle(String),
    /// The run cannot go on (exit 2): a request no puzzle meets, a
    /// puzzle that cannot be printed as asked or fails its check.
    Invalid(String),
    /// No puzzle for this seed (a negative answer): the message.
    Missed(String),
}

/// Makes the puzzles of `count` seeds from `first` on with `make` on
/// `threads` threads (default every core) and prints each as soon as the
/// seeds before it are done: one a line when `one_a_line` (JSON documents,
/// game IDs), else a blank line between. A seed with
/// no puzzle is named on standard error and skipped (the verdict is then
/// No); Ctrl-C ends the run after the puzzles made so far; a request that
/// can never be met is a usage error.
pub fn each_seed(
    count: &CountArgs,
    first: u64,
    one_a_line: bool,
    make: impl Fn(u64) -> Made + Sync,
) -> Result<Verdict, CliError> {
    let threads = count.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n as usize,
    );
    let stop = stop_on_ctrl_c();
    let mut all_found = true;
    let mut printed = false;
    let seed = |k: u64| first.wrapping_add(k);
    let done = in_order(
        count.count,
        threads,
        |k| (seed(k), make(seed(k))),
        |(seed, made)| match made {
            Made::Puzzle(mut out) => {
                if !one_a_line && printed {
                    out.insert(0, '\n');
                }
                printed = true;
                emit(out.as_bytes()).map_err(Halt::Failed)
            }
            Made::Invalid(message) => Err(Halt::Failed(CliError::Usage(message))),
            // Not bad input: a negative answer, like "no solution"; the
            // other seeds still make theirs, unless Ctrl-C ends the run.
            Made::Missed(message) => {
                if count.count > 1 {
                    eprintln!("domino: seed {seed}: {message}");
                } else {
                    eprintln!("domino: {message}");
                }
                all_found = false;
                if stop.load(Ordering::Relaxed) {
                    Err(Halt::Interrupted)
                } else {
                    Ok(())
                }
            }
        },
    );
    match done {
        Ok(()) | Err(Halt::Interrupted) => Ok(Verdict::from(all_found)),
        Err(Halt::Failed(e)) => Err(e),
    }
}

/// Why a `--count` run ended before its last seed.
enum Halt {
    /// Bad input, or output that failed: the run's error.
    Failed(CliError),
    /// Ctrl-C: the puzzles made so far are printed, the verdict is No.
    Interrupted,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_order_whatever_the_threads() {
        for threads in [1, 2, 3, 8] {
            let mut seen = Vec::new();
            let done: Result<(), ()> = in_order(
                100,
                threads,
                |k| {
                    // Later items finish first within a chunk.
                    std::thread::sleep(std::time::Duration::from_micros(100 - k));
                    k * k
                },
                |r| {
                    seen.push(r);
                    Ok(())
                },
            );
            assert_eq!(done, Ok(()));
            assert_eq!(seen, (0..100).map(|k| k * k).collect::<Vec<_>>());
        }
    }

    #[test]
    fn an_error_of_take_ends_the_run() {
        let mut seen = 0;
        let done = in_order(
            1000,
            2,
            |k| k,
            |k| {
                seen += 1;
                if k == 20 {
                    Err(k)
                } else {
                    Ok(())
                }
            },
        );
        assert_eq!((done, seen), (Err(20), 21));
    }
}
