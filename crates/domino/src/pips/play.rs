//! Play support for a person solving a pips puzzle by hand: given the
//! pieces laid so far, which placements break the rules of laying (off the
//! board, cells not neighbours, a cell covered twice, a domino laid twice),
//! which regions' rules can no longer hold whatever goes on their empty
//! cells, whether the puzzle is solved (judged by [`verify`]), and which
//! pieces count (the ones the play picture draws).

use super::model::{Puzzle, Rule, Solution};
use super::verify::verify;
use crate::tile::Value;
use crate::Cell;
use serde::Serialize;
use std::collections::HashMap;

/// One piece laid by the player: domino `domino` (an index into the
/// puzzle's dominoes) with its first value on `cells[0]` and its second
/// on `cells[1]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Laid {
    /// The domino's index in the puzzle's list.
    pub domino: usize,
    /// The cells of its first and second value.
    pub cells: [Cell; 2],
}

/// A placement that breaks a rule of laying; it counts as not laid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BadPlay {
    /// Its index in the player's list.
    pub index: usize,
    /// Why it does not count, in words.
    pub reason: String,
}

/// A region whose rule cannot hold any more.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BrokenRule {
    /// Its index in the puzzle's regions.
    pub region: usize,
    /// Its cells, sorted.
    pub cells: Vec<Cell>,
    /// True when every cell is covered (the rule is simply false); false
    /// when the values laid already rule out every filling of the rest.
    pub full: bool,
    /// The rule and why it fails, in words.
    pub reason: String,
}

/// Where a player's position stands.
///
/// Serializes as `{"solved": b, "broken": [{"index", "reason"}], "rules":
/// [{"region", "cells", "full", "reason"}], "unused": [i, ...], "covered":
/// n, "cells": n, "dominoes": [[a, b], ...]}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayCheck {
    /// Every domino laid once, every cell covered, every rule met.
    pub solved: bool,
    /// Placements that break a rule of laying, in the player's order.
    pub broken: Vec<BadPlay>,
    /// Regions whose rule the values laid already break, in region order.
    pub rules: Vec<BrokenRule>,
    /// Dominoes not laid yet (by a placement that counts), in index order.
    pub unused: Vec<usize>,
    /// Cells covered by the placements that count.
    pub covered: usize,
    /// Cells of the board.
    pub cells: usize,
    /// The puzzle's dominoes, which `Laid::domino` and `unused` index, so
    /// a player's page can show its tray from any input format.
    pub dominoes: Vec<[Value; 2]>,
}

/// The placements that count: each accepted play's index in `plays`, or
/// why it does not count.
struct Counted {
    value: HashMap<Cell, Value>,
    accepted: Vec<usize>,
    broken: Vec<BadPlay>,
    laid_by: Vec<Option<usize>>,
}

/// Lays `plays` in order, refusing those that break a rule of laying.
fn lay(puzzle: &Puzzle, plays: &[Laid]) -> Counted {
    let on_board: HashMap<Cell, ()> = puzzle.cells().into_iter().map(|c| (c, ())).collect();
    let mut covered_by: HashMap<Cell, usize> = HashMap::new();
    let mut laid = Counted {
        value: HashMap::new(),
        accepted: Vec::new(),
        broken: Vec::new(),
        laid_by: vec![None; puzzle.dominoes.len()],
    };
    for (k, play) in plays.iter().enumerate() {
        let [(r1, c1), (r2, c2)] = play.cells;
        let why = if play.domino >= puzzle.dominoes.len() {
            Some(format!(
                "there is no domino {} (the puzzle has {})",
                play.domino,
                puzzle.dominoes.len()
            ))
        } else if let Some(j) = laid.laid_by[play.domino] {
            Some(format!(
                "domino {} is already laid (placement {j})",
                play.domino
            ))
        } else if r1.abs_diff(r2) + c1.abs_diff(c2) != 1 {
            Some(format!("[{r1},{c1}] and [{r2},{c2}] are not neighbours"))
        } else if let Some(&(r, c)) = play.cells.iter().find(|c| !on_board.contains_key(c)) {
            Some(format!("[{r},{c}] is not on the board"))
        } else {
            play.cells
                .iter()
                .find_map(|c| covered_by.get(c).map(|&j| (c, j)))
                .map(|(&(r, c), j)| format!("[{r},{c}] is already covered (placement {j})"))
        };
        match why {
            Some(reason) => laid.broken.push(BadPlay { index: k, reason }),
            None => {
                let values = puzzle.dominoes[play.domino];
                for (&cell, &v) in play.cells.iter().zip(&values) {
                    covered_by.insert(cell, k);
                    laid.value.insert(cell, v);
                }
                laid.laid_by[play.domino] = Some(k);
                laid.accepted.push(k);
            }
        }
    }
    laid
}

/// Why `rule` cannot hold on a region with `values` laid and `free` empty
/// cells, each of which will get a value in `low..=high`; None when some
/// filling may still meet it.
fn hopeless(rule: Rule, values: &[Value], free: usize, low: Value, high: Value) -> Option<String> {
    let sum: i64 = values.iter().sum();
    let free = free as i64;
    let (least, most) = (sum + free * low, sum + free * high);
    let broken = match rule {
        Rule::Sum(t) => least > t || most < t,
        Rule::Less(t) => least >= t,
        Rule::Greater(t) => most <= t,
        Rule::Equal => values.windows(2).any(|w| w[0] != w[1]),
        Rule::Unequal => {
            let mut seen = values.to_vec();
            seen.sort_unstable();
            seen.dedup();
            seen.len() < values.len()
        }
        Rule::Empty => false,
    };
    broken.then(|| {
        if free == 0 {
            format!("its values {values:?} break its rule ({rule})")
        } else {
            format!(
                "the values laid {values:?} break its rule ({rule}) whatever goes on its {free} empty cell{}",
                if free == 1 { "" } else { "s" }
            )
        }
    })
}

/// Checks a player's position: `plays` in the order laid.
pub fn check_play(puzzle: &Puzzle, plays: &[Laid]) -> PlayCheck {
    let laid = lay(puzzle, plays);
    let values = puzzle.dominoes.iter().flatten().copied();
    let low = values.clone().min().unwrap_or(0);
    let high = values.max().unwrap_or(0);
    let mut rules = Vec::new();
    for (k, region) in puzzle.regions.iter().enumerate() {
        let on: Vec<Value> = region
            .cells
            .iter()
            .filter_map(|c| laid.value.get(c).copied())
            .collect();
        let free = region.cells.len() - on.len();
        if let Some(reason) = hopeless(region.rule, &on, free, low, high) {
            rules.push(BrokenRule {
                region: k,
                cells: region.cells.clone(),
                full: free == 0,
                reason,
            });
        }
    }
    let unused: Vec<usize> = (0..puzzle.dominoes.len())
        .filter(|&i| laid.laid_by[i].is_none())
        .collect();
    // The verdict is verify's, on the solution the placements make.
    let solved = laid.broken.is_empty()
        && unused.is_empty()
        && verify(
            puzzle,
            &Solution {
                placements: laid
                    .laid_by
                    .iter()
                    .flatten()
                    .map(|&k| plays[k].cells)
                    .collect(),
            },
        )
        .is_ok();
    PlayCheck {
        solved,
        broken: laid.broken,
        rules,
        unused,
        covered: laid.value.len(),
        cells: puzzle.cells().len(),
        dominoes: puzzle.dominoes.clone(),
    }
}

/// The player's pieces that count, in the order laid: those that break
/// no rule of laying (what the play picture draws).
pub fn plays_that_count(puzzle: &Puzzle, plays: &[Laid]) -> Vec<Laid> {
    lay(puzzle, plays)
        .accepted
        .iter()
        .map(|&k| plays[k])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{check_play, plays_that_count, Laid};
    use crate::pips::{generate, verify, Grade, Limits, Puzzle, Request, Rule, Solution};
    use crate::rng::Rng;
    use crate::tile::Value;

    fn puzzles() -> Vec<(Puzzle, Solution)> {
        (1..=12)
            .filter_map(|seed| {
                let made = generate(
                    &Request {
                        shape: None,
                        cells: 8 + 2 * (seed as usize % 4),
                        grade: Grade::Easy,
                        seed,
                        tries: 500,
                    },
                    &Limits::none(),
                )
                .ok()?;
                let solution = made.puzzle.solution.clone()?;
                Some((made.puzzle, solution))
            })
            .collect()
    }

    fn plays_of(solution: &Solution, order: &[usize]) -> Vec<Laid> {
        order
            .iter()
            .map(|&i| Laid {
                domino: i,
                cells: solution.placements[i],
            })
            .collect()
    }

    /// Laying a true solution in any order: nothing is broken on the way,
    /// no rule is called hopeless, and it is solved exactly at the end.
    #[test]
    fn a_solution_laid_in_any_order_breaks_nothing() {
        let all = puzzles();
        assert!(all.len() >= 8, "the generator made too few puzzles");
        for (n, (puzzle, solution)) in all.iter().enumerate() {
            let mut rng = Rng::new(n as u64 + 1);
            let mut order: Vec<usize> = (0..puzzle.dominoes.len()).collect();
            for i in (1..order.len()).rev() {
                order.swap(i, rng.below(i as u64 + 1) as usize);
            }
            for k in 0..=order.len() {
                let check = check_play(puzzle, &plays_of(solution, &order[..k]));
                assert!(
                    check.broken.is_empty() && check.rules.is_empty(),
                    "{check:?}"
                );
                assert_eq!(check.solved, k == order.len());
                assert_eq!(check.unused.len(), order.len() - k);
                assert_eq!(check.covered, 2 * k);
            }
            let plays = plays_of(solution, &order);
            assert_eq!(plays_that_count(puzzle, &plays), plays);
        }
    }

    /// Every filling of a region's empty cells with values in `values`
    /// breaks its rule (brute force; small regions only).
    fn no_filling_works(rule: Rule, laid: &[Value], free: usize, values: &[Value]) -> bool {
        let mut filling = vec![0usize; free];
        loop {
            let mut all: Vec<Value> = laid.to_vec();
            all.extend(filling.iter().map(|&i| values[i]));
            if rule.holds(&all) {
                return false;
            }
            let mut i = 0;
            loop {
                if i == free {
                    return true;
                }
                filling[i] += 1;
                if filling[i] < values.len() {
                    break;
                }
                filling[i] = 0;
                i += 1;
            }
        }
    }

    /// Random plays (right and wrong dominoes, anywhere): a placement is
    /// refused exactly when it breaks a rule of laying, a region called
    /// hopeless has no filling that meets its rule (brute force), a full
    /// region is called broken exactly when its rule fails, and solved is
    /// verify's verdict.
    #[test]
    fn random_plays_agree_with_brute_force_and_verify() {
        let mut hopeless_partial = 0;
        for (n, (puzzle, solution)) in puzzles().iter().enumerate() {
            let mut rng = Rng::new(0xfeed + n as u64);
            let cells = puzzle.cells();
            let mut values: Vec<Value> = puzzle.dominoes.iter().flatten().copied().collect();
            values.sort_unstable();
            values.dedup();
            for _ in 0..200 {
                let mut plays = Vec::new();
                for _ in 0..rng.below(puzzle.dominoes.len() as u64 + 3) {
                    let (r, c) = cells[rng.below(cells.len() as u64) as usize];
                    let other = match rng.below(5) {
                        0 => (r + 1, c),
                        1 => (r, c + 1),
                        2 => (r.wrapping_sub(1), c),
                        3 => (r, c.wrapping_sub(1)),
                        _ => (r + 2, c),
                    };
                    let domino = rng.below(puzzle.dominoes.len() as u64 + 1) as usize;
                    plays.push(Laid {
                        domino,
                        cells: [(r, c), other],
                    });
                }
                // Half the time, the true solution with two pieces swapped.
                if rng.below(2) == 0 {
                    plays = plays_of(solution, &(0..puzzle.dominoes.len()).collect::<Vec<_>>());
                    let (i, j) = (
                        rng.below(plays.len() as u64) as usize,
                        rng.below(plays.len() as u64) as usize,
                    );
                    let cells_i = plays[i].cells;
                    plays[i].cells = plays[j].cells;
                    plays[j].cells = cells_i;
                }
                let check = check_play(puzzle, &plays);
                let mut taken = std::collections::HashSet::new();
                let mut used = std::collections::HashSet::new();
                let mut refused = Vec::new();
                for (k, p) in plays.iter().enumerate() {
                    let [a, b] = p.cells;
                    let ok = p.domino < puzzle.dominoes.len()
                        && !used.contains(&p.domino)
                        && a.0.abs_diff(b.0) + a.1.abs_diff(b.1) == 1
                        && cells.contains(&a)
                        && cells.contains(&b)
                        && !taken.contains(&a)
                        && !taken.contains(&b);
                    if ok {
                        taken.extend([a, b]);
                        used.insert(p.domino);
                    } else {
                        refused.push(k);
                    }
                }
                let broken: Vec<usize> = check.broken.iter().map(|b| b.index).collect();
                assert_eq!(broken, refused);
                let value_at = |cell: &(usize, usize)| {
                    plays
                        .iter()
                        .enumerate()
                        .filter(|(k, _)| !refused.contains(k))
                        .find_map(|(_, p)| {
                            let at = p.cells.iter().position(|c| c == cell)?;
                            Some(puzzle.dominoes[p.domino][at])
                        })
                };
                for (k, region) in puzzle.regions.iter().enumerate() {
                    let laid: Vec<Value> = region.cells.iter().filter_map(value_at).collect();
                    let free = region.cells.len() - laid.len();
                    let called = check.rules.iter().find(|r| r.region == k);
                    if free == 0 {
                        assert_eq!(called.is_some(), !region.rule.holds(&laid));
                    } else if called.is_some() {
                        hopeless_partial += 1;
                        assert!(
                            free > 4 || no_filling_works(region.rule, &laid, free, &values),
                            "region {k} called hopeless with {laid:?} and {free} free"
                        );
                    }
                }
                if refused.is_empty() && used.len() == puzzle.dominoes.len() {
                    let mut placements = vec![[(0, 0); 2]; puzzle.dominoes.len()];
                    for p in &plays {
                        placements[p.domino] = p.cells;
                    }
                    let verdict = verify(puzzle, &Solution { placements }).is_ok();
                    assert_eq!(check.solved, verdict);
                } else {
                    assert!(!check.solved);
                }
            }
        }
        assert!(
            hopeless_partial > 0,
            "no partly filled region was called hopeless"
        );
    }
}
