//! Solving and counting: forced deductions shrink the board, then exact
//! cover (dancing links) searches what is left.
//!
//! The exact-cover problem has one primary item per cell and per bone, and
//! one option per placement ([`Board::candidates`]). Before the search, two
//! deductions run to a fixed point: a cell with one placement left takes it,
//! and a bone with one placement left takes it; each taken placement removes
//! the others on its cells and of its bone. Both only make what every
//! solution must contain, so the search that follows stays exact, and on
//! most puzzles it has little or nothing left to do.

use super::board::{Board, Map, Placement};
use super::check::check_board;
use exact_cover::{Problem, Solver};
use std::ops::ControlFlow;

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solutions {
    /// Solutions found (all of them when `complete`).
    pub count: u64,
    /// The search ran to the end: `count` is exact (so `count == 1` means
    /// the solution is unique).
    pub complete: bool,
    /// The first solutions found, as many as were asked for.
    pub maps: Vec<Map>,
    /// Why there is no solution, when the check or the deductions tell.
    pub reason: Option<String>,
}

/// Searches `board` until `limit` solutions are found (or all are) and
/// keeps the maps of the first `keep`. `solve(board, 2, 2)` finds a
/// solution and proves it unique (`count == 1 && complete`).
pub fn solve(board: &Board, limit: u64, keep: usize) -> Solutions {
    if let Err(reason) = check_board(board) {
        return Solutions {
            count: 0,
            complete: true,
            maps: Vec::new(),
            reason: Some(reason),
        };
    }
    if limit == 0 {
        return Solutions {
            count: 0,
            complete: false,
            maps: Vec::new(),
            reason: None,
        };
    }
    let candidates = board.candidates();
    let reduced = match Reduction::run(board, &candidates) {
        Ok(reduced) => reduced,
        Err(reason) => {
            return Solutions {
                count: 0,
                complete: true,
                maps: Vec::new(),
                reason: Some(reason),
            }
        }
    };
    let forced = reduced.forced.iter().map(|&p| candidates[p]);
    if reduced.open.is_empty() {
        let maps = if keep > 0 {
            vec![Map::from_placements(board, forced)]
        } else {
            Vec::new()
        };
        return Solutions {
            count: 1,
            complete: true,
            maps,
            reason: None,
        };
    }
    let mut solver = Solver::new(&reduced.problem);
    let mut count = 0u64;
    let mut maps = Vec::new();
    let complete = solver.enumerate(|chosen| {
        count += 1;
        if maps.len() < keep {
            let searched = chosen.iter().map(|&k| candidates[reduced.open[k]]);
            maps.push(Map::from_placements(board, forced.clone().chain(searched)));
        }
        if count >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    let reason = (count == 0).then(|| "no way to place every piece exists".to_string());
    Solutions {
        count,
        complete,
        maps,
        reason,
    }
}

/// The board after the forced deductions: the placements they made and the
/// exact-cover problem of what is left.
struct Reduction {
    forced: Vec<usize>,
    /// Candidate index of each option of `problem`.
    open: Vec<usize>,
    problem: Problem,
}

impl Reduction {
    fn run(board: &Board, candidates: &[Placement]) -> Result<Reduction, String> {
        let mut state = Deductions::new(board, candidates);
        state.run()?;
        Ok(state.into_reduction())
    }
}

/// The working state of the deductions. Cells have at most four
/// placements, so their lists are fixed arrays; bones' lists are one flat
/// array cut by `bone_start`.
struct Deductions<'a> {
    board: &'a Board,
    candidates: &'a [Placement],
    alive: Vec<bool>,
    cell_lists: Vec<[u32; 4]>,
    cell_size: Vec<u8>,
    cell_live: Vec<u8>,
    cell_done: Vec<bool>,
    bone_start: Vec<u32>,
    bone_list: Vec<u32>,
    bone_live: Vec<u32>,
    bone_done: Vec<bool>,
    forced: Vec<usize>,
    /// Items to look at again: cells as `cell`, bones as `cells + bone`.
    pending: Vec<u32>,
}

impl<'a> Deductions<'a> {
    fn new(board: &'a Board, candidates: &'a [Placement]) -> Self {
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
        let mut pending: Vec<u32> = Vec::with_capacity(cells + bones + 4 * candidates.len());
        pending.extend(
            (0..cells)
                .filter(|&c| board.values[c].is_some())
                .map(|c| c as u32),
        );
        pending.extend((1..=bones).map(|b| (cells + b) as u32));
        Deductions {
            board,
            candidates,
            alive: vec![true; candidates.len()],
            cell_lists,
            cell_size: cell_live.clone(),
            cell_live,
            cell_done: vec![false; cells],
            bone_start,
            bone_list,
            bone_live,
            bone_done: vec![false; bones + 1],
            forced: Vec::new(),
            pending,
        }
    }

    fn bone_candidates(&self, bone: usize) -> &[u32] {
        &self.bone_list[self.bone_start[bone] as usize..self.bone_start[bone + 1] as usize]
    }

    fn run(&mut self) -> Result<(), String> {
        let cells = self.board.values.len();
        while let Some(item) = self.pending.pop() {
            let item = item as usize;
            let only = if item < cells {
                if self.cell_done[item] {
                    continue;
                }
                match self.cell_live[item] {
                    0 => return Err(self.stuck_cell(item)),
                    1 => self.cell_lists[item][..self.cell_size[item] as usize]
                        .iter()
                        .copied()
                        .find(|&k| self.alive[k as usize])
                        .unwrap_or_default(),
                    _ => continue,
                }
            } else {
                let bone = item - cells;
                if self.bone_done[bone] {
                    continue;
                }
                if self.bone_live[bone] > 1 {
                    continue;
                }
                match self
                    .bone_candidates(bone)
                    .iter()
                    .find(|&&k| self.alive[k as usize])
                {
                    None => {
                        let (a, b) = self.board.bone_halves(bone);
                        return Err(format!("the piece {a}-{b} has no place left"));
                    }
                    Some(&k) => k,
                }
            };
            self.place(only as usize);
        }
        Ok(())
    }

    fn stuck_cell(&self, cell: usize) -> String {
        let (r, c) = self.board.position(cell);
        let v = self.board.values[cell].unwrap_or_default();
        format!(
            "the {v} in row {}, column {} has no piece left that fits",
            r + 1,
            c + 1
        )
    }

    fn place(&mut self, k: usize) {
        let p = self.candidates[k];
        self.forced.push(k);
        self.bone_done[p.bone] = true;
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
        let cells = self.board.values.len();
        for &c in &p.cells {
            self.cell_live[c] -= 1;
            self.pending.push(c as u32);
        }
        self.bone_live[p.bone] -= 1;
        self.pending.push((cells + p.bone) as u32);
    }

    /// The exact-cover problem of the cells and bones still open.
    fn into_reduction(self) -> Reduction {
        let cells = self.board.values.len();
        let mut item_of = vec![u32::MAX; cells + self.bone_done.len()];
        let mut items = 0usize;
        for (c, slot) in item_of[..cells].iter_mut().enumerate() {
            if self.board.values[c].is_some() && !self.cell_done[c] {
                *slot = items as u32;
                items += 1;
            }
        }
        for b in 1..self.bone_done.len() {
            if !self.bone_done[b] {
                item_of[cells + b] = items as u32;
                items += 1;
            }
        }
        let mut problem = Problem::new(items, 0);
        let mut open = Vec::new();
        for (k, p) in self.candidates.iter().enumerate() {
            if self.alive[k] && !self.cell_done[p.cells[0]] {
                problem.add_option(&[
                    item_of[p.cells[0]] as usize,
                    item_of[p.cells[1]] as usize,
                    item_of[cells + p.bone] as usize,
                ]);
                open.push(k);
            }
        }
        Reduction {
            forced: self.forced,
            open,
            problem,
        }
    }
}
