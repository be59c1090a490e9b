//! The limits every door keeps, on the service's side: the pools share
//! their slots fairly between peer addresses (two addresses on loopback:
//! 127.0.0.1 and 127.0.0.2), a request that times out keeps its slot
//! until its search has stopped, one address cannot hold every
//! connection, a shutdown answers the requests in flight, and a picture
//! past the answer cap is refused, naming the bound, before it is drawn.
//! No test reads a clock to judge: bench/hostile/run times these.

use crate::api::{start, start_with};
use axum::extract::State as Shared;
use axum::routing::post;
use axum::{Json, Router};
use domino_server::error::ApiError;
use domino_server::listen::ConnectionLimits;
use domino_server::pool::Cost;
use domino_server::{serve, Config, State};
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A 6 x 6 Pips puzzle whose row sums cannot all hold: no solution, and
/// only a search that runs to its time limit finds none.
const HOPELESS_6X6: &str = "AAAAAA\nBBBBBB\nCCCCCC\nDDDDDD\nEEEEEE\nFFFFFF\n\
A = 11\nB = 11\nC = 11\nD = 9\nE = 9\nF = 10\n\
0-0 0-1 0-2 0-3 0-4 0-5 1-1 1-2 1-3 1-4 1-5 2-2 2-3 2-4 2-5 3-3 3-4 3-5\n";

const FIRST: [u8; 4] = [127, 0, 0, 1];
const SECOND: [u8; 4] = [127, 0, 0, 2];

/// A client whose connections come from `address` (any of 127.0.0.0/8
/// is loopback).
fn client_from(address: [u8; 4]) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(IpAddr::from(address))
        .build()
        .unwrap()
}

/// POSTs `body`: status, Retry-After, parsed answer.
async fn post_from(
    client: &reqwest::Client,
    url: &str,
    body: Value,
) -> (u16, Option<String>, Value) {
    let response = client.post(url).json(&body).send().await.unwrap();
    let status = response.status().as_u16();
    let retry = response
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    (status, retry, response.json().await.unwrap())
}

/// The server's /healthz answer.
async fn health(base: &str) -> Value {
    reqwest::get(format!("{base}/healthz"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

/// Polls /healthz until `field` of the expensive pool is `want` (a guard
/// against a hang, not a time limit: it gives up after many polls).
async fn wait_for(base: &str, field: &str, want: u64) {
    for _ in 0..4000 {
        if health(base).await[field]["expensive"] == want {
            return;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    panic!("the expensive pool never had {want} {field}");
}

/// A hopeless count that searches for `seconds`: answers not complete,
/// with no solution.
fn hopeless(seconds: f64) -> Value {
    json!({ "text": HOPELESS_6X6, "count": true, "time_limit": seconds })
}

fn assert_hopeless(answer: &Value) {
    assert_eq!(answer["count"], 0, "{answer}");
    assert_eq!(answer["complete"], false, "{answer}");
    assert_eq!(answer["solutions"].as_array().map(Vec::len), Some(0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_looping_address_takes_turns_with_another() {
    // One worker: one search at a time, as on a server with 2 cores.
    let base = start(Config {
        workers: 1,
        max_time: Duration::from_secs(60),
        ..Config::default()
    })
    .await;
    assert_eq!(health(&base).await["capacity"]["expensive"], 1);
    let url = format!("{base}/api/v1/pips/solve");
    // The first address loops three clients, each asking again the moment
    // it is answered.
    let done = Arc::new(AtomicBool::new(false));
    let first: Arc<Mutex<Vec<u16>>> = Arc::default();
    let mut loops = Vec::new();
    for _ in 0..3 {
        let (url, done, first) = (url.clone(), Arc::clone(&done), Arc::clone(&first));
        loops.push(tokio::spawn(async move {
            let client = client_from(FIRST);
            while !done.load(Ordering::Relaxed) {
                let (status, _, answer) = post_from(&client, &url, hopeless(0.2)).await;
                if status == 200 {
                    assert_hopeless(&answer);
                } else {
                    // Past its share of the queue: refused, asks again.
                    assert_eq!(status, 503, "{answer}");
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
                first.lock().unwrap().push(status);
            }
        }));
    }
    wait_for(&base, "busy", 1).await;
    // The second address is served every time: it waits its turn in the
    // queue instead of being refused (before, 59 of 59 got 503).
    let second = client_from(SECOND);
    for _ in 0..4 {
        let (status, _, answer) = post_from(&second, &url, hopeless(0.2)).await;
        assert_eq!(status, 200, "{answer}");
        assert_hopeless(&answer);
    }
    done.store(true, Ordering::Relaxed);
    for task in loops {
        task.await.unwrap();
    }
    // And the looping address was served too, between them.
    let first = first.lock().unwrap().clone();
    assert!(
        first.iter().filter(|&&s| s == 200).count() >= 2,
        "{first:?}"
    );
}

/// What the stubborn job of the next test was told and did.
static RELEASE: AtomicBool = AtomicBool::new(false);
static STOP_SEEN: AtomicBool = AtomicBool::new(false);
static SECOND_RAN: AtomicBool = AtomicBool::new(false);

/// A search that notices its stop flag but ends only when the test lets
/// it: a search slow to stop.
async fn stubborn(Shared(state): Shared<State>) -> Result<Json<Value>, ApiError> {
    state
        .pools
        .run(Cost::Expensive, |stop| {
            while !RELEASE.load(Ordering::SeqCst) {
                if stop.load(Ordering::SeqCst) {
                    STOP_SEEN.store(true, Ordering::SeqCst);
                }
                std::thread::sleep(Duration::from_millis(2));
            }
            Json(json!({ "released": true }))
        })
        .await
}

async fn after(Shared(state): Shared<State>) -> Result<Json<Value>, ApiError> {
    state
        .pools
        .run(Cost::Expensive, |_| {
            SECOND_RAN.store(true, Ordering::SeqCst);
            Json(json!({ "ran": true }))
        })
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_that_times_out_keeps_its_slot_until_its_search_stops() {
    let extra = Router::new()
        .route("/test/stubborn", post(stubborn))
        .route("/test/after", post(after));
    // The safety-net timeout answers 408 at max_time + 5 s.
    let base = start_with(
        Config {
            workers: 1,
            max_time: Duration::from_secs(3),
            ..Config::default()
        },
        extra,
    )
    .await;
    let client = client_from(FIRST);
    let (status, _, answer) = post_from(&client, &format!("{base}/test/stubborn"), json!({})).await;
    assert_eq!(status, 408, "{answer}");
    // The request is gone: its search was told to stop (cancelled)...
    for _ in 0..4000 {
        if STOP_SEEN.load(Ordering::SeqCst) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    assert!(
        STOP_SEEN.load(Ordering::SeqCst),
        "the stop flag was never raised"
    );
    // ...and until it has stopped, it keeps its slot: the next request
    // waits for it instead of running beside it.
    assert_eq!(health(&base).await["busy"]["expensive"], 1);
    let next = {
        let (client, url) = (client.clone(), format!("{base}/test/after"));
        tokio::spawn(async move { post_from(&client, &url, json!({})).await })
    };
    wait_for(&base, "waiting", 1).await;
    assert!(!SECOND_RAN.load(Ordering::SeqCst));
    RELEASE.store(true, Ordering::SeqCst);
    let (status, _, answer) = next.await.unwrap();
    assert_eq!((status, answer), (200, json!({ "ran": true })));
    assert!(SECOND_RAN.load(Ordering::SeqCst));
    wait_for(&base, "busy", 0).await;
}

/// Opens a connection from `address` that sends nothing.
async fn open_from(address: [u8; 4], server: SocketAddr) -> tokio::net::TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::from((IpAddr::from(address), 0)))
        .unwrap();
    socket.connect(server).await.unwrap()
}

/// Sends `request` (if any) on `stream` and reads until the server closes
/// it (on a blocking thread: the test's runtime has no I/O helpers).
async fn exchange(stream: tokio::net::TcpStream, request: &'static [u8]) -> Vec<u8> {
    let mut stream = stream.into_std().unwrap();
    tokio::task::spawn_blocking(move || {
        stream.set_nonblocking(false).unwrap();
        stream.write_all(request).unwrap();
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).unwrap();
        answer
    })
    .await
    .unwrap()
}

/// Starts `serve` with `config`; its address and a sender that shuts it
/// down, and its task.
async fn serve_on(
    config: Config,
) -> (
    SocketAddr,
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<std::io::Result<()>>,
) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(serve(listener, config, async move {
        let _ = stopped.await;
    }));
    (address, stop, server)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_cannot_hold_every_connection() {
    let (address, _stop, _server) = serve_on(Config {
        connections: ConnectionLimits {
            max_connections: 100,
            per_address: 2,
            header_timeout: Duration::from_secs(60),
            idle_timeout: Duration::from_secs(60),
        },
        ..Config::default()
    })
    .await;
    // Two half-open connections from the first address are its share: the
    // third is answered 503 at once and closed.
    let _held = [
        open_from(FIRST, address).await,
        open_from(FIRST, address).await,
    ];
    let refusal = exchange(open_from(FIRST, address).await, b"").await;
    let refusal = String::from_utf8_lossy(&refusal);
    assert!(refusal.starts_with("HTTP/1.1 503"), "{refusal}");
    assert!(refusal.contains("retry-after: 1"), "{refusal}");
    // Another address is answered.
    let answer = client_from(SECOND)
        .get(format!("http://{address}/healthz"))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_sends_nothing_is_closed() {
    let (address, _stop, _server) = serve_on(Config {
        connections: ConnectionLimits {
            idle_timeout: Duration::from_millis(50),
            header_timeout: Duration::from_secs(3600),
            ..ConnectionLimits::default()
        },
        ..Config::default()
    })
    .await;
    // Nothing sent: the server closes it, with no answer at all, long
    // before the header timeout of an hour would (the guard only keeps a
    // broken server from hanging the test).
    let closed = tokio::time::timeout(
        Duration::from_secs(600),
        exchange(open_from(FIRST, address).await, b""),
    )
    .await;
    assert_eq!(
        closed.ok(),
        Some(Vec::new()),
        "an idle connection stays open"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shutdown_answers_every_request_in_flight() {
    let (address, stop, server) = serve_on(Config {
        workers: 1,
        max_time: Duration::from_secs(60),
        ..Config::default()
    })
    .await;
    let base = format!("http://{address}");
    let url = format!("{base}/api/v1/pips/solve");
    // A search that would run for a minute, and one waiting for its slot.
    let running = {
        let url = url.clone();
        tokio::spawn(async move { post_from(&client_from(FIRST), &url, hopeless(60.0)).await })
    };
    wait_for(&base, "busy", 1).await;
    let waiting = {
        let url = url.clone();
        tokio::spawn(async move { post_from(&client_from(SECOND), &url, hopeless(60.0)).await })
    };
    wait_for(&base, "waiting", 1).await;
    let _ = stop.send(());
    // The search is stopped and answers what it found, not complete.
    let (status, _, answer) = running.await.unwrap();
    assert_eq!(status, 200, "{answer}");
    assert_hopeless(&answer);
    // The waiting one is told to come back.
    let (status, retry, answer) = waiting.await.unwrap();
    assert_eq!(status, 503, "{answer}");
    assert_eq!(retry.as_deref(), Some("1"));
    assert!(answer["error"].as_str().unwrap().contains("shutting down"));
    // And the server ends.
    server.await.unwrap().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_picture_past_the_answer_cap_is_refused_naming_the_bound() {
    let base = start(Config::default()).await;
    let client = client_from(FIRST);
    let board = "2 2 0 3 3 4 4\n3 4 5 2 2 5 3\n3 0 4 1 3 6 5\n5 0 3 6 6 4 1\n\
                 6 5 0 1 0 6 5\n3 0 0 6 2 1 5\n1 6 4 0 2 4 2\n1 1 1 6 2 5 4\n";
    let url = format!("{base}/api/v1/place/render");
    // 55,000 pieces on the board (770 KB): 35 MB of picture. Refused
    // before it is drawn, naming the bound.
    let many = vec![[[0, 0], [0, 1]]; 55_000];
    let (status, _, answer) =
        post_from(&client, &url, json!({ "text": board, "placements": many })).await;
    assert_eq!(status, 413, "{answer}");
    let error = answer["error"].as_str().unwrap();
    assert!(error.contains("55000 placements"), "{error}");
    assert!(error.contains("--max-answer"), "{error}");
    // As many pieces off the board draw nothing: the board is answered.
    let off = vec![[[9, 0], [9, 1]]; 55_000];
    let (status, _, answer) =
        post_from(&client, &url, json!({ "text": board, "placements": off })).await;
    assert_eq!(status, 200, "{answer}");
    assert!(answer["svg"]
        .as_str()
        .unwrap()
        .contains("55000 pieces laid"));
    // A real game is drawn in full below the cap.
    let (status, _, answer) = post_from(
        &client,
        &url,
        json!({ "text": board, "placements": [[[0, 0], [0, 1]]] }),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    assert!(answer["svg"].as_str().unwrap().contains("1 piece laid"));
    // A Five Up layout of 200 plays (about 100 KB of picture) past a
    // 64 KiB cap: refused naming the plays and the bound.
    let small = start(Config {
        max_answer: 64 << 10,
        ..Config::default()
    })
    .await;
    let game: Vec<[u32; 2]> = (0..200).map(|i| [i, i + 1]).collect();
    let (status, _, answer) = post_from(
        &client,
        &format!("{small}/api/v1/fiveup/render"),
        json!({ "dominoes": game }),
    )
    .await;
    assert_eq!(status, 413, "{answer}");
    let error = answer["error"].as_str().unwrap();
    assert!(error.contains("a layout of 200 plays"), "{error}");
    assert!(error.contains("65536, --max-answer"), "{error}");
}
