//! What every algorithm shares: the limits a caller sets (time, states,
//! memory, a stop flag for Ctrl-C), the progress reports, and the result.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How a search runs: its limits (time, states, a stop flag, as in
/// [`crate::Limits`], but the time counted from each algorithm's start, so a
/// comparison gives every algorithm the same time) and its knobs. The
/// default has no time or state limit,
/// 512 MiB for the transposition table, a beam of 64 and every core.
#[derive(Clone, Debug)]
pub struct Options {
    /// Wall-clock time each algorithm may run, counted from its own start;
    /// when it runs out the best order so far is returned (proven optimal
    /// only when it meets the lower bound). `None`: no limit.
    pub time_limit: Option<Duration>,
    /// Most states (positions) an algorithm may examine before it stops with
    /// its best so far. `None`: no limit.
    pub node_limit: Option<u64>,
    /// Set from another thread (a Ctrl-C handler) to stop with the best so far.
    pub stop: Option<Arc<AtomicBool>>,
    /// Memory for the exact search's table of visited positions; when full,
    /// old entries are overwritten (more states searched, never a crash).
    pub memory_bytes: usize,
    /// Positions kept per step by the beam search.
    pub beam_width: usize,
    /// Seed of the anytime search's random choices.
    pub seed: u64,
    /// Threads of the exact search; None uses every core.
    pub threads: Option<usize>,
}

impl Options {
    /// The threads the exact search runs on (at least one).
    pub fn thread_count(&self) -> usize {
        self.threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .max(1)
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            time_limit: None,
            node_limit: None,
            stop: None,
            memory_bytes: 512 << 20,
            beam_width: 64,
            seed: 1,
            threads: None,
        }
    }
}

/// A snapshot of a running search, for progress lines.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Positions examined so far.
    pub states: u64,
    /// The best score (pieces left) found so far.
    pub best: usize,
    /// No order can leave fewer pieces than this.
    pub lower_bound: usize,
    /// Time since the algorithm started.
    pub elapsed: Duration,
}

/// The answer of one algorithm.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Pieces left on the board.
    pub score: usize,
    /// The score is proven to be the fewest possible.
    pub optimal: bool,
    /// Piece indices in removal order.
    pub order: Vec<usize>,
    /// Positions examined.
    pub states: u64,
    /// No order leaves fewer pieces: the dead pieces and disjoint
    /// precedence cycles of the starting position.
    pub lower_bound: usize,
}

/// Counts states, checks the limits and sends progress reports.
pub(crate) struct Control<'a, 'p> {
    limits: &'a Options,
    start: Instant,
    pub states: u64,
    progress: Option<&'p mut dyn FnMut(&Progress)>,
    last_report: Instant,
    stopped: bool,
}

impl<'a, 'p> Control<'a, 'p> {
    pub fn new(limits: &'a Options, progress: Option<&'p mut dyn FnMut(&Progress)>) -> Self {
        let now = Instant::now();
        Control {
            limits,
            start: now,
            states: 0,
            progress,
            last_report: now,
            stopped: false,
        }
    }

    pub fn limits(&self) -> &Options {
        self.limits
    }

    /// Counts one state; true when the search must stop now.
    pub fn tick(&mut self, best: usize, lower_bound: usize) -> bool {
        self.states += 1;
        if self.stopped {
            return true;
        }
        if self.limits.node_limit.is_some_and(|n| self.states > n) {
            self.stopped = true;
        } else if self.states & 255 == 0 {
            self.check_limits();
            if let Some(report) = self.progress.as_mut() {
                let now = Instant::now();
                if now - self.last_report >= Duration::from_millis(200) {
                    self.last_report = now;
                    report(&Progress {
                        states: self.states,
                        best,
                        lower_bound,
                        elapsed: now - self.start,
                    });
                }
            }
        }
        self.stopped
    }

    /// Looks at the clock and the stop flag (not the state count): true,
    /// and stopped from then on, when either says to end. For work that is
    /// not counted in states, such as choosing the lower bound's rectangles.
    pub fn check_limits(&mut self) -> bool {
        self.stopped = self.stopped
            || self.out_of_time()
            || self
                .limits
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed));
        self.stopped
    }

    /// For the work before a search (choosing the lower bound's
    /// rectangles, which takes long on a big board): true when a limit
    /// says stop or half the time limit is gone, so that the search itself
    /// keeps at least the other half.
    pub fn preparation_over(&mut self) -> bool {
        let half_gone = self
            .limits
            .time_limit
            .is_some_and(|t| self.start.elapsed() >= t / 2);
        half_gone || self.check_limits()
    }

    fn out_of_time(&self) -> bool {
        self.limits
            .time_limit
            .is_some_and(|t| self.start.elapsed() >= t)
    }

    /// Whether a limit or the stop flag ended the search early.
    pub fn stopped(&self) -> bool {
        self.stopped
    }
}
