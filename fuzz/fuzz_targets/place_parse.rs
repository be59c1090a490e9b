//! Fuzz target `place_parse`: see `checks::place_parse`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| domino_fuzz::checks::place_parse(data));
