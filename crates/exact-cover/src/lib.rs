//! # exact-cover
//!
//! Knuth's Algorithm X with dancing links (DLX1 of TAOCP 7.2.2.1). A
//! problem has *primary* items, each of which must be covered exactly once,
//! *secondary* items, each covered at most once, and options, each a set of
//! items. A solution is a set of options that covers every primary item
//! once and no secondary item twice.
//!
//! ```
//! use exact_cover::{Problem, Solver};
//!
//! // Knuth's example: items a..g (0..7), six options, one solution.
//! let mut problem = Problem::new(7, 0);
//! for option in [&[2, 4][..], &[0, 3, 6], &[1, 2, 5], &[0, 3, 5], &[1, 6], &[3, 4, 6]] {
//!     problem.add_option(option);
//! }
//! let mut solver = Solver::new(&problem);
//! let mut solution = solver.first().unwrap();
//! solution.sort();
//! assert_eq!(solution, vec![0, 3, 4]);
//! assert_eq!(solver.count(10), exact_cover::Count { count: 1, complete: true });
//! ```
//!
//! The search uses flat arrays of `u32` links and a preallocated stack, so
//! it allocates nothing while it runs; the item to branch on is the one with
//! the fewest remaining options (minimum remaining values). It knows nothing
//! of what the items mean.

#![warn(missing_docs)]

mod links;

pub use links::Solver;

/// An exact-cover problem under construction: items are numbered
/// `0..primary` (primary) then `primary..primary + secondary` (secondary);
/// options are numbered in the order they are added.
#[derive(Clone, Debug, Default)]
pub struct Problem {
    primary: usize,
    secondary: usize,
    /// All options' items, one after the other.
    items: Vec<u32>,
    /// Option k holds `items[starts[k]..starts[k + 1]]`.
    starts: Vec<usize>,
}

impl Problem {
    /// A problem with no options yet: items `0..primary` are primary,
    /// `primary..primary + secondary` secondary.
    pub fn new(primary: usize, secondary: usize) -> Self {
        Problem {
            primary,
            secondary,
            items: Vec::new(),
            starts: vec![0],
        }
    }

    /// Adds an option and returns its number.
    ///
    /// # Panics
    /// If the option is empty, names an item that does not exist, or names
    /// an item twice: those are mistakes of the caller, not of its input.
    pub fn add_option(&mut self, items: &[usize]) -> usize {
        let count = self.primary + self.secondary;
        assert!(!items.is_empty(), "an option needs at least one item");
        for (k, &item) in items.iter().enumerate() {
            assert!(item < count, "item {item} does not exist ({count} items)");
            assert!(
                !items[..k].contains(&item),
                "item {item} twice in one option"
            );
            self.items.push(item as u32);
        }
        self.starts.push(self.items.len());
        self.starts.len() - 2
    }

    /// How many primary items (covered exactly once) the problem has.
    pub fn primary_items(&self) -> usize {
        self.primary
    }

    /// How many secondary items (covered at most once) the problem has.
    pub fn secondary_items(&self) -> usize {
        self.secondary
    }

    /// How many options have been added.
    pub fn option_count(&self) -> usize {
        self.starts.len() - 1
    }

    /// The items of option `k`.
    pub fn option(&self, k: usize) -> impl Iterator<Item = usize> + '_ {
        self.items[self.starts[k]..self.starts[k + 1]]
            .iter()
            .map(|&i| i as usize)
    }
}

/// The outcome of counting: `count` solutions were found, and `complete`
/// says the search ran to the end (so `count` is exact); otherwise it
/// stopped at the limit and there may be more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// Solutions found.
    pub count: u64,
    /// True when the search ran to the end, so `count` is every solution.
    pub complete: bool,
}
