//! The medium techniques, which ask to look from the pieces or at a whole
//! region rather than at one cell: one place left (a piece with a single
//! candidate goes there), value count (a value left on as many halves as
//! there are open cells that can hold it goes on each of them) and region
//! combinations (of all the ways to fill a small region with the values
//! left, only some work, so only their values stay on its cells).

use super::state::{counted, either, values_of, widen, State};
use super::{Grade, Step};
use crate::pips::model::Rule;
use std::collections::HashMap;

/// Region combinations looks at regions of at most this many open cells
/// (a person does not list the fillings of larger ones).
const COMBINED_CELLS: usize = 5;

impl State<'_> {
    /// A piece with one place left.
    pub fn one_place(&mut self) -> bool {
        for q in 0..self.board.kinds.len() {
            if self.left[q] != 1 {
                continue;
            }
            let mut places = self.board.of_kind[q].iter().filter(|&&k| self.alive[k]);
            if let (Some(&k), None) = (places.next(), places.next()) {
                let [x, y] = self.board.kinds[q].0;
                self.place(
                    k,
                    "one place left",
                    Grade::Medium,
                    format!("{x}-{y} fits in one place only"),
                );
                return true;
            }
        }
        false
    }

    /// Value count: a value left on as many halves as there are open
    /// cells that may hold it goes on each of them. `Err` when fewer cells
    /// than halves can hold it.
    pub fn value_count(&mut self) -> Result<bool, String> {
        let halves = self.halves();
        let mut values: Vec<(&u32, &u32)> = halves.iter().collect();
        values.sort_unstable();
        for (&v, &n) in values {
            if n == 0 {
                continue;
            }
            let holders: Vec<usize> = (0..self.board.cells.len())
                .filter(|&x| self.value[x].is_none() && self.domain[x] >> v & 1 == 1)
                .collect();
            if (holders.len() as u32) < n {
                let room = match holders.len() {
                    0 => format!("no open cell can hold {v}"),
                    k => format!("only {} can hold it", counted(k, "open cell", "open cells")),
                };
                return Err(format!(
                    "the pieces left show {v} on {}, but {room}",
                    counted(n as usize, "half", "halves")
                ));
            }
            let narrowed: Vec<usize> = holders
                .iter()
                .copied()
                .filter(|&x| self.domain[x] != 1 << v)
                .collect();
            if holders.len() as u32 == n && !narrowed.is_empty() {
                for &x in &narrowed {
                    self.domain[x] = 1 << v;
                }
                let where_: Vec<String> = holders.iter().map(|&x| self.show(x)).collect();
                self.steps.push(Step {
                    technique: "value count".to_string(),
                    level: Grade::Medium,
                    text: if n == 1 {
                        format!(
                            "the one half left showing {v} fits only on {}, so it holds {v}",
                            where_[0]
                        )
                    } else {
                        format!(
                            "the {n} halves left showing {v} fit only on {}, so each of them holds {v}",
                            either(&where_, "and")
                        )
                    },
                    cells: narrowed.iter().map(|&x| self.board.cells[x]).collect(),
                });
                self.prune();
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Region combinations on regions of at most [`COMBINED_CELLS`] open
    /// cells; true when a domain shrank.
    pub fn combinations(&mut self) -> bool {
        let halves = self.halves();
        let board = self.board;
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
            if open.is_empty() || open.len() > COMBINED_CELLS {
                continue;
            }
            let placed: Vec<u32> = members.iter().filter_map(|&x| self.value[x]).collect();
            let domains: Vec<Vec<u32>> = open.iter().map(|&x| values_of(self.domain[x])).collect();
            let mut support = vec![0u64; open.len()];
            let mut pick = vec![0usize; open.len()];
            'all: loop {
                let chosen: Vec<u32> = pick
                    .iter()
                    .zip(&domains)
                    .filter_map(|(&k, d)| d.get(k).copied())
                    .collect();
                if chosen.len() == open.len() {
                    let mut need: HashMap<u32, u32> = HashMap::new();
                    for &v in &chosen {
                        *need.entry(v).or_default() += 1;
                    }
                    let enough = need
                        .iter()
                        .all(|(v, n)| halves.get(v).copied().unwrap_or(0) >= *n);
                    let mut all = placed.clone();
                    all.extend(&chosen);
                    if enough && rule.holds(&widen(&all)) {
                        for (s, &v) in support.iter_mut().zip(&chosen) {
                            *s |= 1 << v;
                        }
                    }
                }
                for k in 0..pick.len() {
                    pick[k] += 1;
                    if pick[k] < domains[k].len() {
                        continue 'all;
                    }
                    pick[k] = 0;
                }
                break;
            }
            let shrunk: Vec<usize> = (0..open.len())
                .filter(|&k| support[k] != self.domain[open[k]])
                .collect();
            if !shrunk.is_empty() {
                for &k in &shrunk {
                    self.domain[open[k]] = support[k];
                }
                let what: Vec<String> = shrunk.iter().map(|&k| self.narrowed(open[k])).collect();
                self.steps.push(Step {
                    technique: "region combinations".to_string(),
                    level: Grade::Medium,
                    text: format!(
                        "{}: of the ways to fill it with the pieces left, {}",
                        self.region(r),
                        what.join("; ")
                    ),
                    cells: shrunk.iter().map(|&k| board.cells[open[k]]).collect(),
                });
                return true;
            }
        }
        false
    }
}
