//! `POST /api/v1/place/...`: placement puzzles. `solve`, `explain` and
//! `generate` answer as `domino place solve|explain|generate --json`;
//! `hint` and `check` help a person solving a board by hand (the library's
//! play support); `render` draws the board, its solution, or a player's
//! pieces on it.
//!
//! A board is `"text"` (any format the CLI reads, one board) or `"board"`
//! (rows of numbers, `null` for a hole) with optional `"clues"`; `"set"`
//! names the set when the cell count does not.

use super::board::{self, board_routes, Door};
use crate::error::ApiError;
use crate::input::{answer_pool, answer_within, one_of, report, time_limit, Either, Seconds};
use crate::pool::Cost;
use crate::State;
use axum::response::Response;
use domino::place::{
    generate as generate_puzzle, grid_from_rows, parse_grids, parse_outline, CheckDocument,
    ExplainDocument, GenerateDocument, GenerateReport, Grid, GridPart, HintDocument, Laid, Level,
    Limits, Map, Outline, Place, PlayCheck, Played, Request, SolveDocument, SolveReport,
};
use domino::render::{board_svg, play_board_svg};
use domino::{Cell, Missing, Value};
use serde::{Deserialize, Serialize};
use std::time::Instant;
use utoipa::ToSchema;

board_routes! {
    family: Place, tag: "place", placement: [Cell; 2],
    /// A board whose deductions are asked: give `text` or `board`.
    input: PlaceBoardRequest {
        /// The board in any format the CLI reads (one board).
        text: Option<String>,
        /// Rows of numbers, `null` for a hole.
        board: Option<Vec<Vec<Option<u32>>>>,
        /// Clue pieces (with `board`).
        clues: Option<Vec<[Cell; 2]>>,
        /// The set is double-N (default: from the cell count or the `#dp`
        /// header).
        set: Option<u32>,
    },
    /// The deductions that solve a placement board, step by step.
    explain -> ExplainDocument,
    /// A board to solve: give `text` or `board`.
    solve: PlaceSolveRequest {
        /// Also grade the board.
        #[serde(default)]
        grade: bool,
    } finish |request| {
        // Grading runs the deductions, which count no nodes.
        request
            .grade
            .then_some(|solved: &mut SolveReport<'_>, limits: &Limits| solved.add_grade(limits))
    },
    /// Solve a placement board: count its solutions (stopping at 2 proves
    /// one unique).
    solve -> SolveDocument,
    /// A board (give `text` or `board`) and the player's pieces.
    play: PlacePlayRequest {
        /// Pairs of neighbouring cells the player marked "no domino here":
        /// `hint` rules them out before its deductions, `hint` and `check`
        /// name the ones the solution covers (`wrong_marks`).
        #[serde(default)]
        marks: Vec<[Cell; 2]>,
    } played |request| Played {
        laid: request.placements.clone(),
        marks: request.marks.clone(),
    },
    /// The next deduction from a player's pieces, or the pieces that fit no
    /// solution.
    hint -> HintDocument,
    /// A player's pieces checked: rules broken, pieces wrong or laid twice,
    /// solved or not.
    check -> CheckDocument,
    /// A board to draw (give `text` or `board`), with the player's pieces
    /// or the solution.
    render: PlaceRenderRequest,
    /// The picture of a placement board, with a player's pieces or the
    /// solution.
    render,
    /// A new placement puzzle with a unique solution and an exact difficulty.
    generate: made(PlaceGenerateRequest) -> PlaceGenerateAnswer "The puzzle, or null with why none was found",
}

/// Added to a message about a board whose cell count fits no set.
const SET_HINT: &str = "; name the set with \"set\"";

/// Rows of numbers, `null` for a hole. The JSON takes numbers and sets as
/// `u32`, so that serde refuses a negative one at its path as ever; they
/// become the library's [`Value`] on the way in.
type Rows = Vec<Vec<Option<u32>>>;

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

/// The puzzle to generate.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlaceGenerateRequest {
    /// The set is double-N.
    #[schema(maximum = 60)]
    set: u32,
    /// The exact difficulty (default basic).
    difficulty: Option<Level>,
    /// The seed (default 1).
    seed: Option<u64>,
    /// `rectangle` (the default), or a mask: any visible character marks
    /// a cell; '.', 'x' or a space a hole.
    shape: Option<String>,
    /// Clue pieces may be given, so that more boards qualify.
    #[serde(default)]
    clues: bool,
    time_limit: Option<Seconds>,
}

/// No puzzle found in time: a negative answer, not bad input.
#[derive(Serialize, ToSchema)]
struct PlaceNotGenerated {
    /// Always `null`.
    #[schema(value_type = Option<Object>, required = true)]
    puzzle: Option<()>,
    /// Why none was found.
    reason: String,
    seed: u64,
}

/// What `/place/generate` answers: the puzzle, or `null` with why none was
/// found.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
enum PlaceGenerateAnswer<'a> {
    Generated(GenerateDocument<'a>),
    NotGenerated(PlaceNotGenerated),
}

/// The board of a request, as text or as rows and clues.
fn board(
    text: Option<String>,
    rows: Option<Rows>,
    clues: Option<Vec<Laid>>,
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
            let clues = clues.unwrap_or_default();
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

/// `generate`: the puzzle, or why none was found in time.
async fn made(state: State, request: PlaceGenerateRequest) -> Result<Response, ApiError> {
    let deadline = Instant::now() + time_limit(request.time_limit, state.config.max_time)?;
    if Value::from(request.set) > Request::MAX_SET {
        return Err(ApiError::at_path(
            "/set",
            format!("the set must be double-0 to double-{}", Request::MAX_SET),
        ));
    }
    let level = request.difficulty.unwrap_or(Request::LEVEL);
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
                Ok(puzzle) => {
                    let made = GenerateReport { puzzle, seed };
                    report(&PlaceGenerateAnswer::Generated(made.document()))
                }
                // The level was checked above: what is left is the shape.
                Err(e) if e.invalid_request() => Err(ApiError::at_path("/shape", e.to_string())),
                // Not bad input: a negative answer, as the CLI's exit 1.
                Err(e) => {
                    let hint = if e.clues_may_help(&wanted) {
                        " or \"clues\": true"
                    } else {
                        ""
                    };
                    report(&PlaceGenerateAnswer::NotGenerated(PlaceNotGenerated {
                        puzzle: None,
                        reason: format!("{e}{hint}"),
                        seed,
                    }))
                }
            }
        })
        .await?
}

impl Door for Place {
    type Input = BoardRequest;
    type Placement = Laid;

    fn small(input: &BoardRequest) -> bool {
        small(input.text.as_ref(), input.board.as_ref())
    }

    fn read(input: &BoardRequest) -> Result<Grid, ApiError> {
        board(
            input.text.clone(),
            input.board.clone(),
            input.clues.clone(),
            input.set,
        )
    }

    fn pieces(placements: &[Laid]) -> Played {
        Played {
            laid: placements.to_vec(),
            marks: Vec::new(),
        }
    }

    /// Place's check is deductions, which count no nodes.
    fn check_inline(_: &BoardRequest, _: &Played) -> bool {
        false
    }

    fn unjudged(_: &PlayCheck<'_>) -> bool {
        false
    }

    /// Priced before it is drawn: the board's cells (a text board has at
    /// most one cell per two bytes) and the player's pieces.
    fn render_inline(input: &BoardRequest, placements: Option<&[Laid]>) -> bool {
        let cells = match (&input.text, &input.board) {
            (Some(text), _) => text.len() / 2,
            (None, Some(rows)) => rows.iter().map(Vec::len).sum(),
            (None, None) => 0,
        };
        let pieces = placements.map_or(0, <[Laid]>::len);
        let cost = answer_pool(
            PICTURE_FRAME
                .saturating_add(cells.saturating_mul(PICTURE_CELL))
                .saturating_add(pieces.saturating_mul(PICTURE_PIECE)),
        );
        cost == Cost::Cheap && Self::small(input)
    }

    fn picture(board: &Grid, solution: Option<&Map>) -> String {
        board_svg(board, solution)
    }

    fn play_picture(board: &Grid, played: &Played, max_answer: usize) -> Result<String, ApiError> {
        let drawn = played
            .laid
            .iter()
            .filter(|piece| piece.iter().all(|&cell| on_board(board, cell)))
            .count();
        answer_within(
            max_answer,
            drawn.saturating_mul(PICTURE_PIECE_FLOOR),
            &format!("{drawn} placements on the board"),
        )?;
        Ok(play_board_svg(board, &played.laid))
    }

    fn carried(_: &Grid) -> Option<&Map> {
        None
    }
}
