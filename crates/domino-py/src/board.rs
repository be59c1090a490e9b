//! place and pips, the two board puzzles, written once over the library's
//! board contract ([`domino::board::BoardPuzzle`]): solve, count, explain,
//! grade, generate and verify are one generic function each, which `place.rs` and
//! `pips.rs` call with their family ([`Door`] adds what the Python doors
//! need: how an input picks one puzzle, and the answer each verb makes).
//! A verb added to the contract is added here once for both.

use crate::report::{held, Answer, Native};
use crate::run::{run, search, value_error, Asked, Refusal};
use crate::verify_error;
use domino::board::{check_generated, BoardPuzzle, SolveAnswer};
use domino::names::Named;
use domino::search::{Count, Limits, Solutions, SolveMode, SolveOptions};
use pyo3::exceptions::{PyRuntimeError, PyTimeoutError};
use pyo3::prelude::*;

/// What the Python doors add to a board puzzle of the contract.
pub trait Door: BoardPuzzle + 'static
where
    Self::Puzzle: Send + Sync + 'static,
    Self::Solution: Send + 'static,
    Self::Explanation: Send + 'static,
{
    /// What picks one puzzle of an input (place: the set; pips: the day
    /// file's level).
    type Pick: Send + 'static;
    /// The one puzzle of `text` that `pick` names; a refusal names what
    /// to pass to choose.
    fn one(text: &str, pick: &Self::Pick) -> Result<Self::Puzzle, Refusal>;
    /// The answer of `solve`: `exact` is the report's count when it is
    /// larger than `found`'s u64 holds; `grade` when it was asked for.
    fn solved(
        puzzle: Self::Puzzle,
        found: Solutions<Self::Solution>,
        limit: u64,
        exact: Option<u128>,
        grade: Option<Self::Grade>,
    ) -> Answer;
    /// The answer of `explain`.
    fn explained(puzzle: Self::Puzzle, explanation: Self::Explanation) -> Answer;
    /// The answer of `generate`: the puzzle `request` asked for.
    fn made(request: &Self::Request, made: Self::Generated) -> Answer;
    /// The solutions a result holds, for verify (None: not the family's).
    fn solutions(answer: &Answer) -> Option<Vec<Self::Solution>>;
}

/// The most solutions a solve may list and still start on the calling
/// thread: listing many (`mode="all"`) takes time the first try's
/// deadline does not bound everywhere.
const INLINE_KEEP: usize = 2;

/// The mode of `solve`'s `mode` argument.
fn solve_mode(mode: &str) -> PyResult<SolveMode> {
    match mode {
        "unique" => Ok(SolveMode::Unique),
        "count" => Ok(SolveMode::Count),
        "all" => Ok(SolveMode::All),
        _ => Err(value_error(format!(
            "mode must be unique, count or all, not '{mode}'"
        ))),
    }
}

/// The grade of a solved puzzle, worked out on the search's worker when
/// `solve` is asked for it.
pub type Grading<D> = fn(
    &<D as BoardPuzzle>::Puzzle,
    &Solutions<<D as BoardPuzzle>::Solution>,
    &Limits,
) -> <D as BoardPuzzle>::Grade;

/// `solve`: the solutions counted up to `limit`, listed as `mode` says;
/// a count larger than a u64 is exact, as the library's report makes it.
#[allow(clippy::too_many_arguments)]
pub fn solve<D: Door>(
    py: Python<'_>,
    text: &str,
    pick: D::Pick,
    limit: Option<u64>,
    mode: &str,
    grading: Option<Grading<D>>,
    asked: Asked,
) -> PyResult<PyObject>
where
    D::Puzzle: Send + Sync + 'static,
    D::Solution: Send + 'static,
    D::Explanation: Send + 'static,
    D::Grade: Send + 'static,
{
    let options = SolveOptions {
        mode: solve_mode(mode)?,
        limit,
        keep: Some(asked.solutions()),
    };
    let goal = options.goal();
    // The library's report counts past a u64 exactly (within the same
    // limits); the answer keeps its solutions and that count.
    let (puzzle, (found, exact, grade)) = search(
        py,
        text,
        goal.keep <= INLINE_KEEP && grading.is_none(),
        asked,
        move |text| D::one(text, &pick),
        move |puzzle, limits| {
            let solved = D::solve_report(puzzle, &options, limits);
            let exact = solved.exact();
            let found = solved.into_found();
            let grade = grading.map(|grade| grade(puzzle, &found, limits));
            (found, exact, grade)
        },
    )?;
    crate::report::wrap(py, D::solved(puzzle, found, goal.limit, exact, grade))
}

/// `count`: every solution, exactly (TimeoutError when a limit stops it).
pub fn count<D: Door>(py: Python<'_>, text: &str, pick: D::Pick, asked: Asked) -> PyResult<u128>
where
    D::Puzzle: Send + Sync + 'static,
    D::Solution: Send + 'static,
    D::Explanation: Send + 'static,
{
    let (_, counted): (_, Count) = search(
        py,
        text,
        true,
        asked,
        move |text| D::one(text, &pick),
        |puzzle, limits| D::count(puzzle, limits),
    )?;
    if !counted.complete {
        return Err(PyTimeoutError::new_err(format!(
            "a limit stopped the count at {} solutions",
            counted.count
        )));
    }
    Ok(counted.count)
}

/// `explain`: the deductions, within the limits and Ctrl-C (stopped, the
/// explanation ends where they stopped).
pub fn explain<D: Door>(
    py: Python<'_>,
    text: &str,
    pick: D::Pick,
    asked: Asked,
) -> PyResult<PyObject>
where
    D::Puzzle: Send + Sync + 'static,
    D::Solution: Send + 'static,
    D::Explanation: Send + 'static,
{
    let text = text.to_owned();
    let (puzzle, explanation) = run(py, move |stop| {
        let puzzle = D::one(&text, &pick)?;
        let explanation = D::explain(&puzzle, &asked.limits(Some(stop)));
        Ok::<_, Refusal>((puzzle, explanation))
    })?
    .map_err(|refusal| refusal.raise(py))?;
    crate::report::wrap(py, D::explained(puzzle, explanation))
}

/// `grade`: the puzzle's grade on the family's scale, within the limits
/// and Ctrl-C.
pub fn grade<D: Door>(
    py: Python<'_>,
    text: &str,
    pick: D::Pick,
    asked: Asked,
) -> PyResult<&'static str>
where
    D::Puzzle: Send + Sync + 'static,
    D::Solution: Send + 'static,
    D::Explanation: Send + 'static,
{
    let text = text.to_owned();
    run(py, move |stop| {
        let puzzle = D::one(&text, &pick)?;
        Ok::<_, Refusal>(D::grade(&puzzle, &asked.limits(Some(stop))).name())
    })?
    .map_err(|refusal| refusal.raise(py))
}

/// `generate`: the puzzle `request` asks for, within the limits and
/// Ctrl-C, checked with the family's `verify` before it is handed back;
/// a request no puzzle meets and a search that gave up are ValueErrors.
pub fn generate<D: Door>(py: Python<'_>, request: D::Request, asked: Asked) -> PyResult<PyObject>
where
    D::Puzzle: Send + Sync + 'static,
    D::Solution: Send + 'static,
    D::Explanation: Send + 'static,
    D::Request: Send + 'static,
    D::Generated: Clone + Send + 'static,
    D::GenerateError: Send + 'static,
{
    let (request, made) = run(py, move |stop| {
        let made = D::generate(&request, &asked.limits(Some(stop)));
        (request, made)
    })?;
    let made = made.map_err(|e| value_error(e.to_string()))?;
    check_generated::<D>(made.clone()).map_err(PyRuntimeError::new_err)?;
    crate::report::wrap(py, D::made(&request, made))
}

/// `verify`: every solution a result holds, checked against the puzzle of
/// `text` without the solver.
pub fn verify<D: Door>(py: Python<'_>, text: &str, result: &Native, pick: D::Pick) -> PyResult<()>
where
    D::Puzzle: Send + Sync + 'static,
    D::Solution: Send + 'static,
    D::Explanation: Send + 'static,
{
    let puzzle = D::one(text, &pick).map_err(|refusal| refusal.raise(py))?;
    let solutions = D::solutions(held(result)?)
        .ok_or_else(|| verify_error(format!("not a {} solve or generate result", D::NAME)))?;
    for solution in &solutions {
        D::verify(&puzzle, solution).map_err(|e| verify_error(e.to_string()))?;
    }
    Ok(())
}
