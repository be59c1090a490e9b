//! Boards built by hand, which the parser would never produce: a value
//! list of the wrong length, numbers outside the set, a negative or huge
//! set, clues off the board, on a hole, on cells that are not neighbours
//! or sharing a cell. [`Grid::new`] and [`Grid::with_clues`] refuse each
//! with the fault named, so no entry point of the place family is ever
//! handed one; a map built by hand is still read without a panic.

use domino::place::{box_picture, map_text, parse_grids, verify, Clue, Grid, Map, ShapeError};
use domino::Value;

/// The double-1 board `0 0 0 / 1 1 1` (2 x 3): sound, two solutions.
fn sound() -> Grid {
    parse_grids("0 0 0\n1 1 1\n", None).unwrap().remove(0)
}

/// The same numbers with a column of holes on the right (2 x 4).
fn with_holes() -> Grid {
    parse_grids("0 0 0 .\n1 1 1 .\n", None).unwrap().remove(0)
}

/// What [`Grid::new`] takes, to be changed before it is given.
struct Parts {
    rows: usize,
    cols: usize,
    values: Vec<Option<Value>>,
    set: Value,
    clues: Vec<Clue>,
}

impl Parts {
    fn of(board: &Grid) -> Parts {
        Parts {
            rows: board.rows(),
            cols: board.cols(),
            values: board.values().to_vec(),
            set: board.set(),
            clues: board.clues().to_vec(),
        }
    }

    fn build(self) -> Result<Grid, ShapeError> {
        Grid::new(self.rows, self.cols, self.values, self.set, self.clues)
    }
}

/// Each malformed board, named, as [`Grid::new`] answers its parts, with
/// the start of the message it gives.
fn malformed() -> Vec<(&'static str, Result<Grid, ShapeError>, &'static str)> {
    let mut out = Vec::new();
    let mut push = |name, change: &dyn Fn(&mut Parts), message| {
        let board = if name == "a clue on a hole" || name == "a value list one short" {
            with_holes()
        } else {
            sound()
        };
        let mut parts = Parts::of(&board);
        change(&mut parts);
        out.push((name, parts.build(), message));
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

/// Every malformed board is refused, and the message names what is wrong
/// in the puzzle's words; a sound board's parts make the board again.
#[test]
fn the_constructor_names_what_is_wrong() {
    for board in [sound(), with_holes()] {
        assert_eq!(Parts::of(&board).build(), Ok(board));
    }
    for (name, made, message) in malformed() {
        let error = made.expect_err(name);
        assert!(
            error.to_string().starts_with(message),
            "{name}: {error} (expected {message:?})"
        );
    }
}

/// Clues given to a board later pass the same check.
#[test]
fn clues_given_later_are_checked() {
    let board = sound();
    let error = board
        .clone()
        .with_clues(vec![Clue { cells: [0, 5] }])
        .unwrap_err();
    assert!(matches!(error, ShapeError::ClueApart { clue: 0, .. }));
    let clued = board.with_clues(vec![Clue { cells: [0, 1] }]).unwrap();
    assert_eq!(clued.clues(), [Clue { cells: [0, 1] }]);
}

/// A sound map of the board's rows and columns (the writers trust the
/// map, not the board), when they are few enough to hold.
fn rows_map(board: &Grid) -> Option<Map> {
    let cells = board
        .rows()
        .checked_mul(board.cols())
        .filter(|&n| n < 1000)?;
    Some(Map {
        rows: board.rows(),
        cols: board.cols(),
        bones: vec![Some(1); cells],
    })
}

/// A map built in code whose bone list is shorter than its rows and
/// columns: the writers draw what it has, `verify` refuses it.
#[test]
fn a_short_map_never_panics() {
    let board = sound();
    for missing in [1, 3, 6] {
        let mut map = rows_map(&board).unwrap();
        map.bones.truncate(map.bones.len() - missing);
        assert!(verify(&board, &map).is_err());
        assert_eq!(map.to_rows().concat().len(), map.bones.len());
        assert!(map_text(&board, &map).lines().count() <= map.rows);
        box_picture(&board, &map);
        serde_json::to_string(&map).unwrap();
    }
}
