//! Fuzz target `chain`: see `checks::chain`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| domino_fuzz::checks::chain(data));
