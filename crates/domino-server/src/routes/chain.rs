//! `POST /api/v1/chain/solve`: one line through every domino (closed or
//! open), as `domino chain --json`; `POST /api/v1/chain/longest`: the
//! longest line from a hand, as `domino chain longest --json`;
//! `POST /api/v1/chain/render`: the picture of either answer.

use crate::body::Json;
use crate::error::ApiError;
use crate::input::{dominoes, report, svg_answer, time_limit, Picture, Seconds};
use crate::pool::{Cost, Stop};
use crate::State;
use axum::extract::State as Shared;
use axum::response::Response;
use domino::chain::{ChainDocument, ChainReport, Ends, Limits, LongestDocument, LongestReport};
use domino::{Domino, Value};
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};
use utoipa::ToSchema;

/// Hands up to this size are read and chained in about half a
/// millisecond (measured: 2,080 pieces, 0.35 ms with the HTTP round trip),
/// so they run on the async threads (the cheap pool); larger ones, up to
/// the body limit, go to the expensive pool. The picture of any hand is
/// small: past 120 pieces the chain is drawn abbreviated.
const CHEAP_DOMINOES: usize = 2048;
const CHEAP_TEXT: usize = 16 << 10;

/// A hand: give `text` or `dominoes`. The render route draws what the
/// solve route answers for the same body.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ChainRequest {
    /// The hand in any format the CLI reads.
    text: Option<String>,
    /// The hand as pairs of values.
    dominoes: Option<Vec<Domino>>,
    /// An open line (its ends need not match) instead of a closed one.
    #[serde(default)]
    open: bool,
    /// Answer the longest line instead (as `/api/v1/chain/longest`).
    #[serde(default)]
    longest: bool,
    /// With `longest`: the value the line starts with.
    start: Option<Value>,
    /// With `longest`: seconds of search.
    time_limit: Option<Seconds>,
    /// With `longest`: the most search nodes.
    node_limit: Option<u64>,
}

/// A hand whose longest line is asked: give `text` or `dominoes`.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LongestRequest {
    /// The hand in any format the CLI reads.
    text: Option<String>,
    /// The hand as pairs of values.
    dominoes: Option<Vec<Domino>>,
    /// The value the line starts with.
    start: Option<Value>,
    time_limit: Option<Seconds>,
    /// The most search nodes.
    node_limit: Option<u64>,
}

impl From<LongestRequest> for ChainRequest {
    fn from(request: LongestRequest) -> ChainRequest {
        ChainRequest {
            text: request.text,
            dominoes: request.dominoes,
            open: false,
            longest: true,
            start: request.start,
            time_limit: request.time_limit,
            node_limit: request.node_limit,
        }
    }
}

impl ChainRequest {
    /// The longest line is a search that may run to its limit, and cheap
    /// jobs run on the async threads: large hands go to the other pool.
    fn cost(&self) -> Cost {
        let large = self.text.as_ref().is_some_and(|t| t.len() > CHEAP_TEXT)
            || self
                .dominoes
                .as_ref()
                .is_some_and(|d| d.len() > CHEAP_DOMINOES);
        if self.longest || large {
            Cost::Expensive
        } else {
            Cost::Cheap
        }
    }
}

/// What the CLI computes for the request: a chain (or why none), or the
/// longest line. Runs in a pool job.
fn answer<T>(
    request: ChainRequest,
    limit: Duration,
    stop: Stop,
    chain: impl FnOnce(&ChainReport) -> T,
    longest: impl FnOnce(&LongestReport) -> T,
) -> Result<T, ApiError> {
    let hand = dominoes(request.text, request.dominoes)?;
    if request.longest {
        let limits = Limits {
            nodes: request.node_limit,
            deadline: Some(Instant::now() + limit),
            // A client that leaves raises this flag: the search ends.
            stop: Some(stop),
            // The longest-line search stores no table: its memory is the
            // hand's size.
            ..Limits::none()
        };
        return Ok(longest(&LongestReport::new(&hand, request.start, &limits)));
    }
    let ends = if request.open {
        Ends::Open
    } else {
        Ends::Closed
    };
    Ok(chain(&ChainReport::new(&hand, ends)))
}

/// What `/chain/solve` answers: a chain (or why none), or with `longest`
/// the longest line.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
enum ChainSolveAnswer<'a> {
    Chain(ChainDocument<'a>),
    Longest(LongestDocument<'a>),
}

/// One line through every domino, closed or open (or with `longest`, the
/// longest line).
#[utoipa::path(post, path = "/api/v1/chain/solve",
    responses((status = 200, description = "The chain, or why there is none", body = ChainSolveAnswer)))]
pub async fn solve(
    Shared(state): Shared<State>,
    Json(request): Json<ChainRequest>,
) -> Result<Response, ApiError> {
    run(state, request).await
}

/// The longest line a hand can lay, proven optimal unless a limit stopped
/// the search.
#[utoipa::path(post, path = "/api/v1/chain/longest",
    responses((status = 200, description = "The longest line found", body = LongestDocument)))]
pub async fn longest(
    Shared(state): Shared<State>,
    Json(request): Json<LongestRequest>,
) -> Result<Response, ApiError> {
    run(state, request.into()).await
}

async fn run(state: State, request: ChainRequest) -> Result<Response, ApiError> {
    let limit = time_limit(request.time_limit, state.config.max_time)?;
    state
        .pools
        .run(request.cost(), move |stop| {
            let chain = |r: &ChainReport| report(&ChainSolveAnswer::Chain(r.document()));
            let longest = |r: &LongestReport| report(&ChainSolveAnswer::Longest(r.document()));
            answer(request, limit, stop, chain, longest)?
        })
        .await?
}

/// The picture of what the solve route answers for the same body.
#[utoipa::path(post, path = "/api/v1/chain/render",
    responses((status = 200, description = "The picture", body = Picture)))]
pub async fn render(
    Shared(state): Shared<State>,
    Json(request): Json<ChainRequest>,
) -> Result<Response, ApiError> {
    let limit = time_limit(request.time_limit, state.config.max_time)?;
    state
        .pools
        .run(request.cost(), move |stop| {
            answer(request, limit, stop, |r| r.svg(), |r| r.svg()).and_then(svg_answer)
        })
        .await?
}
