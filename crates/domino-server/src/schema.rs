//! The pieces of schema the routes share: their error answers
//! ([`Rejections`]) and the time limit's. The routes use them; the
//! document (see [`crate::openapi`]) is built from the routes, so neither
//! imports the other.

use crate::error::ErrorBody;
use crate::input::Seconds;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::{IntoResponses, PartialSchema, ToSchema};

/// The error answers of every route that reads a body, each with the one
/// error body: the router adds them to each route's entry. A list for the
/// document, never built: an [`crate::error::ApiError`] carries its status.
#[derive(IntoResponses)]
pub enum Rejections {
    #[response(
        status = 400,
        description = "Bad input: what is wrong, and where (line and column in text, or a JSON pointer into the body); for the reader, a file it cannot decode"
    )]
    Bad(ErrorBody),
    #[response(
        status = 408,
        description = "The request overran the server's time limit (safety net)"
    )]
    Late(ErrorBody),
    #[response(
        status = 413,
        description = "The body is larger than the route takes (--max-body, 8 MiB for the reader), or the answer would be larger than --max-answer"
    )]
    TooLarge(ErrorBody),
    #[response(
        status = 415,
        description = "The body is not of the type the route reads (application/json; an image for the reader)"
    )]
    NotRead(ErrorBody),
    #[response(
        status = 422,
        description = "Well-formed but unusable input (a vanish beam width past 1 to 4096, an image with no Pips board), named by a JSON pointer if in JSON"
    )]
    Unusable(ErrorBody),
    #[response(status = 503, description = "The solver pool is full; retry after the seconds of Retry-After", headers(("Retry-After" = u64)))]
    Busy(ErrorBody),
}

impl PartialSchema for Seconds {
    fn schema() -> RefOr<Schema> {
        let seconds = ObjectBuilder::new()
            .schema_type(Type::Number)
            .exclusive_minimum(Some(0))
            .description(Some(
                "Seconds; capped by the server's --max-time (also the default)",
            ));
        RefOr::T(seconds.into())
    }
}

impl ToSchema for Seconds {}
