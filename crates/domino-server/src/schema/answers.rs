//! Schema types for the library's JSON documents, which the routes pass
//! through byte for byte (the CLI prints the same with `--json`). The
//! library writes most of them with its own `Serialize` code, so there is
//! no type to derive from: these types name the same fields, and
//! schemathesis (scripts/test-api) checks every answer of a fuzz run
//! against them. They describe, they are never built.

use super::{named_schema, CellSchema, DominoSchema};
use utoipa::openapi::schema::{ObjectBuilder, Schema};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

/// `domino chain --json`: the chain, or `null` with why there is none.
/// No other fields, so that it is told apart from [`LongestAnswer`].
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ChainAnswer {
    /// The line, each domino turned to fit; `null` when there is none.
    #[schema(required = true)]
    pub chain: Option<Vec<DominoSchema>>,
    /// Why there is no chain.
    pub reason: Option<String>,
    /// The values that appear an odd number of times, in pairs.
    pub odd_values: Option<Vec<[i64; 2]>>,
    /// The values of each connected group of the hand.
    pub groups: Option<Vec<Vec<i64>>>,
}

/// `domino chain longest --json`: the longest line found.
#[derive(ToSchema)]
pub struct LongestAnswer {
    pub chain: Vec<DominoSchema>,
    pub length: usize,
    /// False when a limit stopped the search first.
    pub optimal: bool,
    pub nodes: u64,
}

/// What `/api/v1/chain/solve` answers: a chain, or with `longest` the
/// longest line.
#[derive(ToSchema)]
#[serde(untagged)]
pub enum ChainSolveAnswer {
    Chain(ChainAnswer),
    Longest(LongestAnswer),
}

/// A play of a legal Five Up game: where it went.
#[derive(ToSchema)]
pub struct FiveupPlacement {
    pub domino: DominoSchema,
    /// The play it was attached to (`null` for the first).
    pub attached_to: Option<usize>,
    /// The value it was attached by.
    pub via: Option<i64>,
}

/// `domino fiveup --json`: legal (with the layout) or the first illegal
/// move and why.
#[derive(ToSchema)]
pub struct FiveupAnswer {
    pub valid: bool,
    pub placements: Option<Vec<FiveupPlacement>>,
    /// The first illegal move (0-based).
    #[serde(rename = "move")]
    pub illegal_move: Option<usize>,
    pub domino: Option<DominoSchema>,
    pub reason: Option<String>,
    pub kind: Option<String>,
    pub duplicate_of: Option<usize>,
    pub ends: Option<Vec<[i64; 2]>>,
    pub competing: Option<Vec<usize>>,
}

/// The points of one play of a layout.
#[derive(ToSchema)]
pub struct FiveupPlayScore {
    pub domino: DominoSchema,
    /// The sum of the layout's open ends right after this play.
    pub ends: i64,
    /// What the play scores: `ends` when it is a positive multiple of
    /// five, else 0.
    pub points: i64,
}

/// A layout's score, play by play.
#[derive(ToSchema)]
pub struct FiveupLayoutScore {
    pub plays: Vec<FiveupPlayScore>,
    pub total: i64,
}

/// The best and worst total over the legal layouts of a play order.
#[derive(ToSchema)]
pub struct FiveupScoreRange {
    /// False when the orders were too many to search.
    pub computed: bool,
    pub best: Option<i64>,
    pub worst: Option<i64>,
    /// Why the range was not computed.
    pub why: Option<String>,
}

/// A play order's range of totals.
#[derive(ToSchema)]
pub struct FiveupOrderScore {
    pub plays: usize,
    pub range: FiveupScoreRange,
}

/// A layout that breaks a rule of Five Up.
#[derive(ToSchema)]
pub struct FiveupBadLayout {
    pub valid: bool,
    pub reason: String,
}

/// `domino fiveup score --json`: a layout's points, an order's range, a
/// layout that breaks a rule, or the verdict on an illegal order.
#[derive(ToSchema)]
#[serde(untagged)]
pub enum FiveupScoreAnswer {
    Layout(FiveupLayoutScore),
    Order(FiveupOrderScore),
    BadLayout(FiveupBadLayout),
    Illegal(FiveupAnswer),
}

/// What every vanish answer says of one run of an algorithm.
#[derive(ToSchema)]
pub struct VanishRun {
    pub algorithm: String,
    /// True when the score is proven the best.
    pub optimal: bool,
    /// Piece indices in removal order.
    pub order: Vec<usize>,
    /// Pieces left on the board.
    pub score: usize,
    pub seconds: f64,
    pub states: u64,
}

/// `domino vanish solve --json`.
#[derive(ToSchema)]
pub struct VanishSolution {
    #[serde(flatten)]
    pub run: VanishRun,
    pub lower_bound: usize,
}

/// One algorithm's row of a comparison.
#[derive(ToSchema)]
pub struct VanishCompareRow {
    #[serde(flatten)]
    pub run: VanishRun,
    /// The input's name.
    pub input: String,
}

/// `domino vanish compare --json`.
#[derive(ToSchema)]
pub struct VanishComparison {
    pub results: Vec<VanishCompareRow>,
}

/// Where a player's vanish game stands.
#[derive(ToSchema)]
pub struct VanishMoves {
    /// Pieces that may vanish now.
    pub removable: Vec<usize>,
    /// Pieces that can never vanish.
    pub never: Vec<usize>,
    pub score: usize,
    pub removed: usize,
    /// Nothing may vanish any more.
    pub done: bool,
}

/// `domino pips solve --json`.
#[derive(ToSchema)]
pub struct PipsSolution {
    pub count: u64,
    /// False when a limit stopped the count.
    pub complete: bool,
    pub level: Option<String>,
    pub reason: Option<String>,
    /// Each solution: the cells of each domino, `[[r, c], [r, c]]`.
    pub solutions: Vec<Vec<Vec<CellSchema>>>,
    pub states: u64,
}

/// One deduction of a Pips puzzle.
#[derive(ToSchema)]
pub struct PipsStep {
    pub cells: Vec<CellSchema>,
    pub level: String,
    pub technique: String,
    pub text: String,
}

/// `domino pips explain --json`.
#[derive(ToSchema)]
pub struct PipsExplainAnswer {
    pub complete: bool,
    pub grade: String,
    pub level: Option<String>,
    pub reason: Option<String>,
    pub steps: Vec<PipsStep>,
    pub unique: bool,
}

/// A placement that breaks a rule of laying: its index in the request and
/// why.
#[derive(ToSchema)]
pub struct Broken {
    pub index: usize,
    pub reason: String,
}

/// A region whose rule can no longer hold.
#[derive(ToSchema)]
pub struct PipsRule {
    pub region: usize,
    pub cells: Vec<CellSchema>,
    pub full: bool,
    pub reason: String,
}

/// The player's Pips position.
#[derive(ToSchema)]
pub struct PipsCheck {
    pub solved: bool,
    pub broken: Vec<Broken>,
    pub rules: Vec<PipsRule>,
    /// Dominoes not laid yet.
    pub unused: Vec<usize>,
    pub covered: usize,
    pub cells: usize,
    /// The puzzle's dominoes, as placements and `unused` index them.
    pub dominoes: Vec<[u64; 2]>,
    /// Placements that no solution holds with the earlier ones not wrong.
    pub wrong: Vec<usize>,
    /// A solution holding every placement that counts and is not wrong
    /// (each domino's cells, `[[r, c], [r, c]]`), the player's dominoes
    /// where the player laid them; null when there is none or a limit
    /// came first.
    pub solution: Option<Vec<Vec<CellSchema>>>,
    /// Why `wrong` may miss some pieces: no solution, or a limit.
    pub reason: Option<String>,
}

named_schema!(
    /// A placement board: rows of numbers, `null` for a hole.
    PlaceRows,
    "PlaceRows",
    Schema::Array(
        utoipa::openapi::schema::ArrayBuilder::new()
            .items(
                utoipa::openapi::schema::ArrayBuilder::new().items(
                    ObjectBuilder::new()
                        .schema_type(utoipa::openapi::schema::SchemaType::from_iter([
                            utoipa::openapi::Type::Integer,
                            utoipa::openapi::Type::Null,
                        ]))
                        .minimum(Some(0)),
                ),
            )
            .build()
    )
);

/// A grade of a placement board: a level's name, or `search`.
pub struct PlaceGrade;

impl PartialSchema for PlaceGrade {
    fn schema() -> RefOr<Schema> {
        let names = domino::place::Grade::ALL.map(domino::place::Grade::name);
        RefOr::T(Schema::Object(super::names(names, "How hard the board is")))
    }
}

impl ToSchema for PlaceGrade {}

/// `domino place solve --json`.
#[derive(ToSchema)]
pub struct PlaceSolveAnswer {
    pub complete: bool,
    pub count: u64,
    pub grade: Option<PlaceGrade>,
    pub reason: Option<String>,
    pub solutions: Vec<PlaceRows>,
}

/// One deduction.
#[derive(ToSchema)]
pub struct PlaceStep {
    pub cells: Vec<CellSchema>,
    pub level: PlaceGrade,
    pub technique: String,
    pub text: String,
}

/// `domino place explain --json`.
#[derive(ToSchema)]
pub struct PlaceExplainAnswer {
    pub complete: bool,
    pub grade: PlaceGrade,
    pub reason: Option<String>,
    pub steps: Vec<PlaceStep>,
}

/// `domino place generate --json`; `puzzle` is `null` (with the reason)
/// when no puzzle was found in time.
#[derive(ToSchema)]
pub struct PlaceGenerateAnswer {
    pub puzzle: Option<PlaceRows>,
    pub clues: Option<Vec<[CellSchema; 2]>>,
    pub difficulty: Option<PlaceGrade>,
    pub seed: u64,
    pub set: Option<u64>,
    pub solution: Option<PlaceRows>,
    pub tries: Option<u64>,
    pub reason: Option<String>,
}

/// The next deduction from a player's pieces.
#[derive(ToSchema)]
pub struct PlaceHintAnswer {
    pub solved: bool,
    pub step: Option<PlaceHintStep>,
    /// The player's pieces that fit no solution.
    pub wrong: Vec<usize>,
    /// The player's marks on a domino of the unique solution.
    pub wrong_marks: Vec<usize>,
    pub reason: Option<String>,
}

/// A hint's deduction, with what it changes.
#[derive(ToSchema)]
pub struct PlaceHintStep {
    pub cells: Vec<CellSchema>,
    pub level: PlaceGrade,
    pub technique: String,
    pub text: String,
    /// The piece the step lays, as its two cells.
    pub placed: Option<[CellSchema; 2]>,
    /// The pairs of cells the step shows no domino covers (when it lays
    /// no piece): the marks a player may set.
    pub ruled_out: Vec<[CellSchema; 2]>,
}

/// A piece laid more than once.
#[derive(ToSchema)]
pub struct PlaceDuplicate {
    pub piece: CellSchema,
    pub placements: Vec<usize>,
}

/// How often a piece of the set is laid.
#[derive(ToSchema)]
pub struct PlacePieceUse {
    pub piece: CellSchema,
    pub used: usize,
}

/// A player's placement pieces checked.
#[derive(ToSchema)]
pub struct PlaceCheckAnswer {
    pub solved: bool,
    pub broken: Vec<Broken>,
    pub wrong: Vec<usize>,
    /// The player's marks on a domino of the unique solution.
    pub wrong_marks: Vec<usize>,
    pub duplicates: Vec<PlaceDuplicate>,
    pub pieces: Vec<PlacePieceUse>,
    pub reason: Option<String>,
}
