//! The memory limit of `Limits`: a search whose tables or kept solutions
//! grow past it stops with what it found, not complete (a server's bound
//! on one request); without it the same search goes on.

use domino::{pips, place, Goal, Limits};

/// A 6 x 6 Pips puzzle whose row sums cannot all hold: a count stores
/// many states before it can tell there is no solution.
const HOPELESS_6X6: &str = "AAAAAA\nBBBBBB\nCCCCCC\nDDDDDD\nEEEEEE\nFFFFFF\n\
A = 11\nB = 11\nC = 11\nD = 9\nE = 9\nF = 10\n\
0-0 0-1 0-2 0-3 0-4 0-5 1-1 1-2 1-3 1-4 1-5 2-2 2-3 2-4 2-5 3-3 3-4 3-5\n";

#[test]
fn a_pips_count_stops_at_the_memory_limit() {
    let puzzle = pips::parse_puzzle(HOPELESS_6X6, None).unwrap();
    let limits = Limits {
        memory: Some(1 << 20),
        ..Limits::none()
    };
    let found = pips::solve(&puzzle, Goal::count_up_to(u64::MAX), &limits);
    assert!(found.stopped && !found.complete, "{found:?}");
    assert_eq!(found.count, 0);
}

#[test]
fn a_place_listing_stops_at_the_memory_limit() {
    // Every map kept is more than one byte: the first one is past it.
    let board = &place::parse_grids("0 0 0 1 1 1", None).unwrap()[0];
    let all = place::solve(board, Goal::ALL, &Limits::none());
    assert!(all.complete && !all.solutions.is_empty());
    let tight = Limits {
        memory: Some(1),
        ..Limits::none()
    };
    let cut = place::solve(board, Goal::ALL, &tight);
    assert!(cut.stopped && !cut.complete, "{cut:?}");
    assert_eq!(cut.solutions.len(), 1);
}
