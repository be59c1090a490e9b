//! The base of the result classes (`domino.Result`): an owned answer of
//! any family (the library's reports borrow their input, so the input is
//! kept beside the answer) that turns into the CLI's JSON, its text and
//! its pictures on demand, and hands the answer to the family's verify.
//! The typed classes of each family (results.rs) extend it.

use domino::chain::{ChainReport, Ends, LongestLine, LongestReport, NoChain};
use domino::fiveup::GameReport;
use domino::pips::{ExplainReport as PipsExplainReport, Explanation, Labeled};
use domino::place::{Deduction, ExplainReport, GenerateReport, Grade, Grid};
use domino::vanish::{Algorithm, Board, CompareReport, Solution as VanishSolution};
use domino::Domino;
use pyo3::exceptions::PyAttributeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
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
    },
    PipsExplain {
        labeled: Labeled,
        explanation: Explanation,
    },
    PipsPuzzle(Labeled),
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
    /// `domino fiveup score`: its JSON document and text, made at once.
    FiveupScore {
        json: String,
        text: String,
    },
}

impl Answer {
    fn kind(&self) -> &'static str {
        match self {
            Answer::Chain { .. } => "chain.solve",
            Answer::Longest { .. } => "chain.longest",
            Answer::PlaceSolve { .. } => "place.solve",
            Answer::PlaceExplain { .. } => "place.explain",
            Answer::PlaceGenerate(_) => "place.generate",
            Answer::PipsSolve { .. } => "pips.solve",
            Answer::PipsExplain { .. } => "pips.explain",
            Answer::PipsPuzzle(_) => "pips.puzzle",
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
            } => serde_json::to_string(&pips_solve(labeled, found, *limit)),
            Answer::PipsExplain {
                labeled,
                explanation,
            } => serde_json::to_string(&PipsExplainReport {
                puzzle: &labeled.puzzle,
                level: labeled.level.as_deref(),
                explanation: explanation.clone(),
            }),
            Answer::PipsPuzzle(labeled) => Ok(domino::pips::write_json(&labeled.puzzle)),
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
            } => pips_solve(labeled, found, *limit).text(),
            Answer::PipsExplain {
                labeled,
                explanation,
            } => PipsExplainReport {
                puzzle: &labeled.puzzle,
                level: labeled.level.as_deref(),
                explanation: explanation.clone(),
            }
            .text(),
            Answer::PipsPuzzle(labeled) => domino::pips::write_text(&labeled.puzzle)
                .unwrap_or_else(|_| domino::pips::write_json(&labeled.puzzle)),
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
            } => pips_solve(labeled, found, *limit).svg(),
            Answer::PipsExplain { labeled, .. } | Answer::PipsPuzzle(labeled) => {
                domino::render::pips_puzzle_svg(&labeled.puzzle, None)
            }
            Answer::VanishSolve {
                board,
                algorithm,
                solution,
                seconds,
            } => vanish_solve(board, *algorithm, solution, *seconds).svg(),
            Answer::VanishCompare(_) | Answer::FiveupScore { .. } => String::new(),
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

fn pips_solve<'a>(
    labeled: &'a Labeled,
    found: &domino::search::Solutions<domino::pips::Solution>,
    limit: u64,
) -> domino::pips::SolveReport<'a> {
    domino::pips::SolveReport {
        puzzle: &labeled.puzzle,
        level: labeled.level.as_deref(),
        found: found.clone(),
        limit,
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

/// The base of every result class: `to_json()` and `to_dict()` give the
/// document `domino ... --json` prints, `text` what it prints without
/// `--json`, `svg()` its picture (Jupyter draws it); the document's other
/// fields read as attributes too.
#[pyclass(frozen, subclass, module = "domino", name = "Result")]
pub struct Report {
    pub answer: Answer,
    json: OnceLock<String>,
    dict: OnceLock<PyObject>,
}

impl Report {
    pub fn new(answer: Answer) -> Self {
        Report {
            answer,
            json: OnceLock::new(),
            dict: OnceLock::new(),
        }
    }

    /// The document, written off the GIL the first time (a long list of
    /// solutions takes seconds).
    fn json_text(&self, py: Python<'_>) -> &str {
        if let Some(json) = self.json.get() {
            return json;
        }
        let json = py.allow_threads(|| self.answer.json());
        self.json.get_or_init(|| json)
    }

    fn dict_object(&self, py: Python<'_>) -> PyResult<&PyObject> {
        if let Some(dict) = self.dict.get() {
            return Ok(dict);
        }
        let dict = py
            .import("json")?
            .call_method1("loads", (self.json_text(py),))?
            .unbind();
        Ok(self.dict.get_or_init(|| dict))
    }

    /// The field `key` of the JSON document, None when it has none.
    pub fn field(&self, py: Python<'_>, key: &str) -> PyResult<PyObject> {
        Ok(self
            .dict_object(py)?
            .bind(py)
            .call_method1("get", (key,))?
            .unbind())
    }
}

#[pymethods]
impl Report {
    /// The attributes `repr` shows, in order (each class names its own).
    #[classattr]
    fn __match_args__(py: Python<'_>) -> Bound<'_, PyTuple> {
        PyTuple::empty(py)
    }

    /// What answered: `"place.solve"`, `"pips.explain"`, ...
    #[getter]
    fn kind(&self) -> &'static str {
        self.answer.kind()
    }

    /// The JSON document the command line prints with `--json`.
    fn to_json(&self, py: Python<'_>) -> &str {
        self.json_text(py)
    }

    /// The JSON document as a new dict.
    fn to_dict(&self, py: Python<'_>) -> PyResult<PyObject> {
        let copy = py.import("copy")?;
        Ok(copy
            .call_method1("deepcopy", (self.dict_object(py)?,))?
            .unbind())
    }

    /// The text the command line prints without `--json`.
    #[getter]
    fn text(&self) -> String {
        self.answer.text()
    }

    /// The puzzle as text that the family's functions read again (for
    /// generated puzzles and boards; None otherwise).
    #[getter]
    fn source(&self) -> Option<String> {
        self.answer.source()
    }

    /// The picture the command line writes with `--svg`.
    fn svg(&self) -> String {
        self.answer.svg()
    }

    fn _repr_svg_(&self) -> Option<String> {
        Some(self.answer.svg()).filter(|svg| !svg.is_empty())
    }

    fn _repr_html_(&self) -> Option<String> {
        self.answer.html()
    }

    fn __getattr__(&self, py: Python<'_>, name: &str) -> PyResult<PyObject> {
        let dict = self.dict_object(py)?.bind(py);
        match dict.get_item(name) {
            Ok(value) => Ok(value.unbind()),
            Err(_) => Err(PyAttributeError::new_err(format!(
                "{} result has no attribute '{name}'",
                self.answer.kind()
            ))),
        }
    }

    fn __dir__(slf: &Bound<'_, Self>) -> PyResult<Vec<String>> {
        let py = slf.py();
        let object = py.import("builtins")?.getattr("object")?;
        let mut names: Vec<String> = object.call_method1("__dir__", (slf,))?.extract()?;
        let keys = slf.get().dict_object(py)?.bind(py).call_method0("keys")?;
        for key in keys.try_iter()? {
            names.push(key?.extract()?);
        }
        names.sort();
        names.dedup();
        Ok(names)
    }

    /// `ClassName(field=value, ...)` over the class's `__match_args__`, as
    /// a dataclass shows itself; long values are cut.
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let class = slf.get_type();
        let names: Vec<String> = class.getattr("__match_args__")?.extract()?;
        let mut fields = Vec::new();
        for name in names {
            let shown = slf.getattr(name.as_str())?.repr()?.to_string();
            let shown = if shown.chars().count() > 60 {
                format!("{}...", shown.chars().take(57).collect::<String>())
            } else {
                shown
            };
            fields.push(format!("{name}={shown}"));
        }
        Ok(format!("{}({})", class.name()?, fields.join(", ")))
    }

    fn __str__(&self) -> String {
        self.answer.text()
    }
}
