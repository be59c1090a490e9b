//! Criterion benchmarks of the chain family: a chain through every domino
//! of random Eulerian hands (1e3 to 1e6 pieces), and the longest line from
//! random hands of 30.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use domino::chain::{self, Ends, Limits};
use domino::rng::Rng;
use domino::{Domino, Value};

/// A shuffled random closed walk of `len` pieces over `values` values.
fn eulerian_hand(len: usize, values: u64, seed: u64) -> Vec<Domino> {
    let mut rng = Rng::new(seed);
    let first = rng.below(values) as Value;
    let mut at = first;
    let mut hand: Vec<Domino> = (0..len)
        .map(|k| {
            let next = if k + 1 == len {
                first
            } else {
                rng.below(values) as Value
            };
            let d = Domino::new(at, next);
            at = next;
            d
        })
        .collect();
    rng.shuffle(&mut hand);
    hand
}

fn whole_chain(c: &mut Criterion) {
    let mut group = c.benchmark_group("chain");
    group.sample_size(10);
    for &len in &[1_000usize, 10_000, 100_000, 1_000_000] {
        let values = (len as u64 / 4).clamp(7, 250_000);
        let hand = eulerian_hand(len, values, len as u64);
        group.throughput(Throughput::Elements(len as u64));
        group.bench_with_input(BenchmarkId::new("closed", len), &hand, |b, hand| {
            b.iter(|| chain::solve(hand, Ends::Closed).map(|c| c.len()))
        });
    }
    group.finish();
}

fn longest(c: &mut Criterion) {
    let mut group = c.benchmark_group("longest");
    group.sample_size(10);
    for &values in &[7u64, 10, 15] {
        let mut rng = Rng::new(values);
        let hand: Vec<Domino> = (0..30)
            .map(|_| Domino::new(rng.below(values) as Value, rng.below(values) as Value))
            .collect();
        group.bench_with_input(BenchmarkId::new("hand30", values), &hand, |b, hand| {
            b.iter(|| {
                chain::longest(hand, Some(hand[0].a), &Limits::none())
                    .line
                    .len()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, whole_chain, longest);
criterion_main!(benches);
