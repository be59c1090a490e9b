//! Replays the fuzz target `server_request` (fuzz/src/server.rs, compiled
//! here on the stable toolchain) over its seeds and every input kept in
//! fuzz/regressions/server_request/, so a finding stays fixed without
//! nightly or libFuzzer.

#[path = "../../../../fuzz/src/server.rs"]
mod server;

use std::path::Path;

#[test]
fn every_seed_and_finding_gets_a_proper_answer() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    let mut replayed = 0;
    for folder in ["seeds", "regressions"] {
        let Ok(entries) = std::fs::read_dir(root.join(folder).join("server_request")) else {
            continue;
        };
        let mut paths: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
        paths.sort();
        for path in paths {
            let data = std::fs::read(&path).unwrap();
            let outcome = std::panic::catch_unwind(|| server::request(&data));
            assert!(outcome.is_ok(), "{} fails its check", path.display());
            replayed += 1;
        }
    }
    assert!(replayed > 0, "no seeds in fuzz/seeds/server_request");
}
