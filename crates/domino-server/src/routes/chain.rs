//! `POST /api/v1/chain`: one line through every domino (closed or open),
//! or with `longest` the longest line from a hand, as `domino chain --json`;
//! `POST /api/v1/render/chain`: the picture of the same answer.

use crate::body::JsonBody;
use crate::error::ApiError;
use crate::input::{dominoes, report, svg_answer, time_limit};
use crate::pool::{Cost, Stop};
use crate::State;
use axum::extract::State as Shared;
use axum::response::Response;
use domino::chain::{ChainReport, Ends, Limits, LongestReport};
use domino::{Domino, Value};
use serde::Deserialize;
use std::time::{Duration, Instant};

/// Hands up to this size chain in well under a millisecond (the cheap pool).
const CHEAP_DOMINOES: usize = 8192;
const CHEAP_TEXT: usize = 64 << 10;

/// The request of both routes: the render route draws what the chain
/// route answers for the same body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChainRequest {
    text: Option<String>,
    dominoes: Option<Vec<Domino>>,
    #[serde(default)]
    open: bool,
    #[serde(default)]
    longest: bool,
    start: Option<Value>,
    time_limit: Option<f64>,
    node_limit: Option<u64>,
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

pub async fn chain(
    Shared(state): Shared<State>,
    JsonBody(request): JsonBody<ChainRequest>,
) -> Result<Response, ApiError> {
    let limit = time_limit(request.time_limit, state.config.max_time)?;
    state
        .pools
        .run(request.cost(), move |stop| {
            answer(request, limit, stop, |r| report(r), |r| report(r))?
        })
        .await?
}

pub async fn render(
    Shared(state): Shared<State>,
    JsonBody(request): JsonBody<ChainRequest>,
) -> Result<Response, ApiError> {
    let limit = time_limit(request.time_limit, state.config.max_time)?;
    state
        .pools
        .run(request.cost(), move |stop| {
            answer(request, limit, stop, |r| r.svg(), |r| r.svg()).map(svg_answer)
        })
        .await?
}
