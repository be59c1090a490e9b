//! What the generator draws at each level: the boards' sizes, how often a
//! board has a hole or lies in two pieces, the largest rule region, the
//! share of cells without a rule, the share of different regions, the
//! highest pip. The built-in profile ([`Profile::newspaper`]) is the
//! table of the shared newspaper days (2025-08-18 to 2025-09-16); a
//! profile learnt from day files ([`Profile::learn`]) makes the
//! generator follow the newspaper as it changes (`pips generate --like`).

use super::board::{has_hole, parts};
use crate::pips::explain::Grade;
use crate::pips::model::Rule;
use crate::pips::parse::Labeled;
use crate::tile::Value;
use crate::Cell;
use std::collections::{BTreeMap, BTreeSet};

/// What the generator draws at one level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// Boards' cells and how often each is drawn.
    pub cells: Vec<(usize, u64)>,
    /// Boards in a hundred with a hole.
    pub hole: u64,
    /// Boards in a hundred in more than one piece.
    pub split: u64,
    /// The largest rule region of a try and how often each is drawn (at
    /// most 8 cells: the sizes a region is drawn with).
    pub largest: Vec<(usize, u64)>,
    /// Cells in a hundred that start without a rule (loosening takes the
    /// rule off about twice as many more, so a third of the share the
    /// puzzles end with).
    pub free: u64,
    /// Regions in a hundred, of 2 to 4 cells of different values, that
    /// start as different rather than with their sum.
    pub unequal: u64,
    /// The highest pip of the pieces dealt (more when a large board needs
    /// more pieces than the set has).
    pub pips: Value,
}

/// What the generator draws at each level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Profile {
    /// One [`Level`] for easy, medium and hard, in that order.
    pub levels: [Level; 3],
}

/// Why no profile was learnt.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProfileError {
    /// No puzzle of the day files has this level.
    #[error("the day files have no {} puzzle: a profile needs puzzles of every level", .0.name())]
    NoPuzzles(Grade),
}

/// The largest rule region a try draws.
const MOST_LARGEST: usize = 8;

/// A learnt share of cells without a rule becomes a share at the start
/// divided by this: loosening takes the rule off more (the built-in
/// table starts at 7, 5 and 3 for the newspaper's 21, 14 and 9).
const FREE_AT_START: u64 = 3;

/// A learnt share of different regions becomes a share at the start
/// multiplied by this: only regions of 2 to 4 cells of different values
/// may start different, and tightening splits many (the built-in table
/// starts medium at 30 for the newspaper's 3).
const UNEQUAL_AT_START: u64 = 10;

impl Profile {
    /// The shared days' table, the default.
    pub fn newspaper() -> Profile {
        Profile {
            levels: [
                Level {
                    cells: vec![(6, 3), (8, 6), (10, 3), (12, 1)],
                    hole: 10,
                    split: 3,
                    largest: vec![(4, 1)],
                    free: 7,
                    unequal: 0,
                    pips: 6,
                },
                Level {
                    cells: vec![(10, 3), (12, 5), (14, 3), (16, 2)],
                    hole: 20,
                    split: 3,
                    largest: vec![(3, 2), (4, 2), (5, 1)],
                    free: 5,
                    unequal: 30,
                    pips: 6,
                },
                Level {
                    cells: vec![
                        (16, 2),
                        (18, 3),
                        (20, 5),
                        (22, 3),
                        (24, 2),
                        (26, 1),
                        (28, 1),
                        (32, 1),
                    ],
                    hole: 17,
                    split: 10,
                    largest: vec![(8, 1)],
                    free: 3,
                    unequal: 20,
                    pips: 6,
                },
            ],
        }
    }

    /// The profile of `puzzles` (a day file's, labelled with their level;
    /// unlabelled ones are left out): each level's board sizes, holes,
    /// pieces, largest rule regions, cells without a rule and different
    /// regions as often as they come there.
    pub fn learn(puzzles: &[Labeled]) -> Result<Profile, ProfileError> {
        let level = |grade: Grade| -> Result<Level, ProfileError> {
            let of: Vec<&Labeled> = puzzles.iter().filter(|p| p.level == Some(grade)).collect();
            if of.is_empty() {
                return Err(ProfileError::NoPuzzles(grade));
            }
            Ok(learn_level(&of))
        };
        Ok(Profile {
            levels: [
                level(Grade::Easy)?,
                level(Grade::Medium)?,
                level(Grade::Hard)?,
            ],
        })
    }

    /// What is drawn at `grade`.
    pub fn level(&self, grade: Grade) -> &Level {
        &self.levels[grade as usize]
    }
}

impl Default for Profile {
    fn default() -> Self {
        Profile::newspaper()
    }
}

/// Shares in a hundred, rounded.
fn percent(part: usize, whole: usize) -> u64 {
    ((100 * part + whole / 2) / whole.max(1)) as u64
}

/// How often each value of `values` comes.
fn tally(values: impl Iterator<Item = usize>) -> Vec<(usize, u64)> {
    let mut counts: BTreeMap<usize, u64> = BTreeMap::new();
    for v in values {
        *counts.entry(v).or_default() += 1;
    }
    counts.into_iter().collect()
}

fn learn_level(puzzles: &[&Labeled]) -> Level {
    let boards: Vec<BTreeSet<Cell>> = puzzles
        .iter()
        .map(|p| p.puzzle.cells().into_iter().collect())
        .collect();
    let ruled = || {
        puzzles
            .iter()
            .flat_map(|p| p.puzzle.regions())
            .filter(|r| r.rule != Rule::Empty)
    };
    let cells: usize = boards.iter().map(BTreeSet::len).sum();
    let free: usize = puzzles
        .iter()
        .flat_map(|p| p.puzzle.regions())
        .filter(|r| r.rule == Rule::Empty)
        .map(|r| r.cells.len())
        .sum();
    let unequal = ruled().filter(|r| r.rule == Rule::Unequal).count();
    let largest = puzzles.iter().map(|p| {
        p.puzzle
            .regions()
            .iter()
            .filter(|r| r.rule != Rule::Empty)
            .map(|r| r.cells.len())
            .max()
            .unwrap_or(1)
            .clamp(1, MOST_LARGEST)
    });
    Level {
        cells: tally(boards.iter().map(BTreeSet::len)),
        hole: percent(boards.iter().filter(|b| has_hole(b)).count(), boards.len()),
        split: percent(
            boards.iter().filter(|b| parts(b).len() > 1).count(),
            boards.len(),
        ),
        largest: tally(largest),
        free: percent(free, cells) / FREE_AT_START,
        unequal: (percent(unequal, ruled().count()) * UNEQUAL_AT_START).min(100),
        pips: puzzles
            .iter()
            .flat_map(|p| p.puzzle.dominoes().iter().flatten())
            .copied()
            .max()
            .unwrap_or(6),
    }
}
