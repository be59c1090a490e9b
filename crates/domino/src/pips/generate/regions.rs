//! Cutting the board into regions, as the newspaper draws them: a few
//! cells without a rule, connected regions of 1 to 8 cells, 2 to 4 most
//! often, about one region for every three cells, each with its first
//! rule. No region holds both cells of a non-double: every rule sees only
//! a region's values, so such a piece could be turned round and the
//! puzzle would have two solutions.

use super::board::{neighbours, parts, pick, Dealt};
use super::profile::Level;
use super::{strongest, NEWSPAPER_CELLS};
use crate::pips::explain::Grade;
use crate::pips::model::{Puzzle, Rule};
use crate::rng::Rng;
use crate::tile::Value;
use crate::Cell;
use std::collections::{BTreeMap, BTreeSet};

/// The largest run of cells without a rule that [`join_free`] makes.
const LARGEST: usize = 6;

/// The largest rule region drawn or joined in one try, as `level` draws
/// it (the built-in table: the newspaper's are at most 4 cells on easy
/// boards; at most 5 on medium ones, and 3 or fewer on half of them;
/// mostly up to 7 on hard ones, drawn with 8).
pub(super) fn draw_largest(rng: &mut Rng, level: &Level) -> usize {
    pick(rng, &level.largest)
}

/// How many of `cells` cells start without a rule: the level's share of
/// them ([`Level::free`]), rounded up or down at random in proportion.
pub(super) fn free_count(rng: &mut Rng, cells: usize, level: &Level) -> usize {
    let hundredths = cells as u64 * level.free;
    (hundredths / 100 + u64::from(rng.below(100) < hundredths % 100)) as usize
}

/// The rule a new region of `cells` starts with: equal when its hidden
/// values are, different at the level's share ([`Level::unequal`]: loosening
/// rarely turns a sum into different, as the puzzle seldom stays of its
/// grade, so some start so) when they all differ, else their exact sum.
pub(super) fn first_rule(
    rng: &mut Rng,
    cells: &[Cell],
    values: &BTreeMap<Cell, Value>,
    level: &Level,
) -> Rule {
    let distinct: BTreeSet<Value> = cells.iter().map(|c| values[c]).collect();
    if (2..=4).contains(&cells.len())
        && distinct.len() == cells.len()
        && rng.chance(level.unequal, 100)
    {
        Rule::Unequal
    } else {
        strongest(cells, values)
    }
}

/// How often a new region is drawn with 1, 2, ... cells (up to
/// the try's largest, [`draw_largest`]).
const SIZE_WEIGHTS: [u64; 8] = [1, 5, 5, 3, 2, 1, 1, 1];

/// The most regions a kept puzzle of `cells` cells may have: two for
/// every three cells (24 for 36 cells). The deductions of easy and
/// medium puzzles, and a single solution, rarely come with fewer: see
/// docs/pips.md.
pub(super) fn most_regions(cells: usize) -> usize {
    cells * 2 / 3
}

/// Whether a finished puzzle is kept for its share of one-cell rule
/// regions: always up to a knee (30%; on medium boards 20%), past it
/// less and less often (two points fewer in a hundred for each point
/// over, at worst one time in five). Tightening leaves more lone cells
/// than the newspaper draws (36% of its rule regions at every grade;
/// medium boards, the tightest, left 45% before this) and joining cannot
/// take them all back; turning some puzzles away brings the share down
/// to the newspaper's at the cost of a few more tries. Boards larger than
/// the newspaper's (over [`NEWSPAPER_CELLS`]) are always kept: there the
/// tries are long and the newspaper has no share to match.
pub(super) fn few_lone_cells(rng: &mut Rng, puzzle: &Puzzle, grade: Grade) -> bool {
    if puzzle.cells().len() > NEWSPAPER_CELLS {
        return true;
    }
    let ruled: Vec<usize> = puzzle
        .regions
        .iter()
        .filter(|r| r.rule != Rule::Empty)
        .map(|r| r.cells.len())
        .collect();
    let lone = ruled.iter().filter(|&&n| n == 1).count() as u64;
    let percent = 100 * lone / (ruled.len() as u64).max(1);
    let (knee, slope, least) = match grade {
        Grade::Medium => (20, 3, 10),
        _ => (30, 2, 20),
    };
    let keep = 100u64
        .saturating_sub(slope * percent.saturating_sub(knee))
        .max(least);
    rng.chance(keep, 100)
}

/// Joining regions stops at this many (8 for 30 to 35 cells, 10 for 40):
/// fewer, larger regions would leave too little to reason with.
pub(super) fn fewest_regions(cells: usize) -> usize {
    (cells / 4).max(1)
}

fn size(rng: &mut Rng, largest: usize) -> usize {
    let weights: Vec<(usize, u64)> = (1..=largest).zip(SIZE_WEIGHTS).collect();
    pick(rng, &weights)
}

/// Cuts `cells` into connected regions, each grown from a random cell to a
/// size drawn from [`SIZE_WEIGHTS`] up to `largest` (smaller where it is
/// hemmed in), never taking the other cell of a non-double (`apart`) it
/// already holds. The cells of `run` (a planted run of one value, or
/// none) are the first region, whole.
pub(super) fn layout(
    rng: &mut Rng,
    cells: &[Cell],
    dealt: &Dealt,
    largest: usize,
    run: &[Cell],
) -> Vec<Vec<Cell>> {
    let apart = &dealt.apart;
    let mut left: BTreeSet<Cell> = cells.iter().copied().collect();
    let mut out = Vec::new();
    if !run.is_empty() {
        left.retain(|c| !run.contains(c));
        let mut first = run.to_vec();
        first.sort_unstable();
        out.push(first);
    }
    while !left.is_empty() {
        let Some(&start) = left.iter().nth(rng.index(left.len())) else {
            break;
        };
        let want = size(rng, largest);
        left.remove(&start);
        let mut group = vec![start];
        while group.len() < want {
            let next: Vec<Cell> = group
                .iter()
                .flat_map(|&c| neighbours(c))
                .filter(|c| left.contains(c) && !apart.get(c).is_some_and(|p| group.contains(p)))
                .collect();
            if next.is_empty() {
                break;
            }
            // Cells of the start's value first (one time in two), so that
            // runs of one value make equal regions.
            let same: Vec<Cell> = next
                .iter()
                .copied()
                .filter(|c| dealt.values[c] == dealt.values[&start])
                .collect();
            let c = if !same.is_empty() && rng.chance(1, 2) {
                same[rng.index(same.len())]
            } else {
                next[rng.index(next.len())]
            };
            left.remove(&c);
            group.push(c);
        }
        group.sort_unstable();
        out.push(group);
    }
    out
}

/// Splits a region of two or more cells: a connected half grown from a
/// random cell, and the connected parts of the rest.
pub(super) fn split(rng: &mut Rng, cells: &[Cell]) -> Vec<Vec<Cell>> {
    let mut rest: Vec<Cell> = cells.to_vec();
    let mut half = vec![rest.remove(rng.index(rest.len()))];
    while half.len() < cells.len() / 2 {
        let near: BTreeSet<Cell> = half.iter().flat_map(|&c| neighbours(c)).collect();
        let next: Vec<usize> = (0..rest.len())
            .filter(|&k| near.contains(&rest[k]))
            .collect();
        if next.is_empty() {
            break;
        }
        half.push(rest.remove(next[rng.index(next.len())]));
    }
    half.sort_unstable();
    let mut out = vec![half];
    out.extend(parts(&rest.into_iter().collect()));
    out
}

/// The cells orthogonally next to any of `cells`: another region touches
/// this one when one of its cells is among them.
pub(super) fn cells_around(cells: &[Cell]) -> BTreeSet<Cell> {
    cells.iter().flat_map(|&c| neighbours(c)).collect()
}

/// Joins touching regions without rules, up to [`LARGEST`] cells: where
/// no rule looks, how the cells are grouped changes nothing (not the
/// solutions, not the grade).
pub(super) fn join_free(puzzle: &mut Puzzle) {
    let mut joined = true;
    while joined {
        joined = false;
        'pairs: for k in 0..puzzle.regions.len() {
            if puzzle.regions[k].rule != Rule::Empty {
                continue;
            }
            let near = cells_around(&puzzle.regions[k].cells);
            for m in k + 1..puzzle.regions.len() {
                let other = &puzzle.regions[m];
                if other.rule == Rule::Empty
                    && other.cells.iter().any(|c| near.contains(c))
                    && other.cells.len() + puzzle.regions[k].cells.len() <= LARGEST
                {
                    let cells = puzzle.regions.remove(m).cells;
                    puzzle.regions[k].cells.extend(cells);
                    puzzle.regions[k].cells.sort_unstable();
                    joined = true;
                    break 'pairs;
                }
            }
        }
    }
}
