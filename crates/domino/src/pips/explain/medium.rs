//! The medium techniques, which ask to look from the pieces or at a whole
//! region rather than at one cell: one place left (a piece with a single
//! candidate goes there), value count (a value left on as many halves as
//! there are open cells that can hold it goes on each of them) and region
//! combinations (of all the ways to fill a small region with the values
//! left, only some work, so only their values stay on its cells).

use super::state::{counted, either, State};
use super::{Grade, Step};
use crate::pips::model::Rule;

/// Region combinations looks at regions of at most this many open cells
/// (a person does not list the fillings of larger ones).
const COMBINED_CELLS: usize = 5;

/// Region combinations lists at most this many fillings of a region (the
/// product of its open cells' counts of values): a region of a double-six
/// puzzle within [`COMBINED_CELLS`] cells never has more (7^5), so all of
/// those are listed; a region of a larger set with wider domains is left
/// to the other deductions, as a person would not list millions of
/// fillings, and explain's time stays bounded (a 60-cell board of
/// double-31 pieces in five-cell sums took minutes).
const MOST_FILLINGS: u64 = 7u64.pow(COMBINED_CELLS as u32);

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
        for (v, n) in (0u32..).zip(self.halves()) {
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
            let domains: Vec<u64> = open.iter().map(|&x| self.domain[x]).collect();
            let ways = domains.iter().fold(1u64, |ways, d| {
                ways.saturating_mul(u64::from(d.count_ones()))
            });
            if ways > MOST_FILLINGS {
                continue;
            }
            let support = fillings(rule, &placed, &domains, &halves);
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

/// For each of a region's open cells (their domains `domains`), the
/// values it shows in some filling of them that, with the `placed`
/// values, obeys `rule` and shows no value on more cells than `halves`
/// (the halves of the pieces left, by value) allow. A depth-first walk
/// over the cells that leaves a branch as soon as no filling below it
/// can obey the rule: a person lists only the fillings that work.
fn fillings(rule: Rule, placed: &[u32], domains: &[u64], halves: &[u32; 64]) -> Vec<u64> {
    if domains.contains(&0) {
        return vec![0; domains.len()];
    }
    // What the cells from k on can add at least and at most.
    let mut least = vec![0i64; domains.len() + 1];
    let mut most = vec![0i64; domains.len() + 1];
    for k in (0..domains.len()).rev() {
        least[k] = least[k + 1] + i64::from(domains[k].trailing_zeros());
        most[k] = most[k + 1] + i64::from(63 - domains[k].leading_zeros());
    }
    let mut walk = Walk {
        rule,
        domains,
        least,
        most,
        halves,
        need: [0; 64],
        chosen: vec![0; domains.len()],
        support: vec![0; domains.len()],
    };
    let sum: i64 = placed.iter().map(|&v| i64::from(v)).sum();
    // The placed values' set, or `None` when one repeats.
    let seen = placed.iter().try_fold(0u64, |seen, &v| {
        (seen >> v & 1 == 0).then_some(seen | 1 << v)
    });
    let first = placed.first().copied();
    let fits = match rule {
        Rule::Equal => placed.iter().all(|&v| Some(v) == first),
        Rule::Unequal => seen.is_some(),
        _ => true,
    };
    if fits {
        walk.go(0, sum, first, seen.unwrap_or(0));
    }
    walk.support
}

/// The state of [`fillings`]' walk.
struct Walk<'a> {
    rule: Rule,
    domains: &'a [u64],
    least: Vec<i64>,
    most: Vec<i64>,
    halves: &'a [u32; 64],
    /// Cells filled so far with each value.
    need: [u32; 64],
    chosen: Vec<u32>,
    support: Vec<u64>,
}

impl Walk<'_> {
    /// Fills cell `k` on, the cells before it holding `chosen[..k]`, the
    /// region's values so far summing to `sum`, the first of them `first`
    /// and their set `seen`.
    fn go(&mut self, k: usize, sum: i64, first: Option<u32>, seen: u64) {
        let (least, most) = (sum + self.least[k], sum + self.most[k]);
        let possible = match self.rule {
            Rule::Sum(t) => least <= t && t <= most,
            Rule::Less(t) => least < t,
            Rule::Greater(t) => most > t,
            _ => true,
        };
        if !possible {
            return;
        }
        if k == self.domains.len() {
            for (s, &v) in self.support.iter_mut().zip(&self.chosen) {
                *s |= 1 << v;
            }
            return;
        }
        let mut left = self.domains[k];
        while left != 0 {
            let v = left.trailing_zeros();
            left &= left - 1;
            let allowed = match self.rule {
                Rule::Equal => first.is_none_or(|f| f == v),
                Rule::Unequal => seen >> v & 1 == 0,
                _ => true,
            };
            let i = v as usize;
            if !allowed || self.need[i] >= self.halves[i] {
                continue;
            }
            self.need[i] += 1;
            self.chosen[k] = v;
            self.go(k + 1, sum + i64::from(v), first.or(Some(v)), seen | 1 << v);
            self.need[i] -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::tile::Value;

    /// Every filling listed one by one, each checked whole with the
    /// rule's own `holds`: the oracle the walk must agree with.
    fn every_filling(rule: Rule, placed: &[u32], domains: &[u64], halves: &[u32; 64]) -> Vec<u64> {
        let mut support = vec![0u64; domains.len()];
        let mut chosen = vec![0u32; domains.len()];
        let mut at = vec![0usize; domains.len()];
        let lists: Vec<Vec<u32>> = domains
            .iter()
            .map(|&d| (0..64).filter(|v| d >> v & 1 == 1).collect())
            .collect();
        if lists.iter().any(Vec::is_empty) {
            return support;
        }
        loop {
            for (k, list) in lists.iter().enumerate() {
                chosen[k] = list[at[k]];
            }
            let all: Vec<Value> = placed.iter().chain(&chosen).map(|&v| v.into()).collect();
            let enough = (0..64u32)
                .all(|v| chosen.iter().filter(|&&c| c == v).count() as u32 <= halves[v as usize]);
            if enough && rule.holds(&all) {
                for (s, &v) in support.iter_mut().zip(&chosen) {
                    *s |= 1 << v;
                }
            }
            // The next filling, the first cell counting fastest.
            let mut k = 0;
            while k < at.len() {
                at[k] += 1;
                if at[k] < lists[k].len() {
                    break;
                }
                at[k] = 0;
                k += 1;
            }
            if k == at.len() {
                return support;
            }
        }
    }

    #[test]
    fn fillings_agree_with_listing_every_one() {
        let mut rng = Rng::new(5);
        for _ in 0..3_000 {
            let open = 1 + rng.index(4);
            let domains: Vec<u64> = (0..open).map(|_| rng.below(1 << 8)).collect();
            let placed: Vec<u32> = (0..rng.index(3)).map(|_| rng.below(8) as u32).collect();
            let mut halves = [0u32; 64];
            for h in halves.iter_mut().take(8) {
                *h = rng.below(4) as u32;
            }
            let t = rng.below(30) as Value;
            let rule = [
                Rule::Sum(t),
                Rule::Less(t),
                Rule::Greater(t),
                Rule::Equal,
                Rule::Unequal,
            ][rng.index(5)];
            assert_eq!(
                fillings(rule, &placed, &domains, &halves),
                every_filling(rule, &placed, &domains, &halves),
                "{rule:?} placed {placed:?} domains {domains:?}"
            );
        }
    }
}
