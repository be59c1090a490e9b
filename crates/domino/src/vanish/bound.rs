//! A lower bound beyond dead pieces: cycles of forced precedence.
//!
//! For a live piece p, look at all its live sides together:
//! - a piece q that every live side needs gone must leave before p
//!   (edge q -> p);
//! - a piece b that blocks every live side must still be there when p
//!   leaves (edge p -> b): if both leave, p goes first.
//!
//! Sides only die as play goes on, so these edges stay true below this
//! position. Among the pieces that are removed in the end, every edge runs
//! forward in time, so no cycle can lie wholly inside them: every cycle
//! keeps at least one piece on the board. Vertex-disjoint cycles, found
//! greedily (two- and three-cycles first), add one piece each to the dead count.

use super::state::State;

/// Pieces between two questions to a caller's `stop`.
const STOP_EVERY: usize = 4096;

pub(crate) struct CycleBound {
    out: Vec<Vec<usize>>,
    live: Vec<usize>,
    used: Vec<bool>,
    color: Vec<u8>,
    stack: Vec<(usize, usize)>,
}

impl CycleBound {
    pub fn new(pieces: usize) -> CycleBound {
        CycleBound {
            out: vec![Vec::new(); pieces],
            live: Vec::new(),
            used: vec![false; pieces],
            color: vec![0; pieces],
            stack: Vec::new(),
        }
    }

    /// Disjoint precedence cycles among the live pieces of `state`.
    #[cfg(test)]
    pub fn bound(&mut self, state: &State) -> usize {
        self.count(state, usize::MAX, &[], &mut || false)
    }

    /// Disjoint precedence cycles among the live pieces of `state` that
    /// are not `excluded` (indexed by piece).
    #[cfg(test)]
    pub fn bound_outside(&mut self, state: &State, excluded: &[bool]) -> usize {
        self.count(state, usize::MAX, excluded, &mut || false)
    }

    /// [`CycleBound::bound_outside`], asking `stop` every few thousand
    /// pieces (a pass over a board of a million squares takes a quarter
    /// of a second): once it answers true, the cycles found so far are
    /// counted, still a lower bound (each is a real cycle).
    pub fn bound_until(
        &mut self,
        state: &State,
        excluded: &[bool],
        stop: &mut dyn FnMut() -> bool,
    ) -> usize {
        self.count(state, usize::MAX, excluded, stop)
    }

    /// Whether there are at least `need` disjoint cycles (each has two
    /// pieces or more, so few live pieces answer at once), among the live
    /// pieces that are not `excluded` (an empty slice excludes none).
    pub fn reaches(&mut self, state: &State, need: usize, excluded: &[bool]) -> bool {
        need == 0
            || (need.saturating_mul(2) <= state.present_count() - state.dead_count()
                && self.count(state, need, excluded, &mut || false) >= need)
    }

    /// Disjoint cycles, counting stops at `need` (or when `stop` says so).
    fn count(
        &mut self,
        state: &State,
        need: usize,
        excluded: &[bool],
        stop: &mut dyn FnMut() -> bool,
    ) -> usize {
        self.build(state, excluded, stop);
        let mut cycles = 0;
        for &p in &self.live {
            self.used[p] = false;
        }
        for i in 0..self.live.len() {
            if i % STOP_EVERY == STOP_EVERY - 1 && stop() {
                return cycles;
            }
            let p = self.live[i];
            if self.used[p] {
                continue;
            }
            if let Some(&q) = self.out[p]
                .iter()
                .find(|&&q| !self.used[q] && self.out[q].contains(&p))
            {
                self.used[p] = true;
                self.used[q] = true;
                cycles += 1;
                if cycles >= need {
                    return cycles;
                }
            }
        }
        for i in 0..self.live.len() {
            if i % STOP_EVERY == STOP_EVERY - 1 && stop() {
                return cycles;
            }
            let u = self.live[i];
            if self.used[u] {
                continue;
            }
            let triangle = self.out[u].iter().find_map(|&v| {
                if self.used[v] || v == u {
                    return None;
                }
                self.out[v]
                    .iter()
                    .find(|&&w| !self.used[w] && w != u && w != v && self.out[w].contains(&u))
                    .map(|&w| (v, w))
            });
            if let Some((v, w)) = triangle {
                self.used[u] = true;
                self.used[v] = true;
                self.used[w] = true;
                cycles += 1;
                if cycles >= need {
                    return cycles;
                }
            }
        }
        if cycles < need {
            cycles = self.pack_cycles(cycles, need, stop);
        }
        cycles
    }

    /// The precedence edges among the live pieces not `excluded`; when
    /// `stop` ends it early, the pieces after are left without theirs.
    fn build(&mut self, state: &State, excluded: &[bool], stop: &mut dyn FnMut() -> bool) {
        for &p in &self.live {
            self.out[p].clear();
        }
        let outside = |p: usize| !excluded.get(p).copied().unwrap_or(false);
        self.live.clear();
        self.live.extend(
            state
                .present_pieces()
                .filter(|&p| !state.is_dead(p) && outside(p)),
        );
        for i in 0..self.live.len() {
            if i % STOP_EVERY == STOP_EVERY - 1 && stop() {
                return;
            }
            let p = self.live[i];
            let mut sides = [0usize; 4];
            let mut count = 0;
            for s in (4 * p..4 * p + 4).filter(|&s| !state.side_dead(s)) {
                sides[count] = s;
                count += 1;
            }
            if count == 0 {
                continue;
            }
            let (first, rest) = (sides[0], &sides[1..count]);
            for &q in state.sides.gone(first) {
                let q = q as usize;
                if state.is_present(q)
                    && !state.is_dead(q)
                    && outside(q)
                    && rest
                        .iter()
                        .all(|&s| state.sides.gone(s).binary_search(&(q as u32)).is_ok())
                {
                    self.out[q].push(p);
                }
            }
            for b in state.blockers(first) {
                if !state.is_dead(b)
                    && outside(b)
                    && rest.iter().all(|&s| state.blockers(s).any(|c| c == b))
                {
                    self.out[p].push(b);
                }
            }
        }
    }

    /// Packs cycles among unused live pieces in one depth-first pass: a
    /// back edge closes a cycle on the stack, whose pieces are then used and
    /// popped, and the search goes on from below them. Adds them to
    /// `cycles`, stopping at `need`.
    fn pack_cycles(
        &mut self,
        mut cycles: usize,
        need: usize,
        stop: &mut dyn FnMut() -> bool,
    ) -> usize {
        for &p in &self.live {
            self.color[p] = 0;
        }
        // Steps of the depth-first passes, for `stop`: one pass may cover
        // the whole board.
        let mut steps = 0usize;
        for i in 0..self.live.len() {
            let root = self.live[i];
            if self.used[root] || self.color[root] != 0 {
                continue;
            }
            self.stack.clear();
            self.stack.push((root, 0));
            self.color[root] = 1;
            while let Some(&mut (u, ref mut next)) = self.stack.last_mut() {
                steps += 1;
                if steps.is_multiple_of(STOP_EVERY) && stop() {
                    return cycles;
                }
                let Some(&v) = self.out[u].get(*next) else {
                    self.color[u] = 2;
                    self.stack.pop();
                    continue;
                };
                *next += 1;
                if self.used[v] {
                    continue;
                }
                match self.color[v] {
                    0 => {
                        self.color[v] = 1;
                        self.stack.push((v, 0));
                    }
                    1 => {
                        let from = self.stack.iter().rposition(|&(w, _)| w == v).unwrap_or(0);
                        for k in from..self.stack.len() {
                            let w = self.stack[k].0;
                            self.used[w] = true;
                        }
                        self.stack.truncate(from);
                        cycles += 1;
                        if cycles >= need {
                            return cycles;
                        }
                    }
                    _ => {}
                }
            }
        }
        cycles
    }
}
