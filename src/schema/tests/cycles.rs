//! Recursive references end in a permissive `{}` (plus the node's siblings) where they cycle;
//! a definition reused without a cycle is inlined at every use.

use super::prep;
use serde_json::json;

#[test]
fn self_recursive_tree_node_terminates() {
    let schema = json!({
        "type": "object",
        "properties": {"root": {"$ref": "#/$defs/TreeNode"}},
        "required": ["root"],
        "$defs": {
            "TreeNode": {
                "type": "object",
                "properties": {
                    "value": {"type": "string"},
                    "children": {
                        "type": "array",
                        "items": {"$ref": "#/$defs/TreeNode", "description": "a child"}
                    }
                },
                "required": ["value"]
            }
        }
    });
    assert_eq!(
        prep(schema),
        json!({
            "type": "object",
            "properties": {
                "root": {
                    "type": "object",
                    "properties": {
                        "value": {"type": "string"},
                        "children": {"type": "array", "items": {"description": "a child"}}
                    },
                    "required": ["value"]
                }
            },
            "required": ["root"]
        })
    );
}

#[test]
fn a_root_ref_to_a_recursive_definition_is_expanded_once() {
    let schema = json!({
        "$ref": "#/$defs/TreeNode",
        "$defs": {
            "TreeNode": {
                "type": "object",
                "properties": {
                    "children": {"type": "array", "items": {"$ref": "#/$defs/TreeNode"}}
                }
            }
        }
    });
    assert_eq!(
        prep(schema),
        json!({
            "type": "object",
            "properties": {"children": {"type": "array", "items": {}}}
        })
    );
}

#[test]
fn a_ref_to_the_root_is_a_cycle() {
    let schema = json!({
        "type": "object",
        "properties": {
            "name": {"type": "string"},
            "next": {"$ref": "#", "description": "the next link"}
        }
    });
    assert_eq!(
        prep(schema),
        json!({
            "type": "object",
            "properties": {
                "name": {"type": "string"},
                "next": {"description": "the next link"}
            }
        })
    );
}

#[test]
fn mutual_recursion_terminates() {
    let schema = json!({
        "type": "object",
        "properties": {"a": {"$ref": "#/$defs/A"}},
        "$defs": {
            "A": {"type": "object", "properties": {"b": {"$ref": "#/$defs/B"}}},
            "B": {"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}}}
        }
    });
    assert_eq!(
        prep(schema),
        json!({
            "type": "object",
            "properties": {
                "a": {
                    "type": "object",
                    "properties": {
                        "b": {"type": "object", "properties": {"a": {}}}
                    }
                }
            }
        })
    );
}

#[test]
fn non_cyclic_reuse_is_inlined_everywhere() {
    let schema = json!({
        "type": "object",
        "properties": {
            "from": {"$ref": "#/$defs/Point"},
            "to": {"$ref": "#/$defs/Point"},
            "path": {"type": "array", "items": {"$ref": "#/$defs/Point"}}
        },
        "$defs": {
            "Point": {
                "type": "object",
                "properties": {"x": {"$ref": "#/$defs/Coord"}, "y": {"$ref": "#/$defs/Coord"}}
            },
            "Coord": {"type": "number"}
        }
    });
    let point = json!({
        "type": "object",
        "properties": {"x": {"type": "number"}, "y": {"type": "number"}}
    });
    assert_eq!(
        prep(schema),
        json!({
            "type": "object",
            "properties": {
                "from": point.clone(),
                "to": point.clone(),
                "path": {"type": "array", "items": point}
            }
        })
    );
}
