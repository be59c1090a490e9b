//! The easy techniques: forced placement (a cell with one candidate
//! left), pieces that fit (a cell keeps only the values the pieces that
//! can still lie on it show there), one neighbour left (a cell whose
//! candidates all use the same neighbour is paired with it) and region
//! arithmetic (a value stays on a cell only if the rest of its region can
//! still make the rule).

use super::state::{values_of, State};
use super::{Grade, Step};
use crate::pips::model::Rule;
use crate::Cell;

/// The smallest value of a domain (0 for an empty one).
fn lowest(domain: u64) -> i64 {
    if domain == 0 {
        0
    } else {
        i64::from(domain.trailing_zeros())
    }
}

/// The largest value of a domain (0 for an empty one).
fn highest(domain: u64) -> i64 {
    if domain == 0 {
        0
    } else {
        i64::from(63 - domain.leading_zeros())
    }
}

impl State<'_> {
    /// A forced placement; `Err` on a cell no candidate covers.
    pub fn forced(&mut self) -> Result<bool, String> {
        for x in 0..self.board.cells.len() {
            if self.value[x].is_some() {
                continue;
            }
            match self.alive_at[x] {
                0 => {
                    return Err(format!("no piece left can cover {}", self.show(x)));
                }
                1 => {
                    let mine = self.board.at[x].iter().copied().find(|&k| self.alive[k]);
                    if let Some(k) = mine {
                        let why = format!("only one piece fits {}", self.show(x));
                        self.place(k, "forced placement", Grade::Easy, why);
                        return Ok(true);
                    }
                }
                _ => {}
            }
        }
        Ok(false)
    }

    /// Pieces that fit: each open cell keeps the values its candidates
    /// show on it; true when a domain shrank. Only the cells that lost a
    /// candidate since the last look can shrink ([`State::refit`]).
    pub fn fit(&mut self) -> bool {
        let mut shrunk = Vec::new();
        for x in 0..self.board.cells.len() {
            if self.value[x].is_some() || !self.refit[x] {
                continue;
            }
            self.refit[x] = false;
            let shown = self.board.at[x]
                .iter()
                .filter(|&&k| self.alive[k])
                .map(|&k| {
                    let c = self.board.candidates[k];
                    1u64 << if c.a == x { c.va } else { c.vb }
                })
                .fold(0, |m, v| m | v);
            if shown & self.domain[x] != self.domain[x] {
                self.domain[x] &= shown;
                shrunk.push(x);
            }
        }
        if shrunk.is_empty() {
            return false;
        }
        let what: Vec<String> = shrunk.iter().map(|&x| self.narrowed(x)).collect();
        self.steps.push(Step {
            technique: "pieces that fit".to_string(),
            level: Grade::Easy,
            text: format!(
                "by the pieces that can still lie there, {}",
                what.join("; ")
            ),
            cells: shrunk.iter().map(|&x| self.board.cells[x]).collect(),
        });
        self.prune();
        true
    }

    /// One neighbour left: a cell whose candidates all share one
    /// neighbour is paired with it; true when a new pair was found. Only
    /// the cells that lost a candidate since the last look can newly have
    /// one neighbour left ([`State::renear`]).
    pub fn neighbour(&mut self) -> bool {
        for x in 0..self.board.cells.len() {
            if self.value[x].is_some() || self.partner[x].is_some() || !self.renear[x] {
                continue;
            }
            self.renear[x] = false;
            let mut partners = self.board.at[x]
                .iter()
                .filter(|&&k| self.alive[k])
                .map(|&k| {
                    let c = self.board.candidates[k];
                    if c.a == x {
                        c.b
                    } else {
                        c.a
                    }
                });
            let Some(y) = partners.next() else {
                continue;
            };
            if partners.all(|z| z == y) {
                self.partner[x] = Some(y);
                self.partner[y] = Some(x);
                self.steps.push(Step {
                    technique: "one neighbour left".to_string(),
                    level: Grade::Easy,
                    text: format!(
                        "{} can only share a domino with {}, so {} pairs with no other cell",
                        self.show(x),
                        self.show(y),
                        self.show(y)
                    ),
                    cells: vec![self.board.cells[x], self.board.cells[y]],
                });
                self.prune();
                return true;
            }
        }
        false
    }

    /// Region arithmetic on every region; true when a domain shrank.
    pub fn arithmetic(&mut self) -> bool {
        let halves = self.halves();
        let board = self.board;
        let mut changed = false;
        for (r, members) in board.members.iter().enumerate() {
            let rule = board.puzzle.regions[r].rule;
            if rule == Rule::Empty {
                continue;
            }
            let open: Vec<usize> = members
                .iter()
                .copied()
                .filter(|&x| self.value[x].is_none())
                .collect();
            let placed: Vec<u32> = members.iter().filter_map(|&x| self.value[x]).collect();
            let s: i64 = placed.iter().map(|&v| i64::from(v)).sum();
            let mut removed: Vec<usize> = Vec::new();
            for &x in &open {
                let others = open.iter().filter(|&&y| y != x);
                let low: i64 = others.clone().map(|&y| lowest(self.domain[y])).sum();
                let high: i64 = others.clone().map(|&y| highest(self.domain[y])).sum();
                let mut keep = 0u64;
                for v in values_of(self.domain[x]) {
                    let vi = i64::from(v);
                    let ok = match rule {
                        Rule::Sum(t) => vi + s + low <= t && t <= vi + s + high,
                        Rule::Less(t) => vi + s + low < t,
                        Rule::Greater(t) => vi + s + high > t,
                        Rule::Equal => {
                            placed.iter().all(|&w| w == v)
                                && others.clone().all(|&y| self.domain[y] >> v & 1 == 1)
                                && halves[v as usize] as usize >= open.len()
                        }
                        Rule::Unequal => {
                            !placed.contains(&v)
                                && others.clone().all(|&y| self.domain[y] != 1 << v)
                        }
                        Rule::Empty => true,
                    };
                    if ok {
                        keep |= 1 << v;
                    }
                }
                if keep != self.domain[x] {
                    self.domain[x] = keep;
                    removed.push(x);
                }
            }
            if !removed.is_empty() {
                changed = true;
                let cells: Vec<Cell> = removed.iter().map(|&x| self.board.cells[x]).collect();
                let what: Vec<String> = removed.iter().map(|&x| self.narrowed(x)).collect();
                self.steps.push(Step {
                    technique: "region arithmetic".to_string(),
                    level: Grade::Easy,
                    text: format!("{}: {}", self.region(r), what.join("; ")),
                    cells,
                });
            }
        }
        changed
    }
}
