//! One module per family; each route parses its request, runs the library
//! call in a pool job, and answers the CLI's JSON document. [`router`] is
//! the one list of routes: each handler's `#[utoipa::path]` gives its path,
//! so the router that serves it and the OpenAPI document that describes it
//! come from the same entry.

mod board;
pub mod book;
pub mod chain;
pub mod fiveup;
pub mod pips;
pub mod place;
pub mod read;
pub mod vanish;

use crate::error::Rejections;
use crate::{meta, State};
use utoipa::openapi::path::{Operation, PathItem};
use utoipa::openapi::Deprecated;
use utoipa::IntoResponses;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouter};
use utoipa_axum::routes;

/// Every route of the service, `/api/v1/{family}/{verb}` for the API, with
/// the paths of its entry in the document; the old paths of [`ALIASES`]
/// are served by the same handlers.
pub fn router() -> OpenApiRouter<State> {
    [
        routes!(meta::healthz),
        routes!(meta::openapi),
        routes!(chain::solve),
        routes!(chain::longest),
        routes!(chain::render),
        routes!(fiveup::check),
        routes!(fiveup::score),
        routes!(fiveup::render),
        routes!(vanish::solve),
        routes!(vanish::compare),
        routes!(vanish::moves),
        routes!(vanish::generate),
        routes!(vanish::render),
        routes!(pips::solve),
        routes!(pips::explain),
        routes!(pips::generate),
        routes!(pips::hint),
        routes!(pips::check),
        routes!(pips::render),
        routes!(read::read),
        routes!(place::solve),
        routes!(place::explain),
        routes!(place::generate),
        routes!(place::hint),
        routes!(place::check),
        routes!(place::render),
        routes!(book::book),
    ]
    .into_iter()
    .fold(OpenApiRouter::default(), |router, route| {
        router.routes(with_old_paths(route))
    })
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

/// A route with what its path and body say of it, so that no entry writes
/// it: an operation id (`/api/v1/chain/solve` gives `chain_solve`,
/// `/healthz` `healthz`: the handlers' names repeat across families), a
/// tag (its family, unless the entry names one), the error answers of a
/// route that reads a body ([`Rejections`]); and a deprecated copy at each
/// old path of it: the router serves every path of the entry with the same
/// handler.
fn with_old_paths(
    (schemas, mut paths, handler): UtoipaMethodRouter<State>,
) -> UtoipaMethodRouter<State> {
    let mut old_paths = Vec::new();
    for (path, item) in paths.paths.iter_mut() {
        let id = path
            .trim_start_matches("/api/v1/")
            .trim_start_matches('/')
            .replace(['/', '.'], "_");
        for operation in operations(item) {
            operation.operation_id = Some(id.clone());
            let family = id.split('_').next().unwrap_or_default();
            operation
                .tags
                .get_or_insert_with(|| vec![family.to_string()]);
            if operation.request_body.is_some() {
                for (status, answer) in Rejections::responses() {
                    operation
                        .responses
                        .responses
                        .entry(status)
                        .or_insert(answer);
                }
            }
        }
        for (old, _) in ALIASES.iter().filter(|(_, new)| new == path) {
            let mut copy = item.clone();
            for operation in operations(&mut copy) {
                deprecate(operation, path, &id);
            }
            old_paths.push((old.to_string(), copy));
        }
    }
    paths.paths.extend(old_paths);
    (schemas, paths, handler)
}

/// The operations of a path item (each route answers one method).
fn operations(item: &mut PathItem) -> impl Iterator<Item = &mut Operation> {
    [item.get.as_mut(), item.post.as_mut()]
        .into_iter()
        .flatten()
}

/// Marks the copy of `new`'s operation (whose id is `id`) served at an old
/// path.
fn deprecate(operation: &mut Operation, new: &str, id: &str) {
    operation.deprecated = Some(Deprecated::True);
    operation.operation_id = Some(format!("{id}_old_path"));
    let note = format!(
        "Deprecated: the old path of {new}, the same route; it is removed in the next release."
    );
    operation.description = Some(match operation.description.take() {
        Some(text) => format!("{note}\n\n{text}"),
        None => note,
    });
}
