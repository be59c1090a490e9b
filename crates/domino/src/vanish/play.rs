//! Play support for a person removing pieces by hand: from the pieces
//! removed so far (checked step by step by [`verify_order`]), which pieces
//! may vanish now, which can never vanish whatever is removed later, and
//! the score. The web app asks this after every click, and [`position`]
//! gives the board a player has left, for a search from there.

use super::sides::Sides;
use super::state::{zobrist_keys, State};
use super::{verify_order, Board, IllegalRemoval, Piece};
use crate::search::Limits;
use serde::Serialize;

/// The position after a partial removal. Serialized as the API's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = VanishMoves))]
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
    moves_within(board, removed, &Limits::none())
}

/// [`moves`] within `limits`' deadline and stop flag: finding the pieces
/// that can never vanish takes long on a big board (half a minute at a
/// million squares), so once a limit hits, `never` lists those found so
/// far (each still proven) while `removable`, `score` and `done` are
/// exact all the same.
pub fn moves_within(
    board: &Board,
    removed: &[usize],
    limits: &Limits,
) -> Result<Moves, IllegalRemoval> {
    let score = verify_order(board, removed)?;
    let sides = Sides::new(board);
    let keys = zobrist_keys(sides.pieces);
    let mut state = State::within(&sides, &keys, &mut || limits.reached());
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

/// The board after `removed` (piece indices in removal order, checked as
/// [`verify_order`] checks them): the pieces left, and for each of them its
/// index on `board`, so that an answer about the smaller board (a removal
/// order) can be told in the indices a player knows.
///
/// ```
/// use domino::vanish::{parse_board, position};
///
/// let board = parse_board("4;1\nh;0;5;0;0\nh;2;9;2;0\n").unwrap();
/// let (left, kept) = position(&board, &[0]).unwrap();
/// assert_eq!((left.pieces().len(), kept), (1, vec![1]));
/// ```
pub fn position(board: &Board, removed: &[usize]) -> Result<(Board, Vec<usize>), IllegalRemoval> {
    verify_order(board, removed)?;
    let mut gone = vec![false; board.pieces().len()];
    for &p in removed {
        gone[p] = true;
    }
    let kept: Vec<usize> = (0..gone.len()).filter(|&p| !gone[p]).collect();
    let pieces: Vec<Piece> = kept.iter().map(|&p| board.pieces()[p]).collect();
    // A subset of a board's pieces lies on its squares without overlap.
    let left = Board::new(board.width(), board.height(), pieces)
        .unwrap_or_else(|_| unreachable!("the pieces of a board fit on it"));
    Ok((left, kept))
}

#[cfg(test)]
mod tests {
    use super::moves;
    use crate::rng::Rng;
    use crate::vanish::{generate, generate_clearable, verify_order, Board, Request};
    use std::collections::HashMap;

    /// A small board: a random full tiling, or one with some pieces
    /// taken off (so there is free space from the start).
    fn small_board(seed: u64) -> Board {
        let mut rng = Rng::new(seed);
        let (w, h) = ([(4, 3), (4, 4), (5, 4), (3, 6)])[rng.below(4) as usize];
        let max_value = 1 + rng.below(3) as i64;
        let full = if seed.is_multiple_of(3) {
            generate_clearable(
                &Request {
                    width: w,
                    height: h,
                    max_value,
                    seed,
                },
                &crate::Limits::none(),
            )
            .map(|(b, _)| b)
        } else {
            generate(&Request {
                width: w,
                height: h,
                max_value,
                seed,
            })
        };
        let full = full.unwrap();
        let keep = 60 + rng.below(41);
        let pieces = full
            .pieces()
            .iter()
            .copied()
            .filter(|_| rng.below(100) < keep)
            .collect();
        Board::new(w, h, pieces).unwrap()
    }

    /// Every set of removed pieces reachable by legal play, with one order
    /// that reaches it and the pieces the replay accepts next (the grid,
    /// hence what is legal, depends on the set alone, not on the order).
    fn reachable(board: &Board) -> HashMap<u64, (Vec<usize>, Vec<usize>)> {
        let n = board.pieces().len();
        let mut seen = HashMap::new();
        let mut todo = vec![(0u64, Vec::new())];
        while let Some((set, order)) = todo.pop() {
            if seen.contains_key(&set) {
                continue;
            }
            let legal: Vec<usize> = (0..n)
                .filter(|&p| {
                    let mut next = order.clone();
                    next.push(p);
                    verify_order(board, &next).is_ok()
                })
                .collect();
            for &p in &legal {
                let mut next = order.clone();
                next.push(p);
                todo.push((set | 1 << p, next));
            }
            seen.insert(set, (order, legal));
        }
        seen
    }

    /// From every reachable position of small random boards: the pieces
    /// offered are exactly those the replay accepts next, the score is the
    /// pieces left, `done` means nothing is offered, and no piece called
    /// hopeless vanishes in any position reachable from there (brute force
    /// over all of them). Also counts the hopeless pieces found, so the
    /// check is not passing on empty lists.
    #[test]
    fn moves_agree_with_brute_force_over_every_position() {
        let mut never_seen = 0;
        for seed in 1..=150 {
            let board = small_board(seed);
            let n = board.pieces().len();
            let all = reachable(&board);
            // Per position, the pieces that vanish in it or in a position
            // reachable from it (larger sets first).
            let mut ever: HashMap<u64, u64> = HashMap::new();
            let mut sets: Vec<u64> = all.keys().copied().collect();
            sets.sort_by_key(|s| std::cmp::Reverse(s.count_ones()));
            for &set in &sets {
                let can = all[&set]
                    .1
                    .iter()
                    .fold(0u64, |can, &p| can | 1 << p | ever[&(set | 1 << p)]);
                ever.insert(set, can);
            }
            for (&set, (order, legal)) in &all {
                let now = moves(&board, order).unwrap();
                assert_eq!(&now.removable, legal, "seed {seed} after {order:?}");
                assert_eq!(now.score, n - order.len());
                assert_eq!(now.removed, order.len());
                assert_eq!(now.done, legal.is_empty());
                for &p in &now.never {
                    assert!(set >> p & 1 == 0, "seed {seed}: {p} is not on the board");
                    assert!(
                        ever[&set] >> p & 1 == 0,
                        "seed {seed}: {p} called hopeless after {order:?} but can vanish"
                    );
                }
                never_seen += now.never.len();
            }
        }
        assert!(never_seen > 0, "no hopeless piece in any position");
    }

    /// An illegal removal is refused exactly as the replay refuses it.
    #[test]
    fn illegal_orders_are_refused_like_the_replay() {
        for seed in 1..=60 {
            let board = small_board(seed);
            let n = board.pieces().len();
            let mut rng = Rng::new(seed ^ 0xabc);
            let order: Vec<usize> = (0..1 + rng.below(4))
                .map(|_| rng.below(n as u64 + 1) as usize)
                .collect();
            match verify_order(&board, &order) {
                Ok(score) => assert_eq!(moves(&board, &order).unwrap().score, score),
                Err(why) => assert_eq!(moves(&board, &order).unwrap_err(), why),
            }
        }
    }
}
