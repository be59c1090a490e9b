//! Random games for tests and benchmarks: legal ones built by simulating
//! play, and games whose last move is illegal after a long, ambiguous
//! history. Same options and seed, same game.

use super::decide::check_game;
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
        if let Err(illegal) = check_game(&game) {
            let duplicate = matches!(illegal.reason, Reason::Duplicate { .. });
            if illegal.index == game.len() - 1 && !duplicate {
                return Some(game);
            }
        }
        game.pop();
    }
    None
}
