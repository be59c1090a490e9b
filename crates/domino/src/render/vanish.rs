//! The vanish picture: the board with its pieces, and the removal order as
//! a sequence of frames. Frame k is the board after k removals: the piece
//! just removed is an orange outline, earlier ones faint outlines, so the
//! free space that made the next removal legal can be counted on the grid.

use super::html::{Figure, FigureBody};
use super::svg::{palette, Canvas, Look, Mode, Spot, AXIS, HALF};
use crate::vanish::{Board, Orientation, Piece};

/// The input of the vanish picture: a board and a removal order. Entries
/// of `order` that name no piece (out of range, or a piece already removed)
/// are skipped.
#[derive(Clone, Copy, Debug)]
pub struct VanishPicture<'a> {
    /// The board with every piece still on it (the state before the first
    /// removal).
    pub board: &'a Board,
    /// Indices into the board's pieces, in removal order.
    pub order: &'a [usize],
}

const MARGIN: f64 = 16.0;
/// A square of the board is the size of a half, so a piece covers its two
/// squares exactly.
const CELL: f64 = HALF;

/// The board after `step` removals, as one still SVG.
pub fn vanish_svg(picture: &VanishPicture, step: usize) -> String {
    draw(picture, Mode::Still(step))
}

/// The board and every removal, as a player figure for an HTML page: step
/// 0 is the full board, step k the board after k removals.
pub fn vanish_player(picture: &VanishPicture, caption: &str) -> Figure {
    let steps = removal_steps(picture).len();
    Figure {
        caption: caption.to_string(),
        body: FigureBody::Player {
            svg: draw(picture, Mode::Player),
            steps,
        },
    }
}

/// For each removal, the piece removed: `order` without the entries that
/// name no piece or a piece already gone.
fn removal_steps(picture: &VanishPicture) -> Vec<usize> {
    let mut gone = vec![false; picture.board.pieces().len()];
    let mut steps = Vec::with_capacity(picture.order.len());
    for &i in picture.order {
        if i < gone.len() && !gone[i] {
            gone[i] = true;
            steps.push(i);
        }
    }
    steps
}

fn draw(picture: &VanishPicture, mode: Mode) -> String {
    let steps = removal_steps(picture);
    let pieces = picture.board.pieces();
    let mut removed_at = vec![None; pieces.len()];
    for (k, &i) in steps.iter().enumerate() {
        removed_at[i] = Some(k + 1);
    }
    // A board holds its pieces inside it (Board::new checks).
    let (w, h) = (picture.board.width(), picture.board.height());
    let values = pieces.iter().flat_map(|p| [p.value1, p.value2]);
    let mut canvas = Canvas::new(values);
    let (left, top) = (MARGIN + AXIS, MARGIN + AXIS);
    canvas.axes(left, top, w, h);
    canvas.rect(
        left - 3.0,
        top - 3.0,
        w as f64 * CELL + 6.0,
        h as f64 * CELL + 6.0,
        6.0,
        &format!(r#"fill="{}""#, palette::GRID),
        "",
    );
    for y in 0..h {
        for x in 0..w {
            canvas.rect(
                left + x as f64 * CELL + 1.0,
                top + y as f64 * CELL + 1.0,
                CELL - 2.0,
                CELL - 2.0,
                3.0,
                &format!(r#"fill="{}""#, palette::CELL),
                "",
            );
        }
    }
    for (i, p) in pieces.iter().enumerate() {
        let at = Spot {
            x: left + p.x as f64 * CELL,
            y: top + p.y as f64 * CELL,
            horizontal: p.orientation == Orientation::Horizontal,
        };
        let gone = removed_at[i];
        if let Some(mut look) = mode.shown(0, gone) {
            look.attrs.push_str(&format!(r#" data-piece="{i}""#));
            canvas.tile(at, p.value1, p.value2, &look);
        }
        if let Some(k) = gone {
            if let Some(look) = mode.shown(k, Some(k + 1)) {
                ghost(&mut canvas, at, palette::ACCENT, "just-removed", &look);
            }
            if let Some(look) = mode.shown(k + 1, None) {
                ghost(&mut canvas, at, palette::GRID, "removed", &look);
            }
        }
    }
    let width = left + w as f64 * CELL + MARGIN;
    let mut y = top + h as f64 * CELL + 10.0;
    let note_width = (width - 2.0 * MARGIN).max(220.0);
    let total = steps.len();
    let left_at_end = pieces.len() - total;
    let texts: Vec<String> = (0..=total)
        .map(|k| caption(picture, &steps, k, left_at_end))
        .collect();
    y += canvas.step_notes(mode, MARGIN, y, note_width, &texts);
    let title = format!(
        "vanishing dominoes: {} pieces on a {w} x {h} board, {total} removed, {left_at_end} left",
        pieces.len()
    );
    canvas.finish(
        "vanish",
        &title,
        width.max(note_width + 2.0 * MARGIN),
        y + MARGIN,
        &format!(r#" data-steps="{total}""#),
    )
}

/// The sentence under frame k.
fn caption(picture: &VanishPicture, steps: &[usize], k: usize, left_at_end: usize) -> String {
    let pieces = picture.board.pieces();
    let on_board = pieces.len() - k;
    if k == 0 {
        return format!(
            "Start: {} pieces on the board; {} can be removed in this order.",
            pieces.len(),
            steps.len()
        );
    }
    let i = steps[k - 1];
    let p: &Piece = &pieces[i];
    let end = if k == steps.len() {
        format!(" Done: score {left_at_end} (pieces left).")
    } else {
        String::new()
    };
    format!(
        "Removal {k}: piece {i} ({} {}/{} at {},{}); {on_board} left.{end}",
        if p.orientation == Orientation::Horizontal {
            "h"
        } else {
            "v"
        },
        p.value1,
        p.value2,
        p.x,
        p.y
    )
}

/// The outline where a removed piece was.
fn ghost(canvas: &mut Canvas, at: Spot, colour: &str, class: &str, look: &Look) {
    let (w, h) = if at.horizontal {
        (2.0 * CELL, CELL)
    } else {
        (CELL, 2.0 * CELL)
    };
    canvas.rect(
        at.x + 3.0,
        at.y + 3.0,
        w - 6.0,
        h - 6.0,
        HALF * 0.16,
        &format!(r#"fill="none" stroke="{colour}" stroke-width="2.2" stroke-dasharray="5 4""#),
        &format!(r#" class="ghost {class}{}"{}"#, look.class, look.attrs),
    );
}
