//! The longest line from a hand: the longest trail of a multigraph, an
//! NP-hard problem, solved exactly by depth-first branch and bound.
//!
//! The search extends a line from its open end. Four facts keep it small:
//! - a double at the open end can always be laid at once: it never blocks
//!   anything, so it is taken without branching;
//! - copies of the same piece are interchangeable, so pieces are grouped by
//!   their two values and the search branches once per group;
//! - the bound. From open end `v`, the line can only use the unused pieces
//!   reachable from `v`; call them `E`, with `k` values of odd degree among
//!   them. A line from `v` leaves at most two odd values (its ends), one of
//!   them `v`, and every piece left out flips the parity of two values, so
//!   at least `(k - 2) / 2` pieces stay out when `v` is odd and `k / 2` when
//!   it is even. When the bound is exact (nothing must stay out) the rest of
//!   the line is an Eulerian trail, which is built directly in linear time.
//!   When it is not exact, a sharper bound follows: the pieces left out must
//!   pair up the odd values (all but the line's two ends) by paths, so at
//!   least a minimum-cost matching of the odd values under shortest-path
//!   distances (a minimum T-join) stays out. With few odd values the
//!   matching is solved exactly over subsets;
//! - a state (open end, pieces used) reached a second time by another order
//!   can add nothing new, because the line's length is the number of pieces
//!   used; a table of visited states (hands of up to 128 pieces) skips it.
//!
//! Limits (nodes, time) stop the search early; the best line found so far is
//! returned and marked not optimal.

use super::graph::DominoGraph;
use crate::search::{Budget, Limits};
use crate::tile::{Domino, Value};

/// The best line found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LongestLine {
    /// The line, each piece turned so touching halves match.
    pub line: Vec<Domino>,
    /// True when the search proved no longer line exists.
    pub optimal: bool,
    /// Search nodes visited.
    pub nodes: u64,
}

/// The longest line (open, ends may differ) that uses each piece of `hand`
/// at most once, starting with value `start` when given (as a player's
/// train must). A start value that no piece shows gives an empty line.
pub fn longest(hand: &[Domino], start: Option<Value>, limits: &Limits) -> LongestLine {
    // The search recurses once per piece laid; give long hands a stack to
    // match (the default 8 MiB holds some tens of thousands of frames).
    const SMALL_HAND: usize = 10_000;
    if hand.len() <= SMALL_HAND {
        return search_longest(hand, start, limits);
    }
    let stack = (hand.len() * 512).saturating_add(16 << 20);
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(stack)
            .spawn_scoped(scope, || search_longest(hand, start, limits))
            .ok()
            .and_then(|worker| worker.join().ok())
    })
    .unwrap_or_else(|| LongestLine {
        line: Vec::new(),
        optimal: false,
        nodes: 0,
    })
}

fn search_longest(hand: &[Domino], start: Option<Value>, limits: &Limits) -> LongestLine {
    let graph = DominoGraph::new(hand);
    let mut search = Search::new(&graph, limits);
    let starts: Vec<u32> = match start {
        Some(value) => match graph.values.iter().position(|&v| v == value) {
            Some(v) => vec![v as u32],
            None => Vec::new(),
        },
        None => search.start_order(),
    };
    for v in starts {
        if search.best.len() as u64 == search.total_bound || search.budget.stopped() {
            break;
        }
        search.search_from(v);
    }
    let line = search
        .best
        .iter()
        .map(|&(x, y)| Domino::new(graph.values[x as usize], graph.values[y as usize]))
        .collect();
    LongestLine {
        line,
        optimal: !search.budget.stopped(),
        nodes: search.budget.nodes(),
    }
}

/// A group of identical non-double pieces `x|y` (x < y as vertex numbers).
struct Group {
    x: u32,
    y: u32,
    left: u32,
    /// Copies in the hand.
    count: u32,
    /// First bit of this group's copies in the visited-state key.
    bit: u32,
}

/// Largest number of odd values for which the matching bound is computed
/// (its table has 2^k entries).
const MATCHING_MAX_ODD: usize = 14;
/// Hands up to this many pieces get the bound at every search node.
const BOUND_EVERY_NODE_UP_TO: usize = 4096;
/// Most states kept in the visited table.
const VISITED_CAP: usize = 1 << 22;
/// The bytes one slot of the visited table takes: the key (a `u32` and a
/// `u128`, padded to 32 bytes) and the hash table's control byte.
const VISITED_ENTRY_BYTES: usize = std::mem::size_of::<(u32, u128)>() + 1;

struct Search {
    /// Nodes spent against the caller's limits.
    budget: Budget,
    /// Pieces in the hand.
    pieces: usize,
    groups: Vec<Group>,
    /// Groups touching each vertex.
    touching: Vec<Vec<u32>>,
    /// Unused doubles at each vertex.
    doubles: Vec<u32>,
    /// The line being built, as (from, to) vertex pairs.
    line: Vec<(u32, u32)>,
    best: Vec<(u32, u32)>,
    /// An upper bound on any line: the best over all components.
    total_bound: u64,
    // Scratch space for the bound, reused to avoid allocation per node.
    seen: Vec<u32>,
    epoch: u32,
    queue: Vec<u32>,
    /// Odd-degree vertices found by the last reachability pass.
    odd: Vec<u32>,
    /// First bit of each vertex's doubles in the visited-state key.
    double_bit: Vec<u32>,
    /// Pieces used, one bit per piece copy; `None` for hands over 128.
    used_key: Option<u128>,
    visited: std::collections::HashSet<(u32, u128), crate::fastmap::IntBuild>,
}

impl Search {
    fn new(graph: &DominoGraph, limits: &Limits) -> Self {
        let n = graph.vertex_count();
        let mut doubles = vec![0u32; n];
        let mut counts =
            crate::fastmap::int_map_with_capacity::<(u32, u32), u32>(graph.edge_count());
        for edge in graph.ends.chunks_exact(2) {
            let (x, y) = (edge[0].min(edge[1]), edge[0].max(edge[1]));
            if x == y {
                doubles[x as usize] += 1;
            } else {
                *counts.entry((x, y)).or_insert(0) += 1;
            }
        }
        let mut groups: Vec<Group> = counts
            .into_iter()
            .map(|((x, y), left)| Group {
                x,
                y,
                left,
                count: left,
                bit: 0,
            })
            .collect();
        groups.sort_unstable_by_key(|g| (g.x, g.y));
        let mut next_bit = 0u32;
        for g in &mut groups {
            g.bit = next_bit;
            next_bit += g.left;
        }
        let mut double_bit = vec![0u32; n];
        for v in 0..n {
            double_bit[v] = next_bit;
            next_bit += doubles[v];
        }
        let mut touching = vec![Vec::new(); n];
        for (i, g) in groups.iter().enumerate() {
            touching[g.x as usize].push(i as u32);
            touching[g.y as usize].push(i as u32);
        }
        let mut search = Search {
            budget: Budget::new(limits),
            pieces: graph.edge_count(),
            groups,
            touching,
            doubles,
            line: Vec::new(),
            best: Vec::new(),
            total_bound: 0,
            seen: vec![0; n],
            epoch: 0,
            queue: Vec::new(),
            odd: Vec::new(),
            double_bit,
            used_key: (next_bit <= 128).then_some(0),
            visited: Default::default(),
        };
        // The overall bound: the best component's, each component measured
        // once from one of its values.
        let mut measured = vec![false; n];
        for v in 0..n as u32 {
            if !measured[v as usize] {
                let (_, bound) = search.reachable_and_bound(v, true);
                for &u in &search.queue {
                    measured[u as usize] = true;
                }
                search.total_bound = search.total_bound.max(bound);
            }
        }
        search
    }

    /// Start values, most promising first: odd-degree values (a line that
    /// is not a loop ends on them), higher degree first.
    fn start_order(&self) -> Vec<u32> {
        let degree = |v: usize| -> u32 {
            2 * self.doubles[v]
                + self.touching[v]
                    .iter()
                    .map(|&g| self.groups[g as usize].left)
                    .sum::<u32>()
        };
        let mut order: Vec<u32> = (0..self.doubles.len() as u32).collect();
        order.sort_by_key(|&v| {
            let d = degree(v as usize);
            (d % 2 == 0, std::cmp::Reverse(d))
        });
        order
    }

    /// The unused pieces reachable from `v`, and an upper bound on how many
    /// of them a line from `v` can add. With `free_start`, `v` counts as an
    /// end of odd degree (used for the overall bound, where the line may
    /// start anywhere in the component).
    fn reachable_and_bound(&mut self, v: u32, free_start: bool) -> (u64, u64) {
        self.epoch += 1;
        let epoch = self.epoch;
        self.queue.clear();
        self.queue.push(v);
        self.seen[v as usize] = epoch;
        let mut pieces = 0u64;
        self.odd.clear();
        let mut head = 0;
        while head < self.queue.len() {
            let u = self.queue[head];
            head += 1;
            pieces += u64::from(self.doubles[u as usize]);
            let mut degree = 0u32;
            for &g in &self.touching[u as usize] {
                let group = &self.groups[g as usize];
                if group.left == 0 {
                    continue;
                }
                degree += group.left;
                let w = group.x ^ group.y ^ u;
                if self.seen[w as usize] != epoch {
                    self.seen[w as usize] = epoch;
                    self.queue.push(w);
                }
                if u < w {
                    pieces += u64::from(group.left);
                }
            }
            if degree % 2 == 1 {
                self.odd.push(u);
            }
        }
        let odd = self.odd.len() as u64;
        let start_is_odd = free_start || self.touching_degree_odd(v);
        let must_skip = if start_is_odd {
            odd.saturating_sub(2) / 2
        } else {
            odd / 2
        };
        (pieces, pieces - must_skip)
    }

    fn touching_degree_odd(&self, v: u32) -> bool {
        let d: u32 = self.touching[v as usize]
            .iter()
            .map(|&g| self.groups[g as usize].left)
            .sum();
        d % 2 == 1
    }

    fn search_from(&mut self, v: u32) {
        self.line.clear();
        self.extend(v);
    }

    /// Extends the line from open end `v`, trying every way on.
    fn extend(&mut self, v: u32) {
        if self.budget.spend() {
            return;
        }
        let doubles = std::mem::take(&mut self.doubles[v as usize]);
        for _ in 0..doubles {
            self.line.push((v, v));
        }
        let key_before = self.used_key;
        if let Some(key) = self.used_key {
            // `doubles` low bits set, shifted to this vertex's doubles.
            let bits = u128::MAX.checked_shr(128 - doubles).unwrap_or(0);
            let key = key | bits << self.double_bit[v as usize];
            self.used_key = Some(key);
            // The table grows with the search: past the memory limit the
            // search stops with the best line so far, not proven.
            let bytes = self.visited.capacity() * VISITED_ENTRY_BYTES;
            if self.budget.memory_exceeded(bytes)
                || (self.visited.len() < VISITED_CAP && !self.visited.insert((v, key)))
            {
                self.restore_doubles(v, doubles, key_before);
                return;
            }
        }
        if self.line.len() > self.best.len() {
            self.best.clone_from(&self.line);
        }
        // The bound costs a pass over the reachable pieces. On big hands
        // (where proofs are out of reach anyway) it is taken only at the
        // start and now and then; skipping it loses pruning, never answers.
        let measure = self.pieces <= BOUND_EVERY_NODE_UP_TO
            || self.line.len() == doubles as usize
            || self.budget.nodes().is_multiple_of(1024);
        if !measure {
            self.branch(v);
            self.restore_doubles(v, doubles, key_before);
            return;
        }
        let (reachable, mut bound) = self.reachable_and_bound(v, false);
        let room = self.best.len() - self.line.len();
        if bound as usize > room && bound < reachable && self.odd.len() <= MATCHING_MAX_ODD {
            bound = reachable - self.pieces_left_out(v);
        }
        if bound as usize > room && self.best.len() as u64 != self.total_bound {
            if bound == reachable {
                // Nothing must stay out: the rest is an Eulerian trail.
                let tail = self.euler_tail(v);
                self.best.clone_from(&self.line);
                self.best.extend(tail);
            } else {
                self.branch(v);
            }
        }
        self.restore_doubles(v, doubles, key_before);
    }

    fn restore_doubles(&mut self, v: u32, doubles: u32, key: Option<u128>) {
        self.line.truncate(self.line.len() - doubles as usize);
        self.doubles[v as usize] = doubles;
        self.used_key = key;
    }

    /// A lower bound on the reachable pieces a line from `v` must leave out:
    /// the cheapest way to pair up the odd values (all but the line's ends)
    /// by paths of unused pieces. Uses `odd` from the last reachability pass.
    fn pieces_left_out(&mut self, v: u32) -> u64 {
        let mut terminals = self.odd.clone();
        let v_is_odd = terminals.contains(&v);
        if !v_is_odd {
            terminals.push(v);
        }
        let k = terminals.len();
        let dist: Vec<Vec<u64>> = terminals
            .iter()
            .map(|&t| self.distances(t, &terminals))
            .collect();
        // cost[mask]: cheapest perfect matching of the terminals in mask.
        let mut cost = vec![u64::MAX; 1 << k];
        cost[0] = 0;
        for mask in 1usize..1 << k {
            if mask.count_ones() % 2 == 1 {
                continue;
            }
            let i = mask.trailing_zeros() as usize;
            let rest = mask & !(1 << i);
            let mut best = u64::MAX;
            let mut others = rest;
            while others != 0 {
                let j = others.trailing_zeros() as usize;
                others &= others - 1;
                let sub = cost[rest & !(1 << j)];
                if sub != u64::MAX {
                    best = best.min(sub + dist[i][j]);
                }
            }
            cost[mask] = best;
        }
        let all = (1usize << k) - 1;
        let v_bit = terminals
            .iter()
            .position(|&t| t == v)
            .map_or(0, |p| 1usize << p);
        if v_is_odd {
            // The line ends at v and some w (or closes at v): v and one other
            // terminal may stay unpaired, or none.
            (0..k)
                .filter(|&w| 1 << w != v_bit)
                .map(|w| cost[all & !v_bit & !(1 << w)])
                .fold(cost[all], u64::min)
        } else {
            // v joined the terminals, making their number odd: any one stays
            // unpaired (the line's far end pairs with it at no cost).
            (0..k).map(|w| cost[all & !(1 << w)]).min().unwrap_or(0)
        }
    }

    /// Path lengths in unused pieces from `from` to each of `targets`.
    fn distances(&mut self, from: u32, targets: &[u32]) -> Vec<u64> {
        self.epoch += 1;
        let epoch = self.epoch;
        let mut depth = vec![u64::MAX; self.seen.len()];
        depth[from as usize] = 0;
        self.seen[from as usize] = epoch;
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(u) = queue.pop_front() {
            for &g in &self.touching[u as usize] {
                let group = &self.groups[g as usize];
                let w = group.x ^ group.y ^ u;
                if group.left > 0 && self.seen[w as usize] != epoch {
                    self.seen[w as usize] = epoch;
                    depth[w as usize] = depth[u as usize] + 1;
                    queue.push_back(w);
                }
            }
        }
        targets.iter().map(|&t| depth[t as usize]).collect()
    }

    fn branch(&mut self, v: u32) {
        let mut k = 0;
        while k < self.touching[v as usize].len() {
            let g = self.touching[v as usize][k] as usize;
            k += 1;
            if self.groups[g].left == 0 {
                continue;
            }
            let w = self.groups[g].x ^ self.groups[g].y ^ v;
            let key = self.used_key;
            let group = &self.groups[g];
            let copy_bit = group.bit + group.count - group.left;
            self.used_key = key.map(|k| k | 1u128 << copy_bit);
            self.groups[g].left -= 1;
            self.line.push((v, w));
            self.extend(w);
            self.line.pop();
            self.groups[g].left += 1;
            self.used_key = key;
            if self.budget.stopped() || self.best.len() as u64 == self.total_bound {
                return;
            }
        }
    }

    /// The Eulerian trail from `v` through every unused piece reachable
    /// from it (Hierholzer on the small remaining graph); leaves the search
    /// state unchanged.
    fn euler_tail(&mut self, v: u32) -> Vec<(u32, u32)> {
        let mut left: Vec<u32> = self.groups.iter().map(|g| g.left).collect();
        let mut doubles = self.doubles.clone();
        let mut cursor = vec![0usize; self.touching.len()];
        let mut stack = vec![v];
        let mut popped = Vec::new();
        while let Some(&u) = stack.last() {
            if doubles[u as usize] > 0 {
                doubles[u as usize] -= 1;
                stack.push(u);
                continue;
            }
            let edges = &self.touching[u as usize];
            while cursor[u as usize] < edges.len() && left[edges[cursor[u as usize]] as usize] == 0
            {
                cursor[u as usize] += 1;
            }
            match edges.get(cursor[u as usize]) {
                Some(&g) => {
                    left[g as usize] -= 1;
                    let group = &self.groups[g as usize];
                    stack.push(group.x ^ group.y ^ u);
                }
                None => popped.extend(stack.pop()),
            }
        }
        popped.reverse();
        popped.windows(2).map(|p| (p[0], p[1])).collect()
    }
}
