//! `domino chain`: one line through every domino, or the longest line from
//! a hand.

use crate::input::{read_input, CliError};
use crate::output::{emit, emit_json, push_dominoes_json, push_dominoes_text};
use crate::Verdict;
use clap::Args;
use domino::chain::{find_chain, NoChain, Shape};
use domino::{parse_dominoes, Domino};
use std::path::PathBuf;

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
}

pub fn run(args: ChainArgs) -> Result<Verdict, CliError> {
    let input = read_input(args.input.as_deref())?;
    let dominoes = parse_dominoes(&input.text).map_err(|e| input.error(e))?;
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
