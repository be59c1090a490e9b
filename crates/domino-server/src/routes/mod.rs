//! One module per family; each route parses its request, runs the library
//! call in a pool job, and answers the CLI's JSON document.

pub mod chain;
pub mod fiveup;
pub mod pips;
pub mod place;
pub mod vanish;
