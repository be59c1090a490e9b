//! The search vocabulary every family speaks: how far a search goes
//! ([`Goal`], or [`SolveMode`] and [`SolveOptions`] as a user asks for
//! it), when it stops early ([`Limits`]), and what it found
//! ([`Solutions`], with its verdict in words; [`Count`] for a count
//! alone). Place and pips count and
//! keep solutions through these; chain longest and vanish obey the same
//! limits. One module, so "prove it unique", "count them all" and "a
//! limit stopped the search" read the same everywhere.

mod limits;

pub(crate) use limits::Budget;
pub use limits::{defaults, Limits};

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

/// How far `solve` goes, as a user asks for it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SolveMode {
    /// Stop at the second solution: enough to prove one unique; keep the
    /// solutions found.
    #[default]
    Unique,
    /// Count every solution; keep the first.
    Count,
    /// Count and keep every solution.
    All,
}

impl SolveMode {
    /// The mode of the `all` and `count` switches (`--all`, `--count` on
    /// the command line, `"all"`, `"count"` in a request): `all` wins.
    pub fn from_flags(all: bool, count: bool) -> SolveMode {
        match (all, count) {
            (true, _) => SolveMode::All,
            (false, true) => SolveMode::Count,
            (false, false) => SolveMode::Unique,
        }
    }
}

/// The options of a family's `solve`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveOptions {
    /// How far to go.
    pub mode: SolveMode,
    /// Stop after this many solutions (default 2 for [`SolveMode::Unique`],
    /// no limit otherwise).
    pub limit: Option<u64>,
    /// Keep at most this many solutions, whatever the mode (a server's
    /// cap on the solutions an answer lists); the count goes on past it.
    pub keep: Option<usize>,
}

impl SolveOptions {
    /// The solutions to count and the solutions to keep.
    pub fn goal(&self) -> Goal {
        let limit = self.limit.unwrap_or(match self.mode {
            SolveMode::Unique => 2,
            SolveMode::Count | SolveMode::All => u64::MAX,
        });
        let keep = match self.mode {
            SolveMode::All => usize::MAX,
            SolveMode::Count => 1,
            SolveMode::Unique => usize::try_from(limit).unwrap_or(usize::MAX),
        };
        Goal {
            limit,
            keep: keep.min(self.keep.unwrap_or(usize::MAX)),
        }
    }
}

/// The answer of a family's `count`: every solution counted, as one exact
/// type for big counts in every family (a pips board with loose rules has
/// more solutions than a `u64` holds).
///
/// Serializes as `{"count": n, "complete": b, "saturated": b}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Count {
    /// The solutions counted: exact when `complete`, else a lower bound;
    /// at most `u128::MAX`.
    pub count: u128,
    /// The count ran to the end (no limit stopped it).
    pub complete: bool,
    /// The count reached `u128::MAX` and stayed there: there may be more.
    pub saturated: bool,
}

impl Count {
    /// `count` solutions, exact when `complete`.
    pub fn new(count: u128, complete: bool) -> Count {
        Count {
            count,
            complete,
            saturated: count == u128::MAX,
        }
    }

    /// The count when it is exact, `None` when a limit stopped it.
    pub fn exact(&self) -> Option<u128> {
        self.complete.then_some(self.count)
    }
}

/// The outcome of a search that counts solutions of type `S` up to a
/// [`Goal`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solutions<S> {
    /// Solutions found: the exact number when `complete`, else a lower
    /// bound.
    pub count: u64,
    /// The search ran to the end: `count` is exact (so `count == 1` means
    /// the solution is unique).
    pub complete: bool,
    /// The first solutions found, as many as were asked for.
    pub solutions: Vec<S>,
    /// Why there is none, when there is none and the family can tell.
    pub reason: Option<String>,
    /// Search states a memoising counter stored (a measure of the work
    /// done); 0 for a search that stores none.
    pub states: usize,
    /// A limit of [`Limits`] (nodes, time, the stop flag) ended the search
    /// before it was complete: `count` is then a lower bound.
    pub stopped: bool,
    /// Search nodes spent (what a node limit counts).
    pub nodes: u64,
}

impl<S> Solutions<S> {
    /// No solution, for `reason`, known before any search.
    pub(crate) fn none(reason: String) -> Self {
        Solutions {
            count: 0,
            complete: true,
            solutions: Vec::new(),
            reason: Some(reason),
            states: 0,
            stopped: false,
            nodes: 0,
        }
    }

    /// The verdict in words: unique, N solutions, no solution (and why);
    /// `limit` is the count at which the search was told to stop.
    pub fn verdict(&self, limit: u64) -> String {
        match (self.count, self.complete) {
            (0, true) => match &self.reason {
                Some(reason) => format!("no solution: {reason}"),
                None => "no solution".to_string(),
            },
            (0, false) => "no solution found before the limit".to_string(),
            (n, false) if self.stopped => {
                format!("at least {n} solutions (a limit stopped the search)")
            }
            (1, true) => "unique solution".to_string(),
            (n, true) => format!("{n} solutions"),
            (n, false) => format!("at least {n} solutions (the search stopped at {limit})"),
        }
    }
}

/// The line saying how many of `count` solutions a listing of `listed`
/// left out (the cap of [`Limits::solutions`]), with a newline; empty when
/// it left none out.
pub fn not_listed(count: u64, listed: usize) -> String {
    match count.saturating_sub(listed as u64) {
        0 => String::new(),
        left => format!("{left} not listed (the cap on the solutions listed)\n"),
    }
}

/// `names` as words a message lists: `a, b or c`.
pub fn or_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}
