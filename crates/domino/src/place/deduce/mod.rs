//! The deduction engine: solving a board the way a person does, with
//! levelled techniques over the candidate placements, each step recorded
//! in plain words.
//!
//! | level | techniques |
//! |---|---|
//! | trivial | clue pieces; a cell with only one partner; a bone with only one place |
//! | basic | a cell whose every option is one bone; a bone whose every place covers one cell; a placement that covers every place of another bone, leaves a neighbour with no partner (or only a duplicate), leaves two neighbours needing the same bone, or cuts the free cells into parts of odd size (the reference's parity rule: the piece is the only link between two even parts) |
//! | basic, beyond the reference | a placement whose two cells enclose a region of odd size, or do so once its bone's other places go |
//! | hard | set analysis on one number, up to 9 cells or bones: cells that can take only as many bones as there are cells (the double among them when no two of the cells can take it together); bones that can lie only on as many such cells as they need (pieces' side, beyond the reference) |
//! | extreme | the same sets when two of the cells can take the double together; forcing chains through cells and bones with two options (any length, beyond the reference's) |
//!
//! The levels are a superset of the reference Dominosa's (Simon Tatham's
//! dominosa.c): a puzzle it solves at a level is solved here at that level
//! or one easier, where a technique beyond it finishes sooner
//! (`tests/all/place_calibration.rs` holds that on 128 of its puzzles).
//!
//! The runner always uses the easiest technique that makes progress, so
//! the grade of a board ([`Grade`]) is the hardest level it needs (`search`
//! when the techniques stop before the end). Every technique is sound: it only
//! rules out placements that no solution uses, so when the deductions
//! finish, the solution is unique.

mod basic;
mod chains;
mod groups;
mod state;
mod trivial;
mod words;

use super::{validate, Grid, Limits, Placement};
pub(crate) use state::{Lists, State};

/// How hard a technique is, and so how hard a puzzle that the techniques
/// finish is: the difficulty a generated puzzle is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Clue pieces, cells with one partner left and bones with one place
    /// left finish the board.
    Trivial,
    /// Also needs what one cell, one bone or one placement implies locally
    /// (a bone forced onto a cell, a placement that blocks, starves or cuts
    /// off an odd region).
    Basic,
    /// Also needs set analysis on one number (groups of up to 9 cells or
    /// bones) where the double cannot cover two cells of the set.
    Hard,
    /// Also needs the set analysis where the double can cover two of the
    /// cells, or forcing chains.
    Extreme,
}

crate::named!(Level, "level", "PlaceLevel", [
    Level::Trivial => "trivial",
    Level::Basic => "basic",
    Level::Hard => "hard",
    Level::Extreme => "extreme",
]);

impl Level {
    /// The level just below, if any.
    pub fn easier(self) -> Option<Level> {
        Level::ALL.iter().rev().copied().find(|&l| l < self)
    }
}

/// How hard a board is: the hardest [`Level`] its deductions need when
/// they finish it, else [`Grade::Search`]. Ordered easiest first, search
/// last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    /// The techniques up to this level finish the board (so its solution
    /// is unique).
    Level(Level),
    /// The techniques do not finish: a search is needed (or the board has
    /// no solution, or more than one).
    Search,
}

crate::named!(Grade, "grade", "PlaceGrade", [
    Grade::Level(Level::Trivial) => "trivial",
    Grade::Level(Level::Basic) => "basic",
    Grade::Level(Level::Hard) => "hard",
    Grade::Level(Level::Extreme) => "extreme",
    Grade::Search => "search",
]);

impl Grade {
    /// The level, unless a search is needed.
    pub fn level(self) -> Option<Level> {
        match self {
            Grade::Level(level) => Some(level),
            Grade::Search => None,
        }
    }
}

impl From<Level> for Grade {
    fn from(level: Level) -> Grade {
        Grade::Level(level)
    }
}

/// One technique of the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Technique {
    /// A clue piece given with the puzzle is placed (trivial).
    Clue,
    /// A cell has one placement left, so its one possible partner cell and
    /// bone go there (trivial).
    OnlyPartner,
    /// A bone has one place left on the board, so it goes there (trivial).
    OnlyPlace,
    /// Every placement left on a cell is the same bone, so that bone's
    /// places elsewhere are ruled out (basic).
    OneBoneCell,
    /// Every place left for a bone covers the same cell, so other bones'
    /// placements on that cell are ruled out (basic).
    PinnedCell,
    /// A placement would cover every place left for another bone, so it is
    /// ruled out (basic).
    BlocksPiece,
    /// A placement would leave a neighbouring cell with no partner (or only
    /// a duplicate of its own bone), so it is ruled out (basic).
    StarvesNeighbour,
    /// A placement would leave two neighbouring cells that both need the
    /// same bone, which cannot cover both, so it is ruled out (basic).
    ForcedDuplicate,
    /// A placement is the only link between two even parts of the free
    /// cells, which it would leave odd, so it is ruled out (basic; the
    /// reference Dominosa's parity rule).
    OddRegion,
    /// A placement would enclose a region of free cells of odd size (maybe
    /// once its bone's other places go), which can never be covered, so it
    /// is ruled out (basic, beyond the reference).
    EnclosedRegion,
    /// Cells showing one number that between them can take only as many
    /// bones as there are cells take those bones, which go nowhere else;
    /// no two of the cells can take the double together (hard).
    NumberGroup,
    /// Bones showing one number whose places cover only as many cells
    /// showing it as they need must fill those cells, so no other bone goes
    /// on them (hard, beyond the reference).
    PieceGroup,
    /// A number group in which the double can cover two of the cells, which
    /// decides how many of them the double covers (extreme).
    DoubleGroup,
    /// Trying one of the two options of a cell or a bone forces placements
    /// that leave some cell or bone with nothing, so that option is ruled
    /// out (extreme).
    ForcingChain,
}

impl Technique {
    /// The name a step shows for it, in lowercase words (`"only partner"`),
    /// as in explain's `technique` field.
    pub fn name(self) -> &'static str {
        match self {
            Technique::Clue => "clue",
            Technique::OnlyPartner => "only partner",
            Technique::OnlyPlace => "only place",
            Technique::OneBoneCell => "one piece fits",
            Technique::PinnedCell => "pinned cell",
            Technique::BlocksPiece => "blocks a piece",
            Technique::StarvesNeighbour => "starves a neighbour",
            Technique::ForcedDuplicate => "forces a duplicate",
            Technique::OddRegion => "odd region",
            Technique::EnclosedRegion => "enclosed region",
            Technique::NumberGroup => "number group",
            Technique::PieceGroup => "piece group",
            Technique::DoubleGroup => "double group",
            Technique::ForcingChain => "forcing chain",
        }
    }

    /// The level the technique belongs to (written here only): a board's
    /// grade is the highest level among the steps that solve it.
    pub fn level(self) -> Level {
        match self {
            Technique::Clue | Technique::OnlyPartner | Technique::OnlyPlace => Level::Trivial,
            Technique::OneBoneCell
            | Technique::PinnedCell
            | Technique::BlocksPiece
            | Technique::StarvesNeighbour
            | Technique::ForcedDuplicate
            | Technique::OddRegion
            | Technique::EnclosedRegion => Level::Basic,
            Technique::NumberGroup | Technique::PieceGroup => Level::Hard,
            Technique::DoubleGroup | Technique::ForcingChain => Level::Extreme,
        }
    }

    /// True for techniques the reference Dominosa lacks at their level:
    /// an odd region enclosed by a piece's two cells (or its other places
    /// going) where the piece is not the only link between two parts, set
    /// analysis from the pieces' side, and forcing chains that follow every
    /// forced piece rather than only cells with two options.
    pub fn beyond_reference(self) -> bool {
        matches!(
            self,
            Technique::EnclosedRegion | Technique::PieceGroup | Technique::ForcingChain
        )
    }
}

/// What a technique found, before it is applied.
pub(crate) struct Found {
    pub(crate) technique: Technique,
    pub(crate) text: String,
    pub(crate) cells: Vec<usize>,
    pub(crate) action: Action,
}

pub(crate) enum Action {
    Place(usize),
    Remove(Vec<usize>),
}

/// One step of a deduction, as applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique that made the step.
    pub technique: Technique,
    /// The step in plain words (empty unless asked for).
    pub text: String,
    /// The cells the step is about.
    pub cells: Vec<usize>,
    /// The piece placed, if the step placed one.
    pub placed: Option<Placement>,
    /// The placements ruled out.
    pub removed: Vec<Placement>,
}

/// The outcome of running the techniques.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deduction {
    /// Every step applied, in order; the runner always took the easiest
    /// technique that made progress.
    pub steps: Vec<Step>,
    /// Every cell is covered: the deductions solved the board, and the
    /// solution is unique.
    pub complete: bool,
    /// Why the board has no solution, when the check or a step shows it.
    pub contradiction: Option<String>,
    /// The placements made, in order.
    pub placed: Vec<Placement>,
    /// How many cells are covered when the deductions stop.
    pub covered: usize,
    /// A limit (the deadline, the stop flag) ended the deductions before
    /// they ran out of techniques: what they found is true, not all there
    /// is.
    pub stopped: bool,
}

impl Deduction {
    /// The hardest level used by a step (trivial when there is none).
    pub fn hardest(&self) -> Level {
        self.steps
            .iter()
            .map(|s| s.technique.level())
            .max()
            .unwrap_or(Level::Trivial)
    }

    /// The grade: the hardest level used when complete, else `search`.
    pub fn grade(&self) -> Grade {
        if self.complete {
            Grade::Level(self.hardest())
        } else {
            Grade::Search
        }
    }
}

type TechniqueFn = fn(&State, bool) -> Vec<Found>;

/// The techniques in the order they are tried, easiest first, each with
/// the technique whose level gates it (the ones a function finds share
/// that level).
const TECHNIQUES: &[(Technique, TechniqueFn)] = &[
    (Technique::OnlyPartner, trivial::singles),
    (Technique::OneBoneCell, basic::one_bone_cell),
    (Technique::PinnedCell, basic::pinned_cell),
    (Technique::BlocksPiece, basic::blocks_piece),
    (Technique::StarvesNeighbour, basic::starves_neighbour),
    (Technique::ForcedDuplicate, basic::forced_duplicate),
    (Technique::OddRegion, basic::odd_region),
    (Technique::PieceGroup, groups::piece_groups),
    (Technique::NumberGroup, |s, e| {
        groups::cell_groups(s, false, e)
    }),
    (Technique::DoubleGroup, |s, e| {
        groups::cell_groups(s, true, e)
    }),
    (Technique::ForcingChain, chains::forcing_chains),
];

/// Whether the steps carry their text (for people) or not (for grading
/// and generating, where only the placements count).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Words {
    With,
    Without,
}

/// Runs the techniques up to level `max` on `board` until it is solved,
/// they stop, a contradiction shows, or `limits` say so (their deadline or
/// stop flag; the node limit is for searches), with the steps found until
/// then and [`Deduction::stopped`] set. The techniques take seconds on
/// large boards that need a search (double-50: 15 s), too long for a
/// server to run unchecked. The steps carry no text: see [`explain`] for
/// that.
///
/// ```
/// use domino::place::{deduce, parse_grids, Grade, Level, Limits};
///
/// // One row of a double-1 set: the ends force everything.
/// let board = &parse_grids("0 0 0 1 1 1", None).unwrap()[0];
/// let d = deduce(board, Level::Extreme, &Limits::none());
/// assert!(d.complete);
/// assert_eq!(d.grade(), Grade::Level(Level::Trivial));
/// ```
pub fn deduce(board: &Grid, max: Level, limits: &Limits) -> Deduction {
    run(board, None, &[], max, Words::Without, limits)
}

/// Like [`deduce`], each step with its text in plain words.
///
/// ```
/// use domino::place::{explain, parse_grids, Level, Limits};
///
/// let board = &parse_grids("0 0 0 1 1 1", None).unwrap()[0];
/// let d = explain(board, Level::Extreme, &Limits::none());
/// assert!(d.steps[0].text.contains("can only"));
/// ```
pub fn explain(board: &Grid, max: Level, limits: &Limits) -> Deduction {
    run(board, None, &[], max, Words::With, limits)
}

/// Like [`explain`], with the placements on the pairs of cells `ruled_out`
/// (cell indices, smaller first) gone before the first technique: a
/// player's marks "no domino here". Their removal is no step, so a step
/// that only rules out what the player ruled out already is not taken.
pub(crate) fn explain_ruling_out(
    board: &Grid,
    ruled_out: &[[usize; 2]],
    max: Level,
    limits: &Limits,
) -> Deduction {
    run(board, None, ruled_out, max, Words::With, limits)
}

/// [`deduce`] on lists the caller made already (the generator reuses them
/// across its rounds).
pub(crate) fn deduce_with(board: &Grid, lists: &Lists, max: Level, limits: &Limits) -> Deduction {
    run(board, Some(lists), &[], max, Words::Without, limits)
}

/// Runs the techniques on `board` less the placements on the pairs of
/// cells `ruled_out`, with its `lists` when the caller has
/// them; they are made here otherwise, once the board passed the check
/// (a malformed board could not be listed).
fn run(
    board: &Grid,
    lists: Option<&Lists>,
    ruled_out: &[[usize; 2]],
    max: Level,
    words: Words,
    limits: &Limits,
) -> Deduction {
    let explain = words == Words::With;
    let mut outcome = Deduction {
        steps: Vec::new(),
        complete: false,
        contradiction: None,
        placed: Vec::new(),
        covered: 0,
        stopped: false,
    };
    if let Err(reason) = validate(board) {
        outcome.contradiction = Some(reason.to_string());
        return outcome;
    }
    let made;
    let lists = match lists {
        Some(lists) => lists,
        None => {
            made = Lists::new(board);
            &made
        }
    };
    let mut state = State::new(board, lists);
    state.limits = limits.clone();
    let clues: Vec<Found> = board
        .clues
        .iter()
        .filter_map(|clue| {
            let k = lists.cands.iter().position(|p| p.cells == clue.cells)?;
            let text = if explain {
                format!(
                    "the clue {} lies on {}",
                    words::bone(&state, lists.cands[k].bone),
                    words::place(&state, k)
                )
            } else {
                String::new()
            };
            Some(Found {
                technique: Technique::Clue,
                text,
                cells: clue.cells.to_vec(),
                action: Action::Place(k),
            })
        })
        .collect();
    apply(&mut state, clues, &mut outcome, false);
    for (k, p) in lists.cands.iter().enumerate() {
        if ruled_out.contains(&p.cells) {
            state.remove(k);
        }
    }
    // The steps kept grow with the deductions: counted as they come.
    let (mut counted, mut bytes) = (0, 0);
    'run: while state.contradiction.is_none() && !state.is_solved() {
        for &(gate, technique) in TECHNIQUES {
            let level = gate.level();
            if level > max {
                break;
            }
            bytes += outcome.steps[counted..]
                .iter()
                .map(step_bytes)
                .sum::<usize>();
            counted = outcome.steps.len();
            // Read before each technique (and inside the long ones, see
            // `State::halted`): one round of the extreme ones on a large
            // board takes a good part of a second.
            if limits.reached() || limits.memory_exceeded(bytes) {
                outcome.stopped = true;
                break 'run;
            }
            let found = technique(&state, explain);
            // Hard and extreme steps go one at a time, then easier ones
            // follow up, as a person would (and the explanation stays short).
            if apply(&mut state, found, &mut outcome, level >= Level::Hard) {
                continue 'run;
            }
        }
        break;
    }
    if let Some(item) = state.contradiction {
        let cells = board.values.len();
        outcome.contradiction = Some(if item < cells {
            format!("{} has no piece left", words::cell(&state, item))
        } else {
            format!("{} has no place left", words::bone(&state, item - cells))
        });
    }
    outcome.complete = state.is_solved();
    outcome.covered = board.cell_count() - state.open_cells;
    outcome
}

/// The bytes a kept step takes.
fn step_bytes(step: &Step) -> usize {
    std::mem::size_of::<Step>()
        + step.text.capacity()
        + step.cells.capacity() * std::mem::size_of::<usize>()
        + step.removed.capacity() * std::mem::size_of::<Placement>()
}

/// Applies what a technique found, in order, skipping what earlier steps
/// already did (only the first step that changes something when
/// `first_only`); true when anything changed.
fn apply(state: &mut State, found: Vec<Found>, outcome: &mut Deduction, first_only: bool) -> bool {
    let mut changed = false;
    for f in found {
        if state.contradiction.is_some() || (changed && first_only) {
            break;
        }
        let (placed, removed) = match f.action {
            Action::Place(k) => {
                let p = state.cands[k];
                if state.alive[k] && state.cell_done[p.cells[0]] {
                    continue;
                }
                let removed = state.place(k);
                (Some(p), removed)
            }
            Action::Remove(list) => {
                let removed: Vec<usize> = list.into_iter().filter(|&k| state.remove(k)).collect();
                if removed.is_empty() {
                    continue;
                }
                (None, removed)
            }
        };
        changed = true;
        if let Some(p) = placed {
            outcome.placed.push(p);
        }
        outcome.steps.push(Step {
            technique: f.technique,
            text: f.text,
            cells: f.cells,
            placed,
            removed: removed.iter().map(|&k| state.cands[k]).collect(),
        });
    }
    changed
}

/// The grade of `board`: the hardest level its deductions need, or
/// `search` when they do not finish (or `limits` stopped them).
pub fn grade(board: &Grid, limits: &Limits) -> Grade {
    deduce(board, Level::Extreme, limits).grade()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::place::parse_grids;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    /// A raised stop flag ends the deductions before their first
    /// technique; without it the same board is solved.
    #[test]
    fn a_stop_flag_ends_the_deductions() {
        let board = &parse_grids("0 0 0 1 1 1", None).unwrap()[0];
        let stop = Limits::new(None, None, Some(Arc::new(AtomicBool::new(true))));
        let cut = explain(board, Level::Extreme, &stop);
        assert!(
            cut.stopped && !cut.complete && cut.steps.is_empty(),
            "{cut:?}"
        );
        let full = explain(board, Level::Extreme, &Limits::none());
        assert!(!full.stopped && full.complete, "{full:?}");
    }
}
