//! Local stand-in (not committed): the reader branch names this example before committing it.
fn main() {}
