//! Puzzle generation: a board whose solution is unique and whose grade is
//! exactly the level asked for.
//!
//! 1. Tile the shape with dominoes at random (see [`Outline::random_tiling`])
//!    and lay the set's bones on
//!    the tiles in random order and orientation (the planted solution).
//! 2. Steer before searching: wherever two parallel tiles form a 2x2
//!    square whose other pairing would give the same two bones (an
//!    ambiguous swap no deduction can settle), swap one of them with a
//!    random tile.
//! 3. Repair by hill climbing, guided by the deduction engine. The score
//!    is how far the techniques up to the level get; a move swaps the
//!    bones of a tile where they stopped with those of another tile (or
//!    turns a tile around), and is kept unless the score drops. Once the
//!    level finishes the board, the same climb makes the easier level stop
//!    as early as possible, until it no longer finishes.
//! 4. With clues allowed, when the climb stalls, planted tiles where the
//!    techniques stopped become clue pieces until the level finishes; then
//!    each clue that is not needed is dropped again.
//!
//! The planted solution stays a solution throughout, and a board the
//! techniques finish has exactly one (they are sound); the exact solver
//! confirms it before the puzzle is returned.

use super::deduce::{deduce_with, Grade, Level, Lists};
use super::outline::Outline;
use super::{solve, Clue, Goal, Grid, Limits, Map, Placement};
use crate::rng::Rng;
use crate::tile::{bone_halves, set_size, Value};

/// What to generate; the command line and the HTTP service fill what the
/// user leaves out from the defaults below ([`Request::LEVEL`], ...).
#[derive(Clone, Debug)]
pub struct Request {
    /// The N of the double-N set to place: the shape must have
    /// (N+1)(N+2) cells.
    pub set: Value,
    /// The grade the puzzle must have, exactly.
    pub level: Level,
    /// Fixes every random choice: the same request with the same seed gives
    /// the same puzzle.
    pub seed: u64,
    /// The board's shape (`Outline::for_set` for the usual rectangle).
    pub outline: Outline,
    /// Allow clue pieces when the numbers alone do not get there.
    pub clues: bool,
    /// Boards evaluated before giving up.
    pub max_rounds: usize,
}

impl Request {
    /// The level when none is asked for.
    pub const LEVEL: Level = Level::Basic;
    /// The seed when none is given.
    pub const SEED: u64 = 1;
    /// Boards evaluated before giving up when the user does not say.
    pub const MAX_ROUNDS: usize = 200_000;
    /// The largest set the command line and the HTTP service generate
    /// for.
    pub const MAX_SET: Value = 60;
}

/// Why no puzzle came out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// The shape has another number of cells than the set covers.
    #[error("the shape has {cells} cell{s}, but a double-{set} set covers {covers}", s = if *cells == 1 { "" } else { "s" })]
    CellCount {
        /// Cells of the shape.
        cells: usize,
        /// The N of the double-N set.
        set: Value,
        /// Cells the set covers, (N+1)(N+2).
        covers: usize,
    },
    /// The set asked for is below 0.
    #[error("there is no double-{set} set: N is at least 0")]
    NegativeSet {
        /// The N asked for.
        set: Value,
    },
    /// No tiling by dominoes covers the shape.
    #[error("the shape cannot be covered by dominoes")]
    Untileable,
    /// The limits (a deadline, a stop flag) ended the search first.
    #[error("no {level} double-{set} puzzle found in {rounds} tries before the time limit")]
    Stopped {
        /// The level asked for.
        level: Level,
        /// The N of the double-N set.
        set: Value,
        /// Boards evaluated.
        rounds: usize,
    },
    /// The search used up its rounds without finding a puzzle. Allowing
    /// clues, when they were not, may help too
    /// ([`GenerateError::clues_may_help`]); the caller says how.
    #[error("no {level} double-{set} puzzle found in {rounds} tries; try another seed")]
    NotFound {
        /// The level asked for.
        level: Level,
        /// The N of the double-N set.
        set: Value,
        /// Boards evaluated.
        rounds: usize,
    },
    /// The exact solver found the finished board not unique (a defect of
    /// the generator).
    #[error("internal error: the exact solver does not confirm uniqueness")]
    Unconfirmed,
}

impl GenerateError {
    /// True when no board can meet the request (the level, the shape);
    /// false when the search gave up, which is a negative answer.
    pub fn invalid_request(&self) -> bool {
        matches!(
            self,
            GenerateError::CellCount { .. }
                | GenerateError::NegativeSet { .. }
                | GenerateError::Untileable
        )
    }

    /// True when allowing clues might find the puzzle that `request`
    /// (without them) did not: the hint the command line (`--clues`) and
    /// the HTTP service (`"clues": true`) add to a puzzle not found.
    pub fn clues_may_help(&self, request: &Request) -> bool {
        matches!(self, GenerateError::NotFound { .. }) && !request.clues
    }
}

/// A generated puzzle with its unique solution.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle to show: the numbers, and the clue pieces when they were
    /// allowed and needed.
    pub board: Grid,
    /// Its only solution (the planted one, confirmed by the exact solver).
    pub solution: Map,
    /// The board's grade by the deduction engine: the level requested.
    pub grade: Grade,
    /// Boards evaluated to get there.
    pub rounds: usize,
}

/// How close a board is to the goal; larger is better.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Score {
    /// The requested level finishes the board.
    finished: bool,
    /// Unfinished: cells the level covers. Finished: cells the easier level
    /// leaves open.
    progress: usize,
}

/// The working board: tiles and the bone on each, with its orientation.
struct Work {
    tiles: Vec<[usize; 2]>,
    /// Bone on each tile, and whether its low half is on the tile's first
    /// cell.
    bones: Vec<(usize, bool)>,
    board: Grid,
}

impl Work {
    fn write(&mut self, tile: usize) {
        let (bone, low_first) = self.bones[tile];
        let (low, high) = bone_halves(bone, self.board.set);
        let [a, b] = self.tiles[tile];
        let (x, y) = if low_first { (low, high) } else { (high, low) };
        self.board.values[a] = Some(x);
        self.board.values[b] = Some(y);
    }

    fn swap(&mut self, s: usize, t: usize, rng: &mut Rng) {
        self.bones.swap(s, t);
        self.bones[s].1 = rng.chance(1, 2);
        self.bones[t].1 = rng.chance(1, 2);
        self.write(s);
        self.write(t);
    }

    fn turn(&mut self, t: usize) {
        self.bones[t].1 = !self.bones[t].1;
        self.write(t);
    }

    fn solution(&self) -> Map {
        let placements = self
            .tiles
            .iter()
            .zip(&self.bones)
            .map(|(&cells, &(bone, _))| Placement { bone, cells });
        Map::from_placements(&self.board, placements)
    }
}

/// Generates a puzzle for `request`, or says why it could not; gives up
/// (with [`GenerateError::Stopped`]) when `limits` say so: their deadline
/// or stop flag (a server's time limit, a client that left), checked once
/// a round.
///
/// ```
/// use domino::place::{generate, grade, solve, Goal, Grade, Level, Limits, Outline, Request};
///
/// let request = Request {
///     set: 6,
///     level: Level::Hard,
///     seed: 7,
///     outline: Outline::for_set(6),
///     clues: false,
///     max_rounds: 100_000,
/// };
/// let none = Limits::none();
/// let puzzle = generate(&request, &none).unwrap();
/// assert_eq!(grade(&puzzle.board, &none), Grade::Level(Level::Hard));
/// let found = solve(&puzzle.board, Goal::UNIQUE, &none);
/// assert_eq!((found.count, found.complete), (1, true));
/// assert_eq!(found.solutions[0], puzzle.solution);
/// ```
pub fn generate(request: &Request, limits: &Limits) -> Result<Generated, GenerateError> {
    let set = request.set;
    if set < 0 {
        return Err(GenerateError::NegativeSet { set });
    }
    let outline = &request.outline;
    let bones = set_size(set);
    if outline.cell_count() != 2 * bones {
        return Err(GenerateError::CellCount {
            cells: outline.cell_count(),
            set,
            covers: 2 * bones,
        });
    }
    let mut rng = seeded_rng(request);
    let mut work = plant(request, &mut rng)?;
    let rounds = climb(&mut work, request, limits, &mut rng)?;
    confirm(work, request, rounds, limits)
}

/// The random stream of a request. It depends on the set and the level
/// too, so puzzles of different levels from one seed never share their
/// tiling.
fn seeded_rng(request: &Request) -> Rng {
    let level = Level::ALL
        .iter()
        .position(|&l| l == request.level)
        .unwrap_or(0) as u64;
    Rng::new(
        request.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            // The set is at least 0 here (checked first).
            ^ (request.set as u64) << 32
            ^ level << 56,
    )
}

/// Steps 1 and 2: the planted solution on a random tiling, with the
/// ambiguous swaps broken.
fn plant(request: &Request, rng: &mut Rng) -> Result<Work, GenerateError> {
    let outline = &request.outline;
    let tiles = outline
        .random_tiling(rng)
        .ok_or(GenerateError::Untileable)?;
    let mut order: Vec<usize> = (1..=set_size(request.set)).collect();
    rng.shuffle(&mut order);
    let mut work = Work {
        bones: order.iter().map(|&b| (b, rng.chance(1, 2))).collect(),
        board: Grid {
            name: None,
            rows: outline.rows,
            cols: outline.cols,
            values: vec![None; outline.cells.len()],
            set: request.set,
            clues: Vec::new(),
        },
        tiles,
    };
    for t in 0..work.tiles.len() {
        work.write(t);
    }
    break_swaps(&mut work, rng);
    Ok(work)
}

/// Where the hill climb stands.
struct Climb {
    score: Score,
    /// The cells the techniques left open, where moves are aimed.
    open: Vec<usize>,
    /// Boards evaluated so far.
    rounds: usize,
    /// Rounds since the score last rose.
    stalled: usize,
}

/// Steps 3 and 4: climbs until the board's grade is the level asked for;
/// the rounds it took, or why it gave up.
fn climb(
    work: &mut Work,
    request: &Request,
    limits: &Limits,
    rng: &mut Rng,
) -> Result<usize, GenerateError> {
    let level = request.level;
    let lists = Lists::new(&work.board);
    let (score, open) = evaluate(&work.board, &lists, level, limits);
    let mut at = Climb {
        score,
        open,
        rounds: 1,
        stalled: 0,
    };
    // Clues come in once the climb stops improving for a while (sooner
    // when the budget is small).
    let stall_limit = (40 + 4 * work.tiles.len())
        .min(request.max_rounds / 8)
        .max(1);
    while !done(at.score, level) {
        let (set, rounds) = (request.set, at.rounds);
        if limits.reached() {
            return Err(GenerateError::Stopped { level, set, rounds });
        }
        if rounds >= request.max_rounds {
            return Err(GenerateError::NotFound { level, set, rounds });
        }
        if request.clues && !at.score.finished && at.stalled >= stall_limit {
            add_clue(work, &at.open, rng);
            at.stalled = 0;
            let lists = Lists::new(&work.board);
            (at.score, at.open) = evaluate(&work.board, &lists, level, limits);
            at.rounds += 1;
        } else {
            try_move(work, &mut at, level, rng, limits);
        }
    }
    Ok(at.rounds)
}

/// One move of the climb: swaps the bones of a tile where the techniques
/// stopped with those of another tile (or turns it around), and keeps the
/// move unless the score drops.
fn try_move(work: &mut Work, at: &mut Climb, level: Level, rng: &mut Rng, limits: &Limits) {
    let s = pick(work, &at.open, rng);
    let t = rng.index(work.tiles.len());
    let turned = s == t || rng.chance(1, 8);
    let kept = work.bones.clone();
    if turned {
        work.turn(s);
    } else {
        work.swap(s, t, rng);
    }
    let lists = Lists::new(&work.board);
    let (next, next_open) = evaluate(&work.board, &lists, level, limits);
    at.rounds += 1;
    if next >= at.score {
        if next > at.score {
            at.stalled = 0;
        } else {
            at.stalled += 1;
        }
        at.score = next;
        at.open = next_open;
    } else {
        at.stalled += 1;
        work.bones = kept;
        undo(work, s, t, turned);
    }
}

/// The finished board, with the clues it does not need dropped, once the
/// exact solver confirms that its solution is unique; all within
/// `limits` (stopped, no puzzle).
fn confirm(
    mut work: Work,
    request: &Request,
    rounds: usize,
    limits: &Limits,
) -> Result<Generated, GenerateError> {
    let (level, set) = (request.level, request.set);
    drop_unneeded_clues(&mut work, level, limits);
    let solution = work.solution();
    let proof = solve(&work.board, Goal::count_up_to(2), limits);
    let grade = super::grade(&work.board, limits);
    if limits.reached() || proof.stopped {
        return Err(GenerateError::Stopped { level, set, rounds });
    }
    if !(proof.count == 1 && proof.complete) {
        return Err(GenerateError::Unconfirmed);
    }
    Ok(Generated {
        board: work.board,
        solution,
        grade,
        rounds,
    })
}

fn done(score: Score, level: Level) -> bool {
    score.finished && (level == Level::Trivial || score.progress > 0)
}

/// Puts back the bones of tiles `s` and `t` after a rejected move (the
/// bone list was restored already; only the numbers are rewritten).
fn undo(work: &mut Work, s: usize, t: usize, turned: bool) {
    work.write(s);
    if !turned {
        work.write(t);
    }
}

/// The score of a board and the cells the deciding run left open. The
/// runs read `limits` inside (a double-60 run takes a good part of a
/// second): stopped, the board scores as unfinished, and the climb ends.
fn evaluate(board: &Grid, lists: &Lists, level: Level, limits: &Limits) -> (Score, Vec<usize>) {
    let at_level = deduce_with(board, lists, level, limits);
    let open_after = |d: &super::Deduction| -> Vec<usize> {
        let mut covered = vec![false; board.values.len()];
        for p in &d.placed {
            covered[p.cells[0]] = true;
            covered[p.cells[1]] = true;
        }
        (0..board.values.len())
            .filter(|&c| board.values[c].is_some() && !covered[c])
            .collect()
    };
    if !at_level.complete {
        let open = open_after(&at_level);
        let score = Score {
            finished: false,
            progress: at_level.covered,
        };
        return (score, open);
    }
    let Some(easier) = level.easier() else {
        return (
            Score {
                finished: true,
                progress: 0,
            },
            Vec::new(),
        );
    };
    let below = deduce_with(board, lists, easier, limits);
    let open = if below.complete {
        Vec::new()
    } else {
        open_after(&below)
    };
    let score = Score {
        finished: true,
        progress: board.cell_count() - below.covered,
    };
    (score, open)
}

/// A tile to change: one over a cell the techniques left open when there
/// is one, else any tile.
fn pick(work: &Work, open: &[usize], rng: &mut Rng) -> usize {
    if open.is_empty() || rng.chance(1, 4) {
        return rng.index(work.tiles.len());
    }
    let cell = open[rng.index(open.len())];
    work.tiles
        .iter()
        .position(|t| t.contains(&cell))
        .unwrap_or(0)
}

/// Swaps away the bones of one tile of each ambiguous 2x2 square: two
/// parallel tiles whose crossing pairing makes the same two bones.
fn break_swaps(work: &mut Work, rng: &mut Rng) {
    let mut tile_of = vec![usize::MAX; work.board.values.len()];
    for (t, cells) in work.tiles.iter().enumerate() {
        tile_of[cells[0]] = t;
        tile_of[cells[1]] = t;
    }
    let cols = work.board.cols;
    for _ in 0..3 {
        let mut changed = false;
        for (t, &[a, b]) in work.tiles.clone().iter().enumerate() {
            // The tile beside: below a horizontal tile, right of a vertical.
            let step = if b == a + 1 { cols } else { 1 };
            if step == 1 && (b + 1) % cols == 0 {
                continue;
            }
            let (c, d) = (a + step, b + step);
            if d >= tile_of.len() || tile_of[c] == usize::MAX || tile_of[c] != tile_of[d] {
                continue;
            }
            let v = |x: usize| work.board.values[x].unwrap_or(0);
            let set = work.board.set;
            let mut now = [bone(v(a), v(b), set), bone(v(c), v(d), set)];
            let mut crossed = [bone(v(a), v(c), set), bone(v(b), v(d), set)];
            now.sort_unstable();
            crossed.sort_unstable();
            if now == crossed {
                let other = rng.index(work.tiles.len());
                work.swap(t, other, rng);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
}

fn bone(x: Value, y: Value, set: Value) -> usize {
    crate::tile::bone_number(x, y, set)
}

/// Makes the planted tile over a random open cell a clue.
fn add_clue(work: &mut Work, open: &[usize], rng: &mut Rng) {
    let free: Vec<usize> = if open.is_empty() {
        (0..work.tiles.len()).collect()
    } else {
        open.iter()
            .filter_map(|&c| work.tiles.iter().position(|t| t.contains(&c)))
            .collect()
    };
    let t = free[rng.index(free.len())];
    let cells = work.tiles[t];
    if !work.board.clues.iter().any(|c| c.cells == cells) {
        work.board.clues.push(Clue { cells });
    }
}

/// Drops each clue whose removal keeps the grade exactly `level`.
fn drop_unneeded_clues(work: &mut Work, level: Level, limits: &Limits) {
    let mut k = 0;
    while k < work.board.clues.len() {
        let clue = work.board.clues.remove(k);
        let lists = Lists::new(&work.board);
        if done(evaluate(&work.board, &lists, level, limits).0, level) {
            continue;
        }
        work.board.clues.insert(k, clue);
        k += 1;
    }
}
