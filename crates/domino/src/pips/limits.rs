//! Limits on a pips search (search nodes, a deadline, a stop flag that a
//! Ctrl-C handler sets) and the budget the engine spends against them.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// When to stop a search early; the count found so far is returned (a
/// lower bound) and marked incomplete. The default has no limit.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// The most search nodes to visit (the counter's and, separately, the
    /// walk's that lists solutions).
    pub nodes: Option<u64>,
    /// The moment to stop.
    pub deadline: Option<Instant>,
    /// Set from another thread (a Ctrl-C handler) to stop.
    pub stop: Option<Arc<AtomicBool>>,
}

/// After a limit stopped the counter, the walk that lists the solutions
/// already counted gets this long (and the node limit again), so a
/// stopped count still shows a solution when one was found; short enough
/// that a stop stays prompt.
const GRACE: Duration = Duration::from_millis(30);

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

    /// The budget of the walk after this one stopped: the node limit
    /// again and [`GRACE`] from now, whatever stopped it.
    pub(super) fn grace(&self) -> Self {
        Budget::new(&Limits {
            nodes: self.limits.nodes,
            deadline: Some(Instant::now() + GRACE),
            stop: None,
        })
    }

    /// Counts one node; true when the search must stop now. The clock and
    /// the flag are read every 64 nodes: a node costs well under a
    /// microsecond to a few, so the stop comes within a millisecond, while
    /// reading the clock at every node would show.
    pub(super) fn spend(&mut self) -> bool {
        self.nodes += 1;
        if !self.stopped {
            let limits = &self.limits;
            self.stopped = limits.nodes.is_some_and(|n| self.nodes > n)
                || (self.nodes.is_multiple_of(64)
                    && (limits.deadline.is_some_and(|d| Instant::now() >= d)
                        || limits
                            .stop
                            .as_ref()
                            .is_some_and(|s| s.load(Ordering::Relaxed))));
        }
        self.stopped
    }
}
