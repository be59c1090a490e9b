//! The native half of every result (`domino._domino.Native`): an owned
//! answer of any family (the library's reports borrow their input, so the
//! input is kept beside the answer) that turns into the CLI's JSON, its
//! text and its pictures on demand, gives the typed fields the Python
//! result classes are made of (results.rs), and hands the answer to the
//! family's verify. Pickled, it keeps what it shows (JSON, text, SVG,
//! HTML, source), written once: the library's answers have no parser, and
//! a result read back is a value to look at, not to search again.

use domino::chain::{ChainReport, Ends, LongestLine, LongestReport, NoChain};
use domino::fiveup::GameReport;
use domino::pips::{ExplainReport as PipsExplainReport, Explanation, Labeled};
use domino::place::{Deduction, ExplainReport, GenerateReport, Grade, Grid};
use domino::vanish::{Algorithm, Board, CompareReport, Solution as VanishSolution};
use domino::Domino;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::OnceLock;

/// What a family's function found, with what it was asked about.
pub enum Answer {
    Chain {
        hand: Vec<Domino>,
        ends: Ends,
        result: Result<Vec<Domino>, NoChain>,
    },
    Longest {
        hand: Vec<Domino>,
        start: Option<domino::Value>,
        best: LongestLine,
    },
    PlaceSolve {
        board: Grid,
        found: domino::search::Solutions<domino::place::Map>,
        limit: u64,
        grade: Option<Grade>,
    },
    PlaceExplain {
        board: Grid,
        deduction: Deduction,
    },
    PlaceGenerate(GenerateReport),
    PipsSolve {
        labeled: Labeled,
        found: domino::search::Solutions<domino::pips::Solution>,
        limit: u64,
        /// The library report's exact count when the solutions outnumber
        /// a u64 (`found` then stops at u64::MAX).
        exact: Option<u128>,
    },
    PipsExplain {
        labeled: Labeled,
        explanation: Explanation,
    },
    PipsPuzzle(Labeled),
    /// A screenshot read: the puzzle and the reading's document.
    PipsRead {
        puzzle: domino::pips::Puzzle,
        document: domino::pips::read::ReadingDocument,
    },
    VanishSolve {
        board: Board,
        algorithm: Algorithm,
        solution: VanishSolution,
        seconds: f64,
    },
    VanishCompare(CompareReport),
    VanishBoard(Board),
    FiveupGame {
        plays: Vec<Domino>,
        report: GameReport,
    },
    /// `domino fiveup score`: its JSON document, text and picture, made
    /// at once, and the answer's fields.
    FiveupScore {
        json: String,
        text: String,
        svg: String,
        score: FiveupScored,
    },
}

impl Answer {
    pub fn kind(&self) -> &'static str {
        match self {
            Answer::Chain { .. } => "chain.solve",
            Answer::Longest { .. } => "chain.longest",
            Answer::PlaceSolve { .. } => "place.solve",
            Answer::PlaceExplain { .. } => "place.explain",
            Answer::PlaceGenerate(_) => "place.generate",
            Answer::PipsSolve { .. } => "pips.solve",
            Answer::PipsExplain { .. } => "pips.explain",
            Answer::PipsPuzzle(_) => "pips.puzzle",
            Answer::PipsRead { .. } => "pips.read",
            Answer::VanishSolve { .. } => "vanish.solve",
            Answer::VanishCompare(_) => "vanish.compare",
            Answer::VanishBoard(_) => "vanish.board",
            Answer::FiveupGame { .. } => "fiveup.check",
            Answer::FiveupScore { .. } => "fiveup.score",
        }
    }

    /// The JSON document `domino ... --json` prints (without its newline).
    fn json(&self) -> String {
        let doc = match self {
            Answer::Chain { hand, ends, result } => serde_json::to_string(&ChainReport {
                hand,
                ends: *ends,
                result: result.clone(),
            }),
            Answer::Longest { hand, best, .. } => serde_json::to_string(&LongestReport {
                hand,
                best: best.clone(),
            }),
            Answer::PlaceSolve {
                board,
                found,
                limit,
                grade,
            } => serde_json::to_string(&place_solve(board, found, *limit, *grade)),
            Answer::PlaceExplain { board, deduction } => serde_json::to_string(&ExplainReport {
                board,
                deduction: deduction.clone(),
            }),
            Answer::PlaceGenerate(report) => serde_json::to_string(report),
            Answer::PipsSolve {
                labeled,
                found,
                limit,
                exact,
            } => serde_json::to_string(&pips_solve(labeled, found, *limit, *exact)),
            Answer::PipsExplain {
                labeled,
                explanation,
            } => serde_json::to_string(&PipsExplainReport {
                puzzle: &labeled.puzzle,
                level: labeled.level,
                explanation: explanation.clone(),
            }),
            Answer::PipsPuzzle(labeled) => Ok(domino::pips::write_json(&labeled.puzzle)),
            Answer::PipsRead { document, .. } => serde_json::to_string(document),
            Answer::VanishSolve {
                board,
                algorithm,
                solution,
                seconds,
            } => serde_json::to_string(&vanish_solve(board, *algorithm, solution, *seconds)),
            Answer::VanishCompare(report) => serde_json::to_string(report),
            Answer::VanishBoard(board) => serde_json::to_string(
                &serde_json::json!({ "text": domino::vanish::board_to_text(board) }),
            ),
            Answer::FiveupGame { report, .. } => {
                let mut bytes = Vec::new();
                report
                    .write_json(&mut bytes)
                    .map(|()| String::from_utf8_lossy(&bytes).into_owned())
            }
            Answer::FiveupScore { json, .. } => Ok(json.clone()),
        };
        // Serializing plain data to a string cannot fail; an error would
        // still show as a document rather than a panic.
        doc.unwrap_or_else(|e| serde_json::json!({ "error": e.to_string() }).to_string())
    }

    /// The text `domino ...` prints without `--json`.
    fn text(&self) -> String {
        match self {
            Answer::Chain { hand, ends, result } => ChainReport {
                hand,
                ends: *ends,
                result: result.clone(),
            }
            .text(),
            Answer::Longest { hand, best, .. } => LongestReport {
                hand,
                best: best.clone(),
            }
            .text(),
            Answer::PlaceSolve {
                board,
                found,
                limit,
                grade,
            } => place_solve(board, found, *limit, *grade).text(),
            Answer::PlaceExplain { board, deduction } => ExplainReport {
                board,
                deduction: deduction.clone(),
            }
            .text(),
            Answer::PlaceGenerate(report) => report
                .text(false, false)
                .unwrap_or_else(|_| domino::place::whitespace_text(&report.puzzle.board)),
            Answer::PipsSolve {
                labeled,
                found,
                limit,
                exact,
            } => pips_solve(labeled, found, *limit, *exact).text(),
            Answer::PipsExplain {
                labeled,
                explanation,
            } => PipsExplainReport {
                puzzle: &labeled.puzzle,
                level: labeled.level,
                explanation: explanation.clone(),
            }
            .text(),
            Answer::PipsPuzzle(labeled) => domino::pips::write_text(&labeled.puzzle)
                .unwrap_or_else(|_| domino::pips::write_json(&labeled.puzzle)),
            Answer::PipsRead { puzzle, .. } => domino::pips::write_text(puzzle)
                .unwrap_or_else(|_| domino::pips::write_json(puzzle)),
            Answer::VanishSolve {
                board,
                algorithm,
                solution,
                seconds,
            } => vanish_solve(board, *algorithm, solution, *seconds).text(),
            Answer::VanishCompare(report) => report.text(),
            Answer::VanishBoard(board) => domino::vanish::board_to_text(board),
            Answer::FiveupGame { report, .. } => report.text(),
            Answer::FiveupScore { text, .. } => text.clone(),
        }
    }

    /// The picture `--svg` writes (a bare puzzle for generated ones).
    fn svg(&self) -> String {
        match self {
            Answer::Chain { hand, ends, result } => ChainReport {
                hand,
                ends: *ends,
                result: result.clone(),
            }
            .svg(),
            Answer::Longest { hand, best, .. } => LongestReport {
                hand,
                best: best.clone(),
            }
            .svg(),
            Answer::PlaceSolve {
                board,
                found,
                limit,
                grade,
                ..
            } => place_solve(board, found, *limit, *grade).svg(),
            Answer::PlaceExplain { board, deduction } => ExplainReport {
                board,
                deduction: deduction.clone(),
            }
            .svg(),
            Answer::PlaceGenerate(report) => domino::render::board_svg(&report.puzzle.board, None),
            Answer::PipsSolve {
                labeled,
                found,
                limit,
                exact,
            } => pips_solve(labeled, found, *limit, *exact).svg(),
            Answer::PipsExplain { labeled, .. } | Answer::PipsPuzzle(labeled) => {
                domino::render::pips_puzzle_svg(&labeled.puzzle, None)
            }
            Answer::PipsRead { puzzle, .. } => domino::render::pips_puzzle_svg(puzzle, None),
            Answer::VanishSolve {
                board,
                algorithm,
                solution,
                seconds,
            } => vanish_solve(board, *algorithm, solution, *seconds).svg(),
            Answer::VanishCompare(report) => domino::render::vanish_compare_svg(report),
            Answer::FiveupScore { svg, .. } => svg.clone(),
            Answer::VanishBoard(board) => {
                domino::render::vanish_svg(&domino::render::VanishPicture { board, order: &[] }, 0)
            }
            Answer::FiveupGame { report, .. } => report.svg(),
        }
    }

    /// The page `--html` writes, when the family has one (the players).
    fn html(&self) -> Option<String> {
        match self {
            Answer::PlaceExplain { board, deduction } => Some(
                ExplainReport {
                    board,
                    deduction: deduction.clone(),
                }
                .html("domino"),
            ),
            Answer::VanishSolve {
                board,
                algorithm,
                solution,
                seconds,
            } => Some(vanish_solve(board, *algorithm, solution, *seconds).html("domino")),
            _ => None,
        }
    }

    /// The input again as text a function of the family reads (generated
    /// puzzles feed solve, explain, count).
    pub fn source(&self) -> Option<String> {
        match self {
            Answer::PlaceGenerate(report) => report.text(false, false).ok(),
            Answer::PipsPuzzle(labeled) => Some(domino::pips::write_json(&labeled.puzzle)),
            Answer::PipsRead { puzzle, .. } => Some(domino::pips::write_json(puzzle)),
            Answer::VanishBoard(board) => Some(domino::vanish::board_to_text(board)),
            _ => None,
        }
    }
}

fn place_solve<'a>(
    board: &'a Grid,
    found: &domino::search::Solutions<domino::place::Map>,
    limit: u64,
    grade: Option<Grade>,
) -> domino::place::SolveReport<'a> {
    domino::place::SolveReport {
        board,
        found: found.clone(),
        limit,
        grade,
    }
}

pub fn pips_solve<'a>(
    labeled: &'a Labeled,
    found: &domino::search::Solutions<domino::pips::Solution>,
    limit: u64,
    exact: Option<u128>,
) -> domino::pips::SolveReport<'a> {
    domino::pips::SolveReport {
        puzzle: &labeled.puzzle,
        level: labeled.level,
        found: found.clone(),
        limit,
        exact,
    }
}

fn vanish_solve<'a>(
    board: &'a Board,
    algorithm: Algorithm,
    solution: &VanishSolution,
    seconds: f64,
) -> domino::vanish::SolveReport<'a> {
    domino::vanish::SolveReport {
        board,
        algorithm,
        solution: solution.clone(),
        seconds,
    }
}

/// What `domino fiveup score` found, as the result's fields.
#[derive(Clone, Default)]
pub struct FiveupScored {
    pub legal: bool,
    pub total: Option<i128>,
    pub best: Option<i128>,
    pub worst: Option<i128>,
    pub reason: Option<String>,
}

/// What a result shows, kept by a result read back from a pickle.
struct Kept {
    kind: String,
    json: String,
    text: String,
    svg: String,
    html: Option<String>,
    source: Option<String>,
}

enum Held {
    Live(Answer),
    Kept(Kept),
}

/// The native half of a result: the answer and what it shows.
#[pyclass(frozen, module = "domino._domino")]
pub struct Native {
    held: Held,
    json: OnceLock<String>,
}

impl Native {
    pub fn new(answer: Answer) -> Self {
        Native {
            held: Held::Live(answer),
            json: OnceLock::new(),
        }
    }

    /// The answer, for verify; None for a result read back from a pickle.
    pub fn answer(&self) -> Option<&Answer> {
        match &self.held {
            Held::Live(answer) => Some(answer),
            Held::Kept(_) => None,
        }
    }

    /// The document, written off the GIL the first time (a long list of
    /// solutions takes seconds).
    fn json_text(&self, py: Python<'_>) -> &str {
        match &self.held {
            Held::Kept(kept) => &kept.json,
            Held::Live(answer) => {
                if let Some(json) = self.json.get() {
                    return json;
                }
                let json = py.allow_threads(|| answer.json());
                self.json.get_or_init(|| json)
            }
        }
    }
}

/// A result's native half read back from a pickle (`Native.__reduce__`).
#[pyfunction]
pub fn _kept(
    kind: String,
    json: String,
    text: String,
    svg: String,
    html: Option<String>,
    source: Option<String>,
) -> Native {
    Native {
        held: Held::Kept(Kept {
            kind,
            json,
            text,
            svg,
            html,
            source,
        }),
        json: OnceLock::new(),
    }
}

#[pymethods]
impl Native {
    /// What answered: `"place.solve"`, `"pips.explain"`, ...
    #[getter]
    fn kind(&self) -> String {
        match &self.held {
            Held::Live(answer) => answer.kind().to_string(),
            Held::Kept(kept) => kept.kind.clone(),
        }
    }

    /// The JSON document the command line prints with `--json`.
    fn to_json(&self, py: Python<'_>) -> String {
        self.json_text(py).to_string()
    }

    /// The text the command line prints without `--json`.
    #[getter]
    fn text(&self) -> String {
        match &self.held {
            Held::Live(answer) => answer.text(),
            Held::Kept(kept) => kept.text.clone(),
        }
    }

    /// The puzzle as text that the family's functions read again.
    #[getter]
    fn source(&self) -> Option<String> {
        match &self.held {
            Held::Live(answer) => answer.source(),
            Held::Kept(kept) => kept.source.clone(),
        }
    }

    /// The picture the command line writes with `--svg`.
    fn svg(&self) -> String {
        match &self.held {
            Held::Live(answer) => answer.svg(),
            Held::Kept(kept) => kept.svg.clone(),
        }
    }

    /// The page the command line writes with `--html`, for the players.
    fn html(&self) -> Option<String> {
        match &self.held {
            Held::Live(answer) => answer.html(),
            Held::Kept(kept) => kept.html.clone(),
        }
    }

    /// The typed fields of the Python result class, from the library's
    /// answer (None for a result read back from a pickle: its fields were
    /// pickled with it).
    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        match &self.held {
            Held::Live(answer) => crate::results::fields(py, answer).map(Some),
            Held::Kept(_) => Ok(None),
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, PyObject)> {
        let py = slf.py();
        let me = slf.get();
        let kept = py.import("domino._domino")?.getattr("_kept")?;
        let state = (
            me.kind(),
            me.json_text(py).to_string(),
            me.text(),
            me.svg(),
            me.html(),
            me.source(),
        );
        Ok((kept, state.into_pyobject(py)?.into_any().unbind()))
    }

    /// Immutable: a copy is the same object.
    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }
}

/// A new native result holding `answer`: what every function returns (the
/// Python package makes the typed result of it).
pub fn wrap(py: Python<'_>, answer: Answer) -> PyResult<PyObject> {
    Ok(Py::new(py, Native::new(answer))?.into_any())
}

/// The answer of a result for its family's verify: a result read back
/// from a pickle keeps only what it shows.
pub fn held(result: &Native) -> PyResult<&Answer> {
    result.answer().ok_or_else(|| {
        crate::verify_error(
            "this result was read back from a pickle and keeps no answer to check; \
             verify it where it was made",
        )
    })
}
