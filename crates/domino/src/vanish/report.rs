//! The answers of `domino vanish` as documents: the JSON the command line
//! prints with `--json` (and the HTTP service returns), the text for
//! people, the `--output` file, and the comparison of every algorithm.
//! Pictures of the same reports live in `render`.

use super::{
    board_to_xml, solution_to_text, solve, Algorithm, Board, Options, OptionsError, Progress,
    Solution,
};
use serde::ser::{Serialize, Serializer};
use std::fmt::Write;
use std::time::Instant;

/// What a search calls now and then: the algorithm running and where it is.
pub type ProgressFn<'p> = dyn FnMut(Algorithm, &Progress) + 'p;

/// Runs `algorithm` on `board` like [`solve`], timing it.
fn timed(
    board: &Board,
    algorithm: Algorithm,
    options: &Options,
    progress: Option<&mut ProgressFn>,
) -> Result<(Solution, f64), OptionsError> {
    let start = Instant::now();
    let solution = match progress {
        Some(report) => solve(
            board,
            algorithm,
            options,
            Some(&mut |p: &Progress| report(algorithm, p)),
        ),
        None => solve(board, algorithm, options, None),
    }?;
    Ok((solution, start.elapsed().as_secs_f64()))
}

/// One algorithm's answer on one board, and how long it took.
///
/// Serializes as `{"algorithm": "...", "lower_bound": n, "optimal": b,
/// "order": [i, ...], "score": k, "seconds": s, "states": n}`.
#[derive(Clone, Debug)]
pub struct SolveReport<'a> {
    /// The board solved.
    pub board: &'a Board,
    /// The algorithm that ran.
    pub algorithm: Algorithm,
    /// Its answer.
    pub solution: Solution,
    /// Wall-clock seconds it took.
    pub seconds: f64,
}

impl<'a> SolveReport<'a> {
    /// Runs `algorithm` on `board` within `options`, calling `progress`
    /// now and then during long searches; options out of range are
    /// refused as [`solve`] refuses them.
    pub fn new(
        board: &'a Board,
        algorithm: Algorithm,
        options: &Options,
        progress: Option<&mut ProgressFn>,
    ) -> Result<Self, OptionsError> {
        let (solution, seconds) = timed(board, algorithm, options, progress)?;
        Ok(SolveReport {
            board,
            algorithm,
            solution,
            seconds,
        })
    }

    /// What a person reads: the score, whether it is proven, the order.
    pub fn text(&self) -> String {
        let s = &self.solution;
        let proof = match (s.optimal, s.stopped) {
            (true, _) => "proven optimal".to_string(),
            (false, false) => format!("not proven; at least {} must stay", s.lower_bound),
            (false, true) => format!(
                "not proven, a limit stopped the search; at least {} must stay",
                s.lower_bound
            ),
        };
        let pieces = self.board.pieces();
        let mut out = format!(
            "score {} of {} pieces left ({proof}; {}, {} states)\n",
            s.score,
            pieces.len(),
            self.algorithm,
            s.states
        );
        let _ = writeln!(out, "removal order ({} pieces):", s.order.len());
        for (k, &i) in s.order.iter().enumerate() {
            let _ = writeln!(out, "{:4}. {}   (piece {i})", k + 1, pieces[i]);
        }
        out
    }

    /// The `--output` file: the text output format (score, then the
    /// removal order), or the XML format with the order when `xml`.
    pub fn output_file(&self, xml: bool) -> String {
        if xml {
            board_to_xml(self.board, Some(&self.solution.order))
        } else {
            solution_to_text(self.board, &self.solution.order)
        }
    }
}

impl Serialize for SolveReport<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let s = &self.solution;
        SolveDocument {
            algorithm: self.algorithm,
            lower_bound: s.lower_bound,
            optimal: s.optimal,
            order: &s.order,
            score: s.score,
            seconds: self.seconds,
            states: s.states,
        }
        .serialize(serializer)
    }
}

/// [`SolveReport`] as JSON (`domino vanish solve --json`).
#[derive(serde::Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = VanishSolution))]
pub struct SolveDocument<'a> {
    /// The algorithm that ran.
    pub algorithm: Algorithm,
    /// No order leaves fewer pieces than this.
    pub lower_bound: usize,
    /// True when the score is proven the best.
    pub optimal: bool,
    /// Piece indices in removal order.
    pub order: &'a [usize],
    /// Pieces left on the board.
    pub score: usize,
    /// Wall-clock seconds it took.
    pub seconds: f64,
    /// States the search visited.
    pub states: u64,
}

/// One row of a comparison: an algorithm's answer on a named input.
#[derive(Clone, Debug)]
pub struct CompareRow {
    /// The input's name.
    pub input: String,
    /// The algorithm that ran.
    pub algorithm: Algorithm,
    /// Its answer.
    pub solution: Solution,
    /// Wall-clock seconds it took.
    pub seconds: f64,
}

impl CompareRow {
    /// The row as its JSON document.
    pub fn document(&self) -> CompareRowDocument<'_> {
        let s = &self.solution;
        CompareRowDocument {
            algorithm: self.algorithm,
            input: &self.input,
            optimal: s.optimal,
            order: &s.order,
            score: s.score,
            seconds: self.seconds,
            states: s.states,
        }
    }
}

impl Serialize for CompareRow {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.document().serialize(serializer)
    }
}

/// [`CompareRow`] as JSON.
#[derive(serde::Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = VanishCompareRow))]
pub struct CompareRowDocument<'a> {
    /// The algorithm that ran.
    pub algorithm: Algorithm,
    /// The input's name.
    pub input: &'a str,
    /// True when the score is proven the best.
    pub optimal: bool,
    /// Piece indices in removal order.
    pub order: &'a [usize],
    /// Pieces left on the board.
    pub score: usize,
    /// Wall-clock seconds it took.
    pub seconds: f64,
    /// States the search visited.
    pub states: u64,
}

/// Every algorithm on every board (`domino vanish compare`).
///
/// Serializes as `{"results": [row, ...]}` (see [`CompareRow`]).
#[derive(Clone, Debug, Default)]
pub struct CompareReport {
    /// One row per board and algorithm, boards in the order given, the
    /// exact algorithm first.
    pub rows: Vec<CompareRow>,
}

impl CompareReport {
    /// Runs every algorithm on each named board within `options`. The
    /// limits' deadline ends the whole comparison: each run (an algorithm
    /// on a board) gets an equal share of the time left when it starts, so
    /// the time a quick run leaves goes to the runs after it, and no run
    /// can take the time of the ones to come. The node and memory limits
    /// and the stop flag apply to each run as they are.
    pub fn new(
        boards: &[(String, Board)],
        options: &Options,
        mut progress: Option<&mut ProgressFn>,
    ) -> Result<Self, OptionsError> {
        options.check()?;
        let runs = boards.len() * Algorithm::ALL.len();
        let mut rows = Vec::with_capacity(runs);
        for (name, board) in boards {
            for algorithm in Algorithm::ALL {
                let left = (runs - rows.len()) as u32;
                let mut share = options.clone();
                share.limits.deadline = options.limits.deadline.map(|end| {
                    let now = Instant::now();
                    now + end.saturating_duration_since(now) / left
                });
                let (solution, seconds) = timed(board, algorithm, &share, progress.as_deref_mut())?;
                rows.push(CompareRow {
                    input: name.clone(),
                    algorithm,
                    solution,
                    seconds,
                });
            }
        }
        Ok(CompareReport { rows })
    }

    /// What a person reads: a table of score, proof, time and states.
    pub fn text(&self) -> String {
        let rows = &self.rows;
        let width = rows.iter().map(|r| r.input.len()).max().unwrap_or(5).max(5);
        let mut out = format!(
            "{:width$}  {:15}  {:>5}  {:6}  {:>10}  {:>10}\n",
            "input", "algorithm", "score", "proven", "time (ms)", "states"
        );
        for r in rows {
            let _ = writeln!(
                out,
                "{:width$}  {:15}  {:>5}  {:6}  {:>10.2}  {:>10}",
                r.input,
                r.algorithm.name(),
                r.solution.score,
                if r.solution.optimal { "yes" } else { "no" },
                r.seconds * 1000.0,
                r.solution.states
            );
        }
        out
    }
}

impl Serialize for CompareReport {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        CompareDocument {
            results: self.rows.iter().map(CompareRow::document).collect(),
        }
        .serialize(serializer)
    }
}

/// [`CompareReport`] as JSON (`domino vanish compare --json`).
#[derive(serde::Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = VanishComparison))]
pub struct CompareDocument<'a> {
    /// One row per board and algorithm.
    pub results: Vec<CompareRowDocument<'a>>,
}
