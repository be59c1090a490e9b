//! Deciding Five Up games: random legal games of 1e3 to 1e6 plays with
//! few (100, or as few as the game's length allows) and many (100,000)
//! distinct numbers, dense lines and the adversary's worst finding (3
//! sqrt(n) numbers, no or 1% doubles), ambiguous games (most plays could attach by either
//! half), games whose last move is illegal after an ambiguous history
//! (the failed search must rule out every re-attachment; up to 1e5 plays,
//! as building them checks up to 20 candidate endings), and games that
//! encode a bipartite perfect matching (`fiveup::matching_game` on a
//! random graph with a planted perfect matching, 3 edges per left number;
//! about 10 plays per edge; about 1e4, 1e5 and 1e6 plays: from 1e5 on
//! the incremental searches spend their budget and the phase decider
//! takes over, see the module comment), and composite games (a matching
//! game of 70% of the plays, then a bridge play, a spinner double and a
//! dense line without doubles on numbers of its own, as
//! bench/peers/fiveup/composite_game.py builds them; about 1e4, 1e5 and
//! 1e6 plays: the matching part spends the search budget, and the dense
//! line after the switch must not all go to the phases).
//!
//! cargo bench -p domino-puzzles --bench fiveup

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use domino::fiveup::{illegal_ending, matching_game, random_game, solve, GameSpec};
use domino::rng::Rng;
use domino::{Domino, Value};
use std::collections::HashSet;
use std::hint::black_box;
use std::time::Duration;

fn legal_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("fiveup_legal");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3));
    for plays in [1_000usize, 10_000, 100_000, 1_000_000] {
        // Enough numbers for the game to find unplayed dominoes.
        let few = 100u64.max(3 * (plays as f64).sqrt() as u64);
        // The adversary's worst family (bench/peers/fiveup/adversary.py):
        // a line whose numbers repeat (3 sqrt(n) of them), doubles only
        // when both numbers coincide or 1% of plays.
        let dense = 3 * (plays as f64).sqrt() as u64;
        for (kind, values, ambiguous, doubles_percent) in [
            ("few_values", few, false, 10),
            ("many_values", 100_000, false, 10),
            ("ambiguous", few, true, 10),
            ("dense_line", dense, false, 0),
            ("adversary", dense, false, 1),
        ] {
            let spec = GameSpec {
                plays,
                values,
                doubles_percent,
                huge: false,
                ambiguous,
            };
            let game = random_game(&spec, 7);
            assert!(solve(&game).is_ok());
            group.throughput(Throughput::Elements(game.len() as u64));
            group.bench_with_input(BenchmarkId::new(kind, plays), &game, |b, game| {
                b.iter(|| solve(black_box(game)).is_ok())
            });
        }
    }
    group.finish();
}

fn illegal_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("fiveup_illegal_last_move");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3));
    for plays in [1_000usize, 10_000, 100_000] {
        let Some(game) = illegal_ending(plays, 11) else {
            continue;
        };
        group.throughput(Throughput::Elements(game.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(plays), &game, |b, game| {
            b.iter(|| solve(black_box(game)).is_err())
        });
    }
    group.finish();
}

fn matching_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("fiveup_matching");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3));
    for side in [350usize, 3_500, 35_000] {
        let game = matching_game(side, &planted_graph(side, 3), 3).plays;
        assert!(solve(&game).is_ok());
        group.throughput(Throughput::Elements(game.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(game.len()), &game, |b, game| {
            b.iter(|| solve(black_box(game)).is_ok())
        });
    }
    group.finish();
}

/// A random bipartite graph with `side` numbers a side: a planted perfect
/// matching plus random edges, 3 per left number in all.
fn planted_graph(side: usize, seed: u64) -> Vec<(usize, usize)> {
    let mut rng = Rng::new(seed);
    let mut planted: Vec<usize> = (0..side).collect();
    rng.shuffle(&mut planted);
    let mut edges: Vec<(usize, usize)> = planted.into_iter().enumerate().collect();
    let mut seen: HashSet<(usize, usize)> = edges.iter().copied().collect();
    while edges.len() < 3 * side {
        let edge = (rng.index(side), rng.index(side));
        if seen.insert(edge) {
            edges.push(edge);
        }
    }
    edges
}

/// The composite game of bench/peers/fiveup/composite_game.py, about
/// `plays` long: a matching game of 70% of the plays (about 28.6 plays per
/// number a side), then a bridge from its last play's new number z to a
/// number x of the dense line's first play, the spinner x-x, and the dense
/// line (no doubles but accidental ones, 3000 numbers from 1e5 plays on,
/// else 3 sqrt(plays)) shifted past every number of the matching part. x
/// is a number whose double the line does not play itself.
fn composite_game(plays: usize, seed: u64) -> Vec<Domino> {
    let side = ((0.7 * plays as f64 / 28.64).round() as usize).max(4);
    let mut game = matching_game(side, &planted_graph(side, seed), seed).plays;
    // The last play is a check v-z with z new: z has an open end.
    let z = game.last().expect("a matching game has checks").b;
    let line = plays.saturating_sub(game.len() + 2).max(1);
    let values = if line >= 100_000 {
        3000
    } else {
        (3.0 * (line as f64).sqrt()) as u64
    };
    let (dense, x) = (seed..)
        .find_map(|seed| {
            let spec = GameSpec {
                plays: line,
                values: values.max(2),
                doubles_percent: 0,
                huge: false,
                ambiguous: false,
            };
            let dense = random_game(&spec, seed);
            let first = dense[0];
            let x = [first.a, first.b]
                .into_iter()
                .find(|&v| !dense.contains(&Domino::new(v, v)))?;
            Some((dense, x))
        })
        .expect("some seed's line");
    let top = game.iter().map(|d| d.a.max(d.b)).max().unwrap_or(0);
    let mut offset: Value = 10_000_000;
    while offset <= top {
        offset *= 10;
    }
    game.extend([
        Domino::new(z, offset + x),
        Domino::new(offset + x, offset + x),
    ]);
    game.extend(
        dense
            .iter()
            .map(|d| Domino::new(offset + d.a, offset + d.b)),
    );
    game
}

fn composite_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("fiveup_composite");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3));
    for plays in [10_000usize, 100_000, 1_000_000] {
        let game = composite_game(plays, 3);
        assert!(solve(&game).is_ok());
        group.throughput(Throughput::Elements(game.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(game.len()), &game, |b, game| {
            b.iter(|| solve(black_box(game)).is_ok())
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    legal_games,
    illegal_games,
    matching_games,
    composite_games
);
criterion_main!(benches);
