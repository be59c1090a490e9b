//! `domino book`: the PDF read back with poppler-utils (pdfinfo, pdftotext;
//! scripts/test installs them) and every printed answer key checked with
//! its family's verify, against the puzzles the library makes from the
//! same request; the same request gives the same bytes; bad requests exit 2.

use super::util::{domino, scratch};
use domino::pips::{self, Grade, Solution};
use domino::place::{self, Level, Limits, Map};
use domino::render::book::{make_book, BookRequest, Kind, Paper, Section};
use domino::tile::bone_number;
use std::collections::HashMap;
use std::process::Command;

/// Runs a poppler tool on `pdf` and returns its standard output.
fn poppler(tool: &str, args: &[&str], pdf: &str) -> String {
    let out = Command::new(tool)
        .args(args)
        .arg(pdf)
        .args(if tool == "pdftotext" {
            vec!["-"]
        } else {
            vec![]
        })
        .output()
        .unwrap_or_else(|e| {
            panic!("{tool}: {e}: install Debian's poppler-utils (scripts/test installs it)")
        });
    assert!(
        out.status.success(),
        "{tool}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// One cell of a printed answer key: its value and the step to the other
/// half of its domino.
type Key = HashMap<(usize, usize), (i64, (usize, usize))>;

/// A key's line: tokens `3→` or `·`, one a cell, with at least one arrow.
fn key_row(line: &str) -> Option<Vec<Option<(i64, char)>>> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let mut row = Vec::new();
    for token in &tokens {
        if *token == "·" {
            row.push(None);
            continue;
        }
        let arrow = token.chars().last()?;
        if !"←→↑↓".contains(arrow) {
            return None;
        }
        let value = token[..token.len() - arrow.len_utf8()].parse().ok()?;
        row.push(Some((value, arrow)));
    }
    row.iter().any(Option::is_some).then_some(row)
}

/// The answer keys in the text, by answer number.
fn keys(text: &str) -> HashMap<usize, Key> {
    let mut keys: HashMap<usize, Key> = HashMap::new();
    let mut current: Option<(usize, usize)> = None;
    for line in text.lines() {
        if let Some(n) = line
            .trim()
            .strip_prefix("Answer ")
            .and_then(|n| n.trim().parse().ok())
        {
            current = Some((n, 0));
            keys.entry(n).or_default();
            continue;
        }
        let (Some((n, r)), Some(row)) = (current, key_row(line)) else {
            continue;
        };
        for (c, cell) in row.into_iter().enumerate() {
            if let Some((value, arrow)) = cell {
                let to = match arrow {
                    '→' => (r, c + 1),
                    '←' => (r, c.wrapping_sub(1)),
                    '↓' => (r + 1, c),
                    _ => (r.wrapping_sub(1), c),
                };
                keys.get_mut(&n).unwrap().insert((r, c), (value, to));
            }
        }
        current = Some((n, r + 1));
    }
    keys
}

/// The placement map a key shows on `board`: each pair of partner cells
/// is the bone of their two values.
fn place_map(board: &place::Grid, key: &Key) -> Map {
    let mut bones = vec![None; board.rows() * board.cols()];
    for (&(r, c), &(value, to)) in key {
        assert_eq!(
            board.values()[r * board.cols() + c],
            Some(value),
            "cell {r},{c}"
        );
        let other = key.get(&to).map_or(-1, |&(v, _)| v);
        bones[r * board.cols() + c] = Some(bone_number(value, other, board.set()));
    }
    Map {
        rows: board.rows(),
        cols: board.cols(),
        bones,
    }
}

/// The Pips solution a key shows: each domino of the puzzle on the pair
/// of partner cells that carries its values.
fn pips_solution(puzzle: &pips::Puzzle, key: &Key) -> Solution {
    let mut used = Vec::new();
    let placements = puzzle
        .dominoes()
        .iter()
        .map(|&[a, b]| {
            let mut pairs: Vec<_> = key.iter().collect();
            pairs.sort();
            let (&p, &(_, q)) = pairs
                .into_iter()
                .find(|(p, (v, q))| {
                    *v == a
                        && key.get(q).map(|w| w.0) == Some(b)
                        && !used.contains(*p)
                        && !used.contains(q)
                })
                .unwrap_or_else(|| panic!("no {a}|{b} in the key"));
            used.extend([p, q]);
            [p, q]
        })
        .collect();
    Solution { placements }
}

fn request() -> BookRequest {
    BookRequest {
        title: "Test book".to_string(),
        sections: vec![
            Section::Place {
                set: 9,
                level: Level::Basic,
                count: 2,
            },
            Section::Place {
                set: 4,
                level: Level::Hard,
                count: 2,
            },
            Section::Pips {
                grade: Grade::Easy,
                count: 3,
            },
            Section::Pips {
                grade: Grade::Hard,
                count: 2,
            },
        ],
        per_page: None,
        paper: Paper::Letter,
        steps: 2,
        seed: 5,
    }
}

const ARGS: [&str; 14] = [
    "book",
    "--place",
    "9:basic:2",
    "--place",
    "4:hard:2",
    "--pips",
    "easy:3",
    "--pips",
    "hard:2",
    "--steps",
    "2",
    "--paper",
    "letter",
    "--seed",
];

#[test]
fn a_book_reads_back_and_every_answer_verifies() {
    let dir = scratch("book");
    let pdf = dir.join("book.pdf");
    let pdf = pdf.to_str().unwrap();
    let mut args = ARGS.to_vec();
    args.extend(["5", "--title", "Test book", "-o", pdf]);
    domino(&args, "").ok();
    let book = make_book(&request(), &Limits::none()).unwrap();
    let info = poppler("pdfinfo", &[], pdf);
    assert!(
        info.contains(&format!("Pages:           {}\n", book.pages.len())),
        "{info}"
    );
    assert!(info.contains("612 x 792 pts (letter)"), "{info}");
    assert!(info.contains("Title:           Test book"), "{info}");
    let text = poppler("pdftotext", &["-raw"], pdf);
    for n in 1..=book.puzzles.len() {
        assert!(
            text.contains(&format!("Puzzle {n}")),
            "puzzle {n} missing:\n{text}"
        );
    }
    let keys = keys(&text);
    assert_eq!(keys.len(), book.puzzles.len(), "{text}");
    for puzzle in &book.puzzles {
        let key = &keys[&puzzle.number];
        match &puzzle.kind {
            Kind::Place { board, .. } => {
                let map = place_map(board, key);
                place::verify(board, &map).unwrap();
                // A key that swaps two bones is refused: the check can fail.
                let mut broken = map.clone();
                let (a, b) = (broken.bones[0], broken.bones[board.cols() * 2 + 1]);
                broken.bones[0] = b;
                broken.bones[board.cols() * 2 + 1] = a;
                assert!(place::verify(board, &broken).is_err());
            }
            Kind::Pips { puzzle: p, .. } => {
                let solution = pips_solution(p, key);
                pips::verify(p, &solution).unwrap();
                let mut broken = solution.clone();
                broken.placements.swap(0, 1);
                assert!(pips::verify(p, &broken).is_err());
            }
        }
        assert_eq!(puzzle.steps.len(), 2);
        assert!(text.contains("1. "), "the first steps are printed");
    }
}

#[test]
fn the_same_request_gives_the_same_bytes() {
    let dir = scratch("book-same");
    let run = |name: &str, seed: &str| {
        let path = dir.join(name);
        let path = path.to_str().unwrap().to_string();
        domino(
            &["book", "--pips", "easy:2", "--seed", seed, "-o", &path],
            "",
        )
        .ok();
        std::fs::read(&path).unwrap()
    };
    let first = run("a.pdf", "3");
    assert!(first.starts_with(b"%PDF-"));
    assert!(first == run("b.pdf", "3"), "the same seed, other bytes");
    assert!(first != run("c.pdf", "4"), "another seed, the same bytes");
}

#[test]
fn bad_requests_exit_2_and_write_nothing() {
    let dir = scratch("book-bad");
    let out = dir.join("bad.pdf");
    let out = out.to_str().unwrap();
    for (args, says) in [
        (vec!["--place", "9:hard"], "SET:LEVEL:COUNT"),
        (vec!["--place", "9:tricky:2"], "expected"),
        (vec!["--place", "13:basic:1"], "double-12"),
        (vec!["--pips", "hard"], "LEVEL:COUNT"),
        (vec!["--pips", "hard:x"], "count"),
        (vec!["--pips", "easy:2", "--per-page", "3"], "per-page"),
        (vec!["--pips", "easy:2", "--paper", "a5"], "a4 or letter"),
        (vec!["--pips", "easy:2", "--steps", "9"], "steps"),
        (vec!["--place", "3:basic:190"], "pages"),
        (vec![], "at least one puzzle"),
    ] {
        let mut all = vec!["book", "-o", out];
        all.extend(&args);
        let run = domino(&all, "");
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(says), "{args:?}: {}", run.stderr);
        assert!(!std::path::Path::new(out).exists(), "{args:?}");
    }
}
