//! Names written once: the enums a user names by a word (place's levels
//! and grades, pips' grades, vanish's algorithms) list their words in one
//! table, and [`named!`](crate::named) gives each the same doors to it:
//! [`Named`] (`ALL`, `NAMES`, `name`), `Display`, `FromStr` with one
//! error wording ([`unknown_name`]), serde's `Serialize` and
//! `Deserialize`, and (with the `schema` feature) its OpenAPI schema, a
//! string enum of the words under the name given. The command line, the
//! HTTP service and the Python package (constants generated from
//! [`Named::NAMES`]) take the words from here.

use crate::search::or_list;

/// An enum whose values are named by words, one table for every door.
pub trait Named: Copy + PartialEq + 'static {
    /// What a value is called in messages: `level`, `grade`, `algorithm`.
    const WHAT: &'static str;
    /// Every value, in the order of [`Named::NAMES`] (easiest first for
    /// levels and grades).
    const ALL: &'static [Self];
    /// The word of each value of [`Named::ALL`].
    const NAMES: &'static [&'static str];

    /// The value's word.
    fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .position(|&v| v == self)
            .map_or("", |k| Self::NAMES[k])
    }

    /// The value named `text`, or the one error every door shows.
    fn from_name(text: &str) -> Result<Self, String> {
        Self::NAMES
            .iter()
            .position(|&n| n == text)
            .map(|k| Self::ALL[k])
            .ok_or_else(|| unknown_name(Self::WHAT, text, Self::NAMES))
    }
}

/// The one wording of an unknown name: `unknown level 'x' (expected
/// trivial, basic, hard or extreme)`.
pub fn unknown_name(what: &str, text: &str, names: &[&str]) -> String {
    format!("unknown {what} '{text}' (expected {})", or_list(names))
}

/// Implements [`Named`], `Display`, `FromStr`, `Serialize`,
/// `Deserialize` and the schema (`PipsGrade` in the OpenAPI document) for
/// an enum from its table of values and words:
///
/// ```ignore
/// named!(Grade, "grade", "PipsGrade", [Grade::Easy => "easy", Grade::Hard => "hard"]);
/// ```
#[macro_export]
#[doc(hidden)]
macro_rules! named {
    ($ty:ident, $what:literal, $schema:literal, [$($value:expr => $name:literal),+ $(,)?]) => {
        impl $ty {
            /// Every value, in the order of the words of `NAMES`.
            pub const ALL: [$ty; [$($name),+].len()] = [$($value),+];
            /// The word of each value of `ALL`: one table for JSON, the
            /// command line, the HTTP service and `FromStr`.
            pub const NAMES: [&'static str; [$($name),+].len()] = [$($name),+];

            /// The value's word.
            pub fn name(self) -> &'static str {
                <$ty as $crate::names::Named>::name(self)
            }
        }

        impl $crate::names::Named for $ty {
            const WHAT: &'static str = $what;
            const ALL: &'static [Self] = &<$ty>::ALL;
            const NAMES: &'static [&'static str] = &<$ty>::NAMES;
        }

        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str($crate::names::Named::name(*self))
            }
        }

        impl ::std::str::FromStr for $ty {
            type Err = String;
            fn from_str(text: &str) -> Result<Self, String> {
                <$ty as $crate::names::Named>::from_name(text)
            }
        }

        impl ::serde::Serialize for $ty {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str($crate::names::Named::name(*self))
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $ty {
            fn deserialize<D: ::serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <String as ::serde::Deserialize>::deserialize(deserializer)?;
                <$ty as $crate::names::Named>::from_name(&text).map_err(::serde::de::Error::custom)
            }
        }

        #[cfg(feature = "schema")]
        impl utoipa::PartialSchema for $ty {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                use utoipa::openapi::schema::{ObjectBuilder, Type};
                let words = ObjectBuilder::new().schema_type(Type::String);
                utoipa::openapi::RefOr::T(words.enum_values(Some(<$ty>::NAMES)).into())
            }
        }

        #[cfg(feature = "schema")]
        impl utoipa::ToSchema for $ty {
            fn name() -> ::std::borrow::Cow<'static, str> {
                ::std::borrow::Cow::Borrowed($schema)
            }
        }
    };
}
