//! `domino place explain` and `domino place generate`: the deductions of a
//! board step by step in plain words, and new puzzles with a unique
//! solution and an exact difficulty.

use crate::input::{read_input, CliError};
use crate::output::emit;
use crate::place_picture::write_explain_pictures;
use crate::Verdict;
use clap::Args;
use domino::place::{
    deduce, generate, grade, parse_boards, parse_shape, Board, GenerateError, Level, Request,
    Shape, Solutions,
};
use std::path::PathBuf;

#[derive(Args)]
pub struct ExplainArgs {
    /// Boards in any place format; `-` or nothing reads standard input.
    input: Option<PathBuf>,
    /// The set is double-N (default: from the `#dp` header or the cell count).
    #[arg(long, value_name = "N")]
    set: Option<u32>,
    /// Print one JSON document per board, one per line.
    #[arg(long)]
    json: bool,
    /// Also draw the first board (solved, if the deductions finish) as SVG.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Also write a self-contained HTML page that plays the first board's
    /// deductions step by step.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
}

#[derive(Args)]
pub struct GenerateArgs {
    /// The set is double-N (0 to 60).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=60))]
    set: u32,
    /// The grade the puzzle must have: trivial, basic, hard or extreme.
    #[arg(long, default_value = "basic")]
    difficulty: Level,
    /// Same seed and options, same puzzle.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// `rectangle` (N+2 rows of N+1 cells) or a file marking the cells
    /// (any visible character; `.`, `x` or a space for a hole).
    #[arg(long, default_value = "rectangle")]
    shape: String,
    /// Allow clue pieces (as few as possible) where numbers alone do not
    /// make the puzzle unique at the difficulty.
    #[arg(long)]
    clues: bool,
    /// Print the `#dp` format (double-9 at most, 10 columns at most);
    /// chosen on its own when the puzzle has clues.
    #[arg(long)]
    dp: bool,
    /// `id`: print the reference Dominosa's game ID (`6:0046...`; the
    /// rectangle only, without clues).
    #[arg(long, value_name = "FORMAT", value_parser = ["text", "id"])]
    format: Option<String>,
    /// Also print the solution (bone numbers) after the puzzle.
    #[arg(long)]
    solution: bool,
    /// Print JSON: puzzle, difficulty, seed, solution, clues.
    #[arg(long)]
    json: bool,
    /// Boards to evaluate before giving up.
    #[arg(long, default_value_t = 200_000)]
    max_rounds: usize,
}

/// The grade `solve` reports. Sound deductions finish only on a board
/// with exactly one solution, so any other outcome of the search is
/// `search` without running them.
pub fn grade_of(board: &Board, found: &Solutions) -> Level {
    if found.count == 1 && found.complete {
        grade(board)
    } else {
        Level::Search
    }
}

pub fn run_explain(args: ExplainArgs) -> Result<Verdict, CliError> {
    let input = read_input(args.input.as_deref())?;
    let boards = parse_boards(&input.text, args.set).map_err(|e| input.error(e))?;
    let mut out = String::new();
    let mut all_complete = true;
    for (k, board) in boards.iter().enumerate() {
        let d = deduce(board, Level::Extreme, true);
        all_complete &= d.complete;
        if k == 0 {
            let caption = format!(
                "{}: {} deductions, grade {}",
                input.name,
                d.steps.len(),
                d.grade()
            );
            write_explain_pictures(
                args.svg.as_deref(),
                args.html.as_deref(),
                &caption,
                board,
                &d,
            )?;
        }
        let cells = |list: &[usize]| -> Vec<[usize; 2]> {
            list.iter()
                .map(|&c| {
                    let (r, c) = board.position(c);
                    [r, c]
                })
                .collect()
        };
        if args.json {
            let steps: Vec<serde_json::Value> = d
                .steps
                .iter()
                .map(|s| {
                    serde_json::json!({
                        "technique": s.technique.name(),
                        "level": s.technique.level().name(),
                        "text": s.text,
                        "cells": cells(&s.cells),
                    })
                })
                .collect();
            let mut doc = serde_json::json!({
                "steps": steps,
                "complete": d.complete,
                "grade": d.grade().name(),
            });
            if let Some(reason) = &d.contradiction {
                doc["reason"] = reason.clone().into();
            }
            out.push_str(&doc.to_string());
            out.push('\n');
            continue;
        }
        if boards.len() > 1 {
            if k > 0 {
                out.push('\n');
            }
            let name = board.name.as_deref().unwrap_or("board");
            out.push_str(&format!("== {name} {} ==\n", k + 1));
        }
        for (n, step) in d.steps.iter().enumerate() {
            out.push_str(&format!(
                "{:>3}. [{}, {}] {}\n",
                n + 1,
                step.technique.level(),
                step.technique.name(),
                step.text
            ));
        }
        if let Some(reason) = &d.contradiction {
            out.push_str(&format!(
                "contradiction: {reason}, so the board has no solution\n"
            ));
        } else if d.complete {
            out.push_str(&format!(
                "solved by deductions alone, so the solution is unique; grade: {}\n",
                d.hardest()
            ));
        } else {
            out.push_str(&format!(
                "the deductions stop here with {} of {} cells covered: a search is needed (grade: search)\n",
                d.covered,
                board.cell_count()
            ));
        }
    }
    emit(out.as_bytes())?;
    Ok(if all_complete {
        Verdict::Yes
    } else {
        Verdict::No
    })
}

pub fn run_generate(args: GenerateArgs) -> Result<Verdict, CliError> {
    if args.difficulty == Level::Search {
        return Err(CliError::Usage(
            "--difficulty must be trivial, basic, hard or extreme".into(),
        ));
    }
    let shape = if args.shape == "rectangle" {
        Shape::for_set(args.set)
    } else {
        let input = read_input(Some(std::path::Path::new(&args.shape)))?;
        parse_shape(&input.text).map_err(|e| input.error(e))?
    };
    let request = Request {
        set: args.set,
        level: args.difficulty,
        seed: args.seed,
        shape,
        clues: args.clues,
        max_rounds: args.max_rounds,
    };
    let puzzle = match generate(&request) {
        Ok(puzzle) => puzzle,
        Err(GenerateError::Invalid(why)) => return Err(CliError::Usage(why)),
        Err(GenerateError::NotFound(why)) => {
            // Not bad input: a negative answer, like "no solution".
            eprintln!("domino: {why}");
            return Ok(Verdict::No);
        }
    };
    let board = &puzzle.board;
    let mut out = String::new();
    if args.json {
        let rows: Vec<&[Option<u32>]> = board.values.chunks(board.cols.max(1)).collect();
        let clues: Vec<[[usize; 2]; 2]> = board
            .clues
            .iter()
            .map(|c| {
                let (a, b) = (board.position(c.cells[0]), board.position(c.cells[1]));
                [[a.0, a.1], [b.0, b.1]]
            })
            .collect();
        let doc = serde_json::json!({
            "puzzle": rows,
            "set": board.set,
            "difficulty": puzzle.grade.name(),
            "seed": args.seed,
            "solution": puzzle.solution,
            "clues": clues,
            "tries": puzzle.rounds,
        });
        out.push_str(&doc.to_string());
        out.push('\n');
    } else if args.format.as_deref() == Some("id") {
        out.push_str(&domino::place::game_id(board).map_err(CliError::Usage)?);
        out.push('\n');
    } else {
        if args.dp || !board.clues.is_empty() {
            out.push_str(&dp_text(board, &format!("seed-{}", args.seed))?);
        } else {
            out.push_str(&whitespace_text(board));
        }
        if args.solution {
            out.push_str("\nsolution (bone numbers, 1 = 0-0, 2 = 0-1, ...):\n");
            out.push_str(&crate::place::map_text(board, &puzzle.solution));
        }
    }
    emit(out.as_bytes())?;
    Ok(Verdict::Yes)
}

/// Rows of numbers, `.` for holes, right-aligned.
fn whitespace_text(board: &Board) -> String {
    let width = board.set.to_string().len();
    let mut text = String::new();
    for row in board.values.chunks(board.cols.max(1)) {
        let cells: Vec<String> = row
            .iter()
            .map(|v| match v {
                Some(v) => format!("{v:>width$}"),
                None => format!("{:>width$}", "."),
            })
            .collect();
        text.push_str(cells.join(" ").trim_end());
        text.push('\n');
    }
    text
}

/// The `#dp` format: header, compact grid (`x` for holes), `-`, clues.
fn dp_text(board: &Board, name: &str) -> Result<String, CliError> {
    if board.set > 9 || board.cols > 10 {
        return Err(CliError::Usage(format!(
            "the #dp format holds boards up to double-9 and 10 columns (this is double-{}, {} columns); use --json",
            board.set, board.cols
        )));
    }
    let mut text = format!("#dp 0-{} {name}\n", board.set);
    for row in board.values.chunks(board.cols) {
        let line: String = row
            .iter()
            .map(|v| v.and_then(|v| char::from_digit(v, 10)).unwrap_or('x'))
            .collect();
        text.push_str(line.trim_end_matches('x'));
        text.push('\n');
    }
    text.push_str("-\n");
    for clue in &board.clues {
        let [a, b] = clue.cells;
        let (ra, ca) = board.position(a);
        let (rb, cb) = board.position(b);
        text.push_str(&format!(
            "{}-{},{}-{}\n",
            board.values[a].unwrap_or(0),
            board.values[b].unwrap_or(0),
            ra * 10 + ca,
            rb * 10 + cb
        ));
    }
    Ok(text)
}
