//! Limits on a placement search (search nodes, a deadline, a stop flag
//! that a Ctrl-C handler sets) and the budget the engine spends against
//! them, one node at a time.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// When to stop a search early; the solutions found so far are returned
/// and marked incomplete. The default has no limit.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// The most search nodes to visit.
    pub nodes: Option<u64>,
    /// The moment to stop.
    pub deadline: Option<Instant>,
    /// Set from another thread (a Ctrl-C handler) to stop.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// The deadline has passed or the stop flag is raised (the node limit
    /// is the engine's to count).
    pub fn reached(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
            || self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

/// The nodes spent so far against [`Limits`].
#[derive(Default)]
pub(super) struct Budget {
    limits: Limits,
    nodes: u64,
    pub(super) stopped: bool,
}

impl Budget {
    pub(super) fn new(limits: &Limits) -> Self {
        Budget {
            limits: limits.clone(),
            ..Budget::default()
        }
    }

    /// Counts one node; true when the search must stop now. The clock and
    /// the flag are read every 64 nodes: a node (propagation and a region
    /// check) costs microseconds, so the stop comes well within a
    /// millisecond, while reading the clock at every node would show.
    pub(super) fn spend(&mut self) -> bool {
        self.nodes += 1;
        if !self.stopped {
            self.stopped = self.limits.nodes.is_some_and(|n| self.nodes > n)
                || (self.nodes.is_multiple_of(64)
                    && (self.limits.deadline.is_some_and(|d| Instant::now() >= d)
                        || self
                            .limits
                            .stop
                            .as_ref()
                            .is_some_and(|s| s.load(Ordering::Relaxed))));
        }
        self.stopped
    }
}
