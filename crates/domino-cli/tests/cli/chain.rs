//! `domino chain` as a user calls it: exit codes 0 / 1 / 2, JSON documents
//! that verify, and error messages that name the input, line and column.

use domino::chain::{verify_chain, verify_line, Ends};
use domino::{parse_dominoes, Domino};

use super::util::{domino, scratch};

fn chain_of(json: &str) -> Option<Vec<Domino>> {
    let doc: serde_json::Value = serde_json::from_str(json).unwrap();
    let chain = doc["chain"].as_array()?;
    Some(
        chain
            .iter()
            .map(|p| Domino::new(p[0].as_i64().unwrap(), p[1].as_i64().unwrap()))
            .collect(),
    )
}

#[test]
fn a_chain_exits_zero_with_a_verified_json_chain() {
    let hand = "[[1,2],[5,3],[3,1],[1,2],[2,4],[1,6],[2,3],[3,4],[5,6]]";
    let json = domino(&["chain", "--json"], hand).ok();
    let chain = chain_of(&json).unwrap();
    verify_chain(&parse_dominoes(hand).unwrap(), &chain, Ends::Closed).unwrap();
}

#[test]
fn no_chain_exits_one_with_the_reason() {
    let run = domino(&["chain", "--json"], "1|2 2|3");
    assert_eq!(run.code, 1);
    let doc: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert!(doc["chain"].is_null());
    assert_eq!(doc["odd_values"], serde_json::json!([[1, 1], [3, 1]]));
    assert!(doc["reason"].as_str().unwrap().contains("odd"));

    let run = domino(&["chain"], "1|1 2|2");
    assert_eq!(run.code, 1);
    assert!(run.stdout.contains("{1}, {2}"), "{}", run.stdout);

    domino(&["chain", "--open", "--json"], "1|2 2|3").ok();
}

#[test]
fn bad_input_exits_two_naming_line_and_column() {
    let run = domino(&["chain"], "1|2\n2|3\n3|1 4|x\n");
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr.trim(),
        "domino: <stdin>: line 3, column 7: expected a number after '|', found 'x'"
    );
    let run = domino(&["chain", "/no/such/file"], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("/no/such/file"), "{}", run.stderr);
    let run = domino(&["chain", "--start", "3"], "");
    assert_eq!(run.code, 2, "--start needs --longest");
    let run = domino(&["chain", "--time-limit", "0"], "1|2 2|1");
    assert_eq!(run.code, 2, "a limit needs the longest line");
    assert!(
        run.stderr.contains("domino chain longest"),
        "{}",
        run.stderr
    );
    let run = domino(&["chain", "--longest", "--time-limit", "-1"], "1|2");
    assert_eq!(run.code, 2);
    let run = domino(&["chain", "longest", "--node-limit", "x"], "1|2");
    assert_eq!(run.code, 2);
}

#[test]
fn longest_line_json_verifies() {
    let hand = "6|6 6|3 3|4 1|2 4|-5";
    let json = domino(&["chain", "--longest", "--start", "6", "--json"], hand).ok();
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["length"], 4);
    assert_eq!(doc["optimal"], true);
    let line = chain_of(&json).unwrap();
    verify_line(&parse_dominoes(hand).unwrap(), &line, Some(6)).unwrap();

    // The subcommand is the same search as the flag.
    let sub = domino(&["chain", "longest", "--start", "6", "--json"], hand);
    assert_eq!((sub.code, sub.stdout.as_str()), (0, json.as_str()));
    // A node limit of 1 still answers, with a line that verifies, and
    // says whether it is proven.
    let cut = domino(&["chain", "longest", "--node-limit", "1", "--json"], hand).ok();
    let doc: serde_json::Value = serde_json::from_str(&cut).unwrap();
    assert!(doc["optimal"].is_boolean());
    verify_line(
        &parse_dominoes(hand).unwrap(),
        &chain_of(&cut).unwrap(),
        None,
    )
    .unwrap();
}

#[test]
fn demo_runs() {
    let dir = scratch("chain-demo");
    let page = dir.join("demo.html");
    let text = domino(&["demo", "--output", page.to_str().unwrap()], "").ok();
    assert!(text.contains("double-six set: closed chain of 28 dominoes"));
}
