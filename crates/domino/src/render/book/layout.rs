//! The pages of a book as SVG, in points on the paper asked: a title page,
//! the puzzles 1, 2 or 4 to a page (each section starts a page; its count
//! to a page is asked, or the most that keep its largest board's squares
//! big enough to write in), then the answers, smaller, 6 to a page (4 with
//! more than 3 explanation steps), each with its answer key. Pictures are the
//! families' own SVG, nested as they are; the pips ones in print style.

use super::contents::{answer_key, BookPuzzle, Kind};
use super::{BookRequest, Section};
use crate::render::reports::badge;
use crate::render::svg::{escape, px, wrap};
use crate::render::{board_svg, pips_print_svg, PipsPicture, PipsPiece};
use std::fmt::Write;

/// Margins of every page; the bottom one holds the page number.
const MARGIN: f64 = 46.0;
const FOOT: f64 = 58.0;
/// Room between two slots.
const GAP: f64 = 18.0;
/// The smallest scale of a puzzle's picture (points per pixel of the
/// library's pictures, whose squares are 34 pixels): squares of about 6.6
/// mm, room for a pencil.
const MIN_SCALE: f64 = 0.55;
/// The largest scale: squares of 12 mm.
const MAX_SCALE: f64 = 1.0;
/// An average character of DejaVu Sans is about this wide, in ems.
const CHAR: f64 = 0.56;
/// A cell of an answer key, in ems: up to two digits (0.64 em each in
/// DejaVu Sans), an arrow (0.84 em) and room enough that a text reader
/// keeps the cells apart.
fn key_cell(width: usize) -> f64 {
    0.64 * width as f64 + 0.84 + 0.7
}
/// Answers to a page, and with more than [`FEW_STEPS`] explanation steps.
const ANSWERS: usize = 6;
const ANSWERS_WITH_STEPS: usize = 4;
const FEW_STEPS: usize = 3;

/// Styles of every page: pictures on white paper.
const STYLE: &str = "<style>.background{fill:#ffffff}</style>";

/// The most pages `request` can take, before its puzzles are made: a
/// section laid out by size may take one page a puzzle.
pub(super) fn most_pages(request: &BookRequest) -> usize {
    let per_page = request.per_page.unwrap_or(1);
    let puzzles: usize = request.sections.iter().map(|s| s.count()).sum();
    let puzzle_pages: usize = request
        .sections
        .iter()
        .map(|s| s.count().div_ceil(per_page))
        .sum();
    1 + puzzle_pages + puzzles.div_ceil(answers_per_page(request))
}

fn answers_per_page(request: &BookRequest) -> usize {
    if request.steps > FEW_STEPS {
        ANSWERS_WITH_STEPS
    } else {
        ANSWERS
    }
}

/// A rectangle of a page, in points.
#[derive(Clone, Copy, Debug)]
struct Area {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

/// A picture of the library and its size in pixels.
struct Picture {
    svg: String,
    w: f64,
    h: f64,
}

impl Picture {
    /// The size from the picture's `viewBox="0 0 w h"`.
    fn new(svg: String) -> Picture {
        let size = svg
            .split_once(r#"viewBox="0 0 "#)
            .and_then(|(_, rest)| rest.split_once('"'))
            .map(|(dims, _)| {
                let mut it = dims.split(' ').map(|d| d.parse::<f64>().unwrap_or(1.0));
                (it.next().unwrap_or(1.0), it.next().unwrap_or(1.0))
            })
            .unwrap_or((1.0, 1.0));
        Picture {
            svg,
            w: size.0.max(1.0),
            h: size.1.max(1.0),
        }
    }

    /// The scale that fits it in `w` x `h` points, at most `most`.
    fn fit(&self, w: f64, h: f64, most: f64) -> f64 {
        (w / self.w).min(h / self.h).min(most)
    }

    /// The picture scaled by `scale`, centred across `area`, from its top.
    fn place(&self, out: &mut String, area: Area, scale: f64) {
        let x = area.x + (area.w - self.w * scale) / 2.0;
        let _ = write!(
            out,
            r#"<g transform="translate({} {}) scale({})">{}</g>"#,
            px(x),
            px(area.y),
            (scale * 10_000.0).round() / 10_000.0,
            self.svg
        );
    }
}

/// The puzzle's picture, bare or with its answer.
fn picture(puzzle: &BookPuzzle, solved: bool, labels: bool) -> Picture {
    match &puzzle.kind {
        Kind::Place {
            board, solution, ..
        } => Picture::new(board_svg(board, solved.then_some(solution))),
        Kind::Pips { puzzle, .. } => {
            let regions = puzzle.region_grid();
            let badges: Vec<String> = puzzle.regions().iter().map(|r| badge(r.rule)).collect();
            let pieces: Vec<PipsPiece> = match (solved, puzzle.solution()) {
                (true, Some(s)) => puzzle
                    .dominoes()
                    .iter()
                    .zip(&s.placements)
                    .map(|(&values, &cells)| PipsPiece { cells, values })
                    .collect(),
                _ => Vec::new(),
            };
            Picture::new(pips_print_svg(&PipsPicture {
                regions: &regions,
                badges: &badges,
                pieces: &pieces,
                labels,
            }))
        }
    }
}

/// A page being written.
struct Page {
    w: f64,
    h: f64,
    body: String,
}

impl Page {
    fn new(request: &BookRequest) -> Page {
        let (w, h) = request.paper.size();
        Page {
            w,
            h,
            body: String::new(),
        }
    }

    /// The area inside the margins.
    fn content(&self) -> Area {
        Area {
            x: MARGIN,
            y: MARGIN,
            w: self.w - 2.0 * MARGIN,
            h: self.h - MARGIN - FOOT,
        }
    }

    /// One line of text; `anchor` is `start` or `middle`.
    fn text(&mut self, x: f64, y: f64, size: f64, style: &str, text: &str) {
        let _ = write!(
            self.body,
            r#"<text x="{}" y="{}" font-size="{}" {style}>{}</text>"#,
            px(x),
            px(y),
            px(size),
            escape(text)
        );
    }

    /// Lines of text wrapped to `width`, from baseline `y`; the height
    /// taken.
    fn paragraph(&mut self, x: f64, y: f64, width: f64, size: f64, style: &str, text: &str) -> f64 {
        let per_line = ((width / (size * CHAR)) as usize).max(8);
        let lines = wrap(text, per_line);
        for (k, line) in lines.iter().enumerate() {
            self.text(x, y + k as f64 * size * 1.3, size, style, line);
        }
        lines.len() as f64 * size * 1.3
    }

    fn finish(mut self, number: usize) -> String {
        let (w, h) = (self.w, self.h);
        self.text(
            w / 2.0,
            h - FOOT / 2.0,
            9.0,
            r##"fill="#555555" text-anchor="middle""##,
            &number.to_string(),
        );
        format!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {0} {1}" width="{0}" height="{1}" font-family="DejaVu Sans">{STYLE}<rect x="0" y="0" width="{0}" height="{1}" fill="#ffffff"/>{2}</svg>"##,
            px(w),
            px(h),
            self.body
        )
    }
}

/// The slots of `n` to a page in `area`: 1 whole, 2 stacked, 4 in a
/// 2 x 2 grid, 6 in a 2 x 3 grid.
fn slots(area: Area, n: usize) -> Vec<Area> {
    let (cols, rows) = match n {
        1 => (1, 1),
        2 => (1, 2),
        4 => (2, 2),
        _ => (2, n.div_ceil(2)),
    };
    let w = (area.w - GAP * (cols - 1) as f64) / cols as f64;
    let h = (area.h - GAP * (rows - 1) as f64) / rows as f64;
    (0..rows)
        .flat_map(|r| (0..cols).map(move |c| (r, c)))
        .map(|(r, c)| Area {
            x: area.x + c as f64 * (w + GAP),
            y: area.y + r as f64 * (h + GAP),
            w,
            h,
        })
        .collect()
}

/// The room a puzzle's slot keeps above its picture: the caption, and a
/// Pips puzzle's list of dominoes.
fn puzzle_head(puzzle: &BookPuzzle, width: f64) -> (f64, Vec<String>) {
    let dominoes = match &puzzle.kind {
        Kind::Pips { puzzle, .. } => {
            let list: Vec<String> = puzzle
                .dominoes()
                .iter()
                .map(|[a, b]| format!("{a}|{b}"))
                .collect();
            wrap(
                &format!("Dominoes: {}", list.join("  ")),
                ((width / (10.0 * CHAR)) as usize).max(8),
            )
        }
        Kind::Place { .. } => Vec::new(),
    };
    (22.0 + dominoes.len() as f64 * 13.0 + 4.0, dominoes)
}

/// Puzzles to a page for a section: the count asked, or the most whose
/// slots keep every picture at [`MIN_SCALE`] or larger.
fn per_page(
    request: &BookRequest,
    page: Area,
    puzzles: &[&BookPuzzle],
    pictures: &[Picture],
) -> usize {
    if let Some(n) = request.per_page {
        return n;
    }
    [4, 2]
        .into_iter()
        .find(|&n| {
            let slot = slots(page, n)[0];
            puzzles.iter().zip(pictures).all(|(puzzle, picture)| {
                let (head, _) = puzzle_head(puzzle, slot.w);
                picture.fit(slot.w, slot.h - head, MAX_SCALE) >= MIN_SCALE
            })
        })
        .unwrap_or(1)
}

/// Draws one puzzle in its slot.
fn draw_puzzle(page: &mut Page, slot: Area, puzzle: &BookPuzzle, picture: &Picture) {
    page.text(
        slot.x,
        slot.y + 13.0,
        13.0,
        r#"font-weight="bold""#,
        &format!("Puzzle {}", puzzle.number),
    );
    let label = format!("Puzzle {}", puzzle.number);
    page.text(
        slot.x + label.chars().count() as f64 * 13.0 * 0.66 + 8.0,
        slot.y + 13.0,
        10.0,
        r##"fill="#555555""##,
        &puzzle.kind_name(),
    );
    let (head, dominoes) = puzzle_head(puzzle, slot.w);
    for (k, line) in dominoes.iter().enumerate() {
        page.text(slot.x, slot.y + 32.0 + k as f64 * 13.0, 10.0, "", line);
    }
    let area = Area {
        y: slot.y + head,
        h: slot.h - head,
        ..slot
    };
    let scale = picture.fit(area.w, area.h, MAX_SCALE);
    picture.place(&mut page.body, area, scale);
}

/// Draws one answer in its slot: caption, picture, key, steps.
fn draw_answer(page: &mut Page, slot: Area, puzzle: &BookPuzzle, labels: bool) {
    page.text(
        slot.x,
        slot.y + 10.0,
        10.0,
        r#"font-weight="bold""#,
        &format!("Answer {}", puzzle.number),
    );
    let key = answer_key(puzzle);
    let rows: Vec<Vec<&str>> = key.iter().map(|l| l.split_whitespace().collect()).collect();
    let cols = rows.iter().map(Vec::len).max().unwrap_or(1) as f64;
    let digits = rows
        .iter()
        .flatten()
        .map(|t| t.chars().count().saturating_sub(1))
        .max()
        .unwrap_or(1);
    let cell = key_cell(digits);
    let key_size = (slot.w * 0.5 / (cols * cell)).min(7.0);
    let key_height = key.len() as f64 * key_size * 1.25;
    let step_size = 7.0;
    let per_line = ((slot.w / (step_size * CHAR)) as usize).max(8);
    let step_lines: Vec<String> = puzzle
        .steps
        .iter()
        .enumerate()
        .flat_map(|(k, s)| wrap(&format!("{}. {s}", k + 1), per_line))
        .collect();
    let steps_height = step_lines.len() as f64 * step_size * 1.3;
    let picture = picture(puzzle, true, labels);
    // The picture on the left, the key on its right; the steps below both.
    let top = slot.y + 16.0;
    let below = steps_height + if step_lines.is_empty() { 0.0 } else { 6.0 };
    let room = Area {
        x: slot.x,
        y: top,
        w: slot.w * 0.5 - 6.0,
        h: slot.h - 16.0 - below,
    };
    let scale = picture.fit(room.w, room.h, MAX_SCALE);
    let drawn = Area {
        w: picture.w * scale,
        ..room
    };
    picture.place(&mut page.body, drawn, scale);
    let key_x = slot.x + slot.w * 0.5;
    // Each cell on its own, so the columns line up in a proportional font.
    for (k, row) in rows.iter().enumerate() {
        for (c, token) in row.iter().enumerate() {
            page.text(
                key_x + c as f64 * cell * key_size,
                top + key_size + k as f64 * key_size * 1.25,
                key_size,
                "",
                token,
            );
        }
    }
    let mut y = top + (picture.h * scale).max(key_height) + 6.0 + step_size;
    for line in step_lines {
        page.text(slot.x, y, step_size, r##"fill="#333333""##, &line);
        y += step_size * 1.3;
    }
}

/// Every page of the book.
pub(super) fn pages(request: &BookRequest, puzzles: &[BookPuzzle]) -> Vec<String> {
    let labels = request.steps > 0;
    let mut bodies: Vec<Page> = Vec::new();
    let mut first = 0;
    for section in &request.sections {
        let these: Vec<&BookPuzzle> = puzzles[first..first + section.count()].iter().collect();
        first += section.count();
        let pictures: Vec<Picture> = these.iter().map(|p| picture(p, false, labels)).collect();
        let blank = Page::new(request);
        let n = per_page(request, blank.content(), &these, &pictures);
        for (chunk, drawn) in these.chunks(n).zip(pictures.chunks(n)) {
            let mut page = Page::new(request);
            for ((slot, puzzle), picture) in
                slots(page.content(), n).into_iter().zip(chunk).zip(drawn)
            {
                draw_puzzle(&mut page, slot, puzzle, picture);
            }
            bodies.push(page);
        }
    }
    let answers_from = bodies.len() + 2;
    let per = answers_per_page(request);
    for (k, chunk) in puzzles.chunks(per).enumerate() {
        let mut page = Page::new(request);
        let mut area = page.content();
        if k == 0 {
            page.text(
                area.x,
                area.y + 16.0,
                18.0,
                r#"font-weight="bold""#,
                "Answers",
            );
            area.y += 30.0;
            area.h -= 30.0;
        }
        for (slot, puzzle) in slots(area, per).into_iter().zip(chunk) {
            draw_answer(&mut page, slot, puzzle, labels);
        }
        bodies.push(page);
    }
    let mut all = vec![title_page(request, puzzles, answers_from)];
    all.extend(
        bodies
            .into_iter()
            .enumerate()
            .map(|(k, page)| page.finish(k + 2)),
    );
    all
}

/// The first page: the title, what the book holds, the rules.
fn title_page(request: &BookRequest, puzzles: &[BookPuzzle], answers_from: usize) -> String {
    let mut page = Page::new(request);
    let area = page.content();
    let mut y = area.y + area.h * 0.22;
    let title_lines = wrap(&request.title, ((area.w / (28.0 * 0.62)) as usize).max(8));
    for line in &title_lines {
        page.text(
            page.w / 2.0,
            y,
            28.0,
            r#"font-weight="bold" text-anchor="middle""#,
            line,
        );
        y += 36.0;
    }
    y += 24.0;
    let mut first = 1;
    for section in &request.sections {
        let count = section.count();
        if count == 0 {
            continue;
        }
        let last = first + count - 1;
        let range = if count == 1 {
            format!("Puzzle {first}")
        } else {
            format!("Puzzles {first} to {last}")
        };
        let what = match section {
            Section::Place { set, level, .. } => format!("placement, double-{set}, {level}"),
            Section::Pips { grade, .. } => format!("Pips, {grade}"),
        };
        page.text(area.x + 40.0, y, 12.0, "", &format!("{range}: {what}"));
        y += 18.0;
        first = last + 1;
    }
    page.text(
        area.x + 40.0,
        y,
        12.0,
        "",
        &format!("Answers from page {answers_from}"),
    );
    y += 40.0;
    let has = |place: bool| {
        puzzles
            .iter()
            .any(|p| matches!(p.kind, Kind::Place { .. }) == place)
    };
    let rules = [
        (
            has(true),
            "Placement",
            "Cover the board with every domino of the set, each exactly once: a domino covers two \
             neighbouring squares showing its two numbers. The numbers along the edges name the rows \
             and columns.",
        ),
        (
            has(false),
            "Pips",
            "Lay every domino listed on the board, one half on each of two neighbouring squares. \
             The pips of each region (outlined, hatched alike) must follow its rule: a number is their \
             sum, < and > bound the sum, = makes them all equal, \u{2260} all different; a region \
             without a rule takes any pips.",
        ),
    ];
    for (present, name, text) in rules {
        if !present {
            continue;
        }
        page.text(area.x + 40.0, y, 12.0, r#"font-weight="bold""#, name);
        y += 17.0;
        y += page.paragraph(area.x + 40.0, y, area.w - 80.0, 10.5, "", text);
        y += 14.0;
    }
    page.text(
        area.x + 40.0,
        area.y + area.h - 10.0,
        9.0,
        r##"fill="#555555""##,
        &format!(
            "Made by domino from seed {}: the same request makes the same book.",
            request.seed
        ),
    );
    page.finish(1)
}
