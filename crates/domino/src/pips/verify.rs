//! Checking a solution without trusting the solver: every domino on two
//! neighbouring cells of the board, every cell covered once, every rule
//! met by the values as laid. Shares no code with the search.

use super::model::{Puzzle, Rule, Solution};
use crate::tile::Value;
use crate::Cell;
use std::collections::HashMap;

/// Why a solution does not solve its puzzle: the first fault found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// The solution places another number of dominoes than the puzzle has.
    #[error("the solution places {placed} dominoes, the puzzle has {given}")]
    Count {
        /// Dominoes the solution places.
        placed: usize,
        /// Dominoes the puzzle gives.
        given: usize,
    },
    /// A domino's two cells are not side by side.
    #[error("domino {index} ({}-{}) lies on [{},{}] and [{},{}], which are not neighbours", .domino[0], .domino[1], .cells[0].0, .cells[0].1, .cells[1].0, .cells[1].1)]
    Apart {
        /// The domino's index in the puzzle's list.
        index: usize,
        /// Its values.
        domino: [Value; 2],
        /// The cells it was given.
        cells: [Cell; 2],
    },
    /// A domino lies (partly) off the board.
    #[error("domino {index} lies on [{},{}], which is not on the board", .cell.0, .cell.1)]
    OffBoard {
        /// The domino's index in the puzzle's list.
        index: usize,
        /// The cell off the board.
        cell: Cell,
    },
    /// Two dominoes share a cell.
    #[error("cell [{},{}] is covered twice", .0.0, .0.1)]
    Twice(Cell),
    /// A cell of the board has no domino.
    #[error("cell [{},{}] is not covered", .0.0, .0.1)]
    Uncovered(Cell),
    /// A region's values break its rule.
    #[error("the region at [{},{}] breaks its rule ({}): its values are {values:?}", .first.0, .first.1, .rule.json_name())]
    Broken {
        /// The region's first cell.
        first: Cell,
        /// Its rule.
        rule: Rule,
        /// The values the solution puts on its cells, in cell order.
        values: Vec<Value>,
    },
}

/// `Ok(())` when `solution` solves `puzzle`, else what is wrong.
pub fn verify(puzzle: &Puzzle, solution: &Solution) -> Result<(), VerifyError> {
    if solution.placements.len() != puzzle.dominoes.len() {
        return Err(VerifyError::Count {
            placed: solution.placements.len(),
            given: puzzle.dominoes.len(),
        });
    }
    let mut region_of: HashMap<Cell, usize> = HashMap::new();
    for (k, region) in puzzle.regions.iter().enumerate() {
        for &c in &region.cells {
            region_of.insert(c, k);
        }
    }
    let mut value: HashMap<Cell, Value> = HashMap::new();
    for (k, (domino, cells)) in puzzle.dominoes.iter().zip(&solution.placements).enumerate() {
        let [(r1, c1), (r2, c2)] = *cells;
        if r1.abs_diff(r2) + c1.abs_diff(c2) != 1 {
            return Err(VerifyError::Apart {
                index: k,
                domino: *domino,
                cells: *cells,
            });
        }
        for (&v, &c) in domino.iter().zip(cells) {
            if !region_of.contains_key(&c) {
                return Err(VerifyError::OffBoard { index: k, cell: c });
            }
            if value.insert(c, v).is_some() {
                return Err(VerifyError::Twice(c));
            }
        }
    }
    if let Some(c) = region_of.keys().find(|c| !value.contains_key(c)) {
        return Err(VerifyError::Uncovered(*c));
    }
    for region in &puzzle.regions {
        let values: Vec<Value> = region.cells.iter().map(|c| value[c]).collect();
        if !region.rule.holds(&values) {
            return Err(VerifyError::Broken {
                first: region.cells[0],
                rule: region.rule,
                values,
            });
        }
    }
    Ok(())
}
