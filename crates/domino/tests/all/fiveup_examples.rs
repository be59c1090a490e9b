//! The challenge text's examples (references/fiveup-validity-challenge.txt)
//! and hand-made cases, each pinned to its verdict, move and reason.

use domino::fiveup::{solve, verify_layout, IllegalMove, Reason};
use domino::parse_dominoes;

fn legal(text: &str) {
    let game = parse_dominoes(text).unwrap();
    let layout = solve(&game).unwrap_or_else(|e| panic!("{text}: illegal at {}: {e}", e.index));
    verify_layout(&game, &layout).unwrap_or_else(|e| panic!("{text}: bad layout: {e}"));
}

fn illegal(text: &str, index: usize) -> IllegalMove {
    let game = parse_dominoes(text).unwrap();
    let illegal = solve(&game).expect_err(text);
    assert_eq!(illegal.index, index, "{text}: {illegal}");
    assert_eq!(illegal.domino, game[index]);
    illegal
}

#[test]
fn challenge_examples() {
    legal("0-6");
    let dup = illegal("0-6 6-0", 1);
    assert_eq!(dup.reason, Reason::Duplicate { earlier: 0 });
    assert_eq!(dup.to_string(), "6|0 was already played as the 1st play");
    legal("6-6 6-5 5-3 3-0");
    let unseen = illegal("6-6 6-5 3-0 5-3", 2);
    assert_eq!(unseen.reason, Reason::NoOpenEnd);
    assert_eq!(unseen.to_string(), "no earlier play shows 3 or 0");
    let full = illegal("1-1 1-2 1-3 1-4 1-5 1-6", 5);
    assert_eq!(
        full.reason,
        Reason::Taken {
            ends: vec![(1, 4)],
            competing: vec![1, 2, 3, 4]
        }
    );
    assert_eq!(
        full.to_string(),
        "every end showing 1 is taken (4 ends showing 1 played, all in use), and no other \
         layout of the earlier plays frees one: the 2nd, 3rd, 4th and 5th plays need every end they \
         could take"
    );
    legal("1-1 1-2 1-3 1-4 1-5 3-6 1-6");
    legal("5-5 5-4 5-0 0-6 6-6 6-4 6-2 2-1 6-3 5-1 1-1 1-6 4-1 1-0 0-0 2-0 3-0 0-4");
}

/// The challenge calls this game valid, but under its own rules it is not:
/// if 3-1 attaches by 3 (taking 3-12's 3), then 1-2 takes a 1 and 3-3 finds
/// no 3; if 3-1 attaches by 1 (taking 12-1's 1), then 1-2 finds no 1.
#[test]
fn the_last_challenge_example_is_illegal_at_3_3() {
    let why = illegal("12-12 12-1 3-12 3-1 1-2 3-3", 5);
    match &why.reason {
        Reason::Taken { ends, competing } => {
            assert_eq!(ends, &vec![(3, 1)]);
            assert_eq!(competing, &vec![3, 4]);
        }
        other => panic!("unexpected reason {other:?}"),
    }
    // Without the last move, the game is legal.
    legal("12-12 12-1 3-12 3-1 1-2");
}

/// Greedy attachment fails here: after 6-6 6-3 6-2, the play 2-3 must
/// leave open whichever of 2 and 3 comes next, in either orientation, and
/// cannot leave both.
#[test]
fn ambiguous_attachment_is_repaired() {
    for history in ["6-6 6-3 6-2 2-3", "6-6 6-3 6-2 3-2", "6-6 6-2 6-3 2-3"] {
        legal(&format!("{history} 2-4"));
        legal(&format!("{history} 3-4"));
        legal(&format!("{history} 2-4 6-5 3-5"));
        illegal(&format!("{history} 2-4 3-5"), 5);
        illegal(&format!("{history} 3-4 2-5"), 5);
    }
}

#[test]
fn small_games() {
    legal("");
    legal("5-5");
    legal("5-5 5-1 5-2 5-3 5-4");
    illegal("5-5 5-1 5-2 5-3 5-4 5-6", 5);
    legal("1-2 2-2 2-3 2-4 2-5");
    illegal("1-2 2-2 2-3 2-4 2-5 2-6", 5);
    illegal("1-2 3-3", 1);
    illegal("1-2 1-1 1-1", 2);
    legal("-5--5 -5-9223372036854775807 9223372036854775807|-9223372036854775808");
}

/// verify_layout rejects every kind of broken layout.
#[test]
fn verify_layout_rejects_broken_layouts() {
    let game = parse_dominoes("1-1 1-2 1-3 1-4 1-5 3-6 1-6").unwrap();
    let good = solve(&game).unwrap();
    verify_layout(&game, &good).unwrap();
    let broken = |edit: &dyn Fn(&mut Vec<domino::fiveup::Play>)| {
        let mut layout = good.clone();
        edit(&mut layout);
        verify_layout(&game, &layout).unwrap_err().to_string()
    };
    // 1-6 on the spinner: its four ends are taken by 1-2 .. 1-5.
    let err = broken(&|l| {
        l[6].attached_to = Some(0);
        l[6].via = Some(1);
    });
    assert!(
        err.starts_with("the 7th play: the 1st play (1|1) has no free end showing 1"),
        "{err}"
    );
    // 3-6 cannot attach by 6 to 1-3, which shows no 6.
    let err = broken(&|l| l[5].via = Some(6));
    assert!(
        err.contains("does not show") || err.contains("no free end"),
        "{err}"
    );
    // A later play is no partner.
    let err = broken(&|l| l[5].attached_to = Some(6));
    assert!(err.contains("not earlier"), "{err}");
    // A number the domino does not show.
    let err = broken(&|l| l[1].via = Some(7));
    assert!(err.contains("does not show 7"), "{err}");
    // The first play attaches to nothing; the others must attach.
    let err = broken(&|l| l[0].attached_to = Some(0));
    assert!(err.contains("first play"), "{err}");
    let err = broken(&|l| l[3].via = None);
    assert!(err.contains("no partner"), "{err}");
    // Wrong length, wrong piece.
    let err = broken(&|l| {
        l.pop();
    });
    assert!(err.contains("placements"), "{err}");
    let err = broken(&|l| l[2].domino = domino::Domino::new(2, 9));
    assert!(err.contains("the layout has"), "{err}");
    // A repeated domino is caught even with a plausible placement.
    let repeated = parse_dominoes("1-1 1-2 2-1").unwrap();
    let mut layout = solve(&repeated[..2]).unwrap();
    layout.push(domino::fiveup::Play {
        domino: repeated[2],
        attached_to: Some(0),
        via: Some(1),
    });
    let err = verify_layout(&repeated, &layout).unwrap_err().to_string();
    // Plays counted as a player counts them, as every Five Up text does.
    assert_eq!(err, "the 3rd play: 2|1 was already played as the 2nd play");
}
