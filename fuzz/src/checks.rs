//! What each fuzz target checks, one function per target: read the bytes as
//! the text a user could pass, parse it, and where it reads, solve it under
//! small limits and check every answer with the family's own `verify` (and
//! against a second method where there is one). A check that fails panics,
//! which libFuzzer reports as a crash.
//!
//! The same file is compiled into the stable test suite
//! (crates/domino/tests/all/fuzz_regressions.rs), which replays every input kept
//! under fuzz/regressions/<target>/, so each crash found stays fixed.
//!
//! Inputs that are not UTF-8 are skipped: the command line refuses them
//! before any parser sees them. The solving checks skip inputs above a few
//! thousand pieces or cells so one run stays in milliseconds; the parsing
//! checks take everything.

use domino::chain::{self, verify_chain, verify_line, Ends, Limits};
use domino::fiveup::{self, verify_layout};
use domino::pips;
use domino::place::{
    explain, parse_grids, solve, solve_by_exact_cover, verify, Goal, Grid, Level, Map,
};
use domino::tile::parse_dominoes;
use domino::vanish::{self, Algorithm};
use domino::{Domino, Value};

/// One target's check of one input.
pub type Check = fn(&[u8]);

/// Every target by name, for the regression replay.
pub const TARGETS: &[(&str, Check)] = &[
    ("tile_list", tile_list),
    ("chain", chain),
    ("fiveup", fiveup),
    ("place_parse", place_parse),
    ("place_solve", place_solve),
    ("place_dp", place_dp),
    ("vanish_parse", vanish_parse),
    ("vanish_solve", vanish_solve),
    ("pips_parse", pips_parse),
    ("pips_solve", pips_solve),
];

fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// The domino list parser: never panics, and what it reads prints back
/// (as `a|b a|b ...`) to a text that reads the same.
pub fn tile_list(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let Ok(list) = parse_dominoes(text) else {
        return;
    };
    let printed: Vec<String> = list.iter().map(|d| format!("{}|{}", d.a, d.b)).collect();
    let again = parse_dominoes(&printed.join(" ")).expect("a printed list reads back");
    assert_eq!(again, list, "the list changed on a round trip");
}

const CHAIN_MAX: usize = 2_000;
const LONGEST_MAX: usize = 200;

/// chain: closed and open chains verified; the longest line under a node
/// limit verified, and as long as the whole hand when a chain exists and
/// the search proved its answer.
pub fn chain(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let Ok(hand) = parse_dominoes(text) else {
        return;
    };
    if hand.len() > CHAIN_MAX {
        return;
    }
    let closed = chain::solve(&hand, Ends::Closed);
    if let Ok(line) = &closed {
        verify_chain(&hand, line, Ends::Closed).expect("closed chain verifies");
    }
    let open = chain::solve(&hand, Ends::Open);
    match &open {
        Ok(line) => verify_chain(&hand, line, Ends::Open).expect("open chain verifies"),
        Err(_) => assert!(closed.is_err(), "a closed chain exists but no open one"),
    }
    if hand.len() > LONGEST_MAX {
        return;
    }
    let limits = Limits {
        nodes: Some(2_000),
        ..Limits::none()
    };
    let best = chain::longest(&hand, None, &limits);
    verify_line(&hand, &best.line, None).expect("longest line verifies");
    if best.optimal && open.is_ok() {
        assert_eq!(
            best.line.len(),
            hand.len(),
            "an open chain uses every piece"
        );
    }
    if let Some(first) = hand.first() {
        let from = chain::longest(&hand, Some(first.b), &limits);
        verify_line(&hand, &from.line, Some(first.b)).expect("line from a start verifies");
        assert!(
            !from.line.is_empty(),
            "a start value the hand shows lays a piece"
        );
        if from.optimal && best.optimal {
            assert!(
                from.line.len() <= best.line.len(),
                "a start can only shorten the line"
            );
        }
    }
}

/// fiveup: a legal game's layout verifies; an illegal one's moves before
/// the bad move form a legal game.
pub fn fiveup(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let Ok(game) = parse_dominoes(text) else {
        return;
    };
    if game.len() > CHAIN_MAX {
        return;
    }
    match fiveup::solve(&game) {
        Ok(layout) => {
            assert_eq!(layout.len(), game.len(), "one placement per play");
            verify_layout(&game, &layout).expect("the layout verifies");
        }
        Err(illegal) => {
            assert!(illegal.index < game.len(), "the illegal move is a move");
            assert_eq!(illegal.domino.key(), game[illegal.index].key());
            let before: Vec<Domino> = game[..illegal.index].to_vec();
            let layout = fiveup::solve(&before).expect("the moves before the bad one are legal");
            verify_layout(&before, &layout).expect("their layout verifies");
        }
    }
}

/// The first byte picks the `--set` override: none when its high bit is
/// set, a huge or negative set for 0x70 to 0x7f (each must be refused,
/// never allocated for), else 0 to 111; the rest is the board text.
fn set_and_text(data: &[u8]) -> Option<(Option<Value>, &str)> {
    const HUGE: [Value; 16] = [
        99,
        100,
        101,
        254,
        255,
        256,
        1_000,
        65_535,
        65_536,
        100_000,
        1 << 24,
        1 << 31,
        1 << 32,
        -1,
        Value::MIN,
        Value::MAX,
    ];
    let (&first, rest) = data.split_first()?;
    let set = match first {
        0x80.. => None,
        0x70.. => Some(HUGE[usize::from(first - 0x70)]),
        n => Some(Value::from(n)),
    };
    Some((set, text(rest)?))
}

fn board_is_sound(board: &Grid) {
    assert_eq!(
        board.values().len(),
        board.rows() * board.cols(),
        "one value per cell"
    );
    assert!(
        board.values().iter().flatten().all(|&v| v <= board.set()),
        "values within the set"
    );
    for clue in board.clues() {
        for &cell in &clue.cells {
            assert!(cell < board.values().len(), "clue cell on the board");
            assert!(board.values()[cell].is_some(), "clue cell not a hole");
        }
    }
}

/// Every board format, with and without a `--set` override: the boards
/// read are consistent.
pub fn place_parse(data: &[u8]) {
    let Some((set, text)) = set_and_text(data) else {
        return;
    };
    for set in [None, set] {
        if let Ok(boards) = parse_grids(text, set) {
            assert!(!boards.is_empty(), "a read input holds a board");
            boards.iter().for_each(board_is_sound);
        }
    }
}

const PLACE_MAX_CELLS: usize = 72;
const PLACE_MAX_BOARDS: usize = 3;

/// Solve and explain every (small) board: each map verifies, the engine and
/// dancing links agree, and the deductions agree with the search.
pub fn place_solve(data: &[u8]) {
    let Some((set, text)) = set_and_text(data) else {
        return;
    };
    place_solve_text(text, set);
}

/// The `#dp` format: the text after a `#dp ` header the fuzzer need not
/// find by itself.
pub fn place_dp(data: &[u8]) {
    let Some(text) = text(data) else { return };
    place_solve_text(&format!("#dp {text}"), None);
}

fn place_solve_text(text: &str, set: Option<Value>) {
    let Ok(boards) = parse_grids(text, set) else {
        return;
    };
    for board in boards.iter().take(PLACE_MAX_BOARDS) {
        board_is_sound(board);
        if board.values().len() > PLACE_MAX_CELLS || board.set() > 12 {
            continue;
        }
        let found = solve(board, Goal { limit: 2, keep: 2 }, &Limits::none());
        for map in &found.solutions {
            verify(board, map).expect("the engine's map verifies");
        }
        let links = solve_by_exact_cover(board, Goal { limit: 2, keep: 2 }, &Limits::none());
        for map in &links.solutions {
            verify(board, map).expect("the dancing-links map verifies");
        }
        assert_eq!(
            (found.count, found.complete),
            (links.count, links.complete),
            "the engine and dancing links disagree"
        );
        let unique = found.count == 1 && found.complete;
        let d = explain(board, Level::Extreme, &Limits::none());
        if d.complete {
            let map = Map::from_placements(board, d.placed.iter().copied());
            verify(board, &map).expect("a complete deduction verifies");
            assert!(
                unique,
                "deductions finished a board without a unique solution"
            );
        }
        if d.contradiction.is_some() {
            assert_eq!(
                found.count, 0,
                "deductions refuted a board that has a solution"
            );
        }
        if unique {
            let bones = &found.solutions[0].bones;
            for p in &d.placed {
                assert!(
                    bones[p.cells[0]] == Some(p.bone) && bones[p.cells[1]] == Some(p.bone),
                    "a deduced placement is not in the unique solution"
                );
            }
            for step in &d.steps {
                for p in &step.removed {
                    assert!(
                        !(bones[p.cells[0]] == Some(p.bone) && bones[p.cells[1]] == Some(p.bone)),
                        "a deduction ruled out the unique solution's placement"
                    );
                }
            }
        }
    }
}

/// Both vanish formats read directly (not only as detected); what reads
/// writes back to the same board in both formats. After a NUL byte comes a
/// solution text for the board, which reads only as pieces of the board.
pub fn vanish_parse(data: &[u8]) {
    let Some(all) = text(data) else { return };
    let (board_text, solution_text) = all.split_once('\0').unwrap_or((all, ""));
    for parsed in [
        vanish::parse_text(board_text),
        vanish::parse_xml(board_text),
    ] {
        let Ok(board) = parsed else { continue };
        let as_text = vanish::board_to_text(&board);
        assert_eq!(
            vanish::parse_text(&as_text).as_ref(),
            Ok(&board),
            "text round trip"
        );
        let as_xml = vanish::board_to_xml(&board, None);
        assert_eq!(
            vanish::parse_xml(&as_xml).as_ref(),
            Ok(&board),
            "XML round trip"
        );
        if let Ok(order) = vanish::parse_solution(&board, solution_text) {
            assert!(order.iter().all(|&i| i < board.pieces().len()));
            let _ = vanish::verify_order(&board, &order);
        }
    }
}

const VANISH_MAX_SQUARES: usize = 4_096;
const VANISH_MAX_PIECES: usize = 80;

/// Every algorithm under a small state limit: each order verifies and
/// scores what it claims; no score beats a proven optimum or the bound.
pub fn vanish_solve(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let Ok(board) = vanish::parse_board(text) else {
        return;
    };
    if board.width() * board.height() > VANISH_MAX_SQUARES
        || board.pieces().len() > VANISH_MAX_PIECES
    {
        return;
    }
    let limits = vanish::Options {
        limits: domino::search::Limits {
            memory: Some(16 << 20),
            ..domino::search::Limits::new(None, Some(3_000), None)
        },
        beam_width: 8,
        ..vanish::Options::default()
    };
    let mut proven: Option<usize> = None;
    let mut best = usize::MAX;
    for algorithm in Algorithm::ALL {
        let solution = vanish::solve(&board, algorithm, &limits, None)
            .unwrap_or_else(|e| panic!("{algorithm}: options refused: {e}"));
        let score = vanish::verify_order(&board, &solution.order)
            .unwrap_or_else(|e| panic!("{algorithm}: illegal order: {e}"));
        assert_eq!(score, solution.score, "{algorithm}: score as claimed");
        assert!(
            score >= solution.lower_bound,
            "{algorithm}: beats its bound"
        );
        if let Some(optimum) = proven {
            assert!(score >= optimum, "{algorithm}: beats the proven optimum");
        }
        if solution.optimal {
            assert!(score <= best, "{algorithm}: optimal but worse than another");
            proven = Some(score);
        }
        best = best.min(score);
    }
}

/// Pips, JSON (newspaper files) and text: what reads writes back to a text
/// that reads the same puzzle, in both formats.
pub fn pips_parse(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let Ok(puzzles) = pips::parse_puzzles(text) else {
        return;
    };
    for labeled in &puzzles {
        let puzzle = &labeled.puzzle;
        let json = pips::write_json(puzzle);
        let again = pips::parse_json(&json).expect("written JSON reads back");
        assert_eq!(again.len(), 1, "one puzzle written, one read");
        assert_eq!(
            again[0].puzzle.dominoes(),
            puzzle.dominoes(),
            "JSON round trip"
        );
        if let Ok(text) = pips::write_text(puzzle) {
            let again = pips::parse_text(&text).expect("written text reads back");
            assert_eq!(again.dominoes(), puzzle.dominoes(), "text round trip");
        }
    }
}

const PIPS_MAX_DOMINOES: usize = 10;

/// Pips solve on small puzzles: each solution verifies, and the count
/// agrees with the exact counter; a solution given with the puzzle
/// verifies only when the solver finds some.
pub fn pips_solve(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let Ok(puzzles) = pips::parse_puzzles(text) else {
        return;
    };
    for labeled in puzzles.iter().take(3) {
        let puzzle = &labeled.puzzle;
        if puzzle.dominoes().len() > PIPS_MAX_DOMINOES {
            continue;
        }
        let found = pips::solve(puzzle, Goal { limit: 2, keep: 2 }, &Limits::none());
        for solution in &found.solutions {
            pips::verify(puzzle, solution).expect("a pips solution verifies");
        }
        let exact = pips::count(puzzle, &Limits::none()).exact();
        if found.complete {
            assert_eq!(
                u128::from(found.count),
                exact.expect("a count without limits is exact"),
                "solve and the counter disagree"
            );
        } else {
            assert!(
                exact >= Some(u128::from(found.count)),
                "the counter misses solutions"
            );
        }
        if let Some(given) = &puzzle.solution() {
            if pips::verify(puzzle, given).is_ok() {
                assert!(found.count > 0, "a verified given solution, but none found");
            }
        }
    }
}
