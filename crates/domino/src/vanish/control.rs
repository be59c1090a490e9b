//! What every algorithm shares: its options (the library's [`Limits`]
//! beside the knobs: beam width, seed, threads), the check of those knobs,
//! the count of states against the limits, the progress reports, and the
//! result.

use crate::search::{defaults, Limits};
use std::time::{Duration, Instant};

/// How a search runs: the library's [`Limits`] (time, states, memory, a
/// stop flag) and its knobs. The default has no time or state limit,
/// [`defaults::SEARCH_MEMORY`] of memory, a beam of
/// [`defaults::BEAM_WIDTH_DEFAULT`] and every core.
#[derive(Clone, Debug)]
pub struct Options {
    /// When the search stops with its best order so far (proven optimal
    /// only when it meets the lower bound): the deadline, the most states
    /// (positions) examined, the stop flag, and the memory its growing
    /// parts may take (the exact search's table, beam levels, local
    /// search and capped-DFS structures, the greedy's working position).
    /// For a comparison the deadline ends the whole of it, each run
    /// getting its share (see [`super::CompareReport::new`]).
    pub limits: Limits,
    /// Positions kept per step by the beam search, in
    /// [`defaults::BEAM_WIDTH`].
    pub beam_width: usize,
    /// Seed of the anytime search's random choices.
    pub seed: u64,
    /// Threads of the exact search; None uses every core.
    pub threads: Option<usize>,
}

/// Options a search cannot run with.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// The beam width is outside [`defaults::BEAM_WIDTH`].
    #[error("the beam width is {min} to {max} (asked: {0})", min = defaults::BEAM_WIDTH.start(), max = defaults::BEAM_WIDTH.end())]
    BeamWidth(usize),
}

impl Options {
    /// The threads the exact search runs on (at least one).
    pub fn thread_count(&self) -> usize {
        self.threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .max(1)
    }

    /// The options as every search takes them, or why not: the beam width
    /// is within [`defaults::BEAM_WIDTH`] (a wider beam keeps a position
    /// of the whole board per entry).
    pub fn check(&self) -> Result<(), OptionsError> {
        if defaults::BEAM_WIDTH.contains(&self.beam_width) {
            Ok(())
        } else {
            Err(OptionsError::BeamWidth(self.beam_width))
        }
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            limits: Limits::standard(None, None, None),
            beam_width: defaults::BEAM_WIDTH_DEFAULT,
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
    /// A limit (time, states, memory, the stop flag) ended the search
    /// before it finished: the order is the best found until then.
    pub stopped: bool,
}

/// States between two looks at the clock and the stop flag. A state of
/// the approximations judges one move, which scans the whole position:
/// about a millisecond on a board of a million squares, so 16 of them keep
/// a stop well within 100 ms, while on small boards the clock read is lost
/// beside 16 states.
const CHECK_EVERY: u64 = 16;

/// Counts states, checks the limits and sends progress reports.
pub(crate) struct Control<'a, 'p> {
    options: &'a Options,
    start: Instant,
    /// When the work before the search (the lower bound's rectangles)
    /// ends: half-way to the deadline, so the search keeps the other half.
    preparation_end: Option<Instant>,
    pub states: u64,
    progress: Option<&'p mut dyn FnMut(&Progress)>,
    last_report: Instant,
    stopped: bool,
}

impl<'a, 'p> Control<'a, 'p> {
    pub fn new(options: &'a Options, progress: Option<&'p mut dyn FnMut(&Progress)>) -> Self {
        let now = Instant::now();
        Control {
            options,
            start: now,
            preparation_end: options
                .limits
                .deadline
                .map(|d| now + d.saturating_duration_since(now) / 2),
            states: 0,
            progress,
            last_report: now,
            stopped: false,
        }
    }

    pub fn options(&self) -> &Options {
        self.options
    }

    /// Counts one state; true when the search must stop now.
    pub fn tick(&mut self, best: usize, lower_bound: usize) -> bool {
        self.states += 1;
        if self.stopped {
            return true;
        }
        if self.options.limits.nodes.is_some_and(|n| self.states > n) {
            self.stopped = true;
        } else if self.states.is_multiple_of(CHECK_EVERY) {
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

    /// Looks at the clock, the stop flag and the states counted so far:
    /// true, and stopped from then on, when one says to end. For work
    /// between states (choosing the lower bound's rectangles), and for
    /// the sweeps, which count their states without [`Control::tick`].
    pub fn check_limits(&mut self) -> bool {
        let limits = &self.options.limits;
        self.stopped =
            self.stopped || limits.nodes.is_some_and(|n| self.states > n) || limits.reached();
        self.stopped
    }

    /// True, and stopped from then on, when `bytes` held by the search's
    /// growing parts pass the memory limit.
    pub fn memory_exceeded(&mut self, bytes: usize) -> bool {
        self.stopped = self.stopped || self.options.limits.memory_exceeded(bytes);
        self.stopped
    }

    /// For the work before a search (choosing the lower bound's
    /// rectangles, which takes long on a big board): true when a limit
    /// says stop or half the time to the deadline is gone, so that the
    /// search itself keeps at least the other half.
    pub fn preparation_over(&mut self) -> bool {
        self.preparation_end.is_some_and(|t| Instant::now() >= t) || self.check_limits()
    }

    /// Stops the search (a limit the search measures itself hit).
    pub fn stop(&mut self) {
        self.stopped = true;
    }

    /// Whether a limit or the stop flag ended the search early.
    pub fn stopped(&self) -> bool {
        self.stopped
    }
}
