//! The place formats written back as text, beside their parser
//! (parse.rs): the whitespace format, the `#dp` format with clues, a map of
//! bone numbers, and the board with its pieces' borders drawn in
//! box-drawing characters.

use super::{Grid, Map};
use crate::text_grid::junction;
use crate::tile::Value;
use std::fmt::Write;

/// The board does not fit the `#dp` format (digits 0-9, squares numbered
/// `row*10+col`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the #dp format holds boards up to double-9 and 10 columns (this is double-{set}, {cols} columns)")]
pub struct DpTooLarge {
    /// The board's set is double-`set`.
    pub set: Value,
    /// The board's number of columns.
    pub cols: usize,
}

/// Rows of numbers, `.` for holes, right-aligned (the whitespace format).
pub fn whitespace_text(board: &Grid) -> String {
    let width = board.set.to_string().len();
    let mut text = String::new();
    for row in board.values.chunks(board.cols.max(1)) {
        let cells: Vec<String> = row
            .iter()
            .map(|v| match v {
                Some(v) => format!("{v:>width$}"),
                None => format!("{:>width$}", "."),
            })
            .collect();
        text.push_str(cells.join(" ").trim_end());
        text.push('\n');
    }
    text
}

/// The `#dp` format: header with `name`, compact grid (`x` for holes), a
/// line `-`, then the clues as `value-value,square-square`.
pub fn dp_text(board: &Grid, name: &str) -> Result<String, DpTooLarge> {
    if board.set > 9 || board.cols > 10 {
        return Err(DpTooLarge {
            set: board.set,
            cols: board.cols,
        });
    }
    let mut text = format!("#dp 0-{} {name}\n", board.set);
    for row in board.values.chunks(board.cols.max(1)) {
        let line: String = row
            .iter()
            .map(|v| {
                v.and_then(|v| char::from_digit(u32::try_from(v).ok()?, 10))
                    .unwrap_or('x')
            })
            .collect();
        text.push_str(line.trim_end_matches('x'));
        text.push('\n');
    }
    text.push_str("-\n");
    // A clue lies on two numbered cells of the board (Grid::new).
    let number = |cell: usize| board.values[cell].unwrap_or(0);
    for clue in &board.clues {
        let [a, b] = clue.cells;
        let (ra, ca) = board.position(a);
        let (rb, cb) = board.position(b);
        let _ = writeln!(
            text,
            "{}-{},{}-{}",
            number(a),
            number(b),
            ra * 10 + ca,
            rb * 10 + cb
        );
    }
    Ok(text)
}

/// The map of bone numbers, right-aligned, `.` for holes.
pub fn map_text(board: &Grid, map: &Map) -> String {
    let width = board.bone_count().to_string().len();
    let mut text = String::new();
    for r in 0..map.rows {
        let cells: Vec<String> = map
            .row(r)
            .iter()
            .map(|b| match b {
                Some(b) => format!("{b:>width$}"),
                None => format!("{:>width$}", "."),
            })
            .collect();
        text.push_str(cells.join(" ").trim_end());
        text.push('\n');
    }
    text
}

/// The board's numbers with the pieces' borders in box-drawing characters.
pub fn box_picture(board: &Grid, map: &Map) -> String {
    let width = board.set.to_string().len();
    let piece = |r: isize, c: isize| -> Option<usize> {
        if r < 0 || c < 0 || r as usize >= map.rows || c as usize >= map.cols {
            return None;
        }
        // `get`: a map built in code may list fewer bones than cells.
        map.bones
            .get(r as usize * map.cols + c as usize)
            .copied()
            .flatten()
    };
    let border = |a: Option<usize>, b: Option<usize>| a != b;
    let mut text = String::new();
    for jr in 0..=map.rows as isize {
        let mut line = String::new();
        for jc in 0..=map.cols as isize {
            let up = border(piece(jr - 1, jc - 1), piece(jr - 1, jc));
            let down = border(piece(jr, jc - 1), piece(jr, jc));
            let left = border(piece(jr - 1, jc - 1), piece(jr, jc - 1));
            let right = border(piece(jr - 1, jc), piece(jr, jc));
            line.push(junction(up, down, left, right));
            if jc < map.cols as isize {
                let edge = if right { "─" } else { " " };
                line.push_str(&edge.repeat(width + 2));
            }
        }
        text.push_str(line.trim_end());
        text.push('\n');
        if jr == map.rows as isize {
            break;
        }
        let mut line = String::new();
        for jc in 0..=map.cols as isize {
            let wall = border(piece(jr, jc - 1), piece(jr, jc));
            line.push(if wall { '│' } else { ' ' });
            if jc < map.cols as isize {
                match board.values.get(jr as usize * board.cols + jc as usize) {
                    Some(Some(v)) => {
                        let _ = write!(line, " {v:>width$} ");
                    }
                    _ => line.push_str(&" ".repeat(width + 2)),
                }
            }
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}
