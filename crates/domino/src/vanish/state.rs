//! A position during search: which pieces remain, which sides are dead for
//! good and which pieces are dead (all four sides dead: they can never
//! leave, so they count against the score and act as walls). Distances only
//! grow as pieces vanish, so deadness is permanent along a line of play and
//! is kept incrementally, with an undo log for backtracking.

use super::sides::{Sides, NONE};

const REMOVAL: u32 = 1 << 31;
const DEATH: u32 = 1 << 30;
const ID: u32 = DEATH - 1;

/// How many levels of pieces-that-must-leave-first [`State::stuck_behind`]
/// follows.
const STUCK_DEPTH: usize = 3;

/// The pieces that must stay while a piece leaves, in
/// [`State::stuck_behind`]: a piece and two blockers per level.
#[derive(Default)]
struct Held {
    items: [u32; 3 * (STUCK_DEPTH + 2)],
    len: usize,
}

impl Held {
    fn push(&mut self, p: u32) {
        self.items[self.len] = p;
        self.len += 1;
    }

    fn contains(&self, p: u32) -> bool {
        self.items[..self.len].contains(&p)
    }
}

/// The remaining pieces and the dead sides and pieces among them.
#[derive(Clone)]
pub(crate) struct State<'a> {
    pub sides: &'a Sides,
    present: Vec<u64>,
    present_count: usize,
    side_dead: Vec<bool>,
    /// Per side, how many pieces it needs gone are still present.
    waiting: Vec<u32>,
    /// Per piece, how many of its sides are open (alive, nothing to wait for).
    open: Vec<u8>,
    live_sides: Vec<u8>,
    dead: Vec<bool>,
    dead_count: usize,
    hash: u64,
    zobrist: &'a [u64],
    log: Vec<u32>,
    pending: Vec<u32>,
    recheck: Vec<u32>,
}

/// Random keys for hashing sets of pieces, one per piece.
pub(crate) fn zobrist_keys(n: usize) -> Vec<u64> {
    let mut rng = crate::rng::Rng::new(0x5eed_d0e5_1a2b_3c4d);
    (0..n).map(|_| rng.next_u64() | 1).collect()
}

impl<'a> State<'a> {
    /// Every piece present, dead sides and pieces found to a fixpoint.
    #[cfg(test)]
    pub fn new(sides: &'a Sides, zobrist: &'a [u64]) -> State<'a> {
        Self::within(sides, zobrist, &mut || false)
    }

    /// Every piece present, dead sides and pieces found to a fixpoint,
    /// asking `stop` now and then while it looks for sides stuck behind
    /// pieces that cannot leave first (half a minute on a board of a
    /// million squares). Once `stop` answers true the rest are not looked
    /// for: the position is still exact about what may be removed (a
    /// stuck side waits for a present piece, so it is not open either
    /// way), only its dead pieces, a lower bound, are fewer.
    pub fn within(
        sides: &'a Sides,
        zobrist: &'a [u64],
        stop: &mut dyn FnMut() -> bool,
    ) -> State<'a> {
        let n = sides.pieces;
        let mut present = vec![!0u64; n.div_ceil(64)];
        if n & 63 != 0 {
            if let Some(last) = present.last_mut() {
                *last = (1u64 << (n % 64)) - 1;
            }
        }
        let mut state = State {
            sides,
            present,
            present_count: n,
            side_dead: vec![false; 4 * n],
            waiting: (0..4 * n).map(|s| sides.gone(s).len() as u32).collect(),
            open: (0..n)
                .map(|p| {
                    (4 * p..4 * p + 4)
                        .filter(|&s| sides.gone(s).is_empty())
                        .count() as u8
                })
                .collect(),
            live_sides: vec![4; n],
            dead: vec![false; n],
            dead_count: 0,
            hash: zobrist.iter().fold(0, |h, z| h ^ z),
            zobrist,
            log: Vec::new(),
            pending: Vec::new(),
            recheck: Vec::new(),
        };
        // Hopeless sides must die (one may wait for nothing, so it would
        // look open): their deaths and the deaths that follow, but not yet
        // the search for stuck sides, which the loop below makes over
        // every side anyway.
        for s in 0..4 * n {
            if sides.hopeless[s] {
                state.kill_then(s as u32, false);
            }
        }
        for s in 0..4 * n {
            // A side may follow its pieces three levels deep: up to a
            // millisecond on a board of large values.
            if s % 64 == 0 && stop() {
                break;
            }
            if !state.side_dead[s] && state.stuck_behind(s) {
                state.kill(s as u32);
            }
        }
        state.log.clear();
        state
    }

    /// The bytes this position holds (what a copy of it takes, its undo
    /// log included): about 24 a piece.
    pub fn heap_bytes(&self) -> usize {
        fn bytes<T>(v: &Vec<T>) -> usize {
            v.capacity() * std::mem::size_of::<T>()
        }
        bytes(&self.present)
            + bytes(&self.side_dead)
            + bytes(&self.waiting)
            + bytes(&self.open)
            + bytes(&self.live_sides)
            + bytes(&self.dead)
            + bytes(&self.log)
            + bytes(&self.pending)
            + bytes(&self.recheck)
    }

    pub fn is_present(&self, p: usize) -> bool {
        self.present[p / 64] >> (p % 64) & 1 == 1
    }

    pub fn is_dead(&self, p: usize) -> bool {
        self.dead[p]
    }

    pub fn side_dead(&self, s: usize) -> bool {
        self.side_dead[s]
    }

    pub fn present_count(&self) -> usize {
        self.present_count
    }

    /// Present pieces that can never be removed: a lower bound on the score.
    pub fn dead_count(&self) -> usize {
        self.dead_count
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash key of piece `p` (the hash changes by it when `p` leaves).
    pub fn zobrist(&self, p: usize) -> u64 {
        self.zobrist[p]
    }

    pub fn key(&self) -> &[u64] {
        &self.present
    }

    /// Present pieces in index order.
    pub fn present_pieces(&self) -> impl Iterator<Item = usize> + '_ {
        self.present.iter().enumerate().flat_map(|(w, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Some(w * 64 + b)
            })
        })
    }

    /// Whether side `s` is usable now: alive and every piece it needs gone
    /// is gone (a live side's blockers are always present).
    pub fn side_open(&self, s: usize) -> bool {
        !self.side_dead[s] && self.waiting[s] == 0
    }

    /// Whether piece `p` may be removed now.
    pub fn removable(&self, p: usize) -> bool {
        self.open[p] > 0 && !self.dead[p] && self.is_present(p)
    }

    /// The removable pieces, in index order.
    pub fn removable_pieces(&self, out: &mut Vec<usize>) {
        out.clear();
        out.extend(
            self.present_pieces()
                .filter(|&p| !self.dead[p] && self.removable(p)),
        );
    }

    /// Whether removing `p` can never hurt: it blocks no live side of a
    /// present piece, so every later move stays legal without it.
    pub fn harmless(&self, p: usize) -> bool {
        self.sides.blocker_of[p].iter().all(|&s| {
            let s = s as usize;
            self.side_dead[s] || !self.is_present(s / 4)
        })
    }

    /// A position in the undo log to return to with [`State::undo`].
    pub fn mark(&self) -> usize {
        self.log.len()
    }

    /// Forgets the undo log (for searches that never go back).
    pub fn commit(&mut self) {
        self.log.clear();
    }

    /// Removes piece `p` (which must be removable) and kills the sides it
    /// blocked, to a fixpoint.
    pub fn remove(&mut self, p: usize) {
        debug_assert!(self.removable(p));
        self.present[p / 64] &= !(1u64 << (p % 64));
        self.present_count -= 1;
        self.hash ^= self.zobrist[p];
        self.log.push(REMOVAL | p as u32);
        for &s in &self.sides.wall_for[p] {
            let s = s as usize;
            self.waiting[s] -= 1;
            if self.waiting[s] == 0 && !self.side_dead[s] {
                self.open[s / 4] += 1;
            }
        }
        for i in 0..self.sides.blocker_of[p].len() {
            let s = self.sides.blocker_of[p][i];
            self.kill(s);
        }
    }

    /// Marks side `s` dead and everything that follows: a piece with no live
    /// side left is dead, the sides that needed it gone die too, and the
    /// sides that need it gone are checked again (see
    /// [`State::stuck_behind`]).
    fn kill(&mut self, s: u32) {
        self.kill_then(s, true);
    }

    /// [`State::kill`], looking for the sides its deaths leave stuck only
    /// when `recheck`.
    fn kill_then(&mut self, s: u32, recheck: bool) {
        self.pending.push(s);
        loop {
            while let Some(s) = self.pending.pop() {
                let su = s as usize;
                if self.side_dead[su] {
                    continue;
                }
                self.side_dead[su] = true;
                let p = su / 4;
                if self.waiting[su] == 0 {
                    self.open[p] -= 1;
                }
                self.live_sides[p] -= 1;
                if self.live_sides[p] == 0 && self.is_present(p) {
                    self.dead[p] = true;
                    self.dead_count += 1;
                    self.log.push(DEATH | s);
                    self.pending.extend_from_slice(&self.sides.wall_for[p]);
                } else {
                    self.log.push(s);
                    if self.is_present(p) {
                        self.recheck.extend_from_slice(&self.sides.wall_for[p]);
                    }
                }
            }
            if !recheck {
                self.recheck.clear();
            }
            match self.recheck.pop() {
                Some(s) => {
                    if !self.side_dead[s as usize] && self.stuck_behind(s as usize) {
                        self.pending.push(s);
                    }
                }
                None => return,
            }
        }
    }

    /// Whether side `s` of a present piece p can never be used because a
    /// piece q it needs gone cannot leave first: q must go while p and the
    /// side's blockers are all still there, so q needs a live side that
    /// needs none of them gone, and the pieces that side needs gone must in
    /// turn leave while q and its blockers are there too (checked
    /// [`STUCK_DEPTH`] levels deep). If one of the held pieces leaves
    /// first, the side is spent anyway, so true stays true: the side is
    /// dead for good.
    fn stuck_behind(&self, s: usize) -> bool {
        let p = s / 4;
        if !self.is_present(p) {
            return false;
        }
        let mut held = Held::default();
        held.push(p as u32);
        for b in self.blockers(s) {
            held.push(b as u32);
        }
        self.sides.gone(s).iter().any(|&q| {
            self.is_present(q as usize) && !self.can_leave(q as usize, &mut held, STUCK_DEPTH)
        })
    }

    /// Whether present piece `q` might leave while every piece in `held`
    /// stays (an over-approximation: true unless proven impossible).
    fn can_leave(&self, q: usize, held: &mut Held, depth: usize) -> bool {
        (4 * q..4 * q + 4).any(|t| {
            if self.side_dead[t] || self.sides.gone(t).iter().any(|&r| held.contains(r)) {
                return false;
            }
            if depth == 0 {
                return true;
            }
            let mark = held.len;
            held.push(q as u32);
            for b in self.blockers(t) {
                held.push(b as u32);
            }
            let ok = self.sides.gone(t).iter().all(|&r| {
                !self.is_present(r as usize) || self.can_leave(r as usize, held, depth - 1)
            });
            held.len = mark;
            ok
        })
    }

    /// Takes back everything logged since `mark`.
    pub fn undo(&mut self, mark: usize) {
        while self.log.len() > mark {
            let entry = self.log.pop().unwrap_or(0);
            let id = (entry & ID) as usize;
            if entry & REMOVAL != 0 {
                self.present[id / 64] |= 1u64 << (id % 64);
                self.present_count += 1;
                self.hash ^= self.zobrist[id];
                for &s in &self.sides.wall_for[id] {
                    let s = s as usize;
                    if self.waiting[s] == 0 && !self.side_dead[s] {
                        self.open[s / 4] -= 1;
                    }
                    self.waiting[s] += 1;
                }
            } else {
                self.side_dead[id] = false;
                self.live_sides[id / 4] += 1;
                if self.waiting[id] == 0 {
                    self.open[id / 4] += 1;
                }
                if entry & DEATH != 0 {
                    self.dead[id / 4] = false;
                    self.dead_count -= 1;
                }
            }
        }
    }

    /// The blockers of side `s` (all present while the side is alive).
    pub fn blockers(&self, s: usize) -> impl Iterator<Item = usize> + '_ {
        self.sides.blockers[s]
            .iter()
            .filter(|&&b| b != NONE)
            .map(|&b| b as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::super::generate::random_board;
    use super::super::verify::verify_order;
    use super::*;
    use crate::rng::Rng;

    /// Random play: the state's removable pieces are exactly those the
    /// independent checker accepts, and undo restores everything.
    #[test]
    fn removable_agrees_with_the_checker() {
        let mut rng = Rng::new(5);
        for _ in 0..300 {
            let (w, h) = (2 + rng.index(6), 2 + rng.index(6));
            if w * h % 2 == 1 {
                continue;
            }
            let board = random_board(&mut rng, w, h);
            let sides = Sides::new(&board);
            let zobrist = zobrist_keys(sides.pieces);
            let mut state = State::new(&sides, &zobrist);
            let mut order = Vec::new();
            let mut removable = Vec::new();
            loop {
                state.removable_pieces(&mut removable);
                for p in 0..board.pieces().len() {
                    let mut next = order.clone();
                    next.push(p);
                    let legal = verify_order(&board, &next).is_ok();
                    assert_eq!(legal, removable.contains(&p), "{board:?} {order:?} {p}");
                }
                if removable.is_empty() {
                    break;
                }
                let p = removable[rng.index(removable.len())];
                let mark = state.mark();
                let before = (state.key().to_vec(), state.dead_count(), state.hash());
                state.remove(p);
                state.undo(mark);
                assert_eq!(
                    before,
                    (state.key().to_vec(), state.dead_count(), state.hash())
                );
                state.remove(p);
                order.push(p);
            }
        }
    }
}
