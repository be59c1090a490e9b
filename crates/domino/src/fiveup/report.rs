//! The answers of `domino fiveup` as documents: the JSON the command line
//! prints with `--json` (and the HTTP service returns), and the text for
//! people, for one game or for one game per line. Pictures of the same
//! reports live in `render`.

use super::{decide_game, Decision, IllegalMove, Play, Reason};
use crate::digits::push_int;
use crate::input_error::InputError;
use crate::tile::{parse_dominoes, Domino};
use serde::ser::{Serialize, SerializeMap, Serializer};
use std::fmt::Write;

/// The verdict on one game: its layout, or its first illegal move with the
/// layout of the moves before it.
///
/// Serializes as `{"valid": true, "placements": [...]}` or
/// `{"valid": false, "move": k, "domino": [a,b], "reason": "...", "kind":
/// ...}` with `duplicate_of` (kind `duplicate`) or `ends` and `competing`
/// (kind `taken`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReport {
    /// How many moves the game has.
    pub moves: usize,
    /// The layout of the legal moves and the first illegal move, if any.
    pub decision: Decision,
}

impl GameReport {
    /// Decides `game`.
    pub fn new(game: &[Domino]) -> Self {
        GameReport {
            moves: game.len(),
            decision: decide_game(game),
        }
    }

    /// True when the game is legal (the command's exit code 0).
    pub fn legal(&self) -> bool {
        self.decision.illegal.is_none()
    }

    /// What a person reads: every move and where it lies, or the illegal
    /// move and why.
    pub fn text(&self) -> String {
        let mut out = String::with_capacity(self.decision.layout.len() * 32 + 64);
        match &self.decision.illegal {
            None => {
                let layout = &self.decision.layout;
                let _ = writeln!(
                    out,
                    "legal game of {} move{}",
                    layout.len(),
                    plural(layout.len())
                );
                for (k, place) in layout.iter().enumerate() {
                    push_placement_text(&mut out, k, place);
                }
            }
            Some(illegal) => push_illegal_text(&mut out, illegal),
        }
        out
    }

    /// The one-line summary of `--lines`: `legal (k moves)` or the illegal
    /// move and why.
    pub fn summary(&self) -> String {
        match &self.decision.illegal {
            None => format!("legal ({} move{})\n", self.moves, plural(self.moves)),
            Some(illegal) => {
                let mut out = String::new();
                push_illegal_text(&mut out, illegal);
                out
            }
        }
    }

    fn serialize_fields<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {
        let Some(illegal) = &self.decision.illegal else {
            map.serialize_entry("valid", &true)?;
            return map.serialize_entry("placements", &self.decision.layout);
        };
        map.serialize_entry("valid", &false)?;
        map.serialize_entry("move", &illegal.index)?;
        map.serialize_entry("domino", &illegal.domino)?;
        map.serialize_entry("reason", &illegal.to_string())?;
        match &illegal.reason {
            Reason::Duplicate { earlier } => {
                map.serialize_entry("kind", "duplicate")?;
                map.serialize_entry("duplicate_of", earlier)
            }
            Reason::NoOpenEnd => map.serialize_entry("kind", "no_open_end"),
            Reason::Taken { ends, competing } => {
                map.serialize_entry("kind", "taken")?;
                map.serialize_entry("ends", ends)?;
                map.serialize_entry("competing", competing)
            }
        }
    }
}

impl Serialize for GameReport {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        self.serialize_fields(&mut map)?;
        map.end()
    }
}

/// One game of an input with one game per line (`domino fiveup lines`).
///
/// Serializes as the game's [`GameReport`] with `"line": n` first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineReport {
    /// The 1-based line of the input the game was on.
    pub line: usize,
    /// The verdict on that game.
    pub game: GameReport,
}

impl LineReport {
    /// What a person reads: `line n: ` and the game's summary.
    pub fn text(&self) -> String {
        format!("line {}: {}", self.line, self.game.summary())
    }
}

impl Serialize for LineReport {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("line", &self.line)?;
        self.game.serialize_fields(&mut map)?;
        map.end()
    }
}

/// Reads one game per non-blank line (blank lines are skipped). Every line
/// is read before any is decided, so a bad line is reported before any
/// answer; its error names the line of the whole input.
pub fn parse_game_lines(text: &str) -> Result<Vec<(usize, Vec<Domino>)>, InputError> {
    let mut games = Vec::new();
    for (number, line) in text.lines().enumerate().map(|(i, l)| (i + 1, l)) {
        if line.trim().is_empty() {
            continue;
        }
        let game = parse_dominoes(line).map_err(|e| on_line(e, number))?;
        games.push((number, game));
    }
    Ok(games)
}

/// Decides every game of [`parse_game_lines`].
pub fn check_lines(games: &[(usize, Vec<Domino>)]) -> Vec<LineReport> {
    games
        .iter()
        .map(|(line, game)| LineReport {
            line: *line,
            game: GameReport::new(game),
        })
        .collect()
}

/// A parse error of one line, moved to that line of the whole input.
fn on_line(error: InputError, line: usize) -> InputError {
    match error.position {
        Some(p) => InputError::at(line, p.column, error.message),
        None => InputError::at(line, 1, error.message),
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn push_placement_text(out: &mut String, k: usize, place: &Play) {
    out.push_str("  ");
    push_int(out, k as i64);
    out.push_str(": ");
    push_int(out, place.domino.a);
    out.push('|');
    push_int(out, place.domino.b);
    match (place.attached_to, place.via) {
        (Some(j), Some(v)) => {
            out.push_str(" on move ");
            push_int(out, j as i64);
            out.push_str(" by ");
            push_int(out, v);
        }
        _ => out.push_str(" first"),
    }
    out.push('\n');
}

fn push_illegal_text(out: &mut String, illegal: &IllegalMove) {
    let _ = writeln!(
        out,
        "illegal at move {} ({}): {}",
        illegal.index, illegal.domino, illegal
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fiveup::{illegal_ending, random_game, verify_layout, GameSpec};

    /// The layout kept for the moves before an illegal one is a legal
    /// layout of exactly those moves.
    #[test]
    fn the_moves_before_an_illegal_one_keep_a_verified_layout() {
        let mut checked = 0;
        for seed in 0..200 {
            let mut games = Vec::new();
            games.extend(illegal_ending(20 + (seed as usize % 40), seed));
            let spec = GameSpec {
                plays: 60,
                values: 7,
                doubles_percent: 20,
                huge: false,
                ambiguous: seed % 2 == 0,
            };
            // A random legal game with a random domino appended, often
            // illegal (a duplicate, no open end, or every end taken).
            let mut game = random_game(&spec, seed);
            game.push(Domino::new((seed % 9) as i64, (seed % 5) as i64));
            games.push(game);
            for game in games {
                let report = GameReport::new(&game);
                let legal = report
                    .decision
                    .illegal
                    .as_ref()
                    .map_or(game.len(), |m| m.index);
                verify_layout(&game[..legal], &report.decision.layout).unwrap();
                checked += usize::from(!report.legal());
            }
        }
        assert!(checked > 150, "only {checked} illegal games");
    }

    #[test]
    fn json_fields_follow_the_contract() {
        let legal = GameReport::new(&parse_dominoes("1-1 1-2").unwrap());
        assert_eq!(
            serde_json::to_string(&legal).unwrap(),
            r#"{"valid":true,"placements":[{"domino":[1,1],"attached_to":null,"via":null},{"domino":[1,2],"attached_to":0,"via":1}]}"#
        );
        let lines = check_lines(&parse_game_lines("1-1 1-2\n\n1-1 1-1").unwrap());
        assert_eq!(
            serde_json::to_string(&lines[1]).unwrap(),
            r#"{"line":3,"valid":false,"move":1,"domino":[1,1],"reason":"1|1 was already played as move 0","kind":"duplicate","duplicate_of":0}"#
        );
    }
}
