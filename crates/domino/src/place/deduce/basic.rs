//! Basic techniques: what one cell or one bone says about its
//! neighbourhood, and what a single placement would break.
//! - a cell whose every option is the same bone keeps that bone;
//! - a bone whose every place covers the same cell keeps that cell;
//! - a placement that would cover every place left for another bone, or
//!   leave a neighbouring cell with no partner (or only a duplicate of
//!   itself), is ruled out;
//! - a placement that would cut the free cells into a region of odd size
//!   is ruled out (a region's cells pair up among themselves).

use super::state::State;
use super::words;
use super::{Action, Found, Technique};

/// Regions larger than this are not searched for: a person sees small
/// enclosed areas, and it keeps the check cheap on large boards.
const REGION_CAP: usize = 12;

pub(crate) fn one_bone_cell(state: &State, explain: bool) -> Vec<Found> {
    let mut found = Vec::new();
    for cell in 0..state.board.values.len() {
        if state.cell_done[cell] || state.cell_live[cell] < 2 {
            continue;
        }
        let mut options = state.cell_options(cell);
        let Some(first) = options.next() else {
            continue;
        };
        let bone = state.cands[first].bone;
        if !state
            .cell_options(cell)
            .all(|k| state.cands[k].bone == bone)
        {
            continue;
        }
        let elsewhere: Vec<usize> = state
            .bone_options(bone)
            .filter(|&k| !state.cands[k].cells.contains(&cell))
            .collect();
        if elsewhere.is_empty() {
            continue;
        }
        let text = if explain {
            format!(
                "every piece that fits {} is {}, so {} goes nowhere else",
                words::cell(state, cell),
                words::bone(state, bone),
                words::bone(state, bone)
            )
        } else {
            String::new()
        };
        found.push(Found {
            technique: Technique::OneBoneCell,
            text,
            cells: vec![cell],
            action: Action::Remove(elsewhere),
        });
    }
    found
}

pub(crate) fn pinned_cell(state: &State, explain: bool) -> Vec<Found> {
    let mut found = Vec::new();
    for bone in 1..state.bone_live.len() {
        if state.bone_done[bone] || state.bone_live[bone] < 2 {
            continue;
        }
        let mut options = state.bone_options(bone);
        let Some(first) = options.next() else {
            continue;
        };
        for cell in state.cands[first].cells {
            if !state
                .bone_options(bone)
                .all(|k| state.cands[k].cells.contains(&cell))
            {
                continue;
            }
            let others: Vec<usize> = state
                .cell_options(cell)
                .filter(|&k| state.cands[k].bone != bone)
                .collect();
            if others.is_empty() {
                continue;
            }
            let text = if explain {
                format!(
                    "every place left for {} covers {}, so no other piece goes on {}",
                    words::bone(state, bone),
                    words::cell(state, cell),
                    words::cell(state, cell)
                )
            } else {
                String::new()
            };
            found.push(Found {
                technique: Technique::PinnedCell,
                text,
                cells: vec![cell],
                action: Action::Remove(others),
            });
        }
    }
    found
}

/// Open candidates, not placed ones.
fn open_candidates<'s>(state: &'s State) -> impl Iterator<Item = usize> + 's {
    (0..state.cands.len()).filter(|&k| state.alive[k] && !state.cell_done[state.cands[k].cells[0]])
}

/// The open cells next to a placement, outside it.
fn neighbours(state: &State, k: usize) -> Vec<usize> {
    let board = state.board;
    let p = state.cands[k];
    let mut out = Vec::with_capacity(6);
    for c in p.cells {
        let (r, col) = board.position(c);
        let around = [
            (r > 0).then(|| c - board.cols),
            (r + 1 < board.rows).then_some(c + board.cols),
            (col > 0).then(|| c - 1),
            (col + 1 < board.cols).then_some(c + 1),
        ];
        for n in around.into_iter().flatten() {
            if !p.cells.contains(&n) && !state.cell_done[n] && !out.contains(&n) {
                out.push(n);
            }
        }
    }
    out
}

pub(crate) fn blocks_piece(state: &State, explain: bool) -> Vec<Found> {
    let mut found = Vec::new();
    for k in open_candidates(state) {
        let p = state.cands[k];
        let mut bones: Vec<usize> = p
            .cells
            .iter()
            .flat_map(|&c| state.cell_options(c))
            .map(|q| state.cands[q].bone)
            .filter(|&b| b != p.bone)
            .collect();
        bones.sort_unstable();
        bones.dedup();
        let blocked = bones
            .into_iter()
            .find(|&b| state.bone_options(b).all(|q| state.clash(k, q)));
        if let Some(b) = blocked {
            let text = if explain {
                format!(
                    "{} cannot go on {}: it would cover every place left for {}",
                    words::bone(state, p.bone),
                    words::place(state, k),
                    words::bone(state, b)
                )
            } else {
                String::new()
            };
            found.push(Found {
                technique: Technique::BlocksPiece,
                text,
                cells: p.cells.to_vec(),
                action: Action::Remove(vec![k]),
            });
        }
    }
    found
}

pub(crate) fn starves_neighbour(state: &State, explain: bool) -> Vec<Found> {
    let mut found = Vec::new();
    for k in open_candidates(state) {
        let p = state.cands[k];
        let starved = neighbours(state, k)
            .into_iter()
            .find(|&n| state.cell_options(n).all(|q| state.clash(k, q)));
        if let Some(n) = starved {
            let text = if explain {
                let duplicate = state.cell_options(n).any(|q| state.cands[q].bone == p.bone);
                let what = if duplicate {
                    format!(
                        "with only another {} (a duplicate)",
                        words::bone(state, p.bone)
                    )
                } else {
                    "with no partner".to_string()
                };
                format!(
                    "{} cannot go on {}: it would leave {} {what}",
                    words::bone(state, p.bone),
                    words::place(state, k),
                    words::cell(state, n)
                )
            } else {
                String::new()
            };
            let mut cells = p.cells.to_vec();
            cells.push(n);
            found.push(Found {
                technique: Technique::StarvesNeighbour,
                text,
                cells,
                action: Action::Remove(vec![k]),
            });
        }
    }
    found
}

pub(crate) fn odd_region(state: &State, explain: bool) -> Vec<Found> {
    let mut found = Vec::new();
    let cells = state.board.values.len();
    // A stamp per search, so a search cut short at the cap never hides
    // cells from the next one.
    let mut seen = vec![0usize; cells];
    let mut stamp = 0;
    let mut region = Vec::with_capacity(REGION_CAP + 1);
    for k in open_candidates(state) {
        let p = state.cands[k];
        for start in neighbours(state, k) {
            if stamp > 0 && seen[start] == stamp && region.len() <= REGION_CAP {
                // Already in the (complete, even) region just searched.
                continue;
            }
            stamp += 1;
            region.clear();
            region.push(start);
            seen[start] = stamp;
            let mut at = 0;
            while at < region.len() && region.len() <= REGION_CAP {
                let c = region[at];
                at += 1;
                for q in state.cell_options(c) {
                    if state.clash(k, q) {
                        continue;
                    }
                    let cq = state.cands[q].cells;
                    let d = if cq[0] == c { cq[1] } else { cq[0] };
                    if seen[d] != stamp {
                        seen[d] = stamp;
                        region.push(d);
                    }
                }
            }
            if region.len() <= REGION_CAP && region.len() % 2 == 1 {
                let text = if explain {
                    format!(
                        "{} cannot go on {}: it would cut off {} cells ({}), an odd number, which no set of pieces can fill",
                        words::bone(state, p.bone),
                        words::place(state, k),
                        region.len(),
                        words::cells(state, &region)
                    )
                } else {
                    String::new()
                };
                let mut shown = p.cells.to_vec();
                shown.extend_from_slice(&region);
                found.push(Found {
                    technique: Technique::OddRegion,
                    text,
                    cells: shown,
                    action: Action::Remove(vec![k]),
                });
                break;
            }
        }
    }
    found
}
