//! The exact algorithm: depth-first branch and bound over sets of remaining
//! pieces, proving the fewest pieces that must stay.
//!
//! - Dead pieces (kept incrementally by [`State`]) plus disjoint cycles of
//!   forced precedence ([`CycleBound`]) are a lower bound; a branch whose
//!   bound reaches the best score is cut, and the whole search ends when
//!   the best score meets the root's bound.
//! - A removable piece that blocks no live side is removed at once: nothing
//!   can need it later, so removing it now is never worse.
//! - Otherwise only the removable pieces of a deadlock-preserving stubborn
//!   set are tried ([`super::stubborn`]): the best final position is one
//!   where nothing is removable, and such sets reach every one of those.
//! - Positions already searched are skipped ([`Table`]).
//! - Children are tried in order of fewest new dead pieces, then most
//!   removable pieces after the move; a greedy run gives the first bound.

use super::approx::greedy_order;
use super::bound::CycleBound;
use super::control::{Control, Limits, Progress, Solution};
use super::sides::Sides;
use super::state::{zobrist_keys, State};
use super::stubborn::Stubborn;
use super::table::Table;

/// Finds the best removal order and proves it optimal, unless a limit or
/// the stop flag ends the search first (then `optimal` is false and the
/// order is the best found).
pub fn solve_exact(
    sides: &Sides,
    limits: &Limits,
    progress: Option<&mut dyn FnMut(&Progress)>,
) -> Solution {
    let zobrist = zobrist_keys(sides.pieces);
    let root = State::new(sides, &zobrist);
    let mut control = Control::new(limits, progress);
    let start_order = greedy_order(&root, &mut control);
    let mut search = Search {
        best: sides.pieces - start_order.len(),
        best_order: start_order,
        root_bound: 0,
        table: Table::new(root.key().len(), limits.memory_bytes),
        stubborn: Stubborn::new(sides.pieces),
        cycles: CycleBound::new(sides.pieces),
        path: Vec::new(),
        scratch: Vec::new(),
        state: root,
        control,
    };
    search.root_bound = search.state.dead_count() + search.cycles.bound(&search.state);
    if search.best > search.root_bound {
        search.dfs();
    }
    Solution {
        score: search.best,
        optimal: search.best <= search.root_bound || !search.control.stopped(),
        order: search.best_order,
        states: search.control.states,
        lower_bound: search.root_bound,
    }
}

struct Search<'s, 'l, 'p> {
    state: State<'s>,
    control: Control<'l, 'p>,
    table: Table,
    stubborn: Stubborn,
    cycles: CycleBound,
    best: usize,
    best_order: Vec<usize>,
    root_bound: usize,
    path: Vec<usize>,
    scratch: Vec<usize>,
}

impl Search<'_, '_, '_> {
    fn done(&self) -> bool {
        self.best <= self.root_bound || self.control.stopped()
    }

    fn dfs(&mut self) {
        if self.control.tick(self.best, self.root_bound) {
            return;
        }
        let mark = self.state.mark();
        let depth = self.path.len();
        self.explore();
        self.path.truncate(depth);
        self.state.undo(mark);
    }

    fn explore(&mut self) {
        let mut removable = std::mem::take(&mut self.scratch);
        self.remove_harmless(&mut removable);
        if self.state.dead_count() >= self.best {
            self.scratch = removable;
            return;
        }
        if removable.is_empty() {
            if self.state.present_count() < self.best {
                self.best = self.state.present_count();
                self.best_order = self.path.clone();
            }
            self.scratch = removable;
            return;
        }
        if !self.table.insert(self.state.hash(), self.state.key())
            || self
                .cycles
                .reaches(&self.state, self.best - self.state.dead_count())
        {
            self.scratch = removable;
            return;
        }
        let children = self.ordered_children(&removable);
        self.scratch = removable;
        for (_, child) in children {
            let mark = self.state.mark();
            self.state.remove(child);
            self.path.push(child);
            self.dfs();
            self.path.pop();
            self.state.undo(mark);
            if self.done() {
                return;
            }
        }
    }

    /// Removes harmless removable pieces until none is left; leaves the
    /// removable pieces of the resulting position in `removable`.
    fn remove_harmless(&mut self, removable: &mut Vec<usize>) {
        loop {
            self.state.removable_pieces(removable);
            let before = self.path.len();
            for &p in removable.iter() {
                if self.state.harmless(p) && self.state.removable(p) {
                    self.state.remove(p);
                    self.path.push(p);
                }
            }
            if self.path.len() == before {
                return;
            }
        }
    }

    /// The stubborn set's removable pieces, best first.
    fn ordered_children(&mut self, removable: &[usize]) -> Vec<((usize, usize), usize)> {
        let chosen = self.stubborn.choose(&self.state, removable);
        let mut after = Vec::new();
        let mut children: Vec<((usize, usize), usize)> = chosen
            .into_iter()
            .map(|child| {
                let mark = self.state.mark();
                self.state.remove(child);
                self.state.removable_pieces(&mut after);
                let key = (self.state.dead_count(), usize::MAX - after.len());
                self.state.undo(mark);
                (key, child)
            })
            .collect();
        children.sort_unstable();
        children
    }
}
