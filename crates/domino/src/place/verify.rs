//! Checks a map against its board without trusting the solver: the shape
//! and holes match, every bone of the set lies exactly once on two adjacent
//! cells that show its two numbers, and the clues are kept.

use super::grid::{Grid, Map};
use crate::tile::{bone_halves, set_size};

/// `Ok` when `map` is a solution of `board`; otherwise what is wrong.
pub fn verify_map(board: &Grid, map: &Map) -> Result<(), String> {
    if map.rows != board.rows || map.cols != board.cols || map.bones.len() != board.values.len() {
        return Err(format!(
            "the map is {}x{}, the board {}x{}",
            map.rows, map.cols, board.rows, board.cols
        ));
    }
    let n = u128::from(board.set);
    let cells = board.values.iter().filter(|v| v.is_some()).count();
    if cells as u128 != (n + 1) * (n + 2) {
        return Err(format!(
            "the board has {cells} cells, a double-{n} set covers {}",
            (n + 1) * (n + 2)
        ));
    }
    let bones = set_size(board.set);
    let mut cells_of: Vec<Vec<(usize, usize)>> = vec![Vec::new(); bones + 1];
    for r in 0..board.rows {
        for c in 0..board.cols {
            let at = r * board.cols + c;
            match (board.values[at], map.bones[at]) {
                (None, None) => {}
                (None, Some(b)) => {
                    return Err(format!(
                        "row {}, column {} is a hole but has bone {b}",
                        r + 1,
                        c + 1
                    ))
                }
                (Some(_), None) => {
                    return Err(format!("row {}, column {} has no bone", r + 1, c + 1))
                }
                (Some(_), Some(b)) if b == 0 || b > bones => {
                    return Err(format!(
                    "row {}, column {}: {b} is not a bone number of a double-{} set (1..={bones})",
                    r + 1,
                    c + 1,
                    board.set
                ))
                }
                (Some(_), Some(b)) => cells_of[b].push((r, c)),
            }
        }
    }
    for (bone, cells) in cells_of.iter().enumerate().skip(1) {
        let (low, high) = bone_halves(bone, board.set);
        let &[(r1, c1), (r2, c2)] = cells.as_slice() else {
            return Err(format!(
                "bone {bone} ({low}-{high}) covers {} cells instead of 2",
                cells.len()
            ));
        };
        if r1.abs_diff(r2) + c1.abs_diff(c2) != 1 {
            return Err(format!(
                "the two cells of bone {bone} ({low}-{high}) are not next to each other"
            ));
        }
        let a = board.values[r1 * board.cols + c1];
        let b = board.values[r2 * board.cols + c2];
        if !(a == Some(low) && b == Some(high) || a == Some(high) && b == Some(low)) {
            return Err(format!(
                "bone {bone} ({low}-{high}) lies on cells showing {} and {}",
                a.unwrap_or_default(),
                b.unwrap_or_default()
            ));
        }
    }
    for clue in &board.clues {
        let [x, y] = clue.cells;
        if map.bones[x] != map.bones[y] {
            let (r, c) = (x / board.cols, x % board.cols);
            return Err(format!(
                "the clue at row {}, column {} is not one piece in the map",
                r + 1,
                c + 1
            ));
        }
    }
    Ok(())
}
