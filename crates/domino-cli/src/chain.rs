//! `domino chain`: one line through every domino, or the longest line from
//! a hand.

use crate::input::{read_input, write_file, CliError};
use crate::output::{emit, emit_json, push_dominoes_json, push_dominoes_text};
use crate::Verdict;
use clap::Args;
use domino::chain::{find_chain, longest_line, Limits, NoChain, Shape};
use domino::render::{chain_svg, html, ChainKind, ChainPicture};
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
    /// Also draw the chain (or, when there is none, the hand and the
    /// reason) as an SVG picture in FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Also write a self-contained HTML page with the picture to FILE.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
}

pub fn run(args: ChainArgs) -> Result<Verdict, CliError> {
    let input = read_input(args.input.as_deref())?;
    let dominoes = parse_dominoes(&input.text).map_err(|e| input.error(e))?;
    if args.longest {
        return run_longest(&args, &input.name, &dominoes);
    }
    let shape = if args.open {
        Shape::Open
    } else {
        Shape::Closed
    };
    let result = find_chain(&dominoes, shape);
    write_pictures(&args, &input.name, &dominoes, &result, shape)?;
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

/// Writes `--svg` and `--html` (the input parsed, so there is something to
/// draw whatever the answer).
fn write_pictures(
    args: &ChainArgs,
    name: &str,
    hand: &[Domino],
    result: &Result<Vec<Domino>, NoChain>,
    shape: Shape,
) -> Result<(), CliError> {
    if args.svg.is_none() && args.html.is_none() {
        return Ok(());
    }
    let svg = picture(hand, result, shape);
    if let Some(path) = &args.svg {
        write_file(path, svg.as_bytes())?;
    }
    if let Some(path) = &args.html {
        let caption = format!("{name}: {} dominoes", hand.len());
        let page = html::single("domino chain", html::Figure::still(caption, svg));
        write_file(path, page.as_bytes())?;
    }
    Ok(())
}

/// The chain picture of an answer.
pub fn picture(hand: &[Domino], result: &Result<Vec<Domino>, NoChain>, shape: Shape) -> String {
    let (dominoes, kind) = match (result, shape) {
        (Ok(chain), Shape::Closed) => (chain.as_slice(), ChainKind::Closed),
        (Ok(chain), Shape::Open) => (chain.as_slice(), ChainKind::Open),
        (Err(why), _) => (hand, ChainKind::NoChain(why.to_string())),
    };
    chain_svg(&ChainPicture {
        dominoes,
        kind: &kind,
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

fn run_longest(args: &ChainArgs, name: &str, hand: &[Domino]) -> Result<Verdict, CliError> {
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
        stop: Some(crate::input::stop_on_ctrl_c()),
    };
    let best = longest_line(hand, args.start, &limits);
    if args.svg.is_some() || args.html.is_some() {
        // The picture takes a chain result; copy the line only when drawing.
        write_pictures(args, name, hand, &Ok(best.line.clone()), Shape::Open)?;
    }
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
