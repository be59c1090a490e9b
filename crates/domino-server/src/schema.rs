//! The pieces of schema the routes' request and answer types share: the
//! error answers of the routes ([`Rejections`], [`rejections`]), the
//! time limit and the bounded numbers the routes enforce. The routes use them; the document (see [`crate::openapi`]) is built from
//! the routes, so neither imports the other.

use crate::error::ErrorBody;
use crate::input::Seconds;
use std::collections::BTreeMap;
use utoipa::openapi::response::{Response, ResponseBuilder};
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::{ContentBuilder, HeaderBuilder, Ref, RefOr};
use utoipa::{IntoResponses, PartialSchema, ToSchema};

/// The error answers of a route whose body is JSON (every route but the
/// reader's: [`crate::routes::router`] adds them to each).
pub struct Rejections;

impl IntoResponses for Rejections {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        rejections([
            ("400", "Bad input: the message, and where (line and column in text, or a JSON pointer into the body)"),
            ("413", "The body is larger than the server's limit (--max-body), or the answer would be (--max-answer)"),
            ("415", "The body is not application/json"),
            ("422", "A parameter outside the range its schema gives (a vanish beam width past 1 to 4096), named by a JSON pointer"),
        ])
    }
}

/// The error answers every route may give: the time limit's and the pools'.
const TIMEOUT: &str = "The request overran the server's time limit (safety net)";
const BUSY: &str = "The solver pool is full; retry after the seconds of Retry-After";

/// `own` error answers (status, description) and those every route may
/// give (408, 503), each with the one error body ([`ErrorBody`]).
pub fn rejections<'a>(
    own: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> BTreeMap<String, RefOr<Response>> {
    let every = [("408", TIMEOUT), ("503", BUSY)];
    let body = ContentBuilder::new()
        .schema(Some(Ref::from_schema_name(ErrorBody::name())))
        .build();
    let retry = HeaderBuilder::new()
        .schema(ObjectBuilder::new().schema_type(Type::Integer))
        .build();
    own.into_iter()
        .chain(every)
        .map(|(status, description)| {
            let mut response = ResponseBuilder::new()
                .description(description)
                .content("application/json", body.clone());
            if status == "503" {
                response = response.header("Retry-After", retry.clone());
            }
            (status.to_string(), RefOr::T(response.build()))
        })
        .collect()
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

/// An integer from `min` to `max` (a bound the route enforces).
pub fn integer(min: usize, max: usize, description: &str) -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(min))
        .maximum(Some(max))
        .description(Some(description))
}
