//! The text format a person can type: a picture of the board with one
//! letter per region (`.` where there is no cell; a blank line inside the
//! picture is a blank row), then one line per region rule, then the
//! dominoes. Lines starting with `#` are comments.
//!
//! ```text
//! AAB
//! CCB
//! A = 7
//! B same
//! C < 4
//! 3-4 2-2 0-1
//! ```
//!
//! Rules: `A = 12`, `B < 4`, `C > 2`, `D same`, `E different` (also
//! `equal`, `unequal`); a letter without a rule line has none. Dominoes:
//! `6-5` or `6|5`, separated by spaces or commas, on one line or several.
//! Regions are ordered by letter, `A`..`Z` then `a`..`z`.
//!
//! [`marked_cells`] reads a bare picture of cells (the board shape that
//! `generate` is asked to fill).

use super::model::{Puzzle, Region, Rule, MAX_SIDE, MAX_VALUE};
use crate::input_error::InputError;
use crate::tile::Value;
use crate::Cell;

const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

fn letter_index(c: char) -> Option<usize> {
    LETTERS.iter().position(|&l| char::from(l) == c)
}

fn is_picture_row(line: &str) -> bool {
    !line.is_empty() && line.chars().all(|c| c == '.' || c.is_ascii_alphabetic())
}

/// Reads one puzzle in the text format.
pub fn parse_text(text: &str) -> Result<Puzzle, InputError> {
    let mut picture: Vec<(usize, &str)> = Vec::new();
    let mut picture_done = false;
    let mut rules: Vec<Option<(Rule, usize)>> = vec![None; LETTERS.len()];
    let mut dominoes = Vec::new();
    let mut pending_blank = 0usize;
    for (k, raw) in text.lines().enumerate() {
        let number = k + 1;
        let line = raw.trim_end();
        if line.trim_start().starts_with('#') {
            continue;
        }
        if line.trim().is_empty() {
            if !picture.is_empty() && !picture_done {
                pending_blank += 1;
            }
            continue;
        }
        if is_picture_row(line) {
            if picture_done {
                return Err(InputError::at(
                    number,
                    1,
                    "the picture of the board must come first and in one piece (found a picture row after the rules)",
                ));
            }
            for _ in 0..pending_blank {
                picture.push((number, ""));
            }
            pending_blank = 0;
            picture.push((number, line));
            continue;
        }
        picture_done = true;
        let indent = line.len() - line.trim_start().len();
        let body = line.trim_start();
        let first = body.chars().next().unwrap_or(' ');
        if first.is_ascii_digit() {
            read_dominoes(body, number, indent + 1, &mut dominoes)?;
        } else if let Some(letter) = letter_index(first) {
            let rule = read_rule(&body[1..], number, indent + 2)?;
            if let Some((_, earlier)) = rules[letter] {
                return Err(InputError::at(
                    number,
                    indent + 1,
                    format!("region {first} already has a rule (line {earlier})"),
                ));
            }
            rules[letter] = Some((rule, number));
        } else {
            return Err(InputError::at(
                number,
                indent + 1,
                format!(
                    "expected a picture row (letters and '.'), a rule like 'A = 12', or dominoes like '6-5'; found '{first}'"
                ),
            ));
        }
    }
    if picture.is_empty() {
        return Err(InputError::whole(
            "expected a picture of the board: one letter per region, '.' for no cell",
        ));
    }
    if picture.len() > MAX_SIDE {
        return Err(InputError::at(
            picture[MAX_SIDE].0,
            1,
            format!("the board may have at most {MAX_SIDE} rows"),
        ));
    }
    let mut cells: Vec<Vec<(usize, usize)>> = vec![Vec::new(); LETTERS.len()];
    for (r, (number, row)) in picture.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if c >= MAX_SIDE {
                return Err(InputError::at(
                    *number,
                    c + 1,
                    format!("the board may have at most {MAX_SIDE} columns"),
                ));
            }
            if let Some(letter) = letter_index(ch) {
                cells[letter].push((r, c));
            }
        }
    }
    let mut regions = Vec::new();
    for (letter, cells) in cells.into_iter().enumerate() {
        match (cells.is_empty(), rules[letter]) {
            (true, None) => {}
            (true, Some((_, line))) => {
                return Err(InputError::at(
                    line,
                    1,
                    format!(
                        "region {} has a rule but no cell in the picture",
                        char::from(LETTERS[letter])
                    ),
                ))
            }
            (false, rule) => regions.push(Region {
                cells,
                rule: rule.map_or(Rule::Empty, |(rule, _)| rule),
            }),
        }
    }
    if regions.is_empty() {
        return Err(InputError::at(
            picture[0].0,
            1,
            "the picture has no cell: put one letter per region where the board has a cell",
        ));
    }
    Puzzle::new(dominoes, regions).map_err(|error| InputError::whole(error.to_string()))
}

fn read_rule(rest: &str, line: usize, column: usize) -> Result<Rule, InputError> {
    let skipped = rest.len() - rest.trim_start().len();
    let rest = rest.trim();
    let at = column + skipped;
    let word = rest.to_ascii_lowercase();
    match word.as_str() {
        "same" | "equal" | "equals" => return Ok(Rule::Equal),
        "different" | "unequal" => return Ok(Rule::Unequal),
        "empty" | "none" => return Ok(Rule::Empty),
        _ => {}
    }
    let make: fn(i64) -> Rule = match rest.chars().next() {
        Some('=') => Rule::Sum,
        Some('<') => Rule::Less,
        Some('>') => Rule::Greater,
        _ => return Err(InputError::at(
            line,
            at,
            "expected a rule after the region's letter: '= N', '< N', '> N', 'same' or 'different'",
        )),
    };
    let number = rest[1..].trim_start();
    let at = at + 1 + (rest.len() - 1 - number.len());
    number.parse::<i64>().map(make).map_err(|_| {
        InputError::at(
            line,
            at,
            format!("expected a whole number, found '{number}'"),
        )
    })
}

fn read_dominoes(
    body: &str,
    line: usize,
    start: usize,
    dominoes: &mut Vec<[Value; 2]>,
) -> Result<(), InputError> {
    let mut offset = 0usize;
    for token in body.split(|c: char| c.is_whitespace() || c == ',') {
        let column = start + offset;
        offset += token.chars().count() + 1;
        if token.is_empty() {
            continue;
        }
        let Some((a, b)) = token.split_once(['-', '|']) else {
            return Err(InputError::at(
                line,
                column,
                format!("expected a domino like 6-5, found '{token}'"),
            ));
        };
        // Digits only, as u32: a sign is no part of the format.
        let value = |s: &str, at: usize| -> Result<Value, InputError> {
            match s.parse::<u32>().map(Value::from) {
                Ok(v) if v <= MAX_VALUE => Ok(v),
                Ok(v) => Err(InputError::at(
                    line,
                    at,
                    format!("{v} is above the largest value allowed, {MAX_VALUE}"),
                )),
                Err(_) => Err(InputError::at(
                    line,
                    at,
                    format!("expected a value from 0 to {MAX_VALUE}, found '{s}'"),
                )),
            }
        };
        let first = value(a, column)?;
        let second = value(b, column + a.chars().count() + 1)?;
        dominoes.push([first, second]);
    }
    Ok(())
}

/// The cells a picture of a board marks (for [`super::Request::shape`]):
/// every character but `.` and whitespace is a cell, row by row.
///
/// ```
/// assert_eq!(domino::pips::marked_cells("#.\n##\n"), vec![(0, 0), (1, 0), (1, 1)]);
/// ```
pub fn marked_cells(picture: &str) -> Vec<Cell> {
    let mut cells = Vec::new();
    for (r, line) in picture.lines().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            if !ch.is_whitespace() && ch != '.' {
                cells.push((r, c));
            }
        }
    }
    cells
}

/// Why a puzzle has no text form: it has more regions than the format has
/// letters.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the text format names regions by letter and has {letters} letters; this puzzle has {regions} regions (use JSON)"
)]
pub struct TooManyRegions {
    /// The letters the format has (52).
    pub letters: usize,
    /// The puzzle's regions.
    pub regions: usize,
}

/// The puzzle in the text format. Fails when it has more regions than the
/// format has letters (52).
pub fn write_text(puzzle: &Puzzle) -> Result<String, TooManyRegions> {
    if puzzle.regions.len() > LETTERS.len() {
        return Err(TooManyRegions {
            letters: LETTERS.len(),
            regions: puzzle.regions.len(),
        });
    }
    let mut out = String::new();
    for row in puzzle.region_grid() {
        let line: String = row
            .iter()
            .map(|r| r.map_or('.', |k| char::from(LETTERS[k])))
            .collect();
        out.push_str(if line.is_empty() { "." } else { &line });
        out.push('\n');
    }
    for (k, region) in puzzle.regions.iter().enumerate() {
        if region.rule != Rule::Empty {
            out.push_str(&format!("{} {}\n", char::from(LETTERS[k]), region.rule));
        }
    }
    let pieces: Vec<String> = puzzle
        .dominoes
        .iter()
        .map(|[a, b]| format!("{a}-{b}"))
        .collect();
    out.push_str(&pieces.join(" "));
    out.push('\n');
    Ok(out)
}
