//! The answers of the fiveup family: a witness layout for a legal game, and
//! for an illegal one the first move that can never be played, with why.

use crate::tile::{Domino, Value};
use serde::Serialize;
use std::fmt;

/// Where one play lies in a legal layout. Serializes as
/// `{"domino": [a,b], "attached_to": j, "via": v}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = FiveupPlay))]
pub struct Play {
    /// The domino played, halves in the order the game listed them.
    pub domino: Domino,
    /// The earlier play (0-based index) this one touches; `None` for the
    /// first play.
    pub attached_to: Option<usize>,
    /// The value shown by both touching halves; `None` for the first play.
    pub via: Option<Value>,
}

/// The first move that no legal layout of the moves before it can take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// 0-based index of the move.
    pub index: usize,
    /// The domino of that move, as the game listed it.
    pub domino: Domino,
    /// Why no layout of the earlier moves leaves it a place.
    pub reason: Reason,
}

/// Why a move can never be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The same domino (in either orientation) was already played.
    Duplicate {
        /// The 0-based index of the move that played it first.
        earlier: usize,
    },
    /// No earlier play shows either of the domino's numbers.
    NoOpenEnd,
    /// Its numbers were played, but every layout of the earlier moves uses
    /// up every end showing them.
    Taken {
        /// For each number of the domino that was played before: how many
        /// ends showing it the layout found for the earlier moves has (all
        /// of them taken).
        ends: Vec<(Value, usize)>,
        /// The earlier moves that compete for those ends (sorted): between
        /// them they need every end that any layout could leave open, which
        /// proves no layout frees one (a Hall violator of the matching).
        competing: Vec<usize>,
    },
}

/// How many earlier moves a message lists before it says "and N more".
const SHOWN: usize = 10;

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.domino;
        match &self.reason {
            Reason::Duplicate { earlier } => {
                write!(
                    f,
                    "{d} was already played as the {} play",
                    ordinal(*earlier)
                )
            }
            Reason::NoOpenEnd if d.is_double() => {
                write!(f, "no earlier play shows {}", d.a)
            }
            Reason::NoOpenEnd => write!(f, "no earlier play shows {} or {}", d.a, d.b),
            Reason::Taken { ends, competing } => {
                let values: Vec<String> = ends.iter().map(|(v, _)| v.to_string()).collect();
                let counts: Vec<String> = ends
                    .iter()
                    .map(|&(v, n)| format!("{n} end{} showing {v}", if n == 1 { "" } else { "s" }))
                    .collect();
                write!(
                    f,
                    "every end showing {} is taken ({} played, all in use), and no other \
                     layout of the earlier plays frees one: the ",
                    values.join(" or "),
                    counts.join(" and ")
                )?;
                let shown: Vec<String> =
                    competing.iter().take(SHOWN).map(|&m| ordinal(m)).collect();
                let more = competing.len().saturating_sub(SHOWN);
                match (shown.split_last(), more) {
                    (Some((last, rest)), 0) if !rest.is_empty() => {
                        write!(f, "{} and {last}", rest.join(", "))?
                    }
                    _ => f.write_str(&shown.join(", "))?,
                }
                if more > 0 {
                    write!(f, " and {more} more")?;
                }
                if competing.len() == 1 {
                    f.write_str(" play needs every end it could take")
                } else {
                    f.write_str(" plays need every end they could take")
                }
            }
        }
    }
}

impl std::error::Error for IllegalMove {}

/// A 0-based play index as a player counts it: 0 is "1st", 2 is "3rd",
/// 11 is "12th". The JSON's `move` stays 0-based; words for people use
/// this, so the text, the pictures and the web page number plays alike.
pub(crate) fn ordinal(index: usize) -> String {
    let n = index + 1;
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
