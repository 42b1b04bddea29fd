//! Which keywords hold subschemas (prepared in place) and which hold data (copied verbatim).

use super::prep;
use serde_json::json;

#[test]
fn unions_and_composition_are_kept_with_refs_inlined() {
    let schema = json!({
        "type": "object",
        "properties": {
            "pet": {"anyOf": [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Dog"}]},
            "shape": {
                "oneOf": [{"$ref": "#/$defs/Cat"}, {"type": "null"}],
                "discriminator": {"propertyName": "kind"}
            },
            "both": {"allOf": [{"$ref": "#/$defs/Dog"}, {"required": ["bark"]}]},
            "neither": {"not": {"$ref": "#/$defs/Cat"}},
            "cond": {
                "if": {"$ref": "#/$defs/Cat"},
                "then": {"required": ["meow"]},
                "else": {"$ref": "#/$defs/Dog"}
            },
            "tuple": {"type": "array", "prefixItems": [{"$ref": "#/$defs/Cat"}], "items": false},
            "dict": {
                "type": "object",
                "patternProperties": {"^x-": {"$ref": "#/$defs/Dog"}},
                "additionalProperties": {"$ref": "#/$defs/Cat"}
            },
            "level": {"enum": ["low", "high"]},
            "fixed": {"const": {"$ref": "#/$defs/Cat"}},
            "weird": {"default": {"$ref": "#/$defs/Dog"}, "examples": [{"$ref": "#"}]}
        },
        "$defs": {
            "Cat": {"type": "object", "properties": {"meow": {"type": "boolean"}}},
            "Dog": {"type": "object", "properties": {"bark": {"type": "boolean"}}}
        }
    });
    let cat = json!({"type": "object", "properties": {"meow": {"type": "boolean"}}});
    let dog = json!({"type": "object", "properties": {"bark": {"type": "boolean"}}});
    assert_eq!(
        prep(schema),
        json!({
            "type": "object",
            "properties": {
                "pet": {"anyOf": [cat.clone(), dog.clone()]},
                "shape": {
                    "oneOf": [cat.clone(), {"type": "null"}],
                    "discriminator": {"propertyName": "kind"}
                },
                "both": {"allOf": [dog.clone(), {"required": ["bark"]}]},
                "neither": {"not": cat.clone()},
                "cond": {"if": cat.clone(), "then": {"required": ["meow"]}, "else": dog.clone()},
                "tuple": {"type": "array", "prefixItems": [cat.clone()], "items": false},
                "dict": {
                    "type": "object",
                    "patternProperties": {"^x-": dog},
                    "additionalProperties": cat,
                    "properties": {}
                },
                "level": {"enum": ["low", "high"]},
                "fixed": {"const": {"$ref": "#/$defs/Cat"}},
                "weird": {"default": {"$ref": "#/$defs/Dog"}, "examples": [{"$ref": "#"}]}
            }
        })
    );
}

#[test]
fn property_names_that_look_like_keywords_are_not_keywords() {
    let schema = json!({
        "type": "object",
        "properties": {
            "$ref": {"type": "string"},
            "$defs": {"type": "string"},
            "definitions": {"$ref": "#/definitions/D"}
        },
        "definitions": {"D": {"type": "integer"}}
    });
    assert_eq!(
        prep(schema),
        json!({
            "type": "object",
            "properties": {
                "$ref": {"type": "string"},
                "$defs": {"type": "string"},
                "definitions": {"type": "integer"}
            }
        })
    );
}

#[test]
fn draft07_tuple_items_and_dependencies_hold_subschemas() {
    let schema = json!({
        "type": "object",
        "properties": {
            "pair": {"type": "array", "items": [{"$ref": "#/definitions/S"}, {"type": "integer"}]}
        },
        "dependencies": {"a": ["b"], "c": {"$ref": "#/definitions/NeedsD"}},
        "definitions": {"S": {"type": "string"}, "NeedsD": {"required": ["d"]}}
    });
    assert_eq!(
        prep(schema),
        json!({
            "type": "object",
            "properties": {
                "pair": {"type": "array", "items": [{"type": "string"}, {"type": "integer"}]}
            },
            "dependencies": {"a": ["b"], "c": {"required": ["d"]}}
        })
    );
}
