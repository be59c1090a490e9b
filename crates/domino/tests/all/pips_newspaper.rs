//! Explain on every newspaper puzzle of ../shared/data/pips/nyt (read from
//! there, never copied here; skipped when the folder is absent, as the
//! behaviour corpus skips it): a unique puzzle is finished by deductions,
//! "unique" agrees with the exact counts of counts.tsv, a puzzle with
//! several solutions ends by showing two, and the words read cleanly.

use domino::pips::{explain, parse_puzzles, verify};
use std::collections::HashMap;
use std::path::PathBuf;

fn folder() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/pips/nyt");
    dir.join("counts.tsv").is_file().then_some(dir)
}

#[test]
fn every_newspaper_puzzle_is_explained_to_the_end() {
    let Some(dir) = folder() else {
        eprintln!("no ../shared/data/pips/nyt next to the clone: skipped");
        return;
    };
    let counts: HashMap<(String, String), u64> = std::fs::read_to_string(dir.join("counts.tsv"))
        .unwrap()
        .lines()
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            ((f[0].to_string(), f[1].to_string()), f[4].parse().unwrap())
        })
        .collect();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut seen = 0;
    for file in files {
        let date = file.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&file).unwrap();
        for labeled in parse_puzzles(&text).unwrap() {
            let level = labeled.level.unwrap();
            let count = counts[&(date.clone(), level.name().to_string())];
            let found = explain(&labeled.puzzle, &domino::Limits::none());
            let at = format!("{date} {level}");
            assert_eq!(found.unique, count == 1, "{at}");
            assert!(found.reason.is_none(), "{at}: {:?}", found.reason);
            if count == 1 {
                assert!(found.complete, "{at}: the deductions stop short");
                let solution = found.solution.as_ref().unwrap();
                assert_eq!(verify(&labeled.puzzle, solution), Ok(()), "{at}");
            } else {
                let last = found.steps.last().unwrap();
                assert_eq!(last.technique, "several solutions", "{at}");
            }
            for step in &found.steps {
                for bad in ["only nothing", " 0 open cells", "1 halves", "guess", "[0,"] {
                    assert!(!step.text.contains(bad), "{at}: {}", step.text);
                }
            }
            seen += 1;
        }
    }
    assert_eq!(seen, counts.len());
}
