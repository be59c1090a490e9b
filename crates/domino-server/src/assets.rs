//! The web app's static files, embedded at compile time by build.rs from
//! web/, served at `/` (index.html) and `/{path}`.

use crate::error::ApiError;
use axum::http::{header, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

/// (path under web/, content type, bytes).
static ASSETS: &[(&str, &str, &[u8])] = include!(concat!(env!("OUT_DIR"), "/assets.rs"));

/// The fallback route: a GET of an embedded file, or a JSON 404.
pub async fn serve(method: Method, uri: Uri) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no route {method} {}", uri.path()),
        )
        .into_response();
    }
    let wanted = match uri.path().trim_start_matches('/') {
        "" => "index.html",
        path => path,
    };
    match ASSETS.iter().find(|(name, _, _)| *name == wanted) {
        Some((_, content_type, bytes)) => (
            [
                (header::CONTENT_TYPE, *content_type),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            *bytes,
        )
            .into_response(),
        None => ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no route GET {}", uri.path()),
        )
        .into_response(),
    }
}
