//! Running the `domino` binary from the command-line tests, and the files
//! they read and write.

use std::io::Write;
use std::path::PathBuf;
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

/// A finished run with its output read as text.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// The standard output of a run that must succeed: the test fails,
    /// showing the run's standard error, unless it exited 0.
    pub fn ok(self) -> String {
        assert_eq!(self.code, 0, "{}", self.stderr);
        self.stdout
    }
}

/// Fails the test, showing the run's standard error, unless it exited 0.
pub fn assert_ok(out: &Output) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
}

/// Runs `domino ARGS` with `stdin` like [`run`], and reads the exit code
/// and both outputs as UTF-8 (a test fails if they are not).
pub fn domino(args: &[&str], stdin: &str) -> Run {
    let out = run(args, stdin);
    Run {
        code: out.status.code().unwrap(),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

/// The standard output of a run, as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The standard output of a run, read as one JSON document.
pub fn json(out: &Output) -> serde_json::Value {
    serde_json::from_str(stdout(out).trim()).unwrap()
}

/// The path of a file in the repository's testdata/.
pub fn testdata(path: &str) -> String {
    format!("{}/../../testdata/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// The path of an example the library embeds (crates/domino/data/): the
/// tests read the same copy as `domino demo`.
pub fn example(path: &str) -> String {
    format!("{}/../domino/data/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// A fresh folder for one test's output files: the tests of this binary
/// run in parallel, so each names its own.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("domino-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
