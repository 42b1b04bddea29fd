//! The root of a prepared schema is always `{"type": "object", "properties": {…}}`: root
//! unions merged, malformed `required` / `properties` dropped, what was relaxed reported.
//! The inputs are the root shapes that model providers and zod-validating hosts refuse.

use super::prep;
use crate::schema::prepare::{prepare_tool_schema, PreparedSchema};
use serde_json::{json, Value};

/// Prepares `schema` for a tool: the schema and its warnings.
fn tool(schema: Value) -> (Value, Vec<String>) {
    let PreparedSchema { schema, warnings } = prepare_tool_schema(&schema);
    (schema, warnings)
}

const ANY_OF_MERGED: &str =
    "the root anyOf was merged into one object that requires only what every alternative requires";
const ONE_OF_MERGED: &str =
    "the root oneOf was merged into one object that requires only what every alternative requires";

/// Two alternatives, one requiring `content`, the other `source_url`, under `keyword`.
fn content_or_source_url(keyword: &str) -> Value {
    let mut schema = json!({});
    schema[keyword] = json!([
        {"type": "object", "properties": {"content": {"type": "string"}}, "required": ["content"]},
        {"type": "object", "properties": {"source_url": {"type": "string"}}, "required": ["source_url"]}
    ]);
    schema
}

#[test]
fn a_root_any_of_of_objects_becomes_one_object_requiring_nothing_it_did_not_always_require() {
    let note = "(give at least one of: content | source_url)";
    assert_eq!(
        tool(content_or_source_url("anyOf")),
        (
            json!({
                "type": "object",
                "properties": {
                    "content": {"type": "string", "description": note},
                    "source_url": {"type": "string", "description": note}
                }
            }),
            vec![ANY_OF_MERGED.to_owned()]
        )
    );
}

#[test]
fn a_root_one_of_of_objects_says_exactly_one() {
    let note = "(give exactly one of: content | source_url)";
    assert_eq!(
        tool(content_or_source_url("oneOf")),
        (
            json!({
                "type": "object",
                "properties": {
                    "content": {"type": "string", "description": note},
                    "source_url": {"type": "string", "description": note}
                }
            }),
            vec![ONE_OF_MERGED.to_owned()]
        )
    );
}

#[test]
fn a_root_all_of_of_two_object_parts_is_merged() {
    let schema = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "allOf": [
            {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},
            {"type": "object", "properties": {"b": {"type": "integer"}}, "required": ["b"]}
        ]
    });
    assert_eq!(
        tool(schema),
        (
            json!({
                "type": "object",
                "properties": {"a": {"type": "string"}, "b": {"type": "integer"}},
                "required": ["a", "b"]
            }),
            vec!["the root allOf was merged into one object".to_owned()]
        )
    );
}

#[test]
fn all_of_parts_that_define_a_property_twice_keep_both_and_the_first_of_other_keywords() {
    let schema = json!({
        "allOf": [
            {"properties": {"n": {"type": "integer"}}, "additionalProperties": false,
             "allOf": [{"properties": {"m": {"type": "string"}}, "required": ["m"]}]},
            {"properties": {"n": {"minimum": 0}}, "required": ["n"], "additionalProperties": true}
        ]
    });
    assert_eq!(
        tool(schema),
        (
            json!({
                "type": "object",
                "properties": {
                    "n": {"allOf": [{"type": "integer"}, {"minimum": 0}]},
                    "m": {"type": "string"}
                },
                "required": ["n", "m"],
                "additionalProperties": false
            }),
            vec!["the root allOf was merged into one object".to_owned()]
        )
    );
}

#[test]
fn a_typed_object_root_whose_one_of_alternatives_hold_only_required_lists() {
    let schema = json!({
        "type": "object",
        "properties": {
            "id": {"type": "string", "description": "The record id."},
            "email": {"type": "string"},
            "verbose": {"type": "boolean"}
        },
        "required": ["verbose"],
        "oneOf": [{"required": ["id"]}, {"required": ["email"]}]
    });
    let note = "(give exactly one of: id | email)";
    assert_eq!(
        tool(schema),
        (
            json!({
                "type": "object",
                "properties": {
                    "id": {"type": "string", "description": format!("The record id. {note}")},
                    "email": {"type": "string", "description": note},
                    "verbose": {"type": "boolean"}
                },
                "required": ["verbose"]
            }),
            vec![ONE_OF_MERGED.to_owned()]
        )
    );
}

#[test]
fn what_every_alternative_requires_stays_required_and_differing_definitions_become_any_of() {
    let schema = json!({
        "oneOf": [
            {"type": "object",
             "properties": {"kind": {"const": "a"}, "x": {"type": "string"}, "tag": {"type": "string"}},
             "required": ["kind", "x"]},
            {"type": "object",
             "properties": {"kind": {"const": "b"}, "y": {"type": "integer"}, "z": {}},
             "required": ["kind", "y", "z"]},
            {"type": "object",
             "properties": {"kind": {"const": "c"}, "tag": {"type": "string"}},
             "required": ["kind"]},
            false,
            "junk"
        ]
    });
    let note = "(give exactly one of: x | y and z | nothing)";
    assert_eq!(
        tool(schema),
        (
            json!({
                "type": "object",
                "properties": {
                    "kind": {"anyOf": [{"const": "a"}, {"const": "b"}, {"const": "c"}]},
                    "x": {"type": "string", "description": note},
                    "y": {"type": "integer", "description": note},
                    "z": {"description": note},
                    "tag": {"type": "string"}
                },
                "required": ["kind"]
            }),
            vec![ONE_OF_MERGED.to_owned()]
        )
    );
}

#[test]
fn null_properties_and_required_are_dropped() {
    assert_eq!(
        tool(json!({"type": "object", "properties": null, "required": null})),
        (
            json!({"type": "object", "properties": {}}),
            vec![
                "a properties that was not an object was dropped".to_owned(),
                "a required that was not an array of strings was dropped".to_owned()
            ]
        )
    );
    // below the root too, and a `required` holding a non-string
    assert_eq!(
        tool(json!({
            "type": "object",
            "properties": {"o": {"type": "object", "properties": "x", "required": ["a", 1]}},
            "required": "o"
        })),
        (
            json!({"type": "object", "properties": {"o": {"type": "object", "properties": {}}}}),
            vec![
                "a properties that was not an object was dropped".to_owned(),
                "a required that was not an array of strings was dropped".to_owned()
            ]
        )
    );
}

#[test]
fn a_schema_that_is_only_a_dialect_or_empty_becomes_an_empty_object_schema() {
    let empty = (json!({"type": "object", "properties": {}}), vec![]);
    assert_eq!(
        tool(json!({"$schema": "http://json-schema.org/draft-07/schema#"})),
        empty
    );
    assert_eq!(tool(json!({})), empty);
}

#[test]
fn a_root_type_other_than_object_is_replaced() {
    assert_eq!(
        tool(json!({"type": ["object", "null"], "properties": {"a": {}}})),
        (
            json!({"type": "object", "properties": {"a": {}}}),
            vec![r#"the root type was replaced by "object""#.to_owned()]
        )
    );
    assert_eq!(
        tool(json!({"anyOf": {"not": "a list"}})),
        (
            json!({"type": "object", "properties": {}}),
            vec![ANY_OF_MERGED.to_owned()]
        )
    );
}

#[test]
fn unions_below_the_root_stay() {
    let schema = json!({
        "type": "object",
        "properties": {
            "pet": {"oneOf": [
                {"type": "object", "properties": {"meow": {"type": "boolean"}}, "required": ["meow"]},
                {"type": "object", "properties": {"bark": {"type": "boolean"}}, "required": ["bark"]}
            ]},
            "when": {"anyOf": [{"type": "string"}, {"type": "null"}]},
            "both": {"allOf": [{"minimum": 0}, {"maximum": 9}]}
        }
    });
    assert_eq!(tool(schema.clone()), (schema, vec![]));
}

#[test]
fn the_plain_entry_point_gives_the_same_root() {
    assert_eq!(
        prep(content_or_source_url("anyOf")),
        tool(content_or_source_url("anyOf")).0
    );
}

#[test]
fn many_alternatives_are_merged_without_descriptions() {
    let mut alternatives = Vec::new();
    for i in 0..9 {
        alternatives.push(json!({"properties": {format!("p{i}"): {"type": "string"}}, "required": [format!("p{i}")]}));
    }
    let (schema, _) = tool(json!({"anyOf": alternatives}));
    let properties = schema["properties"].as_object().map(|p| p.len());
    assert_eq!(properties, Some(9));
    assert_eq!(schema["properties"]["p0"], json!({"type": "string"}));
    assert!(schema.get("required").is_none());
}

#[test]
fn huge_root_unions_are_merged_in_linear_time_and_only_relaxed() {
    // Too large to prepare (far past the node limit), so the root is rewritten unbounded by
    // it: 3,000 alternatives requiring 300 names each, and one property defined 3,000 ways.
    let mut alternatives = Vec::new();
    for i in 0..3000 {
        let names: Vec<String> = (0..300).map(|n| format!("n{n}")).collect();
        alternatives.push(json!({
            "properties": {"p": {"const": i}, format!("q{i}"): {"type": "string"}},
            "required": names
        }));
    }
    let started = std::time::Instant::now();
    let (schema, warnings) = tool(json!({"oneOf": alternatives}));
    assert!(
        started.elapsed().as_secs() < 10,
        "took {:?}",
        started.elapsed()
    );
    assert_eq!(schema["type"], "object");
    assert_eq!(
        schema["properties"].as_object().map(|p| p.len()),
        Some(3001)
    );
    // more alternatives than are compared: nothing is required
    assert!(schema.get("required").is_none());
    // 16 definitions of `p`, then `true`
    let p = schema["properties"]["p"]["anyOf"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(p.len(), 17);
    assert_eq!(p.last(), Some(&json!(true)));
    assert_eq!(warnings.len(), 2, "{warnings:?}");

    // an allOf of 3,000 parts keeps at most 256 required names
    let mut parts = Vec::new();
    for i in 0..3000 {
        parts.push(json!({"required": [format!("r{i}")]}));
    }
    let (schema, _) = tool(json!({"allOf": parts}));
    assert_eq!(schema["required"].as_array().map(Vec::len), Some(256));
}
