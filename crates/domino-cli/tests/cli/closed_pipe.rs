//! Every command that prints ends quietly when the reader of its output
//! goes away (`domino demo | head -1`): exit 0, nothing on standard error
//! (no panic, no "Broken pipe" message); `serve` keeps serving.

use super::util::{example, scratch};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs `domino ARGS` in `dir` with its standard output closed before it
/// writes, and returns the exit code and standard error.
fn run_closed(dir: &Path, args: &[&str], stdin: &str) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_domino"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The reader goes away before the command has read its input, so
    // every write it makes meets a closed pipe.
    drop(child.stdout.take());
    if let Some(mut pipe) = child.stdin.take() {
        let _ = pipe.write_all(stdin.as_bytes());
    }
    let out = child.wait_with_output().unwrap();
    (out.status.code(), String::from_utf8(out.stderr).unwrap())
}

const HAND: &str = "1|2 2|3 3|1 4|4";
const GAME: &str = "1-1 1-2 1-3 1-4 1-5 1-6";
const BOARD: &str = "0 0 0 1 1 1\n";
const VANISH: &str = "4;1\nh;0;5;0;0\nh;2;9;2;0\n";

#[test]
fn every_command_ends_quietly_on_a_closed_pipe() {
    // `demo` writes demo.html into the folder it runs in.
    let dir = scratch("closed-pipe");
    let page = dir.join("page.html");
    let page = page.to_str().unwrap();
    let pips = example("pips/blank-row.json");
    let pips = std::fs::read_to_string(pips).unwrap();
    let vanish_generate = [
        "vanish",
        "generate",
        "--width",
        "4",
        "--height",
        "3",
        "--max-value",
        "3",
    ];
    let runs: &[(&[&str], &str)] = &[
        (&["demo"], ""),
        (&["demo", "--output", page], ""),
        (&["chain"], HAND),
        (&["chain", "--json"], HAND),
        (&["chain", "--longest"], HAND),
        (&["chain", "longest", "--json"], HAND),
        (&["fiveup"], GAME),
        (&["fiveup", "--json"], GAME),
        (&["fiveup", "--lines", "--json"], GAME),
        (&["fiveup", "--score"], GAME),
        (&["fiveup", "lines"], GAME),
        (&["fiveup", "score", "--json"], GAME),
        (&["place", "solve", "--all"], BOARD),
        (&["place", "generate", "--set", "3", "--format", "id"], ""),
        (&["pips", "solve", "--count"], &pips),
        (&["place", "solve"], BOARD),
        (&["place", "solve", "--json", "--grade"], BOARD),
        (&["place", "explain"], BOARD),
        (&["place", "explain", "--json"], BOARD),
        (&["place", "generate", "--set", "3"], ""),
        (&["place", "generate", "--set", "3", "--json"], ""),
        (&["vanish", "solve"], VANISH),
        (&["vanish", "solve", "--json"], VANISH),
        (&["vanish", "compare"], VANISH),
        (&["vanish", "compare", "--json"], VANISH),
        (&vanish_generate, ""),
        (&[&vanish_generate[..], &["--xml"]].concat(), ""),
        (&["pips", "solve"], &pips),
        (&["pips", "solve", "--json"], &pips),
        (&["pips", "explain"], &pips),
        (&["pips", "explain", "--json"], &pips),
        // Easy: a medium puzzle on 8 cells is rare (the grade follows the
        // board's size), and the seed would decide whether one is found.
        (
            &["pips", "generate", "--cells", "8", "--difficulty", "easy"],
            "",
        ),
        (&["pips", "generate", "--count", "3", "--json"], ""),
        (
            &["place", "generate", "--set", "6", "--count", "50", "--json"],
            "",
        ),
        (&["pips", "convert", "--to", "text"], &pips),
        (&["pips", "convert", "--to", "json"], &pips),
    ];
    for (args, stdin) in runs {
        let (code, stderr) = run_closed(&dir, args, stdin);
        assert_eq!(code, Some(0), "domino {args:?}: {stderr}");
        assert_eq!(stderr, "", "domino {args:?}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// `serve` prints its address, then serves until stopped: a reader that
/// went away must not end it.
#[test]
fn serve_keeps_running_on_a_closed_pipe() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_domino"))
        .args(["serve", "--bind", "127.0.0.1:0"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    // It writes its address within milliseconds of starting; a panic on
    // the closed pipe would end it well within this watch.
    let start = Instant::now();
    let mut ended = None;
    while ended.is_none() && start.elapsed() < Duration::from_secs(2) {
        ended = child.try_wait().unwrap();
        std::thread::sleep(Duration::from_millis(50));
    }
    if ended.is_none() {
        child.kill().unwrap();
    }
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(ended, None, "serve ended: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}
