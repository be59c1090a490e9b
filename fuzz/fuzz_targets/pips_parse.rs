//! Fuzz target `pips_parse`: see `checks::pips_parse`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| domino_fuzz::checks::pips_parse(data));
