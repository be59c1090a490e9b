//! Reading puzzles: the format is detected from the text (a `{` or `[`
//! first means the newspaper's JSON, anything else the text format), and both formats
//! end in [`Puzzle::new`], which checks what they have in common: every region
//! has cells and no cell is in two regions.

use super::explain::Grade;
use super::json::parse_json;
use super::model::Puzzle;
use super::text::parse_text;
use crate::input_error::InputError;

/// A puzzle as read, with its level when it came from a day file
/// (`easy`, `medium`, `hard`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Labeled {
    /// `easy`, `medium` or `hard` for a puzzle of a day file, else `None`.
    pub level: Option<Grade>,
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
pub fn parse_puzzle(text: &str, level: Option<Grade>) -> Result<Puzzle, InputError> {
    let mut all = parse_puzzles(text)?;
    if let Some(level) = level {
        all.retain(|p| p.level == Some(level));
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
