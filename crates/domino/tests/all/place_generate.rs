//! Generated puzzles: every one is unique by the exact solver, its planted
//! solution verifies, its grade by the deduction engine is exactly the
//! level asked for, and the same seed gives the same puzzle.

use domino::place::{
    generate, grade, parse_outline, solve, verify, GenerateError, Generated, Goal, Grade, Level,
    Outline, Request,
};
use domino::Limits;

fn request(set: i64, level: Level, seed: u64) -> Request {
    Request {
        set,
        level,
        seed,
        outline: Outline::for_set(set),
        clues: false,
        max_rounds: 3000,
    }
}

fn check(puzzle: &Generated, level: Level) {
    let found = solve(&puzzle.board, Goal { limit: 2, keep: 2 }, &Limits::none());
    assert_eq!((found.count, found.complete), (1, true), "not unique");
    assert!(verify(&puzzle.board, &puzzle.solution).is_ok());
    assert_eq!(found.solutions[0], puzzle.solution);
    assert_eq!(puzzle.grade, Grade::Level(level));
    assert_eq!(grade(&puzzle.board, &Limits::none()), Grade::Level(level));
}

#[test]
fn generated_puzzles_are_unique_and_graded_exactly() {
    let mut made = 0;
    for set in 3..=7 {
        for level in Level::ALL {
            for seed in 0..6 {
                let Ok(puzzle) = generate(&request(set, level, seed), &Limits::none()) else {
                    // Small sets cannot reach every level; from double-5
                    // on, every level must be reachable.
                    assert!(set < 5, "double-{set} {level} seed {seed} failed");
                    continue;
                };
                check(&puzzle, level);
                made += 1;
            }
        }
    }
    assert!(made >= 100, "only {made} puzzles");
}

#[test]
fn same_seed_same_puzzle() {
    for level in Level::ALL {
        let a = generate(&request(6, level, 42), &Limits::none()).unwrap();
        let b = generate(&request(6, level, 42), &Limits::none()).unwrap();
        assert_eq!(a.board, b.board);
        let c = generate(&request(6, level, 43), &Limits::none()).unwrap();
        assert_ne!(a.board, c.board);
    }
}

#[test]
fn larger_sets_reach_every_level() {
    for set in [9, 10] {
        for level in Level::ALL {
            let puzzle = generate(&request(set, level, 7), &Limits::none()).unwrap();
            check(&puzzle, level);
        }
    }
}

#[test]
fn irregular_shapes_and_clues() {
    let shape = parse_outline(include_str!("../../data/place/dp_001.txt")).unwrap();
    assert_eq!(shape.cell_count(), 56);
    let mut made = 0;
    for seed in 0..12 {
        for level in [Level::Basic, Level::Hard] {
            let mut req = request(6, level, seed);
            req.outline = shape.clone();
            req.clues = seed % 2 == 0;
            let Ok(puzzle) = generate(&req, &Limits::none()) else {
                continue;
            };
            check(&puzzle, level);
            for (c, &cell) in shape.cells.iter().enumerate() {
                assert_eq!(puzzle.board.values()[c].is_some(), cell);
            }
            made += 1;
            // Every clue left is needed: without it the level does not finish.
            for k in 0..puzzle.board.clues().len() {
                let mut clues = puzzle.board.clues().to_vec();
                clues.remove(k);
                let fewer = puzzle.board.clone().with_clues(clues).unwrap();
                assert_ne!(grade(&fewer, &Limits::none()), Grade::Level(level));
            }
        }
    }
    assert!(made >= 12, "only {made} puzzles on the irregular shape");
}

#[test]
fn clues_reach_uniqueness_where_numbers_alone_may_not() {
    // A tiny budget leaves the climb little room: clues fill in.
    let mut clued = 0;
    for seed in 0..10 {
        let mut req = request(6, Level::Trivial, seed);
        req.clues = true;
        req.max_rounds = 40;
        let puzzle = generate(&req, &Limits::none()).unwrap();
        check(&puzzle, Level::Trivial);
        clued += usize::from(!puzzle.board.clues().is_empty());
    }
    assert!(clued > 0, "no puzzle needed a clue");
}

#[test]
fn bad_requests_are_refused() {
    let mut req = request(6, Level::Basic, 1);
    req.outline = Outline::rectangle(5, 5);
    assert!(generate(&req, &Limits::none())
        .unwrap_err()
        .to_string()
        .contains("cells"));
    // `search` is no difficulty a request can name.
    assert!("search".parse::<Level>().is_err());
    // 56 cells in a shape no domino tiling covers (a checkerboard colour
    // imbalance: a 7x8 block with two same-colour corners swapped out).
    let mut cells = vec![true; 9 * 8];
    cells[56..].iter_mut().for_each(|c| *c = false);
    cells[0] = false;
    cells[9] = false;
    cells[56] = true;
    cells[58] = true;
    let shape = Outline {
        rows: 9,
        cols: 8,
        cells,
    };
    let mut req = request(6, Level::Basic, 1);
    req.outline = shape;
    assert_eq!(
        generate(&req, &Limits::none()).unwrap_err(),
        GenerateError::Untileable
    );
}

/// A shape of the wrong size is refused with both counts, in words that
/// read right for one cell too.
#[test]
fn a_shape_of_the_wrong_size_says_its_count() {
    for (text, said) in [("#", "1 cell,"), ("##", "2 cells,")] {
        let mut req = request(3, Level::Basic, 1);
        req.outline = parse_outline(text).unwrap();
        let error = generate(&req, &Limits::none()).unwrap_err().to_string();
        assert!(error.contains(said), "{error}");
        assert!(error.ends_with("a double-3 set covers 20"), "{error}");
    }
}

#[test]
fn levels_from_one_seed_never_share_a_tiling() {
    for seed in 0..4 {
        let tilings: Vec<Vec<Option<usize>>> = Level::ALL
            .iter()
            .filter_map(|&level| generate(&request(6, level, seed), &Limits::none()).ok())
            .map(|p| {
                // The tiling alone: each cell's partner (bones differ anyway).
                let bones = &p.solution.bones;
                (0..bones.len())
                    .map(|c| (0..bones.len()).find(|&d| d != c && bones[d] == bones[c]))
                    .collect()
            })
            .collect();
        assert_eq!(tilings.len(), 4, "seed {seed}");
        for i in 0..tilings.len() {
            for j in i + 1..tilings.len() {
                assert_ne!(tilings[i], tilings[j], "seed {seed}: levels {i} and {j}");
            }
        }
    }
}
