//! `domino place|pips count, grade, check, hint, verify`, the verbs written
//! once over the board contract: exit codes, the pieces file
//! (docs/pieces.md), and bad pieces named by line and column.

use super::util::{domino, example, scratch};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// Writes `text` to a file of this test's own folder.
fn file(test: &str, name: &str, text: &str) -> String {
    let path = scratch(test).join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

/// The pips example's solution as the player's pieces.
fn pips_pieces() -> Vec<Value> {
    let given: Value =
        serde_json::from_str(&std::fs::read_to_string(example("pips/blank-row.json")).unwrap())
            .unwrap();
    let solution = given["solution"].as_array().unwrap();
    (0..solution.len())
        .map(|k| json!({"domino": k, "cells": solution[k]}))
        .collect()
}

#[test]
fn pips_pieces_that_solve_verify_check_and_break_when_moved() {
    let puzzle = example("pips/blank-row.json");
    let mut pieces = pips_pieces();
    let laid = file("verbs-pips", "laid.json", &json!(pieces).to_string());
    let verify = domino(&["pips", "verify", &puzzle, "--pieces", &laid], "");
    assert_eq!(verify.ok(), "a solution\n");
    let check = domino(&["pips", "check", &puzzle, "--pieces", &laid, "--json"], "");
    let checked: Value = serde_json::from_str(&check.ok()).unwrap();
    assert_eq!(checked["solved"], true);
    // The first domino turned round: its values on the wrong cells.
    let cells = pieces[0]["cells"].as_array().unwrap().clone();
    pieces[0]["cells"] = json!([cells[1], cells[0]]);
    let turned = file(
        "verbs-pips",
        "turned.json",
        &json!({"placements": pieces}).to_string(),
    );
    let verify = domino(&["pips", "verify", &puzzle, "--pieces", &turned], "");
    assert_eq!(verify.code, 1, "{}", verify.stdout);
    assert!(
        verify.stdout.starts_with("not a solution: "),
        "{}",
        verify.stdout
    );
    let check = domino(&["pips", "check", &puzzle, "--pieces", &turned], "");
    assert_eq!(check.code, 1);
    assert!(check.stdout.contains("wrong: piece 1"), "{}", check.stdout);
}

#[test]
fn pips_hint_count_and_grade_on_one_puzzle() {
    let puzzle = example("pips/blank-row.json");
    let none = file("verbs-hint", "none.json", "[]");
    let hint = domino(&["pips", "hint", &puzzle, "--pieces", &none], "");
    assert!(!hint.ok().is_empty());
    let count = domino(&["pips", "count", &puzzle], "");
    assert_eq!(count.ok(), "1 solution\n");
    let grade = domino(&["pips", "grade", &puzzle, "--json"], "");
    let graded: Value = serde_json::from_str(&grade.ok()).unwrap();
    assert!(["easy", "medium", "hard"].contains(&graded["grade"].as_str().unwrap()));
}

/// The first solution of a place board without clues as the player's
/// pieces: the cells of each bone number of the map.
fn place_pieces(board: &str) -> Vec<Value> {
    let solved = domino(&["place", "solve", board, "--json"], "");
    let doc: Value = serde_json::from_str(&solved.ok()).unwrap();
    let mut cells: BTreeMap<u64, Vec<[usize; 2]>> = BTreeMap::new();
    for (r, row) in doc["solutions"][0].as_array().unwrap().iter().enumerate() {
        for (c, bone) in row.as_array().unwrap().iter().enumerate() {
            if let Some(bone) = bone.as_u64() {
                cells.entry(bone).or_default().push([r, c]);
            }
        }
    }
    cells.into_values().map(|pair| json!(pair)).collect()
}

#[test]
fn place_pieces_verify_and_check_and_one_piece_short_does_not() {
    let board = example("place/double-nine.txt");
    let mut pieces = place_pieces(&board);
    let laid = file("verbs-place", "laid.json", &json!(pieces).to_string());
    assert_eq!(
        domino(&["place", "verify", &board, "--pieces", &laid], "").ok(),
        "a solution\n"
    );
    assert_eq!(
        domino(&["place", "check", &board, "--pieces", &laid], "").ok(),
        "solved\n"
    );
    // The last piece dropped: the board is no longer covered.
    pieces.pop();
    let short = file("verbs-place", "short.json", &json!(pieces).to_string());
    let verify = domino(
        &["place", "verify", &board, "--pieces", &short, "--json"],
        "",
    );
    assert_eq!(verify.code, 1);
    let doc: Value = serde_json::from_str(&verify.stdout).unwrap();
    assert_eq!(doc["solution"], false);
    assert!(doc["reason"].is_string());
    assert_eq!(
        domino(&["place", "check", &board, "--pieces", &short], "").code,
        1
    );
    assert_eq!(domino(&["place", "count", &board], "").ok(), "1 solution\n");
}

#[test]
fn bad_pieces_exit_2_naming_the_file_line_and_column() {
    let puzzle = example("pips/blank-row.json");
    let broken = file(
        "verbs-bad",
        "broken.json",
        "[\n  {\"domino\": 0, \"cells\": [[0,0]}\n]",
    );
    let run = domino(&["pips", "check", &puzzle, "--pieces", &broken], "");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("broken.json: line 2, column"),
        "{}",
        run.stderr
    );
    let unknown = file(
        "verbs-bad",
        "unknown.json",
        "{\"placements\": [], \"extra\": 1}",
    );
    let run = domino(
        &[
            "place",
            "hint",
            &example("place/dp_001.txt"),
            "--pieces",
            &unknown,
        ],
        "",
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("unknown.json: line 1, column"),
        "{}",
        run.stderr
    );
    let text = std::fs::read_to_string(&puzzle).unwrap();
    let run = domino(&["pips", "verify", "--pieces", "-"], &text);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("standard input"), "{}", run.stderr);
}
