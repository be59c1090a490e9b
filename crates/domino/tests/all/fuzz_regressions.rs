//! Replays the fuzz targets' checks (fuzz/src/checks.rs, compiled here on
//! the stable toolchain) over every crash input kept in
//! fuzz/regressions/<target>/ and every seed in fuzz/seeds/<target>/, so a
//! finding stays fixed without nightly or libFuzzer.

#[path = "../../../../fuzz/src/checks.rs"]
mod checks;

use std::path::Path;

/// Targets whose inputs another crate replays (the server's request
/// target: crates/domino-server/tests/all/fuzz_replay.rs).
const REPLAYED_ELSEWHERE: &[&str] = &["server_request"];

/// Replays every file of `fuzz/<folder>/<target>/` and answers how many
/// there were. A sub-folder that names no target fails: its inputs would
/// otherwise be skipped without a word (a target renamed, a folder moved).
fn replay(folder: &str) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz")
        .join(folder);
    let folders = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir());
    for path in folders {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            checks::TARGETS.iter().any(|&(target, _)| target == name)
                || REPLAYED_ELSEWHERE.contains(&name.as_str()),
            "{}: no fuzz target is called {name}",
            path.display()
        );
    }
    let mut replayed = 0;
    for &(target, check) in checks::TARGETS {
        let Ok(entries) = std::fs::read_dir(root.join(target)) else {
            continue;
        };
        let mut paths: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
        paths.sort();
        for path in paths {
            let data = std::fs::read(&path).unwrap();
            let outcome = std::panic::catch_unwind(|| check(&data));
            assert!(
                outcome.is_ok(),
                "{target}: {} fails its check",
                path.display()
            );
            replayed += 1;
        }
    }
    replayed
}

#[test]
fn every_fuzz_finding_stays_fixed() {
    // 10 findings were kept when this test learnt to count them; fewer
    // means a folder moved and the findings are no longer replayed.
    let replayed = replay("regressions");
    assert!(replayed >= 10, "only {replayed} fuzz findings replayed");
}

#[test]
fn every_seed_passes_its_check() {
    assert!(replay("seeds") > 100, "the seeds are missing");
}
