//! The board model: a grid of numbers (holes allowed) to be covered by a
//! double-N set, clue pieces already placed, the placements a domino could
//! take on it, and the map that describes a solution.

use crate::tile::{bone_halves, bone_number, set_size, Value};
use crate::Cell;
use serde::ser::{Serialize, SerializeSeq, Serializer};

/// A placement puzzle. Cells are numbered row by row (`row * cols + col`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// The name given in a `#dp` header, if any.
    pub name: Option<String>,
    /// Height of the grid in cells, holes included.
    pub rows: usize,
    /// Width of the grid in cells: the longest row; shorter rows were padded
    /// with holes.
    pub cols: usize,
    /// The number on each cell, `None` for a hole.
    pub values: Vec<Option<Value>>,
    /// The set is double-`set`: values `0..=set`.
    pub set: Value,
    /// Pieces already placed.
    pub clues: Vec<Clue>,
}

/// A piece already placed on two adjacent cells; its bone is given by the
/// numbers on them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clue {
    /// The two neighbouring cells the piece covers, as cell numbers
    /// (`row * cols + col`).
    pub cells: [usize; 2],
}

/// One way to lay one bone: on two adjacent cells, `cells[0]` before
/// `cells[1]` in row order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The bone number, 1-based, in the set's order (0-0, 0-1, ..., N-N).
    pub bone: usize,
    /// The two neighbouring cells it covers, as cell numbers
    /// (`row * cols + col`), the lower number first.
    pub cells: [usize; 2],
}

/// Why rows cannot make a board: a number above the set's highest (or,
/// from rows built by hand, below 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("row {}, column {}: {}", .cell.0 + 1, .cell.1 + 1, outside_set(*.value, *.set))]
pub struct ValueAboveSet {
    /// The cell, (row, column), 0-based.
    pub cell: Cell,
    /// The number on it.
    pub value: Value,
    /// The N of the double-N set.
    pub set: Value,
}

/// Why `value` is no number of a double-`set` set.
pub(crate) fn outside_set(value: Value, set: Value) -> String {
    if value < 0 {
        format!("{value} is negative: the numbers of a set are at least 0")
    } else {
        format!("{value} is above {set}, the highest number of a double-{set} set")
    }
}

impl Grid {
    /// A board without clues from rows of numbers (`None` for a hole); short
    /// rows are padded with holes. Values above `set`, or below 0, are
    /// refused.
    pub fn from_rows(rows: &[Vec<Option<Value>>], set: Value) -> Result<Grid, ValueAboveSet> {
        let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
        let mut values = Vec::with_capacity(rows.len() * cols);
        for (r, row) in rows.iter().enumerate() {
            for (c, &v) in row.iter().enumerate() {
                if let Some(value) = v.filter(|&v| v > set || v < 0) {
                    return Err(ValueAboveSet {
                        cell: (r, c),
                        value,
                        set,
                    });
                }
                values.push(v);
            }
            values.resize((r + 1) * cols, None);
        }
        Ok(Grid {
            name: None,
            rows: rows.len(),
            cols,
            values,
            set,
            clues: Vec::new(),
        })
    }

    /// Number of bones in the board's set.
    pub fn bone_count(&self) -> usize {
        set_size(self.set)
    }

    /// Cells that are not holes.
    pub fn cell_count(&self) -> usize {
        self.values.iter().filter(|v| v.is_some()).count()
    }

    /// `(row, col)` of cell `cell`.
    pub fn position(&self, cell: usize) -> (usize, usize) {
        (cell / self.cols, cell % self.cols)
    }

    /// The bone a clue shows.
    pub fn clue_bone(&self, clue: &Clue) -> Option<usize> {
        let a = self.values[clue.cells[0]]?;
        let b = self.values[clue.cells[1]]?;
        Some(bone_number(a, b, self.set))
    }

    /// Every placement the board allows: each pair of adjacent cells, as
    /// the bone their numbers make, except that a clue's cells take only the
    /// clue and a clue's bone goes only on its cells.
    pub fn candidates(&self) -> Vec<Placement> {
        let mut clue_of_cell = vec![usize::MAX; self.values.len()];
        let mut bone_clued = vec![false; self.bone_count() + 1];
        for (k, clue) in self.clues.iter().enumerate() {
            clue_of_cell[clue.cells[0]] = k;
            clue_of_cell[clue.cells[1]] = k;
            if let Some(bone) = self.clue_bone(clue) {
                bone_clued[bone] = true;
            }
        }
        let mut out = Vec::with_capacity(2 * self.values.len());
        for cell in 0..self.values.len() {
            let Some(a) = self.values[cell] else { continue };
            let (r, c) = self.position(cell);
            let right = (c + 1 < self.cols).then_some(cell + 1);
            let down = (r + 1 < self.rows).then_some(cell + self.cols);
            for other in [right, down].into_iter().flatten() {
                let Some(b) = self.values[other] else {
                    continue;
                };
                let bone = bone_number(a, b, self.set);
                let (k1, k2) = (clue_of_cell[cell], clue_of_cell[other]);
                let allowed = if k1 == usize::MAX && k2 == usize::MAX {
                    !bone_clued[bone]
                } else {
                    k1 == k2
                };
                if allowed {
                    out.push(Placement {
                        bone,
                        cells: [cell, other],
                    });
                }
            }
        }
        out
    }

    /// The halves (low, high) of bone `bone` of this board's set.
    pub fn bone_halves(&self, bone: usize) -> (Value, Value) {
        bone_halves(bone, self.set)
    }
}

/// A solution: the board's shape with each cell's bone number (`None` for
/// a hole). Serializes as rows of numbers and nulls.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Map {
    /// Height of the grid, the same as the board's.
    pub rows: usize,
    /// Width of the grid, the same as the board's.
    pub cols: usize,
    /// For each cell, row by row (`row * cols + col`), the 1-based number of
    /// the bone that covers it; `None` for a hole (or a cell left uncovered).
    pub bones: Vec<Option<usize>>,
}

impl Map {
    /// The map of `placements` on `board` (cells no placement covers stay
    /// `None`).
    pub fn from_placements(board: &Grid, placements: impl IntoIterator<Item = Placement>) -> Map {
        let mut bones = vec![None; board.values.len()];
        for p in placements {
            bones[p.cells[0]] = Some(p.bone);
            bones[p.cells[1]] = Some(p.bone);
        }
        Map {
            rows: board.rows,
            cols: board.cols,
            bones,
        }
    }

    /// The bone numbers of row `r` (0-based), left to right; panics if `r`
    /// is not below `rows`.
    pub fn row(&self, r: usize) -> &[Option<usize>] {
        &self.bones[r * self.cols..(r + 1) * self.cols]
    }

    /// The map as rows, the JSON shape.
    pub fn to_rows(&self) -> Vec<Vec<Option<usize>>> {
        (0..self.rows).map(|r| self.row(r).to_vec()).collect()
    }
}

impl Serialize for Map {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.rows))?;
        for r in 0..self.rows {
            seq.serialize_element(self.row(r))?;
        }
        seq.end()
    }
}
