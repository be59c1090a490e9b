//! Play support for a person removing pieces by hand: from the pieces
//! removed so far (checked step by step by [`verify_order`]), which pieces
//! may vanish now, which can never vanish whatever is removed later, and
//! the score. The web app asks this after every click.

use super::sides::Sides;
use super::state::{zobrist_keys, State};
use super::{verify_order, Board, IllegalRemoval};
use serde::Serialize;

/// The position after a partial removal. Serialized as the API's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Moves {
    /// Present pieces that may vanish now, in index order.
    pub removable: Vec<usize>,
    /// Present pieces proven unable to ever vanish (a side is hopeless or
    /// held for good by pieces that cannot leave first), in index order.
    pub never: Vec<usize>,
    /// Pieces left on the board.
    pub score: usize,
    /// Pieces removed so far.
    pub removed: usize,
    /// True when nothing may vanish any more (the game is over).
    pub done: bool,
}

/// Where a game stands after `removed` (piece indices in removal order).
/// An illegal step is reported as [`verify_order`] reports it.
///
/// ```
/// use domino::vanish::{moves, parse_board};
///
/// // The left piece sees the edge (0 squares) next to its 0; once it is
/// // gone, the right piece sees 2 empty squares next to its 2.
/// let board = parse_board("4;1\nh;0;5;0;0\nh;2;9;2;0\n").unwrap();
/// assert_eq!(moves(&board, &[]).unwrap().removable, vec![0]);
/// let after = moves(&board, &[0]).unwrap();
/// assert_eq!((after.removable.clone(), after.score), (vec![1], 1));
/// assert!(moves(&board, &[1]).is_err());
/// ```
pub fn moves(board: &Board, removed: &[usize]) -> Result<Moves, IllegalRemoval> {
    let score = verify_order(board, removed)?;
    let sides = Sides::new(board);
    let keys = zobrist_keys(sides.pieces);
    let mut state = State::new(&sides, &keys);
    for &p in removed {
        state.remove(p);
    }
    let removable: Vec<usize> = state
        .present_pieces()
        .filter(|&p| state.removable(p))
        .collect();
    let never: Vec<usize> = state
        .present_pieces()
        .filter(|&p| state.is_dead(p))
        .collect();
    Ok(Moves {
        done: removable.is_empty(),
        removable,
        never,
        score,
        removed: removed.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::moves;
    use crate::vanish::{generate, solve, verify_order, Algorithm, Limits};

    /// Along a greedy line of play on random boards, every piece offered
    /// is legal by the independent replay, every other present piece is
    /// not, and no piece called hopeless is ever removed by the optimum.
    #[test]
    fn offered_moves_agree_with_the_replay() {
        for seed in 1..=30 {
            let board = generate(6, 5, 3, seed).unwrap();
            let n = board.pieces().len();
            let best = solve(&board, Algorithm::Exact, &Limits::default(), None);
            let mut removed: Vec<usize> = Vec::new();
            loop {
                let now = moves(&board, &removed).unwrap();
                assert_eq!(now.score, n - removed.len());
                for p in 0..n {
                    if removed.contains(&p) {
                        continue;
                    }
                    let mut next = removed.clone();
                    next.push(p);
                    assert_eq!(
                        verify_order(&board, &next).is_ok(),
                        now.removable.contains(&p),
                        "seed {seed}, piece {p} after {removed:?}"
                    );
                }
                if removed.is_empty() {
                    for p in &now.never {
                        assert!(!best.order.contains(p), "seed {seed}: {p} left the board");
                    }
                }
                match now.removable.first() {
                    Some(&p) => removed.push(p),
                    None => {
                        assert!(now.done);
                        break;
                    }
                }
            }
        }
    }
}
