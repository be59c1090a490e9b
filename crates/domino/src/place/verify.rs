//! Checks a map against its board without trusting the solver: the shape
//! and holes match, every bone of the set lies exactly once on two adjacent
//! cells that show its two numbers, and the clues are kept.

use super::grid::{Grid, Map};
use crate::tile::{bone_halves, set_size, Value};
use crate::Cell;

/// Why a map is not a solution of its board: the first fault found. Cells
/// are (row, column), 0-based; messages count from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// The map and the board differ in size.
    #[error("the map is {}x{}, the board {}x{}", .map.0, .map.1, .board.0, .board.1)]
    Size {
        /// The map's rows and columns.
        map: (usize, usize),
        /// The board's rows and columns.
        board: (usize, usize),
    },
    /// The board has another number of cells than its set covers.
    #[error("the board has {cells} cells, a double-{set} set covers {covers}")]
    CellCount {
        /// Cells of the board (holes not counted).
        cells: usize,
        /// The N of the double-N set.
        set: Value,
        /// Cells the set covers, (N+1)(N+2).
        covers: u128,
    },
    /// A hole of the board has a bone in the map.
    #[error("row {}, column {} is a hole but has bone {bone}", .cell.0 + 1, .cell.1 + 1)]
    BoneOnHole {
        /// The hole.
        cell: Cell,
        /// The bone the map puts there.
        bone: usize,
    },
    /// A cell of the board has no bone in the map.
    #[error("row {}, column {} has no bone", .0.0 + 1, .0.1 + 1)]
    Uncovered(Cell),
    /// The map names a bone the set does not have.
    #[error("row {}, column {}: {bone} is not a bone number of a double-{set} set (1..={bones})", .cell.0 + 1, .cell.1 + 1)]
    NotABone {
        /// The cell.
        cell: Cell,
        /// The number the map puts there.
        bone: usize,
        /// The N of the double-N set.
        set: Value,
        /// Bones in the set.
        bones: usize,
    },
    /// A bone covers another number of cells than two.
    #[error("bone {bone} ({}-{}) covers {cells} cells instead of 2", .halves.0, .halves.1)]
    BoneCells {
        /// The bone number.
        bone: usize,
        /// Its two numbers, low first.
        halves: (Value, Value),
        /// Cells it covers in the map.
        cells: usize,
    },
    /// A bone's two cells are not neighbours.
    #[error("the two cells of bone {bone} ({}-{}) are not next to each other", .halves.0, .halves.1)]
    Apart {
        /// The bone number.
        bone: usize,
        /// Its two numbers, low first.
        halves: (Value, Value),
    },
    /// A bone lies on cells showing other numbers than its own.
    #[error("bone {bone} ({}-{}) lies on cells showing {} and {}", .halves.0, .halves.1, .shown.0, .shown.1)]
    WrongNumbers {
        /// The bone number.
        bone: usize,
        /// Its two numbers, low first.
        halves: (Value, Value),
        /// The numbers of the two cells it lies on.
        shown: (Value, Value),
    },
    /// A clue piece's two cells carry different bones in the map.
    #[error("the clue at row {}, column {} is not one piece in the map", .0.0 + 1, .0.1 + 1)]
    BrokenClue(Cell),
}

/// `Ok` when `map` is a solution of `board`; otherwise what is wrong.
pub fn verify(board: &Grid, map: &Map) -> Result<(), VerifyError> {
    if map.rows != board.rows || map.cols != board.cols || map.bones.len() != board.values.len() {
        return Err(VerifyError::Size {
            map: (map.rows, map.cols),
            board: (board.rows, board.cols),
        });
    }
    // The set is at least double-0 ([`Grid::new`]); in u128, (N+1)(N+2)
    // overflows 64 bits for the largest.
    let covers = (board.set as u128 + 1) * (board.set as u128 + 2);
    let cells = board.values.iter().filter(|v| v.is_some()).count();
    if cells as u128 != covers {
        return Err(VerifyError::CellCount {
            cells,
            set: board.set,
            covers,
        });
    }
    let bones = set_size(board.set);
    let mut cells_of: Vec<Vec<(usize, usize)>> = vec![Vec::new(); bones + 1];
    for r in 0..board.rows {
        for c in 0..board.cols {
            let at = r * board.cols + c;
            match (board.values[at], map.bones[at]) {
                (None, None) => {}
                (None, Some(bone)) => return Err(VerifyError::BoneOnHole { cell: (r, c), bone }),
                (Some(_), None) => return Err(VerifyError::Uncovered((r, c))),
                (Some(_), Some(b)) if b == 0 || b > bones => {
                    return Err(VerifyError::NotABone {
                        cell: (r, c),
                        bone: b,
                        set: board.set,
                        bones,
                    })
                }
                (Some(_), Some(b)) => cells_of[b].push((r, c)),
            }
        }
    }
    for (bone, cells) in cells_of.iter().enumerate().skip(1) {
        let (low, high) = bone_halves(bone, board.set);
        let &[(r1, c1), (r2, c2)] = cells.as_slice() else {
            return Err(VerifyError::BoneCells {
                bone,
                halves: (low, high),
                cells: cells.len(),
            });
        };
        if r1.abs_diff(r2) + c1.abs_diff(c2) != 1 {
            return Err(VerifyError::Apart {
                bone,
                halves: (low, high),
            });
        }
        let a = board.values[r1 * board.cols + c1];
        let b = board.values[r2 * board.cols + c2];
        if !(a == Some(low) && b == Some(high) || a == Some(high) && b == Some(low)) {
            return Err(VerifyError::WrongNumbers {
                bone,
                halves: (low, high),
                shown: (a.unwrap_or_default(), b.unwrap_or_default()),
            });
        }
    }
    for clue in &board.clues {
        let [x, y] = clue.cells;
        if map.bones[x] != map.bones[y] {
            return Err(VerifyError::BrokenClue((x / board.cols, x % board.cols)));
        }
    }
    Ok(())
}
