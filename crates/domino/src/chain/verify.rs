//! Checks chains and lines without trusting the solvers: every piece used
//! the right number of times, touching halves equal, the loop closed.

use super::Ends;
use crate::tile::{Domino, Value};

/// Why a chain or line is not an answer for its dominoes: the first fault
/// found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// The chain has another number of pieces than the input.
    #[error("the chain has {chain} dominoes, the input {input}")]
    Length {
        /// Pieces in the chain.
        chain: usize,
        /// Pieces in the input.
        input: usize,
    },
    /// Two neighbouring pieces show different values where they touch.
    #[error("pieces {} ({}) and {} ({}) do not match", .index + 1, .first, .index + 2, .second)]
    Mismatch {
        /// The 0-based position of the first of the two pieces.
        index: usize,
        /// That piece, as laid.
        first: Domino,
        /// The piece after it, as laid.
        second: Domino,
    },
    /// A closed chain whose last piece does not lead back to its first.
    #[error("the chain does not close: it starts with {start} and ends with {end}")]
    NotClosed {
        /// The near half of the first piece.
        start: Value,
        /// The far half of the last piece.
        end: Value,
    },
    /// A line that does not start with the value asked for.
    #[error("the line starts with {found}, not with {wanted}")]
    WrongStart {
        /// The near half of the line's first piece.
        found: Value,
        /// The value the line had to start with.
        wanted: Value,
    },
    /// A piece used more often than the input has it.
    #[error("{}|{} is used more often than the input has it", .0.0, .0.1)]
    Overused((Value, Value)),
}

/// Checks that `chain` uses every domino of `dominoes` exactly once (in
/// either orientation), that touching halves match, and for
/// [`Ends::Closed`] that the ends match too.
pub fn verify_chain(dominoes: &[Domino], chain: &[Domino], ends: Ends) -> Result<(), VerifyError> {
    if chain.len() != dominoes.len() {
        return Err(VerifyError::Length {
            chain: chain.len(),
            input: dominoes.len(),
        });
    }
    check_links(chain)?;
    if ends == Ends::Closed {
        if let (Some(first), Some(last)) = (chain.first(), chain.last()) {
            if last.b != first.a {
                return Err(VerifyError::NotClosed {
                    start: first.a,
                    end: last.b,
                });
            }
        }
    }
    check_pieces(dominoes, chain)
}

/// Checks that `line` uses pieces of `hand` (each at most as often as the
/// hand has it), that touching halves match, and that it starts with
/// `start` when one is given and the line is not empty.
pub fn verify_line(
    hand: &[Domino],
    line: &[Domino],
    start: Option<Value>,
) -> Result<(), VerifyError> {
    check_links(line)?;
    if let (Some(start), Some(first)) = (start, line.first()) {
        if first.a != start {
            return Err(VerifyError::WrongStart {
                found: first.a,
                wanted: start,
            });
        }
    }
    check_pieces(hand, line)
}

fn check_links(line: &[Domino]) -> Result<(), VerifyError> {
    for (k, pair) in line.windows(2).enumerate() {
        if pair[0].b != pair[1].a {
            return Err(VerifyError::Mismatch {
                index: k,
                first: pair[0],
                second: pair[1],
            });
        }
    }
    Ok(())
}

/// Every piece of `used` is taken from `available`, at most once each.
fn check_pieces(available: &[Domino], used: &[Domino]) -> Result<(), VerifyError> {
    let mut have: Vec<(Value, Value)> = available.iter().map(|d| d.key()).collect();
    let mut want: Vec<(Value, Value)> = used.iter().map(|d| d.key()).collect();
    have.sort_unstable();
    want.sort_unstable();
    let mut h = have.iter().peekable();
    for piece in &want {
        loop {
            match h.next() {
                Some(x) if x == piece => break,
                Some(x) if x < piece => continue,
                _ => return Err(VerifyError::Overused(*piece)),
            }
        }
    }
    Ok(())
}
