//! `domino fiveup`: is a sequence of plays a legal game of Five Up? One
//! game per input, or with `--lines` one game per line.

use crate::input::{read_input, write_file, CliError, Input};
use crate::output::{emit, push_int};
use crate::Verdict;
use clap::Args;
use domino::fiveup::{check_game, score_text, IllegalMove, Placement, Reason, ScoreError};
use domino::render::{fiveup_svg, html, FiveUpPicture, FiveUpPlay};
use domino::{parse_dominoes, Domino, InputError};
use std::path::PathBuf;

#[derive(Args)]
pub struct FiveupArgs {
    /// The plays in order (`1|2 2|3`, `1-2`, `[1,2]`, `[[1,2],...]` or one
    /// pair a line); `-` or nothing reads standard input.
    input: Option<PathBuf>,
    /// Print JSON instead of text (JSON Lines with --lines).
    #[arg(long)]
    json: bool,
    /// Each non-blank line is one game; print one result per line.
    #[arg(long)]
    lines: bool,
    /// Also draw the layout (or the illegal move and its reason) as SVG.
    #[arg(long, value_name = "FILE", conflicts_with = "lines")]
    svg: Option<PathBuf>,
    /// Also write a self-contained HTML page with that picture.
    #[arg(long, value_name = "FILE", conflicts_with = "lines")]
    html: Option<PathBuf>,
    /// Score instead: the points of each play of a layout in the JSON
    /// form --json prints, or for a play order the best and worst total.
    #[arg(long, conflicts_with_all = ["lines", "svg", "html"])]
    score: bool,
}

pub fn run(args: FiveupArgs) -> Result<Verdict, CliError> {
    let input = read_input(args.input.as_deref())?;
    if args.score {
        return run_score(&input, args.json);
    }
    if args.lines {
        return run_lines(&input, args.json);
    }
    let game = parse_dominoes(&input.text).map_err(|e| input.error(e))?;
    let result = check_game(&game);
    if args.svg.is_some() || args.html.is_some() {
        let svg = picture(&game, &result);
        if let Some(path) = &args.svg {
            write_file(path, svg.as_bytes())?;
        }
        if let Some(path) = &args.html {
            let caption = match &result {
                Ok(_) => format!("{}: a legal game of {} moves", input.name, game.len()),
                Err(illegal) => format!("{}: illegal at move {}", input.name, illegal.index),
            };
            let page = html::single("domino fiveup", html::Figure::still(caption, svg));
            write_file(path, page.as_bytes())?;
        }
    }
    let mut out = Vec::with_capacity(game.len() * 40 + 64);
    if args.json {
        push_json(&mut out, &result);
    } else {
        push_text(&mut out, &result);
    }
    emit(&out)?;
    Ok(verdict(&result))
}

/// `--score`: the library scores; this prints its report (exit 1 for an
/// illegal layout or play order).
fn run_score(input: &Input, json: bool) -> Result<Verdict, CliError> {
    let (text, verdict) = match score_text(&input.text) {
        Ok(report) if json => (
            serde_json::to_string(&report).unwrap_or_default() + "\n",
            Verdict::Yes,
        ),
        Ok(report) => (report.to_string(), Verdict::Yes),
        Err(ScoreError::Input(e)) => return Err(input.error(e)),
        Err(ScoreError::BadLayout(why)) if json => (
            serde_json::json!({ "valid": false, "reason": why }).to_string() + "\n",
            Verdict::No,
        ),
        Err(ScoreError::BadLayout(why)) => (format!("illegal layout: {why}\n"), Verdict::No),
        Err(ScoreError::Illegal(illegal)) => {
            let mut out = Vec::new();
            if json {
                push_json(&mut out, &Err(illegal));
            } else {
                push_illegal_text(&mut out, &illegal);
            }
            (String::from_utf8_lossy(&out).into_owned(), Verdict::No)
        }
    };
    emit(text.as_bytes())?;
    Ok(verdict)
}

/// Every line is read before anything is printed, so a bad line leaves
/// the output empty.
fn run_lines(input: &Input, json: bool) -> Result<Verdict, CliError> {
    let mut games = Vec::new();
    for (number, line) in input.text.lines().enumerate().map(|(i, l)| (i + 1, l)) {
        if line.trim().is_empty() {
            continue;
        }
        let game = parse_dominoes(line).map_err(|e| input.error(on_line(e, number)))?;
        games.push((number, game));
    }
    let mut out = Vec::with_capacity(input.text.len() * 4 + 64);
    let mut all_legal = true;
    for (number, game) in &games {
        let result = check_game(game);
        all_legal &= result.is_ok();
        if json {
            out.extend_from_slice(b"{\"line\":");
            push_int(&mut out, *number as i64);
            out.push(b',');
            push_json_fields(&mut out, &result);
            out.extend_from_slice(b"}\n");
        } else {
            out.extend_from_slice(format!("line {number}: ").as_bytes());
            match &result {
                Ok(layout) => out.extend_from_slice(
                    format!("legal ({} move{})\n", layout.len(), plural(layout.len())).as_bytes(),
                ),
                Err(illegal) => push_illegal_text(&mut out, illegal),
            }
        }
    }
    emit(&out)?;
    Ok(if all_legal { Verdict::Yes } else { Verdict::No })
}

/// A parse error of one line, moved to that line of the whole input.
fn on_line(error: InputError, line: usize) -> InputError {
    match error.position {
        Some(p) => InputError::at(line, p.column, error.message),
        None => InputError::at(line, 1, error.message),
    }
}

fn verdict(result: &Result<Vec<Placement>, IllegalMove>) -> Verdict {
    if result.is_ok() {
        Verdict::Yes
    } else {
        Verdict::No
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn push_text(out: &mut Vec<u8>, result: &Result<Vec<Placement>, IllegalMove>) {
    match result {
        Ok(layout) => {
            out.extend_from_slice(
                format!(
                    "legal game of {} move{}\n",
                    layout.len(),
                    plural(layout.len())
                )
                .as_bytes(),
            );
            for (k, place) in layout.iter().enumerate() {
                out.extend_from_slice(b"  ");
                push_int(out, k as i64);
                out.extend_from_slice(b": ");
                push_domino_text(out, place.domino);
                match (place.attached_to, place.via) {
                    (Some(j), Some(v)) => {
                        out.extend_from_slice(b" on move ");
                        push_int(out, j as i64);
                        out.extend_from_slice(b" by ");
                        push_int(out, v);
                    }
                    _ => out.extend_from_slice(b" first"),
                }
                out.push(b'\n');
            }
        }
        Err(illegal) => push_illegal_text(out, illegal),
    }
}

fn push_illegal_text(out: &mut Vec<u8>, illegal: &IllegalMove) {
    out.extend_from_slice(
        format!(
            "illegal at move {} ({}): {}\n",
            illegal.index, illegal.domino, illegal
        )
        .as_bytes(),
    );
}

fn push_domino_text(out: &mut Vec<u8>, d: Domino) {
    push_int(out, d.a);
    out.push(b'|');
    push_int(out, d.b);
}

fn push_domino_json(out: &mut Vec<u8>, d: Domino) {
    push_pair_json(out, d.a, d.b);
}

fn push_pair_json(out: &mut Vec<u8>, a: i64, b: i64) {
    out.push(b'[');
    push_int(out, a);
    out.push(b',');
    push_int(out, b);
    out.push(b']');
}

fn push_json(out: &mut Vec<u8>, result: &Result<Vec<Placement>, IllegalMove>) {
    out.push(b'{');
    push_json_fields(out, result);
    out.extend_from_slice(b"}\n");
}

/// The fields of the result object (without braces), written by hand: a
/// million placements through serde_json's value tree would cost more than
/// deciding the game.
fn push_json_fields(out: &mut Vec<u8>, result: &Result<Vec<Placement>, IllegalMove>) {
    match result {
        Ok(layout) => {
            out.extend_from_slice(b"\"valid\":true,\"placements\":[");
            for (k, place) in layout.iter().enumerate() {
                if k > 0 {
                    out.push(b',');
                }
                out.extend_from_slice(b"{\"domino\":");
                push_domino_json(out, place.domino);
                out.extend_from_slice(b",\"attached_to\":");
                match place.attached_to {
                    Some(j) => push_int(out, j as i64),
                    None => out.extend_from_slice(b"null"),
                }
                out.extend_from_slice(b",\"via\":");
                match place.via {
                    Some(v) => push_int(out, v),
                    None => out.extend_from_slice(b"null"),
                }
                out.push(b'}');
            }
            out.push(b']');
        }
        Err(illegal) => {
            out.extend_from_slice(b"\"valid\":false,\"move\":");
            push_int(out, illegal.index as i64);
            out.extend_from_slice(b",\"domino\":");
            push_domino_json(out, illegal.domino);
            out.extend_from_slice(b",\"reason\":");
            let reason = serde_json::Value::String(illegal.to_string()).to_string();
            out.extend_from_slice(reason.as_bytes());
            match &illegal.reason {
                Reason::Duplicate { earlier } => {
                    out.extend_from_slice(b",\"kind\":\"duplicate\",\"duplicate_of\":");
                    push_int(out, *earlier as i64);
                }
                Reason::NoOpenEnd => out.extend_from_slice(b",\"kind\":\"no_open_end\""),
                Reason::Taken { ends, competing } => {
                    out.extend_from_slice(b",\"kind\":\"taken\",\"ends\":[");
                    for (i, &(value, count)) in ends.iter().enumerate() {
                        if i > 0 {
                            out.push(b',');
                        }
                        push_pair_json(out, value, count as i64);
                    }
                    out.extend_from_slice(b"],\"competing\":[");
                    for (i, &m) in competing.iter().enumerate() {
                        if i > 0 {
                            out.push(b',');
                        }
                        push_int(out, m as i64);
                    }
                    out.push(b']');
                }
            }
        }
    }
}

/// The fiveup part of `domino demo`: every example of data/fiveup/.
pub fn demo() -> Result<(), CliError> {
    println!("== fiveup ==");
    for (name, text) in EXAMPLES {
        let game = parse_dominoes(text)
            .map_err(|e| CliError::Usage(format!("built-in example {name}: {e}")))?;
        let moves: Vec<String> = game.iter().map(|d| d.to_string()).collect();
        println!("{name}: {}", moves.join(" "));
        match check_game(&game) {
            Ok(layout) => {
                let links: Vec<String> = layout
                    .iter()
                    .skip(1)
                    .map(|p| match (p.attached_to, p.via) {
                        (Some(j), Some(v)) => format!("{}>{j}@{v}", p.domino),
                        _ => p.domino.to_string(),
                    })
                    .collect();
                println!("  legal; layout (move>partner@value): {}", links.join(" "));
            }
            Err(illegal) => println!(
                "  illegal at move {} ({}): {illegal}",
                illegal.index, illegal.domino
            ),
        }
    }
    Ok(())
}

/// The demo's games: (name, plays).
pub const EXAMPLES: &[(&str, &str)] = &[
    (
        "the challenge's pictured game",
        include_str!("../../../data/fiveup/pictured.txt"),
    ),
    (
        "3-6 frees an end for 1-6",
        include_str!("../../../data/fiveup/spinner-relief.txt"),
    ),
    (
        "all four spinner ends taken",
        include_str!("../../../data/fiveup/spinner-full.txt"),
    ),
    (
        "no 3 or 0 in play yet",
        include_str!("../../../data/fiveup/too-early.txt"),
    ),
    (
        "the challenge's last example (it says valid; it is not)",
        include_str!("../../../data/fiveup/twelve.txt"),
    ),
    (
        "greedy fails: 2-3 must leave a 2 open",
        include_str!("../../../data/fiveup/greedy-trap.txt"),
    ),
];

/// The picture of a game: its layout, or the layout of the moves before
/// the illegal one with that move and its reason.
pub fn picture(game: &[Domino], result: &Result<Vec<Placement>, IllegalMove>) -> String {
    let plays = |layout: &[Placement]| -> Vec<FiveUpPlay> {
        layout
            .iter()
            .map(|p| FiveUpPlay {
                domino: p.domino,
                attached_to: p.attached_to,
                via: p.via.unwrap_or(p.domino.a),
            })
            .collect()
    };
    match result {
        Ok(layout) => fiveup_svg(&FiveUpPicture {
            plays: &plays(layout),
            illegal: None,
        }),
        Err(illegal) => {
            // The moves before the first illegal one form a legal game.
            let before = check_game(&game[..illegal.index]).unwrap_or_default();
            fiveup_svg(&FiveUpPicture {
                plays: &plays(&before),
                illegal: Some(&domino::render::IllegalMove {
                    index: illegal.index,
                    domino: illegal.domino,
                    reason: illegal.to_string(),
                }),
            })
        }
    }
}
