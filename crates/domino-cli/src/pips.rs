//! `domino pips`: the newspaper puzzle Pips. `solve` counts the solutions
//! of each puzzle of the input (stopping at 2 by default, which proves
//! uniqueness) and prints them as pictures or JSON; `convert` writes a
//! puzzle in the other format.

use crate::args::{LimitArgs, MemoryArg, TimeLimitArg};
use crate::board::{self, Door};
use crate::generate::{self, Generate};
use crate::input::{emit, read_input, CliError, Input};
use crate::verbs;
use crate::Verdict;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Subcommand, ValueEnum};
use domino::pips::{
    marked_cells, write_json, write_text, GenerateError, Generated, Grade, Labeled, Pips, Request,
    SolveReport,
};
use domino::Limits;
use std::path::PathBuf;

#[derive(Args)]
pub struct PipsArgs {
    #[command(subcommand)]
    action: PipsAction,
}

#[derive(Subcommand)]
enum PipsAction {
    /// Solve each puzzle of the input, count its solutions, prove uniqueness.
    Solve(board::SolveArgs<PuzzleArgs>),
    /// Write a puzzle in the text format or the newspaper's JSON.
    Convert(ConvertArgs),
    /// The deductions a person would make, step by step, with a grade.
    Explain(ExplainArgs),
    /// A new puzzle with a unique solution and a chosen grade.
    Generate(generate::GenerateArgs<GenerateFlags>),
    /// Read the puzzle a screenshot of the newspaper's app shows.
    Read(ReadArgs),
    #[command(flatten)]
    Board(verbs::Verb<PuzzleArgs>),
}

/// The input of `solve` and the [`verbs`]: one puzzle file, a day
/// file's level.
#[derive(Args)]
pub struct PuzzleArgs {
    /// A puzzle: the newspaper's JSON (one puzzle, a day file, or a batch:
    /// several one after another or in an array) or the text format; `-`
    /// or nothing reads standard input.
    input: Option<PathBuf>,
    /// Only the puzzle of this level of a day file.
    #[arg(long, value_parser = grade_parser())]
    level: Option<Grade>,
}

impl verbs::Puzzles for PuzzleArgs {
    type Family = Pips;

    fn read(&self) -> Result<(Input, Vec<Labeled>), CliError> {
        read_puzzles(self.input.as_deref(), self.level)
    }
}

#[derive(Args)]
struct ReadArgs {
    /// A screenshot, PNG or JPEG; `-` reads standard input.
    shot: PathBuf,
    /// Print the newspaper's JSON (default: the text format).
    #[arg(long)]
    json: bool,
    /// Go straight on and solve the puzzle read.
    #[arg(long, conflicts_with_all = ["explain", "hint"])]
    solve: bool,
    /// Go straight on and explain the puzzle read, step by step.
    #[arg(long, conflicts_with = "hint")]
    explain: bool,
    /// Go straight on and give the first deduction of the puzzle read.
    #[arg(long)]
    hint: bool,
}

#[derive(Args)]
struct ExplainArgs {
    /// A puzzle in either format; `-` or nothing reads standard input.
    input: Option<PathBuf>,
    /// Only the puzzle of this level of a day file.
    #[arg(long, value_parser = grade_parser())]
    level: Option<Grade>,
    /// Print one JSON document per puzzle, one per line.
    #[arg(long)]
    json: bool,
    /// The time for the whole run; stopped, the deductions end with the
    /// steps found so far (exit 1).
    #[command(flatten)]
    limits: TimeLimitArg,
    /// --memory (the counter's tables, the steps kept).
    #[command(flatten)]
    memory: MemoryArg,
}

/// The flags of `generate` that are pips' own.
#[derive(Args)]
pub struct GenerateFlags {
    /// Cells of the board (even; the board is grown at random; at most 10
    /// for easy and 20 for medium, as the grade counts the board's size
    /// too). Default: a board of the newspaper's sizes for the difficulty,
    /// drawn per seed (6 to 10 cells easy, 10 to 16 medium, 16 to 32
    /// hard; with --like, the day files' sizes).
    #[arg(long, conflicts_with = "shape")]
    cells: Option<usize>,
    /// A file whose picture marks the board's cells (any letter or `#`;
    /// `.` or a space for no cell).
    #[arg(long, value_name = "FILE")]
    shape: Option<PathBuf>,
    /// The grade the puzzle must have.
    #[arg(long, default_value = Request::GRADE.name(), value_parser = grade_parser())]
    difficulty: Grade,
    /// Day files (the newspaper's JSON) whose board sizes, holes, regions,
    /// rules and pieces per level the puzzles follow (default: the shared
    /// days' table, built in).
    #[arg(long, value_name = "DAYFILE", num_args = 1..)]
    like: Vec<PathBuf>,
    /// A time limit, a node limit (the counter's nodes over all tries) and
    /// Ctrl-C end the search without a puzzle (exit 1); with --count, the
    /// limits apply to each puzzle.
    #[command(flatten)]
    limits: LimitArgs,
}

impl Generate for GenerateFlags {
    type Family = Pips;
    const SEED: u64 = Request::SEED;
    const JSON_HELP: &'static str =
        "Print the newspaper's JSON, solution included (default: the text format)";

    fn request(&self) -> Result<Request, CliError> {
        let shape = match &self.shape {
            None => None,
            Some(path) => Some(marked_cells(&read_input(Some(path))?.text)),
        };
        // `--cells 0` is a board of no cells, not the level's sizes.
        let cells = match self.cells {
            Some(Request::LEVEL_CELLS) => {
                let odd = GenerateError::OddCells { cells: 0 };
                return Err(CliError::Usage(odd.to_string()));
            }
            Some(cells) => cells,
            None => Request::cells_for(self.difficulty),
        };
        Ok(Request {
            shape,
            cells,
            grade: self.difficulty,
            seed: Request::SEED,
            tries: Request::TRIES,
            profile: like(&self.like)?,
        })
    }

    fn reseed(request: &mut Request, seed: u64) {
        request.seed = seed;
    }

    fn limits(&self) -> Limits {
        self.limits.limits()
    }

    fn print(&self, made: Generated, _seed: u64, json: bool) -> Result<String, String> {
        if json {
            Ok(write_json(&made.puzzle) + "\n")
        } else {
            write_text(&made.puzzle).map_err(|e| e.to_string())
        }
    }
}

/// A grade, or a level of a day file, by the library's names (clap lists
/// them in the help and in its error).
fn grade_parser() -> impl TypedValueParser<Value = Grade> {
    PossibleValuesParser::new(Grade::NAMES).try_map(|name| name.parse::<Grade>())
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
    #[arg(long, value_parser = grade_parser())]
    level: Option<Grade>,
}

pub fn run(args: PipsArgs) -> Result<Verdict, CliError> {
    match args.action {
        PipsAction::Solve(args) => board::run_solve(args),
        PipsAction::Convert(args) => run_convert(args),
        PipsAction::Explain(args) => run_explain(args),
        PipsAction::Generate(args) => generate::run(args),
        PipsAction::Read(args) => {
            crate::pips_read::run(args.shot, args.json, args.solve, args.explain, args.hint)
        }
        PipsAction::Board(verb) => verbs::run(verb),
    }
}

impl Door for Pips {
    type SolveFlags = board::NoFlags;

    /// A blank line between puzzles; in a listing, a day file's level
    /// above its puzzle too (the collected text has it in the report).
    fn solve_heading(labeled: &Labeled, k: usize, _count: usize, streamed: bool) -> String {
        let mut heading = String::from(if k > 0 { "\n" } else { "" });
        if let Some(level) = labeled.level.as_ref().filter(|_| streamed) {
            heading.push_str(&format!("== {level} ==\n"));
        }
        heading
    }

    fn explain_heading(_labeled: &Labeled, _k: usize, _count: usize) -> String {
        String::new()
    }

    fn solve_svg(report: &SolveReport<'_>) -> String {
        report.svg()
    }

    fn solve_html(report: &SolveReport<'_>, name: &str) -> String {
        report.html(name)
    }
}

/// The puzzles of the input, only those of `level` when given.
fn read_puzzles(
    path: Option<&std::path::Path>,
    level: Option<Grade>,
) -> Result<(Input, Vec<Labeled>), CliError> {
    let (input, mut puzzles) = board::read::<Pips>(path, &())?;
    if let Some(level) = level {
        puzzles.retain(|p| p.level == Some(level));
        if puzzles.is_empty() {
            return Err(CliError::Usage(format!(
                "{}: no {} puzzle in the input",
                input.name,
                level.name()
            )));
        }
    }
    Ok((input, puzzles))
}

fn run_convert(args: ConvertArgs) -> Result<Verdict, CliError> {
    let (input, mut puzzles) = read_puzzles(args.input.as_deref(), args.level)?;
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
        Format::Text => write_text(&puzzle).map_err(|e| CliError::Usage(e.to_string()))?,
    };
    emit(text.as_bytes())?;
    Ok(Verdict::Yes)
}

fn run_explain(args: ExplainArgs) -> Result<Verdict, CliError> {
    let (input, puzzles) = read_puzzles(args.input.as_deref(), args.level)?;
    let limits = args.memory.apply(args.limits.limits());
    board::explain::<Pips>(&input, &puzzles, &limits, args.json, None)
}

/// The profile `--like` learns from its day files, or `None` without them.
fn like(paths: &[PathBuf]) -> Result<Option<domino::pips::Profile>, CliError> {
    if paths.is_empty() {
        return Ok(None);
    }
    let mut puzzles = Vec::new();
    for path in paths {
        puzzles.extend(board::read::<Pips>(Some(path), &())?.1);
    }
    let profile =
        domino::pips::Profile::learn(&puzzles).map_err(|e| CliError::Usage(e.to_string()))?;
    Ok(Some(profile))
}
