//! How far a solution search goes and how many answers it keeps: one
//! [`Goal`] for every family whose solver counts (place, pips), so "prove
//! it unique" and "count them all" read the same everywhere.

/// How far a search goes and which solutions it keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Goal {
    /// Stop after this many solutions (or when there are no more).
    pub limit: u64,
    /// Keep the first this many.
    pub keep: usize,
}

impl Goal {
    /// Find a solution and prove it unique: stop at the second, keep the
    /// first (`count == 1 && complete` means unique).
    pub const UNIQUE: Goal = Goal { limit: 2, keep: 1 };
    /// Find and keep every solution.
    pub const ALL: Goal = Goal {
        limit: u64::MAX,
        keep: usize::MAX,
    };

    /// Count up to `limit` solutions, keeping none.
    pub const fn count_up_to(limit: u64) -> Goal {
        Goal { limit, keep: 0 }
    }
}
