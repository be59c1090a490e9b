//! Writes two player pages from the render samples into a folder: a vanish
//! removal order (`vanish.html`) and a `place explain` walk-through
//! (`explain.html`). scripts/browser-test loads them in headless chromium.
//!
//! Usage: `cargo run --release -p domino-puzzles --example player_pages -- DIR`

use domino::render::html::single;
use domino::render::{explain_player, vanish_player, PlacePicture, VanishPicture};
use std::path::PathBuf;
use std::process::ExitCode;

#[path = "../tests/samples/mod.rs"]
mod samples;

fn main() -> ExitCode {
    let Some(dir) = std::env::args_os().nth(1).map(PathBuf::from) else {
        eprintln!("usage: player_pages DIR");
        return ExitCode::from(2);
    };
    let vanish = samples::vanish_example();
    let vanish_page = single(
        "domino vanish",
        vanish_player(
            &VanishPicture {
                board: &vanish.board,
                order: &vanish.order,
            },
            "the worked example of the rules, cleared (sample data)",
        ),
    );
    let place = samples::place_small();
    let explain_page = single(
        "domino place explain",
        explain_player(
            &PlacePicture {
                board: &place.board,
                solution: Some(&place.solution),
                clues: &place.clues,
            },
            &place.steps,
            "a double-3 puzzle, step by step (sample data)",
        ),
    );
    for (name, page) in [("vanish.html", vanish_page), ("explain.html", explain_page)] {
        let path = dir.join(name);
        if let Err(error) = std::fs::write(&path, page) {
            eprintln!("{}: {error}", path.display());
            return ExitCode::from(2);
        }
        println!("wrote {}", path.display());
    }
    ExitCode::SUCCESS
}
