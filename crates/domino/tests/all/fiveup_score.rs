//! Five Up scoring: hand-worked games, the best and worst totals against a
//! brute force that builds every layout move by move and scores each with
//! `score_layout`, and the text forms `score_text` reads.

use domino::fiveup::{
    random_game, score_layout, score_range, score_text, solve, GameSpec, Play, ScoreError,
    ScoreReport,
};
use domino::rng::Rng;
use domino::{parse_dominoes, Domino};

fn plays(text: &str) -> Vec<Domino> {
    parse_dominoes(text).unwrap()
}

/// A layout from (partner, via) per play after the first.
fn layout(game: &[Domino], links: &[(usize, i64)]) -> Vec<Play> {
    let mut out = vec![Play {
        domino: game[0],
        attached_to: None,
        via: None,
    }];
    for (d, &(j, v)) in game[1..].iter().zip(links) {
        out.push(Play {
            domino: *d,
            attached_to: Some(j),
            via: Some(v),
        });
    }
    out
}

fn points_of(game: &str, links: &[(usize, i64)]) -> (Vec<(i128, i128)>, i128) {
    let game = plays(game);
    let score = score_layout(&game, &layout(&game, links)).unwrap();
    let per = score.plays.iter().map(|s| (s.ends, s.points)).collect();
    (per, score.total)
}

#[test]
fn hand_worked_games() {
    // A spinner played first counts both halves until both long sides
    // are taken; short sides count like any end.
    assert_eq!(
        points_of("5-5 5-0 5-4 5-1", &[(0, 5), (0, 5), (0, 5)]),
        (vec![(10, 10), (10, 10), (4, 0), (5, 5)], 25)
    );
    // An attached double counts 2v until a play is attached to it; the
    // first play's halves each count until covered.
    assert_eq!(
        points_of("6-4 4-4 4-1", &[(0, 4), (1, 4)]),
        (vec![(10, 10), (14, 0), (7, 0)], 10)
    );
    assert_eq!(
        points_of("5-0 0-0 5-5", &[(0, 0), (0, 5)]),
        (vec![(5, 5), (5, 5), (10, 10)], 20)
    );
    // A plain line: only the two ends count.
    assert_eq!(
        points_of("3-2 2-6 3-4 6-1", &[(0, 2), (0, 3), (1, 6)]),
        (vec![(5, 5), (9, 0), (10, 10), (5, 5)], 20)
    );
    // Sums that are not positive multiples of five score nothing.
    assert_eq!(points_of("0-0", &[]), (vec![(0, 0)], 0));
}

#[test]
fn a_bad_layout_is_not_scored() {
    let game = plays("1-2 2-3 2-4");
    // Move 2 reuses the 2 end that move 1 took.
    let wrong = layout(&game, &[(0, 2), (0, 2)]);
    assert!(score_layout(&game, &wrong).is_err());
}

/// Every legal layout of `game`, built move by move: each play attaches to
/// every earlier play that still offers a free end showing one of its
/// halves, by that half.
fn all_layouts(game: &[Domino]) -> Vec<Vec<Play>> {
    fn free(game: &[Domino], done: &[Play], j: usize, v: i64) -> bool {
        let d = game[j];
        let offered = match (done[j].attached_to, d.is_double()) {
            _ if d.a != v && d.b != v => 0,
            (None, true) => 4,
            (None, false) => 1,
            (Some(_), true) => 3,
            (Some(_), false) => {
                let by = done[j].via.unwrap();
                usize::from((if d.a == by { d.b } else { d.a }) == v)
            }
        };
        let taken = done
            .iter()
            .filter(|p| p.attached_to == Some(j) && p.via == Some(v))
            .count();
        taken < offered
    }
    fn extend(game: &[Domino], done: &mut Vec<Play>, out: &mut Vec<Vec<Play>>) {
        let k = done.len();
        if k == game.len() {
            out.push(done.clone());
            return;
        }
        let d = game[k];
        let vias: &[i64] = if d.is_double() { &[d.a] } else { &[d.a, d.b] };
        for j in 0..k {
            for &v in vias {
                if free(game, done, j, v) {
                    done.push(Play {
                        domino: d,
                        attached_to: Some(j),
                        via: Some(v),
                    });
                    extend(game, done, out);
                    done.pop();
                }
            }
        }
    }
    let mut out = Vec::new();
    let mut done = vec![Play {
        domino: game[0],
        attached_to: None,
        via: None,
    }];
    extend(game, &mut done, &mut out);
    out
}

#[test]
fn best_and_worst_agree_with_every_layout() {
    let mut rng = Rng::new(55);
    let mut spread = 0;
    for seed in 0..400 {
        let spec = GameSpec {
            plays: 1 + rng.index(8),
            values: 3 + rng.below(5),
            doubles_percent: [10, 30, 50][rng.index(3)],
            huge: false,
            ambiguous: rng.chance(1, 2),
        };
        let game = random_game(&spec, seed);
        let totals: Vec<i128> = all_layouts(&game)
            .iter()
            .map(|l| score_layout(&game, l).unwrap().total)
            .collect();
        let range = score_range(&game).unwrap();
        assert!(range.computed, "{game:?}");
        assert_eq!(range.best, totals.iter().copied().max(), "{game:?}");
        assert_eq!(range.worst, totals.iter().copied().min(), "{game:?}");
        spread += usize::from(range.best != range.worst);
    }
    // Many games score differently under different layouts.
    assert!(spread > 30, "{spread}");
}

#[test]
fn long_or_illegal_orders() {
    let spec = GameSpec {
        plays: 40,
        values: 30,
        doubles_percent: 10,
        huge: false,
        ambiguous: false,
    };
    let game = random_game(&spec, 1);
    let range = score_range(&game).unwrap();
    assert!(!range.computed && range.best.is_none() && range.why.is_some());
    assert!(score_range(&plays("1-2 3-4")).is_err());
    // A whole double-six set, played as a legal game, is searched.
    let six = random_game(
        &GameSpec {
            plays: 28,
            values: 7,
            doubles_percent: 15,
            huge: false,
            ambiguous: true,
        },
        4,
    );
    assert!(score_range(&six).unwrap().computed || six.len() < 28);
}

#[test]
fn text_forms() {
    let game = plays("5-5 5-0 5-4 5-1");
    let json = format!(
        "{{\"valid\":true,\"placements\":[{}]}}",
        solve(&game)
            .unwrap()
            .iter()
            .map(|p| format!(
                "{{\"domino\":[{},{}],\"attached_to\":{},\"via\":{}}}",
                p.domino.a,
                p.domino.b,
                p.attached_to.map_or("null".into(), |j| j.to_string()),
                p.via.map_or("null".into(), |v| v.to_string())
            ))
            .collect::<Vec<_>>()
            .join(",")
    );
    match score_text(&json).unwrap() {
        ScoreReport::Layout(score) => assert_eq!(score.total, 25),
        other => panic!("{other:?}"),
    }
    match score_text("5-5 5-0 5-4 5-1").unwrap() {
        ScoreReport::Order { plays, range } => {
            assert_eq!(plays, 4);
            assert_eq!((range.best, range.worst), (Some(25), Some(25)));
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        score_text("[{\"domino\":[1,2],\"attached_to\":null}, {\"domino\":[2,3],\"attached_to\":0,\"via\":3}]"),
        Err(ScoreError::BadLayout(_))
    ));
    assert!(matches!(
        score_text("{\"placements\": 3}"),
        Err(ScoreError::Input(_))
    ));
    assert!(
        matches!(score_text("{\"placements\": [}"), Err(ScoreError::Input(e)) if e.position.is_some())
    );
    assert!(matches!(score_text("1-2 3-4"), Err(ScoreError::Illegal(_))));
}
