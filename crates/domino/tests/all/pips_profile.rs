//! Generating like given day files (`pips generate --like`): a profile
//! learnt from labelled puzzles draws the boards they have, and the
//! puzzles made with it are valid, unique and graded as asked. The day
//! files here are made by the generator itself, labelled by hand, so the
//! test needs no shared data; the newspaper's own days, when present,
//! give a profile too.

use domino::pips::{
    count, explain, generate, parse_puzzles, verify, Grade, Labeled, Limits, Profile, ProfileError,
    Puzzle, Request,
};
use std::path::PathBuf;

fn made(grade: Grade, cells: usize, seed: u64, profile: Option<Profile>) -> Puzzle {
    let request = Request {
        shape: None,
        cells,
        grade,
        seed,
        tries: Request::TRIES,
        profile,
    };
    generate(&request, &Limits::none())
        .unwrap_or_else(|e| panic!("{grade:?} {cells} cells seed {seed}: {e}"))
        .puzzle
}

fn labelled(grade: Grade, puzzle: Puzzle) -> Labeled {
    Labeled {
        level: Some(grade),
        puzzle,
    }
}

/// Day files of only large boards at every level (10 cells easy, 16
/// medium, 24 hard, where the built-in table's medians are 8, 12 and 20)
/// teach a profile of those sizes, and the puzzles generated with it have
/// them: valid, unique, graded as asked.
#[test]
fn a_profile_of_large_boards_gives_large_boards() {
    let sizes = [(Grade::Easy, 10), (Grade::Medium, 16), (Grade::Hard, 24)];
    let days: Vec<Labeled> = sizes
        .iter()
        .flat_map(|&(grade, cells)| {
            (1..=2).map(move |seed| labelled(grade, made(grade, cells, seed, None)))
        })
        .collect();
    let profile = Profile::learn(&days).unwrap();
    for &(grade, cells) in &sizes {
        assert_eq!(profile.level(grade).cells, [(cells, 2)], "{grade:?}");
    }
    for &(grade, cells) in &sizes {
        for seed in 1..=3 {
            let puzzle = made(grade, Request::LEVEL_CELLS, seed, Some(profile.clone()));
            assert_eq!(puzzle.cells().len(), cells, "{grade:?} seed {seed}");
            assert_eq!(verify(&puzzle, puzzle.solution().unwrap()), Ok(()));
            assert_eq!(count(&puzzle, &Limits::none()).exact(), Some(1));
            assert_eq!(explain(&puzzle, &Limits::none()).grade, grade);
        }
    }
    // The built-in table draws smaller boards for the same seeds (16
    // cells at most, 12 at the median).
    let built_in: Vec<usize> = (1..=3)
        .map(|seed| {
            made(Grade::Medium, Request::LEVEL_CELLS, seed, None)
                .cells()
                .len()
        })
        .collect();
    assert!(built_in.iter().any(|&n| n < 16), "{built_in:?}");
}

/// A level missing from the day files is named, not guessed.
#[test]
fn a_profile_needs_every_level() {
    let days = [labelled(Grade::Easy, made(Grade::Easy, 8, 1, None))];
    assert_eq!(
        Profile::learn(&days),
        Err(ProfileError::NoPuzzles(Grade::Medium))
    );
}

/// The newspaper's shared days (when present) give the sizes of their
/// README's table: medium boards of 8 to 20 cells, hard of 16 to 32.
#[test]
fn the_shared_days_teach_their_sizes() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/pips/nyt");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("no {}: skipped", dir.display());
        return;
    };
    let mut days = Vec::new();
    for entry in entries.flatten() {
        if entry.path().extension().is_some_and(|x| x == "json") {
            let text = std::fs::read_to_string(entry.path()).unwrap();
            days.extend(parse_puzzles(&text).unwrap());
        }
    }
    let profile = Profile::learn(&days).unwrap();
    let range = |grade| {
        let cells = &profile.level(grade).cells;
        (cells[0].0, cells[cells.len() - 1].0)
    };
    assert_eq!(range(Grade::Medium), (8, 20));
    assert_eq!(range(Grade::Hard), (16, 32));
    assert_eq!(profile.level(Grade::Hard).pips, 6);
}
