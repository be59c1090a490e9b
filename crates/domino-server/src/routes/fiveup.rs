//! `POST /api/v1/fiveup`: is a sequence of plays a legal game of Five Up
//! (as `domino fiveup --json`), and `POST /api/v1/render/fiveup`: the
//! picture of its layout, whole or after its first k plays.

use crate::body::JsonBody;
use crate::error::ApiError;
use crate::input::{dominoes, report, svg_answer};
use crate::pool::Cost;
use crate::State;
use axum::extract::State as Shared;
use axum::response::Response;
use domino::fiveup::GameReport;
use domino::render::{fiveup_svg, FiveUpPicture};
use domino::Domino;
use serde::Deserialize;

/// Games up to this size are decided in about a millisecond; cheap jobs
/// run on the async threads, so longer games go to the other pool.
const CHEAP_PLAYS: usize = 8192;
const CHEAP_TEXT: usize = 64 << 10;

fn cost(text: Option<&String>, dominoes: Option<&Vec<Domino>>) -> Cost {
    let large = text.is_some_and(|t| t.len() > CHEAP_TEXT)
        || dominoes.is_some_and(|d| d.len() > CHEAP_PLAYS);
    if large {
        Cost::Expensive
    } else {
        Cost::Cheap
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FiveupRequest {
    text: Option<String>,
    dominoes: Option<Vec<Domino>>,
}

pub async fn fiveup(
    Shared(state): Shared<State>,
    JsonBody(request): JsonBody<FiveupRequest>,
) -> Result<Response, ApiError> {
    let cost = cost(request.text.as_ref(), request.dominoes.as_ref());
    state
        .pools
        .run(cost, move |_| {
            let game = dominoes(request.text, request.dominoes)?;
            report(&GameReport::new(&game))
        })
        .await?
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RenderRequest {
    text: Option<String>,
    dominoes: Option<Vec<Domino>>,
    /// Draw only the first k plays (all of them when absent).
    moves: Option<usize>,
}

/// The layout of the first `moves` plays. A game's layout is decided once,
/// for the whole game, and cut: so the frames of a replay agree with each
/// other and with the answer of `/fiveup`. When the cut reaches past the
/// first illegal move, that move is drawn marked, as `domino fiveup --svg`
/// draws it.
pub async fn render(
    Shared(state): Shared<State>,
    JsonBody(request): JsonBody<RenderRequest>,
) -> Result<Response, ApiError> {
    let cost = cost(request.text.as_ref(), request.dominoes.as_ref());
    state
        .pools
        .run(cost, move |_| {
            let game = dominoes(request.text, request.dominoes)?;
            let verdict = GameReport::new(&game);
            let decision = &verdict.decision;
            let shown = request.moves.unwrap_or(game.len());
            let illegal = decision.illegal.as_ref().filter(|m| m.index < shown);
            let plays = &decision.layout[..shown.min(decision.layout.len())];
            Ok(svg_answer(fiveup_svg(&FiveUpPicture { plays, illegal })))
        })
        .await?
}
