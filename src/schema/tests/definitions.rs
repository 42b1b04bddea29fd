//! Definitions: `$defs`/`definitions` are inlined where used and dropped; the root `$schema`
//! stamp is dropped, everything else at the root kept.

use super::prep;
use serde_json::json;

#[test]
fn pydantic_defs_are_inlined_and_dropped() {
    // LangChain.js does not resolve `#/$defs/…` (langchainjs#9419).
    let schema = json!({
        "type": "object",
        "properties": {
            "items": {"type": "array", "items": {"$ref": "#/$defs/NestedItem"}},
            "meta": {"$ref": "#/$defs/Metadata"}
        },
        "required": ["items"],
        "$defs": {
            "NestedItem": {"type": "object", "properties": {"id": {"type": "string"}}},
            "Metadata": {"type": "object", "properties": {"total": {"type": "integer"}}}
        }
    });
    assert_eq!(
        prep(schema),
        json!({
            "type": "object",
            "properties": {
                "items": {
                    "type": "array",
                    "items": {"type": "object", "properties": {"id": {"type": "string"}}}
                },
                "meta": {"type": "object", "properties": {"total": {"type": "integer"}}}
            },
            "required": ["items"]
        })
    );
}

#[test]
fn draft07_definitions_and_schema_are_stripped() {
    let schema = json!({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "properties": {"user": {"$ref": "#/definitions/User"}},
        "definitions": {
            "User": {
                "type": "object",
                "properties": {"name": {"type": "string"}},
                "required": ["name"],
                "additionalProperties": false
            }
        },
        "additionalProperties": false
    });
    assert_eq!(
        prep(schema),
        json!({
            "type": "object",
            "properties": {
                "user": {
                    "type": "object",
                    "properties": {"name": {"type": "string"}},
                    "required": ["name"],
                    "additionalProperties": false
                }
            },
            "additionalProperties": false
        })
    );
}

#[test]
fn schema_2020_12_stamp_is_stripped_but_id_kept() {
    let schema = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://example.com/tools/search",
        "type": "object",
        "properties": {"q": {"type": "string"}}
    });
    assert_eq!(
        prep(schema),
        json!({
            "$id": "https://example.com/tools/search",
            "type": "object",
            "properties": {"q": {"type": "string"}}
        })
    );
}

#[test]
fn nested_defs_are_reachable_and_dropped() {
    let schema = json!({
        "type": "object",
        "properties": {"x": {"$ref": "#/$defs/Outer"}},
        "$defs": {
            "Outer": {
                "type": "object",
                "properties": {"y": {"$ref": "#/$defs/Outer/$defs/Inner"}},
                "$defs": {"Inner": {"type": "string"}}
            }
        }
    });
    assert_eq!(
        prep(schema),
        json!({
            "type": "object",
            "properties": {
                "x": {"type": "object", "properties": {"y": {"type": "string"}}}
            }
        })
    );
}

#[test]
fn input_is_not_mutated() {
    let schema = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": {"a": {"$ref": "#/$defs/A", "description": "a"}},
        "$defs": {"A": {"type": "object"}}
    });
    let before = schema.clone();
    let out = prep(schema.clone());
    assert_eq!(schema, before);
    assert_eq!(
        out,
        json!({
            "type": "object",
            "properties": {"a": {"type": "object", "properties": {}, "description": "a"}}
        })
    );
}
