//! What the deductions know: the board fixed at the start ([`Board`]: the
//! cells, the regions' cells, every domino position as a candidate) and
//! the knowledge that grows ([`State`]: the values each cell may still
//! hold, the pieces not yet laid, the candidates still alive, the cells
//! known to share a domino, the steps so far). A state is cheap to copy,
//! so reasoning by cases can try a supposition on a copy.

use super::Step;
use crate::pips::model::{compact, Puzzle, Solution};
use crate::tile::Value;
use crate::Cell;
use std::collections::HashMap;

/// One domino position: piece `kind` on cells `a` and `b`, showing `va`
/// on `a` and `vb` on `b`.
#[derive(Clone, Copy)]
pub(super) struct Candidate {
    pub a: usize,
    pub b: usize,
    pub kind: usize,
    pub va: u32,
    pub vb: u32,
}

/// What does not change while deducing.
pub(super) struct Board<'p> {
    pub puzzle: &'p Puzzle,
    /// The board's cells, sorted; cells are named by their index here.
    pub cells: Vec<Cell>,
    /// The cells of each region.
    pub members: Vec<Vec<usize>>,
    /// The piece kinds (lowest value first) and their copies.
    pub kinds: Vec<([u32; 2], u32)>,
    pub candidates: Vec<Candidate>,
    /// The candidates on each cell, and those of each kind.
    pub at: Vec<Vec<usize>>,
    pub of_kind: Vec<Vec<usize>>,
}

impl<'p> Board<'p> {
    pub fn new(puzzle: &'p Puzzle) -> Self {
        let cells = puzzle.cells();
        let index: HashMap<Cell, usize> = cells.iter().enumerate().map(|(k, &c)| (c, k)).collect();
        let members = puzzle
            .regions
            .iter()
            .map(|region| region.cells.iter().map(|c| index[c]).collect())
            .collect();
        let mut kinds: Vec<([u32; 2], u32)> = Vec::new();
        for &[x, y] in &puzzle.dominoes {
            let key = [compact(x.min(y)), compact(x.max(y))];
            match kinds.iter_mut().find(|(k, _)| *k == key) {
                Some((_, n)) => *n += 1,
                None => kinds.push((key, 1)),
            }
        }
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
        Board {
            puzzle,
            cells,
            members,
            kinds,
            candidates,
            at,
            of_kind,
        }
    }
}

/// What the deductions know so far.
#[derive(Clone)]
pub(super) struct State<'b> {
    pub board: &'b Board<'b>,
    /// The values each cell may still hold, one bit per value.
    pub domain: Vec<u64>,
    pub value: Vec<Option<u32>>,
    /// Copies of each piece kind not yet laid.
    pub left: Vec<u32>,
    pub alive: Vec<bool>,
    /// The neighbour each cell is known to share a domino with.
    pub partner: Vec<Option<usize>>,
    /// The candidates laid, in order.
    pub laid: Vec<usize>,
    pub steps: Vec<Step>,
    /// The step that laid each candidate the deductions laid, in order
    /// (a hint shows the first).
    pub placed_by: Vec<usize>,
    /// What [`State::prune`] last saw of each cell, and the kinds it saw
    /// used up: a candidate whose cells and kind have not changed since
    /// still fits, so prune looks again only at those of what changed.
    pub seen: Vec<Seen>,
    pub seen_spent: Vec<bool>,
    /// The cells a candidate of which was ruled out since
    /// [`State::fit`] last looked at them: on the others every value
    /// left is still shown by a candidate, so fit need not look again.
    pub refit: Vec<bool>,
    /// The same for [`State::neighbour`]: a cell whose neighbours left
    /// were not all one is looked at again only once it loses a candidate.
    pub renear: Vec<bool>,
    /// The candidates still alive on each cell, so a forced placement is
    /// found without counting them.
    pub alive_at: Vec<usize>,
}

/// What a candidate's fit depends on in one cell.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Seen {
    domain: u64,
    value: Option<u32>,
    partner: Option<usize>,
}

/// Values as the rules take them: the deductions hold them as `u32`, as
/// the engines do ([`compact`]), for the bit masks they index.
pub(super) fn widen(values: &[u32]) -> Vec<Value> {
    values.iter().map(|&v| Value::from(v)).collect()
}

/// The values of a domain, smallest first (an iterator: the deductions
/// walk domains in their inner loops, where a list would cost an
/// allocation each time).
pub(super) fn values_of(mask: u64) -> impl Iterator<Item = u32> {
    (0..64).filter(move |v| mask >> v & 1 == 1)
}

/// A domain in words: "4", "2, 3 or 5" (an empty one is said by
/// [`State::narrowed`], never here).
pub(super) fn show_values(mask: u64) -> String {
    let vs: Vec<String> = values_of(mask).map(|v| v.to_string()).collect();
    either(&vs, "or")
}

/// Words joined as a person lists them: "a", "a or b", "a, b or c".
pub(super) fn either(words: &[String], last: &str) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., end] => format!("{} {last} {end}", rest.join(", ")),
    }
}

/// "1 half", "3 halves": a count with its noun.
pub(super) fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl<'b> State<'b> {
    /// Nothing known yet: every cell may hold any value of the pieces.
    pub fn new(board: &'b Board<'b>) -> Self {
        let all: u64 = board
            .puzzle
            .dominoes
            .iter()
            .flatten()
            .fold(0, |m, &v| m | 1 << v);
        State {
            board,
            domain: vec![all; board.cells.len()],
            value: vec![None; board.cells.len()],
            left: board.kinds.iter().map(|&(_, n)| n).collect(),
            alive: vec![true; board.candidates.len()],
            partner: vec![None; board.cells.len()],
            laid: Vec::new(),
            steps: Vec::new(),
            placed_by: Vec::new(),
            // Every candidate fits a board where nothing is known yet.
            seen: (0..board.cells.len())
                .map(|_| Seen {
                    domain: all,
                    value: None,
                    partner: None,
                })
                .collect(),
            seen_spent: vec![false; board.kinds.len()],
            refit: vec![true; board.cells.len()],
            renear: vec![true; board.cells.len()],
            alive_at: board.at.iter().map(Vec::len).collect(),
        }
    }

    /// Halves of the pieces not yet placed, by value (index = value:
    /// values are at most [`MAX_VALUE`](crate::pips::MAX_VALUE), below 64 as the domains' bit
    /// masks need). An array rather than a map, as every round of the
    /// deductions asks for it.
    pub fn halves(&self) -> [u32; 64] {
        let mut h = [0; 64];
        for (&([x, y], _), &n) in self.board.kinds.iter().zip(&self.left) {
            h[x as usize] += n;
            h[y as usize] += n;
        }
        h
    }

    /// Rules out candidates that no longer fit. Only the candidates on a
    /// cell or of a kind that changed since the last prune are looked at:
    /// the others fitted then on the same cells and kind, so they still do
    /// (the result is the same as looking at every candidate, faster).
    pub fn prune(&mut self) {
        let board = self.board;
        for x in 0..board.cells.len() {
            let now = Seen {
                domain: self.domain[x],
                value: self.value[x],
                partner: self.partner[x],
            };
            if self.seen[x] != now {
                self.seen[x] = now;
                for &k in &board.at[x] {
                    if self.alive[k] && !self.fits(k) {
                        self.rule_out(k);
                    }
                }
            }
        }
        for q in 0..board.kinds.len() {
            if self.left[q] == 0 && !self.seen_spent[q] {
                self.seen_spent[q] = true;
                for &k in &board.of_kind[q] {
                    self.rule_out(k);
                }
            }
        }
    }

    /// Rules out candidate `k`, and notes its cells for [`State::fit`],
    /// [`State::neighbour`] and [`State::forced`]. A candidate already
    /// ruled out is left alone, so its cells are not counted twice.
    pub fn rule_out(&mut self, k: usize) {
        if !self.alive[k] {
            return;
        }
        let c = self.board.candidates[k];
        self.alive[k] = false;
        for x in [c.a, c.b] {
            self.refit[x] = true;
            self.renear[x] = true;
            self.alive_at[x] -= 1;
        }
    }

    /// Candidate `k` still fits what is known of its cells and kind.
    fn fits(&self, k: usize) -> bool {
        let c = self.board.candidates[k];
        self.value[c.a].is_none()
            && self.value[c.b].is_none()
            && self.left[c.kind] != 0
            && self.domain[c.a] >> c.va & 1 == 1
            && self.domain[c.b] >> c.vb & 1 == 1
            && self.partner[c.a].is_none_or(|p| p == c.b)
            && self.partner[c.b].is_none_or(|p| p == c.a)
    }

    /// Lays candidate `k` without a step (a player's piece a hint starts
    /// from).
    pub fn lay(&mut self, k: usize) {
        let c = self.board.candidates[k];
        self.value[c.a] = Some(c.va);
        self.value[c.b] = Some(c.vb);
        self.domain[c.a] = 1 << c.va;
        self.domain[c.b] = 1 << c.vb;
        self.left[c.kind] -= 1;
        self.laid.push(k);
    }

    /// The live candidate that lays values `values` on `cells` (the first
    /// value on the first cell), if any.
    pub fn candidate(&self, cells: [Cell; 2], values: [Value; 2]) -> Option<usize> {
        let index = |cell: Cell| self.board.cells.binary_search(&cell).ok();
        let (x, y) = (index(cells[0])?, index(cells[1])?);
        let (a, b, va, vb) = if x < y {
            (x, y, values[0], values[1])
        } else {
            (y, x, values[1], values[0])
        };
        self.board.at[a].iter().copied().find(|&k| {
            let c = self.board.candidates[k];
            self.alive[k] && c.b == b && c.va == compact(va) && c.vb == compact(vb)
        })
    }

    /// Lays candidate `k` and records why.
    pub fn place(&mut self, k: usize, technique: &str, level: super::Grade, why: String) {
        let c = self.board.candidates[k];
        self.lay(k);
        self.placed_by.push(self.steps.len());
        let (pa, pb) = (self.board.cells[c.a], self.board.cells[c.b]);
        self.steps.push(Step {
            technique: technique.to_string(),
            level,
            text: format!(
                "{why}: {}-{} goes on {} ({}) and {} ({})",
                c.va,
                c.vb,
                self.show(c.a),
                c.va,
                self.show(c.b),
                c.vb
            ),
            cells: vec![pa, pb],
        });
        self.prune();
    }

    /// A cell as the picture shows it, rows and columns counted from 1
    /// from the top left: "row 2, column 3".
    pub fn show(&self, x: usize) -> String {
        let (r, c) = self.board.cells[x];
        format!("row {}, column {}", r + 1, c + 1)
    }

    /// What a cell may still hold, in words: "row 1, column 2 can hold
    /// only 3 or 4", or "... can hold no value" when nothing is left.
    pub fn narrowed(&self, x: usize) -> String {
        if self.domain[x] == 0 {
            format!("{} can hold no value", self.show(x))
        } else {
            format!(
                "{} can hold only {}",
                self.show(x),
                show_values(self.domain[x])
            )
        }
    }

    /// A region as a person points at it: its rule, its first cell as
    /// the picture shows it, its size ("the sum 6 region at row 1,
    /// column 2 (3 cells)").
    pub fn region(&self, r: usize) -> String {
        let region = &self.board.puzzle.regions[r];
        let rule = crate::pips::validate::rule_words(region.rule);
        let first = self.board.members[r]
            .first()
            .map_or(String::new(), |&x| format!(" at {}", self.show(x)));
        let size = counted(region.cells.len(), "cell", "cells");
        format!("the {rule} region{first} ({size})")
    }

    /// Every cell holds a value.
    pub fn full(&self) -> bool {
        self.value.iter().all(Option::is_some)
    }

    /// The cells without a value yet.
    pub fn open_cells(&self) -> Vec<Cell> {
        (0..self.board.cells.len())
            .filter(|&x| self.value[x].is_none())
            .map(|x| self.board.cells[x])
            .collect()
    }

    /// The pieces laid as a solution: each input domino gets the cells of
    /// a laid candidate of its kind, copies in input order.
    pub fn solution(&self) -> Solution {
        let puzzle = self.board.puzzle;
        let mut placements = vec![[(0, 0); 2]; puzzle.dominoes.len()];
        let mut used = vec![false; puzzle.dominoes.len()];
        for &k in &self.laid {
            let c = self.board.candidates[k];
            let (a, b) = (self.board.cells[c.a], self.board.cells[c.b]);
            let piece = (0..puzzle.dominoes.len()).find(|&i| {
                let d = puzzle.dominoes[i].map(compact);
                !used[i] && (d == [c.va, c.vb] || d == [c.vb, c.va])
            });
            if let Some(i) = piece {
                used[i] = true;
                placements[i] = if compact(puzzle.dominoes[i][0]) == c.va {
                    [a, b]
                } else {
                    [b, a]
                };
            }
        }
        Solution { placements }
    }

    /// `Err` when what is known cannot be: a cell that can hold nothing,
    /// or a region whose cells all hold values that break its rule (the
    /// last pieces may be laid by cells and pieces alone, so the rules
    /// are checked here).
    pub fn contradiction(&self) -> Result<(), String> {
        if let Some(x) = self.domain.iter().position(|&d| d == 0) {
            return Err(format!(
                "{} can hold no value the pieces and rules allow",
                self.show(x)
            ));
        }
        for (r, members) in self.board.members.iter().enumerate() {
            let values: Option<Vec<u32>> = members.iter().map(|&x| self.value[x]).collect();
            if values.is_some_and(|v| !self.board.puzzle.regions[r].rule.holds(&widen(&v))) {
                return Err(format!("{} cannot keep its rule", self.region(r)));
            }
        }
        Ok(())
    }
}
