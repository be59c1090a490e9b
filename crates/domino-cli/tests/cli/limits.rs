//! The limits of docs/limits.md, from the command line: inputs
//! past them get a short message and exit 2 (never an abort), and output
//! files are written whole or not at all.

use super::util::{assert_ok, example, run};
use std::process::Output;

fn refused(out: &Output, expected: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "stderr: {stderr}");
    assert!(stderr.contains(expected), "stderr: {stderr}");
    assert!(
        stderr.len() < 300,
        "the message stays short: {} bytes",
        stderr.len()
    );
}

#[test]
fn a_list_above_ten_million_dominoes_is_refused() {
    let mut text = "1|2 2|1 ".repeat(5_000_000);
    text.push_str("3|3");
    refused(
        &run(&["chain"], &text),
        "more than 10000000 dominoes: the most a list may hold",
    );
    refused(&run(&["fiveup"], &text), "more than 10000000 dominoes");
}

#[test]
fn deep_brackets_and_a_huge_number_get_a_short_message() {
    let deep = format!("{}1,2{}", "[".repeat(1_000_000), "]".repeat(1_000_000));
    refused(&run(&["chain"], &deep), "line 1, column 3");
    let digits = format!("{}|2", "1".repeat(50_000_000));
    refused(
        &run(&["chain"], &digits),
        "(50000000 characters) does not fit in a signed 64-bit integer",
    );
}

#[test]
fn an_input_above_256_mib_is_refused_before_it_is_read_whole() {
    let text = "1|2\n".repeat((256 << 20) / 4 + 1);
    refused(&run(&["chain"], &text), "larger than 256 MiB");
}

#[test]
fn place_boards_past_the_limits_are_refused() {
    let wide = format!("{}\n", "0".repeat(1_001));
    refused(
        &run(&["place", "solve", "--set", "5"], &wide),
        "line 1, column 1001: the row has more than 1000 cells",
    );
    let spaced = format!("{}\n", "0 ".repeat(1_001));
    refused(&run(&["place", "solve"], &spaced), "more than 1000 cells");
    let tall = "0\n".repeat(8_001);
    refused(&run(&["place", "solve"], &tall), "more than 8000 lines");
    refused(
        &run(&["place", "explain", "--set", "4294967295"], "0 0\n"),
        "the set double-4294967295 is too large: the largest is double-100",
    );
    refused(
        &run(&["place", "solve"], "#dp 0-101 big\n00\n"),
        "line 1, column 5: the set double-101 is too large",
    );
    let batch = "00\n\n".repeat(100_001);
    refused(&run(&["place", "solve"], &batch), "more than 100000 boards");
}

#[test]
fn a_vanish_board_of_two_to_the_32_columns_is_refused() {
    refused(
        &run(&["vanish", "solve"], "4294967296;1\nh;0;0;0;0\n"),
        "too large for a board coordinate",
    );
    refused(
        &run(&["vanish", "solve"], "65536;65536\nh;0;0;0;0\n"),
        "is not allowed",
    );
}

#[test]
fn an_unwritable_output_is_exit_2_naming_the_path_and_nothing_is_left() {
    let dir = std::env::temp_dir().join(format!("domino-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let board = example("vanish/problem1.xml");
    let missing = dir.join("no-such-folder/out.txt");
    let out = run(
        &[
            "vanish",
            "solve",
            &board,
            "--output",
            missing.to_str().unwrap(),
        ],
        "",
    );
    refused(&out, missing.to_str().unwrap());
    // A directory in the way: the rename fails, the temporary file goes.
    let blocked = dir.join("blocked");
    std::fs::create_dir_all(blocked.join("inside")).unwrap();
    let out = run(
        &[
            "vanish",
            "solve",
            &board,
            "--output",
            blocked.to_str().unwrap(),
        ],
        "",
    );
    refused(&out, blocked.to_str().unwrap());
    let good = dir.join("out.txt");
    let out = run(
        &[
            "vanish",
            "solve",
            &board,
            "--output",
            good.to_str().unwrap(),
        ],
        "",
    );
    assert_ok(&out);
    let written = std::fs::read_to_string(&good).unwrap();
    assert!(
        written.starts_with("0\n"),
        "the score line of problem1: {written}"
    );
    let mut left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["blocked", "out.txt"], "no temporary file stays");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A double-9 board with 15,360 solutions.
const MANY_SOLUTIONS: &str = "\
6 3 4 4 6 6 7 7 8 8
2 9 7 3 2 3 9 7 6 8
7 5 5 5 2 2 5 6 1 5
8 7 8 2 4 1 0 7 0 6
9 0 5 9 1 3 5 2 7 4
6 9 1 9 1 7 0 4 0 3
1 0 1 6 9 3 4 6 3 3
3 4 1 1 2 7 0 2 8 9
4 5 6 7 5 0 4 8 9 9
8 3 4 2 0 0 5 8 2 1
0 8 8 1 6 2 9 4 5 3
";

#[test]
fn place_count_stops_at_the_node_limit_and_says_so() {
    let full = run(&["place", "solve", "--count", "--json"], MANY_SOLUTIONS);
    let full: serde_json::Value = serde_json::from_slice(&full.stdout).unwrap();
    assert_eq!(
        (full["count"].as_u64(), full["complete"].as_bool()),
        (Some(15_360), Some(true))
    );
    let cut = run(
        &["place", "solve", "--count", "--json", "--node-limit", "100"],
        MANY_SOLUTIONS,
    );
    assert_ok(&cut);
    let cut: serde_json::Value = serde_json::from_slice(&cut.stdout).unwrap();
    assert_eq!(cut["complete"].as_bool(), Some(false));
    let count = cut["count"].as_u64().unwrap();
    assert!(
        (1..15_360).contains(&count),
        "{count} solutions before the limit"
    );
    let text = run(
        &["place", "solve", "--count", "--node-limit", "100"],
        MANY_SOLUTIONS,
    );
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.starts_with(&format!(
        "at least {count} solutions (a limit stopped the search)"
    )));
}

/// The generators obey the limits too: a search stopped before it finds a
/// puzzle is a negative answer (exit 1) that says so, not bad input.
#[test]
fn generators_stopped_by_a_limit_exit_1_and_say_so() {
    let out = run(
        &[
            "pips",
            "generate",
            "--cells",
            "200",
            "--difficulty",
            "hard",
            "--time-limit",
            "0",
        ],
        "",
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "stderr: {stderr}");
    assert!(stderr.contains("stopped by a limit"), "stderr: {stderr}");
    let out = run(
        &["place", "generate", "--set", "60", "--time-limit", "0"],
        "",
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "stderr: {stderr}");
    assert!(stderr.contains("before the time limit"), "stderr: {stderr}");
}
