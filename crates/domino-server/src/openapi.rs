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
            "/api/v1/vanish/solve": post(
                "Remove as many pieces as possible; exact proves the optimum",
                "VanishSolveRequest", "VanishSolution"),
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

fn schemas() -> Value {
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
        "Dominoes": { "type": "array", "items": { "$ref": "#/components/schemas/Domino" } },
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
                "odd_values": { "type": "array", "items": pair(integer()) },
                "groups": { "type": "array", "items": { "type": "array", "items": integer() } },
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
                "pieces": { "type": "array", "items": { "$ref": "#/components/schemas/VanishPiece" } }
            }
        },
        "VanishSolveRequest": {
            "type": "object",
            "additionalProperties": false,
            "description": "Give text (text or XML format) or board",
            "properties": {
                "text": text(),
                "board": { "$ref": "#/components/schemas/VanishBoard" },
                "algorithm": { "type": "string", "enum": ["exact", "greedy", "beam", "anytime", "capped-dfs", "delaying-greedy", "scan"], "default": "exact" },
                "time_limit": seconds(),
                "node_limit": count(),
                "beam_width": { "type": "integer", "minimum": 1, "default": 64 },
                "seed": { "type": "integer", "minimum": 0, "default": 1 }
            }
        },
        "VanishSolution": {
            "type": "object",
            "required": ["score", "optimal", "algorithm", "order", "states"],
            "properties": {
                "score": count(),
                "optimal": { "type": "boolean" },
                "algorithm": { "type": "string" },
                "order": { "type": "array", "items": count() },
                "states": count(),
                "lower_bound": count(),
                "seconds": { "type": "number" }
            }
        }
    })
}
