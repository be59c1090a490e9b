//! `POST /api/v1/book`: a printable PDF of graded placement and Pips
//! puzzles with their answers, as `domino book` writes it. The request
//! names its sections as the CLI's `--place` and `--pips` do; the library
//! refuses a book of more than `BookRequest::MAX_PAGES` pages before any
//! puzzle is made, and the puzzles are made on the expensive pool within
//! the request's time limit, stopping when the client leaves. A book not
//! made in time is a 400 that says so, as a Pips puzzle not generated is.

use super::board;
use crate::body::Json;
use crate::error::ApiError;
use crate::input::{answer_within, time_limit, Seconds};
use crate::pool::Cost;
use crate::State;
use axum::extract::State as Shared;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use domino::pips::Grade;
use domino::place::Level;
use domino::render::book::{make_book, BookRequest as Asked, Paper, Section};
use serde::Deserialize;
use std::time::Instant;
use utoipa::ToSchema;

/// Placement puzzles of one set and level (the CLI's `--place
/// SET:LEVEL:COUNT`).
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BookPlaceSection {
    /// The set is double-N.
    #[schema(maximum = 12)]
    set: u32,
    /// The exact difficulty of each puzzle.
    difficulty: Level,
    /// How many puzzles.
    #[schema(maximum = 800)]
    count: usize,
}

/// Pips puzzles of one grade (the CLI's `--pips LEVEL:COUNT`).
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BookPipsSection {
    /// The grade of each puzzle.
    difficulty: Grade,
    /// How many puzzles.
    #[schema(maximum = 800)]
    count: usize,
}

/// The book to make: at least one puzzle, at most 200 pages.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BookRequest {
    /// Placement sections, printed first, in the order given.
    #[serde(default)]
    place: Vec<BookPlaceSection>,
    /// Pips sections, printed after the placement ones.
    #[serde(default)]
    pips: Vec<BookPipsSection>,
    /// Puzzles to a page: 1, 2 or 4 (default: as many as their size
    /// allows).
    #[schema(minimum = 1, maximum = 4)]
    per_page: Option<usize>,
    /// The paper (default a4).
    paper: Option<Paper>,
    /// The first steps of each explanation printed under its answer
    /// (default 0).
    #[schema(maximum = 6)]
    steps: Option<usize>,
    /// The seed (default 1): the same request gives the same file.
    seed: Option<u64>,
    /// The title on the first page (default "Domino puzzles").
    #[schema(max_length = 80)]
    title: Option<String>,
    time_limit: Option<Seconds>,
}

/// What a book not made in time adds to its reason.
const LATE: &str = "ask fewer or easier puzzles, or more time";

/// The PDF answer: the file's bytes.
#[derive(ToSchema)]
#[schema(value_type = String, format = Binary)]
struct Pdf(Vec<u8>);

impl IntoResponse for Pdf {
    fn into_response(self) -> Response {
        ([(header::CONTENT_TYPE, "application/pdf")], self.0).into_response()
    }
}

/// The library's request from the route's.
fn asked(request: BookRequest) -> Asked {
    let place = request.place.into_iter().map(|section| Section::Place {
        set: section.set.into(),
        level: section.difficulty,
        count: section.count,
    });
    let pips = request.pips.into_iter().map(|section| Section::Pips {
        grade: section.difficulty,
        count: section.count,
    });
    Asked {
        title: request.title.unwrap_or_else(|| Asked::TITLE.to_string()),
        sections: place.chain(pips).collect(),
        per_page: request.per_page,
        paper: request.paper.unwrap_or(Paper::A4),
        steps: request.steps.unwrap_or(0),
        seed: request.seed.unwrap_or(Asked::SEED),
    }
}

/// A PDF book of graded placement and Pips puzzles, their answers at the
/// back.
#[utoipa::path(post, path = "/api/v1/book",
    responses((status = 200, description = "The book as a PDF file", content_type = "application/pdf", body = Pdf)))]
pub async fn book(
    Shared(state): Shared<State>,
    Json(request): Json<BookRequest>,
) -> Result<Response, ApiError> {
    let deadline = Instant::now() + time_limit(request.time_limit, state.config.max_time)?;
    let asked = asked(request);
    // Refused before a slot is taken: bad requests and books past the
    // page limit cost nothing.
    domino::render::book::check(&asked).map_err(|e| ApiError::bad(e.to_string()))?;
    let max_answer = state.config.max_answer;
    state
        .pools
        .run(Cost::Expensive, move |stop| {
            let book = match make_book(&asked, &board::limits(deadline, stop)) {
                Ok(book) => book,
                Err(e) if e.invalid_request() => return Err(ApiError::bad(e.to_string())),
                // No book within the time limit: a negative answer to this
                // request, 400 as `/pips/generate` answers one (a 503 would
                // ask the client to retry what fails the same way again).
                Err(e) => {
                    let reason = format!("no book within the time limit: {e}; {LATE}");
                    return Err(ApiError::bad(reason));
                }
            };
            let pdf = book.pdf().map_err(|e| {
                tracing::error!("a book did not convert: {e}");
                ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string())
            })?;
            answer_within(max_answer, pdf.len(), "the book")?;
            Ok(Pdf(pdf).into_response())
        })
        .await?
}
