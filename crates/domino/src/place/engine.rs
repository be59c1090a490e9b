//! The domino-specialised search: forced deductions with an undo trail, a
//! balance check on the regions left, and branching on the most
//! constrained cell or bone.
//!
//! State: which placements are still possible, which cells and bones are
//! done. Four deductions run after every change, to a fixed point: a cell
//! with one placement left takes it, and so does a bone (each taken
//! placement removes the others on its cells and of its bone); a cell
//! whose placements are all one bone keeps that bone from every other
//! place, and a bone whose placements all cover one cell keeps every other
//! bone off that cell. At the root, every placement is also tried once
//! (probing): one whose deductions end in a contradiction or an unbalanced
//! region is removed.
//! Then the free cells, joined by the placements still possible, must
//! split into regions with as many black as white cells of the
//! checkerboard, since every domino covers one of each; a region that is
//! off balance (an odd one, for a start) ends the branch at once, where
//! plain exact cover would only notice many levels deeper. Branching takes
//! the cell or bone with the fewest placements left and tries each; a tried
//! placement is removed before the next, so the branches are disjoint and
//! the count is exact.

use super::grid::{Grid, Placement};
use crate::search::Budget;
use std::ops::ControlFlow;

/// Probing checks the balance of regions up to this size only: the small
/// pockets a wrong placement cuts off are what it catches, and walking the
/// big region for each of hundreds of probes would cost more than it saves.
const PROBE_REGION_CAP: usize = 16;

pub(super) struct Engine<'a> {
    board: &'a Grid,
    candidates: &'a [Placement],
    cells: usize,
    alive: Vec<bool>,
    cell_lists: Vec<[u32; 4]>,
    cell_size: Vec<u8>,
    cell_live: Vec<u8>,
    cell_done: Vec<bool>,
    bone_start: Vec<u32>,
    bone_list: Vec<u32>,
    bone_live: Vec<u32>,
    bone_done: Vec<bool>,
    open_bones: usize,
    /// Placements made, in order (the solution when no bone is open).
    pub(super) placed: Vec<u32>,
    /// Placements removed, in order, for undoing.
    killed: Vec<u32>,
    /// Items to look at again: cells as `cell`, bones as `cells + bone`.
    pending: Vec<u32>,
    /// Whether each item is in `pending` (each waits there once).
    queued: Vec<bool>,
    /// The item found with no placement left, after a failed propagation.
    pub(super) failure: Option<usize>,
    /// Scratch for the region check: a stamp per cell and a queue.
    seen: Vec<u32>,
    stamp: u32,
    queue: Vec<u32>,
    /// The candidates of each open branch, as a stack of segments.
    branches: Vec<u32>,
    /// Nodes searched against the caller's limits.
    pub(super) budget: Budget,
}

impl<'a> Engine<'a> {
    pub(super) fn new(board: &'a Grid, candidates: &'a [Placement]) -> Self {
        let cells = board.values.len();
        let bones = board.bone_count();
        let mut cell_lists = vec![[0u32; 4]; cells];
        let mut cell_live = vec![0u8; cells];
        let mut bone_live = vec![0u32; bones + 1];
        for (k, p) in candidates.iter().enumerate() {
            for &c in &p.cells {
                cell_lists[c][cell_live[c] as usize] = k as u32;
                cell_live[c] += 1;
            }
            bone_live[p.bone] += 1;
        }
        let mut bone_start = vec![0u32; bones + 2];
        for b in 1..=bones {
            bone_start[b + 1] = bone_start[b] + bone_live[b];
        }
        let mut fill = bone_start.clone();
        let mut bone_list = vec![0u32; candidates.len()];
        for (k, p) in candidates.iter().enumerate() {
            bone_list[fill[p.bone] as usize] = k as u32;
            fill[p.bone] += 1;
        }
        let mut pending = Vec::with_capacity(cells + bones + 4 * candidates.len());
        pending.extend(
            (0..cells)
                .filter(|&c| board.values[c].is_some())
                .map(|c| c as u32),
        );
        pending.extend((1..=bones).map(|b| (cells + b) as u32));
        Engine {
            board,
            candidates,
            cells,
            alive: vec![true; candidates.len()],
            cell_lists,
            cell_size: cell_live.clone(),
            cell_live,
            cell_done: vec![false; cells],
            bone_start,
            bone_list,
            bone_live,
            bone_done: vec![false; bones + 1],
            open_bones: bones,
            placed: Vec::with_capacity(bones),
            killed: Vec::with_capacity(candidates.len()),
            queued: vec![true; cells + bones + 1],
            pending,
            failure: None,
            seen: vec![0; cells],
            stamp: 0,
            queue: Vec::with_capacity(cells),
            branches: Vec::with_capacity(candidates.len()),
            budget: Budget::default(),
        }
    }

    pub(super) fn is_alive(&self, k: usize) -> bool {
        self.alive[k]
    }

    pub(super) fn cell_is_done(&self, cell: usize) -> bool {
        self.cell_done[cell]
    }

    pub(super) fn bone_is_done(&self, bone: usize) -> bool {
        self.bone_done[bone]
    }

    pub(super) fn is_solved(&self) -> bool {
        self.open_bones == 0
    }

    /// Runs the deductions to a fixed point; false on a contradiction
    /// (then `failure` names the item left without a placement).
    pub(super) fn propagate(&mut self) -> bool {
        while let Some(item) = self.pending.pop() {
            let item = item as usize;
            self.queued[item] = false;
            let ok = if item < self.cells {
                self.examine_cell(item)
            } else {
                self.examine_bone(item - self.cells)
            };
            if !ok {
                self.clear_pending();
                self.failure = Some(item);
                return false;
            }
        }
        true
    }

    /// A cell with one placement left takes it; a cell whose placements
    /// are all of one bone holds that bone, so the bone goes nowhere else.
    fn examine_cell(&mut self, cell: usize) -> bool {
        if self.cell_done[cell] {
            return true;
        }
        let mut first = None;
        let mut one_bone = true;
        for slot in 0..self.cell_size[cell] as usize {
            let k = self.cell_lists[cell][slot] as usize;
            if self.alive[k] {
                match first {
                    None => first = Some(k),
                    Some(f) => one_bone &= self.candidates[f].bone == self.candidates[k].bone,
                }
            }
        }
        let Some(first) = first else { return false };
        if self.cell_live[cell] == 1 {
            self.place(first);
        } else if one_bone {
            let bone = self.candidates[first].bone;
            for slot in self.bone_start[bone]..self.bone_start[bone + 1] {
                let q = self.bone_list[slot as usize] as usize;
                if self.alive[q] && !self.candidates[q].cells.contains(&cell) {
                    self.kill(q);
                }
            }
        }
        true
    }

    /// A bone with one placement left takes it; a bone whose placements
    /// all cover one cell takes that cell, so no other bone goes there.
    fn examine_bone(&mut self, bone: usize) -> bool {
        if self.bone_done[bone] {
            return true;
        }
        let range = self.bone_start[bone] as usize..self.bone_start[bone + 1] as usize;
        let mut first: Option<usize> = None;
        let mut shared = [true, true];
        for slot in range {
            let k = self.bone_list[slot] as usize;
            if !self.alive[k] {
                continue;
            }
            match first {
                None => first = Some(k),
                Some(f) => {
                    let cells = self.candidates[k].cells;
                    let [a, b] = self.candidates[f].cells;
                    shared[0] &= cells.contains(&a);
                    shared[1] &= cells.contains(&b);
                }
            }
        }
        let Some(first) = first else { return false };
        if self.bone_live[bone] == 1 {
            self.place(first);
            return true;
        }
        for (side, &is_shared) in shared.iter().enumerate() {
            if is_shared {
                let cell = self.candidates[first].cells[side];
                for slot in 0..self.cell_size[cell] as usize {
                    let q = self.cell_lists[cell][slot] as usize;
                    if self.alive[q] && self.candidates[q].bone != bone {
                        self.kill(q);
                    }
                }
            }
        }
        true
    }

    /// Describes `failure` for a person.
    pub(super) fn failure_reason(&self) -> String {
        match self.failure {
            Some(item) if item < self.cells => {
                let (r, c) = self.board.position(item);
                let v = self.board.values[item].unwrap_or_default();
                format!(
                    "the {v} in row {}, column {} has no piece left that fits",
                    r + 1,
                    c + 1
                )
            }
            Some(item) => {
                let (a, b) = self.board.bone_halves(item - self.cells);
                format!("the piece {a}-{b} has no place left")
            }
            None => "no way to place every piece exists".to_string(),
        }
    }

    fn place(&mut self, k: usize) {
        let p = self.candidates[k];
        self.placed.push(k as u32);
        self.bone_done[p.bone] = true;
        self.open_bones -= 1;
        for &c in &p.cells {
            self.cell_done[c] = true;
        }
        for &c in &p.cells {
            for slot in 0..self.cell_size[c] as usize {
                let q = self.cell_lists[c][slot] as usize;
                if q != k && self.alive[q] {
                    self.kill(q);
                }
            }
        }
        for slot in self.bone_start[p.bone]..self.bone_start[p.bone + 1] {
            let q = self.bone_list[slot as usize] as usize;
            if q != k && self.alive[q] {
                self.kill(q);
            }
        }
    }

    fn kill(&mut self, q: usize) {
        let p = self.candidates[q];
        self.alive[q] = false;
        self.killed.push(q as u32);
        for &c in &p.cells {
            self.cell_live[c] -= 1;
            self.enqueue(c);
        }
        self.bone_live[p.bone] -= 1;
        self.enqueue(self.cells + p.bone);
    }

    fn enqueue(&mut self, item: usize) {
        if !self.queued[item] {
            self.queued[item] = true;
            self.pending.push(item as u32);
        }
    }

    fn clear_pending(&mut self) {
        for &item in &self.pending {
            self.queued[item as usize] = false;
        }
        self.pending.clear();
    }

    fn undo(&mut self, (placed, killed): (usize, usize)) {
        while self.killed.len() > killed {
            let q = self.killed.pop().unwrap_or_default() as usize;
            let p = self.candidates[q];
            self.alive[q] = true;
            self.cell_live[p.cells[0]] += 1;
            self.cell_live[p.cells[1]] += 1;
            self.bone_live[p.bone] += 1;
        }
        while self.placed.len() > placed {
            let k = self.placed.pop().unwrap_or_default() as usize;
            let p = self.candidates[k];
            self.cell_done[p.cells[0]] = false;
            self.cell_done[p.cells[1]] = false;
            self.bone_done[p.bone] = false;
            self.open_bones += 1;
        }
    }

    /// Every region of free cells (joined by possible placements) has as
    /// many black as white cells.
    fn balanced(&mut self) -> bool {
        let base = self.start_walks();
        for start in 0..self.cells {
            if !self.cell_done[start]
                && self.seen[start] < base
                && self.board.values[start].is_some()
                && self.region_balance(start, usize::MAX, base) != 0
            {
                return false;
            }
        }
        true
    }

    /// Like [`Engine::balanced`], for the regions that can have changed
    /// since `killed_mark` (each holds a cell of a placement removed since;
    /// placing a piece removes the others on its cells, so it counts too),
    /// skipping regions of more than `cap` cells.
    fn balanced_near(&mut self, killed_mark: usize, cap: usize) -> bool {
        let base = self.start_walks();
        for i in killed_mark..self.killed.len() {
            let cells = self.candidates[self.killed[i] as usize].cells;
            for cell in cells {
                if !self.cell_done[cell]
                    && self.seen[cell] < base
                    && self.region_balance(cell, cap, base) != 0
                {
                    return false;
                }
            }
        }
        true
    }

    /// Begins a set of region walks: cells stamped `>= base` (the value
    /// returned) have been visited by one of them.
    fn start_walks(&mut self) -> u32 {
        if self.stamp > u32::MAX - self.cells as u32 - 2 {
            self.seen.fill(0);
            self.stamp = 0;
        }
        self.stamp + 1
    }

    /// Black minus white cells in the region of `start`, or 0 when the walk
    /// stops early: past `cap` cells, or on meeting a cell an earlier walk
    /// of this set visited (possible only when that walk stopped at its cap,
    /// so this region is that big one).
    fn region_balance(&mut self, start: usize, cap: usize, base: u32) -> i32 {
        self.stamp += 1;
        let stamp = self.stamp;
        let cols = self.board.cols;
        self.seen[start] = stamp;
        self.queue.clear();
        self.queue.push(start as u32);
        let mut balance = 0i32;
        let mut head = 0;
        while head < self.queue.len() {
            if head > cap {
                return 0;
            }
            let c = self.queue[head] as usize;
            head += 1;
            balance += if (c / cols + c % cols) & 1 == 0 {
                1
            } else {
                -1
            };
            for slot in 0..self.cell_size[c] as usize {
                let q = self.cell_lists[c][slot] as usize;
                if !self.alive[q] {
                    continue;
                }
                let [a, b] = self.candidates[q].cells;
                let other = if a == c { b } else { a };
                if self.seen[other] == stamp {
                    continue;
                }
                if self.seen[other] >= base {
                    return 0;
                }
                self.seen[other] = stamp;
                self.queue.push(other as u32);
            }
        }
        balance
    }

    /// Tries every open placement once: one whose deductions end in a
    /// contradiction (or an unbalanced region) is removed. One pass, not a
    /// fixed point: on boards with many solutions further passes cost more
    /// than the search they save. False when the removals leave the state
    /// itself contradictory.
    pub(super) fn probe(&mut self) -> bool {
        for k in 0..self.candidates.len() {
            if !self.alive[k] || self.cell_done[self.candidates[k].cells[0]] {
                continue;
            }
            let mark = (self.placed.len(), self.killed.len());
            self.place(k);
            let ok = self.propagate() && self.balanced_near(mark.1, PROBE_REGION_CAP);
            self.undo(mark);
            if !ok {
                self.kill(k);
                if !self.propagate() {
                    return false;
                }
            }
        }
        true
    }

    /// The open cell or bone with the fewest placements left.
    fn choose(&self) -> usize {
        let mut best = usize::MAX;
        let mut fewest = u32::MAX;
        for b in 1..self.bone_done.len() {
            if !self.bone_done[b] && self.bone_live[b] < fewest {
                fewest = self.bone_live[b];
                best = self.cells + b;
                if fewest <= 2 {
                    return best;
                }
            }
        }
        for c in 0..self.cells {
            if !self.cell_done[c] && self.board.values[c].is_some() {
                let live = u32::from(self.cell_live[c]);
                if live < fewest {
                    fewest = live;
                    best = c;
                    if live <= 2 {
                        return best;
                    }
                }
            }
        }
        best
    }

    /// Visits every solution below the current state (after propagation),
    /// until `visit` breaks. The state is the same afterwards. `since` is
    /// the trail mark of the parent node, whose regions were balanced, so
    /// only the regions changed since need a look; `None` checks them all.
    pub(super) fn search(
        &mut self,
        since: Option<usize>,
        visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.budget.spend() {
            return ControlFlow::Break(());
        }
        if self.open_bones == 0 {
            return visit(&self.placed);
        }
        let balanced = match since {
            None => self.balanced(),
            Some(mark) => self.balanced_near(mark, usize::MAX),
        };
        if !balanced {
            return ControlFlow::Continue(());
        }
        let item = self.choose();
        let start = self.branches.len();
        if item < self.cells {
            for slot in 0..self.cell_size[item] as usize {
                let k = self.cell_lists[item][slot];
                if self.alive[k as usize] {
                    self.branches.push(k);
                }
            }
        } else {
            let bone = item - self.cells;
            for slot in self.bone_start[bone]..self.bone_start[bone + 1] {
                let k = self.bone_list[slot as usize];
                if self.alive[k as usize] {
                    self.branches.push(k);
                }
            }
        }
        let end = self.branches.len();
        let node = (self.placed.len(), self.killed.len());
        let mut flow = ControlFlow::Continue(());
        for i in start..end {
            let k = self.branches[i] as usize;
            let mark = (self.placed.len(), self.killed.len());
            self.place(k);
            if self.propagate() {
                flow = self.search(Some(node.1), visit);
            }
            self.undo(mark);
            if flow.is_break() {
                break;
            }
            // Every solution with k has been seen: the next branches lack it.
            self.kill(k);
        }
        self.clear_pending();
        self.undo(node);
        self.branches.truncate(start);
        flow
    }
}
