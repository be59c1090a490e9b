//! The command-line tests: the `domino` binary run as a process, one module
//! per family or concern. They are one test binary (ripgrep's
//! `tests/tests.rs` shape) because each binary links the whole library and
//! the server, and nine of them took longer to link than to run.

mod cli {
    mod board_verbs;
    mod book;
    mod chain;
    mod closed_pipe;
    mod fiveup;
    mod limits;
    mod pips;
    mod pips_like;
    mod place_author;
    mod place_solve;
    mod render;
    mod search_flags;
    mod shell;
    mod util;
    mod vanish;
}
