//! The pips counter against brute force: on thousands of small random
//! puzzles (random shapes, regions, rules, repeated pieces), every tiling
//! times every assignment of the input pieces is tried, the distinct
//! solutions (pairing plus values) are collected, and their number must be
//! the counter's. Every listed solution must pass `verify` and be one of
//! the brute-force set. The deductions of `explain` are checked on the same
//! puzzles: finishing the board means one solution, a contradiction none.

use domino::pips::{
    count, explain, parse_puzzle, solve, verify, Goal, Limits, Puzzle, Region, Rule, Solution,
};
use domino::rng::Rng;
use domino::Cell;
use std::collections::{BTreeMap, BTreeSet, HashSet};

/// A solution in a form where equal solutions are equal: the set of cell
/// pairs and the value on every cell.
type Canonical = (BTreeSet<(Cell, Cell)>, BTreeMap<Cell, i64>);

fn canonical(puzzle: &Puzzle, s: &Solution) -> Canonical {
    let mut pairs = BTreeSet::new();
    let mut values = BTreeMap::new();
    for (d, [a, b]) in puzzle.dominoes().iter().zip(&s.placements) {
        pairs.insert((*a.min(b), *a.max(b)));
        values.insert(*a, d[0]);
        values.insert(*b, d[1]);
    }
    (pairs, values)
}

fn rule_ok(rule: Rule, values: &[i64]) -> bool {
    let sum: i64 = values.iter().sum();
    match rule {
        Rule::Sum(t) => sum == t,
        Rule::Less(t) => sum < t,
        Rule::Greater(t) => sum > t,
        Rule::Equal => values.iter().all(|&v| v == values[0]),
        Rule::Unequal => {
            let set: HashSet<i64> = values.iter().copied().collect();
            set.len() == values.len()
        }
        Rule::Empty => true,
    }
}

fn tilings(cells: &[Cell]) -> Vec<Vec<(Cell, Cell)>> {
    fn go(
        open: &mut BTreeSet<Cell>,
        slots: &mut Vec<(Cell, Cell)>,
        out: &mut Vec<Vec<(Cell, Cell)>>,
    ) {
        let Some(&first) = open.iter().next() else {
            out.push(slots.clone());
            return;
        };
        open.remove(&first);
        let (r, c) = first;
        let mut near = vec![(r + 1, c), (r, c + 1)];
        if r > 0 {
            near.push((r - 1, c));
        }
        if c > 0 {
            near.push((r, c - 1));
        }
        for n in near {
            if open.remove(&n) {
                slots.push((first, n));
                go(open, slots, out);
                slots.pop();
                open.insert(n);
            }
        }
        open.insert(first);
    }
    let mut open: BTreeSet<Cell> = cells.iter().copied().collect();
    let mut out = Vec::new();
    if cells.len().is_multiple_of(2) {
        go(&mut open, &mut Vec::new(), &mut out);
    }
    out
}

fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for k in 0..=p.len() {
            let mut q = p.clone();
            q.insert(k, n - 1);
            out.push(q);
        }
    }
    out
}

fn brute_force(puzzle: &Puzzle) -> BTreeSet<Canonical> {
    let cells = puzzle.cells();
    let mut found = BTreeSet::new();
    if cells.len() != 2 * puzzle.dominoes().len() {
        return found;
    }
    let n = puzzle.dominoes().len();
    let perms = permutations(n);
    for tiling in tilings(&cells) {
        for perm in &perms {
            for flips in 0..(1u32 << n) {
                let mut placements = vec![[(0, 0); 2]; n];
                for (slot, &d) in perm.iter().enumerate() {
                    let (a, b) = tiling[slot];
                    placements[d] = if flips >> slot & 1 == 1 {
                        [b, a]
                    } else {
                        [a, b]
                    };
                }
                let s = Solution { placements };
                let (pairs, values) = canonical(puzzle, &s);
                let ok = puzzle.regions().iter().all(|region| {
                    let vs: Vec<i64> = region.cells.iter().map(|c| values[c]).collect();
                    rule_ok(region.rule, &vs)
                });
                if ok {
                    found.insert((pairs, values));
                }
            }
        }
    }
    found
}

/// A random puzzle on at most `pieces` dominoes laid at random on a small
/// grid, with random regions and rules; targets are often taken from the
/// hidden layout so that many puzzles have solutions. `None` when no piece
/// found room: no cell, so no puzzle ([`Puzzle::new`] needs a region).
fn random_puzzle(rng: &mut Rng, pieces: usize, max_value: i64) -> Option<Puzzle> {
    let (rows, cols) = (2 + rng.index(3), 2 + rng.index(4));
    let mut taken: BTreeMap<Cell, i64> = BTreeMap::new();
    let mut dominoes = Vec::new();
    for _ in 0..pieces * 6 {
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
        let (x, y) = (
            rng.below(max_value as u64 + 1) as i64,
            rng.below(max_value as u64 + 1) as i64,
        );
        taken.insert(a, x);
        taken.insert(b, y);
        dominoes.push([x, y]);
    }
    // Sometimes a piece that does not match the hidden layout.
    if !dominoes.is_empty() && rng.chance(1, 5) {
        let k = rng.index(dominoes.len());
        dominoes[k][0] = rng.below(max_value as u64 + 1) as i64;
    }
    let cells: Vec<Cell> = taken.keys().copied().collect();
    let regions_wanted = 1 + rng.index(cells.len().max(1));
    let mut groups: Vec<Vec<Cell>> = vec![Vec::new(); regions_wanted];
    for &c in &cells {
        groups[rng.index(regions_wanted)].push(c);
    }
    let mut regions = Vec::new();
    for group in groups.into_iter().filter(|g| !g.is_empty()) {
        let hidden: i64 = group.iter().map(|c| taken[c]).sum();
        let rule = match rng.index(7) {
            0 => Rule::Sum(hidden),
            1 => Rule::Sum(rng.below(3 * max_value as u64 + 1) as i64),
            2 => Rule::Less(hidden + rng.below(3) as i64),
            3 => Rule::Greater(hidden - rng.below(3) as i64),
            4 => Rule::Equal,
            5 => Rule::Unequal,
            _ => Rule::Empty,
        };
        regions.push(Region { cells: group, rule });
    }
    Puzzle::new(dominoes, regions).ok()
}

fn check_against_brute_force(puzzle: &Puzzle) {
    let expected = brute_force(puzzle);
    let counted = count(puzzle, &Limits::none()).exact();
    assert_eq!(counted, Some(expected.len() as u128), "count of {puzzle:?}");
    let found = solve(puzzle, Goal::ALL, &Limits::none());
    assert!(found.complete);
    assert_eq!(found.count as usize, expected.len());
    assert_eq!(found.solutions.len(), expected.len());
    let mut listed = BTreeSet::new();
    for s in &found.solutions {
        assert_eq!(verify(puzzle, s), Ok(()), "{puzzle:?} {s:?}");
        let c = canonical(puzzle, s);
        assert!(expected.contains(&c));
        assert!(listed.insert(c), "a solution listed twice");
    }
    let explained = explain(puzzle, &domino::Limits::none());
    if explained.complete {
        assert_eq!(expected.len(), 1, "explain finished {puzzle:?}");
    }
    if explained.reason.is_some() {
        assert!(
            expected.is_empty(),
            "explain refuted {puzzle:?}: {explained:?}"
        );
    }
}

#[test]
fn counts_agree_with_brute_force_on_random_puzzles() {
    let mut rng = Rng::new(2025);
    let mut solvable = 0;
    for round in 0..3000 {
        let pieces = 1 + rng.index(if round % 10 == 0 { 5 } else { 4 });
        let max_value = 1 + rng.index(4) as i64;
        let Some(puzzle) = random_puzzle(&mut rng, pieces, max_value) else {
            continue;
        };
        check_against_brute_force(&puzzle);
        solvable += usize::from(count(&puzzle, &Limits::none()).exact() != Some(0));
    }
    // The generator must make both kinds, or the test proves little.
    assert!(solvable > 1000, "only {solvable} solvable puzzles");
}

#[test]
fn repeated_pieces_and_doubles_count_once() {
    // Two 1-1 pieces on a 2x2 square with no rules: two tilings, one
    // assignment each (swapping copies or turning a double changes nothing).
    let puzzle = Puzzle::new(
        vec![[1, 1], [1, 1]],
        vec![Region {
            cells: vec![(0, 0), (0, 1), (1, 0), (1, 1)],
            rule: Rule::Empty,
        }],
    )
    .unwrap();
    assert_eq!(count(&puzzle, &Limits::none()).exact(), Some(2));
    check_against_brute_force(&puzzle);
    // 1-2 and 1-2 on one row of four: one tiling; each piece either way
    // round gives 4 value patterns.
    let row = Puzzle::new(
        vec![[1, 2], [2, 1]],
        vec![Region {
            cells: vec![(0, 0), (0, 1), (0, 2), (0, 3)],
            rule: Rule::Empty,
        }],
    )
    .unwrap();
    assert_eq!(count(&row, &Limits::none()).exact(), Some(4));
    check_against_brute_force(&row);
}

#[test]
fn node_limits_give_lower_bounds_and_true_solutions() {
    let mut rng = Rng::new(17);
    let mut stopped = 0;
    for round in 0..1500 {
        let pieces = 2 + rng.index(4);
        let max_value = 1 + rng.index(4) as i64;
        let Some(puzzle) = random_puzzle(&mut rng, pieces, max_value) else {
            continue;
        };
        let expected = brute_force(&puzzle);
        let limits = Limits {
            nodes: Some(1 + (round % 12) as u64),
            ..Limits::default()
        };
        let found = solve(&puzzle, Goal::ALL, &limits);
        assert!(found.count as usize <= expected.len(), "{puzzle:?}");
        assert_eq!(found.complete, !found.stopped);
        if found.complete {
            assert_eq!(found.count as usize, expected.len(), "{puzzle:?}");
        } else {
            stopped += 1;
            assert!(found.reason.is_none(), "a stopped search gives no reason");
        }
        for s in &found.solutions {
            assert_eq!(verify(&puzzle, s), Ok(()), "{puzzle:?} {s:?}");
            assert!(expected.contains(&canonical(&puzzle, s)));
        }
    }
    // Both outcomes must occur, or the test proves little.
    assert!(stopped > 100, "only {stopped} searches stopped");
}

#[test]
fn a_node_limit_stops_a_search_too_big_to_finish() {
    let text = include_str!("../../../../testdata/pips/stress/repeats-40.json");
    let puzzle = parse_puzzle(text, None).unwrap();
    let limits = Limits {
        nodes: Some(2000),
        ..Limits::default()
    };
    let found = solve(
        &puzzle,
        Goal {
            limit: u64::MAX,
            keep: 1,
        },
        &limits,
    );
    assert!(found.stopped && !found.complete);
    for s in &found.solutions {
        assert_eq!(verify(&puzzle, s), Ok(()));
    }
}
