//! `domino fiveup`: is a sequence of plays a legal game of Five Up? One
//! game per input; `domino fiveup lines` (also `--lines`) one game per
//! line; `domino fiveup score` (also `--score`) the points of a layout or
//! of a play order.

use crate::args::{JsonArg, OutputArgs};
use crate::input::{read_input, CliError, Input, Out};
use crate::Verdict;
use clap::{Args, Subcommand};
use domino::fiveup::{
    parse_game_lines, score_text, solve_lines, GameReport, ScoreError, ScoreReport,
};
use domino::parse_dominoes;
use std::path::PathBuf;

#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct FiveupArgs {
    #[command(subcommand)]
    mode: Option<Mode>,
    /// The plays in order (`1|2 2|3`, `1-2`, `[1,2]`, `[[1,2],...]` or one
    /// pair a line); `-` or nothing reads standard input.
    input: Option<PathBuf>,
    #[command(flatten)]
    output: OutputArgs,
    /// The same as `domino fiveup lines`.
    #[arg(long, conflicts_with_all = ["svg", "html"])]
    lines: bool,
    /// The same as `domino fiveup score`.
    #[arg(long, conflicts_with_all = ["lines", "svg", "html"])]
    score: bool,
}

#[derive(Subcommand)]
enum Mode {
    /// Each non-blank line is one game; print one result per line.
    Lines(ModeArgs),
    /// Score instead: the points of each play of a layout in the JSON form
    /// --json prints, or for a play order (up to 28 plays) the best and
    /// worst total over its legal layouts.
    Score(ModeArgs),
}

#[derive(Args)]
struct ModeArgs {
    /// The games or the layout; `-` or nothing reads standard input.
    input: Option<PathBuf>,
    #[command(flatten)]
    json: JsonArg,
}

pub fn run(args: FiveupArgs) -> Result<Verdict, CliError> {
    let (input, json) = match &args.mode {
        Some(Mode::Lines(mode) | Mode::Score(mode)) => (&mode.input, mode.json.json),
        None => (&args.input, args.output.json),
    };
    let input = read_input(input.as_deref())?;
    let mut out = Out::default();
    let legal = match args.mode {
        Some(Mode::Score(_)) => score(&input, json, &mut out)?,
        None if args.score => score(&input, json, &mut out)?,
        Some(Mode::Lines(_)) => lines(&input, json, &mut out)?,
        None if args.lines => lines(&input, json, &mut out)?,
        None => {
            let game = parse_dominoes(&input.text).map_err(|e| input.error(e))?;
            let report = GameReport::new(&game);
            args.output
                .pictures(|| report.svg(), || report.html(&input.name))?;
            if json {
                out.json_with(|bytes| report.write_json(bytes))?;
            } else {
                out.write_with(|bytes| report.write_text(bytes));
            }
            report.legal()
        }
    };
    out.emit()?;
    Ok(Verdict::from(legal))
}

/// `lines`: one report per game; true when every game is legal.
fn lines(input: &Input, json: bool, out: &mut Out) -> Result<bool, CliError> {
    let games = parse_game_lines(&input.text).map_err(|e| input.error(e))?;
    let reports = solve_lines(&games);
    if json {
        for report in &reports {
            out.json(report)?;
        }
    } else {
        let mut text = String::with_capacity(reports.len() * 24);
        for report in &reports {
            report.push_text(&mut text);
        }
        out.owned_text(text);
    }
    Ok(reports.iter().all(|r| r.game.legal()))
}

/// `score`: the library's score report; false (exit 1) for a layout that
/// breaks a rule or an illegal play order, which are reported instead.
fn score(input: &Input, json: bool, out: &mut Out) -> Result<bool, CliError> {
    match score_text(&input.text) {
        Ok(report) => out.either(json, &report, ScoreReport::to_string)?,
        Err(ScoreError::Input(e)) => return Err(input.error(e)),
        Err(ScoreError::BadLayout(why)) => {
            let doc = serde_json::json!({ "valid": false, "reason": why.to_string() });
            out.either(json, &doc, |_| format!("illegal layout: {why}\n"))?;
            return Ok(false);
        }
        Err(ScoreError::Illegal(game)) => {
            out.either(json, &game, GameReport::text)?;
            return Ok(false);
        }
    }
    Ok(true)
}
