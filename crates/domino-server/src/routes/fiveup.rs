//! `POST /api/v1/fiveup/check`: is a sequence of plays a legal game of
//! Five Up (as `domino fiveup --json`), `POST /api/v1/fiveup/score`: the
//! points of a layout or the range of a play order (as `domino fiveup
//! score --json`), and `POST /api/v1/fiveup/render`: the picture of its
//! layout, whole or after its first k plays.

use crate::body::Json;
use crate::error::ApiError;
use crate::input::{answer_pool, answer_within, dominoes, report, svg_answer, Picture};
use crate::pool::Cost;
use crate::State;
use axum::extract::State as Shared;
use axum::response::Response;
use domino::fiveup::{
    is_layout_text, score_text, GameDocument, GameReport, ScoreError, ScoreReport,
};
use domino::render::{fiveup_svg, FiveUpPicture};
use domino::Domino;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Games up to this size are read and decided in about half a
/// millisecond (measured: 2,080 plays, 0.36 ms with the HTTP round trip);
/// cheap jobs run on the async threads, so longer games go to the other
/// pool.
const CHEAP_PLAYS: usize = 2048;
const CHEAP_TEXT: usize = 16 << 10;

/// The picture of a layout, per play drawn (measured: 8,000 plays in
/// 4.0 MB, about 500 bytes each; a tile never takes less than 400).
const PICTURE_TILE: usize = 500;
const PICTURE_TILE_FLOOR: usize = 400;

fn cost(text: Option<&String>, dominoes: Option<&Vec<Domino>>) -> Cost {
    let large = text.is_some_and(|t| t.len() > CHEAP_TEXT)
        || dominoes.is_some_and(|d| d.len() > CHEAP_PLAYS);
    if large {
        Cost::Expensive
    } else {
        Cost::Cheap
    }
}

/// A game: give `text` or `dominoes`, the plays in order.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FiveupRequest {
    /// The plays in any format the CLI reads.
    text: Option<String>,
    /// The plays as pairs of values.
    dominoes: Option<Vec<Domino>>,
}

/// Is this sequence of plays a legal game of Five Up? Its layout, or its
/// first illegal move.
#[utoipa::path(post, path = "/api/v1/fiveup/check",
    responses((status = 200, description = "The verdict", body = GameDocument)))]
pub async fn check(
    Shared(state): Shared<State>,
    Json(request): Json<FiveupRequest>,
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

/// What to score.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FiveupScoreRequest {
    /// A recorded layout in the JSON form `/fiveup/check` answers
    /// (`{"placements": [...]}`, or the bare array): the points of each
    /// play; or a play order in any format the CLI reads: the best and
    /// worst total over its legal layouts.
    text: String,
}

/// A layout that breaks a rule of Five Up: nothing else, so that it is
/// told apart from the verdict on an illegal order.
#[derive(Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct FiveupBadLayout {
    /// The rule it breaks.
    reason: String,
    /// Always false.
    valid: bool,
}

/// What `/fiveup/score` answers: a layout's points or an order's range, a
/// layout that breaks a rule, or the verdict on an illegal order.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
enum FiveupScoreAnswer<'a> {
    Score(ScoreReport),
    BadLayout(FiveupBadLayout),
    Illegal(GameDocument<'a>),
}

/// The score of a layout, play by play, or of a play order, as `domino
/// fiveup score --json` prints it: a layout that breaks a rule answers
/// `{"valid": false, "reason"}`, an illegal play order the verdict of
/// `/fiveup/check`.
#[utoipa::path(post, path = "/api/v1/fiveup/score",
    responses((status = 200, description = "The score", body = FiveupScoreAnswer)))]
pub async fn score(
    Shared(state): Shared<State>,
    Json(request): Json<FiveupScoreRequest>,
) -> Result<Response, ApiError> {
    // A layout is summed play by play; an order is a search over its
    // layouts, which belongs in the other pool.
    let cost = if is_layout_text(&request.text) {
        cost(Some(&request.text), None)
    } else {
        Cost::Expensive
    };
    state
        .pools
        .run(cost, move |_| match score_text(&request.text) {
            Ok(scored) => report(&FiveupScoreAnswer::Score(scored)),
            Err(ScoreError::Input(e)) => Err(ApiError::input("/text", e)),
            Err(ScoreError::BadLayout(why)) => {
                report(&FiveupScoreAnswer::BadLayout(FiveupBadLayout {
                    reason: why.to_string(),
                    valid: false,
                }))
            }
            Err(ScoreError::Illegal(game)) => report(&FiveupScoreAnswer::Illegal(game.document())),
        })
        .await?
}

/// A game to draw: give `text` or `dominoes`, the plays in order.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FiveupRenderRequest {
    /// The plays in any format the CLI reads.
    text: Option<String>,
    /// The plays as pairs of values.
    dominoes: Option<Vec<Domino>>,
    /// Draw only the first k plays (all of them when absent); an illegal
    /// move among them is drawn marked.
    moves: Option<usize>,
}

/// The layout of the first `moves` plays. A game's layout is decided once,
/// for the whole game, and cut: so the frames of a replay agree with each
/// other and with the answer of `/fiveup/check`. When the cut reaches past the
/// first illegal move, that move is drawn marked, as `domino fiveup --svg`
/// draws it.
#[utoipa::path(post, path = "/api/v1/fiveup/render",
    responses((status = 200, description = "The picture", body = Picture)))]
pub async fn render(
    Shared(state): Shared<State>,
    Json(request): Json<FiveupRenderRequest>,
) -> Result<Response, ApiError> {
    // Priced before it is read: the plays to draw (a text game has at
    // most one play per four bytes).
    let plays = match (&request.text, &request.dominoes) {
        (Some(text), _) => text.len() / 4,
        (None, Some(list)) => list.len(),
        (None, None) => 0,
    };
    let shown = request.moves.map_or(plays, |k| k.min(plays));
    let cost = match cost(request.text.as_ref(), request.dominoes.as_ref()) {
        Cost::Cheap => answer_pool(shown.saturating_mul(PICTURE_TILE)),
        Cost::Expensive => Cost::Expensive,
    };
    let max_answer = state.config.max_answer;
    state
        .pools
        .run(cost, move |_| {
            let game = dominoes(request.text, request.dominoes)?;
            let verdict = GameReport::new(&game);
            let decision = &verdict.decision;
            let shown = request.moves.unwrap_or(game.len());
            let illegal = decision.illegal.as_ref().filter(|m| m.index < shown);
            let plays = &decision.layout[..shown.min(decision.layout.len())];
            answer_within(
                max_answer,
                plays.len().saturating_mul(PICTURE_TILE_FLOOR),
                &format!("a layout of {} plays", plays.len()),
            )?;
            svg_answer(fiveup_svg(&FiveUpPicture { plays, illegal }))
        })
        .await?
}
