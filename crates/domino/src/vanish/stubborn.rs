//! Deadlock-preserving stubborn sets: a set T of pieces such that
//! - a removable piece x in T: every present piece with a live side that x
//!   blocks is in T (moves outside T commute with x: x cannot spoil them);
//! - a piece y in T that is not removable: for each live side of y, one
//!   present piece that side needs gone is in T (moves outside T cannot
//!   make y removable);
//! - one removable key piece whose open side's blockers are all in T (moves
//!   outside T cannot stop it being removable).
//!
//! Trying only T's removable pieces still reaches every position where
//! nothing is removable, and the best score is always such a position
//! (removing one more piece only helps). Each removable piece is tried as
//! the key; the set with the fewest removable pieces wins.

use super::state::State;

/// Keys tried per position (boards with hundreds of removable pieces would
/// otherwise pay for hundreds of closures at every step).
const MAX_KEYS: usize = 48;

pub(crate) struct Stubborn {
    in_set: Vec<bool>,
    members: Vec<usize>,
    work: Vec<usize>,
}

impl Stubborn {
    pub fn new(pieces: usize) -> Stubborn {
        Stubborn {
            in_set: vec![false; pieces],
            members: Vec::new(),
            work: Vec::new(),
        }
    }

    /// The removable pieces to branch on (never empty when `removable`
    /// is not).
    pub fn choose(&mut self, state: &State, removable: &[usize]) -> Vec<usize> {
        let mut best: Vec<usize> = removable.to_vec();
        for &key in removable.iter().take(MAX_KEYS) {
            if best.len() == 1 {
                break;
            }
            if let Some(set) = self.closure(state, key, best.len()) {
                best = set;
            }
        }
        best
    }

    /// The removable members of the stubborn set grown from `key`, or None
    /// once it reaches `limit` of them.
    fn closure(&mut self, state: &State, key: usize, limit: usize) -> Option<Vec<usize>> {
        for &m in &self.members {
            self.in_set[m] = false;
        }
        self.members.clear();
        self.work.clear();
        self.add(key);
        // The key's open side with the fewest blockers keeps it removable.
        let open = (4 * key..4 * key + 4)
            .filter(|&s| state.side_open(s))
            .min_by_key(|&s| state.blockers(s).count());
        if let Some(s) = open {
            for b in state.blockers(s) {
                self.add(b);
            }
        }
        let mut enabled = Vec::new();
        while let Some(x) = self.work.pop() {
            if state.removable(x) {
                enabled.push(x);
                if enabled.len() >= limit {
                    return None;
                }
                for &s in &state.sides.blocker_of[x] {
                    let s = s as usize;
                    let y = s / 4;
                    if !state.side_dead(s) && state.is_present(y) && !state.is_dead(y) {
                        self.add(y);
                    }
                }
            } else if !state.is_dead(x) {
                for s in 4 * x..4 * x + 4 {
                    if state.side_dead(s) {
                        continue;
                    }
                    let needed = state.sides.gone(s);
                    let present = needed
                        .iter()
                        .map(|&q| q as usize)
                        .filter(|&q| state.is_present(q));
                    let pick = present
                        .clone()
                        .find(|&q| self.in_set[q])
                        .or_else(|| present.clone().next());
                    if let Some(q) = pick {
                        self.add(q);
                    }
                }
            }
        }
        Some(enabled)
    }

    fn add(&mut self, p: usize) {
        if !self.in_set[p] {
            self.in_set[p] = true;
            self.members.push(p);
            self.work.push(p);
        }
    }
}
