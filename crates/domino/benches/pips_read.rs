//! The screenshot reader, in-process: one phone screenshot (1170 x 2532,
//! the file's bytes in memory) from bytes to the puzzle, decoding
//! included, on the smallest and the largest board of the shared shots.
//! The screenshots are read from ../shared/data/pips/screenshots beside the
//! repository; the bench says so and measures nothing when it is absent.
//!
//! cargo bench -p domino-puzzles --features read --bench pips_read -- --warm-up-time 1 --measurement-time 3

use criterion::{criterion_group, criterion_main, Criterion};
use domino::pips::read::read;
use std::hint::black_box;
use std::path::PathBuf;

fn reading(c: &mut Criterion) {
    let dir =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/pips/screenshots");
    for shot in ["shot-12", "shot-09"] {
        let path = dir.join(format!("{shot}.png"));
        let Ok(bytes) = std::fs::read(&path) else {
            eprintln!("{}: absent, nothing measured", path.display());
            return;
        };
        c.bench_function(&format!("read {shot}"), |b| {
            b.iter(|| read(black_box(&bytes)))
        });
    }
}

criterion_group!(benches, reading);
criterion_main!(benches);
