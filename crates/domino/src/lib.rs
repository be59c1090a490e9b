//! # domino
//!
//! Solve, check and explain the classic domino problems. Each family lives
//! in its own module with the same doors: a model, parsing of its formats,
//! a solver, and an independent `verify` that checks any answer.
//!
//! ## chain: every domino in one matching line
//!
//! ```
//! use domino::chain::{find_chain, verify_chain, Shape};
//! use domino::tile::parse_dominoes;
//!
//! let hand = parse_dominoes("1|2 2|3 3|1").unwrap();
//! let chain = find_chain(&hand, Shape::Closed).unwrap();
//! assert!(verify_chain(&hand, &chain, Shape::Closed).is_ok());
//!
//! // 1|2 2|3 cannot close into a loop: 1 and 3 each appear once.
//! let why = find_chain(&parse_dominoes("1|2 2|3").unwrap(), Shape::Closed).unwrap_err();
//! assert!(why.to_string().contains("odd"));
//! ```
//!
//! ## place: cover a board of numbers with a double-N set
//!
//! ```
//! use domino::place::{parse_boards, solve, verify_map};
//!
//! // A double-1 set (0-0, 0-1, 1-1) on a 2x3 board, in compact digits:
//! // three solutions.
//! let boards = parse_boards("001\n011\n", None).unwrap();
//! let found = solve(&boards[0], u64::MAX, 1);
//! assert_eq!((found.count, found.complete), (3, true));
//! assert!(verify_map(&boards[0], &found.maps[0]).is_ok());
//!
//! // On one row the solution is unique: bones 1 (0-0), 2 (0-1), 3 (1-1).
//! let row = &parse_boards("0 0 0 1 1 1", None).unwrap()[0];
//! let found = solve(row, 2, 2); // stop at 2: enough to prove uniqueness
//! assert_eq!((found.count, found.complete), (1, true));
//! let bones: Vec<_> = found.maps[0].bones.iter().map(|b| b.unwrap()).collect();
//! assert_eq!(bones, vec![1, 1, 2, 2, 3, 3]);
//! ```
//!

pub mod chain;
pub mod fastmap;
pub mod input_error;
pub mod place;
pub mod rng;
pub mod tile;

pub use input_error::InputError;
pub use tile::{parse_dominoes, Domino, Value};
