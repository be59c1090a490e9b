//! Play support for a person solving a pips puzzle by hand: given the
//! pieces laid so far, which placements break the rules of laying (off the
//! board, cells not neighbours, a cell covered twice, a domino laid twice),
//! which regions' rules can no longer hold whatever goes on their empty
//! cells, which pieces are wrong (no solution holds them with the pieces
//! laid before), a solution that holds the rest (for a hint), whether the
//! puzzle is solved (judged by [`verify`]), and which pieces count (the
//! ones the play picture draws).
//!
//! A puzzle may have several solutions, and a player may follow any of
//! them: a piece is wrong by a search for the solutions that hold the
//! player's pieces, never by comparing with one solution.

use super::model::{Puzzle, Rule, Solution};
use super::solve::solve_holding;
use super::validate::rule_words;
use super::verify::verify;
use crate::search::{Goal, Limits};
use crate::tile::Value;
use crate::Cell;
use serde::Serialize;
use std::collections::HashMap;

/// One piece laid by the player: domino `domino` (an index into the
/// puzzle's dominoes) with its first value on `cells[0]` and its second
/// on `cells[1]`. Reads and writes as `{"domino": i, "cells":
/// [[r,c],[r,c]]}` (a hint's piece, a request's pieces).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = PipsLaid))]
pub struct Laid {
    /// The domino's index in the puzzle's list.
    pub domino: usize,
    /// The cells of its first and second value.
    pub cells: [Cell; 2],
}

/// A placement that breaks a rule of laying; it counts as not laid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = PipsBadPlay))]
pub struct BadPlay {
    /// Its index in the player's list.
    pub index: usize,
    /// Why it does not count, in words.
    pub reason: String,
}

/// A region whose rule cannot hold any more.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = PipsBrokenRule))]
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
/// n, "cells": n, "dominoes": [[a, b], ...], "wrong": [i, ...], "solution":
/// [[[r, c], [r, c]], ...] or null, "reason": "..." or null}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = PipsCheckAnswer))]
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
    /// Placements (that break no rule of laying) that no solution holds
    /// together with the earlier placements not wrong, in the player's
    /// order. Empty when some solution holds every placement that counts.
    pub wrong: Vec<usize>,
    /// A solution holding every placement that counts and is not wrong,
    /// each of the player's dominoes where the player laid it (what a hint
    /// shows next); `None` when the puzzle has none or a limit came first.
    #[cfg_attr(feature = "schema", schema(value_type = Option<Vec<[[usize; 2]; 2]>>))]
    pub solution: Option<Solution>,
    /// Why `wrong` may miss some: the puzzle has no solution, or a limit
    /// stopped a search (the pieces not judged yet are not called wrong).
    pub reason: Option<String>,
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
/// filling may still meet it. The reason is a sentence that names the
/// region by its first cell (`first`), as hints and explanations name
/// cells, so several reasons read one after another.
fn hopeless(
    rule: Rule,
    first: Option<Cell>,
    values: &[Value],
    free: usize,
    low: Value,
    high: Value,
) -> Option<String> {
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
        let region = first.map_or("A region".to_string(), |(r, c)| {
            format!("The region at row {}, column {}", r + 1, c + 1)
        });
        let rule = rule_words(rule);
        let held = listed(values);
        if free == 0 {
            format!("{region} holds {held}, which breaks its rule ({rule}).")
        } else {
            format!(
                "{region} holds {held}: its rule ({rule}) cannot hold whatever goes on its {free} empty cell{}.",
                if free == 1 { "" } else { "s" }
            )
        }
    })
}

/// Values as a sentence lists them: "5", "5 and 6", "5, 6 and 2".
fn listed(values: &[Value]) -> String {
    let words: Vec<String> = values.iter().map(Value::to_string).collect();
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => "nothing".to_string(),
    }
}

/// What [`judge`] found.
struct Judged {
    wrong: Vec<usize>,
    solution: Option<Solution>,
    reason: Option<String>,
}

/// The placements of `accepted` (indices into `plays`) that no solution
/// holds with the earlier ones not wrong, and a solution holding the rest.
/// One search when some solution holds them all (the usual case); else
/// one per placement, in the player's order, so the pieces called wrong
/// are the ones that left no solution, not the earlier ones they clash
/// with.
fn judge(puzzle: &Puzzle, plays: &[Laid], accepted: &[usize], limits: &Limits) -> Judged {
    let stopped = "a limit stopped the search before every piece was judged".to_string();
    // The first solution holding `kept`: Ok(None) when there is none,
    // Err(()) when a limit came first.
    let holding = |kept: &[usize]| {
        let pieces: Vec<_> = kept
            .iter()
            .map(|&k| (plays[k].cells, puzzle.dominoes[plays[k].domino]))
            .collect();
        let found = solve_holding(puzzle, &pieces, Goal { limit: 1, keep: 1 }, limits);
        match found.solutions.into_iter().next() {
            Some(solution) => Ok(Some(solution)),
            None if found.stopped => Err(()),
            None => Ok(None),
        }
    };
    let judged = |wrong, solution: Option<Solution>, kept: &[usize], reason| Judged {
        wrong,
        solution: solution.map(|s| as_laid(puzzle, plays, kept, s)),
        reason,
    };
    match holding(accepted) {
        Ok(Some(solution)) => return judged(Vec::new(), Some(solution), accepted, None),
        Ok(None) => {}
        Err(()) => return judged(Vec::new(), None, &[], Some(stopped)),
    }
    let mut solution = match holding(&[]) {
        Ok(Some(solution)) => solution,
        Ok(None) => {
            let reason = "the puzzle has no solution".to_string();
            return judged(Vec::new(), None, &[], Some(reason));
        }
        Err(()) => return judged(Vec::new(), None, &[], Some(stopped)),
    };
    let (mut kept, mut wrong) = (Vec::new(), Vec::new());
    for &k in accepted {
        kept.push(k);
        match holding(&kept) {
            Ok(Some(found)) => solution = found,
            Ok(None) => {
                kept.pop();
                wrong.push(k);
            }
            Err(()) => return judged(wrong, None, &[], Some(stopped)),
        }
    }
    judged(wrong, Some(solution), &kept, None)
}

/// `solution` (which holds the placements `kept`) with each of those
/// dominoes where the player laid it: the search hands out identical
/// dominoes in its own order, so a player's copy may lie where the
/// solution put another copy; the two swap.
fn as_laid(puzzle: &Puzzle, plays: &[Laid], kept: &[usize], solution: Solution) -> Solution {
    let mut placements = solution.placements;
    let same_cells = |a: [Cell; 2], b: [Cell; 2]| a == b || a == [b[1], b[0]];
    for &k in kept {
        let Laid { domino, cells } = plays[k];
        if let Some(other) = placements.iter().position(|&p| same_cells(p, cells)) {
            let was = placements[domino];
            placements[other] = if puzzle.dominoes[other] == puzzle.dominoes[domino] {
                was
            } else {
                [was[1], was[0]]
            };
            placements[domino] = cells;
        }
    }
    Solution { placements }
}

/// Checks a player's position: `plays` in the order laid. The searches
/// that find the wrong pieces stop at `limits` (then `reason` says so).
pub fn check_play(puzzle: &Puzzle, plays: &[Laid], limits: &Limits) -> PlayCheck {
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
        if let Some(reason) = hopeless(
            region.rule,
            region.cells.first().copied(),
            &on,
            free,
            low,
            high,
        ) {
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
    let judged = judge(puzzle, plays, &laid.accepted, limits);
    PlayCheck {
        solved,
        broken: laid.broken,
        rules,
        unused,
        covered: laid.value.len(),
        cells: puzzle.cells().len(),
        dominoes: puzzle.dominoes.clone(),
        wrong: judged.wrong,
        solution: judged.solution,
        reason: judged.reason,
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
    use crate::pips::{
        generate, parse_text, solve, verify, Goal, Grade, Limits, Puzzle, Request, Rule, Solution,
    };
    use crate::rng::Rng;
    use crate::tile::Value;

    fn puzzles() -> Vec<(Puzzle, Solution)> {
        (1..=12)
            .filter_map(|seed| {
                let made = generate(
                    &Request {
                        shape: None,
                        cells: 6 + 2 * (seed as usize % 3),
                        grade: Grade::Easy,
                        seed,
                        tries: 500,
                        profile: None,
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

    /// A broken rule is said in a sentence that names its region by its
    /// first cell (row and column from 1): whole when the region is full,
    /// and what can no longer hold when cells are still empty.
    #[test]
    fn a_broken_rule_is_a_sentence_naming_its_region() {
        let puzzle = parse_text("BAA\nBCC\nA = 3\nC < 3\n3-4 1-2 5-6").expect("a puzzle");
        let lay = |domino, cells| Laid { domino, cells };
        let full = check_play(&puzzle, &[lay(0, [(0, 1), (0, 2)])], &Limits::none());
        let reasons: Vec<&str> = full.rules.iter().map(|r| r.reason.as_str()).collect();
        assert_eq!(
            reasons,
            ["The region at row 1, column 2 holds 3 and 4, which breaks its rule (sum 3)."]
        );
        let partial = check_play(&puzzle, &[lay(2, [(1, 1), (0, 1)])], &Limits::none());
        let reasons: Vec<&str> = partial.rules.iter().map(|r| r.reason.as_str()).collect();
        assert_eq!(
            reasons,
            [
                "The region at row 1, column 2 holds 6: its rule (sum 3) cannot hold whatever goes on its 1 empty cell.",
                "The region at row 2, column 2 holds 5: its rule (less than 3) cannot hold whatever goes on its 1 empty cell.",
            ]
        );
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
                let plays = plays_of(solution, &order[..k]);
                let check = check_play(puzzle, &plays, &Limits::none());
                assert!(
                    check.broken.is_empty() && check.rules.is_empty() && check.wrong.is_empty(),
                    "{check:?}"
                );
                let held = check.solution.expect("a solution holds the pieces");
                assert_eq!(verify(puzzle, &held), Ok(()));
                assert!(plays.iter().all(|p| held.placements[p.domino] == p.cells));
                assert_eq!(check.solved, k == order.len());
                assert_eq!(check.unused.len(), order.len() - k);
                assert_eq!(check.covered, 2 * k);
            }
            let plays = plays_of(solution, &order);
            assert_eq!(plays_that_count(puzzle, &plays), plays);
        }
    }

    /// A piece as it lies: its cells, and the values on them.
    type Piece = ([(usize, usize); 2], [Value; 2]);

    /// The values on the cells of a solution, piece by piece: two
    /// solutions share a piece when they show the same values on the same
    /// two cells.
    fn pieces(puzzle: &Puzzle, solution: &Solution) -> Vec<Piece> {
        (0..puzzle.dominoes.len())
            .map(|d| (solution.placements[d], puzzle.dominoes[d]))
            .collect()
    }

    /// A puzzle of nine solutions.
    const SEVERAL: &str = "ABBC\nADDC\nA = 4\nB = 6\nC = 5\nD different\n1-3 3-3 2-4 1-4";

    /// A puzzle with several solutions: a piece of any of them is not
    /// wrong, and the solution offered holds it; a piece in none is; of
    /// two pieces that no solution holds together, the later is.
    #[test]
    fn a_piece_is_wrong_only_when_no_solution_holds_it() {
        let puzzle = parse_text(SEVERAL).unwrap();
        let all = solve(&puzzle, Goal::ALL, &Limits::none());
        assert!(all.complete && all.count == 9, "{}", all.count);
        // The second solution has a piece the first has not (the one a
        // comparison with the first solution would call wrong).
        let first = pieces(&puzzle, &all.solutions[0]);
        assert!(pieces(&puzzle, &all.solutions[1])
            .iter()
            .any(|p| !first.contains(p)));
        let in_some = |cells: [(usize, usize); 2], values: [Value; 2]| {
            all.solutions.iter().any(|s| {
                pieces(&puzzle, s).iter().any(|&(c, v)| {
                    (c, v) == (cells, values)
                        || (c, v) == ([cells[1], cells[0]], [values[1], values[0]])
                })
            })
        };
        // Every piece of every solution, alone and with the rest of its
        // solution laid before it.
        for solution in &all.solutions {
            for d in 0..puzzle.dominoes.len() {
                let play = Laid {
                    domino: d,
                    cells: solution.placements[d],
                };
                let check = check_play(&puzzle, &[play], &Limits::none());
                assert!(
                    check.wrong.is_empty() && check.reason.is_none(),
                    "{check:?}"
                );
                let held = check.solution.unwrap();
                assert_eq!(verify(&puzzle, &held), Ok(()));
                assert_eq!(held.placements[d], play.cells);
            }
            let every: Vec<usize> = (0..puzzle.dominoes.len()).collect();
            let check = check_play(&puzzle, &plays_of(solution, &every), &Limits::none());
            assert!(check.solved && check.wrong.is_empty());
            assert_eq!(check.solution.as_ref(), Some(solution));
        }
        // A piece in no solution, on two neighbouring cells.
        let cells = puzzle.cells();
        let mut alone = 0;
        for &(r, c) in &cells {
            for next in [(r, c + 1), (r + 1, c)] {
                if !cells.contains(&next) {
                    continue;
                }
                for d in 0..puzzle.dominoes.len() {
                    let play = Laid {
                        domino: d,
                        cells: [(r, c), next],
                    };
                    let check = check_play(&puzzle, &[play], &Limits::none());
                    let fits = in_some(play.cells, puzzle.dominoes[d]);
                    assert_eq!(check.wrong.is_empty(), fits, "{play:?}");
                    alone += usize::from(!fits);
                }
            }
        }
        // A piece of one solution laid after a piece of another that no
        // solution holds with it: the later one is wrong, the first not.
        let mut clashes = 0;
        for s in &all.solutions {
            for t in &all.solutions {
                for (p, q) in (0..puzzle.dominoes.len())
                    .flat_map(|p| (0..puzzle.dominoes.len()).map(move |q| (p, q)))
                {
                    let first = Laid {
                        domino: p,
                        cells: s.placements[p],
                    };
                    let then = Laid {
                        domino: q,
                        cells: t.placements[q],
                    };
                    if p == q || first.cells.iter().any(|c| then.cells.contains(c)) {
                        continue;
                    }
                    let together = all.solutions.iter().any(|u| {
                        let held = pieces(&puzzle, u);
                        [first, then].iter().all(|l| {
                            held.iter().any(|&(c, v)| {
                                let values = puzzle.dominoes[l.domino];
                                (c, v) == (l.cells, values)
                                    || (c, v) == ([l.cells[1], l.cells[0]], [values[1], values[0]])
                            })
                        })
                    });
                    let both = check_play(&puzzle, &[first, then], &Limits::none());
                    let expected = if together { vec![] } else { vec![1] };
                    assert_eq!(both.wrong, expected, "{first:?} then {then:?}");
                    clashes += usize::from(!together);
                }
            }
        }
        assert!(alone > 0 && clashes > 0, "{alone} alone, {clashes} clashes");
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
                let check = check_play(puzzle, &plays, &Limits::none());
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
