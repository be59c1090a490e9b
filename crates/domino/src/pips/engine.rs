//! The counter and enumerator behind [`super::solve`].
//!
//! The search covers the most constrained open cell next (the fewest
//! ways to cover it, by neighbour and value, see [`Engine::pick`]),
//! pairing it with one of its uncovered neighbours, so every tiling is
//! reached exactly once; a cell with no way ends the branch at once. On
//! two cells with rules it
//! chooses piece *kinds* (distinct value pairs), never copies of a kind,
//! and one orientation of a double: each leaf is then exactly one
//! solution in the sense of docs/pips.md (pairing plus the value on every
//! cell).
//!
//! Three things make counting fast:
//! - Cells in regions without a rule ("free" cells) take no piece during
//!   the search. A domino on two free cells only counts as a free slot; a
//!   domino with one free cell only records the value its ruled cell
//!   needs (a demand). Which pieces fill the slots and meet the demands is
//!   counted once every cell is covered, by a small dynamic program over
//!   the piece kinds ([`Engine::leaf_ways`]): the free cells never make
//!   the search branch on pieces.
//! - The state is a short array of words: covered cells, pieces
//!   used on ruled dominoes (the copies of a kind are used in a fixed
//!   order, so the bits say how many), the demands, and for each region
//!   that is partly filled what the rule still needs to know (the sum so
//!   far, the common value, the set of values seen). Completions depend on
//!   nothing else (the free slots are the free cells covered less the
//!   demands), whichever cell is covered next, so a table from state to
//!   count ([`Memo`]) turns the search into dynamic programming.
//!
//! Pieces may be laid before the search ([`Engine::lay`]): the search
//! then counts and lists the solutions that hold them (a player's
//! position).
//! - A region is checked when a value lands in it: the rule must still be
//!   reachable with the values of the pieces left (the sum between the
//!   smallest and the largest values the remaining cells could take; enough
//!   copies of the common value; enough distinct unseen values).

use super::memo::Memo;
use super::model::{compact, Puzzle, Rule, Solution, MAX_VALUE};
use crate::search::Budget;
use crate::Cell;
use std::ops::ControlFlow;

const NONE: u32 = u32::MAX;
const VALUES: usize = MAX_VALUE as usize + 1;

#[derive(Clone, Copy)]
struct RegionInfo {
    rule: Rule,
    size: u32,
    /// Where the region's field lives in the summary words.
    word: usize,
    shift: u32,
}

struct Kind {
    a: u32,
    b: u32,
    count: u32,
    /// The bit of the kind's first copy in the used words.
    first_bit: usize,
    /// The input dominoes of this kind, in input order.
    inputs: Vec<usize>,
}

/// One domino of a search path: its cells (as the search laid it) and, unless it
/// is a free slot still to be filled, its kind and the values on each cell.
#[derive(Clone, Copy)]
pub(super) struct Laid {
    i: u32,
    j: u32,
    piece: Option<(u32, u32, u32)>,
    /// For a domino half on a free cell: the value its ruled cell `i` needs.
    want: Option<u32>,
}

/// What [`Engine::pick`] chose.
enum Pick {
    /// Cover this open cell next.
    Cell(usize),
    /// Every cell is covered.
    Done,
    /// Some open cell cannot be covered: no solution from here.
    Dead,
}

/// The values of a mask (one bit per value), smallest first.
fn bits(mut mask: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let v = mask.trailing_zeros();
            mask &= mask - 1;
            v
        })
    })
}

pub(super) struct Engine {
    /// The cells, rows or columns first (see [`search_order`]): the
    /// walk's order, and the tie-break of [`Engine::pick`].
    cells: Vec<Cell>,
    /// Up to four neighbours of each cell (indices into `cells`), `NONE`
    /// for missing ones.
    near: Vec<[u32; 4]>,
    /// Whether each cell lies in a region without a rule.
    free: Vec<bool>,
    region_of: Vec<u32>,
    regions: Vec<RegionInfo>,
    kinds: Vec<Kind>,
    firsts: Vec<u32>,
    used_at: usize,
    demand_at: usize,
    summary_at: usize,
    /// For each value, how many dominoes half on a ruled cell and half on a
    /// free cell show it on the ruled cell; which pieces they are is
    /// decided at the end (see [`Engine::leaf_ways`]).
    demand: [u32; VALUES],
    /// Ways to give pieces to the open demands and free dominoes, by the
    /// used-piece and demand words.
    leaves: Memo,
    /// [`Engine::spread`]'s answers, by the kind it starts from, the free
    /// slots, the demands and the copies left of that kind and the later
    /// ones (without it, spreading is exponential in the kinds).
    spreads: Memo,
    /// The words of a [`Engine::spreads`] key.
    spread_key: Vec<u64>,
    max_value: usize,
    /// Pieces laid before the search ([`Engine::lay`]): every solution
    /// found holds them.
    preset: Vec<Laid>,
    /// The cover words with every cell covered.
    full: Vec<u64>,
    /// [`Engine::pick`]'s values allowed per region (for the node it was
    /// last called on).
    masks: Vec<u32>,
    /// The search state, which is also the memo key: covered-cell bits,
    /// used-piece bits, region summaries.
    state: Vec<u64>,
    used: Vec<u32>,
    used_total: usize,
    halves: [u32; VALUES],
    filled: Vec<u32>,
    acc: Vec<u32>,
    memo: Memo,
    /// Nodes spent against the caller's limits; once stopped, every count
    /// returned is a lower bound and nothing more enters the memo tables.
    pub(super) budget: Budget,
}

fn bits_for(x: u64) -> u32 {
    (64 - x.leading_zeros()).max(1)
}

pub(super) fn saturating_binomial(n: u32, k: u32) -> u128 {
    let mut c: u128 = 1;
    for i in 0..k {
        c = match c.checked_mul(u128::from(n - i)) {
            Some(x) => x / u128::from(i + 1),
            None => return u128::MAX,
        };
    }
    c
}

impl Engine {
    /// Prepares the search. The caller has checked that the dominoes cover
    /// as many cells as the board has (see [`super::validate`]).
    pub fn new(puzzle: &Puzzle) -> Engine {
        let mut halves = [0u32; VALUES];
        for &[a, b] in &puzzle.dominoes {
            halves[a as usize] += 1;
            halves[b as usize] += 1;
        }
        let max_value = puzzle.max_value() as usize;
        let rules: Vec<Rule> = puzzle
            .regions
            .iter()
            .map(|r| simplify(r.rule, r.cells.len() as u32, &halves, max_value))
            .collect();
        let cells = search_order(puzzle, &rules);
        let free = cells
            .iter()
            .map(|c| cells_rule(puzzle, &rules, *c) == Some(Rule::Empty))
            .collect();
        let n = cells.len();
        let index: std::collections::HashMap<Cell, u32> = cells
            .iter()
            .enumerate()
            .map(|(k, &c)| (c, k as u32))
            .collect();
        let at = |c: Cell| index.get(&c).copied().unwrap_or(NONE);
        let near = cells
            .iter()
            .map(|&(r, c)| {
                [
                    at((r, c + 1)),
                    at((r + 1, c)),
                    if c > 0 { at((r, c - 1)) } else { NONE },
                    if r > 0 { at((r - 1, c)) } else { NONE },
                ]
            })
            .collect();
        let mut region_of = vec![0u32; n];
        for (k, region) in puzzle.regions.iter().enumerate() {
            for &c in &region.cells {
                region_of[at(c) as usize] = k as u32;
            }
        }
        let mut kinds: Vec<Kind> = Vec::new();
        for (k, &[x, y]) in puzzle.dominoes.iter().enumerate() {
            let (a, b) = (compact(x.min(y)), compact(x.max(y)));
            match kinds.iter_mut().find(|q| q.a == a && q.b == b) {
                Some(q) => {
                    q.count += 1;
                    q.inputs.push(k);
                }
                None => kinds.push(Kind {
                    a,
                    b,
                    count: 1,
                    first_bit: 0,
                    inputs: vec![k],
                }),
            }
        }
        let mut bit = 0;
        for q in &mut kinds {
            q.first_bit = bit;
            bit += q.count as usize;
        }
        let cover_words = n.div_ceil(64);
        let used_words = bit.div_ceil(64);
        let mut regions = Vec::new();
        let (mut word, mut shift) = (0usize, 0u32);
        for (region, &rule) in puzzle.regions.iter().zip(&rules) {
            let size = region.cells.len() as u32;
            let width = match rule {
                Rule::Sum(_) | Rule::Less(_) | Rule::Greater(_) => {
                    bits_for(u64::from(size) * max_value as u64)
                }
                Rule::Equal => bits_for(max_value as u64 + 1),
                Rule::Unequal => max_value as u32 + 1,
                Rule::Empty => 0,
            };
            if shift + width > 64 {
                word += 1;
                shift = 0;
            }
            regions.push(RegionInfo {
                rule,
                size,
                word,
                shift,
            });
            shift += width;
        }
        let summary_words = word + usize::from(shift > 0);
        let demand_words = (max_value + 1).div_ceil(4);
        let width = cover_words + used_words + demand_words + summary_words;
        let spread_width = 1 + demand_words + kinds.len().div_ceil(4);
        Engine {
            near,
            free,
            firsts: puzzle.dominoes.iter().map(|d| compact(d[0])).collect(),
            used: vec![0; kinds.len()],
            kinds,
            used_at: cover_words,
            demand_at: cover_words + used_words,
            summary_at: cover_words + used_words + demand_words,
            demand: [0; VALUES],
            leaves: Memo::new(width - cover_words),
            spreads: Memo::new(spread_width),
            spread_key: vec![0; spread_width],
            max_value,
            full: (0..cover_words)
                .map(|w| {
                    let bits = (n - 64 * w).min(64);
                    u64::MAX >> (64 - bits)
                })
                .collect(),
            masks: vec![0; regions.len()],
            preset: Vec::new(),
            state: vec![0; width],
            used_total: 0,
            halves,
            filled: vec![0; regions.len()],
            acc: vec![0; regions.len()],
            regions,
            region_of,
            cells,
            memo: Memo::new(width),
            budget: Budget::default(),
        }
    }

    /// Lays a piece showing `values` (first on first) on `cells` before
    /// any search, so that the search counts and lists only the solutions
    /// holding it. False, with nothing changed, when it cannot be laid:
    /// the cells are not open neighbours on the board, no such piece is
    /// left, or a region's rule can no longer hold. Call it before the
    /// first count: the memo's states are counted from the pieces laid.
    pub fn lay(&mut self, cells: [Cell; 2], values: [u32; 2]) -> bool {
        let find = |c: Cell| self.cells.iter().position(|&x| x == c);
        let (Some(i), Some(j)) = (find(cells[0]), find(cells[1])) else {
            return false;
        };
        if !self.near[i].contains(&(j as u32)) || self.covered(i) || self.covered(j) {
            return false;
        }
        let [vi, vj] = values;
        let (a, b) = (vi.min(vj), vi.max(vj));
        let Some(q) = self.kinds.iter().position(|k| k.a == a && k.b == b) else {
            return false;
        };
        if self.used[q] == self.kinds[q].count {
            return false;
        }
        self.flip_cover(i);
        self.flip_cover(j);
        // A piece on a free cell is laid as on ruled ones: it is then
        // taken like any other (no demand, no free slot), and the free
        // cell's empty rule accepts its value.
        if self.place(i, j, q, vi, vj).is_none() {
            self.flip_cover(i);
            self.flip_cover(j);
            return false;
        }
        self.preset.push(Laid {
            i: i as u32,
            j: j as u32,
            piece: Some((q as u32, vi, vj)),
            want: None,
        });
        true
    }

    /// States stored by the two memo tables (search, leaves).
    pub fn states(&self) -> usize {
        self.memo.len() + self.leaves.len()
    }

    /// Whether every cell is covered.
    fn covered_all(&self) -> bool {
        self.state[..self.used_at] == self.full[..]
    }

    fn covered(&self, i: usize) -> bool {
        self.state[i / 64] >> (i % 64) & 1 == 1
    }

    fn flip_cover(&mut self, i: usize) {
        self.state[i / 64] ^= 1 << (i % 64);
    }

    fn flip_used(&mut self, bit: usize) {
        self.state[self.used_at + bit / 64] ^= 1 << (bit % 64);
    }

    fn set_demand(&mut self, v: usize, to: u32) {
        let (word, shift) = (self.demand_at + v / 4, (v % 4) * 16);
        self.state[word] ^= (u64::from(self.demand[v]) ^ u64::from(to)) << shift;
        self.demand[v] = to;
    }

    /// Copies left of pieces showing `v`.
    fn pieces_with(&self, v: u32) -> u32 {
        self.kinds
            .iter()
            .zip(&self.used)
            .filter(|(k, _)| k.a == v || k.b == v)
            .map(|(k, &u)| k.count - u)
            .sum()
    }

    /// Puts value `vi` on ruled cell `i` for a domino whose other half is
    /// on a free cell, if the rules and the pieces left allow it.
    fn place_half(&mut self, i: usize, vi: u32) -> Option<[u32; 2]> {
        let v = vi as usize;
        if self.demand[v] >= self.pieces_with(vi) {
            return None;
        }
        let ri = self.region_of[i] as usize;
        let saved = [self.filled[ri], self.acc[ri]];
        self.set_demand(v, self.demand[v] + 1);
        self.halves[v] -= 1;
        if self.add(ri, vi) && self.feasible(ri) {
            Some(saved)
        } else {
            self.unplace_half(i, vi, saved);
            None
        }
    }

    fn unplace_half(&mut self, i: usize, vi: u32, saved: [u32; 2]) {
        let ri = self.region_of[i] as usize;
        self.set_region(ri, saved[0], saved[1]);
        self.halves[vi as usize] += 1;
        self.set_demand(vi as usize, self.demand[vi as usize] - 1);
    }

    /// The region's summary as the memo sees it: what the rule needs to
    /// know while the region is partly filled, nothing before or after.
    fn field(&self, r: usize) -> u64 {
        let f = self.filled[r];
        if f == 0 || f == self.regions[r].size || self.regions[r].rule == Rule::Empty {
            0
        } else {
            u64::from(self.acc[r])
        }
    }

    fn set_region(&mut self, r: usize, filled: u32, acc: u32) {
        let old = self.field(r);
        self.filled[r] = filled;
        self.acc[r] = acc;
        let new = self.field(r);
        let info = self.regions[r];
        self.state[self.summary_at + info.word] ^= (old ^ new) << info.shift;
    }

    /// Puts value `v` on a cell of region `r`; false when that breaks an
    /// equal or unequal rule at once (the value is recorded anyway, so the
    /// caller's undo is the same either way).
    fn add(&mut self, r: usize, v: u32) -> bool {
        let acc = self.acc[r];
        let (acc, ok) = match self.regions[r].rule {
            Rule::Sum(_) | Rule::Less(_) => (acc + v, true),
            // Past the bound every sum is as good: one summary for all of
            // them lets the memo merge those states.
            Rule::Greater(t) => (
                (acc + v).min(u32::try_from(t.max(-1) + 1).unwrap_or(u32::MAX)),
                true,
            ),
            Rule::Equal => (v + 1, acc == 0 || acc == v + 1),
            Rule::Unequal => (acc | 1 << v, acc & 1 << v == 0),
            Rule::Empty => (acc, true),
        };
        self.set_region(r, self.filled[r] + 1, acc);
        ok
    }

    /// The smallest and the largest sum of `k` values taken from the
    /// halves of the pieces left.
    fn extremes(&self, k: u32) -> (i64, i64) {
        let (mut low, mut need) = (0i64, k);
        for v in 0..=self.max_value {
            let take = need.min(self.halves[v]);
            low += i64::from(take) * v as i64;
            need -= take;
            if need == 0 {
                break;
            }
        }
        let (mut high, mut need) = (0i64, k);
        for v in (0..=self.max_value).rev() {
            let take = need.min(self.halves[v]);
            high += i64::from(take) * v as i64;
            need -= take;
            if need == 0 {
                break;
            }
        }
        (low, high)
    }

    /// Whether region `r` can still meet its rule with the pieces left.
    fn feasible(&self, r: usize) -> bool {
        let info = &self.regions[r];
        let k = info.size - self.filled[r];
        let acc = self.acc[r];
        let sum = i64::from(acc);
        match info.rule {
            Rule::Sum(t) if k == 0 => sum == t,
            Rule::Sum(t) => {
                let (low, high) = self.extremes(k);
                sum + low <= t && sum + high >= t
            }
            Rule::Less(t) => sum + self.extremes(k).0 < t,
            Rule::Greater(t) => sum + self.extremes(k).1 > t,
            Rule::Equal => k == 0 || self.halves[acc as usize - 1] >= k,
            Rule::Unequal => {
                k == 0
                    || (0..=self.max_value)
                        .filter(|&v| self.halves[v] > 0 && acc & 1 << v == 0)
                        .count() as u32
                        >= k
            }
            Rule::Empty => true,
        }
    }

    /// The values an open cell of region `r` may take as far as the region
    /// alone can tell (one bit per value): a quick filter before trying
    /// every kind of piece on a domino, which [`Engine::place`] then
    /// checks fully, and the measure of how constrained the cell is. It
    /// may keep a value the full check refuses (the bounds of the cells
    /// left are taken over all the halves, the value itself included),
    /// never the other way: the extremes are computed once, not once per
    /// value.
    fn allowed_in(&self, r: usize) -> u32 {
        let info = &self.regions[r];
        let left = info.size - self.filled[r] - 1;
        let acc = i64::from(self.acc[r]);
        let present = (0..=self.max_value).filter(|&v| self.halves[v] > 0);
        let keep = |ok: &dyn Fn(usize) -> bool| {
            present
                .clone()
                .filter(|&v| ok(v))
                .fold(0u32, |m, v| m | 1 << v)
        };
        match info.rule {
            Rule::Sum(t) => {
                let (low, high) = self.extremes(left);
                keep(&|v| acc + v as i64 + low <= t && acc + v as i64 + high >= t)
            }
            Rule::Less(t) => {
                let low = self.extremes(left).0;
                keep(&|v| acc + v as i64 + low < t)
            }
            Rule::Greater(t) => {
                let high = self.extremes(left).1;
                keep(&|v| acc + v as i64 + high > t)
            }
            Rule::Equal => keep(&|v| (acc == 0 || acc == v as i64 + 1) && self.halves[v] > left),
            Rule::Unequal => keep(&|v| acc >> v & 1 == 0),
            Rule::Empty => keep(&|_| true),
        }
    }

    fn take(&mut self, q: usize, vi: u32, vj: u32) {
        let bit = self.kinds[q].first_bit + self.used[q] as usize;
        self.used[q] += 1;
        self.used_total += 1;
        self.flip_used(bit);
        self.halves[vi as usize] -= 1;
        self.halves[vj as usize] -= 1;
    }

    fn give_back(&mut self, q: usize, vi: u32, vj: u32) {
        self.used[q] -= 1;
        self.used_total -= 1;
        let bit = self.kinds[q].first_bit + self.used[q] as usize;
        self.flip_used(bit);
        self.halves[vi as usize] += 1;
        self.halves[vj as usize] += 1;
    }

    /// Lays kind `q` with `vi` on cell `i` and `vj` on cell `j` if the
    /// rules allow it; on false nothing has changed.
    fn place(&mut self, i: usize, j: usize, q: usize, vi: u32, vj: u32) -> Option<[u32; 4]> {
        let (ri, rj) = (self.region_of[i] as usize, self.region_of[j] as usize);
        let saved = [self.filled[ri], self.acc[ri], self.filled[rj], self.acc[rj]];
        // The halves left, less those the open demands hold, must cover
        // this piece; otherwise some demand could not be met.
        let short = if vi == vj {
            self.halves[vi as usize] < 2
        } else {
            self.halves[vi as usize] == 0 || self.halves[vj as usize] == 0
        };
        if short {
            return None;
        }
        self.take(q, vi, vj);
        let mut ok = self.add(ri, vi);
        ok &= self.add(rj, vj);
        if ok && self.feasible(ri) && (ri == rj || self.feasible(rj)) {
            Some(saved)
        } else {
            self.unplace(i, j, q, vi, vj, saved);
            None
        }
    }

    fn unplace(&mut self, i: usize, j: usize, q: usize, vi: u32, vj: u32, saved: [u32; 4]) {
        let (ri, rj) = (self.region_of[i] as usize, self.region_of[j] as usize);
        self.set_region(rj, saved[2], saved[3]);
        self.set_region(ri, saved[0], saved[1]);
        self.give_back(q, vi, vj);
    }

    /// The ways to give the pieces left to the open demands (a piece
    /// showing the value a ruled cell needs) and to the free dominoes left
    /// (any piece, either way round), once every ruled cell is covered.
    fn leaf_ways(&mut self) -> u128 {
        let key = &self.state[self.used_at..];
        if let Some(known) = self.leaves.get(key) {
            return known;
        }
        let left: u32 = self
            .kinds
            .iter()
            .zip(&self.used)
            .map(|(k, &u)| k.count - u)
            .sum();
        let wanted: u32 = self.demand.iter().sum();
        let ways = match left.checked_sub(wanted) {
            Some(free) => {
                let mut demand = self.demand;
                self.spread(0, &mut demand, free)
            }
            None => 0,
        };
        if !self.over_memory() {
            self.leaves.insert(&self.state[self.used_at..], ways);
        }
        ways
    }

    /// Ways for kinds `k..` to meet `demand` and fill `free` free dominoes:
    /// each kind sends some copies to the demands of its two values (which
    /// of those dominoes they take: a binomial) and the rest to free
    /// dominoes (which ones, and either way round unless a double).
    fn spread(&mut self, k: usize, demand: &mut [u32; VALUES], free: u32) -> u128 {
        if k == self.kinds.len() {
            return u128::from(free == 0 && demand.iter().all(|&d| d == 0));
        }
        // Stopped (by the memory limit, say), nothing is stored any more:
        // without its table this would take exponential time.
        if self.budget.stopped() {
            return 0;
        }
        // Counts fit 16 bits: a board has fewer than 10,000 cells.
        let key = &mut self.spread_key;
        key.fill(0);
        key[0] = (k as u64) << 32 | u64::from(free);
        for (v, &d) in demand.iter().enumerate().take(self.max_value + 1) {
            key[1 + v / 4] |= u64::from(d) << (v % 4 * 16);
        }
        let at = 1 + (self.max_value + 1).div_ceil(4);
        for q in k..self.kinds.len() {
            key[at + q / 4] |= u64::from(self.kinds[q].count - self.used[q]) << (q % 4 * 16);
        }
        if let Some(known) = self.spreads.get(&self.spread_key) {
            return known;
        }
        let key = self.spread_key.clone();
        let total = self.spread_kind(k, demand, free);
        if !self.over_memory() {
            self.spreads.insert(&key, total);
        }
        total
    }

    /// [`Engine::spread`] without the memo: the choices of kind `k`.
    fn spread_kind(&mut self, k: usize, demand: &mut [u32; VALUES], free: u32) -> u128 {
        let kind = &self.kinds[k];
        let m = kind.count - self.used[k];
        let (a, b) = (kind.a as usize, kind.b as usize);
        let mut total: u128 = 0;
        for x in 0..=m.min(demand[a]) {
            let most_b = if a == b { 0 } else { (m - x).min(demand[b]) };
            for y in 0..=most_b {
                let rest = m - x - y;
                if rest > free {
                    continue;
                }
                let mut w = saturating_binomial(demand[a], x);
                demand[a] -= x;
                w = w.saturating_mul(saturating_binomial(demand[b], y));
                demand[b] -= y;
                w = w.saturating_mul(saturating_binomial(free, rest));
                if a != b {
                    w = w.saturating_mul(1u128.checked_shl(rest).unwrap_or(u128::MAX));
                }
                if w > 0 {
                    let after = self.spread(k + 1, demand, free - rest);
                    total = total.saturating_add(w.saturating_mul(after));
                }
                demand[b] += y;
                demand[a] += x;
            }
        }
        total
    }

    /// The first open cell from `i` on, in the order of [`Engine::cells`].
    fn first_open(&self, mut i: usize) -> usize {
        while i < self.cells.len() && self.covered(i) {
            i += 1;
        }
        i
    }

    /// The open cell to cover next: the one with the fewest ways to be
    /// covered (neighbour, and values as far as [`Engine::allowed_in`]
    /// and the pieces left tell), a ruled cell before a free one on a tie.
    /// `Pick::Done` when every cell is covered, `Pick::Dead` when some
    /// open cell has no way at all (no open neighbour, or no piece fits).
    /// Covering a cell with one way first settles what is forced before
    /// any guess, and a cell of a tight rule is met while its rule still
    /// prunes, which a fixed order reaches only late.
    fn pick(&mut self) -> Pick {
        // The values each region's open cells may take, and for each
        // value the values a piece left shows beside it.
        for r in 0..self.regions.len() {
            let open = self.filled[r] < self.regions[r].size;
            self.masks[r] = if open { self.allowed_in(r) } else { 0 };
        }
        let mut beside = [0u32; VALUES];
        let mut copies = [0u32; VALUES];
        for (kind, &used) in self.kinds.iter().zip(&self.used) {
            let left = kind.count - used;
            if left > 0 {
                beside[kind.a as usize] |= 1 << kind.b;
                beside[kind.b as usize] |= 1 << kind.a;
                copies[kind.a as usize] += left;
                if kind.a != kind.b {
                    copies[kind.b as usize] += left;
                }
            }
        }
        // Values a ruled cell beside a free one may still ask for.
        let offered = (0..=self.max_value)
            .filter(|&v| copies[v] > self.demand[v])
            .fold(0u32, |m, v| m | 1 << v);
        let mut best: Option<(u32, bool, usize)> = None;
        for i in 0..self.cells.len() {
            if self.covered(i) {
                continue;
            }
            let on_i = self.masks[self.region_of[i] as usize];
            let mut ways = 0;
            for j in self.near[i] {
                if j == NONE || self.covered(j as usize) {
                    continue;
                }
                let j = j as usize;
                let on_j = self.masks[self.region_of[j] as usize];
                ways += match (self.free[i], self.free[j]) {
                    (true, true) => 1,
                    (true, false) => (on_j & offered).count_ones(),
                    (false, true) => (on_i & offered).count_ones(),
                    (false, false) => bits(on_i)
                        .map(|v| (beside[v as usize] & on_j).count_ones())
                        .sum(),
                };
            }
            if ways == 0 {
                return Pick::Dead;
            }
            let key = (ways, self.free[i], i);
            if best.is_none_or(|b| key < b) {
                best = Some(key);
                if ways == 1 && !self.free[i] {
                    break;
                }
            }
        }
        match best {
            Some((_, _, i)) => Pick::Cell(i),
            None => Pick::Done,
        }
    }

    /// The orientations of kind `q`: values on (first cell, second cell).
    fn orientations(&self, q: usize) -> ([(u32, u32); 2], usize) {
        let (a, b) = (self.kinds[q].a, self.kinds[q].b);
        ([(a, b), (b, a)], if a == b { 1 } else { 2 })
    }

    /// The number of solutions from the current state (saturating at
    /// `u128::MAX`); the search stops once it has found `cap` (and then
    /// returns at least `cap`). Only exact counts are stored, so a capped
    /// search never spoils the memo. The count of a state does not depend
    /// on the cell [`Engine::pick`] covers next (every completion covers
    /// it once, by one neighbour and one piece), so the memo holds
    /// whatever the order.
    pub fn count(&mut self, cap: u128) -> u128 {
        if self.covered_all() {
            return self.leaf_ways();
        }
        if let Some(known) = self.memo.get(&self.state) {
            return known;
        }
        if self.budget.spend() {
            return 0;
        }
        let i = match self.pick() {
            Pick::Cell(i) => i,
            Pick::Done => return self.leaf_ways(),
            Pick::Dead => {
                self.memo.insert(&self.state, 0);
                return 0;
            }
        };
        let on_i = self.masks[self.region_of[i] as usize];
        let on = self.near[i].map(|j| {
            if j == NONE {
                0
            } else {
                self.masks[self.region_of[j as usize] as usize]
            }
        });
        let mut total: u128 = 0;
        for (j, on_j) in self.near[i].into_iter().zip(on) {
            let j = j as usize;
            if j == NONE as usize || self.covered(j) {
                continue;
            }
            self.flip_cover(i);
            self.flip_cover(j);
            match (self.free[i], self.free[j]) {
                (true, true) => {
                    total = total.saturating_add(self.count(cap - total.min(cap - 1)));
                }
                (true, false) | (false, true) => {
                    let ruled = if self.free[i] { j } else { i };
                    for v in 0..=self.max_value as u32 {
                        if let Some(saved) = self.place_half(ruled, v) {
                            total = total.saturating_add(self.count(cap - total.min(cap - 1)));
                            self.unplace_half(ruled, v, saved);
                            if total >= cap || self.budget.stopped() {
                                break;
                            }
                        }
                    }
                }
                (false, false) => {
                    'kinds: for q in 0..self.kinds.len() {
                        if self.used[q] == self.kinds[q].count {
                            continue;
                        }
                        let (ways, n) = self.orientations(q);
                        for &(vi, vj) in &ways[..n] {
                            if on_i >> vi & 1 == 0 || on_j >> vj & 1 == 0 {
                                continue;
                            }
                            if let Some(saved) = self.place(i, j, q, vi, vj) {
                                total = total.saturating_add(self.count(cap - total.min(cap - 1)));
                                self.unplace(i, j, q, vi, vj, saved);
                            }
                            if total >= cap || self.budget.stopped() {
                                break 'kinds;
                            }
                        }
                    }
                }
            }
            self.flip_cover(i);
            self.flip_cover(j);
            if total >= cap || self.budget.stopped() {
                return total;
            }
        }
        if !self.over_memory() {
            self.memo.insert(&self.state, total);
        }
        total
    }

    /// The three tables grow together, in the count and in the walk's
    /// dealing of free pieces: the memory limit bounds them all, and once
    /// past it the search stops (nothing more is stored).
    fn over_memory(&mut self) -> bool {
        let bytes = self.memo.bytes() + self.leaves.bytes() + self.spreads.bytes();
        self.budget.memory_exceeded(bytes)
    }

    /// Calls `visit` with every solution in turn until it breaks. Only
    /// branches the counter found non-empty are entered, so every step of
    /// the walk leads to a solution.
    pub fn walk(&mut self, visit: &mut dyn FnMut(Solution) -> ControlFlow<()>) -> ControlFlow<()> {
        let mut path = self.preset.clone();
        self.walk_from(0, &mut path, visit)
    }

    /// The walk covers the first open cell from `from` on, in the fixed
    /// order of [`Engine::cells`], not [`Engine::pick`]'s: the solutions
    /// then come in the same order, each double the same way round, as
    /// before the counter chose its cells; only the counts it asks for
    /// follow the counter's order.
    fn walk_from(
        &mut self,
        from: usize,
        path: &mut Vec<Laid>,
        visit: &mut dyn FnMut(Solution) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.budget.stopped() {
            return ControlFlow::Break(());
        }
        let i = match self.first_open(from) {
            i if i < self.cells.len() => i,
            _ => {
                let mut open: Vec<usize> = (0..path.len())
                    .filter(|&k| path[k].piece.is_none())
                    .collect();
                // Demands first: they are the tighter choices.
                open.sort_by_key(|&k| path[k].want.is_none());
                return self.fill_free(&open, path, visit);
            }
        };
        for j in self.near[i] {
            let j = j as usize;
            if j == NONE as usize || self.covered(j) {
                continue;
            }
            self.flip_cover(i);
            self.flip_cover(j);
            let flow = match (self.free[i], self.free[j]) {
                (true, true) => self.walk_free_slot(i, j, path, visit),
                (true, false) => self.walk_half(j, i, path, visit),
                (false, true) => self.walk_half(i, j, path, visit),
                (false, false) => self.walk_piece(i, j, path, visit),
            };
            self.flip_cover(i);
            self.flip_cover(j);
            flow?;
        }
        ControlFlow::Continue(())
    }

    /// The walk past a domino on two free cells `i` and `j`, covered.
    fn walk_free_slot(
        &mut self,
        i: usize,
        j: usize,
        path: &mut Vec<Laid>,
        visit: &mut dyn FnMut(Solution) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.count(1) == 0 {
            return ControlFlow::Continue(());
        }
        path.push(Laid {
            i: i as u32,
            j: j as u32,
            piece: None,
            want: None,
        });
        let flow = self.walk_from(i.min(j) + 1, path, visit);
        path.pop();
        flow
    }

    /// The walk past a domino on ruled cell `ruled` and free cell `other`,
    /// covered: each value the ruled cell may take.
    fn walk_half(
        &mut self,
        ruled: usize,
        other: usize,
        path: &mut Vec<Laid>,
        visit: &mut dyn FnMut(Solution) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let next = ruled.min(other) + 1;
        for v in 0..=self.max_value as u32 {
            let Some(saved) = self.place_half(ruled, v) else {
                continue;
            };
            let mut flow = ControlFlow::Continue(());
            if self.count(1) > 0 {
                path.push(Laid {
                    i: ruled as u32,
                    j: other as u32,
                    piece: None,
                    want: Some(v),
                });
                flow = self.walk_from(next, path, visit);
                path.pop();
            }
            self.unplace_half(ruled, v, saved);
            flow?;
        }
        ControlFlow::Continue(())
    }

    /// The walk past a domino on two ruled cells `i` and `j`, covered:
    /// each kind of piece and way round.
    fn walk_piece(
        &mut self,
        i: usize,
        j: usize,
        path: &mut Vec<Laid>,
        visit: &mut dyn FnMut(Solution) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for q in 0..self.kinds.len() {
            if self.used[q] == self.kinds[q].count {
                continue;
            }
            let (ways, n) = self.orientations(q);
            for &(vi, vj) in &ways[..n] {
                let Some(saved) = self.place(i, j, q, vi, vj) else {
                    continue;
                };
                let mut flow = ControlFlow::Continue(());
                if self.count(1) > 0 {
                    path.push(Laid {
                        i: i as u32,
                        j: j as u32,
                        piece: Some((q as u32, vi, vj)),
                        want: None,
                    });
                    flow = self.walk_from(i + 1, path, visit);
                    path.pop();
                }
                self.unplace(i, j, q, vi, vj, saved);
                flow?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Every way to give pieces to the dominoes of `path` that have none
    /// yet (`open`, indices into `path`): a piece showing the wanted value
    /// on the ruled cell, or any piece either way round on a free domino.
    /// A choice is kept only when the rest can still be completed.
    fn fill_free(
        &mut self,
        open: &[usize],
        path: &mut Vec<Laid>,
        visit: &mut dyn FnMut(Solution) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.budget.spend() {
            return ControlFlow::Break(());
        }
        let Some((&slot, rest)) = open.split_first() else {
            return visit(self.solution(path));
        };
        let want = path[slot].want;
        for q in 0..self.kinds.len() {
            if self.used[q] == self.kinds[q].count {
                continue;
            }
            let (ways, n) = self.orientations(q);
            for &(vi, vj) in &ways[..n] {
                if want.is_some_and(|w| w != vi) {
                    continue;
                }
                self.used[q] += 1;
                let mut demand = self.demand;
                if let Some(w) = want {
                    demand[w as usize] -= 1;
                }
                let free = rest.iter().filter(|&&k| path[k].want.is_none()).count() as u32;
                let mut flow = ControlFlow::Continue(());
                if self.spread(0, &mut demand.clone(), free) > 0 {
                    let before = self.demand;
                    self.demand = demand;
                    path[slot].piece = Some((q as u32, vi, vj));
                    flow = self.fill_free(rest, path, visit);
                    path[slot].piece = None;
                    self.demand = before;
                }
                self.used[q] -= 1;
                flow?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The solution of a complete path, in the newspaper's form.
    fn solution(&self, path: &[Laid]) -> Solution {
        let mut next = vec![0usize; self.kinds.len()];
        let mut placements = vec![[(0, 0); 2]; self.firsts.len()];
        for laid in path {
            if let Some((q, vi, _)) = laid.piece {
                let q = q as usize;
                let Some(&input) = self.kinds[q].inputs.get(next[q]) else {
                    continue;
                };
                next[q] += 1;
                let (ci, cj) = (self.cells[laid.i as usize], self.cells[laid.j as usize]);
                placements[input] = if self.firsts[input] == vi {
                    [ci, cj]
                } else {
                    [cj, ci]
                };
            }
        }
        Solution { placements }
    }
}

/// The rule with vacuous cases made [`Rule::Empty`] (a bound that every
/// choice of values meets, a one-cell equal or unequal region), so the
/// search treats their cells as free.
pub(super) fn simplify(rule: Rule, size: u32, halves: &[u32; VALUES], max_value: usize) -> Rule {
    let extreme = |from_top: bool| {
        let mut need = size;
        let mut total = 0i64;
        let order: Vec<usize> = if from_top {
            (0..=max_value).rev().collect()
        } else {
            (0..=max_value).collect()
        };
        for v in order {
            let take = need.min(halves[v]);
            total += i64::from(take) * v as i64;
            need -= take;
        }
        total
    };
    match rule {
        Rule::Less(t) if extreme(true) < t => Rule::Empty,
        Rule::Greater(t) if extreme(false) > t => Rule::Empty,
        Rule::Equal | Rule::Unequal if size <= 1 => Rule::Empty,
        other => other,
    }
}

/// The rule of the region holding cell `c`.
fn cells_rule(puzzle: &Puzzle, rules: &[Rule], c: Cell) -> Option<Rule> {
    puzzle
        .regions
        .iter()
        .position(|r| r.cells.binary_search(&c).is_ok())
        .map(|k| rules[k])
}

/// The order in which the search covers cells: row by row or column by
/// column, whichever keeps fewer cells on the frontier and fewer ruled
/// regions half covered at once (the memo key then stays short and
/// states merge).
pub(super) fn search_order(puzzle: &Puzzle, rules: &[Rule]) -> Vec<Cell> {
    let mut region_at = std::collections::HashMap::new();
    for (k, region) in puzzle.regions.iter().enumerate() {
        for &c in &region.cells {
            region_at.insert(c, k);
        }
    }
    let by_rows = puzzle.cells();
    let mut by_columns = by_rows.clone();
    by_columns.sort_unstable_by_key(|&(r, c)| (c, r));
    let width = |order: &[Cell]| {
        let position: std::collections::HashMap<Cell, usize> =
            order.iter().enumerate().map(|(k, &c)| (c, k)).collect();
        let mut last_of = vec![0usize; puzzle.regions.len()];
        let mut first_of = vec![usize::MAX; puzzle.regions.len()];
        for (k, c) in order.iter().enumerate() {
            let m = region_at[c];
            last_of[m] = k;
            first_of[m] = first_of[m].min(k);
        }
        // At each cut, the cells before it with a neighbour after it, plus
        // the ruled regions cut in two.
        (0..order.len())
            .map(|cut| {
                let frontier = order[..cut]
                    .iter()
                    .filter(|&&(r, c)| {
                        [(r + 1, c), (r, c + 1)]
                            .iter()
                            .any(|n| position.get(n).is_some_and(|&p| p >= cut))
                    })
                    .count();
                let open = (0..puzzle.regions.len())
                    .filter(|&m| rules[m] != Rule::Empty && first_of[m] < cut && last_of[m] >= cut)
                    .count();
                frontier + open
            })
            .max()
            .unwrap_or(0)
    };
    if width(&by_columns) < width(&by_rows) {
        by_columns
    } else {
        by_rows
    }
}
