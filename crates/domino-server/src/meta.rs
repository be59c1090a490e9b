//! Routes about the server itself: `/healthz` (alive, and how busy each
//! pool is) and the OpenAPI document of the API (see [`crate::openapi`]).

use crate::State;
use axum::extract::State as Shared;
use axum::http::header;
use axum::response::IntoResponse;
use axum::Json;

pub async fn healthz(Shared(state): Shared<State>) -> Json<serde_json::Value> {
    let pools = &state.pools;
    Json(serde_json::json!({
        "status": "ok",
        "version": env!("CARGO_PKG_VERSION"),
        "busy": {
            "cheap": pools.cheap.running(),
            "expensive": pools.expensive.running(),
        },
        "capacity": {
            "cheap": pools.cheap.capacity(),
            "expensive": pools.expensive.capacity(),
        },
        "max_time": state.config.max_time.as_secs_f64(),
        "max_body": state.config.max_body,
    }))
}

pub async fn openapi() -> impl IntoResponse {
    static DOCUMENT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let text = DOCUMENT.get_or_init(|| crate::openapi::document().to_string());
    ([(header::CONTENT_TYPE, "application/json")], text.as_str())
}
