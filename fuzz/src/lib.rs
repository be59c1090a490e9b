//! The fuzz targets' shared checks (checks.rs for the library, server.rs
//! for the HTTP service); each file under
//! fuzz_targets/ hands libFuzzer's bytes to one of them.

pub mod checks;
pub mod server;
