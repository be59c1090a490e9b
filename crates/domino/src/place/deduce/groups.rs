//! Number groups (hard, and extreme with doubles). Every bone `v-w` with
//! `w != v` covers exactly one cell showing `v`, and the double `v-v`
//! covers two. So:
//! - cells showing `v` whose options, together, are only as many bones as
//!   there are cells must take exactly those bones: those bones go nowhere
//!   else (the double counts twice when it fits inside the group);
//! - bones showing `v` whose places, together, cover only as many cells
//!   showing `v` as the bones need must fill those cells: no other bone
//!   goes on them.
//!
//! Groups are searched up to a small size, growing only while the union
//! stays small, so the search is cheap.

use super::state::State;
use super::words;
use super::{Action, Found, Technique};
use crate::tile::bone_number;

/// Which groups to look at: hard ones exclude the double, extreme ones
/// are exactly those that include it.
#[derive(Clone, Copy)]
pub(crate) struct GroupKind {
    pub(crate) max: usize,
    pub(crate) doubles: bool,
}

/// The cell of `k` that shows `v` (the first one for the double).
fn v_cell(state: &State, k: usize, v: u32) -> usize {
    let p = state.cands[k];
    if state.board.values[p.cells[0]] == Some(v) {
        p.cells[0]
    } else {
        p.cells[1]
    }
}

fn sorted_union(a: &[usize], b: &[usize]) -> Vec<usize> {
    let mut out: Vec<usize> = a.iter().chain(b).copied().collect();
    out.sort_unstable();
    out.dedup();
    out
}

pub(crate) fn cell_groups(state: &State, kind: GroupKind, explain: bool) -> Vec<Found> {
    let mut found = Vec::new();
    for v in 0..=state.board.set {
        let double = bone_number(v, v, state.board.set);
        let mut members: Vec<(usize, Vec<usize>)> = Vec::new();
        for cell in 0..state.board.values.len() {
            if state.cell_done[cell] || state.board.values[cell] != Some(v) {
                continue;
            }
            let mut bones: Vec<usize> = state
                .cell_options(cell)
                .map(|k| state.cands[k].bone)
                .collect();
            bones.sort_unstable();
            bones.dedup();
            if bones.len() <= kind.max {
                members.push((cell, bones));
            }
        }
        let mut chosen = Vec::new();
        grow_cells(
            state,
            kind,
            v,
            double,
            &members,
            0,
            &mut chosen,
            &[],
            explain,
            &mut found,
        );
    }
    found
}

#[allow(clippy::too_many_arguments)]
fn grow_cells(
    state: &State,
    kind: GroupKind,
    v: u32,
    double: usize,
    members: &[(usize, Vec<usize>)],
    from: usize,
    chosen: &mut Vec<usize>,
    bones: &[usize],
    explain: bool,
    found: &mut Vec<Found>,
) {
    if chosen.len() >= 2 {
        if let Some(f) = cell_group_deduction(state, kind, v, double, chosen, bones, explain) {
            found.push(f);
        }
    }
    if chosen.len() == kind.max {
        return;
    }
    for at in from..members.len() {
        let union = sorted_union(bones, &members[at].1);
        if union.len() > kind.max {
            continue;
        }
        chosen.push(members[at].0);
        grow_cells(
            state,
            kind,
            v,
            double,
            members,
            at + 1,
            chosen,
            &union,
            explain,
            found,
        );
        chosen.pop();
    }
}

fn cell_group_deduction(
    state: &State,
    kind: GroupKind,
    v: u32,
    double: usize,
    group: &[usize],
    bones: &[usize],
    explain: bool,
) -> Option<Found> {
    let has_double = bones.contains(&double);
    if has_double != kind.doubles {
        return None;
    }
    let inside = |k: usize| state.cands[k].cells.iter().all(|c| group.contains(c));
    let double_inside = has_double && state.bone_options(double).any(inside);
    let capacity = bones.len() + usize::from(double_inside);
    if capacity != group.len() {
        return None;
    }
    let mut removed = Vec::new();
    for &b in bones {
        for k in state.bone_options(b) {
            let keep = if b == double && double_inside {
                inside(k)
            } else if b == double {
                state.cands[k].cells.iter().any(|c| group.contains(c))
            } else {
                group.contains(&v_cell(state, k, v))
            };
            if !keep {
                removed.push(k);
            }
        }
    }
    if removed.is_empty() {
        return None;
    }
    let text = if explain {
        let names = words::bones(state, bones);
        let double_note = if double_inside {
            format!(" ({} covering two of them)", words::bone(state, double))
        } else {
            String::new()
        };
        format!(
            "the {v}s at {} can only take {names} between them{double_note}, so those pieces go nowhere else",
            words::cells(state, group)
        )
    } else {
        String::new()
    };
    Some(Found {
        technique: if kind.doubles {
            Technique::DoubleGroup
        } else {
            Technique::NumberGroup
        },
        text,
        cells: group.to_vec(),
        action: Action::Remove(removed),
    })
}

pub(crate) fn piece_groups(state: &State, kind: GroupKind, explain: bool) -> Vec<Found> {
    let mut found = Vec::new();
    for v in 0..=state.board.set {
        let double = bone_number(v, v, state.board.set);
        let mut members: Vec<(usize, Vec<usize>)> = Vec::new();
        for w in 0..=state.board.set {
            let bone = bone_number(v, w, state.board.set);
            if state.bone_done[bone] {
                continue;
            }
            let mut cells: Vec<usize> = state
                .bone_options(bone)
                .flat_map(|k| state.cands[k].cells)
                .filter(|&c| state.board.values[c] == Some(v))
                .collect();
            cells.sort_unstable();
            cells.dedup();
            if cells.len() <= kind.max {
                members.push((bone, cells));
            }
        }
        let mut chosen = Vec::new();
        grow_pieces(
            state,
            kind,
            double,
            &members,
            0,
            &mut chosen,
            &[],
            explain,
            &mut found,
        );
    }
    found
}

#[allow(clippy::too_many_arguments)]
fn grow_pieces(
    state: &State,
    kind: GroupKind,
    double: usize,
    members: &[(usize, Vec<usize>)],
    from: usize,
    chosen: &mut Vec<usize>,
    cells: &[usize],
    explain: bool,
    found: &mut Vec<Found>,
) {
    if chosen.len() >= 2 || chosen.contains(&double) {
        if let Some(f) = piece_group_deduction(state, kind, double, chosen, cells, explain) {
            found.push(f);
        }
    }
    if chosen.len() == kind.max {
        return;
    }
    for at in from..members.len() {
        let union = sorted_union(cells, &members[at].1);
        if union.len() > kind.max {
            continue;
        }
        chosen.push(members[at].0);
        grow_pieces(
            state,
            kind,
            double,
            members,
            at + 1,
            chosen,
            &union,
            explain,
            found,
        );
        chosen.pop();
    }
}

fn piece_group_deduction(
    state: &State,
    kind: GroupKind,
    double: usize,
    group: &[usize],
    cells: &[usize],
    explain: bool,
) -> Option<Found> {
    let has_double = group.contains(&double);
    if has_double != kind.doubles {
        return None;
    }
    let demand = group.len() + usize::from(has_double);
    if demand != cells.len() {
        return None;
    }
    let mut removed: Vec<usize> = cells
        .iter()
        .flat_map(|&c| state.cell_options(c))
        .filter(|&k| !group.contains(&state.cands[k].bone))
        .collect();
    removed.sort_unstable();
    removed.dedup();
    if removed.is_empty() {
        return None;
    }
    let text = if explain {
        format!(
            "{} can only lie on {} between them, and they need all of those cells, so no other piece goes there",
            words::bones(state, group),
            words::cells(state, cells)
        )
    } else {
        String::new()
    };
    Some(Found {
        technique: if kind.doubles {
            Technique::DoubleGroup
        } else {
            Technique::PieceGroup
        },
        text,
        cells: cells.to_vec(),
        action: Action::Remove(removed),
    })
}
