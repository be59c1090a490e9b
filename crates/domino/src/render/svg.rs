//! Shared drawing for every picture: the palette, an SVG writer, and the one
//! way a domino is drawn (an ivory tile with rounded corners, a dividing
//! line, pips for values 0 to 6 and digits above or below that range).
//!
//! All pictures are built from the same pieces so they look like one set:
//! a tile is always a `<g class="tile">` group, which is also what the
//! structure tests and the browser test count.

use std::fmt::Write;

/// The side of one half of a domino, in pixels, at 100% zoom.
pub const HALF: f64 = 34.0;

/// Font size, line height and average character width of notes.
pub const NOTE_SIZE: f64 = 13.0;
pub const NOTE_LINE: f64 = 18.0;
const NOTE_CHAR: f64 = 7.4;

/// Room for the row and column numbers of a board (see [`Canvas::axes`]).
pub const AXIS: f64 = 16.0;

/// The colours of every picture, in one place so they stay consistent.
pub mod palette {
    /// Behind every picture: warm table felt, light enough for black text.
    pub const BACKGROUND: &str = "#f3efe6";
    /// The face of a tile.
    pub const TILE: &str = "#fffdf6";
    /// The edge of a tile and its dividing line.
    pub const EDGE: &str = "#3b3a36";
    /// Pips and digits.
    pub const INK: &str = "#24303a";
    /// Text around the pictures.
    pub const TEXT: &str = "#3b3a36";
    /// Secondary text (counts, notes).
    pub const MUTED: &str = "#7a7468";
    /// The thing to look at: the closing match, the step's cells, the piece
    /// just removed.
    pub const ACCENT: &str = "#e07b24";
    /// What went wrong: an illegal move, a reason.
    pub const ERROR: &str = "#c0392b";
    /// Spinners (doubles with four sides) in Five Up.
    pub const SPINNER: &str = "#2a7f62";
    /// Clue pieces of a placement puzzle.
    pub const CLUE: &str = "#3567b0";
    /// The cells of a board (place, vanish) and their grid lines.
    pub const CELL: &str = "#e9e2d3";
    pub const GRID: &str = "#d3c9b5";
}

/// An SVG document being written. Coordinates are pixels; the caller gives
/// the size once everything is drawn (see [`Canvas::finish`]).
pub struct Canvas {
    body: String,
    tiles: usize,
    digits: bool,
}

impl Canvas {
    /// A canvas for a picture showing `values`: pips when they all lie in
    /// 0..=6, otherwise digits on every half: seven to nine pips are slow
    /// to count, and a board mixing pips with "12" is harder to read than
    /// digits throughout.
    pub fn new(values: impl IntoIterator<Item = i64>) -> Self {
        let digits = values.into_iter().any(|v| !(0..=6).contains(&v));
        Canvas {
            body: String::new(),
            tiles: 0,
            digits,
        }
    }

    fn face(&self, value: i64) -> Pips {
        if self.digits {
            Pips::Digits(value.to_string())
        } else {
            Pips::of(value)
        }
    }

    /// Appends raw SVG markup (already escaped).
    pub fn raw(&mut self, markup: &str) {
        self.body.push_str(markup);
    }

    /// A rectangle with rounded corners.
    #[allow(clippy::too_many_arguments)]
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, r: f64, style: &str, extra: &str) {
        let _ = write!(
            self.body,
            r#"<rect x="{}" y="{}" width="{}" height="{}" rx="{r}" {style}{extra}/>"#,
            px(x),
            px(y),
            px(w),
            px(h)
        );
    }

    /// Text centred on (x, y); `size` is the font size in pixels.
    pub fn text(&mut self, x: f64, y: f64, size: f64, style: &str, text: &str) {
        let _ = write!(
            self.body,
            r#"<text x="{}" y="{}" font-size="{}" text-anchor="middle" dominant-baseline="central" {style}>{}</text>"#,
            px(x),
            px(y),
            px(size),
            escape(text)
        );
    }

    /// Text starting at (x, y) (left aligned, baseline at y).
    pub fn label(&mut self, x: f64, y: f64, size: f64, colour: &str, text: &str) {
        let _ = write!(
            self.body,
            r#"<text x="{}" y="{}" font-size="{}" fill="{colour}">{}</text>"#,
            px(x),
            px(y),
            px(size),
            escape(text)
        );
    }

    /// A note of one or more lines (wrapped to `width` pixels) starting at
    /// (x, y); returns the height it took.
    pub fn note(&mut self, x: f64, y: f64, width: f64, colour: &str, text: &str) -> f64 {
        let lines = wrap(text, ((width / NOTE_CHAR) as usize).max(12));
        for (k, line) in lines.iter().enumerate() {
            self.label(
                x,
                y + NOTE_SIZE + NOTE_LINE * k as f64,
                NOTE_SIZE,
                colour,
                line,
            );
        }
        NOTE_LINE * lines.len() as f64
    }

    /// One note per step of a player (`texts[k]` under step k), all in the
    /// same place; a still image draws only its own step's note. Returns
    /// the height of the tallest.
    pub fn step_notes(&mut self, mode: Mode, x: f64, y: f64, width: f64, texts: &[String]) -> f64 {
        let mut tallest: f64 = 0.0;
        for (k, text) in texts.iter().enumerate() {
            let Some(look) = mode.shown(k, Some(k + 1)) else {
                continue;
            };
            let _ = write!(
                self.body,
                r#"<g class="step-caption{}"{}>"#,
                look.class, look.attrs
            );
            tallest = tallest.max(self.note(x, y, width, palette::TEXT, text));
            self.body.push_str("</g>");
        }
        tallest
    }

    /// Column numbers above and row numbers left of a board of `cols` x
    /// `rows` squares whose top-left corner is (left, top), counted from
    /// 0 as in the coordinates the captions use. Needs [`AXIS`] pixels of
    /// room above and to the left.
    pub fn axes(&mut self, left: f64, top: f64, cols: usize, rows: usize) {
        self.axes_from(left, top, cols, rows, 0);
    }

    /// The numbers of [`Canvas::axes`], counted from `first` (1 for a
    /// family whose explanations say "row 1, column 1").
    pub fn axes_from(&mut self, left: f64, top: f64, cols: usize, rows: usize, first: usize) {
        let style = format!(r#"fill="{}" class="axis""#, palette::MUTED);
        for c in 0..cols {
            let x = left + (c as f64 + 0.5) * HALF;
            self.text(
                x,
                top - AXIS / 2.0 - 1.0,
                10.0,
                &style,
                &(c + first).to_string(),
            );
        }
        for r in 0..rows {
            let y = top + (r as f64 + 0.5) * HALF;
            self.text(
                left - AXIS / 2.0 - 1.0,
                y,
                10.0,
                &style,
                &(r + first).to_string(),
            );
        }
    }

    /// One domino with its first half at `at`: `a` on the left (or top),
    /// `b` on the right (or bottom). `look` adds classes and attributes to
    /// the tile's group.
    pub fn tile(&mut self, at: Spot, a: i64, b: i64, look: &Look) {
        self.tiles += 1;
        let Spot { x, y, horizontal } = at;
        let (w, h) = if horizontal {
            (2.0 * HALF, HALF)
        } else {
            (HALF, 2.0 * HALF)
        };
        let inset = 1.5;
        let _ = write!(self.body, r#"<g class="tile{}"{}>"#, look.class, look.attrs);
        if self.digits && a.to_string().len().max(b.to_string().len()) > 4 {
            // Long numbers are drawn small; hovering shows them whole.
            let _ = write!(self.body, "<title>{a}|{b}</title>");
        }
        self.rect(
            x + inset,
            y + inset,
            w - 2.0 * inset,
            h - 2.0 * inset,
            HALF * 0.16,
            &format!(
                r#"fill="{}" stroke="{}" stroke-width="1.6""#,
                palette::TILE,
                palette::EDGE
            ),
            "",
        );
        let (x2, y2) = if horizontal {
            (x + HALF, y)
        } else {
            (x, y + HALF)
        };
        let line = if horizontal {
            (x2, y + HALF * 0.18, x2, y + HALF * 0.82)
        } else {
            (x + HALF * 0.18, y2, x + HALF * 0.82, y2)
        };
        let _ = write!(
            self.body,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}" stroke-width="1.2"/>"#,
            px(line.0),
            px(line.1),
            px(line.2),
            px(line.3),
            palette::EDGE
        );
        self.half(x, y, a, horizontal);
        self.half(x2, y2, b, horizontal);
        self.body.push_str("</g>");
    }

    /// The face of one half whose top-left corner is (x, y).
    pub fn half(&mut self, x: f64, y: f64, value: i64, horizontal: bool) {
        match self.face(value) {
            Pips::Dots(n) => {
                let r = HALF * 0.085;
                for &(col, row) in pip_layout(n) {
                    // Pips of a horizontal tile are turned a quarter, as on
                    // a real domino lying sideways.
                    let (c, r0) = if horizontal { (row, col) } else { (col, row) };
                    let cx = x + HALF * (0.25 + 0.25 * f64::from(c));
                    let cy = y + HALF * (0.25 + 0.25 * f64::from(r0));
                    let _ = write!(
                        self.body,
                        r#"<circle cx="{}" cy="{}" r="{}" fill="{}"/>"#,
                        px(cx),
                        px(cy),
                        px(r),
                        palette::INK
                    );
                }
            }
            Pips::Digits(text) => {
                let chars = text.chars().count().max(1) as f64;
                let text = text.as_str();
                // Two digits fit at full size; longer numbers shrink so they
                // stay inside the half (a bold digit is about 0.7 em wide; a
                // 19-digit value is tiny but whole).
                let size = (HALF * 0.5).min(HALF * 0.8 / (chars * 0.7));
                self.text(
                    x + HALF / 2.0,
                    y + HALF / 2.0,
                    size,
                    &format!(r#"fill="{}" font-weight="600""#, palette::INK),
                    text,
                );
            }
        }
    }

    /// The finished document: an `<svg>` of the given size with a title
    /// (shown as a tooltip, read by screen readers) and the family and tile
    /// count as data attributes for tests and scripts.
    pub fn finish(self, family: &str, title: &str, width: f64, height: f64, extra: &str) -> String {
        let (w, h) = (width.ceil(), height.ceil());
        let mut out = String::with_capacity(self.body.len() + 512);
        let _ = write!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" class="domino-picture" data-family="{family}" data-tiles="{}"{extra} viewBox="0 0 {w} {h}" width="{w}" height="{h}" font-family="DejaVu Sans, Verdana, sans-serif" role="img"><title>{}</title><style>.step-hidden{{display:none}}</style><rect class="background" x="0" y="0" width="{w}" height="{h}" rx="10" fill="{}"/>"#,
            self.tiles,
            escape(title),
            palette::BACKGROUND
        );
        out.push_str(&self.body);
        out.push_str("</svg>");
        out
    }
}

/// Where a tile lies: the top-left corner of its first half, and whether
/// it lies horizontally (first half on the left) or vertically (on top).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spot {
    pub x: f64,
    pub y: f64,
    pub horizontal: bool,
}

/// Extra classes (each with a leading space) and attributes (each with a
/// leading space, already escaped) of a drawn element.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Look {
    pub class: String,
    pub attrs: String,
}

impl Look {
    pub fn class(class: &str) -> Look {
        Look {
            class: format!(" {class}"),
            attrs: String::new(),
        }
    }
}

/// Whether a picture is drawn as one still image of a given step, or as a
/// player whose elements carry the steps at which they show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Still(usize),
    Player,
}

impl Mode {
    /// How to draw an element shown from step `from` until just before step
    /// `until` (forever when `None`): `None` when a still image leaves it
    /// out; for a player, the `data-from`/`data-until` attributes that its
    /// script reads, and `step-hidden` when it is not shown at step 0 (so
    /// the page is right before the script runs).
    pub fn shown(self, from: usize, until: Option<usize>) -> Option<Look> {
        let visible = |step: usize| step >= from && !matches!(until, Some(u) if step >= u);
        match self {
            Mode::Still(step) => visible(step).then(Look::default),
            Mode::Player => {
                let mut look = Look::default();
                if from > 0 {
                    look.attrs.push_str(&format!(r#" data-from="{from}""#));
                }
                if let Some(u) = until {
                    look.attrs.push_str(&format!(r#" data-until="{u}""#));
                }
                if !visible(0) {
                    look.class.push_str(" step-hidden");
                }
                Some(look)
            }
        }
    }
}

/// What one half shows.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Pips {
    /// 0 to 9 pips.
    Dots(u8),
    /// A number outside 0..=9, written out.
    Digits(String),
}

impl Pips {
    fn of(value: i64) -> Pips {
        match u8::try_from(value) {
            Ok(n) if n <= 9 => Pips::Dots(n),
            _ => Pips::Digits(value.to_string()),
        }
    }
}

/// Where the pips of 0..=9 sit on a 3 x 3 grid (column, row), as on a
/// standard double-nine set.
fn pip_layout(n: u8) -> &'static [(u8, u8)] {
    const ALL: [&[(u8, u8)]; 10] = [
        &[],
        &[(1, 1)],
        &[(0, 0), (2, 2)],
        &[(0, 0), (1, 1), (2, 2)],
        &[(0, 0), (2, 0), (0, 2), (2, 2)],
        &[(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        &[(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
        &[(0, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (2, 2)],
        &[
            (0, 0),
            (1, 0),
            (2, 0),
            (0, 1),
            (2, 1),
            (0, 2),
            (1, 2),
            (2, 2),
        ],
        &[
            (0, 0),
            (1, 0),
            (2, 0),
            (0, 1),
            (1, 1),
            (2, 1),
            (0, 2),
            (1, 2),
            (2, 2),
        ],
    ];
    ALL[usize::from(n.min(9))]
}

/// A coordinate written with at most two decimals (no trailing zeros), so
/// documents stay small and stable.
pub fn px(v: f64) -> String {
    let rounded = (v * 100.0).round() / 100.0;
    if rounded == rounded.trunc() {
        format!("{}", rounded as i64)
    } else {
        let s = format!("{rounded:.2}");
        s.trim_end_matches('0').to_string()
    }
}

/// Splits `text` into lines of at most about `width` characters, at spaces.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Escapes text for XML/HTML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pip_counts_match_values() {
        for n in 0..=9u8 {
            assert_eq!(pip_layout(n).len(), usize::from(n));
        }
        assert_eq!(Pips::of(9), Pips::Dots(9));
        assert_eq!(Pips::of(10), Pips::Digits("10".into()));
        assert_eq!(Pips::of(-1), Pips::Digits("-1".into()));
    }

    #[test]
    fn coordinates_are_short_and_text_is_escaped() {
        assert_eq!(px(3.0), "3");
        assert_eq!(px(3.456), "3.46");
        assert_eq!(px(-0.5), "-0.5");
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
        assert_eq!(wrap("one two three four", 9), ["one two", "three", "four"]);
        assert!(wrap("   ", 5).is_empty());
    }

    #[test]
    fn a_tile_draws_its_pips() {
        let mut canvas = Canvas::new([3, 4]);
        let at = Spot {
            x: 0.0,
            y: 0.0,
            horizontal: true,
        };
        canvas.tile(at, 3, 4, &Look::default());
        let svg = canvas.finish("test", "t", 100.0, 50.0, "");
        assert_eq!(svg.matches("<circle").count(), 7);
        assert_eq!(svg.matches(r#"class="tile""#).count(), 1);
        assert!(svg.contains(r#"data-tiles="1""#));
        let mut canvas = Canvas::new([3, 10]);
        canvas.tile(at, 3, 10, &Look::default());
        let svg = canvas.finish("test", "t", 100.0, 50.0, "");
        assert_eq!(svg.matches("<circle").count(), 0);
        assert!(svg.contains(">3</text>") && svg.contains(">10</text>"));
    }

    #[test]
    fn players_mark_when_elements_show() {
        assert_eq!(Mode::Still(2).shown(3, None), None);
        assert_eq!(Mode::Still(3).shown(3, None), Some(Look::default()));
        assert_eq!(Mode::Still(3).shown(0, Some(3)), None);
        let look = Mode::Player.shown(2, Some(4)).unwrap();
        assert_eq!(look.attrs, r#" data-from="2" data-until="4""#);
        assert_eq!(look.class, " step-hidden");
        assert_eq!(Mode::Player.shown(0, Some(1)).unwrap().class, "");
    }
}
