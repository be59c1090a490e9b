//! `domino pips`: the newspaper puzzle Pips. `solve` counts the solutions
//! of each puzzle of the input (stopping at 2 by default, which proves
//! uniqueness) and prints them as pictures or JSON; `convert` writes a
//! puzzle in the other format.

use crate::args::{
    CountArgs, LimitArgs, MaxSolutionsArg, MemoryArg, OutputArgs, SolveModeArgs, TimeLimitArg,
};
use crate::batch::{each_seed, Made};
use crate::board::{self, Door};
use crate::input::{emit, read_input, CliError, Input};
use crate::Verdict;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Subcommand, ValueEnum};
use domino::pips::{
    generate, marked_cells, write_json, write_text, GenerateError, Grade, Labeled, Pips, Request,
    SolveReport,
};
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
    /// Read the puzzle a screenshot of the newspaper's app shows.
    Read(ReadArgs),
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

#[derive(Args)]
struct GenerateArgs {
    /// Cells of the board (even; the board is grown at random; at most 12
    /// for easy and 16 for medium, as the grade counts the board's size
    /// first). Default: a board of the newspaper's sizes for the
    /// difficulty, drawn per seed (6 to 12 cells easy, 10 to 16 medium, 16
    /// to 32 hard).
    #[arg(long, conflicts_with = "shape")]
    cells: Option<usize>,
    /// A file whose picture marks the board's cells (any letter or `#`;
    /// `.` or a space for no cell).
    #[arg(long, value_name = "FILE")]
    shape: Option<PathBuf>,
    /// The grade the puzzle must have.
    #[arg(long, default_value = Request::GRADE.name(), value_parser = grade_parser())]
    difficulty: Grade,
    /// Same seed and options, same puzzle.
    #[arg(long, default_value_t = Request::SEED)]
    seed: u64,
    /// --count, --threads.
    #[command(flatten)]
    count: CountArgs,
    /// Print the newspaper's JSON, solution included (default: the text
    /// format).
    #[arg(long)]
    json: bool,
    /// A time limit, a node limit (the counter's nodes over all tries) and
    /// Ctrl-C end the search without a puzzle (exit 1); with --count, the
    /// limits apply to each puzzle.
    #[command(flatten)]
    limits: LimitArgs,
}

/// A grade, or a level of a day file, by the library's names (clap lists
/// them in the help and in its error).
fn grade_parser() -> impl TypedValueParser<Value = Grade> {
    PossibleValuesParser::new(Grade::NAMES).try_map(|name| name.parse::<Grade>())
}

#[derive(Args)]
struct SolveArgs {
    /// A puzzle: the newspaper's JSON (one puzzle, a day file, or a batch:
    /// several one after another or in an array) or the text format; `-`
    /// or nothing reads standard input.
    input: Option<PathBuf>,
    /// --count, --all, --limit.
    #[command(flatten)]
    mode: SolveModeArgs,
    /// Nodes count per puzzle, the time for the whole run.
    #[command(flatten)]
    limits: LimitArgs,
    /// --max-solutions.
    #[command(flatten)]
    listed: MaxSolutionsArg,
    /// --memory.
    #[command(flatten)]
    memory: MemoryArg,
    /// Only the puzzle of this level of a day file.
    #[arg(long, value_parser = grade_parser())]
    level: Option<Grade>,
    /// --json (one document per puzzle, one per line), --svg and --html
    /// (the first puzzle and its first solution).
    #[command(flatten)]
    output: OutputArgs,
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
        PipsAction::Solve(args) => run_solve(args),
        PipsAction::Convert(args) => run_convert(args),
        PipsAction::Explain(args) => run_explain(args),
        PipsAction::Generate(args) => run_generate(args),
        PipsAction::Read(args) => {
            crate::pips_read::run(args.shot, args.json, args.solve, args.explain, args.hint)
        }
    }
}

impl Door for Pips {
    type SolveFlags = ();

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
        puzzles.retain(|p| p.level.as_deref() == Some(level.name()));
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

fn run_solve(args: SolveArgs) -> Result<Verdict, CliError> {
    let (input, puzzles) = read_puzzles(args.input.as_deref(), args.level)?;
    let limits = args.memory.apply(args.listed.apply(args.limits.limits()));
    let options = args.mode.options();
    board::solve::<Pips>(&input, &puzzles, &options, &limits, &args.output, &())
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

fn run_generate(args: GenerateArgs) -> Result<Verdict, CliError> {
    let shape = match &args.shape {
        None => None,
        Some(path) => Some(marked_cells(&read_input(Some(path))?.text)),
    };
    // `--cells 0` is a board of no cells, not the level's sizes.
    let cells = match args.cells {
        Some(Request::LEVEL_CELLS) => {
            let odd = GenerateError::OddCells { cells: 0 };
            return Err(CliError::Usage(odd.to_string()));
        }
        Some(cells) => cells,
        None => Request::cells_for(args.difficulty),
    };
    each_seed(&args.count, args.seed, args.json, |seed| {
        let request = Request {
            shape: shape.clone(),
            cells,
            grade: args.difficulty,
            seed,
            tries: Request::TRIES,
        };
        match generate(&request, &args.limits.limits()) {
            Ok(made) if args.json => Made::Puzzle(write_json(&made.puzzle) + "\n"),
            Ok(made) => match write_text(&made.puzzle) {
                Ok(text) => Made::Puzzle(text),
                Err(e) => Made::Invalid(e.to_string()),
            },
            Err(e) if e.invalid_request() => Made::Invalid(e.to_string()),
            Err(e) => Made::Missed(e.to_string()),
        }
    })
}
