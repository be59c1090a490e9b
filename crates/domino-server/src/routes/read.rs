//! `POST /api/v1/pips/read`: a screenshot of the newspaper's Pips in, the
//! puzzle it shows out ([`ReadingDocument`]: the newspaper's JSON and the
//! text format, where the board is, what the reader is unsure of, and
//! whether the puzzle read has one solution), so the page can show the
//! reading for the player to confirm or fix before playing it.
//!
//! The body is the image file itself, not JSON: PNG or JPEG, at most the
//! library's [`MAX_FILE_BYTES`] (the server's `--max-body` is for JSON and
//! does not apply here: see [`crate::limit`]). Reading decodes and scans
//! a picture of millions of pixels, so it runs on the expensive pool.

use crate::error::ApiError;
use crate::input::{report, time_limit, Search};
use crate::pool::Cost;
use crate::State;
use axum::body::Body;
use axum::extract::State as Shared;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::Response;
use domino::pips::read::{read as read_screenshot, ReadError, ReadingDocument, MAX_FILE_BYTES};

/// The route's path: the body limit leaves it to the route.
pub const PATH: &str = "/api/v1/pips/read";

/// The media types of the body.
const IMAGE_TYPES: [&str; 3] = ["image/png", "image/jpeg", "application/octet-stream"];

/// Read a screenshot of the newspaper's Pips: the puzzle it shows, where
/// the board is in the picture, the cells, badges and dominoes the reader
/// is unsure of (with their pixel boxes), and whether the puzzle read has
/// a solution and only one (counted within the server's limits).
#[utoipa::path(post, path = "/api/v1/pips/read",
    request_body(
        description = "The screenshot file, PNG or JPEG, at most 8 MiB",
        content(("image/png"), ("image/jpeg"), ("application/octet-stream"))
    ),
    responses((status = 200, description = "The puzzle read", body = ReadingDocument)))]
pub async fn read(
    Shared(state): Shared<State>,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    if !is_image(&headers) {
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "the body must be the screenshot file, sent with Content-Type: image/png, image/jpeg or application/octet-stream",
        ));
    }
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_FILE_BYTES as u64) {
        return Err(too_large());
    }
    let bytes = axum::body::to_bytes(body, MAX_FILE_BYTES)
        .await
        .map_err(|e| {
            if past_limit(&e) {
                too_large()
            } else {
                ApiError::bad(format!("the request body could not be read: {e}"))
            }
        })?;
    let search = Search::new(&state, time_limit(None, state.config.max_time)?, None);
    state
        .pools
        .run(Cost::Expensive, move |stop| {
            let reading = read_screenshot(&bytes).map_err(refusal)?;
            report(&ReadingDocument::new(&reading, &search.limits(stop, None)))
        })
        .await?
}

/// Whether the request declares one of [`IMAGE_TYPES`].
fn is_image(headers: &HeaderMap) -> bool {
    let Some(value) = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let essence = value.split(';').next().unwrap_or("").trim();
    IMAGE_TYPES.iter().any(|t| essence.eq_ignore_ascii_case(t))
}

/// Whether reading the body stopped at the limit (rather than the client
/// going away).
fn past_limit(error: &axum::Error) -> bool {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(e) = cause {
        if e.is::<http_body_util::LengthLimitError>() {
            return true;
        }
        cause = e.source();
    }
    false
}

fn too_large() -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!(
            "the screenshot is larger than {} MiB, the most the reader takes",
            MAX_FILE_BYTES >> 20
        ),
    )
}

/// A picture that gives no reading: 400 when it is not an image the
/// reader decodes, 422 when it is one with no Pips board.
fn refusal(error: ReadError) -> ApiError {
    let status = match error {
        ReadError::Image(_) => StatusCode::BAD_REQUEST,
        ReadError::NoBoard(_) => StatusCode::UNPROCESSABLE_ENTITY,
    };
    ApiError::new(status, error.to_string())
}
