//! Exact counting without carrying the pieces through the board: the
//! count of [`super::count`] for puzzles of newspaper size.
//!
//! A solution is a tiling plus a value on every cell. The rules only see
//! which values land in which region, so what matters of a tiling is its
//! *signature*: how many dominoes join each pair of cell classes (a class
//! is a ruled region of two or more cells, all free cells together, or
//! all one-cell rules that allow the same values). Every tiling with the
//! same signature admits the same number of ways to lay the pieces.
//!
//! 1. [`Tally::tilings`]: a frontier program over the cells (row by row or
//!    column by column, as the engine's search) counts the tilings of
//!    each signature. It knows no pieces.
//! 2. [`Tally::deal`]: starting from every signature weighted by its
//!    tilings, the piece kinds are dealt one after another to the slots
//!    left of each type (which slots: a binomial; which way round: a
//!    binomial per split, or 2 for a non-double inside one class), while
//!    each ruled region keeps what its rule needs (the sum so far, the
//!    common value, the values seen) and is checked when its last cell
//!    gets a value. States that agree on the slots left and the region
//!    summaries merge, whatever signature they came from.
//!
//! Copies of a kind are not told apart and a double is laid one way only,
//! so every count is of solutions as docs/pips.md defines them. The states are
//! the slots left and the summaries, never the pieces used, which is what
//! made the engine's memo grow with the piece multiset.

use super::engine::{saturating_binomial, search_order, simplify};
use super::memo::Memo;
use super::model::{compact, Puzzle, Rule, MAX_VALUE};
use crate::search::Budget;
use crate::tile::Value;
use std::collections::HashMap;

const VALUES: usize = MAX_VALUE as usize + 1;

/// The most states one step of the count keeps. Past it the count gives
/// up (the caller falls back on the engine's search): the signature
/// counter is quick when the pieces can only go to few places, and these
/// tables only grow when they can go almost anywhere, or when many small
/// regions are open at once (generated puzzles with many one-cell rules).
/// The stress puzzles it counts need 4,096; giving up soon matters more
/// than the rare puzzle a larger table would count.
const MAX_STATES: usize = 1 << 13;

/// The largest sum target a region's summary holds (16 bits).
const MAX_TARGET: i64 = 60_000;

/// A ruled region of two or more cells and where its summary lives in the
/// state words.
#[derive(Clone, Copy)]
struct Field {
    rule: Rule,
    word: usize,
    shift: u32,
    mask: u64,
}

/// Cells the rules treat alike.
struct Class {
    /// The values a cell of the class may hold by its own rule (every
    /// value for a ruled region of several cells: its field decides).
    allowed: u32,
    field: Option<Field>,
    /// For a class with a field: the slot types touching it, and how many
    /// of a slot's two cells lie in it.
    types: Vec<(usize, u64)>,
}

struct Kind {
    a: u32,
    b: u32,
    count: u64,
}

pub(super) struct Tally {
    /// For each cell in search order, its later neighbours: the distance
    /// in the order and the type of the slot they make.
    later: Vec<Vec<(u32, usize)>>,
    /// Each slot type's two classes, the smaller first.
    types: Vec<(usize, usize)>,
    classes: Vec<Class>,
    kinds: Vec<Kind>,
    /// For each kind, the slot types it may go to (in type order).
    fits: Vec<Vec<usize>>,
    /// The smallest and largest value among kinds `q..`.
    bounds: Vec<(u64, u64)>,
    sig_words: usize,
    acc_words: usize,
}

fn has(mask: u32, v: u32) -> bool {
    mask >> v & 1 == 1
}

/// The summary after `n` more values `v` land in a region, or `None` when
/// that breaks its rule at once.
fn add_values(rule: Rule, acc: u64, v: u32, n: u64) -> Option<u64> {
    if n == 0 {
        return Some(acc);
    }
    let v = u64::from(v);
    match rule {
        Rule::Sum(t) => Some(acc + n * v).filter(|&s| s as i64 <= t),
        Rule::Less(t) => Some(acc + n * v).filter(|&s| (s as i64) < t),
        // Past the bound every sum is as good: one summary merges them.
        Rule::Greater(t) => Some((acc + n * v).min((t + 1) as u64)),
        Rule::Equal => (acc == 0 || acc == v + 1).then_some(v + 1),
        Rule::Unequal => (n == 1 && acc >> v & 1 == 0).then_some(acc | 1 << v),
        Rule::Empty => Some(acc),
    }
}

/// The summary of a region with `left` cells still to fill, given values
/// between `low` and `high` are left: `None` when the rule can no longer
/// hold, 0 once the region is full and holds (so finished regions merge).
fn settle(rule: Rule, acc: u64, left: u64, (low, high): (u64, u64)) -> Option<u64> {
    let reach = |k: u64| (acc + left * k) as i64;
    let ok = match rule {
        Rule::Sum(t) => reach(low) <= t && reach(high) >= t,
        Rule::Less(t) => reach(low) < t,
        Rule::Greater(t) => reach(high) > t,
        Rule::Equal | Rule::Unequal | Rule::Empty => true,
    };
    match (ok, left) {
        (false, _) => None,
        (true, 0) => Some(0),
        (true, _) => Some(acc),
    }
}

impl Tally {
    /// Prepares the count, or `None` when the puzzle is outside what this
    /// counter handles (more than 255 dominoes, rows longer than 127
    /// cells in the search order, huge targets); the engine counts those.
    /// The caller has checked the puzzle (see [`super::validate`]).
    pub fn new(puzzle: &Puzzle) -> Option<Tally> {
        if puzzle.dominoes.len() > 255 {
            return None;
        }
        let mut halves = [0u32; VALUES];
        for &[a, b] in &puzzle.dominoes {
            halves[a as usize] += 1;
            halves[b as usize] += 1;
        }
        let max_value = puzzle.max_value() as usize;
        let all: u32 = ((1u64 << (max_value + 1)) - 1) as u32;
        let rules: Vec<Rule> = puzzle
            .regions
            .iter()
            .map(|r| simplify(r.rule, r.cells.len() as u32, &halves, max_value))
            .collect();
        // Classes: 0 is every free cell, then one per distinct one-cell
        // filter, then one per ruled region of several cells.
        let mut classes = vec![Class {
            allowed: all,
            field: None,
            types: Vec::new(),
        }];
        let mut by_filter: HashMap<u32, usize> = HashMap::new();
        let (mut word, mut shift) = (0usize, 0u32);
        let mut class_of = Vec::with_capacity(rules.len());
        for (region, &rule) in puzzle.regions.iter().zip(&rules) {
            let target = rule.target().unwrap_or(0);
            if !(-1..=MAX_TARGET).contains(&target) {
                return None;
            }
            if rule == Rule::Empty {
                class_of.push(0);
                continue;
            }
            if region.cells.len() == 1 {
                let allowed = (0..=max_value as u32)
                    .filter(|&v| rule.holds(&[Value::from(v)]))
                    .fold(0u32, |m, v| m | 1 << v);
                let next = classes.len();
                let class = if allowed == all {
                    0
                } else {
                    *by_filter.entry(allowed).or_insert(next)
                };
                if class == next {
                    classes.push(Class {
                        allowed,
                        field: None,
                        types: Vec::new(),
                    });
                }
                class_of.push(class);
                continue;
            }
            let width = match rule {
                Rule::Equal => 6,
                Rule::Unequal => 32,
                _ => 16,
            };
            if shift + width > 64 {
                word += 1;
                shift = 0;
            }
            class_of.push(classes.len());
            classes.push(Class {
                allowed: all,
                field: Some(Field {
                    rule,
                    word,
                    shift,
                    mask: (1u64 << width) - 1,
                }),
                types: Vec::new(),
            });
            shift += width;
        }
        let acc_words = word + usize::from(shift > 0);

        let cells = search_order(puzzle, &rules);
        let index: HashMap<crate::Cell, usize> =
            cells.iter().enumerate().map(|(k, &c)| (c, k)).collect();
        let mut cell_class = vec![0usize; cells.len()];
        for (k, region) in puzzle.regions.iter().enumerate() {
            for c in &region.cells {
                if let Some(&i) = index.get(c) {
                    cell_class[i] = class_of[k];
                }
            }
        }
        let mut types: Vec<(usize, usize)> = Vec::new();
        let mut type_of: HashMap<(usize, usize), usize> = HashMap::new();
        let mut later = Vec::with_capacity(cells.len());
        for (i, &(r, c)) in cells.iter().enumerate() {
            // In either order the right and lower neighbours come later
            // and the others earlier (covered when `i` is the first open
            // cell).
            let mut near = Vec::new();
            for n in [(r, c + 1), (r + 1, c)] {
                let Some(&j) = index.get(&n) else { continue };
                if j <= i {
                    continue;
                }
                let d = j - i;
                if d >= 128 {
                    return None;
                }
                let (x, y) = (cell_class[i], cell_class[j]);
                let pair = (x.min(y), x.max(y));
                let next = types.len();
                let t = *type_of.entry(pair).or_insert(next);
                if t == next {
                    types.push(pair);
                }
                near.push((d as u32, t));
            }
            later.push(near);
        }
        for (t, &(x, y)) in types.iter().enumerate() {
            if x == y {
                classes[x].types.push((t, 2));
            } else {
                classes[x].types.push((t, 1));
                classes[y].types.push((t, 1));
            }
        }

        let mut kinds: Vec<Kind> = Vec::new();
        for &[x, y] in &puzzle.dominoes {
            let (a, b) = (compact(x.min(y)), compact(x.max(y)));
            match kinds.iter_mut().find(|q| q.a == a && q.b == b) {
                Some(q) => q.count += 1,
                None => kinds.push(Kind { a, b, count: 1 }),
            }
        }
        let fits = kinds
            .iter()
            .map(|q| {
                (0..types.len())
                    .filter(|&t| fits(&classes, types[t], q))
                    .collect()
            })
            .collect();
        let mut bounds = vec![(u64::MAX, 0u64); kinds.len() + 1];
        for q in (0..kinds.len()).rev() {
            let (low, high) = bounds[q + 1];
            bounds[q] = (
                low.min(u64::from(kinds[q].a)),
                high.max(u64::from(kinds[q].b)),
            );
        }
        Some(Tally {
            later,
            sig_words: types.len().div_ceil(8),
            types,
            classes,
            kinds,
            fits,
            bounds,
            acc_words,
        })
    }

    /// The exact number of solutions (saturating at `u128::MAX`), or
    /// `None` when the budget stopped the count or a table filled up.
    pub fn count(&self, budget: &mut Budget) -> Option<u128> {
        let signatures = self.tilings(budget)?;
        self.deal(&signatures, budget)
    }

    /// The tilings of the board counted by signature: keys are two words
    /// of frontier (zero at the end) then the signature, one byte a type.
    fn tilings(&self, budget: &mut Budget) -> Option<Memo> {
        let width = 2 + self.sig_words;
        let mut layer = Memo::with_limit(width, MAX_STATES);
        let mut next = Memo::with_limit(width, MAX_STATES);
        let mut key = vec![0u64; width];
        layer.add(&key, 1);
        for near in &self.later {
            next.clear();
            for (state, ways) in layer.entries() {
                if budget.spend() {
                    return None;
                }
                let mask = u128::from(state[0]) | u128::from(state[1]) << 64;
                key.copy_from_slice(state);
                if mask & 1 == 1 {
                    let m = mask >> 1;
                    (key[0], key[1]) = (m as u64, (m >> 64) as u64);
                    if !next.add(&key, ways) {
                        return None;
                    }
                    continue;
                }
                for &(d, t) in near {
                    if mask >> d & 1 == 1 {
                        continue;
                    }
                    let m = (mask | 1 << d) >> 1;
                    key.copy_from_slice(state);
                    (key[0], key[1]) = (m as u64, (m >> 64) as u64);
                    key[2 + t / 8] += 1 << (t % 8 * 8);
                    if !next.add(&key, ways) {
                        return None;
                    }
                }
            }
            std::mem::swap(&mut layer, &mut next);
        }
        Some(layer)
    }

    /// Deals the kinds to the slots of every signature (see the module
    /// comment). State keys: copies of the current kind dealt, the slots
    /// left per type (one byte each), the region summaries.
    fn deal(&self, signatures: &Memo, budget: &mut Budget) -> Option<u128> {
        let width = 1 + self.sig_words + self.acc_words;
        let mut layer = Memo::with_limit(width, MAX_STATES);
        let mut next = Memo::with_limit(width, MAX_STATES);
        let mut key = vec![0u64; width];
        let mut base = vec![0u64; width];
        for (state, ways) in signatures.entries() {
            if state[0] | state[1] != 0 {
                continue;
            }
            key[1..1 + self.sig_words].copy_from_slice(&state[2..]);
            if !layer.add(&key, ways) {
                return None;
            }
        }
        for (q, kind) in self.kinds.iter().enumerate() {
            let fits = &self.fits[q];
            for (n, &t) in fits.iter().enumerate() {
                let last = n + 1 == fits.len();
                next.clear();
                for (state, ways) in layer.entries() {
                    if budget.spend() {
                        return None;
                    }
                    let scratch = (&mut key[..], &mut base[..]);
                    if !self.deal_into(q, t, last, state, ways, scratch, &mut next) {
                        return None;
                    }
                }
                std::mem::swap(&mut layer, &mut next);
            }
            // Every copy must have found a slot; the count restarts at 0
            // for the next kind.
            next.clear();
            for (state, ways) in layer.entries() {
                if budget.spend() {
                    return None;
                }
                if state[0] == kind.count {
                    key.copy_from_slice(state);
                    key[0] = 0;
                    if !next.add(&key, ways) {
                        return None;
                    }
                }
            }
            std::mem::swap(&mut layer, &mut next);
        }
        Some(
            layer
                .entries()
                .fold(0u128, |total, (_, ways)| total.saturating_add(ways)),
        )
    }

    fn left_of(state: &[u64], t: usize) -> u64 {
        state[1 + t / 8] >> (t % 8 * 8) & 0xFF
    }

    /// Every way to give some of kind `q`'s undealt copies to the slots of
    /// type `t` (all of them when `last`), added to `next`; false when
    /// `next` is full. `key` and `base` are scratch keys.
    #[allow(clippy::too_many_arguments)]
    fn deal_into(
        &self,
        q: usize,
        t: usize,
        last: bool,
        state: &[u64],
        ways: u128,
        (key, base): (&mut [u64], &mut [u64]),
        next: &mut Memo,
    ) -> bool {
        let kind = &self.kinds[q];
        let dealt = state[0];
        let undealt = kind.count - dealt;
        let slots = Self::left_of(state, t);
        let (cx, cy) = self.types[t];
        let (a, b) = (kind.a, kind.b);
        let most = undealt.min(slots);
        let fewest = if last { undealt } else { 0 };
        for x in fewest..=most {
            let mut w = ways.saturating_mul(saturating_binomial(slots as u32, x as u32));
            key.copy_from_slice(state);
            key[0] = dealt + x;
            key[1 + t / 8] -= x << (t % 8 * 8);
            if x == 0 {
                if !next.add(key, w) {
                    return false;
                }
                continue;
            }
            let (fx, fy) = (self.classes[cx].field, self.classes[cy].field);
            if cx == cy {
                // Both halves in one class: either way round gives the
                // region the same values, and a non-double two solutions.
                if a != b {
                    w = w.saturating_mul(1u128.checked_shl(x as u32).unwrap_or(u128::MAX));
                }
                let Some(f) = fx else {
                    if !next.add(key, w) {
                        return false;
                    }
                    continue;
                };
                let acc = key[1 + self.sig_words + f.word] >> f.shift & f.mask;
                let acc = add_values(f.rule, acc, a, x).and_then(|s| add_values(f.rule, s, b, x));
                if let Some(acc) = acc {
                    if self.store(q, cx, acc, key) && !next.add(key, w) {
                        return false;
                    }
                }
                continue;
            }
            let (ax, ay) = (self.classes[cx].allowed, self.classes[cy].allowed);
            // Way one: a in class cx, b in cy; way two the other.
            let one = has(ax, a) && has(ay, b);
            let two = a != b && has(ax, b) && has(ay, a);
            if fx.is_none() && fy.is_none() {
                let per = u128::from(one) + u128::from(two);
                let w = w.saturating_mul(per.saturating_pow(x as u32));
                if w > 0 && !next.add(key, w) {
                    return false;
                }
                continue;
            }
            base.copy_from_slice(key);
            for j in 0..=x {
                // j copies laid way one, the rest way two.
                if (j > 0 && !one) || (j < x && !two) {
                    continue;
                }
                key.copy_from_slice(base);
                let split = w.saturating_mul(saturating_binomial(x as u32, j as u32));
                let mut ok = true;
                for (class, mine, other) in [(cx, a, b), (cy, b, a)] {
                    let Some(f) = self.classes[class].field else {
                        continue;
                    };
                    let acc = key[1 + self.sig_words + f.word] >> f.shift & f.mask;
                    let acc = add_values(f.rule, acc, mine, j)
                        .and_then(|s| add_values(f.rule, s, other, x - j));
                    ok = ok && acc.is_some_and(|acc| self.store(q, class, acc, key));
                }
                if ok && !next.add(key, split) {
                    return false;
                }
            }
        }
        true
    }

    /// Writes the summary `acc` of `class`'s region into `key`, settled
    /// against the cells it has left (see [`settle`]); false when its rule
    /// can no longer hold.
    fn store(&self, q: usize, class: usize, acc: u64, key: &mut [u64]) -> bool {
        let Some(f) = self.classes[class].field else {
            return true;
        };
        let left: u64 = self.classes[class]
            .types
            .iter()
            .map(|&(t, m)| Self::left_of(key, t) * m)
            .sum();
        let Some(acc) = settle(f.rule, acc, left, self.bounds[q]) else {
            return false;
        };
        let word = &mut key[1 + self.sig_words + f.word];
        *word = *word & !(f.mask << f.shift) | acc << f.shift;
        true
    }
}

/// Whether kind `q` may lie on a slot of type `(x, y)` as far as the
/// classes' own rules tell (the fields then check the values).
fn fits(classes: &[Class], (x, y): (usize, usize), q: &Kind) -> bool {
    let (ax, ay) = (classes[x].allowed, classes[y].allowed);
    let one = has(ax, q.a) && has(ay, q.b);
    let two = has(ax, q.b) && has(ay, q.a);
    if x == y {
        return one
            && match classes[x].field.map(|f| f.rule) {
                Some(Rule::Equal) => q.a == q.b,
                Some(Rule::Unequal) => q.a != q.b,
                _ => true,
            };
    }
    one || two
}

#[cfg(test)]
mod tests {
    use super::super::engine::Engine;
    use super::super::model::{Puzzle, Region, Rule};
    use super::super::validate::validate;
    use super::Tally;
    use crate::rng::Rng;
    use crate::search::Budget;
    use crate::tile::Value;
    use crate::Cell;
    use std::collections::BTreeMap;

    /// A puzzle of up to `pieces` dominoes laid at random on a grid, with
    /// random regions (often joined neighbours) and rules, targets often
    /// from the hidden values so that many puzzles have solutions.
    fn random_puzzle(rng: &mut Rng, pieces: usize) -> Puzzle {
        let (rows, cols) = (3 + rng.index(3), 4 + rng.index(4));
        let max_value = 2 + rng.index(5) as u32;
        let mut taken: BTreeMap<Cell, u32> = BTreeMap::new();
        let mut dominoes = Vec::new();
        for _ in 0..pieces * 10 {
            if dominoes.len() == pieces {
                break;
            }
            let a = (rng.index(rows), rng.index(cols));
            let b = if rng.chance(1, 2) {
                (a.0 + 1, a.1)
            } else {
                (a.0, a.1 + 1)
            };
            if b.0 >= rows || b.1 >= cols || taken.contains_key(&a) || taken.contains_key(&b) {
                continue;
            }
            let x = rng.below(u64::from(max_value) + 1) as u32;
            let y = if rng.chance(1, 4) {
                x
            } else {
                rng.below(u64::from(max_value) + 1) as u32
            };
            taken.insert(a, x);
            taken.insert(b, y);
            dominoes.push([x, y].map(Value::from));
        }
        // Repeated pieces.
        if dominoes.len() > 2 && rng.chance(1, 2) {
            let k = rng.index(dominoes.len());
            dominoes[0] = dominoes[k];
        }
        let cells: Vec<Cell> = taken.keys().copied().collect();
        let wanted = 1 + rng.index(cells.len().max(1) / 2 + 1);
        let mut groups: Vec<Vec<Cell>> = vec![Vec::new(); wanted];
        for &c in &cells {
            groups[rng.index(wanted)].push(c);
        }
        let mut regions = Vec::new();
        for group in groups.into_iter().filter(|g| !g.is_empty()) {
            let hidden: i64 = group.iter().map(|c| i64::from(taken[c])).sum();
            let rule = match rng.index(8) {
                0 | 1 => Rule::Sum(hidden),
                2 => Rule::Less(hidden + 1 + rng.below(3) as i64),
                3 => Rule::Greater(hidden - 1 - rng.below(3) as i64),
                4 => Rule::Equal,
                5 => Rule::Unequal,
                _ => Rule::Empty,
            };
            regions.push(Region { cells: group, rule });
        }
        Puzzle {
            dominoes,
            regions,
            solution: None,
        }
    }

    #[test]
    fn the_signature_count_is_the_engines_on_mid_size_puzzles() {
        let mut rng = Rng::new(41);
        let (mut compared, mut solvable, mut gave_up) = (0, 0, 0);
        for round in 0..400 {
            let puzzle = random_puzzle(&mut rng, 6 + round % 7);
            if validate(&puzzle).is_err() {
                continue;
            }
            let Some(tally) = Tally::new(&puzzle) else {
                panic!("a small puzzle the tally does not take: {puzzle:?}");
            };
            // Scattered regions make many slot types; the tally may give
            // up on those (the engine then counts), never answer wrong.
            let Some(counted) = tally.count(&mut Budget::default()) else {
                gave_up += 1;
                continue;
            };
            let expected = Engine::new(&puzzle).count(u128::MAX);
            assert_eq!(counted, expected, "{puzzle:?}");
            compared += 1;
            solvable += usize::from(expected > 0);
        }
        // Both outcomes must be common, or the test proves little.
        assert!(
            compared > 250 && solvable > 100,
            "{compared} {solvable} {gave_up}"
        );
    }
}
