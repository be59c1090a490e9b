//! Pips, in-process, parse excluded: counting every solution and finding
//! the first with proof of uniqueness, on the stress puzzles (made by
//! bench/peers/pips/make_puzzles.py), the small newspaper-style puzzle,
//! and a batch of 500 generated newspaper-size puzzles
//! (testdata/pips/batch-500.jsonl: `domino pips generate --cells C
//! --difficulty D --seed S --json` for S = 1..500, C = 30 + 2 (S mod 6),
//! D easy, medium, hard by S mod 3; solutions dropped).
//!
//! cargo bench -p domino --bench pips -- --warm-up-time 1 --measurement-time 3

use criterion::{criterion_group, criterion_main, Criterion};
use domino::pips::{count, parse_puzzle, parse_puzzles, solve, Goal, Puzzle};
use domino::Limits;
use std::hint::black_box;

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
/// far longer than a benchmark can wait (see README).
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

criterion_group!(benches, bench);
criterion_main!(benches);
