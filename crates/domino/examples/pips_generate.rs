//! What generated pips puzzles look like beside the newspaper's: makes
//! `--count` puzzles per level (default 50, seeds 1, 2, ...) with the
//! defaults of `domino pips generate` (no cells, no shape), and prints
//! per level the rows of the table in ../shared/data/pips/nyt/README.md,
//! the newspaper's values (computed from the puzzles of that folder, or
//! the folder given) beside the generated ones, then the time a puzzle
//! took (median and max) and the seeds that found none.
//!
//! Usage: `cargo run --release -p domino-puzzles --example pips_generate -- [--count N] [DIR]`

use domino::pips::{count, generate, parse_puzzles, Grade, Limits, Puzzle, Request, Rule};
use domino::Cell;
use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// What one puzzle looks like, in the terms of the newspaper's table.
struct Look {
    cells: usize,
    /// Regions, a run of touching no-rule cells counted as one.
    regions: usize,
    largest_rule: usize,
    rule_regions: usize,
    one_cell_rules: usize,
    no_rule_cells: usize,
    /// Regions by kind: sum, equals, less, greater, unequal, no-rule run.
    kinds: [usize; 6],
    doubles: usize,
    hole: bool,
    pieces: usize,
    unique: bool,
}

/// The connected parts of `cells` (orthogonal steps), by a depth-first
/// walk from each cell not yet reached.
fn parts(cells: &BTreeSet<Cell>) -> Vec<Vec<Cell>> {
    let mut reached: BTreeSet<Cell> = BTreeSet::new();
    let mut out = Vec::new();
    for &start in cells {
        if !reached.insert(start) {
            continue;
        }
        let (mut part, mut stack) = (Vec::new(), vec![start]);
        while let Some((r, c)) = stack.pop() {
            part.push((r, c));
            let steps = [
                (r + 1, c),
                (r, c + 1),
                (r.wrapping_sub(1), c),
                (r, c.wrapping_sub(1)),
            ];
            for next in steps {
                if cells.contains(&next) && reached.insert(next) {
                    stack.push(next);
                }
            }
        }
        out.push(part);
    }
    out
}

/// Whether some place inside the board's bounding box that is not a cell
/// is walled in by cells (cannot reach the box's edge).
fn has_hole(cells: &BTreeSet<Cell>) -> bool {
    let rows = cells.iter().map(|c| c.0).max().unwrap_or(0) + 1;
    let cols = cells.iter().map(|c| c.1).max().unwrap_or(0) + 1;
    let top = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let left = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let gaps: BTreeSet<Cell> = (top..rows)
        .flat_map(|r| (left..cols).map(move |c| (r, c)))
        .filter(|c| !cells.contains(c))
        .collect();
    parts(&gaps).iter().any(|part| {
        part.iter()
            .all(|&(r, c)| r > top && c > left && r + 1 < rows && c + 1 < cols)
    })
}

fn look(puzzle: &Puzzle, unique: bool) -> Look {
    let cells: BTreeSet<Cell> = puzzle.cells().into_iter().collect();
    let no_rule: BTreeSet<Cell> = puzzle
        .regions()
        .iter()
        .filter(|r| r.rule == Rule::Empty)
        .flat_map(|r| r.cells.iter().copied())
        .collect();
    let ruled: Vec<_> = puzzle
        .regions()
        .iter()
        .filter(|r| r.rule != Rule::Empty)
        .collect();
    let mut kinds = [0; 6];
    for region in &ruled {
        let k = match region.rule {
            Rule::Sum(_) => 0,
            Rule::Equal => 1,
            Rule::Less(_) => 2,
            Rule::Greater(_) => 3,
            Rule::Unequal => 4,
            Rule::Empty => 5,
        };
        kinds[k] += 1;
    }
    kinds[5] = parts(&no_rule).len();
    Look {
        cells: cells.len(),
        regions: ruled.len() + kinds[5],
        largest_rule: ruled.iter().map(|r| r.cells.len()).max().unwrap_or(0),
        rule_regions: ruled.len(),
        one_cell_rules: ruled.iter().filter(|r| r.cells.len() == 1).count(),
        no_rule_cells: no_rule.len(),
        kinds,
        doubles: puzzle.dominoes().iter().filter(|d| d[0] == d[1]).count(),
        hole: has_hole(&cells),
        pieces: parts(&cells).len(),
        unique,
    }
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    match xs.len() {
        0 => 0.0,
        n if n % 2 == 1 => xs[n / 2],
        n => (xs[n / 2 - 1] + xs[n / 2]) / 2.0,
    }
}

fn pct(part: usize, whole: usize) -> String {
    format!("{:.0}%", 100.0 * part as f64 / whole.max(1) as f64)
}

/// The rows of the newspaper's table for these puzzles.
fn rows(looks: &[Look]) -> Vec<String> {
    let f = |g: fn(&Look) -> usize| looks.iter().map(g).collect::<Vec<usize>>();
    let cells = f(|l| l.cells);
    let regions: usize = f(|l| l.regions).iter().sum();
    let kinds: Vec<String> = (0..5)
        .map(|k| pct(looks.iter().map(|l| l.kinds[k]).sum(), regions))
        .collect();
    let as_f = |xs: &[usize]| xs.iter().map(|&x| x as f64).collect::<Vec<f64>>();
    let largest = f(|l| l.largest_rule);
    vec![
        format!(
            "{} [{}-{}]",
            median(as_f(&cells)),
            cells.iter().min().unwrap_or(&0),
            cells.iter().max().unwrap_or(&0)
        ),
        format!("{}", median(as_f(&f(|l| l.regions)))),
        format!(
            "{} / {}",
            median(as_f(&largest)),
            largest.iter().max().unwrap_or(&0)
        ),
        pct(
            f(|l| l.one_cell_rules).iter().sum(),
            f(|l| l.rule_regions).iter().sum(),
        ),
        pct(f(|l| l.no_rule_cells).iter().sum(), cells.iter().sum()),
        kinds.join(" / "),
        format!(
            "{:.1}",
            f(|l| l.doubles).iter().sum::<usize>() as f64 / looks.len().max(1) as f64
        ),
        format!(
            "{} / {}",
            pct(looks.iter().filter(|l| l.hole).count(), looks.len()),
            pct(looks.iter().filter(|l| l.pieces > 1).count(), looks.len())
        ),
        pct(looks.iter().filter(|l| l.unique).count(), looks.len()),
    ]
}

const ROW_NAMES: [&str; 9] = [
    "cells, median [range]",
    "regions, median",
    "largest rule region, median / max",
    "one-cell rule regions",
    "cells with no rule",
    "rules: sum / equals / less / greater / unequal",
    "doubles per puzzle",
    "board with a hole / in more than one piece",
    "unique solution",
];

/// The newspaper's puzzles of `dir`, per level (none when it is missing).
fn newspaper(dir: &PathBuf) -> HashMap<Grade, Vec<Look>> {
    let mut out: HashMap<Grade, Vec<Look>> = HashMap::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    for file in files {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        for labeled in parse_puzzles(&text).unwrap_or_default() {
            let Some(level) = labeled.level else {
                continue;
            };
            let unique = count(&labeled.puzzle, &Limits::none()).exact() == Some(1);
            out.entry(level)
                .or_default()
                .push(look(&labeled.puzzle, unique));
        }
    }
    out
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut per_level = 50u64;
    let mut dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/pips/nyt");
    let mut k = 0;
    while k < args.len() {
        if args[k] == "--count" {
            let Some(n) = args.get(k + 1).and_then(|n| n.parse().ok()) else {
                eprintln!("--count needs a number");
                return ExitCode::from(2);
            };
            per_level = n;
            k += 1;
        } else {
            dir = PathBuf::from(&args[k]);
        }
        k += 1;
    }
    let paper = newspaper(&dir);
    if paper.is_empty() {
        eprintln!(
            "no newspaper puzzles in {}: their column is left out",
            dir.display()
        );
    }
    println!("| | easy: paper | generated | medium: paper | generated | hard: paper | generated |");
    println!("|---|---|---|---|---|---|---|");
    let mut columns = Vec::new();
    let mut times = Vec::new();
    for grade in Grade::ALL {
        let mut looks = Vec::new();
        let mut secs = Vec::new();
        let mut missed = Vec::new();
        for seed in 1..=per_level {
            let request = Request {
                shape: None,
                cells: Request::cells_for(grade),
                grade,
                seed,
                tries: Request::TRIES,
                profile: None,
            };
            let start = Instant::now();
            let made = generate(&request, &Limits::none());
            secs.push(start.elapsed().as_secs_f64());
            match made {
                Ok(made) => looks.push(look(&made.puzzle, true)),
                Err(_) => missed.push(seed),
            }
        }
        columns.push((
            rows(paper.get(&grade).map_or(&[][..], Vec::as_slice)),
            rows(&looks),
        ));
        let (slowest, max) =
            secs.iter().enumerate().fold(
                (0, 0.0),
                |best, (k, &t)| if t > best.1 { (k, t) } else { best },
            );
        times.push(format!(
            "{}: {} puzzles, a puzzle {:.3} s median, {:.3} s max (seed {}); none found for seeds {:?}",
            grade.name(),
            looks.len(),
            median(secs),
            max,
            slowest + 1,
            missed
        ));
    }
    for (k, name) in ROW_NAMES.iter().enumerate() {
        let cells: Vec<String> = columns
            .iter()
            .map(|(p, g)| format!("{} | {}", p[k], g[k]))
            .collect();
        println!("| {name} | {} |", cells.join(" | "));
    }
    println!();
    for line in times {
        println!("{line}");
    }
    ExitCode::SUCCESS
}
