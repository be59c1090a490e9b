//! The tray of a Pips screenshot: the dominoes still to place, drawn as
//! light rounded tiles with a faint divider and dark pips. [`read_tray`]
//! finds the tiles outside the board and counts each half's pips.
//!
//! A tile is found by its face: a light region closed off from the page by
//! the tile's dark outline (on a light page) or by the page itself (on a
//! dark one), about twice as long as it is wide, straight-edged, with a
//! divider a little darker than the face across its middle. Pips are the
//! dark marks inside a face that touch none of its edges. A half's count is
//! checked against the die layouts (every one is symmetric about the half's
//! centre) and against the size of the tray's other pips; anything odd
//! becomes a doubt for a person, never a silent guess.

use super::PixelBox;
use image::RgbImage;

/// One domino of the tray as read.
pub(super) struct TrayPiece {
    /// The pips of its left (or top) half, then its right (or bottom) half.
    pub values: (u8, u8),
    /// Where the tile is in the picture.
    pub pixels: PixelBox,
    /// Why the values may be wrong, for a person; `None` when sure.
    pub doubt: Option<String>,
}

/// Luma at or above which a pixel may be part of a tile's face (the face is
/// near 247, the divider near 221, the tile's shadow band near 173).
const FACE: u8 = 195;
/// Luma below which a pixel is pip ink (pips and outline are near 68).
const INK: u8 = 150;
/// A tile's face is this many times longer than wide, give or take (the
/// shadow band under the face makes a lying tile's face a little longer).
const ASPECT: (f64, f64) = (1.5, 2.8);
/// The fewest pixels across a face that can still show countable pips.
const MIN_SIDE: u32 = 12;
/// How much darker (in luma) than the face the divider must be.
const DIVIDER_DEPTH: u32 = 5;
/// A pip's diameter as a share of the face's short side (about 0.3).
const PIP_DIAMETER: f64 = 0.3;
/// Runs of face pixels the search keeps before it gives up on a picture (a
/// screenshot has tens of thousands; only noise has millions).
const MAX_RUNS: usize = 1 << 20;

/// Reads the tray: every tile outside `board`, in reading order (top to
/// bottom, then left to right). `cell`, the board's cell side in pixels,
/// sizes the smallest tile worth reading; 0 means unknown.
pub(super) fn read_tray(image: &RgbImage, board: PixelBox, cell: u32) -> Vec<TrayPiece> {
    let whole = Rect {
        x0: 0,
        y0: 0,
        x1: image.width(),
        y1: image.height(),
    };
    let board = Rect::of(board).clip(whole);
    let Some(blobs) = blobs(image, whole, board, |l| l >= FACE) else {
        return Vec::new();
    };
    let min_side = MIN_SIDE.max(cell / 8);
    let faces: Vec<Face> = blobs
        .iter()
        .filter(|b| !b.rect.overlaps_much(board))
        .filter_map(|b| Face::of(image, b, min_side))
        .collect();
    let faces = same_size(faces, cell);
    let pip_scale = pip_scale(&faces);
    let mut pieces: Vec<TrayPiece> = faces.iter().map(|f| f.piece(pip_scale, whole)).collect();
    reading_order(&mut pieces);
    pieces
}

/// A rectangle of the picture, half-open: x0 <= x < x1, y0 <= y < y1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Rect {
    x0: u32,
    y0: u32,
    x1: u32,
    y1: u32,
}

impl Rect {
    fn of(b: PixelBox) -> Rect {
        Rect {
            x0: b.x,
            y0: b.y,
            x1: b.x.saturating_add(b.width),
            y1: b.y.saturating_add(b.height),
        }
    }

    fn clip(self, to: Rect) -> Rect {
        let x0 = self.x0.clamp(to.x0, to.x1);
        let y0 = self.y0.clamp(to.y0, to.y1);
        Rect {
            x0,
            y0,
            x1: self.x1.clamp(x0, to.x1),
            y1: self.y1.clamp(y0, to.y1),
        }
    }

    fn width(self) -> u32 {
        self.x1 - self.x0
    }

    fn height(self) -> u32 {
        self.y1 - self.y0
    }

    fn area(self) -> u64 {
        u64::from(self.width()) * u64::from(self.height())
    }

    fn contains(self, x: u32, y: u32) -> bool {
        (self.x0..self.x1).contains(&x) && (self.y0..self.y1).contains(&y)
    }

    /// Whether more than a quarter of this rectangle lies in `other`: a board
    /// box found a little tight must not drop its cells into the tray.
    fn overlaps_much(self, other: Rect) -> bool {
        let common = Rect {
            x0: self.x0.max(other.x0),
            y0: self.y0.max(other.y0),
            x1: self.x1.min(other.x1),
            y1: self.y1.min(other.y1),
        };
        common.x0 < common.x1 && common.y0 < common.y1 && common.area() * 4 > self.area()
    }

    fn grow(self, by: u32, within: Rect) -> Rect {
        Rect {
            x0: self.x0.saturating_sub(by),
            y0: self.y0.saturating_sub(by),
            x1: self.x1.saturating_add(by),
            y1: self.y1.saturating_add(by),
        }
        .clip(within)
    }

    fn pixel_box(self) -> PixelBox {
        PixelBox {
            x: self.x0,
            y: self.y0,
            width: self.width(),
            height: self.height(),
        }
    }
}

/// The luma of the pixel at (x, y), or `None` outside the picture.
fn luma(image: &RgbImage, x: u32, y: u32) -> Option<u8> {
    let i = (y as usize * image.width() as usize + x as usize) * 3;
    let p = image.as_raw().get(i..i + 3)?;
    Some(mix(p))
}

/// Rec. 601 luma in integers: the weights sum to 256.
fn mix(p: &[u8]) -> u8 {
    let sum = 77 * u32::from(p[0]) + 150 * u32::from(p[1]) + 29 * u32::from(p[2]);
    (sum >> 8) as u8
}

/// A connected set of pixels: its bounding box, size and centre.
#[derive(Clone, Copy, Debug)]
struct Blob {
    rect: Rect,
    area: u64,
    sum_x: u64,
    sum_y: u64,
    /// It touches the edge of the window it was found in.
    edge: bool,
}

impl Blob {
    fn centre(&self) -> (f64, f64) {
        let n = self.area.max(1) as f64;
        (self.sum_x as f64 / n + 0.5, self.sum_y as f64 / n + 0.5)
    }

    fn merge(&mut self, other: &Blob) {
        self.rect = Rect {
            x0: self.rect.x0.min(other.rect.x0),
            y0: self.rect.y0.min(other.rect.y0),
            x1: self.rect.x1.max(other.rect.x1),
            y1: self.rect.y1.max(other.rect.y1),
        };
        self.area += other.area;
        self.sum_x += other.sum_x;
        self.sum_y += other.sum_y;
        self.edge |= other.edge;
    }
}

/// The 4-connected sets of pixels whose luma satisfies `on`, inside
/// `window` and outside `skip`, found run by run (a row's stretch of `on`
/// pixels joins every stretch of the row above it overlaps). `None` when the
/// picture breaks into more than [`MAX_RUNS`] stretches: noise, not a
/// screenshot, and the memory stays bounded.
fn blobs(image: &RgbImage, window: Rect, skip: Rect, on: impl Fn(u8) -> bool) -> Option<Vec<Blob>> {
    let width = image.width() as usize;
    let raw = image.as_raw();
    let mut parent: Vec<u32> = Vec::new();
    let mut stats: Vec<Blob> = Vec::new();
    let mut above: Vec<(u32, u32, u32)> = Vec::new();
    let mut here: Vec<(u32, u32, u32)> = Vec::new();
    for y in window.y0..window.y1 {
        let start = y as usize * width * 3;
        let row = raw.get(start..start + width * 3)?;
        let skipped = (skip.y0..skip.y1).contains(&y);
        here.clear();
        let mut x = window.x0;
        while x < window.x1 {
            let lit = |x: u32| {
                !(skipped && (skip.x0..skip.x1).contains(&x))
                    && on(mix(&row[x as usize * 3..x as usize * 3 + 3]))
            };
            if !lit(x) {
                x += 1;
                continue;
            }
            let x0 = x;
            while x < window.x1 && lit(x) {
                x += 1;
            }
            if parent.len() >= MAX_RUNS {
                return None;
            }
            let label = parent.len() as u32;
            parent.push(label);
            let n = u64::from(x - x0);
            stats.push(Blob {
                rect: Rect {
                    x0,
                    y0: y,
                    x1: x,
                    y1: y + 1,
                },
                area: n,
                sum_x: n * u64::from(x0) + n * (n - 1) / 2,
                sum_y: n * u64::from(y),
                edge: x0 == window.x0 || x == window.x1 || y == window.y0 || y + 1 == window.y1,
            });
            here.push((x0, x, label));
        }
        let mut j = 0;
        for &(x0, x1, label) in &here {
            while j < above.len() && above[j].1 <= x0 {
                j += 1;
            }
            let mut k = j;
            while k < above.len() && above[k].0 < x1 {
                union(&mut parent, &mut stats, label, above[k].2);
                k += 1;
            }
        }
        std::mem::swap(&mut above, &mut here);
    }
    Some(
        (0..parent.len())
            .filter(|&i| parent[i] as usize == i)
            .map(|i| stats[i])
            .collect(),
    )
}

fn find(parent: &mut [u32], mut a: u32) -> u32 {
    while parent[a as usize] != a {
        let up = parent[parent[a as usize] as usize];
        parent[a as usize] = up;
        a = up;
    }
    a
}

/// Joins two sets; the lower label stays the root and holds the totals.
fn union(parent: &mut [u32], stats: &mut [Blob], a: u32, b: u32) {
    let (a, b) = (find(parent, a), find(parent, b));
    if a == b {
        return;
    }
    let (root, child) = (a.min(b), a.max(b));
    parent[child as usize] = root;
    let moved = stats[child as usize];
    stats[root as usize].merge(&moved);
}

/// A tile's face: where it is, which way it lies, where its divider is, and
/// the dark marks inside each half.
struct Face {
    rect: Rect,
    /// The tile stands (halves top and bottom) rather than lies.
    standing: bool,
    /// The divider's place along the tile's long side, in pixels.
    split: f64,
    /// The dark marks of the first (left or top) and second half.
    marks: [Vec<Blob>; 2],
}

impl Face {
    /// The face of a tile, if this light blob is one.
    fn of(image: &RgbImage, blob: &Blob, min_side: u32) -> Option<Face> {
        let rect = blob.rect;
        let (w, h) = (rect.width(), rect.height());
        let (long, short) = (w.max(h), w.min(h));
        let aspect = f64::from(long) / f64::from(short.max(1));
        if short < min_side || aspect < ASPECT.0 || aspect > ASPECT.1 {
            return None;
        }
        // Pips take at most about 45% of a face (twelve of them).
        if blob.area * 2 < rect.area() {
            return None;
        }
        if !straight_edges(image, rect) {
            return None;
        }
        let standing = h > w;
        let split = divider(image, rect, standing)?;
        let ink = blobs(image, rect, Rect::default(), |l| l < INK)?;
        let mut marks = [Vec::new(), Vec::new()];
        for mark in ink.into_iter().filter(|m| !m.edge) {
            let (cx, cy) = mark.centre();
            let along = if standing { cy } else { cx };
            marks[usize::from(along >= split)].push(mark);
        }
        Some(Face {
            rect,
            standing,
            split,
            marks,
        })
    }

    fn short(&self) -> u32 {
        self.rect.width().min(self.rect.height())
    }

    /// The box of one half: the face cut at the divider.
    fn half(&self, second: bool) -> (f64, f64, f64, f64) {
        let r = self.rect;
        let (x0, y0, x1, y1) = (
            f64::from(r.x0),
            f64::from(r.y0),
            f64::from(r.x1),
            f64::from(r.y1),
        );
        match (self.standing, second) {
            (false, false) => (x0, y0, self.split, y1),
            (false, true) => (self.split, y0, x1, y1),
            (true, false) => (x0, y0, x1, self.split),
            (true, true) => (x0, self.split, x1, y1),
        }
    }

    fn piece(&self, pip_scale: f64, whole: Rect) -> TrayPiece {
        let names = if self.standing {
            ["top", "bottom"]
        } else {
            ["left", "right"]
        };
        let mut values = [0u8; 2];
        let mut doubts = Vec::new();
        for (i, name) in names.iter().enumerate() {
            let (value, doubt) = count(&self.marks[i], self.half(i == 1), pip_scale);
            values[i] = value;
            if let Some(d) = doubt {
                doubts.push(format!("{name} half: {d}"));
            }
        }
        let outline = self.short() / 20 + 1;
        TrayPiece {
            values: (values[0], values[1]),
            pixels: self.rect.grow(outline, whole).pixel_box(),
            doubt: (!doubts.is_empty()).then(|| doubts.join("; ")),
        }
    }
}

/// Whether the face runs straight along its four sides, as a tile's does
/// (text and icons on a dark page are light but ragged). Each side is
/// looked at a little inside the face, away from the rounded corners.
fn straight_edges(image: &RgbImage, r: Rect) -> bool {
    let inset_x = (r.width() / 16).max(1);
    let inset_y = (r.height() / 16).max(1);
    let (cx0, cx1) = (r.x0 + r.width() / 6, r.x1 - r.width() / 6);
    let (cy0, cy1) = (r.y0 + r.height() / 6, r.y1 - r.height() / 6);
    let lines = [
        (cx0, cx1, r.y0 + inset_y, true),
        (cx0, cx1, r.y1 - 1 - inset_y, true),
        (cy0, cy1, r.x0 + inset_x, false),
        (cy0, cy1, r.x1 - 1 - inset_x, false),
    ];
    lines.iter().all(|&(from, to, at, across)| {
        let total = to.saturating_sub(from);
        let lit = (from..to)
            .filter(|&t| {
                let (x, y) = if across { (t, at) } else { (at, t) };
                luma(image, x, y).is_some_and(|l| l >= FACE)
            })
            .count() as u32;
        total > 0 && lit * 10 >= total * 9
    })
}

/// The divider's place along the face's long side, or `None` when no line
/// darker than the face crosses its middle (then it is no tile). Each line
/// across the face near its middle is summed up by its median luma, which
/// pips crossing it cannot move; the darkest such line is the divider.
fn divider(image: &RgbImage, r: Rect, standing: bool) -> Option<f64> {
    let (along0, along1, across0, across1) = if standing {
        (r.y0, r.y1, r.x0, r.x1)
    } else {
        (r.x0, r.x1, r.y0, r.y1)
    };
    let long = along1 - along0;
    let short = across1 - across0;
    let (from, to) = (along0 + long * 2 / 5, along1 - long * 2 / 5);
    let (side0, side1) = (across0 + short / 10, across1 - short / 10);
    let at = |a: u32, c: u32| {
        if standing {
            luma(image, c, a)
        } else {
            luma(image, a, c)
        }
    };
    let mut line = Vec::with_capacity(short as usize);
    let mut darkest: Option<(u8, u32)> = None;
    for a in from..to.max(from + 1) {
        line.clear();
        line.extend((side0..side1).filter_map(|c| at(a, c)));
        let m = median(&mut line)?;
        if darkest.is_none_or(|(d, _)| m < d) {
            darkest = Some((m, a));
        }
    }
    let (dark, place) = darkest?;
    let mut face: Vec<u8> = (across0..across1)
        .step_by(2)
        .flat_map(|c| (along0..along1).step_by(2).filter_map(move |a| at(a, c)))
        .filter(|&l| l >= INK)
        .collect();
    let level = median(&mut face)?;
    (u32::from(level) >= u32::from(dark) + DIVIDER_DEPTH).then_some(f64::from(place) + 0.5)
}

fn median(values: &mut [u8]) -> Option<u8> {
    if values.is_empty() {
        return None;
    }
    let mid = values.len() / 2;
    Some(*values.select_nth_unstable(mid).1)
}

/// The tiles of the tray are all one size: keep the largest group of faces
/// whose short sides agree within a quarter, so that a stray light box of
/// another size is not read as a domino. Ties go to the group nearest the
/// board's cell side (a tile's short side is about two thirds of a cell).
fn same_size(faces: Vec<Face>, cell: u32) -> Vec<Face> {
    let sides: Vec<f64> = faces.iter().map(|f| f64::from(f.short())).collect();
    let near = |a: f64, b: f64| a <= b * 1.25 && b <= a * 1.25;
    let expected = f64::from(cell) * 0.65;
    let best = sides
        .iter()
        .map(|&s| {
            let n = sides.iter().filter(|&&t| near(s, t)).count();
            let off = if cell > 0 {
                (s / expected).ln().abs()
            } else {
                -s
            };
            (n, off, s)
        })
        .max_by(|a, b| a.0.cmp(&b.0).then(b.1.total_cmp(&a.1)));
    let Some((_, _, side)) = best else {
        return Vec::new();
    };
    faces
        .into_iter()
        .filter(|f| near(f64::from(f.short()), side))
        .collect()
}

/// How much larger the tray's pips are than [`PIP_DIAMETER`] predicts: the
/// median over its round marks of about a pip's size (1 when none).
fn pip_scale(faces: &[Face]) -> f64 {
    let mut areas: Vec<f64> = Vec::new();
    for face in faces {
        let expected = expected_pip(face.short());
        for mark in face.marks.iter().flatten() {
            let a = mark.area as f64;
            if a > expected * 0.4 && a < expected * 2.5 && round(mark) {
                areas.push(a / expected);
            }
        }
    }
    if areas.is_empty() {
        return 1.0;
    }
    areas.sort_by(f64::total_cmp);
    areas[areas.len() / 2]
}

/// The area a pip of a face this wide should have, in pixels.
fn expected_pip(short: u32) -> f64 {
    let d = PIP_DIAMETER * f64::from(short);
    std::f64::consts::FRAC_PI_4 * d * d
}

/// Whether a mark is about as wide as tall and fills its box as a disc does.
fn round(mark: &Blob) -> bool {
    let (w, h) = (f64::from(mark.rect.width()), f64::from(mark.rect.height()));
    let fill = mark.area as f64 / (w * h);
    w <= h * 1.5 && h <= w * 1.5 && fill > 0.6
}

/// A half's pips from its marks, and why the count may be wrong. `scale` is
/// the tray's pip area over the area a face's width predicts.
fn count(marks: &[Blob], half: (f64, f64, f64, f64), scale: f64) -> (u8, Option<String>) {
    let (x0, y0, x1, y1) = half;
    let side = (x1 - x0).min(y1 - y0);
    let area = expected_pip(side as u32) * scale;
    let mut pips = Vec::new();
    let mut odd = 0usize;
    for mark in marks {
        let a = mark.area as f64;
        if a < area * 0.2 {
            continue;
        }
        if a >= area * 0.5 && a <= area * 1.6 && round(mark) {
            pips.push(mark.centre());
        } else {
            odd += 1;
        }
    }
    let n = pips.len();
    let value = n.min(6) as u8;
    if odd > 0 {
        let most = (n + odd).min(6);
        let range = if most == n + 1 { "or" } else { "to" };
        return (value, Some(format!("{n} {range} {most} pips")));
    }
    if n > 6 {
        return (
            value,
            Some(format!("{n} marks, more than a domino's 6 pips")),
        );
    }
    if !die_layout(&pips, ((x0 + x1) / 2.0, (y0 + y1) / 2.0), side) {
        return (value, Some(format!("{n} pips in no die's layout")));
    }
    (value, None)
}

/// Whether pips sit as a die's do: every one has a partner mirrored through
/// their common centre (or is that centre), and that centre is near the
/// half's. True of every die layout, false when a pip is missed or a speck
/// is taken for one. The pips centre on the whole tile, the shadow band
/// under the face included, so the half's centre is only roughly theirs.
fn die_layout(pips: &[(f64, f64)], half_centre: (f64, f64), side: f64) -> bool {
    if pips.is_empty() {
        return true;
    }
    let n = pips.len() as f64;
    let centre = (
        pips.iter().map(|p| p.0).sum::<f64>() / n,
        pips.iter().map(|p| p.1).sum::<f64>() / n,
    );
    let off = (centre.0 - half_centre.0).hypot(centre.1 - half_centre.1);
    off <= side * 0.2
        && pips.iter().all(|&(x, y)| {
            let mirror = (2.0 * centre.0 - x, 2.0 * centre.1 - y);
            pips.iter()
                .any(|&(u, v)| (u - mirror.0).hypot(v - mirror.1) <= side * 0.1)
        })
}

/// Sorts pieces top to bottom, then left to right within a row: a piece
/// joins the row above when its centre is within half a tile of that row's
/// first centre.
fn reading_order(pieces: &mut Vec<TrayPiece>) {
    let centre = |p: &TrayPiece| {
        (
            f64::from(p.pixels.x) + f64::from(p.pixels.width) / 2.0,
            f64::from(p.pixels.y) + f64::from(p.pixels.height) / 2.0,
        )
    };
    pieces.sort_by(|a, b| centre(a).1.total_cmp(&centre(b).1));
    let mut rows: Vec<Vec<TrayPiece>> = Vec::new();
    for piece in pieces.drain(..) {
        let (_, y) = centre(&piece);
        let tall = f64::from(piece.pixels.height);
        match rows.last_mut() {
            Some(row)
                if row
                    .first()
                    .is_some_and(|first| y - centre(first).1 < tall / 2.0) =>
            {
                row.push(piece)
            }
            _ => rows.push(vec![piece]),
        }
    }
    for mut row in rows {
        row.sort_by(|a, b| centre(a).0.total_cmp(&centre(b).0));
        pieces.extend(row);
    }
}
