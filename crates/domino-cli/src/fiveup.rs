//! `domino fiveup`: is a sequence of plays a legal game of Five Up? One
//! game per input, or with `--lines` one game per line.

use crate::args::OutputArgs;
use crate::input::{read_input, CliError, Input, Out};
use crate::Verdict;
use clap::Args;
use domino::fiveup::{
    check_lines, parse_game_lines, score_text, GameReport, ScoreError, ScoreReport,
};
use domino::parse_dominoes;
use std::path::PathBuf;

#[derive(Args)]
pub struct FiveupArgs {
    /// The plays in order (`1|2 2|3`, `1-2`, `[1,2]`, `[[1,2],...]` or one
    /// pair a line); `-` or nothing reads standard input.
    input: Option<PathBuf>,
    #[command(flatten)]
    output: OutputArgs,
    /// Each non-blank line is one game; print one result per line.
    #[arg(long, conflicts_with_all = ["svg", "html"])]
    lines: bool,
    /// Score instead: the points of each play of a layout in the JSON form
    /// --json prints, or for a play order (up to 28 plays) the best and
    /// worst total over its legal layouts.
    #[arg(long, conflicts_with_all = ["lines", "svg", "html"])]
    score: bool,
}

pub fn run(args: FiveupArgs) -> Result<Verdict, CliError> {
    let input = read_input(args.input.as_deref())?;
    let mut out = Out::default();
    let legal = if args.score {
        score(&input, args.output.json, &mut out)?
    } else if args.lines {
        let games = parse_game_lines(&input.text).map_err(|e| input.error(e))?;
        let reports = check_lines(&games);
        for report in &reports {
            out.either(args.output.json, report, |r| r.text())?;
        }
        reports.iter().all(|r| r.game.legal())
    } else {
        let game = parse_dominoes(&input.text).map_err(|e| input.error(e))?;
        let report = GameReport::new(&game);
        args.output
            .pictures(|| report.svg(), || report.html(&input.name))?;
        out.either(args.output.json, &report, GameReport::text)?;
        report.legal()
    };
    out.emit()?;
    Ok(Verdict::from(legal))
}

/// `--score`: the library's score report; false (exit 1) for a layout that
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
