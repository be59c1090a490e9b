//! Slack of every running limit, one segment tree per value, all trees in
//! one flat array (the caller says where a value's tree lies, as a
//! [`Tree`]). For value v, leaf q holds the slack of v's q-th
//! checkpoint (cap minus the moves charged to v up to that checkpoint). The
//! decider needs three things of it: add to a range (a move charged to v
//! or taken off v changes the slack of every later checkpoint), find the
//! first checkpoint at or after a position whose slack is zero, and the
//! last one before a position.
//! Checkpoints not reached yet hold a huge slack, so they are never tight.

use crate::prefetch::prefetch;

/// Slack of a checkpoint that is not reached yet.
const UNREACHED: i32 = i32::MAX / 2;

/// The trees. A tree over leaves `l..r` is stored at `node`; its left
/// child (leaves `l..mid`) at `node + 1` and its right child at
/// `node + 2 * (mid - l)`, so a tree of `n` leaves takes `2n - 1` slots.
pub struct SlackTrees {
    /// The nodes of all trees.
    nodes: Vec<Node>,
}

/// Where one value's tree lies: its root's index and its number of leaves.
/// With the values' checkpoints numbered one after another, the tree of a
/// value whose checkpoints start at `first` can start at `2 * first`.
#[derive(Clone, Copy)]
pub struct Tree {
    pub root: u32,
    pub leaves: u32,
}

/// One node; both fields are read together on every step down, so they
/// share a cache line.
#[derive(Clone, Copy)]
struct Node {
    /// Minimum slack in the subtree, the node's own pending addition
    /// included but not its ancestors'.
    min: i32,
    /// Addition pending for the whole subtree (not pushed to children).
    add: i32,
}

const FRESH: Node = Node {
    min: UNREACHED,
    add: 0,
};

impl SlackTrees {
    /// Room for trees over `checkpoints` leaves in all (two slots per
    /// leaf), every leaf unreached.
    pub fn new(checkpoints: usize) -> Self {
        SlackTrees {
            nodes: vec![FRESH; 2 * checkpoints],
        }
    }

    /// Starts loading the root of `tree` into the cache, for a search
    /// that will soon walk it.
    pub fn prefetch_root(&self, tree: Tree) {
        if let Some(node) = self.nodes.get(tree.root as usize) {
            prefetch(node);
        }
    }

    /// Makes every checkpoint unreached again.
    pub fn clear(&mut self) {
        self.nodes.fill(FRESH);
    }

    /// Makes checkpoint `q` of `tree` count, with slack `slack`. This
    /// runs twice per play, so it is one loop down the tree: the leaf was
    /// huge, so each node on the way only needs the minimum of its old
    /// minimum and the new leaf (seen from that node).
    pub fn reach(&mut self, tree: Tree, q: usize, slack: i32) {
        let (mut node, mut l, mut r) = (tree.root as usize, 0, tree.leaves as usize);
        // The additions pending above `node`.
        let mut above = 0;
        while r - l > 1 {
            let seen = slack - above;
            let n = &mut self.nodes[node];
            if seen < n.min {
                n.min = seen;
            }
            above += n.add;
            let mid = (l + r) / 2;
            if q < mid {
                node += 1;
                r = mid;
            } else {
                node += 2 * (mid - l);
                l = mid;
            }
        }
        self.nodes[node] = Node {
            min: slack - above,
            add: 0,
        };
    }

    /// Adds `delta` to the slack of checkpoints `from..to` of `tree`;
    /// all of them must be reached.
    pub fn add_range(&mut self, tree: Tree, from: usize, to: usize, delta: i32) {
        let to = to.min(tree.leaves as usize);
        if from < to {
            self.add_in(tree.root as usize, 0, tree.leaves as usize, from, to, delta);
        }
    }

    fn add_in(&mut self, node: usize, l: usize, r: usize, from: usize, to: usize, delta: i32) {
        if to <= l || r <= from {
            return;
        }
        if from <= l && r <= to {
            let n = &mut self.nodes[node];
            n.add += delta;
            n.min += delta;
            return;
        }
        let mid = (l + r) / 2;
        let (left, right) = (node + 1, node + 2 * (mid - l));
        self.add_in(left, l, mid, from, to, delta);
        self.add_in(right, mid, r, from, to, delta);
        let below = self.nodes[left].min.min(self.nodes[right].min);
        let n = &mut self.nodes[node];
        n.min = n.add + below;
    }

    /// Appends the slack of checkpoints `from..to` of `tree` to `out`, in
    /// order.
    pub fn slacks(&self, tree: Tree, from: usize, to: usize, out: &mut Vec<i32>) {
        let to = to.min(tree.leaves as usize);
        if from < to {
            self.slacks_in(At::root(tree), from, to, out);
        }
    }

    fn slacks_in(&self, at: At, from: usize, to: usize, out: &mut Vec<i32>) {
        if to <= at.l || at.r <= from {
            return;
        }
        let n = self.nodes[at.node];
        if at.r - at.l == 1 {
            out.push(n.min + at.above);
            return;
        }
        let (left, right) = at.halves(at.above + n.add);
        self.slacks_in(left, from, to, out);
        self.slacks_in(right, from, to, out);
    }

    /// The first checkpoint of `tree` at or after `from` whose slack is
    /// zero (or less), if any.
    pub fn first_tight(&self, tree: Tree, from: usize) -> Option<usize> {
        if from >= tree.leaves as usize {
            return None;
        }
        self.nearest_tight(tree, from, Edge::First)
    }

    /// The last checkpoint of `tree` before `to` whose slack is zero (or
    /// less), if any: [`Self::first_tight`] mirrored.
    pub fn last_tight_before(&self, tree: Tree, to: usize) -> Option<usize> {
        let last = to.min(tree.leaves as usize).checked_sub(1)?;
        self.nearest_tight(tree, last, Edge::Last)
    }

    /// The tight checkpoint nearest to leaf `target` (of `tree`) on the
    /// side `edge` says, `target` itself included.
    ///
    /// One walk down to the leaf, remembering the deepest sibling beyond
    /// the path on that side that holds a tight checkpoint (the deepest
    /// is the nearest); if the leaf is not tight, the answer is that
    /// sibling's tight checkpoint nearest the path. This runs millions of
    /// times on the hardest games (the phases ask it for every play they
    /// look at), where a recursive search that also visits the siblings
    /// on the other side costs nearly three times as much.
    fn nearest_tight(&self, tree: Tree, target: usize, edge: Edge) -> Option<usize> {
        let mut nearest = None;
        let mut at = At::root(tree);
        while let Some(below) = self.tight_below(&at) {
            if at.r - at.l == 1 {
                return Some(at.l);
            }
            let (left, right) = at.halves(below);
            let (toward, beyond) = match (target < left.r, edge) {
                (true, Edge::First) => (left, Some(right)),
                (false, Edge::Last) => (right, Some(left)),
                (true, Edge::Last) => (left, None),
                (false, Edge::First) => (right, None),
            };
            if let Some(beyond) = beyond.filter(|b| self.tight_below(b).is_some()) {
                nearest = Some(beyond);
            }
            at = toward;
        }
        nearest.map(|at| self.edge_tight(at, edge))
    }

    /// If subtree `at` holds a tight checkpoint: the additions pending
    /// for its children (its own included).
    fn tight_below(&self, at: &At) -> Option<i32> {
        let n = self.nodes[at.node];
        (n.min + at.above <= 0).then_some(at.above + n.add)
    }

    /// The first (or last) tight checkpoint of subtree `at`, which holds
    /// one.
    fn edge_tight(&self, mut at: At, edge: Edge) -> usize {
        while at.r - at.l > 1 {
            let below = at.above + self.nodes[at.node].add;
            let (left, right) = at.halves(below);
            let (near, far) = match edge {
                Edge::First => (left, right),
                Edge::Last => (right, left),
            };
            at = if self.tight_below(&near).is_some() {
                near
            } else {
                far
            };
        }
        at.l
    }
}

/// A subtree during a walk: its node, its leaves `l..r`, and the
/// additions pending above it.
#[derive(Clone, Copy)]
struct At {
    node: usize,
    l: usize,
    r: usize,
    above: i32,
}

impl At {
    fn root(tree: Tree) -> At {
        At {
            node: tree.root as usize,
            l: 0,
            r: tree.leaves as usize,
            above: 0,
        }
    }

    /// Its two children, with `below` the additions pending above them.
    fn halves(&self, below: i32) -> (At, At) {
        let mid = (self.l + self.r) / 2;
        let left = At {
            node: self.node + 1,
            l: self.l,
            r: mid,
            above: below,
        };
        let right = At {
            node: self.node + 2 * (mid - self.l),
            l: mid,
            r: self.r,
            above: below,
        };
        (left, right)
    }
}

/// Which end of a subtree's tight checkpoints a walk looks for.
#[derive(Clone, Copy)]
enum Edge {
    First,
    Last,
}

#[cfg(test)]
mod tests {
    use super::{SlackTrees, Tree};
    use crate::rng::Rng;

    /// The trees agree with plain arrays under random additions, with
    /// checkpoints reached in order as the decider reaches them.
    #[test]
    fn trees_match_plain_arrays() {
        let mut rng = Rng::new(5);
        for round in 0..200 {
            let sizes: Vec<u32> = (0..1 + round % 4)
                .map(|_| 1 + rng.below(40) as u32)
                .collect();
            let total: u32 = sizes.iter().sum();
            let mut trees = SlackTrees::new(total as usize);
            let mut start = 0;
            let forest: Vec<Tree> = sizes
                .iter()
                .map(|&n| {
                    start += n;
                    Tree {
                        root: 2 * (start - n),
                        leaves: n,
                    }
                })
                .collect();
            let mut plain: Vec<Vec<i32>> = sizes.iter().map(|_| Vec::new()).collect();
            for _ in 0..300 {
                let v = rng.index(sizes.len());
                let reached = plain[v].len();
                match rng.below(3) {
                    0 if reached < sizes[v] as usize => {
                        let s = rng.below(4) as i32;
                        trees.reach(forest[v], reached, s);
                        plain[v].push(s);
                    }
                    1 if reached > 0 => {
                        let from = rng.index(reached);
                        let delta = rng.below(3) as i32 - 1;
                        trees.add_range(forest[v], from, reached, delta);
                        for cell in &mut plain[v][from..] {
                            *cell += delta;
                        }
                    }
                    _ => {
                        let from = rng.index(sizes[v] as usize);
                        let expected = (from..reached).find(|&i| plain[v][i] <= 0);
                        assert_eq!(trees.first_tight(forest[v], from), expected);
                        let to = rng.index(sizes[v] as usize + 1);
                        let expected = (0..to.min(reached)).rev().find(|&i| plain[v][i] <= 0);
                        assert_eq!(trees.last_tight_before(forest[v], to), expected);
                        let mut slacks = Vec::new();
                        trees.slacks(forest[v], from, to.min(reached), &mut slacks);
                        let expected = plain[v].get(from..to.min(reached)).unwrap_or(&[]);
                        assert_eq!(slacks, expected);
                    }
                }
            }
        }
    }
}
