//! Reading boards. Formats, detected from the text (see DESIGN.md):
//! whitespace-separated numbers one row a line, compact digits one cell a
//! character, and the `#dp` format (header `#dp 0-N NAME ...`, a compact
//! grid, a line `-`, then clues `6-4,73-83` meaning the piece 6-4 lies with
//! its 6 on square 73 and its 4 on square 83, square = row*10+col), and
//! the reference Dominosa's game IDs (`6:0046...`, one a line; see
//! [`super::id`]). `x`,
//! `X` and `.` are holes; short rows end in holes. Several boards separated
//! by blank lines form a batch.
//!
//! The set is double-N where (N+1)(N+2) is the number of cells, unless the
//! caller or the `#dp` header names it. Anything malformed or impossible to
//! read as a board (a value above N, a clue on a hole) is an [`InputError`]
//! naming the line and column; a board that reads well but cannot be solved
//! is for [`super::validate`] to explain.

use super::grid::{outside_set, Clue, Grid};
use super::id::{looks_like_id, parse_id};
use crate::input_error::{quote, InputError, Missing};
use crate::tile::Value;

/// The largest set a board may name or imply: double-100 (5,151 bones on
/// 10,302 cells). Bigger sets are refused before anything is allocated
/// for them.
pub const MAX_SET: Value = 100;
/// The most rows, and the most columns, a board may have (holes included).
pub const MAX_SIDE: usize = 1_000;
/// The most lines of one board: its rows, the `#dp` header and dash, and
/// clue lines (a 1,000 x 10 board holds at most 5,000 clues).
const BLOCK_MAX_LINES: usize = 8 * MAX_SIDE;
/// The most boards one input (a batch) may hold.
pub const MAX_GRIDS: usize = 100_000;

/// Reads every board of `text`. `set` (from the command line) overrides
/// the set a header names or the cell count implies.
pub fn parse_grids(text: &str, set: Option<Value>) -> Result<Vec<Grid>, InputError> {
    if let Some(wrong) = set.and_then(set_out_of_range) {
        return Err(InputError::whole(wrong));
    }
    let mut boards = Vec::new();
    let mut block: Vec<Line> = Vec::new();
    for (k, raw) in text.lines().enumerate() {
        let line = Line {
            number: k + 1,
            text: raw.trim_end(),
        };
        let id = looks_like_id(line.text);
        if line.text.trim().is_empty() || id {
            if !block.is_empty() {
                push_board(&mut boards, &block, set)?;
                block.clear();
            }
            if id {
                room_for_board(&boards, line.number)?;
                boards.push(parse_id(line.number, line.text, set)?);
            }
        } else if block.len() == BLOCK_MAX_LINES {
            return Err(InputError::at(
                line.number,
                1,
                format!(
                    "more than {BLOCK_MAX_LINES} lines without a blank line between boards \
                     (a board has at most {MAX_SIDE} rows)"
                ),
            ));
        } else {
            block.push(line);
        }
    }
    if !block.is_empty() {
        push_board(&mut boards, &block, set)?;
    }
    if boards.is_empty() {
        return Err(InputError::whole("the input holds no board"));
    }
    Ok(boards)
}

fn push_board(
    boards: &mut Vec<Grid>,
    block: &[Line],
    set: Option<Value>,
) -> Result<(), InputError> {
    room_for_board(boards, block[0].number)?;
    boards.push(parse_block(block, set)?);
    Ok(())
}

/// Refuses the board starting on `line` when the input holds
/// [`MAX_GRIDS`] already.
fn room_for_board(boards: &[Grid], line: usize) -> Result<(), InputError> {
    if boards.len() == MAX_GRIDS {
        return Err(InputError::at(
            line,
            1,
            format!("more than {MAX_GRIDS} boards: the most one input may hold"),
        ));
    }
    Ok(())
}

#[derive(Clone, Copy)]
struct Line<'t> {
    number: usize,
    text: &'t str,
}

/// A cell as read, with where it was read (for messages about it later).
#[derive(Clone, Copy)]
struct ReadCell {
    value: Option<Value>,
    line: usize,
    column: usize,
}

fn parse_block(lines: &[Line], set: Option<Value>) -> Result<Grid, InputError> {
    let first = lines[0];
    let (header, grid_lines) = if first.text.trim_start().starts_with("#dp") {
        (Some(parse_header(first)?), &lines[1..])
    } else {
        (None, lines)
    };
    let dash = grid_lines.iter().position(|l| l.text.trim() == "-");
    let (grid_lines, clue_lines) = match dash {
        Some(k) if header.is_some() => (&grid_lines[..k], &grid_lines[k + 1..]),
        _ => (grid_lines, &[][..]),
    };
    if grid_lines.is_empty() {
        return Err(InputError::at(
            first.number,
            1,
            "expected the rows of the board after the header",
        ));
    }
    if grid_lines.len() > MAX_SIDE {
        return Err(InputError::at(
            grid_lines[MAX_SIDE].number,
            1,
            format!("the board has more than {MAX_SIDE} rows, the most a board may have"),
        ));
    }
    let grid = read_grid(grid_lines)?;
    let cols = grid.iter().map(Vec::len).max().unwrap_or(0);
    let cells = grid.iter().flatten().filter(|c| c.value.is_some()).count();
    let n = match (set, header.as_ref().map(|h| h.set)) {
        (Some(n), _) | (None, Some(n)) => n,
        (None, None) => set_for_cells(cells).ok_or_else(|| {
            InputError::at(first.number, 1, no_set_fits(cells)).missing(Missing::Set)
        })?,
    };
    let mut values = Vec::with_capacity(grid.len() * cols);
    for row in &grid {
        for cell in row {
            values.push(match cell.value {
                Some(v) if v > n => {
                    return Err(InputError::at(
                        cell.line,
                        cell.column,
                        format!("{v} is above {n}, the highest number of a double-{n} set"),
                    ))
                }
                Some(v) => Some(v),
                None => None,
            });
        }
        values.resize(values.len() + cols - row.len(), None);
    }
    let mut board = Grid {
        name: header.and_then(|h| h.name),
        rows: grid.len(),
        cols,
        values,
        set: n,
        clues: Vec::new(),
    };
    for line in clue_lines {
        read_clues(*line, &mut board)?;
    }
    Ok(board)
}

/// The part of a structured board ([`grid_from_rows`]) an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridPart {
    /// The board as a whole (its size, its cell count).
    Grid,
    /// The set asked for.
    Set,
    /// The cell at (row, column), 0-based.
    Cell(usize, usize),
    /// Clue `k`, 0-based, of the list given.
    Clue(usize),
}

/// Why a structured board cannot be read, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridError {
    /// Which part of the given board is wrong: the whole, the set, one cell
    /// or one clue.
    pub part: GridPart,
    /// What is wrong there, for a person to read.
    pub message: String,
    /// What the caller may give beside the rows to get past the error.
    pub missing: Option<Missing>,
}

/// A board given as data rather than text (the HTTP API's `"board"`):
/// rows of numbers (`None` for a hole; short rows end in holes), clue
/// pieces as pairs of (row, column) cells, and the set when it is not the
/// one the cell count implies. The same rules as the text formats: values
/// up to N, clues on two neighbouring numbered cells, no two clues on one
/// cell.
pub fn grid_from_rows(
    rows: &[Vec<Option<Value>>],
    clues: &[[(usize, usize); 2]],
    set: Option<Value>,
) -> Result<Grid, GridError> {
    let fail = |part, message: String| {
        Err(GridError {
            part,
            message,
            missing: None,
        })
    };
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    if rows.len() > MAX_SIDE || cols > MAX_SIDE {
        return fail(
            GridPart::Grid,
            format!(
                "the board is {} x {cols}: at most {MAX_SIDE} rows and {MAX_SIDE} columns",
                rows.len()
            ),
        );
    }
    let cells = rows.iter().flatten().filter(|v| v.is_some()).count();
    let n = match set {
        Some(n) => match set_out_of_range(n) {
            Some(wrong) => return fail(GridPart::Set, wrong),
            None => n,
        },
        None => match set_for_cells(cells) {
            Some(n) => n,
            None => {
                return Err(GridError {
                    part: GridPart::Grid,
                    message: no_set_fits(cells),
                    missing: Some(Missing::Set),
                })
            }
        },
    };
    for (r, row) in rows.iter().enumerate() {
        for (c, v) in row.iter().enumerate() {
            if let Some(v) = v.filter(|&v| v > n || v < 0) {
                return fail(GridPart::Cell(r, c), outside_set(v, n));
            }
        }
    }
    let mut board = Grid::from_rows(rows, n).map_err(|e| GridError {
        part: GridPart::Grid,
        message: e.to_string(),
        missing: None,
    })?;
    for (k, &[p, q]) in clues.iter().enumerate() {
        for (r, c) in [p, q] {
            if r >= board.rows || c >= board.cols {
                return fail(GridPart::Clue(k), format!("({r},{c}) is outside the board"));
            }
            if board.values[r * board.cols + c].is_none() {
                return fail(GridPart::Clue(k), format!("({r},{c}) is a hole"));
            }
        }
        if p.0.abs_diff(q.0) + p.1.abs_diff(q.1) != 1 {
            return fail(
                GridPart::Clue(k),
                format!(
                    "({},{}) and ({},{}) are not next to each other",
                    p.0, p.1, q.0, q.1
                ),
            );
        }
        let (a, b) = (p.0 * board.cols + p.1, q.0 * board.cols + q.1);
        if let Some(other) = board
            .clues
            .iter()
            .position(|clue| clue.cells.contains(&a) || clue.cells.contains(&b))
        {
            return fail(
                GridPart::Clue(k),
                format!("this clue overlaps clue {other}"),
            );
        }
        board.clues.push(Clue {
            cells: [a.min(b), a.max(b)],
        });
    }
    Ok(board)
}

/// Why `n` names no set a board may have: below 0, or above [`MAX_SET`].
fn set_out_of_range(n: Value) -> Option<String> {
    if n < 0 {
        Some(format!("the set double-{n} is negative: N is at least 0"))
    } else if n > MAX_SET {
        Some(format!(
            "the set double-{n} is too large: the largest is double-{MAX_SET}"
        ))
    } else {
        None
    }
}

/// Why no set is implied: the caller may name one (see [`Missing::Set`]).
fn no_set_fits(cells: usize) -> String {
    format!(
        "the board has {cells} cells, which fits no double-N set \
         (a double-N set covers (N+1)(N+2) cells: 2, 6, 12, 20, 30, 42, 56, ...)"
    )
}

/// The N with (N+1)(N+2) = `cells`.
fn set_for_cells(cells: usize) -> Option<Value> {
    let mut n = 0usize;
    while (n + 1) * (n + 2) < cells {
        n += 1;
    }
    ((n + 1) * (n + 2) == cells && cells > 0).then_some(n as Value)
}

struct Header {
    set: Value,
    name: Option<String>,
}

/// `#dp 0-N NAME ...`
fn parse_header(line: Line) -> Result<Header, InputError> {
    let tokens: Vec<(usize, &str)> = tokens(line.text).take(3).collect();
    let Some(&(column, range)) = tokens.get(1) else {
        return Err(InputError::at(
            line.number,
            line.text.chars().count() + 1,
            "expected the set's range (like 0-6) after #dp",
        ));
    };
    let n = range
        .strip_prefix("0-")
        // Digits only, as u32: a sign is no part of the format.
        .and_then(|hi| hi.parse::<u32>().ok())
        .map(Value::from)
        .ok_or_else(|| {
            InputError::at(
                line.number,
                column,
                format!(
                    "expected the set's range as 0-N (like 0-6), found '{}'",
                    quote(range)
                ),
            )
        })?;
    if n > MAX_SET {
        return Err(InputError::at(
            line.number,
            column,
            format!("the set double-{n} is too large: the largest is double-{MAX_SET}"),
        ));
    }
    Ok(Header {
        set: n,
        name: tokens.get(2).map(|&(_, name)| name.to_string()),
    })
}

/// The whitespace-separated tokens of a line with their 1-based columns,
/// read lazily so that a huge line is not listed whole before a limit
/// refuses it.
fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut chars = text.char_indices().peekable();
    let mut column = 0;
    std::iter::from_fn(move || {
        while chars.next_if(|&(_, ch)| ch.is_whitespace()).is_some() {
            column += 1;
        }
        let &(start, _) = chars.peek()?;
        let first = column + 1;
        let mut end = text.len();
        while let Some(&(i, ch)) = chars.peek() {
            if ch.is_whitespace() {
                end = i;
                break;
            }
            chars.next();
            column += 1;
        }
        Some((first, &text[start..end]))
    })
}

/// A row wider than [`MAX_SIDE`] is refused at the first cell too many.
fn read_grid(lines: &[Line]) -> Result<Vec<Vec<ReadCell>>, InputError> {
    let spaced = lines.iter().any(|l| tokens(l.text).nth(1).is_some());
    let too_wide = |line: usize, column: usize| {
        InputError::at(
            line,
            column,
            format!("the row has more than {MAX_SIDE} cells, the most a board may have"),
        )
    };
    lines
        .iter()
        .map(|&line| {
            if spaced {
                if let Some((column, _)) = tokens(line.text).nth(MAX_SIDE) {
                    return Err(too_wide(line.number, column));
                }
                tokens(line.text)
                    .map(|(column, token)| read_token(line.number, column, token))
                    .collect()
            } else {
                if line.text.chars().nth(MAX_SIDE).is_some() {
                    return Err(too_wide(line.number, MAX_SIDE + 1));
                }
                line.text
                    .chars()
                    .enumerate()
                    .map(|(k, ch)| read_char(line.number, k + 1, ch))
                    .collect()
            }
        })
        .collect()
}

fn read_token(line: usize, column: usize, token: &str) -> Result<ReadCell, InputError> {
    let value = match token {
        "x" | "X" | "." => None,
        _ if token.bytes().all(|b| b.is_ascii_digit()) => {
            Some(token.parse::<Value>().map_err(|_| {
                InputError::at(
                    line,
                    column,
                    format!("the number {} is too large", quote(token)),
                )
            })?)
        }
        _ => {
            return Err(InputError::at(
                line,
                column,
                format!(
                    "expected a number, or 'x' or '.' for a hole, found '{}'",
                    quote(token)
                ),
            ))
        }
    };
    Ok(ReadCell {
        value,
        line,
        column,
    })
}

fn read_char(line: usize, column: usize, ch: char) -> Result<ReadCell, InputError> {
    let value = match ch {
        'x' | 'X' | '.' | ' ' | '\t' => None,
        '0'..='9' => Some(Value::from(ch as u8 - b'0')),
        _ => {
            return Err(InputError::at(
                line,
                column,
                format!("expected a digit, or 'x' or '.' for a hole, found '{ch}'"),
            ))
        }
    };
    Ok(ReadCell {
        value,
        line,
        column,
    })
}

/// One line of clues: `a-b,s-t` tokens (whitespace-separated).
fn read_clues(line: Line, board: &mut Grid) -> Result<(), InputError> {
    for (column, token) in tokens(line.text) {
        let at = |message: String| InputError::at(line.number, column, message);
        let parsed = token
            .split_once(',')
            .and_then(|(values, squares)| Some((pair(values)?, pair(squares)?)));
        let Some(([a, b], [s, t])) = parsed else {
            return Err(at(format!(
                "expected a clue as value-value,square-square (like 6-4,73-83), found '{}'",
                quote(token)
            )));
        };
        if board.cols > 10 {
            return Err(at(
                "clue squares (row*10+col) need a board at most 10 columns wide".into(),
            ));
        }
        let mut cells = [0usize; 2];
        for (k, (square, value)) in [(s, a), (t, b)].into_iter().enumerate() {
            let (r, c) = ((square / 10) as usize, (square % 10) as usize);
            if r >= board.rows || c >= board.cols {
                return Err(at(format!("square {square} is outside the board")));
            }
            let cell = r * board.cols + c;
            match board.values[cell] {
                None => return Err(at(format!("square {square} is a hole"))),
                Some(v) if u64::try_from(v) != Ok(value) => {
                    return Err(at(format!(
                        "the clue puts {value} on square {square}, which shows {v}"
                    )))
                }
                Some(_) => cells[k] = cell,
            }
        }
        let (p, q) = (board.position(cells[0]), board.position(cells[1]));
        if p.0.abs_diff(q.0) + p.1.abs_diff(q.1) != 1 {
            return Err(at(format!(
                "squares {s} and {t} are not next to each other"
            )));
        }
        if let Some(other) = board
            .clues
            .iter()
            .find(|c| c.cells.iter().any(|x| cells.contains(x)))
        {
            let (r, c) = board.position(other.cells[0]);
            return Err(at(format!(
                "this clue overlaps the clue on square {}",
                r * 10 + c
            )));
        }
        // Lower cell first, as every placement: the deductions find a
        // clue's placement by its cells, whichever way the line names them.
        board.clues.push(Clue {
            cells: [cells[0].min(cells[1]), cells[0].max(cells[1])],
        });
    }
    Ok(())
}

/// `x-y` as two numbers.
fn pair(text: &str) -> Option<[u64; 2]> {
    let (x, y) = text.split_once('-')?;
    Some([x.parse().ok()?, y.parse().ok()?])
}
