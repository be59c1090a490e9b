//! The approximate algorithms. Ours (greedy, beam, anytime) remove harmless
//! pieces (those that block no live side) as soon as they are removable,
//! since that is never worse, and judge a move by what it leaves: fewest
//! dead pieces first, then most removable pieces.
//!
//! - greedy: one line of play, the best-judged move each time;
//! - beam: the best `width` positions of each depth, expanded together;
//! - anytime: randomized greedy runs restarted until the time limit (or a
//!   fixed number of runs without one), keeping the best;
//! - scan: the report's sweep, removing whatever is removable in board
//!   order until a sweep removes nothing (R. Łojek's approximation);
//! - capped-dfs: the report's exact search, depth first, cut off after n²
//!   positions (M. Bysiek's approximation);
//! - delaying-greedy: a sweep that holds back pieces others wait for
//!   (S. Peryt's approximation).
//!
//! The report's three approximations follow its text, not ours: they do not
//! remove harmless pieces first and judge moves their own way.

use super::control::Control;
use super::state::State;
use crate::rng::Rng;

/// Pieces left and removable after removing `p` (the move's judgement;
/// smaller is better), leaving `state` as it was.
fn judge(state: &mut State, p: usize, scratch: &mut Vec<usize>) -> (usize, usize) {
    let mark = state.mark();
    state.remove(p);
    state.removable_pieces(scratch);
    let key = (state.dead_count(), usize::MAX - scratch.len());
    state.undo(mark);
    key
}

/// Removes harmless removable pieces until there are none; returns the
/// removable pieces left. Each pass scans the whole position (milliseconds
/// on a board of a million squares, and a pass may free the next few), so
/// the limits are looked at before each: once they say stop, none is
/// returned (the order so far is legal).
fn remove_harmless(state: &mut State, order: &mut Vec<usize>, control: &mut Control) -> Vec<usize> {
    let mut removable = Vec::new();
    loop {
        if control.check_limits() {
            removable.clear();
            return removable;
        }
        state.removable_pieces(&mut removable);
        let before = order.len();
        for &p in &removable {
            if state.harmless(p) && state.removable(p) {
                state.remove(p);
                order.push(p);
            }
        }
        state.commit();
        if order.len() == before {
            return removable;
        }
    }
}

/// Bytes of a line of play of `len` removals (what an order holds).
fn order_bytes(len: usize) -> usize {
    len * std::mem::size_of::<usize>()
}

/// What one line of play from `root` holds at most: its position, its
/// order, the removable pieces and the scratch to judge a move (a piece
/// each).
fn line_bytes(root: &State) -> usize {
    root.heap_bytes() + 3 * order_bytes(root.present_count())
}

/// The greedy line of play from `root` (cut short by a limit on huge
/// boards, still a legal order). Its working position and order are
/// counted against the memory limit, beside `held` (what the caller keeps:
/// the compiled board, the starting position).
pub(crate) fn greedy_order(root: &State, control: &mut Control, held: usize) -> Vec<usize> {
    let mut state = root.clone();
    let mut order = Vec::new();
    let mut scratch = Vec::new();
    if control.memory_exceeded(held + line_bytes(root)) {
        return order;
    }
    loop {
        let removable = remove_harmless(&mut state, &mut order, control);
        let mut best = None;
        for &p in &removable {
            if control.tick(root.present_count() - order.len(), 0) {
                return order;
            }
            let key = judge(&mut state, p, &mut scratch);
            match best {
                Some((k, _)) if k <= key => {}
                _ => best = Some((key, p)),
            }
        }
        let Some((_, pick)) = best else {
            return order;
        };
        state.remove(pick);
        state.commit();
        order.push(pick);
    }
}

/// A move judged by the beam: its judgement, the hash of the position it
/// leads to, the entry of the level it comes from, the piece.
type Candidate = ((usize, usize), u64, usize, usize);

/// Keeps the best `width` candidates for distinct positions, best first.
fn best_candidates(candidates: &mut Vec<Candidate>, width: usize) {
    candidates.sort_unstable();
    // A position reached by two moves has the same judgement and hash:
    // they sit side by side once sorted.
    candidates.dedup_by_key(|c| c.1);
    candidates.truncate(width);
}

/// Beam search keeping `width` positions per depth. A position is as
/// large as the board (about 24 bytes a piece) and each keeps its line of
/// play, so a level is counted against the memory limit as it is built,
/// beside `held` and the level it comes from: a level that would pass the
/// limit keeps the positions that fit (the best ones), and when not one
/// fits the search stops with the best line so far. The candidates of a
/// level are cut to the best `width` whenever they pass twice as many, so
/// they stay small however many moves a level has.
pub(crate) fn beam_order(
    root: &State,
    control: &mut Control,
    bound: usize,
    held: usize,
) -> Vec<usize> {
    let width = control.options().beam_width.max(1);
    let prune_at = (2 * width).max(1024);
    let mut best: Vec<usize> = Vec::new();
    let mut best_left = usize::MAX;
    let mut level = vec![(root.clone(), Vec::new())];
    let mut level_bytes = entry_bytes(&level[0]);
    let mut scratch = Vec::new();
    let mut candidates: Vec<Candidate> = Vec::with_capacity(prune_at + 1);
    let candidate_bytes = candidates.capacity() * std::mem::size_of::<Candidate>();
    control.memory_exceeded(held + level_bytes + candidate_bytes);
    while !level.is_empty() && !control.stopped() {
        candidates.clear();
        'judging: for (i, (state, order)) in level.iter_mut().enumerate() {
            let removable = remove_harmless(state, order, control);
            if control.stopped() {
                break;
            }
            if removable.is_empty() {
                if state.present_count() < best_left {
                    best_left = state.present_count();
                    best = order.clone();
                }
                continue;
            }
            for p in removable {
                // Each child is a state: on a big board one level judges
                // thousands, so the limits are checked among them.
                if control.tick(best_left, bound) {
                    break 'judging;
                }
                let key = judge(state, p, &mut scratch);
                candidates.push((key, state.hash() ^ state.zobrist(p), i, p));
                if candidates.len() >= prune_at {
                    best_candidates(&mut candidates, width);
                }
            }
        }
        if control.stopped() || best_left <= bound {
            break;
        }
        best_candidates(&mut candidates, width);
        let mut next = Vec::with_capacity(candidates.len());
        let mut next_bytes = 0;
        for &(_, _, i, p) in &candidates {
            let (state, order) = &level[i];
            let bytes = state.heap_bytes() + order_bytes(order.len() + 1);
            let total = held + level_bytes + candidate_bytes + next_bytes + bytes;
            if control.options().limits.memory_exceeded(total) || control.check_limits() {
                break;
            }
            let mut state = state.clone();
            state.remove(p);
            state.commit();
            let mut order = order.clone();
            order.push(p);
            next_bytes += bytes;
            next.push((state, order));
        }
        if next.is_empty() && !candidates.is_empty() {
            // Not one position of the next level fits (or a limit hit):
            // the search ends on this level.
            control.stop();
            break;
        }
        level = next;
        level_bytes = next_bytes;
    }
    for (mut state, mut order) in level {
        // A stopped search only compares the lines it holds (the limits
        // are past: no harmless removal is added to them).
        if !control.stopped() {
            remove_harmless(&mut state, &mut order, control);
        }
        if state.present_count() < best_left {
            best_left = state.present_count();
            best = order;
        }
    }
    best
}

/// Bytes of a beam entry: its position and its line of play.
fn entry_bytes((state, order): &(State, Vec<usize>)) -> usize {
    state.heap_bytes() + order_bytes(order.capacity())
}

/// Runs without a time limit.
const ANYTIME_RUNS: usize = 200;

/// Randomized greedy runs: each move is the best-judged one, or with a
/// probability that differs from run to run, one of the three best.
/// What it holds (the best line, the run's line and its judged moves) is
/// counted against the memory limit beside `held`.
pub(crate) fn anytime_order(
    root: &State,
    control: &mut Control,
    bound: usize,
    held: usize,
) -> Vec<usize> {
    let mut rng = Rng::new(control.options().seed);
    let limits = &control.options().limits;
    let timed = limits.deadline.is_some() || limits.nodes.is_some();
    let mut best = greedy_order(root, control, held);
    let judged_bytes = root.present_count() * std::mem::size_of::<((usize, usize), usize)>();
    if control.memory_exceeded(held + line_bytes(root) + order_bytes(best.len()) + judged_bytes) {
        return best;
    }
    let mut scratch = Vec::new();
    let mut run = 0;
    while root.present_count() - best.len() > bound && (timed || run < ANYTIME_RUNS) {
        run += 1;
        let noise = 1 + rng.below(4);
        let mut state = root.clone();
        let mut order = Vec::new();
        loop {
            let removable = remove_harmless(&mut state, &mut order, control);
            if control.stopped() {
                return best;
            }
            if removable.is_empty() {
                break;
            }
            let mut judged = Vec::with_capacity(removable.len());
            for &p in &removable {
                // A run on a big board is long: the limits are checked at
                // every state, and a run cut short is dropped.
                if control.tick(root.present_count() - best.len(), bound) {
                    return best;
                }
                judged.push((judge(&mut state, p, &mut scratch), p));
            }
            judged.sort_unstable();
            let pick = if rng.chance(noise, 8) {
                judged[rng.index(judged.len().min(3))].1
            } else {
                judged[0].1
            };
            state.remove(pick);
            state.commit();
            order.push(pick);
        }
        if order.len() > best.len() {
            best = order;
        }
        if control.tick(root.present_count() - best.len(), bound) {
            break;
        }
    }
    best
}

/// The report's sweep: pieces in board order (column by column, as the
/// report's loops run), each removed if removable, repeated until a sweep
/// removes nothing. Its position and sweep order count against the memory
/// limit beside `held`.
pub(crate) fn scan_order(
    root: &State,
    positions: &[(usize, usize)],
    control: &mut Control,
    held: usize,
) -> Vec<usize> {
    let mut order = Vec::new();
    if control.memory_exceeded(held + line_bytes(root)) {
        return order;
    }
    let mut sweep: Vec<usize> = (0..positions.len()).collect();
    sweep.sort_by_key(|&p| positions[p]);
    let mut state = root.clone();
    // A sweep is a pass over the whole board: the limits are checked
    // before each (a sweep cut short is still a legal order).
    while !control.check_limits() {
        let before = order.len();
        for &p in &sweep {
            control.states += 1;
            if state.removable(p) {
                state.remove(p);
                state.commit();
                order.push(p);
            }
        }
        if order.len() == before {
            return order;
        }
    }
    order
}

/// The report's exact search made approximate (M. Bysiek's approximation):
/// depth first over positions, each position's children (one removal each)
/// pushed in ascending order of how many pieces they leave removable, so
/// the child with the most moves is searched next; positions seen before
/// are skipped; the search stops after n² distinct positions (n the number
/// of pieces), when what it keeps passes the memory limit, when the stack
/// runs dry, or when the best position keeps only the pieces that are dead
/// from the start.
pub(crate) fn capped_dfs_order(root: &State, control: &mut Control, held: usize) -> Vec<usize> {
    let n = root.present_count();
    let cap = n.saturating_mul(n);
    // The stack holds lines of play, not positions: on a big board a
    // position is large and has thousands of children, so each is rebuilt
    // from the root when its turn comes. What the search keeps (seen keys,
    // waiting lines) is counted against the memory limit.
    let key_bytes = std::mem::size_of_val(root.key()) + 48;
    let mut bytes = held + line_bytes(root) + key_bytes;
    let mut best: Vec<usize> = Vec::new();
    if control.memory_exceeded(bytes) {
        return best;
    }
    let mut seen = std::collections::HashSet::new();
    seen.insert(root.key().to_vec());
    let mut stack: Vec<Vec<usize>> = vec![Vec::new()];
    let mut state = root.clone();
    let (mut removable, mut scratch, mut children) = (Vec::new(), Vec::new(), Vec::new());
    while let Some(order) = stack.pop() {
        if control.tick(n - best.len(), root.dead_count()) {
            break;
        }
        bytes -= 8 * order.len();
        state.undo(0);
        for &p in &order {
            state.remove(p);
        }
        state.removable_pieces(&mut removable);
        children.clear();
        let mut stopped = false;
        for (i, &p) in removable.iter().enumerate() {
            // The children's keys are as large as the board's piece set:
            // thousands of them on a big board, counted as they are made.
            if i % 16 == 15
                && (control.check_limits()
                    || control.memory_exceeded(bytes + children.len() * key_bytes))
            {
                stopped = true;
                break;
            }
            let mark = state.mark();
            state.remove(p);
            state.removable_pieces(&mut scratch);
            children.push((scratch.len(), p, state.key().to_vec()));
            state.undo(mark);
        }
        children.sort_by_key(|&(moves, p, _)| (moves, p));
        for (_, p, key) in children.drain(..) {
            if !stopped && seen.insert(key) {
                let mut next = order.clone();
                next.push(p);
                bytes += key_bytes + 8 * next.len();
                stack.push(next);
            }
        }
        if order.len() > best.len() {
            best = order;
            if n - best.len() <= root.dead_count() {
                break;
            }
        }
        if stopped || seen.len() > cap || control.memory_exceeded(bytes) {
            break;
        }
    }
    best
}

/// S. Peryt's greedy from the report: sweep the removable pieces in board
/// order and remove each one, except that a piece other pieces wait for
/// (one of their sides needs it to stay, as a blocker) is held back; when a
/// sweep removes nothing, the first removable piece goes even if others
/// wait for it. Which pieces wait for which is classified once, from the
/// starting board, as the report does. What it holds counts against the
/// memory limit beside `held`.
pub(crate) fn delaying_greedy_order(
    root: &State,
    positions: &[(usize, usize)],
    control: &mut Control,
    held: usize,
) -> Vec<usize> {
    let mut sweep: Vec<usize> = (0..positions.len()).collect();
    sweep.sort_by_key(|&p| positions[p]);
    let sides = root.sides;
    let waiters: Vec<Vec<usize>> = (0..positions.len())
        .map(|p| {
            let mut w: Vec<usize> = sides.blocker_of[p]
                .iter()
                .map(|&s| s as usize / 4)
                .collect();
            w.dedup();
            w
        })
        .collect();
    let waiter_bytes: usize = waiters
        .iter()
        .map(|w| std::mem::size_of::<Vec<usize>>() + order_bytes(w.capacity()))
        .sum();
    let mut order = Vec::new();
    if control.memory_exceeded(held + line_bytes(root) + waiter_bytes) {
        return order;
    }
    let mut state = root.clone();
    // A sweep is a pass over the whole board: the limits are checked
    // before each (a sweep cut short is still a legal order).
    while !control.check_limits() {
        let before = order.len();
        for &p in &sweep {
            control.states += 1;
            if state.removable(p) && !waiters[p].iter().any(|&q| state.is_present(q)) {
                state.remove(p);
                state.commit();
                order.push(p);
            }
        }
        if order.len() == before {
            match sweep.iter().find(|&&p| state.removable(p)) {
                Some(&p) => {
                    state.remove(p);
                    state.commit();
                    order.push(p);
                }
                None => return order,
            }
        }
    }
    order
}
