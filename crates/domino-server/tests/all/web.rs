//! The web app's installable parts (issue 40, point 7) as the server
//! serves them: the manifest with its type and a scope that holds the
//! page, each icon it names, and the service worker at the root (so its
//! scope is the whole app) as JavaScript the browser checks for updates.

use crate::api::start;
use domino_server::Config;
use serde_json::Value;

async fn get(base: &str, path: &str) -> reqwest::Response {
    let response = reqwest::get(format!("{base}/{path}")).await.unwrap();
    assert_eq!(response.status(), 200, "GET /{path}");
    response
}

fn header(response: &reqwest::Response, name: &str) -> String {
    response.headers()[name].to_str().unwrap().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_manifest_its_icons_and_the_service_worker() {
    let base = start(Config::default()).await;
    let page = get(&base, "").await.text().await.unwrap();
    assert!(page.contains(r#"<link rel="manifest" href="manifest.webmanifest">"#));

    let manifest = get(&base, "manifest.webmanifest").await;
    assert_eq!(header(&manifest, "content-type"), "application/manifest+json");
    let manifest: Value = manifest.json().await.unwrap();
    assert_eq!(manifest["scope"], "./");
    assert!(manifest["start_url"].as_str().unwrap().starts_with("./"));
    assert_eq!(manifest["display"], "standalone");
    let icons = manifest["icons"].as_array().unwrap();
    assert!(icons.iter().any(|i| i["sizes"] == "512x512"));
    for icon in icons {
        let response = get(&base, icon["src"].as_str().unwrap()).await;
        assert_eq!(header(&response, "content-type"), icon["type"]);
        let bytes = response.bytes().await.unwrap();
        if icon["type"] == "image/png" {
            assert!(bytes.starts_with(b"\x89PNG"), "{} is a PNG", icon["src"]);
        }
    }

    let worker = get(&base, "sw.js").await;
    assert_eq!(
        header(&worker, "content-type"),
        "text/javascript; charset=utf-8"
    );
    assert_eq!(header(&worker, "cache-control"), "no-cache");
    assert!(worker
        .text()
        .await
        .unwrap()
        .contains("addEventListener('fetch'"));
}
