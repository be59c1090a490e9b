//! The typed result classes, one or more a family, each a frozen subclass
//! of `domino.Result` (place's and pips' `solve` through `SolveResult`,
//! which they share) with the attributes a notebook reaches for
//! (`PlaceResult.unique`, `VanishResult.order`, `FiveupGame.illegal_at`,
//! ...). Attributes that are fields of the CLI's JSON read the document
//! the base class already keeps; the others come from the answer itself.
//! Each class names its attributes in `__match_args__`, which its
//! `repr` and `match` statements use, as a dataclass's do.

use crate::report::{Answer, Report};
use domino::chain::Ends;
use domino::fiveup::score_layout;
use pyo3::prelude::*;
use pyo3::PyClass;

/// The answer behind any result class.
fn base<'a, T: PyClass<BaseType = Report>>(slf: &'a Bound<'_, T>) -> &'a Report {
    slf.as_super().get()
}

/// The field `key` of the result's JSON document, None when it has none.
fn field<T: PyClass<BaseType = Report>>(slf: &Bound<'_, T>, key: &str) -> PyResult<PyObject> {
    base(slf).field(slf.py(), key)
}

/// A new result of class `class` holding `answer`.
fn make<T: PyClass<BaseType = Report>>(
    py: Python<'_>,
    answer: Answer,
    class: T,
) -> PyResult<PyObject> {
    let init = PyClassInitializer::from(Report::new(answer)).add_subclass(class);
    Ok(Py::new(py, init)?.into_any())
}

/// A new result of class `class`, a kind of [`SolveResult`], holding
/// `answer`.
fn solved<T: PyClass<BaseType = SolveResult>>(
    py: Python<'_>,
    answer: Answer,
    class: T,
) -> PyResult<PyObject> {
    let init = PyClassInitializer::from(Report::new(answer))
        .add_subclass(SolveResult {})
        .add_subclass(class);
    Ok(Py::new(py, init)?.into_any())
}

/// A result of `answer`'s class: the object every function returns.
pub fn wrap(py: Python<'_>, answer: Answer) -> PyResult<PyObject> {
    match &answer {
        Answer::Chain { .. } => make(py, answer, ChainResult {}),
        Answer::Longest { .. } => make(py, answer, LineResult {}),
        Answer::PlaceSolve { .. } => solved(py, answer, PlaceResult {}),
        Answer::PlaceExplain { .. } => make(py, answer, PlaceExplanation {}),
        Answer::PlaceGenerate(_) => make(py, answer, PlacePuzzle {}),
        Answer::PipsSolve { .. } => solved(py, answer, PipsResult {}),
        Answer::PipsExplain { .. } => make(py, answer, PipsExplanation {}),
        Answer::PipsPuzzle(_) => make(py, answer, PipsPuzzle {}),
        Answer::VanishSolve { .. } => make(py, answer, VanishResult {}),
        Answer::VanishCompare(_) => make(py, answer, VanishComparison {}),
        Answer::VanishBoard(_) => make(py, answer, VanishBoard {}),
        Answer::FiveupGame { .. } => make(py, answer, FiveupGame {}),
        Answer::FiveupScore { .. } => make(py, answer, FiveupScore {}),
    }
}

/// `field`, an int (0 when the document has none).
fn int_field<T: PyClass<BaseType = Report>>(slf: &Bound<'_, T>, key: &str) -> PyResult<u64> {
    Ok(field(slf, key)?
        .extract::<Option<u64>>(slf.py())?
        .unwrap_or(0))
}

/// `field`, a bool (False when the document has none).
fn bool_field<T: PyClass<BaseType = Report>>(slf: &Bound<'_, T>, key: &str) -> PyResult<bool> {
    Ok(field(slf, key)?
        .extract::<Option<bool>>(slf.py())?
        .unwrap_or(false))
}

/// The line of a chain result's `chain` field, as pairs.
type Pairs = Vec<(domino::Value, domino::Value)>;

fn line_field<T: PyClass<BaseType = Report>>(slf: &Bound<'_, T>) -> PyResult<Option<Pairs>> {
    let line: Option<Vec<[domino::Value; 2]>> = field(slf, "chain")?.extract(slf.py())?;
    Ok(line.map(|line| line.iter().map(|[a, b]| (*a, *b)).collect()))
}

/// `domino.chain.solve`: one line through every domino of the hand, or
/// why there is none.
#[pyclass(frozen, extends = Report, module = "domino")]
pub struct ChainResult {}

#[pymethods]
impl ChainResult {
    #[classattr]
    fn __match_args__() -> (&'static str, &'static str, &'static str) {
        ("dominoes", "closed", "reason")
    }

    /// The line as (a, b) pairs, each turned so touching halves match; None
    /// when there is no line.
    #[getter]
    fn dominoes(slf: &Bound<'_, Self>) -> PyResult<Option<Pairs>> {
        line_field(slf)
    }

    /// True when the line found closes into a loop (always, unless
    /// `open=True` was asked); False when there is none.
    #[getter]
    fn closed(slf: &Bound<'_, Self>) -> bool {
        match &base(slf).answer {
            Answer::Chain {
                ends,
                result: Ok(line),
                ..
            } => *ends == Ends::Closed || line.first().map(|d| d.a) == line.last().map(|d| d.b),
            _ => false,
        }
    }

    /// Why there is no line (odd values, groups that never touch); None
    /// when there is one.
    #[getter]
    fn reason(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        field(slf, "reason")
    }
}

/// `domino.chain.longest`: the longest line some of the dominoes make.
#[pyclass(frozen, extends = Report, module = "domino")]
pub struct LineResult {}

#[pymethods]
impl LineResult {
    #[classattr]
    fn __match_args__() -> (&'static str, &'static str, &'static str) {
        ("dominoes", "length", "optimal")
    }

    /// The line as (a, b) pairs, each turned so touching halves match.
    #[getter]
    fn dominoes(slf: &Bound<'_, Self>) -> PyResult<Pairs> {
        Ok(line_field(slf)?.unwrap_or_default())
    }

    /// The number of dominoes in the line.
    #[getter]
    fn length(slf: &Bound<'_, Self>) -> PyResult<u64> {
        int_field(slf, "length")
    }

    /// True when the search proved no longer line exists (False when a
    /// time limit or Ctrl-C stopped it first).
    #[getter]
    fn optimal(slf: &Bound<'_, Self>) -> PyResult<bool> {
        bool_field(slf, "optimal")
    }
}

/// What `solve` finds of a board or puzzle (place and pips extend it):
/// the solutions, counted up to a limit.
#[pyclass(frozen, subclass, extends = Report, module = "domino")]
pub struct SolveResult {}

#[pymethods]
impl SolveResult {
    /// Solutions found: exact when `complete`, else a lower bound (read
    /// from the answer: the document may list a million solutions).
    #[getter]
    fn count(slf: &Bound<'_, Self>) -> PyResult<u64> {
        match &base(slf).answer {
            Answer::PlaceSolve { found, .. } => Ok(found.count),
            Answer::PipsSolve { found, .. } => Ok(found.count),
            _ => int_field(slf, "count"),
        }
    }

    /// True when the search ran to the end (no limit stopped it).
    #[getter]
    fn complete(slf: &Bound<'_, Self>) -> PyResult<bool> {
        match &base(slf).answer {
            Answer::PlaceSolve { found, .. } => Ok(found.complete),
            Answer::PipsSolve { found, .. } => Ok(found.complete),
            _ => bool_field(slf, "complete"),
        }
    }

    /// True when there is exactly one solution (proven).
    #[getter]
    fn unique(slf: &Bound<'_, Self>) -> PyResult<bool> {
        Ok(Self::complete(slf)? && Self::count(slf)? == 1)
    }

    /// The solutions kept: for place, maps with the board's shape, each
    /// cell's bone number (1 = 0-0, 2 = 0-1, ...; None for a hole); for
    /// pips, per domino in the puzzle's order the cells ([row, column]) of
    /// its first and second value.
    #[getter]
    fn solutions(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        field(slf, "solutions")
    }
}

/// `domino.place.solve`: the solutions of a board, counted up to a limit.
#[pyclass(frozen, extends = SolveResult, module = "domino")]
pub struct PlaceResult {}

#[pymethods]
impl PlaceResult {
    #[classattr]
    fn __match_args__() -> (&'static str, &'static str, &'static str, &'static str) {
        ("count", "unique", "complete", "grade")
    }

    /// Tatham's grade (trivial, basic, hard, extreme, or search) when
    /// `grade=True` was asked, else None.
    #[getter]
    fn grade(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        field(slf.as_super(), "grade")
    }

    /// Why there is no solution (a value's count, a cell no bone fits),
    /// when there is none and it can tell.
    #[getter]
    fn reason(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        field(slf.as_super(), "reason")
    }
}

/// `domino.place.explain`: the deductions that solve a board; in Jupyter
/// it plays them.
#[pyclass(frozen, extends = Report, module = "domino")]
pub struct PlaceExplanation {}

#[pymethods]
impl PlaceExplanation {
    #[classattr]
    fn __match_args__() -> (&'static str, &'static str, &'static str) {
        ("grade", "complete", "steps")
    }

    /// The hardest deduction used, on Tatham's scale.
    #[getter]
    fn grade(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        field(slf, "grade")
    }

    /// True when the deductions fill the whole board.
    #[getter]
    fn complete(slf: &Bound<'_, Self>) -> PyResult<bool> {
        bool_field(slf, "complete")
    }

    /// The deductions in order: dicts with `technique`, `text`, `cells`.
    #[getter]
    fn steps(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        field(slf, "steps")
    }
}

/// `domino.place.generate`: a new board with a unique solution; pass it
/// to `solve` or `explain` as a board.
#[pyclass(frozen, extends = Report, module = "domino")]
pub struct PlacePuzzle {}

#[pymethods]
impl PlacePuzzle {
    #[classattr]
    fn __match_args__() -> (&'static str, &'static str, &'static str) {
        ("difficulty", "seed", "puzzle")
    }

    /// The board: rows of numbers, None for a hole.
    #[getter]
    fn puzzle(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        field(slf, "puzzle")
    }

    /// Its one solution, a map of bone numbers.
    #[getter]
    fn solution(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        field(slf, "solution")
    }

    /// The grade it was made for (and has).
    #[getter]
    fn difficulty(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        field(slf, "difficulty")
    }

    /// The seed that makes it again.
    #[getter]
    fn seed(slf: &Bound<'_, Self>) -> PyResult<u64> {
        int_field(slf, "seed")
    }
}

/// `domino.pips.solve`: the solutions of a puzzle, counted up to a limit.
#[pyclass(frozen, extends = SolveResult, module = "domino")]
pub struct PipsResult {}

#[pymethods]
impl PipsResult {
    #[classattr]
    fn __match_args__() -> (&'static str, &'static str, &'static str, &'static str) {
        ("count", "unique", "complete", "level")
    }

    /// The newspaper's level (easy, medium, hard) of a day file's puzzle;
    /// None for a lone puzzle.
    #[getter]
    fn level(slf: &Bound<'_, Self>) -> Option<String> {
        match &base(slf.as_super()).answer {
            Answer::PipsSolve { labeled, .. } => labeled.level.clone(),
            _ => None,
        }
    }

    /// The grade on the newspaper's scale that the deductions give
    /// (worked out when read, as `explain` does, on a worker: Ctrl-C
    /// interrupts it).
    #[getter]
    fn grade(slf: &Bound<'_, Self>) -> PyResult<Option<&'static str>> {
        match &base(slf.as_super()).answer {
            Answer::PipsSolve { labeled, .. } => {
                let puzzle = labeled.puzzle.clone();
                crate::run::run(slf.py(), move |stop| {
                    let limits = domino::Limits::standard(None, None, Some(stop));
                    Some(domino::pips::explain(&puzzle, &limits).grade.name())
                })
            }
            _ => Ok(None),
        }
    }
}

/// `domino.pips.explain`: the deductions a person makes, step by step.
#[pyclass(frozen, extends = Report, module = "domino")]
pub struct PipsExplanation {}

#[pymethods]
impl PipsExplanation {
    #[classattr]
    fn __match_args__() -> (&'static str, &'static str, &'static str, &'static str) {
        ("grade", "unique", "complete", "steps")
    }

    /// The grade on the newspaper's scale: easy, medium or hard.
    #[getter]
    fn grade(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        field(slf, "grade")
    }

    /// True when the puzzle has exactly one solution.
    #[getter]
    fn unique(slf: &Bound<'_, Self>) -> PyResult<bool> {
        bool_field(slf, "unique")
    }

    /// True when the deductions fill the whole board.
    #[getter]
    fn complete(slf: &Bound<'_, Self>) -> PyResult<bool> {
        bool_field(slf, "complete")
    }

    /// The deductions in order: dicts with `technique`, `level`, `text`,
    /// `cells`.
    #[getter]
    fn steps(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        field(slf, "steps")
    }
}

/// `domino.pips.generate`: a new puzzle with a unique solution;
/// `to_json()` is the newspaper's JSON, solution included.
#[pyclass(frozen, extends = Report, module = "domino")]
pub struct PipsPuzzle {}

#[pymethods]
impl PipsPuzzle {
    #[classattr]
    fn __match_args__() -> (&'static str, &'static str, &'static str) {
        ("grade", "cells", "dominoes")
    }

    /// The grade it was made for (and has): easy, medium or hard.
    #[getter]
    fn grade(slf: &Bound<'_, Self>) -> Option<String> {
        match &base(slf).answer {
            Answer::PipsPuzzle(labeled) => labeled.level.clone(),
            _ => None,
        }
    }

    /// The number of cells of its board.
    #[getter]
    fn cells(slf: &Bound<'_, Self>) -> usize {
        match &base(slf).answer {
            Answer::PipsPuzzle(labeled) => labeled.puzzle.cells().len(),
            _ => 0,
        }
    }

    /// The dominoes to lay, as (a, b) pairs.
    #[getter]
    fn dominoes(slf: &Bound<'_, Self>) -> Pairs {
        match &base(slf).answer {
            Answer::PipsPuzzle(labeled) => labeled
                .puzzle
                .dominoes()
                .iter()
                .map(|[a, b]| (*a, *b))
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// `domino.vanish.solve`: a removal order and the pieces it leaves; in
/// Jupyter it plays the removals.
#[pyclass(frozen, extends = Report, module = "domino")]
pub struct VanishResult {}

#[pymethods]
impl VanishResult {
    #[classattr]
    fn __match_args__() -> (&'static str, &'static str, &'static str, &'static str) {
        ("score", "optimal", "algorithm", "order")
    }

    /// The pieces left on the board (lower is better).
    #[getter]
    fn score(slf: &Bound<'_, Self>) -> PyResult<u64> {
        int_field(slf, "score")
    }

    /// True when no order leaves fewer pieces (proven).
    #[getter]
    fn optimal(slf: &Bound<'_, Self>) -> PyResult<bool> {
        bool_field(slf, "optimal")
    }

    /// The algorithm that found the order.
    #[getter]
    fn algorithm(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        field(slf, "algorithm")
    }

    /// The 0-based indices of the input's pieces, in removal order.
    #[getter]
    fn order(slf: &Bound<'_, Self>) -> PyResult<Vec<usize>> {
        match &base(slf).answer {
            Answer::VanishSolve { solution, .. } => Ok(solution.order.clone()),
            _ => Ok(Vec::new()),
        }
    }

    /// The seconds the search took.
    #[getter]
    fn seconds(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        field(slf, "seconds")
    }
}

/// `domino.vanish.compare`: every algorithm on every board.
#[pyclass(frozen, extends = Report, module = "domino")]
pub struct VanishComparison {}

#[pymethods]
impl VanishComparison {
    #[classattr]
    fn __match_args__() -> (&'static str,) {
        ("results",)
    }

    /// One dict a board and algorithm: `input`, `algorithm`, `score`,
    /// `optimal`, `seconds`, `states`, `order`.
    #[getter]
    fn results(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        field(slf, "results")
    }
}

/// `domino.vanish.generate`: a board of pieces; pass it to `solve`.
#[pyclass(frozen, extends = Report, module = "domino")]
pub struct VanishBoard {}

#[pymethods]
impl VanishBoard {
    #[classattr]
    fn __match_args__() -> (&'static str, &'static str, &'static str) {
        ("width", "height", "pieces")
    }

    /// Squares across.
    #[getter]
    fn width(slf: &Bound<'_, Self>) -> usize {
        match &base(slf).answer {
            Answer::VanishBoard(board) => board.width(),
            _ => 0,
        }
    }

    /// Squares down.
    #[getter]
    fn height(slf: &Bound<'_, Self>) -> usize {
        match &base(slf).answer {
            Answer::VanishBoard(board) => board.height(),
            _ => 0,
        }
    }

    /// The number of pieces on it.
    #[getter]
    fn pieces(slf: &Bound<'_, Self>) -> usize {
        match &base(slf).answer {
            Answer::VanishBoard(board) => board.pieces().len(),
            _ => 0,
        }
    }
}

/// `domino.fiveup.check`: whether the plays are a legal game, its layout
/// or its first illegal move.
#[pyclass(frozen, extends = Report, module = "domino")]
pub struct FiveupGame {}

#[pymethods]
impl FiveupGame {
    #[classattr]
    fn __match_args__() -> (&'static str, &'static str, &'static str, &'static str) {
        ("legal", "illegal_at", "score", "reason")
    }

    /// True when every play is legal in order.
    #[getter]
    fn legal(slf: &Bound<'_, Self>) -> PyResult<bool> {
        bool_field(slf, "valid")
    }

    /// The 0-based index of the first move that can never be legal; None
    /// for a legal game.
    #[getter]
    fn illegal_at(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        field(slf, "move")
    }

    /// Why that move is illegal; None for a legal game.
    #[getter]
    fn reason(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        field(slf, "reason")
    }

    /// The points of the layout `placements` shows (the open ends' sum,
    /// counted after each play when it is a multiple of five); None for an
    /// illegal game.
    #[getter]
    fn score(slf: &Bound<'_, Self>) -> Option<i128> {
        match &base(slf).answer {
            Answer::FiveupGame { plays, report } if report.legal() => {
                score_layout(plays, &report.decision.layout)
                    .ok()
                    .map(|s| s.total)
            }
            _ => None,
        }
    }

    /// Each play with the earlier play it touches (`attached_to`) and the
    /// shared value (`via`); for an illegal game, the legal plays before it.
    #[getter]
    fn placements(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        field(slf, "placements")
    }
}

/// `domino.fiveup.score`: the points of a layout, or the best and worst
/// totals of an order of plays over its legal layouts.
#[pyclass(frozen, extends = Report, module = "domino")]
pub struct FiveupScore {}

#[pymethods]
impl FiveupScore {
    #[classattr]
    fn __match_args__() -> (&'static str, &'static str, &'static str, &'static str) {
        ("legal", "total", "best", "worst")
    }

    /// False when the game or the layout breaks a rule (`reason` says
    /// which).
    #[getter]
    fn legal(slf: &Bound<'_, Self>) -> PyResult<bool> {
        let valid: Option<bool> = field(slf, "valid")?.extract(slf.py())?;
        Ok(valid.unwrap_or(true))
    }

    /// The points of a layout given as JSON; None for an order of plays.
    #[getter]
    fn total(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        field(slf, "total")
    }

    /// The best total over every legal layout of an order of plays.
    #[getter]
    fn best(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        range(slf, "best")
    }

    /// The worst total over every legal layout of an order of plays.
    #[getter]
    fn worst(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        range(slf, "worst")
    }
}

/// A field of the `range` of a score of plays; None otherwise.
fn range(slf: &Bound<'_, FiveupScore>, key: &str) -> PyResult<PyObject> {
    let py = slf.py();
    let range = field(slf, "range")?;
    if range.is_none(py) {
        return Ok(range);
    }
    Ok(range.bind(py).call_method1("get", (key,))?.unbind())
}

/// Adds every result class to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ChainResult>()?;
    m.add_class::<LineResult>()?;
    m.add_class::<SolveResult>()?;
    m.add_class::<PlaceResult>()?;
    m.add_class::<PlaceExplanation>()?;
    m.add_class::<PlacePuzzle>()?;
    m.add_class::<PipsResult>()?;
    m.add_class::<PipsExplanation>()?;
    m.add_class::<PipsPuzzle>()?;
    m.add_class::<VanishResult>()?;
    m.add_class::<VanishComparison>()?;
    m.add_class::<VanishBoard>()?;
    m.add_class::<FiveupGame>()?;
    m.add_class::<FiveupScore>()?;
    Ok(())
}
