//! The screenshot reader (feature `read`): every shared screenshot of the
//! newspaper's app reads as the puzzle of its answer file, by pips-same's
//! rule (the same dominoes, the same regions once each separate piece of
//! the board is moved to the top-left corner), with nothing unsure, and
//! its solution passes `verify`; hostile pictures get a clear error.
//!
//! The screenshots are read from ../shared/data/pips/screenshots (next to
//! the repository, as CI lays it out), never copied into it; a clone
//! without that folder says so and skips them, as the newspaper-day tests
//! do.

use domino::pips::read::{read, ReadError};
use domino::pips::{parse_puzzle, solve, verify, Goal, Limits, Puzzle, Rule};
use domino::Cell;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

fn shots() -> Option<PathBuf> {
    let dir =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/pips/screenshots");
    if !dir.is_dir() {
        eprintln!("no {} beside the clone: skipped", dir.display());
    }
    dir.is_dir().then_some(dir)
}

/// A key per region that forgets where each piece of the board is.
type Canon = (BTreeMap<[i64; 2], usize>, BTreeMap<String, usize>);

/// pips-same's rule: dominoes as a multiset of unordered pairs; each region
/// as (rule, its cells relative to its piece's top-left, with the piece's
/// shape); cells without a rule one by one.
fn canon(puzzle: &Puzzle) -> Canon {
    let cells: BTreeSet<Cell> = puzzle
        .regions()
        .iter()
        .flat_map(|r| r.cells.clone())
        .collect();
    let mut piece_of: BTreeMap<Cell, usize> = BTreeMap::new();
    let mut pieces: Vec<Vec<Cell>> = Vec::new();
    for &start in &cells {
        if piece_of.contains_key(&start) {
            continue;
        }
        let k = pieces.len();
        let mut stack = vec![start];
        let mut part = Vec::new();
        piece_of.insert(start, k);
        while let Some((r, c)) = stack.pop() {
            part.push((r, c));
            let mut next = vec![(r + 1, c), (r, c + 1)];
            if r > 0 {
                next.push((r - 1, c));
            }
            if c > 0 {
                next.push((r, c - 1));
            }
            for n in next {
                if cells.contains(&n) && !piece_of.contains_key(&n) {
                    piece_of.insert(n, k);
                    stack.push(n);
                }
            }
        }
        pieces.push(part);
    }
    let origin: Vec<Cell> = pieces
        .iter()
        .map(|p| {
            (
                p.iter().map(|c| c.0).min().unwrap_or(0),
                p.iter().map(|c| c.1).min().unwrap_or(0),
            )
        })
        .collect();
    let shape: Vec<Vec<Cell>> = pieces
        .iter()
        .zip(&origin)
        .map(|(p, o)| {
            let mut s: Vec<Cell> = p.iter().map(|c| (c.0 - o.0, c.1 - o.1)).collect();
            s.sort_unstable();
            s
        })
        .collect();
    let place = |cell: Cell| {
        let k = piece_of[&cell];
        format!(
            "{:?}@{:?}",
            shape[k],
            (cell.0 - origin[k].0, cell.1 - origin[k].1)
        )
    };
    let mut regions = BTreeMap::new();
    for region in puzzle.regions() {
        let keys: Vec<String> = if region.rule == Rule::Empty {
            region
                .cells
                .iter()
                .map(|&c| format!("empty {}", place(c)))
                .collect()
        } else {
            let mut at: Vec<String> = region.cells.iter().map(|&c| place(c)).collect();
            at.sort();
            vec![format!("{:?} {}", region.rule, at.join(" "))]
        };
        for key in keys {
            *regions.entry(key).or_insert(0) += 1;
        }
    }
    let mut dominoes = BTreeMap::new();
    for d in puzzle.dominoes() {
        *dominoes
            .entry([d[0].min(d[1]), d[0].max(d[1])])
            .or_insert(0) += 1;
    }
    (dominoes, regions)
}

#[test]
fn every_shared_screenshot_reads_exactly() {
    let Some(dir) = shots() else {
        return;
    };
    let mut read_right = 0;
    let mut doubted = Vec::new();
    for n in 1..=25 {
        let picture = dir.join(format!("shot-{n:02}.png"));
        let bytes = std::fs::read(&picture).expect("a shared screenshot");
        let answer =
            std::fs::read_to_string(dir.join(format!("shot-{n:02}.json"))).expect("its answer");
        let truth = parse_puzzle(&answer, None).expect("the answer parses");
        let reading = read(&bytes).unwrap_or_else(|e| panic!("shot-{n:02}: {e}"));
        // A doubt is only ever about a badge's glyph, and rare; the best
        // reading must still be the right puzzle.
        assert!(
            reading
                .unsure
                .iter()
                .all(|u| matches!(u.item, domino::pips::read::Item::Badge { .. })),
            "shot-{n:02}: unsure of {:?}",
            reading.unsure
        );
        if !reading.unsure.is_empty() {
            doubted.push(n);
        }
        assert_eq!(
            canon(&reading.puzzle),
            canon(&truth),
            "shot-{n:02} reads another puzzle"
        );
        let found = solve(&reading.puzzle, Goal::UNIQUE, &Limits::none());
        let solution = found
            .solutions
            .first()
            .unwrap_or_else(|| panic!("shot-{n:02}: no solution"));
        assert!(
            verify(&reading.puzzle, solution).is_ok(),
            "shot-{n:02}: the solution fails verify"
        );
        read_right += 1;
    }
    assert_eq!(read_right, 25);
    assert!(doubted.len() <= 2, "unsure badges on shots {doubted:?}");
}

#[test]
fn the_rule_tells_a_changed_badge_or_domino() {
    // The comparison can fail: one rule or one domino changed is another puzzle.
    let Some(dir) = shots() else {
        return;
    };
    let answer = std::fs::read_to_string(dir.join("shot-01.json")).expect("an answer");
    let truth = parse_puzzle(&answer, None).expect("the answer parses");
    let mut regions = truth.regions().to_vec();
    let k = regions
        .iter()
        .position(|r| matches!(r.rule, Rule::Sum(_)))
        .expect("a sum");
    regions[k].rule = Rule::Sum(8);
    let changed = Puzzle::new(truth.dominoes().to_vec(), regions).expect("a puzzle");
    assert_ne!(canon(&changed), canon(&truth));
    let mut dominoes = truth.dominoes().to_vec();
    dominoes[0] = [6, 6];
    let changed = Puzzle::new(dominoes, truth.regions().to_vec()).expect("a puzzle");
    assert_ne!(canon(&changed), canon(&truth));
}

/// The CRC-32 of PNG chunks.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// A PNG of `width` x `height` pixels made by the image crate.
fn png(width: u32, height: u32, pixel: impl Fn(u32, u32) -> [u8; 3]) -> Vec<u8> {
    let picture = image::RgbImage::from_fn(width, height, |x, y| image::Rgb(pixel(x, y)));
    let mut bytes = Vec::new();
    picture
        .write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::Png,
        )
        .expect("a PNG");
    bytes
}

#[test]
fn a_decompression_bomb_is_refused_before_decoding() {
    // A small PNG whose header says 100000 x 100000 pixels.
    let mut bytes = png(8, 8, |_, _| [255, 255, 255]);
    bytes[16..20].copy_from_slice(&100_000u32.to_be_bytes());
    bytes[20..24].copy_from_slice(&100_000u32.to_be_bytes());
    let crc = crc32(&bytes[12..29]);
    bytes[29..33].copy_from_slice(&crc.to_be_bytes());
    assert!(matches!(read(&bytes), Err(ReadError::Image(_))));
    // Within the sides allowed, but too many pixels.
    bytes[16..20].copy_from_slice(&8000u32.to_be_bytes());
    bytes[20..24].copy_from_slice(&8000u32.to_be_bytes());
    let crc = crc32(&bytes[12..29]);
    bytes[29..33].copy_from_slice(&crc.to_be_bytes());
    assert!(matches!(read(&bytes), Err(ReadError::Image(_))));
}

#[test]
fn truncated_and_random_bytes_are_clear_errors() {
    let Some(dir) = shots() else {
        return;
    };
    let bytes = std::fs::read(dir.join("shot-01.png")).expect("a screenshot");
    for cut in [0, 8, 40, bytes.len() / 2] {
        assert!(
            matches!(read(&bytes[..cut]), Err(ReadError::Image(_))),
            "cut at {cut}"
        );
    }
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let noise: Vec<u8> = (0..5000)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as u8
        })
        .collect();
    assert!(matches!(read(&noise), Err(ReadError::Image(_))));
    let mut png_noise = b"\x89PNG\r\n\x1a\n".to_vec();
    png_noise.extend_from_slice(&noise);
    assert!(matches!(read(&png_noise), Err(ReadError::Image(_))));
}

#[test]
fn a_picture_without_a_board_says_so() {
    // A landscape of smooth colours and a grey page of text: no board.
    let landscape = png(600, 400, |x, y| {
        [(x / 3) as u8, (120 + y / 4) as u8, 200 - (x / 4) as u8]
    });
    let got = read(&landscape);
    assert!(
        matches!(got, Err(ReadError::NoBoard(_))),
        "{:?}",
        got.map(|r| r.unsure)
    );
    let page = png(300, 500, |x, y| {
        if (x / 7 + y / 11) % 5 == 0 {
            [20, 20, 20]
        } else {
            [250, 250, 250]
        }
    });
    assert!(matches!(read(&page), Err(ReadError::NoBoard(_))));
}
