//! The chain picture: the line of dominoes laid as a snake that wraps in
//! rows (right, a turning tile standing down, left, ...), every tile touching
//! the next end to end, and the two ends that close a loop marked.
//!
//! Long chains are abbreviated: the first and last rows are drawn and a
//! marked gap says how many dominoes were left out, so a million-domino
//! chain stays a picture of a few kilobytes.

use super::svg::{palette, px, Canvas, Look, Spot, HALF};
use crate::tile::Domino;

/// What the list of dominoes is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChainKind {
    /// A loop: the last half matches the first.
    Closed,
    /// A line whose ends may differ.
    Open,
    /// Not a chain (no chain exists): the dominoes as given, with the
    /// reason, drawn apart rather than joined.
    NoChain(String),
}

/// The input of the chain picture: dominoes in line order (each `a` touches
/// the previous domino's `b`), or the hand as given for [`ChainKind::NoChain`].
#[derive(Clone, Copy, Debug)]
pub struct ChainPicture<'a> {
    /// The dominoes to draw, halves oriented as they lie in the line.
    pub dominoes: &'a [Domino],
    /// Whether they form a loop, an open line, or no chain at all (then
    /// they are drawn apart with the reason).
    pub kind: &'a ChainKind,
}

/// Tiles in one row of the snake (a turning tile joins two rows).
const PER_ROW: usize = 8;
/// Above this many dominoes the picture is abbreviated to the first 54
/// (six rows and their turns) and the last 18.
pub const ABBREVIATE_ABOVE: usize = 120;
const HEAD: usize = 6 * (PER_ROW + 1);
const TAIL: usize = 2 * (PER_ROW + 1);
const MARGIN: f64 = 16.0;
/// Space between tiles of a hand that is not a chain.
const APART: f64 = HALF * 0.35;

/// Draws the picture as one SVG document.
pub fn chain_svg(picture: &ChainPicture) -> String {
    let n = picture.dominoes.len();
    let (head, tail) = if n > ABBREVIATE_ABOVE {
        (&picture.dominoes[..HEAD], &picture.dominoes[n - TAIL..])
    } else {
        (picture.dominoes, &picture.dominoes[..0])
    };
    let joined = !matches!(picture.kind, ChainKind::NoChain(_));
    let per_row = PER_ROW.min(n.max(1));
    let shown = head.iter().chain(tail);
    let mut canvas = Canvas::new(shown.flat_map(|d| [d.a, d.b]));
    let mut y = MARGIN;
    let width = if joined {
        // A single row needs no turning column.
        let cols = if n <= per_row { 2 * n } else { 2 * per_row + 1 };
        cols as f64 * HALF
    } else {
        per_row as f64 * (2.0 * HALF + APART) - APART
    }
    .max(8.0 * HALF);
    let marks = Marks::of(picture);
    y += draw_part(&mut canvas, head, joined, y, 0, &marks);
    if !tail.is_empty() {
        let left_out = n - HEAD - TAIL;
        let mid = y + HALF * 0.7;
        canvas.raw(&format!(
            r#"<line class="gap" x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}" stroke-width="2" stroke-dasharray="2 7" stroke-linecap="round"/>"#,
            px(MARGIN),
            px(mid),
            px(MARGIN + width),
            px(mid),
            palette::MUTED
        ));
        let text = format!("{left_out} more dominoes not shown");
        let box_w = text.len() as f64 * 7.6 + 24.0;
        canvas.rect(
            MARGIN + (width - box_w) / 2.0,
            mid - 12.0,
            box_w,
            24.0,
            12.0,
            &format!(r#"fill="{}""#, palette::BACKGROUND),
            "",
        );
        canvas.text(
            MARGIN + width / 2.0,
            mid,
            13.0,
            &format!(r#"fill="{}" class="gap-label""#, palette::MUTED),
            &text,
        );
        y += HALF * 1.4;
        y += draw_part(&mut canvas, tail, joined, y, n - TAIL, &marks);
    }
    y += HALF * 0.3;
    let legend = legend(picture);
    let colour = match picture.kind {
        ChainKind::NoChain(_) => palette::ERROR,
        _ => palette::TEXT,
    };
    y += canvas.note(MARGIN, y, width, colour, &legend);
    let title = legend;
    canvas.finish(
        "chain",
        &title,
        width + 2.0 * MARGIN,
        y + MARGIN,
        &format!(r#" data-dominoes="{n}""#),
    )
}

/// The sentence under the picture.
fn legend(picture: &ChainPicture) -> String {
    let n = picture.dominoes.len();
    let (first, last) = match (picture.dominoes.first(), picture.dominoes.last()) {
        (Some(f), Some(l)) => (f.a, l.b),
        _ => return "no dominoes".to_string(),
    };
    let count = if n == 1 {
        "1 domino".to_string()
    } else {
        format!("{n} dominoes")
    };
    match picture.kind {
        ChainKind::Closed => format!(
            "closed chain of {count}: the last half ({last}) meets the first ({first}), marked in orange"
        ),
        ChainKind::Open => format!("open chain of {count}, from {first} to {last}"),
        ChainKind::NoChain(reason) => format!("no chain through these {count}: {reason}"),
    }
}

/// Which halves to mark: the two that close a loop, or the two free ends
/// of an open line.
struct Marks {
    on: bool,
    colour: &'static str,
    total: usize,
}

impl Marks {
    fn of(picture: &ChainPicture) -> Marks {
        let (on, colour) = match picture.kind {
            ChainKind::Closed => (true, palette::ACCENT),
            ChainKind::Open => (true, palette::MUTED),
            ChainKind::NoChain(_) => (false, palette::MUTED),
        };
        Marks {
            on,
            colour,
            total: picture.dominoes.len(),
        }
    }
}

/// Draws `dominoes` (whose first has index `first_index` in the whole
/// chain) starting at height `top`; returns the height used.
fn draw_part(
    canvas: &mut Canvas,
    dominoes: &[Domino],
    joined: bool,
    top: f64,
    first_index: usize,
    marks: &Marks,
) -> f64 {
    let mut bottom = top;
    for (k, d) in dominoes.iter().enumerate() {
        let index = first_index + k;
        let (spot, reversed) = if joined {
            snake_spot(k, top)
        } else {
            let (row, col) = (k / PER_ROW, k % PER_ROW);
            let spot = Spot {
                x: MARGIN + col as f64 * (2.0 * HALF + APART),
                y: top + row as f64 * (HALF + APART),
                horizontal: true,
            };
            (spot, false)
        };
        let (left, right) = if reversed { (d.b, d.a) } else { (d.a, d.b) };
        let look = Look {
            class: String::new(),
            attrs: format!(r#" data-index="{index}""#),
        };
        canvas.tile(spot, left, right, &look);
        // The half that touches the previous domino is `a`; where it lies
        // depends on the direction of the row.
        let a_half = if reversed {
            (spot.x + HALF, spot.y)
        } else {
            (spot.x, spot.y)
        };
        let b_half = if !spot.horizontal {
            (spot.x, spot.y + HALF)
        } else if reversed {
            (spot.x, spot.y)
        } else {
            (spot.x + HALF, spot.y)
        };
        if index == 0 && marks.on {
            mark_half(canvas, a_half, marks.colour);
        }
        if index + 1 == marks.total && marks.on {
            mark_half(canvas, b_half, marks.colour);
        }
        let h = if spot.horizontal { HALF } else { 2.0 * HALF };
        bottom = bottom.max(spot.y + h);
    }
    bottom - top
}

/// Where the k-th tile of a snake lies, and whether it is drawn reversed
/// (its `a` half on the right, in a row that runs leftwards).
///
/// In half-widths: a rightward row covers columns 0..2r, then a tile stands
/// in column 2r joining it to the leftward row below, which covers columns
/// 1..=2r; a tile standing in column 0 joins that to the next rightward
/// row. Rows are two half-heights apart so the standing tiles fit between.
fn snake_spot(k: usize, top: f64) -> (Spot, bool) {
    let period = PER_ROW + 1;
    let (row, pos) = (k / period, k % period);
    let rightward = row % 2 == 0;
    let y = top + row as f64 * 2.0 * HALF;
    if pos == PER_ROW {
        let col = if rightward { 2 * PER_ROW } else { 0 };
        let spot = Spot {
            x: MARGIN + col as f64 * HALF,
            y,
            horizontal: false,
        };
        return (spot, false);
    }
    let col = if rightward {
        2 * pos
    } else {
        2 * PER_ROW - 1 - 2 * pos
    };
    let spot = Spot {
        x: MARGIN + col as f64 * HALF,
        y,
        horizontal: true,
    };
    (spot, !rightward)
}

fn mark_half(canvas: &mut Canvas, (x, y): (f64, f64), colour: &str) {
    canvas.rect(
        x + 3.5,
        y + 3.5,
        HALF - 7.0,
        HALF - 7.0,
        HALF * 0.14,
        &format!(r#"fill="none" stroke="{colour}" stroke-width="3""#),
        r#" class="end-mark""#,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_snake_joins_every_tile_to_the_next() {
        // The `b` half of tile k and the `a` half of tile k+1 share an edge.
        let halves = |k: usize| {
            let (s, reversed) = snake_spot(k, 0.0);
            let cell = |x: f64, y: f64| ((x / HALF).round() as i64, (y / HALF).round() as i64);
            let first = cell(s.x, s.y);
            let second = if s.horizontal {
                (first.0 + 1, first.1)
            } else {
                (first.0, first.1 + 1)
            };
            if reversed {
                (second, first)
            } else {
                (first, second)
            }
        };
        for k in 0..60 {
            let (_, b) = halves(k);
            let (a, _) = halves(k + 1);
            let distance = (a.0 - b.0).abs() + (a.1 - b.1).abs();
            assert_eq!(distance, 1, "tiles {k} and {}", k + 1);
        }
    }
}
