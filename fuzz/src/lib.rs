//! The fuzz targets' shared checks (see checks.rs); each file under
//! fuzz_targets/ hands libFuzzer's bytes to one of them.

pub mod checks;
