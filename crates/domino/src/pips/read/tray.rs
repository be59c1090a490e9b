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
    let step = step(whole, cell);
    let grid = Grey::of(image, whole, step);
    let board = Rect::of(board).clip(whole);
    let skip = Rect {
        x0: board.x0 / step,
        y0: board.y0 / step,
        x1: board.x1.div_ceil(step),
        y1: board.y1.div_ceil(step),
    };
    let Some(blobs) = blobs(&grid, grid.bounds(), skip, |l| l >= FACE) else {
        return Vec::new();
    };
    // A face lies whole inside the picture (a light page is the region
    // touching its edges), its short side at most a third of the picture's
    // (a picture holds several tiles), and pips cover at most about 45% of
    // it (twelve of them).
    let min_side = MIN_SIDE.max(cell / 8);
    let max_side = whole.width().min(whole.height()) / 3;
    let faces: Vec<Face> = blobs
        .iter()
        .filter(|b| !b.edge && b.area * 2 >= b.rect.area())
        .map(|b| b.rect.scaled(step).grow(step, whole))
        .filter(|r| !r.overlaps_much(board))
        .filter(|r| (min_side..=max_side).contains(&r.width().min(r.height())))
        .filter(|r| roughly_a_face(*r))
        .filter_map(|r| Face::of(&Grey::of(image, r, 1), min_side))
        .collect();
    let faces = same_size(faces, cell);
    let pip_scale = pip_scale(&faces);
    let mut pieces: Vec<TrayPiece> = faces.iter().map(|f| f.piece(pip_scale, whole)).collect();
    reading_order(&mut pieces);
    pieces
}

/// Whether a light region's box could hold a face: the test of
/// [`ASPECT`] with room for a shadow band not yet cut off, made before the
/// region is looked at closely.
fn roughly_a_face(r: Rect) -> bool {
    let (long, short) = (r.width().max(r.height()), r.width().min(r.height()));
    let aspect = f64::from(long) / f64::from(short.max(1));
    aspect >= ASPECT.0 * 0.8 && aspect <= ASPECT.1 * 1.2
}

/// How many pixels apart the search for faces samples the picture: tiles'
/// outlines are about a 290th of a phone screen's width and a 45th of a
/// board cell, and a sample every half outline still meets every outline,
/// so the faces stay apart.
fn step(whole: Rect, cell: u32) -> u32 {
    let by_picture = whole.width().min(whole.height()) / 560;
    let by_cell = if cell > 0 { cell / 60 } else { u32::MAX };
    by_picture.min(by_cell).max(1)
}

/// A picture's luma, sampled every `step` pixels from `origin`.
struct Grey {
    origin: (u32, u32),
    step: u32,
    width: u32,
    height: u32,
    data: Vec<u8>,
}

impl Grey {
    fn of(image: &RgbImage, rect: Rect, step: u32) -> Grey {
        let width = rect.width().div_ceil(step);
        let height = rect.height().div_ceil(step);
        let raw = image.as_raw();
        let stride = image.width() as usize * 3;
        let mut data = Vec::with_capacity(width as usize * height as usize);
        for y in (rect.y0..rect.y1).step_by(step as usize) {
            let from = y as usize * stride + rect.x0 as usize * 3;
            let row = raw
                .get(from..from + rect.width() as usize * 3)
                .unwrap_or(&[]);
            if step == 1 {
                data.extend(row.chunks_exact(3).map(mix));
            } else {
                let samples = row.chunks(step as usize * 3);
                data.extend(samples.filter(|p| p.len() >= 3).map(mix));
            }
        }
        data.resize(width as usize * height as usize, 0);
        Grey {
            origin: (rect.x0, rect.y0),
            step,
            width,
            height,
            data,
        }
    }

    fn bounds(&self) -> Rect {
        Rect {
            x0: 0,
            y0: 0,
            x1: self.width,
            y1: self.height,
        }
    }

    /// The luma at (x, y) of the picture (not of the grid), if sampled.
    fn at(&self, x: u32, y: u32) -> Option<u8> {
        let gx = x.checked_sub(self.origin.0)? / self.step;
        let gy = y.checked_sub(self.origin.1)? / self.step;
        if gx >= self.width || gy >= self.height {
            return None;
        }
        self.data
            .get(gy as usize * self.width as usize + gx as usize)
            .copied()
    }
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

    /// This grid rectangle in the picture's pixels.
    fn scaled(self, step: u32) -> Rect {
        Rect {
            x0: self.x0 * step,
            y0: self.y0 * step,
            x1: self.x1 * step,
            y1: self.y1 * step,
        }
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

    /// This blob of a grid sampled at every pixel, in the picture's pixels.
    fn placed(mut self, grid: &Grey) -> Blob {
        let (dx, dy) = grid.origin;
        self.rect = Rect {
            x0: self.rect.x0 + dx,
            y0: self.rect.y0 + dy,
            x1: self.rect.x1 + dx,
            y1: self.rect.y1 + dy,
        };
        self.sum_x += self.area * u64::from(dx);
        self.sum_y += self.area * u64::from(dy);
        self
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
fn blobs(grid: &Grey, window: Rect, skip: Rect, on: impl Fn(u8) -> bool) -> Option<Vec<Blob>> {
    let window = window.clip(grid.bounds());
    let mut parent: Vec<u32> = Vec::new();
    let mut stats: Vec<Blob> = Vec::new();
    let mut above: Vec<(u32, u32, u32)> = Vec::new();
    let mut here: Vec<(u32, u32, u32)> = Vec::new();
    for y in window.y0..window.y1 {
        let start = y as usize * grid.width as usize;
        let row = grid.data.get(start..start + grid.width as usize)?;
        let skipped = (skip.y0..skip.y1).contains(&y);
        here.clear();
        let mut x = window.x0;
        while x < window.x1 {
            let lit = |x: u32| {
                !(skipped && (skip.x0..skip.x1).contains(&x))
                    && row.get(x as usize).is_some_and(|&l| on(l))
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
    fn of(patch: &Grey, min_side: u32) -> Option<Face> {
        // The search for faces may have sampled the picture: find the face
        // again at every pixel, as the largest light blob of its patch.
        let face = blobs(patch, patch.bounds(), Rect::default(), |l| l >= FACE)?
            .into_iter()
            .max_by_key(|b| b.area)?
            .placed(patch);
        let rect = without_shadow(patch, face.rect);
        let (w, h) = (rect.width(), rect.height());
        let (long, short) = (w.max(h), w.min(h));
        let aspect = f64::from(long) / f64::from(short.max(1));
        if short < min_side || aspect < ASPECT.0 || aspect > ASPECT.1 {
            return None;
        }
        if !straight_edges(patch, rect) {
            return None;
        }
        let standing = h > w;
        let split = divider(patch, rect, standing)?;
        let (ox, oy) = patch.origin;
        let window = Rect {
            x0: rect.x0 - ox,
            y0: rect.y0 - oy,
            x1: rect.x1 - ox,
            y1: rect.y1 - oy,
        };
        let ink = blobs(patch, window, Rect::default(), |l| l < INK)?;
        let mut marks = [Vec::new(), Vec::new()];
        for mark in ink.into_iter().filter(|m| !m.edge) {
            let (cx, cy) = mark.placed(patch).centre();
            let along = if standing { cy } else { cx };
            marks[usize::from(along >= split)].push(mark.placed(patch));
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

/// The face without the tile's shadow band. The face's light region stops
/// at the band under it, except where a scaled picture blurs a light line
/// between the band and the outline into a strip that joins the face round
/// the band's ends; the band, a line of the face's full length in grey
/// between pip ink and face, is where the face ends. Looked for on every
/// side, as a picture may show tiles turned.
fn without_shadow(patch: &Grey, r: Rect) -> Rect {
    let grey = |x: u32, y: u32| patch.at(x, y).is_some_and(|l| (INK..FACE).contains(&l));
    let band = |count: usize, total: u32| total > 0 && count as u32 * 5 >= total * 3;
    let row = |y: u32| band((r.x0..r.x1).filter(|&x| grey(x, y)).count(), r.width());
    let column = |x: u32| band((r.y0..r.y1).filter(|&y| grey(x, y)).count(), r.height());
    // The band and the strip are a tenth of the face's width at most.
    let (h5, w5) = (r.height() / 5, r.width() / 5);
    let mut out = r;
    if let Some(y) = (r.y1 - h5..r.y1).find(|&y| row(y)) {
        out.y1 = y;
    }
    if let Some(y) = (r.y0..r.y0 + h5).rev().find(|&y| row(y)) {
        out.y0 = y + 1;
    }
    if let Some(x) = (r.x1 - w5..r.x1).find(|&x| column(x)) {
        out.x1 = x;
    }
    if let Some(x) = (r.x0..r.x0 + w5).rev().find(|&x| column(x)) {
        out.x0 = x + 1;
    }
    out
}

/// Whether the face runs straight along its four sides, as a tile's does
/// (text and icons on a dark page are light but ragged). Each side is
/// looked at a little inside the face, away from the rounded corners.
fn straight_edges(patch: &Grey, r: Rect) -> bool {
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
                patch.at(x, y).is_some_and(|l| l >= FACE)
            })
            .count() as u32;
        total > 0 && lit * 10 >= total * 9
    })
}

/// The divider's place along the face's long side, or `None` when no line
/// darker than the face crosses its middle (then it is no tile). Each line
/// across the face near its middle is summed up by its median luma, which
/// pips crossing it cannot move; the darkest such line is the divider.
fn divider(patch: &Grey, r: Rect, standing: bool) -> Option<f64> {
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
            patch.at(c, a)
        } else {
            patch.at(a, c)
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
/// median over its round marks (1 when none). Most marks are pips, so a
/// tray drawn with smaller or larger pips is measured, not guessed, and its
/// pips are never dropped as specks.
fn pip_scale(faces: &[Face]) -> f64 {
    let mut areas: Vec<f64> = Vec::new();
    for face in faces {
        let expected = expected_pip(face.short());
        for mark in face.marks.iter().flatten() {
            let a = mark.area as f64;
            if a >= 4.0 && a > expected * 0.05 && a < expected * 4.0 && round(mark) {
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

#[cfg(test)]
mod tests {
    //! The 25 shared screenshots (../shared/data/pips/screenshots next to the
    //! clone, as CI lays it out; a clone without that folder says so and
    //! skips them, as the newspaper-day tests do) and variations of them made here:
    //! scaled, JPEG, a dark page, cropped, the tray beside the board (lying
    //! and standing tiles), another status bar. The board box a test passes
    //! is the box of the picture's saturated pixels below the status bar,
    //! which is the board with its badges: the reader's board finder is
    //! not this module's.

    use super::*;
    use image::{imageops, Rgb};
    use std::path::PathBuf;
    use std::sync::OnceLock;

    struct Shot {
        name: String,
        image: RgbImage,
        board: PixelBox,
        cell: u32,
        /// The newspaper's dominoes, in its order (the tray's order).
        dominoes: Vec<(u8, u8)>,
    }

    fn shots() -> &'static [Shot] {
        static SHOTS: OnceLock<Vec<Shot>> = OnceLock::new();
        SHOTS.get_or_init(|| {
            let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("../../../shared/data/pips/screenshots");
            if !dir.is_dir() {
                eprintln!("no {} beside the clone: skipped", dir.display());
                return Vec::new();
            }
            (1..=25)
                .map(|i| {
                    let name = format!("shot-{i:02}");
                    let path = dir.join(format!("{name}.png"));
                    let image = image::open(&path)
                        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
                        .to_rgb8();
                    let text = std::fs::read_to_string(dir.join(format!("{name}.json")))
                        .unwrap_or_else(|e| panic!("{name}.json: {e}"));
                    let json: serde_json::Value =
                        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
                    let dominoes = json["dominoes"]
                        .as_array()
                        .unwrap_or_else(|| panic!("{name}: no dominoes"))
                        .iter()
                        .map(|d| {
                            (
                                d[0].as_u64().unwrap_or(99) as u8,
                                d[1].as_u64().unwrap_or(99) as u8,
                            )
                        })
                        .collect();
                    let rows = json["regions"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .flat_map(|r| r["indices"].as_array().into_iter().flatten())
                        .filter_map(|c| c[0].as_u64())
                        .max()
                        .unwrap_or(0) as u32
                        + 1;
                    let board = board_box(&image);
                    // The badges of the bottom row hang half a cell below it.
                    let cell = board.height * 2 / (2 * rows + 1);
                    Shot {
                        name,
                        image,
                        board,
                        cell,
                        dominoes,
                    }
                })
                .collect()
        })
    }

    /// The box of the saturated pixels below the status bar: the board.
    fn board_box(image: &RgbImage) -> PixelBox {
        let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
        for (x, y, p) in image.enumerate_pixels() {
            let (hi, lo) = (p.0.iter().max(), p.0.iter().min());
            if y > image.height() / 12 && hi.zip(lo).is_some_and(|(h, l)| h - l >= 40) {
                (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1));
            }
        }
        PixelBox {
            x: x0,
            y: y0,
            width: x1.saturating_sub(x0),
            height: y1.saturating_sub(y0),
        }
    }

    fn sorted(pairs: impl IntoIterator<Item = (u8, u8)>) -> Vec<(u8, u8)> {
        let mut v: Vec<(u8, u8)> = pairs
            .into_iter()
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect();
        v.sort_unstable();
        v
    }

    /// Reads the variation `make` of the shots whose place modulo
    /// `every` is `start`, and returns the names of those whose tray is
    /// not the newspaper's dominoes, or has a doubt.
    fn misreads(
        start: usize,
        every: usize,
        make: impl Fn(&Shot) -> (RgbImage, PixelBox, u32),
    ) -> Vec<String> {
        shots()
            .iter()
            .skip(start)
            .step_by(every)
            .filter_map(|shot| {
                let (image, board, cell) = make(shot);
                let read = read_tray(&image, board, cell);
                let values = sorted(read.iter().map(|p| p.values));
                let doubts: Vec<&str> = read.iter().filter_map(|p| p.doubt.as_deref()).collect();
                (values != sorted(shot.dominoes.iter().copied()) || !doubts.is_empty())
                    .then(|| format!("{}: read {values:?} {doubts:?}", shot.name))
            })
            .collect()
    }

    fn scale_box(b: PixelBox, f: f64) -> PixelBox {
        let s = |v: u32| (f64::from(v) * f).round() as u32;
        PixelBox {
            x: s(b.x),
            y: s(b.y),
            width: s(b.width),
            height: s(b.height),
        }
    }

    /// The shot from a cell above its board's bottom down, scaled by `f`
    /// (the crop keeps the tray and a strip of board to skip, at a third of
    /// the time scaling the whole shot takes).
    fn scaled(shot: &Shot, f: f64) -> (RgbImage, PixelBox, u32) {
        let (w, h) = shot.image.dimensions();
        let top = (shot.board.y + shot.board.height).saturating_sub(shot.cell);
        let kept = crop(
            &shot.image,
            Rect {
                x0: 0,
                y0: top,
                x1: w,
                y1: h,
            },
        );
        let s = |v: u32| (f64::from(v) * f).round() as u32;
        let image = imageops::resize(&kept, s(w), s(h - top), imageops::FilterType::Triangle);
        let board = PixelBox {
            y: 0,
            height: shot.cell,
            ..shot.board
        };
        (image, scale_box(board, f), s(shot.cell))
    }

    fn jpeg(image: &RgbImage, quality: u8) -> RgbImage {
        let mut bytes = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, quality)
            .encode_image(image)
            .expect("JPEG encoding");
        image::load_from_memory(&bytes)
            .expect("JPEG decoding")
            .to_rgb8()
    }

    /// The tiles' boxes as read from the shot itself (checked right by
    /// `reads_every_shared_tray`), and the box round all of them.
    fn tiles(shot: &Shot) -> (Vec<Rect>, Rect) {
        let boxes: Vec<Rect> = read_tray(&shot.image, shot.board, shot.cell)
            .iter()
            .map(|p| Rect::of(p.pixels))
            .collect();
        let all = Rect {
            x0: boxes.iter().map(|r| r.x0).min().unwrap_or(0),
            y0: boxes.iter().map(|r| r.y0).min().unwrap_or(0),
            x1: boxes.iter().map(|r| r.x1).max().unwrap_or(0),
            y1: boxes.iter().map(|r| r.y1).max().unwrap_or(0),
        };
        (boxes, all)
    }

    fn crop(image: &RgbImage, r: Rect) -> RgbImage {
        imageops::crop_imm(image, r.x0, r.y0, r.width(), r.height()).to_image()
    }

    /// A desktop-like page: the board on the left, the tray to its right,
    /// as in the phone's rows, or each tile stood up in rows of four.
    fn beside(shot: &Shot, standing: bool) -> (RgbImage, PixelBox, u32) {
        let (boxes, tray) = tiles(shot);
        let margin = shot.cell / 2;
        let area = Rect::of(shot.board).grow(
            margin,
            Rect {
                x0: 0,
                y0: 0,
                x1: shot.image.width(),
                y1: shot.image.height(),
            },
        );
        let (tw, th) = match boxes.first() {
            Some(b) if standing => {
                let rows = boxes.len().div_ceil(4) as u32;
                (4 * (b.height() + 30), rows * (b.width() + 30))
            }
            _ => (tray.width(), tray.height()),
        };
        let mut page = RgbImage::from_pixel(
            area.width() + tw + 300,
            area.height().max(th) + 200,
            Rgb([255, 255, 255]),
        );
        imageops::replace(&mut page, &crop(&shot.image, area), 50, 100);
        let left = i64::from(area.width() + 150);
        if standing {
            for (i, b) in boxes.iter().enumerate() {
                let (column, row) = (i as u32 % 4, i as u32 / 4);
                let tile = imageops::rotate90(&crop(&shot.image, *b));
                let x = left + i64::from(column * (b.height() + 30));
                imageops::replace(&mut page, &tile, x, i64::from(100 + row * (b.width() + 30)));
            }
        } else {
            imageops::replace(&mut page, &crop(&shot.image, tray), left, 100);
        }
        let board = PixelBox {
            x: shot.board.x - area.x0 + 50,
            y: shot.board.y - area.y0 + 100,
            ..shot.board
        };
        (page, board, shot.cell)
    }

    fn dark_page(shot: &Shot) -> (RgbImage, PixelBox, u32) {
        let mut image = shot.image.clone();
        for p in image.pixels_mut() {
            if p.0.iter().all(|&c| c >= 250) {
                *p = Rgb([18, 18, 18]);
            }
        }
        (image, shot.board, shot.cell)
    }

    fn cropped(shot: &Shot) -> (RgbImage, PixelBox, u32) {
        let (_, tray) = tiles(shot);
        let board = Rect::of(shot.board);
        let keep = Rect {
            x0: board.x0.min(tray.x0).saturating_sub(8),
            y0: board.y0.saturating_sub(8),
            x1: board.x1.max(tray.x1) + 8,
            y1: tray.y1 + 8,
        };
        let board = PixelBox {
            x: board.x0 - keep.x0,
            y: board.y0 - keep.y0,
            ..shot.board
        };
        (crop(&shot.image, keep), board, shot.cell)
    }

    /// A black status bar holding a light box of a tile's size with two
    /// dark dots, but no divider.
    fn status_bar(shot: &Shot) -> (RgbImage, PixelBox, u32) {
        let mut image = shot.image.clone();
        let (w, h) = image.dimensions();
        for (x, y, p) in image.enumerate_pixels_mut() {
            if y < h / 25 {
                let boxed = (w - 280..w - 60).contains(&x) && (h / 100..h * 3 / 100).contains(&y);
                let dot = [w - 220, w - 120]
                    .iter()
                    .any(|&cx| x.abs_diff(cx) < 10 && y.abs_diff(h / 50) < 10);
                *p = if boxed && !dot {
                    Rgb([250, 250, 250])
                } else {
                    Rgb([0, 0, 0])
                };
            }
        }
        (image, shot.board, shot.cell)
    }

    #[test]
    fn reads_every_shared_tray() {
        for shot in shots() {
            let read = read_tray(&shot.image, shot.board, shot.cell);
            let values: Vec<(u8, u8)> = read.iter().map(|p| p.values).collect();
            assert_eq!(values, shot.dominoes, "{}", shot.name);
            assert_eq!(sorted(values), sorted(shot.dominoes.iter().copied()));
            let doubts: Vec<_> = read.iter().filter_map(|p| p.doubt.as_ref()).collect();
            assert!(doubts.is_empty(), "{}: {doubts:?}", shot.name);
        }
    }

    type Make = fn(&Shot) -> (RgbImage, PixelBox, u32);

    /// Every variation of a shot these tests make, by name.
    fn variations() -> Vec<(&'static str, Make)> {
        vec![
            ("scaled 50%", |shot| scaled(shot, 0.5)),
            ("scaled 75%", |shot| scaled(shot, 0.75)),
            ("scaled 150%", |shot| scaled(shot, 1.5)),
            ("scaled 200%", |shot| scaled(shot, 2.0)),
            ("JPEG quality 60", |shot| {
                (jpeg(&shot.image, 60), shot.board, shot.cell)
            }),
            ("scaled 50%, JPEG quality 60", |shot| {
                let (image, board, cell) = scaled(shot, 0.5);
                (jpeg(&image, 60), board, cell)
            }),
            ("dark page", dark_page),
            ("cropped to board and tray", cropped),
            ("tray beside the board", |shot| beside(shot, false)),
            ("standing tiles beside the board", |shot| beside(shot, true)),
            ("dark status bar with a light box", status_bar),
        ]
    }

    /// Reads the variations named, each on every `every`-th shot, the
    /// first on shots 1, 1 + every..., the next on shots 2, 2 + every...
    fn check(names: &[&str], every: usize) {
        let bad: Vec<String> = variations()
            .into_iter()
            .filter(|(name, _)| names.contains(name))
            .enumerate()
            .flat_map(|(k, (name, make))| {
                misreads(k % every, every, make)
                    .into_iter()
                    .map(move |m| format!("{name}: {m}"))
            })
            .collect();
        assert!(bad.is_empty(), "{bad:#?}");
    }

    // Scaling and JPEG take most of the time: each runs on a few shots,
    // different ones for each variation (all of them: the ignored test).
    #[test]
    fn reads_scaled_trays() {
        check(
            &["scaled 50%", "scaled 75%", "scaled 150%", "scaled 200%"],
            8,
        );
    }

    #[test]
    fn reads_jpeg_trays_half_size_too() {
        check(&["JPEG quality 60", "scaled 50%, JPEG quality 60"], 4);
    }

    #[test]
    fn reads_trays_on_a_dark_page_cropped_beside_the_board() {
        check(
            &[
                "dark page",
                "cropped to board and tray",
                "tray beside the board",
                "standing tiles beside the board",
                "dark status bar with a light box",
            ],
            2,
        );
    }

    /// Every variation of every shot, with the rate of each (the figures
    /// of the report): `cargo test --profile ci -p domino-puzzles --features
    /// read --lib tray::tests::every_variation -- --ignored --nocapture`.
    #[test]
    #[ignore = "a minute of scaling and JPEG; the tests above take a sample"]
    fn every_variation_of_every_shot() {
        let mut bad = Vec::new();
        for (name, make) in variations() {
            let wrong = misreads(0, 1, make);
            println!(
                "{name}: {} of {} read exactly",
                shots().len() - wrong.len(),
                shots().len()
            );
            bad.extend(wrong.into_iter().map(|m| format!("{name}: {m}")));
        }
        assert!(bad.is_empty(), "{bad:#?}");
    }

    #[test]
    fn standing_tiles_read_top_then_bottom() {
        let Some(shot) = shots().first() else {
            return;
        };
        let (page, board, cell) = beside(shot, true);
        let read = read_tray(&page, board, cell);
        // Turned a quarter clockwise, a tile's left half is on top.
        let values: Vec<(u8, u8)> = read.iter().map(|p| p.values).collect();
        assert_eq!(values, shot.dominoes);
        assert!(read.iter().all(|p| p.pixels.height > p.pixels.width));
    }

    #[test]
    fn a_smudged_pip_is_a_doubt_not_a_value() {
        // shot-01's first tile is 3|2: grey out the middle of its right
        // half's lower pip, leaving a ring that is no pip's shape.
        let Some(shot) = shots().first() else {
            return;
        };
        let read = read_tray(&shot.image, shot.board, shot.cell);
        let tile = Rect::of(read[0].pixels);
        let mut image = shot.image.clone();
        let right = Rect {
            x0: tile.x0 + tile.width() / 2 + 4,
            ..tile
        };
        let mut smudged = 0;
        for y in right.y0 + right.height() / 2..right.y1 - 4 {
            for x in right.x0..right.x1 - 4 {
                let p = image.get_pixel_mut(x, y);
                if p.0[0] < 100 && smudged < 300 {
                    *p = Rgb([255, 255, 255]);
                    smudged += 1;
                }
            }
        }
        let read = read_tray(&image, shot.board, shot.cell);
        assert_eq!(read.len(), shot.dominoes.len());
        let doubt = read[0].doubt.as_deref().unwrap_or("none");
        assert!(doubt.starts_with("right half:"), "{doubt}");
        assert!(read[1..].iter().all(|p| p.doubt.is_none()));
    }

    #[test]
    fn any_picture_reads_without_panic() {
        let board = PixelBox {
            x: 10,
            y: 10,
            width: 50,
            height: 50,
        };
        let everywhere = PixelBox {
            x: 0,
            y: 0,
            width: u32::MAX,
            height: u32::MAX,
        };
        let mut noise = RgbImage::new(1500, 1500);
        let mut state = 0x9e37_79b9_u32;
        for p in noise.pixels_mut() {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            *p = Rgb([state as u8, (state >> 8) as u8, (state >> 16) as u8]);
        }
        let pictures = [
            RgbImage::new(0, 0),
            RgbImage::new(1, 1),
            RgbImage::new(3, 2000),
            RgbImage::from_pixel(400, 300, Rgb([255, 255, 255])),
            RgbImage::from_pixel(400, 300, Rgb([0, 0, 0])),
            RgbImage::from_pixel(4000, 3000, Rgb([255, 255, 255])),
            noise,
        ];
        for picture in &pictures {
            for (b, cell) in [(board, 0), (everywhere, u32::MAX), (board, 40)] {
                assert!(read_tray(picture, b, cell).is_empty());
            }
        }
    }
}
