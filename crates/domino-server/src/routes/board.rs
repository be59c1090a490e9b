//! What the place and pips routes share, written once over the library's
//! board contract ([`BoardPuzzle`]): solve and count, explain, and the
//! play questions (hint, check: one shell, [`play`]), each run in the
//! pool that fits its work with the request's limits, and [`board_routes!`], which declares a
//! family's requests (its puzzle fields written once) and these routes
//! with their entries in the document. A family gives only what is its
//! own: how its puzzle is read and priced ([`Door`]), the fields its
//! requests add, and its render and generate routes.

use crate::error::ApiError;
use crate::input::{report, svg_answer, time_limit, Picture, Search, Seconds};
use crate::pool::{Cost, Stop};
use crate::State;
use axum::response::Response;
use domino::board::{BoardPuzzle, SolveAnswer};
use domino::search::{Goal, Limits, SolveMode, SolveOptions};
use serde::de::DeserializeOwned;
use std::time::Instant;

/// What a family's routes add to the contract: the puzzle fields of its
/// requests ([`board_routes!`] declares them), read and priced, and its
/// pictures.
pub trait Door: BoardPuzzle + Sized + 'static {
    /// The puzzle of a request (the request of `explain`).
    type Input: Send + Sync + 'static;
    /// One of the player's pieces as the requests give it.
    type Placement: DeserializeOwned + Send + Sync + 'static;
    /// Whether the puzzle is small enough to read and search on the async
    /// threads, within a budget of nodes.
    fn small(input: &Self::Input) -> bool;
    /// Reads the puzzle as the CLI reads its input; errors point into the
    /// request.
    fn read(input: &Self::Input) -> Result<Self::Puzzle, ApiError>;
    /// The player's position of `placements`.
    fn pieces(placements: &[Self::Placement]) -> Self::Played;
    /// Whether judging `played` is a search that may be tried within a
    /// budget of nodes (false: deductions that count none).
    fn check_inline(input: &Self::Input, played: &Self::Played) -> bool;
    /// Whether a check tried within a budget left pieces unjudged.
    fn unjudged(checked: &Self::PlayCheck<'_>) -> bool;
    /// Whether the picture of `input` (with `placements`) is cheap enough
    /// to draw, and its solution to search, on the async threads.
    fn render_inline(input: &Self::Input, placements: Option<&[Self::Placement]>) -> bool;
    /// The puzzle, with `solution` on it.
    fn picture(puzzle: &Self::Puzzle, solution: Option<&Self::Solution>) -> String;
    /// The player's pieces on the puzzle, refused when the picture would
    /// pass `max_answer` bytes.
    fn play_picture(
        puzzle: &Self::Puzzle,
        played: &Self::Played,
        max_answer: usize,
    ) -> Result<String, ApiError>;
    /// The solution the puzzle carries, if any.
    fn carried(puzzle: &Self::Puzzle) -> Option<&Self::Solution>;
}

/// What a solve request asks beyond its puzzle.
pub struct Solve {
    pub all: bool,
    pub count: bool,
    pub limit: Option<u64>,
    pub time_limit: Option<Seconds>,
    pub node_limit: Option<u64>,
}

/// What a family's solve request adds to the report (place's grade), on
/// the search's worker.
pub type Finish<F> = fn(&mut <F as BoardPuzzle>::SolveReport<'_>, &Limits);

/// Solves and counts as the family's `solve --json` does, and `finish`es
/// the report. A small puzzle is tried on the async threads within a
/// budget of nodes, and on the expensive pool when that runs out; a
/// `finish` counts no nodes, so it goes there at once.
pub async fn solve<F: Door>(
    state: &State,
    input: F::Input,
    asked: Solve,
    finish: Option<Finish<F>>,
) -> Result<Response, ApiError> {
    if asked.limit == Some(0) {
        return Err(ApiError::at_path(
            "/limit",
            "the limit is a number of solutions, at least 1",
        ));
    }
    let time = time_limit(asked.time_limit, state.config.max_time)?;
    let search = Search::new(state, time, asked.node_limit);
    let mode = SolveMode::from_flags(asked.all, asked.count);
    let options = SolveOptions {
        mode,
        limit: asked.limit,
        keep: Some(state.config.max_solutions),
    };
    let inline = mode == SolveMode::Unique && finish.is_none() && F::small(&input);
    state
        .pools
        .search(inline, move |stop, budget| {
            let puzzle = F::read(&input)?;
            let limits = search.limits(stop, budget);
            let mut solved = F::solve_report(&puzzle, &options, &limits);
            if search.ran_out(budget, solved.found().stopped) {
                return Ok(None);
            }
            if let Some(finish) = finish {
                finish(&mut solved, &limits);
            }
            report(&solved).map(Some)
        })
        .await
}

/// The deductions, step by step, as the family's `explain --json` gives
/// them. They count no nodes and take seconds on a large puzzle: the
/// expensive pool, ending at the server's time limit (or when the client
/// leaves) with what they found.
pub async fn explain<F: Door>(state: &State, input: F::Input) -> Result<Response, ApiError> {
    let deadline = Instant::now() + state.config.max_time;
    state
        .pools
        .run(Cost::Expensive, move |stop| {
            let puzzle = F::read(&input)?;
            let explained = F::explain_report(&puzzle, &limits(deadline, stop));
            report(&explained)
        })
        .await?
}

/// The two questions about a player's position.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Question {
    /// The next deduction from it, or the pieces that fit no solution
    /// (`F::hint`): deductions that count no nodes, so on the expensive
    /// pool.
    Hint,
    /// The position judged (`F::check_play`): tried within a budget of
    /// nodes on the async threads when the family's check is a search on
    /// a small puzzle, else on the expensive pool.
    Check,
}

/// A player's position (`played` on `input`) answered as `question`
/// asks, within the request's time limit.
pub async fn play<F: Door>(
    state: &State,
    input: F::Input,
    played: F::Played,
    time: Option<Seconds>,
    question: Question,
) -> Result<Response, ApiError>
where
    F::Played: Send + Sync + 'static,
{
    let search = Search::new(state, time_limit(time, state.config.max_time)?, None);
    let inline = question == Question::Check && F::check_inline(&input, &played);
    state
        .pools
        .search(inline, move |stop, budget| {
            let puzzle = F::read(&input)?;
            let limits = search.limits(stop, budget);
            if question == Question::Hint {
                return report(&F::hint(&puzzle, &played, &limits)).map(Some);
            }
            let checked = F::check_play(&puzzle, &played, &limits);
            // A limit (or no solution at all) left pieces unjudged: the
            // expensive pool tries again without the budget.
            if search.ran_out(budget, F::unjudged(&checked)) {
                return Ok(None);
            }
            report(&checked).map(Some)
        })
        .await
}

/// The puzzle, its solution, or the player's pieces, drawn: the
/// solution is the one the puzzle carries, else the first the solver
/// finds (tried within a budget of nodes when the family prices the
/// picture cheap), else the bare puzzle with why there is none.
pub async fn render<F: Door>(
    state: &State,
    input: F::Input,
    placements: Option<Vec<F::Placement>>,
    solution: bool,
    time: Option<Seconds>,
) -> Result<Response, ApiError> {
    if solution && placements.is_some() {
        return Err(ApiError::bad(
            "give \"placements\" or \"solution\": true, not both",
        ));
    }
    let search = Search::new(state, time_limit(time, state.config.max_time)?, None);
    let inline = F::render_inline(&input, placements.as_deref());
    let max_answer = state.config.max_answer;
    state
        .pools
        .search(inline, move |stop, budget| {
            let puzzle = F::read(&input)?;
            if let Some(placements) = &placements {
                let played = F::pieces(placements);
                return svg_answer(F::play_picture(&puzzle, &played, max_answer)?).map(Some);
            }
            if !solution {
                return svg_answer(F::picture(&puzzle, None)).map(Some);
            }
            if let Some(carried) = F::carried(&puzzle) {
                return svg_answer(F::picture(&puzzle, Some(carried))).map(Some);
            }
            let goal = Goal { limit: 1, keep: 1 };
            let found = F::solve(&puzzle, goal, &search.limits(stop, budget));
            if search.ran_out(budget, found.stopped) {
                return Ok(None);
            }
            match found.solutions.first() {
                Some(first) => svg_answer(F::picture(&puzzle, Some(first))),
                None => report(&Picture {
                    reason: Some(found.verdict(goal.limit)),
                    svg: F::picture(&puzzle, None),
                }),
            }
            .map(Some)
        })
        .await
}

/// The limits of the work that counts no nodes (deductions, generate):
/// ending at `deadline` (counted from the request's arrival, as every
/// search's: waiting for a slot spends it), and the stop flag raised when
/// the client leaves.
pub fn limits(deadline: Instant, stop: Stop) -> Limits {
    Limits {
        deadline: Some(deadline),
        stop: Some(stop),
        ..Limits::none()
    }
}

/// Declares a family's board routes over [`Door`]: its puzzle fields
/// written once, in `BoardRequest` (the request of `explain`) and in
/// `SolveRequest`, `PlayRequest` and `RenderRequest` (each with the
/// fields every family's has, those the family adds, and a `take_input`
/// that lifts the puzzle out), and the routes `solve`, `explain`, `hint`,
/// `check`, `render` and `generate` with their entries in the document.
/// The family's doc comments describe the requests and the operations;
/// `finish` says what a solve request adds to the report, `played` reads
/// a play request's position, and `generate` names the family's own
/// generate handler. `serde(flatten)` would write the puzzle once too,
/// but serde cannot join it with `deny_unknown_fields`.
macro_rules! board_routes {
    (
        family: $family:ty, tag: $tag:literal, placement: $placement:ty,
        $(#[$input_meta:meta])*
        input: $input_name:ident {
            $($(#[$field_meta:meta])* $field:ident: $field_type:ty,)*
        },
        $(#[$explain_doc:meta])* explain -> $explain_answer:ident,
        $(#[$solve_meta:meta])*
        solve: $solve_name:ident { $($solve_extra:tt)* } finish $finish:expr,
        $(#[$solve_doc:meta])* solve -> $solve_answer:ident,
        $(#[$play_meta:meta])*
        play: $play_name:ident { $($play_extra:tt)* } played $played:expr,
        $(#[$hint_doc:meta])* hint -> $hint_answer:ident,
        $(#[$check_doc:meta])* check -> $check_answer:ident,
        $(#[$render_meta:meta])* render: $render_name:ident,
        $(#[$render_doc:meta])* render,
        $(#[$generate_doc:meta])*
        generate: $generate:ident($generate_request:ident) -> $generate_answer:ident $generated:literal,
    ) => {
        board_routes!(@request $(#[$input_meta])* BoardRequest as $input_name {
            $($(#[$field_meta])* $field: $field_type,)*
        });

        board_routes!(@request $(#[$solve_meta])* SolveRequest as $solve_name {
            $($(#[$field_meta])* $field: $field_type,)*
            /// Count every solution.
            #[serde(default)]
            count: bool,
            /// List every solution (at most the server's `--max-solutions`,
            /// default 1,000; the count goes on past them).
            #[serde(default)]
            all: bool,
            /// Stop at this many solutions (default 2, which proves one
            /// unique; no limit with `count` or `all`).
            #[schema(minimum = 1)]
            limit: Option<u64>,
            time_limit: Option<crate::input::Seconds>,
            /// The most search nodes.
            node_limit: Option<u64>,
            $($solve_extra)*
        });

        board_routes!(@request $(#[$play_meta])* PlayRequest as $play_name {
            $($(#[$field_meta])* $field: $field_type,)*
            /// The player's pieces, in the order laid.
            #[serde(default)]
            placements: Vec<$placement>,
            time_limit: Option<crate::input::Seconds>,
            $($play_extra)*
        });

        board_routes!(@request $(#[$render_meta])* RenderRequest as $render_name {
            $($(#[$field_meta])* $field: $field_type,)*
            /// The player's pieces to draw, in the order laid (those that break
            /// a rule of laying or lie off the board are left out).
            placements: Option<Vec<$placement>>,
            /// Draw the solution (not with `placements`): the one the
            /// puzzle carries, else the first the solver finds within the
            /// time limit.
            #[serde(default)]
            solution: bool,
            time_limit: Option<crate::input::Seconds>,
        });

        board_routes!(@take SolveRequest; $($field)*);
        board_routes!(@take PlayRequest; $($field)*);
        board_routes!(@take RenderRequest; $($field)*);

        board_routes!(@route $(#[$solve_doc])* solve($tag, SolveRequest) -> [$solve_answer],
            "The solutions found", |state, request| {
            let mut request = request;
            let asked = super::board::Solve {
                all: request.all,
                count: request.count,
                limit: request.limit,
                time_limit: request.time_limit,
                node_limit: request.node_limit,
            };
            let finish: fn(&SolveRequest) -> Option<super::board::Finish<$family>> = $finish;
            let finish = finish(&request);
            super::board::solve::<$family>(&state, request.take_input(), asked, finish).await
        });
        board_routes!(@route $(#[$explain_doc])* explain($tag, BoardRequest) -> [$explain_answer],
            "The deductions", |state, request| {
            super::board::explain::<$family>(&state, request).await
        });
        board_routes!(@route $(#[$hint_doc])* hint($tag, PlayRequest) -> [$hint_answer],
            "The hint", |state, request| {
            request.ask(&state, super::board::Question::Hint).await
        });
        board_routes!(@route $(#[$check_doc])* check($tag, PlayRequest) -> [$check_answer],
            "The check", |state, request| {
            request.ask(&state, super::board::Question::Check).await
        });
        board_routes!(@route $(#[$render_doc])* render($tag, RenderRequest) -> [crate::input::Picture],
            "The picture", |state, request| {
            let mut request = request;
            let input = request.take_input();
            let (placements, solution) = (request.placements, request.solution);
            let time = request.time_limit;
            super::board::render::<$family>(&state, input, placements, solution, time).await
        });
        board_routes!(@route $(#[$generate_doc])* generate($tag, $generate_request)
            -> [$generate_answer], $generated, |state, request| {
            $generate(state, request).await
        });

        impl PlayRequest {
            /// The request's `question` answered.
            async fn ask(
                mut self,
                state: &crate::State,
                question: super::board::Question,
            ) -> Result<::axum::response::Response, crate::error::ApiError> {
                let played: fn(&PlayRequest) -> <$family as ::domino::board::BoardPuzzle>::Played =
                    $played;
                let (played, time) = (played(&self), self.time_limit);
                super::board::play::<$family>(state, self.take_input(), played, time, question).await
            }
        }
    };
    (@route $(#[$doc:meta])* $verb:ident($tag:literal, $request:ident) -> [$($answer:tt)+],
        $description:literal, |$state:ident, $body_request:ident| $body:block) => {
        $(#[$doc])*
        #[utoipa::path(post, path = concat!("/api/v1/", $tag, "/", stringify!($verb)),
            responses((status = 200, description = $description, body = $($answer)+)))]
        pub async fn $verb(
            ::axum::extract::State($state): ::axum::extract::State<crate::State>,
            crate::body::Json($body_request): crate::body::Json<$request>,
        ) -> Result<::axum::response::Response, crate::error::ApiError> {
            $body
        }
    };
    (@request $(#[$meta:meta])* $request:ident as $schema:ident { $($body:tt)* }) => {
        $(#[$meta])*
        #[derive(::serde::Deserialize, ::utoipa::ToSchema)]
        #[serde(deny_unknown_fields)]
        #[schema(as = $schema)]
        pub struct $request { $($body)* }
    };
    (@take $request:ident; $($field:ident)*) => {
        impl $request {
            /// The request's puzzle, taken out of it.
            fn take_input(&mut self) -> BoardRequest {
                BoardRequest {
                    $($field: std::mem::take(&mut self.$field),)*
                }
            }
        }
    };
}
pub(crate) use board_routes;
