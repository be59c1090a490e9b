//! Small hand-written inputs for every picture. They feed the structure
//! tests of render (tests/all/render.rs) and the browser test's player pages
//! (examples/player_pages.rs). They are examples, not answers: the Five Up
//! game and the removal order were written by hand (the order was checked
//! against the rules by a throwaway brute force, and `verify_order` in the
//! tests), and the large board is a random tiling, not a puzzle with one
//! solution.

#![allow(dead_code)] // each user takes the samples it draws

use domino::fiveup::{IllegalMove, Play, Reason};
use domino::render::ExplainStep;
use domino::rng::Rng;
use domino::tile::{bone_number, set_size, Domino};
use domino::vanish::{Board, Orientation, Piece};
use domino::Cell;

/// A placement board with its solution, clue pieces and deductions.
#[derive(Clone, Debug)]
pub struct PlaceSample {
    pub board: Vec<Vec<Option<i64>>>,
    pub solution: Vec<Vec<Option<usize>>>,
    pub clues: Vec<[Cell; 2]>,
    pub steps: Vec<ExplainStep>,
}

/// A vanishing-domino board and a removal order.
#[derive(Clone, Debug)]
pub struct VanishSample {
    pub board: Board,
    pub order: Vec<usize>,
}

fn play(a: i64, b: i64, attached_to: Option<usize>, via: i64) -> Play {
    Play {
        domino: Domino::new(a, b),
        attached_to,
        via: attached_to.map(|_| via),
    }
}

/// A legal Five Up layout of twelve plays with three spinners.
pub fn fiveup_game() -> Vec<Play> {
    vec![
        play(6, 6, None, 6),
        play(6, 4, Some(0), 6),
        play(6, 2, Some(0), 6),
        play(4, 4, Some(1), 4),
        play(6, 1, Some(0), 6),
        play(4, 3, Some(3), 4),
        play(2, 5, Some(2), 2),
        play(6, 5, Some(0), 6),
        play(4, 0, Some(3), 4),
        play(5, 5, Some(6), 5),
        play(3, 3, Some(5), 3),
        play(5, 1, Some(9), 5),
    ]
}

/// An illegal game: after 6|6 and 6|3, the move 5|1 touches no open end.
pub fn fiveup_illegal() -> (Vec<Play>, IllegalMove) {
    let plays = vec![play(6, 6, None, 6), play(6, 3, Some(0), 6)];
    let illegal = IllegalMove {
        index: 2,
        domino: Domino::new(5, 1),
        reason: Reason::NoOpenEnd,
    };
    (plays, illegal)
}

/// A double-3 board with four holes, one clue piece, a unique solution
/// and the first deductions a person would make.
pub fn place_small() -> PlaceSample {
    let rows = [". 2 3 3 3 .", "0 0 1 1 1 1", "2 1 . . 2 3", "2 0 0 2 0 3"];
    let bones = [". 9 9 10 10 .", "1 1 5 5 6 7", "8 2 . . 6 7", "8 2 3 3 4 4"];
    let board = rows
        .iter()
        .map(|r| r.split(' ').map(|t| t.parse().ok()).collect())
        .collect();
    let solution = bones
        .iter()
        .map(|r| r.split(' ').map(|t| t.parse().ok()).collect())
        .collect();
    let step = |technique: &str, text: &str, cells: &[Cell]| ExplainStep {
        technique: technique.to_string(),
        text: text.to_string(),
        cells: cells.to_vec(),
    };
    PlaceSample {
        board,
        solution,
        clues: vec![[(0, 1), (0, 2)]],
        steps: vec![
            step(
                "single place",
                "0-3 fits in one place only: (3,4)-(3,5)",
                &[(3, 4), (3, 5)],
            ),
            step(
                "single place",
                "2-2 fits in one place only: (2,0)-(3,0)",
                &[(2, 0), (3, 0)],
            ),
            step(
                "forced cell",
                "the 2 at (3,3) has one free neighbour left, so 0-2 lies on (3,2)-(3,3)",
                &[(3, 2), (3, 3)],
            ),
            step(
                "single place",
                "with (2,0) taken, 1-2 fits only on (1,4)-(2,4)",
                &[(1, 4), (2, 4)],
            ),
        ],
    }
}

/// A random double-`n` layout on a (n+1) x (n+2) rectangle: a random
/// domino tiling (all horizontal, then many random flips of 2 x 2 squares)
/// with the set's bones dealt onto it, in a seeded random order. Shows how a large board draws.
pub fn place_random(n: i64, seed: u64) -> PlaceSample {
    let rows = n as usize + 1;
    let cols = n as usize + 2;
    let mut rng = Rng::new(seed);
    // partner[r][c]: the other cell of the domino covering (r, c). One of
    // rows and cols is even: start with all dominoes lying along it.
    let mut partner: Vec<Vec<Cell>> = (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| {
                    if cols % 2 == 1 {
                        (r ^ 1, c)
                    } else {
                        (r, c ^ 1)
                    }
                })
                .collect()
        })
        .collect();
    let flips = if rows > 1 && cols > 1 {
        rows * cols * 40
    } else {
        0
    };
    for _ in 0..flips {
        let (r, c) = (rng.index(rows - 1), rng.index(cols - 1));
        let flat = partner[r][c] == (r, c + 1) && partner[r + 1][c] == (r + 1, c + 1);
        let standing = partner[r][c] == (r + 1, c) && partner[r][c + 1] == (r + 1, c + 1);
        if flat {
            partner[r][c] = (r + 1, c);
            partner[r + 1][c] = (r, c);
            partner[r][c + 1] = (r + 1, c + 1);
            partner[r + 1][c + 1] = (r, c + 1);
        } else if standing {
            partner[r][c] = (r, c + 1);
            partner[r][c + 1] = (r, c);
            partner[r + 1][c] = (r + 1, c + 1);
            partner[r + 1][c + 1] = (r + 1, c);
        }
    }
    let mut bones: Vec<(i64, i64)> = (0..=n).flat_map(|a| (a..=n).map(move |b| (a, b))).collect();
    debug_assert_eq!(bones.len(), set_size(n));
    rng.shuffle(&mut bones);
    let mut board = vec![vec![None; cols]; rows];
    let mut solution = vec![vec![None; cols]; rows];
    let mut next = bones.into_iter();
    for r in 0..rows {
        for c in 0..cols {
            let other = partner[r][c];
            if board[r][c].is_some() {
                continue;
            }
            let Some((a, b)) = next.next() else { break };
            let (a, b) = if rng.chance(1, 2) { (b, a) } else { (a, b) };
            board[r][c] = Some(a);
            board[other.0][other.1] = Some(b);
            solution[r][c] = Some(bone_number(a, b, n));
            solution[other.0][other.1] = Some(bone_number(a, b, n));
        }
    }
    PlaceSample {
        board,
        solution,
        clues: Vec::new(),
        steps: Vec::new(),
    }
}

/// The 5 x 4 worked example of the vanishing-domino rules, cleared
/// completely.
pub fn vanish_example() -> VanishSample {
    let piece = |x, y, horizontal, value1, value2| Piece {
        x,
        y,
        orientation: if horizontal {
            Orientation::Horizontal
        } else {
            Orientation::Vertical
        },
        value1,
        value2,
    };
    let board = Board::new(
        5,
        4,
        vec![
            piece(0, 0, false, 2, 1),
            piece(1, 0, true, 1, 0),
            piece(3, 0, true, 3, 3),
            piece(1, 1, false, 3, 0),
            piece(2, 1, false, 1, 1),
            piece(3, 1, false, 0, 2),
            piece(4, 1, false, 4, 4),
            piece(0, 2, false, 3, 2),
            piece(1, 3, true, 0, 0),
            piece(3, 3, true, 2, 2),
        ],
    )
    .expect("the worked example is a valid board");
    VanishSample {
        board,
        order: vec![1, 3, 0, 4, 5, 8, 7, 6, 9, 2],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn random_boards_use_every_bone_once_on_neighbouring_cells() {
        for n in [0, 1, 3, 6, 20] {
            let sample = place_random(n, n as u64 + 1);
            let mut cells: HashMap<usize, Vec<Cell>> = HashMap::new();
            for (r, row) in sample.solution.iter().enumerate() {
                for (c, bone) in row.iter().enumerate() {
                    cells.entry(bone.unwrap()).or_default().push((r, c));
                }
            }
            assert_eq!(cells.len(), set_size(n));
            for (bone, cells) in cells {
                let [p, q] = cells[..] else {
                    panic!("bone {bone}: {cells:?}")
                };
                assert_eq!(p.0.abs_diff(q.0) + p.1.abs_diff(q.1), 1);
                let (a, b) = (
                    sample.board[p.0][p.1].unwrap(),
                    sample.board[q.0][q.1].unwrap(),
                );
                assert_eq!(bone_number(a, b, n), bone);
            }
        }
    }

    #[test]
    fn the_small_board_solution_matches_its_numbers() {
        let sample = place_small();
        let mut seen: HashMap<usize, Vec<i64>> = HashMap::new();
        for (r, row) in sample.solution.iter().enumerate() {
            for (c, bone) in row.iter().enumerate() {
                assert_eq!(bone.is_some(), sample.board[r][c].is_some());
                if let Some(b) = bone {
                    seen.entry(*b)
                        .or_default()
                        .push(sample.board[r][c].unwrap());
                }
            }
        }
        assert_eq!(seen.len(), set_size(3));
        for (bone, mut values) in seen {
            values.sort_unstable();
            let (a, b) = domino::tile::bone_halves(bone, 3);
            assert_eq!(values, vec![a, b], "bone {bone}");
        }
    }
}
