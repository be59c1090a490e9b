//! The limits of `Limits` in the place and pips searches: the streaming
//! listing (`solve_each`) yields exactly the solutions the collecting one
//! keeps, a solution cap lists fewer while the count goes on, the memory
//! limit stops a listing not complete, and a raised stop flag ends
//! explain at once with what it has. Every solution is checked with the
//! family's verify.

use domino::pips::{self, Puzzle};
use domino::place::{self, Level};
use domino::rng::Rng;
use domino::{Goal, Limits};
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A random small Pips puzzle in the text format: a board of `rows` x
/// `cols` cells in up to three regions with random rules (or none), and
/// random pieces of a double-3 set, so that many have several solutions
/// and some none.
fn random_pips(rng: &mut Rng) -> Option<Puzzle> {
    let (rows, cols) = [(2, 2), (2, 3), (2, 4), (3, 4)][rng.index(4)];
    let mut text = String::new();
    for _ in 0..rows {
        for _ in 0..cols {
            text.push(['A', 'B', 'C'][rng.index(3)]);
        }
        text.push('\n');
    }
    for letter in ['A', 'B', 'C'] {
        match rng.index(4) {
            0 => text.push_str(&format!("{letter} = {}\n", rng.index(10))),
            1 => text.push_str(&format!("{letter} < {}\n", 2 + rng.index(10))),
            2 => text.push_str(&format!("{letter} > {}\n", rng.index(6))),
            _ => {}
        }
    }
    let pieces: Vec<String> = (0..rows * cols / 2)
        .map(|_| format!("{}-{}", rng.index(4), rng.index(4)))
        .collect();
    text.push_str(&pieces.join(" "));
    text.push('\n');
    pips::parse_puzzle(&text, None).ok()
}

/// What `solve_each` lists under `limits`, with its outcome.
fn pips_streamed(
    puzzle: &Puzzle,
    goal: Goal,
    limits: &Limits,
) -> (Vec<pips::Solution>, pips::Solutions) {
    let mut listed = Vec::new();
    let found = pips::solve_each(puzzle, goal, limits, &mut |s| {
        listed.push(s.clone());
        ControlFlow::Continue(())
    });
    (listed, found)
}

/// Every solution up to a few thousand (some random boards have millions).
const SOME: Goal = Goal {
    limit: 3000,
    keep: usize::MAX,
};

#[test]
fn the_pips_stream_lists_what_the_collecting_solve_keeps() {
    let mut rng = Rng::new(35);
    let mut with_several = 0;
    for _ in 0..300 {
        let Some(puzzle) = random_pips(&mut rng) else {
            continue;
        };
        let kept = pips::solve(&puzzle, SOME, &Limits::none());
        let (listed, found) = pips_streamed(&puzzle, SOME, &Limits::none());
        assert_eq!(listed, kept.solutions);
        assert!(found.solutions.is_empty());
        assert_eq!((found.count, found.complete), (kept.count, kept.complete));
        assert_eq!(listed.len() as u64, found.count.min(SOME.limit));
        for s in &listed {
            pips::verify(&puzzle, s).unwrap();
        }
        with_several += usize::from(found.count > 1);
    }
    assert!(with_several > 20, "{with_several}");
}

#[test]
fn a_cap_lists_fewer_pips_solutions_and_the_count_goes_on() {
    let mut rng = Rng::new(36);
    let mut capped = 0;
    for _ in 0..300 {
        let Some(puzzle) = random_pips(&mut rng) else {
            continue;
        };
        let all = pips::solve(&puzzle, SOME, &Limits::none());
        let cap = Limits {
            solutions: Some(2),
            ..Limits::none()
        };
        let some = pips::solve(&puzzle, SOME, &cap);
        assert_eq!((some.count, some.complete), (all.count, all.complete));
        assert_eq!(some.solutions, all.solutions[..all.solutions.len().min(2)]);
        let (listed, _) = pips_streamed(&puzzle, SOME, &cap);
        assert_eq!(listed, some.solutions);
        capped += usize::from(all.count > 2);
    }
    assert!(capped > 10, "{capped}");
}

/// The open 4 x 5 board of issue 35: billions of solutions, counted at
/// once; its listing is what grew out of memory.
const OPEN_4X5: &str = "AAAAA\nAAAAA\nAAAAA\nAAAAA\n0-1 0-2 0-3 1-2 1-3 2-3 0-4 1-4 2-4 3-4\n";

#[test]
fn the_standard_limits_cap_a_huge_pips_listing() {
    let puzzle = pips::parse_puzzle(OPEN_4X5, None).unwrap();
    let found = pips::solve(&puzzle, Goal::ALL, &Limits::standard(None, None, None));
    assert_eq!(
        found.solutions.len(),
        domino::search::defaults::SOLUTIONS_LISTED
    );
    assert!(
        found.count > 1_000_000_000 && found.complete,
        "{}",
        found.count
    );
    for s in &found.solutions {
        pips::verify(&puzzle, s).unwrap();
    }
}

#[test]
fn the_memory_limit_stops_a_pips_listing_not_complete() {
    let puzzle = pips::parse_puzzle(OPEN_4X5, None).unwrap();
    // The counter's tables take about a MiB; the solutions kept, 344
    // bytes each, reach the limit after some thousands.
    let limits = Limits {
        memory: Some(4 << 20),
        ..Limits::none()
    };
    let found = pips::solve(&puzzle, Goal::ALL, &limits);
    assert!(found.stopped && !found.complete);
    assert!(!found.solutions.is_empty() && found.solutions.len() < 20_000);
    for s in &found.solutions {
        pips::verify(&puzzle, s).unwrap();
    }
}

#[test]
fn the_place_stream_lists_what_the_collecting_solve_keeps() {
    let mut rng = Rng::new(35);
    let mut with_several = 0;
    for k in 0..120 {
        let set = 1 + k % 4;
        let (rows, cols) = (set as usize + 1, set as usize + 2);
        let Some((board, _)) = place::random_grid(rows, cols, set, &mut rng) else {
            continue;
        };
        let kept = place::solve(&board, Goal::ALL, &Limits::none());
        let mut listed = Vec::new();
        let found = place::solve_each(&board, Goal::ALL, &Limits::none(), &mut |map| {
            listed.push(map.clone());
            ControlFlow::Continue(())
        });
        assert_eq!(listed, kept.solutions);
        assert!(found.solutions.is_empty());
        assert_eq!((found.count, found.complete), (kept.count, kept.complete));
        assert!(found.count > 0);
        for map in &listed {
            place::verify(&board, map).unwrap();
        }
        with_several += usize::from(found.count > 1);
        // A cap lists the first ones; the count is the same.
        let cap = Limits {
            solutions: Some(1),
            ..Limits::none()
        };
        let one = place::solve(&board, Goal::ALL, &cap);
        assert_eq!((one.count, one.complete), (kept.count, kept.complete));
        assert_eq!(one.solutions, kept.solutions[..1]);
    }
    assert!(with_several > 10, "{with_several}");
}

/// A double-8 board of 2x2 blocks that read the same two bones down or
/// across (`a c / b a`): 2^20 solutions and more, found one a node.
fn blocks_board() -> place::Grid {
    let n = 8u8;
    let mut pairs = Vec::new();
    let mut single = Vec::new();
    for a in 0..=n {
        let mut group: Vec<(u8, u8)> = (a..=n).map(|b| (a, b)).collect();
        while group.len() >= 2 {
            let (x, y) = (group.pop().unwrap(), group.pop().unwrap());
            pairs.push((x, y));
        }
        single.extend(group);
    }
    let (rows, cols) = (n as usize + 2, n as usize + 1);
    let mut grid = vec![vec![0u8; cols]; rows];
    let mut k = 0;
    for r in (0..rows).step_by(2) {
        for c in (0..cols - 1).step_by(2) {
            let ((a, b), (_, c2)) = pairs[k];
            k += 1;
            grid[r][c] = a;
            grid[r][c + 1] = c2;
            grid[r + 1][c] = b;
            grid[r + 1][c + 1] = a;
        }
        let (a, b) = single[r / 2];
        grid[r][cols - 1] = a;
        grid[r + 1][cols - 1] = b;
    }
    let text: Vec<String> = grid
        .iter()
        .map(|row| row.iter().map(u8::to_string).collect::<Vec<_>>().join(" "))
        .collect();
    place::parse_grids(&text.join("\n"), None)
        .unwrap()
        .remove(0)
}

#[test]
fn the_memory_limit_and_a_cap_bound_a_huge_place_listing() {
    let board = blocks_board();
    let limits = Limits {
        memory: Some(256 << 10),
        ..Limits::none()
    };
    let cut = place::solve(&board, Goal::ALL, &limits);
    assert!(cut.stopped && !cut.complete);
    assert!(!cut.solutions.is_empty() && cut.solutions.len() < 10_000);
    for map in &cut.solutions {
        place::verify(&board, map).unwrap();
    }
    // Capped at 10 listed, the count goes on to the node limit.
    let capped = Limits {
        solutions: Some(10),
        nodes: Some(20_000),
        ..Limits::none()
    };
    let mut listed = 0;
    let found = place::solve_each(&board, Goal::ALL, &capped, &mut |map| {
        place::verify(&board, map).unwrap();
        listed += 1;
        ControlFlow::Continue(())
    });
    assert_eq!(listed, 10);
    assert!(found.count > 10 && found.stopped && !found.complete);
}

#[test]
fn a_break_from_the_callback_ends_the_listing_not_complete() {
    let board = blocks_board();
    let mut listed = 0;
    let found = place::solve_each(&board, Goal::ALL, &Limits::none(), &mut |_| {
        listed += 1;
        if listed == 3 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!((listed, found.count), (3, 3));
    assert!(found.stopped && !found.complete);
    let puzzle = pips::parse_puzzle(OPEN_4X5, None).unwrap();
    let mut listed = 0;
    let found = pips::solve_each(&puzzle, Goal::ALL, &Limits::none(), &mut |_| {
        listed += 1;
        ControlFlow::Break(())
    });
    assert_eq!(listed, 1);
    assert!(found.stopped && !found.complete);
}

#[test]
fn dancing_links_obey_the_node_limit_and_the_stop_flag() {
    let board = blocks_board();
    // Counting by dancing links stops at the node limit with a lower
    // bound, as the engine does; every map listed is checked.
    let few = Limits {
        nodes: Some(5_000),
        ..Limits::none()
    };
    let counted = place::solve_by_exact_cover(&board, Goal::count_up_to(u64::MAX), &few);
    assert!(counted.stopped && !counted.complete);
    assert!(counted.count > 0 && counted.nodes > 5_000);
    for map in &counted.solutions {
        place::verify(&board, map).unwrap();
    }
    // A raised stop flag ends it within the first 64 nodes.
    let halted = place::solve_by_exact_cover(&board, Goal::ALL, &stopped());
    assert!(halted.stopped && !halted.complete);
    assert!(halted.nodes <= 64, "{} nodes", halted.nodes);
}

fn stopped() -> Limits {
    Limits::new(None, None, Some(Arc::new(AtomicBool::new(true))))
}

#[test]
fn explain_with_a_raised_stop_flag_returns_at_once_partial() {
    let board = blocks_board();
    let cut = place::explain(&board, Level::Extreme, &stopped());
    assert!(cut.stopped && !cut.complete);
    let full = place::explain(&board, Level::Extreme, &Limits::none());
    assert!(!full.stopped && full.steps.len() > cut.steps.len());

    let puzzle = pips::parse_puzzle(DOCS_PUZZLE, None).unwrap();
    let cut = pips::explain(&puzzle, &stopped());
    assert!(
        cut.stopped && !cut.complete && cut.steps.is_empty(),
        "{cut:?}"
    );
    let full = pips::explain(&puzzle, &Limits::none());
    assert!(!full.stopped && !full.steps.is_empty(), "{full:?}");
    if let Some(solution) = &full.solution {
        pips::verify(&puzzle, solution).unwrap();
    }
}

/// The text format's example of docs/pips.md.
const DOCS_PUZZLE: &str = "ABCD\nFBCE\n....\n.GH.\n.II.\nA = 6\nB same\nC same\nD < 6\nE > 3\nG = 0\nI > 7\n6-5 3-3 2-4 1-5 0-2 4-4\n";

#[test]
fn the_memory_limit_stops_explain_with_the_steps_found() {
    let board = blocks_board();
    let tight = Limits {
        memory: Some(1),
        ..Limits::none()
    };
    let cut = place::explain(&board, Level::Extreme, &tight);
    let full = place::explain(&board, Level::Extreme, &Limits::none());
    assert!(cut.stopped && !cut.steps.is_empty() && cut.steps.len() < full.steps.len());
    assert_eq!(cut.steps[..], full.steps[..cut.steps.len()]);
    let puzzle = pips::parse_puzzle(DOCS_PUZZLE, None).unwrap();
    let cut = pips::explain(&puzzle, &tight);
    let full = pips::explain(&puzzle, &Limits::none());
    assert!(cut.stopped && !cut.complete && cut.steps.len() < full.steps.len());
    assert_eq!(cut.steps[..], full.steps[..cut.steps.len()]);
}

#[test]
fn a_raised_stop_flag_ends_a_pips_generation() {
    let request = pips::Request {
        shape: None,
        cells: 200,
        grade: pips::Grade::Hard,
        seed: 1,
        tries: pips::Request::TRIES,
        profile: None,
    };
    let made = pips::generate(&request, &stopped());
    assert!(
        matches!(made, Err(pips::GenerateError::Stopped { .. })),
        "{made:?}"
    );
}
