//! Loosening a puzzle that is already unique and of its grade, as long as
//! it stays so: neighbouring regions are joined (their exact sums added),
//! then each region draws the looser rules it tries from the newspaper's
//! mix for its size (none and bounds on one or two cells, different on two
//! to four, a long region keeps its sum) and keeps the first under which
//! the puzzle still holds; finally touching regions without rules become
//! one.

use super::board::{parts, pick, Dealt};
use super::regions::{cells_around, join_free};
use super::{holds, strongest, Spend};
use crate::pips::explain::Grade;
use crate::pips::model::{Puzzle, Region, Rule};
use crate::rng::Rng;
use crate::tile::Value;
use crate::Cell;
use std::collections::BTreeSet;

/// The most trials of [`lend_cells`] on one puzzle.
const LEND_TRIALS: usize = 40;

/// The most passes of joining regions (each tries every region once).
const MERGE_PASSES: usize = 3;

/// How large a try's regions may grow: joining makes no rule region
/// above `largest` cells and stops at `fewest` regions.
#[derive(Clone, Copy)]
pub(super) struct Shape {
    pub largest: usize,
    pub fewest: usize,
}

/// Fewer, larger regions and looser rules, while `holds` says the puzzle
/// keeps its grade (or better) and its single solution.
pub(super) fn loosen(
    rng: &mut Rng,
    puzzle: &mut Puzzle,
    grade: Grade,
    dealt: &Dealt,
    shape: Shape,
    spend: &mut Spend,
) {
    for _ in 0..MERGE_PASSES {
        if !merge_pass(rng, puzzle, grade, dealt, shape, spend) {
            break;
        }
    }
    // On hard boards each check is a count, and lending made the slowest
    // puzzles slower still.
    if grade != Grade::Hard {
        lend_cells(rng, puzzle, grade, dealt, spend);
    }
    let mut order: Vec<usize> = (0..puzzle.regions.len()).collect();
    rng.shuffle(&mut order);
    for k in order {
        let values: Vec<Value> = puzzle.regions[k]
            .cells
            .iter()
            .map(|c| dealt.values[c])
            .collect();
        for rule in wishes(rng, &values, grade) {
            if spend.reached() {
                return;
            }
            let before = std::mem::replace(&mut puzzle.regions[k].rule, rule);
            if holds(puzzle, grade, spend) {
                break;
            }
            puzzle.regions[k].rule = before;
        }
    }
    join_free(puzzle);
}

/// Lone ruled cells that joining left: each takes a cell from a
/// neighbouring region of three cells or more (which stays in one piece),
/// both with their exact rules, when the puzzle still holds. The regions
/// stay as many, with fewer of one cell (the newspaper has about 36% of
/// one-cell rules, tightening leaves more).
fn lend_cells(rng: &mut Rng, puzzle: &mut Puzzle, grade: Grade, dealt: &Dealt, spend: &mut Spend) {
    let exact = |region: &Region| matches!(region.rule, Rule::Sum(_) | Rule::Equal);
    let mut order: Vec<usize> = (0..puzzle.regions.len()).collect();
    rng.shuffle(&mut order);
    let mut trials = 0;
    for k in order {
        if puzzle.regions[k].cells.len() != 1 || !exact(&puzzle.regions[k]) {
            continue;
        }
        let lone = puzzle.regions[k].cells[0];
        let near = cells_around(&[lone]);
        'lenders: for m in 0..puzzle.regions.len() {
            let lender = &puzzle.regions[m];
            if lender.cells.len() < 3 || !exact(lender) {
                continue;
            }
            for &c in lender.cells.iter().filter(|c| near.contains(c)) {
                if spend.reached() || trials == LEND_TRIALS {
                    return;
                }
                let rest: BTreeSet<Cell> =
                    lender.cells.iter().copied().filter(|&d| d != c).collect();
                let pair = [lone.min(c), lone.max(c)];
                if parts(&rest).len() != 1 || splits_a_piece(&pair, dealt) {
                    continue;
                }
                let rest: Vec<Cell> = rest.into_iter().collect();
                let mut trial = puzzle.clone();
                trial.regions[k] = Region {
                    rule: strongest(&pair, &dealt.values),
                    cells: pair.to_vec(),
                };
                trial.regions[m] = Region {
                    rule: strongest(&rest, &dealt.values),
                    cells: rest,
                };
                trials += 1;
                if holds(&trial, grade, spend) {
                    *puzzle = trial;
                    break 'lenders;
                }
            }
        }
    }
}

/// One pass of joining: each region in turn is joined to a neighbouring
/// region, with the exact sum of both (or equal, when all their values
/// are), when the puzzle still holds. True when some region was joined.
fn merge_pass(
    rng: &mut Rng,
    puzzle: &mut Puzzle,
    grade: Grade,
    dealt: &Dealt,
    shape: Shape,
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
    // Only regions with their exact rule (sum or equal) are joined: a
    // cell drawn without a rule, or a region drawn different, keeps it.
    let exact = |region: &Region| matches!(region.rule, Rule::Sum(_) | Rule::Equal);
    for k in order {
        if gone[k] || left <= shape.fewest || spend.reached() || !exact(&puzzle.regions[k]) {
            continue;
        }
        let near = cells_around(&puzzle.regions[k].cells);
        let others: Vec<usize> = (0..puzzle.regions.len())
            .filter(|&m| {
                m != k
                    && !gone[m]
                    && exact(&puzzle.regions[m])
                    && puzzle.regions[m].cells.iter().any(|c| near.contains(c))
            })
            .collect();
        for m in others {
            let mut cells = puzzle.regions[k].cells.clone();
            cells.extend(&puzzle.regions[m].cells);
            if cells.len() > shape.largest || splits_a_piece(&cells, dealt) {
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

/// A looser rule a region may try.
#[derive(Clone, Copy, PartialEq)]
enum Loose {
    Keep,
    Empty,
    /// The sum of a region of one value, said instead of equal.
    Sum,
    Bound,
    Unequal,
}

/// How often a region of `size` cells at `grade` draws each looser rule,
/// in the order Keep, Empty, Bound, Unequal. The newspaper's lone cells
/// are often without a rule or bounded (bounds mostly on medium boards),
/// its two-cell regions bounded or different, its larger ones sums. A
/// rule is kept only when the puzzle still holds, which a looser rule
/// allows less often, so the weights ask for more than the newspaper's
/// shares.
fn weights(size: usize, grade: Grade) -> [u64; 4] {
    match (grade, size) {
        (Grade::Easy, 1) => [10, 85, 5, 0],
        (Grade::Easy, 2) => [25, 45, 5, 25],
        (Grade::Medium, 1) => [10, 75, 15, 0],
        (Grade::Medium, 2) => [20, 25, 20, 45],
        (Grade::Hard, 1) => [10, 80, 10, 0],
        (Grade::Hard, 2) => [35, 30, 5, 30],
        (Grade::Easy, 3 | 4) => [55, 15, 5, 25],
        (_, 3 | 4) => [45, 15, 5, 40],
        _ => [95, 5, 0, 0],
    }
}

/// The looser rules a region of these hidden values tries, in order (the
/// first under which the puzzle holds is kept; none: it keeps its exact
/// sum or equal). Drawn from [`weights`] without repeats, up to keeping.
fn wishes(rng: &mut Rng, values: &[Value], grade: Grade) -> Vec<Rule> {
    let sum: Value = values.iter().sum();
    let n = values.len() as Value;
    let distinct: BTreeSet<Value> = values.iter().copied().collect();
    let equal = values.len() > 1 && distinct.len() == 1;
    let unequal = values.len() > 1 && distinct.len() == values.len();
    let [keep, empty, bound, different] = weights(values.len(), grade);
    // An equal region is the newspaper's second rule: it goes less often,
    // and a two-cell one may say its sum instead (which brings equal
    // rules down to the newspaper's share).
    let mut choices = if equal {
        let keep = if grade == Grade::Easy { 5 } else { 4 };
        let sum = match (values.len(), grade) {
            (2, Grade::Easy) => 3,
            (2, _) => 3,
            _ => 0,
        };
        vec![
            (Loose::Keep, keep),
            (Loose::Empty, 10 - keep),
            (Loose::Sum, sum),
        ]
    } else {
        vec![
            (Loose::Keep, keep),
            (Loose::Empty, empty),
            (Loose::Bound, bound),
            (Loose::Unequal, if unequal { different } else { 0 }),
        ]
    };
    let mut out = Vec::new();
    loop {
        let loose = pick(rng, &choices);
        choices.retain(|c| c.0 != loose);
        let slack = 1 + rng.below(2) as Value;
        out.push(match loose {
            Loose::Keep => return out,
            Loose::Empty => Rule::Empty,
            Loose::Sum => Rule::Sum(sum),
            Loose::Unequal => Rule::Unequal,
            // The side where a bound says something: below the middle of
            // what the cells can hold (0 to 6 each), a bound from above;
            // at the middle, either.
            Loose::Bound if 2 * sum < 6 * n => Rule::Less(sum + slack),
            Loose::Bound if 2 * sum == 6 * n && rng.chance(1, 2) => Rule::Less(sum + slack),
            Loose::Bound => Rule::Greater(sum - slack),
        });
    }
}
