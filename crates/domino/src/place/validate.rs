//! The board-level check before any search: the counts a set forces. A
//! board that fails it has no solution, and the reason says exactly which
//! count is wrong. The board's shape needs no check here: a [`Grid`] is
//! well formed by construction ([`Grid::new`]).

use super::grid::Grid;
use crate::tile::Value;

/// Why a board cannot be covered by its set, seen before any search.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ValidationError {
    /// The board has another number of cells than the set covers.
    #[error("the board has {cells} cells, but a double-{set} set covers {covers}")]
    CellCount {
        /// Cells of the board (holes not counted).
        cells: usize,
        /// The N of the double-N set.
        set: Value,
        /// Cells the set covers, (N+1)(N+2).
        covers: u128,
    },
    /// Numbers that appear another number of times than the set has them
    /// (N+2 times each).
    #[error("{}; each number of a double-{set} set appears {} times", counts_text(.wrong), .set.saturating_add(2))]
    Counts {
        /// The N of the double-N set.
        set: Value,
        /// Each number whose count is wrong, with its count, in order.
        wrong: Vec<(Value, usize)>,
    },
    /// Two clue pieces show the same bone.
    #[error("two clues show the same piece {}-{}", .0.0, .0.1)]
    ClueTwice((Value, Value)),
}

/// `1 appears 8 times, 2 appears 0 times`.
fn counts_text(wrong: &[(Value, usize)]) -> String {
    let parts: Vec<String> = wrong
        .iter()
        .map(|(v, count)| format!("{v} appears {count} times"))
        .collect();
    parts.join(", ")
}

/// Why a board cannot be covered by its set, found without searching: its
/// cell count, then each number's count and the clues' pieces.
pub fn validate(board: &Grid) -> Result<(), ValidationError> {
    let n = board.set;
    let cells = board.cell_count();
    // In u128: (N+1)(N+2) overflows 64 bits for the largest N a board may
    // have. N is at least 0 ([`Grid::new`]).
    let needed = (n as u128 + 1) * (n as u128 + 2);
    if cells as u128 != needed {
        return Err(ValidationError::CellCount {
            cells,
            set: n,
            covers: needed,
        });
    }
    let mut counts = vec![0usize; n as usize + 1];
    for v in board.values.iter().flatten() {
        counts[*v as usize] += 1;
    }
    let wrong: Vec<(Value, usize)> = counts
        .iter()
        .enumerate()
        .filter(|&(_, &count)| count != n as usize + 2)
        .map(|(v, &count)| (v as Value, count))
        .collect();
    if !wrong.is_empty() {
        return Err(ValidationError::Counts { set: n, wrong });
    }
    let mut clued = vec![false; board.bone_count() + 1];
    for clue in &board.clues {
        if let Some(bone) = board.clue_bone(clue) {
            if clued[bone] {
                let (a, b) = board.bone_halves(bone);
                return Err(ValidationError::ClueTwice((a, b)));
            }
            clued[bone] = true;
        }
    }
    Ok(())
}
