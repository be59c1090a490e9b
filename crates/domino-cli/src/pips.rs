//! `domino pips`: the newspaper puzzle Pips. `solve` counts the solutions
//! of each puzzle of the input (stopping at 2 by default, which proves
//! uniqueness) and prints them as pictures or JSON; `convert` writes a
//! puzzle in the other format.

use crate::input::{emit, read_input, write_file, CliError, Input};
use crate::Verdict;
use clap::{Args, Subcommand, ValueEnum};
use domino::pips::{
    explain, generate, parse_puzzles, solve, values_grid, write_json, write_text, Grade, Labeled,
    Puzzle, Request, Solution, Solutions,
};
use domino::render::html;
use std::path::PathBuf;

#[derive(Args)]
pub struct PipsArgs {
    #[command(subcommand)]
    action: PipsAction,
}

#[derive(Subcommand)]
enum PipsAction {
    /// Solve each puzzle of the input, count its solutions, prove uniqueness.
    Solve(SolveArgs),
    /// Write a puzzle in the text format or the newspaper's JSON.
    Convert(ConvertArgs),
    /// The deductions a person would make, step by step, with a grade.
    Explain(ExplainArgs),
    /// A new puzzle with a unique solution and a chosen grade.
    Generate(GenerateArgs),
}

#[derive(Args)]
struct ExplainArgs {
    /// A puzzle in either format; `-` or nothing reads standard input.
    input: Option<PathBuf>,
    /// Only the puzzle of this level of a day file.
    #[arg(long)]
    level: Option<LevelArg>,
    /// Print one JSON document per puzzle, one per line.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct GenerateArgs {
    /// Cells of the board (even; the board is grown at random).
    #[arg(long, default_value_t = 16, conflicts_with = "shape")]
    cells: usize,
    /// A file whose picture marks the board's cells (any letter or `#`;
    /// `.` or a space for no cell).
    #[arg(long, value_name = "FILE")]
    shape: Option<PathBuf>,
    /// The grade the puzzle must have.
    #[arg(long, default_value = "medium")]
    difficulty: LevelArg,
    /// Same seed and options, same puzzle.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print the newspaper's JSON, solution included (default: the text
    /// format).
    #[arg(long)]
    json: bool,
}

/// A level of a day file.
#[derive(Clone, Copy, ValueEnum)]
pub enum LevelArg {
    Easy,
    Medium,
    Hard,
}

impl LevelArg {
    fn name(self) -> &'static str {
        match self {
            LevelArg::Easy => "easy",
            LevelArg::Medium => "medium",
            LevelArg::Hard => "hard",
        }
    }
}

#[derive(Args)]
struct SolveArgs {
    /// A puzzle: the newspaper's JSON (one puzzle or a day file) or the
    /// text format; `-` or nothing reads standard input.
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
    /// Only the puzzle of this level of a day file.
    #[arg(long)]
    level: Option<LevelArg>,
    /// Print one JSON document per puzzle, one per line.
    #[arg(long)]
    json: bool,
    /// Also draw the first puzzle and its first solution as SVG in FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Also write a self-contained HTML page with that picture to FILE.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Json,
}

#[derive(Args)]
struct ConvertArgs {
    /// A puzzle in either format; `-` or nothing reads standard input.
    input: Option<PathBuf>,
    /// The format to write.
    #[arg(long)]
    to: Format,
    /// The puzzle of this level of a day file.
    #[arg(long)]
    level: Option<LevelArg>,
}

pub fn run(args: PipsArgs) -> Result<Verdict, CliError> {
    match args.action {
        PipsAction::Solve(args) => run_solve(args),
        PipsAction::Convert(args) => run_convert(args),
        PipsAction::Explain(args) => run_explain(args),
        PipsAction::Generate(args) => run_generate(args),
    }
}

/// The puzzles of the input, only those of `level` when given.
fn read_puzzles(input: &Input, level: Option<LevelArg>) -> Result<Vec<Labeled>, CliError> {
    let mut puzzles = parse_puzzles(&input.text).map_err(|e| input.error(e))?;
    if let Some(level) = level {
        puzzles.retain(|p| p.level.as_deref() == Some(level.name()));
        if puzzles.is_empty() {
            return Err(CliError::Usage(format!(
                "{}: no {} puzzle in the input",
                input.name,
                level.name()
            )));
        }
    }
    Ok(puzzles)
}

fn run_solve(args: SolveArgs) -> Result<Verdict, CliError> {
    let input = read_input(args.input.as_deref())?;
    let puzzles = read_puzzles(&input, args.level)?;
    let unlimited = args.count || args.all;
    let limit = args.limit.unwrap_or(if unlimited { u64::MAX } else { 2 });
    let keep = if args.all {
        usize::MAX
    } else if args.count {
        1
    } else {
        usize::try_from(limit).unwrap_or(usize::MAX)
    };
    let mut out = String::new();
    let mut all_solved = true;
    for (k, labeled) in puzzles.iter().enumerate() {
        let found = solve(&labeled.puzzle, limit, keep);
        all_solved &= found.count > 0;
        if k == 0 {
            let picture = domino::pips::svg(&labeled.puzzle, found.solutions.first());
            if let Some(path) = &args.svg {
                write_file(path, picture.as_bytes())?;
            }
            if let Some(path) = &args.html {
                let caption = format!("{}: {}", input.name, verdict_words(&found, limit));
                let page = html::single(&caption, html::Figure::still(&caption, picture));
                write_file(path, page.as_bytes())?;
            }
        }
        if args.json {
            let mut doc = serde_json::to_value(&found).unwrap_or_default();
            if let Some(level) = &labeled.level {
                doc["level"] = level.clone().into();
            }
            out.push_str(&doc.to_string());
            out.push('\n');
        } else {
            if k > 0 {
                out.push('\n');
            }
            if let Some(level) = &labeled.level {
                out.push_str(&format!("== {level} ==\n"));
            }
            out.push_str(&solve_text(&labeled.puzzle, &found, limit));
        }
    }
    emit(out.as_bytes())?;
    Ok(if all_solved {
        Verdict::Yes
    } else {
        Verdict::No
    })
}

fn run_convert(args: ConvertArgs) -> Result<Verdict, CliError> {
    let input = read_input(args.input.as_deref())?;
    let mut puzzles = read_puzzles(&input, args.level)?;
    if puzzles.len() > 1 {
        return Err(CliError::Usage(format!(
            "{}: the day file holds {} puzzles; choose one with --level",
            input.name,
            puzzles.len()
        )));
    }
    let puzzle = puzzles.remove(0).puzzle;
    let text = match args.to {
        Format::Json => write_json(&puzzle) + "\n",
        Format::Text => write_text(&puzzle).map_err(CliError::Usage)?,
    };
    emit(text.as_bytes())?;
    Ok(Verdict::Yes)
}

fn run_explain(args: ExplainArgs) -> Result<Verdict, CliError> {
    let input = read_input(args.input.as_deref())?;
    let puzzles = read_puzzles(&input, args.level)?;
    let mut out = String::new();
    let mut all_complete = true;
    for labeled in &puzzles {
        let found = explain(&labeled.puzzle);
        all_complete &= found.complete;
        if args.json {
            let mut doc = serde_json::to_value(&found).unwrap_or_default();
            if let Some(level) = &labeled.level {
                doc["level"] = level.clone().into();
            }
            out.push_str(&doc.to_string());
            out.push('\n');
            continue;
        }
        if let Some(level) = &labeled.level {
            out.push_str(&format!("== {level} ==\n"));
        }
        for (k, step) in found.steps.iter().enumerate() {
            out.push_str(&format!(
                "{:>3}. [{}] {}\n",
                k + 1,
                step.technique,
                step.text
            ));
        }
        match (&found.reason, found.complete) {
            (Some(reason), _) => out.push_str(&format!("no solution: {reason}\n")),
            (None, true) => out.push_str(&format!(
                "solved by deductions; grade: {}\n",
                found.grade.name()
            )),
            (None, false) => {
                out.push_str("the deductions stop here: a guess is needed; grade: hard\n")
            }
        }
    }
    emit(out.as_bytes())?;
    Ok(if all_complete {
        Verdict::Yes
    } else {
        Verdict::No
    })
}

fn run_generate(args: GenerateArgs) -> Result<Verdict, CliError> {
    let shape = match &args.shape {
        None => None,
        Some(path) => {
            let input = read_input(Some(path))?;
            let mut cells = Vec::new();
            for (r, line) in input.text.lines().enumerate() {
                for (c, ch) in line.chars().enumerate() {
                    if !ch.is_whitespace() && ch != '.' {
                        cells.push((r, c));
                    }
                }
            }
            Some(cells)
        }
    };
    let grade = match args.difficulty {
        LevelArg::Easy => Grade::Easy,
        LevelArg::Medium => Grade::Medium,
        LevelArg::Hard => Grade::Hard,
    };
    let request = Request {
        shape,
        cells: args.cells,
        grade,
        seed: args.seed,
        tries: 500,
    };
    let made = generate(&request).map_err(CliError::Usage)?;
    let text = if args.json {
        write_json(&made.puzzle) + "\n"
    } else {
        write_text(&made.puzzle).map_err(CliError::Usage)?
    };
    emit(text.as_bytes())?;
    Ok(Verdict::Yes)
}

/// The verdict in words: unique, N solutions, no solution (and why).
pub fn verdict_words(found: &Solutions, limit: u64) -> String {
    match (found.count, found.complete) {
        (0, true) => format!(
            "no solution: {}",
            found
                .reason
                .as_deref()
                .unwrap_or("no way to lay the dominoes meets every rule")
        ),
        (0, false) => "no solution found before the limit".to_string(),
        (1, true) => "unique solution".to_string(),
        (n, true) => format!("{n} solutions"),
        (n, false) => format!("at least {n} solutions (the search stopped at {limit})"),
    }
}

/// What a person reads: the verdict, then each kept solution's picture.
fn solve_text(puzzle: &Puzzle, found: &Solutions, limit: u64) -> String {
    let mut text = verdict_words(found, limit);
    text.push('\n');
    for (k, solution) in found.solutions.iter().enumerate() {
        if found.solutions.len() > 1 {
            text.push_str(&format!("\nsolution {}:\n", k + 1));
        } else {
            text.push('\n');
        }
        text.push_str(&picture(puzzle, solution));
    }
    text
}

/// The values of a solution with the dominoes' borders in box-drawing
/// characters.
pub fn picture(puzzle: &Puzzle, solution: &Solution) -> String {
    let values = values_grid(puzzle, solution);
    let (rows, cols) = puzzle.size();
    let mut piece_of = vec![vec![None; cols]; rows];
    for (k, cells) in solution.placements.iter().enumerate() {
        for &(r, c) in cells {
            if r < rows && c < cols {
                piece_of[r][c] = Some(k);
            }
        }
    }
    let width = puzzle.max_value().to_string().len();
    let piece = |r: isize, c: isize| -> Option<usize> {
        if r < 0 || c < 0 || r as usize >= rows || c as usize >= cols {
            return None;
        }
        piece_of[r as usize][c as usize]
    };
    let mut text = String::new();
    for jr in 0..=rows as isize {
        let mut line = String::new();
        for jc in 0..=cols as isize {
            let up = piece(jr - 1, jc - 1) != piece(jr - 1, jc);
            let down = piece(jr, jc - 1) != piece(jr, jc);
            let left = piece(jr - 1, jc - 1) != piece(jr, jc - 1);
            let right = piece(jr - 1, jc) != piece(jr, jc);
            line.push(domino::text_grid::junction(up, down, left, right));
            if jc < cols as isize {
                line.push_str(&(if right { "─" } else { " " }).repeat(width + 2));
            }
        }
        text.push_str(line.trim_end());
        text.push('\n');
        if jr == rows as isize {
            break;
        }
        let mut line = String::new();
        for jc in 0..=cols as isize {
            line.push(if piece(jr, jc - 1) != piece(jr, jc) {
                '│'
            } else {
                ' '
            });
            if jc < cols as isize {
                match values[jr as usize][jc as usize] {
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
