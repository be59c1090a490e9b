//! The placement routes' part of the OpenAPI document: solve, explain,
//! generate, hint, check and render/place, with their request and answer
//! schemas (the CLI's `--json` documents and the play reports).

use super::{broken, count, list, pair, post, reference, seconds, seed, text};
use serde_json::{json, Value};

/// The paths of the placement routes.
pub(super) fn paths() -> Value {
    json!({
        "/api/v1/place/solve": post(
            "Solve a placement board: count its solutions (stopping at 2 proves one unique)",
            "PlaceSolveRequest", "PlaceSolveAnswer"),
        "/api/v1/place/explain": post(
            "The deductions that solve a placement board, step by step",
            "PlaceBoardRequest", "PlaceExplainAnswer"),
        "/api/v1/place/generate": post(
            "A new placement puzzle with a unique solution and an exact difficulty",
            "PlaceGenerateRequest", "PlaceGenerateAnswer"),
        "/api/v1/place/hint": post(
            "The next deduction from a player's pieces, or the pieces that fit no solution",
            "PlacePlayRequest", "PlaceHintAnswer"),
        "/api/v1/place/check": post(
            "A player's pieces checked: rules broken, pieces wrong or laid twice, solved or not",
            "PlacePlayRequest", "PlaceCheckAnswer"),
        "/api/v1/render/place": post(
            "The SVG of a placement board, with a player's pieces or the solution",
            "PlaceRenderRequest", "PlaceSvg"),
    })
}

/// A square `[row, column]`; also a piece `[a, b]` of the set.
fn cell() -> Value {
    pair(count())
}

fn cell_pair() -> Value {
    pair(cell())
}

fn rows() -> Value {
    json!({ "type": "array", "items": { "type": "array", "items": { "type": "integer", "minimum": 0, "nullable": true } } })
}

/// A placement request: the board fields every placement route takes, and
/// the route's own `extra` fields.
fn request(extra: Value) -> Value {
    let fields = json!({
        "text": text(),
        "board": { "allOf": [rows()], "description": "Rows of numbers, null for a hole" },
        "clues": { "type": "array", "items": cell_pair(), "description": "Clue pieces (with board)" },
        "set": { "type": "integer", "minimum": 0, "maximum": 100, "description": "The set is double-N (default: from the cell count or the #dp header)" }
    });
    super::request("Give text or board", fields, extra)
}

fn step() -> Value {
    json!({
        "type": "object",
        "required": ["cells", "level", "technique", "text"],
        "properties": {
            "cells": list(cell()),
            "level": { "type": "string", "enum": ["trivial", "basic", "hard", "extreme"] },
            "technique": { "type": "string" },
            "text": { "type": "string" }
        }
    })
}

/// The schemas of the placement routes.
pub(super) fn schemas() -> Value {
    let grade =
        json!({ "type": "string", "enum": ["trivial", "basic", "hard", "extreme", "search"] });
    json!({
        "PlaceRows": rows(),
        "PlaceStep": step(),
        "PlaceSolveRequest": request(json!({
            "count": { "type": "boolean", "default": false },
            "all": { "type": "boolean", "default": false },
            "limit": { "type": "integer", "minimum": 1, "description": "Stop at this many solutions (default 2, or no limit with count or all)" },
            "grade": { "type": "boolean", "default": false, "description": "Also grade the board" },
            "time_limit": seconds(),
            "node_limit": count()
        })),
        "PlaceSolveAnswer": {
            "type": "object",
            "required": ["complete", "count", "solutions"],
            "properties": {
                "complete": { "type": "boolean" },
                "count": count(),
                "grade": grade,
                "reason": { "type": "string" },
                "solutions": list(reference("PlaceRows"))
            }
        },
        "PlaceBoardRequest": request(json!({})),
        "PlaceExplainAnswer": {
            "type": "object",
            "required": ["complete", "grade", "steps"],
            "properties": {
                "complete": { "type": "boolean" },
                "grade": grade,
                "reason": { "type": "string" },
                "steps": list(reference("PlaceStep"))
            }
        },
        "PlaceGenerateRequest": {
            "type": "object",
            "additionalProperties": false,
            "required": ["set"],
            "properties": {
                "set": { "type": "integer", "minimum": 0, "maximum": 60 },
                "difficulty": { "type": "string", "enum": ["trivial", "basic", "hard", "extreme"], "default": "basic" },
                "seed": seed(),
                "shape": { "type": "string", "description": "rectangle, or a mask: any visible character marks a cell; '.', 'x' or a space a hole", "default": "rectangle" },
                "clues": { "type": "boolean", "default": false },
                "time_limit": seconds()
            }
        },
        "PlaceGenerateAnswer": {
            "type": "object",
            "required": ["puzzle", "seed"],
            "description": "puzzle is null (with the reason) when no puzzle was found in time",
            "properties": {
                "puzzle": { "allOf": [reference("PlaceRows")], "nullable": true },
                "clues": list(cell_pair()),
                "difficulty": grade,
                "seed": count(),
                "set": count(),
                "solution": reference("PlaceRows"),
                "tries": count(),
                "reason": { "type": "string" }
            }
        },
        "PlacePlayRequest": request(json!({
            "placements": { "type": "array", "items": cell_pair(), "description": "The player's pieces, in the order laid" },
            "time_limit": seconds()
        })),
        "PlaceHintAnswer": {
            "type": "object",
            "required": ["solved", "step", "wrong"],
            "properties": {
                "solved": { "type": "boolean" },
                "step": { "allOf": [reference("PlaceStep")], "nullable": true },
                "wrong": list(count()),
                "reason": { "type": "string" }
            }
        },
        "PlaceCheckAnswer": {
            "type": "object",
            "required": ["solved", "broken", "wrong", "duplicates", "pieces"],
            "properties": {
                "solved": { "type": "boolean" },
                "broken": list(broken()),
                "wrong": list(count()),
                "duplicates": { "type": "array", "items": {
                    "type": "object", "required": ["piece", "placements"],
                    "properties": { "piece": cell(), "placements": list(count()) } } },
                "pieces": { "type": "array", "items": {
                    "type": "object", "required": ["piece", "used"],
                    "properties": { "piece": cell(), "used": count() } } },
                "reason": { "type": "string" }
            }
        },
        "PlaceRenderRequest": request(json!({
            "placements": { "type": "array", "items": cell_pair(), "description": "The player's pieces to draw, in the order laid" },
            "solution": { "type": "boolean", "default": false, "description": "Draw the solution (not with placements)" },
            "time_limit": seconds()
        })),
        "PlaceSvg": {
            "type": "object",
            "required": ["svg"],
            "properties": {
                "svg": { "type": "string" },
                "reason": { "type": "string", "description": "Why the solution is not drawn" }
            }
        }
    })
}
