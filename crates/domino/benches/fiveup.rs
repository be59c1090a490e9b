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
//! takes over, see the module comment).
//!
//! cargo bench -p domino --bench fiveup

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use domino::fiveup::{check_game, illegal_ending, matching_game, random_game, GameSpec};
use domino::rng::Rng;
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
            assert!(check_game(&game).is_ok());
            group.throughput(Throughput::Elements(game.len() as u64));
            group.bench_with_input(BenchmarkId::new(kind, plays), &game, |b, game| {
                b.iter(|| check_game(black_box(game)).is_ok())
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
            b.iter(|| check_game(black_box(game)).is_err())
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
        let mut rng = Rng::new(3);
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
        let game = matching_game(side, &edges, 3).plays;
        assert!(check_game(&game).is_ok());
        group.throughput(Throughput::Elements(game.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(game.len()), &game, |b, game| {
            b.iter(|| check_game(black_box(game)).is_ok())
        });
    }
    group.finish();
}

criterion_group!(benches, legal_games, illegal_games, matching_games);
criterion_main!(benches);
