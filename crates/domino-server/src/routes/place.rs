//! `POST /api/v1/place/...`: placement puzzles. `solve`, `explain` and
//! `generate` answer as `domino place solve|explain|generate --json`;
//! `hint` and `check` help a person solving a board by hand (the library's
//! play support); `render` draws the board, its solution, or a player's
//! pieces on it.
//!
//! A board is `"text"` (any format the CLI reads, one board) or `"board"`
//! (rows of numbers, `null` for a hole) with optional `"clues"`; `"set"`
//! names the set when the cell count does not.

use super::board;
use crate::body::JsonBody;
use crate::error::ApiError;
use crate::input::{
    answer_pool, answer_within, one_of, report, sorted_report, svg_answer, time_limit, Either,
    Picture, Search,
};
use crate::pool::Cost;
use crate::schema::{integer, seconds, CellSchema, Rejections};
use crate::State;
use axum::extract::State as Shared;
use axum::response::Response;
use domino::board::BoardPuzzle;
use domino::place::{
    generate as generate_puzzle, grid_from_rows, parse_grids, parse_outline, CheckDocument,
    ExplainDocument, GenerateDocument, GenerateReport, Grid, GridPart, HintDocument, Laid, Level,
    Limits, Outline, Place, Played, Request, SolveDocument, SolveMode, SolveOptions, SolveReport,
};
use domino::render::{board_svg, play_board_svg};
use domino::search::or_list;
use domino::{Missing, Value};
use serde::{Deserialize, Serialize};
use std::time::Instant;
use utoipa::openapi::schema::Object;
use utoipa::ToSchema;

/// Added to a message about a board whose cell count fits no set.
const SET_HINT: &str = "; name the set with \"set\"";

/// Rows of numbers, `null` for a hole. The JSON takes numbers and sets as
/// `u32`, so that serde refuses a negative one at its path as ever; they
/// become the library's [`Value`] on the way in.
type Rows = Vec<Vec<Option<u32>>>;
/// A pair of cells, `[[r1,c1],[r2,c2]]`.
type CellPair = [[usize; 2]; 2];

/// Boards up to this many cells (or text up to this many bytes) are read
/// and drawn in the cheap pool, and their search is tried there within a
/// budget of nodes; larger ones go to the expensive pool. The deductions
/// (explain, hint, check) count no nodes, so they always go there.
const CHEAP_CELLS: usize = 256;
const CHEAP_TEXT: usize = 1024;

/// What a picture of a board costs, measured on the engine's drawings: a
/// frame, each cell (a 61 x 62 board: 935 KB), each of the player's
/// pieces on the board (10,000 pieces: 5.1 MB, 513 bytes each; never
/// below 400: every piece is drawn with its cells' coordinates; a piece
/// off the board is not drawn).
const PICTURE_FRAME: usize = 18 << 10;
const PICTURE_CELL: usize = 250;
const PICTURE_PIECE: usize = 520;
const PICTURE_PIECE_FLOOR: usize = 400;

/// A board to solve: give `text` or `board`.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = PlaceSolveRequest)]
pub struct SolveRequest {
    /// The board in any format the CLI reads (one board).
    text: Option<String>,
    /// Rows of numbers, `null` for a hole.
    #[schema(value_type = Option<Vec<Vec<Option<u32>>>>)]
    board: Option<Rows>,
    /// Clue pieces (with `board`).
    #[schema(value_type = Option<Vec<[CellSchema; 2]>>)]
    clues: Option<Vec<CellPair>>,
    /// The set is double-N (default: from the cell count or the `#dp`
    /// header).
    set: Option<u32>,
    /// Count every solution.
    #[serde(default)]
    count: bool,
    /// List every solution (at most the server's `--max-solutions`,
    /// default 1,000; the count goes on past them).
    #[serde(default)]
    all: bool,
    /// Stop at this many solutions (default 2, or no limit with `count`
    /// or `all`).
    #[schema(minimum = 1)]
    limit: Option<u64>,
    /// Also grade the board.
    #[serde(default)]
    grade: bool,
    #[schema(schema_with = seconds)]
    time_limit: Option<f64>,
    /// The most search nodes.
    node_limit: Option<u64>,
}

/// A board whose deductions are asked: give `text` or `board`.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = PlaceBoardRequest)]
pub struct ExplainRequest {
    /// The board in any format the CLI reads (one board).
    text: Option<String>,
    /// Rows of numbers, `null` for a hole.
    #[schema(value_type = Option<Vec<Vec<Option<u32>>>>)]
    board: Option<Rows>,
    /// Clue pieces (with `board`).
    #[schema(value_type = Option<Vec<[CellSchema; 2]>>)]
    clues: Option<Vec<CellPair>>,
    /// The set is double-N (default: from the cell count or the `#dp`
    /// header).
    set: Option<u32>,
}

/// A board (give `text` or `board`) and the player's pieces.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = PlacePlayRequest)]
pub struct PlayRequest {
    /// The board in any format the CLI reads (one board).
    text: Option<String>,
    /// Rows of numbers, `null` for a hole.
    #[schema(value_type = Option<Vec<Vec<Option<u32>>>>)]
    board: Option<Rows>,
    /// Clue pieces (with `board`).
    #[schema(value_type = Option<Vec<[CellSchema; 2]>>)]
    clues: Option<Vec<CellPair>>,
    /// The set is double-N (default: from the cell count or the `#dp`
    /// header).
    set: Option<u32>,
    /// The player's pieces, in the order laid.
    #[serde(default)]
    #[schema(value_type = Vec<[CellSchema; 2]>)]
    placements: Vec<CellPair>,
    /// Pairs of neighbouring cells the player marked "no domino here":
    /// `hint` rules them out before its deductions, `hint` and `check`
    /// name the ones the solution covers (`wrong_marks`).
    #[serde(default)]
    #[schema(value_type = Vec<[CellSchema; 2]>)]
    marks: Vec<CellPair>,
    #[schema(schema_with = seconds)]
    time_limit: Option<f64>,
}

/// A board to draw (give `text` or `board`), with the player's pieces or
/// the solution.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = PlaceRenderRequest)]
pub struct RenderRequest {
    /// The board in any format the CLI reads (one board).
    text: Option<String>,
    /// Rows of numbers, `null` for a hole.
    #[schema(value_type = Option<Vec<Vec<Option<u32>>>>)]
    board: Option<Rows>,
    /// Clue pieces (with `board`).
    #[schema(value_type = Option<Vec<[CellSchema; 2]>>)]
    clues: Option<Vec<CellPair>>,
    /// The set is double-N (default: from the cell count or the `#dp`
    /// header).
    set: Option<u32>,
    /// The player's pieces to draw, in the order laid.
    #[schema(value_type = Option<Vec<[CellSchema; 2]>>)]
    placements: Option<Vec<CellPair>>,
    /// Draw the solution (not with `placements`).
    #[serde(default)]
    solution: bool,
    #[schema(schema_with = seconds)]
    time_limit: Option<f64>,
}

/// The puzzle to generate.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = PlaceGenerateRequest)]
pub struct GenerateRequest {
    #[schema(schema_with = set_schema)]
    set: u32,
    /// The exact difficulty (default basic).
    #[schema(value_type = Option<Level>)]
    difficulty: Option<String>,
    /// The seed (default 1).
    seed: Option<u64>,
    /// `rectangle` (the default), or a mask: any visible character marks
    /// a cell; '.', 'x' or a space a hole.
    shape: Option<String>,
    /// Clue pieces may be given, so that more boards qualify.
    #[serde(default)]
    clues: bool,
    #[schema(schema_with = seconds)]
    time_limit: Option<f64>,
}

/// `set`: bounded by what the route generates.
fn set_schema() -> Object {
    integer(0, Request::MAX_SET as usize, "The set is double-N").build()
}

/// No puzzle found in time: a negative answer, not bad input.
#[derive(Serialize, ToSchema)]
#[schema(as = PlaceNotGenerated)]
struct NotGenerated {
    /// Always `null`.
    #[schema(value_type = Option<Object>, required = true)]
    puzzle: Option<()>,
    /// Why none was found.
    reason: String,
    seed: u64,
}

/// What `/place/generate` answers: the puzzle, or `null` with why none was
/// found.
#[derive(ToSchema)]
#[serde(untagged)]
#[schema(as = PlaceGenerateAnswer)]
// A schema only: the reports write each branch themselves.
#[allow(dead_code)]
enum GenerateAnswer<'a> {
    Generated(GenerateDocument<'a>),
    NotGenerated(NotGenerated),
}

/// The board of a request, as text or as rows and clues.
fn board(
    text: Option<String>,
    rows: Option<Rows>,
    clues: Option<Vec<CellPair>>,
    set: Option<u32>,
) -> Result<Grid, ApiError> {
    let set = set.map(Value::from);
    match one_of(text, rows, "board")? {
        Either::Text(text) => {
            if clues.is_some() {
                return Err(ApiError::at_path(
                    "/clues",
                    "\"clues\" go with \"board\"; text gives its clues in the #dp format",
                ));
            }
            let mut boards = parse_grids(&text, set).map_err(|mut e| {
                if e.missing == Some(Missing::Set) {
                    e.message.push_str(SET_HINT);
                }
                ApiError::input("/text", e)
            })?;
            match boards.len() {
                1 => Ok(boards.swap_remove(0)),
                0 => Err(ApiError::at_path("/text", "the text holds no board")),
                n => Err(ApiError::at_path(
                    "/text",
                    format!("one board per request: the text holds {n}"),
                )),
            }
        }
        Either::Structured(rows) => {
            let rows: Vec<Vec<Option<Value>>> = rows
                .iter()
                .map(|row| row.iter().map(|v| v.map(Value::from)).collect())
                .collect();
            let clues: Vec<[(usize, usize); 2]> = clues
                .unwrap_or_default()
                .iter()
                .map(|&[p, q]| [(p[0], p[1]), (q[0], q[1])])
                .collect();
            grid_from_rows(&rows, &clues, set).map_err(|mut e| {
                let path = match e.part {
                    GridPart::Grid => "/board".to_string(),
                    GridPart::Set => "/set".to_string(),
                    GridPart::Cell(r, c) => format!("/board/{r}/{c}"),
                    GridPart::Clue(k) => format!("/clues/{k}"),
                };
                if e.missing == Some(Missing::Set) {
                    e.message.push_str(SET_HINT);
                }
                ApiError::at_path(path, e.message)
            })
        }
    }
}

/// [`board`] from a request it may read again (a search's second try).
fn board_of(
    text: &Option<String>,
    rows: &Option<Rows>,
    clues: &Option<Vec<CellPair>>,
    set: Option<u32>,
) -> Result<Grid, ApiError> {
    board(text.clone(), rows.clone(), clues.clone(), set)
}

/// Whether the board is small enough to read and draw in microseconds.
fn small(text: Option<&String>, rows: Option<&Rows>) -> bool {
    match (text, rows) {
        (Some(text), _) => text.len() <= CHEAP_TEXT,
        (None, Some(rows)) => rows.iter().map(Vec::len).sum::<usize>() <= CHEAP_CELLS,
        (None, None) => true,
    }
}

/// Whether a cell is on the board (not a hole, not outside): the cells a
/// picture draws a piece on.
fn on_board(board: &Grid, (r, c): (usize, usize)) -> bool {
    r < board.rows()
        && c < board.cols()
        && board
            .values()
            .get(r * board.cols() + c)
            .is_some_and(Option::is_some)
}

/// The player's pieces as the library takes them.
fn laid(placements: &[CellPair]) -> Vec<Laid> {
    placements
        .iter()
        .map(|&[p, q]| [(p[0], p[1]), (q[0], q[1])])
        .collect()
}

/// Solve a placement board: count its solutions (stopping at 2 proves
/// one unique).
#[utoipa::path(post, path = "/api/v1/place/solve", tag = "place",
    request_body = SolveRequest,
    responses((status = 200, description = "The solutions found", body = SolveDocument), Rejections))]
pub async fn solve(
    Shared(state): Shared<State>,
    JsonBody(request): JsonBody<SolveRequest>,
) -> Result<Response, ApiError> {
    let limit = time_limit(request.time_limit, state.config.max_time)?;
    let asked = board::Solve {
        all: request.all,
        count: request.count,
        limit: request.limit,
        // Grading runs the deductions, which count no nodes.
        small: !request.grade && small(request.text.as_ref(), request.board.as_ref()),
        search: Search::new(&state, limit, request.node_limit),
    };
    let finish: fn(&mut SolveReport<'_>, &Limits) = if request.grade {
        |solved, limits| solved.add_grade(limits)
    } else {
        |_, _| ()
    };
    let (text, rows, clues, set) = (request.text, request.board, request.clues, request.set);
    board::solve::<Place, _>(
        &state,
        asked,
        move || board_of(&text, &rows, &clues, set),
        finish,
    )
    .await
}

/// The deductions that solve a placement board, step by step.
#[utoipa::path(post, path = "/api/v1/place/explain", tag = "place",
    request_body = ExplainRequest,
    responses((status = 200, description = "The deductions", body = ExplainDocument), Rejections))]
pub async fn explain(
    Shared(state): Shared<State>,
    JsonBody(request): JsonBody<ExplainRequest>,
) -> Result<Response, ApiError> {
    let (text, rows, clues, set) = (request.text, request.board, request.clues, request.set);
    board::explain::<Place, _>(&state, move || board_of(&text, &rows, &clues, set)).await
}

/// A new placement puzzle with a unique solution and an exact difficulty.
#[utoipa::path(post, path = "/api/v1/place/generate", tag = "place",
    request_body = GenerateRequest,
    responses((status = 200, description = "The puzzle, or null with why none was found", body = GenerateAnswer), Rejections))]
pub async fn generate(
    Shared(state): Shared<State>,
    JsonBody(request): JsonBody<GenerateRequest>,
) -> Result<Response, ApiError> {
    let deadline = Instant::now() + time_limit(request.time_limit, state.config.max_time)?;
    if Value::from(request.set) > Request::MAX_SET {
        return Err(ApiError::at_path(
            "/set",
            format!("the set must be double-0 to double-{}", Request::MAX_SET),
        ));
    }
    let level = match request.difficulty.as_deref() {
        None => Request::LEVEL,
        Some(name) => match name.parse::<Level>() {
            Err(_) => {
                return Err(ApiError::at_path(
                    "/difficulty",
                    format!(
                        "unknown difficulty '{name}' (expected {})",
                        or_list(&Level::NAMES)
                    ),
                ))
            }
            Ok(level) => level,
        },
    };
    // Generation searches (a hard shape takes seconds whatever the set):
    // the expensive pool.
    state
        .pools
        .run(Cost::Expensive, move |stop| {
            let outline = match request.shape.as_deref() {
                None | Some("rectangle") => Outline::for_set(Value::from(request.set)),
                Some(mask) => parse_outline(mask).map_err(|e| ApiError::input("/shape", e))?,
            };
            let seed = request.seed.unwrap_or(Request::SEED);
            let wanted = Request {
                set: Value::from(request.set),
                level,
                seed,
                outline,
                clues: request.clues,
                max_rounds: Request::MAX_ROUNDS,
            };
            match generate_puzzle(&wanted, &board::limits(deadline, stop)) {
                Ok(puzzle) => report(&GenerateReport { puzzle, seed }),
                // The level was checked above: what is left is the shape.
                Err(e) if e.invalid_request() => Err(ApiError::at_path("/shape", e.to_string())),
                // Not bad input: a negative answer, as the CLI's exit 1.
                Err(e) => {
                    let hint = if e.clues_may_help(&wanted) {
                        " or \"clues\": true"
                    } else {
                        ""
                    };
                    sorted_report(&NotGenerated {
                        puzzle: None,
                        reason: format!("{e}{hint}"),
                        seed,
                    })
                }
            }
        })
        .await?
}

/// The next deduction from a player's pieces, or the pieces that fit no
/// solution.
#[utoipa::path(post, path = "/api/v1/place/hint", tag = "place",
    request_body = PlayRequest,
    responses((status = 200, description = "The hint", body = HintDocument), Rejections))]
pub async fn hint_route(
    Shared(state): Shared<State>,
    JsonBody(request): JsonBody<PlayRequest>,
) -> Result<Response, ApiError> {
    play(state, request, |grid, played, limits| {
        report(&Place::hint(grid, played, limits))
    })
    .await
}

/// A player's pieces checked: rules broken, pieces wrong or laid twice,
/// solved or not.
#[utoipa::path(post, path = "/api/v1/place/check", tag = "place",
    request_body = PlayRequest,
    responses((status = 200, description = "The check", body = CheckDocument), Rejections))]
pub async fn check_route(
    Shared(state): Shared<State>,
    JsonBody(request): JsonBody<PlayRequest>,
) -> Result<Response, ApiError> {
    play(state, request, |grid, played, limits| {
        report(&Place::check_play(grid, played, limits))
    })
    .await
}

/// Asks a play question of the request's board and the player's pieces
/// and marks.
async fn play(
    state: State,
    request: PlayRequest,
    question: fn(&Grid, &Played, &Limits) -> Result<Response, ApiError>,
) -> Result<Response, ApiError> {
    let limit = time_limit(request.time_limit, state.config.max_time)?;
    let search = Search::new(&state, limit, None);
    let read = move || {
        let grid = board_of(&request.text, &request.board, &request.clues, request.set)?;
        let played = Played {
            laid: laid(&request.placements),
            marks: laid(&request.marks),
        };
        Ok((grid, played))
    };
    board::play::<Place, _>(&state, search, read, question).await
}

/// The picture of a placement board, with a player's pieces or the
/// solution.
#[utoipa::path(post, path = "/api/v1/place/render", tag = "place",
    request_body = RenderRequest,
    responses((status = 200, description = "The picture", body = Picture), Rejections))]
pub async fn render(
    Shared(state): Shared<State>,
    JsonBody(request): JsonBody<RenderRequest>,
) -> Result<Response, ApiError> {
    let limit = time_limit(request.time_limit, state.config.max_time)?;
    if request.solution && request.placements.is_some() {
        return Err(ApiError::bad(
            "give \"placements\" or \"solution\": true, not both",
        ));
    }
    // Priced before it is drawn: the board's cells (a text board has at
    // most one cell per two bytes) and the player's pieces.
    let cells = match (&request.text, &request.board) {
        (Some(text), _) => text.len() / 2,
        (None, Some(rows)) => rows.iter().map(Vec::len).sum(),
        (None, None) => 0,
    };
    let pieces = request.placements.as_ref().map_or(0, Vec::len);
    let cost = answer_pool(
        PICTURE_FRAME
            .saturating_add(cells.saturating_mul(PICTURE_CELL))
            .saturating_add(pieces.saturating_mul(PICTURE_PIECE)),
    );
    let inline = cost == Cost::Cheap && small(request.text.as_ref(), request.board.as_ref());
    let max_answer = state.config.max_answer;
    let search = Search::new(&state, limit, None);
    let (placements, solution) = (request.placements, request.solution);
    state
        .pools
        .search(inline, move |stop, budget| {
            let board = board_of(&request.text, &request.board, &request.clues, request.set)?;
            if let Some(placements) = &placements {
                let laid = laid(placements);
                let drawn = laid
                    .iter()
                    .filter(|piece| piece.iter().all(|&cell| on_board(&board, cell)))
                    .count();
                answer_within(
                    max_answer,
                    drawn.saturating_mul(PICTURE_PIECE_FLOOR),
                    &format!("{drawn} placements on the board"),
                )?;
                return svg_answer(play_board_svg(&board, &laid)).map(Some);
            }
            if !solution {
                return svg_answer(board_svg(&board, None)).map(Some);
            }
            let options = SolveOptions {
                mode: SolveMode::Unique,
                limit: Some(1),
                keep: None,
            };
            let solved = SolveReport::new(&board, &options, &search.limits(stop, budget));
            if search.ran_out(budget, solved.found.stopped) {
                return Ok(None);
            }
            match solved.found.solutions.first() {
                Some(map) => svg_answer(board_svg(&board, Some(map))),
                None => report(&Picture {
                    reason: Some(solved.verdict()),
                    svg: board_svg(&board, None),
                }),
            }
            .map(Some)
        })
        .await
}
