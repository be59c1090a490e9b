//! One module per family; each route parses its request, runs the library
//! call in a pool job, and answers the CLI's JSON document. [`table`] is
//! the one list of routes: the router serves it and a test holds the
//! OpenAPI document to it.

pub mod chain;
pub mod fiveup;
pub mod pips;
pub mod place;
pub mod vanish;

use crate::{meta, State};
use axum::routing::{get, post, MethodRouter};

/// Every route of the service, `/api/v1/{family}/{verb}` for the API, with
/// its handler. The path is also in the handler's `#[utoipa::path]`.
pub fn table() -> Vec<(&'static str, MethodRouter<State>)> {
    vec![
        ("/healthz", get(meta::healthz)),
        ("/api/v1/openapi.json", get(meta::openapi)),
        ("/api/v1/chain/solve", post(chain::solve)),
        ("/api/v1/chain/longest", post(chain::longest)),
        ("/api/v1/chain/render", post(chain::render)),
        ("/api/v1/fiveup/check", post(fiveup::check)),
        ("/api/v1/fiveup/score", post(fiveup::score)),
        ("/api/v1/fiveup/render", post(fiveup::render)),
        ("/api/v1/vanish/solve", post(vanish::solve)),
        ("/api/v1/vanish/compare", post(vanish::compare)),
        ("/api/v1/vanish/moves", post(vanish::moves)),
        ("/api/v1/vanish/generate", post(vanish::generate)),
        ("/api/v1/vanish/render", post(vanish::render)),
        ("/api/v1/pips/solve", post(pips::solve)),
        ("/api/v1/pips/generate", post(pips::generate)),
        ("/api/v1/pips/check", post(pips::check)),
        ("/api/v1/pips/render", post(pips::render)),
        ("/api/v1/place/solve", post(place::solve)),
        ("/api/v1/place/explain", post(place::explain)),
        ("/api/v1/place/generate", post(place::generate)),
        ("/api/v1/place/hint", post(place::hint_route)),
        ("/api/v1/place/check", post(place::check_route)),
        ("/api/v1/place/render", post(place::render)),
    ]
}

/// The paths of release 0.1 that the one route scheme replaced: (old path,
/// the route that serves it). They answer as before, are marked deprecated
/// in the OpenAPI document, and go in the next release.
pub const ALIASES: &[(&str, &str)] = &[
    ("/api/v1/chain", "/api/v1/chain/solve"),
    ("/api/v1/render/chain", "/api/v1/chain/render"),
    ("/api/v1/fiveup", "/api/v1/fiveup/check"),
    ("/api/v1/render/fiveup", "/api/v1/fiveup/render"),
    ("/api/v1/render/vanish", "/api/v1/vanish/render"),
    ("/api/v1/render/pips", "/api/v1/pips/render"),
    ("/api/v1/render/place", "/api/v1/place/render"),
];
