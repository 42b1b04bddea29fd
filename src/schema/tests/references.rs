//! Which references are followed: local JSON Pointers (escaped, percent-encoded, deep, through
//! the root `$id`) are; network, non-local and unresolvable ones become `{}`.

use super::prep;
use serde_json::json;

#[test]
fn escaped_encoded_and_deep_pointers_resolve() {
    let schema = json!({
        "type": "object",
        "properties": {
            "slash": {"$ref": "#/$defs/a~1b"},
            "tilde": {"$ref": "#/$defs/t~0x"},
            "space": {"$ref": "#/$defs/My%20Type"},
            "encoded_dollar": {"$ref": "#/%24defs/a~1b"},
            "deep": {"$ref": "#/$defs/Outer/properties/inner"},
            "index": {"$ref": "#/$defs/U/anyOf/1"},
            "via_id": {"$ref": "https://example.com/s#/$defs/t~0x"}
        },
        "$id": "https://example.com/s",
        "$defs": {
            "a/b": {"type": "string", "format": "uri"},
            "t~x": {"type": "integer"},
            "My Type": {"type": "boolean"},
            "Outer": {
                "type": "object",
                "properties": {"inner": {"type": "number", "minimum": 1}}
            },
            "U": {"anyOf": [{"type": "string"}, {"type": "null"}]}
        }
    });
    assert_eq!(
        prep(schema),
        json!({
            "$id": "https://example.com/s",
            "type": "object",
            "properties": {
                "slash": {"type": "string", "format": "uri"},
                "tilde": {"type": "integer"},
                "space": {"type": "boolean"},
                "encoded_dollar": {"type": "string", "format": "uri"},
                "deep": {"type": "number", "minimum": 1},
                "index": {"type": "null"},
                "via_id": {"type": "integer"}
            }
        })
    );
}

#[test]
fn refs_to_true_become_empty_and_refs_to_false_become_not_empty() {
    let schema = json!({
        "type": "object",
        "properties": {
            "any": {"$ref": "#/$defs/Yes", "description": "anything"},
            "never": {"$ref": "#/$defs/No"},
            "literal": true
        },
        "$defs": {"Yes": true, "No": false}
    });
    assert_eq!(
        prep(schema),
        json!({
            "type": "object",
            "properties": {
                "any": {"description": "anything"},
                "never": {"not": {}},
                "literal": true
            }
        })
    );
}

#[test]
fn network_and_non_local_refs_are_neutralised() {
    let schema = json!({
        "type": "object",
        "properties": {
            "addr": {"$ref": "https://example.com/schemas/address.json", "description": "addr"},
            "meta": {"$ref": "http://169.254.169.254/latest/meta-data#/x"},
            "urn": {"$ref": "urn:example:schema:thing", "title": "Thing"},
            "file": {"$ref": "other.json#/$defs/A"},
            "anchor": {"$ref": "#foo"},
            "dynamic": {"$dynamicRef": "#node", "type": "string"}
        },
        "$defs": {"A": {"$anchor": "foo", "type": "integer"}}
    });
    assert_eq!(
        prep(schema),
        json!({
            "type": "object",
            "properties": {
                "addr": {"description": "addr"},
                "meta": {},
                "urn": {"title": "Thing"},
                "file": {},
                "anchor": {},
                "dynamic": {"type": "string"}
            }
        })
    );
}

#[test]
fn unresolvable_local_refs_become_permissive() {
    let schema = json!({
        "type": "object",
        "properties": {
            "missing": {"$ref": "#/$defs/Missing", "description": "gone"},
            "scalar": {"$ref": "#/$defs/A/type"},
            "bad_escape": {"$ref": "#/$defs/A~2"},
            "bad_percent": {"$ref": "#/$defs/%zz"},
            "bad_index": {"$ref": "#/$defs/U/anyOf/01"},
            "out_of_range": {"$ref": "#/$defs/U/anyOf/7"},
            "not_a_string": {"$ref": 42, "type": "string"}
        },
        "$defs": {
            "A": {"type": "integer"},
            "U": {"anyOf": [{"type": "string"}, {"type": "null"}]}
        }
    });
    assert_eq!(
        prep(schema),
        json!({
            "type": "object",
            "properties": {
                "missing": {"description": "gone"},
                "scalar": {},
                "bad_escape": {},
                "bad_percent": {},
                "bad_index": {},
                "out_of_range": {},
                "not_a_string": {"type": "string"}
            }
        })
    );
}
