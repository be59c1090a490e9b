//! The pips puzzle as data: a board of cells grouped into regions, each
//! region with a rule, and the list of dominoes that must cover the board.
//! A solution says, for every domino in input order, the cell of its first
//! value and the cell of its second.

use crate::tile::Value;
use crate::Cell;
use serde::Serialize;
use std::fmt;

/// The largest pip value a domino may carry. Values index small tables and
/// a region's set of seen values is one 32-bit word, so 31 is the ceiling;
/// the newspaper uses 0..=6. The search engines hold values as `u32`.
pub const MAX_VALUE: Value = 31;

/// Rows and columns are below this (cells index a dense grid; larger
/// coordinates are a typing error, not a puzzle).
pub const MAX_SIDE: usize = 100;

/// What a region asks of the values on its cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// The values sum to exactly this.
    Sum(i64),
    /// The sum is below this.
    Less(i64),
    /// The sum is above this.
    Greater(i64),
    /// Every value is the same.
    Equal,
    /// No two values are the same.
    Unequal,
    /// Anything goes.
    Empty,
}

impl Rule {
    /// The newspaper's name of the rule (`sum`, `less`, ...).
    pub fn json_name(self) -> &'static str {
        match self {
            Rule::Sum(_) => "sum",
            Rule::Less(_) => "less",
            Rule::Greater(_) => "greater",
            Rule::Equal => "equals",
            Rule::Unequal => "unequal",
            Rule::Empty => "empty",
        }
    }

    /// The target of a sum, less or greater rule.
    pub fn target(self) -> Option<i64> {
        match self {
            Rule::Sum(t) | Rule::Less(t) | Rule::Greater(t) => Some(t),
            _ => None,
        }
    }

    /// Whether these values (all of a region's cells) obey the rule.
    pub fn holds(self, values: &[Value]) -> bool {
        let sum: i64 = values.iter().sum();
        match self {
            Rule::Sum(t) => sum == t,
            Rule::Less(t) => sum < t,
            Rule::Greater(t) => sum > t,
            Rule::Equal => values.windows(2).all(|w| w[0] == w[1]),
            Rule::Unequal => {
                let mut seen = std::collections::HashSet::new();
                values.iter().all(|v| seen.insert(*v))
            }
            Rule::Empty => true,
        }
    }
}

impl fmt::Display for Rule {
    /// The rule as the text format writes it after the region's letter.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::Sum(t) => write!(f, "= {t}"),
            Rule::Less(t) => write!(f, "< {t}"),
            Rule::Greater(t) => write!(f, "> {t}"),
            Rule::Equal => f.write_str("same"),
            Rule::Unequal => f.write_str("different"),
            Rule::Empty => f.write_str("empty"),
        }
    }
}

/// A region: its cells (sorted by row, then column) and its rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// Its cells, `(row, column)` from 0.
    pub cells: Vec<Cell>,
    /// What the values on its cells must satisfy.
    pub rule: Rule,
}

/// Where each domino lies: `placements[i]` is the cell of the first value
/// of domino `i` and then the cell of its second value (the newspaper's
/// `solution` field).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Solution {
    /// Per domino, in the puzzle's order: the cells of its first and
    /// second value.
    pub placements: Vec<[Cell; 2]>,
}

/// A pips puzzle. The board is the union of the regions' cells.
///
/// Valid by construction: the fields are private to the crate, and a
/// puzzle from outside is made by [`Puzzle::new`], which refuses any
/// [`ShapeError`]: every value is in `0..=MAX_VALUE`, there is a region,
/// every region has cells (sorted by row, then column), every cell is
/// below [`MAX_SIDE`] and in exactly one region, and a solution given
/// with the puzzle places every domino. So every entry point reads a
/// puzzle without checking its shape again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The pieces, each `[first, second]` as given.
    pub(crate) dominoes: Vec<[Value; 2]>,
    /// The regions; together they are the board.
    pub(crate) regions: Vec<Region>,
    /// A solution given with the puzzle (the newspaper's files carry one).
    pub(crate) solution: Option<Solution>,
}

/// Why dominoes and regions make no puzzle: the parsers never make one
/// like it, and the solvers could not read it. Regions, cells within a
/// region (as given) and dominoes are 0-based indices; cells are
/// `[row, column]` from 0, as in the newspaper's files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    /// A domino shows a value outside `0..=MAX_VALUE`.
    #[error("domino {} shows {value}: values go from 0 to {MAX_VALUE}", .domino + 1)]
    Value {
        /// The domino's index.
        domino: usize,
        /// The value outside the range.
        value: Value,
    },
    /// There is no region, so no board.
    #[error("a puzzle needs at least one region with a cell")]
    NoRegion,
    /// A region without cells.
    #[error("a region needs at least one cell")]
    EmptyRegion {
        /// The region's index.
        region: usize,
    },
    /// A cell at or past row or column [`MAX_SIDE`].
    #[error("cell [{},{}] is outside the board: rows and columns are below {MAX_SIDE}", .cell.0, .cell.1)]
    CellOffBoard {
        /// The region's index.
        region: usize,
        /// The cell's index in the region's list, as given.
        index: usize,
        /// The cell.
        cell: Cell,
    },
    /// A cell listed twice, by one region or by two.
    #[error("cell [{},{}] is already in {}", .cell.0, .cell.1, owner_text(*.region, *.other))]
    CellTwice {
        /// The region's index.
        region: usize,
        /// The cell's index in the region's list, as given.
        index: usize,
        /// The cell.
        cell: Cell,
        /// The region that lists it first (`region` itself when it lists
        /// the cell twice).
        other: usize,
    },
    /// A solution that does not place every domino, or places more.
    #[error("expected one placement per domino ({dominoes}), found {placements}")]
    SolutionLength {
        /// Dominoes of the puzzle.
        dominoes: usize,
        /// Placements of the solution.
        placements: usize,
    },
}

/// `this region`, or `region 2`: where a cell listed twice was first.
fn owner_text(region: usize, other: usize) -> String {
    if other == region {
        "this region".to_string()
    } else {
        format!("region {other}")
    }
}

impl Puzzle {
    /// A puzzle of `dominoes` on the board `regions` make, without a
    /// solution, when they make one the parsers could have made (see
    /// [`ShapeError`]; the first fault, in the order listed there, and
    /// region by region). Each region's cells are sorted by row, then
    /// column.
    ///
    /// ```
    /// use domino::pips::{Puzzle, Region, Rule};
    ///
    /// let pair = Region { cells: vec![(0, 1), (0, 0)], rule: Rule::Sum(3) };
    /// let puzzle = Puzzle::new(vec![[1, 2]], vec![pair.clone()]).unwrap();
    /// assert_eq!(puzzle.regions()[0].cells, [(0, 0), (0, 1)]);
    /// assert!(Puzzle::new(vec![[1, 32]], vec![pair]).is_err());
    /// ```
    pub fn new(dominoes: Vec<[Value; 2]>, mut regions: Vec<Region>) -> Result<Puzzle, ShapeError> {
        for (domino, pair) in dominoes.iter().enumerate() {
            if let Some(&value) = pair.iter().find(|v| !(0..=MAX_VALUE).contains(*v)) {
                return Err(ShapeError::Value { domino, value });
            }
        }
        if regions.is_empty() {
            return Err(ShapeError::NoRegion);
        }
        let mut owner = std::collections::HashMap::new();
        for (region, cells) in regions.iter().map(|r| &r.cells).enumerate() {
            if cells.is_empty() {
                return Err(ShapeError::EmptyRegion { region });
            }
            for (index, &cell) in cells.iter().enumerate() {
                if cell.0 >= MAX_SIDE || cell.1 >= MAX_SIDE {
                    return Err(ShapeError::CellOffBoard {
                        region,
                        index,
                        cell,
                    });
                }
                if let Some(other) = owner.insert(cell, region) {
                    return Err(ShapeError::CellTwice {
                        region,
                        index,
                        cell,
                        other,
                    });
                }
            }
        }
        for region in &mut regions {
            region.cells.sort_unstable();
        }
        Ok(Puzzle {
            dominoes,
            regions,
            solution: None,
        })
    }

    /// The same puzzle with `solution` given beside it (or none), when it
    /// places every domino. Whether it solves the puzzle is for
    /// [`super::verify`].
    pub fn with_solution(mut self, solution: Option<Solution>) -> Result<Puzzle, ShapeError> {
        if let Some(s) = &solution {
            if s.placements.len() != self.dominoes.len() {
                return Err(ShapeError::SolutionLength {
                    dominoes: self.dominoes.len(),
                    placements: s.placements.len(),
                });
            }
        }
        self.solution = solution;
        Ok(self)
    }

    /// The pieces, each `[first, second]` as given, values in
    /// `0..=MAX_VALUE`.
    pub fn dominoes(&self) -> &[[Value; 2]] {
        &self.dominoes
    }

    /// The regions; together they are the board.
    pub fn regions(&self) -> &[Region] {
        &self.regions
    }

    /// A solution given with the puzzle (the newspaper's files carry one).
    pub fn solution(&self) -> Option<&Solution> {
        self.solution.as_ref()
    }

    /// Every cell of the board, sorted by row, then column.
    pub fn cells(&self) -> Vec<Cell> {
        let mut cells: Vec<Cell> = self
            .regions
            .iter()
            .flat_map(|r| r.cells.iter().copied())
            .collect();
        cells.sort_unstable();
        cells
    }

    /// Rows and columns of the smallest grid from (0, 0) holding the board.
    pub fn size(&self) -> (usize, usize) {
        let cells = self.regions.iter().flat_map(|r| r.cells.iter());
        cells.fold((0, 0), |(rows, cols), &(r, c)| {
            (rows.max(r + 1), cols.max(c + 1))
        })
    }

    /// For every grid cell of [`Puzzle::size`], row by row, the index of
    /// its region (`None` off the board).
    pub fn region_grid(&self) -> Vec<Vec<Option<usize>>> {
        let (rows, cols) = self.size();
        let mut grid = vec![vec![None; cols]; rows];
        for (k, region) in self.regions.iter().enumerate() {
            for &(r, c) in &region.cells {
                grid[r][c] = Some(k);
            }
        }
        grid
    }

    /// The largest pip value of any domino (0 without dominoes).
    pub fn max_value(&self) -> Value {
        self.dominoes.iter().flatten().copied().max().unwrap_or(0)
    }
}

/// A value as the search engines and the deductions hold it: a `u32`, half
/// a [`Value`]'s size in their per-piece and per-cell tables, as wide as a
/// region's mask of seen values (a bit per value). Only for a checked puzzle (values in
/// `0..=MAX_VALUE`), where the cast loses nothing.
pub(super) fn compact(v: Value) -> u32 {
    v as u32
}

/// The value on every cell of a solution, as a grid of [`Puzzle::size`]
/// (`None` where no domino lies or the solution's cells fall outside).
pub fn values_grid(puzzle: &Puzzle, solution: &Solution) -> Vec<Vec<Option<Value>>> {
    let (rows, cols) = puzzle.size();
    let mut grid = vec![vec![None; cols]; rows];
    for (domino, cells) in puzzle.dominoes.iter().zip(&solution.placements) {
        for (value, &(r, c)) in domino.iter().zip(cells) {
            if r < rows && c < cols {
                grid[r][c] = Some(*value);
            }
        }
    }
    grid
}
