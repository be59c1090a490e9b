//! The ordering model (issue 41) against the brute-force oracle of the
//! vanish tests and the independent order checker, and stopped by every
//! limit with a legal order.

use super::vanish::{oracle, small_board};
use domino::rng::Rng;
use domino::search::Limits;
use domino::vanish::{generate, solve, verify_order, Algorithm, Options, Request};

/// The model alone (from a greedy order) proves the brute-force optimum
/// on small boards, every order replayed by the checker, until it has run
/// on 200 of them: boards where the root's bound does not prove greedy's
/// order already (most small boards with holes; full boards of small
/// values far less often), some of them where greedy is not optimal.
#[test]
fn the_model_matches_brute_force_on_small_boards() {
    let mut rng = Rng::new(41);
    let (mut ran, mut improved) = (0, 0);
    for round in 0..20_000 {
        let board = if round % 2 == 0 {
            small_board(&mut rng, 14)
        } else {
            let (width, height) =
                [(4, 4), (5, 4), (4, 6), (6, 4), (7, 4), (4, 7), (4, 8)][rng.index(7)];
            generate(&Request {
                width,
                height,
                max_value: 1 + rng.below(2) as i64,
                seed: rng.next_u64(),
            })
            .unwrap()
        };
        let options = Options::default();
        let greedy = solve(&board, Algorithm::Greedy, &options, None).unwrap();
        if greedy.score <= greedy.lower_bound {
            continue;
        }
        let expected = oracle(&board);
        let s = solve(&board, Algorithm::Model, &options, None).unwrap();
        assert!(s.optimal && !s.stopped, "round {round}: {board:?}");
        assert_eq!(s.score, expected, "round {round}: {board:?}");
        assert_eq!(
            verify_order(&board, &s.order),
            Ok(expected),
            "round {round}"
        );
        ran += 1;
        improved += usize::from(greedy.score > expected);
        if ran == 200 {
            break;
        }
    }
    assert!(
        ran == 200 && improved >= 20,
        "the model ran {ran} times, improved {improved}"
    );
}

/// Boards of 80 and 100 pieces, where the branch and bound hands over to
/// the model: the exact algorithm and the model alone prove the same
/// score, no approximation beats it, and every order replays.
#[test]
fn exact_and_the_model_agree_on_frontier_boards() {
    for seed in 1..=4 {
        let (w, h, v) = [(10, 16, 2), (10, 20, 3), (10, 16, 1), (10, 20, 2)][seed as usize - 1];
        let board = generate(&Request {
            width: w,
            height: h,
            max_value: v,
            seed,
        })
        .unwrap();
        let options = Options {
            threads: Some(1),
            ..Options::default()
        };
        let exact = solve(&board, Algorithm::Exact, &options, None).unwrap();
        let model = solve(&board, Algorithm::Model, &options, None).unwrap();
        assert!(exact.optimal && model.optimal, "seed {seed}");
        assert_eq!(exact.score, model.score, "seed {seed}");
        for s in [&exact, &model] {
            assert_eq!(verify_order(&board, &s.order), Ok(s.score), "seed {seed}");
        }
        for algorithm in [Algorithm::Greedy, Algorithm::Beam, Algorithm::Scan] {
            let a = solve(&board, algorithm, &options, None).unwrap();
            assert!(a.score >= exact.score, "seed {seed}: {algorithm}");
        }
    }
}

/// A node limit that ends the model's proof on a 100-piece board where
/// greedy is not optimal: the answer is a legal order at least as good as
/// greedy's, marked stopped and not proven, above its lower bound.
#[test]
fn an_interrupted_proof_reports_its_best_order_not_proven() {
    let board = generate(&Request {
        width: 10,
        height: 20,
        max_value: 2,
        seed: 2,
    })
    .unwrap();
    let unlimited = Options {
        threads: Some(1),
        ..Options::default()
    };
    let greedy = solve(&board, Algorithm::Greedy, &unlimited, None).unwrap();
    let best = solve(&board, Algorithm::Model, &unlimited, None).unwrap();
    assert!(best.optimal && best.score < greedy.score);
    let options = Options {
        limits: Limits::new(None, Some(greedy.states + 300), None),
        ..unlimited
    };
    for algorithm in [Algorithm::Model, Algorithm::Exact] {
        let s = solve(&board, algorithm, &options, None).unwrap();
        assert!(s.stopped && !s.optimal, "{algorithm}");
        assert!(s.lower_bound < s.score, "{algorithm}");
        assert!(s.score >= best.score, "{algorithm}");
        assert_eq!(verify_order(&board, &s.order), Ok(s.score), "{algorithm}");
    }
}
