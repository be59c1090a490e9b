//! Basic techniques: what one cell or one bone says about its
//! neighbourhood, and what a single placement would break.
//! - a cell whose every option is the same bone keeps that bone;
//! - a bone whose every place covers the same cell keeps that cell;
//! - a placement that would cover every place left for another bone, or
//!   leave a neighbouring cell with no partner (or only a duplicate of
//!   itself), is ruled out;
//! - a placement that would leave two neighbouring cells both needing the
//!   same other bone (which cannot cover both) is ruled out;
//! - a placement that would cut the free cells into a region of odd size
//!   is ruled out (a region's cells pair up among themselves), whatever
//!   the region's size, as the reference Dominosa counts it.

use super::state::State;
use super::words;
use super::{Action, Found, Technique};

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

/// Open candidates, not placed ones; none more once the caller's limits
/// are reached.
fn open_candidates<'s>(state: &'s State) -> impl Iterator<Item = usize> + 's {
    (0..state.cands.len())
        .take_while(|&k| !state.halted(k))
        .filter(|&k| state.alive[k] && !state.cell_done[state.cands[k].cells[0]])
}

/// Candidates `k` and `q` share a cell.
fn overlaps(state: &State, k: usize, q: usize) -> bool {
    let (p, r) = (state.cands[k], state.cands[q]);
    p.cells.iter().any(|c| r.cells.contains(c))
}

/// The open cells the live placements join to `from` without
/// using candidate `skip`.
fn reach(state: &State, from: usize, skip: usize) -> Vec<usize> {
    let mut seen = vec![false; state.board.values.len()];
    let mut region = vec![from];
    seen[from] = true;
    let mut at = 0;
    while at < region.len() {
        let c = region[at];
        at += 1;
        for q in state.cell_options(c).filter(|&q| q != skip) {
            let cq = state.cands[q].cells;
            let d = if cq[0] == c { cq[1] } else { cq[0] };
            if !seen[d] {
                seen[d] = true;
                region.push(d);
            }
        }
    }
    region
}

/// The reference Dominosa's parity rule: `k` is the only link between
/// two parts of the free cells, each of even size (so each is left odd).
fn bridges_even_parts(state: &State, k: usize) -> bool {
    let [a, b] = state.cands[k].cells;
    let side = reach(state, a, k);
    !side.contains(&b) && side.len().is_multiple_of(2) && reach(state, b, k).len().is_multiple_of(2)
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

pub(crate) fn forced_duplicate(state: &State, explain: bool) -> Vec<Found> {
    let mut found = Vec::new();
    for k in open_candidates(state) {
        // The neighbours that `k` would leave with a single bone to take.
        let p = state.cands[k];
        let mut needs: Vec<(usize, usize)> = Vec::new();
        for n in neighbours(state, k) {
            let mut left = state.cell_options(n).filter(|&q| !overlaps(state, k, q));
            let Some(first) = left.next() else { continue };
            let bone = state.cands[first].bone;
            if left.all(|q| state.cands[q].bone == bone) {
                needs.push((n, bone));
            }
        }
        let pair = needs.iter().enumerate().find_map(|(i, &(s, bone))| {
            needs[i + 1..].iter().find_map(|&(t, other)| {
                let apart = bone == other
                    && state
                        .cell_options(s)
                        .all(|q| overlaps(state, k, q) || !state.cands[q].cells.contains(&t));
                apart.then_some((s, t, bone))
            })
        });
        let Some((s, t, bone)) = pair else { continue };
        let text = if explain {
            format!(
                "{} cannot go on {}: it would leave both {} and {} needing {}, which cannot cover both",
                words::bone(state, p.bone),
                words::place(state, k),
                words::cell(state, s),
                words::cell(state, t),
                words::bone(state, bone)
            )
        } else {
            String::new()
        };
        let mut cells = p.cells.to_vec();
        cells.extend([s, t]);
        found.push(Found {
            technique: Technique::ForcedDuplicate,
            text,
            cells,
            action: Action::Remove(vec![k]),
        });
    }
    found
}

pub(crate) fn odd_region(state: &State, explain: bool) -> Vec<Found> {
    let mut found = Vec::new();
    let cells = state.board.values.len();
    // A stamp per search: a cell stamped after `base` lies in a region
    // already searched for the same placement.
    let mut seen = vec![0usize; cells];
    let mut stamp = 0;
    let mut region = Vec::new();
    // Cells outside a region that only another place of the same bone
    // joined to it.
    let mut across = Vec::new();
    for k in open_candidates(state) {
        let p = state.cands[k];
        let base = stamp;
        let mut smallest: Option<(Vec<usize>, bool)> = None;
        for start in neighbours(state, k) {
            if seen[start] > base {
                continue;
            }
            stamp += 1;
            region.clear();
            across.clear();
            region.push(start);
            seen[start] = stamp;
            let mut at = 0;
            while at < region.len() {
                let c = region[at];
                at += 1;
                for q in state.cell_options(c) {
                    let cq = state.cands[q].cells;
                    let d = if cq[0] == c { cq[1] } else { cq[0] };
                    if state.clash(k, q) {
                        if !p.cells.contains(&d) {
                            across.push(d);
                        }
                        continue;
                    }
                    if seen[d] != stamp {
                        seen[d] = stamp;
                        region.push(d);
                    }
                }
            }
            let smaller = smallest
                .as_ref()
                .is_none_or(|(r, _)| region.len() < r.len());
            if region.len() % 2 == 1 && smaller {
                let sealed = across.iter().any(|&d| seen[d] != stamp);
                smallest = Some((region.clone(), sealed));
            }
        }
        let Some((region, sealed)) = smallest else {
            continue;
        };
        let technique = if bridges_even_parts(state, k) {
            Technique::OddRegion
        } else {
            Technique::EnclosedRegion
        };
        let text = if explain {
            let how = if sealed {
                format!(
                    " (with the other places of {} gone)",
                    words::bone(state, p.bone)
                )
            } else {
                String::new()
            };
            format!(
                "{} cannot go on {}: it would cut off {} cells{how} ({}), an odd number, which no set of pieces can fill",
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
            technique,
            text,
            cells: shown,
            action: Action::Remove(vec![k]),
        });
    }
    found
}
