//! New puzzles with a unique solution and a chosen grade, drawn as the
//! newspaper draws them: about one region for every three cells, regions
//! of 1 to 8 cells, sums the most common rule, a good share of cells
//! without a rule, some bounds, equal and different regions. What is
//! drawn at each level (board sizes, holes, the largest region, cells
//! without a rule, different regions, pips) is a [`Profile`]: the shared
//! days' table, or one learnt from day files.
//!
//! One try: a board (given, or grown domino by domino) is tiled at random
//! and dealt distinct pieces of a double-six set (a larger set when the
//! board needs more) ([`board`]); a few cells are left without a rule and
//! the others cut into regions of the newspaper's sizes ([`regions`]),
//! each with the exact sum of its hidden values (equal when they are,
//! sometimes different when they all differ). Then the puzzle is
//! tightened until it holds: for easy and medium puzzles, until the
//! deductions up to medium ([`explain_up_to`]) finish it with an effort
//! no harder than asked, which proves it unique; for hard ones, until the exact
//! counter proves it unique (each check at most [`CHECK_NODES`] nodes,
//! past that "not unique yet"). Tightening splits a region where the
//! deductions stopped in two. Then it is loosened while it holds
//! ([`loosen`]): regions joined, lone cells given a neighbour's cell,
//! rules relaxed. The try is kept when it
//! has at most [`regions::most_regions`] regions, not too many of one
//! cell ([`regions::few_lone_cells`]), [`explain`] finishes it by
//! deductions and grades it as asked (on the newspaper's scale, where the
//! board's size counts too) and the counter proves it unique; otherwise
//! the next try begins. On a fifth of hard tries the deal first plants a
//! run of one value that starts as one equal region ([`board::plant`]).
//! A board too large for the grade is refused before any try. Every
//! check obeys the caller's [`Limits`]. Same request, same puzzle.

mod board;
mod loosen;
mod profile;
mod regions;

pub use profile::{Level, Profile, ProfileError};

use super::explain::{explain, explain_up_to, least_grade, most_cells, Grade};
use super::model::{Puzzle, Region, Rule, Solution};
use super::solve::solve;
use crate::rng::Rng;
use crate::search::Limits;
use crate::tile::Value;
use crate::Cell;
use board::Plan;
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
    /// The board is too large for the grade: on the newspaper's scale
    /// the board's size alone makes it harder.
    #[error("{} puzzles have at most {most} cells: on the newspaper's scale a larger board grades harder whatever its rules (asked: {cells}); ask fewer cells or a harder grade", .grade.name())]
    TooLarge {
        /// The cells asked for.
        cells: usize,
        /// The grade asked for.
        grade: Grade,
        /// The most cells a board of that grade has.
        most: usize,
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

/// Tries on one board plan before another is drawn: a plan the grade
/// cannot take (a hard puzzle on a small board) does not end the search.
const REPLAN: usize = 40;

/// Random splits compared at each tightening step.
const SPLITS_TRIED: usize = 4;

/// What to generate; the command line and the HTTP service fill what the
/// user leaves out from the defaults below ([`Request::cells_for`], [`Request::GRADE`], ...).
#[derive(Clone, Debug)]
pub struct Request {
    /// The board's cells (an even number), or `None` to grow a board of
    /// `cells` cells.
    pub shape: Option<Vec<Cell>>,
    /// The cells of a grown board (ignored when `shape` is given), or
    /// [`Request::LEVEL_CELLS`] for a board as the newspaper draws one at
    /// the grade: its size drawn, try by try, from the newspaper's sizes.
    pub cells: usize,
    /// The grade the deductions must give the puzzle.
    pub grade: Grade,
    /// The random stream's seed: the same request makes the same puzzle.
    pub seed: u64,
    /// Tries before giving up.
    pub tries: usize,
    /// What to draw at each level (sizes, holes, regions, rules, pips):
    /// `None` for the built-in table, [`Profile::newspaper`].
    pub profile: Option<Profile>,
}

impl GenerateError {
    /// True when no board can meet the request (its count of cells, odd
    /// or too many for the grade);
    /// false when the search gave up, which is a negative answer.
    pub fn invalid_request(&self) -> bool {
        matches!(
            self,
            GenerateError::OddCells { .. } | GenerateError::TooLarge { .. }
        )
    }
}

impl Request {
    /// `cells` that asks for a board of the profile's sizes at the grade
    /// ([`Request::profile`]; the built-in table: easy 6 to 10 cells,
    /// median 8; medium 10 to 16, median 12; hard 16 to 32, median 20)
    /// rather than one size.
    pub const LEVEL_CELLS: usize = 0;
    /// The cells of a grown board when none are asked for:
    /// [`Request::LEVEL_CELLS`] at every grade, so the board's size
    /// follows the grade as the newspaper's does (the grade weighs the
    /// board's size too, so an easy puzzle is small and a hard one
    /// large).
    pub const fn cells_for(_grade: Grade) -> usize {
        Request::LEVEL_CELLS
    }
    /// The grade when none is asked for.
    pub const GRADE: Grade = Grade::Medium;
    /// The seed when none is given.
    pub const SEED: u64 = 1;
    /// Tries before giving up: the command line and the HTTP service give
    /// every request this many.
    pub const TRIES: usize = 500;
}

/// A generated puzzle (its solution included) and the tries it took.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle, its solution included.
    pub puzzle: Puzzle,
    /// The tries it took (each a random tiling and values, solved and graded).
    pub tries: usize,
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
            ..self.limits.clone()
        };
        let found = solve(puzzle, crate::Goal::count_up_to(2), &limits);
        if let Some(left) = &mut self.nodes_left {
            *left = left.saturating_sub(found.nodes);
        }
        found.complete && found.count == 1
    }
}

/// Whether `puzzle` holds for `grade`: for easy and medium, the
/// deductions up to medium (no cases) finish it and their effort grades
/// it no harder than asked (so it is unique; an easy puzzle may need a
/// medium deduction or two, as the newspaper's easy ones with cells
/// without a rule do); for hard, the counter proves it unique.
fn holds(puzzle: &Puzzle, grade: Grade, spend: &mut Spend) -> bool {
    match grade {
        Grade::Hard => spend.unique(puzzle),
        _ => {
            let explained = explain_up_to(puzzle, Grade::Medium, spend.limits);
            explained.complete && explained.grade <= grade
        }
    }
}

/// The rule a new region starts with: equal when its hidden values are
/// (on two cells or more), else their exact sum.
fn strongest(cells: &[Cell], values: &std::collections::BTreeMap<Cell, Value>) -> Rule {
    let first = values[&cells[0]];
    if cells.len() > 1 && cells.iter().all(|c| values[c] == first) {
        Rule::Equal
    } else {
        Rule::Sum(cells.iter().map(|c| values[c]).sum())
    }
}

/// One try: a puzzle that holds for the grade asked, or `None`.
fn attempt(
    rng: &mut Rng,
    request: &Request,
    level: &Level,
    plan: Plan,
    spend: &mut Spend,
) -> Option<Puzzle> {
    let slots = match &request.shape {
        Some(cells) => board::tiling(rng, cells)?,
        None => board::board(rng, plan, spend.limits),
    };
    // A board whose growth a limit stopped is short of its cells.
    if spend.reached() {
        return None;
    }
    let set = board::set(rng, slots.len(), level.pips);
    let run = board::plant(rng, &slots, request.grade);
    let dealt = board::deal(rng, &slots, set, run.as_ref())?;
    // The planted run's cells that hold its value, when they still make
    // a long connected region: they start as one equal region.
    let run: Vec<Cell> = run
        .map(|r| {
            let held = r.cells.iter().filter(|c| dealt.values[c] == r.value);
            let mut parts = board::parts(&held.copied().collect());
            parts.sort_by_key(Vec::len);
            parts.pop().unwrap_or_default()
        })
        .filter(|cells| cells.len() >= 5)
        .unwrap_or_default();
    let dominoes = dealt.dominoes.clone();
    let cells: Vec<Cell> = dealt.values.keys().copied().collect();
    let exact = |cells: &[Cell]| strongest(cells, &dealt.values);
    // A board too large for the grade asked ends the try. Tightening
    // ends, at worst, with every ruled cell its own region; when even
    // that has a second solution (a block such as 5 2 / 5 5 / 2 2 tiles
    // two ways with the same pieces), no rules can make the deal unique,
    // and the try ends at once.
    let every_cell = |free: &BTreeSet<Cell>| Puzzle {
        dominoes: dominoes.clone(),
        regions: cells
            .iter()
            .map(|&c| Region {
                rule: if free.contains(&c) {
                    Rule::Empty
                } else {
                    exact(&[c])
                },
                cells: vec![c],
            })
            .collect(),
        solution: None,
    };
    let mut free = BTreeSet::new();
    if least_grade(&every_cell(&free)) > request.grade || !spend.unique(&every_cell(&free)) {
        return None;
    }
    // Some cells start without a rule, as the newspaper's: tightening
    // never gives them one, it splits the regions around them instead.
    // A cell is taken only when the others, each its own exact region,
    // still leave one solution (else no rules could make the puzzle
    // unique).
    let want = regions::free_count(rng, cells.len(), level);
    let mut order = cells.clone();
    rng.shuffle(&mut order);
    for c in order.into_iter().filter(|c| !run.contains(c)) {
        if free.len() == want || spend.reached() {
            break;
        }
        free.insert(c);
        if !spend.unique(&every_cell(&free)) {
            free.remove(&c);
        }
    }
    let ruled: Vec<Cell> = cells
        .iter()
        .copied()
        .filter(|c| !free.contains(c))
        .collect();
    let no_rule = |c: &Cell| Region {
        rule: Rule::Empty,
        cells: vec![*c],
    };
    let largest = regions::draw_largest(rng, level);
    let mut laid = Vec::new();
    for cells in regions::layout(rng, &ruled, &dealt, largest, &run) {
        let rule = regions::first_rule(rng, &cells, &dealt.values, level);
        laid.push(Region { rule, cells });
    }
    let mut puzzle = Puzzle {
        dominoes,
        regions: laid.into_iter().chain(free.iter().map(no_rule)).collect(),
        solution: Some(Solution {
            placements: dealt.placements.clone(),
        }),
    };
    // Tighten: split a region where the deductions up to medium stopped
    // (for hard puzzles too: where a person is stuck, a second solution
    // often hides). Of a few random splits, the one after which the
    // deductions fill the most cells is kept, so few splits are needed.
    let judge = request.grade.min(Grade::Medium);
    while !holds(&puzzle, request.grade, spend) {
        if spend.reached() {
            return None;
        }
        let explained = explain_up_to(&puzzle, judge, spend.limits);
        if explained.reason.is_some() {
            return None;
        }
        let open: BTreeSet<Cell> = explained.open.iter().copied().collect();
        let splittable = |k: &usize| puzzle.regions[*k].cells.len() > 1;
        let mut loose: Vec<usize> = (0..puzzle.regions.len())
            .filter(splittable)
            .filter(|&k| puzzle.regions[k].cells.iter().any(|c| open.contains(c)))
            .collect();
        if loose.is_empty() {
            loose = (0..puzzle.regions.len()).filter(splittable).collect();
        }
        if loose.is_empty() {
            return None;
        }
        let mut best: Option<(usize, Puzzle)> = None;
        for _ in 0..SPLITS_TRIED {
            // Each trial runs the deductions over the whole board: on a big
            // board that is long, so the limits are asked before each.
            if spend.reached() {
                return None;
            }
            let k = loose[rng.index(loose.len())];
            let mut trial = puzzle.clone();
            let cut = regions::split(rng, &trial.regions.remove(k).cells);
            trial.regions.extend(cut.into_iter().map(|cells| Region {
                rule: exact(&cells),
                cells,
            }));
            let open = explain_up_to(&trial, judge, spend.limits).open.len();
            if best.as_ref().is_none_or(|(fewest, _)| open < *fewest) {
                best = Some((open, trial));
            }
        }
        puzzle = best?.1;
    }
    let fewest = regions::fewest_regions(cells.len());
    let shape = loosen::Shape { largest, fewest };
    loosen::loosen(rng, &mut puzzle, request.grade, &dealt, shape, spend);
    Some(puzzle)
}

/// The newspaper's largest board (a hard one, 32 cells).
const NEWSPAPER_CELLS: usize = 32;

/// The grade explain gives a puzzle on the newspaper's scale when its
/// deductions finish it, else `None`: a puzzle of the newspaper's sizes is
/// kept only when explain solves it to the end, as it solves every unique
/// puzzle of the newspaper's (some unique hard boards defeat reasoning one
/// supposition deep). A larger board is hard by its size alone and is not
/// explained: there explain is long and seldom finishes.
fn explained_grade(puzzle: &Puzzle, limits: &Limits) -> Option<Grade> {
    if puzzle.cells().len() > NEWSPAPER_CELLS && least_grade(puzzle) == Grade::Hard {
        return Some(Grade::Hard);
    }
    let explained = explain(puzzle, limits);
    explained.complete.then_some(explained.grade)
}

/// Generates a puzzle as `request` asks; `Err` says why none was found.
/// It stops when `limits` say so: the node limit counts the counter's
/// nodes over all tries; a deadline or the stop flag ends the tries too.
pub fn generate(request: &Request, limits: &Limits) -> Result<Generated, GenerateError> {
    let cells = request.shape.as_ref().map_or(request.cells, Vec::len);
    let level_sized = request.shape.is_none() && cells == Request::LEVEL_CELLS;
    if !level_sized && (cells < 2 || cells % 2 == 1) {
        return Err(GenerateError::OddCells { cells });
    }
    if let Some(most) = most_cells(request.grade).filter(|&most| cells > most) {
        return Err(GenerateError::TooLarge {
            cells,
            grade: request.grade,
            most,
        });
    }
    let mut rng = Rng::new(request.seed ^ (cells as u64) << 32 ^ request.grade as u64);
    let mut spend = Spend {
        limits,
        nodes_left: limits.nodes,
    };
    let asked = (!level_sized).then_some(cells);
    let newspaper = Profile::newspaper();
    let level = request
        .profile
        .as_ref()
        .unwrap_or(&newspaper)
        .level(request.grade);
    let mut plan = Plan::draw(&mut rng, asked, level, request.grade, request.seed);
    for t in 0..request.tries {
        if t > 0 && t % REPLAN == 0 {
            plan = plan.resize(&mut rng, asked, level, request.grade);
        }
        if spend.reached() {
            return Err(GenerateError::Stopped {
                grade: request.grade,
                tries: t,
            });
        }
        if let Some(puzzle) = attempt(&mut rng, request, level, plan, &mut spend) {
            if puzzle.regions.len() <= regions::most_regions(puzzle.cells().len())
                && regions::few_lone_cells(&mut rng, &puzzle, request.grade)
                && explained_grade(&puzzle, limits) == Some(request.grade)
                && spend.unique(&puzzle)
            {
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
