//! The exact algorithm: a short branch and bound for small boards and a
//! first good order, then the ordering model solved by a constraint solver
//! that learns ([`super::model`]) to prove the optimum the search could not.
//!
//! The branch and bound: depth first over sets of remaining pieces, on
//! several threads.
//!
//! - Dead pieces (kept incrementally by [`State`]) plus disjoint cycles of
//!   forced precedence ([`CycleBound`]) are a lower bound, and so are small
//!   rectangles of the board solved exactly ([`LocalBound`]) plus the dead
//!   pieces and cycles outside them; a branch whose bound reaches the best
//!   score is cut, and the whole search ends when the best score meets the
//!   root's bound.
//! - A removable piece that blocks no live side is removed at once: nothing
//!   can need it later, so removing it now is never worse.
//! - Otherwise only the removable pieces of a deadlock-preserving stubborn
//!   set are tried ([`super::stubborn`]): the best final position is one
//!   where nothing is removable, and such sets reach every one of those.
//! - Positions already searched are skipped ([`SharedTable`]).
//! - Children are tried in order of fewest new dead pieces, then most
//!   removable pieces after the move; a greedy run gives the first bound.
//!
//! Threads share the best score, the table and a queue of subtrees. A
//! subtree is named by its removal path from the start, so any thread can
//! replay it. Each thread searches depth first; when another thread waits
//! for work, a busy one gives away the untried children of its shallowest
//! open position (the largest subtrees it holds). Skipping a position some
//! other thread is still searching is sound: that thread finishes it (or
//! the search stops and claims no proof).

use super::approx::greedy_order;
use super::board::Board;
use super::bound::CycleBound;
use super::control::{Control, Options, Progress, Solution};
use super::local::{root_bound, LocalBound, LOCAL_CACHE_BYTES};
use super::model::{self, Watch};
use super::sides::Sides;
use super::state::{zobrist_keys, State};
use super::stubborn::Stubborn;
use super::table::SharedTable;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// How often a thread flushes its state count and checks the limits, on
/// a small board. A state may solve several of the bound's rectangles
/// again (up to a millisecond on a loaded machine), so 256 states overshot
/// a time limit by 130 ms; 32 keep it to a few, and the clock read costs
/// nothing beside a state. A state also scans the whole position a few
/// times, so on a big board the limits are checked more often (see
/// [`check_every`]).
const CHECK_EVERY: u64 = 32;

/// States between two looks at the limits on a board of `pieces`: 32 up
/// to a thousand pieces, then fewer, down to every state from 32,768
/// pieces on (where a state takes well over a microsecond).
fn check_every(pieces: usize) -> u64 {
    (32_768 / pieces.max(1) as u64).clamp(1, CHECK_EVERY)
}

/// Bytes one thread holds besides the shared table, on a board of
/// `pieces` whose starting position holds `position` bytes: its position,
/// its stubborn-set and cycle scratch (about 32 bytes a piece) and its
/// cache of solved rectangles (when the bound has rectangles).
fn thread_bytes(pieces: usize, position: usize, rectangles: bool) -> usize {
    position + 32 * pieces + if rectangles { LOCAL_CACHE_BYTES } else { 0 }
}

/// How long an idle thread sleeps between looks at the limits.
const IDLE_WAIT: Duration = Duration::from_millis(20);

/// How long the branch and bound runs before the model takes over. It
/// proves most boards of up to 60 pieces in a few milliseconds, where
/// building the model alone takes about as long, and on bigger ones it
/// hands the model a good first order and its bound; past that, its
/// states grow much faster than the model's proof.
const SEARCH_FIRST: Duration = Duration::from_millis(50);

/// Finds the best removal order and proves it optimal, unless a limit or
/// the stop flag ends the search first (then `optimal` is false and the
/// order is the best found): the branch and bound for [`SEARCH_FIRST`],
/// then, when it has not finished, the ordering model from its best order
/// (every order the model gives is replayed by `verify_order`).
///
/// Memory: the branch and bound's, below; then the model's estimate
/// ([`model::model_bytes`]) must fit the limit, or the search's best order
/// is the answer, not proven.
pub fn solve_exact(
    board: &Board,
    sides: &Sides,
    positions: &[(usize, usize)],
    options: &Options,
    mut progress: Option<&mut dyn FnMut(&Progress)>,
) -> Solution {
    let start = Instant::now();
    let mut first = options.clone();
    let end = start + SEARCH_FIRST;
    first.limits.deadline = Some(options.limits.deadline.map_or(end, |d| d.min(end)));
    let report: Option<&mut dyn FnMut(&Progress)> = match &mut progress {
        Some(report) => Some(&mut **report),
        None => None,
    };
    let searched = solve_with_table(sides, positions, &first, report, None);
    let limits = &options.limits;
    if !searched.stopped || limits.reached() || limits.nodes.is_some_and(|n| searched.states >= n) {
        return searched;
    }
    let lower_bound = searched.lower_bound;
    with_model(
        board,
        sides,
        searched,
        lower_bound,
        options,
        start,
        progress,
    )
}

/// The ordering model alone, from a greedy order and the root's bound:
/// the `model` row of a comparison, to set the solver against the
/// branch and bound.
pub fn solve_model(
    board: &Board,
    sides: &Sides,
    positions: &[(usize, usize)],
    options: &Options,
    progress: Option<&mut dyn FnMut(&Progress)>,
) -> Solution {
    let start = Instant::now();
    let zobrist = zobrist_keys(sides.pieces);
    let mut control = Control::new(options, None);
    let root = State::within(sides, &zobrist, &mut || control.check_limits());
    let held = sides.heap_bytes() + root.heap_bytes() + std::mem::size_of_val(&zobrist[..]);
    let order = greedy_order(&root, &mut control, held);
    let (bound, _) = root_bound(&root, positions, &mut || control.preparation_over());
    let score = sides.pieces - order.len();
    let greedy = Solution {
        score,
        optimal: score <= bound,
        order,
        states: control.states,
        lower_bound: bound,
        stopped: control.stopped(),
    };
    if greedy.optimal || greedy.stopped {
        return greedy;
    }
    with_model(board, sides, greedy, bound, options, start, progress)
}

/// Hands `found` (a legal order's solution, not proven) to the model with
/// `lower_bound`, within the limits of `options` (time counted from
/// `start`).
fn with_model(
    board: &Board,
    sides: &Sides,
    found: Solution,
    lower_bound: usize,
    options: &Options,
    start: Instant,
    progress: Option<&mut dyn FnMut(&Progress)>,
) -> Solution {
    let zobrist = zobrist_keys(sides.pieces);
    let root = State::within(sides, &zobrist, &mut || options.limits.reached());
    let live = (0..sides.pieces).filter(|&p| !root.is_dead(p)).count();
    if options
        .limits
        .memory_exceeded(model::model_bytes(live, model::terms(&root)))
    {
        return Solution {
            stopped: true,
            ..found
        };
    }
    let mut watch = Watch::new(&options.limits, found.states, start, progress);
    let proof = model::prove(board, &root, found.order, lower_bound, &mut watch);
    let score = sides.pieces - proof.order.len();
    Solution {
        score,
        optimal: proof.proven,
        order: proof.order,
        states: found.states + proof.turns,
        lower_bound,
        stopped: proof.stopped,
    }
}

/// [`solve_exact`], with a table of `table_bytes` when given (tests of a
/// table too small for the search), else the share the memory limit
/// leaves it.
fn solve_with_table(
    sides: &Sides,
    positions: &[(usize, usize)],
    options: &Options,
    progress: Option<&mut dyn FnMut(&Progress)>,
    table_bytes: Option<usize>,
) -> Solution {
    let start = Instant::now();
    let zobrist = zobrist_keys(sides.pieces);
    let mut greedy_control = Control::new(options, None);
    let root = State::within(sides, &zobrist, &mut || greedy_control.check_limits());
    let held = sides.heap_bytes() + root.heap_bytes() + std::mem::size_of_val(&zobrist[..]);
    let start_order = greedy_order(&root, &mut greedy_control, held);
    let (root_bound, local) =
        root_bound(&root, positions, &mut || greedy_control.preparation_over());
    let threads = options.thread_count();
    let per_thread = thread_bytes(sides.pieces, root.heap_bytes(), !local.is_empty());
    let fixed = held + threads * per_thread;
    greedy_control.memory_exceeded(fixed);
    let left = options
        .limits
        .memory
        .map_or(usize::MAX, |m| m.saturating_sub(fixed));
    let table_bytes = table_bytes.unwrap_or(left / 4 * 3);
    let shared = Shared {
        options,
        start,
        check_every: check_every(sides.pieces),
        memory: options.limits.memory.map(|_| (fixed, left - left / 4 * 3)),
        stack_bytes: AtomicUsize::new(0),
        best_score: AtomicUsize::new(sides.pieces - start_order.len()),
        best_order: Mutex::new(start_order),
        root_bound,
        states: AtomicU64::new(greedy_control.states),
        stopped: AtomicBool::new(greedy_control.stopped()),
        table: SharedTable::new(root.key().len(), table_bytes),
        queue: Mutex::new(Queue {
            jobs: VecDeque::from([Vec::new()]),
            busy: 0,
        }),
        wake: Condvar::new(),
        waiting: AtomicUsize::new(0),
    };
    if shared.best() > root_bound && !shared.stopped.load(Ordering::Relaxed) {
        std::thread::scope(|scope| {
            for _ in 1..threads {
                let (shared, root, local) = (&shared, &root, &local);
                scope.spawn(move || Worker::new(shared, root, local, None).run());
            }
            Worker::new(&shared, &root, &local, progress).run();
        });
    }
    let score = shared.best();
    let stopped = shared.stopped.load(Ordering::Relaxed);
    let states = shared.states.load(Ordering::Relaxed);
    let order = shared
        .best_order
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    Solution {
        score,
        optimal: score <= root_bound || !stopped,
        order,
        states,
        lower_bound: root_bound,
        stopped,
    }
}

/// Locks a mutex; a thread that panicked while holding it left plain data
/// behind (no invariant spans the lock), so its contents are still good.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Subtrees waiting for a thread, and how many threads are searching.
struct Queue {
    jobs: VecDeque<Vec<usize>>,
    busy: usize,
}

/// What the threads share.
struct Shared<'a> {
    options: &'a Options,
    start: Instant,
    /// States between two looks at the limits ([`check_every`]).
    check_every: u64,
    /// With a memory limit: the bytes held from the start and the bytes
    /// the threads' stacks of untried children may take.
    memory: Option<(usize, usize)>,
    /// The bytes of the threads' stacks, as last flushed.
    stack_bytes: AtomicUsize,
    best_score: AtomicUsize,
    best_order: Mutex<Vec<usize>>,
    root_bound: usize,
    states: AtomicU64,
    stopped: AtomicBool,
    table: SharedTable,
    queue: Mutex<Queue>,
    wake: Condvar,
    /// Threads waiting for a subtree (read by busy threads at every state).
    waiting: AtomicUsize,
}

impl Shared<'_> {
    fn best(&self) -> usize {
        self.best_score.load(Ordering::Relaxed)
    }

    fn offer(&self, score: usize, path: &[usize]) {
        if score < self.best() {
            let mut order = lock(&self.best_order);
            if score < self.best() {
                *order = path.to_vec();
                self.best_score.store(score, Ordering::Relaxed);
            }
        }
    }

    fn finished(&self) -> bool {
        self.best() <= self.root_bound || self.stopped.load(Ordering::Relaxed)
    }

    /// Checks the limits (states, time, the stop flag, the stacks'
    /// memory); true when the search must end.
    fn check_limits(&self, unflushed: u64) -> bool {
        let limits = &self.options.limits;
        let over_nodes = limits
            .nodes
            .is_some_and(|n| self.states.load(Ordering::Relaxed) + unflushed > n);
        let over_memory = self.memory.is_some_and(|(fixed, stacks)| {
            fixed > limits.memory.unwrap_or(usize::MAX)
                || self.stack_bytes.load(Ordering::Relaxed) > stacks
        });
        if over_nodes || over_memory || limits.reached() {
            self.stopped.store(true, Ordering::Relaxed);
        }
        self.stopped.load(Ordering::Relaxed)
    }
}

/// A position whose children are being tried: the children left and the
/// length of the path that leads to it.
struct Frame {
    children: Vec<usize>,
    next: usize,
    path_len: usize,
}

/// Bytes a frame of `children` holds.
fn frame_bytes(children: &[usize]) -> usize {
    std::mem::size_of::<Frame>() + std::mem::size_of_val(children)
}

/// One thread of the search.
struct Worker<'s, 'p> {
    shared: &'s Shared<'s>,
    state: State<'s>,
    stubborn: Stubborn,
    cycles: CycleBound,
    local: LocalBound,
    path: Vec<usize>,
    frames: Vec<Frame>,
    scratch: Vec<usize>,
    unflushed: u64,
    /// Bytes of `frames` now, and as last added to the shared count.
    stack_bytes: usize,
    flushed_stack_bytes: usize,
    progress: Option<&'p mut dyn FnMut(&Progress)>,
    last_report: Instant,
}

impl<'s, 'p> Worker<'s, 'p> {
    fn new(
        shared: &'s Shared<'s>,
        root: &State<'s>,
        local: &LocalBound,
        progress: Option<&'p mut dyn FnMut(&Progress)>,
    ) -> Self {
        Worker {
            shared,
            state: root.clone(),
            stubborn: Stubborn::new(root.sides.pieces),
            cycles: CycleBound::new(root.sides.pieces),
            local: local.clone(),
            path: Vec::new(),
            frames: Vec::new(),
            scratch: Vec::new(),
            unflushed: 0,
            stack_bytes: 0,
            flushed_stack_bytes: 0,
            progress,
            last_report: shared.start,
        }
    }

    /// Takes subtrees from the queue until every thread is idle and the
    /// queue is empty, or the search is finished.
    fn run(mut self) {
        while let Some(job) = self.next_job() {
            let mark = self.state.mark();
            for &p in &job {
                self.state.remove(p);
            }
            self.path.clone_from(&job);
            self.dfs();
            self.state.undo(mark);
            self.flush();
            let mut queue = lock(&self.shared.queue);
            queue.busy -= 1;
            if queue.busy == 0 && queue.jobs.is_empty() {
                self.shared.wake.notify_all();
            }
        }
        self.flush();
    }

    fn next_job(&mut self) -> Option<Vec<usize>> {
        let shared = self.shared;
        let mut queue = lock(&shared.queue);
        loop {
            if shared.finished() || (queue.jobs.is_empty() && queue.busy == 0) {
                shared.wake.notify_all();
                return None;
            }
            if let Some(job) = queue.jobs.pop_front() {
                queue.busy += 1;
                return Some(job);
            }
            shared.waiting.fetch_add(1, Ordering::Relaxed);
            let (guard, _) = shared
                .wake
                .wait_timeout(queue, IDLE_WAIT)
                .unwrap_or_else(PoisonError::into_inner);
            queue = guard;
            shared.waiting.fetch_sub(1, Ordering::Relaxed);
            drop(queue);
            shared.check_limits(0);
            self.report();
            queue = lock(&shared.queue);
        }
    }

    fn flush(&mut self) {
        self.shared
            .states
            .fetch_add(self.unflushed, Ordering::Relaxed);
        self.unflushed = 0;
        let (now, before) = (self.stack_bytes, self.flushed_stack_bytes);
        if now > before {
            self.shared
                .stack_bytes
                .fetch_add(now - before, Ordering::Relaxed);
        } else {
            self.shared
                .stack_bytes
                .fetch_sub(before - now, Ordering::Relaxed);
        }
        self.flushed_stack_bytes = now;
    }

    /// Sends a progress report if this thread reports and it is time.
    fn report(&mut self) {
        let Some(report) = self.progress.as_mut() else {
            return;
        };
        let now = Instant::now();
        if now - self.last_report >= Duration::from_millis(200) {
            self.last_report = now;
            report(&Progress {
                states: self.shared.states.load(Ordering::Relaxed) + self.unflushed,
                best: self.shared.best(),
                lower_bound: self.shared.root_bound,
                elapsed: now - self.shared.start,
            });
        }
    }

    /// Counts one state; true when the search must end now.
    fn tick(&mut self) -> bool {
        self.unflushed += 1;
        if self.shared.finished() {
            return true;
        }
        let every = self.shared.check_every;
        if self.shared.options.limits.nodes.is_some() || self.unflushed >= every {
            if self.shared.check_limits(self.unflushed) {
                return true;
            }
            if self.unflushed >= every {
                self.flush();
                self.report();
            }
        }
        if self.shared.waiting.load(Ordering::Relaxed) > 0 {
            self.share_work();
        }
        false
    }

    /// Gives the untried children of the shallowest open position to the
    /// queue, one subtree each, while threads are waiting.
    fn share_work(&mut self) {
        let Some(frame) = self.frames.iter_mut().find(|f| f.next < f.children.len()) else {
            return;
        };
        let mut queue = lock(&self.shared.queue);
        let wanted = self.shared.waiting.load(Ordering::Relaxed);
        while queue.jobs.len() < wanted && frame.next < frame.children.len() {
            let Some(child) = frame.children.pop() else {
                break;
            };
            let mut job = self.path[..frame.path_len].to_vec();
            job.push(child);
            queue.jobs.push_back(job);
        }
        self.shared.wake.notify_all();
    }

    fn dfs(&mut self) {
        if self.tick() {
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
        let best = self.shared.best();
        if self.state.dead_count() >= best {
            self.scratch = removable;
            return;
        }
        if removable.is_empty() {
            self.shared.offer(self.state.present_count(), &self.path);
            self.scratch = removable;
            return;
        }
        if !self
            .shared
            .table
            .insert(self.state.hash(), self.state.key())
            || self
                .cycles
                .reaches(&self.state, best - self.state.dead_count(), &[])
            || (!self.local.is_empty() && self.local.reaches(&self.state, &mut self.cycles, best))
        {
            self.scratch = removable;
            return;
        }
        let children = self.ordered_children(&removable);
        self.scratch = removable;
        let level = self.frames.len();
        let frame_bytes = frame_bytes(&children);
        self.stack_bytes += frame_bytes;
        self.frames.push(Frame {
            children,
            next: 0,
            path_len: self.path.len(),
        });
        loop {
            let frame = &mut self.frames[level];
            let Some(&child) = frame.children.get(frame.next) else {
                break;
            };
            frame.next += 1;
            let mark = self.state.mark();
            self.state.remove(child);
            self.path.push(child);
            self.dfs();
            self.path.pop();
            self.state.undo(mark);
            if self.shared.finished() {
                break;
            }
        }
        self.frames.pop();
        self.stack_bytes -= frame_bytes;
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

    /// The stubborn set's removable pieces, best first. Judging a child
    /// scans the whole position, and a big board has thousands of them:
    /// the limits are checked among them (a search stopped there tries
    /// none of them).
    fn ordered_children(&mut self, removable: &[usize]) -> Vec<usize> {
        let chosen = self.stubborn.choose(&self.state, removable);
        let mut after = Vec::new();
        let mut children: Vec<((usize, usize), usize)> = Vec::with_capacity(chosen.len());
        for (i, child) in chosen.into_iter().enumerate() {
            if i % 16 == 15 && self.shared.check_limits(self.unflushed) {
                return Vec::new();
            }
            let mark = self.state.mark();
            self.state.remove(child);
            self.state.removable_pieces(&mut after);
            let key = (self.state.dead_count(), usize::MAX - after.len());
            self.state.undo(mark);
            children.push((key, child));
        }
        children.sort_unstable();
        children.into_iter().map(|(_, child)| child).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::generate::random_board;
    use super::super::verify::verify_order;
    use super::*;
    use crate::rng::Rng;

    /// A table far too small for the search (16 slots a shard, where the
    /// search visits thousands of positions)
    /// overwrites entries as it goes: the search repeats work but proves
    /// the same score as with a roomy table, on one thread and on two.
    #[test]
    fn a_table_too_small_stays_exact() {
        let mut rng = Rng::new(41);
        let mut overwritten = 0;
        for round in 0..40 {
            let (w, h) = [(6, 6), (8, 6), (6, 8)][rng.index(3)];
            let board = random_board(&mut rng, w, h);
            let sides = Sides::new(&board);
            let positions: Vec<(usize, usize)> =
                board.pieces().iter().map(|p| (p.x, p.y)).collect();
            for threads in [1, 2] {
                let options = Options {
                    threads: Some(threads),
                    ..Options::default()
                };
                let roomy = solve_with_table(&sides, &positions, &options, None, None);
                let tiny = solve_with_table(&sides, &positions, &options, None, Some(256));
                assert!(roomy.optimal && tiny.optimal, "round {round}");
                assert_eq!(tiny.score, roomy.score, "round {round}: {board:?}");
                assert_eq!(verify_order(&board, &tiny.order), Ok(tiny.score));
                overwritten += usize::from(tiny.states > roomy.states);
            }
        }
        assert!(overwritten > 0, "the tiny table never lost an entry");
    }
}
