//! The text formats: the input (`W;H`, then `o;v1;v2;x;y` a line) and the
//! output (the score, then the removed pieces in removal order, encoded as
//! in the input).

use super::board::{Board, BoardError, Orientation, Piece};
use crate::input_error::{describe_char, InputError};

/// Reads the text input format. Blank lines are skipped; spaces around
/// fields are allowed.
pub fn parse_text(text: &str) -> Result<Board, InputError> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let Some((header_index, header)) = lines.next() else {
        return Err(InputError::whole(
            "the input is empty: expected `W;H` then one piece a line",
        ));
    };
    let header_fields = fields(header, header_index + 1, 2, "`W;H`")?;
    let width = number(&header_fields[0], "the width")?;
    let height = number(&header_fields[1], "the height")?;
    let width = to_size(width, &header_fields[0])?;
    let height = to_size(height, &header_fields[1])?;
    let mut pieces = Vec::new();
    let mut piece_lines = Vec::new();
    for (index, line) in lines {
        piece_lines.push(index + 1);
        pieces.push(parse_piece_line(line, index + 1)?);
    }
    Board::new(width, height, pieces).map_err(|e| board_error(e, &piece_lines, header_index + 1))
}

/// The width and height the header declares (the first line that is not
/// blank), read without the pieces; None when it does not read.
pub(crate) fn declared_size(text: &str) -> Option<(usize, usize)> {
    let (index, header) = text
        .lines()
        .enumerate()
        .find(|(_, l)| !l.trim().is_empty())?;
    let f = fields(header, index + 1, 2, "`W;H`").ok()?;
    let width = to_size(number(&f[0], "the width").ok()?, &f[0]).ok()?;
    let height = to_size(number(&f[1], "the height").ok()?, &f[1]).ok()?;
    Some((width, height))
}

/// Turns a board error into an input error on the line of the piece.
fn board_error(error: BoardError, piece_lines: &[usize], header_line: usize) -> InputError {
    let line = match error {
        BoardError::BadSize { .. } => header_line,
        BoardError::Outside { piece }
        | BoardError::Overlap { piece, .. }
        | BoardError::Negative { piece } => piece_lines[piece],
    };
    InputError::at(line, 1, error.to_string())
}

/// One piece line `o;v1;v2;x;y`.
pub(crate) fn parse_piece_line(line: &str, line_no: usize) -> Result<Piece, InputError> {
    let f = fields(line, line_no, 5, "a piece `o;v1;v2;x;y`")?;
    let orientation = match f[0].text.as_str() {
        "h" | "H" => Orientation::Horizontal,
        "v" | "V" => Orientation::Vertical,
        other => {
            return Err(InputError::at(
                line_no,
                f[0].column,
                format!("bad orientation '{other}': expected `h` or `v`"),
            ))
        }
    };
    let value1 = number(&f[1], "the first value")?;
    let value2 = number(&f[2], "the second value")?;
    let x = to_size(number(&f[3], "x")?, &f[3])?;
    let y = to_size(number(&f[4], "y")?, &f[4])?;
    Ok(Piece {
        x,
        y,
        orientation,
        value1,
        value2,
    })
}

/// A field's trimmed text and where it starts.
pub(crate) struct Field {
    text: String,
    line: usize,
    column: usize,
}

/// Splits a line at `;` into exactly `count` trimmed fields.
fn fields(line: &str, line_no: usize, count: usize, what: &str) -> Result<Vec<Field>, InputError> {
    let mut out = Vec::with_capacity(count);
    let mut start = 0;
    for part in line.split(';') {
        let lead = part.chars().take_while(|c| c.is_whitespace()).count();
        let column = line[..start].chars().count() + lead + 1;
        out.push(Field {
            text: part.trim().to_string(),
            line: line_no,
            column,
        });
        start += part.len() + 1;
    }
    if out.len() != count {
        let column = if out.len() > count {
            line.char_indices()
                .filter(|&(_, c)| c == ';')
                .nth(count - 1)
                .map_or(1, |(i, _)| line[..i].chars().count() + 1)
        } else {
            line.chars().count() + 1
        };
        return Err(InputError::at(
            line_no,
            column,
            format!(
                "expected {what} ({count} fields separated by `;`), found {} field{}",
                out.len(),
                if out.len() == 1 { "" } else { "s" }
            ),
        ));
    }
    Ok(out)
}

/// A non-negative integer field, as a value (`Value`) or a size (`u64`):
/// too large is all a digits-only field can be for either.
fn number<T: std::str::FromStr>(field: &Field, what: &str) -> Result<T, InputError> {
    let t = &field.text;
    if t.starts_with('-') && t.len() > 1 && t[1..].bytes().all(|b| b.is_ascii_digit()) {
        return Err(InputError::at(
            field.line,
            field.column,
            format!("{what} is negative ({t}): values and coordinates are at least 0"),
        ));
    }
    if t.is_empty() {
        return Err(InputError::at(
            field.line,
            field.column,
            format!("{what} is missing: expected a number"),
        ));
    }
    if let Some(i) = t.bytes().position(|b| !b.is_ascii_digit()) {
        return Err(InputError::at(
            field.line,
            field.column + t[..i].chars().count(),
            format!(
                "{what} is not a number: unexpected {}",
                describe_char(t[i..].chars().next())
            ),
        ));
    }
    t.parse::<T>().map_err(|_| {
        InputError::at(
            field.line,
            field.column,
            format!("{what} ({t}) is too large"),
        )
    })
}

fn to_size(value: u64, field: &Field) -> Result<usize, InputError> {
    usize::try_from(value)
        .ok()
        .filter(|&v| v <= super::board::MAX_SQUARES)
        .ok_or_else(|| {
            InputError::at(
                field.line,
                field.column,
                format!("{value} is too large for a board coordinate"),
            )
        })
}

/// The text input format of a board; [`parse_text`] reads it back exactly.
pub fn board_to_text(board: &Board) -> String {
    let mut out = format!("{};{}\n", board.width(), board.height());
    for piece in board.pieces() {
        out.push_str(&piece.to_string());
        out.push('\n');
    }
    out
}

/// The text output format: the score (pieces left), then the removed pieces
/// in removal order. `order` holds piece indices.
pub fn solution_to_text(board: &Board, order: &[usize]) -> String {
    let mut out = format!("{}\n", board.pieces().len() - order.len());
    for &i in order {
        out.push_str(&board.pieces()[i].to_string());
        out.push('\n');
    }
    out
}

/// Reads the text output format back into piece indices of `board`: each
/// line must be a piece of the board, each at most once, and the score line
/// must agree with the number of lines.
pub fn parse_solution(board: &Board, text: &str) -> Result<Vec<usize>, InputError> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let Some((score_index, score_line)) = lines.next() else {
        return Err(InputError::whole(
            "the solution is empty: expected the score",
        ));
    };
    let score_field = Field {
        text: score_line.trim().to_string(),
        line: score_index + 1,
        column: 1 + score_line.chars().take_while(|c| c.is_whitespace()).count(),
    };
    let score = number::<u64>(&score_field, "the score")?;
    let mut used = vec![false; board.pieces().len()];
    let mut order = Vec::new();
    for (index, line) in lines {
        let piece = parse_piece_line(line, index + 1)?;
        let found = board.pieces().iter().position(|p| *p == piece);
        match found {
            Some(i) if !used[i] => {
                used[i] = true;
                order.push(i);
            }
            Some(_) => {
                return Err(InputError::at(
                    index + 1,
                    1,
                    format!("piece {piece} is removed twice"),
                ))
            }
            None => {
                return Err(InputError::at(
                    index + 1,
                    1,
                    format!("piece {piece} is not on the board"),
                ))
            }
        }
    }
    if score != (board.pieces().len() - order.len()) as u64 {
        return Err(InputError::at(
            score_field.line,
            score_field.column,
            format!(
                "the score {score} does not match: {} pieces minus {} removed leaves {}",
                board.pieces().len(),
                order.len(),
                board.pieces().len() - order.len()
            ),
        ));
    }
    Ok(order)
}
