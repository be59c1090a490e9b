//! The board-level check before any search: the counts a set forces. A
//! board that fails it has no solution, and the reason says exactly which
//! count is wrong.

use super::grid::Grid;

/// Why a board cannot be covered by its set, found without searching.
pub fn check_grid(board: &Grid) -> Result<(), String> {
    let n = board.set;
    let cells = board.cell_count();
    // In u128: (N+1)(N+2) overflows 64 bits for the largest N a user can name.
    let needed = (u128::from(n) + 1) * (u128::from(n) + 2);
    if cells as u128 != needed {
        return Err(format!(
            "the board has {cells} cells, but a double-{n} set covers {needed}"
        ));
    }
    let mut counts = vec![0usize; n as usize + 1];
    for v in board.values.iter().flatten() {
        counts[*v as usize] += 1;
    }
    let wrong: Vec<String> = counts
        .iter()
        .enumerate()
        .filter(|&(_, &count)| count != n as usize + 2)
        .map(|(v, count)| format!("{v} appears {count} times"))
        .collect();
    if !wrong.is_empty() {
        return Err(format!(
            "{}; each number of a double-{n} set appears {} times",
            wrong.join(", "),
            n + 2
        ));
    }
    let mut clued = vec![false; board.bone_count() + 1];
    for clue in &board.clues {
        if let Some(bone) = board.clue_bone(clue) {
            if clued[bone] {
                let (a, b) = board.bone_halves(bone);
                return Err(format!("two clues show the same piece {a}-{b}"));
            }
            clued[bone] = true;
        }
    }
    Ok(())
}
