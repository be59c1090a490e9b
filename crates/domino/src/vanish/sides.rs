//! The rules compiled for search. A piece has four sides (up, down, left,
//! right); a side's condition is two lists of pieces: those that must be
//! gone (they cover the squares that must be empty) and at most two that
//! must still be there (the blockers, on the square one past the value).
//! Squares without a piece are empty forever, so a side whose blocking
//! square is such a square, or whose value reaches past the edge, or that
//! needs one piece both gone and present, can never be used.

use super::board::{Board, Orientation, Piece};
use crate::tile::Value;

/// A half of a piece: its square and value.
type Half = ((usize, usize), Value);

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

/// One side's condition, before it is added to [`Sides`].
struct Side {
    gone: Vec<u32>,
    blockers: [u32; 2],
    hopeless: bool,
}

/// The four directions in side order (up, down, left, right), each with the
/// halves of `piece` that face it: both on a long side, one on a short side.
fn facing(piece: &Piece) -> [((i64, i64), Vec<Half>); 4] {
    let [first, second] = piece.halves();
    let both = vec![first, second];
    match piece.orientation {
        Orientation::Horizontal => [
            ((0, -1), both.clone()),
            ((0, 1), both),
            ((-1, 0), vec![first]),
            ((1, 0), vec![second]),
        ],
        Orientation::Vertical => [
            ((0, -1), vec![first]),
            ((0, 1), vec![second]),
            ((-1, 0), both.clone()),
            ((1, 0), both),
        ],
    }
}

/// Squares from `(x, y)` to the edge of a `width` x `height` board in
/// direction `(dx, dy)` (one of them 0, the other +-1).
fn room((x, y): (usize, usize), (dx, dy): (i64, i64), width: i64, height: i64) -> i64 {
    match (dx, dy) {
        (-1, _) => x as i64,
        (1, _) => width - 1 - x as i64,
        (_, -1) => y as i64,
        _ => height - 1 - y as i64,
    }
}

/// The condition of the side facing `dir` made of `halves`: the pieces on
/// the squares each half needs empty, the piece one past them (the blocker;
/// none at the edge), and whether it can never be used (a value past the
/// edge, an empty blocking square, a blocker that must also be gone).
fn compile_side(board: &Board, owners: &[Option<usize>], dir: (i64, i64), halves: &[Half]) -> Side {
    let (w, h) = (board.width() as i64, board.height() as i64);
    let mut side = Side {
        gone: Vec::new(),
        blockers: [NONE; 2],
        hopeless: false,
    };
    for (k, &((x, y), value)) in halves.iter().enumerate() {
        let room = room((x, y), dir, w, h);
        if value > room {
            side.hopeless = true;
            continue;
        }
        let at = |d: i64| -> usize { ((y as i64 + dir.1 * d) * w + x as i64 + dir.0 * d) as usize };
        side.gone
            .extend((1..=value).filter_map(|d| owners[at(d)]).map(|q| q as u32));
        if value < room {
            match owners[at(value + 1)] {
                Some(q) => side.blockers[k] = q as u32,
                None => side.hopeless = true,
            }
        }
    }
    side.gone.sort_unstable();
    side.gone.dedup();
    if side.blockers[0] == side.blockers[1] {
        side.blockers[1] = NONE;
    }
    if side
        .blockers
        .iter()
        .any(|b| *b != NONE && side.gone.binary_search(b).is_ok())
    {
        side.hopeless = true;
    }
    side
}

impl Sides {
    pub fn new(board: &Board) -> Sides {
        Sides::within(board, &mut || false)
            .unwrap_or_else(|| unreachable!("a search never told to stop is never stopped"))
    }

    /// [`Sides::new`], asking `stop` every few thousand pieces (a board of
    /// a million squares takes a second): None once it answers true.
    pub fn within(board: &Board, stop: &mut dyn FnMut() -> bool) -> Option<Sides> {
        let n = board.pieces().len();
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
        for (i, piece) in board.pieces().iter().enumerate() {
            if i % 4096 == 4095 && stop() {
                return None;
            }
            for (dir, halves) in facing(piece) {
                sides.push(compile_side(board, &owners, dir, &halves));
            }
        }
        Some(sides)
    }

    /// Adds the next side, and to a usable one's pieces the side it
    /// depends on them for.
    fn push(&mut self, side: Side) {
        let s = self.blockers.len() as u32;
        if !side.hopeless {
            for &b in side.blockers.iter().filter(|&&b| b != NONE) {
                self.blocker_of[b as usize].push(s);
            }
            for &q in &side.gone {
                self.wall_for[q as usize].push(s);
            }
        }
        self.gone.extend_from_slice(&side.gone);
        self.gone_start.push(self.gone.len() as u32);
        self.blockers.push(side.blockers);
        self.hopeless.push(side.hopeless);
    }

    /// The bytes the compiled conditions hold: part of what a search on
    /// the board keeps.
    pub fn heap_bytes(&self) -> usize {
        fn bytes<T>(v: &Vec<T>) -> usize {
            v.capacity() * std::mem::size_of::<T>()
        }
        let lists = |l: &Vec<Vec<u32>>| bytes(l) + l.iter().map(bytes).sum::<usize>();
        bytes(&self.gone_start)
            + bytes(&self.gone)
            + bytes(&self.blockers)
            + bytes(&self.hopeless)
            + lists(&self.blocker_of)
            + lists(&self.wall_for)
    }

    /// The pieces side `s` needs gone.
    pub fn gone(&self, s: usize) -> &[u32] {
        &self.gone[self.gone_start[s] as usize..self.gone_start[s + 1] as usize]
    }
}
