//! The vanish solvers: the exact search on the report's problems and on
//! random full boards (one thread, and one against two threads on an
//! 80-piece board), and the approximate algorithms on a large board.

use criterion::{criterion_group, criterion_main, Criterion};
use domino::vanish::{generate, parse_board, solve, Algorithm, Board, Options, Request};
use std::hint::black_box;

fn report(name: &str) -> Board {
    let path = format!("{}/data/vanish/{name}", env!("CARGO_MANIFEST_DIR"));
    parse_board(&std::fs::read_to_string(path).expect("testdata")).expect("a board")
}

fn exact(board: &Board) -> usize {
    exact_on(board, 1)
}

fn exact_on(board: &Board, threads: usize) -> usize {
    let limits = Options {
        threads: Some(threads),
        ..Options::default()
    };
    solve(board, Algorithm::Exact, &limits, None)
        .expect("options in range")
        .score
}

fn bench_report(c: &mut Criterion) {
    for (name, file) in [
        ("report 45 pieces (problem2)", "problem2.txt"),
        ("report 30 pieces (problem3)", "problem3.xml"),
        ("report 20 pieces (problem4)", "problem4.xml"),
    ] {
        let board = report(file);
        c.bench_function(&format!("vanish exact {name}"), |b| {
            b.iter(|| exact(black_box(&board)))
        });
    }
}

fn bench_random(c: &mut Criterion) {
    let mut group = c.benchmark_group("vanish exact random");
    group.sample_size(10);
    for (w, h, v) in [(6, 10, 3), (8, 10, 3), (8, 10, 5)] {
        let boards: Vec<Board> = (1..=5)
            .map(|seed| {
                generate(&Request {
                    width: w,
                    height: h,
                    max_value: v,
                    seed,
                })
                .expect("board")
            })
            .collect();
        group.bench_function(
            format!("{} pieces, values 0..{v}, 5 boards", w * h / 2),
            |b| b.iter(|| boards.iter().map(exact).sum::<usize>()),
        );
    }
    group.finish();
}

fn bench_threads(c: &mut Criterion) {
    let board = generate(&Request {
        width: 10,
        height: 16,
        max_value: 3,
        seed: 4,
    })
    .expect("board");
    let mut group = c.benchmark_group("vanish exact 80 pieces values 0..3 seed 4");
    group.sample_size(10);
    for threads in [1, 2] {
        group.bench_function(format!("{threads} threads"), |b| {
            b.iter(|| exact_on(black_box(&board), threads))
        });
    }
    group.finish();
}

fn bench_approximate(c: &mut Criterion) {
    let board = generate(&Request {
        width: 10,
        height: 20,
        max_value: 3,
        seed: 7,
    })
    .expect("board");
    let mut group = c.benchmark_group("vanish approximate 100 pieces");
    group.sample_size(10);
    for algorithm in [
        Algorithm::Greedy,
        Algorithm::Beam,
        Algorithm::CappedDfs,
        Algorithm::DelayingGreedy,
        Algorithm::Scan,
    ] {
        group.bench_function(algorithm.name(), |b| {
            b.iter(|| {
                solve(black_box(&board), algorithm, &Options::default(), None)
                    .expect("options in range")
                    .score
            })
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    bench_report,
    bench_random,
    bench_threads,
    bench_approximate
);
criterion_main!(benches);
