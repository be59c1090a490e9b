//! Outlines for the generator: which cells of a grid exist. An outline
//! file marks each cell with any visible character and each hole with
//! `.`, `x`, `X` or a space (so a puzzle file in compact digits is also a
//! shape); a `#dp` header line and anything after a line `-` are skipped.
//! Short lines end in holes.

use crate::input_error::InputError;
use crate::rng::Rng;
use crate::tile::Value;

/// The outline of a board to generate: a grid in which each cell either is
/// part of the board (it will carry a number) or is a hole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outline {
    /// Height of the grid in cells, holes included.
    pub rows: usize,
    /// Width of the grid in cells, holes included.
    pub cols: usize,
    /// Whether each cell (row by row) is part of the board.
    pub cells: Vec<bool>,
}

impl Outline {
    /// The full `rows` x `cols` rectangle.
    pub fn rectangle(rows: usize, cols: usize) -> Outline {
        Outline {
            rows,
            cols,
            cells: vec![true; rows * cols],
        }
    }

    /// The rectangle a double-`set` set fills: `set + 2` rows of `set + 1`
    /// cells (10 columns at most up to double-9, so the `#dp` squares fit).
    /// A negative set, which has no bones, gets the empty rectangle.
    pub fn for_set(set: Value) -> Outline {
        match usize::try_from(set) {
            Ok(n) => Outline::rectangle(n + 2, n + 1),
            Err(_) => Outline::rectangle(0, 0),
        }
    }

    /// How many cells are part of the board (holes not counted): a double-N
    /// set needs (N+1)(N+2) of them.
    pub fn cell_count(&self) -> usize {
        self.cells.iter().filter(|&&c| c).count()
    }

    /// The cells next to `cell` (up, down, left, right) that are part of
    /// the shape.
    fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        let (r, c) = (cell / self.cols, cell % self.cols);
        [
            (r > 0).then(|| cell - self.cols),
            (r + 1 < self.rows).then_some(cell + self.cols),
            (c > 0).then(|| cell - 1),
            (c + 1 < self.cols).then_some(cell + 1),
        ]
        .into_iter()
        .flatten()
        .filter(|&n| self.cells[n])
    }

    /// A random domino tiling, `None` when the shape has none. A tiling is a
    /// perfect matching between the two colours of the checkerboard: found
    /// by augmenting paths (neighbours in random order), then shuffled by
    /// many random flips of two parallel dominoes in a 2x2 square.
    pub fn random_tiling(&self, rng: &mut Rng) -> Option<Vec<[usize; 2]>> {
        let count = self.cells.len();
        let mut mate = vec![usize::MAX; count];
        let mut blacks: Vec<usize> = (0..count)
            .filter(|&c| self.cells[c] && (c / self.cols + c % self.cols).is_multiple_of(2))
            .collect();
        rng.shuffle(&mut blacks);
        let mut seen = vec![0usize; count];
        for (round, &black) in blacks.iter().enumerate() {
            if !self.augment(black, round + 1, &mut mate, &mut seen, rng) {
                return None;
            }
        }
        if mate
            .iter()
            .zip(&self.cells)
            .any(|(&m, &c)| c && m == usize::MAX)
        {
            return None;
        }
        for _ in 0..20 * count {
            self.random_flip(&mut mate, rng);
        }
        let tiles = (0..count)
            .filter(|&c| self.cells[c] && mate[c] > c)
            .map(|c| [c, mate[c]])
            .collect();
        Some(tiles)
    }

    /// Kuhn's augmenting path from the unmatched black cell `black`, with
    /// an explicit stack (long paths on large boards).
    fn augment(
        &self,
        black: usize,
        stamp: usize,
        mate: &mut [usize],
        seen: &mut [usize],
        rng: &mut Rng,
    ) -> bool {
        // Each frame: a black cell and its white neighbours still to try.
        let mut stack: Vec<(usize, Vec<usize>)> = Vec::new();
        let mut options: Vec<usize> = self.neighbours(black).collect();
        rng.shuffle(&mut options);
        stack.push((black, options));
        while let Some((b, options)) = stack.last_mut() {
            let b = *b;
            let Some(white) = options.pop() else {
                stack.pop();
                continue;
            };
            if seen[white] == stamp {
                continue;
            }
            seen[white] = stamp;
            if mate[white] == usize::MAX {
                // Flip the path: each black of the stack takes the white
                // it was trying.
                let mut take = white;
                mate[take] = b;
                std::mem::swap(&mut mate[b], &mut take);
                stack.pop();
                while let Some((black, _)) = stack.pop() {
                    mate[take] = black;
                    std::mem::swap(&mut mate[black], &mut take);
                }
                return true;
            }
            let next = mate[white];
            let mut more: Vec<usize> = self.neighbours(next).collect();
            rng.shuffle(&mut more);
            stack.push((next, more));
        }
        false
    }

    /// Turns two parallel dominoes filling a random 2x2 square, if there are.
    fn random_flip(&self, mate: &mut [usize], rng: &mut Rng) {
        let a = rng.index(self.cells.len());
        let (r, c) = (a / self.cols, a % self.cols);
        if r + 1 >= self.rows || c + 1 >= self.cols {
            return;
        }
        let (b, d, e) = (a + 1, a + self.cols, a + self.cols + 1);
        if !(self.cells[a] && self.cells[b] && self.cells[d] && self.cells[e]) {
            return;
        }
        if mate[a] == b && mate[d] == e {
            mate[a] = d;
            mate[d] = a;
            mate[b] = e;
            mate[e] = b;
        } else if mate[a] == d && mate[b] == e {
            mate[a] = b;
            mate[b] = a;
            mate[d] = e;
            mate[e] = d;
        }
    }
}

/// Reads a shape file (see the module comment).
pub fn parse_outline(text: &str) -> Result<Outline, InputError> {
    let mut rows: Vec<Vec<bool>> = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if k == 0 && line.trim_start().starts_with("#dp") {
            continue;
        }
        if line.trim() == "-" {
            break;
        }
        let row: Vec<bool> = line
            .chars()
            .map(|c| !matches!(c, '.' | 'x' | 'X' | ' ' | '\t'))
            .collect();
        rows.push(row);
    }
    while rows.last().is_some_and(|r| !r.contains(&true)) {
        rows.pop();
    }
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    if cols == 0 {
        return Err(InputError::whole("the shape has no cells"));
    }
    let mut cells = Vec::with_capacity(rows.len() * cols);
    for row in &rows {
        cells.extend_from_slice(row);
        cells.resize(cells.len() + cols - row.len(), false);
    }
    Ok(Outline {
        rows: rows.len(),
        cols,
        cells,
    })
}
