//! Pictures: SVG and self-contained HTML for every family.
//!
//! Each picture takes its family's own answers: render sits above the
//! families, which never import it (nor one another); the test in
//! `layering.rs` fails the build's tests when a family does. Every report
//! of a family (`chain::ChainReport`, `fiveup::GameReport`,
//! `place::SolveReport`, `pips::SolveReport`, ...) has `svg()` and
//! `html(name)`, defined in `reports.rs`: what the command line writes
//! with `--svg` and `--html`. Every picture function is named after its
//! family. Underneath, the pictures take:
//!
//! | family | input | still SVG | HTML player |
//! |---|---|---|---|
//! | chain | [`ChainPicture`]: `&[Domino]` in line order, [`ChainKind`] (closed, open, or no chain with the reason) | [`chain_svg`] | |
//! | fiveup | [`FiveUpPicture`]: the layout ([`crate::fiveup::Play`]s) and an optional [`crate::fiveup::IllegalMove`] | [`fiveup_svg`] | |
//! | place | [`PlacePicture`]: rows of `Option<Value>` (None = hole), an optional map of bone numbers, clue pieces; [`ExplainStep`]s; a player's pieces | [`place_svg`], [`place_play_svg`] | [`explain_player`] |
//! | pips | [`PipsPicture`]: the region of each cell, each region's badge, [`PipsPiece`]s | [`pips_svg`] | |
//! | vanish | [`VanishPicture`]: a [`crate::vanish::Board`] and a removal order | [`vanish_svg`] (after k removals) | [`vanish_player`] |
//! | vanish comparison | [`crate::vanish::CompareReport`] | [`vanish_compare_svg`] (a bar a run) | |
//!
//! From a family's own types (`reports.rs`): [`board_svg`],
//! [`play_board_svg`] and [`explain_figure`] take a
//! [`crate::place::Grid`]; [`pips_puzzle_svg`] and [`pips_play_svg`] take a
//! [`crate::pips::Puzzle`] with a solution or a player's
//! [`crate::pips::Laid`] pieces.
//!
//! Pages: [`html::page`] puts [`html::Section`]s of [`html::Figure`]s (a
//! still SVG or a player) into one HTML file with inline CSS and script;
//! [`html::single`] makes a page of one figure, which is what `--html`
//! writes.
//!
//! Every function here is total: data that does not fit (a removal index out
//! of range, a bone that does not cover two neighbouring cells, a play that
//! cannot touch its parent) is drawn apart or skipped, never a panic.
//!
//! ```
//! use domino::render::{chain_svg, html, ChainKind, ChainPicture};
//! use domino::parse_dominoes;
//!
//! let chain = parse_dominoes("1|2 2|3 3|1").unwrap();
//! let svg = chain_svg(&ChainPicture { dominoes: &chain, kind: &ChainKind::Closed });
//! assert_eq!(svg.matches(r#"<g class="tile"#).count(), 3);
//! let page = html::single("a chain", html::Figure::still("three dominoes", svg));
//! assert!(page.starts_with("<!DOCTYPE html>"));
//! ```
//!
//! [`Domino`]: crate::tile::Domino

mod chain;
mod compare;
mod fiveup;
pub mod html;
mod pips;
mod place;
mod reports;
mod svg;
mod vanish;

pub use chain::{chain_svg, ChainKind, ChainPicture, ABBREVIATE_ABOVE};
pub use compare::vanish_compare_svg;
pub use fiveup::{fiveup_svg, FiveUpPicture};
pub use pips::{pips_svg, PipsPicture, PipsPiece};
pub use place::{explain_player, place_play_svg, place_svg, ExplainStep, PlacePicture};
pub use reports::{board_svg, explain_figure, pips_play_svg, pips_puzzle_svg, play_board_svg};
pub use vanish::{vanish_player, vanish_svg, VanishPicture};
