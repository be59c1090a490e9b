//! `domino pips generate --like DAYFILE...`: the puzzles follow the sizes
//! of the day files given, and a day file without every level is refused.

use super::util::{domino, scratch};

/// The cells of a puzzle in the newspaper's JSON.
fn cells(puzzle: &serde_json::Value) -> usize {
    puzzle["regions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["indices"].as_array().unwrap().len())
        .sum()
}

/// A day file of generated puzzles of 10 (easy), 16 (medium) and 24
/// (hard) cells: medium puzzles like it have 16 cells, where the built-in
/// table draws 10 to 16.
#[test]
fn generate_like_a_day_file_takes_its_sizes() {
    let dir = scratch("like");
    let mut day = serde_json::Map::new();
    for (level, size) in [("easy", "10"), ("medium", "16"), ("hard", "24")] {
        let out = domino(
            &[
                "pips",
                "generate",
                "--json",
                "--difficulty",
                level,
                "--cells",
                size,
            ],
            "",
        )
        .ok();
        day.insert(level.to_string(), serde_json::from_str(out.trim()).unwrap());
    }
    let file = dir.join("day.json");
    std::fs::write(&file, serde_json::Value::Object(day).to_string()).unwrap();
    let like = file.to_str().unwrap();
    for seed in ["1", "2", "3"] {
        let out = domino(
            &["pips", "generate", "--json", "--like", like, "--seed", seed],
            "",
        )
        .ok();
        let puzzle: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(cells(&puzzle), 16, "seed {seed}");
    }
    let one = dir.join("one.json");
    std::fs::copy(super::util::example("pips/blank-row.json"), &one).unwrap();
    let refused = domino(&["pips", "generate", "--like", one.to_str().unwrap()], "");
    assert_eq!(refused.code, 2);
    assert!(
        refused.stderr.contains("no easy puzzle"),
        "{}",
        refused.stderr
    );
}
