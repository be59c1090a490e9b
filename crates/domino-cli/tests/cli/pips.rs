//! `domino pips` from the outside: exit codes, JSON shape, day files and
//! levels, conversion both ways, and errors that name where.

use super::util::{assert_ok, example, run, testdata};

#[test]
fn a_unique_puzzle_with_a_blank_row_solves() {
    let out = run(
        &["pips", "solve", "--json", &example("pips/blank-row.json")],
        "",
    );
    assert_ok(&out);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["count"], 1);
    assert_eq!(doc["complete"], true);
    let given = serde_json::from_str::<serde_json::Value>(
        &std::fs::read_to_string(example("pips/blank-row.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(doc["solutions"][0], given["solution"]);
}

#[test]
fn no_solution_exits_1_with_a_reason() {
    let out = run(&["pips", "solve"], "AB\nA = 3\n1-1\n");
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("sum 3 region at [0,0]"), "{text}");
}

#[test]
fn bad_input_names_the_place_and_exits_2() {
    let out = run(&["pips", "solve"], "AB\nA = 3\n1-x\n");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("line 3, column 3"), "{err}");
    let out = run(
        &["pips", "solve"],
        r#"{"dominoes":[[1,2]],"regions":[{"indices":[[0,0],[0,"x"]],"type":"sum","target":3}]}"#,
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("regions[0].indices[1][1]"), "{err}");
}

#[test]
fn convert_there_and_back_gives_the_same_puzzle() {
    let json = std::fs::read_to_string(example("pips/blank-row.json")).unwrap();
    let text = run(&["pips", "convert", "--to", "text"], &json);
    assert_ok(&text);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("\n....\n"), "the blank row is kept: {text}");
    let back = run(&["pips", "convert", "--to", "json"], &text);
    let back = String::from_utf8(back.stdout).unwrap();
    let again = run(&["pips", "convert", "--to", "text"], &back);
    assert_eq!(String::from_utf8(again.stdout).unwrap(), text);
}

#[test]
fn counting_lists_one_and_all_lists_every_solution() {
    let open = "AAAA\n1-2 3-4\n";
    let out = run(&["pips", "solve", "--count", "--json"], open);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (doc["count"].as_u64(), doc["complete"].as_bool()),
        (Some(8), Some(true))
    );
    assert_eq!(doc["solutions"].as_array().unwrap().len(), 1);
    let out = run(&["pips", "solve", "--all", "--json"], open);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["solutions"].as_array().unwrap().len(), 8);
    let out = run(&["pips", "solve", "--json"], open);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (doc["count"].as_u64(), doc["complete"].as_bool()),
        (Some(2), Some(false))
    );
}

#[test]
fn a_node_limit_stops_the_count_and_says_so() {
    let path = testdata("pips/stress/repeats-40.json");
    let out = run(
        &[
            "pips",
            "solve",
            "--count",
            "--node-limit",
            "500",
            "--json",
            &path,
        ],
        "",
    );
    assert_ok(&out);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["complete"], false);
    assert!(doc["count"].as_u64().unwrap() > 0, "{doc}");
    let out = run(
        &["pips", "solve", "--count", "--node-limit", "500", &path],
        "",
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("a limit stopped the search"), "{text}");
}

/// A solution's placements with each double's two cells in order: a
/// double laid either way round is the same solution.
fn doubles_either_way(
    puzzle: &serde_json::Value,
    solution: &serde_json::Value,
) -> Vec<serde_json::Value> {
    let dominoes = puzzle["dominoes"].as_array().unwrap();
    let placements = solution.as_array().unwrap();
    dominoes
        .iter()
        .zip(placements)
        .map(|(piece, cells)| {
            let mut cells = cells.as_array().unwrap().clone();
            if piece[0] == piece[1] {
                cells.sort_by_key(|c| (c[0].as_u64(), c[1].as_u64()));
            }
            serde_json::Value::Array(cells)
        })
        .collect()
}

/// `--count 3` writes three puzzles, one JSON document a line, each of the
/// next seed: each solves uniquely to the solution it carries.
#[test]
fn generate_count_writes_one_json_document_a_line() {
    let out = run(
        &[
            "pips",
            "generate",
            "--count",
            "3",
            "--json",
            "--difficulty",
            "easy",
            "--seed",
            "7",
        ],
        "",
    );
    assert_ok(&out);
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    for (k, line) in lines.iter().enumerate() {
        let doc: serde_json::Value = serde_json::from_str(line).unwrap();
        let solved = run(&["pips", "solve", "--json"], line);
        assert_ok(&solved);
        let found: serde_json::Value = serde_json::from_slice(&solved.stdout).unwrap();
        assert_eq!(found["count"], 1);
        assert_eq!(
            doubles_either_way(&doc, &found["solutions"][0]),
            doubles_either_way(&doc, &doc["solution"])
        );
        let alone = run(
            &[
                "pips",
                "generate",
                "--json",
                "--difficulty",
                "easy",
                "--seed",
                &(7 + k).to_string(),
            ],
            "",
        );
        assert_eq!(String::from_utf8(alone.stdout).unwrap().trim_end(), *line);
    }
}

/// A seed that finds no puzzle is named and skipped, the run goes on, and
/// the exit code says one was missed; `--cells 0` is no board.
#[test]
fn generate_count_names_a_seed_without_a_puzzle() {
    let out = run(
        &[
            "pips",
            "generate",
            "--count",
            "2",
            "--cells",
            "4",
            "--difficulty",
            "hard",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("seed 1:") && err.contains("seed 2:"), "{err}");
    let out = run(&["pips", "generate", "--cells", "0"], "");
    assert_eq!(out.status.code(), Some(2));
}

/// `--count` makes its puzzles on several threads, and prints the same
/// puzzles in the same order on one.
#[test]
fn generate_count_is_the_same_on_any_number_of_threads() {
    let made = |threads: &str| {
        let out = run(
            &[
                "pips",
                "generate",
                "--count",
                "40",
                "--json",
                "--difficulty",
                "hard",
                "--threads",
                threads,
            ],
            "",
        );
        assert_ok(&out);
        String::from_utf8(out.stdout).unwrap()
    };
    let one = made("1");
    assert_eq!(one.lines().count(), 40);
    assert_eq!(made("3"), one);
}

/// A board too large for the grade asked is bad input, refused at once
/// with the most cells that grade allows: on the newspaper's scale the
/// board's size alone makes a puzzle harder.
#[test]
fn generate_refuses_a_board_too_large_for_its_grade() {
    for (grade, cells, most) in [("easy", "12", "10"), ("medium", "36", "20")] {
        let out = run(
            &["pips", "generate", "--cells", cells, "--difficulty", grade],
            "",
        );
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(&format!("at most {most} cells")), "{err}");
    }
    let out = run(
        &[
            "pips",
            "generate",
            "--cells",
            "16",
            "--difficulty",
            "medium",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
}
