//! Builds the reader's badge glyph templates from the shared screenshots:
//! reads every badge of every `shot-NN.png` of the folder, names each of
//! its characters from the rule of its region in `shot-NN.json`, and prints
//! per character its mean size and shape, the lines of
//! crates/domino/src/pips/read/glyphs.txt. A badge whose region's shape
//! the answer does not name once, or whose character count does not match
//! the rule, is left out (and said on stderr).
//!
//! Usage: `scripts/pips-glyphs` (which runs
//! `cargo run --release -p domino-puzzles --features read --example pips_glyphs -- DIR`).

use domino::pips::parse_puzzle;
use domino::pips::read::{badge_text, glyph_samples};
use domino::Cell;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

/// A region's cells moved to the top-left corner.
fn shape(cells: &[Cell]) -> Vec<Cell> {
    let top = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let left = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let mut moved: Vec<Cell> = cells.iter().map(|&(r, c)| (r - top, c - left)).collect();
    moved.sort_unstable();
    moved
}

fn main() -> ExitCode {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "../shared/data/pips/screenshots".into()),
    );
    // Per character: how many, sum of width, height, shape.
    let mut sums: BTreeMap<char, (f32, f32, f32, Vec<f32>)> = BTreeMap::new();
    for n in 1..=99 {
        let picture = dir.join(format!("shot-{n:02}.png"));
        let answer = dir.join(format!("shot-{n:02}.json"));
        let (Ok(bytes), Ok(text)) = (std::fs::read(&picture), std::fs::read_to_string(&answer))
        else {
            continue;
        };
        let puzzle = match parse_puzzle(&text, None) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{}: {e}", answer.display());
                return ExitCode::FAILURE;
            }
        };
        let samples = match glyph_samples(&bytes) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{}: {e}", picture.display());
                continue;
            }
        };
        for sample in samples {
            // The region at the same cells, else the regions of its shape.
            let mine = shape(&sample.cells);
            let mut cells = sample.cells.clone();
            cells.sort_unstable();
            let same_place: Vec<String> = puzzle
                .regions()
                .iter()
                .filter(|r| r.cells == cells)
                .map(|r| badge_text(r.rule))
                .collect();
            let texts: Vec<String> = if same_place.is_empty() {
                puzzle
                    .regions()
                    .iter()
                    .filter(|r| shape(&r.cells) == mine)
                    .map(|r| badge_text(r.rule))
                    .collect()
            } else {
                same_place
            };
            let Some(text) = texts.first().filter(|t| texts.iter().all(|u| u == *t)) else {
                eprintln!(
                    "{}: a badge of a region the answer does not name once",
                    picture.display()
                );
                continue;
            };
            if text.chars().count() != sample.characters.len() {
                eprintln!(
                    "{}: the badge {text} shows {} characters",
                    picture.display(),
                    sample.characters.len()
                );
                continue;
            }
            for (ch, (w, h, cells)) in text.chars().zip(sample.characters) {
                let entry = sums
                    .entry(ch)
                    .or_insert_with(|| (0.0, 0.0, 0.0, vec![0.0; cells.len()]));
                entry.0 += 1.0;
                entry.1 += w;
                entry.2 += h;
                for (s, v) in entry.3.iter_mut().zip(cells) {
                    *s += v;
                }
            }
        }
    }
    if sums.is_empty() {
        eprintln!("{}: no screenshot read", dir.display());
        return ExitCode::FAILURE;
    }
    for (ch, (n, w, h, cells)) in sums {
        let mut line = format!("{ch} {:.0} {:.0}", 1000.0 * w / n, 1000.0 * h / n);
        for v in cells {
            line.push_str(&format!(" {:.0}", 255.0 * v / n));
        }
        println!("{line}");
        eprintln!("{ch}: {n} samples");
    }
    ExitCode::SUCCESS
}
