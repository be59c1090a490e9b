//! The deductions a person makes, step by step, and the grade they give.
//!
//! Every cell keeps the set of values it may still hold and every domino
//! position (two neighbouring cells, a piece, a way round) stays a
//! candidate until ruled out. The techniques, from easy to hard:
//! - forced placement (easy): a cell whose candidates all lay the same
//!   piece the same way on the same neighbour gets it;
//! - pieces that fit (easy): a cell keeps only the values that some piece
//!   still able to lie on it shows on its side;
//! - one neighbour left (easy): a cell whose candidates all pair it with
//!   the same neighbour makes a domino with it, so that neighbour pairs
//!   with no other cell;
//! - region arithmetic (easy): a value stays on a cell only if the rest of
//!   its region can still make the rule (the others' smallest and largest
//!   values for sums, the same value for equal regions, values not yet
//!   seen for different ones);
//! - one place left (medium: it asks to look from the pieces, not the
//!   cells): a piece with a single candidate goes there;
//! - value count (medium): when a value is left on as many halves as
//!   there are open cells that can hold it, each of those cells holds it;
//! - region combinations (medium): of all the ways to fill a small region
//!   with the values left, only some are possible, so only their values
//!   stay on its cells.
//!
//! The grade is the hardest technique needed; `hard` when the deductions
//! stop before the board is full (a guess is needed).

use super::check::region_name;
use super::model::{Puzzle, Rule};
use crate::Cell;
use serde::Serialize;
use std::collections::HashMap;

/// How hard a puzzle is, by the techniques its deductions need.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Grade {
    /// Region arithmetic and forced placements finish it.
    Easy,
    /// Also needs a piece's one place left or region combinations.
    Medium,
    /// The deductions stop before the board is full: a guess is needed.
    Hard,
}

impl Grade {
    /// The grade's name, as the newspaper's levels: `easy`, `medium`, `hard`.
    pub fn name(self) -> &'static str {
        match self {
            Grade::Easy => "easy",
            Grade::Medium => "medium",
            Grade::Hard => "hard",
        }
    }
}

impl std::str::FromStr for Grade {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "easy" => Ok(Grade::Easy),
            "medium" => Ok(Grade::Medium),
            "hard" => Ok(Grade::Hard),
            _ => Err(format!("expected easy, medium or hard, found '{s}'")),
        }
    }
}

/// One deduction.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The deduction's name.
    pub technique: String,
    /// The grade of the technique (a puzzle's grade is its hardest step's).
    pub level: Grade,
    /// The deduction in words.
    pub text: String,
    /// The cells it fixes or narrows, `(row, column)` from 0.
    pub cells: Vec<Cell>,
}

/// The deductions of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Explanation {
    /// The deductions, in the order they were made.
    pub steps: Vec<Step>,
    /// The deductions fill the whole board.
    pub complete: bool,
    /// The hardest technique's grade; `Hard` when the steps stop short.
    pub grade: Grade,
    /// Set when the deductions reach a contradiction (no solution).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The cells the deductions left without a value (none when complete).
    #[serde(skip)]
    pub open: Vec<Cell>,
}

#[derive(Clone, Copy)]
struct Candidate {
    a: usize,
    b: usize,
    kind: usize,
    va: u32,
    vb: u32,
}

struct State<'p> {
    puzzle: &'p Puzzle,
    cells: Vec<Cell>,
    members: Vec<Vec<usize>>,
    domain: Vec<u64>,
    value: Vec<Option<u32>>,
    kinds: Vec<([u32; 2], u32)>,
    candidates: Vec<Candidate>,
    alive: Vec<bool>,
    /// The candidates on each cell, and those of each kind.
    at: Vec<Vec<usize>>,
    of_kind: Vec<Vec<usize>>,
    /// The neighbour each cell is known to share a domino with.
    partner: Vec<Option<usize>>,
    steps: Vec<Step>,
}

fn values_of(mask: u64) -> Vec<u32> {
    (0..64).filter(|v| mask >> v & 1 == 1).collect()
}

fn show_values(mask: u64) -> String {
    let vs: Vec<String> = values_of(mask).iter().map(u32::to_string).collect();
    match vs.len() {
        0 => "nothing".to_string(),
        1 => vs[0].clone(),
        _ => format!("{} or {}", vs[..vs.len() - 1].join(", "), vs[vs.len() - 1]),
    }
}

impl<'p> State<'p> {
    fn new(puzzle: &'p Puzzle) -> Self {
        let cells = puzzle.cells();
        let index: HashMap<Cell, usize> = cells.iter().enumerate().map(|(k, &c)| (c, k)).collect();
        let mut members = vec![Vec::new(); puzzle.regions.len()];
        for (k, region) in puzzle.regions.iter().enumerate() {
            for c in &region.cells {
                members[k].push(index[c]);
            }
        }
        let mut kinds: Vec<([u32; 2], u32)> = Vec::new();
        for &[x, y] in &puzzle.dominoes {
            let key = [x.min(y), x.max(y)];
            match kinds.iter_mut().find(|(k, _)| *k == key) {
                Some((_, n)) => *n += 1,
                None => kinds.push((key, 1)),
            }
        }
        let all: u64 = puzzle.dominoes.iter().flatten().fold(0, |m, &v| m | 1 << v);
        let mut candidates = Vec::new();
        for (a, &(r, c)) in cells.iter().enumerate() {
            for n in [(r, c + 1), (r + 1, c)] {
                if let Some(&b) = index.get(&n) {
                    for (kind, &([x, y], _)) in kinds.iter().enumerate() {
                        candidates.push(Candidate {
                            a,
                            b,
                            kind,
                            va: x,
                            vb: y,
                        });
                        if x != y {
                            candidates.push(Candidate {
                                a,
                                b,
                                kind,
                                va: y,
                                vb: x,
                            });
                        }
                    }
                }
            }
        }
        let mut at = vec![Vec::new(); cells.len()];
        let mut of_kind = vec![Vec::new(); kinds.len()];
        for (k, c) in candidates.iter().enumerate() {
            at[c.a].push(k);
            at[c.b].push(k);
            of_kind[c.kind].push(k);
        }
        State {
            puzzle,
            members,
            domain: vec![all; cells.len()],
            value: vec![None; cells.len()],
            alive: vec![true; candidates.len()],
            at,
            of_kind,
            partner: vec![None; cells.len()],
            cells,
            kinds,
            candidates,
            steps: Vec::new(),
        }
    }

    /// Halves of the pieces not yet placed, by value.
    fn halves(&self) -> HashMap<u32, u32> {
        let mut h = HashMap::new();
        for &([x, y], n) in &self.kinds {
            *h.entry(x).or_default() += n;
            *h.entry(y).or_default() += n;
        }
        h
    }

    /// Region arithmetic on every region; true when a domain shrank.
    fn arithmetic(&mut self) -> bool {
        let halves = self.halves();
        let mut changed = false;
        for r in 0..self.members.len() {
            let rule = self.puzzle.regions[r].rule;
            let members = self.members[r].clone();
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
                let low: i64 = others
                    .clone()
                    .map(|&y| {
                        values_of(self.domain[y])
                            .first()
                            .map_or(0, |&v| i64::from(v))
                    })
                    .sum();
                let high: i64 = others
                    .clone()
                    .map(|&y| {
                        values_of(self.domain[y])
                            .last()
                            .map_or(0, |&v| i64::from(v))
                    })
                    .sum();
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
                                && halves.get(&v).copied().unwrap_or(0) as usize >= open.len()
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
                let cells: Vec<Cell> = removed.iter().map(|&x| self.cells[x]).collect();
                let what: Vec<String> = removed
                    .iter()
                    .map(|&x| {
                        format!(
                            "[{},{}] can hold only {}",
                            self.cells[x].0,
                            self.cells[x].1,
                            show_values(self.domain[x])
                        )
                    })
                    .collect();
                self.steps.push(Step {
                    technique: "region arithmetic".to_string(),
                    level: Grade::Easy,
                    text: format!("{}: {}", region_name(self.puzzle, r), what.join("; ")),
                    cells,
                });
            }
        }
        changed
    }

    /// Region combinations on regions of at most five open cells.
    fn combinations(&mut self) -> bool {
        let halves = self.halves();
        for r in 0..self.members.len() {
            let rule = self.puzzle.regions[r].rule;
            if rule == Rule::Empty {
                continue;
            }
            let members = self.members[r].clone();
            let open: Vec<usize> = members
                .iter()
                .copied()
                .filter(|&x| self.value[x].is_none())
                .collect();
            if open.is_empty() || open.len() > 5 {
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
                    if enough && rule.holds(&all) {
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
                let what: Vec<String> = shrunk
                    .iter()
                    .map(|&k| {
                        format!(
                            "[{},{}] {}",
                            self.cells[open[k]].0,
                            self.cells[open[k]].1,
                            show_values(support[k])
                        )
                    })
                    .collect();
                self.steps.push(Step {
                    technique: "region combinations".to_string(),
                    level: Grade::Medium,
                    text: format!(
                        "{}: of the ways to fill it with the values left, only these remain: {}",
                        region_name(self.puzzle, r),
                        what.join("; ")
                    ),
                    cells: shrunk.iter().map(|&k| self.cells[open[k]]).collect(),
                });
                return true;
            }
        }
        false
    }

    /// Rules out candidates that no longer fit; true when one died.
    fn prune(&mut self) {
        for (k, c) in self.candidates.iter().enumerate() {
            if self.alive[k]
                && (self.value[c.a].is_some()
                    || self.value[c.b].is_some()
                    || self.kinds[c.kind].1 == 0
                    || self.domain[c.a] >> c.va & 1 == 0
                    || self.domain[c.b] >> c.vb & 1 == 0
                    || self.partner[c.a].is_some_and(|p| p != c.b)
                    || self.partner[c.b].is_some_and(|p| p != c.a))
            {
                self.alive[k] = false;
            }
        }
    }

    fn place(&mut self, k: usize, technique: &str, level: Grade, why: String) {
        let c = self.candidates[k];
        self.value[c.a] = Some(c.va);
        self.value[c.b] = Some(c.vb);
        self.domain[c.a] = 1 << c.va;
        self.domain[c.b] = 1 << c.vb;
        self.kinds[c.kind].1 -= 1;
        let (pa, pb) = (self.cells[c.a], self.cells[c.b]);
        self.steps.push(Step {
            technique: technique.to_string(),
            level,
            text: format!(
                "{why}: {}-{} goes on [{},{}] and [{},{}] ({} on [{},{}])",
                c.va, c.vb, pa.0, pa.1, pb.0, pb.1, c.va, pa.0, pa.1
            ),
            cells: vec![pa, pb],
        });
        self.prune();
    }

    fn show(&self, x: usize) -> String {
        format!("[{},{}]", self.cells[x].0, self.cells[x].1)
    }

    /// A forced placement; Err on a cell no candidate covers.
    fn forced(&mut self) -> Result<bool, String> {
        for x in 0..self.cells.len() {
            if self.value[x].is_some() {
                continue;
            }
            let mine: Vec<usize> = self.at[x]
                .iter()
                .copied()
                .filter(|&k| self.alive[k])
                .collect();
            match mine.as_slice() {
                [] => {
                    return Err(format!("no piece left can cover cell {}", self.show(x)));
                }
                [k] => {
                    let why = format!("only one piece fits cell {}", self.show(x));
                    self.place(*k, "forced placement", Grade::Easy, why);
                    return Ok(true);
                }
                _ => {}
            }
        }
        Ok(false)
    }

    /// Pieces that fit: each open cell keeps the values its candidates
    /// show on it; true when a domain shrank.
    fn fit(&mut self) -> bool {
        let mut shrunk = Vec::new();
        for x in 0..self.cells.len() {
            if self.value[x].is_some() {
                continue;
            }
            let shown = self.at[x]
                .iter()
                .filter(|&&k| self.alive[k])
                .map(|&k| {
                    let c = self.candidates[k];
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
        let what: Vec<String> = shrunk
            .iter()
            .map(|&x| format!("{} {}", self.show(x), show_values(self.domain[x])))
            .collect();
        self.steps.push(Step {
            technique: "pieces that fit".to_string(),
            level: Grade::Easy,
            text: format!(
                "the pieces that can still lie there leave only: {}",
                what.join("; ")
            ),
            cells: shrunk.iter().map(|&x| self.cells[x]).collect(),
        });
        self.prune();
        true
    }

    /// One neighbour left: a cell whose candidates all share one
    /// neighbour is paired with it; true when a new pair was found.
    fn neighbour(&mut self) -> bool {
        for x in 0..self.cells.len() {
            if self.value[x].is_some() || self.partner[x].is_some() {
                continue;
            }
            let mut partners = self.at[x].iter().filter(|&&k| self.alive[k]).map(|&k| {
                let c = self.candidates[k];
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
                    cells: vec![self.cells[x], self.cells[y]],
                });
                self.prune();
                return true;
            }
        }
        false
    }

    /// A piece with one place left.
    fn one_place(&mut self) -> bool {
        for q in 0..self.kinds.len() {
            if self.kinds[q].1 != 1 {
                continue;
            }
            let places: Vec<usize> = self.of_kind[q]
                .iter()
                .copied()
                .filter(|&k| self.alive[k])
                .collect();
            if let [k] = places.as_slice() {
                let [x, y] = self.kinds[q].0;
                self.place(
                    *k,
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
    /// cells that may hold it goes on each of them. Err when fewer cells
    /// than halves can hold it.
    fn value_count(&mut self) -> Result<bool, String> {
        let halves = self.halves();
        let mut values: Vec<(&u32, &u32)> = halves.iter().collect();
        values.sort_unstable();
        for (&v, &n) in values {
            if n == 0 {
                continue;
            }
            let holders: Vec<usize> = (0..self.cells.len())
                .filter(|&x| self.value[x].is_none() && self.domain[x] >> v & 1 == 1)
                .collect();
            if (holders.len() as u32) < n {
                return Err(format!(
                    "{n} halves show {v} but only {} open cells can hold it",
                    holders.len()
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
                    text: format!(
                        "{n} halves left show {v} and only {} can hold it, so each does",
                        where_.join(", ")
                    ),
                    cells: narrowed.iter().map(|&x| self.cells[x]).collect(),
                });
                self.prune();
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// The deductions that solve `puzzle`, as far as they go, and its grade.
pub fn explain(puzzle: &Puzzle) -> Explanation {
    let mut state = State::new(puzzle);
    let mut grade = Grade::Easy;
    let reason = loop {
        state.prune();
        if state.domain.iter().zip(&state.cells).any(|(&d, _)| d == 0) {
            break Some("some cell can hold no value the pieces and rules allow".to_string());
        }
        if state.value.iter().all(Option::is_some) {
            // The last pieces were laid by cells and pieces alone: their
            // regions' rules are checked here.
            let broken = (0..state.members.len()).find(|&r| {
                let values: Vec<u32> = state.members[r]
                    .iter()
                    .filter_map(|&x| state.value[x])
                    .collect();
                !puzzle.regions[r].rule.holds(&values)
            });
            break broken.map(|r| format!("{} cannot hold its rule", region_name(puzzle, r)));
        }
        match state.forced() {
            Err(why) => break Some(why),
            Ok(true) => continue,
            Ok(false) => {}
        }
        if state.fit() || state.neighbour() || state.arithmetic() {
            continue;
        }
        if state.one_place() {
            continue;
        }
        match state.value_count() {
            Err(why) => break Some(why),
            Ok(true) => continue,
            Ok(false) => {}
        }
        if state.combinations() {
            continue;
        }
        break None;
    };
    let complete = reason.is_none() && state.value.iter().all(Option::is_some);
    grade = grade.max(
        state
            .steps
            .iter()
            .map(|s| s.level)
            .max()
            .unwrap_or(Grade::Easy),
    );
    if !complete {
        grade = Grade::Hard;
    }
    let open = (0..state.cells.len())
        .filter(|&x| state.value[x].is_none())
        .map(|x| state.cells[x])
        .collect();
    Explanation {
        steps: state.steps,
        complete,
        grade,
        reason,
        open,
    }
}
