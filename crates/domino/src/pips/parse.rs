//! Reading puzzles: the format is detected from the text (a `{` or `[`
//! first means the newspaper's JSON, anything else the text format), and both formats
//! end in [`assemble`], which checks what they have in common: every region
//! has cells and no cell is in two regions.

use super::json::parse_json;
use super::model::{Puzzle, Region, Solution};
use super::text::parse_text;
use crate::input_error::InputError;
use crate::tile::Value;

/// A puzzle as read, with its level when it came from a day file
/// (`easy`, `medium`, `hard`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Labeled {
    /// `easy`, `medium` or `hard` for a puzzle of a day file, else `None`.
    pub level: Option<String>,
    /// The puzzle.
    pub puzzle: Puzzle,
}

/// Reads every puzzle of `text` (three from a day file, one from a puzzle,
/// any number from several JSON documents or a JSON array).
pub fn parse_puzzles(text: &str) -> Result<Vec<Labeled>, InputError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim_start().starts_with(['{', '[']) {
        parse_json(text)
    } else {
        Ok(vec![Labeled {
            level: None,
            puzzle: parse_text(text)?,
        }])
    }
}

/// Reads one puzzle: the only one of the input, or the one of `level` in a
/// day file.
pub fn parse_puzzle(text: &str, level: Option<&str>) -> Result<Puzzle, InputError> {
    let mut all = parse_puzzles(text)?;
    if let Some(level) = level {
        all.retain(|p| p.level.as_deref() == Some(level));
        if all.is_empty() {
            return Err(InputError::whole(format!(
                "the input has no {level} puzzle"
            )));
        }
    }
    if all.len() > 1 {
        return Err(InputError::whole(format!(
            "the input holds {} puzzles; choose one by its level",
            all.len()
        )));
    }
    Ok(all.remove(0).puzzle)
}

/// Builds a puzzle from what a parser read, sorting each region's cells.
/// An error names the region, the cell within it (as read) when one is at
/// fault, and what is wrong.
pub(super) fn assemble(
    dominoes: Vec<[Value; 2]>,
    mut regions: Vec<Region>,
    solution: Option<Solution>,
) -> Result<Puzzle, (usize, Option<usize>, String)> {
    let mut owner = std::collections::HashMap::new();
    for (k, region) in regions.iter().enumerate() {
        if region.cells.is_empty() {
            return Err((k, None, "a region needs at least one cell".to_string()));
        }
        for (j, &(r, c)) in region.cells.iter().enumerate() {
            if let Some(other) = owner.insert((r, c), k) {
                let whose = if other == k {
                    "this region".to_string()
                } else {
                    format!("region {other}")
                };
                return Err((k, Some(j), format!("cell [{r},{c}] is already in {whose}")));
            }
        }
    }
    for region in &mut regions {
        region.cells.sort_unstable();
    }
    Ok(Puzzle {
        dominoes,
        regions,
        solution,
    })
}
