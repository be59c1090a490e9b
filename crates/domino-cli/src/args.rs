//! Flags that mean the same thing in every command, defined once: the
//! output formats (`--json`, `--svg`, `--html`) and the search limits
//! (`--time-limit`, `--node-limit`, `--memory`, `--max-solutions`), with
//! the defaults and ceilings of `domino::search::defaults`, the same as
//! the service's and the Python package's.

use crate::input::{stop_on_ctrl_c, write_file, CliError};
use clap::Args;
use domino::search::defaults;
use domino::Limits;
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

/// `--count`, `--all`, `--limit N`: how far a solve goes and what it
/// lists (place and pips).
#[derive(Args, Debug, Clone, Copy)]
pub struct SolveModeArgs {
    /// Count every solution (up to --limit); list only the first.
    #[arg(long)]
    count: bool,
    /// Count and list every solution (up to --limit).
    #[arg(long)]
    all: bool,
    /// Stop after this many solutions (default 2, or no limit with --count
    /// or --all).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    limit: Option<u64>,
}

impl SolveModeArgs {
    /// The library's options for these flags.
    pub fn options(&self) -> domino::search::SolveOptions {
        domino::search::SolveOptions {
            mode: domino::search::SolveMode::from_flags(self.all, self.count),
            limit: self.limit,
            keep: None,
        }
    }
}

/// `--time-limit SECONDS`, `--node-limit N`: when a search stops with the
/// best answer so far, marked not proven. Ctrl-C stops it too.
#[derive(Args, Debug, Clone, Copy)]
pub struct LimitArgs {
    /// Stop after this many seconds with the best answer so far (marked
    /// not proven); 0 stops at the first answer.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
    /// Stop after this many search nodes with the best answer so far
    /// (marked not proven).
    #[arg(long, value_name = "N")]
    pub node_limit: Option<u64>,
}

impl LimitArgs {
    /// True when neither limit was given.
    pub fn is_empty(&self) -> bool {
        self.time_limit.is_none() && self.node_limit.is_none()
    }

    /// The library's limits, the clock starting now, with Ctrl-C as the
    /// stop flag, and the memory and listing defaults of every door
    /// ([`Limits::standard`]).
    pub fn limits(&self) -> Limits {
        Limits::standard(self.time_limit, self.node_limit, Some(stop_on_ctrl_c()))
    }
}

/// `--time-limit SECONDS` alone, for searches whose nodes mean nothing to
/// a user (the deductions of `explain`): the same flag as in
/// [`LimitArgs`]. Ctrl-C stops them too.
#[derive(Args, Debug, Clone, Copy)]
pub struct TimeLimitArg {
    /// Stop after this many seconds with what was found so far (marked
    /// not complete); 0 stops at once.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
}

impl TimeLimitArg {
    /// The library's limits, the clock starting now, with Ctrl-C as the
    /// stop flag and the defaults of every door ([`Limits::standard`]).
    pub fn limits(&self) -> Limits {
        Limits::standard(self.time_limit, None, Some(stop_on_ctrl_c()))
    }
}

/// `--memory MIB`: the most memory a search's growing parts (memo tables,
/// the solutions and steps it keeps) take; past it the search stops with
/// what it found, not complete. The same flag (and meaning) as `vanish`'s.
#[derive(Args, Debug, Clone, Copy)]
pub struct MemoryArg {
    /// The most memory the search's tables and the answers it keeps take,
    /// in MiB; past it the search stops with what it found (not complete).
    #[arg(long, value_name = "MIB", default_value_t = (defaults::SEARCH_MEMORY >> 20) as u64, value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
    pub memory: u64,
}

impl MemoryArg {
    /// `limits` with this memory bound.
    pub fn apply(&self, limits: Limits) -> Limits {
        Limits {
            memory: Some(usize::try_from(self.memory << 20).unwrap_or(usize::MAX)),
            ..limits
        }
    }
}

/// `--max-solutions N`: the most solutions a solve lists (the count goes
/// on past them), the service's default and ceiling.
#[derive(Args, Debug, Clone, Copy)]
pub struct MaxSolutionsArg {
    /// The most solutions listed (the count goes on past them; the text
    /// says how many were not listed).
    #[arg(long, value_name = "N", default_value_t = defaults::SOLUTIONS_LISTED as u64, value_parser = clap::value_parser!(u64).range(1..=defaults::SOLUTIONS_LISTED_MAX as u64))]
    pub max_solutions: u64,
}

impl MaxSolutionsArg {
    /// `limits` with this listing cap.
    pub fn apply(&self, limits: Limits) -> Limits {
        Limits {
            solutions: Some(usize::try_from(self.max_solutions).unwrap_or(usize::MAX)),
            ..limits
        }
    }
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

/// `--count` and `--threads` of the generators.
#[derive(Args)]
pub struct CountArgs {
    /// Make this many puzzles, of the seeds seed, seed+1, ...: one JSON
    /// document a line with --json, else the puzzles one after the other,
    /// a blank line between. A seed that finds no puzzle is named on
    /// standard error and skipped, the run goes on, and the exit code is 1.
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub count: u64,
    /// Threads making the puzzles of --count side by side (default: every
    /// core); the puzzles and their order are the same for any number.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,
}

/// The line saying how many solutions the cap of `--max-solutions` left
/// out of a collected listing (a `--limit` of more than the cap), empty
/// when it left none out.
pub fn capped<S>(found: &domino::search::Solutions<S>, limits: &Limits) -> String {
    let listed = found.solutions.len();
    if limits.solutions == Some(listed) {
        domino::search::not_listed(found.count, listed)
    } else {
        String::new()
    }
}
