//! The puzzles of a book: each section's puzzles made from seeds that
//! follow from the book's seed, the first steps of their explanations,
//! and the answer key printed under each answer.

use super::{BookError, BookRequest, Section};
use crate::pips::{self, Grade, Puzzle};
use crate::place::{self, Grid, Level, Map, Outline};
use crate::search::Limits;
use crate::Cell;

/// One puzzle of a book, with its answer.
#[derive(Clone, Debug)]
pub struct BookPuzzle {
    /// Its number, from 1, as printed.
    pub number: usize,
    /// The puzzle and its only solution.
    pub kind: Kind,
    /// The seed it was made from (with its family, set and grade).
    pub seed: u64,
    /// The first steps of its explanation, as printed under its answer.
    pub steps: Vec<String>,
}

/// A book's puzzle of either family.
#[derive(Clone, Debug)]
pub enum Kind {
    /// A placement puzzle and its map.
    Place {
        /// The board of numbers.
        board: Grid,
        /// Its only solution.
        solution: Map,
        /// Its level.
        level: Level,
    },
    /// A Pips puzzle; its solution is inside it.
    Pips {
        /// The puzzle, its solution included.
        puzzle: Puzzle,
        /// Its grade.
        grade: Grade,
    },
}

impl BookPuzzle {
    /// What the caption says of it: `placement, double-9, hard`.
    pub fn kind_name(&self) -> String {
        match &self.kind {
            Kind::Place { board, level, .. } => {
                format!("placement, double-{}, {level}", board.set())
            }
            Kind::Pips { grade, .. } => format!("Pips, {grade}"),
        }
    }
}

/// Seeds skipped (no puzzle found at that seed) before a section gives up.
const MISSES: usize = 20;

/// The seed of try `k` of section `s`: sections never share a stream,
/// even when they ask the same family and grade.
fn seed_of(book: u64, s: usize, k: usize) -> u64 {
    book.wrapping_add((s as u64) << 40).wrapping_add(k as u64)
}

/// Every puzzle of `request`, numbered in order.
pub(super) fn make(request: &BookRequest, limits: &Limits) -> Result<Vec<BookPuzzle>, BookError> {
    let mut puzzles = Vec::new();
    for (s, section) in request.sections.iter().enumerate() {
        let mut misses = 0;
        let mut k = 0;
        let wanted = puzzles.len() + section.count();
        while puzzles.len() < wanted {
            let number = puzzles.len() + 1;
            let seed = seed_of(request.seed, s, k);
            k += 1;
            let made = match *section {
                Section::Place { set, level, .. } => place_puzzle(set, level, seed, limits)
                    .map_err(|error| BookError::Place { number, error }),
                Section::Pips { grade, .. } => pips_puzzle(grade, seed, limits)
                    .map_err(|error| BookError::Pips { number, error }),
            };
            let kind = match made {
                Ok(kind) => kind,
                Err(error) if !error.invalid_request() && misses < MISSES && !limits.reached() => {
                    misses += 1;
                    continue;
                }
                Err(error) => return Err(error),
            };
            let steps = steps(&kind, request.steps, limits);
            puzzles.push(BookPuzzle {
                number,
                kind,
                seed,
                steps,
            });
        }
    }
    Ok(puzzles)
}

fn place_puzzle(
    set: i64,
    level: Level,
    seed: u64,
    limits: &Limits,
) -> Result<Kind, place::GenerateError> {
    let request = place::Request {
        set,
        level,
        seed,
        outline: Outline::for_set(set),
        clues: false,
        max_rounds: place::Request::MAX_ROUNDS,
    };
    let made = place::generate(&request, limits)?;
    Ok(Kind::Place {
        board: made.board,
        solution: made.solution,
        level,
    })
}

fn pips_puzzle(grade: Grade, seed: u64, limits: &Limits) -> Result<Kind, pips::GenerateError> {
    let request = pips::Request {
        shape: None,
        cells: pips::Request::cells_for(grade),
        grade,
        seed,
        tries: pips::Request::TRIES,
        profile: None,
    };
    let made = pips::generate(&request, limits)?;
    Ok(Kind::Pips {
        puzzle: made.puzzle,
        grade,
    })
}

/// The first `n` steps of the puzzle's explanation, `technique: text`.
fn steps(kind: &Kind, n: usize, limits: &Limits) -> Vec<String> {
    if n == 0 {
        return Vec::new();
    }
    match kind {
        Kind::Place { board, .. } => place::explain(board, Level::Extreme, limits)
            .steps
            .iter()
            .take(n)
            .map(|s| format!("{}: {}", s.technique.name(), s.text))
            .collect(),
        Kind::Pips { puzzle, .. } => pips::explain(puzzle, limits)
            .steps
            .iter()
            .take(n)
            .map(|s| format!("{}: {}", s.technique, s.text))
            .collect(),
    }
}

/// The arrow from a cell to its partner under the same domino.
fn arrow(from: Cell, to: Cell) -> char {
    match (
        to.0 as isize - from.0 as isize,
        to.1 as isize - from.1 as isize,
    ) {
        (0, 1) => '→',
        (0, -1) => '←',
        (1, 0) => '↓',
        (-1, 0) => '↑',
        _ => '?',
    }
}

/// The answer in text, one line a row: each cell's value followed by an
/// arrow to the other half of its domino (`3→ ←5`), `·` where there is
/// no cell. With the puzzle it is the whole answer, for a reader without
/// the pictures and for the tests that read the PDF back.
pub fn answer_key(puzzle: &BookPuzzle) -> Vec<String> {
    // Each cell: its value and its partner.
    let (rows, cols, cells): (usize, usize, Vec<(Cell, i64, Cell)>) = match &puzzle.kind {
        Kind::Place {
            board, solution, ..
        } => {
            let mut cells = Vec::new();
            for (k, bone) in solution.bones.iter().enumerate() {
                let (Some(bone), Some(Some(value))) = (bone, board.values().get(k)) else {
                    continue;
                };
                let here = board.position(k);
                let partner = (0..solution.bones.len())
                    .find(|&j| j != k && solution.bones[j] == Some(*bone))
                    .map_or(here, |j| board.position(j));
                cells.push((here, *value, partner));
            }
            (board.rows(), board.cols(), cells)
        }
        Kind::Pips { puzzle, .. } => {
            let (rows, cols) = puzzle.size();
            let mut cells = Vec::new();
            if let Some(solution) = puzzle.solution() {
                for (&[a, b], &[p, q]) in puzzle.dominoes().iter().zip(&solution.placements) {
                    cells.push((p, a, q));
                    cells.push((q, b, p));
                }
            }
            (rows, cols, cells)
        }
    };
    let width = cells
        .iter()
        .map(|c| c.1.to_string().chars().count())
        .max()
        .unwrap_or(1);
    let mut grid = vec![vec![format!("{:>w$} ", "·", w = width); cols]; rows];
    for (here, value, partner) in cells {
        if let Some(slot) = grid.get_mut(here.0).and_then(|row| row.get_mut(here.1)) {
            *slot = format!("{value:>width$}{}", arrow(here, partner));
        }
    }
    grid.into_iter()
        .map(|row| row.join(" ").trim_end().to_string())
        .collect()
}
