//! Object schemas get `"properties": {}`; a typeless root with `properties` gets
//! `"type": "object"`.

use super::prep;
use serde_json::json;

#[test]
fn an_object_without_properties_gets_empty_properties() {
    // Providers reject object schemas without `properties` (langchain-mcp-adapters#137).
    assert_eq!(
        prep(json!({"type": "object"})),
        json!({"type": "object", "properties": {}})
    );
    assert_eq!(
        prep(json!({"type": "object", "additionalProperties": false})),
        json!({"type": "object", "additionalProperties": false, "properties": {}})
    );
}

#[test]
fn nested_objects_get_properties_and_typeless_root_gets_type() {
    let schema = json!({
        "properties": {
            "opts": {"type": "object", "additionalProperties": {"type": "string"}},
            "maybe": {"type": ["object", "null"]},
            "obj": {"$ref": "#/$defs/Empty"}
        },
        "$defs": {"Empty": {"type": "object"}}
    });
    assert_eq!(
        prep(schema),
        json!({
            "type": "object",
            "properties": {
                "opts": {
                    "type": "object",
                    "additionalProperties": {"type": "string"},
                    "properties": {}
                },
                "maybe": {"type": ["object", "null"], "properties": {}},
                "obj": {"type": "object", "properties": {}}
            }
        })
    );
}
