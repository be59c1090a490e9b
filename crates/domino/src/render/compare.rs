//! The picture of a vanish comparison: one bar a run (an algorithm on a
//! board), its length the pieces the run left, grouped by board, so the
//! algorithms that cleared most can be read off at a glance; a proven
//! optimum is marked.

use super::svg::{palette, Canvas};
use crate::vanish::CompareReport;

const MARGIN: f64 = 16.0;
const ROW: f64 = 22.0;
const BAR: f64 = 14.0;
/// Room for the algorithm's name left of its bar.
const NAME: f64 = 130.0;
/// The longest bar, for the most pieces any run left.
const LONGEST: f64 = 260.0;
/// Room for the count (and "optimal") right of a bar.
const COUNT: f64 = 110.0;
const SIZE: f64 = 12.0;

/// Every run of `report` as a bar of the pieces it left, boards in the
/// order given.
pub fn vanish_compare_svg(report: &CompareReport) -> String {
    let mut canvas = Canvas::new(std::iter::empty());
    let most = report
        .rows
        .iter()
        .map(|row| row.solution.score)
        .max()
        .unwrap_or(0)
        .max(1) as f64;
    let mut y = MARGIN;
    let mut board: Option<&str> = None;
    for row in &report.rows {
        if board != Some(row.input.as_str()) {
            board = Some(&row.input);
            canvas.label(MARGIN, y + SIZE, SIZE + 1.0, palette::TEXT, &row.input);
            y += ROW;
        }
        let x = MARGIN + NAME;
        canvas.label(
            MARGIN + 8.0,
            y + SIZE,
            SIZE,
            palette::MUTED,
            row.algorithm.name(),
        );
        let width = LONGEST * row.solution.score as f64 / most;
        let fill = if row.solution.score == 0 {
            palette::SPINNER
        } else {
            palette::ACCENT
        };
        canvas.rect(
            x,
            y + (ROW - BAR) / 2.0 - 3.0,
            width.max(2.0),
            BAR,
            2.0,
            &format!(r#"fill="{fill}""#),
            r#" class="run""#,
        );
        let proven = if row.solution.optimal { " optimal" } else { "" };
        let left = format!("{} left{proven}", row.solution.score);
        canvas.label(
            x + width.max(2.0) + 6.0,
            y + SIZE,
            SIZE,
            palette::TEXT,
            &left,
        );
        y += ROW;
    }
    let width = MARGIN * 2.0 + NAME + LONGEST + COUNT;
    canvas.finish(
        "vanish",
        "pieces each algorithm left on each board",
        width,
        y + MARGIN,
        "",
    )
}
