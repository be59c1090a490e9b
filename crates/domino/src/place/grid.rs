//! The board model: a grid of numbers (holes allowed) to be covered by a
//! double-N set, clue pieces already placed, the placements a domino could
//! take on it, and the map that describes a solution.

use super::parse::MAX_SET;
use crate::tile::{bone_halves, bone_number, set_size, Value};
use crate::Cell;
use serde::ser::{Serialize, SerializeSeq, Serializer};

/// A placement puzzle. Cells are numbered row by row (`row * cols + col`).
///
/// Valid by construction: the fields are private to the crate, and a board
/// from outside is made by [`Grid::new`] or [`Grid::from_rows`], which
/// refuse any [`ShapeError`]. So every entry point reads a board without
/// checking its shape again; the parsers and the generator, inside the
/// crate, make only such boards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// The name given in a `#dp` header, if any.
    pub(crate) name: Option<String>,
    /// Height of the grid in cells, holes included.
    pub(crate) rows: usize,
    /// Width of the grid in cells: the longest row; shorter rows were padded
    /// with holes.
    pub(crate) cols: usize,
    /// The number on each cell, `None` for a hole.
    pub(crate) values: Vec<Option<Value>>,
    /// The set is double-`set`: values `0..=set`.
    pub(crate) set: Value,
    /// Pieces already placed.
    pub(crate) clues: Vec<Clue>,
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

/// Why parts given to [`Grid::new`] make no board: the parser never makes
/// one like it, and the solvers could not read it.
/// Cells are (row, column) and clues are indices, 0-based; messages count
/// from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    /// The value list does not hold one entry per cell of the rows and
    /// columns.
    #[error("the board is {rows} x {cols}, {}, but lists {values} values", cells_text(*.rows, *.cols))]
    Size {
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
        /// Entries of its value list.
        values: usize,
    },
    /// The set is below double-0.
    #[error("the set double-{0} is negative: N is at least 0")]
    NegativeSet(Value),
    /// The set is above double-[`MAX_SET`] (the largest the parser reads)
    /// and needs more cells than the board has.
    #[error("the set double-{set} is too large: above double-{MAX_SET} a set must fit the board, and it covers {covers} cells where the board has {cells}")]
    SetTooLarge {
        /// The N of the double-N set.
        set: Value,
        /// Cells the set covers, (N+1)(N+2).
        covers: u128,
        /// Cells of the board (holes not counted).
        cells: usize,
    },
    /// A cell shows a number outside the set.
    #[error(transparent)]
    Value(#[from] ValueAboveSet),
    /// A clue names a cell number past the board's last cell.
    #[error("clue {} names cell {cell}, but the {} x {} board has {} cells, numbered from 0", .clue + 1, .board.0, .board.1, .board.0.saturating_mul(.board.1))]
    ClueOffBoard {
        /// The clue's index.
        clue: usize,
        /// The cell number it names (`row * cols + col`).
        cell: usize,
        /// The board's rows and columns.
        board: (usize, usize),
    },
    /// A clue lies on a hole.
    #[error("clue {} lies on row {}, column {}, which is a hole", .clue + 1, .cell.0 + 1, .cell.1 + 1)]
    ClueOnHole {
        /// The clue's index.
        clue: usize,
        /// The hole.
        cell: Cell,
    },
    /// A clue's two cells are not neighbours (or are one cell).
    #[error("clue {} covers row {}, column {} and row {}, column {}, which are not neighbours", .clue + 1, .cells[0].0 + 1, .cells[0].1 + 1, .cells[1].0 + 1, .cells[1].1 + 1)]
    ClueApart {
        /// The clue's index.
        clue: usize,
        /// Its two cells.
        cells: [Cell; 2],
    },
    /// Two clues cover the same cell.
    #[error("clues {} and {} both cover row {}, column {}", .clues[0] + 1, .clues[1] + 1, .cell.0 + 1, .cell.1 + 1)]
    ClueOverlap {
        /// The two clues' indices, the earlier first.
        clues: [usize; 2],
        /// The cell they share.
        cell: Cell,
    },
}

/// `6 cells`, or what to say when rows times columns overflows.
fn cells_text(rows: usize, cols: usize) -> String {
    match rows.checked_mul(cols) {
        Some(cells) => format!("{cells} cells"),
        None => "more cells than a machine can count".to_string(),
    }
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
    /// A board from its parts, when they make one the parser could have
    /// made (see [`ShapeError`]): `values` row by row, `rows * cols` of
    /// them (`None` for a hole), the set double-`set`, and `clues`.
    ///
    /// ```
    /// use domino::place::{Clue, Grid};
    ///
    /// let board = Grid::new(1, 2, vec![Some(0), Some(0)], 0, vec![Clue { cells: [0, 1] }]);
    /// assert_eq!(board.map(|b| b.cell_count()), Ok(2));
    /// assert!(Grid::new(1, 2, vec![Some(0), Some(1)], 0, Vec::new()).is_err());
    /// ```
    pub fn new(
        rows: usize,
        cols: usize,
        values: Vec<Option<Value>>,
        set: Value,
        clues: Vec<Clue>,
    ) -> Result<Grid, ShapeError> {
        let board = Grid {
            name: None,
            rows,
            cols,
            values,
            set,
            clues,
        };
        board.check_shape()?;
        Ok(board)
    }

    /// A board without clues from rows of numbers (`None` for a hole); short
    /// rows are padded with holes. Values above `set`, or below 0, are
    /// refused, and so is a set [`Grid::new`] refuses.
    pub fn from_rows(rows: &[Vec<Option<Value>>], set: Value) -> Result<Grid, ShapeError> {
        let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
        let mut values = Vec::with_capacity(rows.len() * cols);
        for (r, row) in rows.iter().enumerate() {
            values.extend_from_slice(row);
            values.resize((r + 1) * cols, None);
        }
        Grid::new(rows.len(), cols, values, set, Vec::new())
    }

    /// The same board with `clues` in place of its own, when
    /// [`Grid::new`] would take them.
    pub fn with_clues(mut self, clues: Vec<Clue>) -> Result<Grid, ShapeError> {
        self.clues = clues;
        self.check_shape()?;
        Ok(self)
    }

    /// The same board under `name` (the `#dp` header's).
    pub fn with_name(mut self, name: Option<String>) -> Grid {
        self.name = name;
        self
    }

    /// The name given in a `#dp` header, if any.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// Height of the grid in cells, holes included.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Width of the grid in cells: the longest row; shorter rows were
    /// padded with holes.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The number on each cell, row by row (`row * cols + col`), `None`
    /// for a hole.
    pub fn values(&self) -> &[Option<Value>] {
        &self.values
    }

    /// The N of the board's double-N set: values `0..=N`.
    pub fn set(&self) -> Value {
        self.set
    }

    /// Pieces already placed.
    pub fn clues(&self) -> &[Clue] {
        &self.clues
    }

    /// `Ok` when the board is one the parser could have made, so that every
    /// entry point can read it: one value per cell (`rows * cols` of them),
    /// a set of at least double-0 (and, above double-[`MAX_SET`], one that
    /// fits the board), every number within the set, and every clue on two
    /// neighbouring numbered cells, no two clues sharing a cell. Otherwise
    /// the first fault found, in that order.
    ///
    /// Whether the set can cover the board (the cell count, each number's
    /// count) is for [`super::validate`]: a board of the wrong counts is a
    /// puzzle without a solution, not a malformed one.
    fn check_shape(&self) -> Result<(), ShapeError> {
        if self.rows.checked_mul(self.cols) != Some(self.values.len()) {
            return Err(ShapeError::Size {
                rows: self.rows,
                cols: self.cols,
                values: self.values.len(),
            });
        }
        let set = self.set;
        if set < 0 {
            return Err(ShapeError::NegativeSet(set));
        }
        let cells = self.cell_count();
        // In u128: (N+1)(N+2) overflows 64 bits for the largest N.
        let covers = (set as u128 + 1) * (set as u128 + 2);
        if set > MAX_SET && covers > cells as u128 {
            return Err(ShapeError::SetTooLarge { set, covers, cells });
        }
        for (cell, value) in self.values.iter().enumerate() {
            if let Some(&value) = value.as_ref().filter(|&&v| v > set || v < 0) {
                return Err(ShapeError::Value(ValueAboveSet {
                    cell: self.position(cell),
                    value,
                    set,
                }));
            }
        }
        // Which clue covers each cell (not made when there is none).
        let cells_for_clues = if self.clues.is_empty() {
            0
        } else {
            self.values.len()
        };
        let mut clue_on = vec![None; cells_for_clues];
        for (clue, &Clue { cells: [a, b] }) in self.clues.iter().enumerate() {
            for cell in [a, b] {
                match self.values.get(cell) {
                    None => {
                        return Err(ShapeError::ClueOffBoard {
                            clue,
                            cell,
                            board: (self.rows, self.cols),
                        })
                    }
                    Some(None) => {
                        return Err(ShapeError::ClueOnHole {
                            clue,
                            cell: self.position(cell),
                        })
                    }
                    Some(Some(_)) => {}
                }
            }
            let (p, q) = (self.position(a), self.position(b));
            if p.0.abs_diff(q.0) + p.1.abs_diff(q.1) != 1 {
                return Err(ShapeError::ClueApart {
                    clue,
                    cells: [p, q],
                });
            }
            for cell in [a, b] {
                if let Some(other) = clue_on[cell].replace(clue) {
                    return Err(ShapeError::ClueOverlap {
                        clues: [other, clue],
                        cell: self.position(cell),
                    });
                }
            }
        }
        Ok(())
    }

    /// Number of bones in the board's set.
    pub fn bone_count(&self) -> usize {
        set_size(self.set)
    }

    /// Cells that are not holes.
    pub fn cell_count(&self) -> usize {
        self.values.iter().filter(|v| v.is_some()).count()
    }

    /// `(row, col)` of cell `cell`. A grid with no columns (and so no
    /// cells) is read as one column wide, so that drawing or describing it
    /// never divides by zero.
    pub fn position(&self, cell: usize) -> (usize, usize) {
        let cols = self.cols.max(1);
        (cell / cols, cell % cols)
    }

    /// The bone a clue shows; `None` when a cell of it is a hole, off the
    /// board, or shows a number outside the set.
    pub fn clue_bone(&self, clue: &Clue) -> Option<usize> {
        let number = |cell: usize| {
            self.values
                .get(cell)
                .copied()
                .flatten()
                .filter(|v| (0..=self.set).contains(v))
        };
        Some(bone_number(
            number(clue.cells[0])?,
            number(clue.cells[1])?,
            self.set,
        ))
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
    /// `None`; cells past the board's value list are left out).
    pub fn from_placements(board: &Grid, placements: impl IntoIterator<Item = Placement>) -> Map {
        let mut bones = vec![None; board.values.len()];
        for p in placements {
            for cell in p.cells {
                if let Some(slot) = bones.get_mut(cell) {
                    *slot = Some(p.bone);
                }
            }
        }
        Map {
            rows: board.rows,
            cols: board.cols,
            bones,
        }
    }

    /// The bone numbers of row `r` (0-based), left to right: shorter, or
    /// empty, where a map built in code lists fewer bones than its rows
    /// and columns have cells (or `r` is not below `rows`).
    pub fn row(&self, r: usize) -> &[Option<usize>] {
        let start = r.saturating_mul(self.cols).min(self.bones.len());
        let end = start.saturating_add(self.cols).min(self.bones.len());
        &self.bones[start..end]
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
