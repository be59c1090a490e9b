//! `domino vanish` as a user calls it: solve (JSON that replays legally,
//! the output file, pictures), compare (every algorithm on every input) and
//! generate (boards that parse back, the same for the same seed).

use super::util::{domino, example, scratch, Run};
use domino::vanish::{parse_board, verify_order, Algorithm};

#[test]
fn solve_prints_an_order_that_replays_to_its_score() {
    let path = example("vanish/problem1.xml");
    let board = parse_board(&std::fs::read_to_string(&path).unwrap()).unwrap();
    for algorithm in Algorithm::ALL {
        let out = domino(
            &["vanish", "solve", &path, "--json", "-a", algorithm.name()],
            "",
        )
        .ok();
        let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(doc["algorithm"], algorithm.name());
        let order: Vec<usize> = doc["order"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i.as_u64().unwrap() as usize)
            .collect();
        let left = verify_order(&board, &order).unwrap();
        assert_eq!(doc["score"], left as u64, "{algorithm}");
        if algorithm == Algorithm::Exact {
            assert_eq!(doc["optimal"], true);
        }
    }
}

#[test]
fn solve_writes_the_output_file_and_pictures() {
    let board = "4;1\nh;0;5;0;0\nh;2;9;2;0\n";
    let dir = scratch("vanish-solve");
    let (text, xml, svg, html) = (
        dir.join("out.txt"),
        dir.join("out.xml"),
        dir.join("b.svg"),
        dir.join("b.html"),
    );
    let args = [
        "vanish",
        "solve",
        "-o",
        text.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
    ];
    let out = domino(&args, board).ok();
    assert!(
        out.starts_with("score 0 of 2 pieces left (proven optimal"),
        "{out}"
    );
    assert!(std::fs::read_to_string(&text).unwrap().starts_with('0'));
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    assert!(std::fs::read_to_string(&html)
        .unwrap()
        .contains("2 of 2 pieces removed"));
    domino(&["vanish", "solve", "-o", xml.to_str().unwrap()], board).ok();
    assert!(std::fs::read_to_string(&xml)
        .unwrap()
        .contains("<domino_board"));
}

#[test]
fn compare_runs_every_algorithm_on_every_input() {
    let inputs = [
        example("vanish/problem1.xml"),
        example("vanish/problem2.txt"),
    ];
    let out = domino(&["vanish", "compare", "--json", &inputs[0], &inputs[1]], "").ok();
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let results = doc["results"].as_array().unwrap();
    assert_eq!(results.len(), 2 * Algorithm::ALL.len());
    let exact: Vec<_> = results
        .iter()
        .filter(|r| r["algorithm"] == "exact")
        .collect();
    for r in results {
        let best = exact.iter().find(|e| e["input"] == r["input"]).unwrap();
        assert!(r["score"].as_u64() >= best["score"].as_u64(), "{r}");
    }
    let table = domino(&["vanish", "compare", &inputs[0]], "").ok();
    assert_eq!(table.lines().count(), 1 + Algorithm::ALL.len());
}

#[test]
fn generate_makes_boards_that_parse_back_and_repeat_by_seed() {
    let args = [
        "vanish",
        "generate",
        "--width",
        "6",
        "--height",
        "4",
        "--max-value",
        "3",
        "--seed",
        "5",
    ];
    let first = domino(&args, "").ok();
    let board = parse_board(&first).unwrap();
    assert_eq!((board.width(), board.height()), (6, 4));
    assert_eq!(domino(&args, "").stdout, first);
    let mut clearable = args.to_vec();
    clearable.extend(["--clearable", "--xml"]);
    let xml = domino(&clearable, "").ok();
    let board = parse_board(&xml).unwrap();
    let out = domino(&["vanish", "solve", "--json"], &xml).ok();
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        doc["score"],
        0,
        "a clearable board of {} pieces",
        board.pieces().len()
    );
    let Run {
        code, stderr: err, ..
    } = domino(
        &[
            "vanish",
            "generate",
            "--width",
            "0",
            "--height",
            "4",
            "--max-value",
            "3",
        ],
        "",
    );
    assert_eq!(code, 2, "{err}");
}

/// The beam width's range is the library's: 0 and one past the widest are
/// refused (exit 2, naming the range) by solve and compare, whatever the
/// algorithm; the ends are taken.
#[test]
fn beam_widths_outside_one_to_4096_are_refused() {
    let path = example("vanish/problem1.xml");
    for width in ["0", "4097", "100000000"] {
        for args in [
            vec![
                "vanish",
                "solve",
                &path,
                "-a",
                "beam",
                "--beam-width",
                width,
            ],
            vec!["vanish", "solve", &path, "--beam-width", width],
            vec!["vanish", "compare", &path, "--beam-width", width],
        ] {
            let run = domino(&args, "");
            assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
            assert!(run.stderr.contains("1..=4096"), "{args:?}: {}", run.stderr);
        }
    }
    let board = parse_board(&std::fs::read_to_string(&path).unwrap()).unwrap();
    for width in ["1", "4096"] {
        let out = domino(
            &[
                "vanish",
                "solve",
                &path,
                "--json",
                "-a",
                "beam",
                "--beam-width",
                width,
            ],
            "",
        )
        .ok();
        let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
        let order: Vec<usize> = serde_json::from_value(doc["order"].clone()).unwrap();
        assert_eq!(verify_order(&board, &order).unwrap() as u64, doc["score"]);
    }
}

/// `--memory` is the search's memory, as in the library: a memory too
/// small for what a search holds from the start stops every algorithm at
/// once with a legal order, not proven, and the text says a limit stopped
/// it.
#[test]
fn a_memory_limit_stops_the_search_with_a_legal_order() {
    let path = example("vanish/problem2.txt");
    let board = parse_board(&std::fs::read_to_string(&path).unwrap()).unwrap();
    for algorithm in Algorithm::ALL {
        let args = [
            "vanish",
            "solve",
            &path,
            "-a",
            algorithm.name(),
            "--memory",
            "0",
        ];
        let mut json = args.to_vec();
        json.push("--json");
        let doc: serde_json::Value = serde_json::from_str(&domino(&json, "").ok()).unwrap();
        assert_eq!(doc["optimal"], false, "{algorithm}");
        let order: Vec<usize> = serde_json::from_value(doc["order"].clone()).unwrap();
        assert_eq!(
            verify_order(&board, &order).unwrap() as u64,
            doc["score"],
            "{algorithm}"
        );
        let text = domino(&args, "").ok();
        assert!(
            text.contains("a limit stopped the search"),
            "{algorithm}: {text}"
        );
    }
}

#[test]
fn a_clearable_board_has_a_ceiling_and_a_time_limit() {
    let ask = |side: &'static str, limit: &'static str| {
        domino(
            &[
                "vanish",
                "generate",
                "--width",
                side,
                "--height",
                "128",
                "--max-value",
                "6",
                "--clearable",
                "--time-limit",
                limit,
            ],
            "",
        )
    };
    let too_large = ask("256", "60");
    assert_eq!(too_large.code, 2, "{}", too_large.stderr);
    assert!(too_large.stderr.contains("at most 16384 squares"));
    let stopped = ask("128", "0");
    assert_eq!(stopped.code, 1, "{}", stopped.stderr);
    assert!(stopped.stderr.contains("a limit stopped the generation"));
    assert!(stopped.stdout.is_empty());
}
