//! Play support for a person solving a board by hand: the pieces they have
//! laid so far (pairs of cells, in the order laid) read against the board.
//!
//! - [`check_play`]: the pieces that break a rule (a cell off the board or on a
//!   hole, cells that are not neighbours, a piece over a clue or over an
//!   earlier piece), the pieces no solution has (the unique solution, or
//!   every solution when there are several), the pieces laid twice, how
//!   often each piece of the set is on the board, and whether it is solved.
//! - [`hint`]: the pieces that contradict every solution, when there are
//!   any; otherwise the next deduction from the player's position: the
//!   player's pieces become clues, the pairs they marked "no domino here"
//!   are ruled out, and the deduction engine ([`super::deduce`]) takes its
//!   first step from there (one that changes the position: a step that
//!   only rules out marked pairs is not taken).
//!
//! Marks (Dominosa's edge marks) are pairs of neighbouring cells the player
//! says no domino covers; a mark on cells that are not two neighbouring
//! numbered cells rules nothing out. A mark is wrong when the unique
//! solution lays a domino on its two cells (with several solutions marks
//! are not judged).
//!
//! The solver is the oracle: "wrong" means the exact search, with the
//! piece laid as a clue, finds no solution. Both answers serialize as the
//! JSON documents of the HTTP API's `/place/check` and `/place/hint`.

use super::deduce::explain_ruling_out;
use super::grid::{Clue, Grid, Map, Placement};
use super::report::StepDocument;
use super::{solve, verify, Goal, Level, Limits, Step, Technique};
use crate::tile::{bone_number, Value};
use crate::Cell;
use serde::ser::{Serialize, Serializer};

/// A piece as the player laid it, or a mark: its two cells, in either
/// order.
pub type Laid = [Cell; 2];

/// A laid piece that breaks a rule.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = PlaceBroken))]
pub struct Broken {
    /// Its index in the player's list.
    pub index: usize,
    /// Which rule, in words.
    pub reason: String,
}

/// A piece of the set laid more than once (a clue counts as laid).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Duplicate {
    /// The piece's bone number (from 1, as in the solution maps).
    pub bone: usize,
    /// The indices of the player's pieces that lay it.
    pub placements: Vec<usize>,
}

/// The player's pieces read against the board.
struct Position<'a> {
    board: &'a Grid,
    /// Each laid piece as a placement, when it breaks no rule.
    pieces: Vec<Option<Placement>>,
    broken: Vec<Broken>,
    /// Each laid piece as a placement when it lies on two neighbouring
    /// numbered cells, broken or not (what the player sees as a piece).
    shapes: Vec<Option<Placement>>,
    /// How many times each bone lies on the board (clues and every shaped
    /// laid piece); index 0 unused.
    used: Vec<usize>,
    /// Each mark as the placement it rules out, when it lies on two
    /// neighbouring numbered cells.
    marks: Vec<Option<Placement>>,
}

/// What covers a cell while the pieces are read.
#[derive(Clone, Copy)]
enum Owner {
    Clue(usize),
    Piece(usize),
}

impl<'a> Position<'a> {
    fn read(board: &'a Grid, laid: &[Laid], marks: &[Laid]) -> Position<'a> {
        let mut owner: Vec<Option<Owner>> = vec![None; board.values.len()];
        let mut used = vec![0usize; board.bone_count() + 1];
        for (k, clue) in board.clues.iter().enumerate() {
            for &cell in &clue.cells {
                owner[cell] = Some(Owner::Clue(k));
            }
            if let Some(bone) = board.clue_bone(clue) {
                used[bone] += 1;
            }
        }
        let mut pieces = Vec::with_capacity(laid.len());
        let mut shapes = Vec::with_capacity(laid.len());
        let mut broken = Vec::new();
        for (index, &cells) in laid.iter().enumerate() {
            let shaped = shape(board, cells);
            if let Ok(p) = shaped {
                used[p.bone] += 1;
            }
            shapes.push(shaped.as_ref().ok().copied());
            let verdict = shaped.and_then(|p| match p.cells.map(|c| owner[c]) {
                [Some(Owner::Clue(k)), _] | [_, Some(Owner::Clue(k))] => {
                    let (r, c) = board.position(board.clues[k].cells[0]);
                    Err(format!("it lies on the clue piece at ({r},{c})"))
                }
                [Some(Owner::Piece(j)), _] | [_, Some(Owner::Piece(j))] => {
                    Err(format!("it overlaps piece {j}, laid before it"))
                }
                [None, None] => Ok(p),
            });
            match verdict {
                Ok(p) => {
                    for c in p.cells {
                        owner[c] = Some(Owner::Piece(index));
                    }
                    pieces.push(Some(p));
                }
                Err(reason) => {
                    broken.push(Broken { index, reason });
                    pieces.push(None);
                }
            }
        }
        Position {
            board,
            pieces,
            broken,
            shapes,
            used,
            marks: marks.iter().map(|&m| shape(board, m).ok()).collect(),
        }
    }

    /// The pieces that break no rule, with their indices.
    fn valid(&self) -> impl Iterator<Item = (usize, Placement)> + '_ {
        self.pieces
            .iter()
            .enumerate()
            .filter_map(|(k, p)| p.map(|p| (k, p)))
    }

    /// Every cell covered once, every bone once: the board is solved.
    fn solved(&self) -> bool {
        if !self.broken.is_empty() {
            return false;
        }
        let clues = self.board.clues.iter().filter_map(|clue| {
            Some(Placement {
                bone: self.board.clue_bone(clue)?,
                cells: clue.cells,
            })
        });
        let map = Map::from_placements(self.board, clues.chain(self.valid().map(|(_, p)| p)));
        verify(self.board, &map).is_ok()
    }

    fn duplicates(&self) -> Vec<Duplicate> {
        let mut out: Vec<Duplicate> = Vec::new();
        for (bone, _) in self.used.iter().enumerate().filter(|&(_, &n)| n > 1) {
            out.push(Duplicate {
                bone,
                placements: Vec::new(),
            });
        }
        for (index, p) in self.shapes.iter().enumerate() {
            if let Some(p) = p {
                if let Ok(at) = out.binary_search_by_key(&p.bone, |d| d.bone) {
                    out[at].placements.push(index);
                }
            }
        }
        out
    }
}

/// The placement of `laid` on `board`, or why it is no piece: a cell off
/// the board or on a hole, or two cells that are not neighbours.
fn shape(board: &Grid, laid: Laid) -> Result<Placement, String> {
    let mut cells = [0usize; 2];
    let mut values: [Value; 2] = [0; 2];
    for (k, (r, c)) in laid.into_iter().enumerate() {
        if r >= board.rows || c >= board.cols {
            return Err(format!(
                "({r},{c}) is off the board ({} rows, {} columns)",
                board.rows, board.cols
            ));
        }
        cells[k] = r * board.cols + c;
        values[k] = board.values[cells[k]].ok_or_else(|| format!("({r},{c}) is a hole"))?;
    }
    let [p, q] = laid;
    if p == q {
        return Err(format!("both halves are on ({},{})", p.0, p.1));
    }
    if p.0.abs_diff(q.0) + p.1.abs_diff(q.1) != 1 {
        return Err(format!(
            "({},{}) and ({},{}) are not next to each other",
            p.0, p.1, q.0, q.1
        ));
    }
    Ok(Placement {
        bone: bone_number(values[0], values[1], board.set),
        cells: [cells[0].min(cells[1]), cells[0].max(cells[1])],
    })
}

/// `board` with `pieces` laid as clues.
fn with_clues(board: &Grid, pieces: impl IntoIterator<Item = Placement>) -> Grid {
    let mut out = board.clone();
    out.clues
        .extend(pieces.into_iter().map(|p| Clue { cells: p.cells }));
    out
}

/// True when `board` with `pieces` laid has no solution; `None` when a
/// limit stopped the search before it could tell.
fn fits_nothing(board: &Grid, pieces: &[Placement], limits: &Limits) -> Option<bool> {
    let found = solve(
        &with_clues(board, pieces.iter().copied()),
        Goal { limit: 1, keep: 0 },
        limits,
    );
    match (found.count, found.complete) {
        (0, true) => Some(true),
        (0, false) => None,
        _ => Some(false),
    }
}

/// What the solutions say about the pieces that break no rule.
struct Verdict {
    /// Pieces no solution has.
    wrong: Vec<usize>,
    /// Marks on the two cells of a piece of the unique solution.
    wrong_marks: Vec<usize>,
    /// Why nothing more can be said (no solution; a limit stopped the
    /// search).
    reason: Option<String>,
    /// The board has more than one solution (so pieces right one by one
    /// may still clash together).
    several: bool,
}

const STOPPED: &str = "the search stopped at its time limit before every piece was judged";

fn judge(position: &Position, limits: &Limits) -> Verdict {
    let board = position.board;
    let found = solve(board, Goal::UNIQUE, limits);
    let mut verdict = Verdict {
        wrong: Vec::new(),
        wrong_marks: Vec::new(),
        reason: None,
        several: false,
    };
    match (found.count, found.complete, found.solutions.first()) {
        (0, true, _) => {
            verdict.reason = Some(format!(
                "the board has no solution: {}",
                found
                    .reason
                    .as_deref()
                    .unwrap_or("no way to place every piece exists")
            ));
        }
        (0, false, _) => verdict.reason = Some(STOPPED.to_string()),
        (1, true, Some(map)) => {
            verdict.wrong = position
                .valid()
                .filter(|(_, p)| p.cells.iter().any(|&c| map.bones[c] != Some(p.bone)))
                .map(|(k, _)| k)
                .collect();
            // Each bone lies once in a solution: two neighbours showing
            // the same bone are its one domino.
            verdict.wrong_marks = position
                .marks
                .iter()
                .enumerate()
                .filter(|(_, m)| {
                    m.is_some_and(|p| p.cells.iter().all(|&c| map.bones[c] == Some(p.bone)))
                })
                .map(|(k, _)| k)
                .collect();
        }
        _ => {
            // Several solutions (or one and a search cut short): a piece
            // is wrong when no solution has it, found with it as a clue.
            verdict.several = true;
            for (k, p) in position.valid() {
                match fits_nothing(board, &[p], limits) {
                    Some(true) => verdict.wrong.push(k),
                    Some(false) => {}
                    None => verdict.reason = Some(STOPPED.to_string()),
                }
            }
        }
    }
    verdict
}

/// What `/place/check` answers: see [`check_play`].
///
/// Serializes as `{"broken": [{"index": i, "reason": "..."}],
/// "duplicates": [{"piece": [a,b], "placements": [i, ...]}], "pieces":
/// [{"piece": [a,b], "used": n}], "reason": "..." (when the pieces could
/// not be judged), "solved": b, "wrong": [i, ...]}`.
#[derive(Clone, Debug)]
pub struct PlayCheck<'a> {
    /// The board checked.
    pub board: &'a Grid,
    /// Every cell covered by one piece, every piece of the set once.
    pub solved: bool,
    /// Pieces that break a rule of laying, in the player's order.
    pub broken: Vec<Broken>,
    /// Pieces (that break no rule) that no solution has.
    pub wrong: Vec<usize>,
    /// Marks on the two cells of a domino of the unique solution.
    pub wrong_marks: Vec<usize>,
    /// Pieces of the set laid more than once.
    pub duplicates: Vec<Duplicate>,
    /// How many times each bone lies on the board (clues included);
    /// index 0 unused.
    pub used: Vec<usize>,
    /// Why `wrong` could not be worked out: the board has no solution, or
    /// a limit stopped the search.
    pub reason: Option<String>,
}

/// Checks the player's pieces `laid` (in the order laid) and `marks` on
/// `board`; the searches that find the wrong pieces stop at `limits`.
///
/// ```
/// use domino::place::{check_play, parse_grids, Limits};
///
/// // One row of the double-1 set (0-0, 0-1, 1-1): a unique solution.
/// let board = &parse_grids("0 0 0 1 1 1", None).unwrap()[0];
/// let report = check_play(board, &[[(0, 0), (0, 1)], [(0, 3), (0, 2)]], &[], &Limits::default());
/// assert!(report.wrong.is_empty() && !report.solved);
/// let wrong = check_play(board, &[[(0, 1), (0, 2)]], &[[(0, 4), (0, 5)]], &Limits::default());
/// assert_eq!((wrong.wrong, wrong.wrong_marks), (vec![0], vec![0]));
/// ```
pub fn check_play<'a>(
    board: &'a Grid,
    laid: &[Laid],
    marks: &[Laid],
    limits: &Limits,
) -> PlayCheck<'a> {
    let position = Position::read(board, laid, marks);
    let solved = position.solved();
    let verdict = if solved {
        Verdict {
            wrong: Vec::new(),
            wrong_marks: Vec::new(),
            reason: None,
            several: false,
        }
    } else {
        judge(&position, limits)
    };
    PlayCheck {
        board,
        solved,
        duplicates: position.duplicates(),
        broken: position.broken,
        wrong: verdict.wrong,
        wrong_marks: verdict.wrong_marks,
        used: position.used,
        reason: verdict.reason,
    }
}

impl Serialize for PlayCheck<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let piece = |bone: usize| {
            let (a, b) = self.board.bone_halves(bone);
            [a, b]
        };
        CheckDocument {
            broken: &self.broken,
            duplicates: self
                .duplicates
                .iter()
                .map(|d| DuplicateDocument {
                    piece: piece(d.bone),
                    placements: &d.placements,
                })
                .collect(),
            pieces: self
                .used
                .iter()
                .enumerate()
                .skip(1)
                .map(|(bone, &used)| PieceDocument {
                    piece: piece(bone),
                    used,
                })
                .collect(),
            reason: self.reason.as_deref(),
            solved: self.solved,
            wrong: &self.wrong,
            wrong_marks: &self.wrong_marks,
        }
        .serialize(serializer)
    }
}

/// [`PlayCheck`] as JSON (`/place/check`).
#[derive(serde::Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = PlaceCheckAnswer))]
pub struct CheckDocument<'a> {
    /// Pieces that break a rule of laying, in the player's order.
    pub broken: &'a [Broken],
    /// Pieces of the set laid more than once.
    pub duplicates: Vec<DuplicateDocument<'a>>,
    /// Each piece of the set, and how often it lies on the board.
    pub pieces: Vec<PieceDocument>,
    /// Why `wrong` could not be worked out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'a str>,
    /// Every cell covered by one piece, every piece of the set once.
    pub solved: bool,
    /// The player's pieces that no solution has.
    pub wrong: &'a [usize],
    /// The player's marks on a domino of the unique solution.
    pub wrong_marks: &'a [usize],
}

/// A piece of the set laid more than once.
#[derive(serde::Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = PlaceDuplicate))]
pub struct DuplicateDocument<'a> {
    /// Its values.
    pub piece: [Value; 2],
    /// The player's pieces that lay it.
    pub placements: &'a [usize],
}

/// How often a piece of the set lies on the board.
#[derive(serde::Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = PlacePieceUse))]
pub struct PieceDocument {
    /// Its values.
    pub piece: [Value; 2],
    /// How many times it lies on the board (clues included).
    pub used: usize,
}

/// What `/place/hint` answers: see [`hint`].
///
/// Serializes as `{"reason": "..." (when there is no step), "solved": b,
/// "step": {"cells", "level", "technique", "text", "placed": [[r,c],[r,c]] |
/// null, "ruled_out": [[[r,c],[r,c]], ...]} | null, "wrong": [i, ...],
/// "wrong_marks": [i, ...]}`: `ruled_out` are the pairs of cells the step
/// shows no domino covers (the marks a player may set).
#[derive(Clone, Debug)]
pub struct HintReport {
    /// The board with the player's pieces laid as clues (where the step's
    /// cells are).
    pub board: Grid,
    /// Every cell covered once and every bone once: nothing left to hint.
    pub solved: bool,
    /// Pieces that contradict every solution (broken pieces included);
    /// when there are any, there is no step: those come first.
    pub wrong: Vec<usize>,
    /// Marks on a domino of the unique solution; when there are any (and
    /// no wrong piece), there is no step.
    pub wrong_marks: Vec<usize>,
    /// The next deduction from the player's position.
    pub step: Option<Step>,
    /// Why there is no step.
    pub reason: Option<String>,
}

/// The next step for a player who has laid `laid` and marked `marks` on
/// `board`: the pieces (then the marks) that fit no solution, or the next
/// deduction that changes the position, or why there is none.
///
/// When the board has several solutions, pieces that each fit one may
/// still fit none together: then the first piece (in the order laid) after
/// which no solution is left is the wrong one.
///
/// ```
/// use domino::place::{hint, parse_grids, Limits};
///
/// let board = &parse_grids("0 0 0 1 1 1", None).unwrap()[0];
/// let report = hint(board, &[], &[], &Limits::default());
/// assert!(report.step.is_some() && report.wrong.is_empty());
/// let wrong = hint(board, &[[(0, 1), (0, 2)]], &[], &Limits::default());
/// assert_eq!((wrong.wrong, wrong.step), (vec![0], None));
/// let marked = hint(board, &[], &[[(0, 0), (0, 1)]], &Limits::default());
/// assert_eq!((marked.wrong_marks, marked.step), (vec![0], None));
/// ```
pub fn hint(board: &Grid, laid: &[Laid], marks: &[Laid], limits: &Limits) -> HintReport {
    let mut report = HintReport {
        board: board.clone(),
        solved: false,
        wrong: Vec::new(),
        wrong_marks: Vec::new(),
        step: None,
        reason: None,
    };
    let position = Position::read(board, laid, marks);
    report.solved = position.solved();
    if report.solved {
        return report;
    }
    let verdict = judge(&position, limits);
    report.wrong = position.broken.iter().map(|b| b.index).collect();
    report.wrong.extend(verdict.wrong);
    report.wrong.sort_unstable();
    if !report.wrong.is_empty() {
        report.reason = Some("these pieces fit no solution: lift them first".to_string());
        return report;
    }
    if !verdict.wrong_marks.is_empty() {
        report.wrong_marks = verdict.wrong_marks;
        report.reason = Some(
            "these marks part the two cells of a domino of the solution: clear them first"
                .to_string(),
        );
        return report;
    }
    if let Some(reason) = verdict.reason {
        report.reason = Some(reason);
        return report;
    }
    let pieces: Vec<Placement> = position.valid().map(|(_, p)| p).collect();
    if verdict.several {
        match first_clash(board, &pieces, limits) {
            Ok(None) => {}
            Ok(Some(k)) => {
                report.wrong = position
                    .valid()
                    .nth(k)
                    .map(|(i, _)| i)
                    .into_iter()
                    .collect();
                report.reason = Some(
                    "this piece fits no solution together with the pieces laid before it"
                        .to_string(),
                );
                return report;
            }
            Err(()) => {
                report.reason = Some(STOPPED.to_string());
                return report;
            }
        }
    }
    report.board = with_clues(board, pieces);
    let ruled_out: Vec<[usize; 2]> = position.marks.iter().flatten().map(|p| p.cells).collect();
    let deduction = explain_ruling_out(&report.board, &ruled_out, Level::Extreme, limits);
    report.step = deduction
        .steps
        .into_iter()
        .find(|s| s.technique != Technique::Clue);
    if report.step.is_none() {
        report.reason = Some(match deduction.contradiction {
            Some(why) => format!("the deductions reach a contradiction: {why}"),
            None if deduction.stopped => {
                "the deductions stopped at the time limit before they found a step".to_string()
            }
            None => "the deductions cannot go on from here: a search is needed (the puzzle \
                     has several solutions, or needs more than the techniques)"
                .to_string(),
        });
    }
    report
}

/// The first of `pieces` (each of which fits some solution) after which,
/// with the ones before it, no solution is left; `Err` when a limit
/// stopped a search.
fn first_clash(board: &Grid, pieces: &[Placement], limits: &Limits) -> Result<Option<usize>, ()> {
    if !fits_nothing(board, pieces, limits).ok_or(())? {
        return Ok(None);
    }
    for k in 1..pieces.len() {
        if fits_nothing(board, &pieces[..=k], limits).ok_or(())? {
            return Ok(Some(k));
        }
    }
    Ok(None)
}

impl Serialize for HintReport {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        HintDocument {
            reason: self.reason.as_deref(),
            solved: self.solved,
            step: self.step.as_ref().map(|step| HintStepDocument {
                step: StepDocument::new(&self.board, step),
                placed: step.placed.map(|p| self.pair(p)),
                ruled_out: match step.placed {
                    // A placed piece rules out its neighbours' pairs by itself.
                    Some(_) => Vec::new(),
                    None => step.removed.iter().map(|&p| self.pair(p)).collect(),
                },
            }),
            wrong: &self.wrong,
            wrong_marks: &self.wrong_marks,
        }
        .serialize(serializer)
    }
}

impl HintReport {
    /// A placement's two cells as `[[r,c],[r,c]]`.
    fn pair(&self, p: Placement) -> [[usize; 2]; 2] {
        p.cells.map(|c| {
            let (r, c) = self.board.position(c);
            [r, c]
        })
    }
}

/// [`HintReport`] as JSON (`/place/hint`).
#[derive(serde::Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = PlaceHintAnswer))]
pub struct HintDocument<'a> {
    /// Why there is no step.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'a str>,
    /// Nothing is left to hint: the board is solved.
    pub solved: bool,
    /// The next deduction from the player's position (`null` with the
    /// reason when there is none).
    #[cfg_attr(feature = "schema", schema(required = true))]
    pub step: Option<HintStepDocument<'a>>,
    /// The player's pieces that fit no solution.
    pub wrong: &'a [usize],
    /// The player's marks on a domino of the unique solution.
    pub wrong_marks: &'a [usize],
}

/// A hint's step: the step as explain shows it, and what it changes.
#[derive(serde::Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = PlaceHintStep))]
pub struct HintStepDocument<'a> {
    /// The step as explain writes it.
    #[serde(flatten)]
    pub step: StepDocument<'a>,
    /// The piece the step lays, as its two cells.
    #[cfg_attr(feature = "schema", schema(required = true))]
    pub placed: Option<[[usize; 2]; 2]>,
    /// The pairs of cells the step shows no domino covers (when it lays
    /// no piece): the marks a player may set.
    pub ruled_out: Vec<[[usize; 2]; 2]>,
}
