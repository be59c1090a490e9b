//! Every command ends quietly when the reader of its output goes away
//! (`domino demo | head -1`): exit 0, no panic message.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `domino ARGS` with its standard output closed before it writes,
/// and returns the exit code and standard error.
fn run_closed(args: &[&str], stdin: &str) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_domino"))
        .args(args)
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
    let page = std::env::temp_dir().join(format!("domino-pipe-demo-{}.html", std::process::id()));
    let page = page.to_str().unwrap().to_string();
    let runs: &[(&[&str], &str)] = &[
        (&["chain"], HAND),
        (&["chain", "--json"], HAND),
        (&["chain", "--longest"], HAND),
        (&["fiveup"], GAME),
        (&["fiveup", "--lines", "--json"], GAME),
        (&["place", "solve"], BOARD),
        (&["place", "solve", "--json", "--grade"], BOARD),
        (&["place", "explain"], BOARD),
        (&["place", "generate", "--set", "3"], ""),
        (&["vanish", "solve"], VANISH),
        (&["vanish", "compare"], VANISH),
        (
            &[
                "vanish",
                "generate",
                "--width",
                "4",
                "--height",
                "3",
                "--max-value",
                "3",
            ],
            "",
        ),
        (&["demo", "--output", &page], ""),
    ];
    for (args, stdin) in runs {
        let (code, stderr) = run_closed(args, stdin);
        assert_eq!(code, Some(0), "domino {args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "domino {args:?}: {stderr}");
    }
    let _ = std::fs::remove_file(&page);
}
