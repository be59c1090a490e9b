//! The server under small hostile requests: the solutions an answer lists
//! are capped, a search stops at the memory cap, an answer past the size
//! cap is a clear 413, numeric parameters have ceilings, searches leave the
//! async threads free (/healthz answers at once), and a client that leaves
//! stops its search on every path.

use crate::api::{post_json, start};
use domino_server::Config;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// A 64-byte Pips puzzle: an open 4 x 5 board with no rules
/// (353,009,664,000 solutions).
const OPEN_4X5: &str = "AAAAA\nAAAAA\nAAAAA\nAAAAA\n0-1 0-2 0-3 1-2 1-3 2-3 0-4 1-4 2-4 3-4\n";

/// A 6 x 6 Pips puzzle whose row sums cannot all hold: no solution, and
/// only a search that runs to its time limit finds none.
const HOPELESS_6X6: &str = "AAAAAA\nBBBBBB\nCCCCCC\nDDDDDD\nEEEEEE\nFFFFFF\n\
A = 11\nB = 11\nC = 11\nD = 9\nE = 9\nF = 10\n\
0-0 0-1 0-2 0-3 0-4 0-5 1-1 1-2 1-3 1-4 1-5 2-2 2-3 2-4 2-5 3-3 3-4 3-5\n";

/// Jobs at work in both pools, from /healthz.
async fn busy(base: &str) -> u64 {
    let health: Value = reqwest::get(format!("{base}/healthz"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    health["busy"]["cheap"].as_u64().unwrap() + health["busy"]["expensive"].as_u64().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_lists_at_most_max_solutions_and_counts_on() {
    let base = start(Config {
        max_solutions: 5,
        ..Config::default()
    })
    .await;
    let started = Instant::now();
    let (status, all) = post_json(
        &base,
        "/api/v1/pips/solve",
        json!({ "text": OPEN_4X5, "all": true }),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(all["solutions"].as_array().unwrap().len(), 5);
    assert_eq!(all["count"], 353_009_664_000u64);
    assert_eq!(all["complete"], true);
    let (_, limited) = post_json(
        &base,
        "/api/v1/pips/solve",
        json!({ "text": OPEN_4X5, "limit": 100_000_000 }),
    )
    .await;
    assert_eq!(limited["solutions"].as_array().unwrap().len(), 5);
    assert_eq!(limited["count"], 100_000_000);
    assert!(started.elapsed() < Duration::from_secs(5));
    let (_, place) = post_json(
        &base,
        "/api/v1/place/solve",
        json!({ "board": [[0, 0, 0, 0]], "set": 0, "all": true }),
    )
    .await;
    assert!(place["solutions"].as_array().unwrap().len() <= 5);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_search_stops_at_the_memory_cap_not_complete() {
    let base = start(Config {
        max_search_memory: 1 << 20,
        max_time: Duration::from_secs(30),
        ..Config::default()
    })
    .await;
    let started = Instant::now();
    let (status, answer) = post_json(
        &base,
        "/api/v1/pips/solve",
        json!({ "text": HOPELESS_6X6, "count": true }),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(answer["complete"], false);
    assert_eq!(answer["count"], 0);
    // Stopped by the memory, long before the time limit.
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_past_max_answer_is_a_413() {
    let base = start(Config {
        max_answer: 64 << 10,
        ..Config::default()
    })
    .await;
    let (status, small) = post_json(
        &base,
        "/api/v1/pips/render",
        json!({ "text": "AB\nA = 1\n0-1\n" }),
    )
    .await;
    assert_eq!(status, 200, "{small}");
    let (status, generated) = post_json(
        &base,
        "/api/v1/vanish/generate",
        json!({ "width": 32, "height": 32, "max_value": 6 }),
    )
    .await;
    assert_eq!(status, 200);
    let (status, refused) = post_json(
        &base,
        "/api/v1/vanish/render",
        json!({ "text": generated["text"] }),
    )
    .await;
    assert_eq!(status, 413);
    assert!(refused["error"]
        .as_str()
        .unwrap()
        .contains("more than this server sends"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn beam_width_has_a_ceiling() {
    let base = start(Config::default()).await;
    let board = "1|2 3|4\n";
    for wide in [0, 4097, 1_000_000] {
        for (path, body) in [
            (
                "/api/v1/vanish/solve",
                json!({ "text": board, "algorithm": "beam", "beam_width": wide }),
            ),
            (
                "/api/v1/vanish/compare",
                json!({ "text": board, "beam_width": wide }),
            ),
        ] {
            let (status, answer) = post_json(&base, path, body).await;
            assert_eq!(status, 422, "{path}: {answer}");
            assert_eq!(answer["path"], "/beam_width");
        }
    }
    // The document states the ceiling the routes enforce.
    let doc = domino_server::openapi::document();
    let doc = serde_json::to_value(doc).unwrap();
    for request in ["VanishSolveRequest", "VanishCompareRequest"] {
        let width = &doc["components"]["schemas"][request]["properties"]["beam_width"];
        assert_eq!(width["maximum"], 4096, "{request}: {width}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthz_answers_while_hostile_searches_run_and_leaving_stops_them() {
    let base = start(Config {
        workers: 4,
        max_time: Duration::from_secs(60),
        ..Config::default()
    })
    .await;
    // Two small requests that search to their limit: their first try on
    // the async threads runs out of nodes, the rest runs off them.
    let mut searches = Vec::new();
    for (path, body) in [
        ("/api/v1/pips/solve", json!({ "text": HOPELESS_6X6 })),
        (
            "/api/v1/pips/render",
            json!({ "text": HOPELESS_6X6, "solution": true }),
        ),
    ] {
        let base = base.clone();
        searches.push(tokio::spawn(
            async move { post_json(&base, path, body).await },
        ));
    }
    let deadline = Instant::now() + Duration::from_secs(20);
    while busy(&base).await < 2 {
        assert!(Instant::now() < deadline, "the searches never started");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    // Every answer comes while both searches still run (they stop only
    // when their clients leave, or after a minute): a search holding an
    // async thread would hold these answers until it ended, and they
    // would then count fewer than two. No clock is read to judge this, so
    // a loaded machine cannot fail it; bench/hostile/run times it.
    let mut worst = Duration::ZERO;
    for _ in 0..20 {
        let asked = Instant::now();
        assert_eq!(
            busy(&base).await,
            2,
            "/healthz answered only after a search ended"
        );
        worst = worst.max(asked.elapsed());
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    eprintln!("/healthz at worst {worst:?} while two searches ran");
    // Both clients leave: their searches end at the stop flag.
    for search in &searches {
        search.abort();
    }
    let left = Instant::now();
    while busy(&base).await > 0 {
        assert!(
            left.elapsed() < Duration::from_secs(5),
            "the searches go on"
        );
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    eprintln!("busy back to 0 {:?} after the clients left", left.elapsed());
}
