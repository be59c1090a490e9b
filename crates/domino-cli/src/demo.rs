//! `domino demo`: every family on the built-in examples
//! (`domino::demo`), and the page of pictures written to a file.

use crate::input::{write_file, CliError, Out};
use crate::Verdict;
use clap::Args;
use std::path::PathBuf;

#[derive(Args)]
pub struct DemoArgs {
    /// Where to write the page of pictures.
    #[arg(long, value_name = "PATH", default_value = "demo.html")]
    output: PathBuf,
}

pub fn run(args: DemoArgs) -> Result<Verdict, CliError> {
    let built_in = |e: domino::demo::ExampleError| CliError::Usage(e.to_string());
    let mut out = Out::default();
    out.text(&domino::demo::text().map_err(built_in)?);
    write_file(
        &args.output,
        domino::demo::page_html().map_err(built_in)?.as_bytes(),
    )?;
    // The full path, so it can be pasted into a browser from anywhere.
    let shown = std::fs::canonicalize(&args.output).unwrap_or(args.output);
    out.text(&format!("== pictures ==\nwrote {}\n", shown.display()));
    out.emit()?;
    Ok(Verdict::Yes)
}
