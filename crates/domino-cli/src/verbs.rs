//! The verbs place and pips share beyond solve and explain, written once
//! over the library's board contract: `count` and `grade` each puzzle of
//! an input, and `check`, `hint` and `verify` a player's pieces on one
//! puzzle. The pieces are JSON, as the service's `hint` and `check` take
//! them (docs/pieces.md). A family says only how it reads its puzzles
//! ([`Puzzles`]: place's `--set`, pips' `--level`).

use crate::args::{LimitArgs, TimeLimitArg};
use crate::board::Door;
use crate::input::{read_input, CliError, Input, Out};
use crate::Verdict;
use clap::{Args, Subcommand};
use domino::board::{BoardPuzzle, PlayAnswer};
use domino::names::Named;
use std::path::{Path, PathBuf};

/// How a family's verbs read their puzzles: its input and the flags that
/// choose among them.
pub trait Puzzles: Args {
    /// The family read.
    type Family: Door;
    /// The input and its puzzles.
    fn read(&self) -> Result<Read<Self::Family>, CliError>;
}

/// An input and its puzzles.
pub type Read<F> = (Input, Vec<<F as BoardPuzzle>::Puzzle>);

#[derive(Subcommand)]
pub enum Verb<I: Puzzles> {
    /// Count every solution of each puzzle, exactly (exit 1 when one has
    /// none, or a limit stopped its count).
    Count(EachArgs<I>),
    /// The grade of each puzzle on the family's scale.
    Grade(EachArgs<I>),
    /// Judge a player's pieces (--pieces): the pieces that break a rule or
    /// fit no solution, solved or not (exit 0 when solved).
    Check(PlayArgs<I>),
    /// The next deduction from a player's pieces, or the pieces that fit
    /// no solution (exit 1 when there is nothing to say).
    Hint(PlayArgs<I>),
    /// Whether a player's pieces solve the puzzle, checked without the
    /// solver (exit 0 when they do).
    Verify(PlayArgs<I>),
}

#[derive(Args)]
pub struct EachArgs<I: Puzzles> {
    #[command(flatten)]
    puzzles: I,
    /// Print one JSON document per puzzle, one per line.
    #[arg(long)]
    json: bool,
    /// The time for the whole run, the nodes per puzzle.
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Args)]
pub struct PlayArgs<I: Puzzles> {
    #[command(flatten)]
    puzzles: I,
    /// The player's pieces: a JSON list of the pieces laid, or an object
    /// with that list as `placements` (docs/pieces.md); `-` reads standard
    /// input.
    #[arg(long, value_name = "FILE")]
    pieces: PathBuf,
    /// Print the answer as one JSON document.
    #[arg(long)]
    json: bool,
    /// The time the searches and deductions may take.
    #[command(flatten)]
    limits: TimeLimitArg,
}

pub fn run<I: Puzzles>(verb: Verb<I>) -> Result<Verdict, CliError> {
    match verb {
        Verb::Count(args) => count::<I>(args),
        Verb::Grade(args) => grade::<I>(args),
        Verb::Check(args) => check::<I>(args),
        Verb::Hint(args) => hint::<I>(args),
        Verb::Verify(args) => verify::<I>(args),
    }
}

/// `count`: `{"complete": b, "count": n}` or the count in words.
fn count<I: Puzzles>(args: EachArgs<I>) -> Result<Verdict, CliError> {
    let (_, puzzles) = args.puzzles.read()?;
    let limits = args.limits.limits();
    let mut out = Out::default();
    let mut all = true;
    for puzzle in &puzzles {
        let counted = I::Family::count(puzzle, &limits);
        all &= counted.complete && counted.count > 0;
        if args.json {
            out.json(&serde_json::json!({
                "complete": counted.complete,
                "count": counted.count,
            }))?;
        } else if counted.complete {
            let plural = if counted.count == 1 { "" } else { "s" };
            out.text(&format!("{} solution{plural}\n", counted.count));
        } else {
            out.text(&format!(
                "at least {} solutions (a limit stopped the count)\n",
                counted.count
            ));
        }
    }
    out.emit()?;
    Ok(Verdict::from(all))
}

/// `grade`: `{"grade": "..."}` or the grade's name.
fn grade<I: Puzzles>(args: EachArgs<I>) -> Result<Verdict, CliError> {
    let (_, puzzles) = args.puzzles.read()?;
    let limits = args.limits.limits();
    let mut out = Out::default();
    for puzzle in &puzzles {
        let name = I::Family::grade(puzzle, &limits).name();
        if args.json {
            out.json(&serde_json::json!({ "grade": name }))?;
        } else {
            out.text(&format!("{name}\n"));
        }
    }
    out.emit()?;
    Ok(Verdict::Yes)
}

type Family<I> = <I as Puzzles>::Family;
type Puzzle<I> = <Family<I> as BoardPuzzle>::Puzzle;
type Played<I> = <Family<I> as BoardPuzzle>::Played;

/// The one puzzle of the input and the player's pieces.
fn position<I: Puzzles>(args: &PlayArgs<I>) -> Result<(Puzzle<I>, Played<I>), CliError> {
    let (input, mut puzzles) = args.puzzles.read()?;
    if input.name == "<stdin>" && args.pieces == Path::new("-") {
        return Err(CliError::Usage(
            "the puzzle and --pieces cannot both come from standard input".to_string(),
        ));
    }
    if puzzles.len() != 1 {
        return Err(CliError::Usage(format!(
            "{}: the input holds {} puzzles; give one",
            input.name,
            puzzles.len()
        )));
    }
    let pieces = read_input(Some(&args.pieces))?;
    let played = Family::<I>::parse_played(&pieces.text).map_err(|e| pieces.error(e))?;
    Ok((puzzles.remove(0), played))
}

/// The player's wrong pieces in words (counted from 1 in the order laid),
/// when there are any.
fn wrong_text(answer: &impl PlayAnswer) -> Option<String> {
    let wrong = answer.wrong();
    (!wrong.is_empty()).then(|| {
        let list: Vec<String> = wrong.iter().map(|k| (k + 1).to_string()).collect();
        format!(
            "wrong: piece {} (counted from 1 in the order laid)\n",
            list.join(", ")
        )
    })
}

/// `check`: the library's check as JSON, or in words.
fn check<I: Puzzles>(args: PlayArgs<I>) -> Result<Verdict, CliError> {
    let (puzzle, played) = position(&args)?;
    let checked = Family::<I>::check_play(&puzzle, &played, &args.limits.limits());
    let text = |c: &<Family<I> as BoardPuzzle>::PlayCheck<'_>| match wrong_text(c) {
        _ if c.solved() => "solved\n".to_string(),
        Some(wrong) => wrong,
        None => "no piece is wrong; not solved yet\n".to_string(),
    };
    let mut out = Out::default();
    out.either(args.json, &checked, text)?;
    out.emit()?;
    Ok(Verdict::from(checked.solved()))
}

/// `hint`: the library's hint as JSON, or in words.
fn hint<I: Puzzles>(args: PlayArgs<I>) -> Result<Verdict, CliError> {
    let (puzzle, played) = position(&args)?;
    let hinted = Family::<I>::hint(&puzzle, &played, &args.limits.limits());
    let said = wrong_text(&hinted).or_else(|| hinted.step().map(|step| format!("{step}\n")));
    let mut out = Out::default();
    let text = |_: &<Family<I> as BoardPuzzle>::Hint| {
        said.clone().unwrap_or_else(|| {
            let why = if hinted.solved() {
                "solved"
            } else {
                "no deduction found"
            };
            format!("no hint: {why}\n")
        })
    };
    out.either(args.json, &hinted, text)?;
    out.emit()?;
    Ok(Verdict::from(said.is_some()))
}

/// `verify`: `{"solution": b, "reason": "..."}`, or in words.
fn verify<I: Puzzles>(args: PlayArgs<I>) -> Result<Verdict, CliError> {
    let (puzzle, played) = position(&args)?;
    let reason = match Family::<I>::solution(&puzzle, &played) {
        None => Some("every domino must be laid once".to_string()),
        Some(solution) => Family::<I>::verify(&puzzle, &solution)
            .err()
            .map(|e| e.to_string()),
    };
    let mut out = Out::default();
    if args.json {
        out.json(&serde_json::json!({ "solution": reason.is_none(), "reason": reason }))?;
    } else {
        match &reason {
            None => out.text("a solution\n"),
            Some(why) => out.text(&format!("not a solution: {why}\n")),
        }
    }
    out.emit()?;
    Ok(Verdict::from(reason.is_none()))
}
