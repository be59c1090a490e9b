//! `domino vanish`: solve a board (exact or approximate), compare every
//! algorithm on several boards, generate random or clearable boards, and
//! the family's part of `domino demo`.

use crate::input::{read_input, write_file, CliError, Input};
use crate::Verdict;
use clap::{Args, Subcommand};
use domino::render::{html, vanish_player, vanish_svg, VanishPicture, VanishPiece};
use domino::vanish::Orientation;
use domino::vanish::{
    board_to_text, board_to_xml, generate, generate_clearable, parse_board, solution_to_text,
    solve, Algorithm, Board, Limits, Progress, Solution,
};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Args)]
pub struct VanishArgs {
    #[command(subcommand)]
    action: Action,
}

#[derive(Subcommand)]
enum Action {
    /// Remove as many pieces as possible; the exact algorithm proves it.
    Solve(SolveArgs),
    /// Run every algorithm on every input and print a table.
    Compare(CompareArgs),
    /// Print a random full board (text format, or XML with --xml).
    Generate(GenerateArgs),
}

/// Limits shared by solve and compare.
#[derive(Args)]
struct LimitArgs {
    /// Stop after this many seconds with the best order found (not proven).
    #[arg(long, value_name = "S", value_parser = parse_seconds)]
    time_limit: Option<Duration>,
    /// Stop after this many states with the best order found (not proven).
    #[arg(long, value_name = "N")]
    node_limit: Option<u64>,
    /// Positions kept per step by the beam search.
    #[arg(long, value_name = "W", default_value_t = 64)]
    beam_width: usize,
    /// Memory for the exact search's table of positions, in MiB (when full,
    /// entries are overwritten: slower, never out of memory).
    #[arg(long, value_name = "MIB", default_value_t = 512)]
    memory: usize,
    /// Seed of the anytime search.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads of the exact search (default: every core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
}

#[derive(Args)]
struct SolveArgs {
    /// A board in the text or XML format; `-` or nothing reads standard input.
    input: Option<PathBuf>,
    /// exact (default, proves the optimum), greedy, beam, anytime, or the
    /// report's three approximations: capped-dfs (Bysiek: its exact search
    /// cut off after n² states), delaying-greedy (Peryt: holds back pieces
    /// others wait for) and scan (Łojek: the sweep in board order).
    #[arg(long, short, default_value = "exact", value_parser = parse_algorithm)]
    algorithm: Algorithm,
    #[command(flatten)]
    limits: LimitArgs,
    /// Print one JSON document instead of text.
    #[arg(long)]
    json: bool,
    /// Also write the result to F: the text output format (score, then the
    /// removal order), or XML when F ends in .xml.
    #[arg(long, short, value_name = "F")]
    output: Option<PathBuf>,
    /// Also draw the board as an SVG picture in FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Also write a self-contained HTML page that plays the removal order
    /// step by step to FILE.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
}

#[derive(Args)]
struct CompareArgs {
    /// Boards in the text or XML format; nothing reads standard input.
    inputs: Vec<PathBuf>,
    #[command(flatten)]
    limits: LimitArgs,
    /// Print one JSON document instead of a table.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct GenerateArgs {
    #[arg(long, value_name = "W")]
    width: usize,
    #[arg(long, value_name = "H")]
    height: usize,
    /// Values are drawn from 0..=V.
    #[arg(long, value_name = "V")]
    max_value: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Build the values by playing backwards, so the board can be cleared.
    #[arg(long)]
    clearable: bool,
    /// Print the XML format instead of the text format.
    #[arg(long)]
    xml: bool,
}

fn parse_seconds(s: &str) -> Result<Duration, String> {
    let secs: f64 = s
        .parse()
        .map_err(|_| format!("'{s}' is not a number of seconds"))?;
    if !secs.is_finite() || secs <= 0.0 || secs > 1e9 {
        return Err(format!(
            "'{s}': the time limit must be a positive number of seconds"
        ));
    }
    Ok(Duration::from_secs_f64(secs))
}

fn parse_algorithm(s: &str) -> Result<Algorithm, String> {
    s.parse()
}

pub fn run(args: VanishArgs) -> Result<Verdict, CliError> {
    match args.action {
        Action::Solve(args) => run_solve(args),
        Action::Compare(args) => run_compare(args),
        Action::Generate(args) => run_generate(args),
    }
}

fn limits(args: &LimitArgs) -> Limits {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    // A second handler cannot be installed; the first one still sets a flag.
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
    Limits {
        time_limit: args.time_limit,
        node_limit: args.node_limit,
        stop: Some(stop),
        memory_bytes: args.memory.saturating_mul(1 << 20),
        beam_width: args.beam_width.max(1),
        seed: args.seed,
        threads: args.threads.map(|n| n as usize),
    }
}

fn read_board(path: Option<&Path>) -> Result<(Input, Board), CliError> {
    let input = read_input(path)?;
    let board = parse_board(&input.text).map_err(|e| input.error(e))?;
    Ok((input, board))
}

/// Solves with a progress line on standard error when it is a terminal.
fn solve_with_progress(board: &Board, algorithm: Algorithm, limits: &Limits) -> Solution {
    if !std::io::stderr().is_terminal() {
        return solve(board, algorithm, limits, None);
    }
    let mut shown = false;
    let mut report = |p: &Progress| {
        shown = true;
        eprint!(
            "\r\x1b[K{algorithm}: {} states, best {} left, at least {}, {:.1} s",
            p.states,
            p.best,
            p.lower_bound,
            p.elapsed.as_secs_f64()
        );
        let _ = std::io::stderr().flush();
    };
    let solution = solve(board, algorithm, limits, Some(&mut report));
    if shown {
        eprint!("\r\x1b[K");
    }
    solution
}

fn run_solve(args: SolveArgs) -> Result<Verdict, CliError> {
    let (input, board) = read_board(args.input.as_deref())?;
    let limits = limits(&args.limits);
    let start = Instant::now();
    let solution = solve_with_progress(&board, args.algorithm, &limits);
    let seconds = start.elapsed().as_secs_f64();
    if let Some(path) = &args.output {
        let contents = if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("xml"))
        {
            board_to_xml(&board, Some(&solution.order))
        } else {
            solution_to_text(&board, &solution.order)
        };
        write_file(path, contents.as_bytes())?;
    }
    if args.svg.is_some() || args.html.is_some() {
        let pieces = picture_pieces(&board);
        let picture = VanishPicture {
            width: to_u32(board.width() as u64),
            height: to_u32(board.height() as u64),
            pieces: &pieces,
            order: &solution.order,
        };
        if let Some(path) = &args.svg {
            write_file(path, vanish_svg(&picture, 0).as_bytes())?;
        }
        if let Some(path) = &args.html {
            let caption = format!(
                "{}: {} of {} pieces removed, {} left{}",
                input.name,
                solution.order.len(),
                board.pieces().len(),
                solution.score,
                if solution.optimal {
                    " (proven optimal)"
                } else {
                    ""
                }
            );
            let page = html::single("domino vanish", vanish_player(&picture, &caption));
            write_file(path, page.as_bytes())?;
        }
    }
    let out = if args.json {
        let mut text = serde_json::to_string(&solution_json(&solution, args.algorithm, seconds))
            .map_err(|e| CliError::Usage(e.to_string()))?;
        text.push('\n');
        text
    } else {
        solution_text(&board, &solution, args.algorithm)
    };
    crate::output::emit(out.as_bytes())?;
    Ok(Verdict::Yes)
}

fn solution_json(s: &Solution, algorithm: Algorithm, seconds: f64) -> serde_json::Value {
    serde_json::json!({
        "score": s.score,
        "optimal": s.optimal,
        "algorithm": algorithm.name(),
        "order": s.order,
        "states": s.states,
        "lower_bound": s.lower_bound,
        "seconds": seconds,
    })
}

fn solution_text(board: &Board, s: &Solution, algorithm: Algorithm) -> String {
    let proof = if s.optimal {
        "proven optimal".to_string()
    } else {
        format!("not proven; at least {} must stay", s.lower_bound)
    };
    let mut out = format!(
        "score {} of {} pieces left ({proof}; {algorithm}, {} states)\n",
        s.score,
        board.pieces().len(),
        s.states
    );
    out.push_str(&format!("removal order ({} pieces):\n", s.order.len()));
    for (k, &i) in s.order.iter().enumerate() {
        out.push_str(&format!(
            "{:4}. {}   (piece {i})\n",
            k + 1,
            board.pieces()[i]
        ));
    }
    out
}

/// One row of the comparison.
struct Row {
    input: String,
    algorithm: Algorithm,
    solution: Solution,
    seconds: f64,
}

fn compare_rows(name: &str, board: &Board, limits: &Limits) -> Vec<Row> {
    Algorithm::ALL
        .into_iter()
        .map(|algorithm| {
            let start = Instant::now();
            let solution = solve_with_progress(board, algorithm, limits);
            Row {
                input: name.to_string(),
                algorithm,
                solution,
                seconds: start.elapsed().as_secs_f64(),
            }
        })
        .collect()
}

fn run_compare(args: CompareArgs) -> Result<Verdict, CliError> {
    let limits = limits(&args.limits);
    let mut boards = Vec::new();
    if args.inputs.is_empty() {
        let (input, board) = read_board(None)?;
        boards.push((input.name, board));
    }
    for path in &args.inputs {
        let (input, board) = read_board(Some(path))?;
        boards.push((input.name, board));
    }
    let rows: Vec<Row> = boards
        .iter()
        .flat_map(|(name, board)| compare_rows(name, board, &limits))
        .collect();
    let out = if args.json {
        let items: Vec<serde_json::Value> = rows
            .iter()
            .map(|r| {
                serde_json::json!({
                    "input": r.input,
                    "algorithm": r.algorithm.name(),
                    "score": r.solution.score,
                    "optimal": r.solution.optimal,
                    "seconds": r.seconds,
                    "states": r.solution.states,
                    "order": r.solution.order,
                })
            })
            .collect();
        let mut text = serde_json::to_string(&serde_json::json!({ "results": items }))
            .map_err(|e| CliError::Usage(e.to_string()))?;
        text.push('\n');
        text
    } else {
        compare_table(&rows)
    };
    crate::output::emit(out.as_bytes())?;
    Ok(Verdict::Yes)
}

fn compare_table(rows: &[Row]) -> String {
    let width = rows.iter().map(|r| r.input.len()).max().unwrap_or(5).max(5);
    let mut out = format!(
        "{:width$}  {:15}  {:>5}  {:6}  {:>10}  {:>10}\n",
        "input", "algorithm", "score", "proven", "time (ms)", "states"
    );
    for r in rows {
        out.push_str(&format!(
            "{:width$}  {:15}  {:>5}  {:6}  {:>10.2}  {:>10}\n",
            r.input,
            r.algorithm.name(),
            r.solution.score,
            if r.solution.optimal { "yes" } else { "no" },
            r.seconds * 1000.0,
            r.solution.states
        ));
    }
    out
}

fn run_generate(args: GenerateArgs) -> Result<Verdict, CliError> {
    let board = if args.clearable {
        generate_clearable(args.width, args.height, args.max_value, args.seed).map(|(b, _)| b)
    } else {
        generate(args.width, args.height, args.max_value, args.seed)
    }
    .map_err(CliError::Usage)?;
    let text = if args.xml {
        board_to_xml(&board, None)
    } else {
        board_to_text(&board)
    };
    crate::output::emit(text.as_bytes())?;
    Ok(Verdict::Yes)
}

/// The examples shown by `domino demo`: (name, board text).
pub const EXAMPLES: &[(&str, &str)] = &[
    (
        "the report's 5 x 4 worked example",
        include_str!("../../../data/vanish/report-5x4.xml"),
    ),
    (
        "the report's 10 x 6 board",
        include_str!("../../../data/vanish/report-10x6.xml"),
    ),
    (
        "the report's 10 x 9 board",
        include_str!("../../../data/vanish/report-10x9.txt"),
    ),
];

/// The vanish part of `domino demo`: every algorithm on the examples.
pub fn demo() -> Result<(), CliError> {
    println!("== vanish ==");
    for (name, text) in EXAMPLES {
        let board = parse_board(text)
            .map_err(|e| CliError::Usage(format!("built-in example {name}: {e}")))?;
        println!("{name}: {} pieces", board.pieces().len());
        for algorithm in Algorithm::ALL {
            let s = solve(&board, algorithm, &Limits::default(), None);
            println!(
                "  {:15} {:2} left{}",
                algorithm.name(),
                s.score,
                if s.optimal { " (proven optimal)" } else { "" }
            );
        }
    }
    Ok(())
}

/// The board's pieces as the renderer takes them (values beyond u32 are
/// drawn as u32::MAX; no real board has them).
pub fn picture_pieces(board: &Board) -> Vec<VanishPiece> {
    board
        .pieces()
        .iter()
        .map(|p| VanishPiece {
            x: to_u32(p.x as u64),
            y: to_u32(p.y as u64),
            horizontal: p.orientation == Orientation::Horizontal,
            values: [to_u32(p.value1), to_u32(p.value2)],
        })
        .collect()
}

fn to_u32(x: u64) -> u32 {
    u32::try_from(x).unwrap_or(u32::MAX)
}
