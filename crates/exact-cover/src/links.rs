//! The dancing-links structure and the search over it.
//!
//! Layout (Knuth's DLX1): node `i` for `1 <= i <= n` is the header of item
//! `i - 1`; after the headers come the options, each a run of nodes with a
//! spacer before and after. `top[x]` is the item of node `x`, or `<= 0` for
//! a spacer, whose `ulink` points at the first node of the option before it
//! and whose `dlink` at the last node of the option after it. Primary items
//! are on the circular list headed by `0`, secondary items on the one headed
//! by `n + 1`, so the branching scan never sees secondary items.
//!
//! Invariant between calls: every item is uncovered and every option is in
//! its columns, so a solver can run again; a search stopped early unwinds
//! its levels to restore that.

use crate::{Count, Problem};
use std::ops::ControlFlow;

/// Searches one [`Problem`]; reusable for several searches.
#[derive(Clone, Debug)]
pub struct Solver {
    llink: Vec<u32>,
    rlink: Vec<u32>,
    top: Vec<i32>,
    ulink: Vec<u32>,
    dlink: Vec<u32>,
    len: Vec<u32>,
    /// The option number of each option node.
    option_of: Vec<u32>,
    /// The node chosen at each level of the search.
    choice: Vec<u32>,
    /// The options of the current solution, handed to the visitor.
    solution: Vec<usize>,
}

impl Solver {
    /// Builds the dancing-links structure of `problem`, ready to search.
    pub fn new(problem: &Problem) -> Self {
        let n1 = problem.primary;
        let n = n1 + problem.secondary;
        let options = problem.option_count();
        let total = n + 1 + problem.items.len() + options + 1;
        let mut llink = vec![0u32; n + 2];
        let mut rlink = vec![0u32; n + 2];
        // Primary items 1..=n1 on the list headed by 0.
        for i in 1..=n1 {
            llink[i] = (i - 1) as u32;
            rlink[i - 1] = i as u32;
        }
        llink[0] = n1 as u32;
        rlink[n1] = 0;
        // Secondary items n1+1..=n on the list headed by n+1.
        let head = n + 1;
        let ring: Vec<usize> = std::iter::once(head).chain(n1 + 1..=n).collect();
        for (k, &i) in ring.iter().enumerate() {
            let next = ring[(k + 1) % ring.len()];
            rlink[i] = next as u32;
            llink[next] = i as u32;
        }

        let mut top = vec![0i32; total];
        let mut ulink = vec![0u32; total];
        let mut dlink = vec![0u32; total];
        let mut len = vec![0u32; n + 1];
        let mut option_of = vec![0u32; total];
        for i in 1..=n {
            ulink[i] = i as u32;
            dlink[i] = i as u32;
        }
        let mut spacer = n + 1;
        for k in 0..options {
            let first = spacer + 1;
            let mut x = spacer;
            for item in problem.option(k) {
                x += 1;
                let i = item + 1;
                top[x] = i as i32;
                len[i] += 1;
                let up = ulink[i] as usize;
                ulink[x] = up as u32;
                dlink[x] = i as u32;
                dlink[up] = x as u32;
                ulink[i] = x as u32;
                option_of[x] = k as u32;
            }
            dlink[spacer] = x as u32;
            spacer = x + 1;
            top[spacer] = -((k + 1) as i32);
            ulink[spacer] = first as u32;
        }
        Solver {
            llink,
            rlink,
            top,
            ulink,
            dlink,
            len,
            option_of,
            choice: vec![0; n1 + 1],
            solution: Vec::with_capacity(n1),
        }
    }

    /// One solution (its option numbers, in the order the search chose
    /// them), or `None` when there is none.
    pub fn first(&mut self) -> Option<Vec<usize>> {
        let mut found = None;
        self.enumerate(|solution| {
            found = Some(solution.to_vec());
            ControlFlow::Break(())
        });
        found
    }

    /// Counts solutions, stopping once `limit` have been found.
    pub fn count(&mut self, limit: u64) -> Count {
        if limit == 0 {
            return Count {
                count: 0,
                complete: false,
            };
        }
        let mut count = 0u64;
        let complete = self.enumerate(|_| {
            count += 1;
            if count >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        Count { count, complete }
    }

    /// Calls `visit` with each solution's option numbers until it breaks.
    /// Returns true when the search ran to the end (no break).
    pub fn enumerate(&mut self, visit: impl FnMut(&[usize]) -> ControlFlow<()>) -> bool {
        self.search(visit, || ControlFlow::Continue(()))
    }

    /// [`Solver::enumerate`] that also calls `node` before each choice of
    /// an item: a caller's budget (a node count, a clock, a stop flag)
    /// can end a search that finds no solution for a long time. A break
    /// from either callback ends the search; returns true when it ran to
    /// the end.
    pub fn search(
        &mut self,
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
        mut node: impl FnMut() -> ControlFlow<()>,
    ) -> bool {
        let mut level = 0usize;
        'enter: loop {
            if node().is_break() {
                self.unwind(level);
                return false;
            }
            if self.rlink[0] == 0 {
                self.solution.clear();
                for &x in &self.choice[..level] {
                    self.solution.push(self.option_of[x as usize] as usize);
                }
                if visit(&self.solution).is_break() {
                    self.unwind(level);
                    return false;
                }
            } else {
                let i = self.choose();
                if self.len[i] > 0 {
                    self.cover(i);
                    let x = self.dlink[i] as usize;
                    self.choice[level] = x as u32;
                    self.commit(x);
                    level += 1;
                    continue 'enter;
                }
            }
            // Backtrack: try the next option at the deepest level that has one.
            loop {
                if level == 0 {
                    return true;
                }
                level -= 1;
                let x = self.choice[level] as usize;
                self.uncommit(x);
                let i = self.top[x] as usize;
                let next = self.dlink[x] as usize;
                if next != i {
                    self.choice[level] = next as u32;
                    self.commit(next);
                    level += 1;
                    continue 'enter;
                }
                self.uncover(i);
            }
        }
    }

    /// The primary item with the fewest options left (the first on ties).
    fn choose(&self) -> usize {
        let mut p = self.rlink[0] as usize;
        let mut best = p;
        let mut fewest = u32::MAX;
        while p != 0 {
            let l = self.len[p];
            if l < fewest {
                fewest = l;
                best = p;
                if l == 0 {
                    break;
                }
            }
            p = self.rlink[p] as usize;
        }
        best
    }

    /// Restores the structure after a search stopped at `level`.
    fn unwind(&mut self, level: usize) {
        for k in (0..level).rev() {
            let x = self.choice[k] as usize;
            self.uncommit(x);
            self.uncover(self.top[x] as usize);
        }
    }

    /// Covers the other items of the option of node `x`.
    fn commit(&mut self, x: usize) {
        let mut p = x + 1;
        while p != x {
            let j = self.top[p];
            if j <= 0 {
                p = self.ulink[p] as usize;
            } else {
                self.cover(j as usize);
                p += 1;
            }
        }
    }

    /// Undoes [`Solver::commit`], in the reverse order.
    fn uncommit(&mut self, x: usize) {
        let mut p = x - 1;
        while p != x {
            let j = self.top[p];
            if j <= 0 {
                p = self.dlink[p] as usize;
            } else {
                self.uncover(j as usize);
                p -= 1;
            }
        }
    }

    fn cover(&mut self, i: usize) {
        let mut p = self.dlink[i] as usize;
        while p != i {
            self.hide(p);
            p = self.dlink[p] as usize;
        }
        let (l, r) = (self.llink[i], self.rlink[i]);
        self.rlink[l as usize] = r;
        self.llink[r as usize] = l;
    }

    fn uncover(&mut self, i: usize) {
        let (l, r) = (self.llink[i], self.rlink[i]);
        self.rlink[l as usize] = i as u32;
        self.llink[r as usize] = i as u32;
        let mut p = self.ulink[i] as usize;
        while p != i {
            self.unhide(p);
            p = self.ulink[p] as usize;
        }
    }

    /// Takes the other nodes of `p`'s option out of their columns.
    fn hide(&mut self, p: usize) {
        let mut q = p + 1;
        while q != p {
            let x = self.top[q];
            if x <= 0 {
                q = self.ulink[q] as usize;
            } else {
                let (u, d) = (self.ulink[q], self.dlink[q]);
                self.dlink[u as usize] = d;
                self.ulink[d as usize] = u;
                self.len[x as usize] -= 1;
                q += 1;
            }
        }
    }

    fn unhide(&mut self, p: usize) {
        let mut q = p - 1;
        while q != p {
            let x = self.top[q];
            if x <= 0 {
                q = self.dlink[q] as usize;
            } else {
                let (u, d) = (self.ulink[q], self.dlink[q]);
                self.dlink[u as usize] = q as u32;
                self.ulink[d as usize] = q as u32;
                self.len[x as usize] += 1;
                q -= 1;
            }
        }
    }
}
