//! `domino place`: placement puzzles. `solve` finds the solutions of each
//! board of the input (stopping at 2 by default, which proves uniqueness),
//! counts them, and prints maps and box-drawn pictures or JSON.

use crate::input::{read_input, CliError};
use crate::output::emit;
use crate::place_picture::write_place_pictures;
use crate::Verdict;
use clap::{Args, Subcommand};
use domino::place::{parse_boards, solve, Board, Map, Solutions};
use std::path::PathBuf;

#[derive(Args)]
pub struct PlaceArgs {
    #[command(subcommand)]
    action: PlaceAction,
}

#[derive(Subcommand)]
enum PlaceAction {
    /// Solve each board of the input, count its solutions, prove uniqueness.
    Solve(SolveArgs),
    /// Explain the deductions that solve each board, step by step.
    Explain(crate::place_author::ExplainArgs),
    /// Generate a puzzle with a unique solution and a given difficulty.
    Generate(crate::place_author::GenerateArgs),
}

#[derive(Args)]
struct SolveArgs {
    /// Boards: whitespace numbers, compact digits or `#dp` format, several
    /// separated by blank lines; `-` or nothing reads standard input.
    input: Option<PathBuf>,
    /// Count every solution (up to --limit); list only the first.
    #[arg(long)]
    count: bool,
    /// Count and list every solution (up to --limit).
    #[arg(long)]
    all: bool,
    /// Stop after this many solutions (default 2, or no limit with --count
    /// or --all).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// The set is double-N (default: from the `#dp` header or the cell count).
    #[arg(long, value_name = "N")]
    set: Option<u32>,
    /// Print one JSON document per board, one per line.
    #[arg(long)]
    json: bool,
    /// Also grade each board (the hardest deduction it needs; costs about
    /// as much as the solve again, or more).
    #[arg(long)]
    grade: bool,
    /// `id`: print each board as the reference Dominosa's game ID instead
    /// (one a line; the exit code still says whether all are solved).
    #[arg(long, value_name = "FORMAT", value_parser = ["text", "id"])]
    format: Option<String>,
    /// Also draw the first board and its first solution as SVG in FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Also write a self-contained HTML page with that picture to FILE.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
}

pub fn run(args: PlaceArgs) -> Result<Verdict, CliError> {
    match args.action {
        PlaceAction::Solve(args) => run_solve(args),
        PlaceAction::Explain(args) => crate::place_author::run_explain(args),
        PlaceAction::Generate(args) => crate::place_author::run_generate(args),
    }
}

fn run_solve(args: SolveArgs) -> Result<Verdict, CliError> {
    let input = read_input(args.input.as_deref())?;
    let boards = parse_boards(&input.text, args.set).map_err(|e| input.error(e))?;
    let unlimited = args.count || args.all;
    let limit = args.limit.unwrap_or(if unlimited { u64::MAX } else { 2 });
    let keep = if args.all {
        usize::MAX
    } else if args.count {
        1
    } else {
        usize::try_from(limit).unwrap_or(usize::MAX)
    };
    let mut out = Vec::new();
    let mut all_solved = true;
    for (k, board) in boards.iter().enumerate() {
        let found = solve(board, limit, keep);
        all_solved &= found.count > 0;
        if k == 0 {
            let caption = format!("{}: {}", input.name, verdict_words(&found, limit));
            write_place_pictures(
                args.svg.as_deref(),
                args.html.as_deref(),
                &caption,
                board,
                found.maps.first(),
            )?;
        }
        let grade = args
            .grade
            .then(|| crate::place_author::grade_of(board, &found));
        if args.format.as_deref() == Some("id") {
            let id = domino::place::game_id(board).map_err(|why| {
                CliError::Usage(format!("{}: board {}: {why}", input.name, k + 1))
            })?;
            out.extend_from_slice(id.as_bytes());
            out.push(b'\n');
        } else if args.json {
            let mut doc = serde_json::json!({
                "count": found.count,
                "complete": found.complete,
                "solutions": found.maps,
            });
            if let Some(grade) = grade {
                doc["grade"] = grade.name().into();
            }
            if let Some(reason) = &found.reason {
                doc["reason"] = reason.clone().into();
            }
            out.extend_from_slice(doc.to_string().as_bytes());
            out.push(b'\n');
        } else {
            if boards.len() > 1 {
                if k > 0 {
                    out.push(b'\n');
                }
                let name = board.name.as_deref().unwrap_or("board");
                out.extend_from_slice(format!("== {name} {} ==\n", k + 1).as_bytes());
            }
            out.extend_from_slice(solve_text(board, &found, limit).as_bytes());
            if let Some(grade) = grade {
                out.extend_from_slice(format!("grade: {grade}\n").as_bytes());
            }
        }
    }
    emit(&out)?;
    Ok(if all_solved {
        Verdict::Yes
    } else {
        Verdict::No
    })
}

/// The verdict in words: unique, N solutions, no solution (and why).
fn verdict_words(found: &Solutions, limit: u64) -> String {
    match (found.count, found.complete) {
        (0, true) => format!(
            "no solution: {}",
            found
                .reason
                .as_deref()
                .unwrap_or("no way to place every piece exists")
        ),
        (0, false) => "no solution found before the limit".to_string(),
        (1, true) => "unique solution".to_string(),
        (n, true) => format!("{n} solutions"),
        (n, false) => format!("at least {n} solutions (the search stopped at {limit})"),
    }
}

/// What a person reads: the verdict, then each kept map and its picture.
fn solve_text(board: &Board, found: &Solutions, limit: u64) -> String {
    let mut text = verdict_words(found, limit);
    text.push('\n');
    for (k, map) in found.maps.iter().enumerate() {
        if found.maps.len() > 1 {
            text.push_str(&format!("\nsolution {}:\n", k + 1));
        } else {
            text.push('\n');
        }
        text.push_str(&map_text(board, map));
        text.push('\n');
        text.push_str(&picture(board, map));
    }
    text
}

/// The map of bone numbers, right-aligned, `.` for holes.
pub fn map_text(board: &Board, map: &Map) -> String {
    let width = board.bone_count().to_string().len();
    let mut text = String::new();
    for r in 0..map.rows {
        let cells: Vec<String> = map
            .row(r)
            .iter()
            .map(|b| match b {
                Some(b) => format!("{b:>width$}"),
                None => format!("{:>width$}", "."),
            })
            .collect();
        text.push_str(cells.join(" ").trim_end());
        text.push('\n');
    }
    text
}

/// The board's numbers with the pieces' borders in box-drawing characters.
fn picture(board: &Board, map: &Map) -> String {
    let width = board.set.to_string().len();
    let piece = |r: isize, c: isize| -> Option<usize> {
        if r < 0 || c < 0 || r as usize >= map.rows || c as usize >= map.cols {
            return None;
        }
        map.bones[r as usize * map.cols + c as usize]
    };
    let border = |a: Option<usize>, b: Option<usize>| a != b;
    let mut text = String::new();
    for jr in 0..=map.rows as isize {
        let mut line = String::new();
        for jc in 0..=map.cols as isize {
            let up = border(piece(jr - 1, jc - 1), piece(jr - 1, jc));
            let down = border(piece(jr, jc - 1), piece(jr, jc));
            let left = border(piece(jr - 1, jc - 1), piece(jr, jc - 1));
            let right = border(piece(jr - 1, jc), piece(jr, jc));
            line.push(junction(up, down, left, right));
            if jc < map.cols as isize {
                let edge = if right { "─" } else { " " };
                line.push_str(&edge.repeat(width + 2));
            }
        }
        text.push_str(line.trim_end());
        text.push('\n');
        if jr == map.rows as isize {
            break;
        }
        let mut line = String::new();
        for jc in 0..=map.cols as isize {
            let wall = border(piece(jr, jc - 1), piece(jr, jc));
            line.push(if wall { '│' } else { ' ' });
            if jc < map.cols as isize {
                match board.values[jr as usize * board.cols + jc as usize] {
                    Some(v) => line.push_str(&format!(" {v:>width$} ")),
                    None => line.push_str(&" ".repeat(width + 2)),
                }
            }
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}

/// The box-drawing character with the given arms.
pub fn junction(up: bool, down: bool, left: bool, right: bool) -> char {
    match (up, down, left, right) {
        (false, false, false, false) => ' ',
        (false, false, _, _) => '─',
        (_, _, false, false) => '│',
        (false, true, false, true) => '┌',
        (false, true, true, false) => '┐',
        (true, false, false, true) => '└',
        (true, false, true, false) => '┘',
        (true, true, false, true) => '├',
        (true, true, true, false) => '┤',
        (false, true, true, true) => '┬',
        (true, false, true, true) => '┴',
        (true, true, true, true) => '┼',
    }
}

/// The place examples: (name, board text).
pub const EXAMPLES: &[(&str, &str)] = &[
    (
        "irregular double-six with a clue (dp_001)",
        include_str!("../../../data/place/dp_001.txt"),
    ),
    (
        "7x8 double-six, two solutions",
        include_str!("../../../data/place/two-solutions.txt"),
    ),
    (
        "double-nine, unique",
        include_str!("../../../data/place/double-nine.txt"),
    ),
    (
        "double-six whose counts are wrong",
        include_str!("../../../data/place/wrong-counts.txt"),
    ),
];

/// The place part of `domino demo`.
pub fn demo() -> Result<(), CliError> {
    println!("== place ==");
    for (name, text) in EXAMPLES {
        let boards = parse_boards(text, None)
            .map_err(|e| CliError::Usage(format!("built-in example {name}: {e}")))?;
        for board in &boards {
            let found = solve(board, 2, 2);
            print!("{name}: {}", solve_text(board, &found, 2));
        }
    }
    Ok(())
}
