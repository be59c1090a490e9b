//! Forcing chains (extreme): at a cell with exactly two options, or a bone
//! with exactly two places, try each choice, follow the forced placements
//! it starts (singles only, as a person follows a chain with a pencil),
//! and rule the choice out when the chain ends with a cell or a bone that
//! has nothing left. The search stops at the first such choice: the
//! runner applies extreme steps one at a time.

use super::state::State;
use super::words;
use super::{Action, Found, Technique};

/// How many forced placements a step's text names before `...`.
const SHOWN: usize = 4;

pub(crate) fn forcing_chains(state: &State, explain: bool) -> Vec<Found> {
    let cells = state.board.values.len();
    let mut tried = vec![false; state.cands.len()];
    let mut found = Vec::new();
    let pairs = (0..cells)
        .filter(|&c| !state.cell_done[c] && state.cell_live[c] == 2)
        .map(|c| state.cell_options(c).collect::<Vec<_>>())
        .chain(
            (1..state.bone_live.len())
                .filter(|&b| !state.bone_done[b] && state.bone_live[b] == 2)
                .map(|b| state.bone_options(b).collect::<Vec<_>>()),
        );
    for (step, options) in pairs.enumerate() {
        if state.halted(step) {
            break;
        }
        for k in options {
            if tried[k] {
                continue;
            }
            tried[k] = true;
            let mut trial = state.clone();
            trial.place(k);
            let chain = trial.place_singles();
            let Some(item) = trial.contradiction else {
                continue;
            };
            let text = if explain {
                let mut steps: Vec<String> = chain
                    .iter()
                    .take(SHOWN)
                    .map(|&q| words::piece_at(state, q))
                    .collect();
                if chain.len() > SHOWN {
                    steps.push(format!("{} more", chain.len() - SHOWN));
                }
                let forced = if steps.is_empty() {
                    String::new()
                } else {
                    format!(" then {} would be forced, and", words::and_list(&steps))
                };
                let empty = if item < cells {
                    format!("{} would have no piece left", words::cell(state, item))
                } else {
                    format!(
                        "{} would have no place left",
                        words::bone(state, item - cells)
                    )
                };
                format!(
                    "if {} went on {},{forced} {empty}; so it cannot go there",
                    words::bone(state, state.cands[k].bone),
                    words::place(state, k)
                )
            } else {
                String::new()
            };
            found.push(Found {
                technique: Technique::ForcingChain,
                text,
                cells: state.cands[k].cells.to_vec(),
                action: Action::Remove(vec![k]),
            });
            return found;
        }
    }
    found
}
