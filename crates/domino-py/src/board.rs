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

/// The Python functions `solve`, `count`, `explain`, `grade` and `verify`
/// of a family, each over the generic function above, and
/// `register_board`, which adds them to the module: a family names its
/// functions, the argument that picks one puzzle of an input (`set`,
/// `level`) with its Python type and the conversion to its [`Door::Pick`],
/// and place's `grade` flag of `solve` with the grading it asks for.
macro_rules! board_functions {
    (
        @timed $family:ty, $pick:ident: $arg:ty => $convert:expr,
        $name:ident: $verb:ident -> $answer:ty, $doc:literal
    ) => {
        #[doc = $doc]
        #[pyfunction]
        #[pyo3(signature = (text, $pick = None, time_limit = None))]
        fn $name(
            py: Python<'_>,
            text: &str,
            $pick: $arg,
            time_limit: Option<f64>,
        ) -> PyResult<$answer> {
            let asked = $crate::run::Asked::new(time_limit, None, None)?;
            $crate::board::$verb::<$family>(py, text, $convert($pick)?, asked)
        }
    };
    (
        $family:ty,
        $pick:ident: $arg:ty => $convert:expr,
        solve: $solve:ident $(($flag:ident => $grading:expr))?,
        count: $count:ident,
        explain: $explain:ident,
        grade: $grade:ident,
        verify: $verify:ident $(,)?
    ) => {
        /// The solutions counted up to `limit`, listed as `mode` says.
        #[pyfunction]
        #[pyo3(signature = (
            text, $pick = None, limit = None, mode = "unique", $($flag = false,)?
            time_limit = None, node_limit = None, max_solutions = None
        ))]
        #[allow(clippy::too_many_arguments)]
        fn $solve(
            py: Python<'_>,
            text: &str,
            $pick: $arg,
            limit: Option<u64>,
            mode: &str,
            $($flag: bool,)?
            time_limit: Option<f64>,
            node_limit: Option<u64>,
            max_solutions: Option<usize>,
        ) -> PyResult<PyObject> {
            let pick = $convert($pick)?;
            let asked = $crate::run::Asked::new(time_limit, node_limit, max_solutions)?;
            let grading: Option<$crate::board::Grading<$family>> =
                None $(.or($flag.then_some($grading)))?;
            $crate::board::solve::<$family>(py, text, pick, limit, mode, grading, asked)
        }

        /// Every solution counted, exactly (TimeoutError when a limit
        /// stops the count).
        #[pyfunction]
        #[pyo3(signature = (text, $pick = None, time_limit = None, node_limit = None))]
        fn $count(
            py: Python<'_>,
            text: &str,
            $pick: $arg,
            time_limit: Option<f64>,
            node_limit: Option<u64>,
        ) -> PyResult<u128> {
            let asked = $crate::run::Asked::new(time_limit, node_limit, None)?;
            $crate::board::count::<$family>(py, text, $convert($pick)?, asked)
        }

        $crate::board::board_functions!(@timed $family, $pick: $arg => $convert,
            $explain: explain -> PyObject,
            "The deductions, within `time_limit` (seconds) and Ctrl-C: stopped, \
             the explanation ends where they stopped (`complete` false).");
        $crate::board::board_functions!(@timed $family, $pick: $arg => $convert,
            $grade: grade -> &'static str,
            "The grade on the family's scale, within `time_limit` and Ctrl-C.");

        /// Checks every solution a result of `text`'s puzzle holds.
        #[pyfunction]
        #[pyo3(signature = (text, result, $pick = None))]
        fn $verify(
            py: Python<'_>,
            text: &str,
            result: &$crate::report::Native,
            $pick: $arg,
        ) -> PyResult<()> {
            $crate::board::verify::<$family>(py, text, result, $convert($pick)?)
        }

        /// Adds the functions above to the module.
        fn register_board(m: &Bound<'_, PyModule>) -> PyResult<()> {
            m.add_function(wrap_pyfunction!($solve, m)?)?;
            m.add_function(wrap_pyfunction!($count, m)?)?;
            m.add_function(wrap_pyfunction!($explain, m)?)?;
            m.add_function(wrap_pyfunction!($grade, m)?)?;
            m.add_function(wrap_pyfunction!($verify, m)?)?;
            Ok(())
        }
    };
}
pub(crate) use board_functions;
