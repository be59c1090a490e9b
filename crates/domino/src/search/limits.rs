//! The limits every long search obeys (search nodes, a deadline, a stop
//! flag that a Ctrl-C handler or a server's disconnect sets, the memory
//! its tables and kept solutions may take), and the
//! budget a search spends against them one node at a time. Chain longest,
//! place and pips share these; vanish's options carry the same three
//! (its time counted from each algorithm's start) beside its own knobs.

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
