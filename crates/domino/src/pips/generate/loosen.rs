//! Loosening a puzzle that is already unique and of its grade, as long as
//! it stays so: neighbouring regions are joined (their exact sums added),
//! then some rules are relaxed, each region wishing for the looser rule
//! its hidden values allow (none, a bound, equal, different) in about the
//! newspaper's mix, and finally touching regions without rules become one.

use super::board::Dealt;
use super::regions::{cells_around, join_free, largest};
use super::{holds, strongest, Spend};
use crate::pips::explain::Grade;
use crate::pips::model::{Puzzle, Region, Rule};
use crate::rng::Rng;
use crate::tile::Value;
use crate::Cell;
use std::collections::BTreeSet;

/// The most passes of joining regions (each tries every region once).
const MERGE_PASSES: usize = 3;

/// Fewer, larger regions and looser rules, while `holds` says the puzzle
/// keeps its grade (or better) and its single solution; joining stops at
/// `fewest` regions.
pub(super) fn loosen(
    rng: &mut Rng,
    puzzle: &mut Puzzle,
    grade: Grade,
    dealt: &Dealt,
    fewest: usize,
    spend: &mut Spend,
) {
    for _ in 0..MERGE_PASSES {
        if !merge_pass(rng, puzzle, grade, dealt, fewest, spend) {
            break;
        }
    }
    let mut order: Vec<usize> = (0..puzzle.regions.len()).collect();
    rng.shuffle(&mut order);
    for k in order {
        if spend.reached() {
            break;
        }
        let values: Vec<Value> = puzzle.regions[k]
            .cells
            .iter()
            .map(|c| dealt.values[c])
            .collect();
        let Some(rule) = wish(rng, &values, grade) else {
            continue;
        };
        let before = std::mem::replace(&mut puzzle.regions[k].rule, rule);
        if !holds(puzzle, grade, spend) {
            puzzle.regions[k].rule = before;
        }
    }
    join_free(puzzle);
}

/// One pass of joining: each region in turn is joined to a neighbouring
/// region, with the exact sum of both (or equal, when all their values are), when the puzzle still holds. True
/// when some region was joined.
fn merge_pass(
    rng: &mut Rng,
    puzzle: &mut Puzzle,
    grade: Grade,
    dealt: &Dealt,
    fewest: usize,
    spend: &mut Spend,
) -> bool {
    // Lone cells first: the tightening leaves many, more than the
    // newspaper draws.
    let mut order: Vec<usize> = (0..puzzle.regions.len()).collect();
    rng.shuffle(&mut order);
    order.sort_by_key(|&k| puzzle.regions[k].cells.len());
    let mut gone = vec![false; puzzle.regions.len()];
    let mut left = puzzle.regions.len();
    let mut any = false;
    for k in order {
        if gone[k] || left <= fewest || spend.reached() {
            continue;
        }
        let near = cells_around(&puzzle.regions[k].cells);
        let others: Vec<usize> = (0..puzzle.regions.len())
            .filter(|&m| {
                m != k && !gone[m] && puzzle.regions[m].cells.iter().any(|c| near.contains(c))
            })
            .collect();
        for m in others {
            let mut cells = puzzle.regions[k].cells.clone();
            cells.extend(&puzzle.regions[m].cells);
            if cells.len() > largest(grade) || splits_a_piece(&cells, dealt) {
                continue;
            }
            cells.sort_unstable();
            let mut trial = puzzle.clone();
            trial.regions[k] = Region {
                rule: strongest(&cells, &dealt.values),
                cells,
            };
            trial.regions[m].cells.clear();
            if holds(&without_empty(&trial), grade, spend) {
                *puzzle = trial;
                gone[m] = true;
                left -= 1;
                any = true;
                break;
            }
        }
    }
    *puzzle = without_empty(puzzle);
    any
}

/// Whether `cells` hold both halves of a non-double (which could then be
/// turned round under any rule).
fn splits_a_piece(cells: &[Cell], dealt: &Dealt) -> bool {
    let set: BTreeSet<&Cell> = cells.iter().collect();
    cells
        .iter()
        .any(|c| dealt.apart.get(c).is_some_and(|p| set.contains(p)))
}

/// The puzzle without regions that lost their cells.
fn without_empty(puzzle: &Puzzle) -> Puzzle {
    let mut out = puzzle.clone();
    out.regions.retain(|r| !r.cells.is_empty());
    out
}

/// The looser rule a region of these hidden values wishes for, or `None`
/// to keep its exact sum. Harder grades wish for looser rules more often;
/// a wish is granted only when the puzzle still holds, so the mix ends up
/// with sums the most common rule, as in the newspaper.
fn wish(rng: &mut Rng, values: &[Value], grade: Grade) -> Option<Rule> {
    let sum: i64 = values.iter().sum();
    let (empty, bound, same) = match grade {
        Grade::Easy => (45, 52, 60),
        Grade::Medium => (40, 62, 75),
        Grade::Hard => (35, 45, 60),
    };
    // A lone cell is the newspaper's usual cell without a rule.
    let empty = if values.len() == 1 { empty + 15 } else { empty };
    let roll = rng.index(100);
    if roll < empty {
        Some(Rule::Empty)
    } else if roll < bound.max(empty) {
        let slack = 1 + rng.below(2) as i64;
        if sum > slack && rng.chance(1, 2) {
            Some(Rule::Greater(sum - slack))
        } else {
            Some(Rule::Less(sum + slack))
        }
    } else if roll < same.max(empty) && values.len() > 1 {
        let distinct: BTreeSet<Value> = values.iter().copied().collect();
        match distinct.len() {
            1 => Some(Rule::Equal),
            n if n == values.len() => Some(Rule::Unequal),
            _ => None,
        }
    } else {
        None
    }
}
