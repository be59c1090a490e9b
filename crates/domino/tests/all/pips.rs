//! Pips beyond counting: generated puzzles are unique, graded as asked and
//! the same for the same seed; both formats read back what they wrote;
//! no text makes the parser panic.

use domino::pips::{
    check_play, count, explain, generate, hint, parse_puzzle, parse_puzzles, solve, validate,
    values_grid, verify, write_json, write_text, ExplainReport, GenerateError, Goal, Grade, Laid,
    Limits, Puzzle, Region, Request, Rule, Solution, SolveMode, SolveOptions, SolveReport,
    ValidationError, VerifyError,
};
use proptest::prelude::*;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

fn request(grade: Grade, seed: u64, cells: usize) -> Request {
    Request {
        shape: None,
        cells,
        grade,
        seed,
        tries: 500,
        profile: None,
    }
}

/// Every puzzle the generator returns is unique, graded as asked and made
/// again from the same seed, on a board of a size usual at its grade.
/// Only most seeds must give one.
#[test]
fn generated_puzzles_are_unique_graded_and_repeatable() {
    for (grade, cells) in [(Grade::Easy, 8), (Grade::Medium, 12), (Grade::Hard, 20)] {
        let mut made_count = 0;
        for seed in 1..=8 {
            let Ok(made) = generate(&request(grade, seed, cells), &Limits::none()) else {
                continue;
            };
            made_count += 1;
            let puzzle = &made.puzzle;
            assert_eq!(
                count(puzzle, &Limits::none()).exact(),
                Some(1),
                "{grade:?} seed {seed}"
            );
            assert_eq!(explain(puzzle, &domino::Limits::none()).grade, grade);
            let solution = puzzle.solution().unwrap();
            assert_eq!(verify(puzzle, solution), Ok(()));
            let again = generate(&request(grade, seed, cells), &Limits::none()).unwrap();
            assert_eq!(again.puzzle, made.puzzle, "same seed, same puzzle");
        }
        assert!(made_count >= 5, "{grade:?}: only {made_count} of 8 seeds");
    }
}

/// Newspaper-size boards (the board's size counts in the grade, as in the
/// newspaper's: 6 to 10 cells easy, 12 to 16 medium, 20 to 40 hard):
/// every grade comes out unique, graded as asked, and repeatable, with a
/// quarter to two thirds as many regions as cells.
#[test]
fn newspaper_size_puzzles_of_every_grade() {
    let sizes = |grade| match grade {
        Grade::Easy => [6, 8, 10],
        Grade::Medium => [12, 14, 16],
        Grade::Hard => [20, 30, 40],
    };
    for grade in [Grade::Easy, Grade::Medium, Grade::Hard] {
        for (seed, cells) in (1..).zip(sizes(grade)) {
            let made = generate(&request(grade, seed, cells), &Limits::none())
                .unwrap_or_else(|e| panic!("{grade:?} {cells} cells: {e}"));
            let puzzle = &made.puzzle;
            assert_eq!(puzzle.cells().len(), cells);
            let regions = puzzle.regions().len();
            assert!(
                (cells / 4..=cells * 2 / 3).contains(&regions),
                "{grade:?} {cells} cells: {regions} regions"
            );
            assert_eq!(
                count(puzzle, &Limits::none()).exact(),
                Some(1),
                "{grade:?} seed {seed}"
            );
            assert_eq!(explain(puzzle, &domino::Limits::none()).grade, grade);
            assert_eq!(verify(puzzle, puzzle.solution().unwrap()), Ok(()));
            let again = generate(&request(grade, seed, cells), &Limits::none()).unwrap();
            assert_eq!(again.puzzle, made.puzzle);
        }
    }
}

/// With no size asked for ([`Request::cells_for`]), every grade gives a
/// puzzle for every seed, valid, unique, explained to the end by
/// deductions, graded as asked, repeatable, on a board of the newspaper's
/// sizes at that grade.
#[test]
fn level_sized_puzzles_of_every_grade() {
    for grade in Grade::ALL {
        let sizes = match grade {
            Grade::Easy => 6..=10,
            Grade::Medium => 8..=20,
            Grade::Hard => 16..=32,
        };
        for seed in 1..=12 {
            let asked = request(grade, seed, Request::cells_for(grade));
            let made = generate(&asked, &Limits::none())
                .unwrap_or_else(|e| panic!("{grade:?} seed {seed}: {e}"));
            let puzzle = &made.puzzle;
            assert!(
                sizes.contains(&puzzle.cells().len()),
                "{grade:?} seed {seed}"
            );
            assert_eq!(verify(puzzle, puzzle.solution().unwrap()), Ok(()));
            assert_eq!(
                count(puzzle, &Limits::none()).exact(),
                Some(1),
                "{grade:?} seed {seed}"
            );
            let explained = explain(puzzle, &domino::Limits::none());
            assert!(explained.unique);
            assert!(
                explained.complete,
                "{grade:?} seed {seed}: explained to the end"
            );
            assert_eq!(explained.grade, grade, "{grade:?} seed {seed}");
            let again = generate(&asked, &Limits::none()).unwrap();
            assert_eq!(again.puzzle, made.puzzle, "same seed, same puzzle");
        }
    }
}

/// Generation obeys the limits: a node budget too small for one check, or
/// a raised stop flag, ends it with `Stopped`; an odd board is refused.
#[test]
fn generation_obeys_limits_and_says_why_it_fails() {
    let wanted = request(Grade::Hard, 1, 36);
    let tiny = Limits {
        nodes: Some(1),
        ..Limits::default()
    };
    assert!(matches!(
        generate(&wanted, &tiny),
        Err(GenerateError::Stopped { .. })
    ));
    let stop = Limits {
        stop: Some(Arc::new(AtomicBool::new(true))),
        ..Limits::default()
    };
    let stopped = generate(&wanted, &stop).unwrap_err();
    assert_eq!(
        stopped,
        GenerateError::Stopped {
            grade: Grade::Hard,
            tries: 0
        }
    );
    assert!(!stopped.to_string().contains("--"));
    assert_eq!(
        generate(&request(Grade::Easy, 1, 7), &Limits::none()).unwrap_err(),
        GenerateError::OddCells { cells: 7 }
    );
}

/// The typed errors of verify and check carry the facts and say them.
#[test]
fn verify_and_check_errors_are_typed() {
    let text = "AB\nA = 3\n1-2\n";
    let puzzle = parse_puzzle(text, None).unwrap();
    let wrong = Solution {
        placements: vec![[(0, 1), (0, 0)]],
    };
    let err = verify(&puzzle, &wrong).unwrap_err();
    assert_eq!(
        err,
        VerifyError::Broken {
            first: (0, 0),
            rule: Rule::Sum(3),
            values: vec![2]
        }
    );
    assert_eq!(
        err.to_string(),
        "the region at [0,0] breaks its rule (sum): its values are [2]"
    );
    let apart = Solution {
        placements: vec![[(0, 0), (1, 1)]],
    };
    assert!(matches!(
        verify(&puzzle, &apart),
        Err(VerifyError::Apart { index: 0, .. })
    ));
    let big = parse_puzzle("AB\nA = 9\n1-2\n", None).unwrap();
    let err = validate(&big).unwrap_err();
    assert!(matches!(
        err,
        ValidationError::SumOutOfReach {
            region: 0,
            low: 1,
            high: 2,
            ..
        }
    ));
    assert!(err.to_string().contains("cannot be met"), "{err}");
}

/// [`Puzzle::new`] refuses what no parser makes, with the parsers' words;
/// what it takes, it keeps with each region's cells sorted.
#[test]
fn a_puzzle_is_valid_by_construction() {
    let region = |cells: Vec<(usize, usize)>| Region {
        cells,
        rule: Rule::Empty,
    };
    let pair = || region(vec![(0, 0), (0, 1)]);
    let refused = [
        (
            Puzzle::new(vec![[1, -2]], vec![pair()]),
            "domino 1 shows -2: values go from 0 to 31",
        ),
        (
            Puzzle::new(vec![[1, 2]], Vec::new()),
            "a puzzle needs at least one region with a cell",
        ),
        (
            Puzzle::new(vec![[1, 2]], vec![pair(), region(Vec::new())]),
            "a region needs at least one cell",
        ),
        (
            Puzzle::new(vec![[1, 2]], vec![region(vec![(0, 0), (100, 0)])]),
            "cell [100,0] is outside the board: rows and columns are below 100",
        ),
        (
            Puzzle::new(vec![[1, 2]], vec![pair(), region(vec![(0, 1)])]),
            "cell [0,1] is already in region 0",
        ),
        (
            Puzzle::new(vec![[1, 2]], vec![region(vec![(0, 0), (0, 0)])]),
            "cell [0,0] is already in this region",
        ),
    ];
    for (made, message) in refused {
        assert_eq!(made.unwrap_err().to_string(), message);
    }
    let one = Puzzle::new(vec![[1, 2]], vec![region(vec![(0, 1), (0, 0)])]).unwrap();
    assert_eq!(one.regions()[0].cells, [(0, 0), (0, 1)]);
    let two = Solution {
        placements: vec![[(0, 0), (0, 1)]; 2],
    };
    assert_eq!(
        one.with_solution(Some(two)).unwrap_err().to_string(),
        "expected one placement per domino (1), found 2"
    );
}

/// The newspaper's blank-row puzzle needs reasoning by cases; with it the
/// deductions fill the board, and the pieces they lay are a solution.
#[test]
fn explain_reasons_by_cases_to_the_end_of_blank_row() {
    let text = include_str!("../../data/pips/blank-row.json");
    let puzzle = parse_puzzle(text, None).unwrap();
    let found = explain(&puzzle, &domino::Limits::none());
    assert!(
        found.complete && found.reason.is_none(),
        "{:?}",
        found.reason
    );
    let cases: Vec<_> = found
        .steps
        .iter()
        .filter(|s| s.technique == "reasoning by cases")
        .collect();
    assert!(cases.iter().all(|s| s.level == Grade::Hard
        && s.text.starts_with("suppose ")
        && s.text.contains(". So ")));
    let solution = found
        .solution
        .expect("a complete explanation lays every piece");
    assert_eq!(verify(&puzzle, &solution), Ok(()));
    assert_eq!(count(&puzzle, &Limits::none()).exact(), Some(1));
}

#[test]
fn easy_puzzles_are_solved_by_the_deductions_alone() {
    for seed in 1..=4 {
        let made = generate(&request(Grade::Easy, seed, 10), &Limits::none()).unwrap();
        let found = explain(&made.puzzle, &domino::Limits::none());
        assert!(found.complete && found.unique && found.reason.is_none());
        assert!(found.steps.iter().all(|s| s.level < Grade::Hard));
    }
}

#[test]
fn both_formats_read_back_what_they_wrote() {
    for seed in 1..=10 {
        let grade = [Grade::Easy, Grade::Hard][seed as usize % 2];
        let cells = [6, 20][seed as usize % 2] + 2 * (seed as usize % 3);
        let made = generate(&request(grade, seed, cells), &Limits::none()).unwrap();
        let puzzle = made.puzzle;
        let json = write_json(&puzzle);
        assert_eq!(parse_puzzle(&json, None).unwrap(), puzzle);
        let text = write_text(&puzzle).unwrap();
        let back = parse_puzzle(&text, None).unwrap();
        let bare = puzzle.clone().with_solution(None).unwrap();
        assert_eq!(back, bare);
        assert_eq!(write_text(&back).unwrap(), text);
    }
}

#[test]
fn a_day_file_gives_its_levels_in_order() {
    let one = r#"{"dominoes":[[1,2]],"regions":[{"indices":[[0,0]],"type":"sum","target":1},{"indices":[[0,1]],"type":"empty"}]}"#;
    let day = format!(r#"{{"printDate":"2025-09-15","hard":{one},"easy":{one},"editor":"x"}}"#);
    let all = parse_puzzles(&day).unwrap();
    let levels: Vec<_> = all.iter().map(|p| p.level).collect();
    assert_eq!(levels, vec![Some(Grade::Easy), Some(Grade::Hard)]);
    assert!(parse_puzzle(&day, Some(Grade::Medium)).is_err());
    assert_eq!(
        count(
            &parse_puzzle(&day, Some(Grade::Hard)).unwrap(),
            &Limits::none()
        )
        .exact(),
        Some(1)
    );
}

#[test]
fn the_solve_report_is_the_documented_json_and_text() {
    let one = r#"{"dominoes":[[1,2]],"regions":[{"indices":[[0,0]],"type":"sum","target":1},{"indices":[[0,1]],"type":"empty"}]}"#;
    let day = format!(r#"{{"printDate":"2025-09-15","hard":{one}}}"#);
    let all = parse_puzzles(&day).unwrap();
    let report = SolveReport::new(&all[0], &SolveOptions::default(), &Limits::none());
    assert!(report.solved());
    let json = serde_json::to_string(&report).unwrap();
    let states = report.found.states;
    assert_eq!(
        json,
        format!(
            r#"{{"complete":true,"count":1,"level":"hard","solutions":[[[[0,0],[0,1]]]],"states":{states}}}"#
        )
    );
    let text = report.text();
    assert!(text.starts_with("== hard ==\nunique solution\n"), "{text}");
    assert!(text.contains("│ 1   2 │"), "{text}");

    let none = parse_puzzles("AB\nA = 12\n6-6\n").unwrap();
    let options = SolveOptions {
        mode: SolveMode::Count,
        limit: None,
        keep: None,
    };
    let report = SolveReport::new(&none[0], &options, &Limits::none());
    assert!(!report.solved());
    let doc: serde_json::Value = serde_json::to_value(&report).unwrap();
    assert_eq!(doc["count"], 0);
    assert!(doc["reason"].as_str().unwrap().contains("sum 12"));
    assert!(report.verdict().starts_with("no solution: "));

    let explained = ExplainReport::new(&all[0], &domino::Limits::none());
    let doc: serde_json::Value = serde_json::to_value(&explained).unwrap();
    assert_eq!(doc["level"], "hard");
    assert_eq!(doc["complete"], explained.complete());
    assert!(doc["steps"][0]["cells"].is_array());
}

/// A puzzle in the text format: a board of 2, 4, 6 or 8 cells in
/// regions A and B, a random rule (or none) for each region drawn, and as
/// many random pieces as the board takes.
fn small_puzzle() -> impl Strategy<Value = String> {
    let shape = prop::sample::select(vec![(1, 2), (2, 1), (1, 4), (2, 2), (2, 3), (3, 2), (2, 4)]);
    let rule = prop::sample::select(vec!["=", "<", ">", "same", "different", "none"]);
    let rules = (rule.clone(), rule, 0u32..9, 0u32..9);
    (shape, rules).prop_flat_map(|((rows, cols), (rule, rule_b, a, b))| {
        let picture = prop::collection::vec("[AB]", rows * cols);
        let pieces = prop::collection::vec((0u32..4, 0u32..4), rows * cols / 2);
        (picture, pieces).prop_map(move |(letters, pieces)| {
            let rows_text: Vec<String> = letters.chunks(cols).map(|r| r.concat()).collect();
            let line = |letter: &str, rule: &str, target: u32| match rule {
                _ if letters.iter().all(|l| l != letter) => String::new(),
                "none" => String::new(),
                "same" | "different" => format!("{letter} {rule}\n"),
                op => format!("{letter} {op} {target}\n"),
            };
            let rules = line("A", rule, a) + &line("B", rule_b, b);
            let pieces: Vec<String> = pieces.iter().map(|(x, y)| format!("{x}-{y}")).collect();
            format!("{}\n{rules}{}\n", rows_text.join("\n"), pieces.join(" "))
        })
    })
}

proptest! {
    #[test]
    fn any_text_parses_or_fails_cleanly(text in "\\PC{0,200}") {
        let _ = parse_puzzles(&text);
    }

    /// Text-like input either reads or is refused with a message.
    #[test]
    fn text_like_input_parses_or_fails_cleanly(text in "[AB.\n]{0,20}[AB =<>0-9\n]{0,30}[0-9 |\\-\n]{0,30}") {
        if let Err(e) = parse_puzzles(&text) {
            prop_assert!(!e.message.is_empty());
        }
    }

    /// Small puzzles of random regions, rules and pieces (most of them
    /// read): the exact count is the number of solutions a full listing
    /// finds, every one verifies, and the stop at 2 agrees.
    #[test]
    fn small_puzzles_count_what_they_list(text in small_puzzle()) {
        let all = parse_puzzles(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        for p in all {
            let counted = count(&p.puzzle, &Limits::none());
            prop_assert!(counted.complete);
            let listed = solve(&p.puzzle, Goal::ALL, &Limits::none());
            prop_assert!(listed.complete);
            prop_assert_eq!(u128::from(listed.count), counted.count, "{}", text);
            prop_assert_eq!(listed.solutions.len() as u64, listed.count);
            for s in &listed.solutions {
                prop_assert!(verify(&p.puzzle, s).is_ok());
            }
            let unique = solve(&p.puzzle, Goal::UNIQUE, &Limits::none());
            prop_assert_eq!(u128::from(unique.count), counted.count.min(2));
        }
    }

    #[test]
    fn json_like_input_parses_or_fails_cleanly(text in r#"\{"(dominoes|regions|easy)": ?\[[\[\]{}0-9,"a-z: -]{0,80}\]\}"#) {
        let _ = parse_puzzles(&text);
    }
}

/// A hint never contradicts the solution: every piece it lays sits where
/// the unique solution has those values; laying each hinted piece in
/// turn solves every easy and medium puzzle (their deductions finish);
/// a piece the solution does not have is named first, with no step.
#[test]
fn repeated_hints_solve_the_puzzle_and_never_contradict_it() {
    let limits = Limits::default();
    let mut wrong_named = 0;
    for seed in 0..10 {
        let grade = if seed % 2 == 0 {
            Grade::Easy
        } else {
            Grade::Medium
        };
        let Ok(made) = generate(&request(grade, seed, Request::LEVEL_CELLS), &limits) else {
            continue;
        };
        let puzzle = made.puzzle;
        let solution = puzzle
            .solution()
            .expect("a generated puzzle is solved")
            .clone();
        assert!(verify(&puzzle, &solution).is_ok());
        let values = values_grid(&puzzle, &solution);
        let mut laid: Vec<Laid> = Vec::new();
        while laid.len() < puzzle.dominoes().len() {
            let hinted = hint(&puzzle, &laid, &limits);
            assert!(hinted.wrong.is_empty() && !hinted.solved, "seed {seed}");
            assert!(hinted.step.is_some(), "seed {seed}: {:?}", hinted.reason);
            let piece = hinted
                .placed
                .expect("an explained puzzle's hint lays a piece");
            let [a, b] = puzzle.dominoes()[piece.domino];
            let [(r1, c1), (r2, c2)] = piece.cells;
            assert_eq!(
                (values[r1][c1], values[r2][c2]),
                (Some(a), Some(b)),
                "seed {seed}"
            );
            laid.push(piece);
        }
        assert!(check_play(&puzzle, &laid, &limits).solved, "seed {seed}");
        assert!(hint(&puzzle, &laid, &limits).solved);

        // A piece turned round (values the solution does not have there).
        let turned = (0..laid.len()).find(|&k| {
            let [a, b] = puzzle.dominoes()[laid[k].domino];
            a != b
        });
        if let Some(k) = turned {
            let [x, y] = laid[k].cells;
            let wrong = Laid {
                domino: laid[k].domino,
                cells: [y, x],
            };
            let hinted = hint(&puzzle, &[wrong], &limits);
            assert_eq!((hinted.wrong, hinted.step), (vec![0], None));
            wrong_named += 1;
        }
    }
    assert!(wrong_named > 0);
}
