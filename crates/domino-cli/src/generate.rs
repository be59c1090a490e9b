//! `generate` for place and pips, written once over the library's
//! board-puzzle contract (`domino::board::BoardPuzzle`): the seed,
//! `--count` and `--threads`, `--json`, each puzzle checked with the
//! family's `verify` before it is printed, a request no puzzle can meet
//! refused (exit 2), a seed without a puzzle named (exit 1). A family
//! declares only its own request flags ([`Generate`]: place's set, shape
//! and formats; pips' cells, shape and `--like` day files).

use crate::args::CountArgs;
use crate::batch::{each_seed, Made};
use crate::input::CliError;
use crate::Verdict;
use clap::Args;
use domino::board::{check_generated, BoardPuzzle};
use domino::Limits;

/// A family's own flags of `generate` and what they make of the
/// contract's request and answer.
pub trait Generate: Args + Sync {
    /// The family generated.
    type Family: BoardPuzzle<Request: Clone + Sync, Generated: Clone>;
    /// The seed when none is given.
    const SEED: u64;
    /// The help of `--json`: what the family's document holds.
    const JSON_HELP: &'static str;

    /// The request these flags make (files they name read, values the
    /// library's request cannot hold refused), of seed [`Generate::SEED`].
    fn request(&self) -> Result<Request<Self>, CliError>;
    /// `request` for another seed.
    fn reseed(request: &mut Request<Self>, seed: u64);
    /// The limits of one seed's search, the clock starting now.
    fn limits(&self) -> Limits;
    /// Why `request` made no puzzle, with the flag that may help.
    fn missed(&self, error: &GenerateError<Self>, _request: &Request<Self>) -> String {
        error.to_string()
    }
    /// The flags print each puzzle on one line (place's `--format id`).
    fn one_a_line(&self) -> bool {
        false
    }
    /// The puzzle made of `seed` as printed: JSON when `json`, else as
    /// the flags say; an error when it cannot be written so.
    fn print(&self, made: Generated<Self>, seed: u64, json: bool) -> Result<String, String>;
}

type Request<G> = <<G as Generate>::Family as BoardPuzzle>::Request;
type Generated<G> = <<G as Generate>::Family as BoardPuzzle>::Generated;
type GenerateError<G> = <<G as Generate>::Family as BoardPuzzle>::GenerateError;

#[derive(Args)]
pub struct GenerateArgs<G: Generate> {
    #[command(flatten)]
    flags: G,
    /// Same seed and options, same puzzle.
    #[arg(long, default_value_t = G::SEED)]
    seed: u64,
    /// --count, --threads.
    #[command(flatten)]
    count: CountArgs,
    #[arg(long, help = G::JSON_HELP)]
    json: bool,
}

/// `generate`: the puzzles of `--count` seeds, each checked, printed in
/// the order of their seeds.
pub fn run<G: Generate>(args: GenerateArgs<G>) -> Result<Verdict, CliError> {
    let first = args.flags.request()?;
    let one_a_line = args.json || args.flags.one_a_line();
    each_seed(&args.count, args.seed, one_a_line, |seed| {
        let mut request = first.clone();
        G::reseed(&mut request, seed);
        match G::Family::generate(&request, &args.flags.limits()) {
            Err(e) if G::Family::invalid_request(&e) => Made::Invalid(e.to_string()),
            Err(e) => Made::Missed(args.flags.missed(&e, &request)),
            Ok(made) => match check_generated::<G::Family>(made.clone()) {
                Err(why) => Made::Invalid(why),
                Ok(()) => match args.flags.print(made, seed, args.json) {
                    Ok(out) => Made::Puzzle(out),
                    Err(why) => Made::Invalid(why),
                },
            },
        }
    })
}
