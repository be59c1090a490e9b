//! Reading a Pips puzzle from a screenshot of the newspaper's app (the
//! `read` feature): the board's cells, its regions and their rule badges,
//! and the tray of dominoes, found by classical image processing with no
//! network and nothing downloaded.
//!
//! [`read`] answers a [`Reading`]: the puzzle read, and every cell, badge
//! or domino the reader is unsure of with where it is in the picture
//! ([`Unsure`]). A door shows a reading with unsure items as a question to
//! the person, never as a right answer: the command line exits 2, the page
//! marks them for the player to fix.

mod badges;
mod board;
mod decode;
mod document;
mod glyphs;
mod pixels;
mod regions;
mod tray;

pub use document::{ReadingDocument, MAX_FILE_BYTES};

use super::model::{Puzzle, Region, Rule};
use crate::search::{Goal, Limits};
use crate::tile::Value;
use crate::Cell;
use serde::Serialize;

pub use decode::{MAX_PIXELS, MAX_SIDE_PIXELS};

/// A rectangle of the picture, in pixels from its top-left corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct PixelBox {
    /// Left edge.
    pub x: u32,
    /// Top edge.
    pub y: u32,
    /// Width.
    pub width: u32,
    /// Height.
    pub height: u32,
}

/// What a doubtful item of a reading is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Item {
    /// A board cell at (row, column) of the puzzle read.
    Cell {
        /// Row from the top, from 0.
        row: usize,
        /// Column from the left, from 0.
        column: usize,
    },
    /// The rule badge of the region holding (row, column).
    Badge {
        /// Row from the top, from 0.
        row: usize,
        /// Column from the left, from 0.
        column: usize,
    },
    /// The domino at this index of the tray (0 = first, in reading order).
    Domino {
        /// Place in the tray, from 0.
        index: usize,
    },
    /// The board as a whole: its cells against the tray's dominoes, or a
    /// puzzle read that has no solution.
    Board,
}

/// One thing the reader is not sure of: which item, where in the picture,
/// and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema))]
pub struct Unsure {
    /// The cell, badge or domino.
    pub item: Item,
    /// Where it is in the picture.
    pub pixels: PixelBox,
    /// Why, for a person: "the badge reads 1 or 7", "pip count 4 or 5".
    pub reason: String,
}

/// The puzzle a screenshot shows, as far as the reader is sure of it.
#[derive(Clone, Debug)]
pub struct Reading {
    /// The best reading: a whole, valid puzzle even where items are unsure.
    pub puzzle: Puzzle,
    /// Where the board is in the picture.
    pub board: PixelBox,
    /// Every item the reader doubts, in reading order; empty when sure.
    pub unsure: Vec<Unsure>,
}

/// Why a picture gives no reading.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    /// Not a PNG or JPEG, truncated, or bigger than the limits allow.
    #[error("cannot read the image: {0}")]
    Image(String),
    /// No Pips board was found in the picture.
    #[error("no Pips board found in the picture{}", hint(.0))]
    NoBoard(Option<String>),
}

fn hint(detail: &Option<String>) -> String {
    detail
        .as_ref()
        .map(|d| format!(": {d}"))
        .unwrap_or_default()
}

/// A badge's reading: the rule, and the reason to doubt it.
struct BadgeRead {
    rule: Option<Rule>,
    doubt: Option<String>,
    /// How clearly its least clear character beat the runner-up.
    margin: f32,
}

/// Characters further than this from every template are not trusted.
const FAR: f32 = 9.0;
/// A character must beat the runner-up by this ratio to be trusted.
const CLEAR: f32 = 1.02;

fn read_badge(badge: &badges::Badge) -> BadgeRead {
    let guesses = glyphs::guess(&badge.characters);
    let text: String = guesses.iter().map(|g| g.character).collect();
    let shown = text.replace('!', "≠");
    let margin = guesses
        .iter()
        .map(|g| g.margin())
        .fold(f32::INFINITY, f32::min);
    let rule = glyphs::rule(&text);
    let doubt = if rule.is_none() {
        Some(format!("the badge reads \"{shown}\", which is no rule"))
    } else if let Some(g) = guesses
        .iter()
        .find(|g| g.distance > FAR || g.margin() < CLEAR)
    {
        let other = g.runner_up.to_string().replace('!', "≠");
        let mine = g.character.to_string().replace('!', "≠");
        Some(format!(
            "the badge reads \"{shown}\"; its {mine} may be {other}"
        ))
    } else {
        None
    };
    BadgeRead {
        rule,
        doubt,
        margin,
    }
}

/// What the picture shows before it is a puzzle: for the reader, and for
/// the script that builds the glyph templates.
struct Scan {
    grid: board::Grid,
    badges: Vec<badges::Badge>,
    regions: Vec<regions::RegionRead>,
    loose: Vec<usize>,
}

fn scan(image: &image::RgbImage) -> Result<Scan, ReadError> {
    let kinds = pixels::kinds(image);
    let grid = board::find(image, &kinds)?;
    let badges = badges::find(image, &kinds, &grid);
    let (w, h) = (image.width() as usize, image.height() as usize);
    let (regions, loose) = regions::group(&grid, &kinds, w, h, &badges);
    Ok(Scan {
        grid,
        badges,
        regions,
        loose,
    })
}

/// One badge's characters on a shared screenshot, for the glyph templates:
/// the cells of its region (grid coordinates) and per character its width
/// and height against the cell's side and its shape.
#[doc(hidden)]
pub struct GlyphSample {
    pub cells: Vec<Cell>,
    pub characters: Vec<(f32, f32, Vec<f32>)>,
}

/// The characters a rule's badge shows (`!` for `≠`), as the glyph
/// templates name them: for `scripts/pips-glyphs`.
#[doc(hidden)]
pub use glyphs::text as badge_text;

/// The badges of a screenshot with their regions' cells, for
/// `scripts/pips-glyphs`.
#[doc(hidden)]
pub fn glyph_samples(bytes: &[u8]) -> Result<Vec<GlyphSample>, ReadError> {
    let image = decode::decode(bytes)?;
    let scan = scan(&image)?;
    Ok(scan
        .regions
        .iter()
        .filter_map(|region| {
            let badge = &scan.badges[region.badge?];
            Some(GlyphSample {
                cells: region.cells.clone(),
                characters: badge
                    .characters
                    .iter()
                    .map(|c| (c.width, c.height, c.shape.clone()))
                    .collect(),
            })
        })
        .collect())
}

/// Reads the puzzle a screenshot shows. `bytes` is a PNG or JPEG file.
pub fn read(bytes: &[u8]) -> Result<Reading, ReadError> {
    let image = decode::decode(bytes)?;
    let scan = scan(&image)?;
    let grid = &scan.grid;
    let cell_side = grid.pitch.round().max(1.0) as u32;
    let tray = tray::read_tray(&image, grid.frame, cell_side);
    // Pastel squares alone are not a Pips screenshot: it has rule badges
    // or a tray of dominoes.
    if tray.is_empty() && scan.badges.is_empty() {
        return Err(ReadError::NoBoard(Some(
            "coloured squares, but no rule badge and no domino".into(),
        )));
    }
    // Rows and columns count from the board's first row and column.
    let cells: Vec<Cell> = (0..grid.rows)
        .flat_map(|r| (0..grid.columns).map(move |c| (r, c)))
        .filter(|&(r, c)| grid.cell(r, c).is_some())
        .collect();
    let top = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let left = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let moved = |(r, c): Cell| (r - top, c - left);
    let mut unsure = Vec::new();
    let mut regions = Vec::new();
    // The least sure badge, the likeliest misread when nothing else is doubted.
    let mut weakest: Option<(f32, Unsure)> = None;
    for region in &scan.regions {
        let Some(&(r, c)) = region.cells.last() else {
            continue;
        };
        let (row, column) = moved((r, c));
        let item = Item::Badge { row, column };
        let rule = match region.badge.map(|b| (b, read_badge(&scan.badges[b]))) {
            Some((b, read)) => {
                let pixels = scan.badges[b].pixels;
                if let Some(reason) = read.doubt {
                    unsure.push(Unsure {
                        item: item.clone(),
                        pixels,
                        reason,
                    });
                } else if weakest.as_ref().is_none_or(|w| read.margin < w.0) {
                    let reason = format!(
                        "the badge reads \"{}\", the least clear of the badges",
                        glyphs::text(read.rule.unwrap_or(Rule::Empty)).replace('!', "≠")
                    );
                    weakest = Some((
                        read.margin,
                        Unsure {
                            item: item.clone(),
                            pixels,
                            reason,
                        },
                    ));
                }
                read.rule.unwrap_or(Rule::Empty)
            }
            None => {
                unsure.push(Unsure {
                    item,
                    pixels: grid.pixels(r, c),
                    reason: "a coloured region without a badge".into(),
                });
                Rule::Empty
            }
        };
        regions.push(Region {
            cells: region.cells.iter().map(|&c| moved(c)).collect(),
            rule,
        });
    }
    for &b in &scan.loose {
        let badge = &scan.badges[b];
        let row = ((badge.y - grid.top) / grid.pitch).max(0.0) as usize;
        let column = ((badge.x - grid.left) / grid.pitch).max(0.0) as usize;
        unsure.push(Unsure {
            item: Item::Badge {
                row: row.saturating_sub(top),
                column: column.saturating_sub(left),
            },
            pixels: badge.pixels,
            reason: "a badge next to no region of its colour".into(),
        });
    }
    for &(r, c) in &cells {
        if grid.is_empty_cell(r, c) {
            regions.push(Region {
                cells: vec![moved((r, c))],
                rule: Rule::Empty,
            });
        }
    }
    let mut dominoes: Vec<[Value; 2]> = Vec::new();
    for (index, piece) in tray.iter().enumerate() {
        dominoes.push([Value::from(piece.values.0), Value::from(piece.values.1)]);
        if let Some(reason) = &piece.doubt {
            unsure.push(Unsure {
                item: Item::Domino { index },
                pixels: piece.pixels,
                reason: reason.clone(),
            });
        }
    }
    let puzzle = Puzzle::new(dominoes, regions)
        .map_err(|e| ReadError::NoBoard(Some(format!("the board read makes no puzzle: {e}"))))?;
    if cells.len() != 2 * tray.len() {
        unsure.push(Unsure {
            item: Item::Board,
            pixels: grid.frame,
            reason: format!(
                "the board has {} cells and the tray {} dominoes, which cover {}",
                cells.len(),
                tray.len(),
                2 * tray.len()
            ),
        });
    } else if unsure.is_empty() && !solvable(&puzzle) {
        let reason = weakest.map(|(_, w)| w).map_or_else(
            || Unsure {
                item: Item::Board,
                pixels: grid.frame,
                reason: "the puzzle read has no solution".into(),
            },
            |w| Unsure {
                reason: format!(
                    "the puzzle read has no solution; likeliest misread: {}",
                    w.reason
                ),
                ..w
            },
        );
        unsure.push(reason);
    }
    Ok(Reading {
        puzzle,
        board: grid.frame,
        unsure,
    })
}

/// Whether the puzzle has a solution, as far as a short search tells (a
/// search cut short counts as solvable: the reader only flags a proof).
fn solvable(puzzle: &Puzzle) -> bool {
    let limits = Limits {
        nodes: Some(2_000_000),
        ..Limits::none()
    };
    let found = super::solve(puzzle, Goal::count_up_to(1), &limits);
    found.count > 0 || !found.complete
}
