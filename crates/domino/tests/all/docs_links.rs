//! The documents stay true to the tree: every relative link of every
//! Markdown file, every repository path that a document or a comment
//! names (`crates/...`, `docs/...`, `scripts/...`, ...), and every README
//! section a comment points to must exist. A file that moves or a section
//! that goes to docs/ then fails here instead of leaving a dangling
//! pointer for the next reader.

use std::path::{Path, PathBuf};

/// Folders a path named in the text may start with, from the repository's
/// root.
const ROOTS: &[&str] = &[
    "crates/",
    "docs/",
    "scripts/",
    "bench/",
    "fuzz/",
    "testdata/",
    ".ci/",
];

/// Folders never read: build output, installed packages, fuzz corpora.
const SKIPPED: &[&str] = &[
    "target",
    ".git",
    "node_modules",
    "corpus",
    "artifacts",
    "py-venv",
    ".venv",
    "__pycache__",
];

/// Paths the tools make when they run (work folders, installed packages,
/// findings not yet kept): named before they exist.
const MADE_AT_RUN_TIME: &[&str] = &[
    "bench/peers/work",
    "bench/peers/.venv",
    "bench/pips-read-variations/.pylib",
    "fuzz/artifacts",
    "fuzz/regressions/server_request",
];

/// Files not read: history may name what has since moved, and this file
/// names missing paths on purpose.
const NOT_READ: &[&str] = &["CHANGELOG.md", "docs_links.rs"];

/// Kinds of files whose text is read.
const READ: &[&str] = &["md", "rs", "py", "pyi", "js", "cjs", "toml", "html", "css"];

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn files(folder: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if NOT_READ.contains(&name.as_str()) {
            continue;
        }
        if path.is_dir() {
            if !SKIPPED.contains(&name.as_str()) {
                files(&path, found);
            }
        } else if path
            .extension()
            .is_some_and(|e| READ.contains(&e.to_string_lossy().as_ref()))
            || name.starts_with("run")
            || path.parent().is_some_and(|p| p.ends_with("scripts"))
        {
            found.push(path);
        }
    }
}

/// The targets of the Markdown links `[text](target)` in `text`.
fn link_targets(text: &str) -> Vec<&str> {
    text.match_indices("](")
        .filter_map(|(at, _)| {
            let rest = &text[at + 2..];
            rest.find(')').map(|end| &rest[..end])
        })
        .collect()
}

/// The repository paths named in `text`: a run of path characters that
/// starts with one of [`ROOTS`] after a character that cannot be part of a
/// path. Globs and templates (`*`, `<`, `{`, a one-letter capital name such
/// as `docs/F.md` for any family) are not paths.
fn named_paths(text: &str) -> Vec<String> {
    let is_path_char = |c: char| c.is_ascii_alphanumeric() || "_./-".contains(c);
    let mut paths = Vec::new();
    for root in ROOTS {
        for (at, _) in text.match_indices(root) {
            let before = text[..at].chars().next_back();
            if before.is_some_and(|c| is_path_char(c) || c == ':') {
                continue;
            }
            let rest = &text[at..];
            let end = rest.find(|c: char| !is_path_char(c)).unwrap_or(rest.len());
            let after = rest[end..].chars().next();
            if after.is_some_and(|c| "*<{$".contains(c)) {
                continue;
            }
            let path = rest[..end].trim_end_matches(['.', '-']);
            let template = path.split('/').any(|part| {
                let stem = part.split('.').next().unwrap_or(part);
                stem.len() == 1 && stem.chars().all(|c| c.is_ascii_uppercase())
            });
            if !template {
                paths.push(path.to_string());
            }
        }
    }
    paths
}

/// The headings of a Markdown text, as written after the `#`s.
fn headings(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with('#'))
        .map(|l| l.trim_start_matches('#').trim().to_string())
        .collect()
}

/// GitHub's anchor for a heading: lower case, spaces to dashes, other
/// punctuation dropped.
fn anchor(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The README sections a text points to as `README's "Section"`.
fn readme_sections(text: &str) -> Vec<&str> {
    text.match_indices("README's \"")
        .filter_map(|(at, quote)| {
            let rest = &text[at + quote.len()..];
            rest.find('"').map(|end| &rest[..end])
        })
        .collect()
}

/// Every dangling pointer of the repository, one line each.
fn dangling() -> Vec<String> {
    let root = repository();
    let mut found = Vec::new();
    files(&root, &mut found);
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let readme_headings = headings(&readme);
    let mut broken = Vec::new();
    for file in &found {
        let Ok(text) = std::fs::read_to_string(file) else {
            continue;
        };
        let shown = file.strip_prefix(&root).unwrap_or(file).display();
        if file.extension().is_some_and(|e| e == "md") {
            for target in link_targets(&text) {
                let target = target.split_whitespace().next().unwrap_or("");
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                let (place, section) = target.split_once('#').unwrap_or((target, ""));
                let linked = if place.is_empty() {
                    file.clone()
                } else {
                    file.parent().unwrap_or(&root).join(place)
                };
                if !linked.exists() {
                    broken.push(format!("{shown}: link to {target}: no such file"));
                } else if !section.is_empty() && linked.extension().is_some_and(|e| e == "md") {
                    let linked_text = std::fs::read_to_string(&linked).unwrap_or_default();
                    if !headings(&linked_text).iter().any(|h| anchor(h) == section) {
                        broken.push(format!("{shown}: link to {target}: no such section"));
                    }
                }
            }
        }
        for path in named_paths(&text) {
            let made = MADE_AT_RUN_TIME.iter().any(|m| path.starts_with(m));
            if !made && !root.join(&path).exists() {
                broken.push(format!("{shown}: names {path}, which does not exist"));
            }
        }
        for section in readme_sections(&text) {
            if !readme_headings.iter().any(|h| h == section) {
                broken.push(format!(
                    "{shown}: points to README's \"{section}\", not a section of README"
                ));
            }
        }
    }
    broken
}

#[test]
fn every_named_path_and_link_exists() {
    let broken = dangling();
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn the_checker_sees_a_dangling_pointer() {
    assert_eq!(
        named_paths("see `docs/nowhere.md`, then"),
        ["docs/nowhere.md"]
    );
    assert_eq!(
        named_paths("in crates/domino/src/*.rs"),
        Vec::<String>::new()
    );
    assert_eq!(named_paths("add docs/F.md"), Vec::<String>::new());
    assert_eq!(
        link_targets("[a](docs/x.md#y) and [b](https://e.org)"),
        ["docs/x.md#y", "https://e.org"]
    );
    assert_eq!(
        anchor("Every door keeps the limits (issue 35)"),
        "every-door-keeps-the-limits-issue-35"
    );
    assert_eq!(readme_sections("README's \"Limits\" section"), ["Limits"]);
    assert!(!repository().join("docs/nowhere.md").exists());
}
