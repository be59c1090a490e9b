//! Grouping the board's tinted cells into regions and giving each region
//! its badge. Two neighbouring cells are one region when they have the
//! same tint and no dashed border runs between them; a badge belongs to
//! the region of the cell whose lower-right corner it sits on (of the
//! cells around that corner, the one whose tint is the badge's colour).

use super::badges::Badge;
use super::board::{distance, Grid};
use super::pixels::{Mask, INK};
use crate::Cell;

/// Tints closer than this are the same region's.
const SAME_TINT: f32 = 22.0;

/// A region read: its cells (in grid coordinates) and its badge.
#[derive(Clone, Debug)]
pub struct RegionRead {
    pub cells: Vec<Cell>,
    pub tint: [f32; 3],
    /// Index into the badges, when one was given to the region.
    pub badge: Option<usize>,
}

/// The regions of the grid's tinted cells, and the badges no region took.
pub fn group(
    grid: &Grid,
    kinds: &[u8],
    width: usize,
    height: usize,
    badges: &[Badge],
) -> (Vec<RegionRead>, Vec<usize>) {
    let ink = Mask::of(kinds, width, height, INK);
    let tinted = |r: usize, c: usize| grid.cell(r, c).is_some() && !grid.is_empty_cell(r, c);
    let n = grid.rows * grid.columns;
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for r in 0..grid.rows {
        for c in 0..grid.columns {
            if !tinted(r, c) {
                continue;
            }
            for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                if !tinted(r2, c2) {
                    continue;
                }
                let (Some(a), Some(b)) = (grid.cell(r, c), grid.cell(r2, c2)) else {
                    continue;
                };
                if distance(a, b) > SAME_TINT
                    || border_between(grid, &ink, badges, (r, c), (r2, c2))
                {
                    continue;
                }
                let (x, y) = (
                    root(&mut parent, r * grid.columns + c),
                    root(&mut parent, r2 * grid.columns + c2),
                );
                parent[x] = y;
            }
        }
    }
    let mut regions: Vec<RegionRead> = Vec::new();
    let mut index_of = vec![usize::MAX; n];
    for r in 0..grid.rows {
        for c in 0..grid.columns {
            if !tinted(r, c) {
                continue;
            }
            let top = root(&mut parent, r * grid.columns + c);
            if index_of[top] == usize::MAX {
                index_of[top] = regions.len();
                regions.push(RegionRead {
                    cells: Vec::new(),
                    tint: [0.0; 3],
                    badge: None,
                });
            }
            let region = &mut regions[index_of[top]];
            region.cells.push((r, c));
        }
    }
    for region in &mut regions {
        let mut sum = [0.0f32; 3];
        for &(r, c) in &region.cells {
            if let Some(colour) = grid.cell(r, c) {
                for (s, v) in sum.iter_mut().zip(colour) {
                    *s += v;
                }
            }
        }
        region.tint = sum.map(|s| s / region.cells.len() as f32);
    }
    let mut owner = vec![usize::MAX; n];
    for (k, region) in regions.iter().enumerate() {
        for &(r, c) in &region.cells {
            owner[r * grid.columns + c] = k;
        }
    }
    let region_of = |(r, c): Cell| {
        (r < grid.rows && c < grid.columns)
            .then(|| owner[r * grid.columns + c])
            .filter(|&k| k != usize::MAX)
    };
    let mut loose = Vec::new();
    for (b, badge) in badges.iter().enumerate() {
        let corner_c = ((badge.x - grid.left) / grid.pitch).round();
        let corner_r = ((badge.y - grid.top) / grid.pitch).round();
        if corner_c < 1.0 || corner_r < 1.0 {
            loose.push(b);
            continue;
        }
        let (cr, cc) = (corner_r as usize, corner_c as usize);
        // The cell above-left of the corner first, then the others by how
        // well their tint matches the badge's colour.
        let mut choices: Vec<(f32, usize)> =
            [(cr - 1, cc - 1), (cr - 1, cc), (cr, cc - 1), (cr, cc)]
                .iter()
                .enumerate()
                .filter_map(|(k, &cell)| {
                    let region = region_of(cell)?;
                    let fit = hue_fit(badge.colour, regions[region].tint);
                    (fit > 0.8).then_some((fit - 0.05 * k as f32, region))
                })
                .collect();
        choices.sort_by(|a, b| b.0.total_cmp(&a.0));
        match choices
            .iter()
            .find(|(_, region)| regions[*region].badge.is_none())
        {
            Some(&(_, region)) => regions[region].badge = Some(b),
            None => loose.push(b),
        }
    }
    (regions, loose)
}

/// How well a region's tint matches a badge's colour: the cosine of their
/// directions away from the empty cell's colour.
fn hue_fit(badge: [f32; 3], tint: [f32; 3]) -> f32 {
    let base = [225.0f32, 203.0, 197.0];
    let a: Vec<f32> = (0..3).map(|k| badge[k] - base[k]).collect();
    let b: Vec<f32> = (0..3).map(|k| tint[k] - base[k]).collect();
    let dot: f32 = a.iter().zip(&b).map(|(x, y)| x * y).sum();
    let na = a.iter().map(|x| x * x).sum::<f32>().sqrt();
    let nb = b.iter().map(|x| x * x).sum::<f32>().sqrt();
    if na == 0.0 || nb == 0.0 {
        0.0
    } else {
        dot / (na * nb)
    }
}

/// Whether a dashed border runs between two neighbouring cells: strong
/// pixels in the middle of the line between them, off every badge.
fn border_between(grid: &Grid, ink: &Mask, badges: &[Badge], a: Cell, b: Cell) -> bool {
    let (ax, ay) = grid.middle(a.0, a.1);
    let (bx, by) = grid.middle(b.0, b.1);
    let (mx, my) = ((ax + bx) / 2.0, (ay + by) / 2.0);
    let across = grid.pitch * 0.12;
    let along = grid.pitch * 0.15;
    let (hx, hy) = if a.0 == b.0 {
        (across, along)
    } else {
        (along, across)
    };
    let mut hits = 0;
    for y in (my - hy) as i64..=(my + hy) as i64 {
        for x in (mx - hx) as i64..=(mx + hx) as i64 {
            if ink.at(x, y) && !badges.iter().any(|bd| bd.covers(x as f32, y as f32)) {
                hits += 1;
            }
        }
    }
    hits >= 3
}
