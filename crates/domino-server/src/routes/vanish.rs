//! `POST /api/v1/vanish/...`: solve a board with any algorithm (as `domino
//! vanish solve --json`).

use crate::body::JsonBody;
use crate::error::ApiError;
use crate::input::{json_value, one_of, time_limit, Either};
use crate::pool::Cost;
use crate::State;
use axum::extract::State as Shared;
use axum::response::Response;
use domino::vanish::{parse_board, solve as solve_board, Algorithm, Board, Options};
use serde::Deserialize;
use std::time::Instant;

/// Memory for one exact search's table of positions: a server runs several
/// searches at once, so each gets less than the CLI's 512 MiB (a full
/// table is overwritten: slower, never wrong).
const TABLE_BYTES: usize = 64 << 20;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    text: Option<String>,
    board: Option<BoardJson>,
    algorithm: Option<String>,
    time_limit: Option<f64>,
    node_limit: Option<u64>,
    beam_width: Option<usize>,
    seed: Option<u64>,
}

/// A board as structured JSON.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardJson {
    width: usize,
    height: usize,
    pieces: Vec<PieceJson>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceJson {
    x: usize,
    y: usize,
    orientation: OrientationJson,
    values: [u64; 2],
}

#[derive(Clone, Copy, Deserialize)]
pub enum OrientationJson {
    #[serde(rename = "h")]
    Horizontal,
    #[serde(rename = "v")]
    Vertical,
}

/// The board of a request: `text` in the text or XML format, or `board`.
fn board(text: Option<String>, structured: Option<BoardJson>) -> Result<Board, ApiError> {
    match one_of(text, structured, "board")? {
        Either::Text(text) => parse_board(&text).map_err(|e| ApiError::input("/text", e)),
        Either::Structured(json) => {
            let pieces = json
                .pieces
                .iter()
                .map(|p| domino::vanish::Piece {
                    x: p.x,
                    y: p.y,
                    orientation: match p.orientation {
                        OrientationJson::Horizontal => domino::vanish::Orientation::Horizontal,
                        OrientationJson::Vertical => domino::vanish::Orientation::Vertical,
                    },
                    value1: p.values[0],
                    value2: p.values[1],
                })
                .collect();
            Board::new(json.width, json.height, pieces)
                .map_err(|e| ApiError::at_path("/board", e.to_string()))
        }
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

pub async fn solve(
    Shared(state): Shared<State>,
    JsonBody(request): JsonBody<SolveRequest>,
) -> Result<Response, ApiError> {
    let algorithm = algorithm(request.algorithm.as_deref())?;
    let limit = time_limit(request.time_limit, state.config.max_time)?;
    let cost = match algorithm {
        Algorithm::Greedy => Cost::Cheap,
        _ => Cost::Expensive,
    };
    state
        .pools
        .run(cost, move |stop| {
            let board = board(request.text, request.board)?;
            let limits = Options {
                time_limit: Some(limit),
                node_limit: request.node_limit,
                stop: Some(stop),
                memory_bytes: TABLE_BYTES,
                beam_width: request.beam_width.unwrap_or(64).max(1),
                seed: request.seed.unwrap_or(1),
                // One thread a search: the pools, not the solver, share
                // the cores among requests.
                threads: Some(1),
            };
            let start = Instant::now();
            let solution = solve_board(&board, algorithm, &limits, None);
            Ok(json_value(&serde_json::json!({
                "score": solution.score,
                "optimal": solution.optimal,
                "algorithm": algorithm.name(),
                "order": solution.order,
                "states": solution.states,
                "lower_bound": solution.lower_bound,
                "seconds": start.elapsed().as_secs_f64(),
            })))
        })
        .await?
}
