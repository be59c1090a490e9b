//! The solver's integration tests in one test binary: problems with known
//! solution counts (known_counts) and agreement with the `dlx` crate
//! (versus_dlx).

mod known_counts;
mod versus_dlx;
