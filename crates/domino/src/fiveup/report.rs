//! The answers of `domino fiveup` as documents: the JSON the command line
//! prints with `--json` (and the HTTP service returns), and the text for
//! people, for one game or for one game per line. Pictures of the same
//! reports live in `render`.

use super::{ordinal, solve_keeping_layout, Decision, IllegalMove, Play, Reason};
use crate::digits::{decimal_len, push_int, Line};
use crate::input_error::InputError;
use crate::tile::{parse_dominoes, Domino, Value};
use serde::ser::{Serialize, Serializer};
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
            decision: solve_keeping_layout(game),
        }
    }

    /// True when the game is legal (the command's exit code 0).
    pub fn legal(&self) -> bool {
        self.decision.illegal.is_none()
    }

    /// What a person reads: every move and where it lies, or the illegal
    /// move and why.
    pub fn text(&self) -> String {
        let mut out = Vec::new();
        self.write_text(&mut out);
        // The bytes are ASCII or come from a `String`: the lossy branch
        // never runs.
        String::from_utf8(out)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }

    /// Appends [`Self::text`] to `out`, without the check that the bytes
    /// are UTF-8 (they are ASCII) a `String` would cost.
    pub fn write_text(&self, out: &mut Vec<u8>) {
        if let Some(illegal) = &self.decision.illegal {
            let mut line = String::new();
            push_illegal_text(&mut line, illegal);
            out.extend_from_slice(line.as_bytes());
            return;
        }
        let layout = &self.decision.layout;
        // A line is `  k: a|b on move j by v`: sized for values of up to
        // four digits, so a large game is written without regrowing.
        out.reserve(layout.len() * (2 * decimal_len(layout.len()) + 30) + 64);
        let mut line = Line::new();
        line.push(b"legal game of ");
        line.push_uint(layout.len() as u64);
        line.push(b" move");
        line.push(plural(layout.len()).as_bytes());
        line.push(b"\n");
        line.append_to(out);
        for (k, place) in layout.iter().enumerate() {
            push_placement_text(out, k, place);
        }
    }

    /// Appends the one-line summary of `--lines` to `out`: `legal (k
    /// moves)` or the illegal move and why.
    pub fn push_summary(&self, out: &mut String) {
        match &self.decision.illegal {
            None => {
                out.push_str("legal (");
                push_int(out, self.moves);
                out.push_str(" move");
                out.push_str(plural(self.moves));
                out.push_str(")\n");
            }
            Some(illegal) => push_illegal_text(out, illegal),
        }
    }

    /// The one-line summary of `--lines`: `legal (k moves)` or the illegal
    /// move and why.
    pub fn summary(&self) -> String {
        let mut out = String::new();
        self.push_summary(&mut out);
        out
    }

    /// Appends the report's JSON document to `out`, byte for byte what
    /// `serde_json` writes for it. A legal game's placements are written
    /// here directly: through serde, a million of them cost more than
    /// deciding the game.
    pub fn write_json(&self, out: &mut Vec<u8>) -> serde_json::Result<()> {
        if self.decision.illegal.is_some() {
            return serde_json::to_writer(out, self);
        }
        let layout = &self.decision.layout;
        out.reserve(layout.len() * (2 * decimal_len(layout.len()) + 48) + 64);
        out.extend_from_slice(br#"{"valid":true,"placements":["#);
        for (k, place) in layout.iter().enumerate() {
            push_placement_json(out, k > 0, place);
        }
        out.extend_from_slice(b"]}");
        Ok(())
    }

    /// The report as its JSON document.
    pub fn document(&self) -> GameDocument<'_> {
        let Some(illegal) = &self.decision.illegal else {
            return GameDocument {
                valid: true,
                placements: Some(&self.decision.layout),
                ..GameDocument::default()
            };
        };
        let mut doc = GameDocument {
            valid: false,
            illegal_move: Some(illegal.index),
            domino: Some(illegal.domino),
            reason: Some(illegal.to_string()),
            ..GameDocument::default()
        };
        match &illegal.reason {
            Reason::Duplicate { earlier } => {
                doc.kind = Some("duplicate");
                doc.duplicate_of = Some(*earlier);
            }
            Reason::NoOpenEnd => doc.kind = Some("no_open_end"),
            Reason::Taken { ends, competing } => {
                doc.kind = Some("taken");
                doc.ends = Some(ends);
                doc.competing = Some(competing);
            }
        }
        doc
    }
}

impl Serialize for GameReport {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.document().serialize(serializer)
    }
}

/// [`GameReport`] as JSON (`domino fiveup --json`): legal, with the
/// layout, or the first illegal move and why.
#[derive(Default, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = FiveupAnswer))]
pub struct GameDocument<'a> {
    /// True when the game is legal.
    pub valid: bool,
    /// Where each play went (a legal game).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placements: Option<&'a [Play]>,
    /// The first illegal move (0-based).
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub illegal_move: Option<usize>,
    /// Its domino.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub domino: Option<Domino>,
    /// Why it is illegal, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// `duplicate`, `no_open_end` or `taken`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'static str>,
    /// The move that played the domino first (kind `duplicate`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duplicate_of: Option<usize>,
    /// The open ends and how many (kind `taken`).
    #[serde(skip_serializing_if = "Option::is_none")]
    // utoipa sees through the `Value` alias only outside a tuple.
    #[cfg_attr(feature = "schema", schema(value_type = Option<Vec<(i64, usize)>>))]
    pub ends: Option<&'a [(Value, usize)]>,
    /// The earlier moves that took those ends (kind `taken`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub competing: Option<&'a [usize]>,
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
    /// Appends what a person reads to `out`: `line n: ` and the game's
    /// summary.
    pub fn push_text(&self, out: &mut String) {
        out.push_str("line ");
        push_int(out, self.line);
        out.push_str(": ");
        self.game.push_summary(out);
    }

    /// What a person reads: `line n: ` and the game's summary.
    pub fn text(&self) -> String {
        let mut out = String::new();
        self.push_text(&mut out);
        out
    }
}

impl Serialize for LineReport {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        LineDocument {
            line: self.line,
            game: self.game.document(),
        }
        .serialize(serializer)
    }
}

/// [`LineReport`] as JSON: the line, then the game's document.
#[derive(serde::Serialize)]
struct LineDocument<'a> {
    line: usize,
    #[serde(flatten)]
    game: GameDocument<'a>,
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
pub fn solve_lines(games: &[(usize, Vec<Domino>)]) -> Vec<LineReport> {
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

fn push_placement_text(out: &mut Vec<u8>, k: usize, place: &Play) {
    let mut line = Line::new();
    line.push(b"  ");
    line.push_uint(k as u64);
    line.push(b": ");
    line.push_int(place.domino.a);
    line.push(b"|");
    line.push_int(place.domino.b);
    match (place.attached_to, place.via) {
        (Some(j), Some(v)) => {
            line.push(b" on move ");
            line.push_uint(j as u64);
            line.push(b" by ");
            line.push_int(v);
        }
        _ => line.push(b" first"),
    }
    line.push(b"\n");
    line.append_to(out);
}

/// One placement as serde writes a [`Play`] (its fields in order, `null`
/// for `None`), after a comma unless it is the first.
fn push_placement_json(out: &mut Vec<u8>, comma: bool, place: &Play) {
    let mut line = Line::new();
    if comma {
        line.push(b",");
    }
    line.push(br#"{"domino":["#);
    line.push_int(place.domino.a);
    line.push(b",");
    line.push_int(place.domino.b);
    line.push(br#"],"attached_to":"#);
    match place.attached_to {
        Some(j) => line.push_uint(j as u64),
        None => line.push(b"null"),
    }
    line.push(br#","via":"#);
    match place.via {
        Some(v) => line.push_int(v),
        None => line.push(b"null"),
    }
    line.push(b"}");
    line.append_to(out);
}

fn push_illegal_text(out: &mut String, illegal: &IllegalMove) {
    let _ = writeln!(
        out,
        "illegal at the {} play ({}): {}",
        ordinal(illegal.index),
        illegal.domino,
        illegal
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

    /// The direct JSON writer and serde agree byte for byte, for legal
    /// and illegal games, negative and extreme values included.
    #[test]
    fn written_json_is_what_serde_writes() {
        let mut games = vec![
            Vec::new(),
            parse_dominoes("3|3").unwrap(),
            parse_dominoes("-3|-3 -3|9223372036854775807 -9223372036854775808|-3").unwrap(),
        ];
        for seed in 0..50 {
            let spec = GameSpec {
                plays: 1 + seed as usize * 7,
                values: 9,
                doubles_percent: 20,
                huge: seed % 5 == 0,
                ambiguous: seed % 2 == 0,
            };
            let mut game = random_game(&spec, seed);
            games.push(game.clone());
            game.push(game[game.len() / 2]);
            games.push(game);
        }
        for game in games {
            let report = GameReport::new(&game);
            let mut written = b"prefix".to_vec();
            report.write_json(&mut written).unwrap();
            let mut expected = b"prefix".to_vec();
            expected.extend(serde_json::to_vec(&report).unwrap());
            assert_eq!(
                String::from_utf8(written).unwrap(),
                String::from_utf8(expected).unwrap()
            );
        }
    }

    #[test]
    fn json_fields_follow_the_contract() {
        let legal = GameReport::new(&parse_dominoes("1-1 1-2").unwrap());
        assert_eq!(
            serde_json::to_string(&legal).unwrap(),
            r#"{"valid":true,"placements":[{"domino":[1,1],"attached_to":null,"via":null},{"domino":[1,2],"attached_to":0,"via":1}]}"#
        );
        let lines = solve_lines(&parse_game_lines("1-1 1-2\n\n1-1 1-1").unwrap());
        assert_eq!(
            serde_json::to_string(&lines[1]).unwrap(),
            r#"{"line":3,"valid":false,"move":1,"domino":[1,1],"reason":"1|1 was already played as the 1st play","kind":"duplicate","duplicate_of":0}"#
        );
    }
}
