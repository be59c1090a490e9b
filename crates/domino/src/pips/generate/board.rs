//! The hidden solution of a new puzzle: a board (grown domino by domino
//! in the newspaper's sizes and outlines, or a given shape tiled at
//! random), the pieces dealt on its dominoes and which way round each
//! lies.

use super::profile::Level;
use crate::pips::explain::{most_cells, Grade};
use crate::rng::Rng;
use crate::search::Limits;
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

/// One of `choices`, each as often as its weight says (a single choice
/// without a roll, so a fixed value leaves the random stream as it was).
pub(super) fn pick<T: Copy>(rng: &mut Rng, choices: &[(T, u64)]) -> T {
    if let [(only, _)] = choices {
        return *only;
    }
    let total: u64 = choices.iter().map(|c| c.1).sum();
    let mut roll = rng.below(total.max(1));
    for &(choice, weight) in choices {
        if roll < weight {
            return choice;
        }
        roll -= weight;
    }
    choices[choices.len() - 1].0
}

/// The cells of a board at `grade` when none are asked for, as often as
/// `level` draws them (the built-in table: the newspaper's boards, easy 6
/// to 12 cells, median 8; medium 10 to 16, median 12; hard 16 to 32,
/// median 20). Sizes the grade cannot take are left out (the board's
/// size counts in the grade: a medium puzzle of 24 cells would grade
/// hard); when none is left, the largest the grade takes.
pub(super) fn level_cells(rng: &mut Rng, level: &Level, grade: Grade) -> usize {
    let most = most_cells(grade);
    let fit: Vec<(usize, u64)> = level
        .cells
        .iter()
        .copied()
        .filter(|&(cells, _)| most.is_none_or(|most| cells <= most))
        .collect();
    if fit.is_empty() {
        return most.unwrap_or(2);
    }
    pick(rng, &fit)
}

/// Boards grown before one with (or without) a hole, as wished, is taken.
const HOLE_TRIES: usize = 30;

/// The board a request grows: its cells, with a hole or not, in two
/// pieces or one. Its kind is drawn once per request and its size once
/// for many tries, so that the boards of the puzzles kept are as often of
/// each kind as the newspaper's, not as often as the kinds that pass the
/// checks most easily (a board in two pieces passes more easily).
#[derive(Clone, Copy, Debug)]
pub(super) struct Plan {
    pub cells: usize,
    hole: bool,
    split: bool,
}

impl Plan {
    /// A board of `cells` cells, or of the newspaper's sizes at `grade`
    /// when `cells` is `None`, and its kind as often as the newspaper's:
    /// chosen by `seed` along a golden-ratio sequence, so that any run of
    /// consecutive seeds (a `--count` batch) has each kind at the
    /// newspaper's share, not that share give or take a random spread.
    pub(super) fn draw(
        rng: &mut Rng,
        cells: Option<usize>,
        level: &Level,
        grade: Grade,
        seed: u64,
    ) -> Plan {
        let cells = cells.unwrap_or_else(|| level_cells(rng, level, grade));
        let (hole, split) = (level.hole, level.split);
        // The fractional parts of seed * 0.618034 and seed * 0.414214
        // (in millionths) spread evenly over 0..1 as the seed counts up.
        let share =
            |step: u64, percent: u64| seed.wrapping_mul(step) % 1_000_000 < percent * 10_000;
        Plan {
            cells,
            hole: share(618_034, hole),
            split: share(414_214, split),
        }
    }

    /// The same kind of board at another size (of the newspaper's sizes
    /// at `grade`, unless `cells` are asked).
    pub(super) fn resize(
        self,
        rng: &mut Rng,
        cells: Option<usize>,
        level: &Level,
        grade: Grade,
    ) -> Plan {
        Plan {
            cells: cells.unwrap_or_else(|| level_cells(rng, level, grade)),
            ..self
        }
    }
}

/// A board as `plan` says, with an irregular outline; its dominoes are a
/// tiling.
pub(super) fn board(rng: &mut Rng, plan: Plan, limits: &Limits) -> Vec<[Cell; 2]> {
    to_corner(grown(rng, plan, limits))
}

/// `slots` moved up and left until a cell lies on row 0 and one on
/// column 0, as the newspaper's boards lie: the picture then shows no
/// empty rows or columns above or left of the board.
fn to_corner(slots: Vec<[Cell; 2]>) -> Vec<[Cell; 2]> {
    let top = slots.iter().flatten().map(|c| c.0).min().unwrap_or(0);
    let left = slots.iter().flatten().map(|c| c.1).min().unwrap_or(0);
    slots
        .into_iter()
        .map(|pair| pair.map(|(r, c)| (r - top, c - left)))
        .collect()
}

/// The board of [`board`], wherever it grew in its square.
fn grown(rng: &mut Rng, plan: Plan, limits: &Limits) -> Vec<[Cell; 2]> {
    let cells = plan.cells;
    // A board of 6 cells is too small for two pieces.
    if plan.split && cells >= 8 {
        // Two pieces side by side, a column apart, each of whole dominoes.
        let first = 2 * (2 + rng.index(cells / 4 - 1)).min(cells / 2 - 1);
        let mut slots = grow(rng, first, Vec::new(), limits);
        let right = slots.iter().flatten().map(|c| c.1).max().unwrap_or(0) + 2;
        let second = grow(rng, cells - first, Vec::new(), limits);
        slots.extend(
            second
                .iter()
                .map(|&[a, b]| [(a.0, a.1 + right), (b.0, b.1 + right)]),
        );
        return slots;
    }
    // A hole is grown around: the board starts as a ring of four
    // dominoes round an empty cell, which no domino can then cover (every
    // cell next to it is taken). Random growth alone seldom walls a cell
    // in on a small board.
    let start = |rng: &mut Rng| {
        if plan.hole && cells >= RING.len() * 2 {
            ring(rng, cells)
        } else {
            Vec::new()
        }
    };
    let first = start(rng);
    let mut slots = grow(rng, cells, first, limits);
    for _ in 1..HOLE_TRIES {
        if limits.reached() {
            break;
        }
        let board: BTreeSet<Cell> = slots.iter().flatten().copied().collect();
        if has_hole(&board) == plan.hole {
            break;
        }
        let first = start(rng);
        slots = grow(rng, cells, first, limits);
    }
    slots
}

/// The four dominoes of a ring round the cell (1, 1), turning one way:
/// each lies along one side of the 3 by 3 square and turns its corner.
const RING: [[Cell; 2]; 4] = [
    [(0, 0), (0, 1)],
    [(0, 2), (1, 2)],
    [(2, 2), (2, 1)],
    [(2, 0), (1, 0)],
];

/// A ring of dominoes round one empty cell, placed at random inside the
/// square [`grow`] grows a board of `cells` cells in, turning either way.
fn ring(rng: &mut Rng, cells: usize) -> Vec<[Cell; 2]> {
    let side = grow_side(cells);
    let (top, left) = (rng.index(side - 2), rng.index(side - 2));
    let mirror = rng.chance(1, 2);
    RING.iter()
        .map(|slot| {
            slot.map(|(r, c)| {
                let c = if mirror { 2 - c } else { c };
                (top + r, left + c)
            })
        })
        .collect()
}

/// The side of the square a board of `cells` cells grows in: somewhat
/// larger than needed, so outlines are irregular.
fn grow_side(cells: usize) -> usize {
    ((cells as f64).sqrt().ceil() as usize + 2).max(3)
}

/// The connected parts of `cells`.
pub(super) fn parts(cells: &BTreeSet<Cell>) -> Vec<Vec<Cell>> {
    let mut left = cells.clone();
    let mut out = Vec::new();
    while let Some(&start) = left.iter().next() {
        left.remove(&start);
        let mut part = vec![start];
        let mut at = 0;
        while at < part.len() {
            for n in neighbours(part[at]) {
                if left.remove(&n) {
                    part.push(n);
                }
            }
            at += 1;
        }
        part.sort_unstable();
        out.push(part);
    }
    out
}

/// Whether a place inside the board's bounding box that is no cell is
/// walled in by cells (cannot reach the box's edge).
pub(super) fn has_hole(cells: &BTreeSet<Cell>) -> bool {
    let (Some(top), Some(bottom)) = (
        cells.iter().map(|c| c.0).min(),
        cells.iter().map(|c| c.0).max(),
    ) else {
        return false;
    };
    let left = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let right = cells.iter().map(|c| c.1).max().unwrap_or(0);
    let gaps: BTreeSet<Cell> = (top..=bottom)
        .flat_map(|r| (left..=right).map(move |c| (r, c)))
        .filter(|c| !cells.contains(c))
        .collect();
    parts(&gaps).iter().any(|part| {
        part.iter()
            .all(|&(r, c)| r > top && r < bottom && c > left && c < right)
    })
}

/// A board of `cells` cells grown from `start` (or, when empty, one
/// domino) by adding dominoes that touch it, inside a square somewhat
/// larger than needed ([`grow_side`]: so outlines are irregular, with
/// arms and notches); its dominoes are a tiling. Each step walks the
/// whole edge (a board of 1,000 cells takes a good part of a second), so
/// `limits` are read at every step: stopped, the board is left smaller.
fn grow(rng: &mut Rng, cells: usize, start: Vec<[Cell; 2]>, limits: &Limits) -> Vec<[Cell; 2]> {
    let side = grow_side(cells);
    let mut slots = start;
    if slots.is_empty() {
        let first = (rng.index(side), rng.index(side - 1));
        slots.push([first, (first.0, first.1 + 1)]);
    }
    let mut taken: BTreeSet<Cell> = slots.iter().flatten().copied().collect();
    let mut guard = 0;
    while taken.len() + 1 < cells && guard < 10_000 && !limits.reached() {
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
/// `pips`, the level's highest pip) with at least `count` pieces,
/// shuffled.
pub(super) fn set(rng: &mut Rng, count: usize, pips: Value) -> Vec<[Value; 2]> {
    let mut n: Value = pips.clamp(1, crate::pips::model::MAX_VALUE);
    while ((n + 1) * (n + 2) / 2) < count as Value && n < crate::pips::model::MAX_VALUE {
        n += 1;
    }
    let mut all: Vec<[Value; 2]> = (0..=n).flat_map(|a| (a..=n).map(move |b| [a, b])).collect();
    rng.shuffle(&mut all);
    all
}

/// Hard tries in a hundred that plant a run of one value: a sixth of the
/// newspaper's hard puzzles have an equal region of 6 or 7 cells, which
/// random deals seldom give.
const RUN_SHARE: u64 = 20;

/// A run of one value the deal is asked to lay: connected cells, no two
/// of one domino (a piece shows the value at most once there, a double
/// included), and the value.
pub(super) struct Run {
    pub cells: Vec<Cell>,
    pub value: Value,
}

/// At [`RUN_SHARE`] of hard tries, a run of 5 to 7 cells grown at random
/// over the slots' cells; `None` otherwise, or when the cells hem it in
/// under 5.
pub(super) fn plant(rng: &mut Rng, slots: &[[Cell; 2]], grade: Grade) -> Option<Run> {
    if grade != Grade::Hard || !rng.chance(RUN_SHARE, 100) || slots.is_empty() {
        return None;
    }
    let want = pick(rng, &[(5, 2), (6, 2), (7, 1)]);
    let slot_of: HashMap<Cell, usize> = slots
        .iter()
        .enumerate()
        .flat_map(|(k, pair)| pair.iter().map(move |&c| (c, k)))
        .collect();
    let start = slots[rng.index(slots.len())][rng.index(2)];
    let mut cells = vec![start];
    let mut used = BTreeSet::from([slot_of[&start]]);
    while cells.len() < want {
        let next: Vec<Cell> = cells
            .iter()
            .flat_map(|&c| neighbours(c))
            .filter(|c| slot_of.get(c).is_some_and(|k| !used.contains(k)))
            .collect();
        if next.is_empty() {
            break;
        }
        let c = next[rng.index(next.len())];
        used.insert(slot_of[&c]);
        cells.push(c);
    }
    (cells.len() >= 5).then(|| Run {
        cells,
        value: rng.below(7) as Value,
    })
}

/// Slots in a hundred that wish for a double.
const DOUBLE_WISH: u64 = 12;

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
/// (one time in two) repeats the value of a cell it touches that is
/// already dealt, when an unused piece allows: the newspaper's puzzles
/// have runs of one value across pieces, which make the strong equal
/// regions. A slot wishes for a double [`DOUBLE_WISH`] times in a hundred:
/// the newspaper deals more doubles than a random draw (1.2 in 4 pieces
/// on easy boards). The cells of a `run` wish for its value above all,
/// and their slots are dealt first, while the pieces showing it are
/// still there. `None` when `set` has too few pieces.
pub(super) fn deal(
    rng: &mut Rng,
    slots: &[[Cell; 2]],
    mut set: Vec<[Value; 2]>,
    run: Option<&Run>,
) -> Option<Dealt> {
    if set.len() < slots.len() {
        return None;
    }
    let planted = |c: &Cell| run.is_some_and(|r| r.cells.contains(c));
    let (mut order, rest): (Vec<[Cell; 2]>, Vec<[Cell; 2]>) =
        slots.iter().partition(|pair| pair.iter().any(planted));
    order.extend(rest);
    let mut dealt = Dealt {
        dominoes: Vec::new(),
        values: BTreeMap::new(),
        placements: Vec::new(),
        apart: HashMap::new(),
    };
    for [a, b] in order {
        // A wish: a value and what meeting it weighs.
        let mut wish = |cell: Cell, values: &BTreeMap<Cell, Value>| {
            if let Some(run) = run.filter(|r| r.cells.contains(&cell)) {
                return Some((run.value, 3));
            }
            let near: Vec<Value> = neighbours(cell)
                .iter()
                .filter_map(|n| values.get(n).copied())
                .collect();
            (!near.is_empty() && rng.chance(1, 2)).then(|| (near[rng.index(near.len())], 1))
        };
        let (wa, wb) = (wish(a, &dealt.values), wish(b, &dealt.values));
        let double = usize::from(rng.chance(DOUBLE_WISH, 100));
        let fits = |p: [Value; 2], w: Option<(Value, usize)>, side: usize| {
            w.map_or(0, |(v, weight)| if p[side] == v { weight } else { 0 })
        };
        // The unused piece, either way round, that meets the most wishes
        // (the first of the shuffled set among equals; laid either way
        // when it meets none).
        let mut best: Option<(usize, usize, bool)> = None;
        for (k, &p) in set.iter().enumerate() {
            for turned in [false, true] {
                let q = if turned { [p[1], p[0]] } else { p };
                let score = fits(q, wa, 0) + fits(q, wb, 1) + double * usize::from(p[0] == p[1]);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_planned_with_a_hole_has_one() {
        for seed in 0..300 {
            let mut rng = Rng::new(seed);
            let cells = 8 + 2 * rng.index(6);
            let plan = Plan {
                cells,
                hole: true,
                split: false,
            };
            let slots = board(&mut rng, plan, &Limits::none());
            let board: BTreeSet<Cell> = slots.iter().flatten().copied().collect();
            assert_eq!(board.len(), cells, "seed {seed}");
            assert!(has_hole(&board), "seed {seed}: {board:?}");
        }
    }

    #[test]
    fn a_grown_board_touches_row_0_and_column_0() {
        for seed in 0..200 {
            let mut rng = Rng::new(seed);
            let plan = Plan {
                cells: 6 + 2 * rng.index(14),
                hole: rng.chance(1, 3),
                split: rng.chance(1, 3),
            };
            let slots = board(&mut rng, plan, &Limits::none());
            let cells = || slots.iter().flatten();
            assert_eq!(cells().map(|c| c.0).min(), Some(0), "seed {seed}");
            assert_eq!(cells().map(|c| c.1).min(), Some(0), "seed {seed}");
        }
    }

    #[test]
    fn a_planted_run_is_connected_and_one_cell_a_domino() {
        let mut planted = 0;
        for seed in 0..300 {
            let mut rng = Rng::new(seed);
            let slots = grow(&mut rng, 20, Vec::new(), &Limits::none());
            let Some(run) = plant(&mut rng, &slots, Grade::Hard) else {
                continue;
            };
            planted += 1;
            assert!((5..=7).contains(&run.cells.len()), "seed {seed}");
            let cells: BTreeSet<Cell> = run.cells.iter().copied().collect();
            assert_eq!(parts(&cells).len(), 1, "seed {seed}: {cells:?}");
            for pair in &slots {
                assert!(pair.iter().filter(|c| cells.contains(c)).count() <= 1);
            }
            let pieces = set(&mut rng, slots.len(), 6);
            let dealt = deal(&mut rng, &slots, pieces, Some(&run))
                .expect("a double-six set covers 10 slots");
            let shown = run.cells.iter().filter(|c| dealt.values[c] == run.value);
            assert!(shown.count() >= 5, "seed {seed}: the deal kept the run");
        }
        assert!(planted > 20, "{planted} runs planted in 300 tries");
        assert!(plant(
            &mut Rng::new(1),
            &grow(&mut Rng::new(1), 20, Vec::new(), &Limits::none()),
            Grade::Easy
        )
        .is_none());
    }
}
