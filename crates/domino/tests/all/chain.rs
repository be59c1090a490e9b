//! The chain family against known answers, a brute-force oracle and the
//! independent verifier, over thousands of generated hands.

use domino::chain::{self, verify_chain, verify_line, Ends, Limits, LongestLine};
use domino::rng::Rng;
use domino::{parse_dominoes, Domino, Value};

/// The longest line that starts with value `end` and uses only pieces not
/// in `used` (a bit mask), over every order and orientation, memoised on
/// (used, end) so that hands of 8 stay cheap.
fn longest_from(
    hand: &[Domino],
    used: u32,
    end: Value,
    memo: &mut std::collections::HashMap<(u32, Value), usize>,
) -> usize {
    if let Some(&known) = memo.get(&(used, end)) {
        return known;
    }
    let mut best = 0;
    for (i, piece) in hand.iter().enumerate() {
        if used & 1 << i != 0 {
            continue;
        }
        for d in [*piece, piece.flipped()] {
            if d.a == end {
                best = best.max(1 + longest_from(hand, used | 1 << i, d.b, memo));
            }
        }
    }
    memo.insert((used, end), best);
    best
}

/// Does some arrangement of all of `hand` form a chain with these ends?
/// Tries every first piece and every way on (with memo).
fn oracle_exists(hand: &[Domino], ends: Ends) -> bool {
    fn extend(
        hand: &[Domino],
        used: u32,
        first: Value,
        end: Value,
        ends: Ends,
        failed: &mut std::collections::HashSet<(u32, Value)>,
    ) -> bool {
        if used.count_ones() as usize == hand.len() {
            return ends == Ends::Open || end == first;
        }
        if failed.contains(&(used, end)) {
            return false;
        }
        for (i, piece) in hand.iter().enumerate() {
            if used & 1 << i != 0 {
                continue;
            }
            for d in [*piece, piece.flipped()] {
                if d.a == end && extend(hand, used | 1 << i, first, d.b, ends, failed) {
                    return true;
                }
            }
        }
        failed.insert((used, end));
        false
    }
    if hand.is_empty() {
        return true;
    }
    (0..hand.len()).any(|i| {
        [hand[i], hand[i].flipped()].into_iter().any(|d| {
            let mut failed = std::collections::HashSet::new();
            extend(hand, 1 << i, d.a, d.b, ends, &mut failed)
        })
    })
}

/// The longest line over every order and orientation.
fn oracle_longest(hand: &[Domino], start: Option<Value>) -> usize {
    let mut memo = std::collections::HashMap::new();
    let starts: Vec<Value> = match start {
        Some(s) => vec![s],
        None => hand.iter().flat_map(|d| [d.a, d.b]).collect(),
    };
    starts
        .into_iter()
        .map(|s| longest_from(hand, 0, s, &mut memo))
        .max()
        .unwrap_or(0)
}

/// A random closed walk of `len` steps over `values` values, each value
/// scaled so small and huge numbers both occur.
fn closed_walk(rng: &mut Rng, len: usize, values: u64, scale: Value) -> Vec<Domino> {
    let pick = |rng: &mut Rng| (rng.below(values) as Value).wrapping_mul(scale);
    let first = pick(rng);
    let mut at = first;
    let mut hand = Vec::with_capacity(len);
    for k in 0..len {
        let next = if k + 1 == len { first } else { pick(rng) };
        hand.push(Domino::new(at, next));
        at = next;
    }
    hand
}

/// A hand of one of several kinds, shuffled and randomly turned.
fn random_hand(rng: &mut Rng, max_len: usize) -> Vec<Domino> {
    let values = 1 + rng.below(6);
    let scale = [1, -1, 1_000_003, i64::MAX / 7][rng.index(4)];
    let len = 1 + rng.index(max_len);
    let mut hand = match rng.index(5) {
        0 => closed_walk(rng, len, values, scale),
        1 => {
            // A closed walk with one piece broken off its value.
            let mut hand = closed_walk(rng, len, values, scale);
            let k = rng.index(hand.len());
            hand[k].b = hand[k].b.wrapping_add(1);
            hand
        }
        2 => {
            // Two walks over disjoint values.
            let mut hand = closed_walk(rng, len.div_ceil(2), values, scale);
            let other = closed_walk(rng, len / 2 + 1, values, scale);
            hand.extend(
                other
                    .into_iter()
                    .map(|d| Domino::new(d.a ^ 1 << 40, d.b ^ 1 << 40)),
            );
            hand
        }
        3 => {
            // Duplicates and doubles.
            let mut hand = closed_walk(rng, len.div_ceil(2), values, scale);
            let copies: Vec<Domino> = hand.iter().copied().filter(|_| rng.chance(1, 2)).collect();
            hand.extend(copies);
            let v = hand[0].a;
            hand.push(Domino::new(v, v));
            hand
        }
        _ => (0..len)
            .map(|_| {
                let a = rng.below(values) as Value * scale;
                let b = rng.below(values) as Value * scale;
                Domino::new(a, b)
            })
            .collect(),
    };
    hand.truncate(max_len.max(1));
    rng.shuffle(&mut hand);
    for d in hand.iter_mut() {
        if rng.chance(1, 2) {
            *d = d.flipped();
        }
    }
    hand
}

#[test]
fn exercism_canonical_cases() {
    let text = include_str!("../../../../testdata/chain/exercism-canonical-data.json");
    let data: serde_json::Value = serde_json::from_str(text).unwrap();
    let cases = data["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 13);
    for case in cases {
        let hand: Vec<Domino> = case["input"]["dominoes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|pair| Domino::new(pair[0].as_i64().unwrap(), pair[1].as_i64().unwrap()))
            .collect();
        let expected = case["expected"].as_bool().unwrap();
        let result = chain::solve(&hand, Ends::Closed);
        assert_eq!(result.is_ok(), expected, "{}", case["description"]);
        if let Ok(chain) = result {
            verify_chain(&hand, &chain, Ends::Closed).unwrap();
        }
    }
}

#[test]
fn existence_matches_the_oracle_on_small_hands() {
    let mut rng = Rng::new(2026);
    let mut found = [0usize; 2];
    for _ in 0..4000 {
        let hand = random_hand(&mut rng, 8);
        for ends in [Ends::Closed, Ends::Open] {
            let result = chain::solve(&hand, ends);
            assert_eq!(
                result.is_ok(),
                oracle_exists(&hand, ends),
                "{hand:?} {ends:?}"
            );
            match result {
                Ok(chain) => {
                    verify_chain(&hand, &chain, ends).unwrap();
                    found[0] += 1;
                }
                Err(why) => {
                    assert!(
                        !why.odd_values.is_empty() || why.groups.len() > 1,
                        "{why:?}"
                    );
                    found[1] += 1;
                }
            }
        }
    }
    // Both answers must be common, or the generator tests nothing.
    assert!(found[0] > 1000 && found[1] > 1000, "{found:?}");
}

#[test]
fn large_walks_always_chain() {
    let mut rng = Rng::new(7);
    for &(len, values) in &[(1000, 7), (20_000, 500), (100_000, 250_000)] {
        let mut hand = closed_walk(&mut rng, len, values, 1);
        rng.shuffle(&mut hand);
        let chain = chain::solve(&hand, Ends::Closed).unwrap();
        verify_chain(&hand, &chain, Ends::Closed).unwrap();
        // Without one piece the walk is an open trail: a closed chain stays
        // possible only if that piece was a double.
        let rest = &hand[1..];
        match chain::solve(rest, Ends::Closed) {
            Ok(chain) => {
                assert!(hand[0].is_double());
                verify_chain(rest, &chain, Ends::Closed).unwrap();
            }
            Err(why) => assert_eq!(why.odd_values.len(), 2),
        }
        let chain = chain::solve(rest, Ends::Open).unwrap();
        verify_chain(rest, &chain, Ends::Open).unwrap();
    }
}

#[test]
fn reasons_name_the_odd_values_and_the_groups() {
    let hand = parse_dominoes("1|2 2|3").unwrap();
    let why = chain::solve(&hand, Ends::Closed).unwrap_err();
    assert_eq!(why.odd_values, vec![(1, 1), (3, 1)]);
    assert!(chain::solve(&hand, Ends::Open).is_ok());

    let hand = parse_dominoes("1|2 2|1 3|4 4|3").unwrap();
    let why = chain::solve(&hand, Ends::Closed).unwrap_err();
    assert!(why.odd_values.is_empty());
    assert_eq!(why.groups, vec![vec![1, 2], vec![3, 4]]);
    assert!(why.to_string().contains("{1, 2}, {3, 4}"), "{why}");

    let hand = parse_dominoes("1|2 3|4 5|6").unwrap();
    let why = chain::solve(&hand, Ends::Open).unwrap_err();
    assert_eq!(why.odd_values.len(), 6);
    assert_eq!(why.groups.len(), 3);

    // Huge groups are shortened in the message.
    let big: Vec<Domino> = (0..100)
        .map(|v| Domino::new(v, (v + 1) % 100))
        .chain([Domino::new(500, 500)])
        .collect();
    let why = chain::solve(&big, Ends::Closed).unwrap_err();
    assert!(why.to_string().contains("100 values in all"), "{why}");
}

#[test]
fn empty_and_single_pieces() {
    assert_eq!(chain::solve(&[], Ends::Closed).unwrap(), vec![]);
    let double = [Domino::new(5, 5)];
    assert_eq!(
        chain::solve(&double, Ends::Closed).unwrap(),
        double.to_vec()
    );
    let single = [Domino::new(1, 2)];
    assert!(chain::solve(&single, Ends::Closed).is_err());
    let open = chain::solve(&single, Ends::Open).unwrap();
    verify_chain(&single, &open, Ends::Open).unwrap();
}

#[test]
fn verifier_rejects_bad_chains() {
    let hand = parse_dominoes("1|2 2|3 3|1").unwrap();
    let good = parse_dominoes("1|2 2|3 3|1").unwrap();
    assert!(verify_chain(&hand, &good, Ends::Closed).is_ok());
    for bad in ["1|2 3|2 3|1", "1|2 2|3", "1|2 2|3 3|1 1|2", "2|1 1|2 2|3"] {
        let bad = parse_dominoes(bad).unwrap();
        assert!(verify_chain(&hand, &bad, Ends::Closed).is_err(), "{bad:?}");
    }
    let open = parse_dominoes("3|1 1|2 2|3").unwrap();
    assert!(verify_chain(&hand, &open, Ends::Closed).is_ok());
    let line = parse_dominoes("1|2 2|3").unwrap();
    assert!(verify_line(&hand, &line, Some(1)).is_ok());
    assert!(verify_line(&hand, &line, Some(2)).is_err());
}

#[test]
fn longest_line_matches_the_oracle_on_small_hands() {
    let mut rng = Rng::new(99);
    for round in 0..3000 {
        let hand = random_hand(&mut rng, 8);
        let start = if round % 2 == 0 {
            None
        } else {
            Some(hand[rng.index(hand.len())].a)
        };
        let best = chain::longest(&hand, start, &Limits::none());
        assert!(best.optimal);
        verify_line(&hand, &best.line, start).unwrap();
        assert_eq!(
            best.line.len(),
            oracle_longest(&hand, start),
            "{hand:?} from {start:?}"
        );
    }
}

#[test]
fn longest_line_with_an_absent_start_is_empty() {
    let hand = parse_dominoes("1|2 2|3").unwrap();
    let best = chain::longest(&hand, Some(9), &Limits::none());
    assert!(best.line.is_empty() && best.optimal);
}

/// Random hands of 40 pieces (seeds 0 to `seeds`) whose longest line
/// starting from their first piece takes more than 50 nodes to prove,
/// each with that unlimited answer.
fn hands_past_50_nodes(seeds: u64) -> Vec<(Vec<Domino>, LongestLine)> {
    (0..seeds)
        .filter_map(|seed| {
            let mut rng = Rng::new(seed);
            let hand: Vec<Domino> = (0..40)
                .map(|_| Domino::new(rng.below(9) as Value, rng.below(9) as Value))
                .collect();
            let full = chain::longest(&hand, Some(hand[0].a), &Limits::none());
            (full.nodes > 50).then_some((hand, full))
        })
        .collect()
}

#[test]
fn node_limit_returns_a_legal_line_marked_not_optimal() {
    // Hands whose proof needs more than the limit must stop at the limit,
    // say so, and still return a legal line no longer than the optimum.
    let mut limited = 0;
    for (hand, full) in hands_past_50_nodes(200) {
        let limits = Limits {
            nodes: Some(50),
            ..Limits::none()
        };
        let best = chain::longest(&hand, Some(hand[0].a), &limits);
        verify_line(&hand, &best.line, Some(hand[0].a)).unwrap();
        assert!(!best.optimal);
        assert!(best.nodes <= 51, "{} nodes", best.nodes);
        assert!(best.line.len() <= full.line.len());
        limited += 1;
    }
    assert!(limited > 0, "no hand needed more than 50 nodes");
}

#[test]
fn the_memory_limit_stops_the_longest_line_not_optimal() {
    // The table of states visited is the search's growing part: with room
    // for none the search stops at its second state, with a legal line.
    let mut limited = 0;
    for (hand, full) in hands_past_50_nodes(100) {
        let limits = Limits {
            memory: Some(1),
            ..Limits::none()
        };
        let best = chain::longest(&hand, Some(hand[0].a), &limits);
        verify_line(&hand, &best.line, Some(hand[0].a)).unwrap();
        assert!(!best.optimal && best.nodes < full.nodes);
        assert!(best.line.len() <= full.line.len());
        limited += 1;
    }
    assert!(limited > 0, "no hand needed more than 50 nodes");
}

#[test]
fn longest_line_proves_hands_of_thirty() {
    let mut rng = Rng::new(30);
    for _ in 0..20 {
        let hand: Vec<Domino> = (0..30)
            .map(|_| Domino::new(rng.below(10) as Value, rng.below(10) as Value))
            .collect();
        let best = chain::longest(&hand, Some(hand[0].a), &Limits::none());
        assert!(best.optimal);
        verify_line(&hand, &best.line, Some(hand[0].a)).unwrap();
    }
}
