//! The verbs place and pips share, written once over the library's
//! board-puzzle contract (`domino::board::BoardPuzzle`): reading the
//! puzzles of an input, `solve` (its flags, collected, or streamed with
//! `--all`) and `explain`, each with its JSON, text, pictures and exit
//! code. A family says only what differs ([`Door`]): the headings between
//! puzzles, its pictures, and its own flags of `solve` and their effect
//! on a report.

use crate::args::{capped, LimitArgs, MaxSolutionsArg, MemoryArg, OutputArgs, SolveModeArgs};
use crate::input::{read_input, CliError, Input, Listing, Out};
use crate::verbs::Puzzles;
use crate::Verdict;
use clap::Args;
use domino::board::{BoardPuzzle, ExplainAnswer, SolveAnswer};
use domino::search::{SolveMode, SolveOptions};
use domino::{InputError, Limits};
use std::path::Path;

/// What a family's command line adds to the contract.
pub trait Door: BoardPuzzle {
    /// The family's own flags of `solve`.
    type SolveFlags: Args;

    /// The library's input error with the flag that gets past it, when
    /// there is one.
    fn with_flag(error: InputError) -> InputError {
        error
    }

    /// The text above puzzle `k` of `count` in `solve`'s text output
    /// (`streamed`: in a `--all` listing).
    fn solve_heading(puzzle: &Self::Puzzle, k: usize, count: usize, streamed: bool) -> String;

    /// The text above puzzle `k` of `count` in `explain`'s text output.
    fn explain_heading(puzzle: &Self::Puzzle, k: usize, count: usize) -> String;

    /// What the family's flags add to a report before it is shown.
    fn finish(_report: &mut Self::SolveReport<'_>, _flags: &Self::SolveFlags, _limits: &Limits) {}

    /// The family's flags may print each puzzle another way (place's
    /// `--format id`): then `solve` lists no solutions as they come.
    fn instead(
        _puzzle: &Self::Puzzle,
        _k: usize,
        _flags: &Self::SolveFlags,
        _input: &Input,
    ) -> Option<Result<String, CliError>> {
        None
    }

    /// Whether the family's flags print each puzzle another way.
    fn prints_instead(_flags: &Self::SolveFlags) -> bool {
        false
    }

    /// The `--svg` picture of a solve.
    fn solve_svg(report: &Self::SolveReport<'_>) -> String;

    /// The `--html` page of a solve, titled with the input's name.
    fn solve_html(report: &Self::SolveReport<'_>, name: &str) -> String;

    /// Writes the `--svg` and `--html` files of an explanation that
    /// `output` asks for, titled with the input's `name` (nothing for a
    /// family whose explanations draw nothing).
    fn explain_pictures(
        _report: &Self::ExplainReport<'_>,
        _output: &OutputArgs,
        _name: &str,
    ) -> Result<(), CliError> {
        Ok(())
    }
}

/// The input at `path` (standard input for `-` or none) and its puzzles.
pub fn read<F: Door>(
    path: Option<&Path>,
    options: &F::ParseOptions,
) -> Result<(Input, Vec<F::Puzzle>), CliError> {
    let input = read_input(path)?;
    let puzzles = F::parse(&input.text, options).map_err(|e| input.error(F::with_flag(e)))?;
    Ok((input, puzzles))
}

/// The flags of `solve`, the family's own among them.
#[derive(Args)]
pub struct SolveArgs<I: Puzzles> {
    #[command(flatten)]
    puzzles: I,
    /// --count, --all, --limit.
    #[command(flatten)]
    mode: SolveModeArgs,
    /// Nodes count per puzzle, the time for the whole run.
    #[command(flatten)]
    limits: LimitArgs,
    /// --max-solutions.
    #[command(flatten)]
    listed: MaxSolutionsArg,
    /// --memory.
    #[command(flatten)]
    memory: MemoryArg,
    #[command(flatten)]
    flags: <I::Family as Door>::SolveFlags,
    /// JSON is one document per puzzle, one per line; the pictures show
    /// the first puzzle and its first solution.
    #[command(flatten)]
    output: OutputArgs,
}

/// No flags of a family's own.
#[derive(Args)]
pub struct NoFlags {}

/// `solve` from the command line: the puzzles read, the limits the flags
/// set.
pub fn run_solve<I: Puzzles>(args: SolveArgs<I>) -> Result<Verdict, CliError> {
    let (input, puzzles) = args.puzzles.read()?;
    let limits = args.memory.apply(args.listed.apply(args.limits.limits()));
    let options = args.mode.options();
    solve::<I::Family>(
        &input,
        &puzzles,
        &options,
        &limits,
        &args.output,
        &args.flags,
    )
}

/// `solve`: each puzzle's report as JSON (one document a line) or text,
/// the pictures of the first; exit 0 when every puzzle has a solution.
pub fn solve<F: Door>(
    input: &Input,
    puzzles: &[F::Puzzle],
    options: &SolveOptions,
    limits: &Limits,
    output: &OutputArgs,
    flags: &F::SolveFlags,
) -> Result<Verdict, CliError> {
    if options.mode == SolveMode::All && !F::prints_instead(flags) {
        return stream::<F>(input, puzzles, options, limits, output, flags);
    }
    let mut out = Out::default();
    let mut all_solved = true;
    for (k, puzzle) in puzzles.iter().enumerate() {
        let mut report = F::solve_report(puzzle, options, limits);
        F::finish(&mut report, flags, limits);
        all_solved &= report.solved();
        if k == 0 {
            output.pictures(
                || F::solve_svg(&report),
                || F::solve_html(&report, &input.name),
            )?;
        }
        if let Some(text) = F::instead(puzzle, k, flags, input) {
            out.text(&text?);
            continue;
        }
        if !output.json {
            out.text(&F::solve_heading(puzzle, k, puzzles.len(), false));
        }
        out.either(output.json, &report, |r| r.text())?;
        if !output.json {
            out.text(&capped(report.found(), limits));
        }
    }
    out.emit()?;
    Ok(Verdict::from(all_solved))
}

/// `solve --all`: each puzzle's solutions written as the search finds
/// them (see [`Listing`]), then its verdict, with flat memory; the limits
/// and Ctrl-C stop the listing as they stop a count.
fn stream<F: Door>(
    input: &Input,
    puzzles: &[F::Puzzle],
    options: &SolveOptions,
    limits: &Limits,
    output: &OutputArgs,
    flags: &F::SolveFlags,
) -> Result<Verdict, CliError> {
    let mut listing = Listing::new(output.json);
    let mut all_solved = true;
    for (k, puzzle) in puzzles.iter().enumerate() {
        listing.begin(&F::solve_heading(puzzle, k, puzzles.len(), true));
        let mut report = F::solve_report_each(puzzle, options, limits, &mut |solution| {
            listing.solution(solution, |n| F::solution_text(puzzle, n, solution))
        });
        F::finish(&mut report, flags, limits);
        all_solved &= report.solved();
        if k == 0 {
            output.pictures(
                || F::solve_svg(&report),
                || F::solve_html(&report, &input.name),
            )?;
        }
        let closing = report.closing_text(listing.listed());
        listing.end(&report, &closing);
    }
    listing.finish()?;
    Ok(Verdict::from(all_solved))
}

/// `explain`: each puzzle's deductions as JSON or text, the pictures of
/// the first when the family draws them (`pictures`); exit 0 when the
/// deductions solve every puzzle.
pub fn explain<F: Door>(
    input: &Input,
    puzzles: &[F::Puzzle],
    limits: &Limits,
    json: bool,
    pictures: Option<&OutputArgs>,
) -> Result<Verdict, CliError> {
    let mut out = Out::default();
    let mut all_complete = true;
    for (k, puzzle) in puzzles.iter().enumerate() {
        let report = F::explain_report(puzzle, limits);
        all_complete &= report.complete();
        if let Some(output) = pictures.filter(|_| k == 0) {
            F::explain_pictures(&report, output, &input.name)?;
        }
        if !json {
            out.text(&F::explain_heading(puzzle, k, puzzles.len()));
        }
        out.either(json, &report, |r| r.text())?;
    }
    out.emit()?;
    Ok(Verdict::from(all_complete))
}
