//! The vanish family: pieces lying on a board vanish when the free space
//! next to them matches their values; remove as many as possible.
//!
//! [`parse_board`] reads the text or XML format (detected from the text),
//! [`solve`] runs one of the [`Algorithm`]s (the exact one proves its
//! score), [`verify_order`] replays any removal order from the rules alone,
//! and [`generate`] makes random boards, optionally guaranteed clearable.
//! The board is plain data ([`Board`], [`Piece`]) and an order is a list of
//! piece indices, so every frame of a removal can be drawn from them.

mod approx;
mod board;
mod bound;
mod control;
mod exact;
mod generate;
mod local;
mod model;
mod play;
mod report;
mod sides;
mod state;
mod stubborn;
mod table;
mod text;
mod verify;
mod xml;

pub use board::{Board, BoardError, Orientation, Piece, MAX_SQUARES};
pub use control::{Options, OptionsError, Progress, Solution};
pub use generate::{
    generate, generate_clearable, GenerateError, Request, MAX_CLEARABLE_SQUARES,
    MAX_GENERATED_SQUARES,
};
pub use play::{moves, moves_within, position, Moves};
pub use report::{
    CompareDocument, CompareReport, CompareRow, CompareRowDocument, ProgressFn, SolveDocument,
    SolveReport,
};
pub use text::{board_to_text, parse_solution, parse_text, solution_to_text};
pub use verify::{verify_order, IllegalRemoval};
pub use xml::{board_to_xml, parse_xml};

use crate::input_error::InputError;
use control::Control;
use sides::Sides;
use state::{zobrist_keys, State};

/// Reads a board in the XML format when the text starts with `<`, in the
/// text format otherwise.
pub fn parse_board(text: &str) -> Result<Board, InputError> {
    if text.trim_start().starts_with('<') {
        parse_xml(text)
    } else {
        parse_text(text)
    }
}

/// The width and height a board's text declares (the text format's `W;H`
/// header, the XML root's attributes), read without the pieces: what a
/// server prices a request by before it builds anything (a board has at
/// most half a piece a square, and its picture grows with its squares).
/// None when the header does not read; [`parse_board`] then says why.
///
/// ```
/// use domino::vanish::declared_size;
///
/// assert_eq!(declared_size("\n350;200\nh;0;5;0;0\n"), Some((350, 200)));
/// assert_eq!(declared_size("<domino_board width=\"4\" height=\"1\"/>"), Some((4, 1)));
/// assert_eq!(declared_size("garbage"), None);
/// ```
pub fn declared_size(text: &str) -> Option<(usize, usize)> {
    if text.trim_start().starts_with('<') {
        xml::declared_size(text)
    } else {
        text::declared_size(text)
    }
}

/// The algorithms `solve` can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Proves the optimum: a short branch and bound, then an ordering
    /// model solved by a constraint solver that learns (see the `exact`
    /// and `model` modules).
    Exact,
    /// The ordering model alone, from a greedy order: the constraint
    /// solver without the branch and bound, for comparison.
    Model,
    /// One greedy line of play with a one-move look-ahead.
    Greedy,
    /// Beam search ([`Options::beam_width`] positions per depth).
    Beam,
    /// Randomized greedy restarts until the time limit.
    Anytime,
    /// The report's exact search, depth first, cut off after n² positions
    /// (the report's approximation by M. Bysiek).
    CappedDfs,
    /// A sweep in board order that holds back pieces other pieces wait for
    /// (the report's approximation by S. Peryt).
    DelayingGreedy,
    /// The sweep in board order, removing whatever is removable (the
    /// report's approximation by R. Łojek).
    Scan,
}

crate::named!(Algorithm, "algorithm", "VanishAlgorithm", [
    Algorithm::Exact => "exact",
    Algorithm::Model => "model",
    Algorithm::Greedy => "greedy",
    Algorithm::Beam => "beam",
    Algorithm::Anytime => "anytime",
    Algorithm::CappedDfs => "capped-dfs",
    Algorithm::DelayingGreedy => "delaying-greedy",
    Algorithm::Scan => "scan",
]);

/// Runs `algorithm` on `board` within `options` (its limits and knobs),
/// calling `progress` now and then during long searches. Every algorithm
/// returns a legal order, the best found when a limit stops it; an
/// approximate one is marked optimal only when its score meets the proven
/// lower bound. Options out of range (a beam width outside
/// [`crate::search::defaults::BEAM_WIDTH`]) are refused before any work.
pub fn solve(
    board: &Board,
    algorithm: Algorithm,
    options: &Options,
    progress: Option<&mut dyn FnMut(&Progress)>,
) -> Result<Solution, OptionsError> {
    options.check()?;
    let pieces = board.pieces().len();
    let Some(sides) = Sides::within(board, &mut || options.limits.reached()) else {
        // Stopped while the rules were compiled: nothing removed yet.
        return Ok(Solution {
            score: pieces,
            optimal: pieces == 0,
            order: Vec::new(),
            states: 0,
            lower_bound: 0,
            stopped: true,
        });
    };
    let positions: Vec<(usize, usize)> = board.pieces().iter().map(|p| (p.x, p.y)).collect();
    match algorithm {
        Algorithm::Exact => {
            return Ok(exact::solve_exact(
                board, &sides, &positions, options, progress,
            ))
        }
        Algorithm::Model => {
            return Ok(exact::solve_model(
                board, &sides, &positions, options, progress,
            ))
        }
        _ => {}
    }
    let zobrist = zobrist_keys(sides.pieces);
    let mut control = Control::new(options, progress);
    let root = State::within(&sides, &zobrist, &mut || control.check_limits());
    // What every algorithm keeps besides its own work: the compiled board,
    // the starting position, the pieces' squares and hash keys.
    let held = sides.heap_bytes()
        + root.heap_bytes()
        + positions.capacity() * std::mem::size_of::<(usize, usize)>()
        + zobrist.capacity() * std::mem::size_of::<u64>();
    // Past the memory limit already: the bound's preparation stops at
    // once too.
    control.memory_exceeded(held);
    let (bound, _) = local::root_bound(&root, &positions, &mut || control.preparation_over());
    let order = match algorithm {
        Algorithm::Greedy => approx::greedy_order(&root, &mut control, held),
        Algorithm::Beam => approx::beam_order(&root, &mut control, bound, held),
        Algorithm::Anytime => approx::anytime_order(&root, &mut control, bound, held),
        Algorithm::CappedDfs => approx::capped_dfs_order(&root, &mut control, held),
        Algorithm::DelayingGreedy => {
            approx::delaying_greedy_order(&root, &positions, &mut control, held)
        }
        Algorithm::Scan | Algorithm::Exact | Algorithm::Model => {
            approx::scan_order(&root, &positions, &mut control, held)
        }
    };
    let score = sides.pieces - order.len();
    Ok(Solution {
        score,
        optimal: score <= bound,
        order,
        states: control.states,
        lower_bound: bound,
        stopped: control.stopped(),
    })
}
