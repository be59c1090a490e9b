//! The grade on the newspaper's scale, and the last step of a puzzle with
//! several solutions.
//!
//! A puzzle's grade reads its [`Work`]: what the deductions asked of a
//! person (the medium deductions, the cases tried on paper, how many
//! kinds of harder deduction) and, with a smaller weight, the board's
//! size. Its effort is a weighted sum and two thresholds cut easy from
//! medium and medium from hard ([`Scale`]). The newspaper's label
//! follows the size most on the days we have (rank correlation about
//! 0.87), but its boards grow from month to month (its later medium
//! puzzles have 16 cells at the median, 12 before), so a grade that
//! leans on size alone calls the later medium puzzles hard. The weights
//! were therefore fitted as a forecaster would: on the earlier half of
//! the newspaper's days only, in time order, with every medium and hard
//! puzzle counted a second time with four more cells and the same
//! deductions (a medium puzzle simply larger stays medium), and checked
//! on the later half (`bench/pips-grades/run`, PERFORMANCE.md).

use super::{Grade, Step};
use crate::pips::model::{compact, Puzzle, Solution};
use crate::Cell;
use std::collections::BTreeSet;

/// The technique of the last step of a puzzle with several solutions.
pub(super) const SEVERAL: &str = "several solutions";

/// What solving a puzzle by deductions asks of a person: the profile its
/// grade reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// The board's cells.
    pub cells: usize,
    /// Medium deductions (one place left, a count of values or halves, a
    /// region's combinations...).
    pub medium: usize,
    /// Steps that need reasoning by cases (a supposition refuted).
    pub cases: usize,
    /// Kinds of medium deduction used, and reasoning by cases as one more
    /// kind: each new kind is one more idea a person must find.
    pub kinds: usize,
}

impl Work {
    /// The work of `puzzle` solved by `steps`.
    pub fn of(puzzle: &Puzzle, steps: &[Step]) -> Work {
        let harder: Vec<&Step> = steps.iter().filter(|s| s.level > Grade::Easy).collect();
        let kinds: BTreeSet<&str> = harder.iter().map(|s| s.technique.as_str()).collect();
        Work {
            cells: puzzle.cells().len(),
            medium: harder.iter().filter(|s| s.level == Grade::Medium).count(),
            cases: harder.iter().filter(|s| s.level == Grade::Hard).count(),
            kinds: kinds.len(),
        }
    }
}

/// The weights of a puzzle's effort and the thresholds that grade it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale {
    /// Effort points per cell of the board.
    pub per_cell: f64,
    /// Effort points per medium deduction.
    pub per_medium: f64,
    /// Effort points per case (a case mostly replays medium deductions).
    pub per_case: f64,
    /// Effort points per kind of harder deduction used.
    pub per_kind: f64,
    /// Below this effort a puzzle is easy.
    pub medium_from: f64,
    /// From this effort on a puzzle is hard.
    pub hard_from: f64,
}

impl Scale {
    /// The newspaper's scale, as fitted on its days 2025-08-18 to
    /// 2025-09-01 (the earlier half of the shared days).
    pub const NEWSPAPER: Scale = Scale {
        per_cell: 0.5,
        per_medium: 0.0,
        per_case: 0.25,
        per_kind: 1.0,
        medium_from: 5.5,
        hard_from: 10.75,
    };

    /// A person's effort on `work`.
    pub fn effort(&self, work: &Work) -> f64 {
        self.per_cell * work.cells as f64
            + self.per_medium * work.medium as f64
            + self.per_case * work.cases as f64
            + self.per_kind * work.kinds as f64
    }

    /// The grade of `work` on this scale.
    pub fn grade(&self, work: &Work) -> Grade {
        let effort = self.effort(work);
        if effort < self.medium_from {
            Grade::Easy
        } else if effort < self.hard_from {
            Grade::Medium
        } else {
            Grade::Hard
        }
    }
}

/// The most cells a board of `grade` can have (`None`: no bound): its
/// effort starts at its cells' share, so a larger board grades harder
/// whatever its deductions (on the newspaper's scale easy: 10 cells,
/// medium: 20).
pub fn most_cells(grade: Grade) -> Option<usize> {
    let scale = Scale::NEWSPAPER;
    let below = match grade {
        Grade::Easy => scale.medium_from,
        Grade::Medium => scale.hard_from,
        Grade::Hard => return None,
    };
    // The largest even count of cells whose share stays under the
    // threshold.
    let most = ((below / scale.per_cell).ceil() as usize - 1) / 2 * 2;
    Some(most)
}

/// The grade of a puzzle whose deductions are `steps`.
pub fn grade(puzzle: &Puzzle, steps: &[Step]) -> Grade {
    Scale::NEWSPAPER.grade(&Work::of(puzzle, steps))
}

/// The pieces of a solution as laid: the two cells (in order) and the
/// value on each.
fn laid(puzzle: &Puzzle, solution: &Solution) -> BTreeSet<(Cell, Cell, u32, u32)> {
    puzzle
        .dominoes
        .iter()
        .zip(&solution.placements)
        .map(|(&[x, y], &[a, b])| {
            let (x, y) = (compact(x), compact(y));
            if a <= b {
                (a, b, x, y)
            } else {
                (b, a, y, x)
            }
        })
        .collect()
}

/// "row 1, column 2": a cell as the picture shows it.
fn show((r, c): Cell) -> String {
    format!("row {}, column {}", r + 1, c + 1)
}

/// "2-1 on row 3, column 1 and row 3, column 2" for each piece.
fn show_pieces(pieces: &[&(Cell, Cell, u32, u32)]) -> String {
    let words: Vec<String> = pieces
        .iter()
        .map(|&&(a, b, x, y)| format!("{x}-{y} on {} and {}", show(a), show(b)))
        .collect();
    words.join("; ")
}

/// The last step of a puzzle with several solutions: nothing more is
/// forced on the `open` cells, and two solutions show which pieces trade
/// places there.
pub fn several(puzzle: &Puzzle, one: &Solution, other: &Solution, open: &[Cell]) -> Step {
    let (a, b) = (laid(puzzle, one), laid(puzzle, other));
    let only_a: Vec<_> = a.difference(&b).collect();
    let only_b: Vec<_> = b.difference(&a).collect();
    let mut kinds: Vec<String> = only_a
        .iter()
        .map(|&&(_, _, x, y)| format!("{}-{}", x.min(y), x.max(y)))
        .collect();
    kinds.sort();
    kinds.dedup();
    let who = if kinds.len() == 1 {
        format!("{} can lie either way", kinds[0])
    } else {
        format!("{} can trade places", super::state::either(&kinds, "and"))
    };
    Step {
        technique: SEVERAL.to_string(),
        level: Grade::Easy,
        text: format!(
            "nothing more is forced: the puzzle has more than one solution and the rest is free. {who}: one solution lays {}, another lays {}, and every rule holds both ways",
            show_pieces(&only_a),
            show_pieces(&only_b)
        ),
        cells: open.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board of `cells` cells whose every cell is its own exact region:
    /// the least effort a board of that size can have.
    fn plain(cells: usize) -> Puzzle {
        let dominoes: Vec<[crate::tile::Value; 2]> =
            (0..cells / 2).map(|k| [0, k as i64]).collect();
        let regions = (0..cells)
            .map(|c| crate::pips::Region {
                cells: vec![(0, c)],
                rule: crate::pips::Rule::Empty,
            })
            .collect();
        Puzzle::new(dominoes, regions).expect("a valid strip")
    }

    #[test]
    fn the_most_cells_of_a_grade_are_where_size_alone_grades_harder() {
        for grade in [Grade::Easy, Grade::Medium] {
            let most = most_cells(grade).expect("easy and medium are bounded");
            assert!(grade_of(&plain(most)) <= grade, "{grade:?} {most}");
            assert!(grade_of(&plain(most + 2)) > grade, "{grade:?} {most}");
        }
        assert_eq!(most_cells(Grade::Hard), None);
    }

    fn grade_of(puzzle: &Puzzle) -> Grade {
        grade(puzzle, &[])
    }

    /// The size trap: the newspaper's medium boards grow (12 cells at the
    /// median on the shared days, 16 later), so the deductions of a
    /// medium puzzle keep their grade on a board 4 cells larger.
    #[test]
    fn a_medium_puzzle_simply_larger_stays_medium() {
        let scale = Scale::NEWSPAPER;
        for (medium, cases, kinds) in [(0, 0, 0), (1, 0, 1), (3, 0, 1), (2, 1, 2)] {
            let work = |cells| Work {
                cells,
                medium,
                cases,
                kinds,
            };
            assert_eq!(
                scale.grade(&work(12)),
                Grade::Medium,
                "{medium} {cases} {kinds}"
            );
            assert_eq!(
                scale.grade(&work(16)),
                Grade::Medium,
                "{medium} {cases} {kinds}"
            );
        }
        // Cases of several kinds make a puzzle of either size hard.
        let hard = |cells| Work {
            cells,
            medium: 4,
            cases: 3,
            kinds: 4,
        };
        assert_eq!(scale.grade(&hard(12)), Grade::Hard);
        assert_eq!(scale.grade(&hard(16)), Grade::Hard);
    }

    /// The work counts the harder steps, each kind once.
    #[test]
    fn work_counts_medium_steps_cases_and_kinds() {
        let step = |technique: &str, level| Step {
            technique: technique.to_string(),
            level,
            text: String::new(),
            cells: Vec::new(),
        };
        let steps = [
            step("forced placement", Grade::Easy),
            step("value count", Grade::Medium),
            step("value count", Grade::Medium),
            step("one place left", Grade::Medium),
            step("reasoning by cases", Grade::Hard),
            step(SEVERAL, Grade::Easy),
        ];
        let work = Work::of(&plain(8), &steps);
        assert_eq!(
            work,
            Work {
                cells: 8,
                medium: 3,
                cases: 1,
                kinds: 3
            }
        );
    }
}
