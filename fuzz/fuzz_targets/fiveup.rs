//! Fuzz target `fiveup`: see `checks::fiveup`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| domino_fuzz::checks::fiveup(data));
