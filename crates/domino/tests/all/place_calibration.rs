//! Calibration against the reference Dominosa (Simon Tatham's dominosa.c):
//! 128 puzzles its generator made, with the grade its solver needs
//! (testdata/place/reference-graded.txt). Our levels are meant to be a
//! superset of the reference's: every puzzle gets the reference's grade or
//! one level easier (where a technique the reference lacks at that level
//! finishes it sooner), and none is left to search. The test prints the
//! confusion matrix, and each puzzle graded differently with the
//! techniques that made it easier.

use domino::place::{deduce, parse_grids, Grade, Level, Technique};
use domino::Limits;
use std::collections::BTreeMap;

fn reference() -> Vec<(String, Level, String)> {
    let path = format!(
        "{}/../../testdata/place/reference-graded.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let fields: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(fields.len(), 4, "{l}");
            let level: Level = fields[2].to_lowercase().parse().unwrap();
            (
                format!("{} {}", fields[0], fields[1]),
                level,
                fields[3].to_string(),
            )
        })
        .collect()
}

#[test]
fn grades_match_the_reference_or_are_one_easier() {
    let puzzles = reference();
    assert_eq!(puzzles.len(), 128);
    let mut matrix: BTreeMap<(Level, Grade), usize> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut notes = Vec::new();
    for (name, theirs, id) in &puzzles {
        let board = &parse_grids(id, None).unwrap()[0];
        let d = deduce(board, Level::Extreme, &Limits::none());
        let ours = d.grade();
        *matrix.entry((*theirs, ours)).or_default() += 1;
        if ours == Grade::Level(*theirs) {
            continue;
        }
        // The techniques the reference lacks at their level: they are what
        // finished the puzzle sooner.
        let mut used: BTreeMap<&str, usize> = BTreeMap::new();
        for s in d.steps.iter().filter(|s| s.technique.beyond_reference()) {
            *used.entry(s.technique.name()).or_default() += 1;
        }
        let why: Vec<String> = used.iter().map(|(t, n)| format!("{t} x{n}")).collect();
        let line = format!(
            "{name}: reference {theirs}, ours {ours} ({})",
            if why.is_empty() {
                "no technique beyond the reference".to_string()
            } else {
                why.join(", ")
            }
        );
        if ours == Grade::Search
            || ours > Grade::Level(*theirs)
            || theirs.easier().map(Grade::Level) != Some(ours)
            || why.is_empty()
        {
            failures.push(line);
        } else {
            notes.push(line);
        }
    }
    println!("reference grade (rows) x our grade (columns):");
    print!("{:>10}", "");
    for ours in Grade::ALL {
        print!("{:>9}", ours.name());
    }
    println!();
    for theirs in &Level::ALL {
        print!("{:>10}", theirs.name());
        for ours in Grade::ALL {
            print!("{:>9}", matrix.get(&(*theirs, ours)).copied().unwrap_or(0));
        }
        println!();
    }
    for n in &notes {
        println!("easier: {n}");
    }
    for f in &failures {
        println!("OFF: {f}");
    }
    assert!(
        failures.is_empty(),
        "{} puzzles off the goals",
        failures.len()
    );
}

#[test]
fn every_technique_knows_whether_the_reference_has_it() {
    // Only ours: the pieces' side of set analysis, and placements that
    // starve a region or a cell only once their bone's other places go.
    assert!(Technique::PieceGroup.beyond_reference());
    assert!(!Technique::OnlyPartner.beyond_reference());
}
