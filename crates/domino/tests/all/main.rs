//! Every integration test of the library, one module per family or concern.
//! They are one test binary (ripgrep's shape) because each binary links the
//! whole library: seventeen of them spent most of a cold `cargo test` in
//! linking. Run one module with `cargo test --release -p domino-puzzles --test all
//! MODULE::` (for example `place_calibration::`).

// The render samples stay in tests/samples/, where the player_pages
// example also reads them.
#[path = "../samples/mod.rs"]
mod samples;

mod board;
mod chain;
mod docs_links;
mod fiveup_examples;
mod fiveup_oracle;
mod fiveup_score;
mod fuzz_regressions;
mod parsers_never_panic;
mod pips;
mod pips_newspaper;
mod pips_nyt;
mod pips_oracle;
#[cfg(feature = "read")]
mod pips_read;
mod place;
mod place_calibration;
mod place_deduce;
mod place_generate;
mod place_hand_built;
mod place_play;
mod render;
mod search_limits;
mod search_memory;
mod vanish;
mod vanish_formats;
mod vanish_model;
