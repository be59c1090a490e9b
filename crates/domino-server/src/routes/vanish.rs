//! `POST /api/v1/vanish/...`: solve a board with any algorithm (as `domino
//! vanish solve --json`), every algorithm side by side (as `domino vanish
//! compare --json`), a random board (as `domino vanish generate`), and play
//! support (which pieces may vanish after the player's removals so far),
//! and `render`: the board with some pieces removed.

use crate::body::JsonBody;
use crate::error::ApiError;
use crate::input::{one_of, report, sorted_report, svg_answer, time_limit, Either, Picture};
use crate::openapi::answers::{VanishComparison, VanishMoves, VanishSolution};
use crate::openapi::{integer, names, seconds, Rejections};
use crate::pool::{Cost, Stop};
use crate::State;
use axum::extract::State as Shared;
use axum::response::Response;
use domino::render::{vanish_svg, VanishPicture};
// `vanish::generate` and `vanish::moves` by their path: the routes here
// have the same names.
use domino::vanish::{
    self, board_to_text, generate_clearable, parse_board, Algorithm, Board, CompareReport, Options,
    Orientation, Piece, SolveReport,
};
use domino::Value;
use serde::{Deserialize, Serialize};
use std::time::Duration;
use utoipa::openapi::schema::Object;
use utoipa::ToSchema;

/// Memory for one exact search's table of positions: a server runs several
/// searches at once, so each gets less than the CLI's 512 MiB (a full
/// table is overwritten: slower, never wrong), and never more than the
/// server's memory cap per search.
const TABLE_BYTES: usize = 64 << 20;

/// The widest beam: the beam search keeps about 2 KB per position of a
/// depth (a width of a million took 2 GB), so this bounds it to a few MB.
pub const MAX_BEAM_WIDTH: usize = 4096;

/// `beam_width`: bounded by what the routes take.
fn beam_width_schema() -> Object {
    integer(1, MAX_BEAM_WIDTH, "Positions per depth of the beam search")
        .default(Some(64.into()))
        .build()
}

/// The beam width asked for, within [`MAX_BEAM_WIDTH`].
fn beam_width(asked: Option<usize>) -> Result<usize, ApiError> {
    match asked {
        None => Ok(64),
        Some(w) if (1..=MAX_BEAM_WIDTH).contains(&w) => Ok(w),
        Some(w) => Err(ApiError::at_path(
            "/beam_width",
            format!("the beam width is 1 to {MAX_BEAM_WIDTH} (asked: {w})"),
        )),
    }
}

/// A board to solve: give `text` (the text or XML format) or `board`.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = VanishSolveRequest)]
pub struct SolveRequest {
    /// The board in the text or XML format.
    text: Option<String>,
    board: Option<BoardJson>,
    #[schema(schema_with = algorithm_names)]
    algorithm: Option<String>,
    #[schema(schema_with = seconds)]
    time_limit: Option<f64>,
    /// The most search nodes.
    node_limit: Option<u64>,
    #[schema(schema_with = beam_width_schema)]
    beam_width: Option<usize>,
    /// The seed of the randomized algorithms (default 1).
    seed: Option<u64>,
    /// Pieces a player removed already, in removal order: the search
    /// starts from there, and its order goes on from them.
    #[serde(default)]
    removed: Vec<usize>,
}

/// The names `algorithm` takes: the library's.
fn algorithm_names() -> Object {
    names(
        Algorithm::ALL.map(Algorithm::name),
        "The algorithm (default exact, which proves the optimum)",
    )
}

/// The largest board drawn or generated: a picture has an element per
/// square, so its size stays bounded whatever the request asks.
const MAX_DRAWN_SQUARES: usize = 1 << 16;

/// The largest clearable board generated: playing backwards takes time
/// that grows fast with the pieces (0.5 s at 64 x 64, 10 s at 128 x 128
/// on this machine: `domino vanish generate --clearable`).
const MAX_CLEARABLE_SQUARES: usize = 1 << 12;

/// Boards this small are read and played in about a millisecond; cheap
/// jobs run on the async threads, so larger ones go to the other pool.
const CHEAP_TEXT: usize = 16 << 10;
const CHEAP_SQUARES: usize = 1 << 12;
/// A picture takes about 1.3 KB a square (4,096 squares drew 5.5 MB): only
/// boards this small are drawn on the async threads.
const CHEAP_DRAWN_TEXT: usize = 4 << 10;
const CHEAP_DRAWN_SQUARES: usize = 1 << 10;

/// The pool for a board of `text` or `board`: cheap up to `(text bytes,
/// squares)`.
fn cost(
    text: Option<&String>,
    board: Option<&BoardJson>,
    (bytes, squares): (usize, usize),
) -> Cost {
    let large = text.is_some_and(|t| t.len() > bytes)
        || board.is_some_and(|b| b.width.saturating_mul(b.height) > squares);
    if large {
        Cost::Expensive
    } else {
        Cost::Cheap
    }
}

/// A board as structured JSON.
#[derive(Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = VanishBoard)]
pub struct BoardJson {
    width: usize,
    height: usize,
    pieces: Vec<PieceJson>,
}

/// A piece: its top-left square, which way it lies, its two values.
#[derive(Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = VanishPiece)]
pub struct PieceJson {
    x: usize,
    y: usize,
    orientation: OrientationJson,
    #[schema(value_type = [u64; 2])]
    values: [Half; 2],
}

/// A value of the JSON boards: read as a `u64`, so that a negative one is
/// refused as ever (by serde, at its path), then as a [`Value`], the
/// library's type, refusing one above `Value::MAX` at the same path.
#[derive(Clone, Copy, Deserialize, Serialize)]
#[serde(try_from = "u64")]
pub struct Half(Value);

impl TryFrom<u64> for Half {
    type Error = String;

    fn try_from(v: u64) -> Result<Half, String> {
        Value::try_from(v)
            .map(Half)
            .map_err(|_| format!("{v} is too large: values are at most {}", Value::MAX))
    }
}

/// `h`: the second half is right of the first; `v`: below it.
#[derive(Clone, Copy, Deserialize, Serialize, ToSchema)]
#[schema(as = VanishOrientation)]
pub enum OrientationJson {
    #[serde(rename = "h")]
    Horizontal,
    #[serde(rename = "v")]
    Vertical,
}

/// The largest board the server takes: the solvers keep a few words per
/// square, and a board is a few bytes of request whatever its area, so
/// the area is what bounds a request's memory.
const MAX_SQUARES: usize = 1 << 20;

/// The board of a request: `text` in the text or XML format, or `board`.
fn board(text: Option<String>, structured: Option<BoardJson>) -> Result<Board, ApiError> {
    let board = read_board(text, structured)?;
    if board.width() * board.height() > MAX_SQUARES {
        return Err(too_large(&board, MAX_SQUARES, "takes"));
    }
    Ok(board)
}

fn too_large(board: &Board, max: usize, verb: &str) -> ApiError {
    ApiError::bad(format!(
        "a board of {} x {} is larger than this server {verb} (at most {max} squares)",
        board.width(),
        board.height()
    ))
}

fn read_board(text: Option<String>, structured: Option<BoardJson>) -> Result<Board, ApiError> {
    match one_of(text, structured, "board")? {
        Either::Text(text) => parse_board(&text).map_err(|e| ApiError::input("/text", e)),
        Either::Structured(json) => {
            // Checked before the board is built: building it takes memory
            // by the area.
            if json.width.saturating_mul(json.height) > MAX_SQUARES {
                return Err(ApiError::at_path(
                    "/board",
                    format!(
                        "a board of {} x {} is larger than this server takes (at most {MAX_SQUARES} squares)",
                        json.width, json.height
                    ),
                ));
            }
            let pieces = json
                .pieces
                .iter()
                .map(|p| Piece {
                    x: p.x,
                    y: p.y,
                    orientation: match p.orientation {
                        OrientationJson::Horizontal => Orientation::Horizontal,
                        OrientationJson::Vertical => Orientation::Vertical,
                    },
                    value1: p.values[0].0,
                    value2: p.values[1].0,
                })
                .collect();
            Board::new(json.width, json.height, pieces)
                .map_err(|e| ApiError::at_path("/board", e.to_string()))
        }
    }
}

/// A board as the structured JSON requests take.
fn board_json(board: &Board) -> BoardJson {
    BoardJson {
        width: board.width(),
        height: board.height(),
        pieces: board
            .pieces()
            .iter()
            .map(|p| PieceJson {
                x: p.x,
                y: p.y,
                orientation: match p.orientation {
                    Orientation::Horizontal => OrientationJson::Horizontal,
                    Orientation::Vertical => OrientationJson::Vertical,
                },
                values: [Half(p.value1), Half(p.value2)],
            })
            .collect(),
    }
}

fn algorithm(name: Option<&str>) -> Result<Algorithm, ApiError> {
    match name {
        None => Ok(Algorithm::Exact),
        Some(name) => name
            .parse()
            .map_err(|e: String| ApiError::at_path("/algorithm", e)),
    }
}

/// The search limits of a request, as the CLI's flags give them.
fn limits(
    limit: Duration,
    node_limit: Option<u64>,
    beam_width: usize,
    seed: Option<u64>,
    stop: Stop,
    memory: usize,
) -> Options {
    Options {
        time_limit: Some(limit),
        node_limit,
        stop: Some(stop),
        memory_bytes: TABLE_BYTES.min(memory),
        beam_width,
        seed: seed.unwrap_or(1),
        // One thread a search: the pools, not the solver, share the cores
        // among requests.
        threads: Some(1),
    }
}

/// Remove as many pieces as possible; `exact` proves the optimum.
#[utoipa::path(post, path = "/api/v1/vanish/solve", tag = "vanish",
    request_body = SolveRequest,
    responses((status = 200, description = "The order found", body = VanishSolution), Rejections))]
pub async fn solve(
    Shared(state): Shared<State>,
    JsonBody(request): JsonBody<SolveRequest>,
) -> Result<Response, ApiError> {
    let algorithm = algorithm(request.algorithm.as_deref())?;
    let limit = time_limit(request.time_limit, state.config.max_time)?;
    let (beam, memory) = (
        beam_width(request.beam_width)?,
        state.config.max_search_memory,
    );
    // Greedy is one pass: cheap on a small board. Every other algorithm
    // searches to its limit.
    let cost = match algorithm {
        Algorithm::Greedy => cost(
            request.text.as_ref(),
            request.board.as_ref(),
            (CHEAP_TEXT, CHEAP_SQUARES),
        ),
        _ => Cost::Expensive,
    };
    state
        .pools
        .run(cost, move |stop| {
            let board = board(request.text, request.board)?;
            let limits = limits(limit, request.node_limit, beam, request.seed, stop, memory);
            if request.removed.is_empty() {
                return report(&SolveReport::new(&board, algorithm, &limits, None));
            }
            let (left, kept) = vanish::position(&board, &request.removed).map_err(|why| {
                ApiError::at_path(format!("/removed/{}", why.step), why.to_string())
            })?;
            // The order found on the pieces left, told in the board's indices.
            let mut found = SolveReport::new(&left, algorithm, &limits, None);
            found.solution.order = found.solution.order.iter().map(|&i| kept[i]).collect();
            found.board = &board;
            report(&found)
        })
        .await?
}

/// A board to compare the algorithms on: give `text` or `board`.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = VanishCompareRequest)]
pub struct CompareRequest {
    /// The board in the text or XML format.
    text: Option<String>,
    board: Option<BoardJson>,
    /// Seconds per algorithm, capped so that all of them together stay
    /// within the server's --max-time.
    #[schema(exclusive_minimum = 0)]
    time_limit: Option<f64>,
    /// The most search nodes of each.
    node_limit: Option<u64>,
    #[schema(schema_with = beam_width_schema)]
    beam_width: Option<usize>,
    /// The seed of the randomized algorithms (default 1).
    seed: Option<u64>,
}

/// Every algorithm on the board, one after the other: each gets the
/// request's time limit, capped so that all of them together stay within
/// the server's `--max-time`.
#[utoipa::path(post, path = "/api/v1/vanish/compare", tag = "vanish",
    request_body = CompareRequest,
    responses((status = 200, description = "One row per algorithm", body = VanishComparison), Rejections))]
pub async fn compare(
    Shared(state): Shared<State>,
    JsonBody(request): JsonBody<CompareRequest>,
) -> Result<Response, ApiError> {
    let each = state.config.max_time / Algorithm::ALL.len() as u32;
    let limit = time_limit(request.time_limit, each)?;
    let (beam, memory) = (
        beam_width(request.beam_width)?,
        state.config.max_search_memory,
    );
    state
        .pools
        .run(Cost::Expensive, move |stop| {
            let board = board(request.text, request.board)?;
            let limits = limits(limit, request.node_limit, beam, request.seed, stop, memory);
            let boards = [("request".to_string(), board)];
            report(&CompareReport::new(&boards, &limits, None))
        })
        .await?
}

/// A board and pieces removed from it: the body of `moves` and `render`.
/// Give `text` (the text or XML format) or `board`.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = VanishPosition)]
pub struct PositionRequest {
    /// The board in the text or XML format.
    text: Option<String>,
    board: Option<BoardJson>,
    /// Piece indices in removal order.
    #[serde(default)]
    removed: Vec<usize>,
}

impl PositionRequest {
    /// Reads the board, on the pool its size calls for (cheap up to
    /// `cheap`, text bytes and squares), and answers with `work` on it and
    /// the removed pieces.
    async fn answer<F>(
        self,
        state: &State,
        cheap: (usize, usize),
        work: F,
    ) -> Result<Response, ApiError>
    where
        F: FnOnce(Board, Vec<usize>) -> Result<Response, ApiError> + Send + 'static,
    {
        let cost = cost(self.text.as_ref(), self.board.as_ref(), cheap);
        state
            .pools
            .run(cost, move |_| {
                work(board(self.text, self.board)?, self.removed)
            })
            .await?
    }
}

/// Where a player's game stands: the pieces that may vanish now, those
/// that never can, the score. An illegal removal is a 400 naming its
/// place in `removed`.
#[utoipa::path(post, path = "/api/v1/vanish/moves", tag = "vanish",
    request_body = PositionRequest,
    responses((status = 200, description = "The position", body = VanishMoves), Rejections))]
pub async fn moves(
    Shared(state): Shared<State>,
    JsonBody(request): JsonBody<PositionRequest>,
) -> Result<Response, ApiError> {
    request
        .answer(
            &state,
            (CHEAP_TEXT, CHEAP_SQUARES),
            |board, removed| match vanish::moves(&board, &removed) {
                Ok(moves) => report(&moves),
                Err(why) => Err(ApiError::at_path(
                    format!("/removed/{}", why.step),
                    why.to_string(),
                )),
            },
        )
        .await
}

/// The board to generate.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = VanishGenerateRequest)]
pub struct GenerateRequest {
    /// Squares across (width times height is at most 65536, 4096 with
    /// `clearable`).
    width: usize,
    /// Squares down.
    height: usize,
    /// Values run from 0 to this.
    #[schema(value_type = u64)]
    max_value: Half,
    #[serde(default = "one")]
    #[schema(default = one)]
    seed: u64,
    /// Values chosen by playing backwards, so that the board clears.
    #[serde(default)]
    clearable: bool,
}

/// A generated board, as text and as structured JSON.
#[derive(Serialize, ToSchema)]
#[schema(as = VanishGenerated)]
pub struct Generated {
    board: BoardJson,
    /// With `clearable`: an order that clears the board.
    #[serde(skip_serializing_if = "Option::is_none")]
    order: Option<Vec<usize>>,
    /// The board in the text format.
    text: String,
}

fn one() -> u64 {
    1
}

/// A random full board (values by playing backwards with `clearable`, then
/// with the order that clears it), as text and as structured JSON.
#[utoipa::path(post, path = "/api/v1/vanish/generate", tag = "vanish",
    request_body = GenerateRequest,
    responses((status = 200, description = "The board", body = Generated), Rejections))]
pub async fn generate(
    Shared(state): Shared<State>,
    JsonBody(request): JsonBody<GenerateRequest>,
) -> Result<Response, ApiError> {
    let area = request.width.saturating_mul(request.height);
    let (max, cost) = if request.clearable {
        (MAX_CLEARABLE_SQUARES, Cost::Expensive)
    } else if area > CHEAP_SQUARES {
        (MAX_DRAWN_SQUARES, Cost::Expensive)
    } else {
        (MAX_DRAWN_SQUARES, Cost::Cheap)
    };
    if area > max {
        return Err(ApiError::bad(format!(
            "a board of {} x {} is larger than this server generates{} (at most {max} squares)",
            request.width,
            request.height,
            if request.clearable { " clearable" } else { "" }
        )));
    }
    state
        .pools
        .run(cost, move |_| {
            let asked = vanish::Request {
                width: request.width,
                height: request.height,
                max_value: request.max_value.0,
                seed: request.seed,
            };
            let (board, order) = if request.clearable {
                generate_clearable(&asked).map(|(board, order)| (board, Some(order)))
            } else {
                vanish::generate(&asked).map(|board| (board, None))
            }
            .map_err(|e| ApiError::bad(e.to_string()))?;
            sorted_report(&Generated {
                board: board_json(&board),
                order,
                text: board_to_text(&board),
            })
        })
        .await?
}

/// The board with the pieces of `removed` gone (the last one outlined, as
/// in the solve player's frames). Any distinct pieces may be removed: a
/// picture of a position, not a check of how it was reached.
#[utoipa::path(post, path = "/api/v1/vanish/render", tag = "vanish",
    request_body = PositionRequest,
    responses((status = 200, description = "The picture", body = Picture), Rejections))]
pub async fn render(
    Shared(state): Shared<State>,
    JsonBody(request): JsonBody<PositionRequest>,
) -> Result<Response, ApiError> {
    request
        .answer(
            &state,
            (CHEAP_DRAWN_TEXT, CHEAP_DRAWN_SQUARES),
            |board, removed| {
                if board.width() * board.height() > MAX_DRAWN_SQUARES {
                    return Err(too_large(&board, MAX_DRAWN_SQUARES, "draws"));
                }
                let n = board.pieces().len();
                let mut gone = vec![false; n];
                for (k, &i) in removed.iter().enumerate() {
                    if i >= n || gone[i] {
                        let why = if i >= n {
                            format!("there is no piece {i} (the board has {n})")
                        } else {
                            format!("piece {i} is removed twice")
                        };
                        return Err(ApiError::at_path(format!("/removed/{k}"), why));
                    }
                    gone[i] = true;
                }
                let picture = VanishPicture {
                    board: &board,
                    order: &removed,
                };
                svg_answer(vanish_svg(&picture, removed.len()))
            },
        )
        .await
}
