//! Reading the INPUT argument (a path, or standard input for `-` or none)
//! and the one error type of the command line, which names the file.

use domino::InputError;
use std::fmt;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// Text read from a file or standard input, with the name to use in
/// messages.
pub struct Input {
    pub name: String,
    pub text: String,
}

impl Input {
    /// Wraps a parse error of this input so the message names the input.
    pub fn error(&self, error: InputError) -> CliError {
        CliError::Input {
            name: self.name.clone(),
            error,
        }
    }
}

/// Everything that makes the tool exit with code 2 (or quietly, for a
/// closed pipe).
#[derive(Debug)]
pub enum CliError {
    /// The input text is malformed or impossible.
    Input { name: String, error: InputError },
    /// A file could not be read or written.
    Io { path: PathBuf, error: io::Error },
    /// Arguments that clap cannot reject on its own.
    Usage(String),
    /// The reader of our standard output went away (`domino ... | head`).
    BrokenPipe,
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Input { name, error } => write!(f, "{name}: {error}"),
            CliError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            CliError::Usage(message) => f.write_str(message),
            CliError::BrokenPipe => f.write_str("broken pipe"),
        }
    }
}

impl From<io::Error> for CliError {
    fn from(error: io::Error) -> Self {
        if error.kind() == io::ErrorKind::BrokenPipe {
            CliError::BrokenPipe
        } else {
            CliError::Io {
                path: PathBuf::from("<stdout>"),
                error,
            }
        }
    }
}

/// Reads INPUT: a path, or standard input when it is `-` or absent.
pub fn read_input(path: Option<&Path>) -> Result<Input, CliError> {
    match path {
        None => read_stdin(),
        Some(p) if p.as_os_str() == "-" => read_stdin(),
        Some(p) => {
            let bytes = std::fs::read(p).map_err(|error| CliError::Io {
                path: p.to_path_buf(),
                error,
            })?;
            let name = p.display().to_string();
            let text = into_text(bytes, &name)?;
            Ok(Input { name, text })
        }
    }
}

fn read_stdin() -> Result<Input, CliError> {
    let mut bytes = Vec::new();
    io::stdin()
        .read_to_end(&mut bytes)
        .map_err(|error| CliError::Io {
            path: PathBuf::from("<stdin>"),
            error,
        })?;
    let name = "<stdin>".to_string();
    let text = into_text(bytes, &name)?;
    Ok(Input { name, text })
}

fn into_text(bytes: Vec<u8>, name: &str) -> Result<String, CliError> {
    String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        let column = String::from_utf8_lossy(&valid[line_start..])
            .chars()
            .count()
            + 1;
        CliError::Input {
            name: name.to_string(),
            error: InputError::at(line, column, "the input is not valid UTF-8 text"),
        }
    })
}

/// Writes an output file the user asked for (`--output`, `--svg`, `--html`) (only called once the answer
/// is complete, so a failed run leaves no half-written file).
pub fn write_file(path: &Path, contents: &[u8]) -> Result<(), CliError> {
    std::fs::write(path, contents).map_err(|error| CliError::Io {
        path: path.to_path_buf(),
        error,
    })
}
