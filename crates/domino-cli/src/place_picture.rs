//! Place boards and maps as the renderer takes them, and the `--svg` /
//! `--html` files of `domino place solve`.

use crate::input::{write_file, CliError};
use domino::place::{Board, Map};
use domino::render::{html, place_svg, Cell, PlacePicture};
use std::path::Path;

/// A board's numbers as rows (None for holes) and its clues as cell pairs.
pub struct PlaceRows {
    pub values: Vec<Vec<Option<u32>>>,
    pub clues: Vec<[Cell; 2]>,
}

impl PlaceRows {
    pub fn of(board: &Board) -> Self {
        let values = (0..board.rows)
            .map(|r| board.values[r * board.cols..(r + 1) * board.cols].to_vec())
            .collect();
        let clues = board
            .clues
            .iter()
            .map(|clue| clue.cells.map(|cell| board.position(cell)))
            .collect();
        PlaceRows { values, clues }
    }

    /// The picture of the board, with a solution drawn over it if given.
    pub fn svg(&self, solution: Option<&Map>) -> String {
        let rows = solution.map(Map::to_rows);
        place_svg(&PlacePicture {
            board: &self.values,
            solution: rows.as_deref(),
            clues: &self.clues,
        })
    }
}

/// Writes the `--svg` and `--html` files of one solved board (the first
/// solution drawn, or the bare board when there is none).
pub fn write_place_pictures(
    svg_path: Option<&Path>,
    html_path: Option<&Path>,
    caption: &str,
    board: &Board,
    solution: Option<&Map>,
) -> Result<(), CliError> {
    if svg_path.is_none() && html_path.is_none() {
        return Ok(());
    }
    let svg = PlaceRows::of(board).svg(solution);
    if let Some(path) = svg_path {
        write_file(path, svg.as_bytes())?;
    }
    if let Some(path) = html_path {
        let page = html::single("domino place", html::Figure::still(caption, svg));
        write_file(path, page.as_bytes())?;
    }
    Ok(())
}
