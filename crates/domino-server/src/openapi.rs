//! The OpenAPI 3 document of the API, written out by hand beside the
//! routes (the answers are the CLI's documents, which have no Rust type to
//! derive a schema from). Tests check that it names exactly the routes the
//! router has, and schemathesis (scripts/test-api) checks every answer of
//! a fuzz run against it.

use serde_json::{json, Value};

mod place;

/// The document served at `/api/v1/openapi.json`.
pub fn document() -> Value {
    let mut document = json!({
        "openapi": "3.0.3",
        "info": {
            "title": "domino",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "Chains, Five Up, placement puzzles and vanishing dominoes: the engine of the domino CLI as a JSON API. Answers are the CLI's --json documents. Stateless: every request carries its puzzle."
        },
        "paths": {
            "/healthz": {
                "get": {
                    "summary": "Alive, and how busy the solver pools are",
                    "responses": { "200": answer("Health") }
                }
            },
            "/api/v1/openapi.json": {
                "get": {
                    "summary": "This document",
                    "responses": { "200": { "description": "The OpenAPI document", "content": { "application/json": { "schema": { "type": "object" } } } } }
                }
            },
            "/api/v1/chain": post(
                "One line through every domino (closed, or open), or the longest line from a hand",
                "ChainRequest", "ChainAnswer"),
            "/api/v1/render/chain": post(
                "The picture of what /chain answers for the same body",
                "ChainRequest", "Picture"),
            "/api/v1/fiveup": post(
                "Is this sequence of plays a legal game of Five Up? Its layout, or its first illegal move",
                "FiveupRequest", "FiveupAnswer"),
            "/api/v1/render/fiveup": post(
                "The layout of the game, or of its first k plays",
                "FiveupRenderRequest", "Picture"),
            "/api/v1/vanish/solve": post(
                "Remove as many pieces as possible; exact proves the optimum",
                "VanishSolveRequest", "VanishSolution"),
            "/api/v1/vanish/compare": post(
                "Every algorithm on the board, side by side",
                "VanishCompareRequest", "VanishComparison"),
            "/api/v1/vanish/moves": post(
                "After the player's removals so far: which pieces may vanish now, which never can, the score",
                "VanishMovesRequest", "VanishMoves"),
            "/api/v1/vanish/generate": post(
                "A random full board (optionally clearable, with the order that clears it)",
                "VanishGenerateRequest", "VanishGenerated"),
            "/api/v1/pips/solve": post(
                "Solve a Pips puzzle: count its solutions (2 by default, proving uniqueness) and list the first",
                "PipsSolveRequest", "PipsSolution"),
            "/api/v1/pips/generate": post(
                "A new Pips puzzle with a unique solution and the grade asked for",
                "PipsGenerateRequest", "PipsGenerated"),
            "/api/v1/pips/check": post(
                "The player's pieces so far: what breaks a rule, which regions can no longer hold, solved or not",
                "PipsCheckRequest", "PipsCheck"),
            "/api/v1/render/pips": post(
                "The puzzle, its solution, or the player's pieces",
                "PipsRenderRequest", "Picture"),
            "/api/v1/render/vanish": post(
                "The board with some pieces removed",
                "VanishRenderRequest", "Picture"),
        },
        "components": { "schemas": schemas() }
    });
    extend(&mut document["paths"], place::paths());
    extend(&mut document["components"]["schemas"], place::schemas());
    document
}

/// Adds the entries of the object `part` to the object `target`.
fn extend(target: &mut Value, part: Value) {
    if let (Value::Object(target), Value::Object(part)) = (target, part) {
        target.extend(part);
    }
}

/// A POST operation taking `request` and answering `answer`.
fn post(summary: &str, request: &str, answer_schema: &str) -> Value {
    json!({
        "post": {
            "summary": summary,
            "requestBody": {
                "required": true,
                "content": { "application/json": { "schema": reference(request) } }
            },
            "responses": {
                "200": answer(answer_schema),
                "400": error("Bad input: the message, and where (line and column in text, or a JSON pointer)"),
                "408": error("The request overran the server's time limit (safety net)"),
                "413": error("The body is larger than the server's limit"),
                "415": error("The body is not application/json"),
                "503": {
                    "description": "The solver pool is full; retry after the given seconds",
                    "headers": { "Retry-After": { "schema": { "type": "integer" } } },
                    "content": { "application/json": { "schema": reference("Error") } }
                }
            }
        }
    })
}

fn reference(name: &str) -> Value {
    json!({ "$ref": format!("#/components/schemas/{name}") })
}

fn answer(schema: &str) -> Value {
    json!({
        "description": "The answer",
        "content": { "application/json": { "schema": reference(schema) } }
    })
}

fn error(description: &str) -> Value {
    json!({
        "description": description,
        "content": { "application/json": { "schema": reference("Error") } }
    })
}

fn integer() -> Value {
    json!({ "type": "integer", "format": "int64" })
}

fn count() -> Value {
    json!({ "type": "integer", "minimum": 0 })
}

fn seconds() -> Value {
    json!({ "type": "number", "exclusiveMinimum": true, "minimum": 0, "description": "Seconds; capped by the server's --max-time (also the default)" })
}

fn text() -> Value {
    json!({ "type": "string", "description": "The puzzle in any format the CLI reads" })
}

fn pair(item: Value) -> Value {
    json!({ "type": "array", "items": item, "minItems": 2, "maxItems": 2 })
}

fn list(item: Value) -> Value {
    json!({ "type": "array", "items": item })
}

fn beam_width() -> Value {
    json!({ "type": "integer", "minimum": 1, "default": 64 })
}

fn seed() -> Value {
    json!({ "type": "integer", "minimum": 0, "default": 1 })
}

/// An entry of a check's `broken` list: a placement that breaks a rule of
/// laying (its index in the request) and why.
fn broken() -> Value {
    json!({
        "type": "object",
        "required": ["index", "reason"],
        "properties": { "index": count(), "reason": { "type": "string" } }
    })
}

/// A request body: an object that takes the puzzle's `fields` (how the
/// family's routes read a puzzle) and the route's own `extra` fields, and
/// nothing else.
fn request(description: &str, fields: Value, extra: Value) -> Value {
    let mut properties = fields;
    extend(&mut properties, extra);
    json!({
        "type": "object",
        "additionalProperties": false,
        "description": description,
        "properties": properties
    })
}

/// A Five Up request: the plays as text or dominoes.
fn fiveup_request(extra: Value) -> Value {
    let fields = json!({ "text": text(), "dominoes": reference("Dominoes") });
    request("Give text or dominoes: the plays in order", fields, extra)
}

/// A vanish request: the board as text (text or XML format) or structured.
fn vanish_request(description: &str, extra: Value) -> Value {
    let fields = json!({ "text": text(), "board": reference("VanishBoard") });
    request(description, fields, extra)
}

/// A pips request: the puzzle as text or the newspaper's JSON, and the
/// puzzle of a day file.
fn pips_request(description: &str, extra: Value) -> Value {
    let fields = json!({
        "text": text(),
        "puzzle": reference("PipsPuzzle"),
        "level": reference("PipsLevel")
    });
    request(description, fields, extra)
}

fn schemas() -> Value {
    let mut all = family_schemas();
    if let (Some(all), Value::Object(pips)) = (all.as_object_mut(), pips_schemas()) {
        all.extend(pips);
    }
    all
}

/// The schemas of every family but pips (one `json!` would be too deep).
fn family_schemas() -> Value {
    json!({
        "Error": {
            "type": "object",
            "required": ["error"],
            "properties": {
                "error": { "type": "string" },
                "line": { "type": "integer", "minimum": 1 },
                "column": { "type": "integer", "minimum": 1 },
                "path": { "type": "string", "description": "JSON pointer into the request body" }
            }
        },
        "Health": {
            "type": "object",
            "required": ["status", "version", "busy", "capacity"],
            "properties": {
                "status": { "type": "string", "enum": ["ok"] },
                "version": { "type": "string" },
                "busy": { "$ref": "#/components/schemas/PoolCounts" },
                "capacity": { "$ref": "#/components/schemas/PoolCounts" },
                "max_time": { "type": "number" },
                "max_body": { "type": "integer" }
            }
        },
        "PoolCounts": {
            "type": "object",
            "required": ["cheap", "expensive"],
            "properties": { "cheap": count(), "expensive": count() }
        },
        "Domino": pair(integer()),
        "Dominoes": list(reference("Domino")),
        "ChainRequest": {
            "type": "object",
            "additionalProperties": false,
            "description": "Give text or dominoes",
            "properties": {
                "text": text(),
                "dominoes": { "$ref": "#/components/schemas/Dominoes" },
                "open": { "type": "boolean", "default": false },
                "longest": { "type": "boolean", "default": false },
                "start": { "type": "integer", "format": "int64", "nullable": true },
                "time_limit": seconds(),
                "node_limit": count()
            }
        },
        "ChainAnswer": {
            "type": "object",
            "required": ["chain"],
            "properties": {
                "chain": { "allOf": [{ "$ref": "#/components/schemas/Dominoes" }], "nullable": true },
                "reason": { "type": "string" },
                "odd_values": list(pair(integer())),
                "groups": list(list(integer())),
                "length": count(),
                "optimal": { "type": "boolean" },
                "nodes": count()
            }
        },
        "VanishPiece": {
            "type": "object",
            "additionalProperties": false,
            "required": ["x", "y", "orientation", "values"],
            "properties": {
                "x": count(),
                "y": count(),
                "orientation": { "type": "string", "enum": ["h", "v"] },
                "values": pair(count())
            }
        },
        "VanishBoard": {
            "type": "object",
            "additionalProperties": false,
            "required": ["width", "height", "pieces"],
            "properties": {
                "width": count(),
                "height": count(),
                "pieces": list(reference("VanishPiece"))
            }
        },
        "VanishSolveRequest": vanish_request("Give text (text or XML format) or board", json!({
            "algorithm": { "type": "string", "enum": ["exact", "greedy", "beam", "anytime", "capped-dfs", "delaying-greedy", "scan"], "default": "exact" },
            "time_limit": seconds(),
            "node_limit": count(),
            "beam_width": beam_width(),
            "seed": seed()
        })),
        "Picture": {
            "type": "object",
            "required": ["svg"],
            "properties": { "svg": { "type": "string", "description": "An SVG document drawn by the engine's render module" } }
        },
        "FiveupRequest": fiveup_request(json!({})),
        "FiveupRenderRequest": fiveup_request(json!({
            "moves": { "type": "integer", "minimum": 0, "description": "Draw only the first k plays (an illegal move among them is drawn marked)" }
        })),
        "FiveupPlacement": {
            "type": "object",
            "required": ["domino", "attached_to", "via"],
            "properties": {
                "domino": { "$ref": "#/components/schemas/Domino" },
                "attached_to": { "type": "integer", "minimum": 0, "nullable": true },
                "via": { "type": "integer", "format": "int64", "nullable": true }
            }
        },
        "FiveupAnswer": {
            "type": "object",
            "required": ["valid"],
            "properties": {
                "valid": { "type": "boolean" },
                "placements": list(reference("FiveupPlacement")),
                "move": count(),
                "domino": { "$ref": "#/components/schemas/Domino" },
                "reason": { "type": "string" },
                "kind": { "type": "string", "enum": ["duplicate", "no_open_end", "taken"] },
                "duplicate_of": count(),
                "ends": list(pair(integer())),
                "competing": list(count())
            }
        },
        "VanishCompareRequest": vanish_request("Give text (text or XML format) or board", json!({
            "time_limit": { "type": "number", "exclusiveMinimum": true, "minimum": 0, "description": "Seconds per algorithm; capped so that all seven stay within the server's --max-time (also the default)" },
            "node_limit": count(),
            "beam_width": beam_width(),
            "seed": seed()
        })),
        "VanishComparison": {
            "type": "object",
            "required": ["results"],
            "properties": {
                "results": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["input", "algorithm", "score", "optimal", "seconds", "states", "order"],
                        "properties": {
                            "input": { "type": "string" },
                            "algorithm": { "type": "string" },
                            "score": count(),
                            "optimal": { "type": "boolean" },
                            "seconds": { "type": "number" },
                            "states": count(),
                            "order": list(count())
                        }
                    }
                }
            }
        },
        "VanishMovesRequest": vanish_request("Give text (text or XML format) or board, and the pieces removed so far", json!({
            "removed": { "type": "array", "items": count(), "default": [], "description": "Piece indices in removal order" }
        })),
        "VanishMoves": {
            "type": "object",
            "required": ["removable", "never", "score", "removed", "done"],
            "properties": {
                "removable": list(count()),
                "never": list(count()),
                "score": count(),
                "removed": count(),
                "done": { "type": "boolean" }
            }
        },
        "VanishGenerateRequest": {
            "type": "object",
            "additionalProperties": false,
            "required": ["width", "height", "max_value"],
            "properties": {
                "width": { "type": "integer", "minimum": 1 },
                "height": { "type": "integer", "minimum": 1 },
                "max_value": count(),
                "seed": seed(),
                "clearable": { "type": "boolean", "default": false }
            }
        },
        "VanishGenerated": {
            "type": "object",
            "required": ["text", "board"],
            "properties": {
                "text": { "type": "string", "description": "The board in the text format" },
                "board": { "$ref": "#/components/schemas/VanishBoard" },
                "order": { "type": "array", "items": count(), "description": "With clearable: an order that clears the board" }
            }
        },
        "VanishRenderRequest": vanish_request("Give text (text or XML format) or board, and optionally the pieces removed", json!({
            "removed": { "type": "array", "items": count(), "default": [], "description": "Distinct piece indices; the last one is drawn as just removed" }
        })),
        "VanishSolution": {
            "type": "object",
            "required": ["score", "optimal", "algorithm", "order", "states"],
            "properties": {
                "score": count(),
                "optimal": { "type": "boolean" },
                "algorithm": { "type": "string" },
                "order": list(count()),
                "states": count(),
                "lower_bound": count(),
                "seconds": { "type": "number" }
            }
        }
    })
}

/// The schemas of the pips routes.
fn pips_schemas() -> Value {
    json!({
        "Cell": pair(count()),
        "PipsPuzzle": {
            "type": "object",
            "description": "The newspaper's JSON: {\"dominoes\": [[a,b],...], \"regions\": [{\"indices\": [[r,c],...], \"type\": \"sum|less|greater|equals|unequal|empty\", \"target\": t}, ...], \"solution\"?: [[[r,c],[r,c]], ...]}, or a day file {\"easy\": P, \"medium\": P, \"hard\": P}"
        },
        "PipsLevel": { "type": "string", "enum": ["easy", "medium", "hard"] },
        "PipsPlacement": {
            "type": "object",
            "additionalProperties": false,
            "required": ["domino", "cells"],
            "properties": {
                "domino": { "type": "integer", "minimum": 0, "description": "Index into the puzzle's dominoes" },
                "cells": { "type": "array", "items": { "$ref": "#/components/schemas/Cell" }, "minItems": 2, "maxItems": 2, "description": "The cell of the domino's first value, then of its second" }
            }
        },
        "PipsSolveRequest": pips_request("Give text (the text format or the newspaper's JSON) or puzzle; level picks a puzzle of a day file", json!({
            "count": { "type": "boolean", "default": false },
            "all": { "type": "boolean", "default": false },
            "limit": { "type": "integer", "minimum": 1 },
            "time_limit": seconds(),
            "node_limit": count()
        })),
        "PipsSolution": {
            "type": "object",
            "required": ["count", "complete", "solutions", "states"],
            "properties": {
                "count": count(),
                "complete": { "type": "boolean" },
                "level": { "$ref": "#/components/schemas/PipsLevel" },
                "reason": { "type": "string" },
                "solutions": list(list(list(reference("Cell")))),
                "states": count()
            }
        },
        "PipsGenerateRequest": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
                "cells": { "type": "integer", "minimum": 2, "maximum": 16, "default": 16, "description": "Cells of the board (even)" },
                "shape": { "type": "array", "items": { "$ref": "#/components/schemas/Cell" }, "maxItems": 16, "description": "The board's cells (instead of cells)" },
                "difficulty": { "$ref": "#/components/schemas/PipsLevel" },
                "seed": seed()
            }
        },
        "PipsGenerated": {
            "type": "object",
            "required": ["puzzle", "difficulty", "seed", "tries"],
            "properties": {
                "puzzle": { "type": "object", "description": "The newspaper's JSON, solution included" },
                "text": { "type": "string", "nullable": true, "description": "The puzzle in the text format (null when it has more regions than the format has letters)" },
                "difficulty": { "$ref": "#/components/schemas/PipsLevel" },
                "seed": count(),
                "tries": count()
            }
        },
        "PipsCheckRequest": pips_request("The puzzle (text or puzzle, and level) and the player's placements in the order laid", json!({
            "placements": { "type": "array", "items": reference("PipsPlacement"), "default": [] }
        })),
        "PipsCheck": {
            "type": "object",
            "required": ["solved", "broken", "rules", "unused", "covered", "cells", "dominoes"],
            "properties": {
                "solved": { "type": "boolean" },
                "broken": list(broken()),
                "rules": { "type": "array", "items": { "type": "object", "required": ["region", "cells", "full", "reason"], "properties": { "region": count(), "cells": list(reference("Cell")), "full": { "type": "boolean" }, "reason": { "type": "string" } } } },
                "unused": list(count()),
                "covered": count(),
                "cells": count(),
                "dominoes": { "type": "array", "items": pair(count()), "description": "The puzzle's dominoes, as placements and unused index them" }
            }
        },
        "PipsRenderRequest": pips_request("The puzzle (text or puzzle, and level), and either placements (the player's pieces) or solution: true", json!({
            "placements": list(reference("PipsPlacement")),
            "solution": { "type": "boolean", "default": false },
            "time_limit": seconds()
        }))
    })
}
