//! The pencil-and-paper state of a board: which placements are still
//! possible, which are placed, and which cells and bones are done. Every
//! technique reads it; only [`State::place`] and [`State::remove`] change
//! it, and both notice a contradiction (an open cell or bone with no
//! placement left).

use crate::place::{Grid, Limits, Placement};

#[derive(Clone)]
pub(crate) struct State<'a> {
    pub(crate) board: &'a Grid,
    pub(crate) cands: &'a [Placement],
    /// The candidates covering each cell, and of each bone (index 0 unused).
    pub(crate) cell_cands: &'a [Vec<u32>],
    pub(crate) bone_cands: &'a [Vec<u32>],
    pub(crate) alive: Vec<bool>,
    pub(crate) cell_live: Vec<u32>,
    pub(crate) bone_live: Vec<u32>,
    pub(crate) cell_done: Vec<bool>,
    pub(crate) bone_done: Vec<bool>,
    pub(crate) open_cells: usize,
    /// The first open cell or bone found with nothing left, as an item
    /// (`cell` or `cells + bone`).
    pub(crate) contradiction: Option<usize>,
    /// The caller's deadline and stop flag: a technique that walks every
    /// candidate of a large board reads them as it goes (see
    /// [`State::halted`]) and ends with what it found so far.
    pub(crate) limits: Limits,
}

/// The static lists a [`State`] borrows: built once per board.
pub(crate) struct Lists {
    pub(crate) cands: Vec<Placement>,
    pub(crate) cell_cands: Vec<Vec<u32>>,
    pub(crate) bone_cands: Vec<Vec<u32>>,
}

impl Lists {
    /// The lists of a board that passed [`crate::place::validate`] (or
    /// that the generator made).
    pub(crate) fn new(board: &Grid) -> Lists {
        let cands = board.candidates();
        let mut cell_cands = vec![Vec::new(); board.values.len()];
        let mut bone_cands = vec![Vec::new(); board.bone_count() + 1];
        for (k, p) in cands.iter().enumerate() {
            cell_cands[p.cells[0]].push(k as u32);
            cell_cands[p.cells[1]].push(k as u32);
            bone_cands[p.bone].push(k as u32);
        }
        Lists {
            cands,
            cell_cands,
            bone_cands,
        }
    }
}

impl<'a> State<'a> {
    /// True when the caller's deadline has passed or its stop flag is up,
    /// read at every 64th `step` of a technique's walk (one step, a
    /// candidate's region walk on a double-60 board, costs tens of
    /// microseconds): what the technique found before is sound, so it
    /// ends with that, and the runner stops.
    pub(crate) fn halted(&self, step: usize) -> bool {
        step.is_multiple_of(64) && self.limits.reached()
    }

    pub(crate) fn new(board: &'a Grid, lists: &'a Lists) -> State<'a> {
        let cell_live: Vec<u32> = lists.cell_cands.iter().map(|l| l.len() as u32).collect();
        let bone_live: Vec<u32> = lists.bone_cands.iter().map(|l| l.len() as u32).collect();
        let mut state = State {
            board,
            cands: &lists.cands,
            cell_cands: &lists.cell_cands,
            bone_cands: &lists.bone_cands,
            alive: vec![true; lists.cands.len()],
            cell_live,
            bone_live,
            cell_done: board.values.iter().map(Option::is_none).collect(),
            bone_done: vec![false; lists.bone_cands.len()],
            open_cells: board.cell_count(),
            contradiction: None,
            limits: Limits::none(),
        };
        state.bone_done[0] = true;
        let cells = board.values.len();
        if let Some(c) = (0..cells).find(|&c| !state.cell_done[c] && state.cell_live[c] == 0) {
            state.contradiction = Some(c);
        } else if let Some(b) = (1..state.bone_live.len()).find(|&b| state.bone_live[b] == 0) {
            state.contradiction = Some(cells + b);
        }
        state
    }

    pub(crate) fn is_solved(&self) -> bool {
        self.open_cells == 0 && self.contradiction.is_none()
    }

    /// The live candidates covering `cell`.
    pub(crate) fn cell_options(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        self.cell_cands[cell]
            .iter()
            .map(|&k| k as usize)
            .filter(|&k| self.alive[k])
    }

    /// The live candidates of `bone`.
    pub(crate) fn bone_options(&self, bone: usize) -> impl Iterator<Item = usize> + '_ {
        self.bone_cands[bone]
            .iter()
            .map(|&k| k as usize)
            .filter(|&k| self.alive[k])
    }

    /// Candidates `a` and `b` cannot both be placed: same bone or a shared
    /// cell.
    pub(crate) fn clash(&self, a: usize, b: usize) -> bool {
        let (p, q) = (self.cands[a], self.cands[b]);
        a != b && (p.bone == q.bone || p.cells.iter().any(|c| q.cells.contains(c)))
    }

    /// Rules out candidate `k`; true when it was alive.
    pub(crate) fn remove(&mut self, k: usize) -> bool {
        if !self.alive[k] {
            return false;
        }
        self.alive[k] = false;
        let p = self.cands[k];
        for c in p.cells {
            self.cell_live[c] -= 1;
            if self.cell_live[c] == 0 && !self.cell_done[c] && self.contradiction.is_none() {
                self.contradiction = Some(c);
            }
        }
        self.bone_live[p.bone] -= 1;
        if self.bone_live[p.bone] == 0 && !self.bone_done[p.bone] && self.contradiction.is_none() {
            self.contradiction = Some(self.board.values.len() + p.bone);
        }
        true
    }

    /// Lays candidate `k` and rules out everything that clashes with it;
    /// returns what was ruled out. A dead `k` is a contradiction.
    pub(crate) fn place(&mut self, k: usize) -> Vec<usize> {
        let p = self.cands[k];
        if !self.alive[k] {
            self.contradiction.get_or_insert(p.cells[0]);
            return Vec::new();
        }
        for c in p.cells {
            self.cell_done[c] = true;
            self.open_cells -= 1;
        }
        self.bone_done[p.bone] = true;
        let clashing: Vec<usize> = p
            .cells
            .iter()
            .flat_map(|&c| self.cell_cands[c].iter())
            .chain(self.bone_cands[p.bone].iter())
            .map(|&q| q as usize)
            .filter(|&q| q != k && self.alive[q])
            .collect();
        let mut removed = Vec::with_capacity(clashing.len());
        for q in clashing {
            if self.remove(q) {
                removed.push(q);
            }
        }
        removed
    }

    /// The single live option of an open cell, if it has exactly one.
    pub(crate) fn only_option_of_cell(&self, cell: usize) -> Option<usize> {
        (!self.cell_done[cell] && self.cell_live[cell] == 1)
            .then(|| self.cell_options(cell).next())
            .flatten()
    }

    /// The single live placement of an open bone, if it has exactly one.
    pub(crate) fn only_option_of_bone(&self, bone: usize) -> Option<usize> {
        (!self.bone_done[bone] && self.bone_live[bone] == 1)
            .then(|| self.bone_options(bone).next())
            .flatten()
    }

    /// Places singles (cells with one option, bones with one place) until
    /// none is left or a contradiction appears; returns the placements made.
    pub(crate) fn place_singles(&mut self) -> Vec<usize> {
        let cells = self.board.values.len();
        let mut queue: Vec<usize> = (0..cells + self.bone_live.len()).collect();
        let mut made = Vec::new();
        while let Some(item) = queue.pop() {
            if self.contradiction.is_some() {
                break;
            }
            let single = if item < cells {
                self.only_option_of_cell(item)
            } else {
                self.only_option_of_bone(item - cells)
            };
            let Some(k) = single else { continue };
            made.push(k);
            for q in self.place(k) {
                let p = self.cands[q];
                queue.extend(p.cells);
                queue.push(cells + p.bone);
            }
        }
        made
    }
}
