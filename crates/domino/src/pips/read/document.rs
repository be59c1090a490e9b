//! What the doors answer for a screenshot ([`ReadingDocument`]): the
//! puzzle read, as the newspaper's JSON and as the text format, where the
//! board is in the picture, what the reader is unsure of, and whether the
//! puzzle read has a solution and only one. A misread puzzle often has
//! none, so a person confirming the reading sees at once that something
//! is wrong. The HTTP service answers it as JSON, Python reads its fields.

use super::{PixelBox, Reading, Unsure};
use crate::pips::{json_value, solve, write_text};
use crate::search::{Goal, Limits};
use serde::Serialize;
use serde_json::Value;

/// The largest screenshot file a door takes, in bytes: a phone's PNG is
/// 1 to 3 MiB, and a larger file is not a screenshot.
pub const MAX_FILE_BYTES: usize = 8 << 20;

/// A reading, with its solutions counted.
///
/// Serializes as `{"board": {x, y, width, height}, "complete": b,
/// "puzzle": {...}, "reason": "..." | null, "solutions": k, "solvable":
/// b, "text": "..." | null, "unique": b, "unsure": [...]}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = PipsReading))]
pub struct ReadingDocument {
    /// Where the board is in the picture.
    pub board: PixelBox,
    /// `solutions` is exact: the count was not stopped at 2 or by a limit.
    pub complete: bool,
    /// The puzzle read, as the newspaper's JSON (`dominoes`, `regions`).
    #[cfg_attr(feature = "schema", schema(value_type = Object))]
    pub puzzle: Value,
    /// Why the puzzle read has no solution, when the solver can tell.
    pub reason: Option<String>,
    /// Solutions found, counted up to 2 (1 with `complete`: unique).
    pub solutions: u64,
    /// The puzzle read has a solution.
    pub solvable: bool,
    /// The puzzle read in the text format (null when it has more regions
    /// than the format has letters).
    pub text: Option<String>,
    /// It has exactly one solution.
    pub unique: bool,
    /// Every cell, badge or domino the reader doubts, with where it is in
    /// the picture; empty when it is sure.
    pub unsure: Vec<Unsure>,
}

impl ReadingDocument {
    /// The document of `reading`, its solutions counted up to 2 within
    /// `limits` (the door's: a search limit stops the count, which is then
    /// not complete).
    pub fn new(reading: &Reading, limits: &Limits) -> ReadingDocument {
        let found = solve(&reading.puzzle, Goal::count_up_to(2), limits);
        ReadingDocument {
            board: reading.board,
            complete: found.complete,
            puzzle: json_value(&reading.puzzle),
            reason: found.reason,
            solutions: found.count,
            solvable: found.count > 0,
            text: write_text(&reading.puzzle).ok(),
            unique: found.count == 1 && found.complete,
            unsure: reading.unsure.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pips::read::Item;
    use crate::pips::{parse_puzzle, verify};

    /// A reading of `text` with one unsure badge.
    fn reading(text: &str) -> Reading {
        Reading {
            puzzle: parse_puzzle(text, None).unwrap(),
            board: PixelBox {
                x: 10,
                y: 20,
                width: 300,
                height: 200,
            },
            unsure: vec![Unsure {
                item: Item::Badge { row: 0, column: 0 },
                pixels: PixelBox {
                    x: 12,
                    y: 22,
                    width: 30,
                    height: 30,
                },
                reason: "the badge reads 1 or 7".into(),
            }],
        }
    }

    #[test]
    fn a_unique_reading_says_so_and_keeps_its_doubts() {
        let read = reading("AB\nCD\nA = 1\nB = 2\nC = 3\nD = 3\n1-2 3-3\n");
        let doc = ReadingDocument::new(&read, &Limits::none());
        assert!(doc.solvable && doc.unique && doc.complete, "{doc:?}");
        assert_eq!(doc.solutions, 1);
        assert_eq!(doc.unsure, read.unsure);
        // The JSON and the text are the puzzle read: each reads back as it.
        let again = parse_puzzle(&doc.puzzle.to_string(), None).unwrap();
        assert_eq!(again, read.puzzle);
        let text = doc.text.as_deref().unwrap();
        assert_eq!(parse_puzzle(text, None).unwrap(), read.puzzle);
        let solved = solve(&again, Goal::UNIQUE, &Limits::none());
        verify(&again, &solved.solutions[0]).unwrap();
        let json = serde_json::to_value(&doc).unwrap();
        assert_eq!(json["unsure"][0]["item"]["kind"], "badge");
        assert_eq!(json["board"]["width"], 300);
    }

    #[test]
    fn a_misread_with_no_solution_is_not_solvable() {
        let doc = ReadingDocument::new(
            &reading("AB\nCD\nA = 1\nB = 2\nC = 3\nD = 4\n1-2 3-3\n"),
            &Limits::none(),
        );
        assert!(!doc.solvable && !doc.unique && doc.complete, "{doc:?}");
        assert_eq!(doc.solutions, 0);
    }

    #[test]
    fn two_solutions_are_solvable_not_unique() {
        let doc = ReadingDocument::new(&reading("AA\nAA\nA = 6\n1-2 1-2\n"), &Limits::none());
        assert!(doc.solvable && !doc.unique, "{doc:?}");
        assert_eq!(doc.solutions, 2);
    }
}
