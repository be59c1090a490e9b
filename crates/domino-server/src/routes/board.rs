//! What the place and pips routes share, written once over the library's
//! board contract ([`BoardPuzzle`]): solve and count, explain, and the
//! play questions (hint, check), each run in the pool that fits its work
//! with the request's limits. A family's route only reads its request (the
//! puzzle as text or structured JSON, the player's pieces) and hands the
//! reading here, so both families price, limit and answer alike.

use crate::error::ApiError;
use crate::input::{report, Search};
use crate::pool::{Cost, Stop};
use crate::State;
use axum::response::Response;
use domino::board::{BoardPuzzle, SolveAnswer};
use domino::search::{Limits, SolveMode, SolveOptions};
use std::time::Instant;

/// Reads a request's puzzle (in the pool job: reading a large one is work).
pub trait Read<P>: Fn() -> Result<P, ApiError> + Send + Sync + 'static {}
impl<P, R: Fn() -> Result<P, ApiError> + Send + Sync + 'static> Read<P> for R {}

/// A solve request once read: how far to count, and whether the puzzle is
/// small enough for a first try on the async threads.
pub struct Solve {
    pub all: bool,
    pub count: bool,
    pub limit: Option<u64>,
    pub small: bool,
    pub search: Search,
}

/// Solves and counts as the family's `solve --json` does; `finish` adds
/// what the family's request asks beyond it (place's grade). A small
/// puzzle is tried on the async threads within a budget of nodes, and on
/// the expensive pool when that runs out.
pub async fn solve<F, R>(
    state: &State,
    asked: Solve,
    read: R,
    finish: fn(&mut F::SolveReport<'_>, &Limits),
) -> Result<Response, ApiError>
where
    F: BoardPuzzle + 'static,
    R: Read<F::Puzzle>,
{
    if asked.limit == Some(0) {
        return Err(ApiError::at_path(
            "/limit",
            "the limit is a number of solutions, at least 1",
        ));
    }
    let mode = SolveMode::from_flags(asked.all, asked.count);
    let options = SolveOptions {
        mode,
        limit: asked.limit,
        keep: Some(state.config.max_solutions),
    };
    let search = asked.search;
    state
        .pools
        .search(
            mode == SolveMode::Unique && asked.small,
            move |stop, budget| {
                let puzzle = read()?;
                let limits = search.limits(stop, budget);
                let mut solved = F::solve_report(&puzzle, &options, &limits);
                if search.ran_out(budget, solved.found().stopped) {
                    return Ok(None);
                }
                finish(&mut solved, &limits);
                report(&solved).map(Some)
            },
        )
        .await
}

/// The deductions, step by step, as the family's `explain --json` gives
/// them. They count no nodes and take seconds on a large puzzle: the
/// expensive pool, ending at the server's time limit (or when the client
/// leaves) with what they found.
pub async fn explain<F, R>(state: &State, read: R) -> Result<Response, ApiError>
where
    F: BoardPuzzle + 'static,
    R: Read<F::Puzzle>,
{
    let deadline = Instant::now() + state.config.max_time;
    state
        .pools
        .run(Cost::Expensive, move |stop| {
            let puzzle = read()?;
            let explained = F::explain_report(&puzzle, &limits(deadline, stop));
            report(&explained)
        })
        .await?
}

/// A question about a player's position, answered.
pub type Question<F> = fn(
    &<F as BoardPuzzle>::Puzzle,
    &<F as BoardPuzzle>::Played,
    &Limits,
) -> Result<Response, ApiError>;

/// A question about a player's position (an answer of `F::hint` or
/// `F::check_play`): searches and deductions that count no nodes, so on
/// the expensive pool, within the request's time limit.
pub async fn play<F, R>(
    state: &State,
    search: Search,
    read: R,
    question: Question<F>,
) -> Result<Response, ApiError>
where
    F: BoardPuzzle + 'static,
    R: Read<(F::Puzzle, F::Played)>,
{
    state
        .pools
        .run(Cost::Expensive, move |stop| {
            let (puzzle, played) = read()?;
            question(&puzzle, &played, &search.limits(stop, None))
        })
        .await?
}

/// The limits of the work that counts no nodes (deductions, generate):
/// ending at `deadline` (counted from the request's arrival, as every
/// search's: waiting for a slot spends it), and the stop flag raised when
/// the client leaves.
pub fn limits(deadline: Instant, stop: Stop) -> Limits {
    Limits {
        deadline: Some(deadline),
        stop: Some(stop),
        ..Limits::none()
    }
}
