//! Fuzz target `place_solve`: see `checks::place_solve`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| domino_fuzz::checks::place_solve(data));
