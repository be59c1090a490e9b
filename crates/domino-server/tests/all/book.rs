//! `POST /api/v1/book`: the PDF is the library's book for the same
//! request, byte for byte (the library's tests verify every answer in
//! it); the document describes it as a PDF; requests past the page limit
//! and bad levels are refused with a 400 that says why, and so is a book
//! not made within its time limit.

use crate::api::{post_json, start};
use domino::pips::Grade;
use domino::place::{Level, Limits};
use domino::render::book::{make_book, BookRequest, Section};
use domino_server::Config;
use serde_json::{json, Value};

/// POSTs `body`; (status, content type, bytes).
async fn post_book(base: &str, body: Value) -> (u16, String, Vec<u8>) {
    let response = reqwest::Client::new()
        .post(format!("{base}/api/v1/book"))
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let kind = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    (status, kind, response.bytes().await.unwrap().to_vec())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_small_book_is_the_librarys_pdf() {
    let base = start(Config::default()).await;
    let (status, kind, pdf) = post_book(
        &base,
        json!({
            "place": [{ "set": 3, "difficulty": "basic", "count": 2 }],
            "pips": [{ "difficulty": "easy", "count": 1 }],
            "per_page": 2,
            "paper": "letter",
            "steps": 1,
            "seed": 5,
            "title": "Tests"
        }),
    )
    .await;
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&pdf));
    assert_eq!(kind, "application/pdf");
    assert!(pdf.starts_with(b"%PDF"));
    let request = BookRequest {
        title: "Tests".to_string(),
        sections: vec![
            Section::Place {
                set: 3,
                level: Level::Basic,
                count: 2,
            },
            Section::Pips {
                grade: Grade::Easy,
                count: 1,
            },
        ],
        per_page: Some(2),
        paper: domino::render::book::Paper::Letter,
        steps: 1,
        seed: 5,
    };
    let made = make_book(&request, &Limits::none()).unwrap().pdf().unwrap();
    assert!(made == pdf, "the route's PDF is not the library's book");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_document_gives_the_book_as_pdf_bytes() {
    let base = start(Config::default()).await;
    let doc: Value = reqwest::get(format!("{base}/api/v1/openapi.json"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let answer = &doc["paths"]["/api/v1/book"]["post"]["responses"]["200"]["content"];
    let schema = &answer["application/pdf"]["schema"];
    let schema = match schema["$ref"].as_str() {
        Some(name) => {
            &doc["components"]["schemas"][name.trim_start_matches("#/components/schemas/")]
        }
        None => schema,
    };
    assert_eq!(schema["type"], "string", "{answer}");
    assert_eq!(schema["format"], "binary", "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn too_many_pages_and_bad_levels_are_400() {
    let base = start(Config::default()).await;
    // 300 puzzles one to a page: 300 pages and more.
    let (status, error) = post_json(
        &base,
        "/api/v1/book",
        json!({ "pips": [{ "difficulty": "hard", "count": 300 }], "per_page": 1 }),
    )
    .await;
    assert_eq!(status, 400, "{error}");
    assert!(
        error["error"].as_str().unwrap().contains("more than 200"),
        "{error}"
    );
    let (status, error) = post_json(
        &base,
        "/api/v1/book",
        json!({ "place": [{ "set": 6, "difficulty": "tricky", "count": 1 }] }),
    )
    .await;
    assert_eq!(status, 400, "{error}");
    assert_eq!(error["path"], "/place/0/difficulty");
    assert!(
        error["error"].as_str().unwrap().contains("'tricky'"),
        "{error}"
    );
    let (status, error) = post_json(
        &base,
        "/api/v1/book",
        json!({ "pips": [{ "difficulty": "basic", "count": 1 }] }),
    )
    .await;
    assert_eq!(status, 400, "{error}");
    assert_eq!(error["path"], "/pips/0/difficulty");
    let (status, error) = post_json(&base, "/api/v1/book", json!({})).await;
    assert_eq!(status, 400, "{error}");
    assert!(
        error["error"]
            .as_str()
            .unwrap()
            .contains("at least one puzzle"),
        "{error}"
    );
    let (status, error) = post_json(
        &base,
        "/api/v1/book",
        json!({ "place": [{ "set": 9, "difficulty": "hard", "count": 2 }], "time_limit": 1e-9 }),
    )
    .await;
    assert_eq!(status, 400, "{error}");
    assert!(
        error["error"].as_str().unwrap().contains("time limit"),
        "{error}"
    );
}
