//! The direction of the modules, checked by a test so that `cargo test`
//! fails when it is broken: the five families (chain, fiveup, place, pips,
//! vanish) stand on the shared modules (tile, search, board, names, text_grid, ...)
//! and under render and demo, which draw and show them. A family that
//! names render, demo or another family, by `crate::`, `domino::` (doc
//! examples) or enough `super::` to leave its folder, is reported with its
//! file and line. Comments count too: a family's documentation that points
//! up or sideways would be a first step back to pictures going both ways.

use std::fs;
use std::path::{Path, PathBuf};

/// The families, each in its own folder under src/.
const FAMILIES: [&str; 5] = ["chain", "fiveup", "place", "pips", "vanish"];

/// The modules above the families: they may use any family, never the
/// reverse.
const ABOVE: [&str; 2] = ["render", "demo"];

/// Every `.rs` file under `dir`, sorted so that reports are stable.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(dir) = todo.pop() {
        let entries = fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// How many `super::` lead from a file's module to the crate root:
/// src/pips/mod.rs is one deep, src/pips/play.rs two,
/// src/pips/explain/step.rs three. (An inline `mod tests` is one deeper
/// than its file, so its `super::` chains are judged as if they went
/// further up than they do; no family has a module named like another
/// family, so this finds nothing false.)
fn depth(relative: &Path) -> usize {
    let parts = relative.components().count();
    if relative.file_name().is_some_and(|n| n == "mod.rs") {
        parts - 1
    } else {
        parts
    }
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The leading identifier of `text`.
fn ident(text: &str) -> &str {
    let end = text.find(|c| !is_ident(c)).unwrap_or(text.len());
    &text[..end]
}

/// The top-level modules named right after a path's root, each with its
/// offset in `rest`: `render` in `render::html`, and each item's first
/// name in a group `{tile::Value, place::Grid}` (which may span lines).
fn roots(rest: &str) -> Vec<(usize, &str)> {
    let Some(group) = rest.strip_prefix('{') else {
        return vec![(0, ident(rest))];
    };
    let item = |start: usize, end: usize| {
        let text = &group[start..end];
        let skipped = text.len() - text.trim_start().len();
        (1 + start + skipped, ident(text.trim_start()))
    };
    let mut names = Vec::new();
    let mut nesting = 0;
    let mut start = 0;
    for (i, c) in group.char_indices() {
        match c {
            '{' => nesting += 1,
            '}' if nesting == 0 => {
                names.push(item(start, i));
                break;
            }
            '}' => nesting -= 1,
            ',' if nesting == 0 => {
                names.push(item(start, i));
                start = i + 1;
            }
            _ => {}
        }
    }
    names
}

/// Each top-level module that `source` (a file `depth` modules below the
/// crate root) names by a path from the crate root, with the byte offset
/// of the name.
fn named_modules(source: &str, depth: usize) -> Vec<(usize, &str)> {
    let mut found = Vec::new();
    for (at, _) in source.char_indices() {
        let before = source[..at].chars().next_back();
        if before.is_some_and(|c| is_ident(c) || c == ':') {
            continue;
        }
        let rest = &source[at..];
        let after_root = if let Some(rest) = rest.strip_prefix("crate::") {
            Some(rest)
        } else if let Some(rest) = rest.strip_prefix("domino::") {
            Some(rest)
        } else {
            let mut rest = rest;
            let mut ups = 0;
            while let Some(next) = rest.strip_prefix("super::") {
                rest = next;
                ups += 1;
            }
            (ups > 0 && ups >= depth).then_some(rest)
        };
        if let Some(rest) = after_root {
            let base = source.len() - rest.len();
            found.extend(roots(rest).into_iter().map(|(k, name)| (base + k, name)));
        }
    }
    found
}

/// The modules a family must not name: render, demo and the other
/// families.
fn forbidden(family: &str) -> impl Fn(&str) -> bool + '_ {
    move |name| ABOVE.contains(&name) || (FAMILIES.contains(&name) && name != family)
}

/// `file:line: names module` for every forbidden path in one family's
/// file.
fn offences(family: &str, relative: &Path, source: &str) -> Vec<String> {
    let bad = forbidden(family);
    named_modules(source, depth(relative))
        .into_iter()
        .filter(|&(_, name)| bad(name))
        .map(|(at, name)| {
            let line = source[..at].matches('\n').count() + 1;
            let text = source.lines().nth(line - 1).unwrap_or("").trim();
            format!(
                "src/{}:{line}: {family} names {name}: {text}",
                relative.display()
            )
        })
        .collect()
}

#[test]
fn no_family_imports_render_demo_or_another_family() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    for family in FAMILIES {
        for path in rust_files(&src.join(family)) {
            let source =
                fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let relative = path.strip_prefix(&src).expect("a file under src");
            all.extend(offences(family, relative, &source));
        }
    }
    assert!(
        all.is_empty(),
        "a family imports a module above it or beside it (pictures go in render, \
         shared code in a shared module):\n{}",
        all.join("\n")
    );
}

#[test]
fn the_check_sees_every_form_of_path() {
    let play = Path::new("pips/play.rs");
    let source = "use crate::render::html;\n\
                  use crate::{\n    tile::Value,\n    place::Grid,\n};\n\
                  let s = super::super::render::pips_svg(p);\n\
                  /// see [`domino::demo`]\n\
                  use crate::{goal::Goal, fiveup};\n";
    let found = offences("pips", play, source);
    let lines: Vec<&str> = found
        .iter()
        .map(|f| f.split(": ").next().unwrap_or(""))
        .collect();
    assert_eq!(
        lines,
        [
            "src/pips/play.rs:1",
            "src/pips/play.rs:4",
            "src/pips/play.rs:6",
            "src/pips/play.rs:7",
            "src/pips/play.rs:8"
        ],
        "{found:#?}"
    );
    let allowed = "use crate::tile::Value;\nuse crate::pips::Puzzle;\nuse super::render::x;\n\
                   use my_crate::render;\nuse domino::pips::parse_puzzle;\n";
    assert_eq!(offences("pips", play, allowed), Vec::<String>::new());
    assert_eq!(depth(Path::new("pips/mod.rs")), 1);
    assert_eq!(depth(Path::new("pips/explain/mod.rs")), 2);
    assert_eq!(depth(Path::new("pips/explain/step.rs")), 3);
}
