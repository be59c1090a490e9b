//! Set analysis on one number (hard, and extreme when the double can cover
//! two cells of the set). Every bone `v-w` with `w != v` covers exactly one
//! cell showing `v`, and the double `v-v` covers two. So:
//! - cells showing `v` that between them can take only as many bones as
//!   there are cells must take exactly those bones, one each: those bones go
//!   nowhere else. That holds with the double among them as long as no two
//!   of the cells can take the double together (hard). When two can
//!   (extreme), either the double covers two of them, and then the cells
//!   need one bone fewer, or it covers one or none: with one bone fewer than
//!   cells the double must cover two of them; with as many bones as cells
//!   the double must cover at least one;
//! - bones showing `v` whose places, together, cover only as many cells
//!   showing `v` as the bones need (two for the double) must fill those
//!   cells: no other bone goes on them (hard: the count is exact).
//!
//! Sets of up to [`MAX_GROUP`] cells or bones are searched (the reference
//! Dominosa goes as far), growing a set only while the other side stays
//! that small; of the sets that rule something out, the smallest is
//! reported, as a person would name it.

use super::state::State;
use super::words;
use super::{Action, Found, Technique};
use crate::tile::{bone_number, Value};
use std::cell::Cell;

/// The largest set looked at, on either side.
pub(crate) const MAX_GROUP: usize = 9;

/// Masks are `u128` over the other number of a bone (`w` of `v-w`) and
/// over the cells showing `v`: numbers and cells beyond that are left out
/// of set analysis (no board of a double-126 set or less has them).
const MASK_BITS: usize = 128;

/// One cell showing `v`: the other numbers of its live options, and the
/// cells of the same search that a live double joins it to.
struct Member {
    cell: usize,
    others: u128,
    joined: u128,
}

/// The best set found so far: the fewest cells, then the first found.
struct Best {
    size: usize,
    found: Option<Found>,
}

impl Best {
    fn offer(&mut self, size: usize, make: impl FnOnce() -> Option<Found>) {
        if self.found.is_none() || size < self.size {
            if let Some(f) = make() {
                self.size = size;
                self.found = Some(f);
            }
        }
    }
}

/// Number groups: `extreme` looks only at sets two of whose cells the
/// double can cover together; hard ones never have such two cells.
pub(crate) fn cell_groups(state: &State, extreme: bool, explain: bool) -> Vec<Found> {
    let mut best = Best {
        size: usize::MAX,
        found: None,
    };
    let set = state.board.set;
    if set as usize >= MASK_BITS {
        return Vec::new();
    }
    for v in 0..=set {
        if state.halted(0) {
            break;
        }
        let double = bone_number(v, v, set);
        let mut members: Vec<Member> = Vec::new();
        for cell in 0..state.board.values.len() {
            if state.cell_done[cell] || state.board.values[cell] != Some(v) {
                continue;
            }
            let mut others = 0u128;
            for k in state.cell_options(cell) {
                let (a, b) = state.board.bone_halves(state.cands[k].bone);
                others |= 1 << (a + b - v);
            }
            if (others.count_ones() as usize) <= MAX_GROUP {
                members.push(Member {
                    cell,
                    others,
                    joined: 0,
                });
            }
        }
        if members.len() < 2 || members.len() > MASK_BITS {
            continue;
        }
        for k in state.bone_options(double) {
            let [a, b] = state.cands[k].cells;
            let i = members.iter().position(|m| m.cell == a);
            let j = members.iter().position(|m| m.cell == b);
            if let (Some(i), Some(j)) = (i, j) {
                members[i].joined |= 1 << j;
                members[j].joined |= 1 << i;
            }
        }
        let search = CellSearch {
            state,
            v,
            double,
            extreme,
            explain,
            members: &members,
            tries: Tries::default(),
        };
        search.grow(0, 0, 0, false, &mut best);
    }
    best.found.into_iter().collect()
}

/// The sets a subset search has tried, and whether the caller's limits
/// stopped it: for good, so every branch left returns at once.
#[derive(Default)]
struct Tries {
    sets: Cell<usize>,
    stopped: Cell<bool>,
}

impl Tries {
    /// Counts one set; true once the search must stop (see
    /// [`State::halted`]).
    fn halted(&self, state: &State) -> bool {
        self.sets.set(self.sets.get() + 1);
        if !self.stopped.get() && state.halted(self.sets.get()) {
            self.stopped.set(true);
        }
        self.stopped.get()
    }
}

struct CellSearch<'s, 'a> {
    state: &'s State<'a>,
    v: Value,
    double: usize,
    extreme: bool,
    explain: bool,
    members: &'s [Member],
    /// One value's search can take a good part of a second on a
    /// double-60 board: it reads the caller's limits as it goes.
    tries: Tries,
}

impl CellSearch<'_, '_> {
    fn grow(&self, from: usize, chosen: u128, others: u128, joined: bool, best: &mut Best) {
        if self.tries.halted(self.state) {
            return;
        }
        let size = chosen.count_ones() as usize;
        if size >= 2 && joined == self.extreme && size < best.size {
            best.offer(size, || self.deduction(chosen, others, joined));
        }
        if size == MAX_GROUP || size + 1 >= best.size {
            return;
        }
        for at in from..self.members.len() {
            let m = &self.members[at];
            let union = others | m.others;
            let joins = joined || m.joined & chosen != 0;
            if union.count_ones() as usize > MAX_GROUP || (joins && !self.extreme) {
                continue;
            }
            self.grow(at + 1, chosen | 1 << at, union, joins, best);
        }
    }

    fn deduction(&self, chosen: u128, others: u128, joined: bool) -> Option<Found> {
        let state = self.state;
        let (cells, bones) = (chosen.count_ones(), others.count_ones());
        // What the set says: `strict` when each bone must cover one of the
        // cells; `double_needs` how many of the cells the double must cover.
        let (strict, double_needs) = match (joined, bones + 1 == cells, bones == cells) {
            (false, _, true) => (true, 1),
            (true, true, _) => (true, 2),
            (true, false, true) => (false, 1),
            _ => return None,
        };
        let group: Vec<usize> = (0..self.members.len())
            .filter(|&i| chosen >> i & 1 == 1)
            .map(|i| self.members[i].cell)
            .collect();
        let names: Vec<usize> = (0..=state.board.set)
            .filter(|&w| others >> w & 1 == 1)
            .map(|w| bone_number(self.v, w, state.board.set))
            .collect();
        let mut removed = Vec::new();
        for &b in &names {
            if b != self.double && !strict {
                continue;
            }
            for k in state.bone_options(b) {
                let covered = state.cands[k]
                    .cells
                    .iter()
                    .filter(|c| group.contains(c))
                    .count();
                let needs = if b == self.double { double_needs } else { 1 };
                if covered < needs {
                    removed.push(k);
                }
            }
        }
        if removed.is_empty() {
            return None;
        }
        let text = if self.explain {
            let v = self.v;
            let double = words::bone(state, self.double);
            let between = format!(
                "the {v}s at {} can only take {} between them",
                words::cells(state, &group),
                words::bones(state, &names)
            );
            match (joined, strict) {
                (false, _) => {
                    let note = if names.contains(&self.double) {
                        format!(" ({double} can cover only one of them)")
                    } else {
                        String::new()
                    };
                    format!("{between}{note}, one each, so those pieces go nowhere else")
                }
                (true, true) => format!(
                    "{between}, one piece fewer than cells, so {double} covers two of them and the others go nowhere else"
                ),
                (true, false) => format!(
                    "{between}, as many pieces as cells; if {double} covered none of them they would be a piece short, so {double} covers one of them"
                ),
            }
        } else {
            String::new()
        };
        Some(Found {
            technique: if joined {
                Technique::DoubleGroup
            } else {
                Technique::NumberGroup
            },
            text,
            cells: group,
            action: Action::Remove(removed),
        })
    }
}

/// Piece groups: bones showing one number whose places cover only as many
/// cells showing it as the bones need.
pub(crate) fn piece_groups(state: &State, explain: bool) -> Vec<Found> {
    let mut best = Best {
        size: usize::MAX,
        found: None,
    };
    for v in 0..=state.board.set {
        if state.halted(0) {
            break;
        }
        let double = bone_number(v, v, state.board.set);
        let v_cells: Vec<usize> = (0..state.board.values.len())
            .filter(|&c| !state.cell_done[c] && state.board.values[c] == Some(v))
            .collect();
        if v_cells.len() > MASK_BITS {
            continue;
        }
        let mut members: Vec<(usize, u128)> = Vec::new();
        for w in 0..=state.board.set {
            let bone = bone_number(v, w, state.board.set);
            if state.bone_done[bone] {
                continue;
            }
            let mut cells = 0u128;
            for k in state.bone_options(bone) {
                for c in state.cands[k].cells {
                    if let Ok(i) = v_cells.binary_search(&c) {
                        cells |= 1 << i;
                    }
                }
            }
            if (cells.count_ones() as usize) <= MAX_GROUP {
                members.push((bone, cells));
            }
        }
        let search = PieceSearch {
            state,
            double,
            explain,
            members: &members,
            v_cells: &v_cells,
            tries: Tries::default(),
        };
        search.grow(0, &mut Vec::new(), 0, &mut best);
    }
    best.found.into_iter().collect()
}

struct PieceSearch<'s, 'a> {
    state: &'s State<'a>,
    double: usize,
    explain: bool,
    members: &'s [(usize, u128)],
    v_cells: &'s [usize],
    tries: Tries,
}

impl PieceSearch<'_, '_> {
    fn grow(&self, from: usize, chosen: &mut Vec<usize>, cells: u128, best: &mut Best) {
        if self.tries.halted(self.state) {
            return;
        }
        let has_double = chosen.contains(&self.double);
        if (chosen.len() >= 2 || has_double) && chosen.len() < best.size {
            best.offer(chosen.len(), || self.deduction(chosen, cells, has_double));
        }
        if chosen.len() == MAX_GROUP || chosen.len() + 1 >= best.size {
            return;
        }
        for at in from..self.members.len() {
            let (bone, mask) = self.members[at];
            let union = cells | mask;
            if union.count_ones() as usize > MAX_GROUP {
                continue;
            }
            chosen.push(bone);
            self.grow(at + 1, chosen, union, best);
            chosen.pop();
        }
    }

    fn deduction(&self, group: &[usize], cells: u128, has_double: bool) -> Option<Found> {
        let state = self.state;
        let demand = group.len() + usize::from(has_double);
        if demand != cells.count_ones() as usize {
            return None;
        }
        let cells: Vec<usize> = (0..self.v_cells.len())
            .filter(|&i| cells >> i & 1 == 1)
            .map(|i| self.v_cells[i])
            .collect();
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
        let text = if self.explain {
            let double_note = if has_double {
                format!(" ({} covering two)", words::bone(state, self.double))
            } else {
                String::new()
            };
            format!(
                "{} can only lie on {} between them, and they need all of those cells{double_note}, so no other piece goes there",
                words::bones(state, group),
                words::cells(state, &cells)
            )
        } else {
            String::new()
        };
        Some(Found {
            technique: Technique::PieceGroup,
            text,
            cells,
            action: Action::Remove(removed),
        })
    }
}
