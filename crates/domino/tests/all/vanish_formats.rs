//! The vanish formats: exact round trips and errors that name the place.

use domino::rng::Rng;
use domino::vanish::{
    board_to_text, board_to_xml, generate, parse_board, parse_solution, parse_text, parse_xml,
    solution_to_text, solve, Algorithm, Board, BoardError, Options, Orientation, Piece, Request,
};

fn random_board(rng: &mut Rng) -> Board {
    let (w, h) = (2 + 2 * rng.index(5), 1 + rng.index(8));
    let full = generate(&Request {
        width: w,
        height: h,
        max_value: rng.below(12) as i64,
        seed: rng.next_u64(),
    })
    .unwrap();
    let mut pieces: Vec<Piece> = full.pieces().to_vec();
    rng.shuffle(&mut pieces);
    let keep = pieces.len() - rng.index(pieces.len() / 2 + 1);
    pieces.truncate(keep);
    Board::new(w, h, pieces).unwrap()
}

#[test]
fn text_and_xml_round_trip_exactly() {
    let mut rng = Rng::new(11);
    for _ in 0..300 {
        let board = random_board(&mut rng);
        let text = board_to_text(&board);
        assert_eq!(parse_board(&text).unwrap(), board);
        assert_eq!(board_to_text(&parse_text(&text).unwrap()), text);
        let xml = board_to_xml(&board, None);
        assert_eq!(parse_board(&xml).unwrap(), board);
        assert_eq!(board_to_xml(&parse_xml(&xml).unwrap(), None), xml);
        let solution = solve(&board, Algorithm::Greedy, &Options::default(), None).unwrap();
        // An output board (with order attributes) reads back as the input.
        let out_xml = board_to_xml(&board, Some(&solution.order));
        assert_eq!(parse_board(&out_xml).unwrap(), board);
        let out_text = solution_to_text(&board, &solution.order);
        assert_eq!(parse_solution(&board, &out_text).unwrap(), solution.order);
        assert_eq!(out_text.lines().next().unwrap(), solution.score.to_string());
    }
}

#[test]
fn report_xml_files_read_with_tabs_comments_and_declaration() {
    let xml = "<?xml version=\"1.0\"?>\n<!-- a board -->\n<domino_board width='2' height='1'>\n\t<piece x=\"0\" y=\"0\" orientation=\"horizontal\" value1=\"0\" value2=\"0\" order=\"1\"></piece>\n\t<removed_pieces><piece x=\"0\" y=\"0\"/></removed_pieces>\n</domino_board>\n";
    let board = parse_board(xml).unwrap();
    assert_eq!(board.pieces().len(), 1);
    assert_eq!((board.width(), board.height()), (2, 1));
}

fn error(text: &str) -> (usize, usize, String) {
    let e = parse_board(text).unwrap_err();
    let p = e.position.expect("a position");
    (p.line, p.column, e.message)
}

#[test]
fn text_errors_name_line_and_column() {
    let (l, c, m) = error("3;2\nh;1;0;0;0\nh;1;0;1;0\n");
    assert_eq!((l, c), (3, 1));
    assert!(m.contains("overlaps piece 1"), "{m}");
    let (l, _, m) = error("3;2\nv;1;0;0;1\n");
    assert_eq!(l, 2);
    assert!(m.contains("outside"), "{m}");
    let (l, c, m) = error("3;2\nh;1;-4;0;0\n");
    assert_eq!((l, c), (2, 5));
    assert!(m.contains("negative"), "{m}");
    let (l, c, m) = error("3;2\nh;1;0;x1;0\n");
    assert_eq!((l, c), (2, 7));
    assert!(m.contains("not a number"), "{m}");
    let (l, c, m) = error("3;2\n\nd;1;0;0;0\n");
    assert_eq!((l, c), (3, 1));
    assert!(m.contains("orientation"), "{m}");
    let (l, _, m) = error("3\n");
    assert_eq!(l, 1);
    assert!(m.contains("W;H"), "{m}");
    assert!(parse_board("").is_err());
    assert!(parse_board("0;4\n").is_err());
}

#[test]
fn xml_errors_name_line_and_column() {
    let head = "<domino_board width=\"3\" height=\"2\">\n";
    let (l, c, m) = error(&format!(
        "{head}<piece x=\"0\" y=\"0\" orientation=\"sideways\" value1=\"1\" value2=\"0\"/>\n</domino_board>"
    ));
    assert_eq!((l, c), (2, 33));
    assert!(m.contains("orientation"), "{m}");
    let (l, _, m) = error(&format!(
        "{head}<piece x=\"0\" y=\"0\" orientation=\"vertical\" value1=\"1\" value2=\"-2\"/>\n</domino_board>"
    ));
    assert_eq!(l, 2);
    assert!(m.contains("negative"), "{m}");
    let (l, _, m) = error(&format!(
        "{head}<piece x=\"0\" y=\"0\" orientation=\"vertical\" value1=\"1\" value2=\"0\"/>\n<piece x=\"0\" y=\"1\" orientation=\"horizontal\" value1=\"1\" value2=\"0\"/>\n</domino_board>"
    ));
    assert_eq!(l, 3);
    assert!(m.contains("overlaps"), "{m}");
    let (l, _, m) = error(&format!(
        "{head}<piece x=\"2\" y=\"0\" orientation=\"horizontal\" value1=\"1\" value2=\"0\"/>\n</domino_board>"
    ));
    assert_eq!(l, 2);
    assert!(m.contains("outside"), "{m}");
    let (l, _, m) = error(&format!(
        "{head}<piece x=\"0\" y=\"0\" value1=\"1\" value2=\"0\"/>\n</domino_board>"
    ));
    assert_eq!(l, 2);
    assert!(m.contains("orientation"), "{m}");
    let (l, _, m) = error(&format!("{head}<stone/>\n</domino_board>"));
    assert_eq!(l, 2);
    assert!(m.contains("stone"), "{m}");
    let (l, _, _) = error(head);
    assert_eq!(l, 2);
}

/// Values are `Value`s (`i64`): one above `i64::MAX` is too large, as an
/// oversized number always was; one below 0, which only a board built in
/// code can have, is refused by `Board::new`.
#[test]
fn values_beyond_the_value_type_are_refused() {
    let (l, c, m) = error("3;2\nh;18446744073709551615;0;0;0\n");
    assert_eq!((l, c), (2, 3));
    assert_eq!(m, "the first value (18446744073709551615) is too large");
    let (l, _, m) = error(
        "<domino_board width=\"3\" height=\"2\">\n<piece x=\"0\" y=\"0\" orientation=\"vertical\" value1=\"9223372036854775808\" value2=\"0\"/>\n</domino_board>",
    );
    assert_eq!(l, 2);
    assert_eq!(m, "value1 (9223372036854775808) is too large");
    let piece = Piece {
        x: 0,
        y: 0,
        orientation: Orientation::Horizontal,
        value1: 1,
        value2: -1,
    };
    let error = Board::new(2, 1, vec![piece]).unwrap_err();
    assert_eq!(error, BoardError::Negative { piece: 0 });
    assert_eq!(
        error.to_string(),
        "piece 1 has a negative value: values are at least 0"
    );
    let request = Request {
        width: 2,
        height: 2,
        max_value: -1,
        seed: 1,
    };
    assert_eq!(
        generate(&request).unwrap_err().to_string(),
        "the largest value -1 is negative: values are at least 0"
    );
}

#[test]
fn garbage_never_panics() {
    let mut rng = Rng::new(3);
    let alphabet: Vec<char> = "<>/=\"' domino_boardpiecexy0123456789;hv-\n\t"
        .chars()
        .collect();
    for _ in 0..3000 {
        let len = rng.index(80);
        let text: String = (0..len)
            .map(|_| alphabet[rng.index(alphabet.len())])
            .collect();
        let _ = parse_board(&text);
        let _ = parse_board(&format!("4;4\n{text}"));
    }
}
