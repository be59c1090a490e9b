//! Pictures: SVG and self-contained HTML for every family.
//!
//! Each picture takes plain data that its family's answers already hold,
//! so this module depends on no family's types (only on [`Domino`]):
//!
//! | family | input | still SVG | HTML player |
//! |---|---|---|---|
//! | chain | [`ChainPicture`]: `&[Domino]` in line order, [`ChainKind`] (closed, open, or no chain with the reason) | [`chain_svg`] | |
//! | fiveup | [`FiveUpPicture`]: plays `{domino, attached_to, via}` ([`FiveUpPlay`]) and an optional [`IllegalMove`] | [`fiveup_svg`] | |
//! | place | [`PlacePicture`]: rows of `Option<u32>` (None = hole), an optional map of bone numbers, clue pieces; [`ExplainStep`]s | [`place_svg`] | [`explain_player`] |
//! | vanish | [`VanishPicture`]: width, height, [`VanishPiece`]s, the removal order | [`vanish_svg`] (after k removals) | [`vanish_player`] |
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
mod fiveup;
pub mod html;
mod pips;
mod place;
pub mod samples;
mod svg;
mod vanish;

pub use chain::{chain_svg, ChainKind, ChainPicture, ABBREVIATE_ABOVE};
pub use fiveup::{fiveup_svg, FiveUpPicture, FiveUpPlay, IllegalMove};
pub use pips::{pips_svg, PipsCell, PipsPicture, PipsPiece};
pub use place::{explain_player, place_svg, Cell, ExplainStep, PlacePicture};
pub use vanish::{vanish_player, vanish_svg, VanishPicture, VanishPiece};
