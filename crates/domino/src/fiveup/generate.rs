//! Games for tests and benchmarks: legal ones built by simulating play,
//! games whose last move is illegal after a long, ambiguous history, and
//! games that encode a bipartite matching problem (the reduction of the
//! module comment). Same options and seed, same game.

use super::decide::solve;
use super::model::Reason;
use crate::fastmap::{int_map_with_capacity, IntMap};
use crate::rng::Rng;
use crate::tile::{Domino, Value};

/// What kind of game [`random_game`] builds.
#[derive(Clone, Copy, Debug)]
pub struct GameSpec {
    /// Number of plays wanted. Fewer come out when the values run out of
    /// unplayed dominoes (`values` must be well above `sqrt(2 * plays)`).
    pub plays: usize,
    /// Distinct numbers to draw from.
    pub values: u64,
    /// Chance, in percent, that a play is a double.
    pub doubles_percent: u64,
    /// Spread the numbers over the whole 64-bit range (negative included)
    /// instead of `0..values`.
    pub huge: bool,
    /// Make most plays' second number (3 in 4) one already open elsewhere,
    /// so that they could attach by either half: the hard case for a greedy
    /// choice.
    pub ambiguous: bool,
}

/// A legal game: each play takes a random open end and shows a random
/// second number (or repeats it, for a double).
pub fn random_game(spec: &GameSpec, seed: u64) -> Vec<Domino> {
    let mut rng = Rng::new(seed);
    let values = spec.values.max(1);
    let mut used: IntMap<(u64, u64), ()> = int_map_with_capacity(spec.plays);
    let mut open: Vec<u64> = Vec::new();
    let mut game = Vec::with_capacity(spec.plays);
    let mut attempts = 0usize;
    let budget = spec.plays * 20 + 1000;
    while game.len() < spec.plays && attempts < budget {
        attempts += 1;
        let end = if open.is_empty() {
            None
        } else {
            Some(rng.index(open.len()))
        };
        let x = match end {
            Some(e) => open[e],
            None => rng.below(values),
        };
        let y = if rng.chance(spec.doubles_percent, 100) {
            x
        } else if spec.ambiguous && open.len() > 1 && rng.chance(3, 4) {
            open[rng.index(open.len())]
        } else {
            rng.below(values)
        };
        if used.insert((x.min(y), x.max(y)), ()).is_some() {
            continue;
        }
        match end {
            None if x == y => open.extend([x; 4]),
            None => open.extend([x, y]),
            Some(e) => {
                open.swap_remove(e);
                if x == y {
                    open.extend([x; 3]);
                } else {
                    open.push(y);
                }
            }
        }
        let (a, b) = if rng.chance(1, 2) { (x, y) } else { (y, x) };
        game.push(Domino::new(spread(a, spec.huge), spread(b, spec.huge)));
    }
    game
}

/// Number `id` as shown on a domino: itself, or scattered over all 64-bit
/// integers by an odd multiplier (a bijection, so distinct stay distinct).
fn spread(id: u64, huge: bool) -> Value {
    if huge {
        id.wrapping_mul(0x9E37_79B9_7F4A_7C15) as Value
    } else {
        id as Value
    }
}

/// A game of `plays` moves whose last move is illegal: a history without
/// doubles (so at most four ends are open in any layout) and a last move
/// showing two numbers played before. Proving it illegal means ruling out
/// every way of re-attaching the earlier plays that show those numbers,
/// and theirs in turn. `None` if none of the candidates tried is illegal.
pub fn illegal_ending(plays: usize, seed: u64) -> Option<Vec<Domino>> {
    let values = ((plays as f64 * 2.0).sqrt() as u64 + 2) * 2;
    let spec = GameSpec {
        plays: plays.saturating_sub(1),
        values,
        doubles_percent: 0,
        huge: false,
        ambiguous: false,
    };
    let mut game = random_game(&spec, seed);
    let mut rng = Rng::new(seed ^ 0x5EED);
    let shown: Vec<Value> = game.iter().flat_map(|d| [d.a, d.b]).collect();
    for _ in 0..20 {
        let a = shown[rng.index(shown.len())];
        let b = shown[rng.index(shown.len())];
        game.push(Domino::new(a, b));
        if let Err(illegal) = solve(&game) {
            let duplicate = matches!(illegal.reason, Reason::Duplicate { .. });
            if illegal.index == game.len() - 1 && !duplicate {
                return Some(game);
            }
        }
        game.pop();
    }
    None
}

/// A game built by [`matching_game`].
#[derive(Clone, Debug)]
pub struct MatchingGame {
    /// The plays, in order: legal exactly when the graph has a perfect
    /// matching.
    pub plays: Vec<Domino>,
    /// Where the checks start: every move before this one is legal
    /// whatever the graph, so a first illegal move comes at or after it.
    pub checks_from: usize,
}

/// A game that is legal exactly when the bipartite graph with `side`
/// numbers on each side and `edges` (left, right), each in `0..side`,
/// has a perfect matching: the reduction of the module comment, which
/// makes every bipartite matching problem a Five Up game of linear size.
/// `seed` shuffles the order of the edges and of the checks.
///
/// The game, in four parts. The first play is the double of a hub number.
/// Every graph number v is then seeded (hub-v, v new: it must take a hub
/// end), played as a double (v-v: one end becomes three) and pumped until
/// it has at least deg(v) open ends; a pump of x is x-y, y-y, then three
/// times y-w, w-x with y and each w new: +2 ends of x, and attaching w-x
/// by w is never worse than by x, as w never comes back. The hub is pumped
/// whenever it is down to one end. Next the graph's edges, left-right in
/// any order: each moves one end across, and no vertex runs out (it has
/// deg(v) ends to begin with). Last the checks: v-z with z new, D_v times
/// for vertex v. A layout passes them exactly when every v has at least
/// D_v ends after the edges, that is init_v + deg(v) - 2 in(v) >= D_v with
/// in(v) the edges attached by v. With D_v chosen so that this reads
/// in(left) <= deg(left) - 1 and in(right) <= 1, the edges attached by
/// their right number are a perfect matching, and any perfect matching
/// gives such a layout.
pub fn matching_game(side: usize, edges: &[(usize, usize)], seed: u64) -> MatchingGame {
    let mut rng = Rng::new(seed);
    let vertices = 2 * side;
    let mut degree = vec![0i64; vertices];
    for &(l, r) in edges {
        degree[l] += 1;
        degree[side + r] += 1;
    }
    // Numbers: the hub is 0, vertex v is v + 1, new ones count up from
    // there.
    let value = |v: usize| (v + 1) as Value;
    let mut fresh = vertices as Value;
    let mut new_value = || {
        fresh += 1;
        fresh
    };
    let hub: Value = 0;
    let mut plays = vec![Domino::new(hub, hub)];
    let mut hub_ends = 4;
    let mut ends = vec![0i64; vertices];
    let mut pump = |plays: &mut Vec<Domino>, x: Value| {
        let y = new_value();
        plays.extend([Domino::new(x, y), Domino::new(y, y)]);
        for _ in 0..3 {
            let w = new_value();
            plays.extend([Domino::new(y, w), Domino::new(w, x)]);
        }
    };
    for v in 0..vertices {
        if hub_ends < 2 {
            pump(&mut plays, hub);
            hub_ends += 2;
        }
        plays.push(Domino::new(hub, value(v)));
        hub_ends -= 1;
        plays.push(Domino::new(value(v), value(v)));
        ends[v] = 3;
        while ends[v] < degree[v] {
            pump(&mut plays, value(v));
            ends[v] += 2;
        }
    }
    let mut order: Vec<(usize, usize)> = edges.to_vec();
    rng.shuffle(&mut order);
    plays.extend(
        order
            .iter()
            .map(|&(l, r)| Domino::new(value(l), value(side + r))),
    );
    let checks_from = plays.len();
    let mut checks = Vec::new();
    for v in 0..vertices {
        let bound = if v < side { degree[v] - 1 } else { 1 };
        let count = ends[v] + degree[v] - 2 * bound;
        checks.extend(std::iter::repeat_n(v, count.max(0) as usize));
    }
    rng.shuffle(&mut checks);
    for v in checks {
        let z = new_value();
        plays.push(Domino::new(value(v), z));
    }
    MatchingGame { plays, checks_from }
}
