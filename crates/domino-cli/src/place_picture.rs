//! Place boards and maps as the renderer takes them, and the `--svg` /
//! `--html` files of `domino place solve` and `domino place explain`.

use crate::input::{write_file, CliError};
use domino::place::{Board, Deduction, Map};
use domino::render::html::Figure;
use domino::render::{explain_player, html, place_svg, Cell, ExplainStep, PlacePicture};
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

    /// The deductions as a player: one step per deduction, then the
    /// solution when the deductions found it.
    pub fn explain(&self, board: &Board, deduction: &Deduction, caption: &str) -> Figure {
        let steps: Vec<ExplainStep> = deduction
            .steps
            .iter()
            .map(|step| ExplainStep {
                technique: step.technique.name().to_string(),
                text: step.text.clone(),
                cells: step.cells.iter().map(|&c| board.position(c)).collect(),
            })
            .collect();
        let solution = deduction
            .complete
            .then(|| Map::from_placements(board, deduction.placed.iter().copied()).to_rows());
        explain_player(
            &PlacePicture {
                board: &self.values,
                solution: solution.as_deref(),
                clues: &self.clues,
            },
            &steps,
            caption,
        )
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

/// Writes the `--svg` (the board, solved if the deductions finish) and
/// `--html` (the step player) files of `place explain`.
pub fn write_explain_pictures(
    svg_path: Option<&Path>,
    html_path: Option<&Path>,
    caption: &str,
    board: &Board,
    deduction: &Deduction,
) -> Result<(), CliError> {
    let rows = PlaceRows::of(board);
    if let Some(path) = svg_path {
        let solution = deduction
            .complete
            .then(|| Map::from_placements(board, deduction.placed.iter().copied()));
        write_file(path, rows.svg(solution.as_ref()).as_bytes())?;
    }
    if let Some(path) = html_path {
        let figure = rows.explain(board, deduction, caption);
        let page = html::single("domino place explain", figure);
        write_file(path, page.as_bytes())?;
    }
    Ok(())
}
