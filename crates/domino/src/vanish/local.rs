//! A lower bound from small parts of the board solved exactly.
//!
//! Take a set W of pieces and play the game on W alone: a piece of W may go
//! when one of its live sides needs no present piece of W gone and every
//! blocker of it in W is still there; pieces outside W are ignored (as if
//! each were gone or present just when needed). Any real line of play,
//! restricted to W, is a line of this smaller game, so the fewest pieces of
//! W that this game leaves is a lower bound on the pieces of W that stay.
//! For disjoint sets the bounds add up, and they add to the dead pieces and
//! precedence cycles outside all sets ([`CycleBound`] on what is left).
//!
//! The sets are rectangles of the board (a piece belongs to the rectangle
//! of its first square). At the start every tiling of the board by
//! rectangles of a few sizes is tried and the one with the highest bound is
//! kept, with only the rectangles that prove more than their dead pieces.
//! On a big board that choice is long (every rectangle of every tiling is
//! solved: a minute for 200 x 200 squares), so it asks the caller's limits
//! before each rectangle and, when told to stop, keeps the best tiling so
//! far: any set of disjoint rectangles gives a valid bound. During the search the same rectangles are solved again (with a cache,
//! since most of them do not change from one position to the next).

use super::bound::CycleBound;
use super::state::State;
use std::collections::BTreeMap;

/// Most pieces in a rectangle (its positions are the subsets of its pieces).
const MAX_MEMBERS: usize = 16;

/// Rectangle sizes tried at the start, in squares (width, height).
const SIZES: [(usize, usize); 6] = [(4, 4), (5, 4), (4, 5), (5, 5), (6, 4), (4, 6)];

/// Slots of each worker's cache of solved rectangles (a power of two).
const CACHE_SLOTS: usize = 1 << 16;

/// The memory of one worker's cache, counted in the search's memory cap.
pub(crate) const LOCAL_CACHE_BYTES: usize = CACHE_SLOTS * std::mem::size_of::<Entry>();

/// One cache slot: window, present pieces, dead sides, and the answer.
#[derive(Clone, Copy, Default)]
struct Entry {
    window: u32,
    present: u32,
    dead_sides: u64,
    kept: u8,
    used: bool,
}

/// The rectangles kept at the start and the scratch to solve them.
#[derive(Clone)]
pub(crate) struct LocalBound {
    windows: Vec<Vec<usize>>,
    in_window: Vec<bool>,
    cache: Vec<Entry>,
    seen: Vec<u64>,
    stack: Vec<u32>,
    conditions: Vec<Vec<(u32, u32)>>,
}

impl LocalBound {
    /// Chooses the rectangles for positions below `root`: the tiling with
    /// the highest bound, keeping its rectangles that bound more than their
    /// dead pieces. `positions[p]` is the first square (x, y) of piece p.
    /// `stop` is asked before each rectangle; once it answers true the
    /// best rectangles found so far are kept. Also gives what the kept
    /// rectangles prove at `root` beyond their dead pieces.
    pub fn new(
        root: &State,
        positions: &[(usize, usize)],
        stop: &mut dyn FnMut() -> bool,
    ) -> (LocalBound, usize) {
        let mut local = LocalBound {
            windows: Vec::new(),
            in_window: vec![false; root.sides.pieces],
            cache: Vec::new(),
            seen: Vec::new(),
            stack: Vec::new(),
            conditions: Vec::new(),
        };
        let mut best: (usize, Vec<Vec<usize>>) = (0, Vec::new());
        let tilings = SIZES
            .into_iter()
            .flat_map(|(w, h)| (0..w).flat_map(move |ox| (0..h).map(move |oy| (w, h, ox, oy))));
        for (w, h, ox, oy) in tilings {
            // Grouping a big board's pieces takes long too.
            if stop() {
                break;
            }
            let (gain, kept, stopped) = local.tiling(root, positions, (w, h), (ox, oy), stop);
            if gain > best.0 {
                best = (gain, kept);
            }
            if stopped {
                break;
            }
        }
        for &p in best.1.iter().flatten() {
            local.in_window[p] = true;
        }
        local.windows = best.1;
        (local, best.0)
    }

    /// The board cut into rectangles of `size` squares shifted by
    /// `offset`: what its rectangles prove beyond their dead pieces, those
    /// rectangles, and whether `stop` ended the work early (the rectangles
    /// solved before it still count).
    fn tiling(
        &mut self,
        root: &State,
        positions: &[(usize, usize)],
        (w, h): (usize, usize),
        (ox, oy): (usize, usize),
        stop: &mut dyn FnMut() -> bool,
    ) -> (usize, Vec<Vec<usize>>, bool) {
        let mut groups: BTreeMap<(usize, usize), Vec<usize>> = BTreeMap::new();
        for p in root.present_pieces() {
            let (x, y) = positions[p];
            groups
                .entry(((x + ox) / w, (y + oy) / h))
                .or_default()
                .push(p);
        }
        let mut gain = 0;
        let mut kept = Vec::new();
        for group in groups.into_values() {
            if group.len() > MAX_MEMBERS {
                continue;
            }
            if stop() {
                return (gain, kept, true);
            }
            let dead = group.iter().filter(|&&p| root.is_dead(p)).count();
            let bound = self.solve(root, &group);
            if bound > dead {
                gain += bound - dead;
                kept.push(group);
            }
        }
        (gain, kept, false)
    }

    /// Whether any rectangle was kept (otherwise the bound adds nothing).
    pub fn is_empty(&self) -> bool {
        self.windows.is_empty()
    }

    /// The rectangles' bounds plus the dead pieces outside them: a lower
    /// bound on the pieces that stay (add [`CycleBound`] cycles among the
    /// pieces outside, see [`LocalBound::total`]).
    pub fn bound(&mut self, state: &State) -> usize {
        if self.cache.is_empty() {
            self.cache = vec![Entry::default(); CACHE_SLOTS];
        }
        let mut total = state.dead_count();
        for w in 0..self.windows.len() {
            let (present, dead_sides, dead_members) = self.key(state, w);
            total -= dead_members;
            let slot = (mix(w as u64, present, dead_sides) as usize) & (CACHE_SLOTS - 1);
            let entry = self.cache[slot];
            if entry.used
                && entry.window == w as u32
                && entry.present == present
                && entry.dead_sides == dead_sides
            {
                total += entry.kept as usize;
                continue;
            }
            let members = std::mem::take(&mut self.windows[w]);
            let kept = self.solve(state, &members);
            self.windows[w] = members;
            self.cache[slot] = Entry {
                window: w as u32,
                present,
                dead_sides,
                kept: kept as u8,
                used: true,
            };
            total += kept;
        }
        total
    }

    /// The full bound: rectangles, dead pieces outside them and disjoint
    /// precedence cycles among the live pieces outside them (the search
    /// asks [`LocalBound::reaches`]; the tests compare with this).
    #[cfg(test)]
    pub fn total(&mut self, state: &State, cycles: &mut CycleBound) -> usize {
        let base = self.bound(state);
        base + cycles.bound_outside(state, &self.in_window)
    }

    /// Whether the full bound reaches `need` (the cycles are counted only
    /// as far as needed).
    pub fn reaches(&mut self, state: &State, cycles: &mut CycleBound, need: usize) -> bool {
        let base = self.bound(state);
        base >= need || cycles.reaches(state, need - base, &self.in_window)
    }

    /// Rectangle `w` in `state`: its present pieces and its pieces' dead
    /// sides as bit masks (bit i for member i, bits 4i..4i+4 for its
    /// sides), and how many of its members are dead.
    fn key(&self, state: &State, w: usize) -> (u32, u64, usize) {
        let mut present = 0u32;
        let mut dead_sides = 0u64;
        let mut dead = 0;
        for (i, &p) in self.windows[w].iter().enumerate() {
            if !state.is_present(p) {
                continue;
            }
            present |= 1 << i;
            dead += usize::from(state.is_dead(p));
            for k in 0..4 {
                if state.side_dead(4 * p + k) {
                    dead_sides |= 1 << (4 * i + k);
                }
            }
        }
        (present, dead_sides, dead)
    }

    /// The fewest of `members` left by the game on `members` alone, from
    /// `state` (every subset reachable from the present one is visited).
    fn solve(&mut self, state: &State, members: &[usize]) -> usize {
        let n = members.len();
        let index = |q: usize| members.iter().position(|&m| m == q);
        self.conditions.resize(n, Vec::new());
        let mut start = 0u32;
        for (i, &p) in members.iter().enumerate() {
            self.conditions[i].clear();
            if !state.is_present(p) {
                continue;
            }
            start |= 1 << i;
            if state.is_dead(p) {
                continue;
            }
            for s in (4 * p..4 * p + 4).filter(|&s| !state.side_dead(s)) {
                let mut gone = 0u32;
                for &q in state.sides.gone(s) {
                    if let Some(j) = index(q as usize) {
                        gone |= 1 << j;
                    }
                }
                let mut blockers = 0u32;
                for b in state.blockers(s) {
                    if let Some(j) = index(b) {
                        blockers |= 1 << j;
                    }
                }
                self.conditions[i].push((gone, blockers));
            }
        }
        let words = (1usize << n).div_ceil(64);
        self.seen.clear();
        self.seen.resize(words, 0);
        self.stack.clear();
        self.stack.push(start);
        self.seen[start as usize / 64] |= 1 << (start % 64);
        let mut fewest = start.count_ones();
        while let Some(m) = self.stack.pop() {
            fewest = fewest.min(m.count_ones());
            let mut bits = m;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let free = self.conditions[i]
                    .iter()
                    .any(|&(gone, blockers)| gone & m == 0 && blockers & m == blockers);
                let next = m & !(1 << i);
                let (word, bit) = (next as usize / 64, next % 64);
                if free && self.seen[word] >> bit & 1 == 0 {
                    self.seen[word] |= 1 << bit;
                    self.stack.push(next);
                }
            }
        }
        fewest as usize
    }
}

/// Mixes a cache key into a slot number.
fn mix(window: u64, present: u32, dead_sides: u64) -> u64 {
    let mut h = window
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(u64::from(present));
    h = (h ^ (h >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9) ^ dead_sides;
    h = (h ^ (h >> 32)).wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 29)
}

/// The lower bound at the start: dead pieces plus the better of the
/// precedence cycles and the rectangles (with the cycles outside them), and
/// the rectangles for the search below.
/// `stop` is asked now and then while the rectangles are chosen (see
/// [`LocalBound::new`]) and the cycles counted (see
/// [`CycleBound::bound_until`]): once it says stop, what was found so far
/// is still a lower bound.
pub(crate) fn root_bound(
    root: &State,
    positions: &[(usize, usize)],
    stop: &mut dyn FnMut() -> bool,
) -> (usize, LocalBound) {
    let mut cycles = CycleBound::new(root.sides.pieces);
    let plain = root.dead_count() + cycles.bound_until(root, &[], stop);
    let (local, gain) = LocalBound::new(root, positions, stop);
    // What `local.total(root)` gives, without solving every rectangle of
    // a big board once more (as long as one tiling, past the limits).
    let with_rectangles =
        root.dead_count() + gain + cycles.bound_until(root, &local.in_window, stop);
    (plain.max(with_rectangles), local)
}

#[cfg(test)]
mod tests {
    use super::super::board::Board;
    use super::super::generate::random_board;
    use super::super::sides::Sides;
    use super::super::state::{zobrist_keys, State};
    use super::*;
    use crate::rng::Rng;
    use std::collections::HashMap;

    /// The fewest pieces left from `state` over every line of play.
    fn brute_force(state: &mut State, memo: &mut HashMap<Vec<u64>, usize>) -> usize {
        if let Some(&known) = memo.get(state.key()) {
            return known;
        }
        let mut removable = Vec::new();
        state.removable_pieces(&mut removable);
        let mut best = state.present_count();
        for p in removable {
            let mark = state.mark();
            state.remove(p);
            best = best.min(brute_force(state, memo));
            state.undo(mark);
        }
        memo.insert(state.key().to_vec(), best);
        best
    }

    /// Along random lines of play on small full boards, the bound (from
    /// the rectangles chosen at the start) never exceeds the true optimum
    /// of the position, and it does prove something on some boards.
    #[test]
    fn never_above_the_optimum_along_random_play() {
        let mut rng = Rng::new(77);
        let (mut positions_checked, mut above_plain) = (0, 0);
        for _ in 0..400 {
            let (w, h) = [(4, 4), (5, 4), (6, 4), (4, 6), (6, 5), (5, 6)][rng.index(6)];
            let board: Board = random_board(&mut rng, w, h);
            let sides = Sides::new(&board);
            let zobrist = zobrist_keys(sides.pieces);
            let mut state = State::new(&sides, &zobrist);
            let positions: Vec<(usize, usize)> =
                board.pieces().iter().map(|p| (p.x, p.y)).collect();
            let (root, mut local) = root_bound(&state, &positions, &mut || false);
            let mut cycles = CycleBound::new(sides.pieces);
            let plain = state.dead_count() + cycles.bound(&state);
            // The root's bound, taken from the tiling's gain, is the
            // rectangles' bound computed afresh.
            assert_eq!(root, plain.max(local.total(&state, &mut cycles)));
            let mut memo = HashMap::new();
            let optimum = brute_force(&mut state, &mut memo);
            assert!(
                root <= optimum,
                "{board:?}: bound {root} > optimum {optimum}"
            );
            above_plain += usize::from(root > plain);
            let mut removable = Vec::new();
            loop {
                let here = brute_force(&mut state, &mut memo);
                let bound = local.total(&state, &mut cycles);
                assert!(bound <= here, "{board:?}: bound {bound} > optimum {here}");
                assert!(!local.reaches(&state, &mut cycles, here + 1));
                positions_checked += 1;
                state.removable_pieces(&mut removable);
                if removable.is_empty() {
                    break;
                }
                state.remove(removable[rng.index(removable.len())]);
            }
        }
        assert!(positions_checked > 2000);
        assert!(above_plain > 0, "the rectangles never beat the cycles");
    }
}
