//! Embeds every file of web/ into the binary: writes a table of (path,
//! content type, bytes) that src/assets.rs includes. Cargo reruns this when
//! anything under web/ changes, so a new file is picked up without a clean.
//! Also tells utoipa what the library's type aliases stand for, as the
//! library's own build.rs does, so the routes' schemas see through them
//! (a `serde_json::Value` field needs its own `value_type`, as there).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let root = PathBuf::from(
        std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    );
    let web = root.join("web");
    println!("cargo:rerun-if-changed=web");
    let mut files = Vec::new();
    collect(&web, &web, &mut files);
    files.sort();
    let mut table = String::from("&[\n");
    for (name, path) in &files {
        writeln!(
            table,
            "    ({name:?}, {:?}, include_bytes!({:?})),",
            content_type(name),
            path.display().to_string()
        )
        .expect("writing to a String cannot fail");
    }
    table.push(']');
    let out =
        PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("assets.rs");
    std::fs::write(out, table).expect("OUT_DIR is writable");
    utoipa_config::Config::new()
        .alias_for("Value", "i64")
        .alias_for("Cell", "(usize, usize)")
        .write_to_file();
}

/// Every file under `dir`, named by its path from `web` with `/` separators.
fn collect(web: &Path, dir: &Path, files: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(web, &path, files);
        } else if let Ok(relative) = path.strip_prefix(web) {
            let name: Vec<String> = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            files.push((name.join("/"), path));
        }
    }
}

fn content_type(name: &str) -> &'static str {
    let extension = name.rsplit('.').next().unwrap_or("");
    match extension {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "ico" => "image/x-icon",
        "json" => "application/json",
        "webmanifest" => "application/manifest+json",
        "txt" | "md" => "text/plain; charset=utf-8",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}
