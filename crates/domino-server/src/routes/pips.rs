//! `POST /api/v1/pips/...`: solve and count (as `domino pips solve
//! --json`), explain and generate (as `domino pips explain|generate
//! --json`), play support (the player's pieces so far: `hint`, the next
//! deduction, as `/place/hint` answers; `check`: what breaks a rule,
//! whether it is solved), and `render`: the puzzle, its solution, or the
//! player's pieces.

use super::board;
use crate::body::JsonBody;
use crate::error::ApiError;
use crate::input::{
    one_of, report, sorted_report, svg_answer, time_limit, Either, Picture, Search,
};
use crate::pool::Cost;
use crate::schema::{integer, seconds, CellSchema, Rejections};
use crate::State;
use axum::extract::State as Shared;
use axum::response::Response;
use domino::board::BoardPuzzle;
use domino::pips::{
    check_play, generate as generate_puzzle, json_value as puzzle_json, parse_puzzle, write_text,
    ExplainDocument, Grade, HintReport, Labeled, Laid, Pips, PlayCheck, Request, SolveDocument,
    SolveMode, SolveOptions, SolveReport, MAX_SIDE,
};
use domino::render::{pips_play_svg, pips_puzzle_svg};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::time::Instant;
use utoipa::openapi::schema::{Array, ArrayBuilder, Object};
use utoipa::ToSchema;

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

/// The puzzle of a request: `text` (the text format or the newspaper's
/// JSON, a day file included) or `puzzle` (the newspaper's JSON object),
/// and the `level` to take from a day file.
struct PuzzleInput {
    text: Option<String>,
    puzzle: Option<Value>,
    level: Option<Grade>,
}

impl PuzzleInput {
    /// Whether reading and solving it belongs in the cheap pool (which
    /// runs on the async threads).
    fn small(&self) -> bool {
        match (&self.text, &self.puzzle) {
            (Some(text), _) => text.len() <= CHEAP_TEXT,
            (None, Some(value)) => {
                let mut budget = CHEAP_TEXT;
                fits(value, &mut budget)
            }
            (None, None) => true,
        }
    }

    /// Reads the puzzle, as the CLI reads its input.
    fn read(&self) -> Result<Labeled, ApiError> {
        let level = self.level.map(Grade::name);
        let (text, path) = match one_of(self.text.clone(), self.puzzle.clone(), "puzzle")? {
            Either::Text(text) => (text, "/text"),
            Either::Structured(value) => (value.to_string(), "/puzzle"),
        };
        let puzzle = parse_puzzle(&text, level).map_err(|e| {
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
            level: level.map(str::to_string),
            puzzle,
        })
    }
}

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

/// A puzzle to solve: give `text` or `puzzle`.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = PipsSolveRequest)]
pub struct SolveRequest {
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
    /// Count every solution.
    #[serde(default)]
    count: bool,
    /// List every solution (at most the server's `--max-solutions`,
    /// default 1,000; the count goes on past them).
    #[serde(default)]
    all: bool,
    /// Stop at this many solutions (default 2, which proves one unique).
    #[schema(minimum = 1)]
    limit: Option<u64>,
    #[schema(schema_with = seconds)]
    time_limit: Option<f64>,
    /// The most search nodes.
    node_limit: Option<u64>,
}

/// Solve a Pips puzzle: count its solutions (2 by default, proving
/// uniqueness) and list the first.
#[utoipa::path(post, path = "/api/v1/pips/solve", tag = "pips",
    request_body = SolveRequest,
    responses((status = 200, description = "The solutions found", body = SolveDocument), Rejections))]
pub async fn solve(
    Shared(state): Shared<State>,
    JsonBody(request): JsonBody<SolveRequest>,
) -> Result<Response, ApiError> {
    let limit = time_limit(request.time_limit, state.config.max_time)?;
    let input = PuzzleInput {
        text: request.text,
        puzzle: request.puzzle,
        level: request.level,
    };
    let asked = board::Solve {
        all: request.all,
        count: request.count,
        limit: request.limit,
        small: input.small(),
        search: Search::new(&state, limit, request.node_limit),
    };
    board::solve::<Pips, _>(&state, asked, move || input.read(), |_, _| ()).await
}

/// A puzzle whose deductions are asked: give `text` or `puzzle`.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = PipsExplainRequest)]
pub struct ExplainRequest {
    /// The puzzle in the text format or the newspaper's JSON (a day file
    /// too).
    text: Option<String>,
    /// The newspaper's JSON, as `/pips/solve` takes it.
    #[schema(value_type = Option<Object>)]
    puzzle: Option<Value>,
    /// The puzzle of a day file to take.
    level: Option<Grade>,
}

/// The deductions that solve a Pips puzzle, step by step, and its grade.
#[utoipa::path(post, path = "/api/v1/pips/explain", tag = "pips",
    request_body = ExplainRequest,
    responses((status = 200, description = "The deductions", body = ExplainDocument), Rejections))]
pub async fn explain(
    Shared(state): Shared<State>,
    JsonBody(request): JsonBody<ExplainRequest>,
) -> Result<Response, ApiError> {
    let input = PuzzleInput {
        text: request.text,
        puzzle: request.puzzle,
        level: request.level,
    };
    board::explain::<Pips, _>(&state, move || input.read()).await
}

/// The puzzle to generate.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = PipsGenerateRequest)]
pub struct GenerateRequest {
    #[serde(default)]
    #[schema(schema_with = cells_schema)]
    cells: Option<usize>,
    #[schema(schema_with = shape_schema)]
    shape: Option<Vec<[usize; 2]>>,
    /// The grade asked for.
    #[serde(default = "default_grade")]
    difficulty: Grade,
    #[serde(default = "default_seed")]
    #[schema(default = default_seed)]
    seed: u64,
}

/// `cells`: bounded by what the route grows.
fn cells_schema() -> Object {
    integer(
        0,
        MAX_GENERATE_CELLS,
        "Cells of the board (even; at most 10 for easy and 20 for medium, as the grade counts the board's size too); ignored when shape is given; by default (or 0) a board of the newspaper's sizes for the difficulty, drawn per seed (6 to 10 cells easy, 10 to 16 medium, 16 to 32 hard)",
    )
    .build()
}

/// `shape`: as many cells as `cells` takes, each inside the largest board.
fn shape_schema() -> Array {
    let cell = ArrayBuilder::new()
        .items(integer(0, MAX_SIDE - 1, "Row, then column"))
        .min_items(Some(2))
        .max_items(Some(2));
    ArrayBuilder::new()
        .items(cell)
        .max_items(Some(MAX_GENERATE_CELLS))
        .description(Some("The board's cells, [[r, c], ...] (instead of cells)"))
        .build()
}

/// A generated puzzle.
#[derive(Serialize, ToSchema)]
#[schema(as = PipsGenerated)]
pub struct Generated {
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

/// A new puzzle with a unique solution and the grade asked for: the
/// newspaper's JSON (solution included), the text format, and how many
/// tries it took.
#[utoipa::path(post, path = "/api/v1/pips/generate", tag = "pips",
    request_body = GenerateRequest,
    responses((status = 200, description = "The puzzle", body = Generated), Rejections))]
pub async fn generate(
    Shared(state): Shared<State>,
    JsonBody(request): JsonBody<GenerateRequest>,
) -> Result<Response, ApiError> {
    let shape: Option<Vec<(usize, usize)>> = request
        .shape
        .map(|cells| cells.iter().map(|&[r, c]| (r, c)).collect());
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
            sorted_report(&Generated {
                difficulty: grade.name(),
                puzzle: puzzle_json(&made.puzzle),
                seed: wanted.seed,
                text: write_text(&made.puzzle).ok(),
                tries: made.tries,
            })
        })
        .await?
}

/// A placement as the player sends it.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = PipsPlacement)]
pub struct PlayJson {
    /// Index into the puzzle's dominoes.
    domino: usize,
    /// The cell of the domino's first value, then of its second.
    #[schema(value_type = [CellSchema; 2])]
    cells: [[usize; 2]; 2],
}

fn plays(list: &[PlayJson]) -> Vec<Laid> {
    list.iter()
        .map(|p| Laid {
            domino: p.domino,
            cells: p.cells.map(|[r, c]| (r, c)),
        })
        .collect()
}

/// The puzzle (give `text` or `puzzle`) and the player's placements: a
/// hint or a check.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = PipsPlayRequest)]
pub struct PlayRequest {
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
    /// The player's placements in the order laid.
    #[serde(default)]
    placements: Vec<PlayJson>,
    /// For the searches that find the wrong pieces.
    #[schema(schema_with = seconds)]
    time_limit: Option<f64>,
}

/// The next deduction from a player's pieces (as `/pips/explain` makes
/// them, going on from the pieces laid), or the pieces that fit no
/// solution: the page that asks needs no solution of its own.
#[utoipa::path(post, path = "/api/v1/pips/hint", tag = "pips",
    request_body = PlayRequest,
    responses((status = 200, description = "The hint", body = HintReport), Rejections))]
pub async fn hint(
    Shared(state): Shared<State>,
    JsonBody(request): JsonBody<PlayRequest>,
) -> Result<Response, ApiError> {
    let limit = time_limit(request.time_limit, state.config.max_time)?;
    let search = Search::new(&state, limit, None);
    let input = PuzzleInput {
        text: request.text,
        puzzle: request.puzzle,
        level: request.level,
    };
    let placements = request.placements;
    let read = move || Ok((input.read()?, plays(&placements)));
    board::play::<Pips, _>(&state, search, read, |labeled, played, limits| {
        report(&Pips::hint(labeled, played, limits))
    })
    .await
}

/// The player's position: placements that break a rule of laying, regions
/// whose rule can no longer hold, pieces no solution holds with the
/// earlier ones, a solution holding the rest, the dominoes left, solved or
/// not.
#[utoipa::path(post, path = "/api/v1/pips/check", tag = "pips",
    request_body = PlayRequest,
    responses((status = 200, description = "The position", body = PlayCheck), Rejections))]
pub async fn check(
    Shared(state): Shared<State>,
    JsonBody(request): JsonBody<PlayRequest>,
) -> Result<Response, ApiError> {
    let limit = time_limit(request.time_limit, state.config.max_time)?;
    let input = PuzzleInput {
        text: request.text,
        puzzle: request.puzzle,
        level: request.level,
    };
    // Judging the pieces is a search: tried within a budget of nodes on
    // the async threads (a small puzzle), else on the expensive pool.
    let inline = input.small() && request.placements.len() <= CHEAP_PLACEMENTS;
    let search = Search::new(&state, limit, None);
    state
        .pools
        .search(inline, move |stop, budget| {
            let labeled = input.read()?;
            let checked = check_play(
                &labeled.puzzle,
                &plays(&request.placements),
                &search.limits(stop, budget),
            );
            // A limit (or no solution at all) left pieces unjudged: the
            // expensive pool tries again without the budget.
            let unjudged = checked.reason.is_some() && checked.solution.is_none();
            if search.ran_out(budget, unjudged) {
                return Ok(None);
            }
            report(&checked).map(Some)
        })
        .await
}

/// The puzzle (give `text` or `puzzle`), and either the player's
/// placements or `solution`.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = PipsRenderRequest)]
pub struct RenderRequest {
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
    /// The player's pieces, drawn on the board (those that break a rule
    /// of laying are left out, as `/pips/check` counts them).
    placements: Option<Vec<PlayJson>>,
    /// Draw the puzzle's solution: the one it carries, else the first the
    /// solver finds within the time limit.
    #[serde(default)]
    solution: bool,
    #[schema(schema_with = seconds)]
    time_limit: Option<f64>,
}

/// The puzzle, its solution, or the player's pieces.
#[utoipa::path(post, path = "/api/v1/pips/render", tag = "pips",
    request_body = RenderRequest,
    responses((status = 200, description = "The picture", body = Picture), Rejections))]
pub async fn render(
    Shared(state): Shared<State>,
    JsonBody(request): JsonBody<RenderRequest>,
) -> Result<Response, ApiError> {
    if request.solution && request.placements.is_some() {
        return Err(ApiError::bad(
            "draw either the \"solution\" or the player's \"placements\", not both",
        ));
    }
    let limit = time_limit(request.time_limit, state.config.max_time)?;
    let input = PuzzleInput {
        text: request.text,
        puzzle: request.puzzle,
        level: request.level,
    };
    // Drawing the solution may need a search: tried within a budget of
    // nodes on the cheap pool (a small puzzle), else on the expensive one.
    // The player's pieces are judged one by one: many go to the expensive
    // pool too.
    let inline = input.small()
        && request
            .placements
            .as_ref()
            .is_none_or(|list| list.len() <= CHEAP_PLACEMENTS);
    let search = Search::new(&state, limit, None);
    let (placements, solution) = (request.placements, request.solution);
    state
        .pools
        .search(inline, move |stop, budget| {
            let labeled = input.read()?;
            let puzzle = &labeled.puzzle;
            if let Some(placements) = &placements {
                return svg_answer(pips_play_svg(puzzle, &plays(placements))).map(Some);
            }
            if !solution {
                return svg_answer(pips_puzzle_svg(puzzle, None)).map(Some);
            }
            if let Some(solution) = puzzle.solution() {
                return svg_answer(pips_puzzle_svg(puzzle, Some(solution))).map(Some);
            }
            let options = SolveOptions {
                mode: SolveMode::Unique,
                limit: Some(1),
                keep: None,
            };
            let solved = SolveReport::new(&labeled, &options, &search.limits(stop, budget));
            if search.ran_out(budget, solved.found.stopped) {
                return Ok(None);
            }
            svg_answer(solved.svg()).map(Some)
        })
        .await
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
