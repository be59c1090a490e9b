//! Fuzz target `vanish_parse`: see `checks::vanish_parse`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| domino_fuzz::checks::vanish_parse(data));
