//! The place picture: the board of numbers (pips up to 6, digits above),
//! holes left blank, clue pieces outlined in blue; with a solution, every
//! bone drawn as a domino over its two cells. `place explain` becomes a
//! player: one step per deduction with its cells highlighted, then the
//! solution when it is known.

use super::html::{Figure, FigureBody};
use super::svg::{palette, Canvas, Look, Mode, Spot, AXIS, HALF};
use crate::tile::Value;
use crate::Cell;
use std::collections::HashMap;

/// The input of the place picture. Rows may differ in length (missing
/// cells are holes).
#[derive(Clone, Copy, Debug)]
pub struct PlacePicture<'a> {
    /// The numbers, row by row; `None` is a hole.
    pub board: &'a [Vec<Option<Value>>],
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
pub fn place_play_svg(picture: &PlacePicture, laid: &[[Cell; 2]]) -> String {
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

/// Where the board sits on the canvas, and its numbers: what every step
/// of the drawing looks up.
struct Layout<'a> {
    picture: &'a PlacePicture<'a>,
    left: f64,
    top: f64,
}

impl Layout<'_> {
    /// The number on a cell; `None` for a hole or a cell off the board.
    fn value(&self, (r, c): Cell) -> Option<Value> {
        self.picture
            .board
            .get(r)
            .and_then(|row| row.get(c))
            .copied()
            .flatten()
    }

    /// The top left corner of a cell's square.
    fn origin(&self, (r, c): Cell) -> (f64, f64) {
        (self.left + c as f64 * HALF, self.top + r as f64 * HALF)
    }

    /// The tile spot of two neighbouring cells, from the first one.
    fn spot(&self, (first, horizontal): (Cell, bool)) -> Spot {
        let (x, y) = self.origin(first);
        Spot { x, y, horizontal }
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
    let layout = Layout {
        picture,
        left: MARGIN + AXIS,
        top: MARGIN + AXIS,
    };
    let values = picture.board.iter().flatten().flatten();
    let mut canvas = Canvas::new(values.copied());
    draw_cells(&mut canvas, &layout);
    draw_clues(&mut canvas, &layout);
    draw_laid(&mut canvas, &layout, laid);
    let solved_at = steps.len() + 1;
    draw_steps(&mut canvas, &layout, steps, mode, solved_at);
    if let (Some(map), Some(look)) = (picture.solution, mode.shown(solved_at, None)) {
        draw_solution(&mut canvas, &layout, map, &look);
    }
    let (left, top) = (layout.left, layout.top);
    canvas.axes(left, top, cols, rows);
    let width = (left + cols as f64 * HALF + MARGIN).max(300.0);
    let mut y = top + rows as f64 * HALF + 10.0;
    let texts = notes(picture, steps, what);
    y += canvas.step_notes(mode, MARGIN, y, width - 2.0 * MARGIN, &texts);
    let cells = cell_count(picture);
    let title = format!("placement puzzle, {rows} x {cols}, {cells} cells: {what}");
    let extra = format!(r#" data-cells="{cells}" data-steps="{}""#, texts.len() - 1);
    canvas.finish("place", &title, width, y + MARGIN, &extra)
}

/// The bare board: a square per cell with its number. `data-cell` names
/// the square, so a page can turn a click into a cell; `data-value` holds
/// its number, so a page can light every cell of a number.
fn draw_cells(canvas: &mut Canvas, layout: &Layout) {
    for (r, row) in layout.picture.board.iter().enumerate() {
        for (c, v) in row.iter().enumerate() {
            if let Some(v) = v {
                let (x, y) = layout.origin((r, c));
                canvas.rect(
                    x + 1.0,
                    y + 1.0,
                    HALF - 2.0,
                    HALF - 2.0,
                    4.0,
                    &format!(r#"fill="{}""#, palette::CELL),
                    &format!(r#" data-cell="{r},{c}" data-value="{v}""#),
                );
                canvas.half(x, y, *v, false);
            }
        }
    }
}

/// Clue pieces are known from the start: drawn as tiles with a blue edge.
fn draw_clues(canvas: &mut Canvas, layout: &Layout) {
    for &[p, q] in layout.picture.clues {
        if let Some(at) = spot_of(p, q) {
            let (a, b) = if at.0 == p { (p, q) } else { (q, p) };
            let (va, vb) = (layout.value(a).unwrap_or(0), layout.value(b).unwrap_or(0));
            let spot = layout.spot(at);
            canvas.tile(spot, va, vb, &Look::class("clue"));
            outline(canvas, spot, palette::CLUE, "clue-mark", &Look::default());
        }
    }
}

/// The player's pieces, in the order laid (a later one over an earlier).
fn draw_laid(canvas: &mut Canvas, layout: &Layout, laid: &[[Cell; 2]]) {
    for (k, &[p, q]) in laid.iter().enumerate() {
        let attrs = format!(r#" data-placement="{k}""#);
        // Values first: a cell off the board (any numbers a client sends)
        // never reaches the neighbour arithmetic.
        let on_board = layout.value(p).zip(layout.value(q));
        match on_board.and_then(|v| spot_of(p, q).map(|spot| (spot, v))) {
            Some((at, (vp, vq))) => {
                let (va, vb) = if at.0 == p { (vp, vq) } else { (vq, vp) };
                let look = Look {
                    class: " laid".to_string(),
                    attrs,
                };
                canvas.tile(layout.spot(at), va, vb, &look);
            }
            _ => {
                for cell in [p, q].into_iter().filter(|&c| layout.value(c).is_some()) {
                    loose(canvas, layout, cell, &attrs);
                }
            }
        }
    }
}

/// Each deduction's cells: outlined at its step, lightly tinted after it
/// (until the solution, shown at step `solved_at`, covers the board) so the
/// progress stays visible.
fn draw_steps(
    canvas: &mut Canvas,
    layout: &Layout,
    steps: &[ExplainStep],
    mode: Mode,
    solved_at: usize,
) {
    let until_solved = layout.picture.solution.map(|_| solved_at);
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
                if layout.value(cell).is_some() {
                    let (x, y) = layout.origin(cell);
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
}

/// The solution, as dominoes over the board, shown as `look` says; clue
/// pieces stay marked over it.
fn draw_solution(canvas: &mut Canvas, layout: &Layout, map: &[Vec<Option<usize>>], look: &Look) {
    canvas.raw(&format!(
        r#"<g class="solution{}"{}>"#,
        look.class, look.attrs
    ));
    let mut cells_of: HashMap<usize, Vec<Cell>> = HashMap::new();
    for (r, row) in map.iter().enumerate() {
        for (c, bone) in row.iter().enumerate() {
            if let (Some(bone), Some(_)) = (bone, layout.value((r, c))) {
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
            Some((p, q, at)) => {
                let first = at.0;
                let second = if first == p { q } else { p };
                let va = layout.value(first).unwrap_or(0);
                let vb = layout.value(second).unwrap_or(0);
                let look = Look {
                    class: String::new(),
                    attrs: format!(r#" data-bone="{bone}""#),
                };
                canvas.tile(layout.spot(at), va, vb, &look);
            }
            None => {
                for cell in cells {
                    loose(canvas, layout, cell, "");
                }
            }
        }
    }
    for &[p, q] in layout.picture.clues {
        if let Some(at) = spot_of(p, q) {
            let spot = layout.spot(at);
            outline(canvas, spot, palette::CLUE, "clue-mark", &Look::default());
        }
    }
    canvas.raw("</g>");
}

/// A cell of a piece that is no domino's shape: a red outline inside it.
fn loose(canvas: &mut Canvas, layout: &Layout, cell: Cell, attrs: &str) {
    let (x, y) = layout.origin(cell);
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

/// The notes under the board: what it shows, each deduction, and the
/// solution's line when there is one.
fn notes(picture: &PlacePicture, steps: &[ExplainStep], what: &str) -> Vec<String> {
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
    texts
}

/// The board's cells (holes not counted).
fn cell_count(picture: &PlacePicture) -> usize {
    picture
        .board
        .iter()
        .flatten()
        .filter(|v| v.is_some())
        .count()
}

fn start_text(picture: &PlacePicture, what: &str) -> String {
    let cells = cell_count(picture);
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
