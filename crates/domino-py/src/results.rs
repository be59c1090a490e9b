//! The fields of every Python result class (domino/_results.py), read from
//! the library's typed answers: one function a kind of answer, each giving
//! every field of its class (none is left to a default) as the value the
//! class holds (sequences as tuples, so a result hashes), except the parts
//! (steps, runs, placements), given as dicts the class makes its part
//! classes of. The CLI's JSON is not read back: it is what `to_json()`
//! shows.

use crate::report::{pips_solve, Answer};
use domino::board::SolveAnswer;
use domino::chain::Ends;
use domino::fiveup::score_layout;
use domino::pips::read::{Item, PixelBox};
use domino::place::{Grid, Map};
use domino::Cell;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

/// A dict of `key => value` pairs.
macro_rules! fields {
    ($py:expr, { $($key:literal => $value:expr),* $(,)? }) => {{
        let dict = PyDict::new($py);
        $(dict.set_item($key, $value)?;)*
        Ok::<_, PyErr>(dict)
    }};
}

/// A tuple of `items`.
fn tuple<'py, T: IntoPyObject<'py>>(
    py: Python<'py>,
    items: Vec<T>,
) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, items)
}

/// A tuple of tuples.
fn tuples<'py, T: IntoPyObject<'py>>(
    py: Python<'py>,
    rows: Vec<Vec<T>>,
) -> PyResult<Bound<'py, PyTuple>> {
    let rows = rows
        .into_iter()
        .map(|row| tuple(py, row))
        .collect::<PyResult<Vec<_>>>()?;
    tuple(py, rows)
}

fn pairs<'py>(py: Python<'py>, dominoes: &[domino::Domino]) -> PyResult<Bound<'py, PyTuple>> {
    tuple(py, dominoes.iter().map(|d| (d.a, d.b)).collect())
}

/// A map of bone numbers as rows.
fn map_rows<'py>(py: Python<'py>, map: &Map) -> PyResult<Bound<'py, PyTuple>> {
    tuples(py, map.to_rows())
}

/// A board's cells (numbers, None for holes) as rows.
fn board_rows<'py>(py: Python<'py>, board: &Grid) -> PyResult<Bound<'py, PyTuple>> {
    tuples(
        py,
        board
            .values()
            .chunks(board.cols().max(1))
            .map(<[_]>::to_vec)
            .collect(),
    )
}

/// A rectangle of a picture, as the fields of `PixelBox`.
fn pixel_box<'py>(py: Python<'py>, pixels: &PixelBox) -> PyResult<Bound<'py, PyDict>> {
    fields!(py, {
        "x" => pixels.x,
        "y" => pixels.y,
        "width" => pixels.width,
        "height" => pixels.height,
    })
}

/// The fields of `answer`'s result class.
pub fn fields<'py>(py: Python<'py>, answer: &Answer) -> PyResult<Bound<'py, PyDict>> {
    match answer {
        Answer::Chain { ends, result, .. } => {
            let (dominoes, closed, reason, odd, groups) = match result {
                Ok(line) => {
                    let closed = *ends == Ends::Closed
                        || line.first().map(|d| d.a) == line.last().map(|d| d.b);
                    (Some(pairs(py, line)?), closed, None, Vec::new(), Vec::new())
                }
                Err(none) => (
                    None,
                    false,
                    Some(none.to_string()),
                    none.odd_values.clone(),
                    none.groups.clone(),
                ),
            };
            fields!(py, {
                "dominoes" => dominoes,
                "closed" => closed,
                "reason" => reason,
                "odd_values" => tuple(py, odd)?,
                "groups" => tuples(py, groups)?,
            })
        }
        Answer::Longest { best, .. } => fields!(py, {
            "dominoes" => pairs(py, &best.line)?,
            "length" => best.line.len(),
            "optimal" => best.optimal,
            "nodes" => best.nodes,
        }),
        Answer::PlaceSolve { found, grade, .. } => fields!(py, {
            "count" => u128::from(found.count),
            "complete" => found.complete,
            "solutions" => tuple(
                py,
                found.solutions.iter().map(|m| map_rows(py, m)).collect::<PyResult<Vec<_>>>()?,
            )?,
            "grade" => grade.map(|g| g.name()),
            "reason" => found.reason.clone(),
        }),
        Answer::PlaceExplain { board, deduction } => {
            let steps = PyList::empty(py);
            for step in &deduction.steps {
                let cells: Vec<Cell> = step.cells.iter().map(|&c| board.position(c)).collect();
                steps.append(fields!(py, {
                    "technique" => step.technique.name(),
                    "level" => step.technique.level().name(),
                    "text" => step.text.as_str(),
                    "cells" => tuple(py, cells)?,
                })?)?;
            }
            fields!(py, {
                "grade" => deduction.grade().name(),
                "complete" => deduction.complete,
                "steps" => steps,
                "reason" => deduction.contradiction.clone(),
            })
        }
        Answer::PlaceGenerate(report) => {
            let board = &report.puzzle.board;
            let clues: Vec<(Cell, Cell)> = board
                .clues()
                .iter()
                .map(|c| (board.position(c.cells[0]), board.position(c.cells[1])))
                .collect();
            fields!(py, {
                "puzzle" => board_rows(py, board)?,
                "solution" => map_rows(py, &report.puzzle.solution)?,
                "clues" => tuple(py, clues)?,
                "grade" => report.puzzle.grade.name(),
                "seed" => report.seed,
                "source" => answer.source(),
            })
        }
        Answer::PipsSolve {
            labeled,
            found,
            limit,
            exact,
        } => {
            let solved = pips_solve(labeled, found, *limit, *exact);
            let (count, complete) = (solved.count(), solved.complete());
            let solutions: Vec<Vec<(Cell, Cell)>> = found
                .solutions
                .iter()
                .map(|s| s.placements.iter().map(|[a, b]| (*a, *b)).collect())
                .collect();
            fields!(py, {
                "count" => count,
                "complete" => complete,
                "solutions" => tuples(py, solutions)?,
                "level" => labeled.level.map(domino::pips::Grade::name),
                "reason" => found.reason.clone(),
                "source" => domino::pips::write_json(&labeled.puzzle),
            })
        }
        Answer::PipsExplain { explanation, .. } => {
            let steps = PyList::empty(py);
            for step in &explanation.steps {
                steps.append(fields!(py, {
                    "technique" => step.technique.as_str(),
                    "level" => step.level.name(),
                    "text" => step.text.as_str(),
                    "cells" => tuple(py, step.cells.clone())?,
                })?)?;
            }
            fields!(py, {
                "grade" => explanation.grade.name(),
                "unique" => explanation.unique,
                "complete" => explanation.complete,
                "steps" => steps,
                "reason" => explanation.reason.clone(),
            })
        }
        Answer::PipsPuzzle(labeled) => fields!(py, {
            "grade" => labeled.level.map(domino::pips::Grade::name),
            "cells" => labeled.puzzle.cells().len(),
            "dominoes" => tuple(py, labeled.puzzle.dominoes().iter().map(|[a, b]| (*a, *b)).collect())?,
            "source" => answer.source(),
        }),
        Answer::PipsRead { puzzle, document } => {
            let unsure = PyList::empty(py);
            for doubt in &document.unsure {
                let (kind, row, column, index) = match doubt.item {
                    Item::Cell { row, column } => ("cell", Some(row), Some(column), None),
                    Item::Badge { row, column } => ("badge", Some(row), Some(column), None),
                    Item::Domino { index } => ("domino", None, None, Some(index)),
                    Item::Board => ("board", None, None, None),
                };
                unsure.append(fields!(py, {
                    "kind" => kind,
                    "row" => row,
                    "column" => column,
                    "index" => index,
                    "pixels" => pixel_box(py, &doubt.pixels)?,
                    "reason" => doubt.reason.as_str(),
                })?)?;
            }
            fields!(py, {
                "cells" => puzzle.cells().len(),
                "dominoes" => tuple(py, puzzle.dominoes().iter().map(|[a, b]| (*a, *b)).collect())?,
                "board" => pixel_box(py, &document.board)?,
                "unsure" => unsure,
                "solutions" => document.solutions,
                "complete" => document.complete,
                "solvable" => document.solvable,
                "unique" => document.unique,
                "reason" => document.reason.clone(),
                "source" => answer.source(),
            })
        }
        Answer::VanishSolve {
            algorithm,
            solution,
            seconds,
            ..
        } => fields!(py, {
            "score" => solution.score,
            "optimal" => solution.optimal,
            "algorithm" => algorithm.name(),
            "order" => tuple(py, solution.order.clone())?,
            "states" => solution.states,
            "seconds" => *seconds,
        }),
        Answer::VanishCompare(report) => {
            let rows = PyList::empty(py);
            for row in &report.rows {
                rows.append(fields!(py, {
                    "input" => row.input.as_str(),
                    "algorithm" => row.algorithm.name(),
                    "score" => row.solution.score,
                    "optimal" => row.solution.optimal,
                    "order" => tuple(py, row.solution.order.clone())?,
                    "states" => row.solution.states,
                    "seconds" => row.seconds,
                })?)?;
            }
            fields!(py, { "results" => rows })
        }
        Answer::VanishBoard(board) => fields!(py, {
            "width" => board.width(),
            "height" => board.height(),
            "pieces" => board.pieces().len(),
            "source" => answer.source(),
        }),
        Answer::FiveupGame { plays, report } => {
            let decision = &report.decision;
            let placements = PyList::empty(py);
            for play in &decision.layout {
                placements.append(fields!(py, {
                    "domino" => (play.domino.a, play.domino.b),
                    "attached_to" => play.attached_to,
                    "via" => play.via,
                })?)?;
            }
            let score = match &decision.illegal {
                None => score_layout(plays, &decision.layout).ok().map(|s| s.total),
                Some(_) => None,
            };
            fields!(py, {
                "legal" => decision.illegal.is_none(),
                "illegal_at" => decision.illegal.as_ref().map(|m| m.index),
                "reason" => decision.illegal.as_ref().map(|m| m.to_string()),
                "score" => score,
                "placements" => placements,
            })
        }
        Answer::FiveupScore { score, .. } => fields!(py, {
            "legal" => score.legal,
            "total" => score.total,
            "best" => score.best,
            "worst" => score.worst,
            "reason" => score.reason.clone(),
        }),
    }
}
