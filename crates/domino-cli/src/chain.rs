//! `domino chain`: one line through every domino, or the longest line from
//! a hand.

use crate::args::{parse_seconds, OutputArgs};
use crate::input::{read_input, CliError, Out};
use crate::Verdict;
use clap::Args;
use domino::chain::{ChainReport, Limits, LongestReport, Shape};
use domino::{parse_dominoes, Value};
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[derive(Args)]
pub struct ChainArgs {
    /// A list of dominoes (`1|2 2|3`, `1-2`, `[1,2]`, `[[1,2],...]` or one
    /// pair a line); `-` or nothing reads standard input.
    input: Option<PathBuf>,
    /// Allow the two ends of the line to differ (an open chain).
    #[arg(long)]
    open: bool,
    #[command(flatten)]
    output: OutputArgs,
    /// Find the longest line that uses some of the dominoes (ends may differ).
    #[arg(long)]
    longest: bool,
    /// With --longest: the value the line must start with.
    #[arg(
        long,
        requires = "longest",
        allow_hyphen_values = true,
        value_name = "V"
    )]
    start: Option<Value>,
    /// With --longest: stop after this many search nodes (the answer is then
    /// the best found, not proven optimal).
    #[arg(long, requires = "longest", value_name = "N")]
    node_limit: Option<u64>,
    /// With --longest: stop after this many seconds (the answer is then the
    /// best found, not proven optimal).
    #[arg(long, requires = "longest", value_name = "SECONDS", value_parser = parse_seconds)]
    time_limit: Option<Duration>,
}

pub fn run(args: ChainArgs) -> Result<Verdict, CliError> {
    let input = read_input(args.input.as_deref())?;
    let hand = parse_dominoes(&input.text).map_err(|e| input.error(e))?;
    let mut out = Out::default();
    let found = if args.longest {
        let limits = Limits {
            nodes: args.node_limit,
            deadline: args.time_limit.map(|t| Instant::now() + t),
            stop: Some(crate::input::stop_on_ctrl_c()),
        };
        let report = LongestReport::new(&hand, args.start, &limits);
        args.output
            .pictures(|| report.svg(), || report.html(&input.name))?;
        out.either(args.output.json, &report, LongestReport::text)?;
        true
    } else {
        let shape = if args.open {
            Shape::Open
        } else {
            Shape::Closed
        };
        let report = ChainReport::new(&hand, shape);
        args.output
            .pictures(|| report.svg(), || report.html(&input.name))?;
        out.either(args.output.json, &report, ChainReport::text)?;
        report.found()
    };
    out.emit()?;
    Ok(Verdict::from(found))
}
