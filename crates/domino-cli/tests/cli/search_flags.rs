//! The search flags every door shares (`--max-solutions`, `--memory`,
//! `--time-limit` on explain): `solve --all` streams its listing up to the
//! cap and says how many it left out, the memory limit stops a listing not
//! complete, explain stops at once on a spent time limit, and bad values
//! exit 2. Every listed solution is checked with the family's verify.

use super::util::{run, stdout};
use domino::{pips, place};
use std::process::Output;

/// The open 4 x 5 board of issue 35: billions of solutions.
const OPEN_4X5: &str = "AAAAA\nAAAAA\nAAAAA\nAAAAA\n0-1 0-2 0-3 1-2 1-3 2-3 0-4 1-4 2-4 3-4\n";

/// A double-2 board of two 2x2 blocks that read the same two bones down
/// or across: four solutions.
const BOARD: &str = "0 1 0\n2 0 0\n1 1 2\n2 1 2\n";

fn refused(out: &Output) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "stderr: {stderr}");
    assert!(stderr.len() < 600, "{stderr}");
}

#[test]
fn pips_all_streams_up_to_the_cap_and_counts_past_it() {
    let puzzle = pips::parse_puzzle(OPEN_4X5, None).unwrap();
    let out = run(
        &["pips", "solve", "--all", "--max-solutions", "7", "--json"],
        OPEN_4X5,
    );
    assert_eq!(out.status.code(), Some(0));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let listed = doc["solutions"].as_array().unwrap();
    assert_eq!(listed.len(), 7);
    assert!(doc["count"].as_u64().unwrap() > 1_000_000_000);
    assert_eq!(doc["complete"], true);
    let capped = domino::Limits {
        solutions: Some(7),
        ..domino::Limits::none()
    };
    let kept = pips::solve(&puzzle, pips::Goal::ALL, &capped);
    for (s, solution) in listed.iter().zip(&kept.solutions) {
        assert_eq!(s, &serde_json::to_value(solution).unwrap());
        pips::verify(&puzzle, solution).unwrap();
    }
    let text = stdout(&run(&["pips", "solve", "--all"], OPEN_4X5));
    assert!(text.contains("solution 1000:") && !text.contains("solution 1001:"));
    assert!(
        text.contains("353009663000 not listed"),
        "{}",
        &text[text.len() - 300..]
    );
}

#[test]
fn place_all_streams_every_solution_and_the_cap_cuts_it() {
    let board = &place::parse_grids(BOARD, None).unwrap()[0];
    let out = run(&["place", "solve", "--all", "--json"], BOARD);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let count = doc["count"].as_u64().unwrap();
    assert!(count > 1 && doc["complete"] == true, "{doc}");
    let maps = doc["solutions"].as_array().unwrap();
    assert_eq!(maps.len() as u64, count);
    let collected = place::solve(board, place::Goal::ALL, &domino::Limits::none());
    assert_eq!(collected.count, count);
    for (map, kept) in maps.iter().zip(&collected.solutions) {
        assert_eq!(map, &serde_json::to_value(kept).unwrap());
        place::verify(board, kept).unwrap();
    }
    let text = stdout(&run(
        &["place", "solve", "--all", "--max-solutions", "1"],
        BOARD,
    ));
    assert!(
        text.contains("solution 1:") && !text.contains("solution 2:"),
        "{text}"
    );
    assert!(
        text.contains(&format!("{} not listed", count - 1)),
        "{text}"
    );
}

#[test]
fn the_memory_limit_stops_a_pips_count_not_complete() {
    let hopeless = "AAAAAA\nBBBBBB\nCCCCCC\nDDDDDD\nEEEEEE\nFFFFFF\n\
A = 11\nB = 11\nC = 11\nD = 9\nE = 9\nF = 10\n\
0-0 0-1 0-2 0-3 0-4 0-5 1-1 1-2 1-3 1-4 1-5 2-2 2-3 2-4 2-5 3-3 3-4 3-5\n";
    let out = run(
        &["pips", "solve", "--count", "--memory", "1", "--json"],
        hopeless,
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["complete"], false, "{doc}");
}

#[test]
fn explain_stops_at_a_spent_time_limit() {
    let out = run(&["place", "explain", "--time-limit", "0", "--json"], BOARD);
    assert_eq!(out.status.code(), Some(1));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["complete"], false);
    assert!(doc["steps"].as_array().unwrap().is_empty(), "{doc}");
    let out = run(
        &["pips", "explain", "--time-limit", "0", "--json"],
        OPEN_4X5,
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["complete"], false);
    assert!(doc["steps"].as_array().unwrap().is_empty(), "{doc}");
    let out = run(
        &["place", "solve", "--grade", "--time-limit", "5", "--json"],
        BOARD,
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["grade"], "search");
}

#[test]
fn bad_search_flags_exit_2() {
    for args in [
        &["pips", "solve", "--all", "--max-solutions", "0"][..],
        &["pips", "solve", "--max-solutions", "1000001"],
        &["pips", "solve", "--max-solutions", "-3"],
        &["pips", "solve", "--memory", "0"],
        &["pips", "solve", "--memory", "lots"],
        &["pips", "explain", "--time-limit", "-1"],
        &["pips", "explain", "--time-limit", "NaN"],
        &["place", "solve", "--memory", "2000000"],
        &["place", "solve", "--all", "--max-solutions", "x"],
        &["place", "explain", "--time-limit", "soon"],
        &["place", "explain", "--memory", "0"],
    ] {
        refused(&run(args, OPEN_4X5));
    }
}
