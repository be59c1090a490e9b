//! Board shapes for the generator: which cells of a grid exist. A shape
//! file marks each cell with any visible character and each hole with
//! `.`, `x`, `X` or a space (so a puzzle file in compact digits is also a
//! shape); a `#dp` header line and anything after a line `-` are skipped.
//! Short lines end in holes.

use crate::input_error::InputError;
use crate::rng::Rng;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    pub rows: usize,
    pub cols: usize,
    /// Whether each cell (row by row) is part of the board.
    pub cells: Vec<bool>,
}

impl Shape {
    /// The full `rows` x `cols` rectangle.
    pub fn rectangle(rows: usize, cols: usize) -> Shape {
        Shape {
            rows,
            cols,
            cells: vec![true; rows * cols],
        }
    }

    /// The rectangle a double-`set` set fills: `set + 2` rows of `set + 1`
    /// cells (10 columns at most up to double-9, so the `#dp` squares fit).
    pub fn for_set(set: u32) -> Shape {
        let n = set as usize;
        Shape::rectangle(n + 2, n + 1)
    }

    pub fn cell_count(&self) -> usize {
        self.cells.iter().filter(|&&c| c).count()
    }

    /// A random domino tiling: the first open cell in row order pairs with
    /// its right or lower neighbour (random order), backtracking when a
    /// cell has no open neighbour. `None` when there is no tiling or
    /// `max_steps` did not find one.
    pub fn random_tiling(&self, rng: &mut Rng, max_steps: usize) -> Option<Vec<[usize; 2]>> {
        let mut covered: Vec<bool> = self.cells.iter().map(|&c| !c).collect();
        let mut tiles: Vec<[usize; 2]> = Vec::new();
        let mut untried: Vec<Vec<usize>> = Vec::new();
        let mut fresh = true;
        for _ in 0..max_steps {
            let first = covered.iter().position(|&c| !c);
            if fresh {
                let Some(cell) = first else {
                    return Some(tiles);
                };
                let (r, c) = (cell / self.cols, cell % self.cols);
                let mut options = Vec::with_capacity(2);
                if c + 1 < self.cols && !covered[cell + 1] {
                    options.push(cell + 1);
                }
                if r + 1 < self.rows && !covered[cell + self.cols] {
                    options.push(cell + self.cols);
                }
                rng.shuffle(&mut options);
                untried.push(options);
            }
            let choices = untried.last_mut()?;
            if let Some(other) = choices.pop() {
                let cell = first?;
                covered[cell] = true;
                covered[other] = true;
                tiles.push([cell, other]);
                fresh = true;
            } else {
                untried.pop();
                let [a, b] = tiles.pop()?;
                covered[a] = false;
                covered[b] = false;
                fresh = false;
            }
        }
        None
    }
}

/// Reads a shape file (see the module comment).
pub fn parse_shape(text: &str) -> Result<Shape, InputError> {
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
    Ok(Shape {
        rows: rows.len(),
        cols,
        cells,
    })
}
