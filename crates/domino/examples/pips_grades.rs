//! The pips grade against the newspaper's label, validated as a forecast:
//! runs explain once on every newspaper puzzle of ../shared/data/pips/nyt
//! (or the folder given), sorts the days by date, fits the grade's
//! weights and thresholds on the earlier half of the days only and
//! prints the confusion matrices (label x grade) of both halves, before
//! (the scale as it was, fitted on 22 of the 30 days, cells weighing
//! most) and after (the library's scale, [`Scale::NEWSPAPER`]); then a
//! rolling origin (fit on days 1..k, grade day k+1, for every k from
//! the half on), the size trap (each later medium puzzle's deductions
//! graded at 12 and at 16 cells), and whether the fit on the earlier half
//! is the library's scale. With `--each` it also prints one line per
//! puzzle: date, label, grade, cells, medium deductions, cases, kinds.
//!
//! Usage: `cargo run --release -p domino-puzzles --example pips_grades -- [--each] [DIR]`
//! (bench/pips-grades/run runs it).

use domino::pips::{explain, parse_puzzles, Grade, Scale, Work};
use std::path::PathBuf;
use std::process::ExitCode;

/// The scale before the forecast: the board's cells weigh most, fitted
/// on the days 2025-08-18 to 2025-09-08.
const BEFORE: Scale = Scale {
    per_cell: 1.0,
    per_medium: 1.0,
    per_case: 0.25,
    per_kind: 0.0,
    medium_from: 12.25,
    hard_from: 18.0,
};

/// Cells a medium or hard puzzle of the training days is counted again
/// with, its deductions the same: the newspaper's boards grow, and a
/// medium puzzle simply larger is still medium.
const DRIFT: usize = 4;

/// One puzzle's outcome: its day, the newspaper's label, its work, and
/// whether its deductions stop short of a unique puzzle (then it is hard
/// on any scale).
struct Row {
    date: String,
    label: Grade,
    work: Work,
    stuck: bool,
}

impl Row {
    fn grade(&self, scale: &Scale) -> Grade {
        if self.stuck {
            Grade::Hard
        } else {
            scale.grade(&self.work)
        }
    }
}

fn matrix(title: &str, rows: &[&Row], scale: &Scale) {
    let mut m = [[0usize; 3]; 3];
    for row in rows {
        m[row.label as usize][row.grade(scale) as usize] += 1;
    }
    let agree: usize = (0..3).map(|k| m[k][k]).sum();
    println!(
        "{title}: grade = label on {agree} of {} ({:.0}%)",
        rows.len(),
        100.0 * agree as f64 / rows.len().max(1) as f64
    );
    let show = |r: [usize; 3]| format!("[{}, {}, {}]", r[0], r[1], r[2]);
    println!(
        "  easy {}, medium {}, hard {}",
        show(m[0]),
        show(m[1]),
        show(m[2])
    );
}

/// The training rows and, when `drift`, for each medium or hard one the
/// same work on [`DRIFT`] more cells.
fn with_drift(rows: &[&Row], drift: bool) -> Vec<(Grade, Work, bool)> {
    let mut out: Vec<(Grade, Work, bool)> =
        rows.iter().map(|r| (r.label, r.work, r.stuck)).collect();
    for r in rows.iter().filter(|r| drift && r.label > Grade::Easy) {
        let work = Work {
            cells: r.work.cells + DRIFT,
            ..r.work
        };
        out.push((r.label, work, r.stuck));
    }
    out
}

/// What a fit may choose: the forecast's family (any weight per cell,
/// kinds counted, the drift copies) or the family before (a weight of
/// 1 per cell, no kinds, no drift copies).
struct Family {
    per_cell: &'static [f64],
    per_kind: &'static [f64],
    drift: bool,
}

const FORECAST: Family = Family {
    per_cell: &[0.25, 0.5, 0.75, 1.0],
    per_kind: &[0.0, 1.0, 2.0],
    drift: true,
};

const CELLS_FIRST: Family = Family {
    per_cell: &[1.0],
    per_kind: &[0.0],
    drift: false,
};

/// The scale of `family` that agrees with the most labels of `rows`
/// (with the drift copies when the family has them): weights from a
/// small grid, thresholds halfway between neighbouring efforts. Among
/// equals the smallest weight per cell wins (size is the feature that
/// does not hold over time), then the first in the grid's order.
fn fit(rows: &[&Row], family: &Family) -> Scale {
    let train = with_drift(rows, family.drift);
    let mut best: Option<(usize, Scale)> = None;
    for &per_cell in family.per_cell {
        for per_medium in [0.0, 0.5, 1.0, 2.0] {
            for per_case in [0.0, 0.25, 0.5, 1.0] {
                for &per_kind in family.per_kind {
                    let weights = Scale {
                        per_cell,
                        per_medium,
                        per_case,
                        per_kind,
                        medium_from: 0.0,
                        hard_from: 0.0,
                    };
                    let mut efforts: Vec<f64> =
                        train.iter().map(|(_, w, _)| weights.effort(w)).collect();
                    efforts.sort_by(f64::total_cmp);
                    efforts.dedup();
                    let cuts: Vec<f64> = efforts.windows(2).map(|p| (p[0] + p[1]) / 2.0).collect();
                    for (i, &medium_from) in cuts.iter().enumerate() {
                        for &hard_from in &cuts[i + 1..] {
                            let scale = Scale {
                                medium_from,
                                hard_from,
                                ..weights
                            };
                            let agree = train
                                .iter()
                                .filter(|(label, work, stuck)| {
                                    let grade = if *stuck {
                                        Grade::Hard
                                    } else {
                                        scale.grade(work)
                                    };
                                    grade == *label
                                })
                                .count();
                            if best.as_ref().is_none_or(|(most, _)| agree > *most) {
                                best = Some((agree, scale));
                            }
                        }
                    }
                }
            }
        }
    }
    best.map_or(BEFORE, |(_, scale)| scale)
}

fn read(dir: &PathBuf) -> Result<Vec<Row>, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
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
        let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
        let puzzles = parse_puzzles(&text).map_err(|e| format!("{}: {e}", file.display()))?;
        for labeled in puzzles {
            let Some(label) = labeled.level else {
                continue;
            };
            let found = explain(&labeled.puzzle, &domino::Limits::none());
            let work = Work::of(&labeled.puzzle, &found.steps);
            // A puzzle with several solutions ends with a step that shows
            // two; one whose deductions stop short otherwise is hard.
            let several = found
                .steps
                .last()
                .is_some_and(|s| s.technique == "several solutions");
            let stuck = !found.complete && !several;
            rows.push(Row {
                date: date.clone(),
                label,
                work,
                stuck,
            });
        }
    }
    Ok(rows)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let each = args.iter().any(|a| a == "--each");
    let dir = args.iter().find(|a| !a.starts_with("--")).map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/pips/nyt"),
        PathBuf::from,
    );
    let rows = match read(&dir) {
        Ok(rows) => rows,
        Err(why) => {
            eprintln!("{why}: give the folder of the newspaper's day files");
            return ExitCode::from(2);
        }
    };
    if each {
        for r in &rows {
            let w = r.work;
            println!(
                "{}\t{}\t{}\t{}\t{}\t{}\t{}",
                r.date,
                r.label.name(),
                r.grade(&Scale::NEWSPAPER).name(),
                w.cells,
                w.medium,
                w.cases,
                w.kinds
            );
        }
    }
    let mut days: Vec<&str> = rows.iter().map(|r| r.date.as_str()).collect();
    days.sort_unstable();
    days.dedup();
    let half = days.len() / 2;
    let on = |from: usize, to: usize| -> Vec<&Row> {
        rows.iter()
            .filter(|r| days[from..to].contains(&r.date.as_str()))
            .collect()
    };
    let (earlier, later) = (on(0, half), on(half, days.len()));
    let span =
        |from: usize, to: usize| format!("{} to {}, {} days", days[from], days[to - 1], to - from);
    println!(
        "{} days, {} puzzles; rows: the newspaper's label, [easy, medium, hard]: the grade\n",
        days.len(),
        rows.len()
    );
    for (name, scale) in [
        ("before (cells first)", BEFORE),
        ("after (Scale::NEWSPAPER)", Scale::NEWSPAPER),
    ] {
        println!("{name}: {scale:?}");
        matrix(
            &format!("  earlier half ({})", span(0, half)),
            &earlier,
            &scale,
        );
        matrix(
            &format!("  later half ({})", span(half, days.len())),
            &later,
            &scale,
        );
        println!();
    }
    let refitted = fit(&earlier, &CELLS_FIRST);
    println!("before's family (cells first), fitted on the earlier half only: {refitted:?}");
    matrix(
        &format!("  later half ({})", span(half, days.len())),
        &later,
        &refitted,
    );
    println!();
    let fitted = fit(&earlier, &FORECAST);
    println!(
        "fit on the earlier half: {fitted:?}\n  {}\n",
        if fitted == Scale::NEWSPAPER {
            "the library's scale"
        } else {
            "NOT the library's scale"
        }
    );
    print!(
        "rolling origin (fit on days 1..k, grade day k+1, k = {half}..{}): ",
        days.len() - 1
    );
    let mut agree = [0usize; 2];
    let mut graded = 0;
    for k in half..days.len() {
        let train = on(0, k);
        let day = on(k, k + 1);
        let scales = [fit(&train, &FORECAST), fit(&train, &CELLS_FIRST)];
        graded += day.len();
        for (n, scale) in agree.iter_mut().zip(&scales) {
            *n += day.iter().filter(|r| r.grade(scale) == r.label).count();
        }
    }
    println!(
        "{} of {graded} ({:.0}%); before's family refitted the same way: {} of {graded}\n",
        agree[0],
        100.0 * agree[0] as f64 / graded.max(1) as f64,
        agree[1]
    );
    println!("size trap: each later medium puzzle's deductions at 12 and at 16 cells");
    for (name, scale) in [("before", BEFORE), ("after", Scale::NEWSPAPER)] {
        let medium: Vec<&&Row> = later.iter().filter(|r| r.label == Grade::Medium).collect();
        let at = |cells: usize, r: &Row| scale.grade(&Work { cells, ..r.work });
        let flips = medium.iter().filter(|r| at(12, r) != at(16, r)).count();
        let stays = medium.iter().filter(|r| at(16, r) == Grade::Medium).count();
        println!(
            "  {name}: the grade flips on {flips} of {}; medium at 16 cells: {stays} of {}",
            medium.len(),
            medium.len()
        );
    }
    ExitCode::SUCCESS
}
