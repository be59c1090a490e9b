//! Fuzz target `vanish_solve`: see `checks::vanish_solve`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| domino_fuzz::checks::vanish_solve(data));
