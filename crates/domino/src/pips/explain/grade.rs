//! The grade on the newspaper's scale, and the last step of a puzzle with
//! several solutions.
//!
//! The newspaper's label follows the board's size first (its rank
//! correlation with the count of cells is about 0.87), then the work the
//! deductions ask: a medium deduction (a piece's one place, a count of
//! halves, a region's combinations) costs a person more than an easy one,
//! and a case tried on paper more still. So a puzzle's effort is its
//! cells plus a weight per medium deduction and per case, and two
//! thresholds cut easy from medium and medium from hard. The weights and
//! thresholds were fitted on the newspaper's puzzles of 2025-08-18 to
//! 2025-09-08 and checked on the eight days after (the confusion matrix:
//! `cargo run --release -p domino-puzzles --example pips_grades`).

use super::{Grade, Step};
use crate::pips::model::{compact, Puzzle, Solution};
use crate::Cell;
use std::collections::BTreeSet;

/// Effort points each medium deduction adds to the count of cells.
const MEDIUM_WEIGHT: f64 = 1.0;
/// Effort points each case (reasoning by cases) adds: a case mostly
/// replays medium deductions, which count already.
const CASE_WEIGHT: f64 = 0.25;
/// Below this effort a puzzle is easy (a 12-cell board with no medium
/// deduction still is).
const MEDIUM_FROM: f64 = 12.25;
/// From this effort on a puzzle is hard.
const HARD_FROM: f64 = 18.0;

/// A person's effort on a puzzle whose deductions are `steps`.
pub fn effort(puzzle: &Puzzle, steps: &[Step]) -> f64 {
    let medium = steps.iter().filter(|s| s.level == Grade::Medium).count();
    let cases = steps.iter().filter(|s| s.level == Grade::Hard).count();
    puzzle.cells().len() as f64 + MEDIUM_WEIGHT * medium as f64 + CASE_WEIGHT * cases as f64
}

/// The most cells a board of `grade` can have (`None`: no bound): its
/// effort starts at its count of cells, so a larger board grades harder
/// whatever its deductions (easy: 12 cells, medium: 16).
pub fn most_cells(grade: Grade) -> Option<usize> {
    let below = match grade {
        Grade::Easy => MEDIUM_FROM,
        Grade::Medium => HARD_FROM,
        Grade::Hard => return None,
    };
    // The largest even count of cells under the threshold.
    let most = (below.ceil() as usize - 1) / 2 * 2;
    Some(most)
}

/// The grade of a puzzle whose deductions are `steps`.
pub fn grade(puzzle: &Puzzle, steps: &[Step]) -> Grade {
    let effort = effort(puzzle, steps);
    if effort < MEDIUM_FROM {
        Grade::Easy
    } else if effort < HARD_FROM {
        Grade::Medium
    } else {
        Grade::Hard
    }
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
        technique: "several solutions".to_string(),
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
}
