//! The board-puzzle contract (`domino::board::BoardPuzzle`) exercised once
//! for both families by one generic test: seeded puzzles generated, then
//! every slot asked about them, each answer checked with the family's
//! `verify`; a paste with a mistake refused with its position; the names
//! of the grades read back. Also the one wording of an unknown name.

use domino::board::{check_generated, BoardPuzzle, ExplainAnswer, PlayAnswer, SolveAnswer};
use domino::names::Named;
use domino::search::{Goal, Limits, SolveMode, SolveOptions};
use domino::{pips, place};

/// Every slot of `F` on the puzzles `requests` make, and on `text` (one
/// puzzle) and `broken` (a mistake on line 2).
fn contract_holds<F: BoardPuzzle>(requests: Vec<F::Request>, text: &str, broken: &str) {
    let limits = Limits::default();
    let mut made = Vec::new();
    for request in &requests {
        let generated =
            F::generate(request, &limits).unwrap_or_else(|e| panic!("{}: no puzzle: {e}", F::NAME));
        let (puzzle, solution) = F::generated(generated);
        let solution = solution.expect("a generated puzzle comes with its solution");
        assert!(F::verify(&puzzle, &solution).is_ok(), "{}", F::NAME);
        assert!(F::validate(&puzzle).is_ok());

        let found = F::solve(&puzzle, Goal::UNIQUE, &limits);
        assert_eq!((found.count, found.complete), (1, true), "{}", F::NAME);
        for s in &found.solutions {
            assert!(F::verify(&puzzle, s).is_ok());
        }
        let counted = F::count(&puzzle, &limits);
        assert_eq!(counted.exact(), Some(1));
        assert!(!counted.saturated);

        let options = SolveOptions {
            mode: SolveMode::All,
            ..SolveOptions::default()
        };
        let mut listed = Vec::new();
        let report = F::solve_report_each(&puzzle, &options, &limits, &mut |s| {
            listed.push(s.clone());
            std::ops::ControlFlow::Continue(())
        });
        assert!(report.solved() && report.found().complete);
        assert_eq!(listed.len(), 1);
        assert!(F::verify(&puzzle, &listed[0]).is_ok());
        assert!(report.closing_text(1).contains("unique"));
        drop(report);
        let collected = F::solve_report(&puzzle, &SolveOptions::default(), &limits);
        assert!(collected.text().contains("unique solution"));
        drop(collected);

        let grade = F::grade(&puzzle, &limits);
        assert!(<F::Grade as Named>::NAMES.contains(&grade.name()));
        assert!(grade.to_string().parse::<F::Grade>() == Ok(grade));
        let explained = F::explain_report(&puzzle, &limits);
        assert!(!explained.text().is_empty());
        let complete = explained.complete();
        drop(explained);

        // Nothing laid: nothing solved, nothing wrong, a step to take.
        let empty = F::Played::default();
        let check = F::check_play(&puzzle, &empty, &limits);
        assert!(!check.solved() && check.wrong().is_empty());
        let first = F::hint(&puzzle, &empty, &limits);
        assert!(!first.solved() && first.wrong().is_empty());
        if complete {
            assert!(first.step().is_some(), "{}: no first hint", F::NAME);
        }
        // Every piece of the solution laid: solved, no hint needed.
        let all = F::played(&puzzle, &solution);
        assert!(F::check_play(&puzzle, &all, &limits).solved());
        drop(check);
        let done = F::hint(&puzzle, &all, &limits);
        assert!(done.solved() && done.step().is_none());
        made.push((puzzle, solution));
    }
    // verify can fail: another puzzle's solution is refused.
    let mut refused = 0;
    for pair in made.windows(2) {
        if F::verify(&pair[0].0, &pair[1].1).is_err() {
            refused += 1;
        }
    }
    assert!(
        refused > 0,
        "{}: verify accepted every other solution",
        F::NAME
    );

    let read = F::parse(text, &F::ParseOptions::default()).expect("the sample reads");
    assert_eq!(read.len(), 1);
    let found = F::solve(&read[0], Goal::UNIQUE, &limits);
    assert!(found.count >= 1);
    assert!(F::verify(&read[0], &found.solutions[0]).is_ok());
    let error = F::parse(broken, &F::ParseOptions::default())
        .err()
        .expect("the broken sample is refused");
    assert_eq!(
        error.position.map(|p| p.line),
        Some(2),
        "{}: {error}",
        F::NAME
    );
}

#[test]
fn place_keeps_the_contract() {
    let requests = (0..4)
        .map(|seed| place::Request {
            set: 3,
            level: if seed % 2 == 0 {
                place::Level::Trivial
            } else {
                place::Level::Basic
            },
            seed,
            outline: place::Outline::for_set(3),
            clues: false,
            max_rounds: place::Request::MAX_ROUNDS,
        })
        .collect();
    contract_holds::<place::Place>(requests, "0 0 0 1 1 1", "0 0 0\n1 y 1");
}

#[test]
fn pips_keeps_the_contract() {
    let requests = (0..4)
        .map(|seed| pips::Request {
            shape: None,
            cells: pips::Request::LEVEL_CELLS,
            grade: if seed % 2 == 0 {
                pips::Grade::Easy
            } else {
                pips::Grade::Medium
            },
            seed,
            tries: pips::Request::TRIES,
            profile: None,
        })
        .collect();
    contract_holds::<pips::Pips>(requests, "AB\nA = 1\nB = 2\n1-2", "AB\nA ? 1\nB = 2\n1-2");
}

/// A generated puzzle passes the check every door makes before handing
/// it out, and a broken solution fails it; a request no puzzle can meet
/// is told apart from one that ran out of tries.
#[test]
fn generated_puzzles_are_checked_and_bad_requests_told_apart() {
    use place::Place;
    let limits = Limits::default();
    let request = place::Request {
        set: 3,
        level: place::Level::Basic,
        seed: 1,
        outline: place::Outline::for_set(3),
        clues: false,
        max_rounds: place::Request::MAX_ROUNDS,
    };
    let made = Place::generate(&request, &limits).expect("a double-3 puzzle");
    assert_eq!(check_generated::<Place>(made.clone()), Ok(()));
    let mut broken = made;
    let bones = &mut broken.solution.bones;
    let other = bones
        .iter()
        .position(|b| *b != bones[0])
        .expect("two bones");
    bones.swap(0, other);
    assert!(check_generated::<Place>(broken).is_err());

    let misshapen = place::Request {
        outline: place::Outline::for_set(4),
        ..request.clone()
    };
    let error = Place::generate(&misshapen, &limits).expect_err("a double-4 shape");
    assert!(Place::invalid_request(&error), "{error}");
    let hopeless = place::Request {
        set: 1,
        level: place::Level::Trivial,
        outline: place::Outline::for_set(1),
        max_rounds: 50,
        ..request
    };
    let error = Place::generate(&hopeless, &limits).expect_err("no trivial double-1 at seed 1");
    assert!(!Place::invalid_request(&error), "{error}");
}

#[test]
fn every_name_is_read_back_and_an_unknown_one_is_refused_alike() {
    fn round_trip<T: Named + std::str::FromStr<Err = String> + std::fmt::Debug>() {
        assert_eq!(T::ALL.len(), T::NAMES.len());
        for (&value, &name) in T::ALL.iter().zip(T::NAMES) {
            assert_eq!(value.name(), name);
            assert_eq!(name.parse::<T>(), Ok(value));
        }
        let refused = "nonsense".parse::<T>().unwrap_err();
        let expected = format!("unknown {} 'nonsense' (expected ", T::WHAT);
        assert!(refused.starts_with(&expected), "{refused}");
    }
    round_trip::<place::Level>();
    round_trip::<place::Grade>();
    round_trip::<pips::Grade>();
    round_trip::<domino::vanish::Algorithm>();
    let grade: pips::Grade = serde_json::from_str("\"medium\"").unwrap();
    assert_eq!(grade, pips::Grade::Medium);
    assert!(serde_json::from_str::<place::Level>("\"search\"").is_err());
}
