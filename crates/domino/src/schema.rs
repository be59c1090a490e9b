//! OpenAPI schemas of the JSON the reports write (the `schema` feature):
//! the HTTP service derives its document from the reports' types. Most
//! come from `#[derive(ToSchema)]` on the very types serde writes; the two
//! here are for types whose `Serialize` is written by hand too: a name
//! enum ([`named!`](crate::named)) and a domino.

use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;

/// A domino as it is written, `[a, b]`.
pub fn domino() -> RefOr<Schema> {
    let value = ObjectBuilder::new().schema_type(Type::Integer);
    let pair = ArrayBuilder::new()
        .items(value)
        .min_items(Some(2))
        .max_items(Some(2));
    RefOr::T(pair.into())
}

/// A name enum as it is written: one of its `words`.
pub fn words(words: &[&'static str]) -> RefOr<Schema> {
    let names = ObjectBuilder::new().schema_type(Type::String);
    RefOr::T(names.enum_values(Some(words.iter().copied())).into())
}
