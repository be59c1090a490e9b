//! `domino place solve` as a process: exit codes, JSON, text, batches.

use super::util::{assert_ok, example, run, testdata};
use std::process::Output;

fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn unique_puzzle_text_and_json() {
    let path = example("place/dp_001.txt");
    let out = run(&["place", "solve", &path], "");
    assert_ok(&out);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("unique solution\n"), "{text}");
    assert!(text.contains(" 28 28"), "{text}");
    assert!(text.contains("┌───────┐"), "{text}");
    let out = run(&["place", "solve", "--json", &path], "");
    let docs = json_lines(&out);
    assert_eq!(docs.len(), 1);
    assert_eq!(docs[0]["count"], 1);
    assert_eq!(docs[0]["complete"], true);
    assert_eq!(docs[0]["solutions"][0][0][4], 28);
    assert!(docs[0]["solutions"][0][0][0].is_null());
}

#[test]
fn batch_gives_one_json_document_per_board() {
    let out = run(
        &[
            "place",
            "solve",
            "--json",
            "--count",
            &testdata("place/uva211-samples.txt"),
        ],
        "",
    );
    assert_ok(&out);
    let docs = json_lines(&out);
    assert_eq!(docs.len(), 2);
    assert_eq!(
        (docs[0]["count"].as_u64(), docs[1]["count"].as_u64()),
        (Some(1), Some(2))
    );
    assert_eq!(docs[1]["complete"], true);
    assert_eq!(docs[1]["solutions"].as_array().unwrap().len(), 1);
    let out = run(
        &[
            "place",
            "solve",
            "--json",
            "--all",
            &testdata("place/uva211-samples.txt"),
        ],
        "",
    );
    assert_eq!(
        json_lines(&out)[1]["solutions"].as_array().unwrap().len(),
        2
    );
    let out = run(
        &["place", "solve", &testdata("place/uva211-samples.txt")],
        "",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("at least 2 solutions"), "{text}");
    assert!(text.contains("solution 2:"), "{text}");
}

#[test]
fn no_solution_exits_1_with_the_reason() {
    let out = run(
        &["place", "solve", "--json", "-"],
        "0 0 0 0\n1 1 1 1\n1 1 1 1\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let doc = &json_lines(&out)[0];
    assert_eq!(doc["count"], 0);
    assert!(doc["reason"]
        .as_str()
        .unwrap()
        .contains("1 appears 8 times"));
    let out = run(&["place", "solve"], "0 0 0 0\n1 1 1 1\n1 1 1 1\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("no solution: "));
}

#[test]
fn bad_input_exits_2_naming_the_place() {
    let out = run(&["place", "solve"], "0 0 1\n1 9 1\n");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("<stdin>: line 2, column 3: 9 is above 1"),
        "{err}"
    );
    let out = run(&["place", "solve", "--limit", "0"], "0 0 0 1 1 1\n");
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["place", "solve", "--set", "2"], "0 0 0 1 1 1\n");
    assert_eq!(out.status.code(), Some(1));
}
