//! Time to generate one puzzle (unique, graded exactly), per set size and
//! level. Each iteration uses the next seed, so the figures are over many
//! different puzzles; criterion's median is the figure PERFORMANCE.md quotes
//! (target/criterion/generate_*/*/new/estimates.json).

use criterion::{criterion_group, criterion_main, Criterion};
use domino::place::{generate, Level, Outline, Request};
use domino::Limits;
use std::time::Duration;

fn bench_generate(c: &mut Criterion) {
    for set in [6i64, 9, 12, 15, 20, 30] {
        let mut group = c.benchmark_group(format!("generate_double_{set}"));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(if set >= 20 { 8 } else { 3 }));
        for level in Level::ALL {
            let mut seed = 0u64;
            group.bench_function(level.name(), |b| {
                b.iter(|| {
                    seed += 1;
                    let request = Request {
                        set,
                        level,
                        seed,
                        outline: Outline::for_set(set),
                        clues: false,
                        max_rounds: 200_000,
                    };
                    generate(&request, &Limits::none())
                        .map(|p| p.rounds)
                        .unwrap_or(0)
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench_generate);
criterion_main!(benches);
