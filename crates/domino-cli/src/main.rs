//! The `domino` command: wires flags to library calls. Each family has its
//! own module here with its arguments and output; this file only dispatches
//! and turns outcomes into exit codes (0 positive, 1 negative, 2 bad input).

mod args;
mod batch;
mod board;
mod book;
mod chain;
mod demo;
mod fiveup;
mod generate;
mod input;
mod pips;
mod pips_read;
mod place;
mod serve;
mod shell;
mod vanish;
mod verbs;

use clap::{CommandFactory, Parser, Subcommand};

/// mimalloc instead of the system allocator: the engine and the server
/// allocate many small buffers (boards, candidate lists, request bodies);
/// under `domino serve`'s load glibc's malloc and free were a tenth of
/// the server's CPU (bench/load/run).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
use input::CliError;
use std::process::ExitCode;

/// Solve, check and explain classic domino problems.
#[derive(Parser)]
#[command(name = "domino", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Arrange dominoes into one matching line (closed by default), or find
    /// the longest line from a hand.
    Chain(chain::ChainArgs),
    /// Decide whether a sequence of plays is a legal game of Five Up, and
    /// show a layout or the first illegal move.
    Fiveup(fiveup::FiveupArgs),
    /// Run every family on the built-in examples.
    Demo(demo::DemoArgs),
    /// Remove as many pieces as possible from a board, prove the optimum,
    /// compare algorithms, generate boards.
    Vanish(vanish::VanishArgs),
    /// Placement puzzles: cover a board of numbers with a double-N set.
    Place(place::PlaceArgs),
    /// Pips: cover a board of rule regions with a given list of dominoes.
    Pips(pips::PipsArgs),
    /// A PDF book of graded puzzles with their answers at the back.
    Book(book::BookArgs),
    /// Serve the JSON API and the web app over HTTP.
    Serve(serve::ServeArgs),
    /// Print the shell completion script for bash, zsh, fish, elvish or
    /// powershell.
    Completions(shell::CompletionsArgs),
    /// Print the man page (or write one per command with --dir).
    Man(shell::ManArgs),
}

/// The answer to the question a command asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A chain exists, the game is legal, the puzzle is solved: exit 0.
    Yes,
    /// No chain, an illegal game, no solution: exit 1.
    No,
}

impl From<bool> for Verdict {
    fn from(yes: bool) -> Self {
        if yes {
            Verdict::Yes
        } else {
            Verdict::No
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Chain(args) => chain::run(args),
        Command::Fiveup(args) => fiveup::run(args),
        Command::Demo(args) => demo::run(args),
        Command::Vanish(args) => vanish::run(args),
        Command::Place(args) => place::run(args),
        Command::Pips(args) => pips::run(args),
        Command::Book(args) => book::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Completions(args) => shell::completions(args, Cli::command()),
        Command::Man(args) => shell::man(args, Cli::command()),
    };
    match result {
        Ok(Verdict::Yes) => ExitCode::SUCCESS,
        Ok(Verdict::No) => ExitCode::from(1),
        Err(CliError::BrokenPipe) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("domino: {error}");
            ExitCode::from(2)
        }
    }
}
