//! `domino book`: a PDF of graded placement and Pips puzzles with their
//! answers at the back, made by the library's `render::book`.

use crate::args::TimeLimitArg;
use crate::input::{write_file, CliError};
use crate::Verdict;
use clap::Args;
use domino::pips::Grade;
use domino::place::Level;
use domino::render::book::{make_book, BookRequest, Paper, Section};
use std::path::PathBuf;

/// `domino book` flags.
#[derive(Args, Debug)]
pub struct BookArgs {
    /// Placement puzzles: SET:LEVEL:COUNT, e.g. `9:hard:20` (double-0 to
    /// double-12; trivial, basic, hard or extreme). Repeat for more
    /// sections; they come first, in the order given.
    #[arg(long = "place", value_name = "SET:LEVEL:COUNT", value_parser = parse_place)]
    place: Vec<Section>,
    /// Pips puzzles: LEVEL:COUNT, e.g. `hard:20` (easy, medium or hard).
    /// Repeat for more sections; they follow the placement ones.
    #[arg(long = "pips", value_name = "LEVEL:COUNT", value_parser = parse_pips)]
    pips: Vec<Section>,
    /// Puzzles to a page: 1, 2 or 4 (default: as many as their size
    /// allows, with squares big enough to write in).
    #[arg(long, value_name = "N", value_parser = ["1", "2", "4"])]
    per_page: Option<String>,
    /// The paper: a4 or letter.
    #[arg(long, default_value = "a4", value_parser = parse_paper)]
    paper: Paper,
    /// Print the first N steps of each puzzle's explanation under its
    /// answer (0 to 6).
    #[arg(long, value_name = "N", default_value_t = 0)]
    steps: usize,
    /// Same seed and options, same book, byte for byte.
    #[arg(long, default_value_t = BookRequest::SEED)]
    seed: u64,
    /// The title on the first page.
    #[arg(long, default_value = BookRequest::TITLE)]
    title: String,
    /// The PDF file to write.
    #[arg(short, long, value_name = "FILE.pdf")]
    output: PathBuf,
    #[command(flatten)]
    limit: TimeLimitArg,
}

fn count(text: &str) -> Result<usize, String> {
    text.parse()
        .map_err(|_| format!("expected a count of puzzles, found '{text}'"))
}

fn parse_place(text: &str) -> Result<Section, String> {
    let parts: Vec<&str> = text.split(':').collect();
    let [set, level, n] = parts[..] else {
        return Err(format!(
            "expected SET:LEVEL:COUNT such as 9:hard:20, found '{text}'"
        ));
    };
    let set = set
        .parse()
        .map_err(|_| format!("expected the set's N (0 to 12), found '{set}'"))?;
    let level: Level = level.parse()?;
    Ok(Section::Place {
        set,
        level,
        count: count(n)?,
    })
}

fn parse_pips(text: &str) -> Result<Section, String> {
    let Some((grade, n)) = text.split_once(':') else {
        return Err(format!(
            "expected LEVEL:COUNT such as hard:20, found '{text}'"
        ));
    };
    let grade: Grade = grade.parse()?;
    Ok(Section::Pips {
        grade,
        count: count(n)?,
    })
}

fn parse_paper(text: &str) -> Result<Paper, String> {
    text.parse()
}

pub fn run(args: BookArgs) -> Result<Verdict, CliError> {
    let request = BookRequest {
        title: args.title,
        sections: args.place.into_iter().chain(args.pips).collect(),
        per_page: args.per_page.and_then(|n| n.parse().ok()),
        paper: args.paper,
        steps: args.steps,
        seed: args.seed,
    };
    let book = match make_book(&request, &args.limit.limits()) {
        Ok(book) => book,
        Err(error) if error.invalid_request() => return Err(CliError::Usage(error.to_string())),
        Err(error) => {
            eprintln!("domino: {error}");
            return Ok(Verdict::No);
        }
    };
    let pdf = book.pdf().map_err(|e| CliError::Usage(e.to_string()))?;
    write_file(&args.output, &pdf)?;
    Ok(Verdict::Yes)
}
