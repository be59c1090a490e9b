//! Checks a layout move by move without trusting the decider: every play
//! is the input's play, no domino repeats, and each play after the first
//! takes an end that an earlier play offers, shows the shared value, and
//! that no other play has taken yet.

use super::model::Play;
use crate::tile::{Domino, Value};
use std::collections::HashMap;

/// Checks that `layout` lays out `plays` legally, in order. The error
/// names the first move that is wrong and why.
pub fn verify_layout(plays: &[Domino], layout: &[Play]) -> Result<(), String> {
    if layout.len() != plays.len() {
        return Err(format!(
            "the layout has {} placements, the game {} plays",
            layout.len(),
            plays.len()
        ));
    }
    let mut first_play: HashMap<(Value, Value), usize> = HashMap::new();
    // Ends already taken, by (offering play, value shown).
    let mut taken: HashMap<(usize, Value), usize> = HashMap::new();
    for (k, (place, &play)) in layout.iter().zip(plays).enumerate() {
        if place.domino.key() != play.key() {
            return Err(format!(
                "move {k}: the layout has {}, the game {play}",
                place.domino
            ));
        }
        if let Some(j) = first_play.insert(play.key(), k) {
            return Err(format!("move {k}: {play} was already played as move {j}"));
        }
        let (partner, via) = match (k, place.attached_to, place.via) {
            (0, None, None) => continue,
            (0, _, _) => return Err("move 0: the first play attaches to nothing".into()),
            (_, Some(j), Some(v)) => (j, v),
            _ => return Err(format!("move {k}: no partner or shared value given")),
        };
        if partner >= k {
            return Err(format!(
                "move {k}: attached to move {partner}, which is not earlier"
            ));
        }
        if play.a != via && play.b != via {
            return Err(format!("move {k}: {play} does not show {via}"));
        }
        let offered = ends_offered(partner, plays[partner], layout[partner].via, via);
        let used = taken.entry((partner, via)).or_insert(0);
        if *used >= offered {
            return Err(format!(
                "move {k}: move {partner} ({}) has no free end showing {via} ({offered} offered, all taken)",
                plays[partner]
            ));
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
