//! The answers of `domino chain` as documents: the JSON the command line
//! prints with `--json` (and the HTTP service returns), and the text it
//! prints for people. Pictures of the same reports live in `render`.

use super::{longest, solve, Ends, Limits, LongestLine, NoChain};
use crate::digits::push_dominoes_text;
use crate::tile::{Domino, Value};
use serde::ser::{Serialize, Serializer};
use std::fmt::Write;

/// One line through every domino of a hand, or why there is none.
///
/// Serializes as `{"chain": [[a,b], ...]}`, or, with no chain,
/// `{"chain": null, "groups": [...], "odd_values": [...], "reason": "..."}`.
#[derive(Clone, Debug)]
pub struct ChainReport<'a> {
    /// The dominoes as given (drawn when there is no chain).
    pub hand: &'a [Domino],
    /// Whether the line had to close into a loop.
    pub ends: Ends,
    /// The chain, or why none exists.
    pub result: Result<Vec<Domino>, NoChain>,
}

impl<'a> ChainReport<'a> {
    /// Looks for a chain with these `ends` through every domino of `hand`.
    pub fn new(hand: &'a [Domino], ends: Ends) -> Self {
        ChainReport {
            hand,
            ends,
            result: solve(hand, ends),
        }
    }

    /// True when a chain exists (the command's exit code 0).
    pub fn found(&self) -> bool {
        self.result.is_ok()
    }

    /// What a person reads: the kind and length, then the chain, or the
    /// reason there is none.
    pub fn text(&self) -> String {
        match &self.result {
            Ok(chain) => {
                let kind = match self.ends {
                    Ends::Closed => "closed",
                    Ends::Open => "open",
                };
                let mut out = String::with_capacity(chain.len() * 12 + 64);
                let _ = writeln!(out, "{kind} chain of {} dominoes:", chain.len());
                push_dominoes_text(&mut out, chain);
                out.push('\n');
                out
            }
            Err(why) => format!("no chain: {why}\n"),
        }
    }
}

impl ChainReport<'_> {
    /// The report as its JSON document.
    pub fn document(&self) -> ChainDocument<'_> {
        match &self.result {
            Ok(chain) => ChainDocument {
                chain: Some(chain),
                groups: None,
                odd_values: None,
                reason: None,
            },
            Err(why) => ChainDocument {
                chain: None,
                groups: Some(&why.groups),
                odd_values: Some(&why.odd_values),
                reason: Some(why.to_string()),
            },
        }
    }
}

impl Serialize for ChainReport<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.document().serialize(serializer)
    }
}

/// [`ChainReport`] as JSON (`domino chain --json`): the chain, or `null`
/// and why there is none. Nothing else, so that it is told apart from
/// [`LongestDocument`].
#[derive(serde::Serialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = ChainAnswer))]
pub struct ChainDocument<'a> {
    /// The line, each domino turned to fit; `null` when there is none.
    #[cfg_attr(feature = "schema", schema(required = true))]
    pub chain: Option<&'a [Domino]>,
    /// The values of each group of the hand that never touch the others.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub groups: Option<&'a [Vec<Value>]>,
    /// The values that appear an odd number of times, each with its count.
    #[serde(skip_serializing_if = "Option::is_none")]
    // utoipa sees through the `Value` alias only outside a tuple.
    #[cfg_attr(feature = "schema", schema(value_type = Option<Vec<(i64, usize)>>))]
    pub odd_values: Option<&'a [(Value, usize)]>,
    /// Why there is no chain.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// The longest line a hand can lay (`domino chain longest`).
///
/// Serializes as `{"chain": [...], "length": n, "optimal": true|false,
/// "nodes": n}`.
#[derive(Clone, Debug)]
pub struct LongestReport<'a> {
    /// The hand the line was laid from.
    pub hand: &'a [Domino],
    /// The best line found, whether it is proven optimal, and the work done.
    pub best: LongestLine,
}

impl<'a> LongestReport<'a> {
    /// Searches the longest line of `hand` (starting with `start` when
    /// given) within `limits`.
    pub fn new(hand: &'a [Domino], start: Option<Value>, limits: &Limits) -> Self {
        LongestReport {
            hand,
            best: longest(hand, start, limits),
        }
    }

    /// What a person reads: the length, whether it is proven, the line.
    pub fn text(&self) -> String {
        let best = &self.best;
        let proof = if best.optimal {
            "optimal"
        } else {
            "not proven optimal: a limit stopped the search"
        };
        let mut out = String::with_capacity(best.line.len() * 12 + 96);
        let _ = writeln!(
            out,
            "longest line: {} of {} dominoes ({proof}, {} nodes)",
            best.line.len(),
            self.hand.len(),
            best.nodes
        );
        push_dominoes_text(&mut out, &best.line);
        out.push('\n');
        out
    }
}

impl LongestReport<'_> {
    /// The report as its JSON document.
    pub fn document(&self) -> LongestDocument<'_> {
        LongestDocument {
            chain: &self.best.line,
            length: self.best.line.len(),
            optimal: self.best.optimal,
            nodes: self.best.nodes,
        }
    }
}

impl Serialize for LongestReport<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.document().serialize(serializer)
    }
}

/// [`LongestReport`] as JSON (`domino chain longest --json`).
#[derive(serde::Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LongestAnswer))]
pub struct LongestDocument<'a> {
    /// The line, each piece turned so touching halves match.
    pub chain: &'a [Domino],
    /// Its number of pieces.
    pub length: usize,
    /// False when a limit stopped the search first.
    pub optimal: bool,
    /// Search nodes visited.
    pub nodes: u64,
}
