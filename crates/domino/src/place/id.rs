//! Game IDs of the reference Dominosa (Simon Tatham's puzzle collection), so
//! a puzzle moves between the two programs by copy and paste: `N:` then the
//! (N+1) x (N+2) grid read row by row, one digit a cell, values above 9 in
//! brackets (`[10]`). The parameters before the colon may carry the
//! reference's difficulty letters (`9dh:`), which say nothing about the grid
//! and are skipped.

use super::grid::Grid;
use crate::input_error::{quote, InputError};
use crate::tile::Value;

/// True when `line` (trimmed) starts like a game ID: digits, optional
/// letters, a colon. No other board format has a colon.
pub(crate) fn looks_like_id(line: &str) -> bool {
    let text = line.trim_start();
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let letters = text[digits..]
        .bytes()
        .take_while(u8::is_ascii_alphabetic)
        .count();
    digits > 0 && text.as_bytes().get(digits + letters) == Some(&b':')
}

/// Reads the game ID on line `line` (1-based, for messages); `set` (from
/// the command line) must agree with the ID's own.
pub(crate) fn parse_id(line: usize, raw: &str, set: Option<Value>) -> Result<Grid, InputError> {
    let indent = raw.len() - raw.trim_start().len();
    let text = raw.trim();
    let at = |byte: usize, message: String| {
        let column = raw[..(indent + byte).min(raw.len())].chars().count() + 1;
        InputError::at(line, column, message)
    };
    let colon = text.find(':').unwrap_or(text.len());
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let n: Value = text[..digits]
        .parse()
        .ok()
        .filter(|&n| n <= 99)
        .ok_or_else(|| {
            at(
                0,
                format!("the set '{}' is too large", quote(&text[..digits])),
            )
        })?;
    if let Some(s) = set.filter(|&s| s != n) {
        return Err(at(
            0,
            format!("the game ID is for a double-{n} set, not double-{s}"),
        ));
    }
    let (rows, cols) = (n as usize + 1, n as usize + 2);
    let mut values = Vec::with_capacity(rows * cols);
    let body = &text[colon + 1..];
    let mut chars = body.char_indices().peekable();
    while let Some((i, ch)) = chars.next() {
        let byte = colon + 1 + i;
        let value = match ch {
            '0'..='9' => Value::from(ch as u8 - b'0'),
            '[' => {
                let mut number = String::new();
                loop {
                    match chars.next() {
                        Some((_, d)) if d.is_ascii_digit() => number.push(d),
                        Some((_, ']')) if !number.is_empty() => break,
                        _ => {
                            return Err(at(
                                byte,
                                "expected a number then ']' after '['".to_string(),
                            ))
                        }
                    }
                }
                number.parse().unwrap_or(Value::MAX)
            }
            _ => {
                return Err(at(
                    byte,
                    format!("expected a digit or a number in [brackets], found '{ch}'"),
                ))
            }
        };
        if value > n {
            return Err(at(
                byte,
                format!("{value} is above {n}, the highest number of a double-{n} set"),
            ));
        }
        if values.len() == rows * cols {
            return Err(at(
                byte,
                format!(
                    "the grid is longer than {rows} x {cols} = {} cells",
                    rows * cols
                ),
            ));
        }
        values.push(Some(value));
    }
    if values.len() < rows * cols {
        return Err(at(
            text.len(),
            format!(
                "the grid has {} cells, a double-{n} game ID needs {rows} x {cols} = {}",
                values.len(),
                rows * cols
            ),
        ));
    }
    Ok(Grid {
        name: None,
        rows,
        cols,
        values,
        set: n,
        clues: Vec::new(),
    })
}

/// Why a board has no game ID.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameIdError {
    /// The board has clue pieces.
    #[error("a game ID holds no clue pieces")]
    Clues,
    /// The board has holes.
    #[error("a game ID holds no holes")]
    Holes,
    /// The board is not (N+1) x (N+2), either way round.
    #[error("a double-{set} game ID needs a grid {} high and {} wide; this one is {rows} x {cols}", .set.saturating_add(1), .set.saturating_add(2))]
    Size {
        /// The N of the double-N set.
        set: Value,
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
}

/// The game ID of `board`, or why it has none: the reference knows only
/// full (N+1) x (N+2) grids (either way round) without holes or clue
/// pieces. A board N+2 high and N+1 wide is written turned a quarter.
///
/// ```
/// use domino::place::{game_id, parse_grids};
///
/// let board = &parse_grids("1:001101", None).unwrap()[0];
/// assert_eq!((board.rows(), board.cols()), (2, 3));
/// assert_eq!(game_id(board).unwrap(), "1:001101");
/// ```
pub fn game_id(board: &Grid) -> Result<String, GameIdError> {
    // At least 0: a board's set is ([`Grid::new`]).
    let n = board.set as usize;
    if !board.clues.is_empty() {
        return Err(GameIdError::Clues);
    }
    if board.values.iter().any(Option::is_none) {
        return Err(GameIdError::Holes);
    }
    let turned = (board.rows, board.cols) == (n + 2, n + 1);
    if (board.rows, board.cols) != (n + 1, n + 2) && !turned {
        return Err(GameIdError::Size {
            set: board.set,
            rows: board.rows,
            cols: board.cols,
        });
    }
    let mut out = format!("{n}:");
    for r in 0..n + 1 {
        for c in 0..n + 2 {
            let cell = if turned {
                c * board.cols + r
            } else {
                r * board.cols + c
            };
            match board.values[cell] {
                Some(v) if v > 9 => out.push_str(&format!("[{v}]")),
                Some(v) => out.push_str(&v.to_string()),
                None => {}
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_brackets_and_difficulty_letters() {
        let mut id = String::from("10dh:");
        for k in 0..11 * 12 {
            let v = k % 11;
            if v > 9 {
                id.push_str(&format!("[{v}]"));
            } else {
                id.push_str(&v.to_string());
            }
        }
        assert!(looks_like_id(&id));
        let board = parse_id(1, &id, None).unwrap();
        assert_eq!((board.rows, board.cols, board.set), (11, 12, 10));
        assert_eq!(board.values[10], Some(10));
        assert_eq!(game_id(&board).unwrap(), id.replacen("dh", "", 1));
    }

    #[test]
    fn errors_point_at_the_character() {
        let e = parse_id(3, "  1:00x101", None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 3, column 7: expected a digit or a number in [brackets], found 'x'"
        );
        let e = parse_id(1, "1:0011012", None).unwrap_err();
        assert!(e.to_string().contains("column 9"), "{e}");
        let e = parse_id(1, "1:00110", None).unwrap_err();
        assert!(e.to_string().contains("has 5 cells"), "{e}");
        let e = parse_id(1, "1:0[1", None).unwrap_err();
        assert!(e.to_string().contains("column 4"), "{e}");
        let e = parse_id(1, "1:001102", None).unwrap_err();
        assert!(e.to_string().contains("2 is above 1"), "{e}");
        assert!(parse_id(1, "1:001101", Some(2)).is_err());
        assert!(!looks_like_id("0 1 2"));
        assert!(!looks_like_id("#dp 0-6"));
    }

    #[test]
    fn refuses_boards_it_cannot_write() {
        let mut board = parse_id(1, "1:001101", None).unwrap();
        board.values[0] = None;
        assert!(game_id(&board).is_err());
    }

    proptest::proptest! {
        #[test]
        fn game_ids_never_panic(n in 0u32..14, body in "[0-9\\[\\]:a-zé ]{0,60}") {
            let text = format!("{n}:{body}");
            match parse_id(1, &text, None) {
                Ok(board) => proptest::prop_assert_eq!(board.values.len(), board.rows * board.cols),
                Err(e) => {
                    let column = e.position.map_or(0, |p| p.column);
                    proptest::prop_assert!(column >= 1 && column <= text.chars().count() + 1, "{text:?}: {e}");
                }
            }
        }
    }
}
