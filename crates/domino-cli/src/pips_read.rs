//! `domino pips read SHOT`: the puzzle a screenshot of the newspaper's app
//! shows, as text or the newspaper's JSON, and straight on to `--solve`,
//! `--explain` or `--hint`. Whatever the reader doubts is listed on
//! standard error (the item, where it is in the picture, why) with exit 2:
//! a doubtful reading is never presented as the puzzle.

use crate::args::OutputArgs;
use crate::board;
use crate::input::{emit, CliError, Input};
use crate::Verdict;
use domino::pips::read::{read, Item};
use domino::pips::{hint, write_json, write_text, Labeled, Pips, SolveOptions};
use domino::Limits;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The largest screenshot file read (a phone's PNG is a few MB).
const MAX_FILE: u64 = 64 << 20;

/// The bytes of the screenshot at `path` (standard input for `-`).
fn read_bytes(path: &Path) -> Result<(String, Vec<u8>), CliError> {
    let mut bytes = Vec::new();
    let (name, result) = if path == Path::new("-") {
        let stdin = std::io::stdin().lock();
        (
            "standard input".to_string(),
            stdin.take(MAX_FILE + 1).read_to_end(&mut bytes),
        )
    } else {
        let file = std::fs::File::open(path).map_err(|error| CliError::Io {
            path: path.to_path_buf(),
            error,
        })?;
        (
            path.display().to_string(),
            file.take(MAX_FILE + 1).read_to_end(&mut bytes),
        )
    };
    result.map_err(|error| CliError::Io {
        path: path.to_path_buf(),
        error,
    })?;
    if bytes.len() as u64 > MAX_FILE {
        return Err(CliError::Usage(format!(
            "{name}: more than {} MiB is no screenshot",
            MAX_FILE >> 20
        )));
    }
    Ok((name, bytes))
}

/// Where an item is, for a person.
fn item_text(item: &Item) -> String {
    match item {
        Item::Cell { row, column } => format!("cell [{row},{column}]"),
        Item::Badge { row, column } => format!("badge of the region at [{row},{column}]"),
        Item::Domino { index } => format!("domino {} of the tray", index + 1),
        Item::Board => "board".to_string(),
    }
}

pub fn run(
    shot: PathBuf,
    json: bool,
    solve: bool,
    explain: bool,
    hint_next: bool,
) -> Result<Verdict, CliError> {
    let (name, bytes) = read_bytes(&shot)?;
    let reading = read(&bytes).map_err(|e| CliError::Usage(format!("{name}: {e}")))?;
    if !reading.unsure.is_empty() {
        let mut message = format!(
            "{name}: the reading is unsure of {} item(s):",
            reading.unsure.len()
        );
        for u in &reading.unsure {
            let p = u.pixels;
            message.push_str(&format!(
                "\n  {} at pixels x {} y {} ({} x {}): {}",
                item_text(&u.item),
                p.x,
                p.y,
                p.width,
                p.height,
                u.reason
            ));
        }
        message.push_str(&format!(
            "\nthe best reading, to correct by hand:\n{}",
            write_json(&reading.puzzle)
        ));
        return Err(CliError::Usage(message));
    }
    let puzzle = reading.puzzle;
    let limits = Limits::none();
    if solve || explain {
        let input = Input {
            name,
            text: write_json(&puzzle),
        };
        let puzzles = [Labeled {
            level: None,
            puzzle,
        }];
        let output = OutputArgs {
            json,
            svg: None,
            html: None,
        };
        return if solve {
            board::solve::<Pips>(
                &input,
                &puzzles,
                &SolveOptions::default(),
                &limits,
                &output,
                &board::NoFlags {},
            )
        } else {
            board::explain::<Pips>(&input, &puzzles, &limits, json, None)
        };
    }
    if hint_next {
        let report = hint(&puzzle, &[], &limits);
        let text = if json {
            serde_json::to_string(&report).map_err(|e| CliError::Usage(e.to_string()))? + "\n"
        } else {
            match (&report.step, &report.reason) {
                (Some(step), _) => format!("{}\n", step.text),
                (None, Some(reason)) => format!("{reason}\n"),
                (None, None) => "no deduction to give\n".to_string(),
            }
        };
        emit(text.as_bytes())?;
        return Ok(Verdict::Yes);
    }
    let text = if json {
        write_json(&puzzle) + "\n"
    } else {
        write_text(&puzzle).map_err(|e| CliError::Usage(e.to_string()))?
    };
    emit(text.as_bytes())?;
    Ok(Verdict::Yes)
}
