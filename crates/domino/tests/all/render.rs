//! Structure tests of the pictures, without a browser: the number of tiles
//! each picture draws, and every shape inside the picture's viewBox.

use domino::chain::{self, Ends};
use domino::fiveup::{IllegalMove, Play, Reason};
use domino::pips::{generate, Grade, Laid, Limits, Request};
use domino::render::html::{page, Figure, FigureBody, Section};
use domino::render::{
    chain_svg, explain_player, fiveup_svg, pips_play_svg, pips_puzzle_svg, place_svg,
    vanish_player, vanish_svg, ChainKind, ChainPicture, ExplainStep, FiveUpPicture, PlacePicture,
    VanishPicture, ABBREVIATE_ABOVE,
};
use domino::rng::Rng;
use domino::vanish::{Board, Orientation, Piece};
use domino::Domino;

use crate::samples;

/// The attributes of every element of an SVG document, in order.
fn elements(svg: &str) -> Vec<(String, Vec<(String, String)>)> {
    let mut out = Vec::new();
    for chunk in svg.split('<').skip(1) {
        if chunk.starts_with('/') {
            continue;
        }
        let end = chunk.find('>').expect("a tag closes");
        let tag = &chunk[..end];
        let name: String = tag
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        let mut attrs = Vec::new();
        let mut rest = &tag[name.len()..];
        while let Some(eq) = rest.find("=\"") {
            let key = rest[..eq].trim().to_string();
            let value_end = rest[eq + 2..].find('"').expect("attribute closes");
            attrs.push((key, rest[eq + 2..eq + 2 + value_end].to_string()));
            rest = &rest[eq + 3 + value_end..];
        }
        out.push((name, attrs));
    }
    out
}

fn attr<'a>(attrs: &'a [(String, String)], key: &str) -> Option<&'a str> {
    attrs
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

fn num(attrs: &[(String, String)], key: &str) -> f64 {
    attr(attrs, key).map_or(0.0, |v| v.parse().expect("a number"))
}

/// Checks the document's frame and that every shape lies inside it;
/// returns the number of tiles.
fn check_svg(svg: &str) -> usize {
    let all = elements(svg);
    let (name, root) = &all[0];
    assert_eq!(name, "svg");
    let view: Vec<f64> = attr(root, "viewBox")
        .expect("a viewBox")
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(&view[..2], &[0.0, 0.0]);
    let (w, h) = (view[2], view[3]);
    assert_eq!(num(root, "width"), w);
    assert_eq!(num(root, "height"), h);
    assert!(w > 0.0 && h > 0.0);
    let inside = |x: f64, y: f64, what: &str| {
        assert!(
            (-0.01..=w + 0.01).contains(&x) && (-0.01..=h + 0.01).contains(&y),
            "{what} at ({x}, {y}) outside 0 0 {w} {h}"
        );
    };
    let mut tiles = 0;
    for (name, a) in &all[1..] {
        match name.as_str() {
            "rect" => {
                let (x, y) = (num(a, "x"), num(a, "y"));
                inside(x, y, "rect corner");
                inside(x + num(a, "width"), y + num(a, "height"), "rect corner");
            }
            "circle" => {
                let r = num(a, "r");
                inside(num(a, "cx") - r, num(a, "cy") - r, "circle");
                inside(num(a, "cx") + r, num(a, "cy") + r, "circle");
            }
            "line" => {
                inside(num(a, "x1"), num(a, "y1"), "line end");
                inside(num(a, "x2"), num(a, "y2"), "line end");
            }
            "text" => inside(num(a, "x"), num(a, "y"), "text anchor"),
            "g" if attr(a, "class").is_some_and(|c| c.split(' ').any(|c| c == "tile")) => {
                tiles += 1
            }
            _ => {}
        }
    }
    assert_eq!(attr(root, "data-tiles"), Some(tiles.to_string().as_str()));
    tiles
}

fn double_set(n: i64) -> Vec<Domino> {
    (0..=n)
        .flat_map(|a| (a..=n).map(move |b| Domino::new(a, b)))
        .collect()
}

fn chain_picture(dominoes: &[Domino], kind: ChainKind) -> String {
    chain_svg(&ChainPicture {
        dominoes,
        kind: &kind,
    })
}

#[test]
fn a_closed_chain_draws_every_tile_and_marks_the_closing_match() {
    let chain = chain::solve(&double_set(6), Ends::Closed).unwrap();
    let svg = chain_picture(&chain, ChainKind::Closed);
    assert_eq!(check_svg(&svg), 28);
    assert_eq!(svg.matches("end-mark").count(), 2);
    assert!(svg.contains("closed chain of 28 dominoes"));
}

#[test]
fn a_hand_without_a_chain_is_drawn_apart_with_the_reason() {
    let hand = domino::parse_dominoes("1|2 2|3 3|1 4|5 5|6 6|4").unwrap();
    let why = chain::solve(&hand, Ends::Closed).unwrap_err();
    let svg = chain_picture(&hand, ChainKind::NoChain(why.to_string()));
    assert_eq!(check_svg(&svg), 6);
    assert_eq!(svg.matches("end-mark").count(), 0);
    assert!(svg.contains("never touch"));
}

#[test]
fn long_chains_are_abbreviated() {
    let chain = chain::solve(&double_set(44), Ends::Closed).unwrap();
    let svg = chain_picture(&chain, ChainKind::Closed);
    assert_eq!(chain.len(), 1035);
    assert_eq!(check_svg(&svg), 72);
    assert!(svg.contains("963 more dominoes not shown"));
    assert!(svg.contains(r#"data-dominoes="1035""#));
    // The last domino is drawn, with its mark.
    assert!(svg.contains(r#"data-index="1034""#));
    assert_eq!(svg.matches("end-mark").count(), 2);
    // A million dominoes cost no more than a thousand.
    let huge: Vec<Domino> = (0..1_000_000).map(|k| Domino::new(k, k + 1)).collect();
    let big = chain_picture(&huge, ChainKind::Open);
    assert_eq!(check_svg(&big), 72);
    assert!(big.len() < 3 * svg.len());
}

#[test]
fn random_chains_fit_their_picture() {
    let mut rng = Rng::new(7);
    for round in 0..120 {
        let n = match round % 4 {
            0 => rng.index(10),
            1 => rng.index(40),
            2 => rng.index(200),
            _ => ABBREVIATE_ABOVE - 2 + rng.index(4),
        };
        let wide = round % 3 == 0;
        let dominoes: Vec<Domino> = (0..n)
            .map(|_| {
                let v = |rng: &mut Rng| {
                    if wide {
                        rng.next_u64() as i64
                    } else {
                        rng.below(7) as i64
                    }
                };
                Domino::new(v(&mut rng), v(&mut rng))
            })
            .collect();
        let kind = match round % 3 {
            0 => ChainKind::Open,
            1 => ChainKind::Closed,
            _ => ChainKind::NoChain("a reason that is long enough to wrap over more than one line of the note under the picture".into()),
        };
        let drawn = if n > ABBREVIATE_ABOVE { 72 } else { n };
        assert_eq!(check_svg(&chain_picture(&dominoes, kind)), drawn, "n = {n}");
    }
}

#[test]
fn fiveup_layouts_draw_every_play() {
    let game = samples::fiveup_game();
    let svg = fiveup_svg(&FiveUpPicture {
        plays: &game,
        illegal: None,
    });
    assert_eq!(check_svg(&svg), 12);
    assert_eq!(svg.matches(r#"class="tile spinner""#).count(), 4);
    let (prefix, illegal) = samples::fiveup_illegal();
    let svg = fiveup_svg(&FiveUpPicture {
        plays: &prefix,
        illegal: Some(&illegal),
    });
    assert_eq!(check_svg(&svg), 3);
    assert_eq!(svg.matches(r#"class="tile illegal""#).count(), 1);
    assert!(svg.contains("the 3rd play (5|1) is illegal"));
}

#[test]
fn fiveup_random_chains_of_spinners_fit_and_never_panic() {
    let mut rng = Rng::new(11);
    for _ in 0..60 {
        let n = 1 + rng.index(40);
        let mut plays: Vec<Play> = Vec::with_capacity(n);
        for i in 0..n {
            let a = rng.below(7) as i64;
            let b = rng.below(7) as i64;
            let attached_to = if i == 0 { None } else { Some(rng.index(i + 2)) };
            let via = if rng.chance(4, 5) { a } else { 9 };
            plays.push(Play {
                domino: Domino::new(a, b),
                attached_to,
                via: Some(via),
            });
        }
        let illegal = IllegalMove {
            index: n,
            domino: Domino::new(12, 13),
            reason: Reason::NoOpenEnd,
        };
        let svg = fiveup_svg(&FiveUpPicture {
            plays: &plays,
            illegal: rng.chance(1, 2).then_some(&illegal),
        });
        let tiles = check_svg(&svg);
        assert!(tiles == n || tiles == n + 1);
    }
}

#[test]
fn place_boards_draw_cells_clues_and_solutions() {
    let small = samples::place_small();
    let puzzle = PlacePicture {
        board: &small.board,
        solution: None,
        clues: &small.clues,
    };
    let svg = place_svg(&puzzle);
    assert_eq!(check_svg(&svg), 1, "the clue piece");
    assert!(svg.contains(r#"data-cells="20""#));
    let solved = PlacePicture {
        solution: Some(&small.solution),
        ..puzzle
    };
    let svg = place_svg(&solved);
    assert_eq!(check_svg(&svg), 11, "the clue and the ten bones");
    assert_eq!(svg.matches("data-bone=").count(), 10);
    assert_eq!(svg.matches("class=\"loose\"").count(), 0);
}

#[test]
fn a_double_20_board_fits_and_uses_digits() {
    let big = samples::place_random(20, 3);
    let svg = place_svg(&PlacePicture {
        board: &big.board,
        solution: Some(&big.solution),
        clues: &[],
    });
    assert_eq!(check_svg(&svg), 231);
    assert_eq!(svg.matches("<circle").count(), 0, "digits throughout");
    let width: f64 = svg
        .split("width=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(width < 1000.0, "readable without scrolling: {width}");
}

#[test]
fn broken_solutions_and_ragged_boards_are_drawn_without_panic() {
    let board = vec![vec![Some(1), Some(2), None], vec![Some(3)], vec![]];
    let solution = vec![vec![Some(1), Some(2), Some(3)], vec![Some(1), Some(7)]];
    let clues = [[(0, 0), (5, 5)], [(0, 0), (0, 1)]];
    let picture = PlacePicture {
        board: &board,
        solution: Some(&solution),
        clues: &clues,
    };
    let svg = place_svg(&picture);
    // Bone 1 covers (0,0)-(1,0); bone 2 has one cell on the board; bones
    // 3 and 7 lie on holes; one clue is not a pair of neighbours.
    assert_eq!(check_svg(&svg), 2);
    assert_eq!(svg.matches("class=\"loose\"").count(), 1);
    let steps = [ExplainStep {
        technique: "t".into(),
        text: "cells off the board".into(),
        cells: vec![(9, 9), (0, 1)],
    }];
    let figure = explain_player(&picture, &steps, "c");
    let FigureBody::Player { svg, steps } = figure.body else {
        panic!("a player")
    };
    assert_eq!(steps, 2);
    check_svg(&svg);
}

#[test]
fn explain_players_have_one_step_per_deduction_and_the_solution() {
    let small = samples::place_small();
    let picture = PlacePicture {
        board: &small.board,
        solution: Some(&small.solution),
        clues: &small.clues,
    };
    let figure = explain_player(&picture, &small.steps, "c");
    let FigureBody::Player { svg, steps } = figure.body else {
        panic!("a player")
    };
    assert_eq!(steps, small.steps.len() + 1);
    check_svg(&svg);
    for k in 1..=small.steps.len() {
        let marker = format!(
            r#"class="step-cells step-hidden" data-from="{k}" data-until="{}""#,
            k + 1
        );
        assert!(svg.contains(&marker), "{marker}");
    }
    assert!(svg.contains(r#"class="solution step-hidden" data-from="5""#));
}

#[test]
fn vanish_frames_show_the_board_after_each_removal() {
    let sample = samples::vanish_example();
    let picture = VanishPicture {
        board: &sample.board,
        order: &sample.order,
    };
    for step in 0..=10 {
        let svg = vanish_svg(&picture, step);
        assert_eq!(check_svg(&svg), 10 - step);
        let ghosts = svg.matches("class=\"ghost").count();
        assert_eq!(ghosts, step);
        assert_eq!(svg.matches("just-removed").count(), usize::from(step > 0));
    }
    let figure = vanish_player(&picture, "c");
    let FigureBody::Player { svg, steps } = &figure.body else {
        panic!("a player")
    };
    assert_eq!(*steps, 10);
    assert_eq!(check_svg(svg), 10);
    // Piece 1 goes first: shown until step 1, its outline from step 1.
    assert!(svg.contains(r#"<g class="tile" data-until="1" data-piece="1">"#));
    let html = page(
        "t",
        "i",
        &[Section {
            heading: "vanish".into(),
            text: String::new(),
            figures: vec![figure.clone(), Figure::still("s", vanish_svg(&picture, 3))],
        }],
    );
    assert!(html.contains("Step 0 of 10"));
}

#[test]
fn vanish_skips_bad_order_entries() {
    let board = Board::new(
        7,
        6,
        vec![
            Piece {
                x: 0,
                y: 0,
                orientation: Orientation::Horizontal,
                value1: 0,
                value2: 12,
            },
            Piece {
                x: 6,
                y: 4,
                orientation: Orientation::Vertical,
                value1: 3,
                value2: 3,
            },
        ],
    )
    .unwrap();
    let picture = VanishPicture {
        board: &board,
        order: &[0, 0, 5, 1],
    };
    let figure = vanish_player(&picture, "c");
    let FigureBody::Player { svg, steps } = figure.body else {
        panic!("a player")
    };
    assert_eq!(steps, 2);
    assert_eq!(check_svg(&svg), 2);
    assert_eq!(check_svg(&vanish_svg(&picture, 99)), 0);
}

#[test]
fn pips_pictures_draw_the_solution_and_the_pieces_that_count() {
    for seed in 1..=4 {
        let made = generate(
            &Request {
                shape: None,
                cells: 10,
                grade: Grade::Easy,
                seed,
                tries: 500,
                profile: None,
            },
            &Limits::none(),
        )
        .expect("an easy puzzle of 10 cells");
        let puzzle = &made.puzzle;
        let solution = puzzle.solution().expect("a generated solution");
        let n = puzzle.dominoes().len();
        assert_eq!(check_svg(&pips_puzzle_svg(puzzle, None)), 0);
        assert_eq!(check_svg(&pips_puzzle_svg(puzzle, Some(solution))), n);
        let mut plays: Vec<Laid> = solution
            .placements
            .iter()
            .enumerate()
            .map(|(domino, &cells)| Laid { domino, cells })
            .collect();
        // A domino laid twice and one that does not exist do not count.
        plays.push(plays[0]);
        plays.push(Laid {
            domino: n,
            cells: [(0, 0), (0, 1)],
        });
        let svg = pips_play_svg(puzzle, &plays);
        assert_eq!(check_svg(&svg), n);
        // The play picture is the solved one with its rows and columns
        // numbered from 1 (the names hints give cells).
        let solved = pips_puzzle_svg(puzzle, Some(solution));
        let grid = puzzle.region_grid();
        let (rows, cols) = (grid.len(), grid.iter().map(Vec::len).max().unwrap_or(0));
        assert_eq!(svg.matches(r#"class="axis""#).count(), rows + cols);
        assert!(svg.contains(&format!(r#"class="axis">{rows}</text>"#)));
        assert!(!solved.contains(r#"class="axis""#));
        assert_eq!(
            svg.matches("<circle").count(),
            solved.matches("<circle").count()
        );
    }
}

#[test]
fn empty_inputs_draw_an_empty_frame() {
    assert_eq!(check_svg(&chain_picture(&[], ChainKind::Closed)), 0);
    assert_eq!(
        check_svg(&chain_picture(
            &[],
            ChainKind::NoChain("no dominoes".into())
        )),
        0
    );
    let fiveup = fiveup_svg(&FiveUpPicture {
        plays: &[],
        illegal: None,
    });
    assert_eq!(check_svg(&fiveup), 0);
    let place = place_svg(&PlacePicture {
        board: &[],
        solution: Some(&[]),
        clues: &[],
    });
    assert_eq!(check_svg(&place), 0);
    let empty = Board::new(1, 1, Vec::new()).unwrap();
    let vanish = VanishPicture {
        board: &empty,
        order: &[3],
    };
    assert_eq!(check_svg(&vanish_svg(&vanish, 0)), 0);
    let FigureBody::Player { steps, .. } = vanish_player(&vanish, "c").body else {
        panic!("a player")
    };
    assert_eq!(steps, 0);
}
