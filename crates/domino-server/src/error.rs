//! The one error shape of the API: `{"error", "line", "column", "path"}`
//! with the HTTP status that says whose fault it is. Parse errors keep the
//! position the library found (inside the request's `"text"`), structured
//! input names the JSON path of the bad value, and a solver thread that
//! panicked becomes a logged 500 instead of a dead connection.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use domino::InputError;
use serde::Serialize;
use utoipa::{IntoResponses, ToSchema};

/// The JSON body of every error.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Error)]
pub struct ErrorBody {
    /// What is wrong.
    pub error: String,
    /// The line of the error in the text that did not parse (from 1).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1)]
    pub line: Option<usize>,
    /// Its column (from 1).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1)]
    pub column: Option<usize>,
    /// The JSON pointer of the bad value in the request body.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
}

/// The error answers of every route that reads a body, each with the one
/// error body, described by its doc comment: the router adds them to each
/// route's entry in the document. A list for the document, never built:
/// an [`ApiError`] carries its status.
#[derive(IntoResponses)]
pub enum Rejections {
    /// Bad input: what is wrong, and where (line and column in text, or a
    /// JSON pointer into the body); for the reader, a file it cannot decode
    #[response(status = 400)]
    Bad(ErrorBody),
    /// The request overran the server's time limit (safety net)
    #[response(status = 408)]
    Late(ErrorBody),
    /// The body is larger than the route takes (--max-body, 8 MiB for the
    /// reader), or the answer would be larger than --max-answer
    #[response(status = 413)]
    TooLarge(ErrorBody),
    /// The body is not of the type the route reads (application/json; an
    /// image for the reader)
    #[response(status = 415)]
    NotRead(ErrorBody),
    /// Well-formed but unusable input (a vanish beam width past 1 to 4096,
    /// an image with no Pips board), named by a JSON pointer if in JSON
    #[response(status = 422)]
    Unusable(ErrorBody),
    /// The solver pool is full; retry after the seconds of Retry-After
    #[response(status = 503, headers(("Retry-After" = u64)))]
    Busy(ErrorBody),
}

/// An error answer: status and body.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub body: ErrorBody,
}

impl ApiError {
    /// An error with a message only.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            body: ErrorBody {
                error: message.into(),
                line: None,
                column: None,
                path: None,
            },
        }
    }

    /// 400 about the request as a whole.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 400 about the value at a JSON pointer of the request body.
    pub fn at_path(path: impl Into<String>, message: impl Into<String>) -> ApiError {
        let mut error = ApiError::bad(message);
        error.body.path = Some(path.into());
        error
    }

    /// 400 for text that does not parse: the library's line and column
    /// inside the field at `path` (usually `/text`).
    pub fn input(path: &str, error: InputError) -> ApiError {
        let mut api = ApiError::at_path(path, error.message);
        if let Some(position) = error.position {
            api.body.line = Some(position.line);
            api.body.column = Some(position.column);
        }
        api
    }

    /// 503: the pool and its queue are full; the client should retry.
    pub fn busy() -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is busy with other searches; retry in a moment",
        )
    }

    /// 503: the server is shutting down; the client should retry (another
    /// instance, or this one once restarted, answers).
    pub fn closing() -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is shutting down; retry in a moment",
        )
    }

    /// A solver thread that panicked (a bug) or was cancelled.
    pub fn from_join(error: tokio::task::JoinError) -> ApiError {
        tracing::error!("solver thread failed: {error}");
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal error: the solver failed on this input (a bug; it was logged)",
        )
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let retry = self.status == StatusCode::SERVICE_UNAVAILABLE;
        let mut response = (self.status, axum::Json(self.body)).into_response();
        if retry {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}
