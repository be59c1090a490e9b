//! `POST /api/v1/pips/read` over HTTP: a real screenshot of the shared
//! folder (../shared/data/pips/screenshots beside the clone, as CI lays it
//! out; a clone without it says so and skips that case) reads as the puzzle it shows, the answer's puzzle
//! solved and checked with `verify`; what is not a screenshot is a 4xx
//! with the reader's words, never a 5xx; the body's own limit and media
//! types.

use super::api::start;
use super::document::{document, validate};
use domino::pips::read::MAX_FILE_BYTES;
use domino::pips::{parse_puzzle, solve, verify, Goal, Limits};
use domino_server::Config;
use serde_json::Value;
use std::path::PathBuf;

/// The shared screenshots' folder, when it is beside the clone.
fn screenshots() -> Option<PathBuf> {
    let dir =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/pips/screenshots");
    if !dir.is_dir() {
        eprintln!("no {} beside the clone: skipped", dir.display());
    }
    dir.is_dir().then_some(dir)
}

/// Checks an answer of the reader against the schema its status has in
/// the served OpenAPI document.
async fn fits_its_schema(base: &str, status: u16, answer: &Value) {
    let document = document(base).await;
    let operation = &document["paths"]["/api/v1/pips/read"]["post"];
    let schema =
        &operation["responses"][status.to_string()]["content"]["application/json"]["schema"];
    assert!(schema.is_object(), "status {status} is not documented");
    if let Err(why) = validate(&document, schema, answer) {
        panic!("the answer does not fit its schema: {why}\n{answer}");
    }
}

/// POSTs `body` as `media_type` to the reader; (status, parsed answer).
async fn post_image(base: &str, media_type: &str, body: Vec<u8>) -> (u16, Value) {
    let response = reqwest::Client::new()
        .post(format!("{base}/api/v1/pips/read"))
        .header("content-type", media_type)
        .body(body)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_screenshot_reads_as_the_puzzle_it_shows() {
    let Some(dir) = screenshots() else {
        return;
    };
    let base = start(Config::default()).await;
    let shot = dir.join("shot-02.png");
    let bytes = std::fs::read(&shot)
        .unwrap_or_else(|e| panic!("{}: {e} (the shared screenshots)", shot.display()));
    let (status, doc) = post_image(&base, "image/png", bytes).await;
    assert_eq!(status, 200, "{doc}");
    let want = std::fs::read_to_string(dir.join("shot-02.json")).unwrap();
    let want = parse_puzzle(&want, None).unwrap();
    let read = parse_puzzle(&doc["puzzle"].to_string(), None).unwrap();
    assert_eq!(read.dominoes(), want.dominoes(), "{doc}");
    // The text format is the same puzzle.
    let text = doc["text"].as_str().unwrap();
    assert_eq!(parse_puzzle(text, None).unwrap(), read);
    assert_eq!(doc["solvable"], true, "{doc}");
    assert_eq!(doc["unique"], true, "{doc}");
    let solved = solve(&read, Goal::UNIQUE, &Limits::none());
    verify(&read, &solved.solutions[0]).unwrap();
    fits_its_schema(&base, status, &doc).await;
    let board = &doc["board"];
    assert!(board["width"].as_u64().unwrap() > 500, "{doc}");
    assert!(doc["unsure"].is_array());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_is_no_screenshot_is_a_4xx_with_the_readers_words() {
    let base = start(Config::default()).await;
    // Random bytes, and a PNG cut in half: not an image the reader decodes.
    let mut shot = std::io::Cursor::new(Vec::new());
    image::RgbImage::from_fn(320, 240, |x, y| {
        image::Rgb([(x % 251) as u8, (y % 241) as u8, 90])
    })
    .write_to(&mut shot, image::ImageFormat::Png)
    .unwrap();
    let shot = shot.into_inner();
    let half = shot[..shot.len() / 2].to_vec();
    for (name, body) in [
        ("random bytes", b"not a picture at all".to_vec()),
        ("a truncated PNG", half),
    ] {
        let (status, answer) = post_image(&base, "application/octet-stream", body).await;
        assert_eq!(status, 400, "{name}: {answer}");
        fits_its_schema(&base, status, &answer).await;
        assert!(
            answer["error"]
                .as_str()
                .unwrap()
                .starts_with("cannot read the image"),
            "{name}: {answer}"
        );
    }
    // A whole PNG with no board in it (a blank square).
    let (status, answer) = post_image(&base, "image/png", blank_png()).await;
    assert_eq!(status, 422, "{answer}");
    fits_its_schema(&base, status, &answer).await;
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .starts_with("no Pips board"),
        "{answer}"
    );
}

/// A 640 x 480 white PNG: a valid picture with no board.
fn blank_png() -> Vec<u8> {
    let white = image::RgbImage::from_pixel(640, 480, image::Rgb([255, 255, 255]));
    let mut bytes = std::io::Cursor::new(Vec::new());
    white.write_to(&mut bytes, image::ImageFormat::Png).unwrap();
    bytes.into_inner()
}

/// Sends 9 MiB to the reader over a raw connection, its length declared
/// or (`declared` false) in chunks; the status line's code and the answer. The server
/// answers a declared length past the limit without reading the body,
/// which reqwest takes for a failed request; a browser reads the answer.
async fn nine_mib(base: &str, declared: bool) -> (u16, String) {
    use std::io::{Read, Write};
    let address = base.trim_start_matches("http://").to_string();
    let answer = tokio::task::spawn_blocking(move || {
        let mut stream = std::net::TcpStream::connect(&address).unwrap();
        let length = if declared {
            format!("Content-Length: {}", 9 << 20)
        } else {
            "Transfer-Encoding: chunked".to_string()
        };
        let head = format!(
            "POST /api/v1/pips/read HTTP/1.1\r\nHost: {address}\r\nContent-Type: image/jpeg\r\n{length}\r\nConnection: close\r\n\r\n"
        );
        stream.write_all(head.as_bytes()).unwrap();
        let chunk = vec![0u8; 1 << 20];
        for _ in 0..9 {
            // The server may answer and stop reading before the end.
            let sent = if declared {
                stream.write_all(&chunk)
            } else {
                stream
                    .write_all(b"100000\r\n")
                    .and_then(|()| stream.write_all(&chunk))
                    .and_then(|()| stream.write_all(b"\r\n"))
            };
            if sent.is_err() {
                break;
            }
        }
        if !declared {
            let _ = stream.write_all(b"0\r\n\r\n");
        }
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        String::from_utf8_lossy(&answer).into_owned()
    })
    .await
    .unwrap();
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("no status line: {answer}"));
    (status, answer)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_body_has_its_own_limit_and_media_types() {
    // The JSON routes' limit does not bind the reader: 2 MiB is a picture
    // it reads (its answer is not a 413) though --max-body is 1,000.
    let base = start(Config {
        max_body: 1000,
        ..Config::default()
    })
    .await;
    let (status, answer) = post_image(&base, "image/png", vec![0; 2 << 20]).await;
    assert_eq!(status, 400, "{answer}");
    // Past the reader's own limit: 413 naming it, declared or streamed.
    const { assert!(9 << 20 > MAX_FILE_BYTES) };
    for declared in [true, false] {
        let (status, answer) = nine_mib(&base, declared).await;
        assert_eq!(status, 413, "{answer}");
        assert!(answer.contains("larger than 8 MiB"), "{answer}");
    }
    // Not an image's media type: 415 naming the ones taken.
    let (status, answer) = post_image(&base, "application/json", b"{}".to_vec()).await;
    assert_eq!(status, 415, "{answer}");
    fits_its_schema(&base, status, &answer).await;
    assert!(
        answer["error"].as_str().unwrap().contains("image/png"),
        "{answer}"
    );
}
