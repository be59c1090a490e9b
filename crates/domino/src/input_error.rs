//! The one error type for text that cannot be read: where it went wrong and
//! what was expected there. Every family's parser reports through it, so the
//! command-line tool can print `FILE: line L, column C: ...` the same way for
//! all of them.

use std::fmt;

/// A position in an input text, 1-based as editors count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// The line, counted from 1.
    pub line: usize,
    /// The column within the line, counted from 1 in characters (not bytes).
    pub column: usize,
}

/// Input that does not follow its format, or describes something impossible
/// (an overlapping piece, a value above the set's maximum).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct InputError {
    /// Where the problem is; `None` when it concerns the input as a whole
    /// (for example a cell count that fits no domino set).
    pub position: Option<Position>,
    /// What is wrong and what was expected, for a person to read; it names
    /// no file and no position (those come from `position` and the caller).
    pub message: String,
    /// What the caller may give beside the text to get past the error; the
    /// caller says how in its own words (a flag, a field of a request).
    pub missing: Option<Missing>,
}

/// Something the text alone does not settle and the caller may give.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missing {
    /// The N of the double-N set (a placement board whose cell count fits
    /// no set).
    Set,
}

impl InputError {
    /// An error at one place in the text: `line` and `column` are 1-based, the
    /// column counted in characters.
    pub fn at(line: usize, column: usize, message: impl Into<String>) -> Self {
        InputError {
            position: Some(Position { line, column }),
            message: message.into(),
            missing: None,
        }
    }

    /// serde_json's error `error` on `text`, at its line and its column
    /// counted in characters (serde_json counts bytes, which points past
    /// the line's end after letters of more than one byte).
    pub fn json(text: &str, error: &serde_json::Error, message: impl Into<String>) -> Self {
        let line = error.line().max(1);
        let bytes = error.column();
        let column = text.split('\n').nth(line - 1).map_or(bytes, |l| {
            l.char_indices().filter(|&(i, _)| i < bytes).count()
        });
        InputError::at(line, column.max(1), message)
    }

    /// An error about the input as a whole, with no position (for example a
    /// cell count that fits no domino set).
    pub fn whole(message: impl Into<String>) -> Self {
        InputError {
            position: None,
            message: message.into(),
            missing: None,
        }
    }

    /// The same error, saying that giving `missing` may get past it.
    pub fn missing(self, missing: Missing) -> Self {
        InputError {
            missing: Some(missing),
            ..self
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some(Position { line, column }) => {
                write!(f, "line {line}, column {column}: {}", self.message)
            }
            None => f.write_str(&self.message),
        }
    }
}

/// The most bytes of input text any command reads (256 MiB): a bigger
/// input is refused before it is read whole.
pub const MAX_INPUT_BYTES: usize = 256 << 20;

/// A piece of the input quoted in a message, cut to its first 40
/// characters: a 50 MB token must not make a 50 MB message.
pub fn quote(token: &str) -> String {
    const SHOWN: usize = 40;
    match token.char_indices().nth(SHOWN) {
        None => token.to_string(),
        Some((cut, _)) => format!(
            "{}... ({} characters)",
            &token[..cut],
            token.chars().count()
        ),
    }
}

/// Describes the character at a position for error messages: `'x'`, or
/// `the end of the line` / `the end of the input`.
pub fn describe_char(c: Option<char>) -> String {
    match c {
        None => "the end of the input".to_string(),
        Some('\n') | Some('\r') => "the end of the line".to_string(),
        Some(c) => format!("'{c}'"),
    }
}

/// Decodes input bytes as UTF-8 text; invalid bytes are an error at their
/// line and column.
pub fn text_from_bytes(bytes: Vec<u8>) -> Result<String, InputError> {
    String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        let column = String::from_utf8_lossy(&valid[line_start..])
            .chars()
            .count()
            + 1;
        InputError::at(line, column, "the input is not valid UTF-8 text")
    })
}
