//! Play support (`check` and `hint`) against the solutions themselves: on
//! many random boards, pieces of the solution laid in random order are
//! never called wrong, a piece no solution has always is, pieces that
//! break a rule are named, and every hint's step agrees with every
//! solution that has the pieces laid. The solutions come from the
//! dancing-links search (`solve_by_exact_cover`), apart from the engine
//! that `check` and `hint` use.

use domino::place::{
    check_play, hint, random_grid, random_unique_grid, solve_by_exact_cover, Goal, Grid, Laid,
    Limits, Map, Placement, Technique,
};
use domino::rng::Rng;
use std::collections::HashSet;

/// The placements of a map.
fn placements(map: &Map) -> HashSet<Placement> {
    let mut out = HashSet::new();
    for (c, bone) in map.bones.iter().enumerate() {
        let Some(bone) = *bone else { continue };
        let right = (c % map.cols + 1 < map.cols).then_some(c + 1);
        let down = Some(c + map.cols).filter(|&d| d < map.bones.len());
        for d in [right, down].into_iter().flatten() {
            if map.bones[d] == Some(bone) {
                out.insert(Placement {
                    bone,
                    cells: [c, d],
                });
            }
        }
    }
    out
}

/// A placement as the player lays it, its cells in a random order.
fn laid(board: &Grid, p: Placement, rng: &mut Rng) -> Laid {
    let [a, b] = p.cells.map(|c| board.position(c));
    if rng.chance(1, 2) {
        [a, b]
    } else {
        [b, a]
    }
}

/// Every solution of a small board, as sets of placements.
fn all_solutions(board: &Grid) -> Vec<HashSet<Placement>> {
    let found = solve_by_exact_cover(board, Goal::ALL, &Limits::none());
    assert!(found.complete);
    found.solutions.iter().map(placements).collect()
}

/// A random subset of `solution`, in random order.
fn some_of(solution: &HashSet<Placement>, rng: &mut Rng) -> Vec<Placement> {
    let mut list: Vec<Placement> = solution.iter().copied().collect();
    list.sort_unstable_by_key(|p| p.cells);
    rng.shuffle(&mut list);
    let keep = rng.index(list.len() + 1);
    list.truncate(keep);
    list
}

/// A candidate no solution has and that covers no cell of `pieces`.
fn stray(
    board: &Grid,
    solutions: &[HashSet<Placement>],
    pieces: &[Placement],
    rng: &mut Rng,
) -> Option<Placement> {
    let taken: HashSet<usize> = pieces.iter().flat_map(|p| p.cells).collect();
    let options: Vec<Placement> = board
        .candidates()
        .into_iter()
        .filter(|p| solutions.iter().all(|s| !s.contains(p)))
        .filter(|p| p.cells.iter().all(|c| !taken.contains(c)))
        .collect();
    (!options.is_empty()).then(|| options[rng.index(options.len())])
}

/// The hint's step agrees with every solution that has `pieces`: what it
/// places is in all of them, what it rules out in none.
fn assert_step_sound(
    board: &Grid,
    solutions: &[HashSet<Placement>],
    pieces: &[Placement],
    laid: &[Laid],
) {
    let report = hint(board, laid, &[], &Limits::default());
    assert!(report.wrong.is_empty(), "{:?}", report.wrong);
    let agreeing: Vec<&HashSet<Placement>> = solutions
        .iter()
        .filter(|s| pieces.iter().all(|p| s.contains(p)))
        .collect();
    assert!(!agreeing.is_empty());
    let covered = pieces.len() * 2 + board.clues().len() * 2;
    assert_eq!(report.solved, covered == board.cell_count());
    let Some(step) = report.step else {
        assert!(report.solved || report.reason.is_some());
        return;
    };
    assert_ne!(step.technique, Technique::Clue);
    assert!(!step.cells.is_empty());
    if let Some(p) = step.placed {
        assert!(agreeing.iter().all(|s| s.contains(&p)), "{step:?}");
        assert!(!pieces.contains(&p));
    }
    for p in &step.removed {
        assert!(agreeing.iter().all(|s| !s.contains(p)), "{step:?}");
    }
    assert!(step.placed.is_some() || !step.removed.is_empty());
}

#[test]
fn pieces_of_the_unique_solution_are_right_and_hints_follow_it() {
    let mut rng = Rng::new(11);
    let mut steps = 0;
    for round in 0..60 {
        let (rows, cols, set) = if round % 2 == 0 { (7, 8, 6) } else { (4, 5, 3) };
        let Some((board, map)) = random_unique_grid(rows, cols, set, &mut rng, 2000) else {
            continue;
        };
        let solution = placements(&map);
        let solutions = vec![solution.clone()];
        let pieces = some_of(&solution, &mut rng);
        let laid_pieces: Vec<Laid> = pieces.iter().map(|&p| laid(&board, p, &mut rng)).collect();
        let report = check_play(&board, &laid_pieces, &[], &Limits::default());
        assert!(report.broken.is_empty() && report.wrong.is_empty());
        assert!(report.duplicates.is_empty());
        assert_eq!(report.solved, pieces.len() == solution.len());
        for (bone, &used) in report.used.iter().enumerate().skip(1) {
            let laid_it = pieces.iter().any(|p| p.bone == bone);
            assert_eq!(used, usize::from(laid_it));
        }
        assert_step_sound(&board, &solutions, &pieces, &laid_pieces);
        steps += 1;

        // One piece no solution has, anywhere in the order.
        if let Some(bad) = stray(&board, &solutions, &pieces, &mut rng) {
            let at = rng.index(laid_pieces.len() + 1);
            let mut with_bad = laid_pieces.clone();
            with_bad.insert(at, laid(&board, bad, &mut rng));
            let report = check_play(&board, &with_bad, &[], &Limits::default());
            assert_eq!(report.wrong, vec![at]);
            assert!(report.broken.is_empty() && !report.solved);
            // Its bone is laid twice when a right piece has it too.
            let twice = pieces.iter().any(|p| p.bone == bad.bone);
            assert_eq!(report.duplicates.len(), usize::from(twice));
            if let Some(d) = report.duplicates.first() {
                assert_eq!(d.bone, bad.bone);
                assert!(d.placements.contains(&at));
            }
            let hinted = hint(&board, &with_bad, &[], &Limits::default());
            assert_eq!((hinted.wrong, hinted.step), (vec![at], None));
        }
    }
    assert!(steps > 40, "{steps} boards");
}

#[test]
fn on_boards_with_several_solutions_wrong_means_in_no_solution() {
    let mut rng = Rng::new(5);
    let mut several = 0;
    for round in 0..200 {
        let (rows, cols, set) = if round % 2 == 0 { (3, 4, 2) } else { (4, 5, 3) };
        let (board, _) = random_grid(rows, cols, set, &mut rng).unwrap();
        let solutions = all_solutions(&board);
        several += usize::from(solutions.len() > 1);
        // Any candidates, overlapping or not: the oracle is the list of
        // solutions.
        let candidates = board.candidates();
        let mut taken = HashSet::new();
        let mut pieces = Vec::new();
        for _ in 0..rng.index(6) {
            let p = candidates[rng.index(candidates.len())];
            if p.cells.iter().all(|c| !taken.contains(c)) {
                taken.extend(p.cells);
                pieces.push(p);
            }
        }
        let laid_pieces: Vec<Laid> = pieces.iter().map(|&p| laid(&board, p, &mut rng)).collect();
        let report = check_play(&board, &laid_pieces, &[], &Limits::default());
        let expected: Vec<usize> = (0..pieces.len())
            .filter(|&k| solutions.iter().all(|s| !s.contains(&pieces[k])))
            .collect();
        if report.solved {
            assert!(solutions
                .iter()
                .any(|s| pieces.iter().all(|p| s.contains(p))));
            assert_eq!(pieces.len() * 2, board.cell_count());
        } else {
            assert_eq!(report.wrong, expected, "{pieces:?}");
        }
        let hinted = hint(&board, &laid_pieces, &[], &Limits::default());
        if !expected.is_empty() {
            assert_eq!(hinted.wrong, expected);
            continue;
        }
        let together = solutions
            .iter()
            .any(|s| pieces.iter().all(|p| s.contains(p)));
        if together {
            assert_step_sound(&board, &solutions, &pieces, &laid_pieces);
        } else {
            // The first piece after which, with those before, nothing fits.
            let k = (0..pieces.len())
                .find(|&k| {
                    !solutions
                        .iter()
                        .any(|s| pieces[..=k].iter().all(|p| s.contains(p)))
                })
                .unwrap();
            assert_eq!(hinted.wrong, vec![k]);
            assert!(hinted.step.is_none());
        }
    }
    assert!(several > 50, "{several} boards with several solutions");
}

#[test]
fn pieces_that_break_a_rule_are_named() {
    let mut rng = Rng::new(3);
    let (board, map) = random_unique_grid(4, 5, 3, &mut rng, 2000).unwrap();
    let solution: Vec<Placement> = {
        let mut list: Vec<Placement> = placements(&map).into_iter().collect();
        list.sort_unstable_by_key(|p| p.cells);
        list
    };
    let first = laid(&board, solution[0], &mut rng);
    let laid_pieces = vec![
        first,
        [(0, 0), (9, 9)],     // off the board
        [(0, 0), (1, 1)],     // not neighbours
        [(2, 2), (2, 2)],     // one cell twice
        [first[0], first[1]], // over piece 0
    ];
    let report = check_play(&board, &laid_pieces, &[], &Limits::default());
    let named: Vec<usize> = report.broken.iter().map(|b| b.index).collect();
    assert_eq!(named, vec![1, 2, 3, 4]);
    assert!(report.broken[0].reason.contains("off the board"));
    assert!(report.broken[1].reason.contains("not next to"));
    assert!(report.broken[3].reason.contains("overlaps piece 0"));
    // Piece 4 lies where piece 0 does: the same bone twice.
    assert_eq!(report.duplicates.len(), 1);
    assert_eq!(report.duplicates[0].placements, vec![0, 4]);
    assert_eq!(report.used[solution[0].bone], 2);
    assert!(report.wrong.is_empty() && !report.solved);
    let hinted = hint(&board, &laid_pieces, &[], &Limits::default());
    assert_eq!(hinted.wrong, vec![1, 2, 3, 4]);

    // A hole and a clue.
    let mut values = board.values().to_vec();
    values[0] = None;
    let clues = board.clues().to_vec();
    let holed = Grid::new(board.rows(), board.cols(), values, board.set(), clues).unwrap();
    let report = check_play(&holed, &[[(0, 0), (0, 1)]], &[], &Limits::default());
    assert!(report.broken[0].reason.contains("hole"));
    let clue = domino::place::Clue {
        cells: solution[0].cells,
    };
    let clued = board.clone().with_clues(vec![clue]).unwrap();
    let report = check_play(&clued, &[first], &[], &Limits::default());
    assert!(report.broken[0].reason.contains("clue"));
    // The clue counts as laid; the piece over it does not make it solved.
    assert_eq!(report.used[solution[0].bone], 2);
}

#[test]
fn a_board_without_solution_is_said_so() {
    let board = &domino::place::parse_grids("0 1 0\n1 0 1", None).unwrap()[0];
    let report = check_play(board, &[], &[], &Limits::default());
    assert!(report.reason.unwrap().contains("no solution"));
    let hinted = hint(board, &[], &[], &Limits::default());
    assert!(hinted.step.is_none() && hinted.wrong.is_empty());
    assert!(hinted.reason.unwrap().contains("no solution"));
}

#[test]
fn a_solved_board_needs_no_hint() {
    let mut rng = Rng::new(8);
    let (board, map) = random_unique_grid(7, 8, 6, &mut rng, 2000).unwrap();
    let all: Vec<Laid> = placements(&map)
        .into_iter()
        .map(|p| laid(&board, p, &mut rng))
        .collect();
    assert!(check_play(&board, &all, &[], &Limits::default()).solved);
    let hinted = hint(&board, &all, &[], &Limits::default());
    assert!(hinted.solved && hinted.step.is_none() && hinted.reason.is_none());
}
