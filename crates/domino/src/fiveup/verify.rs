//! Checks a layout move by move without trusting the decider: every play
//! is the input's play, no domino repeats, and each play after the first
//! takes an end that an earlier play offers, shows the shared value, and
//! that no other play has taken yet.

use super::model::{ordinal, Play};
use crate::tile::{Domino, Value};
use std::collections::HashMap;

/// Why a layout does not lay out its game: the first wrong move. The
/// fields count plays from 0, as the JSON does; the messages count them
/// as a player does ("the 2nd play"), as every other Five Up text does.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// The layout has another number of placements than the game has plays.
    #[error("the layout has {layout} placements, the game {plays} plays")]
    Length {
        /// Placements in the layout.
        layout: usize,
        /// Plays in the game.
        plays: usize,
    },
    /// The layout lays another domino than the game plays at this move.
    #[error("the {} play: the layout has {laid}, the game {played}", ordinal(*.index))]
    OtherDomino {
        /// The move, 0-based.
        index: usize,
        /// The domino of the layout.
        laid: Domino,
        /// The domino of the game.
        played: Domino,
    },
    /// The game plays a domino a second time.
    #[error("the {} play: {domino} was already played as the {} play", ordinal(*.index), ordinal(*.earlier))]
    Repeated {
        /// The move, 0-based.
        index: usize,
        /// The domino played again.
        domino: Domino,
        /// The move that played it first.
        earlier: usize,
    },
    /// The first play is attached to something.
    #[error("the first play attaches to nothing")]
    FirstAttached,
    /// A later play lacks its partner or the value it shares.
    #[error("the {} play: no partner or shared value given", ordinal(*.0))]
    Unattached(usize),
    /// A play attached to itself or to a later play.
    #[error("the {} play: attached to the {} play, which is not earlier", ordinal(*.index), ordinal(*.partner))]
    NotEarlier {
        /// The move, 0-based.
        index: usize,
        /// The move it names as its partner.
        partner: usize,
    },
    /// A play attached by a value it does not show.
    #[error("the {} play: {domino} does not show {via}", ordinal(*.index))]
    NotShown {
        /// The move, 0-based.
        index: usize,
        /// Its domino.
        domino: Domino,
        /// The value it claims to share.
        via: Value,
    },
    /// The partner has no end left that shows the shared value.
    #[error("the {} play: the {} play ({partner_domino}) has no free end showing {via} ({offered} offered, all taken)", ordinal(*.index), ordinal(*.partner))]
    NoFreeEnd {
        /// The move, 0-based.
        index: usize,
        /// The move it is attached to.
        partner: usize,
        /// The partner's domino.
        partner_domino: Domino,
        /// The value shared.
        via: Value,
        /// Ends showing `via` the partner offers in all.
        offered: usize,
    },
}

/// Checks that `layout` lays out `plays` legally, in order. The error
/// names the first move that is wrong and why.
pub fn verify_layout(plays: &[Domino], layout: &[Play]) -> Result<(), VerifyError> {
    if layout.len() != plays.len() {
        return Err(VerifyError::Length {
            layout: layout.len(),
            plays: plays.len(),
        });
    }
    let mut first_play: HashMap<(Value, Value), usize> = HashMap::new();
    // Ends already taken, by (offering play, value shown).
    let mut taken: HashMap<(usize, Value), usize> = HashMap::new();
    for (k, (place, &play)) in layout.iter().zip(plays).enumerate() {
        if place.domino.key() != play.key() {
            return Err(VerifyError::OtherDomino {
                index: k,
                laid: place.domino,
                played: play,
            });
        }
        if let Some(j) = first_play.insert(play.key(), k) {
            return Err(VerifyError::Repeated {
                index: k,
                domino: play,
                earlier: j,
            });
        }
        let (partner, via) = match (k, place.attached_to, place.via) {
            (0, None, None) => continue,
            (0, _, _) => return Err(VerifyError::FirstAttached),
            (_, Some(j), Some(v)) => (j, v),
            _ => return Err(VerifyError::Unattached(k)),
        };
        if partner >= k {
            return Err(VerifyError::NotEarlier { index: k, partner });
        }
        if play.a != via && play.b != via {
            return Err(VerifyError::NotShown {
                index: k,
                domino: play,
                via,
            });
        }
        let offered = ends_offered(partner, plays[partner], layout[partner].via, via);
        let used = taken.entry((partner, via)).or_insert(0);
        if *used >= offered {
            return Err(VerifyError::NoFreeEnd {
                index: k,
                partner,
                partner_domino: plays[partner],
                via,
                offered,
            });
        }
        *used += 1;
    }
    Ok(())
}

/// How many ends showing `value` play `index` offers, given the value it
/// attached by (`None` for the first play).
fn ends_offered(index: usize, play: Domino, attached_by: Option<Value>, value: Value) -> usize {
    let shows = play.a == value || play.b == value;
    match (index, play.is_double(), attached_by) {
        _ if !shows => 0,
        (0, true, _) => 4,
        (0, false, _) => 1,
        (_, true, _) => 3,
        (_, false, Some(by)) => {
            let other = if play.a == by { play.b } else { play.a };
            usize::from(other == value)
        }
        (_, false, None) => 0,
    }
}
