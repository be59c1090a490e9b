//! The rules compiled for search. A piece has four sides (up, down, left,
//! right); a side's condition is two lists of pieces: those that must be
//! gone (they cover the squares that must be empty) and at most two that
//! must still be there (the blockers, on the square one past the value).
//! Squares without a piece are empty forever, so a side whose blocking
//! square is such a square, or whose value reaches past the edge, or that
//! needs one piece both gone and present, can never be used.

use super::board::{Board, Orientation};

/// A half of a piece: its square and value.
type Half = ((usize, usize), u64);

/// Marks an unused blocker slot.
pub(crate) const NONE: u32 = u32::MAX;

/// The compiled conditions of every side; side `s` belongs to piece `s / 4`.
pub(crate) struct Sides {
    pub pieces: usize,
    /// `gone[gone_start[s]..gone_start[s + 1]]`: pieces that must be gone.
    pub gone_start: Vec<u32>,
    pub gone: Vec<u32>,
    /// Pieces that must be present (`NONE` when unused: the edge blocks).
    pub blockers: Vec<[u32; 2]>,
    /// Sides that can never be used, whatever happens.
    pub hopeless: Vec<bool>,
    /// For each piece, the sides it blocks (its removal kills them).
    pub blocker_of: Vec<Vec<u32>>,
    /// For each piece, the sides it must leave for (if it stays for good,
    /// they die).
    pub wall_for: Vec<Vec<u32>>,
}

impl Sides {
    pub fn new(board: &Board) -> Sides {
        let n = board.pieces().len();
        let (w, h) = (board.width() as i64, board.height() as i64);
        let owners = board.owners();
        let mut sides = Sides {
            pieces: n,
            gone_start: vec![0],
            gone: Vec::new(),
            blockers: Vec::with_capacity(4 * n),
            hopeless: Vec::with_capacity(4 * n),
            blocker_of: vec![Vec::new(); n],
            wall_for: vec![Vec::new(); n],
        };
        for (p, piece) in board.pieces().iter().enumerate() {
            let [first, second] = piece.halves();
            let horizontal = piece.orientation == Orientation::Horizontal;
            // up, down, left, right: which halves face that way.
            let facing: [(i64, i64, &[Half]); 4] = [
                (
                    0,
                    -1,
                    if horizontal {
                        &[first, second][..]
                    } else {
                        &[first][..]
                    },
                ),
                (
                    0,
                    1,
                    if horizontal {
                        &[first, second][..]
                    } else {
                        &[second][..]
                    },
                ),
                (
                    -1,
                    0,
                    if horizontal {
                        &[first][..]
                    } else {
                        &[first, second][..]
                    },
                ),
                (
                    1,
                    0,
                    if horizontal {
                        &[second][..]
                    } else {
                        &[first, second][..]
                    },
                ),
            ];
            for (dx, dy, halves) in facing {
                let s = sides.blockers.len() as u32;
                let mut gone: Vec<u32> = Vec::new();
                let mut blockers = [NONE; 2];
                let mut hopeless = false;
                for (k, &((x, y), value)) in halves.iter().enumerate() {
                    let room = if dx < 0 {
                        x as i64
                    } else if dx > 0 {
                        w - 1 - x as i64
                    } else if dy < 0 {
                        y as i64
                    } else {
                        h - 1 - y as i64
                    };
                    if value > room as u64 {
                        hopeless = true;
                        continue;
                    }
                    let at = |d: i64| -> usize {
                        ((y as i64 + dy * d) * w + x as i64 + dx * d) as usize
                    };
                    for d in 1..=value as i64 {
                        if let Some(q) = owners[at(d)] {
                            gone.push(q as u32);
                        }
                    }
                    if (value as i64) < room {
                        match owners[at(value as i64 + 1)] {
                            Some(q) => blockers[k] = q as u32,
                            None => hopeless = true,
                        }
                    }
                }
                gone.sort_unstable();
                gone.dedup();
                if blockers[0] == blockers[1] {
                    blockers[1] = NONE;
                }
                if blockers
                    .iter()
                    .any(|b| *b != NONE && gone.binary_search(b).is_ok())
                {
                    hopeless = true;
                }
                if !hopeless {
                    for &b in blockers.iter().filter(|&&b| b != NONE) {
                        sides.blocker_of[b as usize].push(s);
                    }
                    for &q in &gone {
                        sides.wall_for[q as usize].push(s);
                    }
                }
                sides.gone.extend_from_slice(&gone);
                sides.gone_start.push(sides.gone.len() as u32);
                sides.blockers.push(blockers);
                sides.hopeless.push(hopeless);
            }
            debug_assert_eq!(sides.blockers.len(), 4 * (p + 1));
        }
        sides
    }

    /// The pieces side `s` needs gone.
    pub fn gone(&self, s: usize) -> &[u32] {
        &self.gone[self.gone_start[s] as usize..self.gone_start[s + 1] as usize]
    }
}
