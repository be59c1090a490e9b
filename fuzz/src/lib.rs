//! The fuzz targets' shared checks (checks.rs for the library, server.rs
//! for the HTTP service, behind the `server` feature); each file under
//! fuzz_targets/ hands libFuzzer's bytes to one of them.

pub mod checks;
#[cfg(feature = "server")]
pub mod server;
