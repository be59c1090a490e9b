//! `POST /api/v1/pips/...`: solve and count (as `domino pips solve
//! --json`), explain and generate (as `domino pips explain|generate
//! --json`), play support (the player's pieces so far: `hint`, the next
//! deduction, as `/place/hint` answers; `check`: what breaks a rule,
//! whether it is solved), and `render`: the puzzle, its solution, or the
//! player's pieces.

use super::board::{self, board_routes, Door};
use crate::error::ApiError;
use crate::input::{one_of, sorted_report, time_limit, Either};
use crate::pool::Cost;
use crate::State;
use axum::response::Response;
use domino::pips::{
    generate as generate_puzzle, json_value as puzzle_json, parse_puzzle, write_text,
    ExplainDocument, Grade, HintReport, Labeled, Laid, Pips, PlayCheck, Request, Solution,
    SolveDocument, MAX_SIDE,
};
use domino::render::{pips_play_svg, pips_puzzle_svg};
use domino::Cell;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::time::Instant;
use utoipa::ToSchema;

board_routes! {
    family: Pips, tag: "pips", placement: Laid,
    /// A puzzle whose deductions are asked: give `text` or `puzzle`.
    input: PipsExplainRequest {
        /// The puzzle in the text format or the newspaper's JSON (a day file
        /// too).
        text: Option<String>,
        /// The newspaper's JSON: `{"dominoes": [[a,b],...], "regions":
        /// [{"indices": [[r,c],...], "type": "sum|less|greater|equals|unequal|empty",
        /// "target": t}, ...], "solution"?: [[[r,c],[r,c]], ...]}`, or a day file
        /// `{"easy": P, "medium": P, "hard": P}`.
        #[schema(value_type = Option<Object>)]
        puzzle: Option<Value>,
        /// The puzzle of a day file to take.
        level: Option<Grade>,
    },
    /// The deductions that solve a Pips puzzle, step by step, and its grade.
    explain -> ExplainDocument,
    /// A puzzle to solve: give `text` or `puzzle`.
    solve: PipsSolveRequest {} finish |_| None,
    /// Solve a Pips puzzle: count its solutions (2 by default, proving
    /// uniqueness) and list the first.
    solve -> SolveDocument,
    /// The puzzle (give `text` or `puzzle`) and the player's placements: a
    /// hint or a check.
    play: PipsPlayRequest {} played |request| request.placements.clone(),
    /// The next deduction from a player's pieces (as `/pips/explain` makes
    /// them, going on from the pieces laid), or the pieces that fit no
    /// solution: the page that asks needs no solution of its own.
    hint -> HintReport,
    /// The player's position: placements that break a rule of laying, regions
    /// whose rule can no longer hold, pieces no solution holds with the
    /// earlier ones, a solution holding the rest, the dominoes left, solved or
    /// not.
    check -> PlayCheck,
    /// The puzzle (give `text` or `puzzle`), and either the player's
    /// placements or `solution`.
    render: PipsRenderRequest,
    /// The puzzle, its solution, or the player's pieces.
    render,
    /// A new puzzle with a unique solution and the grade asked for: the
    /// newspaper's JSON (solution included), the text format, and how many
    /// tries it took.
    generate: made(PipsGenerateRequest) -> PipsGenerated "The puzzle",
}

/// A puzzle given as text this long or shorter (a newspaper puzzle is
/// about 1 KB) is read and drawn in the cheap pool, and its search is
/// tried there within a budget of nodes; longer ones go to the expensive
/// pool.
const CHEAP_TEXT: usize = 4096;

/// The player's pieces judged on the async threads at most (a newspaper
/// puzzle has fewer than 20).
const CHEAP_PLACEMENTS: usize = 1024;

/// The largest board `generate` grows (the newspaper's size); the
/// generator obeys the server's time limit and the client leaving.
const MAX_GENERATE_CELLS: usize = 40;

/// Whether `value` written as JSON would take at most `budget` bytes
/// (about: a number counts its digits), taking them from the budget: a
/// walk that stops as soon as the budget is spent, so pricing a large
/// puzzle costs no more than a small one.
fn fits(value: &Value, budget: &mut usize) -> bool {
    let size = match value {
        Value::Null | Value::Bool(_) => 5,
        Value::Number(n) => n.to_string().len(),
        Value::String(s) => s.len() + 2,
        Value::Array(items) => {
            if !spend(budget, items.len() + 2) {
                return false;
            }
            return items.iter().all(|item| fits(item, budget));
        }
        Value::Object(fields) => {
            if !spend(budget, fields.len() * 2 + 2) {
                return false;
            }
            return fields
                .iter()
                .all(|(key, item)| spend(budget, key.len() + 2) && fits(item, budget));
        }
    };
    spend(budget, size)
}

/// Takes `cost` from `budget`; false when it is not there.
fn spend(budget: &mut usize, cost: usize) -> bool {
    match budget.checked_sub(cost) {
        Some(left) => {
            *budget = left;
            true
        }
        None => false,
    }
}

/// The JSON pointer of the field a message of the newspaper reader starts
/// with (`regions[2].indices[0]: ...` gives `/regions/2/indices/0`), or
/// nothing when it names none.
fn field_pointer(message: &str) -> String {
    let Some((field, _)) = message.split_once(": ") else {
        return String::new();
    };
    let plain = |c: char| c.is_ascii_alphanumeric() || "_.[]".contains(c);
    if field.is_empty() || !field.chars().all(plain) {
        return String::new();
    }
    let mut pointer = String::new();
    for part in field.split(['.', '[']) {
        let part = part.trim_end_matches(']');
        if !part.is_empty() {
            pointer.push('/');
            pointer.push_str(part);
        }
    }
    pointer
}

/// The puzzle to generate.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PipsGenerateRequest {
    /// Cells of the board (even; at most 10 for easy and 20 for medium,
    /// as the grade counts the board's size too); ignored when shape is
    /// given; by default (or 0) a board of the newspaper's sizes for the
    /// difficulty, drawn per seed (6 to 10 cells easy, 10 to 16 medium,
    /// 16 to 32 hard).
    #[serde(default)]
    #[schema(maximum = 40)]
    cells: Option<usize>,
    /// The board's cells, `[[r, c], ...]` (instead of cells).
    #[schema(max_items = 40)]
    shape: Option<Vec<Cell>>,
    /// The grade asked for.
    #[serde(default = "default_grade")]
    difficulty: Grade,
    #[serde(default = "default_seed")]
    #[schema(default = default_seed)]
    seed: u64,
}

/// A generated puzzle.
#[derive(Serialize, ToSchema)]
pub struct PipsGenerated {
    /// The grade it has.
    difficulty: &'static str,
    /// The newspaper's JSON, solution included.
    #[schema(value_type = Object)]
    puzzle: Value,
    seed: u64,
    /// The puzzle in the text format (`null` when it has more regions than
    /// the format has letters).
    text: Option<String>,
    tries: usize,
}

fn default_grade() -> Grade {
    Request::GRADE
}

fn default_seed() -> u64 {
    Request::SEED
}

/// `generate`: a puzzle of the grade asked for.
async fn made(state: State, request: PipsGenerateRequest) -> Result<Response, ApiError> {
    let shape = request.shape;
    let asked = request
        .cells
        .unwrap_or(Request::cells_for(request.difficulty));
    let cells = shape.as_ref().map_or(asked, Vec::len);
    if cells > MAX_GENERATE_CELLS {
        let path = if shape.is_some() { "/shape" } else { "/cells" };
        return Err(ApiError::at_path(
            path,
            format!(
                "this server grows boards of at most {MAX_GENERATE_CELLS} cells (asked: {cells})"
            ),
        ));
    }
    if let Some(k) = shape
        .as_ref()
        .and_then(|s| s.iter().position(|&(r, c)| r >= MAX_SIDE || c >= MAX_SIDE))
    {
        return Err(ApiError::at_path(
            format!("/shape/{k}"),
            format!("rows and columns are below {MAX_SIDE}"),
        ));
    }
    let grade = request.difficulty;
    let wanted = Request {
        shape,
        cells,
        grade,
        seed: request.seed,
        tries: Request::TRIES,
        profile: None,
    };
    // Counted from the request's arrival, as every search's: waiting for
    // a slot spends it.
    let deadline = Instant::now() + time_limit(None, state.config.max_time)?;
    state
        .pools
        .run(Cost::Expensive, move |stop| {
            let made = generate_puzzle(&wanted, &board::limits(deadline, stop)).map_err(|e| {
                if e.invalid_request() {
                    let path = if wanted.shape.is_some() {
                        "/shape"
                    } else {
                        "/cells"
                    };
                    ApiError::at_path(path, e.to_string())
                } else {
                    ApiError::bad(e.to_string())
                }
            })?;
            sorted_report(&PipsGenerated {
                difficulty: grade.name(),
                puzzle: puzzle_json(&made.puzzle),
                seed: wanted.seed,
                text: write_text(&made.puzzle).ok(),
                tries: made.tries,
            })
        })
        .await?
}

impl Door for Pips {
    type Input = BoardRequest;
    type Placement = Laid;

    fn small(input: &BoardRequest) -> bool {
        match (&input.text, &input.puzzle) {
            (Some(text), _) => text.len() <= CHEAP_TEXT,
            (None, Some(value)) => {
                let mut budget = CHEAP_TEXT;
                fits(value, &mut budget)
            }
            (None, None) => true,
        }
    }

    fn read(input: &BoardRequest) -> Result<Labeled, ApiError> {
        let (text, path) = match one_of(input.text.clone(), input.puzzle.clone(), "puzzle")? {
            Either::Text(text) => (text, "/text"),
            Either::Structured(value) => (value.to_string(), "/puzzle"),
        };
        let puzzle = parse_puzzle(&text, input.level).map_err(|e| {
            if path == "/text" {
                return ApiError::input(path, e);
            }
            // The JSON was written by the server, so a position in it
            // means nothing to the client; the field the message names
            // does.
            let pointer = field_pointer(&e.message);
            ApiError::at_path(format!("{path}{pointer}"), e.message)
        })?;
        Ok(Labeled {
            level: input.level,
            puzzle,
        })
    }

    fn pieces(placements: &[Laid]) -> Vec<Laid> {
        placements.to_vec()
    }

    /// Judging the pieces is a search: tried within a budget of nodes on
    /// the async threads for a small puzzle.
    fn check_inline(input: &BoardRequest, played: &Vec<Laid>) -> bool {
        Self::small(input) && played.len() <= CHEAP_PLACEMENTS
    }

    /// A limit (or no solution at all) left pieces unjudged.
    fn unjudged(checked: &PlayCheck) -> bool {
        checked.reason.is_some() && checked.solution.is_none()
    }

    /// Drawing the solution may need a search, and the player's pieces
    /// are judged one by one: a small puzzle with few pieces is tried on
    /// the async threads.
    fn render_inline(input: &BoardRequest, placements: Option<&[Laid]>) -> bool {
        Self::small(input) && placements.is_none_or(|list| list.len() <= CHEAP_PLACEMENTS)
    }

    fn picture(labeled: &Labeled, solution: Option<&Solution>) -> String {
        pips_puzzle_svg(&labeled.puzzle, solution)
    }

    /// Pieces that break a rule of laying are left out, as `/pips/check`
    /// counts them.
    fn play_picture(labeled: &Labeled, played: &Vec<Laid>, _: usize) -> Result<String, ApiError> {
        Ok(pips_play_svg(&labeled.puzzle, played))
    }

    fn carried(labeled: &Labeled) -> Option<&Solution> {
        labeled.puzzle.solution()
    }
}

#[cfg(test)]
mod tests {
    use super::field_pointer;

    #[test]
    fn field_names_become_pointers() {
        assert_eq!(
            field_pointer("regions[2].indices[0]: expected [row, col]"),
            "/regions/2/indices/0"
        );
        assert_eq!(field_pointer("dominoes: expected a list"), "/dominoes");
        assert_eq!(field_pointer("expected a JSON object: a puzzle"), "");
        assert_eq!(field_pointer("no colon here"), "");
    }
}
