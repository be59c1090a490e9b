//! Checks chains and lines without trusting the solvers: every piece used
//! the right number of times, touching halves equal, the loop closed.

use super::Ends;
use crate::tile::{Domino, Value};

/// Checks that `chain` uses every domino of `dominoes` exactly once (in
/// either orientation), that touching halves match, and for
/// [`Ends::Closed`] that the ends match too.
pub fn verify_chain(dominoes: &[Domino], chain: &[Domino], ends: Ends) -> Result<(), String> {
    if chain.len() != dominoes.len() {
        return Err(format!(
            "the chain has {} dominoes, the input {}",
            chain.len(),
            dominoes.len()
        ));
    }
    check_links(chain)?;
    if ends == Ends::Closed {
        if let (Some(first), Some(last)) = (chain.first(), chain.last()) {
            if last.b != first.a {
                return Err(format!(
                    "the chain does not close: it starts with {} and ends with {}",
                    first.a, last.b
                ));
            }
        }
    }
    check_pieces(dominoes, chain)
}

/// Checks that `line` uses pieces of `hand` (each at most as often as the
/// hand has it), that touching halves match, and that it starts with
/// `start` when one is given and the line is not empty.
pub fn verify_line(hand: &[Domino], line: &[Domino], start: Option<Value>) -> Result<(), String> {
    check_links(line)?;
    if let (Some(start), Some(first)) = (start, line.first()) {
        if first.a != start {
            return Err(format!(
                "the line starts with {}, not with {start}",
                first.a
            ));
        }
    }
    check_pieces(hand, line)
}

fn check_links(line: &[Domino]) -> Result<(), String> {
    for (k, pair) in line.windows(2).enumerate() {
        if pair[0].b != pair[1].a {
            return Err(format!(
                "pieces {} ({}) and {} ({}) do not match",
                k + 1,
                pair[0],
                k + 2,
                pair[1]
            ));
        }
    }
    Ok(())
}

/// Every piece of `used` is taken from `available`, at most once each.
fn check_pieces(available: &[Domino], used: &[Domino]) -> Result<(), String> {
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
                _ => {
                    return Err(format!(
                        "{}|{} is used more often than the input has it",
                        piece.0, piece.1
                    ))
                }
            }
        }
    }
    Ok(())
}
