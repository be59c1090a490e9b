//! Pips: counting every solution of the stress puzzles (made by
//! bench/peers/pips/make_puzzles.py) and of the small newspaper-style
//! puzzle, in-process, parse excluded.
//!
//! cargo bench -p domino --bench pips -- --warm-up-time 1 --measurement-time 3

use criterion::{criterion_group, criterion_main, Criterion};
use domino::pips::{count_solutions, parse_puzzle, solve, Goal};
use std::hint::black_box;

const PUZZLES: &[(&str, &str)] = &[
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

fn bench(c: &mut Criterion) {
    for (name, text) in PUZZLES {
        let Ok(puzzle) = parse_puzzle(text, None) else {
            panic!("{name} does not parse");
        };
        c.bench_function(&format!("pips count {name}"), |b| {
            b.iter(|| count_solutions(black_box(&puzzle)))
        });
        c.bench_function(&format!("pips first and unique {name}"), |b| {
            b.iter(|| solve(black_box(&puzzle), Goal::UNIQUE))
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
