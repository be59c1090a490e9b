//! The place family: cover a grid of numbers (any shape, holes allowed,
//! clue pieces allowed) with every domino of a double-N set exactly once,
//! each domino on two adjacent cells showing its two numbers.
//!
//! - [`parse_grids`] reads every input format (whitespace numbers, compact
//!   digits, the `#dp` format with clues, batches), with errors that name
//!   the line and column.
//! - [`Grid::new`] builds a board from its parts and refuses a malformed
//!   one ([`ShapeError`]); the parsers make only well-formed boards, so no
//!   entry point checks a board's shape again.
//! - [`validate`] says, before any search, when the counts already rule
//!   a board out (cells against the set, each number's count).
//! - [`solve`] runs forced deductions and then an exact-cover search
//!   (crate `exact-cover`); it counts up to a limit and keeps maps, so it
//!   also proves a solution unique.
//! - [`verify`] checks a map without trusting the solver.
//! - [`check_play`] and [`hint`] help a person solving a board by hand: the
//!   pieces laid that are wrong, and the next deduction from there.
//! - [`Grid::candidates`] lists every placement the board allows, and
//!   [`random_grid`] makes a board with a known solution.
//!
//! [`Place`] fills the board-puzzle contract ([`crate::board`]) with
//! these, as `pips::Pips` does for pips; [`count`] counts as pips counts.
//!
//! Bones are numbered 1.. in the order 0-0, 0-1, ..., 0-N, 1-1, ..., N-N
//! ([`crate::tile::bone_number`]); a solution is a [`Map`] of bone numbers.

mod contract;
mod deduce;
mod engine;
mod generate;
mod grid;
mod id;
mod outline;
mod parse;
mod play;
mod random;
mod report;
mod solve;
mod text;
mod validate;
mod verify;

pub use crate::search::Limits;
pub use crate::search::{Count, Goal};
pub use crate::search::{SolveMode, SolveOptions};
pub use contract::{Place, Played};
pub use deduce::{deduce, explain, grade, Deduction, Grade, Level, Step, Technique};
pub use generate::{generate, GenerateError, Generated, Request};
pub use grid::{Clue, Grid, Map, Placement, ShapeError, ValueAboveSet};
pub use id::{game_id, GameIdError};
pub use outline::{parse_outline, Outline};
pub use parse::{grid_from_rows, parse_grids, GridError, GridPart, MAX_GRIDS, MAX_SET, MAX_SIDE};
pub use play::{
    check_play, hint, Broken, CheckDocument, Duplicate, DuplicateDocument, HintDocument,
    HintReport, HintStepDocument, Laid, PieceDocument, PlayCheck,
};
pub use random::{random_grid, random_unique_grid};
pub use report::{
    batch_heading, grade_of, ExplainDocument, ExplainReport, GenerateDocument, GenerateReport,
    SolveDocument, SolveReport, StepDocument,
};
pub use solve::{count, solve, solve_by_exact_cover, solve_each, Solutions};
pub use text::{box_picture, dp_text, map_text, whitespace_text, DpTooLarge};
pub use validate::{validate, ValidationError};
pub use verify::{verify, VerifyError};
