//! OpenAPI schemas of the JSON the reports write (the `schema` feature):
//! the HTTP service derives its document from the reports' types. Most
//! come from `#[derive(ToSchema)]` on the very types serde writes; this
//! module holds the few that are written by hand because serde writes
//! them by hand too: a name enum (its words, from the type's `NAMES`)
//! and a pair of numbers.

#[cfg(feature = "schema")]
use utoipa::openapi::{
    schema::{ArrayBuilder, ObjectBuilder, Schema, Type},
    RefOr,
};

/// An array of exactly two integers, the smallest `minimum` (a domino's
/// values, a cell's row and column: the HTTP service's requests too).
#[cfg(feature = "schema")]
pub fn pair(minimum: Option<i64>) -> RefOr<Schema> {
    let item = ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(minimum);
    RefOr::T(
        ArrayBuilder::new()
            .items(item)
            .min_items(Some(2))
            .max_items(Some(2))
            .into(),
    )
}

/// The schema of a name enum, `$name` in the document: the words of
/// `$type::NAMES` (from `named!`), as its `Serialize` writes them.
macro_rules! name_schema {
    ($type:ty, $name:literal) => {
        #[cfg(feature = "schema")]
        impl utoipa::PartialSchema for $type {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                let names = utoipa::openapi::schema::ObjectBuilder::new()
                    .schema_type(utoipa::openapi::schema::Type::String)
                    .enum_values(Some(<$type>::NAMES));
                utoipa::openapi::RefOr::T(names.into())
            }
        }

        #[cfg(feature = "schema")]
        impl utoipa::ToSchema for $type {
            fn name() -> std::borrow::Cow<'static, str> {
                std::borrow::Cow::Borrowed($name)
            }
        }
    };
}
pub(crate) use name_schema;
