//! Replays a removal order step by step on a plain grid, sharing nothing
//! with the solvers: each removed piece must be on the board and removable
//! at its moment, by counting the empty squares straight from the rules.

use super::board::{Board, Orientation};
use crate::tile::Value;
use std::fmt;

/// The first step of an order that breaks the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalRemoval {
    /// 0-based step in the order.
    pub step: usize,
    /// The piece index named at that step.
    pub piece: usize,
    /// What is wrong with that step: no such piece, already removed, or
    /// no side with free space matching its values.
    pub reason: String,
}

impl fmt::Display for IllegalRemoval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "step {}: piece {}: {}",
            self.step + 1,
            self.piece,
            self.reason
        )
    }
}

/// Checks that `order` (piece indices) is a legal removal sequence and
/// returns the score, the number of pieces left.
pub fn verify_order(board: &Board, order: &[usize]) -> Result<usize, IllegalRemoval> {
    let (w, h) = (board.width(), board.height());
    let mut grid = board.owners();
    let mut removed = vec![false; board.pieces().len()];
    for (step, &i) in order.iter().enumerate() {
        let fail = |reason: &str| IllegalRemoval {
            step,
            piece: i,
            reason: reason.to_string(),
        };
        if i >= board.pieces().len() {
            return Err(fail("there is no such piece"));
        }
        if removed[i] {
            return Err(fail("the piece was already removed"));
        }
        if !removable(&grid, w, h, board, i) {
            return Err(fail(
                "no side of the piece has free space matching its values",
            ));
        }
        removed[i] = true;
        for ((x, y), _) in board.pieces()[i].halves() {
            grid[y * w + x] = None;
        }
    }
    Ok(board.pieces().len() - order.len())
}

/// A half of a piece: its square and value.
type Half = ((usize, usize), Value);

/// Whether piece `i` may leave the grid now: in some direction, every half
/// facing that way sees exactly its value in empty squares.
fn removable(grid: &[Option<usize>], w: usize, h: usize, board: &Board, i: usize) -> bool {
    let piece = board.pieces()[i];
    let [first, second] = piece.halves();
    let directions: [((i64, i64), Vec<Half>); 4] = match piece.orientation {
        Orientation::Horizontal => [
            ((-1, 0), vec![first]),
            ((1, 0), vec![second]),
            ((0, -1), vec![first, second]),
            ((0, 1), vec![first, second]),
        ],
        Orientation::Vertical => [
            ((0, -1), vec![first]),
            ((0, 1), vec![second]),
            ((-1, 0), vec![first, second]),
            ((1, 0), vec![first, second]),
        ],
    };
    directions.iter().any(|((dx, dy), halves)| {
        halves.iter().all(|&((x, y), value)| {
            let mut distance: Value = 0;
            let (mut cx, mut cy) = (x as i64 + dx, y as i64 + dy);
            while cx >= 0 && cy >= 0 && (cx as usize) < w && (cy as usize) < h {
                if grid[cy as usize * w + cx as usize].is_some() {
                    break;
                }
                distance += 1;
                cx += dx;
                cy += dy;
            }
            distance == value
        })
    })
}
