//! Finding the board in the picture and the grid of its cells: the board
//! is the largest pastel part of the picture (with the other pastel parts
//! of a comparable size beside it: a board in several pieces); the side of
//! a cell is the period of the edges inside it; the cells are the grid's
//! squares whose middle is pastel.

use super::pixels::{Mask, BODY};
use super::{PixelBox, ReadError};
use image::RgbImage;

/// The colour of a cell outside every region.
const EMPTY_CELL: [f32; 3] = [225.0, 203.0, 197.0];

/// The smallest cell side read, in pixels: smaller, pips and badge
/// digits are a few pixels and cannot be read.
pub const MIN_CELL: f32 = 24.0;

/// The grid of the board's cells in the picture.
#[derive(Clone, Debug)]
pub struct Grid {
    /// Left edge of column 0 and top edge of row 0.
    pub left: f32,
    pub top: f32,
    /// The side of a cell.
    pub pitch: f32,
    pub rows: usize,
    pub columns: usize,
    /// Per grid square, row by row: `None` off the board, else the cell's
    /// colour (the mean of its middle).
    pub cells: Vec<Option<[f32; 3]>>,
    /// The board's frame in the picture.
    pub frame: PixelBox,
}

impl Grid {
    /// The colour of the cell at (row, column), if it is one.
    pub fn cell(&self, row: usize, column: usize) -> Option<[f32; 3]> {
        if row < self.rows && column < self.columns {
            self.cells[row * self.columns + column]
        } else {
            None
        }
    }

    /// Whether the cell at (row, column) is outside every region.
    pub fn is_empty_cell(&self, row: usize, column: usize) -> bool {
        self.cell(row, column)
            .is_some_and(|c| distance(c, EMPTY_CELL) < 16.0)
    }

    /// The middle of the square at (row, column), in pixels.
    pub fn middle(&self, row: usize, column: usize) -> (f32, f32) {
        (
            self.left + (column as f32 + 0.5) * self.pitch,
            self.top + (row as f32 + 0.5) * self.pitch,
        )
    }

    /// The square at (row, column) in the picture.
    pub fn pixels(&self, row: usize, column: usize) -> PixelBox {
        PixelBox {
            x: (self.left + column as f32 * self.pitch).max(0.0) as u32,
            y: (self.top + row as f32 * self.pitch).max(0.0) as u32,
            width: self.pitch as u32,
            height: self.pitch as u32,
        }
    }
}

/// Euclidean distance of two colours.
pub fn distance(a: [f32; 3], b: [f32; 3]) -> f32 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// The grid of the board in `image`, whose pixel kinds are `kinds`.
pub fn find(image: &RgbImage, kinds: &[u8]) -> Result<Grid, ReadError> {
    let (w, h) = (image.width() as usize, image.height() as usize);
    let body = Mask::of(kinds, w, h, BODY);
    // Two pixels of soft edge around badges and text are pastel too.
    let core = body.shrunk(2);
    let min_area = (MIN_CELL * MIN_CELL) as usize;
    let (_, parts) = core.parts(min_area);
    let Some(largest) = parts.iter().max_by_key(|p| p.area) else {
        return Err(ReadError::NoBoard(Some(
            "nothing of the board's colours".into(),
        )));
    };
    let reach = largest.width().max(largest.height());
    let near = |p: &super::pixels::Part| {
        let dx = gap(p.left, p.right, largest.left, largest.right);
        let dy = gap(p.top, p.bottom, largest.top, largest.bottom);
        dx.max(dy) <= reach
    };
    let board: Vec<u32> = parts
        .iter()
        .filter(|p| p.area * 60 >= largest.area && near(p))
        .map(|p| p.label)
        .collect();
    let frame = Frame::around(parts.iter().filter(|p| board.contains(&p.label)), w, h);
    let no_grid = || ReadError::NoBoard(Some("the board's colours make no grid of cells".into()));
    let (pitch, rows, columns) = fit_grid(image, &body, frame).ok_or_else(no_grid)?;
    // The frame reaches past the outer cells' edges (and the mask was
    // shrunk by 2 pixels).
    let margin = REACH * pitch - 2.0;
    let (width, height) = frame.size();
    let mut grid = Grid {
        left: frame.left as f32 + margin,
        top: frame.top as f32 + margin,
        pitch,
        rows,
        columns,
        cells: vec![None; rows * columns],
        frame: PixelBox {
            x: frame.left.saturating_sub(2) as u32,
            y: frame.top.saturating_sub(2) as u32,
            width: width as u32,
            height: height as u32,
        },
    };
    for row in 0..rows {
        for column in 0..columns {
            grid.cells[row * columns + column] = middle_colour(image, &body, &grid, row, column);
        }
    }
    if grid.cells.iter().all(Option::is_none) {
        return Err(no_grid());
    }
    Ok(grid)
}

/// How far apart two intervals are (0 when they overlap).
fn gap(a0: usize, a1: usize, b0: usize, b1: usize) -> usize {
    if a1 < b0 {
        b0 - a1
    } else {
        a0.saturating_sub(b1)
    }
}

/// The mean colour of the middle of a grid square, when it is pastel.
fn middle_colour(
    image: &RgbImage,
    body: &Mask,
    grid: &Grid,
    row: usize,
    column: usize,
) -> Option<[f32; 3]> {
    let (cx, cy) = grid.middle(row, column);
    let half = (grid.pitch * 0.2).max(1.0);
    let mut sum = [0.0f32; 3];
    let mut on = 0usize;
    let mut all = 0usize;
    let mut y = (cy - half).round() as i64;
    while y <= (cy + half).round() as i64 {
        let mut x = (cx - half).round() as i64;
        while x <= (cx + half).round() as i64 {
            all += 1;
            if body.at(x, y) {
                on += 1;
                let p = image.get_pixel(x as u32, y as u32).0;
                for (s, v) in sum.iter_mut().zip(p) {
                    *s += f32::from(v);
                }
            }
            x += 1;
        }
        y += 1;
    }
    (on * 10 >= all * 8).then(|| sum.map(|s| s / on as f32))
}

/// How far the frame reaches past the outer cells' edges, in cells.
const REACH: f32 = 0.058;

/// The pixels the board's parts span, `left..=right` x `top..=bottom`.
#[derive(Clone, Copy)]
struct Frame {
    left: usize,
    right: usize,
    top: usize,
    bottom: usize,
}

impl Frame {
    /// The smallest frame around `parts` of a `w` x `h` picture.
    fn around<'a>(
        parts: impl Iterator<Item = &'a super::pixels::Part>,
        w: usize,
        h: usize,
    ) -> Frame {
        let mut frame = Frame {
            left: w,
            right: 0,
            top: h,
            bottom: 0,
        };
        for p in parts {
            frame.left = frame.left.min(p.left);
            frame.right = frame.right.max(p.right);
            frame.top = frame.top.min(p.top);
            frame.bottom = frame.bottom.max(p.bottom);
        }
        frame
    }

    /// Its width and height in pixels, with the 2 pixels on each side the
    /// mask was shrunk by.
    fn size(self) -> (usize, usize) {
        (self.right - self.left + 5, self.bottom - self.top + 5)
    }
}

/// The side of a cell and the rows and columns of the grid in `frame`
/// (shrunk by 2 pixels): of the grids whose whole cells fill the frame,
/// the one whose lines gather the most edges against the lines halfway
/// between them.
fn fit_grid(image: &RgbImage, body: &Mask, frame: Frame) -> Option<(f32, usize, usize)> {
    let (across, down) = edge_profiles(image, body, frame);
    let (width, height) = frame.size();
    let (width, height) = (width as f32, height as f32);
    let mut candidates = Vec::new();
    for columns in 1..=((width / MIN_CELL) as usize).min(40) {
        let pitch = width / (columns as f32 + 2.0 * REACH);
        let rows = (height / pitch - 2.0 * REACH).round();
        if !(1.0..=40.0).contains(&rows) {
            continue;
        }
        if (height - (rows + 2.0 * REACH) * pitch).abs() > 0.1 * pitch {
            continue;
        }
        // Edges on the lines, none halfway between them: a grid of half
        // the side has its lines in the middle of cells, one of twice the
        // side has cell edges halfway between its lines.
        let rows_n = rows as usize;
        let evidence = line_evidence(&across, pitch, columns, 0.0)
            + line_evidence(&down, pitch, rows_n, 0.0)
            - line_evidence(&across, pitch, columns, 0.5)
            - line_evidence(&down, pitch, rows_n, 0.5);
        candidates.push((pitch, rows as usize, columns, evidence));
    }
    candidates
        .into_iter()
        .filter(|c| c.3 > 0.0)
        .max_by(|a, b| a.3.total_cmp(&b.3))
        .map(|(pitch, rows, columns, _)| (pitch, rows, columns))
}

/// How strongly the edges gather on a grid's lines (shifted by `phase` of
/// a cell): the mean, over the lines, of the profile near the line against
/// the profile's mean.
fn line_evidence(profile: &[f32], pitch: f32, cells: usize, phase: f32) -> f32 {
    let mean = profile.iter().sum::<f32>() / profile.len().max(1) as f32;
    if mean <= 0.0 {
        return 0.0;
    }
    let offset = (REACH * pitch - 2.0).max(0.0);
    let half = (0.1 * pitch).max(1.0);
    let mut total = 0.0;
    let lines = if phase > 0.0 { cells } else { cells + 1 };
    for j in 0..lines {
        let at = offset + (j as f32 + phase) * pitch;
        let from = (at - half).max(0.0) as usize;
        let to = ((at + half) as usize).min(profile.len().saturating_sub(1));
        let mass: f32 = profile.get(from..=to).map_or(0.0, |p| p.iter().sum());
        total += mass / (2.0 * half * mean);
    }
    total / lines as f32
}

/// The luminance edges between pastel pixels inside the frame, summed per
/// column (edges across) and per row (edges down).
fn edge_profiles(image: &RgbImage, body: &Mask, frame: Frame) -> (Vec<f32>, Vec<f32>) {
    let Frame {
        left,
        right,
        top,
        bottom,
    } = frame;
    let lum = |x: usize, y: usize| {
        let p = image.get_pixel(x as u32, y as u32).0;
        i32::from(p[0]) + i32::from(p[1]) + i32::from(p[2])
    };
    let w = body.width;
    let mut across = vec![0f32; right - left + 1];
    let mut down = vec![0f32; bottom - top + 1];
    for y in top..=bottom {
        for x in left..=right {
            let i = y * w + x;
            if !body.on[i] {
                continue;
            }
            if x < right && body.on[i + 1] {
                across[x - left] += (lum(x + 1, y) - lum(x, y)).unsigned_abs() as f32;
            }
            if y < bottom && body.on[i + w] {
                down[y - top] += (lum(x, y + 1) - lum(x, y)).unsigned_abs() as f32;
            }
        }
    }
    (across, down)
}
