//! Fuzz target `pips_solve`: see `checks::pips_solve`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| domino_fuzz::checks::pips_solve(data));
