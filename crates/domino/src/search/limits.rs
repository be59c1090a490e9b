//! The limits every long search obeys (search nodes, a deadline, a stop
//! flag that a Ctrl-C handler or a server's disconnect sets, the memory
//! its tables and kept solutions may take, the solutions it lists), the
//! defaults and ceilings every door applies to them (written once here,
//! so the command line, the service and the Python package agree), and
//! the budget a search spends against them one node at a time.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// When to stop a search early; the answer found so far is returned and
/// marked not proven (not optimal, not complete). The default has no limit.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// The most search nodes to visit.
    pub nodes: Option<u64>,
    /// The moment to stop.
    pub deadline: Option<Instant>,
    /// Set from another thread (a Ctrl-C handler) to stop.
    pub stop: Option<Arc<AtomicBool>>,
    /// The most bytes the search's growing parts (memo tables, the
    /// solutions it keeps) may take: a server's bound on one request.
    pub memory: Option<usize>,
    /// The most solutions a search lists (keeps); counting goes on past
    /// them. `None`: as many as its goal asks for.
    pub solutions: Option<usize>,
}

/// The defaults and ceilings of every door (the command line, the
/// service, the Python package): one value each, so a search asked for
/// the same way gets the same bounds wherever it is asked.
pub mod defaults {
    use std::ops::RangeInclusive;
    use std::time::Duration;

    /// Solutions a solve lists unless asked for more (the count goes on).
    pub const SOLUTIONS_LISTED: usize = 1_000;
    /// The most solutions any door lists, however asked.
    pub const SOLUTIONS_LISTED_MAX: usize = 1_000_000;
    /// Memory one search's growing parts (memo and position tables, beam
    /// frontiers, kept solutions, answers being built) take by default.
    pub const SEARCH_MEMORY: usize = 256 << 20;
    /// The longest a service request searches (its `--max-time`).
    pub const SERVICE_TIME: Duration = Duration::from_secs(10);
    /// Beam widths a vanish beam search accepts.
    pub const BEAM_WIDTH: RangeInclusive<usize> = 1..=4096;
    /// The beam width when none is asked for.
    pub const BEAM_WIDTH_DEFAULT: usize = 64;
}

impl Limits {
    /// No limit: search until the answer is proven.
    pub fn none() -> Self {
        Limits::default()
    }

    /// Limits that end `time` from now (when given) after at most `nodes`
    /// nodes (when given), or when `stop` is raised.
    pub fn new(time: Option<Duration>, nodes: Option<u64>, stop: Option<Arc<AtomicBool>>) -> Self {
        Limits {
            nodes,
            deadline: time.and_then(|t| Instant::now().checked_add(t)),
            stop,
            memory: None,
            solutions: None,
        }
    }

    /// The limits every door applies unless asked otherwise: `time` and
    /// `nodes` as given, the stop flag, [`defaults::SEARCH_MEMORY`] and
    /// [`defaults::SOLUTIONS_LISTED`].
    pub fn standard(
        time: Option<Duration>,
        nodes: Option<u64>,
        stop: Option<Arc<AtomicBool>>,
    ) -> Self {
        Limits {
            memory: Some(defaults::SEARCH_MEMORY),
            solutions: Some(defaults::SOLUTIONS_LISTED),
            ..Limits::new(time, nodes, stop)
        }
    }

    /// The deadline has passed or the stop flag is raised (the node limit
    /// is the search's to count).
    pub fn reached(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
            || self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// `bytes` held by a search are past its memory limit.
    pub fn memory_exceeded(&self, bytes: usize) -> bool {
        self.memory.is_some_and(|m| bytes > m)
    }
}

/// The nodes spent so far against [`Limits`].
#[derive(Default)]
pub(crate) struct Budget {
    limits: Limits,
    nodes: u64,
    stopped: bool,
}

impl Budget {
    pub(crate) fn new(limits: &Limits) -> Self {
        Budget {
            limits: limits.clone(),
            ..Budget::default()
        }
    }

    /// Counts one node; true when the search must stop now (and from then
    /// on). The clock and the flag are read every 64 nodes: a node costs
    /// microseconds (up to a millisecond for a big chain bound), so the
    /// stop comes well within the 100 ms a user may wait, while reading
    /// the clock at every node would show.
    pub(crate) fn spend(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        self.stopped = self.limits.nodes.is_some_and(|n| self.nodes > n)
            || (self.nodes.is_multiple_of(64) && self.limits.reached());
        self.stopped
    }

    /// True when the search, holding `bytes` in what grows with it, must
    /// stop for the memory limit (and from then on): checked where a table
    /// grows, so the search ends with what it found, not complete.
    pub(crate) fn memory_exceeded(&mut self, bytes: usize) -> bool {
        self.stopped |= self.limits.memory_exceeded(bytes);
        self.stopped
    }

    /// The nodes counted so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// True once a limit has hit.
    pub(crate) fn stopped(&self) -> bool {
        self.stopped
    }
}
