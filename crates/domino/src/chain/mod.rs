//! The chain family: arrange dominoes into one line whose touching halves
//! match, closed into a loop or open.
//!
//! Values are the vertices of a multigraph and each domino is an edge, so a
//! chain through every domino is an Eulerian circuit (closed) or trail
//! (open), found in linear time by [`solve`]. When there is none,
//! [`NoChain`] says why: values that appear an odd number of times, or
//! groups of values that never touch each other. The longest line that uses
//! only some of the dominoes is the NP-hard longest-trail problem;
//! [`longest`] solves it exactly by branch and bound, within limits.
//! [`verify_chain`] and [`verify_line`] check answers without trusting the
//! solvers.

mod euler;
mod graph;
mod longest;
mod report;
mod verify;

pub use crate::search::Limits;
pub use euler::{solve, NoChain};
pub use longest::{longest, LongestLine};
pub use report::{ChainDocument, ChainReport, LongestDocument, LongestReport};
pub use verify::{verify_chain, verify_line, VerifyError};

/// Whether the two ends of a chain must match (a loop) or may differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ends {
    /// A loop: the last piece's far half equals the first piece's near half
    /// (an Eulerian circuit; every value must appear an even number of times).
    Closed,
    /// A line whose two ends may differ (an Eulerian trail; at most two
    /// values may appear an odd number of times). A loop also qualifies.
    Open,
}
