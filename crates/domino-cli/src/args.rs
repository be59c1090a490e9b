//! Flags that mean the same thing in every command, defined once: the
//! output formats (`--json`, `--svg`, `--html`) and the search limits
//! (`--time-limit`, `--node-limit`).

use crate::input::{write_file, CliError};
use clap::Args;
use std::path::PathBuf;
use std::time::Duration;

/// `--json`, `--svg FILE`, `--html FILE`.
#[derive(Args, Debug)]
pub struct OutputArgs {
    /// Print JSON instead of text (one document per board or game).
    #[arg(long)]
    pub json: bool,
    /// Also draw the answer as an SVG picture in FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Also write a self-contained HTML page with the picture to FILE.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
}

impl OutputArgs {
    /// Writes the `--svg` and `--html` files that were asked for; the
    /// pictures are drawn only then.
    pub fn pictures(
        &self,
        svg: impl FnOnce() -> String,
        html: impl FnOnce() -> String,
    ) -> Result<(), CliError> {
        if let Some(path) = &self.svg {
            write_file(path, svg().as_bytes())?;
        }
        if let Some(path) = &self.html {
            write_file(path, html().as_bytes())?;
        }
        Ok(())
    }
}

/// `--json` alone, for commands that draw nothing.
#[derive(Args, Debug)]
pub struct JsonArg {
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// A number of seconds >= 0 (0 stops at the first answer).
pub fn parse_seconds(s: &str) -> Result<Duration, String> {
    let secs: f64 = s
        .parse()
        .map_err(|_| format!("'{s}' is not a number of seconds"))?;
    if !secs.is_finite() || secs < 0.0 {
        return Err(format!(
            "'{s}': the time limit must be a number of seconds >= 0"
        ));
    }
    Ok(Duration::from_secs_f64(secs.min(1e9)))
}
