//! Pips, in-process, parse excluded: counting every solution and finding
//! the first with proof of uniqueness, on the stress puzzles (made by
//! bench/peers/pips/make_puzzles.py), the small newspaper-style puzzle,
//! and a batch of 500 generated newspaper-size puzzles
//! (testdata/pips/batch-500.jsonl: `domino pips generate --cells C
//! --difficulty D --seed S --json` for S = 1..500, C = 30 + 2 (S mod 6),
//! D easy, medium, hard by S mod 3; solutions dropped).
//!
//! The group `nyt_count` counts the newspaper's 90 puzzles (30 days of
//! easy, medium and hard, read from ../shared/data/pips/nyt beside the
//! repository or the folder `PIPS_NYT` names; skipped when absent): the
//! batch of 90 in one go, and the slowest puzzle alone. Before it runs it
//! prints each puzzle's time (the best of 20 counts) and the largest.
//!
//! cargo bench -p domino-puzzles --bench pips -- --warm-up-time 1 --measurement-time 3
//! cargo bench -p domino-puzzles --bench pips -- nyt --warm-up-time 1 --measurement-time 3

use criterion::{criterion_group, criterion_main, Criterion};
use domino::pips::{count, parse_puzzle, parse_puzzles, solve, Goal, Puzzle};
use domino::Limits;
use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Puzzles whose every solution is counted here, and first + unique.
const COUNTED: &[(&str, &str)] = &[
    ("blank-row", include_str!("../data/pips/blank-row.json")),
    (
        "big-sum-16",
        include_str!("../../../testdata/pips/stress/big-sum-16.json"),
    ),
    (
        "open-40",
        include_str!("../../../testdata/pips/stress/open-40.json"),
    ),
];

/// Puzzles only solved and proved unique (or not) here: their count takes
/// far longer than a benchmark can wait (see PERFORMANCE.md).
const SOLVED: &[(&str, &str)] = &[
    (
        "hard-like-40",
        include_str!("../../../testdata/pips/stress/hard-like-40.json"),
    ),
    (
        "repeats-40",
        include_str!("../../../testdata/pips/stress/repeats-40.json"),
    ),
];

const BATCH: &str = include_str!("../../../testdata/pips/batch-500.jsonl");

fn read(name: &str, text: &str) -> Puzzle {
    match parse_puzzle(text, None) {
        Ok(puzzle) => puzzle,
        Err(e) => panic!("{name} does not parse: {e}"),
    }
}

fn bench(c: &mut Criterion) {
    for (name, text) in COUNTED {
        let puzzle = read(name, text);
        c.bench_function(&format!("pips count {name}"), |b| {
            b.iter(|| count(black_box(&puzzle), &Limits::none()))
        });
        c.bench_function(&format!("pips first and unique {name}"), |b| {
            b.iter(|| solve(black_box(&puzzle), Goal::UNIQUE, &Limits::none()))
        });
    }
    for (name, text) in SOLVED {
        let puzzle = read(name, text);
        c.bench_function(&format!("pips first and unique {name}"), |b| {
            b.iter(|| solve(black_box(&puzzle), Goal::UNIQUE, &Limits::none()))
        });
    }
    let batch: Vec<Puzzle> = match parse_puzzles(BATCH) {
        Ok(all) => all.into_iter().map(|l| l.puzzle).collect(),
        Err(e) => panic!("the batch does not parse: {e}"),
    };
    assert_eq!(batch.len(), 500);
    // A batch takes about a second: ten samples.
    let mut group = c.benchmark_group("pips batch of 500");
    group.sample_size(10);
    group.bench_function("first and unique", |b| {
        b.iter(|| {
            for puzzle in &batch {
                black_box(solve(black_box(puzzle), Goal::UNIQUE, &Limits::none()));
            }
        })
    });
    group.bench_function("count", |b| {
        b.iter(|| {
            for puzzle in &batch {
                black_box(count(black_box(puzzle), &Limits::none()));
            }
        })
    });
    group.finish();
}

/// The newspaper's puzzles, named `date level`, when the shared folder is
/// there.
fn newspaper() -> Option<Vec<(String, Puzzle)>> {
    let dir = match std::env::var_os("PIPS_NYT") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/pips/nyt"),
    };
    let mut days: Vec<PathBuf> = std::fs::read_dir(&dir)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    days.sort();
    let mut all = Vec::new();
    for day in days {
        let text = std::fs::read_to_string(&day).ok()?;
        let date = day.file_stem()?.to_string_lossy().into_owned();
        for labeled in parse_puzzles(&text).ok()? {
            let level = labeled.level.map_or("", |l| l.name());
            all.push((format!("{date} {level}"), labeled.puzzle));
        }
    }
    Some(all)
}

fn nyt_count(c: &mut Criterion) {
    let Some(all) = newspaper() else {
        eprintln!("nyt_count: no shared newspaper puzzles, skipped");
        return;
    };
    // Each puzzle's best of 20 counts: its own time, free of the noise of
    // a loaded machine as far as that goes.
    let mut times: Vec<(Duration, &str)> = all
        .iter()
        .map(|(name, puzzle)| {
            let best = (0..20)
                .map(|_| {
                    let start = Instant::now();
                    black_box(count(black_box(puzzle), &Limits::none()));
                    start.elapsed()
                })
                .min()
                .unwrap_or_default();
            (best, name.as_str())
        })
        .collect();
    times.sort();
    let total: Duration = times.iter().map(|t| t.0).sum();
    for (time, name) in times.iter().rev().take(10) {
        eprintln!("nyt_count: {name}: {time:?}");
    }
    eprintln!(
        "nyt_count: {} puzzles, largest {:?}, sum of bests {total:?}",
        times.len(),
        times.last().map(|t| t.0).unwrap_or_default()
    );
    let slowest = times.last().map(|t| t.1).unwrap_or_default();
    let mut group = c.benchmark_group("nyt_count");
    group.bench_function(format!("batch of {}", all.len()), |b| {
        b.iter(|| {
            for (_, puzzle) in &all {
                black_box(count(black_box(puzzle), &Limits::none()));
            }
        })
    });
    if let Some((name, puzzle)) = all.iter().find(|(name, _)| name == slowest) {
        group.bench_function(format!("slowest ({name})"), |b| {
            b.iter(|| count(black_box(puzzle), &Limits::none()))
        });
    }
    group.finish();
}

criterion_group!(benches, bench, nyt_count);
criterion_main!(benches);
