//! The vanish family against known answers, a brute-force oracle and the
//! independent order checker.

use domino::rng::Rng;
use domino::search::{defaults, Limits};
use domino::vanish::{
    generate, generate_clearable, parse_board, solve, verify_order, Algorithm, Board,
    CompareReport, GenerateError, Options, OptionsError, Orientation, Piece, Request, SolveReport,
};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

fn read(name: &str) -> Board {
    let path = format!("{}/data/vanish/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    parse_board(&text).unwrap()
}

#[test]
fn report_problems_are_solved_and_proven() {
    for (name, pieces, optimum) in [
        ("problem1.xml", 10, 0),
        ("problem2.txt", 45, 4),
        ("problem2a.txt", 45, 4),
        ("problem3.xml", 30, 0),
        ("problem4.xml", 20, 5),
        ("problem5.xml", 20, 0),
    ] {
        let board = read(name);
        assert_eq!(board.pieces().len(), pieces, "{name}");
        let solution = solve(&board, Algorithm::Exact, &Options::default(), None).unwrap();
        assert_eq!(solution.score, optimum, "{name}");
        assert!(solution.optimal, "{name}");
        assert_eq!(verify_order(&board, &solution.order), Ok(optimum), "{name}");
        for algorithm in Algorithm::ALL {
            let s = solve(&board, algorithm, &Options::default(), None).unwrap();
            assert_eq!(
                verify_order(&board, &s.order),
                Ok(s.score),
                "{name} {algorithm}"
            );
            assert!(s.score >= optimum, "{name} {algorithm}");
        }
    }
}

#[test]
fn worked_example_prefix_is_legal() {
    let board = read("problem1.xml");
    let at = |x, y| {
        board
            .pieces()
            .iter()
            .position(|p| (p.x, p.y) == (x, y))
            .unwrap()
    };
    let order = [at(1, 0), at(1, 1), at(2, 1), at(3, 1), at(1, 3)];
    assert_eq!(verify_order(&board, &order), Ok(5));
    // (3,0) 3/3 needs 3 empty squares to its right or left: never at the start.
    assert!(verify_order(&board, &[at(3, 0)]).is_err());
}

/// Removable straight from the rules, on a grid of piece indices.
fn oracle_removable(board: &Board, grid: &[Option<usize>], i: usize) -> bool {
    let (w, h) = (board.width() as i64, board.height() as i64);
    let p = board.pieces()[i];
    let halves = p.halves();
    let dirs: [(i64, i64); 4] = [(0, -1), (0, 1), (-1, 0), (1, 0)];
    dirs.iter().any(|&(dx, dy)| {
        let along = (p.orientation == Orientation::Horizontal) == (dx != 0);
        halves.iter().enumerate().all(|(k, &((x, y), v))| {
            // Along the piece, only the end half in that direction counts.
            if along && ((k == 0) != (dx < 0 || dy < 0)) {
                return true;
            }
            let (mut cx, mut cy, mut d) = (x as i64 + dx, y as i64 + dy, 0);
            while cx >= 0 && cy >= 0 && cx < w && cy < h && grid[(cy * w + cx) as usize].is_none() {
                d += 1;
                cx += dx;
                cy += dy;
            }
            d == v
        })
    })
}

/// The fewest pieces left over every removal order (memo over removed sets).
pub(crate) fn oracle(board: &Board) -> usize {
    let n = board.pieces().len();
    assert!(n <= 16);
    let mut memo = vec![u8::MAX; 1 << n];
    fn go(board: &Board, removed: usize, memo: &mut [u8]) -> u8 {
        if memo[removed] != u8::MAX {
            return memo[removed];
        }
        let n = board.pieces().len();
        let mut grid = vec![None; board.width() * board.height()];
        for (i, p) in board.pieces().iter().enumerate() {
            if removed >> i & 1 == 0 {
                for ((x, y), _) in p.halves() {
                    grid[y * board.width() + x] = Some(i);
                }
            }
        }
        let mut best = (n - removed.count_ones() as usize) as u8;
        for i in 0..n {
            if removed >> i & 1 == 0 && oracle_removable(board, &grid, i) {
                best = best.min(go(board, removed | 1 << i, memo));
            }
        }
        memo[removed] = best;
        best
    }
    go(board, 0, &mut memo) as usize
}

/// A random board of at most `max_pieces` pieces, sometimes with holes.
pub(crate) fn small_board(rng: &mut Rng, max_pieces: usize) -> Board {
    loop {
        let w = 1 + rng.index(7);
        let h = 1 + rng.index(7);
        if w * h % 2 == 1 || w * h > 2 * max_pieces + 8 || w * h < 2 {
            continue;
        }
        let max_value = 1 + rng.below(4) as i64;
        let full = generate(&Request {
            width: w,
            height: h,
            max_value,
            seed: rng.next_u64(),
        })
        .unwrap();
        let mut pieces: Vec<Piece> = full.pieces().to_vec();
        let keep = if rng.chance(1, 3) {
            pieces.len() * 2 / 3
        } else {
            pieces.len()
        };
        rng.shuffle(&mut pieces);
        pieces.truncate(keep.min(max_pieces));
        if pieces.is_empty() {
            continue;
        }
        return Board::new(w, h, pieces).unwrap();
    }
}

#[test]
fn exact_matches_brute_force_on_thousands_of_small_boards() {
    let mut rng = Rng::new(2026);
    for round in 0..3000 {
        let board = small_board(&mut rng, if round % 3 == 0 { 14 } else { 10 });
        let expected = oracle(&board);
        // (A table too small to hold the search overwrites entries and
        // stays exact: the exact module's own test.)
        let s = solve(&board, Algorithm::Exact, &Options::default(), None).unwrap();
        assert!(s.optimal);
        assert_eq!(s.score, expected, "round {round}: {board:?}");
        assert_eq!(
            verify_order(&board, &s.order),
            Ok(expected),
            "round {round}"
        );
        assert!(s.lower_bound <= expected, "round {round}");
        if round % 10 == 0 {
            for algorithm in Algorithm::ALL {
                let a = solve(&board, algorithm, &Options::default(), None).unwrap();
                assert_eq!(verify_order(&board, &a.order), Ok(a.score), "{algorithm}");
                assert!(a.score >= expected, "{algorithm}");
                assert!(!a.optimal || a.score == expected, "{algorithm}");
            }
        }
    }
}

/// The lower bound at the start (dead pieces, precedence cycles, parts of
/// the board solved exactly) never exceeds the brute-force optimum, on full
/// boards of small values where the bounds have the most to do; on some of
/// them it meets the optimum (so the comparison has teeth).
#[test]
fn root_bound_never_exceeds_brute_force() {
    let mut rng = Rng::new(3);
    let mut tight = 0;
    for round in 0..800 {
        let (w, h) = [(4, 4), (5, 4), (4, 6), (6, 4), (7, 4), (4, 7)][rng.index(6)];
        let board = generate(&Request {
            width: w,
            height: h,
            max_value: 1 + rng.below(2) as i64,
            seed: rng.next_u64(),
        })
        .unwrap();
        let expected = oracle(&board);
        let s = solve(&board, Algorithm::Greedy, &Options::default(), None).unwrap();
        assert!(
            s.lower_bound <= expected,
            "round {round}: bound {} above the optimum {expected}: {board:?}",
            s.lower_bound
        );
        tight += usize::from(s.lower_bound == expected && expected > 0);
    }
    assert!(tight > 0);
}

/// The threaded search against the oracle: one thread and several, every
/// order replayed by the checker, never worse than an approximation.
#[test]
fn threaded_exact_matches_brute_force() {
    let mut rng = Rng::new(16);
    for round in 0..600 {
        let board = small_board(&mut rng, 14);
        let expected = oracle(&board);
        for threads in [1, 2, 4] {
            let limits = Options {
                threads: Some(threads),
                ..Options::default()
            };
            let s = solve(&board, Algorithm::Exact, &limits, None).unwrap();
            assert!(s.optimal, "round {round}, {threads} threads");
            assert_eq!(
                s.score, expected,
                "round {round}, {threads} threads: {board:?}"
            );
            assert_eq!(verify_order(&board, &s.order), Ok(expected));
        }
    }
}

/// Boards of 30 to 50 pieces: every thread count proves the same score, and
/// no approximation beats it.
#[test]
fn threads_agree_on_larger_boards() {
    for seed in 0..12 {
        let (w, h) = [(6, 10), (8, 10), (10, 10)][seed as usize % 3];
        let board = generate(&Request {
            width: w,
            height: h,
            max_value: 2 + seed as i64 % 2,
            seed,
        })
        .unwrap();
        let one = solve(
            &board,
            Algorithm::Exact,
            &Options {
                threads: Some(1),
                ..Options::default()
            },
            None,
        )
        .unwrap();
        assert!(one.optimal, "seed {seed}");
        assert_eq!(verify_order(&board, &one.order), Ok(one.score));
        for threads in [2, 3] {
            let many = solve(
                &board,
                Algorithm::Exact,
                &Options {
                    threads: Some(threads),
                    ..Options::default()
                },
                None,
            )
            .unwrap();
            assert!(many.optimal, "seed {seed}, {threads} threads");
            assert_eq!(many.score, one.score, "seed {seed}, {threads} threads");
            assert_eq!(verify_order(&board, &many.order), Ok(many.score));
        }
        for algorithm in Algorithm::ALL {
            let a = solve(&board, algorithm, &Options::default(), None).unwrap();
            assert_eq!(verify_order(&board, &a.order), Ok(a.score), "{algorithm}");
            assert!(a.score >= one.score, "seed {seed} {algorithm}");
        }
    }
}

#[test]
fn a_clearable_board_obeys_its_limits_and_its_ceiling() {
    let request = Request {
        width: 64,
        height: 64,
        max_value: 6,
        seed: 1,
    };
    let stop = Limits::new(None, None, Some(Arc::new(AtomicBool::new(true))));
    assert_eq!(
        generate_clearable(&request, &stop).map(|_| ()),
        Err(GenerateError::Stopped)
    );
    let too_large = Request {
        width: 256,
        height: 128,
        ..request
    };
    assert_eq!(
        generate_clearable(&too_large, &Limits::none()).map(|_| ()),
        Err(GenerateError::TooLargeToClear {
            width: 256,
            height: 128
        })
    );
}

#[test]
fn clearable_boards_clear() {
    for seed in 0..40 {
        let (w, h) = [(4, 4), (6, 5), (8, 6), (10, 8), (12, 12)][seed as usize % 5];
        let (board, order) = generate_clearable(
            &Request {
                width: w,
                height: h,
                max_value: 2 + seed as i64 % 3,
                seed,
            },
            &Limits::none(),
        )
        .unwrap();
        assert_eq!(verify_order(&board, &order), Ok(0));
        if board.pieces().len() <= 40 {
            let s = solve(&board, Algorithm::Exact, &Options::default(), None).unwrap();
            assert_eq!(s.score, 0);
            assert_eq!(verify_order(&board, &s.order), Ok(0));
        }
    }
}

#[test]
fn boards_wider_than_one_word_are_solved() {
    let mut rng = Rng::new(9);
    for _ in 0..6 {
        let board = generate(&Request {
            width: 12,
            height: 12,
            max_value: 3,
            seed: rng.next_u64(),
        })
        .unwrap();
        assert_eq!(board.pieces().len(), 72);
        let limits = Options {
            limits: Limits::new(None, Some(200_000), None),
            ..Options::default()
        };
        let s = solve(&board, Algorithm::Exact, &limits, None).unwrap();
        assert_eq!(verify_order(&board, &s.order), Ok(s.score));
        assert!(s.lower_bound <= s.score);
        let g = solve(&board, Algorithm::Greedy, &limits, None).unwrap();
        assert!(s.score <= g.score);
    }
}

/// Options whose stop flag is raised before the search starts.
fn stopped_already() -> Options {
    Options {
        limits: Limits::standard(None, None, Some(Arc::new(AtomicBool::new(true)))),
        ..Options::default()
    }
}

#[test]
fn limits_return_a_legal_order_marked_not_proven() {
    let board = generate(&Request {
        width: 10,
        height: 12,
        max_value: 2,
        seed: 3,
    })
    .unwrap();
    let limits = Options {
        limits: Limits::new(None, Some(500), None),
        ..Options::default()
    };
    let s = solve(&board, Algorithm::Exact, &limits, None).unwrap();
    assert!(!s.optimal);
    assert!(s.lower_bound < s.score);
    assert_eq!(verify_order(&board, &s.order), Ok(s.score));
    let limits = stopped_already();
    for algorithm in Algorithm::ALL {
        let s = solve(&board, algorithm, &limits, None).unwrap();
        assert_eq!(verify_order(&board, &s.order), Ok(s.score), "{algorithm}");
    }
    let mut reports = 0;
    let limits = Options {
        limits: Limits::new(None, Some(100_000), None),
        ..Options::default()
    };
    let mut count = |_: &domino::vanish::Progress| reports += 1;
    let s = solve(&board, Algorithm::Exact, &limits, Some(&mut count)).unwrap();
    assert_eq!(verify_order(&board, &s.order), Ok(s.score));
}

/// On a big board every algorithm has long steps (choosing the bound's
/// rectangles, a beam level, an anytime run, a capped-DFS expansion, a
/// sweep): a raised stop flag must end each within a few hundred states,
/// still with a legal order. Before the limits were checked inside those
/// steps this board took minutes and capped-DFS gigabytes.
#[test]
fn a_raised_stop_flag_ends_every_algorithm_on_a_big_board() {
    let board = generate(&Request {
        width: 120,
        height: 120,
        max_value: 4,
        seed: 2,
    })
    .unwrap();
    let limits = stopped_already();
    for algorithm in Algorithm::ALL {
        let s = solve(&board, algorithm, &limits, None).unwrap();
        assert!(s.states <= 1_000, "{algorithm}: {} states", s.states);
        assert!(s.stopped && !s.optimal, "{algorithm}");
        assert_eq!(verify_order(&board, &s.order), Ok(s.score), "{algorithm}");
    }
}

/// A big board for the limits: 7,200 pieces, each position of it about
/// 170 KB.
fn big_board() -> Board {
    generate(&Request {
        width: 120,
        height: 120,
        max_value: 4,
        seed: 2,
    })
    .unwrap()
}

/// Options with `memory` bytes for the search and `nodes` states at most.
fn with_memory(memory: usize, nodes: u64) -> Options {
    Options {
        limits: Limits {
            memory: Some(memory),
            ..Limits::new(None, Some(nodes), None)
        },
        ..Options::default()
    }
}

/// A memory limit smaller than what any algorithm holds from the start
/// (the compiled board and its position) stops each at once, with a legal
/// order marked stopped and not optimal.
#[test]
fn a_tiny_memory_limit_stops_every_algorithm_on_a_big_board() {
    let board = big_board();
    for algorithm in Algorithm::ALL {
        let s = solve(&board, algorithm, &with_memory(64 << 10, u64::MAX), None).unwrap();
        assert!(s.stopped, "{algorithm}");
        assert!(!s.optimal, "{algorithm}");
        assert_eq!(verify_order(&board, &s.order), Ok(s.score), "{algorithm}");
    }
}

/// A node limit ends every algorithm on a big board, the sweeps too
/// (they count a state a piece and look at the count after each sweep).
#[test]
fn a_node_limit_stops_every_algorithm_on_a_big_board() {
    let board = generate(&Request {
        width: 60,
        height: 40,
        max_value: 4,
        seed: 3,
    })
    .unwrap();
    let options = Options {
        limits: Limits::new(None, Some(100), None),
        ..Options::default()
    };
    for algorithm in Algorithm::ALL {
        let s = solve(&board, algorithm, &options, None).unwrap();
        assert!(s.stopped && !s.optimal, "{algorithm}");
        assert_eq!(verify_order(&board, &s.order), Ok(s.score), "{algorithm}");
    }
}

/// A memory limit that lets a search start stops it where it grows:
/// capped-DFS keeps a key per position seen, the exact search a table and
/// its stacks, the beam a level of positions (a level that would pass the
/// limit keeps the positions that fit). Each ends with a legal order, not
/// optimal; capped-DFS and the beam have removed pieces by then. A node
/// limit ends the algorithms whose memory does not grow.
#[test]
fn a_memory_limit_ends_the_growing_searches_with_what_they_found() {
    let board = generate(&Request {
        width: 80,
        height: 80,
        max_value: 4,
        seed: 5,
    })
    .unwrap();
    for algorithm in Algorithm::ALL {
        let options = Options {
            beam_width: *defaults::BEAM_WIDTH.end(),
            ..with_memory(8 << 20, 5_000)
        };
        let s = solve(&board, algorithm, &options, None).unwrap();
        assert!(!s.optimal, "{algorithm}");
        assert_eq!(verify_order(&board, &s.order), Ok(s.score), "{algorithm}");
        if algorithm == Algorithm::CappedDfs {
            assert!(s.stopped && !s.order.is_empty(), "{algorithm}");
        }
        if algorithm == Algorithm::Beam {
            assert!(!s.order.is_empty(), "{algorithm}");
        }
    }
}

/// The beam width is checked by the library, whatever the algorithm: 0
/// and one past the widest are refused with the range in the message,
/// by `solve`, the reports and the comparison alike; the ends are taken.
#[test]
fn beam_widths_outside_the_range_are_refused() {
    let board = read("problem1.xml");
    let (min, max) = (*defaults::BEAM_WIDTH.start(), *defaults::BEAM_WIDTH.end());
    for width in [0, max + 1, usize::MAX] {
        let options = Options {
            beam_width: width,
            ..Options::default()
        };
        for algorithm in [Algorithm::Beam, Algorithm::Greedy] {
            let refused = solve(&board, algorithm, &options, None).unwrap_err();
            assert_eq!(refused, OptionsError::BeamWidth(width));
            assert!(refused.to_string().contains("1 to 4096"), "{refused}");
            assert!(SolveReport::new(&board, algorithm, &options, None).is_err());
        }
        let boards = [("b".to_string(), board.clone())];
        assert!(CompareReport::new(&boards, &options, None).is_err());
    }
    for width in [min, max] {
        let options = Options {
            beam_width: width,
            ..Options::default()
        };
        let s = solve(&board, Algorithm::Beam, &options, None).unwrap();
        assert_eq!(verify_order(&board, &s.order), Ok(s.score));
    }
}

/// A comparison whose deadline has passed gives every run no time: each
/// stops with a legal order (the deadline is the whole comparison's, and
/// no run takes the time of the ones after it).
#[test]
fn a_comparison_past_its_deadline_stops_every_run() {
    let board = big_board();
    let options = Options {
        limits: Limits::standard(Some(std::time::Duration::ZERO), None, None),
        ..Options::default()
    };
    let boards = [("big".to_string(), board.clone())];
    let report = CompareReport::new(&boards, &options, None).unwrap();
    assert_eq!(report.rows.len(), Algorithm::ALL.len());
    for row in &report.rows {
        assert!(row.solution.stopped, "{}", row.algorithm);
        assert_eq!(
            verify_order(&board, &row.solution.order),
            Ok(row.solution.score),
            "{}",
            row.algorithm
        );
    }
}

#[test]
fn generator_is_seeded_and_covers_the_board() {
    for (w, h) in [(1, 2), (2, 1), (3, 4), (5, 2), (8, 7)] {
        let a = generate(&Request {
            width: w,
            height: h,
            max_value: 3,
            seed: 42,
        })
        .unwrap();
        assert_eq!(
            a,
            generate(&Request {
                width: w,
                height: h,
                max_value: 3,
                seed: 42
            })
            .unwrap()
        );
        assert_eq!(a.pieces().len() * 2, w * h);
        assert!(a.pieces().iter().all(|p| p.value1 <= 3 && p.value2 <= 3));
    }
    assert_ne!(
        generate(&Request {
            width: 8,
            height: 8,
            max_value: 3,
            seed: 1
        })
        .unwrap(),
        generate(&Request {
            width: 8,
            height: 8,
            max_value: 3,
            seed: 2
        })
        .unwrap()
    );
    assert!(generate(&Request {
        width: 3,
        height: 3,
        max_value: 2,
        seed: 1
    })
    .is_err());
    assert!(generate(&Request {
        width: 0,
        height: 4,
        max_value: 2,
        seed: 1
    })
    .is_err());
    for max_value in 0..4 {
        let (board, order) = generate_clearable(
            &Request {
                width: 6,
                height: 6,
                max_value,
                seed: max_value as u64,
            },
            &Limits::none(),
        )
        .unwrap();
        assert!(board
            .pieces()
            .iter()
            .all(|p| p.value1 <= max_value && p.value2 <= max_value));
        assert_eq!(verify_order(&board, &order), Ok(0));
    }
}

#[test]
fn verify_order_rejects_bad_steps() {
    let board = read("problem1.xml");
    let at = |x, y| {
        board
            .pieces()
            .iter()
            .position(|p| (p.x, p.y) == (x, y))
            .unwrap()
    };
    let first = at(1, 0);
    let err = verify_order(&board, &[first, first]).unwrap_err();
    assert_eq!((err.step, err.piece), (1, first));
    assert!(err.reason.contains("already"));
    let err = verify_order(&board, &[first, 99]).unwrap_err();
    assert_eq!(err.step, 1);
    // (0,0) 2/1 vertical: nothing around it is free at the start.
    let err = verify_order(&board, &[at(0, 0)]).unwrap_err();
    assert_eq!(err.step, 0);
    assert_eq!(verify_order(&board, &[]), Ok(10));
    let frame = board.present_after(&[first, 99], 2);
    assert_eq!(frame.iter().filter(|&&p| p).count(), 9);
    assert!(!frame[first]);
}

/// `moves_within` stopped at once still tells exactly which pieces may
/// vanish; the pieces it calls hopeless are among those `moves` finds
/// (proven all the same, only fewer).
#[test]
fn moves_stopped_early_are_exact_about_what_may_vanish() {
    use domino::vanish::{moves, moves_within};
    let board = generate(&Request {
        width: 80,
        height: 80,
        max_value: 6,
        seed: 9,
    })
    .unwrap();
    let stopped = Limits::new(None, None, Some(Arc::new(AtomicBool::new(true))));
    let mut removed = Vec::new();
    for _ in 0..3 {
        let full = moves(&board, &removed).unwrap();
        let early = moves_within(&board, &removed, &stopped).unwrap();
        assert_eq!(early.removable, full.removable);
        assert_eq!((early.score, early.done), (full.score, full.done));
        assert!(early.never.iter().all(|p| full.never.contains(p)));
        assert!(early.never.len() < full.never.len());
        removed.push(full.removable[0]);
    }
}
