//! Reading the INPUT argument (a path, or standard input for `-` or none),
//! writing what was asked for (standard output, `--svg`, `--html` and other
//! files), and the one error type of the command line, which names the
//! file.

use domino::InputError;
use domino::MAX_INPUT_BYTES;
use serde::Serialize;
use serde_json::value::RawValue;
use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, Read, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

/// Text read from a file or standard input, with the name to use in
/// messages.
pub struct Input {
    pub name: String,
    pub text: String,
}

impl Input {
    /// Wraps a parse error of this input so the message names the input.
    pub fn error(&self, error: impl Into<InputError>) -> CliError {
        CliError::Input {
            name: self.name.clone(),
            error: error.into(),
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
    let (name, bytes) = match path {
        Some(p) if p.as_os_str() != "-" => {
            let bytes = std::fs::File::open(p)
                .and_then(|file| {
                    let size = file.metadata().map_or(0, |m| m.len());
                    read_capped(file, size)
                })
                .map_err(|error| CliError::Io {
                    path: p.to_path_buf(),
                    error,
                })?;
            (p.display().to_string(), bytes)
        }
        _ => {
            let bytes = read_capped(io::stdin(), 0).map_err(|error| CliError::Io {
                path: PathBuf::from("<stdin>"),
                error,
            })?;
            ("<stdin>".to_string(), bytes)
        }
    };
    let text = domino::text_from_bytes(bytes).map_err(|error| CliError::Input {
        name: name.clone(),
        error,
    })?;
    Ok(Input { name, text })
}

/// Reads everything, refusing an input above [`MAX_INPUT_BYTES`] once that
/// many bytes have come (so a huge file or endless pipe is never held whole).
/// `size` is what the file says its length is (0 when unknown): reading
/// into a buffer of that size spares regrowing and copying a large input.
fn read_capped(source: impl Read, size: u64) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::with_capacity(size.min(MAX_INPUT_BYTES as u64) as usize);
    source
        .take(MAX_INPUT_BYTES as u64 + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(io::Error::other(format!(
            "the input is larger than {} MiB, the most any command reads",
            MAX_INPUT_BYTES >> 20
        )));
    }
    Ok(bytes)
}

/// A flag that Ctrl-C sets, for the long searches to stop with their best
/// answer instead of dying. Only one handler can be installed per process,
/// so every call gives the same flag (a `--count` run asks for its limits
/// once a puzzle, and Ctrl-C must stop the last as it stops the first).
pub fn stop_on_ctrl_c() -> Arc<AtomicBool> {
    static STOP: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    let stop = STOP.get_or_init(|| {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
        stop
    });
    Arc::clone(stop)
}

/// Writes an output file the user asked for (`--output`, `--svg`, `--html`),
/// whole or not at all: the bytes go to a temporary file beside it, which
/// is then renamed over the path (only called once the answer is complete,
/// so a failed run leaves no half-written file either).
pub fn write_file(path: &Path, contents: &[u8]) -> Result<(), CliError> {
    let fail = |error| CliError::Io {
        path: path.to_path_buf(),
        error,
    };
    let name = path
        .file_name()
        .ok_or_else(|| fail(io::Error::other("not a file name")))?;
    let mut temporary = name.to_os_string();
    temporary.push(format!(".{}.tmp", std::process::id()));
    let temporary = path.with_file_name(temporary);
    let written =
        std::fs::write(&temporary, contents).and_then(|()| std::fs::rename(&temporary, path));
    if let Err(error) = written {
        let _ = std::fs::remove_file(&temporary);
        return Err(fail(error));
    }
    Ok(())
}

/// Everything a command prints on standard output, gathered and written in
/// one call at the end, so a closed pipe ends the run quietly wherever it
/// happens.
#[derive(Default)]
pub struct Out {
    bytes: Vec<u8>,
}

impl Out {
    /// Adds text.
    pub fn text(&mut self, text: &str) {
        self.bytes.extend_from_slice(text.as_bytes());
    }

    /// Adds one JSON document and a newline.
    pub fn json(&mut self, doc: &impl Serialize) -> Result<(), CliError> {
        serde_json::to_writer(&mut self.bytes, doc).map_err(io::Error::from)?;
        self.bytes.push(b'\n');
        Ok(())
    }

    /// Adds text that is ours to keep: the first moves in without a copy
    /// (a large answer is then never held twice).
    pub fn owned_text(&mut self, text: String) {
        if self.bytes.is_empty() {
            self.bytes = text.into_bytes();
        } else {
            self.text(&text);
        }
    }

    /// Adds what `write` appends to the output bytes (for documents that
    /// write themselves faster than through a `String`).
    pub fn write_with(&mut self, write: impl FnOnce(&mut Vec<u8>)) {
        write(&mut self.bytes);
    }

    /// Adds one JSON document that `write` appends to the output bytes
    /// (for documents with a writer faster than serde's), and a newline.
    pub fn json_with(
        &mut self,
        write: impl FnOnce(&mut Vec<u8>) -> serde_json::Result<()>,
    ) -> Result<(), CliError> {
        write(&mut self.bytes).map_err(io::Error::from)?;
        self.bytes.push(b'\n');
        Ok(())
    }

    /// Adds `doc` as JSON when `json`, else `text()`.
    pub fn either<T: Serialize>(
        &mut self,
        json: bool,
        doc: &T,
        text: impl FnOnce(&T) -> String,
    ) -> Result<(), CliError> {
        if json {
            self.json(doc)
        } else {
            self.owned_text(text(doc));
            Ok(())
        }
    }

    /// Writes everything to standard output.
    pub fn emit(self) -> Result<(), CliError> {
        emit(&self.bytes)
    }
}

/// Writes `bytes` to standard output in one call.
pub fn emit(bytes: &[u8]) -> Result<(), CliError> {
    let mut stdout = io::stdout().lock();
    stdout.write_all(bytes)?;
    stdout.flush()?;
    Ok(())
}

/// A listing written to standard output as it grows (`solve --all`): each
/// solution goes out as soon as the search finds it, so memory stays flat
/// however many there are. JSON is one document a puzzle, its
/// `solutions` array first (written as found), then the other fields.
/// After a failed write (a closed pipe) nothing more is written and the
/// search is told to stop.
pub struct Listing {
    out: io::BufWriter<io::StdoutLock<'static>>,
    json: bool,
    listed: usize,
    failed: Option<io::Error>,
}

impl Listing {
    pub fn new(json: bool) -> Self {
        Listing {
            out: io::BufWriter::new(io::stdout().lock()),
            json,
            listed: 0,
            failed: None,
        }
    }

    fn write(&mut self, bytes: &[u8]) -> ControlFlow<()> {
        if self.failed.is_none() {
            if let Err(e) = self.out.write_all(bytes) {
                self.failed = Some(e);
            }
        }
        if self.failed.is_some() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// Starts one puzzle's listing, after `heading` (text only).
    pub fn begin(&mut self, heading: &str) {
        self.listed = 0;
        let _ = if self.json {
            self.write(b"{\"solutions\":[")
        } else {
            self.write(heading.as_bytes())
        };
    }

    /// Writes the next solution: `doc` as JSON, or `text(n)` (n from 1),
    /// a blank line before every one but the first; then flushes, so it
    /// shows at once. `Break` when the output is gone.
    pub fn solution(
        &mut self,
        doc: &impl Serialize,
        text: impl FnOnce(usize) -> String,
    ) -> ControlFlow<()> {
        self.listed += 1;
        if self.json {
            let mut bytes = Vec::new();
            if self.listed > 1 {
                bytes.push(b',');
            }
            if let Err(e) = serde_json::to_writer(&mut bytes, doc) {
                self.failed = Some(e.into());
            }
            self.write(&bytes)?;
        } else {
            if self.listed > 1 {
                self.write(b"\n")?;
            }
            self.write(text(self.listed).as_bytes())?;
        }
        if let Err(e) = self.out.flush() {
            self.failed = Some(e);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    /// The solutions listed so far in this puzzle's listing.
    pub fn listed(&self) -> usize {
        self.listed
    }

    /// Ends one puzzle's listing: the fields of `doc` but its solutions
    /// (JSON), or `text` after a blank line when solutions were listed.
    pub fn end(&mut self, doc: &impl Serialize, text: &str) {
        if self.json {
            let mut bytes = b"]".to_vec();
            // Each field kept as its own JSON text (not a serde_json
            // Value, whose numbers end at u64: a count can be larger), in
            // the sorted order of the document's fields.
            let fields = serde_json::to_string(doc)
                .and_then(|text| serde_json::from_str::<BTreeMap<String, Box<RawValue>>>(&text));
            match fields {
                Ok(fields) => {
                    for (name, value) in fields.iter().filter(|(name, _)| *name != "solutions") {
                        bytes.push(b',');
                        let _ = serde_json::to_writer(&mut bytes, name);
                        bytes.push(b':');
                        bytes.extend_from_slice(value.get().as_bytes());
                    }
                }
                Err(e) => self.failed = Some(e.into()),
            }
            bytes.extend_from_slice(b"}\n");
            let _ = self.write(&bytes);
        } else {
            if self.listed > 0 {
                let _ = self.write(b"\n");
            }
            let _ = self.write(text.as_bytes());
        }
    }

    /// Flushes what is left; the first failed write's error.
    pub fn finish(mut self) -> Result<(), CliError> {
        if let Some(e) = self.failed.take() {
            return Err(e.into());
        }
        self.out.flush()?;
        Ok(())
    }
}
