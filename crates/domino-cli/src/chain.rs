//! `domino chain`: one line through every domino, or (`domino chain
//! longest`, also spelled `--longest`) the longest line from a hand.

use crate::args::{LimitArgs, MemoryArg, OutputArgs};
use crate::input::{read_input, CliError, Input, Out};
use crate::Verdict;
use clap::{Args, Subcommand};
use domino::chain::{ChainReport, Ends, LongestReport};
use domino::{parse_dominoes, Value};
use std::path::PathBuf;

#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct ChainArgs {
    #[command(subcommand)]
    mode: Option<Mode>,
    /// A list of dominoes (`1|2 2|3`, `1-2`, `[1,2]`, `[[1,2],...]` or one
    /// pair a line); `-` or nothing reads standard input.
    input: Option<PathBuf>,
    /// Allow the two ends of the line to differ (an open chain).
    #[arg(long)]
    open: bool,
    #[command(flatten)]
    output: OutputArgs,
    /// The same as `domino chain longest`.
    #[arg(long)]
    longest: bool,
    #[command(flatten)]
    search: LongestOptions,
}

#[derive(Subcommand)]
enum Mode {
    /// The longest line that uses some of the dominoes (ends may differ),
    /// proven by branch and bound unless a limit stops the search.
    Longest(LongestArgs),
}

#[derive(Args)]
struct LongestArgs {
    /// A list of dominoes; `-` or nothing reads standard input.
    input: Option<PathBuf>,
    #[command(flatten)]
    output: OutputArgs,
    #[command(flatten)]
    search: LongestOptions,
}

/// What the longest line search takes beside the hand.
#[derive(Args)]
struct LongestOptions {
    /// The value the line must start with (a player's train).
    #[arg(long, allow_hyphen_values = true, value_name = "V")]
    start: Option<Value>,
    #[command(flatten)]
    limits: LimitArgs,
    /// --memory (the table of states visited).
    #[command(flatten)]
    memory: MemoryArg,
}

pub fn run(args: ChainArgs) -> Result<Verdict, CliError> {
    if let Some(Mode::Longest(longest)) = args.mode {
        let input = read_input(longest.input.as_deref())?;
        return run_longest(&input, &longest.search, &longest.output);
    }
    let input = read_input(args.input.as_deref())?;
    if args.longest {
        // --open changes nothing here: the longest line's ends may differ.
        return run_longest(&input, &args.search, &args.output);
    }
    if args.search.start.is_some() || !args.search.limits.is_empty() {
        return Err(CliError::Usage(
            "--start, --time-limit and --node-limit apply to `domino chain longest`".into(),
        ));
    }
    let hand = parse_dominoes(&input.text).map_err(|e| input.error(e))?;
    let ends = if args.open { Ends::Open } else { Ends::Closed };
    let report = ChainReport::new(&hand, ends);
    args.output
        .pictures(|| report.svg(), || report.html(&input.name))?;
    let mut out = Out::default();
    out.either(args.output.json, &report, ChainReport::text)?;
    out.emit()?;
    Ok(Verdict::from(report.found()))
}

/// The longest line: always answers (exit 0), proven or the best found
/// when a limit hit.
fn run_longest(
    input: &Input,
    search: &LongestOptions,
    output: &OutputArgs,
) -> Result<Verdict, CliError> {
    let hand = parse_dominoes(&input.text).map_err(|e| input.error(e))?;
    let limits = search.memory.apply(search.limits.limits());
    let report = LongestReport::new(&hand, search.start, &limits);
    output.pictures(|| report.svg(), || report.html(&input.name))?;
    let mut out = Out::default();
    out.either(output.json, &report, LongestReport::text)?;
    out.emit()?;
    Ok(Verdict::Yes)
}
