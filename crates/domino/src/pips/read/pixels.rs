//! The picture's pixels sorted into the few kinds the board is drawn with,
//! and the plain tools of the reader over such masks: shrinking a mask
//! (to cut thin lines and soft edges off) and finding its connected parts.
//!
//! The board is pastel: its frame, its empty cells and the tinted cells of
//! its regions are light colours that are not grey. The badges and the
//! dashed borders of regions are strong colours ("ink"). The background,
//! the text and the tray are white, black or grey.

use image::RgbImage;

/// A pixel of the board's frame or cells.
pub const BODY: u8 = 1;
/// A pixel of a badge or of a region's dashed border.
pub const INK: u8 = 2;

/// Whether a colour is one of the board's pastels: light, and not grey.
pub fn is_body(p: [u8; 3]) -> bool {
    let (low, high) = spread(p);
    low >= 100 && high <= 252 && high - low >= 8
}

/// Whether a colour is a badge's or a border's: strong and not light.
pub fn is_ink(p: [u8; 3]) -> bool {
    let (low, high) = spread(p);
    low < 120 && high - low >= 50
}

/// The smallest and largest channel.
pub fn spread(p: [u8; 3]) -> (u8, u8) {
    let low = p[0].min(p[1]).min(p[2]);
    let high = p[0].max(p[1]).max(p[2]);
    (low, high)
}

/// Each pixel's kind (`BODY`, `INK` or 0), row by row.
pub fn kinds(image: &RgbImage) -> Vec<u8> {
    image
        .pixels()
        .map(|p| {
            if is_body(p.0) {
                BODY
            } else if is_ink(p.0) {
                INK
            } else {
                0
            }
        })
        .collect()
}

/// A mask of `width` x `height`, row by row.
pub struct Mask {
    pub width: usize,
    pub height: usize,
    pub on: Vec<bool>,
}

impl Mask {
    /// The pixels of `kinds` of the kind `kind`.
    pub fn of(kinds: &[u8], width: usize, height: usize, kind: u8) -> Mask {
        Mask {
            width,
            height,
            on: kinds.iter().map(|&k| k == kind).collect(),
        }
    }

    /// Whether (x, y) is on; outside the mask is off.
    pub fn at(&self, x: i64, y: i64) -> bool {
        x >= 0
            && y >= 0
            && (x as usize) < self.width
            && (y as usize) < self.height
            && self.on[y as usize * self.width + x as usize]
    }

    /// The mask shrunk by `radius` pixels: a pixel stays on when every
    /// pixel within `radius` across and along is on (a square, done as a
    /// row pass and a column pass of running counts).
    pub fn shrunk(&self, radius: usize) -> Mask {
        if radius == 0 {
            return Mask {
                width: self.width,
                height: self.height,
                on: self.on.clone(),
            };
        }
        let (w, h) = (self.width, self.height);
        let mut rows = vec![false; w * h];
        for y in 0..h {
            let line = &self.on[y * w..(y + 1) * w];
            let mut run = 0usize;
            let ends: Vec<usize> = line
                .iter()
                .map(|&on| {
                    run = if on { run + 1 } else { 0 };
                    run
                })
                .collect();
            for (x, out) in rows[y * w..(y + 1) * w].iter_mut().enumerate() {
                let right = x + radius;
                *out = right < w && x >= radius && ends[right] > 2 * radius;
            }
        }
        let mut on = vec![false; w * h];
        for x in 0..w {
            let mut run = 0usize;
            let ends: Vec<usize> = (0..h)
                .map(|y| {
                    run = if rows[y * w + x] { run + 1 } else { 0 };
                    run
                })
                .collect();
            for y in 0..h {
                let below = y + radius;
                on[y * w + x] = below < h && y >= radius && ends[below] > 2 * radius;
            }
        }
        Mask {
            width: w,
            height: h,
            on,
        }
    }

    /// The connected parts (pixels joined across or along) with at least
    /// `min_area` pixels, each with its label in `labels` (0 = none).
    pub fn parts(&self, min_area: usize) -> (Vec<u32>, Vec<Part>) {
        let (w, h) = (self.width, self.height);
        let mut labels = vec![0u32; w * h];
        let mut parts = Vec::new();
        let mut stack = Vec::new();
        for start in 0..w * h {
            if !self.on[start] || labels[start] != 0 {
                continue;
            }
            let label = parts.len() as u32 + 1;
            let mut part = Part::new(start % w, start / w, label);
            labels[start] = label;
            stack.push(start);
            while let Some(i) = stack.pop() {
                let (x, y) = (i % w, i / w);
                part.add(x, y);
                let mut visit = |j: usize| {
                    if self.on[j] && labels[j] == 0 {
                        labels[j] = label;
                        stack.push(j);
                    }
                };
                if x > 0 {
                    visit(i - 1);
                }
                if x + 1 < w {
                    visit(i + 1);
                }
                if y > 0 {
                    visit(i - w);
                }
                if y + 1 < h {
                    visit(i + w);
                }
            }
            parts.push(part);
        }
        let keep: Vec<bool> = parts.iter().map(|p| p.area >= min_area).collect();
        for l in labels.iter_mut() {
            if *l != 0 && !keep[*l as usize - 1] {
                *l = 0;
            }
        }
        (
            labels,
            parts.into_iter().filter(|p| p.area >= min_area).collect(),
        )
    }
}

/// A connected part of a mask: its label, size and bounding box.
#[derive(Clone, Debug)]
pub struct Part {
    pub label: u32,
    pub area: usize,
    pub left: usize,
    pub top: usize,
    pub right: usize,
    pub bottom: usize,
}

impl Part {
    fn new(x: usize, y: usize, label: u32) -> Part {
        Part {
            label,
            area: 0,
            left: x,
            top: y,
            right: x,
            bottom: y,
        }
    }

    fn add(&mut self, x: usize, y: usize) {
        self.area += 1;
        self.left = self.left.min(x);
        self.right = self.right.max(x);
        self.top = self.top.min(y);
        self.bottom = self.bottom.max(y);
    }

    /// Width of the bounding box.
    pub fn width(&self) -> usize {
        self.right - self.left + 1
    }

    /// Height of the bounding box.
    pub fn height(&self) -> usize {
        self.bottom - self.top + 1
    }
}
