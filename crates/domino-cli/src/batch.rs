//! Work numbered 0, 1, 2, ... done on several threads and handed back in
//! order: `--count` runs of the generator make their puzzles side by side
//! and still print them seed by seed, a chunk at a time, so a puzzle maker
//! asking for thousands sees them come and memory stays bounded.

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
