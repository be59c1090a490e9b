//! Dominoes, double-N sets with their bone numbering, and the one parser for
//! lists of dominoes that chain and fiveup read.
//!
//! Accepted list formats (they may not be mixed within one list):
//! `1|2 2|3`, `1-2 2-3`, `[1,2] [2,3]`, `[[1,2],[2,3]]`, and one pair per
//! line (`1 2`, `1,2`, or any of the forms above). Values are signed 64-bit
//! integers; in `-3--4` the first `-` after a number separates, a `-` where a
//! number must start is a sign.

use crate::input_error::{describe_char, quote, InputError};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A number shown on one half of a domino.
pub type Value = i64;

/// One domino. The order of the halves matters where a domino lies in a line
/// (`a` is the end that touches the previous piece); as a piece in a hand,
/// `[a,b]` and `[b,a]` are the same (see [`Domino::key`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "[Value; 2]", from = "[Value; 2]")]
pub struct Domino {
    /// The first half: in a line, the end that touches the previous piece.
    pub a: Value,
    /// The second half: in a line, the end the next piece must match.
    pub b: Value,
}

/// In the document as in the JSON: `[a, b]`.
#[cfg(feature = "schema")]
impl utoipa::PartialSchema for Domino {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Type};
        let value = ObjectBuilder::new().schema_type(Type::Integer);
        let pair = ArrayBuilder::new()
            .items(value)
            .min_items(Some(2))
            .max_items(Some(2));
        utoipa::openapi::RefOr::T(pair.into())
    }
}

#[cfg(feature = "schema")]
impl utoipa::ToSchema for Domino {}

impl Domino {
    /// The domino with halves `a` then `b`, in that order (`new(1, 2)` is
    /// written `1|2`).
    pub const fn new(a: Value, b: Value) -> Self {
        Domino { a, b }
    }

    /// The same piece turned around.
    pub const fn flipped(self) -> Self {
        Domino {
            a: self.b,
            b: self.a,
        }
    }

    /// True when both halves show the same value (a double, such as `3|3`):
    /// in Five Up such a piece is a spinner.
    pub const fn is_double(self) -> bool {
        self.a == self.b
    }

    /// The piece with its smaller half first: equal for `[a,b]` and `[b,a]`.
    pub fn key(self) -> (Value, Value) {
        (self.a.min(self.b), self.a.max(self.b))
    }
}

impl From<Domino> for [Value; 2] {
    fn from(d: Domino) -> Self {
        [d.a, d.b]
    }
}

impl From<[Value; 2]> for Domino {
    fn from([a, b]: [Value; 2]) -> Self {
        Domino { a, b }
    }
}

impl fmt::Display for Domino {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}|{}", self.a, self.b)
    }
}

/// Number of bones in a double-N set: (N+1)(N+2)/2; none for a negative N.
pub const fn set_size(n: Value) -> usize {
    if n < 0 {
        return 0;
    }
    let n = n as usize;
    (n + 1).saturating_mul(n + 2) / 2
}

/// The bone number (1-based) of `low-high` in a double-N set, in the order
/// 0-0, 0-1, ..., 0-N, 1-1, 1-2, ..., N-N. The halves, in `0..=n`, may
/// come in any order.
pub fn bone_number(x: Value, y: Value, n: Value) -> usize {
    let (low, high) = (x.min(y) as usize, x.max(y) as usize);
    let n = n as usize;
    // Bones starting with 0..low-1 come first: (n+1) + n + ... + (n+2-low).
    let before = low * (n + 1) - low * low.saturating_sub(1) / 2;
    before + (high - low) + 1
}

/// The two halves (low, high) of bone number `number` (1-based) in a
/// double-N set; the inverse of [`bone_number`].
pub fn bone_halves(number: usize, n: Value) -> (Value, Value) {
    let mut rest = number - 1;
    let mut low: Value = 0;
    loop {
        let row = (n - low + 1) as usize;
        if rest < row {
            return (low, low + rest as Value);
        }
        rest -= row;
        low += 1;
    }
}

/// The most dominoes a list may hold. Ten million take about 0.7 GB to
/// chain (docs/limits.md); more are refused while reading.
pub const MAX_DOMINOES: usize = 10_000_000;

/// Reads a list of dominoes in any of the formats of this module.
pub fn parse_dominoes(text: &str) -> Result<Vec<Domino>, InputError> {
    ListParser::new(text).parse()
}

/// A byte-level reader that tracks line and column for its messages. Bytes,
/// not chars, because a million-domino list must be read in milliseconds;
/// columns still count characters (UTF-8 continuation bytes are skipped).
struct ListParser<'t> {
    text: &'t str,
    bytes: &'t [u8],
    pos: usize,
    line: usize,
    line_start: usize,
}

impl<'t> ListParser<'t> {
    fn new(text: &'t str) -> Self {
        ListParser {
            text,
            bytes: text.as_bytes(),
            pos: 0,
            line: 1,
            line_start: 0,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn error(&self, message: String) -> InputError {
        let column = self.text[self.line_start..self.pos].chars().count() + 1;
        InputError::at(self.line, column, message)
    }

    fn found(&self) -> String {
        describe_char(self.text[self.pos..].chars().next())
    }

    fn bump(&mut self) {
        if self.peek() == Some(b'\n') {
            self.line += 1;
            self.line_start = self.pos + 1;
        }
        self.pos += 1;
    }

    /// Skips spaces and tabs (and `\r`), staying on the line.
    fn skip_blanks(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\r')) {
            self.pos += 1;
        }
    }

    /// Skips all white space (ASCII, as `u8::is_ascii_whitespace`),
    /// newlines included.
    fn skip_space(&mut self) {
        while let Some(&c) = self.bytes.get(self.pos) {
            match c {
                b'\n' => {
                    self.pos += 1;
                    self.line += 1;
                    self.line_start = self.pos;
                }
                b' ' | b'\t' | b'\r' | b'\x0c' => self.pos += 1,
                _ => break,
            }
        }
    }

    fn parse(mut self) -> Result<Vec<Domino>, InputError> {
        let mut dominoes = Vec::with_capacity((self.bytes.len() / 4).min(MAX_DOMINOES));
        self.skip_space();
        let outer = self.starts_outer_list();
        if outer {
            self.bump();
        }
        loop {
            self.skip_space();
            match self.peek() {
                None if outer => return Err(self.error("expected ']' to close the list".into())),
                None => return Ok(dominoes),
                Some(b']') if outer => {
                    self.bump();
                    self.skip_space();
                    if self.peek().is_some() {
                        return Err(self.error(format!(
                            "expected nothing after the closing ']', found {}",
                            self.found()
                        )));
                    }
                    return Ok(dominoes);
                }
                Some(b',') if outer && !dominoes.is_empty() => {
                    self.bump();
                    continue;
                }
                Some(_) if dominoes.len() == MAX_DOMINOES => {
                    return Err(self.error(format!(
                        "more than {MAX_DOMINOES} dominoes: the most a list may hold"
                    )))
                }
                Some(b'[') => dominoes.push(self.bracketed_pair()?),
                Some(_) => dominoes.push(self.plain_pair()?),
            }
        }
    }

    /// `[[` (with optional space between) opens a list of bracketed pairs.
    fn starts_outer_list(&self) -> bool {
        if self.peek() != Some(b'[') {
            return false;
        }
        let rest = &self.bytes[self.pos + 1..];
        let next = rest.iter().find(|c| !c.is_ascii_whitespace());
        matches!(next, Some(b'[') | Some(b']'))
    }

    fn bracketed_pair(&mut self) -> Result<Domino, InputError> {
        self.bump(); // '['
        self.skip_space();
        let a = self.number("after '['")?;
        self.skip_space();
        if self.peek() != Some(b',') {
            return Err(self.error(format!(
                "expected ',' between the two numbers of a pair, found {}",
                self.found()
            )));
        }
        self.bump();
        self.skip_space();
        let b = self.number("after ','")?;
        self.skip_space();
        if self.peek() != Some(b']') {
            return Err(self.error(format!(
                "expected ']' to close the pair, found {}",
                self.found()
            )));
        }
        self.bump();
        Ok(Domino::new(a, b))
    }

    fn plain_pair(&mut self) -> Result<Domino, InputError> {
        let a = self.number("at the start of a domino")?;
        let spaced = matches!(self.peek(), Some(b' ' | b'\t'));
        self.skip_blanks();
        let separator = match self.peek() {
            Some(b'|') => Some("after '|'"),
            Some(b',') => Some("after ','"),
            // After a space, `-` separates only when a space follows it too
            // (`1 - 2`); `1 -2` is two numbers, the second negative.
            Some(b'-') if !spaced || matches!(self.bytes.get(self.pos + 1), Some(b' ' | b'\t')) => {
                Some("after '-'")
            }
            _ if spaced => None,
            _ => {
                return Err(self.error(format!(
                    "expected '|', '-', ',' or a space after {a}, found {}",
                    self.found()
                )))
            }
        };
        if separator.is_some() {
            self.bump();
            self.skip_blanks();
        }
        let b = self.number(separator.unwrap_or("as the second half of the domino"))?;
        Ok(Domino::new(a, b))
    }

    /// A signed decimal number; `context` says where it was expected.
    ///
    /// Up to 18 digits cannot overflow, so the common number is read in one
    /// unchecked pass; a longer one (which may still fit, or have leading
    /// zeros) or none at all is left to [`Self::checked_number`].
    #[inline]
    fn number(&mut self, context: &str) -> Result<Value, InputError> {
        let start = self.pos;
        let negative = self.bytes.get(start) == Some(&b'-');
        let digits_start = start + usize::from(negative);
        let mut pos = digits_start;
        let mut magnitude: u64 = 0;
        while let Some(&c) = self.bytes.get(pos) {
            let digit = c.wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            // Could wrap only past 19 digits; past 18 it is read again below.
            magnitude = magnitude.wrapping_mul(10).wrapping_add(u64::from(digit));
            pos += 1;
        }
        if pos == digits_start || pos - digits_start > 18 {
            return self.checked_number(start, pos, context);
        }
        self.pos = pos;
        // Below 10^18, so it fits either way round.
        let magnitude = magnitude as i64;
        Ok(if negative { -magnitude } else { magnitude })
    }

    /// The number in `start..end` (sign included) when it has no digits or
    /// more than 18: the error for a missing or too large number, else its
    /// value.
    #[cold]
    #[inline(never)]
    fn checked_number(
        &mut self,
        start: usize,
        end: usize,
        context: &str,
    ) -> Result<Value, InputError> {
        let negative = self.bytes.get(start) == Some(&b'-');
        let digits = &self.bytes[start + usize::from(negative)..end];
        if digits.is_empty() {
            return Err(self.error(format!(
                "expected a number {context}, found {}",
                self.found()
            )));
        }
        self.pos = end;
        let magnitude = digits.iter().try_fold(0u64, |m, &c| {
            m.checked_mul(10)?.checked_add(u64::from(c - b'0'))
        });
        let limit = if negative {
            i64::MIN.unsigned_abs()
        } else {
            i64::MAX as u64
        };
        match magnitude {
            Some(m) if m <= limit => Ok(if negative {
                (m as i64).wrapping_neg()
            } else {
                m as i64
            }),
            _ => {
                let column = self.text[self.line_start..start].chars().count() + 1;
                Err(InputError::at(
                    self.line,
                    column,
                    format!(
                        "the number {} does not fit in a signed 64-bit integer",
                        quote(&self.text[start..end])
                    ),
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(text: &str) -> Vec<(i64, i64)> {
        parse_dominoes(text)
            .unwrap()
            .into_iter()
            .map(|d| (d.a, d.b))
            .collect()
    }

    #[test]
    fn every_format_reads_the_same_list() {
        let expected = vec![(1, 2), (2, 3)];
        for text in [
            "1|2 2|3",
            "1-2 2-3",
            "[1,2] [2,3]",
            "[[1,2],[2,3]]",
            "[ [1, 2], [2, 3] ]\n",
            "1 2\n2 3\n",
            "1,2\n2,3",
            "1|2\n2|3\n",
            "  1 | 2\t2| 3 ",
        ] {
            assert_eq!(pairs(text), expected, "{text:?}");
        }
    }

    #[test]
    fn negative_and_extreme_values() {
        assert_eq!(pairs("-3--4"), vec![(-3, -4)]);
        assert_eq!(pairs("1 -2\n-3 - -4"), vec![(1, -2), (-3, -4)]);
        assert_eq!(pairs("[-1, 5]"), vec![(-1, 5)]);
        assert_eq!(
            pairs("9223372036854775807|-9223372036854775808"),
            vec![(i64::MAX, i64::MIN)]
        );
    }

    /// Numbers of every length up to 19 digits (past 18 the checked
    /// reading takes over), with what may follow them, read as
    /// `str::parse` reads them.
    #[test]
    fn numbers_of_every_length_and_ending() {
        for digits in 1..=19 {
            let number: String = (0..digits)
                .map(|i| char::from(b'1' + (i % 9) as u8))
                .collect();
            let value: i64 = number.parse().unwrap();
            // What follows the pair, and how many more dominoes it holds.
            for (end, more) in [
                ("", 0),
                (" ", 0),
                (" 1|2", 1),
                ("\n3 4", 1),
                ("\t5,6 7-8", 2),
                ("\r\n9 -10\n", 1),
            ] {
                for (text, a, b) in [
                    (format!("{number}|-{number}{end}"), value, -value),
                    (format!("-{number}-0{number}{end}"), -value, value),
                    (format!("[{number},{number}]{end}"), value, value),
                ] {
                    let all = pairs(&text);
                    assert_eq!((all[0], all.len()), ((a, b), 1 + more), "{text:?}");
                }
            }
        }
    }

    #[test]
    fn empty_lists() {
        assert!(pairs("").is_empty());
        assert!(pairs(" \n\n ").is_empty());
        assert!(pairs("[]").is_empty());
        assert!(pairs("[ ]").is_empty());
    }

    #[test]
    fn errors_name_line_column_and_expectation() {
        let err = parse_dominoes("1|2\n2|3\n3|1 4|x").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 3, column 7: expected a number after '|', found 'x'"
        );
        let err = parse_dominoes("[[1,2],[2 3]]").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1, column 11: expected ',' between the two numbers of a pair, found '3'"
        );
        let err = parse_dominoes("1|2 3").unwrap_err();
        assert!(err.to_string().starts_with("line 1, column 6:"), "{err}");
        let err = parse_dominoes("99999999999999999999|1").unwrap_err();
        assert!(err.to_string().contains("does not fit"), "{err}");
        let err = parse_dominoes("[[1,2]").unwrap_err();
        assert!(err.to_string().contains("expected ']'"), "{err}");
        let err = parse_dominoes("1 |").unwrap_err();
        assert!(
            err.to_string().contains("expected a number after '|'"),
            "{err}"
        );
    }

    #[test]
    fn bone_numbers_follow_the_set_order() {
        let n = 6;
        let mut number = 1;
        for low in 0..=n {
            for high in low..=n {
                assert_eq!(bone_number(low, high, n), number);
                assert_eq!(bone_number(high, low, n), number);
                assert_eq!(bone_halves(number, n), (low, high));
                number += 1;
            }
        }
        assert_eq!(number - 1, set_size(n));
    }
}
