//! `domino demo`: every family on the examples shipped in data/, embedded in
//! the binary so the demo runs from any directory.

use crate::input::CliError;
use crate::Verdict;
use clap::Args;
use domino::chain::{find_chain, Shape};
use domino::parse_dominoes;

#[derive(Args)]
pub struct DemoArgs {}

/// The chain examples: (name, dominoes).
const CHAIN_EXAMPLES: &[(&str, &str)] = &[
    (
        "double-six set",
        include_str!("../../../data/chain/double-six.txt"),
    ),
    (
        "two separate loops",
        include_str!("../../../data/chain/two-groups.txt"),
    ),
];

pub fn run(_args: DemoArgs) -> Result<Verdict, CliError> {
    println!("== chain ==");
    for (name, text) in CHAIN_EXAMPLES {
        let dominoes = parse_dominoes(text)
            .map_err(|e| CliError::Usage(format!("built-in example {name}: {e}")))?;
        match find_chain(&dominoes, Shape::Closed) {
            Ok(chain) => {
                let line: Vec<String> = chain.iter().map(|d| d.to_string()).collect();
                println!("{name}: closed chain of {} dominoes", chain.len());
                println!("  {}", line.join(" "));
            }
            Err(why) => println!("{name}: no chain: {why}"),
        }
    }
    crate::place::demo()?;
    Ok(Verdict::Yes)
}
