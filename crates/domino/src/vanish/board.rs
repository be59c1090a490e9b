//! The board model: a W x H rectangle and the pieces lying on it, in input
//! order (a piece's index is its name in orders and JSON). Plain data, so a
//! renderer can draw the board and every removal frame from it.

use crate::fastmap::{int_map_with_capacity, IntMap};
use crate::tile::Value;
use std::collections::hash_map::Entry;
use std::fmt;

/// How a piece lies: horizontal covers (x, y) and (x + 1, y), vertical
/// covers (x, y) and (x, y + 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Orientation {
    /// Lies along a row: first half on the left (`h` in the text format).
    Horizontal,
    /// Lies along a column: first half on top (`v` in the text format).
    Vertical,
}

/// One domino on the board. `value1` is on (x, y), the left or top half;
/// `value2` on the other half.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Column of the left or top half, counted from 0, left to right.
    pub x: usize,
    /// Row of the left or top half, counted from 0, top to bottom.
    pub y: usize,
    /// Whether the second half lies right of or below (x, y).
    pub orientation: Orientation,
    /// The value of the left or top half: the free distance that half needs
    /// to let the piece vanish; at least 0 ([`Board::new`] checks).
    pub value1: Value,
    /// The value of the right or bottom half; at least 0.
    pub value2: Value,
}

impl Piece {
    /// The square of the second half (right of or below (x, y)).
    pub fn second_square(&self) -> (usize, usize) {
        match self.orientation {
            Orientation::Horizontal => (self.x + 1, self.y),
            Orientation::Vertical => (self.x, self.y + 1),
        }
    }

    /// Both squares with their values: `[((x, y), value1), (second, value2)]`.
    pub fn halves(&self) -> [((usize, usize), Value); 2] {
        [
            ((self.x, self.y), self.value1),
            (self.second_square(), self.value2),
        ]
    }
}

impl fmt::Display for Piece {
    /// The input encoding `o;v1;v2;x;y`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let o = match self.orientation {
            Orientation::Horizontal => 'h',
            Orientation::Vertical => 'v',
        };
        write!(
            f,
            "{o};{};{};{};{}",
            self.value1, self.value2, self.x, self.y
        )
    }
}

/// The largest board accepted (squares), so a typo in the header cannot ask
/// for gigabytes.
pub const MAX_SQUARES: usize = 1 << 24;

/// Why a set of pieces does not form a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// Width or height is 0, or the area is above [`MAX_SQUARES`].
    BadSize {
        /// The width asked for, in squares.
        width: usize,
        /// The height asked for, in squares.
        height: usize,
    },
    /// A piece reaches past the rectangle.
    Outside {
        /// The piece, as its 0-based index in input order.
        piece: usize,
    },
    /// Two pieces share a square.
    Overlap {
        /// The later of the two pieces (0-based index in input order).
        piece: usize,
        /// The earlier piece already on that square (0-based index).
        other: usize,
        /// The shared square as (x, y), counted from 0.
        square: (usize, usize),
    },
    /// A piece has a value below 0: a half cannot need less than no free
    /// square.
    Negative {
        /// The piece, as its 0-based index in input order.
        piece: usize,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::BadSize { width, height } => write!(
                f,
                "a board of {width} x {height} squares is not allowed (each side at least 1, at most {MAX_SQUARES} squares)"
            ),
            BoardError::Outside { piece } => {
                write!(f, "piece {} lies outside the board", piece + 1)
            }
            BoardError::Overlap {
                piece,
                other,
                square: (x, y),
            } => write!(
                f,
                "piece {} overlaps piece {} on square ({x}, {y})",
                piece + 1,
                other + 1
            ),
            BoardError::Negative { piece } => write!(
                f,
                "piece {} has a negative value: values are at least 0",
                piece + 1
            ),
        }
    }
}

impl std::error::Error for BoardError {}

/// Which piece covers each square, while [`Board::new`] checks for
/// overlaps: a grid when the pieces fill much of the board, else a map of
/// the covered squares, so the memory follows the input and not its
/// header (`4096;4096` alone would ask for a 128 MiB grid; the server
/// refuses such a board only after reading it).
enum Owners {
    Grid(Vec<usize>),
    Map(IntMap<usize, usize>),
}

impl Owners {
    fn new(squares: usize, pieces: usize) -> Owners {
        // A grid word per square costs at most twice what the pieces
        // themselves take (a `Piece` is five words) up to ten squares a
        // piece; a sparser board gets the map.
        if squares <= 10 * pieces {
            Owners::Grid(vec![usize::MAX; squares])
        } else {
            Owners::Map(int_map_with_capacity(2 * pieces))
        }
    }

    /// Gives `square` to `piece`; the piece that had it already, if any.
    fn claim(&mut self, square: usize, piece: usize) -> Option<usize> {
        match self {
            Owners::Grid(grid) => {
                let cell = &mut grid[square];
                if *cell != usize::MAX {
                    return Some(*cell);
                }
                *cell = piece;
                None
            }
            Owners::Map(map) => match map.entry(square) {
                Entry::Occupied(had) => Some(*had.get()),
                Entry::Vacant(free) => {
                    free.insert(piece);
                    None
                }
            },
        }
    }
}

/// A checked board: every piece inside the rectangle, no square covered
/// twice. Squares without a piece are empty from the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    width: usize,
    height: usize,
    pieces: Vec<Piece>,
}

impl Board {
    /// Checks the pieces against the rectangle and each other, and that no
    /// value is negative.
    pub fn new(width: usize, height: usize, pieces: Vec<Piece>) -> Result<Board, BoardError> {
        if width == 0 || height == 0 || width.saturating_mul(height) > MAX_SQUARES {
            return Err(BoardError::BadSize { width, height });
        }
        let mut owners = Owners::new(width * height, pieces.len());
        for (i, piece) in pieces.iter().enumerate() {
            let (x2, y2) = piece.second_square();
            if x2 >= width || y2 >= height {
                return Err(BoardError::Outside { piece: i });
            }
            if piece.value1 < 0 || piece.value2 < 0 {
                return Err(BoardError::Negative { piece: i });
            }
            for ((x, y), _) in piece.halves() {
                if let Some(other) = owners.claim(y * width + x, i) {
                    return Err(BoardError::Overlap {
                        piece: i,
                        other,
                        square: (x, y),
                    });
                }
            }
        }
        Ok(Board {
            width,
            height,
            pieces,
        })
    }

    /// Number of columns (squares along x), at least 1.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows (squares along y), at least 1.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The pieces in input order.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// Which pieces are still on the board after the first `steps` removals
    /// of `order` (one frame of a removal, for drawing). Indices out of
    /// range are ignored.
    pub fn present_after(&self, order: &[usize], steps: usize) -> Vec<bool> {
        let mut present = vec![true; self.pieces.len()];
        for &i in order.iter().take(steps) {
            if let Some(p) = present.get_mut(i) {
                *p = false;
            }
        }
        present
    }

    /// For every square (row by row), the index of the piece on it.
    pub fn owners(&self) -> Vec<Option<usize>> {
        let mut owner = vec![None; self.width * self.height];
        for (i, piece) in self.pieces.iter().enumerate() {
            for ((x, y), _) in piece.halves() {
                owner[y * self.width + x] = Some(i);
            }
        }
        owner
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(x: usize, y: usize, orientation: Orientation) -> Piece {
        Piece {
            x,
            y,
            orientation,
            value1: 1,
            value2: 2,
        }
    }

    /// A board of 4 x 2 squares checks its pieces with a grid, one of
    /// 4 x 1000 with a map: both must name the same piece.
    #[test]
    fn overlaps_and_outside_pieces_are_named_on_dense_and_sparse_boards() {
        use Orientation::{Horizontal, Vertical};
        for height in [2, 1000] {
            let overlap = vec![
                piece(0, 0, Horizontal),
                piece(2, 0, Horizontal),
                piece(1, 0, Vertical),
            ];
            assert_eq!(
                Board::new(4, height, overlap),
                Err(BoardError::Overlap {
                    piece: 2,
                    other: 0,
                    square: (1, 0)
                }),
                "height {height}"
            );
            let outside = vec![piece(0, 0, Horizontal), piece(3, 1, Horizontal)];
            assert_eq!(
                Board::new(4, height, outside),
                Err(BoardError::Outside { piece: 1 }),
                "height {height}"
            );
            let fine = vec![piece(0, 0, Horizontal), piece(3, 0, Vertical)];
            assert_eq!(Board::new(4, height, fine.clone()).unwrap().pieces(), fine);
        }
    }
}
