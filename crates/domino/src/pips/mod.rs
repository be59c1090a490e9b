//! The pips family: a given list of dominoes must cover a shaped board
//! whose cells are grouped into regions with rules (the values sum to t,
//! sum below t, sum above t, all equal, all different, no rule), as in the
//! newspaper puzzle "Pips".
//!
//! - [`parse_puzzles`] reads the newspaper's JSON (one puzzle, a day file
//!   of three, or a batch of them) and the text format ([`write_text`],
//!   [`write_json`] write them back).
//! - [`Puzzle::new`] builds a puzzle from dominoes and regions and refuses
//!   one no parser makes ([`ShapeError`]), so no entry point checks a
//!   puzzle's shape again.
//! - [`validate`] says why a puzzle cannot work before any search.
//! - [`solve`] counts solutions exactly by a memoised search and lists
//!   the first ones, as far as a [`Goal`] says, within [`Limits`] (nodes,
//!   time, a stop flag); [`count`] only counts.
//! - [`verify`] checks a solution without trusting the solver.
//! - [`explain`] gives the deductions a person makes, and a grade;
//!   [`generate`] makes unique puzzles of a chosen grade.
//! - [`check_play`] judges a player's pieces so far (play support for the
//!   web app); [`plays_that_count`] says which of them a picture draws;
//!   [`hint`] gives the next deduction from the player's position.
//! - [`SolveReport`] and [`ExplainReport`] are the answers of `domino pips
//!   solve` and `explain` as JSON and text, the same for the command line
//!   and the HTTP service.
//!
//! [`Pips`] fills the board-puzzle contract ([`crate::board`]) with
//! these, as `place::Place` does for place.
//!
//! Pictures are not drawn here: the render module sits above every family
//! and draws a puzzle, a solution and a player's pieces (`pips_puzzle_svg`,
//! `pips_play_svg`, and `SolveReport::svg` and `html`). No family imports
//! render or another family; a test in layering.rs fails when one does.
//!
//! Two solutions differ when the cells are paired differently or some cell
//! gets a different value: a double laid either way round, or two copies
//! of a piece swapped, is the same solution.

mod contract;
mod engine;
mod explain;
mod generate;
mod hint;
mod json;
mod memo;
mod model;
mod parse;
mod play;
#[cfg(feature = "read")]
pub mod read;
mod report;
mod solve;
mod tally;
mod text;
mod validate;
mod verify;

pub use crate::search::Limits;
pub use crate::search::{Count, Goal};
pub use crate::search::{SolveMode, SolveOptions};
pub use contract::Pips;
pub use explain::{explain, Explanation, Grade, Scale, Step, Work};
pub use generate::{generate, GenerateError, Generated, Level, Profile, ProfileError, Request};
pub use hint::{hint, HintReport};
pub use json::{json_value, parse_json, write_json};
pub use model::{values_grid, Puzzle, Region, Rule, ShapeError, Solution, MAX_SIDE, MAX_VALUE};
pub use parse::{parse_puzzle, parse_puzzles, Labeled};
pub use play::{check_play, plays_that_count, BadPlay, BrokenRule, Laid, PlayCheck};
pub use report::{
    picture, ExplainDocument, ExplainReport, SolveDocument, SolveReport, StepDocument,
};
pub use solve::{count, solve, solve_each, Solutions};
pub use text::{marked_cells, parse_text, write_text, TooManyRegions};
pub use validate::{region_name, validate, ValidationError};
pub use verify::{verify, VerifyError};
