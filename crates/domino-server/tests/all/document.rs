//! The OpenAPI document held to what the server does, not to the code that
//! writes it: the paths it names are the paths the router answers (found
//! by asking the server about every path the docs, the web page and a
//! vocabulary of family and verb names could give), and every answer
//! schema it gives validates a real answer of its route, checked by a
//! small JSON Schema validator written here (strict: a keyword it does not
//! know fails the test rather than pass unchecked).

use crate::api::{post_json, start};
use domino_server::Config;
use serde_json::{json, Map, Value};
use std::collections::BTreeSet;

/// The families and verbs a route may be named with: the route scheme is
/// `/api/v1/{family}/{verb}`, and release 0.1's paths were
/// `/api/v1/{family}` and `/api/v1/render/{family}`.
const FAMILIES: &[&str] = &["chain", "fiveup", "place", "pips", "vanish", "render"];
const VERBS: &[&str] = &[
    "solve", "count", "all", "explain", "grade", "generate", "hint", "check", "play", "verify",
    "render", "longest", "score", "compare", "moves", "position", "parse", "draw", "chain",
    "fiveup", "place", "pips", "vanish",
];

/// Every `/api/v1/...` and `/healthz` path written in `text`.
fn paths_in(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for start in ["/api/v1/", "/healthz"] {
        for (at, _) in text.match_indices(start) {
            let path: String = text[at..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || "/_.-".contains(*c))
                .collect();
            found.push(path.trim_end_matches(['.', '/']).to_string());
        }
    }
    found
}

/// Paths to ask the server about, from sources apart from the document:
/// the HTTP guide, the web page and its end-to-end flows, and every
/// family with every verb.
fn candidate_paths() -> BTreeSet<String> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let mut texts = vec![format!("{root}/docs/http-api.md")];
    let web = format!("{root}/crates/domino-server/web");
    for entry in std::fs::read_dir(&web).unwrap() {
        texts.push(entry.unwrap().path().display().to_string());
    }
    let mut paths = BTreeSet::new();
    for file in texts {
        if let Ok(text) = std::fs::read_to_string(&file) {
            paths.extend(paths_in(&text));
        }
    }
    for family in FAMILIES {
        paths.insert(format!("/api/v1/{family}"));
        for verb in VERBS {
            paths.insert(format!("/api/v1/{family}/{verb}"));
        }
    }
    paths.insert("/api/v1/openapi.json".to_string());
    paths
}

/// The methods the server answers at `path` (an unknown path is a 404 to
/// every method; a known one answers its method, and 405 to the other).
async fn methods(base: &str, path: &str) -> Vec<&'static str> {
    let client = reqwest::Client::new();
    let get = client.get(format!("{base}{path}")).send().await.unwrap();
    let post = client
        .post(format!("{base}{path}"))
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    let answers = |status: u16| status != 404 && status != 405;
    let mut found = Vec::new();
    if answers(get.status().as_u16()) {
        found.push("get");
    }
    if answers(post.status().as_u16()) {
        found.push("post");
    }
    found
}

pub(crate) async fn document(base: &str) -> Value {
    reqwest::get(format!("{base}/api/v1/openapi.json"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

/// The routes the router answers are the paths the document names, with
/// the same methods: nothing served undocumented, nothing documented that
/// is not served.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_document_names_exactly_the_routes_the_server_answers() {
    let base = start(Config::default()).await;
    let doc = document(&base).await;
    let documented: BTreeSet<(String, String)> = doc["paths"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(path, item)| {
            let methods: Vec<String> = item.as_object().unwrap().keys().cloned().collect();
            methods.into_iter().map(move |m| (path.clone(), m))
        })
        .collect();
    let mut served = BTreeSet::new();
    let asked: BTreeSet<String> = candidate_paths()
        .into_iter()
        .chain(documented.iter().map(|(path, _)| path.clone()))
        .collect();
    for path in &asked {
        for method in methods(&base, path).await {
            served.insert((path.clone(), method.to_string()));
        }
    }
    assert_eq!(
        served.difference(&documented).collect::<Vec<_>>(),
        Vec::<&(String, String)>::new(),
        "served but not in the document"
    );
    assert_eq!(
        documented.difference(&served).collect::<Vec<_>>(),
        Vec::<&(String, String)>::new(),
        "in the document but not served"
    );
    // The document's own checks: the old paths are marked, every
    // reference resolves.
    for (path, item) in doc["paths"].as_object().unwrap() {
        let old = path.starts_with("/api/v1/render/")
            || (path.matches('/').count() == 3
                && !["/api/v1/openapi.json", "/api/v1/book"].contains(&path.as_str()));
        assert_eq!(item["post"]["deprecated"] == true, old, "{path}");
    }
    let text = doc.to_string();
    for piece in text.split("#/components/schemas/").skip(1) {
        let name = piece.split('"').next().unwrap();
        assert!(doc["components"]["schemas"][name].is_object(), "{name}");
    }
}

/// The bounds the document states are the ones the code enforces: each
/// is written as a literal in its `#[schema]` attribute (utoipa takes no
/// constant there), so this holds each to the constant it states, and the
/// pips cells to the server's refusal just past it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_documented_bounds_are_the_enforced_ones() {
    use domino::render::book::BookRequest as Book;
    use domino::search::defaults::{BEAM_WIDTH, BEAM_WIDTH_DEFAULT};
    let doc = serde_json::to_value(domino_server::openapi::document()).unwrap();
    let field =
        |schema: &str, name: &str| doc["components"]["schemas"][schema]["properties"][name].clone();
    let per_page = (Book::PER_PAGE[0], Book::PER_PAGE[Book::PER_PAGE.len() - 1]);
    let stated = [
        (
            field("BookPlaceSection", "set"),
            "maximum",
            Book::MAX_SET as u64,
        ),
        (
            field("BookPlaceSection", "count"),
            "maximum",
            4 * Book::MAX_PAGES as u64,
        ),
        (
            field("BookPipsSection", "count"),
            "maximum",
            4 * Book::MAX_PAGES as u64,
        ),
        (
            field("BookRequest", "steps"),
            "maximum",
            Book::MAX_STEPS as u64,
        ),
        (
            field("BookRequest", "per_page"),
            "minimum",
            per_page.0 as u64,
        ),
        (
            field("BookRequest", "per_page"),
            "maximum",
            per_page.1 as u64,
        ),
        (
            field("PlaceGenerateRequest", "set"),
            "maximum",
            domino::place::Request::MAX_SET as u64,
        ),
        (
            field("VanishSolveRequest", "beam_width"),
            "minimum",
            *BEAM_WIDTH.start() as u64,
        ),
        (
            field("VanishSolveRequest", "beam_width"),
            "maximum",
            *BEAM_WIDTH.end() as u64,
        ),
        (
            field("VanishSolveRequest", "beam_width"),
            "default",
            BEAM_WIDTH_DEFAULT as u64,
        ),
        (
            field("VanishCompareRequest", "beam_width"),
            "minimum",
            *BEAM_WIDTH.start() as u64,
        ),
        (
            field("VanishCompareRequest", "beam_width"),
            "maximum",
            *BEAM_WIDTH.end() as u64,
        ),
        (
            field("VanishCompareRequest", "beam_width"),
            "default",
            BEAM_WIDTH_DEFAULT as u64,
        ),
        (field("PipsGenerateRequest", "cells"), "maximum", 40),
        (field("PipsGenerateRequest", "shape"), "maxItems", 40),
    ];
    for (schema, key, bound) in stated {
        assert_eq!(schema[key], bound, "{key} of {schema}");
    }
    let base = start(Config::default()).await;
    let (status, answer) = post_json(&base, "/api/v1/pips/generate", json!({ "cells": 42 })).await;
    assert_eq!(
        (status, answer["path"].as_str()),
        (400, Some("/cells")),
        "{answer}"
    );
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("at most 40 cells"),
        "{answer}"
    );
}

/// One request a route answers 200 to, for every documented POST route
/// (the old paths are the same routes): `pips` and `place` are a puzzle
/// of each family the examples share.
fn examples(pips: &str, place: &str) -> Vec<(&'static str, Value)> {
    let vanish = "4;1\nh;0;5;0;0\nh;2;9;2;0\n";
    vec![
        ("/api/v1/chain/solve", json!({ "text": "1|2 2|3 3|1" })),
        ("/api/v1/chain/solve", json!({ "text": "1|2 3|4" })),
        (
            "/api/v1/chain/solve",
            json!({ "text": "1|2 2|3", "longest": true }),
        ),
        ("/api/v1/chain/longest", json!({ "text": "1|2 2|3 5|6" })),
        ("/api/v1/chain/render", json!({ "text": "1|2 2|1" })),
        ("/api/v1/fiveup/check", json!({ "text": "5|5 5|0 0|0" })),
        ("/api/v1/fiveup/check", json!({ "text": "5|5 1|2" })),
        ("/api/v1/fiveup/score", json!({ "text": "5|5 5|0 0|0" })),
        (
            "/api/v1/fiveup/score",
            json!({ "text": r#"[{"domino": [5, 5]}, {"domino": [5, 0], "attached_to": 0, "via": 5}]"# }),
        ),
        ("/api/v1/fiveup/score", json!({ "text": "5|5 1|2" })),
        ("/api/v1/fiveup/render", json!({ "text": "5|5 5|0" })),
        ("/api/v1/vanish/solve", json!({ "text": vanish })),
        ("/api/v1/vanish/compare", json!({ "text": vanish })),
        ("/api/v1/vanish/moves", json!({ "text": vanish })),
        (
            "/api/v1/vanish/generate",
            json!({ "width": 4, "height": 3, "max_value": 2 }),
        ),
        ("/api/v1/vanish/render", json!({ "text": vanish })),
        ("/api/v1/pips/solve", json!({ "text": pips })),
        ("/api/v1/pips/explain", json!({ "text": pips })),
        (
            "/api/v1/pips/generate",
            json!({ "cells": 4, "difficulty": "easy" }),
        ),
        ("/api/v1/pips/hint", json!({ "text": pips })),
        ("/api/v1/pips/check", json!({ "text": pips })),
        (
            "/api/v1/pips/render",
            json!({ "text": pips, "solution": true }),
        ),
        (
            "/api/v1/place/solve",
            json!({ "text": place, "grade": true }),
        ),
        ("/api/v1/place/explain", json!({ "text": place })),
        ("/api/v1/place/generate", json!({ "set": 2 })),
        ("/api/v1/place/hint", json!({ "text": place })),
        (
            "/api/v1/place/hint",
            json!({ "text": place, "placements": [[[0, 1], [0, 2]]] }),
        ),
        (
            "/api/v1/place/check",
            json!({ "text": place, "placements": [[[0, 0], [0, 1]], [[0, 2], [0, 3]]] }),
        ),
        (
            "/api/v1/place/render",
            json!({ "text": place, "solution": true }),
        ),
    ]
}

/// Every answer schema of the document validates real answers: one or
/// more per route (each branch of the answers that have several), and
/// the error schema an error answer of each.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_answer_validates_against_its_documented_schema() {
    let base = start(Config::default()).await;
    let doc = document(&base).await;
    let (_, generated) = post_json(
        &base,
        "/api/v1/pips/generate",
        json!({ "cells": 6, "difficulty": "easy" }),
    )
    .await;
    let pips = generated["text"].as_str().unwrap().to_string();
    let examples = examples(&pips, "0 0 0 1 1 1");
    for (path, item) in doc["paths"].as_object().unwrap() {
        let Some(operation) = item.get("post") else {
            continue;
        };
        // The reader's body is an image: read.rs checks its answers.
        let json_body = path != "/api/v1/book" && path != "/api/v1/pips/read";
        if operation["deprecated"] == true || !json_body {
            continue;
        }
        assert!(
            examples.iter().any(|(p, _)| p == path),
            "{path}: no example request for this route"
        );
    }
    for (path, body) in examples {
        let operation = &doc["paths"][path]["post"];
        assert!(operation.is_object(), "{path} is not in the document");
        let (status, answer) = post_json(&base, path, body.clone()).await;
        assert_eq!(status, 200, "{path} {body}: {answer}");
        let schema = &operation["responses"]["200"]["content"]["application/json"]["schema"];
        if let Err(why) = validate(&doc, schema, &answer) {
            panic!("{path} {body}: the answer does not fit its schema: {why}\n{answer}");
        }
        let (status, error) = post_json(&base, path, json!({ "no such field": 1 })).await;
        let schema =
            &operation["responses"][status.to_string()]["content"]["application/json"]["schema"];
        assert!(
            schema.is_object(),
            "{path}: status {status} is not documented"
        );
        if let Err(why) = validate(&doc, schema, &error) {
            panic!("{path}: the error does not fit its schema: {why}\n{error}");
        }
    }
}

/// Checks `value` against `schema` (a part of `doc`): `Err` says where
/// and why it does not fit.
pub(crate) fn validate(doc: &Value, schema: &Value, value: &Value) -> Result<(), String> {
    let Some(schema) = schema.as_object() else {
        return Err(format!("not a schema: {schema}"));
    };
    for keyword in schema.keys() {
        let known = [
            "$ref",
            "type",
            "properties",
            "required",
            "additionalProperties",
            "items",
            "minItems",
            "maxItems",
            "prefixItems",
            "enum",
            "minimum",
            "maximum",
            "exclusiveMinimum",
            "oneOf",
            "allOf",
            "format",
            "description",
            "default",
            "title",
            "examples",
        ];
        assert!(
            known.contains(&keyword.as_str()),
            "the test's validator does not know the keyword {keyword}: teach it"
        );
    }
    if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
        let name = reference.trim_start_matches("#/components/schemas/");
        let target = &doc["components"]["schemas"][name];
        return validate(doc, target, value).map_err(|e| format!("{name}: {e}"));
    }
    if let Some(types) = schema.get("type") {
        let types: Vec<&str> = match types {
            Value::String(one) => vec![one.as_str()],
            Value::Array(many) => many.iter().filter_map(Value::as_str).collect(),
            _ => return Err(format!("a type that is no type: {types}")),
        };
        if !types.iter().any(|t| has_type(value, t)) {
            return Err(format!("{value} is not of type {types:?}"));
        }
    }
    if let Some(names) = schema.get("enum").and_then(Value::as_array) {
        if !names.contains(value) {
            return Err(format!("{value} is not one of {names:?}"));
        }
    }
    if let Some(n) = value.as_f64() {
        let bound = |key: &str| schema.get(key).and_then(Value::as_f64);
        if bound("minimum").is_some_and(|m| n < m)
            || bound("maximum").is_some_and(|m| n > m)
            || bound("exclusiveMinimum").is_some_and(|m| n <= m)
        {
            return Err(format!("{n} is out of bounds"));
        }
    }
    if let Some(items) = value.as_array() {
        let count = |key: &str| schema.get(key).and_then(Value::as_u64);
        if count("minItems").is_some_and(|m| (items.len() as u64) < m)
            || count("maxItems").is_some_and(|m| (items.len() as u64) > m)
        {
            return Err(format!("{} items", items.len()));
        }
        // A tuple (a cell) is `prefixItems` with `items: false`: none past them.
        let prefix = schema.get("prefixItems").and_then(Value::as_array);
        for (k, each) in items.iter().enumerate() {
            let item = prefix.and_then(|p| p.get(k)).or(schema.get("items"));
            match item {
                Some(Value::Bool(false)) => return Err(format!("[{k}]: no item allowed here")),
                Some(item) => validate(doc, item, each).map_err(|e| format!("[{k}]: {e}"))?,
                None => {}
            }
        }
    }
    if let Some(fields) = value.as_object() {
        validate_object(doc, schema, fields)?;
    }
    if let Some(all) = schema.get("allOf").and_then(Value::as_array) {
        for part in all {
            validate(doc, part, value)?;
        }
    }
    if let Some(one) = schema.get("oneOf").and_then(Value::as_array) {
        let fits: Vec<Result<(), String>> =
            one.iter().map(|part| validate(doc, part, value)).collect();
        let count = fits.iter().filter(|fit| fit.is_ok()).count();
        if count != 1 {
            return Err(format!("fits {count} of oneOf, not exactly one: {fits:?}"));
        }
    }
    Ok(())
}

/// The object keywords: required fields, each field's schema, and no
/// others when `additionalProperties` is false.
fn validate_object(
    doc: &Value,
    schema: &Map<String, Value>,
    fields: &Map<String, Value>,
) -> Result<(), String> {
    let properties = schema.get("properties").and_then(Value::as_object);
    for name in schema
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let name = name.as_str().unwrap_or_default();
        if !fields.contains_key(name) {
            return Err(format!("no field {name}"));
        }
    }
    for (name, field) in fields {
        match properties.and_then(|p| p.get(name)) {
            Some(property) => {
                validate(doc, property, field).map_err(|e| format!(".{name}: {e}"))?
            }
            None if schema.get("additionalProperties") == Some(&Value::Bool(false)) => {
                return Err(format!("the field {name} is not allowed"));
            }
            None => {}
        }
    }
    Ok(())
}

fn has_type(value: &Value, name: &str) -> bool {
    match name {
        "null" => value.is_null(),
        "boolean" => value.is_boolean(),
        "string" => value.is_string(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        "integer" => value.is_i64() || value.is_u64(),
        "number" => value.is_number(),
        _ => false,
    }
}
