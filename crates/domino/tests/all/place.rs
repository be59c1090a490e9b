//! The place family against known answers (testdata/place), a brute-force
//! oracle on small boards, the `dlx` crate on double-six boards, and
//! `verify` on every solution found.

use domino::place::{
    generate, grid_from_rows, parse_grids, random_grid, random_unique_grid, solve,
    solve_by_exact_cover, validate, verify, Clue, Goal, Grid, GridPart, Level, Map, Outline,
    Request,
};
use domino::rng::Rng;
use domino::tile::bone_number;
use domino::Limits;
use domino::Value;

fn testdata(name: &str) -> String {
    let path = format!("{}/../../testdata/place/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The irregular double-six puzzle with a clue (testdata/place/README.md):
/// the copy the demo embeds.
const DP_001: &str = include_str!("../../data/place/dp_001.txt");

fn bone_at(map: &Map, square: usize) -> Option<usize> {
    map.bones[(square / 10) * map.cols + square % 10]
}

/// Every kept map of a search verifies, and they are distinct.
fn solve_checked(board: &Grid, limit: u64, keep: usize) -> domino::place::Solutions {
    let found = solve(board, Goal { limit, keep }, &Limits::none());
    for map in &found.solutions {
        verify(board, map).unwrap_or_else(|e| panic!("solver map fails: {e}"));
    }
    for (k, map) in found.solutions.iter().enumerate() {
        assert!(!found.solutions[..k].contains(map), "the same map twice");
    }
    found
}

#[test]
fn dp_001_is_unique_with_and_without_its_clue() {
    let mut boards = parse_grids(DP_001, None).unwrap();
    assert_eq!(boards.len(), 1);
    let board = boards.remove(0);
    assert_eq!(board.set(), 6);
    assert_eq!(board.name(), Some("dp_001.txt"));
    assert_eq!(board.clues().len(), 1);
    let unclued = board.clone().with_clues(Vec::new()).unwrap();
    for b in [&board, &unclued] {
        let found = solve_checked(b, 2, 2);
        assert_eq!((found.count, found.complete), (1, true));
        let map = &found.solutions[0];
        assert_eq!(bone_at(map, 4), Some(28)); // 6-6
        assert_eq!(bone_at(map, 5), Some(28));
        assert_eq!(bone_at(map, 31), Some(1)); // 0-0
        assert_eq!(bone_at(map, 32), Some(1));
        assert_eq!(bone_at(map, 59), Some(2)); // 0-1
        assert_eq!(bone_at(map, 49), Some(2));
        assert_eq!(bone_at(map, 73), Some(bone_number(6, 4, 6))); // the clue
        assert_eq!(bone_at(map, 83), Some(bone_number(6, 4, 6)));
    }
}

fn parse_map(text: &str) -> Vec<Vec<Option<usize>>> {
    text.lines()
        .map(|l| l.split_whitespace().map(|t| t.parse().ok()).collect())
        .collect()
}

#[test]
fn uva211_samples_have_one_and_two_solutions() {
    let boards = parse_grids(&testdata("uva211-samples.txt"), None).unwrap();
    assert_eq!(boards.len(), 2);
    let first = solve_checked(&boards[0], u64::MAX, 10);
    assert_eq!((first.count, first.complete), (1, true));
    let second = solve_checked(&boards[1], u64::MAX, 10);
    assert_eq!((second.count, second.complete), (2, true));
    // The two maps of testdata/place/README.md.
    let a = parse_map(
        "16 16 24 18 18 20 12 11\n06 06 24 10 10 20 12 11\n08 15 15 03 03 17 14 14\n\
         08 05 05 02 19 17 28 26\n23 01 13 02 19 07 28 26\n23 01 13 25 25 07 04 04\n\
         27 27 22 22 09 09 21 21",
    );
    let b = parse_map(
        "16 16 24 18 18 20 12 11\n06 06 24 10 10 20 12 11\n08 15 15 03 03 17 14 14\n\
         08 05 05 02 19 17 28 26\n23 01 13 02 19 07 28 26\n23 01 13 25 25 07 21 04\n\
         27 27 22 22 09 09 21 04",
    );
    let mut got: Vec<_> = second.solutions.iter().map(Map::to_rows).collect();
    got.sort();
    let mut want = vec![a, b];
    want.sort();
    assert_eq!(got, want);
    // By default the search stops at 2: not complete, so not unique.
    let default = solve(&boards[1], Goal { limit: 2, keep: 2 }, &Limits::none());
    assert_eq!((default.count, default.complete), (2, false));
}

#[test]
fn every_format_reads_the_same_board() {
    let spaced = "0 0 1\n1 . 1\n";
    let compact = "001\n1x1\n";
    let dp = "#dp 0-1 small\n001\n1.1\n-\n";
    let a = &parse_grids(spaced, Some(1)).unwrap()[0];
    let b = &parse_grids(compact, Some(1)).unwrap()[0];
    let c = &parse_grids(dp, None).unwrap()[0];
    assert_eq!(a.values(), b.values());
    assert_eq!(a.values(), c.values());
    assert_eq!((a.rows(), a.cols()), (2, 3));
    assert_eq!(a.values()[4], None);
    // Short rows end in holes; the set follows from 6 cells (double-1).
    let ragged = &parse_grids("0 0\n0 1 1 1\n", None).unwrap()[0];
    assert_eq!(ragged.set(), 1);
    assert_eq!(
        ragged.values(),
        vec![
            Some(0),
            Some(0),
            None,
            None,
            Some(0),
            Some(1),
            Some(1),
            Some(1)
        ]
    );
}

#[test]
fn boards_from_rows() {
    let rows = vec![
        vec![Some(0), Some(0), Some(1)],
        vec![Some(1), Some(1)],
        vec![Some(0)],
    ];
    let board = Grid::from_rows(&rows, 1).unwrap();
    assert_eq!((board.rows(), board.cols()), (3, 3));
    assert_eq!(board.values()[5], None);
    assert_eq!(board.cell_count(), 6);
    let err = Grid::from_rows(&[vec![Some(0), Some(2)]], 1).unwrap_err();
    assert_eq!(
        err.to_string(),
        "row 1, column 2: 2 is above 1, the highest number of a double-1 set"
    );
}

#[test]
fn batches_and_large_sets() {
    let text = format!(
        "{}\n\n{}",
        DP_001.trim_end(),
        testdata("uva211-samples.txt")
    );
    let boards = parse_grids(&text, None).unwrap();
    assert_eq!(boards.len(), 3);
    // A double-10 board (two-digit values) written with spaces reads back.
    let (board, map) = random_grid(11, 12, 10, &mut Rng::new(3)).unwrap();
    let text: String = (0..board.rows())
        .map(|r| {
            let row: Vec<String> = (0..board.cols())
                .map(|c| board.values()[r * board.cols() + c].unwrap().to_string())
                .collect();
            row.join(" ") + "\n"
        })
        .collect();
    let read = &parse_grids(&text, None).unwrap()[0];
    assert_eq!(read.set(), 10);
    assert_eq!(read.values(), board.values());
    assert!(verify(read, &map).is_ok());
}

fn error_of(text: &str, set: Option<Value>) -> String {
    parse_grids(text, set).unwrap_err().to_string()
}

#[test]
fn input_errors_name_line_and_column() {
    assert_eq!(
        error_of("0 0 1\n1 y 1\n", None),
        "line 2, column 3: expected a number, or 'x' or '.' for a hole, found 'y'"
    );
    assert_eq!(
        error_of("001\n1?1\n", None),
        "line 2, column 2: expected a digit, or 'x' or '.' for a hole, found '?'"
    );
    assert_eq!(
        error_of("0 0 1\n1 7 1\n", None),
        "line 2, column 3: 7 is above 1, the highest number of a double-1 set"
    );
    assert!(error_of("0 0 1\n1 1\n", None).contains("5 cells, which fits no double-N set"));
    assert_eq!(error_of("\n\n", None), "the input holds no board");
    let dp = "#dp 0-1 t\n001\n011\n-\n";
    assert_eq!(
        error_of(&format!("{dp}0-1,00-10\n"), None),
        "line 5, column 1: the clue puts 1 on square 10, which shows 0"
    );
    assert_eq!(
        error_of(&format!("{dp}0-1,00-12\n"), None),
        "line 5, column 1: squares 0 and 12 are not next to each other"
    );
    assert_eq!(
        error_of(&format!("{dp}0-1,00-13\n"), None),
        "line 5, column 1: square 13 is outside the board"
    );
    assert!(error_of(&format!("{dp}0-0,00-01 0-1,01-02\n"), None)
        .contains("column 11: this clue overlaps"));
    assert!(error_of(&format!("{dp}6to4\n"), None).contains("expected a clue"));
    assert!(error_of("#dp 1-6 t\n001\n011\n", None).contains("0-N"));
}

#[test]
fn the_check_says_what_is_wrong() {
    let wrong = &parse_grids("0 0 0 0\n1 1 1 1\n1 1 1 1\n", None).unwrap()[0];
    assert_eq!(wrong.set(), 2);
    assert_eq!(
        validate(wrong).unwrap_err().to_string(),
        "1 appears 8 times, 2 appears 0 times; each number of a double-2 set appears 4 times"
    );
    let found = solve(wrong, Goal { limit: 2, keep: 2 }, &Limits::none());
    assert_eq!((found.count, found.complete), (0, true));
    assert!(found.reason.unwrap().contains("1 appears 8 times"));
    let small = &parse_grids("0 0 1\n1 0 1\n", Some(2)).unwrap()[0];
    assert_eq!(
        validate(small).unwrap_err().to_string(),
        "the board has 6 cells, but a double-2 set covers 12"
    );
    // Reading refuses sets above double-100; a board built in code may
    // name a larger one only when the board has room for it.
    assert!(parse_grids("0 0", Some(Value::from(u32::MAX))).is_err());
    let huge = Grid::from_rows(&[vec![Some(0), Some(0)]], Value::from(u32::MAX)).unwrap_err();
    assert_eq!(
        huge.to_string(),
        "the set double-4294967295 is too large: above double-100 a set must fit the board, \
         and it covers 18446744078004518912 cells where the board has 2"
    );
    let twice = parse_grids("0 0 0 0 1 1 1 1 2 2 2 2", None)
        .unwrap()
        .remove(0);
    let twice = twice
        .with_clues(vec![Clue { cells: [0, 1] }, Clue { cells: [2, 3] }])
        .unwrap();
    assert_eq!(
        validate(&twice).unwrap_err().to_string(),
        "two clues show the same piece 0-0"
    );
    let once = twice.with_clues(vec![Clue { cells: [0, 1] }]).unwrap();
    assert!(validate(&once).is_ok());
}

/// Sets and numbers are `Value`s: a negative one, which only a caller in
/// code can give, is refused with a message, never indexed with.
#[test]
fn negative_sets_and_numbers_are_refused() {
    assert_eq!(
        error_of("0 0", Some(-1)),
        "the set double--1 is negative: N is at least 0"
    );
    let error = grid_from_rows(&[vec![Some(0), Some(-3)]], &[], None).unwrap_err();
    assert_eq!(error.part, GridPart::Cell(0, 1));
    assert_eq!(
        error.message,
        "-3 is negative: the numbers of a set are at least 0"
    );
    let error = grid_from_rows(&[vec![Some(0), Some(0)]], &[], Some(Value::MIN)).unwrap_err();
    assert_eq!(error.part, GridPart::Set);
    assert_eq!(
        Grid::from_rows(&[vec![Some(-1), Some(0)]], 0)
            .unwrap_err()
            .to_string(),
        "row 1, column 1: -1 is negative: the numbers of a set are at least 0"
    );
    assert_eq!(
        Grid::new(0, 0, Vec::new(), -1, Vec::new())
            .unwrap_err()
            .to_string(),
        "the set double--1 is negative: N is at least 0"
    );
    let request = Request {
        set: -2,
        level: Level::Trivial,
        seed: 1,
        outline: Outline::for_set(-2),
        clues: false,
        max_rounds: 10,
    };
    assert_eq!(
        generate(&request, &Limits::none()).unwrap_err().to_string(),
        "there is no double--2 set: N is at least 0"
    );
}

#[test]
fn verify_map_rejects_broken_maps() {
    let (board, map) = random_grid(7, 8, 6, &mut Rng::new(1)).unwrap();
    assert!(verify(&board, &map).is_ok());
    let mut swapped = map.clone();
    let a = swapped.bones.iter().position(|&b| b == Some(1)).unwrap();
    let b = swapped.bones.iter().position(|&b| b == Some(2)).unwrap();
    swapped.bones.swap(a, b);
    assert!(verify(&board, &swapped).is_err());
    let mut missing = map.clone();
    missing.bones[0] = None;
    assert!(verify(&board, &missing)
        .unwrap_err()
        .to_string()
        .contains("no bone"));
    let mut wrong_size = map.clone();
    wrong_size.rows = 6;
    assert!(verify(&board, &wrong_size).is_err());
    let (x, y) = (0, if map.bones[1] == map.bones[0] { 1 } else { 8 });
    let clued = board
        .clone()
        .with_clues(vec![Clue { cells: [x, y] }])
        .unwrap();
    assert!(verify(&clued, &map).is_ok());
    let other = (0..map.bones.len())
        .find(|&c| c != x && c != y && (c == x + 1 || c == x + 8))
        .unwrap();
    let clued = clued.with_clues(vec![Clue { cells: [x, other] }]).unwrap();
    assert!(verify(&clued, &map)
        .unwrap_err()
        .to_string()
        .contains("clue"));
}

/// Counts solutions by plain backtracking over cells, sharing nothing with
/// the solver: the first free cell pairs with its right or lower neighbour.
fn brute_count(board: &Grid) -> u64 {
    let bones = board.bone_count();
    let mut partner = vec![usize::MAX; board.values().len()];
    let mut clue_bone = vec![false; bones + 1];
    for clue in board.clues() {
        let [a, b] = clue.cells;
        partner[a] = b;
        partner[b] = a;
        clue_bone[bone_number(
            board.values()[a].unwrap(),
            board.values()[b].unwrap(),
            board.set(),
        )] = true;
    }
    let mut used = vec![false; bones + 1];
    let mut covered: Vec<bool> = board.values().iter().map(|v| v.is_none()).collect();
    fn go(
        board: &Grid,
        partner: &[usize],
        clue_bone: &[bool],
        used: &mut [bool],
        covered: &mut [bool],
    ) -> u64 {
        let Some(cell) = covered.iter().position(|&c| !c) else {
            return 1;
        };
        let (r, c) = (cell / board.cols(), cell % board.cols());
        let mut total = 0;
        for other in [
            (c + 1 < board.cols()).then_some(cell + 1),
            (r + 1 < board.rows()).then_some(cell + board.cols()),
        ]
        .into_iter()
        .flatten()
        {
            if covered[other] {
                continue;
            }
            let is_clue = partner[cell] == other;
            if !is_clue && (partner[cell] != usize::MAX || partner[other] != usize::MAX) {
                continue;
            }
            let bone = bone_number(
                board.values()[cell].unwrap(),
                board.values()[other].unwrap(),
                board.set(),
            );
            if used[bone] || (clue_bone[bone] && !is_clue) {
                continue;
            }
            used[bone] = true;
            covered[cell] = true;
            covered[other] = true;
            total += go(board, partner, clue_bone, used, covered);
            used[bone] = false;
            covered[cell] = false;
            covered[other] = false;
        }
        total
    }
    go(board, &partner, &clue_bone, &mut used, &mut covered)
}

/// A board with holes: the tiles of a random tiling of a larger rectangle,
/// some kept (and given the set's bones), the rest holes.
fn board_with_holes(rows: usize, cols: usize, set: Value, rng: &mut Rng) -> Option<Grid> {
    let tiles_wanted = domino::tile::set_size(set);
    let big = (rows * cols / 2) as Value;
    // Any set with exactly rows*cols/2 bones gives the tiling; find one.
    let big_set = (0..big).find(|&n| domino::tile::set_size(n) * 2 == rows * cols)?;
    let (_, tiling) = random_grid(rows, cols, big_set, rng)?;
    let mut tiles: Vec<usize> = (1..=domino::tile::set_size(big_set)).collect();
    rng.shuffle(&mut tiles);
    let mut values = vec![None; rows * cols];
    for (k, &tile) in tiles.iter().take(tiles_wanted).enumerate() {
        let (low, high) = domino::tile::bone_halves(k + 1, set);
        let cells: Vec<usize> = (0..rows * cols)
            .filter(|&c| tiling.bones[c] == Some(tile))
            .collect();
        let flip = rng.chance(1, 2);
        values[cells[0]] = Some(if flip { low } else { high });
        values[cells[1]] = Some(if flip { high } else { low });
    }
    Grid::new(rows, cols, values, set, Vec::new()).ok()
}

#[test]
fn counts_match_a_brute_force_oracle_on_small_boards() {
    let mut rng = Rng::new(11);
    let mut several = 0;
    for round in 0..300 {
        let (set, rows, cols) = [
            (2, 3, 4),
            (2, 2, 6),
            (3, 4, 5),
            (3, 2, 10),
            (4, 5, 6),
            (4, 3, 10),
        ][round % 6];
        let (mut board, map) = random_grid(rows, cols, set, &mut rng).unwrap();
        if round % 3 == 0 {
            // A clue: one tile of the planted solution.
            let cell = rng.index(board.values().len());
            let other = (0..map.bones.len())
                .find(|&c| c != cell && map.bones[c] == map.bones[cell])
                .unwrap();
            let clue = Clue {
                cells: [cell.min(other), cell.max(other)],
            };
            board = board.with_clues(vec![clue]).unwrap();
        }
        let expected = brute_count(&board);
        let found = solve_checked(&board, u64::MAX, 3);
        assert_eq!((found.count, found.complete), (expected, true), "{board:?}");
        let by_links = solve_by_exact_cover(
            &board,
            Goal {
                limit: u64::MAX,
                keep: 3,
            },
            &Limits::none(),
        );
        assert_eq!(by_links.count, expected);
        for map in &by_links.solutions {
            verify(&board, map).unwrap();
        }
        assert!(found.count >= 1);
        several += u64::from(expected > 1);
    }
    assert!(
        several > 30,
        "the oracle test should see ambiguous boards ({several})"
    );
    // Holes: 42 cells (a double-5 tiling of 6x7) hold a double-3 or -4 set.
    let mut tried = 0;
    for round in 0..200 {
        let set = [3, 4][round % 2];
        let board = board_with_holes(6, 7, set, &mut rng).unwrap();
        assert!(board.values().iter().any(Option::is_none));
        let expected = brute_count(&board);
        let found = solve_checked(&board, u64::MAX, 2);
        assert_eq!((found.count, found.complete), (expected, true));
        tried += 1;
    }
    assert_eq!(tried, 200);
}

#[test]
fn random_boards_are_solved_and_verified() {
    let mut rng = Rng::new(5);
    for round in 0..60 {
        let (set, rows, cols) = [
            (5, 6, 7),
            (6, 7, 8),
            (6, 8, 7),
            (7, 8, 9),
            (8, 9, 10),
            (6, 4, 14),
        ][round % 6];
        let (board, map) = random_grid(rows, cols, set, &mut rng).unwrap();
        verify(&board, &map).unwrap();
        let found = solve_checked(&board, 2, 2);
        assert!(found.count >= 1);
        if found.complete && found.count == 1 {
            assert_eq!(
                found.solutions[0], map,
                "a unique solution is the planted one"
            );
        }
    }
    for seed in 0..6 {
        let (board, map) = random_unique_grid(10, 11, 9, &mut Rng::new(seed), 5000).unwrap();
        let found = solve_checked(&board, 2, 2);
        assert_eq!((found.count, found.complete), (1, true));
        assert_eq!(found.solutions[0], map);
    }
}

fn dlx_count(board: &Grid) -> u64 {
    let candidates = board.candidates();
    let cells: Vec<usize> = (0..board.values().len())
        .filter(|&c| board.values()[c].is_some())
        .collect();
    let mut item_of = vec![0; board.values().len()];
    for (k, &c) in cells.iter().enumerate() {
        item_of[c] = k;
    }
    let options: Vec<Vec<dlx::Uint>> = candidates
        .iter()
        .map(|p| {
            vec![
                item_of[p.cells[0]] as dlx::Uint,
                item_of[p.cells[1]] as dlx::Uint,
                (cells.len() + p.bone - 1) as dlx::Uint,
            ]
        })
        .collect();
    let items = (cells.len() + board.bone_count()) as dlx::Uint;
    let mut problem = dlx::x::make_problem(items, 0, &options, dlx::OptOrder::Seq);
    let mut solver = dlx::Solver::new(&mut problem);
    let mut chooser =
        dlx::choose::mrv_chooser(dlx::choose::prefer_any(), dlx::choose::no_tiebreak());
    let mut count = 0;
    while solver.next_solution(&mut chooser) {
        count += 1;
    }
    count
}

#[test]
fn double_six_counts_match_the_dlx_crate() {
    let mut rng = Rng::new(66);
    let mut total = 0;
    for _ in 0..40 {
        let (board, _) = random_grid(7, 8, 6, &mut rng).unwrap();
        let found = solve(&board, Goal::count_up_to(u64::MAX), &Limits::none());
        assert!(found.complete);
        assert_eq!(found.count, dlx_count(&board));
        let by_links = solve_by_exact_cover(&board, Goal::count_up_to(u64::MAX), &Limits::none());
        assert_eq!((by_links.count, by_links.complete), (found.count, true));
        total += found.count;
    }
    assert!(
        total > 80,
        "random double-six boards are mostly ambiguous ({total})"
    );
}
