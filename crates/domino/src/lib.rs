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
//! ## vanish: remove as many pieces as possible
//!
//! ```
//! use domino::vanish::{parse_board, solve, verify_order, Algorithm, Limits};
//!
//! // Two pieces side by side: the left one has 0 on its left end (the
//! // edge is right there), then the right one sees 2 empty squares.
//! let board = parse_board("4;1\nh;0;5;0;0\nh;2;9;2;0\n").unwrap();
//! let best = solve(&board, Algorithm::Exact, &Limits::default(), None);
//! assert_eq!((best.score, best.optimal), (0, true));
//! assert_eq!(verify_order(&board, &best.order), Ok(0));
//! ```
//!

pub mod chain;
pub mod fastmap;
pub mod input_error;
pub mod rng;
pub mod tile;
pub mod vanish;

pub use input_error::InputError;
pub use tile::{parse_dominoes, Domino, Value};
