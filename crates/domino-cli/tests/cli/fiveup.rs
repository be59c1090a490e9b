//! `domino fiveup` as a user runs it: exit codes, text, JSON and JSON
//! Lines, and errors that name the line and leave the output empty.

use super::util::{domino, Run};

/// Runs `domino fiveup ARGS` with `input` on standard input: (exit code,
/// stdout, stderr).
fn fiveup(args: &[&str], input: &str) -> Run {
    domino(&[&["fiveup"], args].concat(), input)
}

#[test]
fn legal_game_as_text_and_json() {
    let text = fiveup(&[], "1-1 1-2 1-3 1-4 1-5 3-6 1-6").ok();
    assert!(
        text.starts_with("legal game of 7 moves\n  0: 1|1 first\n"),
        "{text}"
    );
    assert!(text.contains("  6: 1|6 on move 5 by 6\n"), "{text}");

    let json = fiveup(&["--json"], "[[6,6],[6,5],[5,3],[3,0]]").ok();
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["valid"], true);
    let placements = doc["placements"].as_array().unwrap();
    assert_eq!(placements.len(), 4);
    assert_eq!(placements[0]["attached_to"], serde_json::Value::Null);
    assert_eq!(placements[0]["via"], serde_json::Value::Null);
    assert_eq!(placements[3]["domino"], serde_json::json!([3, 0]));
    assert_eq!(placements[3]["attached_to"], 2);
    assert_eq!(placements[3]["via"], 3);
}

#[test]
fn illegal_game_names_the_move() {
    let Run {
        code, stdout: text, ..
    } = fiveup(&[], "12-12 12-1 3-12 3-1 1-2 3-3\n");
    assert_eq!(code, 1);
    assert!(
        text.starts_with("illegal at the 6th play (3|3): every end showing 3 is taken"),
        "{text}"
    );

    let Run {
        code, stdout: json, ..
    } = fiveup(&["--json"], "0-6 6-0");
    assert_eq!(code, 1);
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["valid"], false);
    assert_eq!(doc["move"], 1);
    assert_eq!(doc["domino"], serde_json::json!([6, 0]));
    assert_eq!(doc["kind"], "duplicate");
    assert_eq!(doc["duplicate_of"], 0);

    let Run { stdout: json, .. } = fiveup(&["--json"], "1-1 1-2 1-3 1-4 1-5 1-6");
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["kind"], "taken");
    assert_eq!(doc["ends"], serde_json::json!([[1, 4]]));
    assert_eq!(doc["competing"], serde_json::json!([1, 2, 3, 4]));
}

#[test]
fn many_games_one_per_line() {
    let input = "0-6\n\n6-6 6-5 3-0 5-3\n1-1 1-2\n";
    let Run {
        code, stdout: text, ..
    } = fiveup(&["--lines"], input);
    assert_eq!(code, 1);
    assert_eq!(
        text,
        "line 1: legal (1 move)\n\
         line 3: illegal at the 3rd play (3|0): no earlier play shows 3 or 0\n\
         line 4: legal (2 moves)\n"
    );
    let Run {
        code,
        stdout: jsonl,
        ..
    } = fiveup(&["--lines", "--json"], input);
    assert_eq!(code, 1);
    let docs: Vec<serde_json::Value> = jsonl
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(docs.len(), 3);
    assert_eq!(docs[1]["line"], 3);
    assert_eq!(docs[1]["valid"], false);
    assert_eq!(docs[1]["kind"], "no_open_end");
    assert_eq!(docs[2]["valid"], true);

    fiveup(&["--lines"], "1-1 1-2\n2-2 2-3\n").ok();
}

#[test]
fn bad_input_names_the_line_and_prints_nothing() {
    let Run {
        code,
        stdout: out,
        stderr: err,
    } = fiveup(&["--lines"], "1-1 1-2\n\n1-2 2-x\n");
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(
        err.contains("<stdin>: line 3, column 7: expected a number"),
        "{err}"
    );

    let Run {
        code,
        stdout: out,
        stderr: err,
    } = fiveup(&["--json"], "1|2 2|3\n3|99999999999999999999");
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("line 2, column 3"), "{err}");
}

#[test]
fn score_a_layout_and_a_play_order() {
    // The layout --json prints is what --score reads back.
    let Run { stdout: json, .. } = fiveup(&["--json"], "5-5 5-0 5-4 5-1");
    let text = fiveup(&["--score"], &json).ok();
    assert!(text.starts_with("0: 5|5 ends 10 points 10\n"), "{text}");
    assert!(text.ends_with("total 25\n"), "{text}");

    let json = fiveup(&["--score", "--json"], "3-2 2-6 3-4 6-1").ok();
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["range"]["best"], 20);
    assert_eq!(doc["range"]["worst"], 20);

    // An illegal order is reported as the check reports it.
    let Run {
        code, stdout: text, ..
    } = fiveup(&["--score"], "1-2 3-4");
    assert_eq!(code, 1);
    assert!(text.starts_with("illegal at the 2nd play (3|4)"), "{text}");
    let Run {
        code, stdout: json, ..
    } = fiveup(&["--score", "--json"], "0-6 6-0");
    assert_eq!(code, 1);
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        (doc["valid"].clone(), doc["move"].clone()),
        (false.into(), 1.into())
    );

    // A layout that attaches a play by a number it does not show.
    let bad =
        r#"{"placements": [{"domino": [1,2]}, {"domino": [3,4], "attached_to": 0, "via": 3}]}"#;
    let Run {
        code, stdout: text, ..
    } = fiveup(&["--score"], bad);
    assert_eq!(code, 1);
    assert!(text.starts_with("illegal layout: "), "{text}");

    let Run {
        code,
        stdout: out,
        stderr: err,
    } = fiveup(&["--score"], "{\"placements\": [}");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("line 1, column"), "{err}");
}

/// `domino fiveup lines` and `domino fiveup score` are the `--lines` and
/// `--score` modes as subcommands (as `domino chain longest`): the same
/// output and exit code for the same input.
#[test]
fn modes_as_subcommands_match_the_flags() {
    let games = "1-1 1-2\n2-2 2-3 3-3\n1-1 1-2 1-3 1-4 1-5 1-6\n";
    let layout = fiveup(&["--json"], "5-5 5-0 5-4 5-1").ok();
    let runs = [
        (["lines"], ["--lines"], games),
        (["score"], ["--score"], layout.as_str()),
        (["score"], ["--score"], "3-2 2-6 3-4 6-1"),
        (["score"], ["--score"], "1-2 3-4"),
    ];
    for (sub, flag, input) in runs {
        for json in [&[][..], &["--json"][..]] {
            let by_sub = fiveup(&[&sub[..], json].concat(), input);
            let by_flag = fiveup(&[&flag[..], json].concat(), input);
            assert_eq!(
                (by_sub.code, &by_sub.stdout, &by_sub.stderr),
                (by_flag.code, &by_flag.stdout, &by_flag.stderr),
                "{sub:?} {json:?}"
            );
            assert!(!by_sub.stdout.is_empty(), "{sub:?} {json:?}");
        }
    }
}
