//! Fuzz target `tile_list`: see `checks::tile_list`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| domino_fuzz::checks::tile_list(data));
