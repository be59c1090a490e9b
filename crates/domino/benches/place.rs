//! Placement puzzles: solve and prove unique (search to 2 solutions) on
//! unique double-6, -9, -12 and -20 boards, and count all solutions on
//! ambiguous double-6 and double-9 boards. Each board set runs through the
//! domino-specialised engine (`solve`), the same deductions followed by
//! this workspace's dancing links (`solve_by_exact_cover`), and both
//! dancing-links crates, this workspace's `exact-cover` and the `dlx`
//! crate, on the full exact-cover problem of the same board (one item per
//! cell and per bone, one option per placement), in the same run.
//!
//! The boards are the files of bench/peers/place/boards/, which the Z3
//! peer script reads too. One iteration solves every board of a file;
//! divide by the board count for the time per board. The `place-each`
//! groups time the unique double-6 and double-20 boards one by one.

use criterion::{criterion_group, criterion_main, Criterion};
use domino::place::{parse_grids, solve, solve_by_exact_cover, Goal, Grid};
use domino::Limits;
use std::hint::black_box;
use std::time::Duration;

const SETS: &[(&str, &str)] = &[
    (
        "d6-unique",
        include_str!("../../../bench/peers/place/boards/d6-unique.txt"),
    ),
    (
        "d9-unique",
        include_str!("../../../bench/peers/place/boards/d9-unique.txt"),
    ),
    (
        "d12-unique",
        include_str!("../../../bench/peers/place/boards/d12-unique.txt"),
    ),
    (
        "d20-unique",
        include_str!("../../../bench/peers/place/boards/d20-unique.txt"),
    ),
    (
        "d6-ambiguous",
        include_str!("../../../bench/peers/place/boards/d6-ambiguous.txt"),
    ),
    (
        "d9-ambiguous",
        include_str!("../../../bench/peers/place/boards/d9-ambiguous.txt"),
    ),
];

/// The `dlx` crate on the board's full exact-cover problem, up to `limit`
/// solutions (building the problem is part of the work, as in `solve`).
fn dlx_count(board: &Grid, limit: u64) -> u64 {
    let candidates = board.candidates();
    let mut item_of = vec![0; board.values().len()];
    let mut cells = 0;
    for (c, v) in board.values().iter().enumerate() {
        if v.is_some() {
            item_of[c] = cells;
            cells += 1;
        }
    }
    let options: Vec<Vec<dlx::Uint>> = candidates
        .iter()
        .map(|p| {
            vec![
                item_of[p.cells[0]] as dlx::Uint,
                item_of[p.cells[1]] as dlx::Uint,
                (cells + p.bone - 1) as dlx::Uint,
            ]
        })
        .collect();
    let items = (cells + board.bone_count()) as dlx::Uint;
    let mut problem = dlx::x::make_problem(items, 0, &options, dlx::OptOrder::Seq);
    let mut solver = dlx::Solver::new(&mut problem);
    let mut chooser =
        dlx::choose::mrv_chooser(dlx::choose::prefer_any(), dlx::choose::no_tiebreak());
    let mut count = 0;
    while count < limit && solver.next_solution(&mut chooser) {
        count += 1;
    }
    count
}

/// This workspace's `exact-cover` crate on the same full problem as
/// [`dlx_count`], without the deductions: the two dancing-links
/// implementations side by side.
fn exact_cover_count(board: &Grid, limit: u64) -> u64 {
    let candidates = board.candidates();
    let mut item_of = vec![0; board.values().len()];
    let mut cells = 0;
    for (c, v) in board.values().iter().enumerate() {
        if v.is_some() {
            item_of[c] = cells;
            cells += 1;
        }
    }
    let mut problem = exact_cover::Problem::new(cells + board.bone_count(), 0);
    for p in &candidates {
        problem.add_option(&[item_of[p.cells[0]], item_of[p.cells[1]], cells + p.bone - 1]);
    }
    exact_cover::Solver::new(&problem).count(limit).count
}

fn bench_place(c: &mut Criterion) {
    for (name, text) in SETS {
        let boards = parse_grids(text, None).expect("bench boards parse");
        let unique = name.ends_with("unique");
        // Unique boards: stop at 2 (that proves uniqueness); others: count all.
        let limit = if unique { 2 } else { u64::MAX };
        for board in &boards {
            let ours = solve(board, Goal::count_up_to(limit), &Limits::none());
            assert!(ours.complete && (!unique || ours.count == 1));
            assert_eq!(dlx_count(board, limit), ours.count);
            assert_eq!(
                solve_by_exact_cover(board, Goal::count_up_to(limit), &Limits::none()).count,
                ours.count
            );
            assert_eq!(exact_cover_count(board, limit), ours.count);
        }
        let mut group = c.benchmark_group(format!("place/{name}x{}", boards.len()));
        group.bench_function("engine", |b| {
            b.iter(|| {
                for board in &boards {
                    black_box(solve(
                        black_box(board),
                        Goal { limit, keep: 1 },
                        &Limits::none(),
                    ));
                }
            })
        });
        group.bench_function("exact-cover", |b| {
            b.iter(|| {
                for board in &boards {
                    black_box(solve_by_exact_cover(
                        black_box(board),
                        Goal { limit, keep: 1 },
                        &Limits::none(),
                    ));
                }
            })
        });
        group.bench_function("exact-cover-full", |b| {
            b.iter(|| {
                for board in &boards {
                    black_box(exact_cover_count(black_box(board), limit));
                }
            })
        });
        group.bench_function("dlx-crate", |b| {
            b.iter(|| {
                for board in &boards {
                    black_box(dlx_count(black_box(board), limit));
                }
            })
        });
        group.finish();
    }
}

/// Each unique double-6 and double-20 board on its own, so the median over
/// boards can be read (the goals are stated per board).
fn bench_per_board(c: &mut Criterion) {
    for (name, text) in &SETS[..4] {
        if *name != "d6-unique" && *name != "d20-unique" {
            continue;
        }
        let boards = parse_grids(text, None).expect("bench boards parse");
        let mut group = c.benchmark_group(format!("place-each/{name}"));
        for (k, board) in boards.iter().enumerate() {
            group.bench_function(format!("engine/{k}"), |b| {
                b.iter(|| black_box(solve(black_box(board), Goal::UNIQUE, &Limits::none())))
            });
            group.bench_function(format!("dlx-crate/{k}"), |b| {
                b.iter(|| black_box(dlx_count(black_box(board), 2)))
            });
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = bench_place, bench_per_board
}
criterion_main!(benches);
