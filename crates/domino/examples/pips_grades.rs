//! The pips grade against the newspaper's label: runs explain on every
//! newspaper puzzle of ../shared/data/pips/nyt (or the folder given) and
//! prints the confusion matrix (label x grade) for the calibration days
//! and for the last eight days, kept aside, then how many puzzles the
//! deductions finish and whether "unique" matches counts.tsv. With
//! `--each` it also prints one line per puzzle: date, label, grade, cells,
//! medium deductions, cases, complete, unique.
//!
//! Usage: `cargo run --release -p domino-puzzles --example pips_grades -- [--each] [DIR]`

use domino::pips::{explain, parse_puzzles, Grade};
use std::collections::HashMap;
use std::path::PathBuf;
use std::process::ExitCode;

/// Days at the end of the set kept aside from calibration.
const KEPT_ASIDE: usize = 8;

/// One puzzle's outcome.
struct Row {
    date: String,
    label: Grade,
    grade: Grade,
    complete: bool,
    unique: bool,
    count: Option<u64>,
}

fn matrix(title: &str, rows: &[&Row]) {
    let mut m = [[0usize; 3]; 3];
    for row in rows {
        m[row.label as usize][row.grade as usize] += 1;
    }
    let agree: usize = (0..3).map(|k| m[k][k]).sum();
    println!(
        "{title}: grade = label on {agree} of {} ({:.0}%)",
        rows.len(),
        100.0 * agree as f64 / rows.len().max(1) as f64
    );
    println!("| label \\ grade | easy | medium | hard |");
    println!("|---|---|---|---|");
    for label in Grade::ALL {
        let r = m[label as usize];
        println!("| {} | {} | {} | {} |", label.name(), r[0], r[1], r[2]);
    }
    let unique: Vec<_> = rows.iter().filter(|r| r.count == Some(1)).collect();
    let finished = unique.iter().filter(|r| r.complete).count();
    let right = rows
        .iter()
        .filter(|r| r.count.is_some_and(|n| (n == 1) == r.unique))
        .count();
    println!(
        "explain complete on {finished} of {} unique puzzles; \"unique\" right on {right} of {}\n",
        unique.len(),
        rows.len()
    );
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let each = args.iter().any(|a| a == "--each");
    let dir = args.iter().find(|a| !a.starts_with("--")).map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/pips/nyt"),
        PathBuf::from,
    );
    let Ok(counts) = std::fs::read_to_string(dir.join("counts.tsv")) else {
        eprintln!(
            "no {}: give the folder of the newspaper's puzzles",
            dir.display()
        );
        return ExitCode::from(2);
    };
    let count: HashMap<(String, String), u64> = counts
        .lines()
        .skip(1)
        .filter_map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            let n = f.get(4)?.parse().ok()?;
            Some(((f.first()?.to_string(), f.get(1)?.to_string()), n))
        })
        .collect();
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("cannot read {}", dir.display());
        return ExitCode::from(2);
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut rows = Vec::new();
    for file in &files {
        let date = file
            .file_stem()
            .map_or(String::new(), |s| s.to_string_lossy().into_owned());
        let Ok(text) = std::fs::read_to_string(file) else {
            eprintln!("cannot read {}", file.display());
            return ExitCode::from(2);
        };
        let Ok(puzzles) = parse_puzzles(&text) else {
            eprintln!("cannot parse {}", file.display());
            return ExitCode::from(2);
        };
        for labeled in puzzles {
            let Some(label) = labeled
                .level
                .as_deref()
                .and_then(|l| l.parse::<Grade>().ok())
            else {
                continue;
            };
            let found = explain(&labeled.puzzle, &domino::Limits::none());
            let n = count
                .get(&(date.clone(), label.name().to_string()))
                .copied();
            if each {
                let medium = found
                    .steps
                    .iter()
                    .filter(|s| s.level == Grade::Medium)
                    .count();
                let cases = found
                    .steps
                    .iter()
                    .filter(|s| s.level == Grade::Hard)
                    .count();
                println!(
                    "{date}\t{}\t{}\t{}\t{medium}\t{cases}\t{}\t{}",
                    label.name(),
                    found.grade.name(),
                    labeled.puzzle.cells().len(),
                    found.complete,
                    found.unique
                );
            }
            rows.push(Row {
                date: date.clone(),
                label,
                grade: found.grade,
                complete: found.complete,
                unique: found.unique,
                count: n,
            });
        }
    }
    let mut days: Vec<&str> = rows.iter().map(|r| r.date.as_str()).collect();
    days.dedup();
    let split = days.len().saturating_sub(KEPT_ASIDE);
    let first_kept = days.get(split).copied().unwrap_or("");
    let (calibration, aside): (Vec<&Row>, Vec<&Row>) = rows
        .iter()
        .partition(|r| r.date.as_str() < first_kept || first_kept.is_empty());
    matrix(
        &format!("all {} puzzles", rows.len()),
        &rows.iter().collect::<Vec<_>>(),
    );
    matrix(&format!("calibration days ({} days)", split), &calibration);
    matrix(
        &format!(
            "kept-aside days ({first_kept} on, {} days)",
            days.len() - split
        ),
        &aside,
    );
    ExitCode::SUCCESS
}
