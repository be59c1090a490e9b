//! Boards built by hand, which the parser would never produce: a value
//! list of the wrong length, numbers outside the set, a negative or huge
//! set, clues off the board, on a hole, on cells that are not neighbours
//! or sharing a cell. Every public entry point of the place family that
//! takes a board (and the pictures of one) answers them with an error (or a sane answer) and never
//! panics.

use domino::place::{
    batch_heading, box_picture, check_play, deduce, dp_text, explain, game_id, grade, grade_of,
    hint, map_text, parse_grids, solve, solve_by_exact_cover, validate, verify_map,
    whitespace_text, Clue, ExplainReport, Goal, Grade, Grid, Level, Limits, Map, Placement,
    SolveOptions, SolveReport, ValidationError,
};
use domino::render::{board_svg, explain_figure, play_board_svg};
use domino::Value;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The double-1 board `0 0 0 / 1 1 1` (2 x 3): sound, two solutions.
fn sound() -> Grid {
    parse_grids("0 0 0\n1 1 1\n", None).unwrap().remove(0)
}

/// The same numbers with a column of holes on the right (2 x 4).
fn with_holes() -> Grid {
    parse_grids("0 0 0 .\n1 1 1 .\n", None).unwrap().remove(0)
}

/// Each malformed board, named, with the start of the message
/// [`Grid::validate`] gives for it.
fn malformed() -> Vec<(&'static str, Grid, &'static str)> {
    let mut out = Vec::new();
    let mut push = |name, change: &dyn Fn(&mut Grid), message| {
        let mut board = if name == "a clue on a hole" || name == "a value list one short" {
            with_holes()
        } else {
            sound()
        };
        change(&mut board);
        out.push((name, board, message));
    };
    push(
        "a value list one short",
        &|b| {
            b.values.pop();
        },
        "the board is 2 x 4, 8 cells, but lists 7",
    );
    push(
        "a value list one long",
        &|b| b.values.push(None),
        "the board is 2 x 3, 6 cells, but lists 7",
    );
    push(
        "no columns",
        &|b| b.cols = 0,
        "the board is 2 x 0, 0 cells, but lists 6",
    );
    push(
        "no columns, with a clue",
        &|b| {
            b.cols = 0;
            b.clues = vec![Clue { cells: [0, 1] }];
        },
        "the board is 2 x 0, 0 cells, but lists 6",
    );
    push(
        "rows times columns overflows",
        &|b| b.rows = usize::MAX,
        "the board is 18446744073709551615 x 3",
    );
    push(
        "a number above the set",
        &|b| b.values[5] = Some(9),
        "row 2, column 3: 9 is above 1",
    );
    push(
        "a negative number",
        &|b| b.values[5] = Some(-1),
        "row 2, column 3: -1 is negative",
    );
    push(
        "a negative set",
        &|b| b.set = -1,
        "the set double--1 is negative",
    );
    push(
        "a huge set",
        &|b| b.set = Value::MAX,
        "the set double-9223372036854775807 is too large",
    );
    push(
        "a clue off the board",
        &|b| b.clues = vec![Clue { cells: [5, 6] }],
        "clue 1 names cell 6, but the 2 x 3 board has 6 cells",
    );
    push(
        "a clue on a hole",
        &|b| b.clues = vec![Clue { cells: [2, 3] }],
        "clue 1 lies on row 1, column 4, which is a hole",
    );
    push(
        "a clue on cells that are not neighbours",
        &|b| b.clues = vec![Clue { cells: [0, 5] }],
        "clue 1 covers row 1, column 1 and row 2, column 3, which are not neighbours",
    );
    push(
        "a clue on one cell twice",
        &|b| b.clues = vec![Clue { cells: [4, 4] }],
        "clue 1 covers row 2, column 2 and row 2, column 2",
    );
    push(
        "two clues sharing a cell",
        &|b| b.clues = vec![Clue { cells: [0, 1] }, Clue { cells: [1, 4] }],
        "clues 1 and 2 both cover row 1, column 2",
    );
    out
}

/// A map as long as the board's value list, every number given a bone:
/// it gets past the sizes `verify_map` compares first.
fn map_of(board: &Grid) -> Map {
    Map {
        rows: board.rows,
        cols: board.cols,
        bones: board.values.iter().map(|v| v.map(|_| 1)).collect(),
    }
}

/// A sound map of the board's rows and columns (the writers trust the
/// map, not the board), when they are few enough to hold.
fn rows_map(board: &Grid) -> Option<Map> {
    let cells = board.rows.checked_mul(board.cols).filter(|&n| n < 1000)?;
    Some(Map {
        rows: board.rows,
        cols: board.cols,
        bones: vec![Some(1); cells],
    })
}

/// Runs `call` and names it when it panics.
fn run(panics: &mut Vec<String>, board: &str, entry: &str, call: impl FnOnce()) {
    if catch_unwind(AssertUnwindSafe(call)).is_err() {
        panics.push(format!("{entry} on {board}"));
    }
}

/// Every entry point on every malformed board: an error or a sane answer,
/// never a panic.
#[test]
fn malformed_boards_never_panic() {
    let limits = Limits::default();
    let mut panics = Vec::new();
    for (name, board, _) in malformed() {
        let board = &board;
        let mut run = |entry, call: &dyn Fn()| run(&mut panics, name, entry, call);
        run("validate", &|| {
            assert!(validate(board).is_err());
        });
        run("solve", &|| {
            let found = solve(board, Goal::UNIQUE, &Limits::none());
            assert_eq!((found.count, found.complete), (0, true));
            assert!(found.reason.is_some());
        });
        run("solve", &|| {
            assert_eq!(solve(board, Goal::UNIQUE, &limits).count, 0);
        });
        run("solve_by_exact_cover", &|| {
            assert_eq!(
                solve_by_exact_cover(board, Goal::UNIQUE, &Limits::none()).count,
                0
            );
        });
        run("deduce", &|| {
            let d = deduce(board, Level::Extreme, &Limits::none());
            assert!(!d.complete && d.contradiction.is_some() && d.steps.is_empty());
        });
        run("deduce", &|| {
            let d = deduce(board, Level::Extreme, &limits);
            assert!(d.contradiction.is_some());
        });
        run("explain", &|| {
            assert!(explain(board, Level::Extreme, &Limits::none())
                .contradiction
                .is_some());
        });
        run("explain", &|| {
            let d = explain(board, Level::Extreme, &limits);
            assert!(d.contradiction.is_some());
        });
        run("grade", &|| {
            assert_eq!(grade(board, &Limits::none()), Grade::Search)
        });
        run("grade_of", &|| {
            let found = solve(board, Goal::UNIQUE, &Limits::none());
            assert_eq!(grade_of(board, &found), Grade::Search);
        });
        run("SolveReport", &|| {
            let mut report = SolveReport::new(board, &SolveOptions::default(), &Limits::none());
            report.add_grade();
            assert!(!report.solved());
            assert!(report.text().contains("no solution"));
            serde_json::to_string(&report).unwrap();
        });
        run("ExplainReport", &|| {
            let report = ExplainReport::new(board, &Limits::none());
            assert!(!report.complete() && report.solution().is_none());
            report.text();
            serde_json::to_string(&report).unwrap();
        });
        run("verify_map", &|| {
            assert!(verify_map(board, &map_of(board)).is_err());
        });
        run("check_play", &|| {
            let report = check_play(board, &[[(0, 0), (0, 1)]], &limits);
            assert!(!report.solved && report.reason.is_some());
            serde_json::to_string(&report).unwrap();
        });
        run("hint", &|| {
            let report = hint(board, &[[(0, 0), (0, 1)]], &limits);
            assert!(!report.solved && report.step.is_none() && report.reason.is_some());
            serde_json::to_string(&report).unwrap();
        });
        run("game_id", &|| assert!(game_id(board).is_err()));
        run("whitespace_text", &|| {
            whitespace_text(board);
        });
        run("dp_text", &|| {
            let _ = dp_text(board, "hand");
        });
        if let Some(map) = rows_map(board) {
            run("map_text", &|| {
                map_text(board, &map);
            });
            run("box_picture", &|| {
                box_picture(board, &map);
            });
        }
        run("Map::from_placements", &|| {
            let off = Placement {
                bone: 1,
                cells: [5, 6],
            };
            let map = Map::from_placements(board, [off]);
            assert_eq!(map.bones.len(), board.values.len());
        });
        run("batch_heading", &|| {
            batch_heading(board, 1);
        });
        run("Grid::candidates", &|| {
            board.candidates();
        });
        run("Grid::clue_bone", &|| {
            for clue in &board.clues {
                board.clue_bone(clue);
            }
        });
        run("render::board_svg", &|| {
            board_svg(board, None);
            if let Some(map) = rows_map(board) {
                board_svg(board, Some(&map));
            }
        });
        run("render::play_board_svg", &|| {
            play_board_svg(board, &[[(0, 0), (0, 1)]]);
        });
        run("render::explain_figure", &|| {
            explain_figure(
                board,
                &deduce(board, Level::Extreme, &Limits::none()),
                "hand",
            );
        });
        run("Grid::cell_count and bone_count", &|| {
            board.cell_count();
            board.bone_count();
        });
    }
    assert!(panics.is_empty(), "panicked: {panics:#?}");
}

/// [`Grid::validate`] names what is wrong, in the puzzle's words, and
/// [`validate`] reports it as [`ValidationError::Shape`] (or the cell count,
/// when that is wrong already); a sound board passes.
#[test]
fn validate_names_what_is_wrong() {
    assert_eq!(sound().validate(), Ok(()));
    assert_eq!(with_holes().validate(), Ok(()));
    for (name, board, message) in malformed() {
        let error = board.validate().unwrap_err();
        assert!(
            error.to_string().starts_with(message),
            "{name}: {error} (expected {message:?})"
        );
        match validate(&board).unwrap_err() {
            ValidationError::Shape(shape) => assert_eq!(shape, error, "{name}"),
            ValidationError::CellCount { .. } => {}
            other => panic!("{name}: {other}"),
        }
    }
}

/// A map built in code whose bone list is shorter than its rows and
/// columns: the writers draw what it has, `verify_map` refuses it.
#[test]
fn a_short_map_never_panics() {
    let board = sound();
    for missing in [1, 3, 6] {
        let mut map = rows_map(&board).unwrap();
        map.bones.truncate(map.bones.len() - missing);
        assert!(verify_map(&board, &map).is_err());
        assert_eq!(map.to_rows().concat().len(), map.bones.len());
        assert!(map_text(&board, &map).lines().count() <= map.rows);
        box_picture(&board, &map);
        serde_json::to_string(&map).unwrap();
    }
}
