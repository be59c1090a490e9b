//! The newspaper's own puzzles (30 days, 90 puzzles, read from
//! ../shared/data/pips/nyt beside the repository, or from the folder
//! `PIPS_NYT` names; never copied here): every count is exact against the
//! independent counts of counts.tsv, and the solve report agrees. The test
//! says so and passes when the folder is absent (a fresh clone without
//! the shared data).

use domino::pips::{
    check_play, count, parse_puzzles, solve, verify, Goal, Laid, Limits, Puzzle, Solution,
};
use std::collections::HashSet;
use std::path::PathBuf;

/// The folder of the newspaper's day files and counts.tsv, when present.
fn folder() -> Option<PathBuf> {
    let dir = match std::env::var_os("PIPS_NYT") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/pips/nyt"),
    };
    dir.join("counts.tsv").is_file().then_some(dir)
}

/// Every puzzle with its date, level and the count of counts.tsv.
fn puzzles(dir: &std::path::Path) -> Vec<(String, String, Puzzle, u128)> {
    let table = std::fs::read_to_string(dir.join("counts.tsv")).unwrap();
    let mut all = Vec::new();
    for line in table.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [date, level, _, _, n] = fields[..] else {
            panic!("counts.tsv: bad line {line:?}");
        };
        let text = std::fs::read_to_string(dir.join(format!("{date}.json"))).unwrap();
        let day = parse_puzzles(&text).unwrap();
        let puzzle = day
            .into_iter()
            .find(|p| p.level.map(domino::pips::Grade::name) == Some(level))
            .unwrap_or_else(|| panic!("{date} has no {level} puzzle"))
            .puzzle;
        all.push((
            date.to_string(),
            level.to_string(),
            puzzle,
            n.parse().unwrap(),
        ));
    }
    all
}

#[test]
fn every_newspaper_puzzle_is_counted_exactly() {
    let Some(dir) = folder() else {
        eprintln!("no shared newspaper puzzles: skipped");
        return;
    };
    let all = puzzles(&dir);
    assert_eq!(all.len(), 90);
    for (date, level, puzzle, expected) in &all {
        assert_eq!(
            count(puzzle, &Limits::none()).exact(),
            Some(*expected),
            "{date} {level}"
        );
        let found = solve(puzzle, Goal::count_up_to(u64::MAX), &Limits::none());
        assert!(found.complete, "{date} {level}");
        assert_eq!(u128::from(found.count), *expected, "{date} {level}");
        let listed = solve(
            puzzle,
            Goal {
                limit: 100,
                keep: 100,
            },
            &Limits::none(),
        );
        assert_eq!(
            listed.solutions.len() as u128,
            (*expected).min(100),
            "{date} {level}"
        );
        for s in &listed.solutions {
            assert_eq!(verify(puzzle, s), Ok(()), "{date} {level}");
        }
        let distinct: HashSet<&Solution> = listed.solutions.iter().collect();
        assert_eq!(distinct.len(), listed.solutions.len(), "{date} {level}");
        // Any solution may be played: half of it, then all of it, is
        // never called wrong (the newspaper accepts every solution).
        for s in listed.solutions.iter().take(8) {
            let plays: Vec<Laid> = (0..puzzle.dominoes().len())
                .map(|d| Laid {
                    domino: d,
                    cells: s.placements[d],
                })
                .collect();
            for k in [plays.len() / 2, plays.len()] {
                let check = check_play(puzzle, &plays[..k], &Limits::none());
                assert!(check.wrong.is_empty(), "{date} {level}: {check:?}");
                assert_eq!(check.solved, k == plays.len(), "{date} {level}");
            }
        }
        if let Some(given) = puzzle.solution() {
            assert_eq!(verify(puzzle, given), Ok(()), "{date} {level}");
        }
    }
}
