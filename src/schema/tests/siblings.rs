//! Keywords beside a `$ref`: overlaid on the target, or kept apart under `allOf` when an
//! assertion disagrees.

use super::prep;
use serde_json::json;

#[test]
fn ref_siblings_overlay_the_target() {
    let schema = json!({
        "type": "object",
        "properties": {
            "color": {"$ref": "#/$defs/Color", "description": "Pick one", "default": "red"},
            "plain": {"$ref": "#/$defs/Color"}
        },
        "$defs": {
            "Color": {
                "title": "Color",
                "description": "A color",
                "type": "string",
                "enum": ["red", "green"]
            }
        }
    });
    assert_eq!(
        prep(schema),
        json!({
            "type": "object",
            "properties": {
                "color": {
                    "title": "Color",
                    "description": "Pick one",
                    "default": "red",
                    "type": "string",
                    "enum": ["red", "green"]
                },
                "plain": {
                    "title": "Color",
                    "description": "A color",
                    "type": "string",
                    "enum": ["red", "green"]
                }
            }
        })
    );
}

#[test]
fn agreeing_assertion_siblings_are_overlaid() {
    let schema = json!({
        "type": "object",
        "properties": {
            "n": {"$ref": "#/$defs/N", "type": "integer", "maximum": 10}
        },
        "$defs": {"N": {"type": "integer", "minimum": 0}}
    });
    assert_eq!(
        prep(schema),
        json!({
            "type": "object",
            "properties": {"n": {"type": "integer", "minimum": 0, "maximum": 10}}
        })
    );
}

#[test]
fn conflicting_assertion_siblings_are_kept_under_all_of() {
    let schema = json!({
        "type": "object",
        "properties": {
            "n": {"$ref": "#/$defs/N", "type": "integer", "description": "count"},
            "c": {"$ref": "#/$defs/Cond", "then": {"required": ["b"]}}
        },
        "$defs": {
            "N": {"type": ["integer", "string"], "description": "n"},
            "Cond": {"if": {"required": ["a"]}}
        }
    });
    assert_eq!(
        prep(schema),
        json!({
            "type": "object",
            "properties": {
                "n": {
                    "description": "count",
                    "allOf": [
                        {"type": ["integer", "string"], "description": "n"},
                        {"type": "integer"}
                    ]
                },
                "c": {
                    "allOf": [
                        {"if": {"required": ["a"]}},
                        {"then": {"required": ["b"]}}
                    ]
                }
            }
        })
    );
}
