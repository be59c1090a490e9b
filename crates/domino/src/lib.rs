//! # domino
//!
//! Solve, check and explain the classic domino problems. Each family lives
//! in its own module with the same doors: a model, parsing of its formats,
//! a solver, and an independent `verify` that checks any answer.
//!
//! ## chain: every domino in one matching line
//!
//! ```
//! use domino::chain::{self, verify_chain, Ends};
//! use domino::tile::parse_dominoes;
//!
//! let hand = parse_dominoes("1|2 2|3 3|1").unwrap();
//! let chain = chain::solve(&hand, Ends::Closed).unwrap();
//! assert!(verify_chain(&hand, &chain, Ends::Closed).is_ok());
//!
//! // 1|2 2|3 cannot close into a loop: 1 and 3 each appear once.
//! let why = chain::solve(&parse_dominoes("1|2 2|3").unwrap(), Ends::Closed).unwrap_err();
//! assert!(why.to_string().contains("odd"));
//! ```
//!
//! The longest line a player can lay from a hand (an NP-hard problem,
//! solved exactly by branch and bound):
//!
//! ```
//! use domino::chain::{self, Limits};
//! use domino::tile::parse_dominoes;
//!
//! let hand = parse_dominoes("6|6 6|3 3|4 1|2").unwrap();
//! let best = chain::longest(&hand, Some(6), &Limits::none());
//! assert_eq!(best.line.len(), 3);
//! assert!(best.optimal);
//! ```
//!
//! ## render: every answer as a picture
//!
//! [`render`] draws each family from plain data (SVG, and self-contained
//! HTML pages with a step player):
//!
//! ```
//! use domino::render::{chain_svg, ChainKind, ChainPicture};
//!
//! let chain = domino::parse_dominoes("1|2 2|3 3|1").unwrap();
//! let svg = chain_svg(&ChainPicture { dominoes: &chain, kind: &ChainKind::Closed });
//! assert!(svg.starts_with("<svg") && svg.contains(r#"data-tiles="3""#));
//! ```
//!
//! ## fiveup: is this order of plays a legal game of Five Up?
//!
//! ```
//! use domino::fiveup::{solve, verify_layout};
//! use domino::tile::parse_dominoes;
//!
//! let game = parse_dominoes("1-1 1-2 1-3 1-4 1-5 3-6 1-6").unwrap();
//! let layout = solve(&game).unwrap();
//! assert_eq!(layout[6].attached_to, Some(5)); // 1-6 hangs on 3-6
//! assert!(verify_layout(&game, &layout).is_ok());
//!
//! // All four ends of the spinner 1-1 are taken before 1-6 comes.
//! let illegal = solve(&parse_dominoes("1-1 1-2 1-3 1-4 1-5 1-6").unwrap()).unwrap_err();
//! assert_eq!(illegal.index, 5);
//! ```
//!
//! ## vanish: remove as many pieces as possible
//!
//! ```
//! use domino::vanish::{parse_board, solve, verify_order, Algorithm, Options};
//!
//! // Two pieces side by side: the left one has 0 on its left end (the
//! // edge is right there), then the right one sees 2 empty squares.
//! let board = parse_board("4;1\nh;0;5;0;0\nh;2;9;2;0\n").unwrap();
//! let best = solve(&board, Algorithm::Exact, &Options::default(), None).unwrap();
//! assert_eq!((best.score, best.optimal), (0, true));
//! assert_eq!(verify_order(&board, &best.order), Ok(0));
//! ```
//!
//! ## place: cover a board of numbers with a double-N set
//!
//! ```
//! use domino::place::{parse_grids, solve, verify, Goal, Limits};
//!
//! // A double-1 set (0-0, 0-1, 1-1) on a 2x3 board, in compact digits:
//! // three solutions.
//! let boards = parse_grids("001\n011\n", None).unwrap();
//! let found = solve(&boards[0], Goal { limit: u64::MAX, keep: 1 }, &Limits::none());
//! assert_eq!((found.count, found.complete), (3, true));
//! assert!(verify(&boards[0], &found.solutions[0]).is_ok());
//!
//! // On one row the solution is unique: bones 1 (0-0), 2 (0-1), 3 (1-1).
//! let row = &parse_grids("0 0 0 1 1 1", None).unwrap()[0];
//! // Stop at 2: enough to prove uniqueness.
//! let found = solve(row, Goal::UNIQUE, &Limits::none());
//! assert_eq!((found.count, found.complete), (1, true));
//! let bones: Vec<_> = found.solutions[0].bones.iter().map(|b| b.unwrap()).collect();
//! assert_eq!(bones, vec![1, 1, 2, 2, 3, 3]);
//! ```
//!

#![warn(missing_docs)]

pub mod board;
pub mod chain;
pub mod demo;
mod digits;
mod fastmap;
pub mod fiveup;
mod input_error;
#[cfg(test)]
mod layering;
pub mod names;
pub mod pips;
pub mod place;
mod prefetch;
pub mod render;
pub mod rng;
pub mod search;
pub mod text_grid;
pub mod tile;
pub mod vanish;

pub use input_error::{text_from_bytes, InputError, Missing, Position, MAX_INPUT_BYTES};
pub use search::{Goal, Limits};
pub use tile::{parse_dominoes, Domino, Value};

/// A square of a grid, as (row, column) from 0; every family with a grid
/// (place, pips) and its pictures speak of cells this way.
pub type Cell = (usize, usize);
