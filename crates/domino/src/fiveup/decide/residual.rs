//! The residual problem of the phases: the part of a decider's state that
//! a phase can change, copied into a small decider of its own.
//!
//! A phase only ever looks at checkpoints past their value's frozen
//! prefix, and only moves plays that are not charged yet or that are
//! charged there and may leave. On the million-play matching game that is
//! a sixth of the plays and a quarter of the values, scattered over
//! arrays of 100 MB: nearly every step of a phase missed the caches. The
//! copy keeps just those checkpoints (renumbered from 0 per value, with
//! their slack) and those plays (renumbered in game order), so the phases
//! run on arrays a few times smaller, where neighbours are also in use.
//! The phases run unchanged on the copy; its charges are then written
//! back.

use super::{Decider, Game, Snapshot, ValueState, HERE, MAY_LEAVE, NONE};

/// The copy, and the way back to the whole game.
pub(super) struct Residual {
    pub(super) game: Game,
    /// Per play of the copy (play 0 stands for none): the play of the
    /// whole game it is, and which half of that play each of its halves
    /// is. A play that can be charged to one half only is a double in the
    /// copy (both halves the same), so that the phases try that half once
    /// and never move it again.
    origin: Vec<(u32, [u8; 2])>,
    /// Some play not charged yet has both its checkpoints frozen: no
    /// charging of the game charges it.
    stuck: bool,
}

impl Decider<'_> {
    /// Copies what the phases may change for plays `1..until`: every play
    /// not charged yet with a half whose checkpoint is not frozen, every
    /// play charged where it may leave (its other checkpoint is then not
    /// frozen either), and every checkpoint past the frozen prefix of a
    /// value that one of those plays shows; and the state of those, for a
    /// decider over the copy to start from (its trees learn the slack
    /// when the phases first look at a value, as a decider's do).
    pub(super) fn residual(&mut self, until: usize) -> (Residual, Snapshot) {
        let mut origin = vec![(0, [0, 0])];
        let mut stuck = false;
        for k in 1..until {
            let [a, b] = self.game.ids[k];
            let open = |side: usize| {
                let v = [a, b][side] as usize;
                self.game.pos[k][side] >= self.values[v].frozen
            };
            let sides = match self.charged[k] {
                NONE => match (open(0), a != b && open(1)) {
                    (true, true) => Some([0, 1]),
                    (true, false) => Some([0, 0]),
                    (false, true) => Some([1, 1]),
                    (false, false) => {
                        stuck = true;
                        None
                    }
                },
                side => {
                    let movable = self.flags[self.checkpoint(k, side as usize)] == HERE | MAY_LEAVE;
                    (movable && open(0) && open(1)).then_some([0, 1])
                }
            };
            if let Some(sides) = sides {
                origin.push((k as u32, sides));
            }
        }
        // The values shown by the copied plays, numbered in order of
        // first appearance.
        let mut number = vec![NONE; self.values.len()];
        let mut used = Vec::new();
        for &(k, sides) in &origin[1..] {
            for side in sides {
                let v = self.game.ids[k as usize][side as usize] as usize;
                if number[v] == NONE {
                    number[v] = used.len() as u32;
                    used.push(v);
                }
            }
        }
        let mut first = Vec::with_capacity(used.len() + 1);
        let mut values = Vec::with_capacity(used.len());
        let mut pending = Vec::new();
        for &v in &used {
            self.sync(v);
            let state = self.values[v];
            let start = pending.len() as u32;
            self.slack.slacks(
                state.tree(),
                state.frozen as usize,
                state.reached as usize,
                &mut pending,
            );
            let count = pending.len() as u32 - start;
            first.push(start);
            values.push(ValueState {
                first: start,
                count,
                reached: count,
                tail: state.tail.max(state.frozen) - state.frozen,
                ..ValueState::default()
            });
        }
        first.push(pending.len() as u32);
        let mut ids = vec![[0; 2]; origin.len()];
        let mut pos = vec![[NONE; 2]; origin.len()];
        let mut charged = vec![NONE; origin.len()];
        let mut item_at = vec![NONE; pending.len()];
        let mut flags = vec![0; pending.len()];
        for (copy, &(k, sides)) in origin.iter().enumerate().skip(1) {
            let k = k as usize;
            for half in 0..2 {
                let side = sides[half] as usize;
                let v = self.game.ids[k][side] as usize;
                let q = self.game.pos[k][side] - self.values[v].frozen;
                ids[copy][half] = number[v];
                pos[copy][half] = q;
                let at = (first[number[v] as usize] + q) as usize;
                item_at[at] = copy as u32;
                if sides[0] != sides[1] {
                    flags[at] = self.flags[self.checkpoint(k, side)] & (HERE | MAY_LEAVE);
                }
            }
            charged[copy] = self.charged[k];
        }
        let residual = Residual {
            game: Game {
                limit: origin.len(),
                duplicate_of: None,
                ids,
                values: used.iter().map(|&v| self.game.values[v]).collect(),
                pos,
                first,
                item_at,
            },
            origin,
            stuck,
        };
        let snapshot = Snapshot {
            charged,
            flags,
            values,
            pending,
        };
        (residual, snapshot)
    }

    /// Writes the charges of the copy's decider back to the plays of the
    /// whole game. Only the charges: the rest of this decider's state
    /// (flags, slack, loads) no longer matches them until it is replayed.
    /// True when every play is charged.
    pub(super) fn write_back(&mut self, residual: &Residual, charged: &[u32]) -> bool {
        let mut all = !residual.stuck;
        for (&(k, sides), &side) in residual.origin.iter().zip(charged).skip(1) {
            if side == NONE {
                all = false;
            } else {
                self.charged[k as usize] = u32::from(sides[side as usize]);
            }
        }
        all
    }
}
