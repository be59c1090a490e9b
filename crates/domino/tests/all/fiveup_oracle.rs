//! The fast decider against slow ones that cannot share its mistakes: a
//! brute-force search over every attachment (games up to 12 plays), a
//! memoised search over multisets of open ends (games of a few hundred
//! plays), and, for games that encode a bipartite matching problem, Kuhn's
//! matching on the graph itself (also for composite games: a matching game,
//! then a dense line on numbers of its own, judged by the memoised search). Games are built by simulation (legal) and
//! by mutating those (swap two moves, repeat a domino, change a number),
//! over small and huge numbers and many doubles, and in the adversarial
//! families of the README's growth table (dense lines, 1% doubles,
//! ambiguous plays). Both the verdict and the index of the first illegal
//! move must agree; every legal verdict's layout must verify. Every game
//! is also decided by the phase decider alone (`solve_in_phases`,
//! what the fast decider switches to when its searches run long), which
//! must give the same answer, reason included.

use domino::fiveup::{
    matching_game, random_game, solve, solve_in_phases, verify_layout, GameSpec, Reason,
};
use domino::rng::Rng;
use domino::{Domino, Value};
use std::collections::{BTreeMap, HashSet};

/// Open ends by value (ends of one value are interchangeable, so trying
/// every value is trying every attachment).
type Ends = BTreeMap<Value, u32>;

fn first_play(d: Domino) -> Ends {
    let mut ends = Ends::new();
    if d.is_double() {
        ends.insert(d.a, 4);
    } else {
        ends.insert(d.a, 1);
        ends.insert(d.b, 1);
    }
    ends
}

/// The open ends after `d` attaches by `via`, if an end showing it is open.
fn attach(ends: &Ends, d: Domino, via: Value) -> Option<Ends> {
    if ends.get(&via).copied().unwrap_or(0) == 0 {
        return None;
    }
    let mut next = ends.clone();
    *next.get_mut(&via)? -= 1;
    if d.is_double() {
        *next.entry(via).or_insert(0) += 3;
    } else {
        let other = if d.a == via { d.b } else { d.a };
        *next.entry(other).or_insert(0) += 1;
    }
    next.retain(|_, n| *n > 0);
    Some(next)
}

/// The number of leading moves that some layout plays: the game's length
/// if legal, else the index of the first illegal move.
fn brute_force(game: &[Domino]) -> usize {
    let Some(&first) = game.first() else {
        return 0;
    };
    let distinct = game
        .iter()
        .enumerate()
        .position(|(k, d)| game[..k].iter().any(|e| e.key() == d.key()))
        .unwrap_or(game.len());
    fn deepest(game: &[Domino], k: usize, ends: &Ends) -> usize {
        if k == game.len() {
            return k;
        }
        let d = game[k];
        let mut best = k;
        for via in [d.a, d.b] {
            if let Some(next) = attach(ends, d, via) {
                best = best.max(deepest(game, k + 1, &next));
                if best == game.len() {
                    break;
                }
            }
        }
        best
    }
    deepest(&game[..distinct], 1, &first_play(first))
}

/// Largest set of reachable multisets [`memoised`] keeps before it gives
/// up on a game (they can grow exponentially with the ambiguous plays).
const MAX_STATES: usize = 1_000;

/// Like [`brute_force`], keeping the set of reachable multisets of open
/// ends after each move (merging layouts that leave the same ends). `None`
/// if that set grows beyond [`MAX_STATES`].
fn memoised(game: &[Domino]) -> Option<usize> {
    let Some(&first) = game.first() else {
        return Some(0);
    };
    memoised_from(first_play(first), &game[..1], &game[1..]).map(|k| k + 1)
}

/// [`memoised`] for the moves `game` played after `played`, whose layouts
/// all leave the open ends `start` (or, as far as the moves of `game` can
/// tell, ends they cannot use besides): the number of leading moves of
/// `game` that some layout plays.
fn memoised_from(start: Ends, played: &[Domino], game: &[Domino]) -> Option<usize> {
    let mut seen: HashSet<(Value, Value)> = played.iter().map(|d| d.key()).collect();
    let mut states: HashSet<Ends> = HashSet::from([start]);
    for (k, &d) in game.iter().enumerate() {
        if !seen.insert(d.key()) {
            return Some(k);
        }
        let mut next = HashSet::new();
        for ends in &states {
            for via in [d.a, d.b] {
                if let Some(after) = attach(ends, d, via) {
                    next.insert(after);
                }
            }
        }
        if next.is_empty() {
            return Some(k);
        }
        if next.len() > MAX_STATES {
            return None;
        }
        states = next;
    }
    Some(game.len())
}

/// The fast decider's answer in the same form, checking its layout or,
/// for an illegal game, that its reason fits the move. The phase decider
/// (what the fast one switches to when its searches run long) must give
/// the same answer, reason included, and a layout that verifies.
fn fast(game: &[Domino]) -> usize {
    let in_phases = solve_in_phases(game).into_result();
    match &in_phases {
        Ok(layout) => verify_layout(game, layout).unwrap_or_else(|e| panic!("{game:?}: {e}")),
        Err(illegal) => {
            let k = illegal.index;
            let prefix = solve_in_phases(&game[..k]).into_result();
            let prefix = prefix.expect("the moves before the first illegal one");
            verify_layout(&game[..k], &prefix).unwrap();
        }
    }
    let incremental = solve(game);
    assert_eq!(
        incremental.as_ref().err(),
        in_phases.as_ref().err(),
        "{game:?}"
    );
    match incremental {
        Ok(layout) => {
            verify_layout(game, &layout).unwrap_or_else(|e| panic!("{game:?}: {e}"));
            game.len()
        }
        Err(illegal) => {
            let k = illegal.index;
            let d = game[k];
            let earlier = &game[..k];
            match illegal.reason {
                Reason::Duplicate { earlier: j } => assert_eq!(game[j].key(), d.key()),
                Reason::NoOpenEnd => assert!(earlier
                    .iter()
                    .all(|e| ![e.a, e.b].iter().any(|&v| v == d.a || v == d.b))),
                Reason::Taken { ref competing, .. } => {
                    assert!(competing.iter().all(|&j| j < k), "{game:?}");
                }
            }
            let prefix = solve(&game[..k]).expect("the moves before the first illegal one");
            verify_layout(&game[..k], &prefix).unwrap();
            k
        }
    }
}

/// A mutated copy of `game`: two moves swapped, an earlier domino repeated
/// later, or one number changed to a nearby or an existing one.
fn mutate(game: &[Domino], rng: &mut Rng) -> Vec<Domino> {
    let mut g = game.to_vec();
    if g.len() < 2 {
        return g;
    }
    let i = rng.index(g.len());
    let j = rng.index(g.len());
    match rng.below(4) {
        0 => g.swap(i, j),
        1 => {
            let (lo, hi) = (i.min(j), i.max(j).max(1));
            let copy = if rng.chance(1, 2) {
                g[lo]
            } else {
                g[lo].flipped()
            };
            g.insert(hi, copy);
        }
        2 => {
            let other = g[j];
            let v = if rng.chance(1, 2) { other.a } else { other.b };
            if rng.chance(1, 2) {
                g[i].a = v;
            } else {
                g[i].b = v;
            }
        }
        _ => {
            let delta = rng.below(3) as i64 - 1;
            g[i].b = g[i].b.wrapping_add(delta);
        }
    }
    g
}

fn spec(rng: &mut Rng, plays: usize) -> GameSpec {
    GameSpec {
        plays,
        values: 2 + rng.below(8),
        doubles_percent: [0, 10, 30, 60][rng.index(4)],
        huge: rng.chance(1, 3),
        ambiguous: rng.chance(1, 2),
    }
}

#[test]
fn small_games_agree_with_brute_force() {
    let mut rng = Rng::new(2024);
    let (mut legal, mut illegal) = (0, 0);
    for seed in 0..6000 {
        let plays = 1 + rng.index(12);
        let game = random_game(&spec(&mut rng, plays), seed);
        let expected = brute_force(&game);
        assert_eq!(expected, game.len(), "the simulated game {game:?} is legal");
        assert_eq!(fast(&game), expected, "{game:?}");
        for _ in 0..3 {
            let mut mutated = mutate(&game, &mut rng);
            mutated.truncate(12);
            let expected = brute_force(&mutated);
            assert_eq!(fast(&mutated), expected, "{mutated:?}");
            if expected == mutated.len() {
                legal += 1;
            } else {
                illegal += 1;
            }
        }
    }
    // The mutations produce plenty of both answers.
    assert!(
        legal > 2000 && illegal > 2000,
        "{legal} legal, {illegal} illegal"
    );
}

#[test]
fn long_games_agree_with_the_memoised_search() {
    let mut rng = Rng::new(77);
    let (mut compared, mut illegal) = (0, 0);
    for seed in 0..120 {
        let plays = 100 + rng.index(300);
        let spec = GameSpec {
            plays,
            values: 40 + rng.below(160),
            doubles_percent: [0, 5, 15][rng.index(3)],
            huge: rng.chance(1, 2),
            ambiguous: false,
        };
        let game = random_game(&spec, seed);
        assert_eq!(
            fast(&game),
            game.len(),
            "seed {seed}: {:?} memo {:?} {:?}",
            solve(&game).err(),
            memoised(&game),
            game.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        );
        for _ in 0..4 {
            let mutated = mutate(&game, &mut rng);
            if let Some(expected) = memoised(&mutated) {
                assert_eq!(fast(&mutated), expected, "seed {seed}");
                compared += 1;
                illegal += usize::from(expected < mutated.len());
            }
        }
    }
    assert!(
        compared >= 300 && illegal >= 50,
        "{compared} compared, {illegal} illegal"
    );
}

#[test]
fn big_games_lay_out_legally() {
    for (seed, (plays, values, ambiguous)) in [
        (20_000, 1_000, false),
        (20_000, 1_000, true),
        (50_000, 5_000, true),
    ]
    .into_iter()
    .enumerate()
    {
        let spec = GameSpec {
            plays,
            values,
            doubles_percent: 10,
            huge: seed % 2 == 1,
            ambiguous,
        };
        let game = random_game(&spec, seed as u64);
        assert!(game.len() * 10 >= plays * 9, "{} plays", game.len());
        let layout = solve(&game).unwrap();
        verify_layout(&game, &layout).unwrap();
        let mut rng = Rng::new(seed as u64);
        let mutated = mutate(&game, &mut rng);
        let _ = fast(&mutated);
    }
}

/// The adversarial families of the README's growth table, at a few
/// hundred plays: lines whose numbers repeat a lot (3 sqrt(n) of them)
/// with no or 1% doubles, plain or ambiguous (most plays could attach by
/// either half), and mutated copies, against the memoised search.
#[test]
fn adversarial_families_agree_with_the_memoised_search() {
    let mut rng = Rng::new(15);
    let (mut compared, mut illegal) = (0, 0);
    for seed in 0..200u64 {
        let plays = 100 + rng.index(300);
        let (doubles_percent, ambiguous) =
            [(0, false), (1, false), (0, true), (1, true)][seed as usize % 4];
        let spec = GameSpec {
            plays,
            values: (3.0 * (plays as f64).sqrt()) as u64,
            doubles_percent,
            huge: rng.chance(1, 2),
            ambiguous,
        };
        let game = random_game(&spec, seed);
        assert_eq!(fast(&game), game.len(), "seed {seed}");
        for _ in 0..4 {
            let mutated = mutate(&game, &mut rng);
            if let Some(expected) = memoised(&mutated) {
                assert_eq!(fast(&mutated), expected, "seed {seed}: {mutated:?}");
                compared += 1;
                illegal += usize::from(expected < mutated.len());
            }
        }
    }
    assert!(
        compared >= 400 && illegal >= 100,
        "{compared} compared, {illegal} illegal"
    );
}

/// Whether the bipartite graph (`side` numbers each side, `edges` left to
/// right) has a perfect matching: Kuhn's augmenting paths.
fn has_perfect_matching(side: usize, edges: &[(usize, usize)]) -> bool {
    fn grow(l: usize, next: &[Vec<usize>], owner: &mut [usize], seen: &mut [bool]) -> bool {
        for &r in &next[l] {
            if !seen[r] {
                seen[r] = true;
                if owner[r] == usize::MAX || grow(owner[r], next, owner, seen) {
                    owner[r] = l;
                    return true;
                }
            }
        }
        false
    }
    let mut next = vec![Vec::new(); side];
    for &(l, r) in edges {
        next[l].push(r);
    }
    let mut owner = vec![usize::MAX; side];
    (0..side).all(|l| grow(l, &next, &mut owner, &mut vec![false; side]))
}

/// A bipartite graph with `side` numbers a side: a zigzag (left i to
/// right i and i + 1), with one edge removed half the time, or random
/// edges, sparse to dense, with a perfect matching planted a third of the
/// time.
fn small_graph(side: usize, zigzag: bool, rng: &mut Rng) -> Vec<(usize, usize)> {
    let mut edges = Vec::new();
    if zigzag {
        for i in 0..side {
            edges.push((i, i));
            if i + 1 < side {
                edges.push((i, i + 1));
            }
        }
        if rng.chance(1, 2) {
            edges.swap_remove(rng.index(edges.len()));
        }
    } else {
        let density = 1 + rng.below(3);
        for l in 0..side {
            for r in 0..side {
                if rng.chance(density, 4) {
                    edges.push((l, r));
                }
            }
        }
        if rng.chance(1, 3) {
            let mut planted: Vec<usize> = (0..side).collect();
            rng.shuffle(&mut planted);
            for (l, &r) in planted.iter().enumerate() {
                if !edges.contains(&(l, r)) {
                    edges.push((l, r));
                }
            }
        }
    }
    edges
}

/// Games built from bipartite graphs by the reduction of the module
/// comment are legal exactly when the graph has a perfect matching, and
/// a first illegal move is one of the checks at the end. Random graphs of
/// up to 7 numbers a side, sparse to dense, some with a perfect matching
/// planted, some shaped as a zigzag (left i to right i and i + 1), whose
/// one perfect matching a wrong early choice must undo along the whole
/// line.
#[test]
fn matching_games_agree_with_kuhn() {
    let mut rng = Rng::new(1515);
    let (mut legal, mut illegal) = (0, 0);
    for seed in 0..1500u64 {
        let side = 1 + rng.index(7);
        let edges = small_graph(side, seed % 5 == 0, &mut rng);
        let game = matching_game(side, &edges, seed);
        let expected = has_perfect_matching(side, &edges);
        let k = fast(&game.plays);
        assert_eq!(k == game.plays.len(), expected, "side {side}, {edges:?}");
        if expected {
            legal += 1;
        } else {
            assert!(k >= game.checks_from, "side {side}, {edges:?}: move {k}");
            illegal += 1;
        }
    }
    assert!(
        legal > 300 && illegal > 300,
        "{legal} legal, {illegal} illegal"
    );
}

/// The composite family of the README's growth table
/// (bench/peers/fiveup/composite_game.py) at small sizes: a matching game
/// (its graph as in [`matching_games_agree_with_kuhn`]), then a bridge
/// from the new number z of its last play (a check) to a number x of a
/// dense line's first play, the spinner x-x, and the line (no doubles but
/// accidental ones, 3 sqrt(n) numbers, sometimes ambiguous) shifted to
/// numbers of its own. The parts share only z, which every layout of the
/// matching part leaves with one open end: the matching part is legal
/// exactly when its graph has a perfect matching (Kuhn; else its first
/// illegal move is one of its checks, the same as for the matching game
/// alone), and the rest is then decided from that one end by the memoised
/// search. Mutated copies change only the part after the matching game,
/// and are kept when they show no number of the matching part but z.
#[test]
fn composite_games_agree_with_kuhn_and_the_memoised_search() {
    let mut rng = Rng::new(5151);
    let (mut legal, mut in_matching, mut in_line) = (0, 0, 0);
    for seed in 0..800u64 {
        let side = 1 + rng.index(6);
        let edges = small_graph(side, seed % 5 == 0, &mut rng);
        let matching = matching_game(side, &edges, seed);
        let perfect = has_perfect_matching(side, &edges);
        let n = matching.plays.len();
        let z = matching.plays[n - 1].b;
        let shown: HashSet<Value> = matching.plays.iter().flat_map(|d| [d.a, d.b]).collect();
        assert!(
            matching.plays[..n - 1].iter().all(|d| d.a != z && d.b != z),
            "the last play is a check with a new number"
        );
        let line = 20 + rng.index(150);
        let spec = GameSpec {
            plays: line,
            values: (3.0 * (line as f64).sqrt()) as u64,
            doubles_percent: 0,
            huge: false,
            ambiguous: rng.chance(1, 4),
        };
        let dense = random_game(&spec, seed);
        // The spinner: a number of the line's first play whose double the
        // line does not play itself.
        let Some(x) = [dense[0].a, dense[0].b]
            .into_iter()
            .find(|&v| !dense.contains(&Domino::new(v, v)))
        else {
            continue;
        };
        let top = shown.iter().copied().max().unwrap();
        let offset = [top + 1, 1_000_000_007, -(1 << 40)][rng.index(3)];
        let mut tail = vec![
            Domino::new(z, offset + x),
            Domino::new(offset + x, offset + x),
        ];
        tail.extend(
            dense
                .iter()
                .map(|d| Domino::new(offset + d.a, offset + d.b)),
        );
        let alone = (!perfect).then(|| fast(&matching.plays));
        for round in 0..4 {
            let tail = if round == 0 {
                tail.clone()
            } else {
                mutate(&tail, &mut rng)
            };
            if tail
                .iter()
                .any(|d| [d.a, d.b].iter().any(|v| *v != z && shown.contains(v)))
            {
                continue;
            }
            let game = [&matching.plays[..], &tail[..]].concat();
            let k = fast(&game);
            let Some(k_alone) = alone else {
                let Some(expected) = memoised_from(Ends::from([(z, 1)]), &matching.plays, &tail)
                else {
                    continue;
                };
                if round == 0 {
                    assert_eq!(expected, tail.len(), "the built game is legal: {game:?}");
                }
                assert_eq!(k, n + expected, "side {side}, {edges:?}: {tail:?}");
                if expected == tail.len() {
                    legal += 1;
                } else {
                    in_line += 1;
                }
                continue;
            };
            assert_eq!(k, k_alone, "side {side}, {edges:?}: {tail:?}");
            assert!(
                (matching.checks_from..n).contains(&k),
                "side {side}, {edges:?}: move {k}"
            );
            in_matching += 1;
        }
    }
    assert!(
        legal > 400 && in_matching > 600 && in_line > 600,
        "{legal} legal, {in_matching} illegal in the matching part, {in_line} in the line"
    );
}
