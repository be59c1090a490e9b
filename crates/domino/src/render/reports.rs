//! The pictures of every family's reports: the `--svg` and `--html` files
//! of each command, drawn from the family's own answers. The conversions
//! from a family's types into a picture's input live here, once, so the
//! command line, the HTTP service and the demo draw the same pictures.

use super::html::{single, Figure};
use super::{
    chain_svg, explain_player, fiveup_svg, pips_svg, place_play_svg, place_svg, vanish_player,
    vanish_svg, ChainKind, ChainPicture, ExplainStep, FiveUpPicture, PipsPicture, PipsPiece,
    PlacePicture, VanishPicture,
};
use crate::chain::{ChainReport, Ends, LongestReport};
use crate::fiveup::GameReport;
use crate::pips::{plays_that_count, Laid, Puzzle, Rule, Solution, SolveReport as PipsSolveReport};
use crate::place::{Deduction, ExplainReport, Grid, Map, SolveReport as PlaceSolveReport};
use crate::tile::Value;
use crate::vanish::SolveReport as VanishSolveReport;
use crate::Cell;

impl ChainReport<'_> {
    /// The chain laid as a snake, or the hand and the reason there is none.
    pub fn svg(&self) -> String {
        let (dominoes, kind) = match (&self.result, self.ends) {
            (Ok(chain), Ends::Closed) => (chain.as_slice(), ChainKind::Closed),
            (Ok(chain), Ends::Open) => (chain.as_slice(), ChainKind::Open),
            (Err(why), _) => (self.hand, ChainKind::NoChain(why.to_string())),
        };
        chain_svg(&ChainPicture {
            dominoes,
            kind: &kind,
        })
    }

    /// A page with the picture, captioned with the input's `name`.
    pub fn html(&self, name: &str) -> String {
        chain_page(name, self.hand.len(), self.svg())
    }
}

impl LongestReport<'_> {
    /// The longest line laid as an open snake.
    pub fn svg(&self) -> String {
        chain_svg(&ChainPicture {
            dominoes: &self.best.line,
            kind: &ChainKind::Open,
        })
    }

    /// A page with the picture, captioned with the input's `name`.
    pub fn html(&self, name: &str) -> String {
        chain_page(name, self.hand.len(), self.svg())
    }
}

fn chain_page(name: &str, hand: usize, svg: String) -> String {
    let caption = format!("{name}: {hand} dominoes");
    single("domino chain", Figure::still(caption, svg))
}

impl GameReport {
    /// The layout of the game, or the layout of the moves before the
    /// illegal one with that move and its reason.
    pub fn svg(&self) -> String {
        fiveup_svg(&FiveUpPicture {
            plays: &self.decision.layout,
            illegal: self.decision.illegal.as_ref(),
        })
    }

    /// A page with the picture, captioned with the input's `name`.
    pub fn html(&self, name: &str) -> String {
        let caption = match &self.decision.illegal {
            None => format!("{name}: a legal game of {} moves", self.moves),
            Some(illegal) => format!(
                "{name}: illegal at the {} play",
                crate::fiveup::ordinal(illegal.index)
            ),
        };
        single("domino fiveup", Figure::still(caption, self.svg()))
    }
}

/// A board's numbers as rows (None for holes) and its clues as cell pairs,
/// as the place picture takes them.
struct PlaceRows {
    values: Vec<Vec<Option<Value>>>,
    clues: Vec<[Cell; 2]>,
}

impl PlaceRows {
    fn of(board: &Grid) -> Self {
        let values = board
            .values
            .chunks(board.cols.max(1))
            .map(<[Option<Value>]>::to_vec)
            .collect();
        let clues = board
            .clues
            .iter()
            .map(|clue| clue.cells.map(|cell| board.position(cell)))
            .collect();
        PlaceRows { values, clues }
    }

    fn picture<'a>(&'a self, solution: Option<&'a [Vec<Option<usize>>]>) -> PlacePicture<'a> {
        PlacePicture {
            board: &self.values,
            solution,
            clues: &self.clues,
        }
    }
}

/// The picture of a place board, with a solution drawn over it if given.
pub fn board_svg(board: &Grid, solution: Option<&Map>) -> String {
    let rows = solution.map(Map::to_rows);
    place_svg(&PlaceRows::of(board).picture(rows.as_deref()))
}

/// The picture of a place board with a player's pieces on it (pairs of
/// cells, in the order laid), as `/render/place` draws it.
pub fn play_board_svg(board: &Grid, laid: &[[Cell; 2]]) -> String {
    place_play_svg(&PlaceRows::of(board).picture(None), laid)
}

/// The deductions as a player: one step per deduction, then the solution
/// when the deductions found it.
pub fn explain_figure(board: &Grid, deduction: &Deduction, caption: &str) -> Figure {
    let steps: Vec<ExplainStep> = deduction
        .steps
        .iter()
        .map(|step| ExplainStep {
            technique: step.technique.name().to_string(),
            text: step.text.clone(),
            cells: step.cells.iter().map(|&c| board.position(c)).collect(),
        })
        .collect();
    let solution = deduction
        .complete
        .then(|| Map::from_placements(board, deduction.placed.iter().copied()).to_rows());
    explain_player(
        &PlaceRows::of(board).picture(solution.as_deref()),
        &steps,
        caption,
    )
}

impl PlaceSolveReport<'_> {
    /// The board with its first solution (the bare board when there is
    /// none).
    pub fn svg(&self) -> String {
        board_svg(self.board, self.found.solutions.first())
    }

    /// A page with the picture, captioned with the input's `name` and the
    /// verdict.
    pub fn html(&self, name: &str) -> String {
        let caption = format!("{name}: {}", self.verdict());
        single("domino place", Figure::still(caption, self.svg()))
    }
}

impl ExplainReport<'_> {
    /// The board, solved when the deductions finish.
    pub fn svg(&self) -> String {
        board_svg(self.board, self.solution().as_ref())
    }

    /// A page that plays the deductions step by step, captioned with the
    /// input's `name`.
    pub fn html(&self, name: &str) -> String {
        let d = &self.deduction;
        let caption = format!("{name}: {} deductions, grade {}", d.steps.len(), d.grade());
        single(
            "domino place explain",
            explain_figure(self.board, d, &caption),
        )
    }
}

/// The badge of a pips rule: `12`, `<4`, `>2`, `=`, `≠`, or nothing.
pub(super) fn badge(rule: Rule) -> String {
    match rule {
        Rule::Sum(t) => t.to_string(),
        Rule::Less(t) => format!("<{t}"),
        Rule::Greater(t) => format!(">{t}"),
        Rule::Equal => "=".to_string(),
        Rule::Unequal => "≠".to_string(),
        Rule::Empty => String::new(),
    }
}

/// A pips puzzle with `pieces` laid on it, as the pips picture takes it
/// (`labels`: with row and column numbers).
fn pips_picture_svg(puzzle: &Puzzle, pieces: &[PipsPiece], labels: bool) -> String {
    let regions = puzzle.region_grid();
    let badges: Vec<String> = puzzle.regions.iter().map(|r| badge(r.rule)).collect();
    pips_svg(&PipsPicture {
        regions: &regions,
        badges: &badges,
        pieces,
        labels,
    })
}

/// The picture of a pips puzzle, with a solution's dominoes when one is
/// given.
pub fn pips_puzzle_svg(puzzle: &Puzzle, solution: Option<&Solution>) -> String {
    let pieces: Vec<PipsPiece> = solution
        .map(|s| {
            puzzle
                .dominoes
                .iter()
                .zip(&s.placements)
                .map(|(&values, &cells)| PipsPiece { cells, values })
                .collect()
        })
        .unwrap_or_default();
    pips_picture_svg(puzzle, &pieces, false)
}

/// The picture of a pips puzzle with the player's pieces that count drawn
/// on it, as `/render/pips` draws it.
pub fn pips_play_svg(puzzle: &Puzzle, plays: &[Laid]) -> String {
    let pieces: Vec<PipsPiece> = plays_that_count(puzzle, plays)
        .iter()
        .map(|laid| PipsPiece {
            cells: laid.cells,
            values: puzzle.dominoes[laid.domino],
        })
        .collect();
    pips_picture_svg(puzzle, &pieces, true)
}

impl PipsSolveReport<'_> {
    /// The puzzle with its first solution (the bare puzzle when there is
    /// none).
    pub fn svg(&self) -> String {
        pips_puzzle_svg(self.puzzle, self.found.solutions.first())
    }

    /// A page with the picture, captioned with the input's `name` and the
    /// verdict.
    pub fn html(&self, name: &str) -> String {
        let caption = format!("{name}: {}", self.verdict());
        single(&caption, Figure::still(&caption, self.svg()))
    }
}

impl VanishSolveReport<'_> {
    fn picture(&self) -> VanishPicture<'_> {
        VanishPicture {
            board: self.board,
            order: &self.solution.order,
        }
    }

    /// The full board.
    pub fn svg(&self) -> String {
        vanish_svg(&self.picture(), 0)
    }

    /// A page that plays the removal order step by step, captioned with the
    /// input's `name`.
    pub fn html(&self, name: &str) -> String {
        let s = &self.solution;
        let caption = format!(
            "{name}: {} of {} pieces removed, {} left{}",
            s.order.len(),
            self.board.pieces().len(),
            s.score,
            if s.optimal { " (proven optimal)" } else { "" }
        );
        single("domino vanish", vanish_player(&self.picture(), &caption))
    }
}
