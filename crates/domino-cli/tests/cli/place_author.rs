//! `domino place explain`, `domino place generate` and the grade of
//! `domino place solve`, as processes.

use super::util::{assert_ok, example, json, run, stdout};

#[test]
fn explain_dp_001_step_by_step() {
    let path = example("place/dp_001.txt");
    let out = run(&["place", "explain", &path], "");
    assert_ok(&out);
    let text = stdout(&out);
    assert!(
        text.starts_with("  1. [trivial, clue] the clue 4-6 lies on (7,3)-(8,3)\n"),
        "{text}"
    );
    assert!(text.contains("can only go on"), "{text}");
    assert!(text.contains("solved by deductions alone"), "{text}");
    let doc = json(&run(&["place", "explain", "--json", &path], ""));
    assert_eq!(doc["complete"], true);
    let steps = doc["steps"].as_array().unwrap();
    // The clue, then each of the other 27 pieces forced in turn.
    assert_eq!(steps.len(), 28);
    assert_eq!(steps[0]["technique"], "clue");
    assert_eq!(steps[0]["cells"], serde_json::json!([[7, 3], [8, 3]]));
}

#[test]
fn explain_says_when_search_is_needed() {
    // Two solutions: no sound deduction can finish it.
    let board = "0 0 1\n0 1 1\n";
    let out = run(&["place", "explain"], board);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("a search is needed"),
        "{}",
        stdout(&out)
    );
    let doc = json(&run(&["place", "explain", "--json"], board));
    assert_eq!(doc["complete"], false);
    assert_eq!(doc["grade"], "search");
    let out = run(&["place", "solve", "--json", "--grade"], board);
    assert_eq!(json(&out)["grade"], "search");
}

#[test]
fn explain_names_a_contradiction() {
    let out = run(&["place", "explain"], "0 0 0 0 1 1\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("no solution"), "{}", stdout(&out));
}

#[test]
fn generated_puzzles_read_back_unique_with_their_grade() {
    for level in ["trivial", "basic", "hard", "extreme"] {
        let args = [
            "place",
            "generate",
            "--set",
            "6",
            "--difficulty",
            level,
            "--seed",
            "5",
        ];
        let out = run(&args, "");
        assert_ok(&out);
        let puzzle = stdout(&out);
        assert_eq!(puzzle.lines().count(), 8);
        assert_eq!(stdout(&run(&args, "")), puzzle, "same seed, same puzzle");
        let solved = json(&run(&["place", "solve", "--json", "--grade"], &puzzle));
        assert_eq!(solved["count"], 1);
        assert_eq!(solved["complete"], true);
        assert_eq!(solved["grade"], level);
        let doc = json(&run(&[&args[..], &["--json"]].concat(), ""));
        assert_eq!(doc["difficulty"], level);
        assert_eq!(doc["seed"], 5);
        assert_eq!(doc["solution"], solved["solutions"][0]);
        assert_eq!(doc["puzzle"].as_array().unwrap().len(), 8);
    }
}

#[test]
fn generate_in_dp_format_with_a_shape_and_clues() {
    let shape = example("place/dp_001.txt");
    let args = [
        "place", "generate", "--set", "6", "--shape", &shape, "--clues", "--dp", "--seed", "2",
    ];
    let out = run(&args, "");
    assert_ok(&out);
    let puzzle = stdout(&out);
    assert!(puzzle.starts_with("#dp 0-6 "), "{puzzle}");
    let solved = json(&run(&["place", "solve", "--json", "--grade"], &puzzle));
    assert_eq!(solved["count"], 1);
    assert_eq!(solved["grade"], "basic");
    let with_solution = stdout(&run(&[&args[..], &["--solution"]].concat(), ""));
    assert!(with_solution.starts_with(&puzzle));
    assert!(with_solution.contains("\nsolution (bone numbers"));
}

/// A double-1 set on 3x2 has no unique puzzle without clues at seed 1
/// within 50 boards (seed 2 has one).
const NO_PUZZLE_AT_SEED_1: &[&str] = &[
    "place",
    "generate",
    "--set",
    "1",
    "--difficulty",
    "trivial",
    "--max-rounds",
    "50",
];

#[test]
fn generate_without_a_puzzle_is_a_negative_answer() {
    let out = run(NO_PUZZLE_AT_SEED_1, "");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--clues"));
    // With clues it has one (the request without --max-rounds).
    let out = run(&[&NO_PUZZLE_AT_SEED_1[..6], &["--clues"]].concat(), "");
    assert_ok(&out);
}

/// `--count` makes puzzles of consecutive seeds on several threads: each
/// the puzzle of its seed alone, one game ID a line, the same on one
/// thread; a seed without a puzzle is named and skipped (exit 1), and the
/// others printed.
#[test]
fn generate_count_makes_one_puzzle_a_seed_on_any_threads() {
    let ids = |threads: &str| {
        let out = run(
            &[
                "place",
                "generate",
                "--set",
                "5",
                "--seed",
                "4",
                "--count",
                "20",
                "--format",
                "id",
                "--threads",
                threads,
            ],
            "",
        );
        assert_ok(&out);
        stdout(&out)
    };
    let many = ids("2");
    assert_eq!(many, ids("1"));
    let lines: Vec<&str> = many.lines().collect();
    assert_eq!(lines.len(), 20);
    let seventh = run(
        &[
            "place", "generate", "--set", "5", "--seed", "10", "--format", "id",
        ],
        "",
    );
    assert_eq!(stdout(&seventh).trim_end(), lines[6]);
    let out = run(&[NO_PUZZLE_AT_SEED_1, &["--count", "2"]].concat(), "");
    // Seed 1 finds none, seed 2 one.
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("seed 1:") && !err.contains("seed 2:"), "{err}");
    assert_eq!(stdout(&out).lines().count(), 3);
}

#[test]
fn generate_refuses_bad_requests() {
    let cases: [&[&str]; 4] = [
        &["place", "generate", "--set", "12", "--dp"],
        &["place", "generate", "--set", "6", "--difficulty", "easy"],
        &["place", "generate", "--set", "6", "--difficulty", "search"],
        &[
            "place",
            "generate",
            "--set",
            "6",
            "--shape",
            "/nonexistent/shape.txt",
        ],
    ];
    for args in cases {
        let out = run(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn game_ids_move_puzzles_to_and_from_the_reference() {
    // A double-9 Hard puzzle of the reference Dominosa, as its game ID.
    let id = "9:33867892602288189925789196503455041472068618813025490394230665747139227937717676458268054464335355000142117991";
    let out = run(&["place", "solve", "--json", "--grade"], id);
    assert_ok(&out);
    let doc = json(&out);
    assert_eq!(
        (doc["count"].clone(), doc["grade"].clone()),
        (1.into(), "hard".into())
    );
    assert_eq!(
        stdout(&run(&["place", "solve", "--format", "id"], id)).trim(),
        id
    );
    let made = run(
        &[
            "place",
            "generate",
            "--set",
            "10",
            "--difficulty",
            "hard",
            "--format",
            "id",
        ],
        "",
    );
    let made = stdout(&made);
    assert!(made.starts_with("10:") && made.contains("[10]"), "{made}");
    let again = json(&run(&["place", "solve", "--json", "--grade"], &made));
    assert_eq!(
        (again["count"].clone(), again["grade"].clone()),
        (1.into(), "hard".into())
    );
    let out = run(&["place", "solve"], "6:0046");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 1, column 7"));
}
