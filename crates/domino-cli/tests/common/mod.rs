//! Running the `domino` binary from the command-line tests.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `domino ARGS` with `stdin` on standard input and waits for it.
pub fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_domino"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A run that fails before reading its input (a usage error, a missing
    // file) closes the pipe early; the tests check the exit code instead.
    if let Some(mut pipe) = child.stdin.take() {
        let _ = pipe.write_all(stdin.as_bytes());
    }
    child.wait_with_output().unwrap()
}

/// The path of a file in the repository's testdata/.
#[allow(dead_code)] // each test binary compiles this module; not all use it
pub fn testdata(path: &str) -> String {
    format!("{}/../../testdata/{path}", env!("CARGO_MANIFEST_DIR"))
}
