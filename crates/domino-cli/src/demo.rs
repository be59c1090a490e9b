//! `domino demo`: every family on the examples shipped in data/, embedded in
//! the binary so the demo runs from any directory.

use crate::demo_page::demo_page;
use crate::input::{write_file, CliError};
use crate::Verdict;
use clap::Args;
use domino::chain::{find_chain, Shape};
use domino::parse_dominoes;
use std::path::PathBuf;

#[derive(Args)]
pub struct DemoArgs {
    /// Where to write the page of pictures.
    #[arg(long, value_name = "PATH", default_value = "demo.html")]
    output: PathBuf,
}

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

pub fn run(args: DemoArgs) -> Result<Verdict, CliError> {
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
    crate::fiveup::demo()?;
    crate::vanish::demo()?;
    crate::place::demo()?;
    write_file(&args.output, demo_page(CHAIN_EXAMPLES)?.as_bytes())?;
    println!("== pictures ==");
    // The full path, so it can be pasted into a browser from anywhere.
    let shown = std::fs::canonicalize(&args.output).unwrap_or(args.output);
    println!("wrote {}", shown.display());
    Ok(Verdict::Yes)
}
