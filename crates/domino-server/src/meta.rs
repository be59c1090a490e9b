//! Routes about the server itself: `/healthz` (alive, and how busy each
//! pool is) and the OpenAPI document of the API (see [`crate::openapi`]),
//! written once when the server starts.

use crate::State;
use axum::extract::State as Shared;
use axum::http::header;
use axum::response::IntoResponse;
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

/// Alive, and how busy the pools are. The fields are in sorted order, as
/// the answer has always written them.
#[derive(Serialize, ToSchema)]
pub struct Health {
    /// Jobs at work in each pool.
    busy: PoolCounts,
    /// Jobs each pool runs at once.
    capacity: PoolCounts,
    /// The largest request body, in bytes.
    max_body: usize,
    /// The longest search, in seconds.
    max_time: f64,
    /// Always `ok`.
    status: &'static str,
    version: &'static str,
    /// Requests waiting for a slot in each pool.
    waiting: PoolCounts,
}

/// A number for each pool.
#[derive(Serialize, ToSchema)]
pub struct PoolCounts {
    cheap: usize,
    expensive: usize,
}

/// Alive, and how busy the solver pools are.
#[utoipa::path(get, path = "/healthz", tag = "server",
    responses((status = 200, description = "The server's state", body = Health)))]
pub async fn healthz(Shared(state): Shared<State>) -> Json<Health> {
    let pools = &state.pools;
    Json(Health {
        busy: PoolCounts {
            cheap: pools.cheap.running(),
            expensive: pools.expensive.running(),
        },
        capacity: PoolCounts {
            cheap: pools.cheap.capacity(),
            expensive: pools.expensive.capacity(),
        },
        max_body: state.config.max_body,
        max_time: state.config.max_time.as_secs_f64(),
        status: "ok",
        version: env!("CARGO_PKG_VERSION"),
        waiting: PoolCounts {
            cheap: pools.cheap.waiting(),
            expensive: pools.expensive.waiting(),
        },
    })
}

/// This document.
#[utoipa::path(get, path = "/api/v1/openapi.json", tag = "server",
    responses((status = 200, description = "The OpenAPI document", content_type = "application/json", body = Object)))]
pub async fn openapi(Shared(state): Shared<State>) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "application/json")],
        state.document.clone(),
    )
}
