//! Fuzz target `server_request`: see `server::request`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| domino_fuzz::server::request(data));
