//! The newspaper's JSON: one puzzle `{"dominoes": [[a,b],...], "regions":
//! [{"indices": [[row,col],...], "type": T, "target": t}, ...],
//! "solution": [[[r,c],[r,c]], ...]}`, or a day file `{"printDate": ...,
//! "easy": P, "medium": P, "hard": P}`. A batch is several of these one
//! after another (one per line, as `generate --json` writes them) or an
//! array of them. Unknown fields are ignored. A bad field is reported by
//! its path (`regions[2].indices[0]: ...`, `[3].regions[2]...` in an
//! array), after the line where its document starts when the input holds
//! several; a syntax error by line and column.

use super::explain::Grade;
use super::model::{Puzzle, Region, Rule, ShapeError, Solution, MAX_SIDE, MAX_VALUE};
use super::parse::Labeled;
use crate::input_error::InputError;
// `Value` here is a JSON value; a domino half is a `Half`.
use crate::tile::Value as Half;
use crate::Cell;
use serde::Serialize;
use serde_json::{Map, Value};

/// Reads every puzzle of the input: a puzzle, a day file, several of them
/// one after another, or an array of them.
pub fn parse_json(text: &str) -> Result<Vec<Labeled>, InputError> {
    let syntax = |e: serde_json::Error| InputError::json(text, &e, format!("bad JSON: {e}"));
    let mut documents = Vec::new();
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<Value>();
    loop {
        // Where the next document starts: after the previous one and the
        // blanks that follow it.
        let end = stream.byte_offset();
        let start = end + (text[end..].len() - text[end..].trim_start().len());
        match stream.next() {
            None => break,
            Some(value) => documents.push((start, value.map_err(syntax)?)),
        }
    }
    let several = documents.len() > 1;
    let mut found = Vec::new();
    for (start, value) in &documents {
        let read = match value {
            Value::Array(items) => items
                .iter()
                .enumerate()
                .try_for_each(|(i, item)| document(item, &format!("[{i}]."), &mut found)),
            _ => document(value, "", &mut found),
        };
        read.map_err(|e| match (several, e.position) {
            (true, None) => {
                let line = 1 + text[..*start].matches('\n').count();
                let column = 1 + text[..*start]
                    .rsplit('\n')
                    .next()
                    .map_or(0, |l| l.chars().count());
                InputError::at(line, column, e.message)
            }
            _ => e,
        })?;
    }
    if found.is_empty() {
        return Err(InputError::whole(
            "expected a puzzle (with \"dominoes\" and \"regions\") or a day file (with \"easy\", \"medium\" or \"hard\")",
        ));
    }
    Ok(found)
}

/// Reads one puzzle or day file into `found`; `prefix` starts every path
/// of an error.
fn document(value: &Value, prefix: &str, found: &mut Vec<Labeled>) -> Result<(), InputError> {
    let Value::Object(top) = value else {
        let at = prefix.trim_end_matches('.');
        return Err(InputError::whole(if at.is_empty() {
            "expected a JSON object: a puzzle or a day file".to_string()
        } else {
            format!("{at}: expected a JSON object: a puzzle or a day file")
        }));
    };
    if top.contains_key("dominoes") || top.contains_key("regions") {
        found.push(Labeled {
            level: None,
            puzzle: puzzle(top, prefix)?,
        });
        return Ok(());
    }
    let before = found.len();
    // A day file's levels are the grades' names, easiest first.
    for (grade, level) in Grade::ALL.into_iter().zip(Grade::NAMES) {
        if let Some(p) = top.get(level) {
            let Value::Object(p) = p else {
                return Err(InputError::whole(format!(
                    "{prefix}{level}: expected a puzzle object"
                )));
            };
            found.push(Labeled {
                level: Some(grade),
                puzzle: puzzle(p, &format!("{prefix}{level}."))?,
            });
        }
    }
    if found.len() == before {
        let at = prefix.trim_end_matches('.');
        let what = "expected a puzzle (with \"dominoes\" and \"regions\") or a day file (with \"easy\", \"medium\" or \"hard\")";
        return Err(InputError::whole(if at.is_empty() {
            what.to_string()
        } else {
            format!("{at}: {what}")
        }));
    }
    Ok(())
}

fn bad(path: &str, message: impl std::fmt::Display) -> InputError {
    InputError::whole(format!("{path}: {message}"))
}

fn field<'v>(
    object: &'v Map<String, Value>,
    prefix: &str,
    name: &str,
) -> Result<&'v Value, InputError> {
    object
        .get(name)
        .ok_or_else(|| bad(&format!("{prefix}{name}"), "missing"))
}

fn array<'v>(value: &'v Value, path: &str) -> Result<&'v Vec<Value>, InputError> {
    value
        .as_array()
        .ok_or_else(|| bad(path, "expected an array"))
}

fn integer(value: &Value, path: &str, max: u64) -> Result<u64, InputError> {
    match value.as_u64() {
        Some(n) if n <= max => Ok(n),
        Some(n) => Err(bad(
            path,
            format!("{n} is above the largest allowed, {max}"),
        )),
        None => Err(bad(
            path,
            format!("expected a whole number from 0 to {max}, found {value}"),
        )),
    }
}

fn cell(value: &Value, path: &str) -> Result<Cell, InputError> {
    let pair = array(value, path)?;
    if pair.len() != 2 {
        return Err(bad(path, "expected [row, column]"));
    }
    let side = MAX_SIDE as u64 - 1;
    let r = integer(&pair[0], &format!("{path}[0]"), side)?;
    let c = integer(&pair[1], &format!("{path}[1]"), side)?;
    Ok((r as usize, c as usize))
}

fn puzzle(object: &Map<String, Value>, prefix: &str) -> Result<Puzzle, InputError> {
    let path = format!("{prefix}dominoes");
    let mut dominoes = Vec::new();
    for (i, d) in array(field(object, prefix, "dominoes")?, &path)?
        .iter()
        .enumerate()
    {
        let p = format!("{path}[{i}]");
        let pair = array(d, &p)?;
        if pair.len() != 2 {
            return Err(bad(&p, "expected a domino [a, b]"));
        }
        // `integer` keeps them in 0..=MAX_VALUE: they fit a `Half`.
        let a = integer(&pair[0], &format!("{p}[0]"), MAX_VALUE as u64)?;
        let b = integer(&pair[1], &format!("{p}[1]"), MAX_VALUE as u64)?;
        dominoes.push([a as Half, b as Half]);
    }
    let path = format!("{prefix}regions");
    let mut regions = Vec::new();
    for (i, r) in array(field(object, prefix, "regions")?, &path)?
        .iter()
        .enumerate()
    {
        let p = format!("{path}[{i}]");
        let Value::Object(r) = r else {
            return Err(bad(&p, "expected a region object"));
        };
        let kind = field(r, &format!("{p}."), "type")?;
        let kind_path = format!("{p}.type");
        let target = || -> Result<i64, InputError> {
            let t = field(r, &format!("{p}."), "target")?;
            t.as_i64().ok_or_else(|| {
                bad(
                    &format!("{p}.target"),
                    format!("expected a whole number, found {t}"),
                )
            })
        };
        let rule = match kind.as_str() {
            Some("sum") => Rule::Sum(target()?),
            Some("less") => Rule::Less(target()?),
            Some("greater") => Rule::Greater(target()?),
            Some("equals") => Rule::Equal,
            Some("unequal") => Rule::Unequal,
            Some("empty") => Rule::Empty,
            _ => {
                return Err(bad(
                    &kind_path,
                    format!(
                        "expected one of sum, less, greater, equals, unequal, empty; found {kind}"
                    ),
                ))
            }
        };
        let mut cells = Vec::new();
        let ip = format!("{p}.indices");
        for (j, c) in array(field(r, &format!("{p}."), "indices")?, &ip)?
            .iter()
            .enumerate()
        {
            let cp = format!("{ip}[{j}]");
            cells.push(cell(c, &cp)?);
        }
        regions.push(Region { cells, rule });
    }
    if regions.is_empty() {
        // A board without cells cannot be drawn or written as text: refuse
        // it here rather than answer "unique" for nothing.
        return Err(bad(
            &format!("{prefix}regions"),
            "a puzzle needs at least one region with a cell",
        ));
    }
    let solution = match object.get("solution") {
        None | Some(Value::Null) => None,
        Some(s) => {
            let path = format!("{prefix}solution");
            let items = array(s, &path)?;
            if items.len() != dominoes.len() {
                return Err(bad(
                    &path,
                    format!(
                        "expected one placement per domino ({}), found {}",
                        dominoes.len(),
                        items.len()
                    ),
                ));
            }
            let mut placements = Vec::new();
            for (i, item) in items.iter().enumerate() {
                let p = format!("{path}[{i}]");
                let pair = array(item, &p)?;
                if pair.len() != 2 {
                    return Err(bad(&p, "expected [[row, column], [row, column]]"));
                }
                placements.push([
                    cell(&pair[0], &format!("{p}[0]"))?,
                    cell(&pair[1], &format!("{p}[1]"))?,
                ]);
            }
            Some(Solution { placements })
        }
    };
    let shape = |error: ShapeError| {
        let at = match error {
            ShapeError::Value { domino, .. } => format!("{prefix}dominoes[{domino}]"),
            ShapeError::NoRegion => format!("{prefix}regions"),
            ShapeError::EmptyRegion { region } => format!("{prefix}regions[{region}].indices"),
            ShapeError::CellOffBoard { region, index, .. }
            | ShapeError::CellTwice { region, index, .. } => {
                format!("{prefix}regions[{region}].indices[{index}]")
            }
            ShapeError::SolutionLength { .. } => format!("{prefix}solution"),
        };
        bad(&at, error)
    };
    Puzzle::new(dominoes, regions)
        .and_then(|puzzle| puzzle.with_solution(solution))
        .map_err(shape)
}

#[derive(Serialize)]
struct PuzzleOut<'p> {
    dominoes: &'p [[Half; 2]],
    regions: Vec<RegionOut<'p>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<&'p Solution>,
}

#[derive(Serialize)]
struct RegionOut<'p> {
    indices: &'p [Cell],
    #[serde(rename = "type")]
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    target: Option<i64>,
}

/// The puzzle in the newspaper's JSON (one line), its solution included
/// when it has one.
pub fn write_json(puzzle: &Puzzle) -> String {
    json_value(puzzle).to_string()
}

/// The puzzle as a JSON value in the newspaper's form.
pub fn json_value(puzzle: &Puzzle) -> Value {
    let out = PuzzleOut {
        dominoes: &puzzle.dominoes,
        regions: puzzle
            .regions
            .iter()
            .map(|r| RegionOut {
                indices: &r.cells,
                kind: r.rule.json_name(),
                target: r.rule.target(),
            })
            .collect(),
        solution: puzzle.solution.as_ref(),
    };
    serde_json::to_value(out).unwrap_or(Value::Null)
}

#[cfg(test)]
mod tests {
    use super::{parse_json, Grade};

    const P: &str = r#"{"dominoes": [[1, 2]], "regions": [{"indices": [[0, 0], [0, 1]], "type": "sum", "target": 3}]}"#;

    #[test]
    fn a_batch_is_documents_one_after_another_or_an_array() {
        let lines = format!("{P}\n{P}\n\n{P}\n");
        assert_eq!(parse_json(&lines).map(|all| all.len()), Ok(3));
        let array = format!("[{P}, {P}]");
        assert_eq!(parse_json(&array).map(|all| all.len()), Ok(2));
        let day = format!(r#"{{"easy": {P}, "hard": {P}}}"#);
        let mixed = format!("{P}\n{day}");
        let levels: Vec<Option<Grade>> = parse_json(&mixed)
            .map(|all| all.into_iter().map(|l| l.level).collect())
            .unwrap_or_default();
        assert_eq!(levels, [None, Some(Grade::Easy), Some(Grade::Hard)]);
    }

    #[test]
    fn a_bad_document_of_a_batch_is_named_by_its_line_or_index() {
        let bad = P.replace("[[0, 0], [0, 1]]", "[[0, 0], [0]]");
        let Err(e) = parse_json(&format!("{P}\n  {bad}\n")) else {
            panic!("a bad second document was read");
        };
        assert_eq!(
            e.to_string(),
            "line 2, column 3: regions[0].indices[1]: expected [row, column]"
        );
        let Err(e) = parse_json(&format!("[{P}, {bad}]")) else {
            panic!("a bad array item was read");
        };
        assert_eq!(
            e.to_string(),
            "[1].regions[0].indices[1]: expected [row, column]"
        );
        let Err(e) = parse_json("[1]") else {
            panic!("a number was read as a puzzle");
        };
        assert_eq!(
            e.to_string(),
            "[0]: expected a JSON object: a puzzle or a day file"
        );
        assert!(parse_json("[]").is_err());
        assert!(parse_json(&format!("{P} x")).is_err());
    }
}
