//! Exact-cover problems with known solution counts, and checks that every
//! reported solution really is an exact cover.

use exact_cover::{Count, Problem, Solver};
use std::ops::ControlFlow;

/// Every primary item exactly once, every secondary item at most once.
fn assert_cover(problem: &Problem, solution: &[usize]) {
    let total = problem.primary_items() + problem.secondary_items();
    let mut seen = vec![0u32; total];
    for &k in solution {
        for item in problem.option(k) {
            seen[item] += 1;
        }
    }
    for (item, &times) in seen.iter().enumerate() {
        if item < problem.primary_items() {
            assert_eq!(times, 1, "primary item {item} covered {times} times");
        } else {
            assert!(times <= 1, "secondary item {item} covered {times} times");
        }
    }
}

/// Counts all solutions, checking each one.
fn count_checked(problem: &Problem) -> u64 {
    let mut solver = Solver::new(problem);
    let mut count = 0;
    let complete = solver.enumerate(|solution| {
        assert_cover(problem, solution);
        count += 1;
        ControlFlow::Continue(())
    });
    assert!(complete);
    assert_eq!(
        solver.count(u64::MAX),
        Count {
            count,
            complete: true
        }
    );
    count
}

fn knuth_example() -> Problem {
    let mut problem = Problem::new(7, 0);
    for option in [
        &[2, 4][..],
        &[0, 3, 6],
        &[1, 2, 5],
        &[0, 3, 5],
        &[1, 6],
        &[3, 4, 6],
    ] {
        problem.add_option(option);
    }
    problem
}

#[test]
fn knuths_example_has_one_solution() {
    let problem = knuth_example();
    assert_eq!(count_checked(&problem), 1);
    let mut solution = Solver::new(&problem).first().unwrap();
    solution.sort();
    assert_eq!(solution, vec![0, 3, 4]);
}

/// Rows and columns primary, the two kinds of diagonals secondary.
fn queens(n: usize) -> Problem {
    let mut problem = Problem::new(2 * n, 2 * (2 * n - 1));
    for r in 0..n {
        for c in 0..n {
            problem.add_option(&[
                r,
                n + c,
                2 * n + r + c,
                2 * n + (2 * n - 1) + (r + n - 1 - c),
            ]);
        }
    }
    problem
}

#[test]
fn n_queens_counts() {
    for (n, expected) in [
        (1, 1),
        (2, 0),
        (3, 0),
        (4, 2),
        (5, 10),
        (6, 4),
        (7, 40),
        (8, 92),
    ] {
        assert_eq!(count_checked(&queens(n)), expected, "{n} queens");
    }
}

/// Domino tilings of a rows x cols rectangle.
fn domino_tilings(rows: usize, cols: usize) -> Problem {
    let mut problem = Problem::new(rows * cols, 0);
    for r in 0..rows {
        for c in 0..cols {
            if c + 1 < cols {
                problem.add_option(&[r * cols + c, r * cols + c + 1]);
            }
            if r + 1 < rows {
                problem.add_option(&[r * cols + c, (r + 1) * cols + c]);
            }
        }
    }
    problem
}

#[test]
fn domino_tiling_counts() {
    // 2 x n: Fibonacci numbers; the others are classical.
    for (rows, cols, expected) in [
        (2, 1, 1),
        (2, 2, 2),
        (2, 3, 3),
        (2, 4, 5),
        (2, 10, 89),
        (3, 3, 0),
        (3, 4, 11),
        (4, 4, 36),
        (6, 6, 6728),
    ] {
        assert_eq!(count_checked(&domino_tilings(rows, cols)), expected);
    }
}

#[test]
fn degenerate_problems() {
    // No primary items: the empty selection is the one solution.
    let mut problem = Problem::new(0, 2);
    problem.add_option(&[0]);
    assert_eq!(count_checked(&problem), 1);
    // A primary item no option covers: no solution.
    let mut problem = Problem::new(2, 0);
    problem.add_option(&[0]);
    assert_eq!(count_checked(&problem), 0);
    assert_eq!(Solver::new(&problem).first(), None);
    // Two identical options: two solutions.
    let mut problem = Problem::new(2, 0);
    problem.add_option(&[0, 1]);
    problem.add_option(&[1, 0]);
    assert_eq!(count_checked(&problem), 2);
}

#[test]
fn limits_and_stopping_leave_the_solver_reusable() {
    let problem = queens(6);
    let mut solver = Solver::new(&problem);
    assert_eq!(
        solver.count(2),
        Count {
            count: 2,
            complete: false
        }
    );
    assert_eq!(
        solver.count(4),
        Count {
            count: 4,
            complete: false
        }
    );
    assert_eq!(
        solver.count(5),
        Count {
            count: 4,
            complete: true
        }
    );
    assert_eq!(
        solver.count(0),
        Count {
            count: 0,
            complete: false
        }
    );
    let mut seen = Vec::new();
    let complete = solver.enumerate(|s| {
        let mut s = s.to_vec();
        s.sort();
        seen.push(s);
        ControlFlow::Break(())
    });
    assert!(!complete);
    assert_eq!(seen.len(), 1);
    // After a stopped search the full enumeration is unchanged.
    let mut all = Vec::new();
    solver.enumerate(|s| {
        let mut s = s.to_vec();
        s.sort();
        all.push(s);
        ControlFlow::Continue(())
    });
    assert_eq!(all.len(), 4);
    assert_eq!(all[0], seen[0]);
    all.dedup();
    assert_eq!(all.len(), 4, "solutions are distinct");
}

#[test]
fn a_node_budget_stops_the_search_and_leaves_the_solver_reusable() {
    let problem = queens(8);
    let mut solver = Solver::new(&problem);
    // Every choice is a node: the whole search of 92 solutions takes
    // more than 100 of them, so a budget of 100 stops it.
    let mut nodes = 0u64;
    let mut found = 0u64;
    let complete = solver.search(
        |_| {
            found += 1;
            ControlFlow::Continue(())
        },
        || {
            nodes += 1;
            if nodes > 100 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        },
    );
    assert!(!complete);
    assert_eq!(nodes, 101);
    assert!(found < 92, "stopped before the end: {found} solutions");
    // A budget that never breaks counts every node and finds them all.
    let mut all_nodes = 0u64;
    let mut all = 0u64;
    assert!(solver.search(
        |_| {
            all += 1;
            ControlFlow::Continue(())
        },
        || {
            all_nodes += 1;
            ControlFlow::Continue(())
        },
    ));
    assert_eq!(all, 92);
    assert!(all_nodes > 100);
}

#[test]
#[should_panic(expected = "twice")]
fn an_item_twice_in_one_option_is_refused() {
    Problem::new(2, 0).add_option(&[1, 1]);
}
