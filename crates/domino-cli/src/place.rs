//! `domino place`: placement puzzles. `solve` counts each board's
//! solutions (stopping at 2 by default, which proves uniqueness),
//! `explain` shows the deductions step by step, `generate` makes new
//! puzzles with a unique solution and an exact difficulty.

use crate::args::{
    capped, parse_seconds, CountArgs, LimitArgs, MaxSolutionsArg, MemoryArg, OutputArgs,
    SolveModeArgs, TimeLimitArg,
};
use crate::batch::{each_seed, Made};
use crate::input::{read_input, stop_on_ctrl_c, CliError, Input, Listing, Out};
use crate::Verdict;
use clap::{Args, Subcommand};
use domino::place::{
    batch_heading, game_id, generate, parse_grids, parse_outline, ExplainReport, GenerateReport,
    Grade, Grid, Level, Outline, Request, SolveReport,
};
use domino::search::{or_list, SolveMode};
use domino::{InputError, Limits, Missing, Value};
use std::path::PathBuf;
use std::time::Duration;

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
    Explain(ExplainArgs),
    /// Generate a puzzle with a unique solution and a given difficulty.
    Generate(GenerateArgs),
}

/// The input of `solve` and `explain`.
#[derive(Args)]
struct BoardsArgs {
    /// Boards: whitespace numbers, compact digits or `#dp` format, several
    /// separated by blank lines; `-` or nothing reads standard input.
    input: Option<PathBuf>,
    /// The set is double-N (default: from the `#dp` header or the cell count).
    #[arg(long, value_name = "N")]
    set: Option<u32>,
}

impl BoardsArgs {
    fn read(&self) -> Result<(Input, Vec<Grid>), CliError> {
        let input = read_input(self.input.as_deref())?;
        // Read as u32, so clap refuses a sign as ever; the library takes a Value.
        let set = self.set.map(Value::from);
        let boards = parse_grids(&input.text, set).map_err(|e| input.error(with_flag(e)))?;
        Ok((input, boards))
    }
}

/// The library's error with the flag that gets past it, when there is one.
fn with_flag(mut error: InputError) -> InputError {
    if error.missing == Some(Missing::Set) {
        error.message.push_str("; name the set with --set N");
    }
    error
}

#[derive(Args)]
struct SolveArgs {
    #[command(flatten)]
    boards: BoardsArgs,
    /// --count, --all, --limit.
    #[command(flatten)]
    mode: SolveModeArgs,
    /// Nodes count per board, the time for the whole run (the grade's
    /// deductions too).
    #[command(flatten)]
    limits: LimitArgs,
    /// --max-solutions.
    #[command(flatten)]
    listed: MaxSolutionsArg,
    /// --memory.
    #[command(flatten)]
    memory: MemoryArg,
    /// Also grade each board (the hardest deduction it needs; costs about
    /// as much as the solve again, or more).
    #[arg(long)]
    grade: bool,
    /// `id`: print each board as the reference Dominosa's game ID instead
    /// (one a line; the exit code still says whether all are solved).
    #[arg(long, value_name = "FORMAT", value_parser = ["text", "id"])]
    format: Option<String>,
    /// JSON is one document per board, one per line; the pictures show the
    /// first board and its first solution.
    #[command(flatten)]
    output: OutputArgs,
}

#[derive(Args)]
struct ExplainArgs {
    #[command(flatten)]
    boards: BoardsArgs,
    /// The time for the whole run; stopped, the deductions end with the
    /// steps found so far (exit 1).
    #[command(flatten)]
    limits: TimeLimitArg,
    /// --memory (the steps kept).
    #[command(flatten)]
    memory: MemoryArg,
    /// JSON is one document per board, one per line; the SVG shows the
    /// first board (solved, if the deductions finish), the HTML page plays
    /// its deductions step by step.
    #[command(flatten)]
    output: OutputArgs,
}

#[derive(Args)]
struct GenerateArgs {
    /// The set is double-N (0 to 60).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=Request::MAX_SET))]
    set: u32,
    /// The grade the puzzle must have: trivial, basic, hard or extreme.
    #[arg(long, default_value = Request::LEVEL.name())]
    difficulty: Grade,
    /// Same seed and options, same puzzle.
    #[arg(long, default_value_t = Request::SEED)]
    seed: u64,
    /// --count, --threads.
    #[command(flatten)]
    count: CountArgs,
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
    /// Also print the solution (bone numbers) after the puzzle.
    #[arg(long)]
    solution: bool,
    /// Print JSON: puzzle, difficulty, seed, solution, clues.
    #[arg(long)]
    json: bool,
    /// `id`: print the reference Dominosa's game ID (`6:0046...`; the
    /// rectangle only, without clues).
    #[arg(long, value_name = "FORMAT", value_parser = ["text", "id"])]
    format: Option<String>,
    /// Boards to evaluate before giving up.
    #[arg(long, default_value_t = Request::MAX_ROUNDS)]
    max_rounds: usize,
    /// Stop after this many seconds without a puzzle (exit 1), as Ctrl-C
    /// does; --max-rounds is the limit on work.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    time_limit: Option<Duration>,
}

pub fn run(args: PlaceArgs) -> Result<Verdict, CliError> {
    match args.action {
        PlaceAction::Solve(args) => run_solve(args),
        PlaceAction::Explain(args) => run_explain(args),
        PlaceAction::Generate(args) => run_generate(args),
    }
}

fn run_solve(args: SolveArgs) -> Result<Verdict, CliError> {
    let (input, boards) = args.boards.read()?;
    let options = args.mode.options();
    let limits = args.memory.apply(args.listed.apply(args.limits.limits()));
    if options.mode == SolveMode::All && args.format.as_deref() != Some("id") {
        return stream_solve(&args, &input, &boards, &limits);
    }
    let mut out = Out::default();
    let mut all_solved = true;
    for (k, board) in boards.iter().enumerate() {
        let mut report = SolveReport::new(board, &options, &limits);
        if args.grade {
            report.add_grade(&limits);
        }
        all_solved &= report.solved();
        if k == 0 {
            args.output
                .pictures(|| report.svg(), || report.html(&input.name))?;
        }
        if args.format.as_deref() == Some("id") {
            let id = game_id(board).map_err(|why| {
                CliError::Usage(format!("{}: board {}: {why}", input.name, k + 1))
            })?;
            out.text(&format!("{id}\n"));
            continue;
        }
        if boards.len() > 1 && !args.output.json {
            out.text(&batch_heading(board, k));
        }
        out.either(args.output.json, &report, SolveReport::text)?;
        if !args.output.json {
            out.text(&capped(&report.found, &limits));
        }
    }
    out.emit()?;
    Ok(Verdict::from(all_solved))
}

/// `solve --all`: each board's maps written as the search finds them (see
/// [`Listing`]), then its verdict, with flat memory; the limits and
/// Ctrl-C stop the listing as they stop a count.
fn stream_solve(
    args: &SolveArgs,
    input: &Input,
    boards: &[Grid],
    limits: &Limits,
) -> Result<Verdict, CliError> {
    let options = args.mode.options();
    let mut listing = Listing::new(args.output.json);
    let mut all_solved = true;
    for (k, board) in boards.iter().enumerate() {
        let heading = if boards.len() > 1 {
            batch_heading(board, k)
        } else {
            String::new()
        };
        listing.begin(&heading);
        let mut report = SolveReport::streamed(board, &options, limits, &mut |map| {
            listing.solution(map, |n| SolveReport::solution_text(board, n, map))
        });
        if args.grade {
            report.add_grade(limits);
        }
        all_solved &= report.solved();
        if k == 0 {
            args.output
                .pictures(|| report.svg(), || report.html(&input.name))?;
        }
        let closing = report.closing_text(listing.listed());
        listing.end(&report, &closing);
    }
    listing.finish()?;
    Ok(Verdict::from(all_solved))
}

fn run_explain(args: ExplainArgs) -> Result<Verdict, CliError> {
    let (input, boards) = args.boards.read()?;
    let limits = args.memory.apply(args.limits.limits());
    let mut out = Out::default();
    let mut all_complete = true;
    for (k, board) in boards.iter().enumerate() {
        let report = ExplainReport::new(board, &limits);
        all_complete &= report.complete();
        if k == 0 {
            args.output
                .pictures(|| report.svg(), || report.html(&input.name))?;
        }
        if boards.len() > 1 && !args.output.json {
            out.text(&batch_heading(board, k));
        }
        out.either(args.output.json, &report, ExplainReport::text)?;
    }
    out.emit()?;
    Ok(Verdict::from(all_complete))
}

fn run_generate(args: GenerateArgs) -> Result<Verdict, CliError> {
    // Parsed as a grade so that `search` gets this message, not clap's.
    let Some(level) = args.difficulty.level() else {
        return Err(CliError::Usage(format!(
            "--difficulty must be {}",
            or_list(&Level::NAMES)
        )));
    };
    let outline = if args.shape == "rectangle" {
        Outline::for_set(Value::from(args.set))
    } else {
        let input = read_input(Some(std::path::Path::new(&args.shape)))?;
        parse_outline(&input.text).map_err(|e| input.error(e))?
    };
    let id = args.format.as_deref() == Some("id");
    each_seed(&args.count, args.seed, args.json || id, |seed| {
        let request = Request {
            set: Value::from(args.set),
            level,
            seed,
            outline: outline.clone(),
            clues: args.clues,
            max_rounds: args.max_rounds,
        };
        let limits = Limits::new(args.time_limit, None, Some(stop_on_ctrl_c()));
        let puzzle = match generate(&request, &limits) {
            Ok(puzzle) => puzzle,
            Err(e) if e.invalid_request() => return Made::Invalid(e.to_string()),
            Err(e) => {
                let hint = if e.clues_may_help(&request) {
                    " or --clues"
                } else {
                    ""
                };
                return Made::Missed(format!("{e}{hint}"));
            }
        };
        let report = GenerateReport { puzzle, seed };
        if args.json {
            match serde_json::to_string(&report) {
                Ok(doc) => Made::Puzzle(doc + "\n"),
                Err(e) => Made::Invalid(e.to_string()),
            }
        } else if id {
            match game_id(&report.puzzle.board) {
                Ok(id) => Made::Puzzle(format!("{id}\n")),
                Err(e) => Made::Invalid(e.to_string()),
            }
        } else {
            match report.text(args.dp, args.solution) {
                Ok(text) => Made::Puzzle(text),
                Err(e) => Made::Invalid(format!("{e}; use --json")),
            }
        }
    })
}
