//! The pips picture: the board's cells tinted by region, a thick line
//! where two regions meet, each region's rule as a badge on the top edge
//! of its first cell, and, when a solution is given, every domino drawn
//! over its two cells; on request, row and column numbers counted from 1
//! as the explanations name cells. The print style ([`pips_print_svg`])
//! tells regions apart without colour: white cells, each ruled region
//! hatched in grey with a pattern none of its neighbours has, white badges.

use super::svg::{palette, px, Canvas, Look, Spot, AXIS, HALF};
use crate::tile::Value;
use crate::Cell;
use std::fmt::Write;

/// One laid domino: its two cells and the value on each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PipsPiece {
    /// The two cells the domino covers; they must be neighbours, or the
    /// piece is not drawn.
    pub cells: [Cell; 2],
    /// The pips drawn on each half: `values[i]` on `cells[i]`.
    pub values: [Value; 2],
}

/// The input of the pips picture.
#[derive(Clone, Copy, Debug)]
pub struct PipsPicture<'a> {
    /// The region of each grid cell, row by row (`None`: no cell there).
    pub regions: &'a [Vec<Option<usize>>],
    /// Each region's badge (`12`, `<4`, `>2`, `=`, `≠`; empty for none).
    pub badges: &'a [String],
    /// The dominoes of a solution (empty for the bare puzzle). A piece
    /// whose cells are not neighbours is skipped.
    pub pieces: &'a [PipsPiece],
    /// Row numbers left of the board and column numbers above it, from 1
    /// ("row 2, column 3" of the explanations and hints).
    pub labels: bool,
}

const MARGIN: f64 = 18.0;

/// A badge's height: it sits across the top edge of its cell, within the
/// band where no pip lies (a pip's edge is 0.165 of a cell, 5.6 units,
/// from the cell's side; the badge's half height and half its 1-unit
/// stroke stay half a unit short of it), so it never hides the pips of a
/// domino laid there or above.
const BADGE: f64 = 9.0;

/// The size of a badge's text, which fits its height.
const BADGE_TEXT: f64 = 8.5;

/// Region tints, light enough for pips drawn over them.
const TINTS: [&str; 8] = [
    "#f6c9a8", "#b9d8f0", "#c8e6b5", "#e9c4e6", "#f4e19a", "#b8e3dc", "#f2b8b8", "#d5ccf0",
];

/// How the regions are told apart.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    /// Tints, for screens.
    Screen,
    /// Grey hatching on white, for paper and greyscale printers.
    Print,
}

/// The puzzle (and its solution, when `pieces` is not empty) as SVG.
pub fn pips_svg(picture: &PipsPicture) -> String {
    draw(picture, Style::Screen)
}

/// The picture of [`pips_svg`] in the print style: no colour needed to
/// tell the regions apart.
pub fn pips_print_svg(picture: &PipsPicture) -> String {
    draw(picture, Style::Print)
}

fn draw(picture: &PipsPicture, style: Style) -> String {
    let rows = picture.regions.len();
    let cols = picture.regions.iter().map(Vec::len).max().unwrap_or(0);
    let region = |r: isize, c: isize| -> Option<usize> {
        if r < 0 || c < 0 {
            return None;
        }
        picture
            .regions
            .get(r as usize)
            .and_then(|row| row.get(c as usize))
            .copied()
            .flatten()
    };
    let axis = if picture.labels { AXIS } else { 0.0 };
    let (left, top) = (MARGIN + axis, MARGIN + axis);
    let origin = |(r, c): Cell| (left + c as f64 * HALF, top + r as f64 * HALF);
    let values = picture.pieces.iter().flat_map(|p| p.values);
    let mut canvas = Canvas::new(values);
    for r in 0..rows {
        for c in 0..cols {
            let Some(k) = region(r as isize, c as isize) else {
                continue;
            };
            let (x, y) = origin((r, c));
            let ruled = !picture.badges.get(k).is_some_and(String::is_empty);
            let tint = match style {
                Style::Print => "#ffffff",
                Style::Screen if ruled => TINTS[k % TINTS.len()],
                Style::Screen => palette::CELL,
            };
            canvas.rect(
                x,
                y,
                HALF,
                HALF,
                0.0,
                &format!(
                    r#"fill="{tint}" stroke="{}" stroke-width="0.6""#,
                    palette::GRID
                ),
                &format!(r#" class="cell" data-cell="{r},{c}" data-region="{k}""#),
            );
        }
    }
    if style == Style::Print {
        hatch(&mut canvas, picture, &region, &origin);
    }
    // Region borders: a thick line on every cell side whose neighbour is in
    // another region or off the board.
    let mut border = String::new();
    for r in 0..rows as isize {
        for c in 0..cols as isize {
            let Some(k) = region(r, c) else {
                continue;
            };
            let (x, y) = origin((r as usize, c as usize));
            let sides = [
                (region(r - 1, c), (x, y, x + HALF, y)),
                (region(r + 1, c), (x, y + HALF, x + HALF, y + HALF)),
                (region(r, c - 1), (x, y, x, y + HALF)),
                (region(r, c + 1), (x + HALF, y, x + HALF, y + HALF)),
            ];
            for (other, (x1, y1, x2, y2)) in sides {
                if other != Some(k) {
                    let _ = write!(border, "M{} {}L{} {}", px(x1), px(y1), px(x2), px(y2));
                }
            }
        }
    }
    canvas.raw(&format!(
        r#"<path class="region-borders" d="{border}" stroke="{}" stroke-width="2.4" stroke-linecap="square" fill="none"/>"#,
        palette::EDGE
    ));
    for (k, piece) in picture.pieces.iter().enumerate() {
        let [a, b] = piece.cells;
        let horizontal = a.0 == b.0 && a.1.abs_diff(b.1) == 1;
        let vertical = a.1 == b.1 && a.0.abs_diff(b.0) == 1;
        if !horizontal && !vertical {
            continue;
        }
        let (first, (va, vb)) = if a < b {
            (a, (piece.values[0], piece.values[1]))
        } else {
            (b, (piece.values[1], piece.values[0]))
        };
        let (x, y) = origin(first);
        let look = Look {
            class: String::new(),
            attrs: format!(r#" data-piece="{k}""#),
        };
        canvas.tile(Spot { x, y, horizontal }, va, vb, &look);
    }
    // Badges last, so they stay readable over the pieces.
    let mut badged = vec![false; picture.badges.len()];
    for r in 0..rows {
        for c in 0..cols {
            let Some(k) = region(r as isize, c as isize) else {
                continue;
            };
            let Some(text) = picture.badges.get(k) else {
                continue;
            };
            if text.is_empty() || badged[k] {
                continue;
            }
            badged[k] = true;
            let (x, y) = origin((r, c));
            let w = 8.0 + 6.0 * text.chars().count() as f64;
            canvas.rect(
                x - 4.0,
                y - BADGE / 2.0,
                w,
                BADGE,
                4.0,
                &format!(
                    r#"fill="{}" stroke="{}" stroke-width="1""#,
                    match style {
                        Style::Print => "#ffffff",
                        Style::Screen => TINTS[k % TINTS.len()],
                    },
                    palette::EDGE
                ),
                r#" class="badge""#,
            );
            canvas.text(
                x - 4.0 + w / 2.0,
                y,
                BADGE_TEXT,
                &format!(r#"fill="{}" font-weight="700""#, palette::INK),
                text,
            );
        }
    }
    if picture.labels {
        canvas.axes_from(left, top, cols, rows, 1);
    }
    let width = 2.0 * MARGIN + axis + cols as f64 * HALF;
    let height = 2.0 * MARGIN + axis + rows as f64 * HALF;
    let title = if picture.pieces.is_empty() {
        "a pips puzzle".to_string()
    } else {
        "a pips puzzle, solved".to_string()
    };
    canvas.finish(
        "pips",
        &title,
        width,
        height,
        &format!(
            r#" data-left="{}" data-top="{}" data-cell="{}" data-rows="{rows}" data-cols="{cols}""#,
            px(left),
            px(top),
            px(HALF)
        ),
    )
}

/// The grey hatchings of the print style: diagonal both ways,
/// horizontal, vertical, dots, a grid. Each is drawn as lines (no SVG
/// pattern, which PDF converters list in an unstable order) on a grid of
/// [`HATCH`] pixels fixed to the picture, so the cells of a region join
/// into one texture.
const HATCHES: usize = 6;
const HATCH: f64 = 7.0;

/// The path data of hatching `kind` over the square of side [`HALF`] at
/// (x, y).
fn hatch_path(kind: usize, x: f64, y: f64) -> String {
    let mut d = String::new();
    let mut line = |x1: f64, y1: f64, x2: f64, y2: f64| {
        let _ = write!(d, "M{} {}L{} {}", px(x1), px(y1), px(x2), px(y2));
    };
    // The multiples of HATCH (shifted by `shift`) in [from, to].
    let steps = |from: f64, to: f64, shift: f64| {
        let first = ((from - shift) / HATCH).ceil() as i64;
        let last = ((to - shift) / HATCH).floor() as i64;
        (first..=last).map(move |k| k as f64 * HATCH + shift)
    };
    let (right, bottom) = (x + HALF, y + HALF);
    match kind {
        0 => {
            for c in steps(x + y, right + bottom, 0.0) {
                let (x1, x2) = ((c - bottom).max(x), (c - y).min(right));
                if x1 < x2 {
                    line(x1, c - x1, x2, c - x2);
                }
            }
        }
        1 => {
            for c in steps(x - bottom, right - y, 0.0) {
                let (y1, y2) = ((x - c).max(y), (right - c).min(bottom));
                if y1 < y2 {
                    line(y1 + c, y1, y2 + c, y2);
                }
            }
        }
        4 => {
            for cy in steps(y, bottom, HATCH / 2.0) {
                for cx in steps(x, right, HATCH / 2.0) {
                    let _ = write!(d, "M{} {}h0.01", px(cx), px(cy));
                }
            }
        }
        _ => {
            if kind != 3 {
                for h in steps(y, bottom, HATCH / 2.0) {
                    line(x, h, right, h);
                }
            }
            if kind != 2 {
                for v in steps(x, right, HATCH / 2.0) {
                    line(v, y, v, bottom);
                }
            }
        }
    }
    d
}

/// The hatching of each region with a rule (`None` for a region without
/// one, left white): greedily the first pattern that no neighbouring
/// region already has, so two regions that touch never look alike (a
/// board needing more than six patterns is rare; past six they repeat).
fn hatch_of(
    picture: &PipsPicture,
    region: &impl Fn(isize, isize) -> Option<usize>,
) -> Vec<Option<usize>> {
    let count = picture.badges.len();
    let mut neighbours = vec![Vec::new(); count];
    for (r, row) in picture.regions.iter().enumerate() {
        for c in 0..row.len() {
            let (r, c) = (r as isize, c as isize);
            let Some(k) = region(r, c) else { continue };
            for other in [region(r + 1, c), region(r, c + 1)].into_iter().flatten() {
                if other != k && k < count && other < count {
                    neighbours[k].push(other);
                    neighbours[other].push(k);
                }
            }
        }
    }
    let mut chosen: Vec<Option<usize>> = vec![None; count];
    for k in 0..count {
        if picture.badges[k].is_empty() {
            continue;
        }
        let taken: Vec<usize> = neighbours[k].iter().filter_map(|&n| chosen[n]).collect();
        chosen[k] = Some(
            (0..HATCHES)
                .find(|p| !taken.contains(p))
                .unwrap_or(k % HATCHES),
        );
    }
    chosen
}

/// The print style's hatching over every cell of a region with a rule.
fn hatch(
    canvas: &mut Canvas,
    picture: &PipsPicture,
    region: &impl Fn(isize, isize) -> Option<usize>,
    origin: &impl Fn(Cell) -> (f64, f64),
) {
    let hatches = hatch_of(picture, region);
    let mut d = String::new();
    let mut dots = String::new();
    for (r, row) in picture.regions.iter().enumerate() {
        for c in 0..row.len() {
            let kind =
                region(r as isize, c as isize).and_then(|k| hatches.get(k).copied().flatten());
            let Some(kind) = kind else {
                continue;
            };
            let (x, y) = origin((r, c));
            let path = hatch_path(kind, x, y);
            if kind == 4 {
                dots.push_str(&path)
            } else {
                d.push_str(&path)
            }
        }
    }
    canvas.raw(&format!(
        r##"<path class="hatch" d="{d}" stroke="#8c8c8c" stroke-width="0.8" fill="none"/><path class="hatch" d="{dots}" stroke="#8c8c8c" stroke-width="2" stroke-linecap="round" fill="none"/>"##
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three regions in a row, each touching the next; the last without
    /// a rule.
    fn picture<'a>(regions: &'a [Vec<Option<usize>>], badges: &'a [String]) -> PipsPicture<'a> {
        PipsPicture {
            regions,
            badges,
            pieces: &[],
            labels: false,
        }
    }

    #[test]
    fn print_style_hatches_neighbours_apart_and_screen_is_unchanged() {
        let regions = vec![vec![Some(0), Some(0), Some(1), Some(2)]];
        let badges = ["5".to_string(), "=".to_string(), String::new()];
        let region = |r: isize, c: isize| -> Option<usize> {
            (r == 0 && (0..4).contains(&c))
                .then(|| regions[0][c as usize])
                .flatten()
        };
        let pic = picture(&regions, &badges);
        assert_eq!(hatch_of(&pic, &region), [Some(0), Some(1), None]);
        let screen = pips_svg(&pic);
        assert!(!screen.contains("hatch") && screen.contains(TINTS[0]));
        let print = pips_print_svg(&pic);
        assert!(print.contains(r#"class="hatch""#));
        assert!(
            TINTS.iter().all(|t| !print.contains(t)),
            "no colour in print"
        );
        // A region surrounded by five others takes a sixth pattern.
        let ring = vec![
            vec![Some(1), Some(2), Some(3)],
            vec![Some(4), Some(0), Some(5)],
        ];
        let six: Vec<String> = (0..6).map(|k| k.to_string()).collect();
        let region = |r: isize, c: isize| -> Option<usize> {
            if r < 0 || c < 0 {
                return None;
            }
            ring.get(r as usize)
                .and_then(|row| row.get(c as usize))
                .copied()
                .flatten()
        };
        let kinds = hatch_of(&picture(&ring, &six), &region);
        assert_eq!(kinds[0], Some(0));
        for k in [2, 4, 5] {
            assert_ne!(kinds[k], kinds[0], "region {k} touches region 0");
        }
    }

    #[test]
    fn every_hatching_draws_inside_its_square() {
        for kind in 0..HATCHES {
            let d = hatch_path(kind, 17.0, 51.0);
            assert!(!d.is_empty(), "hatching {kind} draws nothing");
            // Every point after M or L (a dot's `h0.01` is relative).
            let points = d
                .split(['M', 'L'])
                .filter(|p| !p.is_empty())
                .flat_map(|p| p.split('h').next().unwrap_or("").split(' '))
                .map(|n| n.parse::<f64>().unwrap());
            let inside = |n: f64| (17.0..=85.0).contains(&n);
            assert!(points.into_iter().all(inside), "{kind}: {d}");
        }
    }
}
