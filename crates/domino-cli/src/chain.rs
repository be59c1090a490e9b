//! `domino chain`: one line through every domino, or the longest line from
//! a hand.

use crate::input::{read_input, CliError};
use crate::output::{emit, emit_json, push_dominoes_json, push_dominoes_text};
use crate::Verdict;
use clap::Args;
use domino::chain::{find_chain, longest_line, Limits, NoChain, Shape};
use domino::{parse_dominoes, Domino, Value};
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
    /// Print one JSON document instead of text.
    #[arg(long)]
    json: bool,
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
    #[arg(long, requires = "longest", value_name = "SECONDS")]
    time_limit: Option<f64>,
}

pub fn run(args: ChainArgs) -> Result<Verdict, CliError> {
    let input = read_input(args.input.as_deref())?;
    let dominoes = parse_dominoes(&input.text).map_err(|e| input.error(e))?;
    if args.longest {
        return run_longest(&args, &dominoes);
    }
    let shape = if args.open {
        Shape::Open
    } else {
        Shape::Closed
    };
    let result = find_chain(&dominoes, shape);
    match (&result, args.json) {
        (Ok(chain), true) => emit(&chain_json(chain))?,
        (Err(why), true) => emit_json(&serde_json::json!({
            "chain": null,
            "reason": why.to_string(),
            "odd_values": why.odd_values,
            "groups": why.groups,
        }))?,
        (_, false) => emit(&chain_text(&result, shape))?,
    }
    Ok(if result.is_ok() {
        Verdict::Yes
    } else {
        Verdict::No
    })
}

fn chain_json(chain: &[Domino]) -> Vec<u8> {
    let mut out = Vec::with_capacity(chain.len() * 16 + 16);
    out.extend_from_slice(b"{\"chain\":");
    push_dominoes_json(&mut out, chain);
    out.extend_from_slice(b"}\n");
    out
}

fn chain_text(result: &Result<Vec<Domino>, NoChain>, shape: Shape) -> Vec<u8> {
    match result {
        Ok(chain) => {
            let kind = match shape {
                Shape::Closed => "closed",
                Shape::Open => "open",
            };
            let mut out = Vec::with_capacity(chain.len() * 12 + 64);
            out.extend_from_slice(
                format!("{kind} chain of {} dominoes:\n", chain.len()).as_bytes(),
            );
            push_dominoes_text(&mut out, chain);
            out.push(b'\n');
            out
        }
        Err(why) => format!("no chain: {why}\n").into_bytes(),
    }
}

fn run_longest(args: &ChainArgs, hand: &[Domino]) -> Result<Verdict, CliError> {
    let deadline = match args.time_limit {
        Some(s) if !(s.is_finite() && s >= 0.0) => {
            return Err(CliError::Usage(format!(
                "--time-limit must be a number of seconds >= 0, not {s}"
            )))
        }
        Some(s) => Some(Instant::now() + Duration::from_secs_f64(s.min(1e9))),
        None => None,
    };
    let limits = Limits {
        nodes: args.node_limit,
        deadline,
    };
    let best = longest_line(hand, args.start, &limits);
    let mut out = Vec::with_capacity(best.line.len() * 16 + 64);
    if args.json {
        out.extend_from_slice(b"{\"chain\":");
        push_dominoes_json(&mut out, &best.line);
        out.extend_from_slice(
            format!(
                ",\"length\":{},\"optimal\":{},\"nodes\":{}}}\n",
                best.line.len(),
                best.optimal,
                best.nodes
            )
            .as_bytes(),
        );
    } else {
        let proof = if best.optimal {
            "optimal"
        } else {
            "not proven optimal: a limit stopped the search"
        };
        out.extend_from_slice(
            format!(
                "longest line: {} of {} dominoes ({proof}, {} nodes)\n",
                best.line.len(),
                hand.len(),
                best.nodes
            )
            .as_bytes(),
        );
        push_dominoes_text(&mut out, &best.line);
        out.push(b'\n');
    }
    emit(&out)?;
    Ok(Verdict::Yes)
}
