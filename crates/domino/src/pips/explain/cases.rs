//! The hard technique, reasoning by cases one supposition deep: suppose a
//! cell holds one of its values (or a piece lies in one of its places, or
//! two neighbouring cells share a domino), run the easy and medium
//! deductions on a copy of what is known, and when they reach a
//! contradiction the supposition is false. The suppositions come as a
//! person picks them: the fewest alternatives first, a cell with a rule
//! before one without. The step says the supposition, the deductions
//! that followed and the contradiction, as a person would check it on
//! paper.

use super::state::State;
use super::{deduce, Grade, Step, Watch};
use crate::pips::model::Rule;

/// Suppositions one explanation may try. Each costs a run of the easy and
/// medium deductions on a copy of the state, so this bounds the time
/// explain takes on any puzzle (past it the deductions stop short).
pub(super) const TRIALS: usize = 1000;

/// A step shows this many deductions of its chain and counts the rest.
const SHOWN: usize = 6;

/// What a case supposes.
#[derive(Clone, Copy)]
enum Supposition {
    /// The cell holds the value.
    Holds(usize, u32),
    /// The piece lies on this candidate place.
    Lays(usize),
    /// The two cells lie on one domino.
    Shares(usize, usize),
}

impl State<'_> {
    /// The suppositions worth trying, most promising first: the values
    /// of a cell or the places of a piece, fewest alternatives first and
    /// a ruled cell before one without a rule; then pairings of the cells
    /// with the fewest neighbours left.
    fn suppositions(&self) -> Vec<Supposition> {
        let open: Vec<usize> = (0..self.board.cells.len())
            .filter(|&x| self.value[x].is_none())
            .collect();
        let mut ruled = vec![false; self.board.cells.len()];
        for (r, members) in self.board.members.iter().enumerate() {
            if self.board.puzzle.regions[r].rule != Rule::Empty {
                for &x in members {
                    ruled[x] = true;
                }
            }
        }
        let mut ranked: Vec<(u32, bool, Vec<Supposition>)> = Vec::new();
        for &x in &open {
            let d = self.domain[x];
            if d.count_ones() > 1 {
                let each = (0..64)
                    .filter(|v| d >> v & 1 == 1)
                    .map(|v| Supposition::Holds(x, v));
                ranked.push((d.count_ones(), !ruled[x], each.collect()));
            }
        }
        for (q, places) in self.board.of_kind.iter().enumerate() {
            if self.left[q] != 1 {
                continue;
            }
            let alive: Vec<usize> = places.iter().copied().filter(|&k| self.alive[k]).collect();
            if alive.len() > 1 {
                let each = alive.iter().map(|&k| Supposition::Lays(k));
                ranked.push((alive.len() as u32, false, each.collect()));
            }
        }
        ranked.sort_by_key(|(n, unruled, _)| (*n, *unruled));
        let mut out: Vec<Supposition> = ranked.into_iter().flat_map(|(_, _, s)| s).collect();
        let mut pairs: Vec<(usize, usize, usize)> = Vec::new();
        for &x in &open {
            if self.partner[x].is_some() {
                continue;
            }
            let near = self.mates(x);
            if near.len() > 1 {
                pairs.extend(near.iter().filter(|&&y| y > x).map(|&y| (near.len(), x, y)));
            }
        }
        pairs.sort_unstable();
        out.extend(pairs.iter().map(|&(_, x, y)| Supposition::Shares(x, y)));
        out
    }

    /// A copy of what is known, without the steps so far.
    fn copy(&self) -> Self {
        State {
            board: self.board,
            domain: self.domain.clone(),
            value: self.value.clone(),
            left: self.left.clone(),
            alive: self.alive.clone(),
            partner: self.partner.clone(),
            laid: Vec::new(),
            steps: Vec::new(),
            placed_by: Vec::new(),
            seen: self.seen.clone(),
            seen_spent: self.seen_spent.clone(),
            refit: self.refit.clone(),
            renear: self.renear.clone(),
            alive_at: self.alive_at.clone(),
        }
    }

    fn suppose(&mut self, supposition: Supposition) {
        match supposition {
            Supposition::Holds(x, v) => self.domain[x] = 1 << v,
            Supposition::Lays(k) => {
                let c = self.board.candidates[k];
                self.domain[c.a] = 1 << c.va;
                self.domain[c.b] = 1 << c.vb;
                self.partner[c.a] = Some(c.b);
                self.partner[c.b] = Some(c.a);
            }
            Supposition::Shares(x, y) => {
                self.partner[x] = Some(y);
                self.partner[y] = Some(x);
            }
        }
        self.prune();
    }

    /// The supposition in words, and what its falsehood says.
    fn refute(&mut self, supposition: Supposition) -> (String, String, Vec<crate::Cell>) {
        match supposition {
            Supposition::Holds(x, v) => {
                self.domain[x] &= !(1 << v);
                self.prune();
                (
                    format!("{} held {v}", self.show(x)),
                    format!("{} cannot hold {v}: {}", self.show(x), self.narrowed(x)),
                    vec![self.board.cells[x]],
                )
            }
            Supposition::Lays(k) => {
                self.rule_out(k);
                let c = self.board.candidates[k];
                let place = format!(
                    "{} ({}) and {} ({})",
                    self.show(c.a),
                    c.va,
                    self.show(c.b),
                    c.vb
                );
                (
                    format!("{}-{} lay on {place}", c.va, c.vb),
                    format!("{}-{} does not lie there", c.va, c.vb),
                    vec![self.board.cells[c.a], self.board.cells[c.b]],
                )
            }
            Supposition::Shares(x, y) => {
                for &k in &self.board.at[x] {
                    let c = self.board.candidates[k];
                    if c.a + c.b - x == y {
                        self.rule_out(k);
                    }
                }
                (
                    format!("{} and {} shared a domino", self.show(x), self.show(y)),
                    "they lie on different dominoes".to_string(),
                    vec![self.board.cells[x], self.board.cells[y]],
                )
            }
        }
    }

    /// Reasoning by cases: the first supposition (in the order of
    /// [`State::suppositions`]) whose deductions reach a contradiction is
    /// refuted. True when one was; `trials` counts down the suppositions
    /// tried.
    pub(super) fn cases(&mut self, trials: &mut usize, watch: &mut Watch) -> bool {
        let mut refuted: Option<(Supposition, Vec<Step>, String)> = None;
        for supposition in self.suppositions() {
            if *trials == 0 || watch.stop(&self.steps) {
                break;
            }
            *trials -= 1;
            let mut trial = self.copy();
            trial.suppose(supposition);
            // The trial's steps are its own (dropped after it): only the
            // clock and the stop flag bound it.
            let mut inner = Watch::new(watch.limits);
            let outcome = deduce(&mut trial, Grade::Medium, &mut 0, &mut inner);
            if inner.stopped {
                watch.stopped = true;
                break;
            }
            if let Err(why) = outcome {
                refuted = Some((supposition, trial.steps, why));
                break;
            }
        }
        let Some((supposition, chain, why)) = refuted else {
            return false;
        };
        let (supposed, concluded, cells) = self.refute(supposition);
        let mut then: Vec<String> = chain
            .iter()
            .take(SHOWN)
            .map(|s| format!("{}: {}", s.technique, s.text))
            .collect();
        if chain.len() > SHOWN {
            let more = chain.len() - SHOWN;
            then.push(format!(
                "{more} more deduction{}",
                if more == 1 { "" } else { "s" }
            ));
        }
        then.push(why);
        self.steps.push(Step {
            technique: "reasoning by cases".to_string(),
            level: Grade::Hard,
            text: format!(
                "suppose {supposed}; then {}. So {concluded}",
                then.join("; then ")
            ),
            cells,
        });
        true
    }
}
