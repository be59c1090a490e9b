//! What can be said before any search: counts that cannot work, cells no
//! domino can reach, parts of the board that no dominoes can tile, and
//! rules that no choice of the given pieces can meet. Each failure is a
//! sentence a person can act on.

use super::model::{Puzzle, Rule};
use crate::tile::Value;
use crate::Cell;
use std::collections::{HashMap, HashSet};

fn show(c: Cell) -> String {
    format!("[{},{}]", c.0, c.1)
}

/// A rule as messages say it: "sum 6", "less than 3", "all equal".
pub(super) fn rule_words(rule: Rule) -> String {
    match rule {
        Rule::Sum(t) => format!("sum {t}"),
        Rule::Less(t) => format!("less than {t}"),
        Rule::Greater(t) => format!("greater than {t}"),
        Rule::Equal => "all equal".to_string(),
        Rule::Unequal => "all different".to_string(),
        Rule::Empty => "no rule".to_string(),
    }
}

/// How a region is named in messages: its rule and its first cell.
pub fn region_name(puzzle: &Puzzle, r: usize) -> String {
    let region = &puzzle.regions[r];
    let first = region.cells.first().map_or(String::new(), |&c| show(c));
    let rule = rule_words(region.rule);
    let size = region.cells.len();
    let cells = if size == 1 { "cell" } else { "cells" };
    format!("the {rule} region at {first} ({size} {cells})")
}

/// Why a puzzle has no solution, seen before any search.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ValidationError {
    /// The dominoes cover another number of cells than the board has.
    #[error("the {dominoes} dominoes cover {} cells but the board has {cells}", 2 * .dominoes)]
    Cover {
        /// Dominoes given.
        dominoes: usize,
        /// Cells on the board.
        cells: usize,
    },
    /// A cell with no neighbouring cell.
    #[error("cell {} has no neighbouring cell, so no domino can cover it", show(*.0))]
    Isolated(Cell),
    /// A part of the board with unequal chessboard colours.
    #[error("the part of the board joined to {} cannot be tiled by dominoes: coloured like a chessboard it has {dark} dark and {light} light cells, and every domino covers one of each", show(*.start))]
    Unbalanced {
        /// A cell of that part.
        start: Cell,
        /// Its dark cells.
        dark: usize,
        /// Its light cells.
        light: usize,
    },
    /// A sum no choice of the pieces' values reaches.
    #[error(
        "{name} cannot be met: {size} values from these dominoes sum to between {low} and {high}"
    )]
    SumOutOfReach {
        /// The region's index.
        region: usize,
        /// The region as messages name it ([`region_name`]).
        name: String,
        /// Its cells.
        size: usize,
        /// The smallest sum of that many values.
        low: i64,
        /// The largest.
        high: i64,
    },
    /// A "less than" the smallest values already break.
    #[error(
        "{name} cannot be met: the {size} smallest values of these dominoes already sum to {low}"
    )]
    LessOutOfReach {
        /// The region's index.
        region: usize,
        /// The region as messages name it.
        name: String,
        /// Its cells.
        size: usize,
        /// The smallest sum of that many values.
        low: i64,
    },
    /// A "greater than" the largest values do not reach.
    #[error(
        "{name} cannot be met: the {size} largest values of these dominoes sum to only {high}"
    )]
    GreaterOutOfReach {
        /// The region's index.
        region: usize,
        /// The region as messages name it.
        name: String,
        /// Its cells.
        size: usize,
        /// The largest sum of that many values.
        high: i64,
    },
    /// An equal region larger than any value's count.
    #[error("{name} cannot be met: no value appears {size} times on these dominoes")]
    NoValueOften {
        /// The region's index.
        region: usize,
        /// The region as messages name it.
        name: String,
        /// Its cells.
        size: usize,
    },
    /// A different region larger than the number of distinct values.
    #[error("{name} cannot be met: these dominoes show only {distinct} different values")]
    TooFewValues {
        /// The region's index.
        region: usize,
        /// The region as messages name it.
        name: String,
        /// Distinct values on the dominoes.
        distinct: usize,
    },
}

/// `Err(reason)` when the puzzle has no solution for a reason visible
/// before searching.
pub fn validate(puzzle: &Puzzle) -> Result<(), ValidationError> {
    let cells = puzzle.cells();
    if cells.len() != 2 * puzzle.dominoes.len() {
        return Err(ValidationError::Cover {
            dominoes: puzzle.dominoes.len(),
            cells: cells.len(),
        });
    }
    let on: HashSet<Cell> = cells.iter().copied().collect();
    let neighbours = |(r, c): Cell| {
        let mut n = vec![(r + 1, c), (r, c + 1)];
        if r > 0 {
            n.push((r - 1, c));
        }
        if c > 0 {
            n.push((r, c - 1));
        }
        n.into_iter().filter(|x| on.contains(x)).collect::<Vec<_>>()
    };
    for &c in &cells {
        if neighbours(c).is_empty() {
            return Err(ValidationError::Isolated(c));
        }
    }
    let mut seen: HashSet<Cell> = HashSet::new();
    for &start in &cells {
        if !seen.insert(start) {
            continue;
        }
        let (mut dark, mut light) = (0usize, 0usize);
        let mut stack = vec![start];
        while let Some(c) = stack.pop() {
            if (c.0 + c.1) % 2 == 0 {
                dark += 1;
            } else {
                light += 1;
            }
            for n in neighbours(c) {
                if seen.insert(n) {
                    stack.push(n);
                }
            }
        }
        if dark != light {
            return Err(ValidationError::Unbalanced { start, dark, light });
        }
    }
    let mut halves: Vec<Value> = puzzle.dominoes.iter().flatten().copied().collect();
    halves.sort_unstable();
    let mut per_value: HashMap<Value, usize> = HashMap::new();
    for &v in &halves {
        *per_value.entry(v).or_default() += 1;
    }
    for (r, region) in puzzle.regions.iter().enumerate() {
        let k = region.cells.len();
        let low: i64 = halves.iter().take(k).sum();
        let high: i64 = halves.iter().rev().take(k).sum();
        let name = || region_name(puzzle, r);
        let size = k;
        match region.rule {
            Rule::Sum(t) if t < low || t > high => {
                return Err(ValidationError::SumOutOfReach {
                    region: r,
                    name: name(),
                    size,
                    low,
                    high,
                })
            }
            Rule::Less(t) if low >= t => {
                return Err(ValidationError::LessOutOfReach {
                    region: r,
                    name: name(),
                    size,
                    low,
                })
            }
            Rule::Greater(t) if high <= t => {
                return Err(ValidationError::GreaterOutOfReach {
                    region: r,
                    name: name(),
                    size,
                    high,
                })
            }
            Rule::Equal if per_value.values().all(|&n| n < k) => {
                return Err(ValidationError::NoValueOften {
                    region: r,
                    name: name(),
                    size,
                })
            }
            Rule::Unequal if per_value.len() < k => {
                return Err(ValidationError::TooFewValues {
                    region: r,
                    name: name(),
                    distinct: per_value.len(),
                })
            }
            _ => {}
        }
    }
    Ok(())
}
