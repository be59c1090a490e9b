//! The counting deductions, medium: a person counts the halves of each
//! value still free against what the cells and regions need.
//! - value used up: the cells that can hold only 0 take every 0-half
//!   left, so no other cell holds 0;
//! - halves still free: a region's cells draw on the halves no other cell
//!   has claimed, so a sum too small or too large for them, or an equal
//!   region larger than the copies of a value left, rules values out;
//! - cut off: two cells cannot share a domino when a third would be left
//!   with no neighbour to share one with.

use super::state::{counted, either, values_of, State};
use super::{Grade, Step};
use crate::pips::model::Rule;

/// Halves of each value, as a count per value (index = value), as
/// [`State::halves`] gives them: an array, copied without allocating.
type Pool = [u32; 64];

/// The halves of `pool` in words, smallest first: "0, 1, 1 and 4".
fn show_pool(pool: &Pool) -> String {
    let words: Vec<String> = pool
        .iter()
        .enumerate()
        .flat_map(|(v, &n)| std::iter::repeat_n(v.to_string(), n as usize))
        .collect();
    if words.is_empty() {
        "none".to_string()
    } else {
        either(&words, "and")
    }
}

/// The least and the most `k` halves of `pool` with values in `allowed`
/// can add up to; `None` when fewer than `k` such halves are left.
fn extremes(pool: &Pool, allowed: u64, k: usize) -> Option<(i64, i64)> {
    let (mut low, mut high) = (0, 0);
    let (mut need_low, mut need_high) = (k, k);
    // The smallest values from the bottom, the largest from the top, each
    // taking what it still needs; only the allowed values are visited.
    let (mut up, mut down) = (allowed, allowed);
    while up != 0 {
        let v = up.trailing_zeros();
        up &= up - 1;
        let take = (pool[v as usize] as usize).min(need_low);
        low += i64::from(v) * take as i64;
        need_low -= take;
        let w = 63 - down.leading_zeros();
        down &= !(1 << w);
        let take = (pool[w as usize] as usize).min(need_high);
        high += i64::from(w) * take as i64;
        need_high -= take;
    }
    (need_low == 0).then_some((low, high))
}

impl State<'_> {
    /// The open cells that can hold only one value.
    fn settled(&self) -> Vec<(usize, u32)> {
        (0..self.board.cells.len())
            .filter(|&x| self.value[x].is_none() && self.domain[x].count_ones() == 1)
            .map(|x| (x, self.domain[x].trailing_zeros()))
            .collect()
    }

    /// Value used up: when the open cells that can hold only `v` are as
    /// many as the halves of `v` left, no other cell holds `v`. `Err`
    /// when they are more.
    pub fn used_up(&mut self) -> Result<bool, String> {
        let pool = self.halves();
        let settled = self.settled();
        for (v, &n) in pool.iter().enumerate() {
            let v = v as u32;
            let needing: Vec<usize> = settled
                .iter()
                .filter(|&&(_, w)| w == v)
                .map(|&(x, _)| x)
                .collect();
            if needing.is_empty() {
                continue;
            }
            let names: Vec<String> = needing.iter().map(|&x| self.show(x)).collect();
            if needing.len() > n as usize {
                return Err(format!(
                    "{} can hold only {v}, but the pieces left show {v} on {}",
                    either(&names, "and"),
                    counted(n as usize, "half", "halves")
                ));
            }
            if needing.len() < n as usize {
                continue;
            }
            let others: Vec<usize> = (0..self.board.cells.len())
                .filter(|&x| {
                    self.value[x].is_none()
                        && self.domain[x] >> v & 1 == 1
                        && self.domain[x] != 1 << v
                })
                .collect();
            if others.is_empty() {
                continue;
            }
            for &x in &others {
                self.domain[x] &= !(1 << v);
            }
            let what: Vec<String> = others.iter().map(|&x| self.narrowed(x)).collect();
            let halves = if n == 1 {
                format!("the one half left showing {v} must go on {}", names[0])
            } else {
                format!(
                    "all {n} halves left showing {v} must go on {}",
                    either(&names, "and")
                )
            };
            self.steps.push(Step {
                technique: "value used up".to_string(),
                level: Grade::Medium,
                text: format!("{halves}, so no other cell holds {v}: {}", what.join("; ")),
                cells: others.iter().map(|&x| self.board.cells[x]).collect(),
            });
            self.prune();
            return Ok(true);
        }
        Ok(false)
    }

    /// Halves still free, on one region at a time: the halves of the
    /// pieces left, less those the cells outside the region that can hold
    /// only one value must take, are all the region's open cells can
    /// draw on. True when a domain shrank.
    pub fn free_halves(&mut self) -> bool {
        let board = self.board;
        let pool = self.halves();
        let settled = self.settled();
        for (r, members) in board.members.iter().enumerate() {
            let rule = board.puzzle.regions[r].rule;
            let open: Vec<usize> = members
                .iter()
                .copied()
                .filter(|&x| self.value[x].is_none())
                .collect();
            if open.len() < 2 || matches!(rule, Rule::Empty | Rule::Unequal) {
                continue;
            }
            let mut free = pool;
            let mut claimed: Vec<usize> = Vec::new();
            for &(x, v) in &settled {
                if !open.contains(&x) && free[v as usize] > 0 {
                    free[v as usize] -= 1;
                    claimed.push(x);
                }
            }
            let s: i64 = members
                .iter()
                .filter_map(|&x| self.value[x])
                .map(i64::from)
                .sum();
            let mut removed: Vec<usize> = Vec::new();
            for &x in &open {
                let others = open.iter().filter(|&&y| y != x);
                let allowed = others.clone().fold(0, |m, &y| m | self.domain[y]);
                let mut keep = 0u64;
                for v in values_of(self.domain[x]) {
                    let ok = if free[v as usize] == 0 {
                        false
                    } else if rule == Rule::Equal {
                        free[v as usize] as usize >= open.len()
                    } else {
                        let mut rest = free;
                        rest[v as usize] -= 1;
                        match extremes(&rest, allowed, open.len() - 1) {
                            None => false,
                            Some((low, high)) => {
                                let total = (s + i64::from(v) + low, s + i64::from(v) + high);
                                match rule {
                                    Rule::Sum(t) => total.0 <= t && t <= total.1,
                                    Rule::Less(t) => total.0 < t,
                                    Rule::Greater(t) => total.1 > t,
                                    _ => true,
                                }
                            }
                        }
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
            if removed.is_empty() {
                continue;
            }
            let what: Vec<String> = removed.iter().map(|&x| self.narrowed(x)).collect();
            let taken = if claimed.is_empty() {
                String::new()
            } else {
                let names: Vec<String> = claimed.iter().map(|&x| self.show(x)).collect();
                format!(" (besides those {} must take)", either(&names, "and"))
            };
            self.steps.push(Step {
                technique: "halves still free".to_string(),
                level: Grade::Medium,
                text: format!(
                    "{}: the halves still free{taken} show {}, so {}",
                    self.region(r),
                    show_pool(&free),
                    what.join("; ")
                ),
                cells: removed.iter().map(|&x| board.cells[x]).collect(),
            });
            self.prune();
            return true;
        }
        false
    }

    /// The open cells `x` may still share a domino with.
    pub fn mates(&self, x: usize) -> Vec<usize> {
        let mut near: Vec<usize> = self.board.at[x]
            .iter()
            .filter(|&&k| self.alive[k])
            .map(|&k| {
                let c = self.board.candidates[k];
                c.a + c.b - x
            })
            .collect();
        near.sort_unstable();
        near.dedup();
        near
    }

    /// Cut off: two cells do not share a domino when a third cell could
    /// then share one with neither of its neighbours. True when a pairing
    /// was ruled out.
    pub fn cut_off(&mut self) -> bool {
        let n = self.board.cells.len();
        let mates: Vec<Vec<usize>> = (0..n)
            .map(|x| {
                if self.value[x].is_none() {
                    self.mates(x)
                } else {
                    Vec::new()
                }
            })
            .collect();
        for x in 0..n {
            for &y in mates[x].iter().filter(|&&y| y > x) {
                let stranded = (0..n).find(|&z| {
                    z != x
                        && z != y
                        && self.value[z].is_none()
                        && mates[z].iter().all(|&m| m == x || m == y)
                });
                let Some(z) = stranded else {
                    continue;
                };
                for &k in &self.board.at[x] {
                    let c = self.board.candidates[k];
                    if c.a + c.b - x == y {
                        self.rule_out(k);
                    }
                }
                self.steps.push(Step {
                    technique: "cut off".to_string(),
                    level: Grade::Medium,
                    text: format!(
                        "if {} and {} shared a domino, {} would have no neighbour left to share one with, so they lie on different dominoes",
                        self.show(x),
                        self.show(y),
                        self.show(z)
                    ),
                    cells: vec![self.board.cells[x], self.board.cells[y]],
                });
                self.prune();
                return true;
            }
        }
        false
    }
}
