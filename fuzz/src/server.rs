//! The check of the fuzz target `server_request`: any bytes, POSTed as a
//! JSON body to one of the service's routes (the first byte picks which,
//! among the POST routes of the served OpenAPI document), get an answer
//! that is not a server error and has the documented JSON shape.
//!
//! The router is called in-process (no socket): the same layers, pools and
//! limits as `domino serve`, with a short time limit so a hard puzzle costs
//! a fraction of a second. The stable test suite replays this check over
//! fuzz/seeds/server_request and fuzz/regressions/server_request
//! (crates/domino-server/tests/all/fuzz_replay.rs).

use axum::body::{to_bytes, Body};
use axum::http::{header, Request};
use axum::Router;
use domino_server::{app, Config};
use std::sync::OnceLock;
use std::time::Duration;
use tower::ServiceExt;

/// What every call shares: one runtime, one router, the routes.
struct Service {
    runtime: tokio::runtime::Runtime,
    router: Router,
    routes: Vec<String>,
}

fn service() -> &'static Service {
    static SERVICE: OnceLock<Service> = OnceLock::new();
    SERVICE.get_or_init(|| {
        let config = Config {
            max_time: Duration::from_millis(200),
            workers: 1,
            queue: 4,
            ..Config::default()
        };
        let document = serde_json::to_value(domino_server::openapi::document())
            .expect("the OpenAPI document serializes");
        let mut routes: Vec<String> = document["paths"]
            .as_object()
            .map(|paths| {
                paths
                    .iter()
                    .filter(|(_, operations)| operations.get("post").is_some())
                    .map(|(path, _)| path.clone())
                    .collect()
            })
            .unwrap_or_default();
        routes.sort();
        assert!(
            !routes.is_empty(),
            "the OpenAPI document lists no POST route"
        );
        Service {
            runtime: tokio::runtime::Builder::new_multi_thread()
                .worker_threads(1)
                .enable_all()
                .build()
                .expect("a tokio runtime"),
            router: app(config),
            routes,
        }
    })
}

/// Posts `data[1..]` to the route `data[0]` picks; panics on a 5xx other
/// than 503 (a full pool), or an error answer without its message.
pub fn request(data: &[u8]) {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    let service = service();
    let route = &service.routes[usize::from(pick) % service.routes.len()];
    let request = Request::post(route.as_str())
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_vec()))
        .expect("a request from a known route");
    let (status, answer) = service.runtime.block_on(async {
        let response = service
            .router
            .clone()
            .oneshot(request)
            .await
            .expect("the router is infallible");
        let status = response.status();
        let bytes = to_bytes(response.into_body(), usize::MAX)
            .await
            .expect("a complete answer");
        (status, bytes)
    });
    assert!(
        !status.is_server_error() || status.as_u16() == 503,
        "{route}: {status} for {:?}",
        String::from_utf8_lossy(body)
    );
    let json: serde_json::Value = serde_json::from_slice(&answer)
        .unwrap_or_else(|e| panic!("{route}: {status}: not JSON: {e}"));
    if !status.is_success() {
        assert!(
            json["error"].as_str().is_some_and(|m| !m.is_empty()),
            "{route}: {status} without a message: {json}"
        );
    }
}
