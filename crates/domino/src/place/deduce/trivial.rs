//! Trivial techniques: a cell with only one possible partner, a bone with
//! only one possible place. Placing a piece rules out everything that
//! overlaps it or repeats its bone (part of the same step).

use super::state::State;
use super::words;
use super::{Action, Found, Technique};

/// Every cell with one option left and every bone with one place left.
pub(crate) fn singles(state: &State, explain: bool) -> Vec<Found> {
    let mut found = Vec::new();
    for cell in 0..state.board.values.len() {
        if let Some(k) = state.only_option_of_cell(cell) {
            let p = state.cands[k];
            let other = if p.cells[0] == cell {
                p.cells[1]
            } else {
                p.cells[0]
            };
            let text = if explain {
                format!(
                    "{} can only pair with {}: {} goes there",
                    words::cell(state, cell),
                    words::cell(state, other),
                    words::piece_at(state, k)
                )
            } else {
                String::new()
            };
            found.push(Found {
                technique: Technique::OnlyPartner,
                text,
                cells: p.cells.to_vec(),
                action: Action::Place(k),
            });
        }
    }
    for bone in 1..state.bone_live.len() {
        if let Some(k) = state.only_option_of_bone(bone) {
            let text = if explain {
                format!(
                    "{} can only go on {}: its other places are taken",
                    words::bone(state, bone),
                    words::place(state, k)
                )
            } else {
                String::new()
            };
            found.push(Found {
                technique: Technique::OnlyPlace,
                text,
                cells: state.cands[k].cells.to_vec(),
                action: Action::Place(k),
            });
        }
    }
    found
}
