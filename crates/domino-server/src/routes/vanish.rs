//! `POST /api/v1/vanish/...`: solve a board with any algorithm (as `domino
//! vanish solve --json`), every algorithm side by side (as `domino vanish
//! compare --json`), a random board (as `domino vanish generate`), and play
//! support (which pieces may vanish after the player's removals so far),
//! and `render`: the board with some pieces removed.
//!
//! Each request is priced before anything is built, by the work its
//! parsed fields ask for: the board's squares (from the `W;H` header or
//! the XML root's attributes, or the structured board's width and height),
//! its text's bytes and pieces, the algorithm, and for `render` the
//! picture's size. Small work runs on the cheap pool, larger on the
//! expensive one, and work past a bound is refused with 413 naming it.
//! Every search gets the library's limits as every door sets them: the
//! request's deadline (from its arrival, within `--max-time`), its node
//! limit, `--max-search-memory` and the stop flag raised when the client
//! leaves.

use crate::body::Json;
use crate::error::ApiError;
use crate::input::{
    one_of, report, sorted_report, svg_answer, time_limit, Either, Picture, Search, Seconds,
};
use crate::pool::{Cost, Stop};
use crate::State;
use axum::extract::State as Shared;
use axum::http::StatusCode;
use axum::response::Response;
use domino::render::{vanish_svg, VanishPicture};
use domino::search::defaults::BEAM_WIDTH_DEFAULT;
// `vanish::generate` and `vanish::moves` by their path: the routes here
// have the same names.
use domino::vanish::{
    self, board_to_text, declared_size, generate_clearable, parse_board, Algorithm, Board,
    CompareDocument, CompareReport, GenerateError, Moves, Options, OptionsError, Orientation,
    Piece, SolveDocument, SolveReport, MAX_CLEARABLE_SQUARES,
};
use domino::Value;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The beam width asked for, within the library's range (422 naming it
/// otherwise, as the library would refuse it).
fn beam_width(asked: Option<usize>) -> Result<usize, ApiError> {
    let width = asked.unwrap_or(BEAM_WIDTH_DEFAULT);
    let options = Options {
        beam_width: width,
        ..Options::default()
    };
    options.check().map_err(refused)?;
    Ok(width)
}

/// Options the library refuses: 422 at the field.
fn refused(error: OptionsError) -> ApiError {
    let path = match error {
        OptionsError::BeamWidth(_) => "/beam_width",
    };
    let mut error = ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, error.to_string());
    error.body.path = Some(path.to_string());
    error
}

/// A board to solve: give `text` (the text or XML format) or `board`.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VanishSolveRequest {
    /// The board in the text or XML format.
    text: Option<String>,
    board: Option<VanishBoard>,
    /// The algorithm (default exact, which proves the optimum).
    algorithm: Option<Algorithm>,
    time_limit: Option<Seconds>,
    /// The most search nodes.
    node_limit: Option<u64>,
    /// Positions per depth of the beam search.
    #[schema(minimum = 1, maximum = 4096, default = 64)]
    beam_width: Option<usize>,
    /// The seed of the randomized algorithms (default 1).
    seed: Option<u64>,
    /// Pieces a player removed already, in removal order: the search
    /// starts from there, and its order goes on from them.
    #[serde(default)]
    removed: Vec<usize>,
}

/// The largest board generated: its answer lists every piece twice (as
/// text and as JSON), about 60 bytes a square.
const MAX_GENERATED_SQUARES: usize = 1 << 16;

/// Boards this small are read and answered within about a millisecond,
/// so they stay on the cheap pool, which runs on the async threads;
/// larger ones go to the expensive pool. The text's bytes bound the parse,
/// the squares the work (a board has at most a piece per two squares).
const CHEAP_TEXT: usize = 16 << 10;
/// Squares of a board played (`moves`) or generated on the cheap pool:
/// measured on full boards, moves took 1 ms at 40 x 40 and 3 ms at
/// 64 x 64, generate 1.3 ms and 3.1 ms.
const CHEAP_SQUARES: usize = 1 << 10;
/// Squares of a board solved on the cheap pool by a one-pass algorithm
/// (greedy, scan, delaying-greedy): even those first choose the lower
/// bound's rectangles (greedy took 0.3 ms at 8 x 8, 7.5 ms at 16 x 16).
const CHEAP_SOLVED_SQUARES: usize = 64;
/// Bytes of picture an empty square costs (an empty 256 x 256 board drew
/// 5.4 MB) and a piece costs (a full 40 x 40 board of values up to 6 drew
/// 654 KB; larger values draw more): `render` estimates its answer from
/// these before drawing, about 1.3 KB a square of a full board.
const PICTURE_BYTES_PER_SQUARE: usize = 100;
const PICTURE_BYTES_PER_PIECE: usize = 2_600;
/// The largest picture drawn on the cheap pool (an 8 x 8 board's 28 KB
/// took 0.3 ms, a 16 x 16 board's 107 KB about a millisecond).
const CHEAP_PICTURE: usize = 32 << 10;
/// The fewest bytes a piece takes in a board's text (`h;0;0;0;0` and a
/// line break; more in XML).
const PIECE_TEXT_BYTES: usize = 10;

/// The work a request's board asks for, read from its fields before the
/// board is built: its squares as declared (None when the header does not
/// read: then the parse fails at once), the bytes of its text and the
/// pieces of a structured board.
struct Work {
    squares: Option<usize>,
    text_bytes: usize,
    pieces: usize,
}

impl Work {
    fn of(text: Option<&String>, board: Option<&VanishBoard>) -> Work {
        let declared = match (text, board) {
            (Some(text), _) => declared_size(text),
            (None, Some(b)) => Some((b.width, b.height)),
            (None, None) => None,
        };
        Work {
            squares: declared.map(|(w, h)| w.saturating_mul(h)),
            text_bytes: text.map_or(0, String::len),
            pieces: board.map_or(0, |b| b.pieces.len()),
        }
    }

    /// Refuses a board of more than `max` squares: 413, naming the bound.
    fn within(&self, max: usize, verb: &str) -> Result<(), ApiError> {
        match self.squares {
            Some(squares) if squares > max => Err(ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!(
                    "a board of {squares} squares is larger than this server {verb} (at most {max} squares)"
                ),
            )),
            _ => Ok(()),
        }
    }

    /// The most pieces the board can have: half a piece a square, and no
    /// more than its text or its list holds.
    fn pieces_bound(&self) -> usize {
        let listed = if self.text_bytes > 0 {
            self.text_bytes / PIECE_TEXT_BYTES
        } else {
            self.pieces
        };
        listed.min(self.squares.unwrap_or(0) / 2)
    }

    /// The bytes of the board's picture, estimated from its squares and
    /// pieces before it is drawn.
    fn picture_bytes(&self) -> usize {
        self.squares
            .unwrap_or(0)
            .saturating_mul(PICTURE_BYTES_PER_SQUARE)
            .saturating_add(self.pieces_bound().saturating_mul(PICTURE_BYTES_PER_PIECE))
    }

    /// The pool for work that is cheap up to `squares` squares (and
    /// [`CHEAP_TEXT`] bytes of text, half a piece a square).
    fn cost(&self, squares: usize) -> Cost {
        let small = self.squares.unwrap_or(0) <= squares
            && self.text_bytes <= CHEAP_TEXT
            && self.pieces <= squares / 2;
        if small {
            Cost::Cheap
        } else {
            Cost::Expensive
        }
    }
}

/// A board as structured JSON.
#[derive(Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VanishBoard {
    width: usize,
    height: usize,
    pieces: Vec<VanishPiece>,
}

/// A piece: its top-left square, which way it lies, its two values.
#[derive(Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VanishPiece {
    x: usize,
    y: usize,
    orientation: VanishOrientation,
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
pub enum VanishOrientation {
    #[serde(rename = "h")]
    Horizontal,
    #[serde(rename = "v")]
    Vertical,
}

/// The largest board the server takes: the solvers keep a few words per
/// square, and a board is a few bytes of request whatever its area, so
/// the area is what bounds a request's memory.
const MAX_SQUARES: usize = 1 << 20;

/// The board of a request: `text` in the text or XML format, or `board`
/// (its size was checked by [`Work::within`] before).
fn board(text: Option<String>, structured: Option<VanishBoard>) -> Result<Board, ApiError> {
    match one_of(text, structured, "board")? {
        Either::Text(text) => parse_board(&text).map_err(|e| ApiError::input("/text", e)),
        Either::Structured(json) => {
            let pieces = json
                .pieces
                .iter()
                .map(|p| Piece {
                    x: p.x,
                    y: p.y,
                    orientation: match p.orientation {
                        VanishOrientation::Horizontal => Orientation::Horizontal,
                        VanishOrientation::Vertical => Orientation::Vertical,
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
fn board_json(board: &Board) -> VanishBoard {
    VanishBoard {
        width: board.width(),
        height: board.height(),
        pieces: board
            .pieces()
            .iter()
            .map(|p| VanishPiece {
                x: p.x,
                y: p.y,
                orientation: match p.orientation {
                    Orientation::Horizontal => VanishOrientation::Horizontal,
                    Orientation::Vertical => VanishOrientation::Vertical,
                },
                values: [Half(p.value1), Half(p.value2)],
            })
            .collect(),
    }
}

/// The options of a request's search: the library's limits as
/// [`Search`] sets them for every family (the request's deadline, its node
/// limit, `--max-search-memory`, the stop flag) and the knobs.
fn options(search: &Search, stop: Stop, beam_width: usize, seed: Option<u64>) -> Options {
    Options {
        limits: search.limits(stop, None),
        beam_width,
        seed: seed.unwrap_or(1),
        // One thread a search: the pools, not the solver, share the cores
        // among requests.
        threads: Some(1),
    }
}

/// Remove as many pieces as possible; `exact` proves the optimum.
#[utoipa::path(post, path = "/api/v1/vanish/solve",
    responses((status = 200, description = "The order found", body = SolveDocument)))]
pub async fn solve(
    Shared(state): Shared<State>,
    Json(request): Json<VanishSolveRequest>,
) -> Result<Response, ApiError> {
    let algorithm = request.algorithm.unwrap_or(Algorithm::Exact);
    let search = Search::new(
        &state,
        time_limit(request.time_limit, state.config.max_time)?,
        request.node_limit,
    );
    let beam = beam_width(request.beam_width)?;
    let work = Work::of(request.text.as_ref(), request.board.as_ref());
    work.within(MAX_SQUARES, "takes")?;
    // A one-pass algorithm is cheap on a tiny board. Every other
    // algorithm searches to its limit.
    let cost = match algorithm {
        Algorithm::Greedy | Algorithm::Scan | Algorithm::DelayingGreedy => {
            work.cost(CHEAP_SOLVED_SQUARES)
        }
        _ => Cost::Expensive,
    };
    state
        .pools
        .run(cost, move |stop| {
            let board = board(request.text, request.board)?;
            let options = options(&search, stop, beam, request.seed);
            if request.removed.is_empty() {
                return report(
                    &SolveReport::new(&board, algorithm, &options, None).map_err(refused)?,
                );
            }
            let (left, kept) = vanish::position(&board, &request.removed).map_err(|why| {
                ApiError::at_path(format!("/removed/{}", why.step), why.to_string())
            })?;
            // The order found on the pieces left, told in the board's indices.
            let mut found = SolveReport::new(&left, algorithm, &options, None).map_err(refused)?;
            found.solution.order = found.solution.order.iter().map(|&i| kept[i]).collect();
            found.board = &board;
            report(&found)
        })
        .await?
}

/// A board to compare the algorithms on: give `text` or `board`.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VanishCompareRequest {
    /// The board in the text or XML format.
    text: Option<String>,
    board: Option<VanishBoard>,
    /// Seconds per algorithm, capped so that all of them together stay
    /// within the server's --max-time (time an algorithm leaves goes to
    /// the ones after it).
    time_limit: Option<Seconds>,
    /// The most search nodes of each.
    node_limit: Option<u64>,
    /// Positions per depth of the beam search.
    #[schema(minimum = 1, maximum = 4096, default = 64)]
    beam_width: Option<usize>,
    /// The seed of the randomized algorithms (default 1).
    seed: Option<u64>,
}

/// Every algorithm on the board, one after the other: together they get
/// the request's time limit times the algorithms, at most the server's
/// `--max-time`, each an equal share of the time left when it starts.
#[utoipa::path(post, path = "/api/v1/vanish/compare",
    responses((status = 200, description = "One row per algorithm", body = CompareDocument)))]
pub async fn compare(
    Shared(state): Shared<State>,
    Json(request): Json<VanishCompareRequest>,
) -> Result<Response, ApiError> {
    let runs = Algorithm::ALL.len() as u32;
    let each = time_limit(request.time_limit, state.config.max_time / runs)?;
    let search = Search::new(&state, each * runs, request.node_limit);
    let beam = beam_width(request.beam_width)?;
    Work::of(request.text.as_ref(), request.board.as_ref()).within(MAX_SQUARES, "takes")?;
    state
        .pools
        .run(Cost::Expensive, move |stop| {
            let board = board(request.text, request.board)?;
            let options = options(&search, stop, beam, request.seed);
            let boards = [("request".to_string(), board)];
            report(&CompareReport::new(&boards, &options, None).map_err(refused)?)
        })
        .await?
}

/// A board and pieces removed from it: the body of `moves` and `render`.
/// Give `text` (the text or XML format) or `board`.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VanishPosition {
    /// The board in the text or XML format.
    text: Option<String>,
    board: Option<VanishBoard>,
    /// Piece indices in removal order.
    #[serde(default)]
    removed: Vec<usize>,
}

impl VanishPosition {
    /// Reads the board and answers with `work` on it, the removed pieces
    /// and the request's stop flag, on the pool `cost` chose.
    async fn answer<F>(self, state: &State, cost: Cost, work: F) -> Result<Response, ApiError>
    where
        F: FnOnce(Board, Vec<usize>, Stop) -> Result<Response, ApiError> + Send + 'static,
    {
        state
            .pools
            .run(cost, move |stop| {
                work(board(self.text, self.board)?, self.removed, stop)
            })
            .await?
    }
}

/// Where a player's game stands: the pieces that may vanish now, those
/// that never can, the score. An illegal removal is a 400 naming its
/// place in `removed`.
#[utoipa::path(post, path = "/api/v1/vanish/moves",
    responses((status = 200, description = "The position", body = Moves)))]
pub async fn moves(
    Shared(state): Shared<State>,
    Json(request): Json<VanishPosition>,
) -> Result<Response, ApiError> {
    let work = Work::of(request.text.as_ref(), request.board.as_ref());
    work.within(MAX_SQUARES, "takes")?;
    // Each removal is replayed and checked: as much work as a piece.
    let cost = match work.cost(CHEAP_SQUARES) {
        Cost::Cheap if request.removed.len() <= CHEAP_SQUARES / 2 => Cost::Cheap,
        _ => Cost::Expensive,
    };
    // Finding the pieces that can never vanish is long on a big board: it
    // ends with the request's time or when the client leaves (`never`
    // then lists those found).
    let search = Search::new(&state, state.config.max_time, None);
    request
        .answer(
            &state,
            cost,
            move |board, removed, stop| match vanish::moves_within(
                &board,
                &removed,
                &search.limits(stop, None),
            ) {
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
pub struct VanishGenerateRequest {
    /// Squares across (width times height is at most 65536, 16384 with
    /// `clearable`: more is refused with 413).
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
pub struct VanishGenerated {
    board: VanishBoard,
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
#[utoipa::path(post, path = "/api/v1/vanish/generate",
    responses((status = 200, description = "The board", body = VanishGenerated)))]
pub async fn generate(
    Shared(state): Shared<State>,
    Json(request): Json<VanishGenerateRequest>,
) -> Result<Response, ApiError> {
    let area = request.width.saturating_mul(request.height);
    let (max, cost) = if request.clearable {
        (MAX_CLEARABLE_SQUARES, Cost::Expensive)
    } else if area > CHEAP_SQUARES {
        (MAX_GENERATED_SQUARES, Cost::Expensive)
    } else {
        (MAX_GENERATED_SQUARES, Cost::Cheap)
    };
    if area > max {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "a board of {} x {} is larger than this server generates{} (at most {max} squares)",
                request.width,
                request.height,
                if request.clearable { " clearable" } else { "" }
            ),
        ));
    }
    let search = Search::new(&state, state.config.max_time, None);
    state
        .pools
        .run(cost, move |stop| {
            let asked = vanish::Request {
                width: request.width,
                height: request.height,
                max_value: request.max_value.0,
                seed: request.seed,
            };
            let (board, order) = if request.clearable {
                generate_clearable(&asked, &search.limits(stop, None))
                    .map(|(board, order)| (board, Some(order)))
            } else {
                vanish::generate(&asked).map(|board| (board, None))
            }
            .map_err(|e| match e {
                // The largest clearable board takes about half of the
                // default --max-time: only a loaded server runs out.
                GenerateError::Stopped => {
                    ApiError::new(StatusCode::SERVICE_UNAVAILABLE, e.to_string())
                }
                _ => ApiError::bad(e.to_string()),
            })?;
            sorted_report(&VanishGenerated {
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
#[utoipa::path(post, path = "/api/v1/vanish/render",
    responses((status = 200, description = "The picture", body = Picture)))]
pub async fn render(
    Shared(state): Shared<State>,
    Json(request): Json<VanishPosition>,
) -> Result<Response, ApiError> {
    let work = Work::of(request.text.as_ref(), request.board.as_ref());
    // The picture's size, estimated from the declared squares and the
    // pieces there can be, bounds the work: one past the answer's bound
    // is refused before any drawing.
    work.within(MAX_SQUARES, "draws")?;
    let picture = work.picture_bytes();
    let max = state.config.max_answer;
    if picture > max {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the picture of a board of {} squares and up to {} pieces would be about {picture} bytes, more than this server sends ({max}, --max-answer): ask for a smaller board",
                work.squares.unwrap_or(0),
                work.pieces_bound()
            ),
        ));
    }
    let cost = if picture <= CHEAP_PICTURE && work.text_bytes <= CHEAP_TEXT {
        Cost::Cheap
    } else {
        Cost::Expensive
    };
    request
        .answer(&state, cost, |board, removed, _| {
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
        })
        .await
}
