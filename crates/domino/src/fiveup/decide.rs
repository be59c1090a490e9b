//! The incremental decider: one play at a time, a charge (the value it
//! attaches by) for every play, repaired along an augmenting path when a
//! new play finds no room. The algorithm and its proof sketch are in the
//! module's top comment (fiveup/mod.rs).

mod phases;
mod residual;

use super::layout::build_layout;
use super::model::{IllegalMove, Play, Reason};
use super::slack::{SlackTrees, Tree};
use crate::fastmap::{int_map_with_capacity, IntMap};
use crate::prefetch::prefetch;
use crate::tile::{Domino, Value};
use phases::Phases;
use std::collections::binary_heap::{BinaryHeap, PeekMut};

/// Marks "no play" and "not charged yet".
const NONE: u32 = u32::MAX;

/// Bits of [`Decider::flags`], per checkpoint: its play is charged to the
/// checkpoint's value; the play may leave that value (it is no double,
/// and its other half's limit there is not 0, which no charge could meet);
/// the play's checkpoint in its other value is frozen (then it cannot
/// leave either, but the search that names the competing moves looks
/// past frozen checkpoints).
const HERE: u8 = 1;
const MAY_LEAVE: u8 = 2;
const OTHER_FROZEN: u8 = 4;

/// Decides whether `plays`, in the order given, is a legal game of Five Up.
/// A legal game comes with a layout (every play's earlier partner and the
/// shared value); an illegal one with its first move that no layout of the
/// moves before it can take. An empty game is legal.
pub fn solve(plays: &[Domino]) -> Result<Vec<Play>, IllegalMove> {
    solve_keeping_layout(plays).into_result()
}

/// The whole answer about a game: the layout of its legal moves (all of
/// them, or those before the first illegal move) and that move, if any.
/// The moves before an illegal one are laid out from the charges the
/// decider already holds, so drawing them needs no second decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The layout of every move before `illegal` (of every move when the
    /// game is legal).
    pub layout: Vec<Play>,
    /// The first move that can never be legal.
    pub illegal: Option<IllegalMove>,
}

impl Decision {
    /// The layout of a legal game, or its first illegal move.
    pub fn into_result(self) -> Result<Vec<Play>, IllegalMove> {
        match self.illegal {
            None => Ok(self.layout),
            Some(illegal) => Err(illegal),
        }
    }
}

/// Decides a game like [`solve`], keeping the layout of the legal
/// moves before an illegal one.
pub fn solve_keeping_layout(plays: &[Domino]) -> Decision {
    let switch = Switch {
        budget: search_budget(plays.len()),
        cap: SEARCH_CAP_AFTER_SWITCH,
    };
    decide_learning(plays, Learning::WhenPaidFor, switch)
}

/// Decides a game like [`solve_keeping_layout`], but with the phase decider from
/// the first move on (what [`solve_keeping_layout`] switches to when its
/// incremental searches have spent their budget; module comment). The
/// answer is the same, only the layout of a legal game may differ; the
/// tests judge both deciders with the same oracles. It is for comparing
/// and testing: on long dense games each phase reaches nearly every
/// play, so it is far slower there than [`solve_keeping_layout`] (a million-play
/// dense line: minutes against a fifth of a second; README).
pub fn solve_in_phases(plays: &[Domino]) -> Decision {
    decide_learning(plays, Learning::WhenPaidFor, Switch { budget: 0, cap: 0 })
}

/// When the decider switches to phases, and how far it still searches
/// after that.
#[derive(Clone, Copy)]
struct Switch {
    /// How many checkpoints the incremental searches may scan in all
    /// before the switch.
    budget: u64,
    /// How many checkpoints the search for each later play that finds no
    /// room may scan (0: none; the phases charge it).
    cap: u64,
}

/// After the switch, a play that finds no room still gets a search, but
/// one that scans at most this many checkpoints: plays whose paths are
/// short are charged at once, and only the others are left to the
/// phases. Without it a game that only looks hard for a while (a matching
/// game followed by a long dense line) left the whole line to the phases,
/// which decide dense lines slowly: each phase of one reaches most of its
/// plays (README). 64 is a few times the dense families' average search.
const SEARCH_CAP_AFTER_SWITCH: u64 = 64;

/// How many checkpoints the incremental searches may scan in all before
/// the decider switches to phases: 2 per play, far more than the random,
/// dense-line and adversary families need (at most about one per three
/// plays), so only games with long searches switch (the random matching
/// games, and the large zigzag ones near their end), and they switch
/// before the searches have cost more than the phases will. Measured
/// against 1 and 3 in README.
fn search_budget(plays: usize) -> u64 {
    2 * plays as u64 + 4096
}

/// When the decider learns frozen prefixes: the tests compare the normal
/// schedule with learning after every search and with never learning.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Learning {
    WhenPaidFor,
    #[cfg(test)]
    AfterEverySearch,
    #[cfg(test)]
    Never,
}

#[cfg(test)]
fn solve_learning(plays: &[Domino], learning: Learning) -> Result<Vec<Play>, IllegalMove> {
    let never = Switch {
        budget: u64::MAX,
        cap: 0,
    };
    decide_learning(plays, learning, never).into_result()
}

fn decide_learning(plays: &[Domino], learning: Learning, switch: Switch) -> Decision {
    let mut budget = switch.budget;
    let game = Game::new(plays);
    let mut decider = Decider::new(&game);
    decider.learning = learning;
    let mut illegal = None;
    let mut k = 1;
    while k < game.limit {
        if decider.spent >= budget {
            // The searches have spent their budget: decide the rest in
            // phases. That leaves either every play charged, or the
            // charges of a legal prefix and its next move, which is
            // illegal and is decided below as any other move.
            match decider.decide_rest(k, switch.cap) {
                None => break,
                Some(next) => {
                    k = next;
                    budget = u64::MAX;
                }
            }
        }
        decider.prefetch_ahead_of(k);
        if let Err(reason) = decider.add(k) {
            illegal = Some(IllegalMove {
                index: k,
                domino: plays[k],
                reason,
            });
            break;
        }
        k += 1;
    }
    if illegal.is_none() {
        illegal = game.duplicate_of.map(|earlier| IllegalMove {
            index: game.limit,
            domino: plays[game.limit],
            reason: Reason::Duplicate { earlier },
        });
    }
    // A failed repair leaves the earlier charges as they were, so they
    // still lay out every move before the illegal one.
    let legal = illegal.as_ref().map_or(plays.len(), |m| m.index);
    Decision {
        layout: build_layout(
            &plays[..legal],
            &game.ids[..legal],
            &decider.charged[..legal],
            game.values.len(),
        ),
        illegal,
    }
}

/// The plays up to the first duplicate, with values compressed to dense
/// ids and each play's place in the checkpoint lists of its values.
struct Game {
    /// Plays `0..limit` are distinct; `plays[limit]`, if any, repeats
    /// play `duplicate_of`.
    limit: usize,
    duplicate_of: Option<usize>,
    /// Per play: the dense ids of its halves.
    ids: Vec<[u32; 2]>,
    /// Per dense id: the value (ids cover every play, also any after the
    /// first duplicate, which the decider never reaches).
    values: Vec<Value>,
    /// Per play: its position in the checkpoint list of each half's value
    /// (the same twice for a double). Play 0 is no checkpoint.
    pos: Vec<[u32; 2]>,
    /// Per value: where its checkpoints start in `item_at`, and how many.
    first: Vec<u32>,
    /// Per checkpoint (grouped by value): the play it belongs to.
    item_at: Vec<u32>,
}

impl Game {
    fn new(plays: &[Domino]) -> Self {
        let (all_ids, values) = compress_values(plays);
        let duplicate = first_duplicate(&all_ids, values.len());
        let limit = duplicate.map_or(plays.len(), |(_, later)| later);
        let mut ids = all_ids;
        ids.truncate(limit);
        let mut count = vec![0u32; values.len()];
        let mut pos = Vec::with_capacity(limit);
        for (k, &pair) in ids.iter().enumerate() {
            if k == 0 {
                pos.push([NONE; 2]);
                continue;
            }
            let pa = count[pair[0] as usize];
            count[pair[0] as usize] += 1;
            let pb = if pair[1] == pair[0] {
                pa
            } else {
                count[pair[1] as usize] += 1;
                count[pair[1] as usize] - 1
            };
            pos.push([pa, pb]);
        }
        let duplicate_of = duplicate.map(|(earlier, _)| earlier);
        let mut first = Vec::with_capacity(count.len() + 1);
        let mut total = 0u32;
        for &c in &count {
            first.push(total);
            total += c;
        }
        first.push(total);
        let mut item_at = vec![NONE; total as usize];
        for k in 1..limit {
            for side in 0..2 {
                let v = ids[k][side] as usize;
                item_at[(first[v] + pos[k][side]) as usize] = k as u32;
            }
        }
        Game {
            limit,
            duplicate_of,
            ids,
            values,
            pos,
            first,
            item_at,
        }
    }

    fn checkpoints(&self, v: usize) -> u32 {
        self.first[v + 1] - self.first[v]
    }
}

/// Dense ids for the values of the plays, in order of first appearance:
/// per play the ids of its halves, and per id the value. Values within a
/// span of a few times the game's length (the usual case) are looked up
/// in a table indexed by the value; others go through a hash map.
fn compress_values(plays: &[Domino]) -> (Vec<[u32; 2]>, Vec<Value>) {
    let mut values = Vec::new();
    let mut ids = Vec::with_capacity(plays.len());
    let halves = plays.iter().flat_map(|d| [d.a, d.b]);
    let (min, max) = halves
        .clone()
        .fold((Value::MAX, Value::MIN), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        });
    let span = (i128::from(max) - i128::from(min)).max(0) as u128;
    let mut new_id = |v: Value| {
        values.push(v);
        (values.len() - 1) as u32
    };
    if span < (4 * plays.len()).max(1 << 16) as u128 {
        let mut table = vec![NONE; span as usize + 1];
        let mut id = |v: Value| {
            let slot = &mut table[(v - min) as usize];
            if *slot == NONE {
                *slot = new_id(v);
            }
            *slot
        };
        ids.extend(plays.iter().map(|d| [id(d.a), id(d.b)]));
    } else {
        let mut index: IntMap<Value, u32> = int_map_with_capacity(plays.len().min(4096) + 2);
        let mut id = |v: Value| *index.entry(v).or_insert_with(|| new_id(v));
        ids.extend(plays.iter().map(|d| [id(d.a), id(d.b)]));
    }
    (ids, values)
}

/// The first play that repeats an earlier piece, as (earlier play, that
/// play), given the value ids of every play. No hash table of pieces: a
/// million random probes into one would miss the cache on nearly every
/// play. Instead a counting sort groups the plays by their smaller id,
/// keeping play order inside a group, and a group spots a repeated larger
/// id with a mark per id.
fn first_duplicate(ids: &[[u32; 2]], n_values: usize) -> Option<(usize, usize)> {
    let smaller = |p: [u32; 2]| p[0].min(p[1]) as usize;
    let mut start = vec![0u32; n_values + 1];
    for &p in ids {
        start[smaller(p) + 1] += 1;
    }
    for v in 0..n_values {
        start[v + 1] += start[v];
    }
    // Per group, in play order: (play, larger id).
    let mut grouped = vec![(0u32, 0u32); ids.len()];
    let mut next = start.clone();
    for (k, &p) in ids.iter().enumerate() {
        let slot = &mut next[smaller(p)];
        grouped[*slot as usize] = (k as u32, p[0].max(p[1]));
        *slot += 1;
    }
    // Per larger id: the group that saw it last, and at which play.
    let mut seen = vec![(NONE, 0u32); n_values];
    let mut first: Option<(usize, usize)> = None;
    for group in 0..n_values {
        for &(k, larger) in &grouped[start[group] as usize..start[group + 1] as usize] {
            let mark = &mut seen[larger as usize];
            if mark.0 != group as u32 {
                *mark = (group as u32, k);
            } else if first.is_none_or(|(_, later)| (k as usize) < later) {
                first = Some((mark.1 as usize, k as usize));
            }
        }
    }
    first
}

/// The state of the matching: every play so far charged to one of its
/// values, the running limits, and the slack of every limit.
struct Decider<'g> {
    game: &'g Game,
    /// Per play: which half it attaches by (0 = `a`, 1 = `b`), or `NONE`.
    charged: Vec<u32>,
    /// Per checkpoint (grouped by value like `Game::item_at`): [`HERE`],
    /// [`MAY_LEAVE`] and [`OTHER_FROZEN`]. The searches scan a value's checkpoints in
    /// order, and these bits let them pass the plays that cannot move
    /// from there without looking the plays up.
    flags: Vec<u8>,
    /// Per value: its counts, limits and search marks (one cache line).
    values: Vec<ValueState>,
    /// Per checkpoint (grouped by value like `Game::item_at`): its slack
    /// when reached.
    pending: Vec<i32>,
    slack: SlackTrees,
    search: Search,
    /// Checkpoints scanned by searches since frozen prefixes were last
    /// learned; learning again costs about as much as the checkpoints
    /// not frozen yet plus one step per value, so it waits until searches
    /// have spent that much.
    work: u64,
    /// Checkpoints reached so far, over all values, and how many of them
    /// are frozen.
    reached_total: u64,
    frozen_total: u64,
    /// Whether searches use the frozen prefixes (off for the one search
    /// that fails, so that it collects every competing move).
    prune: bool,
    learning: Learning,
    /// Checkpoints scanned by all searches so far, against the budget.
    spent: u64,
    /// How many checkpoints one search may scan (all, but after the
    /// switch to phases [`SEARCH_CAP_AFTER_SWITCH`]); a search that would
    /// scan more gives up.
    search_cap: u64,
    phases: Phases,
}

/// What a decider starts from: per play its charge, per checkpoint its
/// flags and its slack when reached, and per value its state.
struct Snapshot {
    charged: Vec<u32>,
    flags: Vec<u8>,
    values: Vec<ValueState>,
    pending: Vec<i32>,
}

/// What the decider keeps of one value. A repair or a phase that comes to
/// a value reads most of this at once, and values come in no useful order,
/// so it is one cache line rather than a field in each of ten arrays (each
/// a cache miss on the million-play games).
#[derive(Clone, Copy, Default)]
#[repr(align(64))]
struct ValueState {
    /// `x` of the top comment (the first play's ends of it, plus 4 per
    /// double, plus 1 per other play showing it).
    x: i64,
    /// The limit of its latest checkpoint.
    last_cap: i64,
    /// Where its checkpoints start in `Game::item_at` (and in `flags` and
    /// `pending`), and how many there are (a copy of `Game::first`, kept
    /// here beside the rest).
    first: u32,
    count: u32,
    /// Plays charged to it so far.
    load: u32,
    /// Checkpoints reached so far.
    reached: u32,
    /// Checkpoints whose slack its tree knows. The fast path only writes a
    /// new checkpoint's slack to `pending`; the tree catches up when a
    /// repair first looks at the value, so games that rarely need repairs
    /// rarely touch the trees.
    synced: u32,
    /// The first checkpoint after its last tight one (0 if none is tight).
    /// A play enters the value at p without moving any other play exactly
    /// when p >= tail, so the search tests each play it looks at in O(1).
    /// Kept exact: a new checkpoint that is tight moves it to the end, and
    /// a path's changes recompute it from the tree.
    tail: u32,
    /// How many of its first checkpoints are frozen (a lower bound,
    /// learned by [`Decider::learn_frozen`]): no play can ever enter the
    /// value at them, and no play charged to it at them can ever leave.
    /// Searches skip them.
    frozen: u32,
    /// How far the current search (or phase) has opened its checkpoints.
    opened: Opened,
    /// Whether a play before the current one shows it.
    shown: bool,
}

impl ValueState {
    /// Its slack tree in [`SlackTrees`]: the trees lie in checkpoint order,
    /// two slots per checkpoint.
    fn tree(&self) -> Tree {
        Tree {
            root: 2 * self.first,
            leaves: self.count,
        }
    }

    /// Opens its checkpoints up to `tight` (inclusive) in search `round`,
    /// starting at `frozen` the first time the round comes here (its
    /// frozen count, or 0 for a search that skips nothing). Returns where the newly opened stretch starts, or `None` when
    /// `tight` was opened already (each checkpoint is opened once a
    /// round).
    /// Whether search `round` has opened its checkpoint `p` already. Then
    /// an entry at p opens nothing new: the stretch opened ends at the
    /// first tight checkpoint at or after an earlier entry, and as no
    /// charge changes within a round, that is at or after p's own first
    /// tight one. The caller can skip looking that up.
    fn opened_past(&self, round: u32, p: u32) -> bool {
        self.opened.round == round && p < self.opened.upto
    }

    fn open_up_to(&mut self, round: u32, tight: u32, frozen: u32) -> Option<u32> {
        if self.opened.round != round {
            self.opened = Opened {
                round,
                upto: frozen,
            };
        }
        let from = self.opened.upto;
        if tight < from {
            return None;
        }
        self.opened.upto = tight + 1;
        Some(from)
    }
}

/// Checkpoints `lo..hi` of value `value`, which the entry of play `by`
/// opened to the search; `key` is the play at checkpoint `hi - 1`, so the
/// heap hands out the latest play first.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct Stretch {
    key: u32,
    value: u32,
    lo: u32,
    hi: u32,
    by: u32,
}

/// How far a search (or a phase's layering) has opened a value's
/// checkpoints: those below `upto`, if `round` is the current one.
#[derive(Clone, Copy, Default)]
struct Opened {
    round: u32,
    upto: u32,
}

/// Scratch space of the augmenting-path search, reused across searches.
struct Search {
    round: u32,
    /// Per play: the play that would take its place (its parent in the
    /// search tree).
    parent: Vec<u32>,
    /// Checkpoints still to look at, the stretch with the latest play on
    /// top.
    stretches: BinaryHeap<Stretch>,
    /// Every charged play scanned (movable or not): on failure, the moves
    /// that compete for the ends.
    found: Vec<u32>,
}

impl<'g> Decider<'g> {
    fn new(game: &'g Game) -> Self {
        let values = (0..game.values.len())
            .map(|v| ValueState {
                first: game.first[v],
                count: game.checkpoints(v),
                ..ValueState::default()
            })
            .collect();
        let checkpoints = game.item_at.len();
        let mut decider = Decider::resume(
            game,
            Snapshot {
                charged: vec![NONE; game.limit],
                flags: vec![0; checkpoints],
                values,
                pending: vec![0; checkpoints],
            },
        );
        decider.start();
        decider
    }

    /// A decider in the state `snapshot` holds, with empty slack trees
    /// (they learn each value's slack from `pending` when first asked).
    fn resume(game: &'g Game, snapshot: Snapshot) -> Self {
        Decider {
            game,
            charged: snapshot.charged,
            flags: snapshot.flags,
            values: snapshot.values,
            pending: snapshot.pending,
            slack: SlackTrees::new(game.item_at.len()),
            search: Search {
                round: 0,
                parent: vec![NONE; game.limit],
                stretches: BinaryHeap::new(),
                found: Vec::new(),
            },
            work: 0,
            reached_total: 0,
            frozen_total: 0,
            prune: true,
            learning: Learning::WhenPaidFor,
            spent: 0,
            search_cap: u64::MAX,
            phases: Phases::default(),
        }
    }

    /// Sets the state to "only the first play made": its ends offered,
    /// nothing charged, no checkpoint reached (the slack trees must be
    /// fresh or cleared). What was learned about frozen prefixes stays:
    /// it holds for every longer prefix.
    fn start(&mut self) {
        self.charged.fill(NONE);
        self.flags.fill(0);
        for state in &mut self.values {
            *state = ValueState {
                first: state.first,
                count: state.count,
                frozen: state.frozen,
                ..ValueState::default()
            };
        }
        self.reached_total = 0;
        self.prune = true;
        if let Some(&[a, b]) = self.game.ids.first() {
            if a == b {
                self.values[a as usize].x = 4;
            } else {
                self.values[a as usize].x = 1;
                self.values[b as usize].x = 1;
            }
            self.values[a as usize].shown = true;
            self.values[b as usize].shown = true;
        }
        if let Some(first) = self.charged.first_mut() {
            *first = 0;
        }
    }

    /// Adds play `k` (k >= 1): charges it, repairing earlier charges if
    /// needed; on failure, why no layout can take it.
    fn add(&mut self, k: usize) -> Result<(), Reason> {
        let result = if self.place(k, None) {
            Ok(())
        } else {
            self.repair(k)
        };
        let [a, b] = self.game.ids[k];
        let (a, b) = (a as usize, b as usize);
        let result = result.map_err(|competing| {
            if !self.values[a].shown && !self.values[b].shown {
                return Reason::NoOpenEnd;
            }
            let halves = if a == b { &[a][..] } else { &[a, b][..] };
            let ends = halves
                .iter()
                .filter(|&&v| self.values[v].shown)
                .map(|&v| (self.game.values[v], self.values[v].load as usize))
                .collect();
            Reason::Taken { ends, competing }
        });
        self.show(k);
        result
    }

    /// Asks for what placing the plays after `k` will read, in two steps
    /// (the plays are placed in order, so these are the next ones): the
    /// state of the numbers of play k + 8's halves, and the checkpoint
    /// slots of play k + 4 in them. On games with many numbers (hundreds
    /// of thousands) each would otherwise be a cache miss, one after the
    /// other.
    fn prefetch_ahead_of(&self, k: usize) {
        if let Some(&[a, b]) = self.game.ids.get(k + 8) {
            prefetch(&self.values[a as usize]);
            prefetch(&self.values[b as usize]);
        }
        if let Some(&[a, b]) = self.game.ids.get(k + 4) {
            for v in [a, b] {
                let state = &self.values[v as usize];
                let q = state.first as usize + state.reached as usize;
                if let (Some(pending), Some(flags)) = (self.pending.get(q), self.flags.get(q)) {
                    prefetch(pending);
                    prefetch(flags);
                }
            }
        }
    }

    /// Marks the values of play `k` as shown.
    fn show(&mut self, k: usize) {
        for v in self.game.ids[k] {
            self.values[v as usize].shown = true;
        }
    }

    /// Reaches the checkpoints of play `k` (k >= 1) and charges it without
    /// moving any other play: to its half `preferred` if that has room,
    /// else as the fast path chooses. False, leaving it uncharged, when
    /// neither half has room.
    fn place(&mut self, k: usize, preferred: Option<usize>) -> bool {
        let [a, b] = self.game.ids[k];
        let (a, b) = (a as usize, b as usize);
        let double = a == b;
        // New limits: a double adds 4 to x (it takes one end and offers
        // three) but its own limit is (x - 3) / 2; any other play adds 1.
        let (room_a, room_b) = if double {
            self.values[a].x += 4;
            (self.limit(a, (self.values[a].x - 3) / 2), -1)
        } else {
            self.values[a].x += 1;
            self.values[b].x += 1;
            (
                self.limit(a, self.values[a].x / 2),
                self.limit(b, self.values[b].x / 2),
            )
        };
        // With room on both sides: if one side is down to its last end,
        // keep open the value that is needed sooner (charge the one whose
        // next play comes later); otherwise charge the side with more room.
        // Either choice is repaired later if wrong; these only make repairs
        // rarer and shorter on random games.
        let room_of = |side: usize| if side == 0 { room_a } else { room_b };
        let choice = match preferred {
            Some(side) if room_of(side) > 0 => side,
            _ if room_a > 0 && room_b > 0 && room_a.min(room_b) == 1 => {
                usize::from(self.next_use(k, 0) < self.next_use(k, 1))
            }
            _ => usize::from(room_a < room_b),
        };
        // The flags of the new checkpoints (`reached` is the position of
        // play k's checkpoint in each of its values until it is reached).
        let may_leave = |other: &ValueState| {
            let leave = if other.last_cap > 0 && !double {
                MAY_LEAVE
            } else {
                0
            };
            leave
                | if other.reached < other.frozen {
                    OTHER_FROZEN
                } else {
                    0
                }
        };
        let leave_a = may_leave(&self.values[b]);
        let leave_b = may_leave(&self.values[a]);
        if room_of(choice) > 0 {
            let v = self.game.ids[k][choice] as usize;
            let here = |side: usize| if side == choice { HERE } else { 0 };
            let slack_a = if choice == 0 { room_a - 1 } else { room_a };
            self.reach(a, slack_a, leave_a | here(0));
            if !double {
                let slack_b = if choice == 1 { room_b - 1 } else { room_b };
                self.reach(b, slack_b, leave_b | here(1));
            }
            self.charged[k] = choice as u32;
            self.values[v].load += 1;
            true
        } else {
            self.reach(a, room_a, leave_a);
            if !double {
                self.reach(b, room_b, leave_b);
            }
            false
        }
    }

    /// Where the checkpoint of play `k` in the value of its half `side`
    /// lies in `Game::item_at` and `flags`.
    fn checkpoint(&self, k: usize, side: usize) -> usize {
        let v = self.game.ids[k][side] as usize;
        (self.values[v].first + self.game.pos[k][side]) as usize
    }

    /// The next play after `k` that shows the value of its half `side`
    /// (`usize::MAX` if none).
    fn next_use(&self, k: usize, side: usize) -> usize {
        let v = self.game.ids[k][side] as usize;
        let q = self.values[v].first + self.game.pos[k][side] + 1;
        if q < self.values[v].first + self.values[v].count {
            self.game.item_at[q as usize] as usize
        } else {
            usize::MAX
        }
    }

    /// Records the limit of value `v`'s new checkpoint; returns its slack.
    fn limit(&mut self, v: usize, cap: i64) -> i64 {
        self.values[v].last_cap = cap;
        self.last_slack(v)
    }

    /// Slack of value `v`'s latest checkpoint: every play charged to `v`
    /// comes before it, so no tree is needed.
    fn last_slack(&self, v: usize) -> i64 {
        self.values[v].last_cap - i64::from(self.values[v].load)
    }

    fn reach(&mut self, v: usize, slack: i64, flags: u8) {
        let q = (self.values[v].first + self.values[v].reached) as usize;
        self.pending[q] = slack as i32;
        self.flags[q] = flags;
        self.values[v].reached += 1;
        if slack <= 0 {
            self.values[v].tail = self.values[v].reached;
        }
        self.reached_total += 1;
    }

    /// Brings value `v`'s tree up to date with its reached checkpoints.
    fn sync(&mut self, v: usize) {
        let state = &mut self.values[v];
        let (tree, first) = (state.tree(), state.first as usize);
        for q in state.synced..state.reached {
            let q = q as usize;
            self.slack.reach(tree, q, self.pending[first + q]);
        }
        state.synced = state.reached;
    }

    /// The first tight checkpoint of value `v` at or after `p`.
    fn first_tight(&mut self, v: usize, p: usize) -> Option<usize> {
        self.sync(v);
        self.slack.first_tight(self.values[v].tree(), p)
    }

    /// Adds `delta` to the slack of value `v`'s checkpoints from `p` on.
    fn add_slack(&mut self, v: usize, p: usize, delta: i32) {
        self.sync(v);
        let state = &mut self.values[v];
        let (tree, reached) = (state.tree(), state.reached as usize);
        self.slack.add_range(tree, p, reached, delta);
        state.tail = self
            .slack
            .last_tight_before(tree, reached)
            .map_or(0, |q| q as u32 + 1);
    }

    /// Searches for an augmenting path from the new play
    /// `root`: each step moves one charged play to its other value, making
    /// room for the play before it on the path. Ok once the path reaches
    /// a value with room; otherwise the moves found compete for all ends.
    fn repair(&mut self, root: usize) -> Result<(), Vec<usize>> {
        let found = self.search_from(root);
        let residual = self.reached_total.saturating_sub(self.frozen_total);
        let learn = match self.learning {
            Learning::WhenPaidFor => self.work > residual + self.values.len() as u64,
            #[cfg(test)]
            Learning::AfterEverySearch => true,
            #[cfg(test)]
            Learning::Never => false,
        };
        if learn {
            self.learn_frozen();
        }
        match found {
            Some((k, side)) => {
                self.augment(k, side);
                Ok(())
            }
            None => {
                // Search again without skipping frozen prefixes, to name
                // every move of the Hall violator.
                self.prune = false;
                let again = self.search_from(root);
                debug_assert!(again.is_none());
                let mut competing: Vec<usize> =
                    self.search.found.iter().map(|&k| k as usize).collect();
                competing.sort_unstable();
                Err(competing)
            }
        }
    }

    /// The search of [`Decider::repair`]: the end of an augmenting path
    /// (a play and the half it moves to), if any. It looks at the plays
    /// that could give up their place latest first, over all values at
    /// once: a play can move straight to its other value only when its
    /// checkpoint there lies after the value's last tight one, which is
    /// likelier the later the play.
    fn search_from(&mut self, root: usize) -> Option<(usize, usize)> {
        self.search.round += 1;
        self.search.stretches.clear();
        self.search.found.clear();
        let [a, b] = self.game.ids[root];
        for side in 0..=usize::from(a != b) {
            if let Some(end) = self.enter(root, side) {
                return Some(end);
            }
        }
        let cap = self.spent.saturating_add(self.search_cap);
        loop {
            if self.spent >= cap {
                return None;
            }
            // The latest checkpoint still to look at, and the play whose
            // entry opened it.
            let (v, q, by) = {
                let mut top = self.search.stretches.peek_mut()?;
                let (v, q, by) = (top.value as usize, top.hi - 1, top.by as usize);
                if top.lo == q {
                    PeekMut::pop(top);
                } else {
                    top.hi = q;
                    top.key = self.game.item_at[(self.values[v].first + q - 1) as usize];
                }
                (v, q, by)
            };
            self.work += 1;
            self.spent += 1;
            self.prefetch_below(v, q);
            let at = (self.values[v].first + q) as usize;
            let flags = self.flags[at];
            if flags & HERE == 0 {
                continue;
            }
            let j = self.game.item_at[at] as usize;
            self.search.found.push(j as u32);
            if flags & MAY_LEAVE == 0 {
                continue;
            }
            self.search.parent[j] = by as u32;
            let here = self.charged[j] as usize;
            if let Some(end) = self.enter(j, 1 - here) {
                return Some(end);
            }
        }
    }

    /// Asks for what the search will read when it goes on down value
    /// `v`'s stretch below checkpoint `q` (it scans a stretch from its
    /// latest checkpoint down): the fields of the play 4 checkpoints
    /// below, and the state of the number the play 2 below would enter,
    /// when those plays could move. Each is a cache miss otherwise, one
    /// after the other, on games of many numbers.
    fn prefetch_below(&self, v: usize, q: u32) {
        let first = self.values[v].first as usize;
        let movable = |below: u32| {
            q.checked_sub(below)
                .and_then(|d| self.movable_at(first + d as usize))
        };
        if let Some(j) = movable(4) {
            self.prefetch_play(j);
        }
        if let Some(j) = movable(2) {
            // A movable play is charged, to half 0 or 1; it would enter
            // the other.
            let other = self.game.ids[j][usize::from(self.charged[j] == 0)];
            prefetch(&self.values[other as usize]);
        }
    }

    /// Starts loading play `j`'s own fields: the ids and positions of its
    /// halves and its charge, what a search reads first when it comes to
    /// the play.
    fn prefetch_play(&self, j: usize) {
        prefetch(&self.game.ids[j]);
        prefetch(&self.game.pos[j]);
        prefetch(&self.charged[j]);
    }

    /// The play at checkpoint `at` (an index into `Game::item_at`) if it
    /// is charged to that checkpoint's value and could move to its other
    /// half: it may leave and its checkpoint there is not frozen.
    fn movable_at(&self, at: usize) -> Option<usize> {
        (self.flags[at] == HERE | MAY_LEAVE).then(|| self.game.item_at[at] as usize)
    }

    /// The first checkpoint in `from..to` (indices into `Game::item_at`)
    /// whose play is movable as [`Decider::movable_at`] says, found from
    /// the flag bytes alone: most checkpoints a stretch passes hold plays
    /// that cannot move (on the matching game, five in six), and looking
    /// at them one by one was a tenth of the run's instructions.
    fn next_movable(&self, from: usize, to: usize) -> Option<usize> {
        self.flags
            .get(from..to)?
            .iter()
            .position(|&f| f == HERE | MAY_LEAVE)
            .map(|i| from + i)
    }

    /// Play `k` asks to be charged to its half `side`. If the value has
    /// room for it from `k`'s checkpoint on, the path ends here: returns
    /// (k, side). Otherwise the plays charged to that value up to the
    /// first tight checkpoint at or after `k`'s could give up their place
    /// to `k`: those not yet opened by this search become a stretch to
    /// look at.
    fn enter(&mut self, k: usize, side: usize) -> Option<(usize, usize)> {
        let v = self.game.ids[k][side] as usize;
        let p = self.game.pos[k][side] as usize;
        let frozen = if self.prune { self.values[v].frozen } else { 0 };
        if (p as u32) < frozen {
            return None;
        }
        if p as u32 >= self.values[v].tail {
            return Some((k, side));
        }
        let round = self.search.round;
        if self.values[v].opened_past(round, p as u32) {
            return None;
        }
        // The tail says some checkpoint at or after p is tight.
        let tight = self.first_tight(v, p).unwrap_or(p) as u32;
        if let Some(from) = self.values[v].open_up_to(round, tight, frozen) {
            self.search.stretches.push(Stretch {
                key: self.game.item_at[(self.values[v].first + tight) as usize],
                value: v as u32,
                lo: from,
                hi: tight + 1,
                by: k as u32,
            });
        }
        None
    }

    /// Learns which checkpoints are frozen, by computing for every value v
    /// the threshold E_v of the module comment: a play can enter v at its
    /// checkpoint p (through some augmenting path) exactly when p > E_v.
    /// Start from the direct answer (p beyond v's last tight checkpoint)
    /// and propagate: a play charged to v that can enter its other value u
    /// (its checkpoint there beyond E_u) can make room in v for any entry
    /// whose first tight checkpoint is at or after its own, which lowers
    /// E_v to the last tight checkpoint before it. Thresholds only fall
    /// during the propagation and each checkpoint is looked at once when
    /// its value's threshold falls past it: O(n log n). E_v never falls
    /// later (module comment), so `frozen` keeps the largest seen.
    fn learn_frozen(&mut self) {
        self.work = 0;
        let n_values = self.values.len();
        // Per value: E_v + 1 (0 when every checkpoint can be entered),
        // the checkpoints from `done` on already propagated, and the
        // earliest checkpoint of a play charged to v that can move away.
        let mut open = vec![0u32; n_values];
        let mut done = vec![0u32; n_values];
        let mut movable = vec![u32::MAX; n_values];
        let mut stack = Vec::new();
        for v in 0..n_values {
            let reached = self.values[v].reached;
            if self.values[v].frozen == reached {
                open[v] = reached;
                done[v] = reached;
                continue;
            }
            self.sync(v);
            open[v] = self.values[v].tail.max(self.values[v].frozen);
            done[v] = reached;
            if open[v] < reached {
                stack.push(v);
            }
        }
        while let Some(u) = stack.pop() {
            let base = self.values[u].first as usize;
            for q in open[u]..done[u] {
                let j = self.game.item_at[base + q as usize] as usize;
                let side = self.charged[j];
                if side == NONE {
                    continue;
                }
                let side = side as usize;
                let v = self.game.ids[j][side] as usize;
                if v == u {
                    continue;
                }
                let pv = self.game.pos[j][side];
                if pv >= movable[v] || pv < self.values[v].frozen {
                    continue;
                }
                movable[v] = pv;
                let e = self
                    .slack
                    .last_tight_before(self.values[v].tree(), pv as usize)
                    .map_or(0, |q| q as u32 + 1)
                    .max(self.values[v].frozen);
                if e < open[v] {
                    if open[v] == done[v] {
                        stack.push(v);
                    }
                    open[v] = e;
                }
            }
            done[u] = open[u];
        }
        for (v, &e) in open.iter().enumerate() {
            for q in self.values[v].frozen..e {
                let j = self.game.item_at[(self.values[v].first + q) as usize] as usize;
                let [a, b] = self.game.ids[j];
                if a != b {
                    let at = self.checkpoint(j, usize::from(a as usize == v));
                    self.flags[at] |= OTHER_FROZEN;
                }
            }
            self.frozen_total += u64::from(e.saturating_sub(self.values[v].frozen));
            self.values[v].frozen = self.values[v].frozen.max(e);
        }
    }

    /// Moves play `k` to its half `side`, then the play whose place `k`
    /// took, and so on back to the root (the new play, charged nowhere).
    fn augment(&mut self, mut k: usize, mut side: usize) {
        loop {
            let v = self.game.ids[k][side] as usize;
            let p = self.game.pos[k][side] as usize;
            self.add_slack(v, p, -1);
            self.values[v].load += 1;
            let old = self.charged[k];
            self.charged[k] = side as u32;
            let at = self.checkpoint(k, side);
            self.flags[at] |= HERE;
            if old == NONE {
                return;
            }
            let at = self.checkpoint(k, old as usize);
            self.flags[at] &= !HERE;
            let u = self.game.ids[k][old as usize] as usize;
            let p = self.game.pos[k][old as usize] as usize;
            self.add_slack(u, p, 1);
            self.values[u].load -= 1;
            let parent = self.search.parent[k] as usize;
            side = usize::from(self.game.ids[parent][0] as usize != u);
            k = parent;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{
        decide_learning, first_duplicate, solve_learning, Decider, Game, Learning, Switch, NONE,
    };
    use crate::fiveup::{random_game, verify_layout, GameSpec};
    use crate::rng::Rng;
    use crate::tile::Domino;

    /// A dense game (few numbers, long, few doubles), where searches are
    /// long and much of the history freezes; half of them get one number
    /// changed, to be illegal.
    fn dense_game(rng: &mut Rng, seed: u64) -> Vec<Domino> {
        let spec = GameSpec {
            plays: 50 + rng.index(400),
            values: 6 + rng.below(30),
            doubles_percent: [0, 1, 3][rng.index(3)],
            huge: false,
            ambiguous: rng.chance(1, 2),
        };
        let mut game = random_game(&spec, seed);
        if rng.chance(1, 2) {
            let i = rng.index(game.len());
            game[i].b = rng.below(spec.values) as i64;
        }
        game
    }

    /// The counting-sort duplicate finder names the same pair of plays as
    /// a plain scan with a set of pieces seen, on lists with few ids
    /// (many repeats, doubles, both orders of a piece) and with none.
    #[test]
    fn first_duplicate_matches_a_scan_with_a_set() {
        let mut rng = Rng::new(8);
        let mut found = 0;
        for round in 0..2000 {
            let n_values = 1 + rng.index(12);
            let len = rng.index(1 + round % 40);
            let ids: Vec<[u32; 2]> = (0..len)
                .map(|_| [rng.index(n_values) as u32, rng.index(n_values) as u32])
                .collect();
            let mut seen = std::collections::HashMap::new();
            let expected = ids.iter().enumerate().find_map(|(k, p)| {
                let key = (p[0].min(p[1]), p[0].max(p[1]));
                seen.insert(key, k).map(|earlier| (earlier, k))
            });
            assert_eq!(first_duplicate(&ids, n_values), expected, "{ids:?}");
            found += usize::from(expected.is_some());
        }
        assert!(found > 500 && found < 1900, "{found} with a duplicate");
    }

    /// A play not charged yet whose checkpoints are both frozen can never
    /// be charged: the phases' copy of the residual problem leaves it out
    /// and says that not every play is charged, keeping the other
    /// charges. (The deciders never leave such a play behind, as they
    /// learn frozen prefixes only from plays all charged; the copy does
    /// not rely on that.)
    #[test]
    fn a_play_frozen_in_both_halves_stays_uncharged() {
        let plays = [Domino::new(0, 1), Domino::new(1, 2), Domino::new(2, 0)];
        let game = Game::new(&plays);
        let mut decider = Decider::new(&game);
        for k in 1..3 {
            assert!(decider.place(k, None));
            decider.show(k);
        }
        let kept = decider.charged[1];
        decider.charged[2] = NONE;
        for v in game.ids[2] {
            let state = &mut decider.values[v as usize];
            state.frozen = state.reached;
        }
        assert!(!decider.charge_all(3));
        assert_eq!(decider.charged[1..], [kept, NONE]);
    }

    /// Learning frozen prefixes after every search changes nothing: same
    /// verdict and first illegal move as never learning (the search the
    /// oracle tests judge), and every layout verifies. The games are dense
    /// (few numbers, long, few doubles), where searches are long and much
    /// of the history freezes; some have a number changed, to be illegal.
    #[test]
    fn learning_changes_no_answer() {
        let mut rng = Rng::new(31);
        let mut illegal = 0;
        for seed in 0..400 {
            let game = dense_game(&mut rng, seed);
            let never = solve_learning(&game, Learning::Never);
            let always = solve_learning(&game, Learning::AfterEverySearch);
            match (&never, &always) {
                (Ok(_), Ok(layout)) => verify_layout(&game, layout).unwrap(),
                (Err(a), Err(b)) => {
                    assert_eq!(a.index, b.index, "{game:?}");
                    illegal += 1;
                }
                _ => panic!("{game:?}: {:?} vs {:?}", never.err(), always.err()),
            }
        }
        assert!(illegal > 50, "{illegal} illegal");
    }

    /// Switching to phases partway, after frozen prefixes were learned
    /// (budgets of a few searches), gives the same answer, reason
    /// included, as never switching, and every layout verifies: on dense
    /// games (some made illegal) where searches are long.
    #[test]
    fn switching_to_phases_midway_changes_no_answer() {
        let mut rng = Rng::new(47);
        let mut switched_illegal = 0;
        for seed in 0..300 {
            let game = dense_game(&mut rng, seed);
            let never = decide_learning(
                &game,
                Learning::Never,
                Switch {
                    budget: u64::MAX,
                    cap: 0,
                },
            );
            for (budget, cap) in [(0, 0), (5, 0), (40, 0), (0, 1), (5, 2), (0, 8), (5, 64)] {
                let switch = Switch { budget, cap };
                let switched = decide_learning(&game, Learning::AfterEverySearch, switch);
                assert_eq!(never.illegal, switched.illegal, "{game:?}");
                let legal = switched.illegal.as_ref().map_or(game.len(), |m| m.index);
                verify_layout(&game[..legal], &switched.layout).unwrap();
                switched_illegal += usize::from(switched.illegal.is_some());
            }
        }
        assert!(switched_illegal > 150, "{switched_illegal} illegal");
    }
}
