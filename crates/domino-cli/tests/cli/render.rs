//! `--svg`, `--html` and `domino demo --output` from the command line
//! (vanish's are in vanish.rs):
//! files are written when the input parses (whatever the answer), and
//! nothing is written on bad input.

use super::util::{domino, scratch};

#[test]
fn chain_draws_the_answer_or_the_hand() {
    let dir = scratch("chain");
    let (svg, html) = (dir.join("c.svg"), dir.join("c.html"));
    let (svg_arg, html_arg) = (svg.to_str().unwrap(), html.to_str().unwrap());
    domino(
        &["chain", "--svg", svg_arg, "--html", html_arg],
        "1|2 2|3 3|1",
    )
    .ok();
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert_eq!(picture.matches("<g class=\"tile\"").count(), 3);
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>") && page.contains(&picture));

    // No chain: exit 1, the hand is still drawn, with the reason.
    let code = domino(&["chain", "--svg", svg_arg], "1|2 2|3").code;
    assert_eq!(code, 1);
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.contains("no chain through these 2 dominoes"));

    // Bad input: exit 2 and no file.
    std::fs::remove_file(&svg).unwrap();
    std::fs::remove_file(&html).unwrap();
    let code = domino(&["chain", "--svg", svg_arg, "--html", html_arg], "1|2 2|x").code;
    assert_eq!(code, 2);
    assert!(!svg.exists() && !html.exists());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn pips_draws_the_solution_or_the_bare_puzzle() {
    let dir = scratch("pips");
    let (svg, html) = (dir.join("p.svg"), dir.join("p.html"));
    let (svg_arg, html_arg) = (svg.to_str().unwrap(), html.to_str().unwrap());
    let solve = ["pips", "solve", "--svg", svg_arg, "--html", html_arg];
    domino(&solve, "AB\nA = 1\nB = 2\n1-2\n").ok();
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(picture.contains("data-family=\"pips\"") && picture.contains("data-tiles=\"1\""));
    assert!(picture.contains("<title>a pips puzzle, solved"));
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>") && page.contains(&picture));
    assert!(page.contains("unique solution"));

    // No solution: exit 1, the bare puzzle is still drawn.
    let code = domino(
        &["pips", "solve", "--svg", svg_arg],
        "AB\nA = 2\nB = 2\n1-2\n",
    )
    .code;
    assert_eq!(code, 1);
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(!picture.contains("<title>a pips puzzle, solved"));

    // Bad input: exit 2 and no file.
    std::fs::remove_file(&svg).unwrap();
    std::fs::remove_file(&html).unwrap();
    assert_eq!(domino(&solve, "AB\nA ? 1\n1-2\n").code, 2);
    assert!(!svg.exists() && !html.exists());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn place_draws_the_solution_the_bare_board_and_the_deductions() {
    let dir = scratch("place");
    let (svg, html) = (dir.join("p.svg"), dir.join("p.html"));
    let (svg_arg, html_arg) = (svg.to_str().unwrap(), html.to_str().unwrap());
    let solved = "<title>placement puzzle, 1 x 6, 6 cells: solved";
    domino(&["place", "solve", "--svg", svg_arg], "0 0 0 1 1 1").ok();
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.contains("data-family=\"place\"") && picture.contains(solved));

    // No solution: exit 1, the bare board is still drawn.
    assert_eq!(
        domino(&["place", "solve", "--svg", svg_arg], "0 0 0 0 1 1").code,
        1
    );
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.contains("cells: the puzzle") && !picture.contains(solved));

    // explain draws the board solved and plays the deductions.
    domino(
        &["place", "explain", "--svg", svg_arg, "--html", html_arg],
        "0 0 0 1 1 1",
    )
    .ok();
    assert!(std::fs::read_to_string(&svg).unwrap().contains(solved));
    let page = std::fs::read_to_string(&html).unwrap();
    assert_eq!(page.matches("class=\"player\"").count(), 1);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn demo_writes_its_page_where_asked() {
    let dir = scratch("demo");
    let page = dir.join("page.html");
    domino(&["demo", "--output", page.to_str().unwrap()], "").ok();
    let html = std::fs::read_to_string(&page).unwrap();
    for family in ["chain", "fiveup", "place", "pips", "vanish"] {
        assert!(
            html.contains(&format!("data-family=\"{family}\"")),
            "{family}"
        );
    }
    assert_eq!(html.matches("class=\"player\"").count(), 3);
    let unwritable = dir.join("missing-folder").join("page.html");
    assert_eq!(
        domino(&["demo", "--output", unwritable.to_str().unwrap()], "").code,
        2
    );
    std::fs::remove_dir_all(dir).unwrap();
}
