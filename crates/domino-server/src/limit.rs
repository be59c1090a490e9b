//! The request body limit: the server's `--max-body` for every route that
//! takes JSON, as tower-http's limit does (413 when the declared length is
//! past it, the body cut off where it passes it); the screenshot reader's
//! route reads its image against the library's own bound instead (a phone
//! screenshot is larger than any JSON request).

use crate::error::ApiError;
use crate::routes::read;
use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// Applies `max` to the body of every request but the reader's.
pub async fn body_limit(max: usize, request: Request, next: Next) -> Response {
    if request.uri().path() == read::PATH {
        return next.run(request).await;
    }
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > max as u64) {
        return ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "the request body is larger than the server's limit",
        )
        .into_response();
    }
    let request = request.map(|body| Body::new(http_body_util::Limited::new(body, max)));
    next.run(request).await
}
