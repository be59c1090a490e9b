//! New puzzles with a unique solution and a chosen grade. A board (given,
//! or grown domino by domino) is tiled at random and dealt distinct pieces
//! of a double-six set (a larger set when the board needs more), the cells
//! are cut into small regions, and each region gets a rule its hidden
//! values meet: more exact sums for easy puzzles, more bounds, equal and
//! different regions and regions without rules for hard ones.
//!
//! Then the rules are tightened one region at a time (a rule made an exact
//! sum) until the puzzle is unique. For easy and medium puzzles the judge
//! is [`super::explain`]: while its deductions stop short, a region where
//! they stopped is tightened, so the puzzle ends up solvable by deduction
//! (and so unique). For hard puzzles the judge is the exact counter, given
//! a node budget per check (a check past it counts as "not unique yet").
//! The puzzle is kept when explain grades it as asked; otherwise the next
//! try begins. Every check obeys the caller's [`Limits`]. Same request,
//! same puzzle.

use super::explain::{explain, Grade};
use super::model::{Puzzle, Region, Rule, Solution};
use super::solve::solve_within;
use crate::limits::Limits;
use crate::rng::Rng;
use crate::Cell;
use std::collections::BTreeSet;

/// Why no puzzle was made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// The board cannot be tiled by dominoes for its count of cells.
    #[error("a board needs an even number of cells, at least 2 (asked: {cells})")]
    OddCells {
        /// The cells asked for.
        cells: usize,
    },
    /// Every try made a puzzle of another grade, or none unique.
    #[error("no {} puzzle found in {tries} tries; try another seed or size", .grade.name())]
    NotFound {
        /// The grade asked for.
        grade: Grade,
        /// The tries made.
        tries: usize,
    },
    /// A limit (time, nodes, a stop request) ended the search first.
    #[error("stopped by a limit after {tries} tries, before a {} puzzle was found", .grade.name())]
    Stopped {
        /// The grade asked for.
        grade: Grade,
        /// The tries made.
        tries: usize,
    },
}

/// Search nodes one uniqueness check of the counter may spend: a check
/// that needs more says "not unique yet" and the rules are tightened.
const CHECK_NODES: u64 = 20_000;

/// What to generate.
#[derive(Clone, Debug)]
pub struct Request {
    /// The board's cells (an even number), or `None` to grow a board of
    /// `cells` cells.
    pub shape: Option<Vec<Cell>>,
    /// The cells of a grown board (ignored when `shape` is given).
    pub cells: usize,
    /// The grade the deductions must give the puzzle.
    pub grade: Grade,
    /// The random stream's seed: the same request makes the same puzzle.
    pub seed: u64,
    /// Tries before giving up.
    pub tries: usize,
}

/// A generated puzzle (its solution included) and the tries it took.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle, its solution included.
    pub puzzle: Puzzle,
    /// The tries it took (each a random tiling and values, solved and graded).
    pub tries: usize,
}

fn neighbours((r, c): Cell) -> Vec<Cell> {
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
fn grow(rng: &mut Rng, cells: usize) -> Vec<[Cell; 2]> {
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
fn tiling(rng: &mut Rng, cells: &[Cell]) -> Option<Vec<[Cell; 2]>> {
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

/// Cuts `cells` into connected regions of 1 to `largest` cells. No region
/// holds both cells of a non-double (`apart` gives each such cell its
/// partner): every rule depends only on a region's values, so such a
/// domino could be turned round and the puzzle would not be unique.
fn regions(
    rng: &mut Rng,
    cells: &[Cell],
    largest: usize,
    apart: &std::collections::HashMap<Cell, Cell>,
) -> Vec<Vec<Cell>> {
    let mut left: BTreeSet<Cell> = cells.iter().copied().collect();
    let mut out = Vec::new();
    while let Some(&start) = left.iter().nth(
        rng.index(left.len().max(1))
            .min(left.len().saturating_sub(1)),
    ) {
        let size = 1 + rng.index(largest);
        left.remove(&start);
        let mut group = vec![start];
        while group.len() < size {
            let next: Vec<Cell> = group
                .iter()
                .flat_map(|&c| neighbours(c))
                .filter(|c| left.contains(c) && !apart.get(c).is_some_and(|p| group.contains(p)))
                .collect();
            if next.is_empty() {
                break;
            }
            let c = next[rng.index(next.len())];
            left.remove(&c);
            group.push(c);
        }
        group.sort_unstable();
        out.push(group);
    }
    out
}

fn rule_for(rng: &mut Rng, values: &[u32], grade: Grade) -> Rule {
    let sum: i64 = values.iter().map(|&v| i64::from(v)).sum();
    let all_equal = values.len() > 1 && values.iter().all(|&v| v == values[0]);
    let distinct: BTreeSet<u32> = values.iter().copied().collect();
    let all_different = values.len() > 1 && distinct.len() == values.len();
    let roll = rng.index(100);
    let (exact, loose) = match grade {
        Grade::Easy => (75, 90),
        Grade::Medium => (50, 80),
        Grade::Hard => (30, 65),
    };
    if all_equal && roll < 60 {
        Rule::Equal
    } else if all_different && values.len() > 2 && roll < 40 {
        Rule::Unequal
    } else if roll < exact {
        Rule::Sum(sum)
    } else if roll < loose {
        if rng.chance(1, 2) {
            Rule::Less(sum + 1 + rng.below(2) as i64)
        } else {
            Rule::Greater(sum - 1 - rng.below(2) as i64)
        }
    } else {
        Rule::Empty
    }
}

/// The pieces to deal: distinct pieces of the smallest double-N set that
/// has enough of them, shuffled.
fn pieces(rng: &mut Rng, count: usize) -> Vec<[u32; 2]> {
    let mut n = 6u32;
    while ((n + 1) * (n + 2) / 2) < count as u32 && n < super::model::MAX_VALUE {
        n += 1;
    }
    let mut all: Vec<[u32; 2]> = (0..=n).flat_map(|a| (a..=n).map(move |b| [a, b])).collect();
    rng.shuffle(&mut all);
    all.truncate(count);
    all
}

/// The solver nodes a generation may still spend and the caller's other
/// limits.
struct Spend<'l> {
    limits: &'l Limits,
    nodes_left: Option<u64>,
}

impl Spend<'_> {
    fn reached(&self) -> bool {
        self.limits.reached() || self.nodes_left == Some(0)
    }

    /// Whether `puzzle` has exactly one solution, as far as a check of at
    /// most [`CHECK_NODES`] nodes can tell (past that: false).
    fn unique(&mut self, puzzle: &Puzzle) -> bool {
        let nodes = self.nodes_left.map_or(CHECK_NODES, |n| n.min(CHECK_NODES));
        let limits = Limits {
            nodes: Some(nodes),
            deadline: self.limits.deadline,
            stop: self.limits.stop.clone(),
        };
        let found = solve_within(puzzle, crate::Goal::count_up_to(2), &limits);
        if let Some(left) = &mut self.nodes_left {
            *left = left.saturating_sub(found.nodes);
        }
        found.complete && found.count == 1
    }
}

/// One try: a puzzle with a unique solution, or `None`.
fn attempt(rng: &mut Rng, request: &Request, spend: &mut Spend) -> Option<Puzzle> {
    let slots = match &request.shape {
        Some(cells) => tiling(rng, cells)?,
        None => grow(rng, request.cells),
    };
    let dominoes: Vec<[u32; 2]> = pieces(rng, slots.len());
    if dominoes.len() < slots.len() {
        return None;
    }
    let mut values = std::collections::BTreeMap::new();
    let mut placements = Vec::new();
    let mut apart = std::collections::HashMap::new();
    for (&[a, b], &[x, y]) in slots.iter().zip(&dominoes) {
        let (a, b) = if rng.chance(1, 2) { (a, b) } else { (b, a) };
        values.insert(a, x);
        values.insert(b, y);
        placements.push([a, b]);
        if x != y {
            apart.insert(a, b);
            apart.insert(b, a);
        }
    }
    let cells: Vec<Cell> = values.keys().copied().collect();
    let largest = match request.grade {
        Grade::Easy => 2,
        Grade::Medium => 3,
        Grade::Hard => 4,
    };
    let mut puzzle = Puzzle {
        dominoes,
        regions: regions(rng, &cells, largest, &apart)
            .into_iter()
            .map(|cells| {
                let vs: Vec<u32> = cells.iter().map(|c| values[c]).collect();
                let rule = rule_for(rng, &vs, request.grade);
                Region { cells, rule }
            })
            .collect(),
        solution: Some(Solution { placements }),
    };
    let exact = |puzzle: &Puzzle, k: usize| -> Rule {
        Rule::Sum(
            puzzle.regions[k]
                .cells
                .iter()
                .map(|c| i64::from(values[c]))
                .sum(),
        )
    };
    // A region can be tightened while it is not an exact sum of one cell:
    // first its rule becomes the exact sum, then it is split into cells
    // of their own (two pieces sharing a value whose other halves lie in
    // one region could swap them under any rule of that region).
    let tight = |puzzle: &Puzzle, k: usize| {
        puzzle.regions[k].cells.len() == 1 && puzzle.regions[k].rule == exact(puzzle, k)
    };
    while !spend.reached() {
        let mut loose: Vec<usize> = Vec::new();
        if request.grade == Grade::Hard {
            if spend.unique(&puzzle) {
                return Some(puzzle);
            }
        } else {
            let explained = explain(&puzzle);
            if explained.complete {
                return Some(puzzle);
            }
            if explained.reason.is_some() {
                return None;
            }
            // Tighten where the deductions stopped.
            let open: BTreeSet<Cell> = explained.open.iter().copied().collect();
            loose = (0..puzzle.regions.len())
                .filter(|&k| {
                    !tight(&puzzle, k) && puzzle.regions[k].cells.iter().any(|c| open.contains(c))
                })
                .collect();
        }
        if loose.is_empty() {
            loose = (0..puzzle.regions.len())
                .filter(|&k| !tight(&puzzle, k))
                .collect();
        }
        let k = *loose.get(rng.index(loose.len().max(1)))?;
        if puzzle.regions[k].rule != exact(&puzzle, k) {
            puzzle.regions[k].rule = exact(&puzzle, k);
        } else {
            // One cell becomes a region of its own; the rest, in its
            // connected parts, keep exact sums.
            let mut rest = std::mem::take(&mut puzzle.regions[k].cells);
            let alone = rest.remove(rng.index(rest.len()));
            puzzle.regions[k].cells = vec![alone];
            puzzle.regions[k].rule = exact(&puzzle, k);
            while let Some(&start) = rest.first() {
                let mut part = vec![start];
                rest.retain(|&c| c != start);
                let mut at = 0;
                while at < part.len() {
                    let near = neighbours(part[at]);
                    let (joined, apart): (Vec<Cell>, Vec<Cell>) =
                        rest.iter().partition(|c| near.contains(c));
                    part.extend(joined);
                    rest = apart;
                    at += 1;
                }
                part.sort_unstable();
                let sum = part.iter().map(|c| i64::from(values[c])).sum();
                puzzle.regions.push(Region {
                    cells: part,
                    rule: Rule::Sum(sum),
                });
            }
        }
    }
    None
}

/// Whether the puzzle still has what made it the grade asked: for easy
/// and medium, deductions that finish with that grade; for hard, one
/// solution (by the counter) that the deductions do not reach.
fn still(puzzle: &Puzzle, grade: Grade, spend: &mut Spend) -> bool {
    let explained = explain(puzzle);
    match grade {
        Grade::Hard => !explained.complete && spend.unique(puzzle),
        _ => explained.complete && explained.grade == grade,
    }
}

/// Fewer, larger regions and fewer rules, as the newspaper draws them:
/// each region in turn is joined to a neighbouring region (their exact
/// sums added), then each rule in turn is dropped, whenever the puzzle
/// keeps its grade and its single solution.
fn merge_regions(rng: &mut Rng, puzzle: &mut Puzzle, grade: Grade, spend: &mut Spend) {
    let values: std::collections::HashMap<Cell, u32> = match &puzzle.solution {
        Some(solution) => puzzle
            .dominoes
            .iter()
            .zip(&solution.placements)
            .flat_map(|(d, cells)| [(cells[0], d[0]), (cells[1], d[1])])
            .collect(),
        None => return,
    };
    // Passes until one joins nothing: a joined region may join again.
    for _ in 0..MERGE_PASSES {
        if !merge_pass(rng, puzzle, grade, spend, &values) {
            break;
        }
    }
    *puzzle = without_empty(puzzle);
    // Then rules the puzzle does not need are dropped.
    let mut order: Vec<usize> = (0..puzzle.regions.len()).collect();
    rng.shuffle(&mut order);
    for k in order {
        if spend.reached() {
            break;
        }
        let rule = std::mem::replace(&mut puzzle.regions[k].rule, Rule::Empty);
        if !still(puzzle, grade, spend) {
            puzzle.regions[k].rule = rule;
        }
    }
    join_free(puzzle);
}

/// The cells orthogonally next to any of `cells`: another region touches
/// this one when one of its cells is among them.
fn cells_around(cells: &[Cell]) -> BTreeSet<Cell> {
    cells.iter().flat_map(|&c| neighbours(c)).collect()
}

/// Joins touching regions without rules: where no rule looks, how the
/// cells are grouped changes nothing (not the solutions, not the grade).
fn join_free(puzzle: &mut Puzzle) {
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
                if other.rule == Rule::Empty && other.cells.iter().any(|c| near.contains(c)) {
                    let cells = std::mem::take(&mut puzzle.regions[m].cells);
                    puzzle.regions[k].cells.extend(cells);
                    puzzle.regions[k].cells.sort_unstable();
                    puzzle.regions.remove(m);
                    joined = true;
                    break 'pairs;
                }
            }
        }
    }
}

/// The most passes of joining regions (each tries every region once).
const MERGE_PASSES: usize = 3;

/// The largest region joining makes: the newspaper's regions rarely have
/// more cells.
const MERGED_CELLS: usize = 8;

/// One pass of [`merge_regions`]: each region in turn is joined to a
/// neighbouring region when the puzzle keeps its grade and its single
/// solution. True when some region was joined.
fn merge_pass(
    rng: &mut Rng,
    puzzle: &mut Puzzle,
    grade: Grade,
    spend: &mut Spend,
    values: &std::collections::HashMap<Cell, u32>,
) -> bool {
    let mut order: Vec<usize> = (0..puzzle.regions.len()).collect();
    rng.shuffle(&mut order);
    let mut gone = vec![false; puzzle.regions.len()];
    let mut any = false;
    for k in order {
        if gone[k] || spend.reached() {
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
            cells.sort_unstable();
            if cells.len() > MERGED_CELLS {
                continue;
            }
            let sum = cells.iter().map(|c| i64::from(values[c])).sum();
            let mut trial = puzzle.clone();
            trial.regions[k] = Region {
                cells,
                rule: Rule::Sum(sum),
            };
            trial.regions[m].cells.clear();
            if still(&without_empty(&trial), grade, spend) {
                *puzzle = trial;
                gone[m] = true;
                any = true;
                break;
            }
        }
    }
    *puzzle = without_empty(puzzle);
    any
}

/// The puzzle without regions that lost their cells.
fn without_empty(puzzle: &Puzzle) -> Puzzle {
    let mut out = puzzle.clone();
    out.regions.retain(|r| !r.cells.is_empty());
    out
}

/// Generates a puzzle as `request` asks; `Err` says why none was found.
pub fn generate(request: &Request) -> Result<Generated, GenerateError> {
    generate_within(request, &Limits::default())
}

/// Like [`generate`], stopping when `limits` say so: the node limit counts
/// the counter's nodes over all tries; a deadline or the stop flag ends
/// the tries too.
pub fn generate_within(request: &Request, limits: &Limits) -> Result<Generated, GenerateError> {
    let cells = request.shape.as_ref().map_or(request.cells, Vec::len);
    if cells < 2 || cells % 2 == 1 {
        return Err(GenerateError::OddCells { cells });
    }
    let mut rng = Rng::new(request.seed ^ (cells as u64) << 32 ^ request.grade as u64);
    let mut spend = Spend {
        limits,
        nodes_left: limits.nodes,
    };
    for t in 0..request.tries {
        if spend.reached() {
            return Err(GenerateError::Stopped {
                grade: request.grade,
                tries: t,
            });
        }
        if let Some(mut puzzle) = attempt(&mut rng, request, &mut spend) {
            merge_regions(&mut rng, &mut puzzle, request.grade, &mut spend);
            if explain(&puzzle).grade == request.grade && spend.unique(&puzzle) {
                return Ok(Generated {
                    puzzle,
                    tries: t + 1,
                });
            }
        }
    }
    if spend.reached() {
        return Err(GenerateError::Stopped {
            grade: request.grade,
            tries: request.tries,
        });
    }
    Err(GenerateError::NotFound {
        grade: request.grade,
        tries: request.tries,
    })
}
