//! The Five Up picture: the layout as it lies on the table. The first
//! domino sits in the middle; every later one touches the side it was
//! played on, going straight on where there is room and turning a corner
//! where the straight way is taken. Doubles are spinners: they lie across
//! the line, outlined in green, and arms grow from their four sides. An
//! illegal move is drawn under the layout, outlined in red, with its
//! reason.
//!
//! Arms can still cross on crowded layouts (the picture then overlaps, it
//! never drops a domino).

use super::svg::{palette, Canvas, Look, Spot, HALF};
use crate::fiveup::{ordinal, IllegalMove, Play};
use crate::tile::{Domino, Value};
use std::collections::HashSet;

/// The input of the Five Up picture: the layout (for an illegal game, the
/// legal plays before the illegal move, possibly none), and the illegal
/// move if there is one. A play that cannot be attached as described is
/// drawn apart, outlined in red.
#[derive(Clone, Copy, Debug)]
pub struct FiveUpPicture<'a> {
    /// The legal plays in game order, each naming the earlier play it
    /// touches.
    pub plays: &'a [Play],
    /// The first illegal move, drawn under the layout with its reason;
    /// `None` for a legal game.
    pub illegal: Option<&'a IllegalMove>,
}

const MARGIN: f64 = 16.0;
/// Layout units: a half is 2 x 2 units, so a double lying across a line
/// can be centred on it.
const UNIT: f64 = HALF / 2.0;

type Point = (i64, i64);
const DIRECTIONS: [Point; 4] = [(1, 0), (-1, 0), (0, -1), (0, 1)];

/// A side of a placed domino where a later one may touch: the direction it
/// faces, the centre of its edge, and the value it shows.
#[derive(Clone, Copy, Debug)]
struct Side {
    facing: Point,
    centre: Point,
    value: Value,
}

/// A placed domino: the centres of its two halves, with their values.
#[derive(Clone, Copy, Debug)]
struct Placed {
    halves: [(Point, Value); 2],
    double: bool,
}

fn add(p: Point, q: Point, k: i64) -> Point {
    (p.0 + q.0 * k, p.1 + q.1 * k)
}

/// The four unit squares of the half centred on `c`.
fn squares(c: Point) -> [Point; 4] {
    [
        (c.0 - 1, c.1 - 1),
        (c.0, c.1 - 1),
        (c.0 - 1, c.1),
        (c.0, c.1),
    ]
}

/// The ways `play` can touch `side`, best first, each with the sides it
/// opens.
fn options(side: Side, d: Domino, via: Value) -> Vec<(Placed, Vec<Side>)> {
    let f = side.facing;
    let across = (f.1, f.0);
    let other = if d.a == via { d.b } else { d.a };
    if d.is_double() {
        // Across the line, its long side facing on, its ends open too.
        let m = add(side.centre, f, 1);
        let placed = Placed {
            halves: [(add(m, across, -1), via), (add(m, across, 1), via)],
            double: true,
        };
        let sides = vec![
            Side {
                facing: f,
                centre: add(m, f, 1),
                value: via,
            },
            Side {
                facing: across,
                centre: add(m, across, 2),
                value: via,
            },
            Side {
                facing: (-across.0, -across.1),
                centre: add(m, across, -2),
                value: via,
            },
        ];
        return vec![(placed, sides)];
    }
    let near = add(side.centre, f, 1);
    [f, across, (-across.0, -across.1)]
        .into_iter()
        .map(|way| {
            let far = add(near, way, 2);
            let placed = Placed {
                halves: [(near, via), (far, other)],
                double: false,
            };
            let open = Side {
                facing: way,
                centre: add(far, way, 1),
                value: other,
            };
            (placed, vec![open])
        })
        .collect()
}

/// How many free squares lie ahead of `sides` (a corridor as wide as a
/// half, up to four dominoes long), counting `placed` as taken: the room a
/// later domino will have there.
fn room(sides: &[Side], placed: &Placed, taken: &HashSet<Point>) -> usize {
    let own: Vec<Point> = placed
        .halves
        .iter()
        .flat_map(|(c, _)| squares(*c))
        .collect();
    let free = |q: &Point| !taken.contains(q) && !own.contains(q);
    sides
        .iter()
        .map(|side| {
            let f = side.facing;
            let sideways = (f.1.abs(), f.0.abs());
            (0..16)
                .take_while(|&step| {
                    // The two unit squares just beyond the point `step`
                    // units out from the middle of the side.
                    let p = add(side.centre, f, step);
                    let first = (p.0 - i64::from(f.0 < 0), p.1 - i64::from(f.1 < 0));
                    free(&first) && free(&add(first, sideways, -1))
                })
                .count()
        })
        .sum()
}

/// Lays out the plays; the second list holds plays that could not be
/// attached as described.
fn layout(plays: &[Play]) -> (Vec<(usize, Placed)>, Vec<usize>) {
    let mut placed: Vec<(usize, Placed)> = Vec::with_capacity(plays.len());
    let mut loose = Vec::new();
    let mut sides_of: Vec<Vec<Side>> = vec![Vec::new(); plays.len()];
    let mut taken: HashSet<Point> = HashSet::new();
    let fits = |p: &Placed, taken: &HashSet<Point>| {
        p.halves
            .iter()
            .all(|(c, _)| squares(*c).iter().all(|s| !taken.contains(s)))
    };
    // Arms turn a corner rather than run further than this from the first
    // domino, so long games stay a compact picture.
    let reach = 52;
    // A domino touching `from` stays near when it reaches no further out
    // than that limit, or than one half beyond `from` (a turn at the limit).
    let near = |from: Point, p: &Placed| {
        let (wide, high) = (
            reach.max(from.0.abs() + 2),
            (reach * 2 / 3).max(from.1.abs() + 2),
        );
        p.halves
            .iter()
            .all(|((x, y), _)| x.abs() < wide && y.abs() < high)
    };
    for (i, play) in plays.iter().enumerate() {
        let d = play.domino;
        let via = attached_by(play);
        let choice = match play.attached_to {
            None if placed.is_empty() => Some(root(d)),
            None => None,
            Some(j) if j < i => {
                let candidates: Vec<(usize, (Placed, Vec<Side>))> = sides_of[j]
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| s.value == via && (d.a == via || d.b == via))
                    .flat_map(|(k, s)| options(*s, d, via).into_iter().map(move |o| (k, o)))
                    .collect();
                // Best: free, not running further out, with the most room
                // ahead of the sides it opens; then any free way; then the
                // first way, overlapping.
                let inward = |k: usize, p: &Placed| near(sides_of[j][k].centre, p);
                let best = (0..candidates.len())
                    .filter(|&c| {
                        let (k, (p, _)) = &candidates[c];
                        fits(p, &taken) && inward(*k, p)
                    })
                    .max_by_key(|&c| {
                        let (placed, open) = &candidates[c].1;
                        (room(open, placed, &taken), std::cmp::Reverse(c))
                    })
                    .or_else(|| candidates.iter().position(|(_, (p, _))| fits(p, &taken)))
                    .unwrap_or(0);
                candidates.into_iter().nth(best).map(|(k, option)| {
                    sides_of[j].remove(k);
                    option
                })
            }
            Some(_) => None,
        };
        match choice {
            Some((p, sides)) => {
                for (c, _) in p.halves {
                    taken.extend(squares(c));
                }
                sides_of[i] = sides;
                placed.push((i, p));
            }
            None => loose.push(i),
        }
    }
    (placed, loose)
}

/// The value a play attaches by (the first play attaches by nothing; its
/// `a` half stands in).
fn attached_by(play: &Play) -> Value {
    play.via.unwrap_or(play.domino.a)
}

/// The first domino: a double stands across the line with four open
/// sides, any other lies along it with its two ends open.
fn root(d: Domino) -> (Placed, Vec<Side>) {
    if d.is_double() {
        let placed = Placed {
            halves: [((0, -1), d.a), ((0, 1), d.a)],
            double: true,
        };
        let sides = DIRECTIONS
            .iter()
            .map(|&f| Side {
                facing: f,
                centre: if f.0 != 0 { (f.0, 0) } else { (0, 2 * f.1) },
                value: d.a,
            })
            .collect();
        (placed, sides)
    } else {
        let placed = Placed {
            halves: [((-1, 0), d.a), ((1, 0), d.b)],
            double: false,
        };
        let sides = vec![
            Side {
                facing: (-1, 0),
                centre: (-2, 0),
                value: d.a,
            },
            Side {
                facing: (1, 0),
                centre: (2, 0),
                value: d.b,
            },
        ];
        (placed, sides)
    }
}

/// Draws the picture as one SVG document.
pub fn fiveup_svg(picture: &FiveUpPicture) -> String {
    let (placed, loose) = layout(picture.plays);
    let values = picture
        .plays
        .iter()
        .map(|p| p.domino)
        .chain(picture.illegal.map(|m| m.domino));
    let mut canvas = Canvas::new(values.flat_map(|d| [d.a, d.b]));
    let (min, max) = bounds(&placed);
    draw_layout(&mut canvas, &placed, min);
    let layout_w = if placed.is_empty() {
        0.0
    } else {
        (max.0 - min.0) as f64 * UNIT
    };
    let mut y = if placed.is_empty() {
        MARGIN
    } else {
        MARGIN + (max.1 - min.1) as f64 * UNIT + 14.0
    };
    let width = layout_w.max(360.0);
    for &i in &loose {
        let play = picture.plays[i];
        let text = format!(
            "the {} play ({}) does not fit on {} by {}",
            ordinal(i),
            play.domino,
            play.attached_to.map_or("no play".to_string(), |j| format!(
                "the {} play",
                ordinal(j)
            )),
            attached_by(&play)
        );
        y += draw_apart(&mut canvas, y, width, play.domino, i, &text);
    }
    if let Some(bad) = picture.illegal {
        let text = format!(
            "the {} play ({}) is illegal: {}",
            ordinal(bad.index),
            bad.domino,
            bad
        );
        y += draw_apart(&mut canvas, y, width, bad.domino, bad.index, &text);
    }
    let summary = summary(picture, &placed);
    y += canvas.note(MARGIN, y, width, palette::TEXT, &summary);
    canvas.finish(
        "fiveup",
        &summary,
        width + 2.0 * MARGIN,
        y + MARGIN,
        &format!(r#" data-plays="{}""#, picture.plays.len()),
    )
}

/// The corners of the box around the placed dominoes, in layout units
/// (both at the origin when none is placed).
fn bounds(placed: &[(usize, Placed)]) -> (Point, Point) {
    let (mut min, mut max) = ((0i64, 0i64), (0i64, 0i64));
    for (_, p) in placed {
        for (c, _) in p.halves {
            min = (min.0.min(c.0 - 1), min.1.min(c.1 - 1));
            max = (max.0.max(c.0 + 1), max.1.max(c.1 + 1));
        }
    }
    (min, max)
}

/// The placed dominoes as tiles, `min` at the top left margin; spinners
/// outlined.
fn draw_layout(canvas: &mut Canvas, placed: &[(usize, Placed)], min: Point) {
    let to_px = |(x, y): Point| {
        (
            MARGIN + (x - min.0) as f64 * UNIT,
            MARGIN + (y - min.1) as f64 * UNIT,
        )
    };
    for (i, p) in placed {
        let [(c1, v1), (c2, v2)] = p.halves;
        let ((ca, va), (cb, vb)) = if (c1.0, c1.1) <= (c2.0, c2.1) {
            ((c1, v1), (c2, v2))
        } else {
            ((c2, v2), (c1, v1))
        };
        let (x, y) = to_px((ca.0 - 1, ca.1 - 1));
        let spot = Spot {
            x,
            y,
            horizontal: ca.1 == cb.1,
        };
        let class = if p.double { " spinner" } else { "" };
        let look = Look {
            class: class.to_string(),
            attrs: format!(r#" data-move="{i}""#),
        };
        canvas.tile(spot, va, vb, &look);
        if p.double {
            outline(canvas, spot, palette::SPINNER);
        }
    }
}

/// A domino drawn apart at height `y`, outlined in red, with `text` beside
/// it; returns the height it takes.
fn draw_apart(canvas: &mut Canvas, y: f64, width: f64, d: Domino, index: usize, text: &str) -> f64 {
    let spot = Spot {
        x: MARGIN,
        y,
        horizontal: true,
    };
    let look = Look {
        class: " illegal".to_string(),
        attrs: format!(r#" data-move="{index}""#),
    };
    canvas.tile(spot, d.a, d.b, &look);
    outline(canvas, spot, palette::ERROR);
    let x = MARGIN + 2.0 * HALF + 12.0;
    let used = canvas.note(x, y, width - x, palette::ERROR, text);
    used.max(HALF) + 10.0
}

/// The line under the picture (also its title): legal with its spinners,
/// or where the game went wrong.
fn summary(picture: &FiveUpPicture, placed: &[(usize, Placed)]) -> String {
    let spinners = placed.iter().filter(|(_, p)| p.double).count();
    match picture.illegal {
        None => format!(
            "legal layout of {} dominoes, {spinners} spinner{} (green)",
            picture.plays.len(),
            if spinners == 1 { "" } else { "s" }
        ),
        Some(bad) => format!(
            "illegal game: the {} play cannot be played (red); {} legal plays before it",
            ordinal(bad.index),
            picture.plays.len()
        ),
    }
}

/// A coloured outline just inside a tile.
fn outline(canvas: &mut Canvas, at: Spot, colour: &str) {
    let (w, h) = if at.horizontal {
        (2.0 * HALF, HALF)
    } else {
        (HALF, 2.0 * HALF)
    };
    canvas.rect(
        at.x - 1.0,
        at.y - 1.0,
        w + 2.0,
        h + 2.0,
        HALF * 0.2,
        &format!(r#"fill="none" stroke="{colour}" stroke-width="2.5""#),
        "",
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    fn play(a: Value, b: Value, to: Option<usize>, via: Value) -> Play {
        Play {
            domino: Domino::new(a, b),
            attached_to: to,
            via: Some(via),
        }
    }

    #[test]
    fn plays_are_counted_as_a_player_counts_them() {
        let words: Vec<String> = [0, 1, 2, 3, 10, 11, 12, 20, 21, 101, 110]
            .into_iter()
            .map(ordinal)
            .collect();
        assert_eq!(
            words,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "102nd",
                "111th"
            ]
        );
    }

    #[test]
    fn touching_halves_share_their_value_and_nothing_overlaps() {
        let plays = [
            play(6, 6, None, 6),
            play(6, 4, Some(0), 6),
            play(6, 2, Some(0), 6),
            play(6, 1, Some(0), 6),
            play(6, 5, Some(0), 6),
            play(4, 4, Some(1), 4),
            play(4, 3, Some(5), 4),
            play(4, 0, Some(5), 4),
        ];
        let (placed, loose) = layout(&plays);
        assert!(loose.is_empty());
        let mut seen = HashSet::new();
        for (_, p) in &placed {
            for (c, _) in p.halves {
                for s in squares(c) {
                    assert!(seen.insert(s), "square {s:?} used twice");
                }
            }
        }
        assert_touching(&plays, &placed);
    }

    /// Each play's `via` half touches a half of its parent showing `via`.
    fn assert_touching(plays: &[Play], placed: &[(usize, Placed)]) {
        for (i, p) in placed {
            let Some(j) = plays[*i].attached_to else {
                continue;
            };
            let parent = placed.iter().find(|(k, _)| *k == j).unwrap().1;
            let touches = p.halves.iter().any(|(c, v)| {
                parent.halves.iter().any(|(pc, pv)| {
                    v == pv
                        && Some(*v) == plays[*i].via
                        && (c.0 - pc.0).abs() + (c.1 - pc.1).abs() <= 3
                })
            });
            assert!(touches, "play {i}");
        }
    }

    /// A legal game of a shuffled double-`n` set: each domino in turn goes
    /// on the first open end that matches, until none does.
    fn game(seed: u64, n: i64) -> Vec<Play> {
        let mut rng = Rng::new(seed);
        let mut hand: Vec<(i64, i64)> =
            (0..=n).flat_map(|a| (a..=n).map(move |b| (a, b))).collect();
        rng.shuffle(&mut hand);
        let first = hand.pop().unwrap();
        let mut plays = vec![Play {
            domino: Domino::new(first.0, first.1),
            attached_to: None,
            via: None,
        }];
        let mut open: Vec<(usize, i64)> = if first.0 == first.1 {
            vec![(0, first.0); 4]
        } else {
            vec![(0, first.0), (0, first.1)]
        };
        loop {
            let mut moved = false;
            for k in 0..hand.len() {
                let (a, b) = hand[k];
                if let Some(pos) = open.iter().position(|&(_, v)| v == a || v == b) {
                    let (j, v) = open.remove(pos);
                    let i = plays.len();
                    plays.push(Play {
                        domino: Domino::new(a, b),
                        attached_to: Some(j),
                        via: Some(v),
                    });
                    if a == b {
                        open.extend([(i, a), (i, a), (i, a)]);
                    } else {
                        open.push((i, if a == v { b } else { a }));
                    }
                    hand.remove(k);
                    moved = true;
                    break;
                }
            }
            if !moved {
                break;
            }
        }
        plays
    }
    #[test]
    fn random_legal_games_attach_every_play_to_its_parent() {
        for n in [6, 9, 12] {
            for seed in 0..30 {
                let plays = game(seed, n);
                let (placed, loose) = layout(&plays);
                assert!(loose.is_empty(), "double-{n}, seed {seed}");
                assert_eq!(placed.len(), plays.len());
                assert_touching(&plays, &placed);
            }
        }
    }

    #[test]
    fn plays_that_do_not_fit_are_drawn_apart() {
        let plays = [
            play(1, 2, None, 1),
            play(5, 5, Some(0), 5),
            play(2, 3, Some(9), 2),
        ];
        let (placed, loose) = layout(&plays);
        assert_eq!(placed.len(), 1);
        assert_eq!(loose, vec![1, 2]);
        let svg = fiveup_svg(&FiveUpPicture {
            plays: &plays,
            illegal: None,
        });
        assert_eq!(svg.matches(r#"<g class="tile"#).count(), 3);
    }
}
