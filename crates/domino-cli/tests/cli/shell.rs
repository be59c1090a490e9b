//! `domino completions` and `domino man`: scripts and pages that name
//! every command and flag the binary takes.

use super::util::{domino, scratch};

#[test]
fn completions_name_the_commands_and_their_flags() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = domino(&["completions", shell], "").ok();
        for word in ["pips", "vanish", "time-limit", "max-solutions"] {
            assert!(script.contains(word), "{shell}: no {word}");
        }
    }
    let wrong = domino(&["completions", "tcsh"], "");
    assert_eq!(wrong.code, 2);
    assert!(wrong.stderr.contains("possible values"), "{}", wrong.stderr);
}

#[test]
fn the_man_pages_describe_every_command() {
    let page = domino(&["man"], "").ok();
    assert!(
        page.starts_with(".ie") || page.contains(".TH domino"),
        "{page}"
    );
    assert!(page.contains("completions"));
    let dir = scratch("man");
    domino(&["man", "--dir", dir.to_str().unwrap()], "").ok();
    let solve = std::fs::read_to_string(dir.join("domino-pips-solve.1")).unwrap();
    assert!(solve.contains("max\\-solutions"), "{solve}");
}
