//! The fiveup family: is a sequence of plays a legal game of Five Up?
//!
//! Rules. Each play after the first attaches to an open end showing one of
//! its numbers. Every double is a spinner: played first it offers four ends
//! of its number; attached to an end x it takes that end and offers three
//! new x ends. Any other play a-b attached by a takes an a end and offers
//! one b end (and the other way round); played first it offers an a end and
//! a b end. A domino appears at most once ([a-b] is [b-a]). The line bends
//! anywhere, so geometry never blocks a play.
//!
//! # From layouts to counting
//!
//! Which end of value v a play takes never matters, only how many ends of
//! each value exist. Write c_v(t) for the plays up to t that attach by v
//! (doubles of v included), and x_v(t) for the ends of v the first play
//! offers, plus 4 per double of v up to t, plus 1 per other play up to t
//! showing v. Then the open ends of v after play t number
//! x_v(t) - 2 c_v(t), whatever the choices were, and a play at t that
//! attaches by v needs an open end before it. That gives, for each value v
//! and each play t >= 1 showing v, one running limit (a "checkpoint"):
//!
//! - t is not a double:    c_v(t) <= floor(x_v(t) / 2)
//! - t is the double v-v:  c_v(t) <= floor((x_v(t) - 3) / 2)
//!
//! (for a play that does not attach by v the limit already follows from
//! the earlier ones). A double has one choice, any other play two; the
//! game is legal exactly when every play can be charged to one of its
//! halves within all limits. Duplicates aside, a value has at most one
//! double, so each value's limits never decrease from one checkpoint to
//! the next: they count "slots" of v that appear over time, and a play at
//! t may use any slot of its values that exists by t. The question is
//! then a bipartite matching (plays against slots) in which every play
//! sees a prefix of each of its two values' slots. Greedy charging fails
//! (after `6-6 6-3 6-2 2-3` the next play may need either a 2 or a 3);
//! matching with augmenting paths does not.
//!
//! # The incremental decider
//!
//! Plays are added in order; the charges of plays 1..t-1 always satisfy
//! all limits. For each value, a segment tree holds the *slack* of every
//! checkpoint reached (limit minus plays charged to v up to it), with range
//! addition and "first checkpoint at or after p with slack 0".
//!
//! - Fast path: the new play t has room in a value (slack of the new
//!   checkpoint > 0; that slack is the limit minus the plays charged so
//!   far, O(1)). Charge it to the side with more room, or, when one side
//!   is down to its last end, keep open the value needed sooner. The trees
//!   learn new checkpoints lazily, when a repair first looks at a value.
//! - Otherwise, search for an augmenting path. A play j that asks to
//!   enter value w at its checkpoint p is let in if no checkpoint of w at
//!   or after p is tight (p lies in w's *tail*, after its last tight
//!   checkpoint; the tail is kept exact per value, so this test is O(1));
//!   otherwise, with f the first tight one, any play charged to w at a
//!   checkpoint <= f may leave w to make room (slack rises from its
//!   checkpoint on and falls from p on, so no checkpoint's slack goes
//!   below 0), and asks to enter its other value in turn. Each value
//!   remembers how far its checkpoints were opened, so a search looks at
//!   each checkpoint at most once. The opened stretches wait in a heap and
//!   the search looks at the latest play first, over all values: a play
//!   can only end the path if its checkpoint in its other value lies in
//!   that value's tail, which is likelier the later the play, and old
//!   stretches are seldom looked at before a path is found. The path is
//!   applied from its end back to t. Exchanges on the same value along one
//!   path touch disjoint ranges (a value's stretches are opened with
//!   strictly growing f, each by the play that is the parent of its
//!   plays), so the whole path keeps every limit.
//! - If the search fails, the plays it reached R, with each reached value's
//!   checkpoints up to its last tight one, form a Hall violator: they can
//!   only use those slots, and the slots number |R| - 1 (every reached
//!   checkpoint is tight and the new play is extra). So no charging of
//!   plays 0..t exists, whatever the charges were: t is the first illegal
//!   move, found exactly, and R are the moves competing for the ends.
//!
//! # Frozen prefixes
//!
//! Think of the limits as slots: value v has cap_v(q) slots by its
//! checkpoint q, and a play at q may take any of them. A set S of plays
//! is *tight* when its plays can use exactly |S| slots in all. Tight sets
//! stay tight as plays are added (old plays never see the new slots), and
//! unions of tight sets are tight, so the largest one, S*, only grows.
//! Write sigma_v for the slots of v that S* can use: they are used by S*
//! in every charging, and sigma_v never falls. A play can enter v at
//! checkpoint p (through some augmenting path) exactly when
//! cap_v(p) > sigma_v: if the slots it sees are all S*'s, S* plus it is
//! a Hall violator; if not, the matching theory of tight sets gives the
//! path. So with E_v the last checkpoint where cap_v <= sigma_v, entering
//! v works exactly beyond E_v, E_v never falls, and a play charged to v
//! at a checkpoint <= E_v can never leave v (were it able to, an entry
//! at E_v could evict it). Checkpoints up to E_v are *frozen*.
//!
//! The decider learns E exactly, now and then, by propagating from the
//! direct answers (entry beyond the last tight checkpoint): a play charged
//! to v that can enter its other value can be evicted by any entry whose
//! first tight checkpoint is at or after its own, which lowers E_v to the
//! last tight checkpoint before it. Every threshold only falls during the
//! propagation, so each checkpoint not yet frozen is looked at once:
//! O(m log n) for m checkpoints not yet frozen (plus one step per value).
//! Searches then skip frozen checkpoints, and the plays charged there.
//! Learning runs when searches have scanned more checkpoints since the
//! last learning than it costs, so it never costs more than the searches
//! (times log n).
//!
//! Cost: O(n) to compress values and find duplicates (hashing), O(1) per
//! play on the fast path, and O(s log n) for a search that looks at s
//! checkpoints not frozen (each at most once). A failed search happens
//! once (and runs again without skipping, to name every competing move).
//! What is bounded: the searches never look at the frozen history, which
//! on games that stay close to a bare line is nearly all of it (a bare
//! line has two open ends, so every layout agrees on almost everything),
//! and learning never costs more than the searches did. On the dense
//! families of the README (random, dense lines, 1% doubles; 1e6 plays) a
//! search looks at about ten checkpoints on average, as paths end among
//! the latest plays. Alone it is O(n^2 log n) in the worst case, so its
//! searches get a budget (2 checkpoints a play, far above the third of
//! one those families use): when it is spent, the phase decider below
//! takes over, which bounds the whole at O(n^1.5 log^2 n). After the
//! switch each new play that finds no room still gets a search, but one
//! of at most 64 checkpoints (O(log n) each): a game that is hard only
//! for a while (a matching game, then a long dense line) then leaves the
//! phases only the plays whose paths are long, not the whole line, which
//! the phases decide far more slowly than the searches do (README). No
//! O(n log n) bound is to be had, as the section after it shows.
//!
//! # The phase decider
//!
//! The charging is a matroid intersection: the elements are (play,
//! half) pairs; one matroid allows one pair per play, the other is, per
//! value, the nested limits on its prefixes of checkpoints (a laminar
//! matroid). A repair path is an augmenting path of the exchange graph:
//! an uncharged play (source), then plays that each displace the next
//! from the value they enter (a play charged to v at or before the first
//! tight checkpoint at or after the entry), to an entry beyond the
//! value's last tight checkpoint (sink). The phase decider charges every
//! play it can without repairs (the plays left over are the sources),
//! then works in phases, as Hopcroft and Karp do for matching:
//!
//! - a breadth-first search from all sources gives every reachable play
//!   its layer (distance) and stops at the first layer with a sink. A
//!   value's checkpoints are opened once, in order, so the plays of one
//!   layer in one value are one stretch of checkpoints;
//! - depth-first searches then find paths through consecutive layers in
//!   the current charges (a pointer per stretch skips plays ruled out,
//!   as Dinic's current arc does), apply each, and rule out the plays of
//!   each path and those from which no path goes on.
//!
//! Invariant: every path applied is a shortest augmenting path of the
//! current charges. Distances from the sources and to the sinks never
//! fall when one applies a shortest path (Cunningham's lemma for matroid
//! intersection), so a path through consecutive layers of the phase's
//! search, as long as that search's shortest path, is a shortest path
//! now, and a play ruled out stays so for the phase: when a phase ends
//! no path of its length is left and the next is longer. A shortest path
//! applies: two of its entries into one value have different first
//! tight checkpoints (with the same, the earlier entry could displace
//! the later one's play, a shortcut), so the stretches they change are
//! disjoint. The decider still checks that before applying a path, so
//! the charges stay legal whatever happens, and the first path of a
//! phase is one the breadth-first search found, so each phase charges
//! at least one play.
//!
//! The searches and the phases pass, without looking them up, the plays
//! that can never move (doubles, plays whose limit in their other value
//! is 0 there, plays whose checkpoint there is frozen): a byte per
//! checkpoint, laid out in checkpoint order, says whether its play is
//! charged there and may leave.
//!
//! Beyond Hopcroft and Karp, a phase goes on: its breadth-first search
//! goes on through every play it can reach, and after the shortest paths
//! a second pass of depth-first searches (each play tried once again)
//! applies paths through consecutive layers that end at any layer with
//! room. Those are
//! augmenting paths too, and the check before applying one keeps the
//! charges legal: two entries into one value with different first tight
//! checkpoints f < f' change disjoint stretches (the later entry lies
//! after f, and each entry only lowers slack between itself and its
//! first tight checkpoint). On the matching games most plays are charged
//! so: 8 phases instead of 41 at a million plays. Longer paths can make
//! later shortest paths shorter, which the bound below needs never to
//! happen, so the second pass stops for good at the first phase whose
//! shortest path is not longer than the phase before's.
//!
//! The phases run on a copy of the residual problem: the checkpoints past
//! each value's frozen prefix, renumbered from 0, with their slack, and
//! the plays there that are not charged yet or may move, renumbered in
//! game order. Nothing else can change in a phase, and the copy is a few
//! times smaller than the whole game's arrays (a sixth of the plays of
//! the matching game), so the phases miss the caches less. Its charges
//! are written back at the end.
//!
//! Bound. A phase costs O(n log n): each play is queued and tried once,
//! each checkpoint opened once, with one tree query each, and the paths
//! applied are disjoint. When the shortest path has d plays, at most n/d
//! more plays can be charged: the difference between the charges and a
//! maximum one splits into disjoint augmenting paths of the slot matching
//! of the section above, and each, seen play by play, is a path of the
//! exchange graph (a run of moves inside one value shortcuts to one
//! displacement), so has at least d plays. After sqrt(n) phases at most
//! sqrt(n) plays are left, one phase each at worst: O(sqrt(n)) phases,
//! O(n^1.5 log n) to charge a maximum. With the second passes: while
//! they run, each phase's shortest path is longer than the last's, so
//! after sqrt(n) of those phases it has more than sqrt(n) plays; from
//! the phase where they stop on, distances never fall again; either way
//! at most sqrt(n) plays are left after O(sqrt(n)) phases.
//!
//! When some play stays uncharged, the first illegal move is found by
//! bisection: legality of prefixes is monotone (a prefix of a legal game
//! is legal), the plays before the first uncharged one form a legal
//! prefix, and a prefix is decided by replaying it from the best legal
//! charges known (plus the maximum's, where they fit) and charging the
//! rest in phases: O(log n) maxima, O(n^1.5 log^2 n) in all. The state is
//! then set to the legal charges of the moves before the illegal move t,
//! and the incremental decider takes t as any other move: its failed
//! search names the moves that compete for the ends, so the answer (move,
//! ends, competing moves) is the same whichever decider got there. Those
//! moves are the plays p < t such that the moves up to t without p have
//! a layout (the plays of the Hall violator): a set that does not depend
//! on the charges.
//!
//! # Bipartite matching is a Five Up game
//!
//! Legality is at least as hard as bipartite perfect matching: a graph
//! with m edges becomes a game of O(m) plays that is legal exactly when
//! the graph has a perfect matching ([`matching_game`] builds it; the
//! oracle tests check it against Kuhn's algorithm on the graph). The
//! game first gives every graph number v a reservoir of at least deg(v)
//! open ends (hub, doubles and pumps, where every choice is forced or
//! dominated), then plays the edges (each moves one end across; none can
//! block, the reservoirs are deep enough), then checks: D_v plays v-z with
//! z new, which pass exactly when v has D_v ends left, that is when at
//! most b_v edges were attached by v. With b = deg - 1 on the left and 1
//! on the right, the edges attached by their right number form a perfect
//! matching. So a decider with a guaranteed O(n log n) bound would match
//! any bipartite graph in O(m log m), which no known algorithm does (the
//! best combinatorial bound is Hopcroft and Karp's O(m sqrt(V)); the
//! almost-linear m^(1+o(1)) of the 2022 max-flow algorithms is neither
//! O(m log m) nor practical). The incremental search here is Kuhn's
//! algorithm in this light: on the matching games its searches explore
//! large tight regions and would grow about quadratically; the budget
//! and the phase decider (Hopcroft and Karp in this light) stop that,
//! but its phases still cost a pass over most of the game each (README).
//!
//! The witness layout follows from the charges by replaying the game with
//! a stack of open ends per value ([`solve`]); [`verify_layout`]
//! checks any layout move by move without trusting the decider.

mod decide;
mod generate;
mod layout;
mod model;
mod report;
mod score;
mod slack;
mod verify;

pub use decide::{solve, solve_in_phases, solve_keeping_layout, Decision};
pub use generate::{illegal_ending, matching_game, random_game, GameSpec, MatchingGame};
pub(crate) use model::ordinal;
pub use model::{IllegalMove, Play, Reason};
pub use report::{parse_game_lines, solve_lines, GameDocument, GameReport, LineReport};
pub use score::{
    is_layout_text, parse_layout, points, score_layout, score_range, score_text, LayoutScore,
    PlayScore, ScoreError, ScoreRange, ScoreReport, MAX_RANGE_PLAYS,
};
pub use verify::{verify_layout, VerifyError};
