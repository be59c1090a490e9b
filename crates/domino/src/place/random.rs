//! Random boards with a known solution: tile a rectangle with dominoes at
//! random, then lay the set's bones on the tiles in random order and
//! orientation. Same seed, same board.

use super::grid::{Grid, Map, Placement};
use super::{Goal, Limits};
use crate::rng::Rng;
use crate::tile::{set_size, Value};

/// A `rows` x `cols` board for a double-`set` set, with the solution it was
/// made from; `None` when the rectangle does not hold the set's cells
/// exactly.
pub fn random_grid(rows: usize, cols: usize, set: Value, rng: &mut Rng) -> Option<(Grid, Map)> {
    let bones = set_size(set);
    if rows * cols != 2 * bones {
        return None;
    }
    let tiles = random_tiling(rows, cols, rng)?;
    let mut order: Vec<usize> = (1..=bones).collect();
    rng.shuffle(&mut order);
    let mut values = vec![None; rows * cols];
    let mut placements = Vec::with_capacity(bones);
    for (cells, &bone) in tiles.iter().zip(&order) {
        let (low, high) = crate::tile::bone_halves(bone, set);
        let (a, b) = if rng.chance(1, 2) {
            (low, high)
        } else {
            (high, low)
        };
        values[cells[0]] = Some(a);
        values[cells[1]] = Some(b);
        placements.push(Placement {
            bone,
            cells: *cells,
        });
    }
    let board = Grid {
        name: None,
        rows,
        cols,
        values,
        set,
        clues: Vec::new(),
    };
    let map = Map::from_placements(&board, placements);
    Some((board, map))
}

/// A random domino tiling of the rectangle: the first free cell in row
/// order takes a horizontal or a vertical tile, in random order, with
/// backtracking when a cell is left with no free neighbour.
fn random_tiling(rows: usize, cols: usize, rng: &mut Rng) -> Option<Vec<[usize; 2]>> {
    let mut covered = vec![false; rows * cols];
    let mut tiles: Vec<[usize; 2]> = Vec::with_capacity(rows * cols / 2);
    // For each tile laid: the choices still untried at that step.
    let mut untried: Vec<Vec<usize>> = Vec::new();
    loop {
        let Some(cell) = covered.iter().position(|&c| !c) else {
            return Some(tiles);
        };
        let (r, c) = (cell / cols, cell % cols);
        let mut options = Vec::with_capacity(2);
        if c + 1 < cols && !covered[cell + 1] {
            options.push(cell + 1);
        }
        if r + 1 < rows && !covered[cell + cols] {
            options.push(cell + cols);
        }
        rng.shuffle(&mut options);
        untried.push(options);
        // Take the next untried choice, backing up while there is none.
        loop {
            let choices = untried.last_mut()?;
            if let Some(other) = choices.pop() {
                let first = covered.iter().position(|&c| !c).unwrap_or(0);
                covered[first] = true;
                covered[other] = true;
                tiles.push([first, other]);
                break;
            }
            untried.pop();
            let [a, b] = tiles.pop()?;
            covered[a] = false;
            covered[b] = false;
        }
    }
}

/// A board with exactly one solution (returned with it), or `None` if
/// `max_steps` repairs did not get there. Random boards are rarely unique
/// (about 1 in 30 for double-six on 7x8, far fewer for larger sets), so
/// this starts from [`random_grid`] and repairs: while a second solution
/// exists, it swaps the bones of a tile where the two solutions differ and
/// of a random tile. The planted solution stays a solution throughout.
pub fn random_unique_grid(
    rows: usize,
    cols: usize,
    set: Value,
    rng: &mut Rng,
    max_steps: usize,
) -> Option<(Grid, Map)> {
    let (mut board, mut map) = random_grid(rows, cols, set, rng)?;
    for _ in 0..max_steps {
        let found = super::solve(&board, Goal { limit: 2, keep: 2 }, &Limits::none());
        if found.count == 1 && found.complete {
            return Some((board, map));
        }
        let other = found.solutions.iter().find(|m| **m != map)?;
        let differ: Vec<usize> = (0..map.bones.len())
            .filter(|&c| map.bones[c] != other.bones[c])
            .collect();
        let cell = differ[rng.index(differ.len())];
        let bone_t = map.bones[cell]?;
        let bone_u = map.bones[rng.index(map.bones.len())]?;
        if bone_t != bone_u {
            swap_bones(&mut board, &mut map, bone_t, bone_u, rng);
        }
    }
    None
}

/// Exchanges the bones lying on two tiles of `map`, each laid in a random
/// orientation, and rewrites the board's numbers to match.
fn swap_bones(board: &mut Grid, map: &mut Map, t: usize, u: usize, rng: &mut Rng) {
    let cells_t: Vec<usize> = (0..map.bones.len())
        .filter(|&c| map.bones[c] == Some(t))
        .collect();
    let cells_u: Vec<usize> = (0..map.bones.len())
        .filter(|&c| map.bones[c] == Some(u))
        .collect();
    for (cells, bone) in [(&cells_t, u), (&cells_u, t)] {
        let (low, high) = crate::tile::bone_halves(bone, board.set);
        let (a, b) = if rng.chance(1, 2) {
            (low, high)
        } else {
            (high, low)
        };
        board.values[cells[0]] = Some(a);
        board.values[cells[1]] = Some(b);
        map.bones[cells[0]] = Some(bone);
        map.bones[cells[1]] = Some(bone);
    }
}
