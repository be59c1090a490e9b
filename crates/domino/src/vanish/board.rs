//! The board model: a W x H rectangle and the pieces lying on it, in input
//! order (a piece's index is its name in orders and JSON). Plain data, so a
//! renderer can draw the board and every removal frame from it.

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
    /// to let the piece vanish.
    pub value1: u64,
    /// The value of the right or bottom half.
    pub value2: u64,
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
    pub fn halves(&self) -> [((usize, usize), u64); 2] {
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
        }
    }
}

impl std::error::Error for BoardError {}

/// A checked board: every piece inside the rectangle, no square covered
/// twice. Squares without a piece are empty from the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    width: usize,
    height: usize,
    pieces: Vec<Piece>,
}

impl Board {
    /// Checks the pieces against the rectangle and each other.
    pub fn new(width: usize, height: usize, pieces: Vec<Piece>) -> Result<Board, BoardError> {
        if width == 0 || height == 0 || width.saturating_mul(height) > MAX_SQUARES {
            return Err(BoardError::BadSize { width, height });
        }
        let mut owner = vec![usize::MAX; width * height];
        for (i, piece) in pieces.iter().enumerate() {
            let (x2, y2) = piece.second_square();
            if x2 >= width || y2 >= height {
                return Err(BoardError::Outside { piece: i });
            }
            for ((x, y), _) in piece.halves() {
                let cell = &mut owner[y * width + x];
                if *cell != usize::MAX {
                    return Err(BoardError::Overlap {
                        piece: i,
                        other: *cell,
                        square: (x, y),
                    });
                }
                *cell = i;
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
