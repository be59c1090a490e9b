//! The phase decider: what the incremental decider switches to when its
//! searches have spent their budget. It charges many plays at once, in
//! phases of shortest augmenting paths (Hopcroft and Karp's idea, in the
//! matroid-intersection form of the module comment, fiveup/mod.rs), each
//! followed by a pass that also takes longer paths while that pays, and
//! finds the first illegal move by bisection over prefixes.

use super::{Decider, NONE};
use crate::prefetch::prefetch;

/// Scratch space of the phases, reused across phases and prefixes.
#[derive(Default)]
pub(super) struct Phases {
    /// Per play: its layer and whether it is dead (side by side: the
    /// searches read both of a play at once).
    marks: Vec<Mark>,
    phase: u32,
    /// Counts the passes of depth-first searches (one or two a phase).
    pass: u32,
    /// Whether the current pass takes paths longer than the shortest.
    longer: bool,
    /// Plays not charged yet.
    roots: Vec<u32>,
    queue: Vec<u32>,
    /// Checkpoints of one value whose plays got one layer, grouped by
    /// value (in layer order within a value) after the layering.
    segments: Vec<Segment>,
    /// The same, in the order the layering made them.
    made: Vec<Segment>,
    /// Per value: its range of `segments` (if stamped with this phase).
    ranges: Vec<Range>,
    /// The values with segments this phase, each once.
    touched: Vec<u32>,
    stack: Vec<Frame>,
    /// The (value, first tight checkpoint) of each entry of a path.
    entries: Vec<(u32, u32)>,
}

/// What a phase knows of one play.
#[derive(Clone, Copy)]
struct Mark {
    /// Its layer in the current phase (`NONE` if not reached).
    layer: u32,
    /// The last pass in which it was used by a path or found to lead to
    /// none.
    dead: u32,
}

/// Where a value's segments lie in `Phases::segments`: `from..to`, if
/// `stamp` is the current phase.
#[derive(Clone, Copy, Default)]
struct Range {
    stamp: u32,
    from: u32,
    to: u32,
}

/// Checkpoints `lo..hi` of `value`, opened for layer `layer`; `next` is
/// the first one not yet ruled out for this pass (Dinic's current arc).
#[derive(Default)]
struct Segment {
    value: u32,
    layer: u32,
    lo: u32,
    hi: u32,
    next: u32,
}

/// What a phase's breadth-first search found: the first layer with a play
/// that can enter a value with room, and the last layer it reached.
#[derive(Clone, Copy)]
struct Layers {
    shortest: u32,
    deepest: u32,
}

/// One play of the path being built: the half it tries to enter (`side`,
/// up to `end`), and for that half the first tight checkpoint at or after
/// its own and the segment of candidates (`NONE` until looked up).
struct Frame {
    play: u32,
    side: u32,
    end: u32,
    tight: u32,
    segment: u32,
}

impl Decider<'_> {
    /// Decides plays `from..` (the plays before are charged): places
    /// them in turn, each that finds no room with a search of at most
    /// `cap` checkpoints (none for 0), then charges those left over in
    /// phases. Returns `None` when all are charged (the game is legal up
    /// to its first duplicate, if any); otherwise the first illegal move
    /// t, with the state set to a legal charging of the plays before t.
    pub(super) fn decide_rest(&mut self, from: usize, cap: u64) -> Option<usize> {
        let mut end = self.game.limit;
        // The phases skip frozen checkpoints. Learn them now, from the
        // charges of plays 0..from: they stay frozen in every longer
        // prefix, and the bisection below only decides prefixes of at
        // least `from` plays (all of those plays are charged). Learning
        // after the rest is placed would not do: plays placed then may be
        // left out of a shorter prefix, which can free what they froze.
        self.learn_frozen();
        self.search_cap = cap;
        // Whether every play before the current one is charged.
        let mut all_before = true;
        let mut beyond = None;
        for k in from..end {
            self.prefetch_ahead_of(k);
            if !self.place(k, None) && cap > 0 {
                match self.search_from(k) {
                    Some((j, side)) => self.augment(j, side),
                    // The search ran out of plays to look at before its
                    // cap. It only passes charged plays, so those it
                    // reached and k form a Hall violator (module
                    // comment): the moves up to k have no layout.
                    None if self.search.stretches.is_empty() => {
                        beyond = Some(k);
                        break;
                    }
                    None => {}
                }
            }
            all_before &= self.charged[k] != NONE;
            self.show(k);
        }
        self.search_cap = u64::MAX;
        if let Some(k) = beyond {
            // k is the first illegal move if the moves before it have a
            // layout; else the bisection below looks before k.
            if all_before || self.charge_all(k) {
                let before = self.charged[..k].to_vec();
                self.replay(k, &before, &before);
                return Some(k);
            }
            end = k + 1;
        } else if self.charge_all(end) {
            return None;
        }
        // A maximum charging of the moves before `end`. Plays before its
        // first uncharged one form a legal prefix; the moves before `end`
        // do not.
        // Legality of prefixes is monotone, so bisect.
        let all = self.charged.clone();
        let first_uncharged = (1..end).find(|&k| all[k] == NONE)?;
        let mut lo = first_uncharged - 1;
        let mut best = all[..=lo].to_vec();
        let mut hi = end - 1;
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            self.replay(mid + 1, &best, &all);
            if self.charge_all(mid + 1) {
                lo = mid;
                best = self.charged[..=mid].to_vec();
            } else {
                hi = mid;
            }
        }
        self.replay(lo + 1, &best, &all);
        Some(hi)
    }

    /// Sets the state to plays `0..until`, each charged as `best` (a legal
    /// charging of a prefix) or else `all` says, where that has room, and
    /// left uncharged where no half has room.
    fn replay(&mut self, until: usize, best: &[u32], all: &[u32]) {
        self.slack.clear();
        self.start();
        for (k, &fallback) in all.iter().enumerate().take(until).skip(1) {
            let side = best.get(k).copied().unwrap_or(fallback);
            self.place(k, (side != NONE).then_some(side as usize));
            self.show(k);
        }
    }

    /// Charges every play of `1..until` not charged yet, moving others
    /// along shortest augmenting paths, phase by phase, on a copy of the
    /// residual problem (decide/residual.rs); true when all are charged,
    /// false when the charging is maximum with some left over. Only the
    /// charges are kept: the rest of the state is stale until a replay.
    pub(super) fn charge_all(&mut self, until: usize) -> bool {
        let (residual, snapshot) = self.residual(until);
        let mut copy = Decider::resume(&residual.game, snapshot);
        copy.charge_in_phases(residual.game.limit);
        self.write_back(&residual, &copy.charged)
    }

    /// What [`Decider::charge_all`] does, on this decider's own state.
    fn charge_in_phases(&mut self, until: usize) -> bool {
        let ph = &mut self.phases;
        ph.marks.resize(
            self.game.limit,
            Mark {
                layer: NONE,
                dead: 0,
            },
        );
        ph.ranges.resize(self.values.len(), Range::default());
        ph.roots.clear();
        ph.roots
            .extend((1..until as u32).filter(|&k| self.charged[k as usize] == NONE));
        // Longer paths are taken as long as each phase's shortest path is
        // longer than the last phase's (module comment, fiveup/mod.rs).
        let mut longer = true;
        let mut shortest_before = None;
        loop {
            let charged = &self.charged;
            self.phases.roots.retain(|&k| charged[k as usize] == NONE);
            if self.phases.roots.is_empty() {
                return true;
            }
            let Some(layers) = self.layer_plays(until, longer) else {
                return false;
            };
            if shortest_before.is_some_and(|before| layers.shortest <= before) {
                longer = false;
            }
            shortest_before = Some(layers.shortest);
            self.paths_from_roots(layers.shortest, false);
            if longer {
                self.paths_from_roots(layers.deepest, true);
            }
        }
    }

    /// One pass of depth-first searches through the phase's layers, from
    /// every play not charged yet, for paths that end by layer `last`:
    /// the shortest paths when `last` is the first layer with room, or
    /// also `longer` ones. Each play is tried once a pass.
    fn paths_from_roots(&mut self, last: u32, longer: bool) {
        let ph = &mut self.phases;
        ph.pass += 1;
        ph.longer = longer;
        if longer {
            for segment in &mut ph.segments {
                segment.next = segment.lo;
            }
        }
        let roots = std::mem::take(&mut ph.roots);
        for &root in &roots {
            let root = root as usize;
            if self.charged[root] == NONE && self.phases.marks[root].dead != self.phases.pass {
                self.find_path(root, last);
            }
        }
        self.phases.roots = roots;
    }

    /// The halves play `k` may try to enter: both (one for a double) when
    /// it is not charged, else the other one (none for a double).
    fn halves(&self, k: usize) -> (u32, u32) {
        let [a, b] = self.game.ids[k];
        match self.charged[k] {
            NONE if a == b => (0, 1),
            NONE => (0, 2),
            _ if a == b => (0, 0),
            side => (1 - side, 2 - side),
        }
    }

    /// Starts a phase: the layers of a breadth-first search from all
    /// uncharged plays of `1..until` (layer 0). A play charged to value v
    /// gets layer i + 1 when a play of layer i entering v can displace it
    /// (its checkpoint is at or before the first tight one at or after
    /// the entry). Finds the first layer with a play that can enter a
    /// value with room (no tight checkpoint at or after its own); `None`
    /// if no play can (the charging is maximum). Stops there, or with
    /// `all` goes on through every play it can reach. Each value's
    /// checkpoints are opened once, in order, so the plays of one layer
    /// in a value are one stretch of checkpoints.
    fn layer_plays(&mut self, until: usize, all: bool) -> Option<Layers> {
        self.phases.phase += 1;
        self.search.round += 1;
        for mark in &mut self.phases.marks[..until] {
            mark.layer = NONE;
        }
        self.phases.queue.clear();
        self.phases.segments.clear();
        for i in 0..self.phases.roots.len() {
            let root = self.phases.roots[i];
            self.phases.marks[root as usize].layer = 0;
            self.phases.queue.push(root);
        }
        let mut shortest = None;
        let mut deepest = 0;
        let mut head = 0;
        'layers: while head < self.phases.queue.len() {
            self.prefetch_ahead(head);
            let i = self.phases.queue[head] as usize;
            head += 1;
            let layer = self.phases.marks[i].layer;
            deepest = layer;
            let (from, to) = self.halves(i);
            for side in from..to {
                let v = self.game.ids[i][side as usize] as usize;
                let p = self.game.pos[i][side as usize];
                if p < self.values[v].frozen {
                    continue;
                }
                if p >= self.values[v].tail {
                    shortest = shortest.or(Some(layer));
                    if !all {
                        break 'layers;
                    }
                    continue;
                }
                let round = self.search.round;
                if self.values[v].opened_past(round, p) {
                    continue;
                }
                let tight = self.first_tight(v, p as usize).map_or(p, |q| q as u32);
                let state = &mut self.values[v];
                let Some(lo) = state.open_up_to(round, tight, state.frozen) else {
                    continue;
                };
                let base = self.values[v].first as usize;
                let (mut at, end) = (base + lo as usize, base + tight as usize + 1);
                while let Some(found) = self.next_movable(at, end) {
                    let j = self.game.item_at[found] as usize;
                    self.phases.marks[j].layer = layer + 1;
                    self.phases.queue.push(j as u32);
                    at = found + 1;
                }
                self.phases.segments.push(Segment {
                    value: v as u32,
                    layer: layer + 1,
                    lo,
                    hi: tight + 1,
                    next: lo,
                });
            }
        }
        self.index_segments();
        shortest.map(|shortest| Layers { shortest, deepest })
    }

    /// Asks for what the layering will read of the plays a few places
    /// further along the queue, in three steps: their own fields (12
    /// ahead), then the number each will try to enter, found from those
    /// (6 ahead), then that number's checkpoint flags and tree root (2
    /// ahead). Without this every step of the layering waits for a chain
    /// of cache misses (the queue reaches 70,000 plays of a game of a
    /// million).
    fn prefetch_ahead(&self, head: usize) {
        let q = &self.phases.queue;
        if let Some(&far) = q.get(head + 12) {
            prefetch(&self.phases.marks[far as usize]);
            self.prefetch_play(far as usize);
        }
        if let Some(&mid) = q.get(head + 6) {
            let mid = mid as usize;
            let side = self.charged[mid];
            let [a, b] = self.game.ids[mid];
            let v = if side == 0 { b } else { a } as usize;
            prefetch(&self.values[v]);
            if side == NONE {
                prefetch(&self.values[b as usize]);
            }
        }
        if let Some(&near) = q.get(head + 2) {
            let near = near as usize;
            let side = self.charged[near];
            let [a, b] = self.game.ids[near];
            let [pa, pb] = self.game.pos[near];
            let (v, p) = if side == 0 { (b, pb) } else { (a, pa) };
            let state = &self.values[v as usize];
            let at = state.first as usize + p as usize;
            if let Some(f) = self.flags.get(at) {
                prefetch(f);
            }
            self.slack.prefetch_root(state.tree());
        }
    }

    /// Groups the segments by value, merges the adjacent ones of one
    /// value and layer, and records each value's range. A counting sort
    /// by value, stable: the layering made each value's segments in layer
    /// order, and within a layer in checkpoint order, so that order holds
    /// within each group. (A comparison sort of the 40,000 segments of a
    /// late phase of the matching game was 9% of the run's instructions.)
    fn index_segments(&mut self) {
        let ph = &mut self.phases;
        std::mem::swap(&mut ph.segments, &mut ph.made);
        ph.touched.clear();
        for s in &ph.made {
            let range = &mut ph.ranges[s.value as usize];
            if range.stamp != ph.phase {
                *range = Range {
                    stamp: ph.phase,
                    from: 0,
                    to: 0,
                };
                ph.touched.push(s.value);
            }
            range.to += 1;
        }
        let mut start = 0;
        for &v in &ph.touched {
            let range = &mut ph.ranges[v as usize];
            let count = range.to;
            *range = Range {
                stamp: ph.phase,
                from: start,
                to: start,
            };
            start += count;
        }
        ph.segments.clear();
        ph.segments.resize_with(ph.made.len(), Segment::default);
        for s in ph.made.drain(..) {
            let range = &mut ph.ranges[s.value as usize];
            let merge = range.to > range.from && {
                let m = &ph.segments[range.to as usize - 1];
                m.layer == s.layer && m.hi == s.lo
            };
            if merge {
                ph.segments[range.to as usize - 1].hi = s.hi;
            } else {
                ph.segments[range.to as usize] = s;
                range.to += 1;
            }
        }
    }

    /// The segment of value `v` whose plays have layer `layer`, if any.
    fn segment_of(&self, v: usize, layer: u32) -> Option<usize> {
        let ph = &self.phases;
        let range = ph.ranges[v];
        if range.stamp != ph.phase {
            return None;
        }
        let (from, to) = (range.from as usize, range.to as usize);
        ph.segments[from..to]
            .binary_search_by_key(&layer, |s| s.layer)
            .ok()
            .map(|i| from + i)
    }

    /// Looks for an augmenting path from `root` through consecutive layers
    /// (a depth-first search, kept on a stack as paths can be long) and
    /// applies it. Plays on a path, or from which no path was found, are
    /// dead for the rest of the pass.
    fn find_path(&mut self, root: usize, last: u32) {
        let pass = self.phases.pass;
        let (side, end) = self.halves(root);
        self.phases.stack.clear();
        self.phases.stack.push(Frame {
            play: root as u32,
            side,
            end,
            tight: NONE,
            segment: NONE,
        });
        while let Some(top) = self.phases.stack.last() {
            let i = top.play as usize;
            if top.side >= top.end {
                self.phases.marks[i].dead = pass;
                self.phases.stack.pop();
                continue;
            }
            let side = top.side as usize;
            let v = self.game.ids[i][side] as usize;
            let p = self.game.pos[i][side];
            let layer = self.phases.marks[i].layer;
            if top.segment == NONE {
                // What this step reads depends only on v: ask for all of
                // it at once rather than miss on each in turn.
                prefetch(&self.phases.ranges[v]);
                self.slack.prefetch_root(self.values[v].tree());
                let segment = if p < self.values[v].frozen {
                    None
                } else if p >= self.values[v].tail {
                    self.apply_path(i, side);
                    return;
                } else if layer >= last {
                    None
                } else {
                    self.segment_of(v, layer + 1)
                };
                let Some(segment) = segment else {
                    self.next_half();
                    continue;
                };
                let tight = self.first_tight(v, p as usize).map_or(p, |q| q as u32);
                if let Some(top) = self.phases.stack.last_mut() {
                    top.tight = tight;
                    top.segment = segment as u32;
                }
            }
            let (tight, segment) = match self.phases.stack.last() {
                Some(t) => (t.tight, t.segment as usize),
                None => break,
            };
            let base = self.values[v].first as usize;
            let next = loop {
                let s = &self.phases.segments[segment];
                let end = s.hi.min(tight + 1);
                if s.next >= end {
                    break None;
                }
                let Some(at) = self.next_movable(base + s.next as usize, base + end as usize)
                else {
                    self.phases.segments[segment].next = end;
                    break None;
                };
                let j = self.game.item_at[at] as usize;
                // If j is taken, its next step reads these.
                self.prefetch_play(j);
                let mark = self.phases.marks[j];
                let q = (at - base) as u32;
                if mark.dead != pass && mark.layer == layer + 1 {
                    self.phases.segments[segment].next = q;
                    break Some(j);
                }
                self.phases.segments[segment].next = q + 1;
            };
            match next {
                Some(j) => {
                    self.search.parent[j] = i as u32;
                    let (side, end) = self.halves(j);
                    self.phases.stack.push(Frame {
                        play: j as u32,
                        side,
                        end,
                        tight: NONE,
                        segment: NONE,
                    });
                }
                None => self.next_half(),
            }
        }
    }

    /// The play on top of the stack gives up the half it was trying.
    fn next_half(&mut self) {
        if let Some(top) = self.phases.stack.last_mut() {
            top.side += 1;
            top.tight = NONE;
            top.segment = NONE;
        }
    }

    /// Applies the path on the stack, which ends with play `k` entering
    /// its half `side` where there is room, and marks its plays dead for
    /// the pass. A path applies when no two of its entries into one value
    /// share their first tight checkpoint (then the stretches they change
    /// are disjoint); shortest paths always do (module comment), longer
    /// ones may not, and the check keeps the charges legal whatever
    /// happens.
    fn apply_path(&mut self, k: usize, side: usize) {
        let ph = &mut self.phases;
        let pass = ph.pass;
        ph.entries.clear();
        for frame in &ph.stack[..ph.stack.len() - 1] {
            let v = self.game.ids[frame.play as usize][frame.side as usize];
            ph.entries.push((v, frame.tight));
        }
        ph.entries.sort_unstable();
        let disjoint = ph.entries.windows(2).all(|w| w[0] != w[1]);
        for frame in &ph.stack {
            ph.marks[frame.play as usize].dead = pass;
        }
        ph.stack.clear();
        debug_assert!(
            disjoint || ph.longer,
            "a shortest path enters a value twice alike"
        );
        if disjoint {
            self.augment(k, side);
        }
    }
}
