//! `domino vanish`: solve a board (exact or approximate), compare every
//! algorithm on several boards, generate random or clearable boards.

use crate::args::{parse_seconds, LimitArgs, OutputArgs};
use crate::input::{read_input, stop_on_ctrl_c, write_file, CliError, Out};
use crate::Verdict;
use clap::{Args, Subcommand};
use domino::search::defaults::{BEAM_WIDTH, BEAM_WIDTH_DEFAULT, SEARCH_MEMORY};
use domino::search::Limits;
use domino::vanish::{
    board_to_text, board_to_xml, generate, generate_clearable, parse_board, Algorithm, Board,
    CompareReport, GenerateError, Options, OptionsError, Progress, Request, SolveReport,
};
use domino::Value;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(Args)]
pub struct VanishArgs {
    #[command(subcommand)]
    action: Action,
}

#[derive(Subcommand)]
enum Action {
    /// Remove as many pieces as possible; the exact algorithm proves it.
    Solve(SolveArgs),
    /// Run every algorithm on every input and print a table.
    Compare(CompareArgs),
    /// Print a random full board (text format, or XML with --xml).
    Generate(GenerateArgs),
}

/// The narrowest and widest beam, as clap's range takes them.
const BEAM_MIN: u64 = *BEAM_WIDTH.start() as u64;
const BEAM_MAX: u64 = *BEAM_WIDTH.end() as u64;

/// How solve and compare search: the limits (the time counts for each
/// algorithm on each board, the nodes are states) and the knobs.
#[derive(Args)]
struct SearchArgs {
    #[command(flatten)]
    limits: LimitArgs,
    /// Positions kept per step by the beam search (1 to 4096).
    #[arg(long, value_name = "W", default_value_t = BEAM_WIDTH_DEFAULT as u64,
          value_parser = clap::value_parser!(u64).range(BEAM_MIN..=BEAM_MAX))]
    beam_width: u64,
    /// Memory a search's growing parts may take, in MiB (the exact
    /// search's table, which then overwrites old entries, beam levels,
    /// the other algorithms' working positions); past it the search stops
    /// with its best order, not proven.
    #[arg(long, value_name = "MIB", default_value_t = SEARCH_MEMORY >> 20)]
    memory: usize,
    /// Seed of the anytime search.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads of the exact search (default: every core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
}

#[derive(Args)]
struct SolveArgs {
    /// A board in the text or XML format; `-` or nothing reads standard input.
    input: Option<PathBuf>,
    /// exact (default, proves the optimum: a short branch and bound, then
    /// the ordering model solved by a learning constraint solver), model
    /// (that model alone, from greedy's order), greedy, beam, anytime, or the
    /// report's three approximations: capped-dfs (Bysiek: its exact search
    /// cut off after n² states), delaying-greedy (Peryt: holds back pieces
    /// others wait for) and scan (Łojek: the sweep in board order).
    #[arg(long, short, default_value = "exact", value_parser = parse_algorithm)]
    algorithm: Algorithm,
    #[command(flatten)]
    search: SearchArgs,
    /// The SVG shows the board; the HTML page plays the removal order step
    /// by step.
    #[command(flatten)]
    output: OutputArgs,
    /// Also write the result to F: the text output format (score, then the
    /// removal order), or XML when F ends in .xml.
    #[arg(long = "output", short = 'o', value_name = "F")]
    output_file: Option<PathBuf>,
}

#[derive(Args)]
struct CompareArgs {
    /// Boards in the text or XML format; nothing reads standard input.
    inputs: Vec<PathBuf>,
    #[command(flatten)]
    search: SearchArgs,
    /// Print one JSON document instead of a table.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct GenerateArgs {
    #[arg(long, value_name = "W")]
    width: usize,
    #[arg(long, value_name = "H")]
    height: usize,
    /// Values are drawn from 0..=V.
    #[arg(long, value_name = "V", value_parser = clap::value_parser!(Value).range(0..=Value::MAX))]
    max_value: Value,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Build the values by playing backwards, so the board can be cleared.
    #[arg(long)]
    clearable: bool,
    /// Print the XML format instead of the text format.
    #[arg(long)]
    xml: bool,
    /// With --clearable: stop after this many seconds without a board
    /// (exit 1); Ctrl-C stops it too.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    time_limit: Option<std::time::Duration>,
}

fn parse_algorithm(s: &str) -> Result<Algorithm, String> {
    s.parse()
}

pub fn run(args: VanishArgs) -> Result<Verdict, CliError> {
    match args.action {
        Action::Solve(args) => run_solve(args),
        Action::Compare(args) => run_compare(args),
        Action::Generate(args) => run_generate(args),
    }
}

/// The options of `runs` searches (an algorithm on a board each), the
/// clock starting now: `--time-limit` is each run's, so the runs together
/// get it `runs` times (a comparison shares that among them).
fn options(args: &SearchArgs, runs: usize) -> Options {
    let time = args.limits.time_limit.map(|t| {
        t.checked_mul(u32::try_from(runs).unwrap_or(u32::MAX))
            .unwrap_or(Duration::MAX)
    });
    Options {
        limits: Limits {
            memory: Some(args.memory.saturating_mul(1 << 20)),
            ..Limits::new(time, args.limits.node_limit, Some(stop_on_ctrl_c()))
        },
        beam_width: usize::try_from(args.beam_width).unwrap_or(usize::MAX),
        seed: args.seed,
        threads: args.threads.map(|n| n as usize),
    }
}

/// Options the library refuses (clap's ranges keep them out; this is
/// the library's word should they ever differ).
fn refused(error: OptionsError) -> CliError {
    CliError::Usage(error.to_string())
}

fn read_board(path: Option<&Path>) -> Result<(String, Board), CliError> {
    let input = read_input(path)?;
    let board = parse_board(&input.text).map_err(|e| input.error(e))?;
    Ok((input.name, board))
}

/// A progress line on standard error while a search runs, when standard
/// error is a terminal; cleared when the search ends.
struct ProgressLine {
    shown: bool,
}

impl ProgressLine {
    fn show(&mut self, algorithm: Algorithm, p: &Progress) {
        self.shown = true;
        eprint!(
            "\r\x1b[K{algorithm}: {} states, best {} left, at least {}, {:.1} s",
            p.states,
            p.best,
            p.lower_bound,
            p.elapsed.as_secs_f64()
        );
        let _ = std::io::stderr().flush();
    }

    fn clear(self) {
        if self.shown {
            eprint!("\r\x1b[K");
        }
    }
}

/// Runs `search` with a progress line when standard error is a terminal.
fn with_progress<T>(search: impl FnOnce(Option<&mut domino::vanish::ProgressFn>) -> T) -> T {
    if !std::io::stderr().is_terminal() {
        return search(None);
    }
    let mut line = ProgressLine { shown: false };
    let result = search(Some(&mut |a: Algorithm, p: &Progress| line.show(a, p)));
    line.clear();
    result
}

fn run_solve(args: SolveArgs) -> Result<Verdict, CliError> {
    let (name, board) = read_board(args.input.as_deref())?;
    let options = options(&args.search, 1);
    let report = with_progress(|p| SolveReport::new(&board, args.algorithm, &options, p))
        .map_err(refused)?;
    if let Some(path) = &args.output_file {
        let xml = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("xml"));
        write_file(path, report.output_file(xml).as_bytes())?;
    }
    args.output
        .pictures(|| report.svg(), || report.html(&name))?;
    let mut out = Out::default();
    out.either(args.output.json, &report, SolveReport::text)?;
    out.emit()?;
    Ok(Verdict::Yes)
}

fn run_compare(args: CompareArgs) -> Result<Verdict, CliError> {
    let mut boards = Vec::new();
    if args.inputs.is_empty() {
        boards.push(read_board(None)?);
    }
    for path in &args.inputs {
        boards.push(read_board(Some(path))?);
    }
    let options = options(&args.search, boards.len() * Algorithm::ALL.len());
    let report = with_progress(|p| CompareReport::new(&boards, &options, p)).map_err(refused)?;
    let mut out = Out::default();
    out.either(args.json, &report, CompareReport::text)?;
    out.emit()?;
    Ok(Verdict::Yes)
}

fn run_generate(args: GenerateArgs) -> Result<Verdict, CliError> {
    let request = Request {
        width: args.width,
        height: args.height,
        max_value: args.max_value,
        seed: args.seed,
    };
    let limits = Limits::new(args.time_limit, None, Some(stop_on_ctrl_c()));
    let board = match if args.clearable {
        generate_clearable(&request, &limits).map(|(b, _)| b)
    } else {
        generate(&request)
    } {
        Ok(board) => board,
        // A limit is a negative answer, as for the other generators.
        Err(stopped @ GenerateError::Stopped) => {
            eprintln!("domino vanish generate: {stopped}");
            return Ok(Verdict::No);
        }
        Err(e) => return Err(CliError::Usage(e.to_string())),
    };
    let mut out = Out::default();
    out.text(&if args.xml {
        board_to_xml(&board, None)
    } else {
        board_to_text(&board)
    });
    out.emit()?;
    Ok(Verdict::Yes)
}
