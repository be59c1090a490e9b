//! Fuzz target `place_dp`: see `checks::place_dp`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| domino_fuzz::checks::place_dp(data));
