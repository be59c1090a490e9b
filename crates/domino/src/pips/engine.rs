//! The counter and enumerator behind [`super::solve`].
//!
//! The search always covers the first uncovered cell (cells in row-major
//! order), so its partner is the cell to its right or below, and every
//! tiling is reached exactly once. It chooses piece *kinds* (distinct value
//! pairs), never copies of a kind, and one orientation of a double: each
//! leaf is then exactly one solution in the sense of the README (pairing
//! plus the value on every cell).
//!
//! Three things make counting fast:
//! - The state is a short array of words: covered cells, pieces used (the
//!   copies of a kind are used in a fixed order, so the bits say how many),
//!   and for each region that is partly filled what the rule still needs to
//!   know (the sum so far, the common value, the set of values seen).
//!   Completions depend on nothing else, so a table from state to count
//!   ([`Memo`]) turns the search into dynamic programming.
//! - A domino whose two cells both lie in regions without a rule ("free
//!   slots") takes no piece during the search. Any piece fits there either
//!   way round, so at the end the pieces left over are spread over the free
//!   slots in `f! / prod(m_k!) * 2^(non-doubles)` ways, counted by formula.
//! - A region is checked when a piece touches it: the rule must still be
//!   reachable with the values of the pieces left (the sum between the
//!   smallest and the largest values the remaining cells could take; enough
//!   copies of the common value; enough distinct unseen values).

use super::memo::Memo;
use super::model::{Cell, Puzzle, Rule, Solution, MAX_VALUE};
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

/// One domino of a search path: its cells (in search order) and, unless it
/// is a free slot still to be filled, its kind and the values on each cell.
#[derive(Clone, Copy)]
pub(super) struct Laid {
    i: u32,
    j: u32,
    piece: Option<(u32, u32, u32)>,
}

pub(super) struct Engine {
    cells: Vec<Cell>,
    right: Vec<u32>,
    down: Vec<u32>,
    region_of: Vec<u32>,
    free: Vec<bool>,
    regions: Vec<RegionInfo>,
    kinds: Vec<Kind>,
    firsts: Vec<u32>,
    used_at: usize,
    summary_at: usize,
    max_value: usize,
    /// The search state, which is also the memo key: covered-cell bits,
    /// used-piece bits, region summaries.
    state: Vec<u64>,
    used: Vec<u32>,
    used_total: usize,
    halves: [u32; VALUES],
    filled: Vec<u32>,
    acc: Vec<u32>,
    memo: Memo,
}

fn bits_for(x: u64) -> u32 {
    (64 - x.leading_zeros()).max(1)
}

fn saturating_binomial(n: u32, k: u32) -> u128 {
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
    /// as many cells as the board has (see [`super::check`]).
    pub fn new(puzzle: &Puzzle) -> Engine {
        let cells = puzzle.cells();
        let n = cells.len();
        let index: std::collections::HashMap<Cell, u32> = cells
            .iter()
            .enumerate()
            .map(|(k, &c)| (c, k as u32))
            .collect();
        let at = |c: Cell| index.get(&c).copied().unwrap_or(NONE);
        let right = cells.iter().map(|&(r, c)| at((r, c + 1))).collect();
        let down = cells.iter().map(|&(r, c)| at((r + 1, c))).collect();
        let mut region_of = vec![0u32; n];
        for (k, region) in puzzle.regions.iter().enumerate() {
            for &c in &region.cells {
                region_of[at(c) as usize] = k as u32;
            }
        }
        let mut halves = [0u32; VALUES];
        for &[a, b] in &puzzle.dominoes {
            halves[a as usize] += 1;
            halves[b as usize] += 1;
        }
        let max_value = puzzle.max_value() as usize;
        let mut kinds: Vec<Kind> = Vec::new();
        for (k, &[x, y]) in puzzle.dominoes.iter().enumerate() {
            let (a, b) = (x.min(y), x.max(y));
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
        for region in &puzzle.regions {
            let size = region.cells.len() as u32;
            let rule = simplify(region.rule, size, &halves, max_value);
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
        let free = region_of
            .iter()
            .map(|&r| regions[r as usize].rule == Rule::Empty)
            .collect();
        let width = cover_words + used_words + summary_words;
        Engine {
            right,
            down,
            free,
            firsts: puzzle.dominoes.iter().map(|d| d[0]).collect(),
            used: vec![0; kinds.len()],
            kinds,
            used_at: cover_words,
            summary_at: cover_words + used_words,
            max_value,
            state: vec![0; width],
            used_total: 0,
            halves,
            filled: vec![0; regions.len()],
            acc: vec![0; regions.len()],
            regions,
            region_of,
            cells,
            memo: Memo::new(width),
        }
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
            Rule::Sum(_) | Rule::Less(_) | Rule::Greater(_) => (acc + v, true),
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

    /// The ways to spread the pieces left over the free slots, when every
    /// cell is covered.
    fn leaf_value(&self) -> u128 {
        let slots = (self.cells.len() - 2 * self.used_total) / 2;
        let mut left = 0u32;
        let mut ways: u128 = 1;
        for (q, kind) in self.kinds.iter().enumerate() {
            let m = kind.count - self.used[q];
            left += m;
            ways = ways.saturating_mul(saturating_binomial(left, m));
            if kind.a != kind.b {
                for _ in 0..m {
                    ways = ways.saturating_mul(2);
                }
            }
        }
        if left as usize == slots {
            ways
        } else {
            0
        }
    }

    fn first_open(&self, mut i: usize) -> usize {
        while i < self.cells.len() && self.covered(i) {
            i += 1;
        }
        i
    }

    /// The orientations of kind `q`: values on (first cell, second cell).
    fn orientations(&self, q: usize) -> ([(u32, u32); 2], usize) {
        let (a, b) = (self.kinds[q].a, self.kinds[q].b);
        ([(a, b), (b, a)], if a == b { 1 } else { 2 })
    }

    /// The number of solutions from the current state (saturating at
    /// `u128::MAX`), every cell before `from` being covered.
    pub fn count(&mut self, from: usize) -> u128 {
        let i = self.first_open(from);
        if i == self.cells.len() {
            return self.leaf_value();
        }
        if let Some(known) = self.memo.get(&self.state) {
            return known;
        }
        let mut total: u128 = 0;
        for j in [self.right[i], self.down[i]] {
            let j = j as usize;
            if j == NONE as usize || self.covered(j) {
                continue;
            }
            self.flip_cover(i);
            self.flip_cover(j);
            if self.free[i] && self.free[j] {
                total = total.saturating_add(self.count(i + 1));
            } else {
                for q in 0..self.kinds.len() {
                    if self.used[q] == self.kinds[q].count {
                        continue;
                    }
                    let (ways, n) = self.orientations(q);
                    for &(vi, vj) in &ways[..n] {
                        if let Some(saved) = self.place(i, j, q, vi, vj) {
                            total = total.saturating_add(self.count(i + 1));
                            self.unplace(i, j, q, vi, vj, saved);
                        }
                    }
                }
            }
            self.flip_cover(i);
            self.flip_cover(j);
        }
        self.memo.insert(&self.state, total);
        total
    }

    /// Calls `visit` with every solution in turn until it breaks. Only
    /// branches the counter found non-empty are entered, so every step of
    /// the walk leads to a solution.
    pub fn walk(&mut self, visit: &mut dyn FnMut(Solution) -> ControlFlow<()>) -> ControlFlow<()> {
        let mut path = Vec::new();
        self.walk_from(0, &mut path, visit)
    }

    fn walk_from(
        &mut self,
        from: usize,
        path: &mut Vec<Laid>,
        visit: &mut dyn FnMut(Solution) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let i = self.first_open(from);
        if i == self.cells.len() {
            let free: Vec<usize> = (0..path.len())
                .filter(|&k| path[k].piece.is_none())
                .collect();
            return self.fill_free(&free, path, visit);
        }
        for j in [self.right[i], self.down[i]] {
            let j = j as usize;
            if j == NONE as usize || self.covered(j) {
                continue;
            }
            self.flip_cover(i);
            self.flip_cover(j);
            let mut flow = ControlFlow::Continue(());
            if self.free[i] && self.free[j] {
                if self.count(i + 1) > 0 {
                    path.push(Laid {
                        i: i as u32,
                        j: j as u32,
                        piece: None,
                    });
                    flow = self.walk_from(i + 1, path, visit);
                    path.pop();
                }
            } else {
                'kinds: for q in 0..self.kinds.len() {
                    if self.used[q] == self.kinds[q].count {
                        continue;
                    }
                    let (ways, n) = self.orientations(q);
                    for &(vi, vj) in &ways[..n] {
                        if let Some(saved) = self.place(i, j, q, vi, vj) {
                            if self.count(i + 1) > 0 {
                                path.push(Laid {
                                    i: i as u32,
                                    j: j as u32,
                                    piece: Some((q as u32, vi, vj)),
                                });
                                flow = self.walk_from(i + 1, path, visit);
                                path.pop();
                            }
                            self.unplace(i, j, q, vi, vj, saved);
                            if flow.is_break() {
                                break 'kinds;
                            }
                        }
                    }
                }
            }
            self.flip_cover(i);
            self.flip_cover(j);
            flow?;
        }
        ControlFlow::Continue(())
    }

    /// Every way to put the pieces left on the free slots `free` (indices
    /// into `path`), each a solution.
    fn fill_free(
        &mut self,
        free: &[usize],
        path: &mut Vec<Laid>,
        visit: &mut dyn FnMut(Solution) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let Some((&slot, rest)) = free.split_first() else {
            return visit(self.solution(path));
        };
        for q in 0..self.kinds.len() {
            if self.used[q] == self.kinds[q].count {
                continue;
            }
            let (ways, n) = self.orientations(q);
            for &(vi, vj) in &ways[..n] {
                self.used[q] += 1;
                path[slot].piece = Some((q as u32, vi, vj));
                let flow = self.fill_free(rest, path, visit);
                path[slot].piece = None;
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
fn simplify(rule: Rule, size: u32, halves: &[u32; VALUES], max_value: usize) -> Rule {
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
