//! `domino place`: placement puzzles. `solve` counts each board's
//! solutions (stopping at 2 by default, which proves uniqueness),
//! `explain` shows the deductions step by step, `generate` makes new
//! puzzles with a unique solution and an exact difficulty.

use crate::args::{parse_seconds, MemoryArg, OutputArgs, TimeLimitArg};
use crate::board::{self, Door};
use crate::generate::{self, Generate};
use crate::input::{read_input, stop_on_ctrl_c, CliError, Input};
use crate::verbs::{self, Puzzles};
use crate::Verdict;
use clap::{Args, Subcommand};
use domino::place::{
    batch_heading, game_id, parse_outline, ExplainReport, GenerateError, GenerateReport, Generated,
    Grade, Grid, Level, Outline, Place, Request, SolveReport,
};
use domino::search::or_list;
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
    Solve(board::SolveArgs<BoardsArgs>),
    /// Explain the deductions that solve each board, step by step.
    Explain(ExplainArgs),
    /// Generate a puzzle with a unique solution and a given difficulty.
    Generate(generate::GenerateArgs<GenerateFlags>),
    #[command(flatten)]
    Board(verbs::Verb<BoardsArgs>),
}

/// The input of `solve`, `explain` and the [`verbs`].
#[derive(Args)]
pub struct BoardsArgs {
    /// Boards: whitespace numbers, compact digits or `#dp` format, several
    /// separated by blank lines; `-` or nothing reads standard input.
    input: Option<PathBuf>,
    /// The set is double-N (default: from the `#dp` header or the cell count).
    #[arg(long, value_name = "N")]
    set: Option<u32>,
}

impl verbs::Puzzles for BoardsArgs {
    type Family = Place;

    fn read(&self) -> Result<(Input, Vec<Grid>), CliError> {
        // Read as u32, so clap refuses a sign as ever; the library takes a Value.
        board::read::<Place>(self.input.as_deref(), &self.set.map(Value::from))
    }
}

/// `solve`'s flags of place alone: `--grade`, and `--format id`.
#[derive(Args)]
pub struct SolveFlags {
    /// Also grade each board (the hardest deduction it needs; costs about
    /// as much as the solve again, or more).
    #[arg(long)]
    grade: bool,
    /// `id`: print each board as the reference Dominosa's game ID instead
    /// (one a line; the exit code still says whether all are solved).
    #[arg(long, value_name = "FORMAT", value_parser = ["text", "id"])]
    format: Option<String>,
}

impl SolveFlags {
    /// `--format id`.
    fn id(&self) -> bool {
        self.format.as_deref() == Some("id")
    }
}

impl Door for Place {
    type SolveFlags = SolveFlags;

    /// The library's error with the flag that gets past it, when there is one.
    fn with_flag(mut error: InputError) -> InputError {
        if error.missing == Some(Missing::Set) {
            error.message.push_str("; name the set with --set N");
        }
        error
    }

    fn solve_heading(board: &Grid, k: usize, count: usize, _streamed: bool) -> String {
        Place::explain_heading(board, k, count)
    }

    fn explain_heading(board: &Grid, k: usize, count: usize) -> String {
        if count > 1 {
            batch_heading(board, k)
        } else {
            String::new()
        }
    }

    fn finish(report: &mut SolveReport<'_>, flags: &SolveFlags, limits: &Limits) {
        if flags.grade {
            report.add_grade(limits);
        }
    }

    fn instead(
        board: &Grid,
        k: usize,
        flags: &SolveFlags,
        input: &Input,
    ) -> Option<Result<String, CliError>> {
        flags.id().then(|| match game_id(board) {
            Ok(id) => Ok(format!("{id}\n")),
            Err(why) => Err(CliError::Usage(format!(
                "{}: board {}: {why}",
                input.name,
                k + 1
            ))),
        })
    }

    fn prints_instead(flags: &SolveFlags) -> bool {
        flags.id()
    }

    fn solve_svg(report: &SolveReport<'_>) -> String {
        report.svg()
    }

    fn solve_html(report: &SolveReport<'_>, name: &str) -> String {
        report.html(name)
    }

    fn explain_pictures(
        report: &ExplainReport<'_>,
        output: &OutputArgs,
        name: &str,
    ) -> Result<(), CliError> {
        output.pictures(|| report.svg(), || report.html(name))
    }
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

/// The flags of `generate` that are place's own.
#[derive(Args)]
pub struct GenerateFlags {
    /// The set is double-N (0 to 60).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=Request::MAX_SET))]
    set: u32,
    /// The grade the puzzle must have: trivial, basic, hard or extreme.
    #[arg(long, default_value = Request::LEVEL.name())]
    difficulty: Grade,
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

impl Generate for GenerateFlags {
    type Family = Place;
    const SEED: u64 = Request::SEED;
    const JSON_HELP: &'static str = "Print JSON: puzzle, difficulty, seed, solution, clues";

    fn request(&self) -> Result<Request, CliError> {
        // Parsed as a grade so that `search` gets this message, not clap's.
        let Some(level) = self.difficulty.level() else {
            return Err(CliError::Usage(format!(
                "--difficulty must be {}",
                or_list(&Level::NAMES)
            )));
        };
        let outline = if self.shape == "rectangle" {
            Outline::for_set(Value::from(self.set))
        } else {
            let input = read_input(Some(std::path::Path::new(&self.shape)))?;
            parse_outline(&input.text).map_err(|e| input.error(e))?
        };
        Ok(Request {
            set: Value::from(self.set),
            level,
            seed: Request::SEED,
            outline,
            clues: self.clues,
            max_rounds: self.max_rounds,
        })
    }

    fn reseed(request: &mut Request, seed: u64) {
        request.seed = seed;
    }

    fn limits(&self) -> Limits {
        Limits::new(self.time_limit, None, Some(stop_on_ctrl_c()))
    }

    fn missed(&self, error: &GenerateError, request: &Request) -> String {
        let hint = if error.clues_may_help(request) {
            " or --clues"
        } else {
            ""
        };
        format!("{error}{hint}")
    }

    fn one_a_line(&self) -> bool {
        self.format.as_deref() == Some("id")
    }

    fn print(&self, puzzle: Generated, seed: u64, json: bool) -> Result<String, String> {
        let report = GenerateReport { puzzle, seed };
        if json {
            serde_json::to_string(&report)
                .map(|doc| doc + "\n")
                .map_err(|e| e.to_string())
        } else if self.one_a_line() {
            game_id(&report.puzzle.board)
                .map(|id| format!("{id}\n"))
                .map_err(|e| e.to_string())
        } else {
            report
                .text(self.dp, self.solution)
                .map_err(|e| format!("{e}; use --json"))
        }
    }
}

pub fn run(args: PlaceArgs) -> Result<Verdict, CliError> {
    match args.action {
        PlaceAction::Solve(args) => board::run_solve(args),
        PlaceAction::Explain(args) => run_explain(args),
        PlaceAction::Generate(args) => generate::run(args),
        PlaceAction::Board(verb) => verbs::run(verb),
    }
}

fn run_explain(args: ExplainArgs) -> Result<Verdict, CliError> {
    let (input, boards) = args.boards.read()?;
    let limits = args.memory.apply(args.limits.limits());
    board::explain::<Place>(
        &input,
        &boards,
        &limits,
        args.output.json,
        Some(&args.output),
    )
}
