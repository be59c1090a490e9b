//! The deduction engine against the exact solver: on many random boards
//! (with and without clues), no step ever rules out a placement that some
//! solution uses, every placed piece is in every solution, and finishing
//! means the solution is unique and verifies.

use domino::place::{
    deduce, explain, generate, grade, parse_grids, random_grid, solve, verify, Clue, Goal, Grade,
    Grid, Level, Map, Outline, Placement, Request, Technique,
};
use domino::rng::Rng;
use domino::Limits;
use std::collections::HashSet;

fn testdata(name: &str) -> String {
    let path = format!("{}/../../testdata/place/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The irregular double-six puzzle with a clue (testdata/place/README.md):
/// the copy the demo embeds.
const DP_001: &str = include_str!("../../data/place/dp_001.txt");

/// The placements of a map.
fn placements(map: &Map) -> HashSet<Placement> {
    let mut out = HashSet::new();
    for (c, bone) in map.bones.iter().enumerate() {
        let Some(bone) = *bone else { continue };
        let partner = [c + 1, c + map.cols].into_iter().find(|&d| {
            d < map.bones.len() && map.bones[d] == Some(bone) && (d != c + 1 || d % map.cols != 0)
        });
        if let Some(d) = partner {
            out.insert(Placement {
                bone,
                cells: [c, d],
            });
        }
    }
    out
}

/// Checks every level's deductions on `board` against all its solutions
/// and notes the techniques used.
fn check_sound(board: &Grid, seen: &mut HashSet<Technique>) -> Grade {
    let all = solve(
        board,
        Goal {
            limit: 500,
            keep: 500,
        },
        &Limits::none(),
    );
    if !all.complete {
        return grade(board, &Limits::none());
    }
    let used: Vec<HashSet<Placement>> = all.solutions.iter().map(placements).collect();
    for max in [Level::Trivial, Level::Basic, Level::Hard, Level::Extreme] {
        let d = explain(board, max, &Limits::none());
        for step in &d.steps {
            seen.insert(step.technique);
            assert!(step.technique.level() <= max);
            assert!(!step.text.is_empty());
            for p in &step.removed {
                assert!(
                    used.iter().all(|u| !u.contains(p)),
                    "{:?} ruled out a placement a solution uses: {}",
                    step.technique,
                    step.text
                );
            }
            if let Some(p) = &step.placed {
                assert!(used.iter().all(|u| u.contains(p)), "{}", step.text);
            }
        }
        if all.count > 0 {
            assert!(d.contradiction.is_none(), "{:?}", d.contradiction);
        }
        if d.complete {
            assert_eq!(
                all.count, 1,
                "deductions finished on a board with {} solutions",
                all.count
            );
            let map = Map::from_placements(board, d.placed.iter().copied());
            assert!(verify(board, &map).is_ok());
            assert_eq!(map, all.solutions[0]);
        }
    }
    grade(board, &Limits::none())
}

fn shape(set: i64) -> (usize, usize) {
    let cells = (set as usize + 1) * (set as usize + 2);
    ((set as usize) + 1, cells / (set as usize + 1))
}

#[test]
fn deductions_are_sound_on_random_boards() {
    let mut rng = Rng::new(5);
    let mut grades = HashSet::new();
    let mut seen = HashSet::new();
    for round in 0..400 {
        let set = [2, 3, 4, 5, 6][round % 5];
        let (rows, cols) = shape(set);
        let (mut board, map) = random_grid(rows, cols, set, &mut rng).unwrap();
        if round % 3 == 0 {
            // A clue from the planted solution.
            let bone = map.bones[rng.index(map.bones.len())].unwrap();
            let cells: Vec<usize> = (0..map.bones.len())
                .filter(|&c| map.bones[c] == Some(bone))
                .collect();
            let clue = Clue {
                cells: [cells[0], cells[1]],
            };
            board = board.with_clues(vec![clue]).unwrap();
        }
        grades.insert(check_sound(&board, &mut seen));
    }
    // The boards are varied enough to need several levels.
    assert!(grades.len() >= 3, "{grades:?}");
}

#[test]
fn deductions_are_sound_on_boards_without_solutions() {
    // Swapping two numbers keeps the counts but usually breaks every
    // solution: the engine must then stop or report a contradiction, never
    // claim to finish.
    let mut rng = Rng::new(9);
    for _ in 0..200 {
        let (board, _) = random_grid(5, 6, 4, &mut rng).unwrap();
        let (a, b) = (rng.index(30), rng.index(30));
        let mut values = board.values().to_vec();
        values.swap(a, b);
        let board = Grid::new(5, 6, values, 4, Vec::new()).unwrap();
        let found = solve(&board, Goal::count_up_to(2), &Limits::none());
        let d = deduce(&board, Level::Extreme, &Limits::none());
        if d.complete {
            assert_eq!((found.count, found.complete), (1, true));
        }
        if found.count == 0 {
            assert!(!d.complete);
        }
        check_sound(&board, &mut HashSet::new());
    }
}

#[test]
fn every_technique_is_checked_on_generated_puzzles() {
    // Generated puzzles need each level, so together they exercise every
    // technique; each use is checked against the exact solver. dp_001 has
    // a clue.
    let mut seen = HashSet::new();
    let dp_001 = parse_grids(DP_001, None).unwrap().remove(0);
    check_sound(&dp_001, &mut seen);
    // The reference Dominosa's puzzles need its techniques at each level.
    for line in testdata("reference-graded.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
    {
        if let Some(id) = line.split_whitespace().nth(3) {
            check_sound(&parse_grids(id, None).unwrap()[0], &mut seen);
        }
    }
    for set in 4..=7 {
        for level in [Level::Trivial, Level::Basic, Level::Hard, Level::Extreme] {
            for seed in 0..8 {
                let request = Request {
                    set,
                    level,
                    seed,
                    outline: Outline::for_set(set),
                    clues: seed % 4 == 0,
                    max_rounds: 3000,
                };
                let Ok(puzzle) = generate(&request, &Limits::none()) else {
                    continue;
                };
                assert_eq!(check_sound(&puzzle.board, &mut seen), Grade::Level(level));
            }
        }
    }
    let all = [
        Technique::Clue,
        Technique::OnlyPartner,
        Technique::OnlyPlace,
        Technique::OneBoneCell,
        Technique::PinnedCell,
        Technique::BlocksPiece,
        Technique::StarvesNeighbour,
        Technique::ForcedDuplicate,
        Technique::OddRegion,
        Technique::EnclosedRegion,
        Technique::NumberGroup,
        Technique::PieceGroup,
        Technique::DoubleGroup,
        Technique::ForcingChain,
    ];
    let missing: Vec<_> = all.iter().filter(|t| !seen.contains(t)).collect();
    assert!(missing.is_empty(), "never used: {missing:?}");
}

#[test]
fn dp_001_is_solved_by_deductions() {
    let board = parse_grids(DP_001, None).unwrap().remove(0);
    let d = explain(&board, Level::Extreme, &Limits::none());
    assert!(d.complete);
    assert_eq!(d.steps[0].technique, Technique::Clue);
    let map = Map::from_placements(&board, d.placed.iter().copied());
    assert!(verify(&board, &map).is_ok());
    assert_ne!(d.grade(), Grade::Search);
}

#[test]
fn a_bad_count_is_a_contradiction() {
    let board = parse_grids("0 0 0 0 1 1", None).unwrap().remove(0);
    let d = explain(&board, Level::Extreme, &Limits::none());
    assert!(!d.complete);
    assert!(d.contradiction.as_deref().unwrap_or("").contains("appears"));
    assert_eq!(d.grade(), Grade::Search);
}

#[test]
fn level_names_round_trip() {
    for level in Level::ALL {
        assert_eq!(level.name().parse::<Level>(), Ok(level));
    }
    assert!("easy".parse::<Level>().is_err());
    for grade in Grade::ALL {
        assert_eq!(grade.name().parse::<Grade>(), Ok(grade));
    }
    assert!("search".parse::<Level>().is_err());
    assert_eq!(Level::Hard.easier(), Some(Level::Basic));
    assert_eq!(Level::Trivial.easier(), None);
}

#[test]
fn a_clue_named_in_either_order_is_the_first_step() {
    let text = DP_001.to_string();
    let reversed = text.replace("6-4,73-83", "4-6,83-73");
    assert_ne!(text, reversed);
    for input in [text, reversed] {
        let board = &parse_grids(&input, None).unwrap()[0];
        let d = explain(board, Level::Extreme, &Limits::none());
        assert_eq!(d.steps[0].technique, Technique::Clue);
        assert!(d.complete);
    }
}
