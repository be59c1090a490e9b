//! Five Up scoring: the points of each play of a recorded layout, and for a
//! play order alone the best and worst total over all its legal layouts.
//!
//! Rules. After each play (the first included) the open ends of the layout
//! are added up; when the sum is a positive multiple of five the play scores
//! that many points. What counts:
//! - a non-double counts the half it offers while no play is attached to
//!   it (the first play, a non-double, counts both halves, each until
//!   something is attached to it);
//! - a double counts both halves (2v) while one of its long sides, the two
//!   along the line, is open: attached to an end, it has one long side
//!   left, so it counts until the first play is attached to it; played
//!   first, it has two, so it counts until the second. Plays attached to
//!   a double take its long sides before its short ones, and ends on the
//!   short sides count like any other end.
//!
//! The best and worst totals come from a search over layouts merged by
//! what the future depends on: per number, the open ends offered by
//! non-doubles, and how many plays its double (at most one) has taken.

use super::decide::solve;
use super::model::{IllegalMove, Play};
use super::report::GameReport;
use super::verify::{verify_layout, VerifyError};
use crate::fastmap::{int_map_with_capacity, IntMap};
use crate::input_error::InputError;
use crate::tile::{parse_dominoes, Domino, Value};
use serde::Serialize;
use serde_json::Value as Json;
use std::collections::HashMap;
use std::fmt;

/// The points of one play: the sum of the open ends after it, and what it
/// scores (the sum when that is a positive multiple of five, else 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = FiveupPlayScore))]
pub struct PlayScore {
    /// The domino of this play, as the layout lists it.
    pub domino: Domino,
    /// The sum of all open ends of the layout right after this play (doubles
    /// count both halves while they count at all); may be 0 or negative.
    pub ends: i128,
    /// What the play scores: `ends` when it is a positive multiple of five,
    /// else 0.
    pub points: i128,
}

/// The score of a recorded layout, play by play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = FiveupLayoutScore))]
pub struct LayoutScore {
    /// One entry per play, in the order of the layout (first play first).
    pub plays: Vec<PlayScore>,
    /// The sum of the points of all plays.
    pub total: i128,
}

/// Best and worst total over all legal layouts of a play order: both set
/// when the order is short enough to search them all, else `why` says why
/// not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = FiveupScoreRange))]
pub struct ScoreRange {
    /// True when every legal layout was searched, so `best` and `worst` are
    /// exact; false when the search was not attempted or gave up.
    pub computed: bool,
    /// The highest total any legal layout of the order scores; `None` when
    /// not computed.
    pub best: Option<i128>,
    /// The lowest total any legal layout of the order scores; `None` when
    /// not computed.
    pub worst: Option<i128>,
    /// Why the range was not computed (the order is longer than
    /// [`MAX_RANGE_PLAYS`], or has too many distinct layouts); `None` when
    /// it was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
}

impl ScoreRange {
    fn computed(best: i128, worst: i128) -> Self {
        ScoreRange {
            computed: true,
            best: Some(best),
            worst: Some(worst),
            why: None,
        }
    }

    fn not_computed(why: String) -> Self {
        ScoreRange {
            computed: false,
            best: None,
            worst: None,
            why: Some(why),
        }
    }
}

/// The score of a recorded layout or, for a play order alone, the range
/// over its layouts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = FiveupScore))]
pub enum ScoreReport {
    /// The input was a recorded layout: its points, play by play.
    Layout(LayoutScore),
    /// The input was a play order without a layout: the range of totals over
    /// all its legal layouts.
    Order {
        /// How many plays the order has.
        plays: usize,
        /// The best and worst total, when they could be computed.
        range: ScoreRange,
    },
}

impl fmt::Display for ScoreReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScoreReport::Layout(score) => {
                for (k, play) in score.plays.iter().enumerate() {
                    writeln!(
                        f,
                        "{k}: {} ends {} points {}",
                        play.domino, play.ends, play.points
                    )?;
                }
                writeln!(f, "total {}", score.total)
            }
            ScoreReport::Order { plays, range } => match (range.best, range.worst, &range.why) {
                (Some(best), Some(worst), _) => writeln!(
                    f,
                    "{plays} plays: best total {best}, worst total {worst} over all legal layouts"
                ),
                (_, _, why) => writeln!(
                    f,
                    "{plays} plays: best and worst totals not computed ({})",
                    why.as_deref().unwrap_or("")
                ),
            },
        }
    }
}

/// Why a text could not be scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScoreError {
    /// The text is neither a layout nor a list of plays.
    Input(InputError),
    /// A layout that [`verify_layout`] rejects.
    BadLayout(VerifyError),
    /// A play order that no layout plays: the verdict on the game, which
    /// names its first illegal move.
    Illegal(GameReport),
}

/// Scores `text`: a recorded layout in the JSON form `domino fiveup
/// --json` prints (`{"placements": [...]}`, or the bare array), or else a
/// play order in any list format of `parse_dominoes`.
pub fn score_text(text: &str) -> Result<ScoreReport, ScoreError> {
    if is_layout_text(text) {
        let (plays, layout) = parse_layout(text).map_err(ScoreError::Input)?;
        return score_layout(&plays, &layout)
            .map(ScoreReport::Layout)
            .map_err(ScoreError::BadLayout);
    }
    let plays = parse_dominoes(text).map_err(ScoreError::Input)?;
    let game = GameReport::new(&plays);
    if !game.legal() {
        return Err(ScoreError::Illegal(game));
    }
    let range = score_range(&plays).map_err(|_| ScoreError::Illegal(game))?;
    Ok(ScoreReport::Order {
        plays: plays.len(),
        range,
    })
}

/// Whether [`score_text`] reads `text` as a recorded layout (a JSON
/// object, or an array of objects) rather than as a play order: scoring a
/// layout is a sum, scoring an order a search.
pub fn is_layout_text(text: &str) -> bool {
    let trimmed = text.trim_start();
    trimmed.starts_with('{')
        || (trimmed.starts_with('[') && trimmed[1..].trim_start().starts_with('{'))
}

/// Reads the placements of a layout: `{"placements": [{"domino": [a, b],
/// "attached_to": j, "via": v}, ...]}` (other fields ignored) or the bare
/// array; `attached_to` and `via` are null (or absent) for the first play.
pub fn parse_layout(text: &str) -> Result<(Vec<Domino>, Vec<Play>), InputError> {
    let json: Json =
        serde_json::from_str(text).map_err(|e| InputError::json(text, &e, e.to_string()))?;
    let list = match &json {
        Json::Array(list) => list,
        Json::Object(fields) => match fields.get("placements") {
            Some(Json::Array(list)) => list,
            _ => return Err(InputError::whole("no \"placements\" array")),
        },
        _ => return Err(InputError::whole("expected an object or an array")),
    };
    let mut plays = Vec::with_capacity(list.len());
    let mut layout = Vec::with_capacity(list.len());
    for (k, entry) in list.iter().enumerate() {
        let bad = |what: &str| InputError::whole(format!("placement {k}: {what}"));
        let pair = entry
            .get("domino")
            .and_then(Json::as_array)
            .filter(|p| p.len() == 2)
            .ok_or_else(|| bad("\"domino\" must be a pair of integers"))?;
        let (Some(a), Some(b)) = (pair[0].as_i64(), pair[1].as_i64()) else {
            return Err(bad("\"domino\" must be a pair of integers"));
        };
        let field = |name: &str| match entry.get(name) {
            None | Some(Json::Null) => Ok(None),
            Some(v) => v
                .as_i64()
                .map(Some)
                .ok_or_else(|| bad(&format!("\"{name}\" must be an integer or null"))),
        };
        let attached_to = match field("attached_to")? {
            Some(j) => Some(usize::try_from(j).map_err(|_| bad("\"attached_to\" is negative"))?),
            None => None,
        };
        let domino = Domino::new(a, b);
        plays.push(domino);
        layout.push(Play {
            domino,
            attached_to,
            via: field("via")?,
        });
    }
    Ok((plays, layout))
}

/// Longest play order whose best and worst totals are searched (a whole
/// double-six set).
pub const MAX_RANGE_PLAYS: usize = 28;

/// Most merged layouts kept at one move before the search gives up.
const MAX_STATES: usize = 200_000;

/// What a play scores when the open ends add up to `ends`.
pub fn points(ends: i128) -> i128 {
    if ends > 0 && ends % 5 == 0 {
        ends
    } else {
        0
    }
}

/// Scores a layout of `plays` after checking it with [`verify_layout`].
pub fn score_layout(plays: &[Domino], layout: &[Play]) -> Result<LayoutScore, VerifyError> {
    verify_layout(plays, layout)?;
    // Per play: how many plays are attached to it, and what it counts now.
    let mut taken = vec![0u32; layout.len()];
    let mut counts = vec![0i128; layout.len()];
    let mut ends = 0i128;
    let mut scores = Vec::with_capacity(layout.len());
    for (k, place) in layout.iter().enumerate() {
        if let Some(j) = place.attached_to {
            taken[j] += 1;
            let via = place.via.unwrap_or(place.domino.a);
            let now = counted(layout, j, taken[j], Some(via), &counts);
            ends += now - counts[j];
            counts[j] = now;
        }
        counts[k] = counted(layout, k, 0, None, &counts);
        ends += counts[k];
        scores.push(PlayScore {
            domino: place.domino,
            ends,
            points: points(ends),
        });
    }
    let total = scores.iter().map(|s| s.points).sum();
    Ok(LayoutScore {
        plays: scores,
        total,
    })
}

/// What play `k` counts with `taken` plays attached to it; `via` is the
/// value the latest of them used (it tells which half of a first
/// non-double was covered). `counts[k]` is what it counted before.
fn counted(layout: &[Play], k: usize, taken: u32, via: Option<Value>, counts: &[i128]) -> i128 {
    let d = layout[k].domino;
    let (a, b) = (i128::from(d.a), i128::from(d.b));
    let first = layout[k].attached_to.is_none();
    match (first, d.is_double()) {
        (true, true) => 2 * a * i128::from(taken < 2),
        (false, true) => 2 * a * i128::from(taken == 0),
        (false, false) => {
            let offered = if layout[k].via == Some(d.a) { b } else { a };
            offered * i128::from(taken == 0)
        }
        (true, false) => match via {
            None => a + b,
            // The covered half stops counting; the other keeps what it had.
            Some(v) => counts[k] - i128::from(v),
        },
    }
}

/// The best and worst total of `plays` over all its legal layouts: an
/// illegal order is an error, a long one (more than [`MAX_RANGE_PLAYS`]
/// plays, or too many distinct layouts) is not computed.
pub fn score_range(plays: &[Domino]) -> Result<ScoreRange, IllegalMove> {
    solve(plays)?;
    if plays.len() > MAX_RANGE_PLAYS {
        return Ok(ScoreRange::not_computed(format!(
            "{} plays: the best and worst totals are searched for up to {MAX_RANGE_PLAYS}",
            plays.len()
        )));
    }
    let Some(&first) = plays.first() else {
        return Ok(ScoreRange::computed(0, 0));
    };
    // Dense ids for the values, so a state is a short vector.
    let mut index: IntMap<Value, usize> = int_map_with_capacity(2 * plays.len());
    let mut values = Vec::new();
    for d in plays {
        for v in [d.a, d.b] {
            index.entry(v).or_insert_with(|| {
                values.push(v);
                values.len() - 1
            });
        }
    }
    let start = State::first(first, &index, values.len());
    let p = points(start.ends(&values));
    let mut states: HashMap<State, (i128, i128)> = HashMap::from([(start, (p, p))]);
    for d in &plays[1..] {
        let mut next: HashMap<State, (i128, i128)> = HashMap::new();
        for (state, &(best, worst)) in &states {
            for after in state.successors(*d, &index) {
                let p = points(after.ends(&values));
                let entry = next.entry(after).or_insert((i128::MIN, i128::MAX));
                entry.0 = entry.0.max(best + p);
                entry.1 = entry.1.min(worst + p);
            }
        }
        if next.len() > MAX_STATES {
            return Ok(ScoreRange::not_computed(format!(
                "more than {MAX_STATES} distinct layouts to compare"
            )));
        }
        states = next;
    }
    let best = states.values().map(|s| s.0).max().unwrap_or(0);
    let worst = states.values().map(|s| s.1).min().unwrap_or(0);
    Ok(ScoreRange::computed(best, worst))
}

/// What the rest of a game can see of a layout: per value id, the open
/// ends offered by non-doubles, and the state of its double.
#[derive(Clone, PartialEq, Eq, Hash)]
struct State {
    plain: Vec<u8>,
    double: Vec<Double>,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Double {
    None,
    /// Played first (four ends) or attached (three), with `taken` plays
    /// attached to it.
    First {
        taken: u8,
    },
    Attached {
        taken: u8,
    },
}

impl Double {
    fn free(self) -> u8 {
        match self {
            Double::None => 0,
            Double::First { taken } => 4 - taken,
            Double::Attached { taken } => 3 - taken,
        }
    }

    fn counts(self) -> bool {
        match self {
            Double::None => false,
            Double::First { taken } => taken < 2,
            Double::Attached { taken } => taken == 0,
        }
    }

    fn take(self) -> Double {
        match self {
            Double::None => Double::None,
            Double::First { taken } => Double::First { taken: taken + 1 },
            Double::Attached { taken } => Double::Attached { taken: taken + 1 },
        }
    }
}

impl State {
    fn first(d: Domino, index: &IntMap<Value, usize>, n: usize) -> State {
        let mut state = State {
            plain: vec![0; n],
            double: vec![Double::None; n],
        };
        if d.is_double() {
            state.double[index[&d.a]] = Double::First { taken: 0 };
        } else {
            state.plain[index[&d.a]] += 1;
            state.plain[index[&d.b]] += 1;
        }
        state
    }

    fn ends(&self, values: &[Value]) -> i128 {
        let mut sum = 0i128;
        for (i, &v) in values.iter().enumerate() {
            let v = i128::from(v);
            sum += v * i128::from(self.plain[i]);
            if self.double[i].counts() {
                sum += 2 * v;
            }
        }
        sum
    }

    /// Every state after `d` attaches: by either half, to a non-double's
    /// end or to the double of that number.
    fn successors(&self, d: Domino, index: &IntMap<Value, usize>) -> Vec<State> {
        let (a, b) = (index[&d.a], index[&d.b]);
        let mut out = Vec::new();
        let halves: &[(usize, usize)] = if a == b { &[(a, a)] } else { &[(a, b), (b, a)] };
        for &(via, other) in halves {
            let mut grow = |mut s: State| {
                if a == b {
                    s.double[a] = Double::Attached { taken: 0 };
                } else {
                    s.plain[other] += 1;
                }
                out.push(s);
            };
            if self.plain[via] > 0 {
                let mut s = self.clone();
                s.plain[via] -= 1;
                grow(s);
            }
            if self.double[via].free() > 0 {
                let mut s = self.clone();
                s.double[via] = s.double[via].take();
                grow(s);
            }
        }
        out
    }
}
