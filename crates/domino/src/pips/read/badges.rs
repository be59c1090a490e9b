//! The rule badges: the diamonds of strong colour at a corner of a
//! region's cell, and the white marks on them, cut into characters.

use super::board::Grid;
use super::pixels::{Mask, INK};
use super::PixelBox;
use image::RgbImage;

/// A badge found in the picture.
#[derive(Clone, Debug)]
pub struct Badge {
    /// Its middle, in pixels.
    pub x: f32,
    pub y: f32,
    /// Half its diagonal, in pixels.
    pub half: f32,
    /// Its colour (the mean of its strong pixels).
    pub colour: [f32; 3],
    /// Where it is in the picture.
    pub pixels: PixelBox,
    /// The white marks on it, left to right, one per character.
    pub characters: Vec<Character>,
}

impl Badge {
    /// Whether (x, y) lies on the diamond (with a pixel or two to spare).
    pub fn covers(&self, x: f32, y: f32) -> bool {
        (x - self.x).abs() + (y - self.y).abs() <= self.half + 3.0
    }
}

/// One character of a badge: its shape on a `SIDE` x `SIDE` grid (the
/// share of white in each square of its box) and its size against the
/// cell's side.
#[derive(Clone, Debug)]
pub struct Character {
    pub shape: Vec<f32>,
    pub width: f32,
    pub height: f32,
}

/// Squares across a character's shape.
pub const SIDE: usize = 10;

/// The badges on the board whose grid is `grid`.
pub fn find(image: &RgbImage, kinds: &[u8], grid: &Grid) -> Vec<Badge> {
    let (w, h) = (image.width() as usize, image.height() as usize);
    let ink = Mask::of(kinds, w, h, INK);
    // The dashed borders are a fiftieth of a cell thick; a badge is most
    // of a cell across.
    let radius = ((grid.pitch * 0.03).round() as usize).max(1);
    let core = ink.shrunk(radius);
    let min_side = grid.pitch * 0.45;
    let max_side = grid.pitch * 1.1;
    let (_, parts) = core.parts(((grid.pitch * 0.05).powi(2)) as usize);
    // The glyph and the bite of the cell's corner may cut a badge's strong
    // pixels in pieces: pieces close together are one badge.
    let near = (grid.pitch * 0.08) as usize;
    let mut boxes: Vec<(usize, usize, usize, usize)> = Vec::new();
    for p in &parts {
        boxes.push((p.left, p.top, p.right, p.bottom));
    }
    let mut merged = true;
    while merged {
        merged = false;
        'outer: for i in 0..boxes.len() {
            for j in i + 1..boxes.len() {
                let (a, b) = (boxes[i], boxes[j]);
                let apart_x = b.0 > a.2 + near || a.0 > b.2 + near;
                let apart_y = b.1 > a.3 + near || a.1 > b.3 + near;
                if !apart_x && !apart_y {
                    boxes[i] = (a.0.min(b.0), a.1.min(b.1), a.2.max(b.2), a.3.max(b.3));
                    boxes.swap_remove(j);
                    merged = true;
                    break 'outer;
                }
            }
        }
    }
    let frame = grid.frame;
    let mut badges = Vec::new();
    for (left, top, right, bottom) in boxes {
        let part = Bounds {
            left,
            top,
            right,
            bottom,
        };
        let (pw, ph) = (
            (part.right - part.left + 1 + 4 * radius) as f32,
            (part.bottom - part.top + 1 + 4 * radius) as f32,
        );
        if pw < min_side || ph < min_side || pw > max_side || ph > max_side {
            continue;
        }
        if (pw - ph).abs() > 0.2 * pw.max(ph) {
            continue;
        }
        let x = (part.left + part.right) as f32 / 2.0;
        let y = (part.top + part.bottom) as f32 / 2.0;
        // A badge sits on the board's frame or just past it.
        let slack = grid.pitch;
        if x < frame.x as f32 - slack
            || y < frame.y as f32 - slack
            || x > (frame.x + frame.width) as f32 + slack
            || y > (frame.y + frame.height) as f32 + slack
        {
            continue;
        }
        let half = (pw + ph) / 4.0;
        let pixels = PixelBox {
            x: part.left.saturating_sub(2 * radius) as u32,
            y: part.top.saturating_sub(2 * radius) as u32,
            width: pw as u32,
            height: ph as u32,
        };
        let mut badge = Badge {
            x,
            y,
            half,
            colour: [0.0; 3],
            pixels,
            characters: Vec::new(),
        };
        badge.colour = colour(image, &ink, &badge);
        badge.characters = characters(image, &badge, grid.pitch);
        badges.push(badge);
    }
    badges
}

/// A box of pixels, edges included.
struct Bounds {
    left: usize,
    top: usize,
    right: usize,
    bottom: usize,
}

/// The mean colour of a badge's strong pixels.
fn colour(image: &RgbImage, ink: &Mask, badge: &Badge) -> [f32; 3] {
    let mut sum = [0.0f32; 3];
    let mut n = 0.0f32;
    let r = badge.half * 0.8;
    for y in (badge.y - r) as i64..=(badge.y + r) as i64 {
        for x in (badge.x - r) as i64..=(badge.x + r) as i64 {
            let d = (x as f32 - badge.x).abs() + (y as f32 - badge.y).abs();
            if d <= r && ink.at(x, y) {
                let p = image.get_pixel(x as u32, y as u32).0;
                for (s, v) in sum.iter_mut().zip(p) {
                    *s += f32::from(v);
                }
                n += 1.0;
            }
        }
    }
    if n > 0.0 {
        sum.map(|s| s / n)
    } else {
        sum
    }
}

/// The white marks inside the diamond, cut into characters left to right:
/// marks above one another (the bars of `=`) are one character.
fn characters(image: &RgbImage, badge: &Badge, pitch: f32) -> Vec<Character> {
    let r = badge.half * 0.8;
    let x0 = (badge.x - r).max(0.0) as usize;
    let y0 = (badge.y - r).max(0.0) as usize;
    let x1 = ((badge.x + r) as usize).min(image.width() as usize - 1);
    let y1 = ((badge.y + r) as usize).min(image.height() as usize - 1);
    if x1 <= x0 || y1 <= y0 {
        return Vec::new();
    }
    let (w, h) = (x1 - x0 + 1, y1 - y0 + 1);
    let mut on = vec![false; w * h];
    for y in 0..h {
        for x in 0..w {
            let (px, py) = ((x0 + x) as f32, (y0 + y) as f32);
            if (px - badge.x).abs() + (py - badge.y).abs() > r {
                continue;
            }
            let p = image.get_pixel((x0 + x) as u32, (y0 + y) as u32).0;
            on[y * w + x] = super::pixels::spread(p).0 >= 170;
        }
    }
    let mask = Mask {
        width: w,
        height: h,
        on,
    };
    let min_area = ((pitch * 0.02).powi(2)).max(2.0) as usize;
    let (_, mut marks) = mask.parts(min_area);
    marks.sort_by_key(|m| m.left);
    // Marks whose columns overlap are one character: the bars of `=`, and
    // the bars and slash of `≠` (the slash cuts its bars in two).
    let touch = (pitch * 0.015).max(1.0) as i64;
    let mut groups: Vec<(usize, usize, usize, usize)> = Vec::new();
    for m in &marks {
        if let Some(g) = groups.last_mut() {
            let overlap = g.1.min(m.right) as i64 - g.0.max(m.left) as i64;
            if overlap >= touch {
                *g = (
                    g.0.min(m.left),
                    g.1.max(m.right),
                    g.2.min(m.top),
                    g.3.max(m.bottom),
                );
                continue;
            }
        }
        groups.push((m.left, m.right, m.top, m.bottom));
    }
    groups
        .into_iter()
        .map(|(l, r, t, b)| {
            let mut shape = vec![0.0f32; SIDE * SIDE];
            let (cw, ch) = ((r - l + 1) as f32, (b - t + 1) as f32);
            let mut counts = vec![0.0f32; SIDE * SIDE];
            for y in t..=b {
                for x in l..=r {
                    let sx = (((x - l) as f32 + 0.5) / cw * SIDE as f32) as usize;
                    let sy = (((y - t) as f32 + 0.5) / ch * SIDE as f32) as usize;
                    let k = sy.min(SIDE - 1) * SIDE + sx.min(SIDE - 1);
                    counts[k] += 1.0;
                    if mask.on[y * w + x] {
                        shape[k] += 1.0;
                    }
                }
            }
            for (s, c) in shape.iter_mut().zip(&counts) {
                if *c > 0.0 {
                    *s /= c;
                }
            }
            Character {
                shape,
                width: cw / pitch,
                height: ch / pitch,
            }
        })
        .collect()
}
