//! The place picture: the board of numbers (pips up to 9, digits above),
//! holes left blank, clue pieces outlined in blue; with a solution, every
//! bone drawn as a domino over its two cells. `place explain` becomes a
//! player: one step per deduction with its cells highlighted, then the
//! solution when it is known.

use super::html::{Figure, FigureBody};
use super::svg::{palette, Canvas, Look, Mode, Spot, AXIS, HALF};
use crate::Cell;
use std::collections::HashMap;

/// The input of the place picture. Rows may differ in length (missing
/// cells are holes).
#[derive(Clone, Copy, Debug)]
pub struct PlacePicture<'a> {
    /// The numbers, row by row; `None` is a hole.
    pub board: &'a [Vec<Option<u32>>],
    /// A solution map: each cell's bone number (1-based, in the order of
    /// [`crate::tile::bone_halves`]), `None` for a hole. Cells whose bone
    /// does not cover exactly two neighbouring cells are drawn loose,
    /// outlined in red.
    pub solution: Option<&'a [Vec<Option<usize>>]>,
    /// Clue pieces given with the puzzle, as the pairs of cells they cover.
    pub clues: &'a [[Cell; 2]],
}

/// One deduction of `place explain`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplainStep {
    /// The technique's name (`"only partner"`, ...), shown before the text.
    pub technique: String,
    /// The deduction in plain words.
    pub text: String,
    /// The cells the step is about, highlighted at its step of the player.
    pub cells: Vec<Cell>,
}

const MARGIN: f64 = 16.0;

/// The board (and its solution, when given) as one still SVG.
pub fn place_svg(picture: &PlacePicture) -> String {
    let solved = picture.solution.is_some();
    let note = if solved {
        "solved: every domino of the set once"
    } else {
        "the puzzle"
    };
    draw(picture, &[], &[], Mode::Still(usize::from(solved)), note)
}

/// The board with a player's pieces on it (pairs of cells, in the order
/// laid): each drawn as a tile with `data-placement="k"`, over any earlier
/// one; a piece that is no domino's shape (a cell off the board or on a
/// hole, cells that are not neighbours) is drawn as red outlines on its
/// cells that are on the board.
pub fn play_svg(picture: &PlacePicture, laid: &[[Cell; 2]]) -> String {
    let note = match laid.len() {
        1 => "1 piece laid".to_string(),
        n => format!("{n} pieces laid"),
    };
    draw(picture, &[], laid, Mode::Still(0), &note)
}

/// The deductions as a player figure: step 0 is the puzzle, step k shows
/// deduction k with its cells highlighted, and a last step shows the
/// solution when `picture.solution` is given.
pub fn explain_player(picture: &PlacePicture, steps: &[ExplainStep], caption: &str) -> Figure {
    let total = steps.len() + usize::from(picture.solution.is_some());
    Figure {
        caption: caption.to_string(),
        body: FigureBody::Player {
            svg: draw(picture, steps, &[], Mode::Player, "deductions"),
            steps: total,
        },
    }
}

/// Draws the board and a player's pieces; the solution's tiles show from
/// the step after the last deduction (step 1 for a still picture with no
/// deductions).
fn draw(
    picture: &PlacePicture,
    steps: &[ExplainStep],
    laid: &[[Cell; 2]],
    mode: Mode,
    what: &str,
) -> String {
    let rows = picture.board.len();
    let cols = picture.board.iter().map(Vec::len).max().unwrap_or(0);
    let value = |(r, c): Cell| {
        picture
            .board
            .get(r)
            .and_then(|row| row.get(c))
            .copied()
            .flatten()
    };
    let (left, top) = (MARGIN + AXIS, MARGIN + AXIS);
    let origin = |(r, c): Cell| (left + c as f64 * HALF, top + r as f64 * HALF);
    let values = picture.board.iter().flatten().flatten();
    let mut canvas = Canvas::new(values.map(|&v| i64::from(v)));
    let board_w = cols as f64 * HALF;
    let board_h = rows as f64 * HALF;

    // The bare board: a square per cell with its number. `data-cell` names
    // the square, so a page can turn a click into a cell.
    for (r, row) in picture.board.iter().enumerate() {
        for (c, v) in row.iter().enumerate() {
            if let Some(v) = v {
                let (x, y) = origin((r, c));
                canvas.rect(
                    x + 1.0,
                    y + 1.0,
                    HALF - 2.0,
                    HALF - 2.0,
                    4.0,
                    &format!(r#"fill="{}""#, palette::CELL),
                    &format!(r#" data-cell="{r},{c}""#),
                );
                canvas.half(x, y, i64::from(*v), false);
            }
        }
    }

    // Clue pieces are known from the start: drawn as tiles with a blue edge.
    for &[p, q] in picture.clues {
        if let Some(at) = spot_of(p, q) {
            let (a, b) = if at.0 == p { (p, q) } else { (q, p) };
            let (va, vb) = (value(a).unwrap_or(0), value(b).unwrap_or(0));
            let (x, y) = origin(a);
            let spot = Spot {
                x,
                y,
                horizontal: at.1,
            };
            canvas.tile(spot, i64::from(va), i64::from(vb), &Look::class("clue"));
            outline(
                &mut canvas,
                spot,
                palette::CLUE,
                "clue-mark",
                &Look::default(),
            );
        }
    }

    // The player's pieces, in the order laid (a later one over an earlier).
    for (k, &[p, q]) in laid.iter().enumerate() {
        let attrs = format!(r#" data-placement="{k}""#);
        // Values first: a cell off the board (any numbers a client sends)
        // never reaches the neighbour arithmetic.
        let on_board = value(p).zip(value(q));
        match on_board.and_then(|v| spot_of(p, q).map(|spot| (spot, v))) {
            Some(((first, horizontal), (vp, vq))) => {
                let (va, vb) = if first == p { (vp, vq) } else { (vq, vp) };
                let (x, y) = origin(first);
                let look = Look {
                    class: " laid".to_string(),
                    attrs,
                };
                let spot = Spot { x, y, horizontal };
                canvas.tile(spot, i64::from(va), i64::from(vb), &look);
            }
            _ => {
                for cell in [p, q].into_iter().filter(|&c| value(c).is_some()) {
                    let (x, y) = origin(cell);
                    canvas.rect(
                        x + 2.0,
                        y + 2.0,
                        HALF - 4.0,
                        HALF - 4.0,
                        5.0,
                        &format!(
                            r#"fill="none" stroke="{}" stroke-width="2.5""#,
                            palette::ERROR
                        ),
                        &format!(r#" class="loose"{attrs}"#),
                    );
                }
            }
        }
    }

    // Each deduction's cells: outlined at its step, lightly tinted after it
    // (until the solution covers the board) so the progress stays visible.
    let solved_at = steps.len() + 1;
    let until_solved = picture.solution.map(|_| solved_at);
    for (k, step) in steps.iter().enumerate() {
        let now = mode
            .shown(k + 1, Some(k + 2))
            .map(|look| (look, "step-cells", 0.3, 2.5));
        let after = mode
            .shown(k + 2, until_solved)
            .map(|look| (look, "step-done", 0.2, 0.0));
        for (look, class, opacity, stroke) in now.into_iter().chain(after) {
            canvas.raw(&format!(
                r#"<g class="{class}{}"{}>"#,
                look.class, look.attrs
            ));
            for &cell in &step.cells {
                if value(cell).is_some() {
                    let (x, y) = origin(cell);
                    canvas.rect(
                        x + 2.0,
                        y + 2.0,
                        HALF - 4.0,
                        HALF - 4.0,
                        5.0,
                        &format!(
                            r#"fill="{0}" fill-opacity="{opacity}" stroke="{0}" stroke-width="{stroke}""#,
                            palette::ACCENT
                        ),
                        "",
                    );
                }
            }
            canvas.raw("</g>");
        }
    }

    // The solution, as dominoes over the board.
    if let (Some(map), Some(look)) = (picture.solution, mode.shown(solved_at, None)) {
        canvas.raw(&format!(
            r#"<g class="solution{}"{}>"#,
            look.class, look.attrs
        ));
        let mut cells_of: HashMap<usize, Vec<Cell>> = HashMap::new();
        for (r, row) in map.iter().enumerate() {
            for (c, bone) in row.iter().enumerate() {
                if let (Some(bone), Some(_)) = (bone, value((r, c))) {
                    cells_of.entry(*bone).or_default().push((r, c));
                }
            }
        }
        let mut bones: Vec<_> = cells_of.into_iter().collect();
        bones.sort_unstable();
        for (bone, cells) in bones {
            let pair = match cells[..] {
                [p, q] => spot_of(p, q).map(|at| (p, q, at)),
                _ => None,
            };
            match pair {
                Some((p, q, (first, horizontal))) => {
                    let second = if first == p { q } else { p };
                    let (x, y) = origin(first);
                    let va = value(first).unwrap_or(0);
                    let vb = value(second).unwrap_or(0);
                    let look = Look {
                        class: String::new(),
                        attrs: format!(r#" data-bone="{bone}""#),
                    };
                    let spot = Spot { x, y, horizontal };
                    canvas.tile(spot, i64::from(va), i64::from(vb), &look);
                }
                None => {
                    for cell in cells {
                        let (x, y) = origin(cell);
                        canvas.rect(
                            x + 2.0,
                            y + 2.0,
                            HALF - 4.0,
                            HALF - 4.0,
                            5.0,
                            &format!(
                                r#"fill="none" stroke="{}" stroke-width="2.5""#,
                                palette::ERROR
                            ),
                            r#" class="loose""#,
                        );
                    }
                }
            }
        }
        // Clue pieces stay marked over the solution.
        for &[p, q] in picture.clues {
            if let Some((first, horizontal)) = spot_of(p, q) {
                let (x, y) = origin(first);
                outline(
                    &mut canvas,
                    Spot { x, y, horizontal },
                    palette::CLUE,
                    "clue-mark",
                    &Look::default(),
                );
            }
        }
        canvas.raw("</g>");
    }

    canvas.axes(left, top, cols, rows);
    let width = (left + board_w + MARGIN).max(300.0);
    let mut y = top + board_h + 10.0;
    let mut texts = vec![start_text(picture, what)];
    texts.extend(
        steps
            .iter()
            .enumerate()
            .map(|(k, s)| format!("Step {}: {} - {}", k + 1, s.technique, s.text)),
    );
    if picture.solution.is_some() && !steps.is_empty() {
        texts.push("Solved: every domino of the set placed once.".to_string());
    }
    if picture.solution.is_some() && steps.is_empty() {
        texts.push(start_text(picture, "solved: every domino of the set once"));
    }
    y += canvas.step_notes(mode, MARGIN, y, width - 2.0 * MARGIN, &texts);
    let cells = picture
        .board
        .iter()
        .flatten()
        .filter(|v| v.is_some())
        .count();
    let title = format!("placement puzzle, {rows} x {cols}, {cells} cells: {what}");
    let extra = format!(r#" data-cells="{cells}" data-steps="{}""#, texts.len() - 1);
    canvas.finish("place", &title, width, y + MARGIN, &extra)
}

fn start_text(picture: &PlacePicture, what: &str) -> String {
    let cells = picture
        .board
        .iter()
        .flatten()
        .filter(|v| v.is_some())
        .count();
    let clues = match picture.clues.len() {
        0 => String::new(),
        1 => ", 1 clue piece (blue)".to_string(),
        n => format!(", {n} clue pieces (blue)"),
    };
    format!("{} cells, {} dominoes{clues}: {what}.", cells, cells / 2)
}

/// The first cell (top or left) of two neighbouring cells and whether they
/// lie side by side; `None` when they are not neighbours.
fn spot_of(p: Cell, q: Cell) -> Option<(Cell, bool)> {
    let (first, second) = if p <= q { (p, q) } else { (q, p) };
    if first.0 == second.0 && first.1 + 1 == second.1 {
        Some((first, true))
    } else if first.1 == second.1 && first.0 + 1 == second.0 {
        Some((first, false))
    } else {
        None
    }
}

/// A coloured outline just inside a tile.
fn outline(canvas: &mut Canvas, at: Spot, colour: &str, class: &str, look: &Look) {
    let (w, h) = if at.horizontal {
        (2.0 * HALF, HALF)
    } else {
        (HALF, 2.0 * HALF)
    };
    canvas.rect(
        at.x + 3.5,
        at.y + 3.5,
        w - 7.0,
        h - 7.0,
        HALF * 0.12,
        &format!(r#"fill="none" stroke="{colour}" stroke-width="2.2""#),
        &format!(r#" class="{class}{}"{}"#, look.class, look.attrs),
    );
}

#[cfg(test)]
mod tests {
    use super::spot_of;

    #[test]
    fn neighbours_in_either_order() {
        assert_eq!(spot_of((1, 2), (1, 3)), Some(((1, 2), true)));
        assert_eq!(spot_of((2, 3), (1, 3)), Some(((1, 3), false)));
        assert_eq!(spot_of((1, 1), (2, 2)), None);
        assert_eq!(spot_of((1, 1), (1, 1)), None);
    }
}
