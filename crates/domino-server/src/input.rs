//! The parts of requests that several routes share: a puzzle given as
//! `"text"` (any format the CLI reads) or as structured JSON, the time
//! limit (capped by the server's), the limits of a search, the price of an
//! answer (estimated before it is built), and the JSON answers (a library
//! report, a value, a picture).

use crate::error::ApiError;
use crate::pool::{Cost, Stop};
use crate::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use domino::search::Limits;
use domino::{parse_dominoes, Domino};
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

/// The one of `text` and `structured` the request gave, or a 400 naming both.
pub fn one_of<T>(
    text: Option<String>,
    structured: Option<T>,
    structured_name: &str,
) -> Result<Either<String, T>, ApiError> {
    match (text, structured) {
        (Some(text), None) => Ok(Either::Text(text)),
        (None, Some(value)) => Ok(Either::Structured(value)),
        (Some(_), Some(_)) => Err(ApiError::bad(format!(
            "give the puzzle once: either \"text\" or \"{structured_name}\", not both"
        ))),
        (None, None) => Err(ApiError::bad(format!(
            "no puzzle: give \"text\" (any format the CLI reads) or \"{structured_name}\""
        ))),
    }
}

/// A puzzle as text or as structured JSON.
pub enum Either<T, S> {
    Text(T),
    Structured(S),
}

/// A list of dominoes from `"text"` or `"dominoes"`.
pub fn dominoes(text: Option<String>, list: Option<Vec<Domino>>) -> Result<Vec<Domino>, ApiError> {
    match one_of(text, list, "dominoes")? {
        Either::Text(text) => parse_dominoes(&text).map_err(|e| ApiError::input("/text", e)),
        Either::Structured(list) => Ok(list),
    }
}

/// A request's `time_limit`: seconds, capped by the server's --max-time
/// (also the default).
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(transparent)]
pub struct Seconds(f64);

/// A positive number: utoipa's derive cannot bound a newtype.
impl PartialSchema for Seconds {
    fn schema() -> RefOr<Schema> {
        let seconds = ObjectBuilder::new()
            .schema_type(Type::Number)
            .exclusive_minimum(Some(0))
            .description(Some(
                "Seconds; capped by the server's --max-time (also the default)",
            ));
        RefOr::T(seconds.into())
    }
}

impl ToSchema for Seconds {}

/// The request's `time_limit` in seconds, capped by the server's limit
/// (which is also the default).
pub fn time_limit(requested: Option<Seconds>, max: Duration) -> Result<Duration, ApiError> {
    match requested.map(|Seconds(s)| s) {
        None => Ok(max),
        // Compared before converting: a huge number would overflow a Duration.
        Some(s) if s.is_finite() && s > 0.0 && s >= max.as_secs_f64() => Ok(max),
        Some(s) if s.is_finite() && s > 0.0 => Ok(Duration::from_secs_f64(s)),
        Some(s) => Err(ApiError::at_path(
            "/time_limit",
            format!("the time limit must be a positive number of seconds, not {s}"),
        )),
    }
}

/// What bounds one search of a request: its deadline (set when the
/// request arrived, so that a second try on the expensive pool ends when
/// the first would have), its node limit, and the server's memory cap.
#[derive(Clone, Debug)]
pub struct Search {
    deadline: Instant,
    nodes: Option<u64>,
    memory: usize,
}

impl Search {
    /// The search of a request that asked for `time` and `nodes`.
    pub fn new(state: &State, time: Duration, nodes: Option<u64>) -> Search {
        Search {
            deadline: Instant::now() + time,
            nodes,
            memory: state.config.max_search_memory,
        }
    }

    /// The limits of a try with `budget` nodes (or none): the request's
    /// node limit within the budget, and `stop`, raised when the client
    /// leaves.
    pub fn limits(&self, stop: Stop, budget: Option<u64>) -> Limits {
        Limits {
            nodes: match (self.nodes, budget) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            deadline: Some(self.deadline),
            stop: Some(stop),
            memory: Some(self.memory),
            solutions: None,
        }
    }

    /// Whether a try with `budget` that `stopped` early should run again
    /// without the budget (it stopped for the budget, not for the
    /// request's own node limit).
    pub fn ran_out(&self, budget: Option<u64>, stopped: bool) -> bool {
        stopped && budget.is_some_and(|b| self.nodes.is_none_or(|n| n > b))
    }
}

/// An answer estimated at this many bytes or fewer is built on the async
/// threads: the engine writes pictures at about 100 MB/s (measured: a
/// place board with 1,000 pieces, 530 KB, in 4.6 ms), so 64 KiB takes
/// well under a millisecond.
pub const INLINE_ANSWER: usize = 64 << 10;

/// The pool that builds an answer estimated at `estimate` bytes, priced
/// before anything is read or drawn: the expensive pool past
/// [`INLINE_ANSWER`], else the cheap one.
pub fn answer_pool(estimate: usize) -> Cost {
    if estimate > INLINE_ANSWER {
        Cost::Expensive
    } else {
        Cost::Cheap
    }
}

/// 413 naming the bound when an answer that will be at least `floor`
/// bytes long (known once the input is read, before it is drawn) is past
/// the server's `--max-answer` (`max`); `what` names what makes it long.
pub fn answer_within(max: usize, floor: usize, what: &str) -> Result<(), ApiError> {
    if floor <= max {
        return Ok(());
    }
    Err(ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!(
            "{what}: the answer would be at least {floor} bytes, more than this server sends ({max}, --max-answer): ask for less"
        ),
    ))
}

/// A JSON document already written as bytes (the library's writers).
pub fn json(bytes: Vec<u8>) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], bytes).into_response()
}

/// A library report as the answer: the document the CLI prints with
/// `--json`. Writing one cannot fail for the library's types; if it ever
/// did, that is a bug, answered 500.
pub fn report<T: Serialize>(value: &T) -> Result<Response, ApiError> {
    let mut bytes = serde_json::to_vec(value).map_err(unwritable)?;
    bytes.push(b'\n');
    Ok(json(bytes))
}

/// An answer the server builds, written with the keys of every object in
/// sorted order: so the server wrote these answers when it built them as
/// `serde_json` values, and their bytes stay the same.
pub fn sorted_report<T: Serialize>(value: &T) -> Result<Response, ApiError> {
    report(&serde_json::to_value(value).map_err(unwritable)?)
}

fn unwritable(error: serde_json::Error) -> ApiError {
    tracing::error!("an answer did not serialize: {error}");
    ApiError::new(
        axum::http::StatusCode::INTERNAL_SERVER_ERROR,
        "internal error: the answer could not be written (a bug; it was logged)",
    )
}

/// The answer of a render route.
#[derive(Serialize, ToSchema)]
pub struct Picture {
    /// Why the picture lacks what was asked (place: no solution to draw).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// An SVG document drawn by the engine's render module.
    pub svg: String,
}

/// A picture as the answer of a render route: `{"svg": "<svg ...>"}`.
pub fn svg_answer(svg: String) -> Result<Response, ApiError> {
    report(&Picture { reason: None, svg })
}
