//! `POST /api/v1/chain`: one line through every domino (closed or open),
//! or with `longest` the longest line from a hand, as `domino chain --json`.

use crate::body::JsonBody;
use crate::error::ApiError;
use crate::input::{dominoes, json_value, time_limit};
use crate::pool::Cost;
use crate::State;
use axum::extract::State as Shared;
use axum::response::Response;
use domino::chain::{find_chain, longest_line, Limits, Shape};
use domino::{Domino, Value};
use serde::Deserialize;
use std::time::Instant;

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

pub async fn chain(
    Shared(state): Shared<State>,
    JsonBody(request): JsonBody<ChainRequest>,
) -> Result<Response, ApiError> {
    let limit = time_limit(request.time_limit, state.config.max_time)?;
    let cost = if request.longest {
        Cost::Expensive
    } else {
        Cost::Cheap
    };
    state
        .pools
        .run(cost, move |stop| {
            let hand = dominoes(request.text, request.dominoes)?;
            if request.longest {
                let limits = Limits {
                    nodes: request.node_limit,
                    deadline: Some(Instant::now() + limit),
                    // A client that leaves raises this flag: the search ends.
                    stop: Some(stop),
                };
                let best = longest_line(&hand, request.start, &limits);
                return Ok(json_value(&serde_json::json!({
                    "chain": best.line,
                    "length": best.line.len(),
                    "optimal": best.optimal,
                    "nodes": best.nodes,
                })));
            }
            let shape = if request.open {
                Shape::Open
            } else {
                Shape::Closed
            };
            Ok(json_value(&match find_chain(&hand, shape) {
                Ok(chain) => serde_json::json!({ "chain": chain }),
                Err(why) => serde_json::json!({
                    "chain": null,
                    "reason": why.to_string(),
                    "odd_values": why.odd_values,
                    "groups": why.groups,
                }),
            }))
        })
        .await?
}
