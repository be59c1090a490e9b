//! The hidden solution of a new puzzle: a board (grown domino by domino,
//! or a given shape tiled at random), the pieces dealt on its dominoes and
//! which way round each lies.

use crate::rng::Rng;
use crate::tile::Value;
use crate::Cell;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// The cells next to a cell (those with a negative coordinate left out).
pub(super) fn neighbours((r, c): Cell) -> Vec<Cell> {
    let mut n = vec![(r + 1, c), (r, c + 1)];
    if r > 0 {
        n.push((r - 1, c));
    }
    if c > 0 {
        n.push((r, c - 1));
    }
    n
}

/// A board of `cells` cells grown from one domino by adding dominoes that
/// touch it, inside a square a little larger than needed; its dominoes
/// are a tiling.
pub(super) fn grow(rng: &mut Rng, cells: usize) -> Vec<[Cell; 2]> {
    let side = ((cells as f64).sqrt().ceil() as usize + 1).max(2);
    let mut taken: BTreeSet<Cell> = BTreeSet::new();
    let mut slots = Vec::new();
    let start = (rng.index(side), rng.index(side - 1));
    let second = (start.0, start.1 + 1);
    taken.insert(start);
    taken.insert(second);
    slots.push([start, second]);
    let mut guard = 0;
    while taken.len() + 1 < cells && guard < 10_000 {
        guard += 1;
        let edge: Vec<Cell> = taken
            .iter()
            .flat_map(|&c| neighbours(c))
            .filter(|c| c.0 < side && c.1 < side && !taken.contains(c))
            .collect();
        if edge.is_empty() {
            break;
        }
        let a = edge[rng.index(edge.len())];
        let free: Vec<Cell> = neighbours(a)
            .into_iter()
            .filter(|c| c.0 < side && c.1 < side && !taken.contains(c))
            .collect();
        if free.is_empty() {
            continue;
        }
        let b = free[rng.index(free.len())];
        taken.insert(a);
        taken.insert(b);
        slots.push([a, b]);
    }
    slots
}

/// A random tiling of `cells`, or `None` when it has none.
pub(super) fn tiling(rng: &mut Rng, cells: &[Cell]) -> Option<Vec<[Cell; 2]>> {
    fn go(
        rng: &mut Rng,
        open: &mut BTreeSet<Cell>,
        slots: &mut Vec<[Cell; 2]>,
        budget: &mut usize,
    ) -> bool {
        let Some(&first) = open.iter().next() else {
            return true;
        };
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let mut near = [(first.0, first.1 + 1), (first.0 + 1, first.1)];
        if rng.chance(1, 2) {
            near.swap(0, 1);
        }
        open.remove(&first);
        for n in near {
            if open.remove(&n) {
                slots.push([first, n]);
                if go(rng, open, slots, budget) {
                    return true;
                }
                slots.pop();
                open.insert(n);
            }
        }
        open.insert(first);
        false
    }
    let mut open: BTreeSet<Cell> = cells.iter().copied().collect();
    let mut slots = Vec::new();
    let mut budget = 100_000;
    go(rng, &mut open, &mut slots, &mut budget).then_some(slots)
}

/// The pieces that may be dealt: the smallest double-N set (N at least
/// 6) with at least `count` pieces, shuffled.
pub(super) fn set(rng: &mut Rng, count: usize) -> Vec<[Value; 2]> {
    let mut n: Value = 6;
    while ((n + 1) * (n + 2) / 2) < count as Value && n < crate::pips::model::MAX_VALUE {
        n += 1;
    }
    let mut all: Vec<[Value; 2]> = (0..=n).flat_map(|a| (a..=n).map(move |b| [a, b])).collect();
    rng.shuffle(&mut all);
    all
}

/// A hidden solution: the pieces in the order of their slots, the value
/// on every cell, where each piece lies, and for each cell of a
/// non-double the cell of its other half.
pub(super) struct Dealt {
    pub dominoes: Vec<[Value; 2]>,
    pub values: BTreeMap<Cell, Value>,
    pub placements: Vec<[Cell; 2]>,
    pub apart: HashMap<Cell, Cell>,
}

/// Deals distinct pieces of `set` on `slots`, in order. Each half often
/// (two times in three) repeats the value of a cell it touches that is
/// already dealt, when an unused piece allows: the newspaper's puzzles
/// have runs of one value across pieces, which make the strong equal
/// regions. `None` when `set` has too few pieces.
pub(super) fn deal(rng: &mut Rng, slots: &[[Cell; 2]], mut set: Vec<[Value; 2]>) -> Option<Dealt> {
    if set.len() < slots.len() {
        return None;
    }
    let mut dealt = Dealt {
        dominoes: Vec::new(),
        values: BTreeMap::new(),
        placements: Vec::new(),
        apart: HashMap::new(),
    };
    for &[a, b] in slots {
        let mut wish = |cell: Cell, values: &BTreeMap<Cell, Value>| {
            let near: Vec<Value> = neighbours(cell)
                .iter()
                .filter_map(|n| values.get(n).copied())
                .collect();
            (!near.is_empty() && rng.chance(2, 3)).then(|| near[rng.index(near.len())])
        };
        let (wa, wb) = (wish(a, &dealt.values), wish(b, &dealt.values));
        let fits = |p: [Value; 2], w: Option<Value>, side: usize| {
            w.map_or(0, |v| usize::from(p[side] == v))
        };
        // The unused piece, either way round, that meets the most wishes
        // (the first of the shuffled set among equals; laid either way
        // when it meets none).
        let mut best: Option<(usize, usize, bool)> = None;
        for (k, &p) in set.iter().enumerate() {
            for turned in [false, true] {
                let q = if turned { [p[1], p[0]] } else { p };
                let score = fits(q, wa, 0) + fits(q, wb, 1);
                if best.is_none_or(|(most, _, _)| score > most) {
                    best = Some((score, k, turned));
                }
            }
        }
        let (score, k, turned) = best?;
        let p = set.remove(k);
        let turned = if score == 0 { rng.chance(1, 2) } else { turned };
        let (x, y) = if turned { (p[1], p[0]) } else { (p[0], p[1]) };
        dealt.values.insert(a, x);
        dealt.values.insert(b, y);
        dealt.placements.push(if turned { [b, a] } else { [a, b] });
        dealt.dominoes.push(p);
        if x != y {
            dealt.apart.insert(a, b);
            dealt.apart.insert(b, a);
        }
    }
    Some(dealt)
}
