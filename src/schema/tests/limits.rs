//! Bounds on the work: a non-object root, too deep an input or output, too long a chain of
//! references or too many output nodes is refused with a typed error.

use super::prep;
use crate::schema::prepare::{
    prepare_input_schema, prepare_input_schema_with, SchemaError, SchemaLimits,
};
use serde_json::{json, Map, Value};

#[test]
fn a_root_that_is_not_an_object_is_refused() {
    for bad in [
        json!(null),
        json!(true),
        json!([]),
        json!("object"),
        json!(3),
    ] {
        assert_eq!(prepare_input_schema(&bad), Err(SchemaError::NotAnObject));
    }
}

/// `{"not": {"not": … {}}}` with `levels` nested objects.
fn not_chain(levels: usize) -> Value {
    let mut value = json!({});
    for _ in 1..levels {
        value = json!({ "not": value });
    }
    value
}

#[test]
fn input_deeper_than_the_limit_is_refused() {
    let at_limit = not_chain(64);
    let mut prepared = at_limit.clone();
    prepared["type"] = json!("object");
    prepared["properties"] = json!({});
    assert_eq!(prepare_input_schema(&at_limit), Ok(prepared));
    assert_eq!(
        prepare_input_schema(&not_chain(65)),
        Err(SchemaError::TooDeep { limit: 64 })
    );
    // Unused definitions count too: the whole input is bounded.
    let schema = json!({"type": "object", "$defs": {"Deep": not_chain(63)}});
    assert_eq!(
        prepare_input_schema(&schema),
        Err(SchemaError::TooDeep { limit: 64 })
    );
}

#[test]
fn the_depth_limit_applies_to_the_output_after_inlining() {
    let schema = json!({
        "type": "object",
        "properties": {"p": {"allOf": [{"$ref": "#/$defs/A"}]}},
        "$defs": {
            "A": {"allOf": [{"$ref": "#/$defs/B"}]},
            "B": {"allOf": [{"$ref": "#/$defs/C"}]},
            "C": {}
        }
    });
    // Input depth is 5; output depth is 9.
    let five = SchemaLimits {
        max_depth: 5,
        ..SchemaLimits::default()
    };
    assert_eq!(
        prepare_input_schema_with(&schema, &five),
        Err(SchemaError::TooDeep { limit: 5 })
    );
    let nine = SchemaLimits {
        max_depth: 9,
        ..SchemaLimits::default()
    };
    assert_eq!(
        prepare_input_schema_with(&schema, &nine),
        Ok(json!({
            "type": "object",
            "properties": {"p": {"allOf": [{"allOf": [{"allOf": [{}]}]}]}}
        }))
    );
}

#[test]
fn alias_chains_are_bounded() {
    // Each definition is only a reference to the next: output depth stays 3, but the
    // references being expanded at once on one path grow.
    let schema = json!({
        "type": "object",
        "properties": {"x": {"$ref": "#/$defs/A"}},
        "$defs": {
            "A": {"$ref": "#/$defs/B"},
            "B": {"$ref": "#/$defs/C"},
            "C": {"$ref": "#/$defs/D"},
            "D": {"type": "string"}
        }
    });
    let three = SchemaLimits {
        max_depth: 3,
        ..SchemaLimits::default()
    };
    assert_eq!(
        prepare_input_schema_with(&schema, &three),
        Err(SchemaError::TooDeep { limit: 3 })
    );
    let four = SchemaLimits {
        max_depth: 4,
        ..SchemaLimits::default()
    };
    assert_eq!(
        prepare_input_schema_with(&schema, &four),
        Ok(json!({"type": "object", "properties": {"x": {"type": "string"}}}))
    );
}

/// Definitions `D0 = {"type": "string"}` and `Dk` an object whose two properties both
/// reference `D(k-1)`; the root's one property references the last. Output: 2^(levels-1)
/// copies of `D0`.
fn doubling_chain(levels: usize) -> Value {
    let mut defs = Map::new();
    defs.insert("D0".to_owned(), json!({"type": "string"}));
    for k in 1..levels {
        let prev = format!("#/$defs/D{}", k - 1);
        defs.insert(
            format!("D{k}"),
            json!({
                "type": "object",
                "properties": {"a": {"$ref": prev}, "b": {"$ref": prev}}
            }),
        );
    }
    json!({
        "type": "object",
        "properties": {"x": {"$ref": format!("#/$defs/D{}", levels - 1)}},
        "$defs": defs
    })
}

#[test]
fn node_count_blow_up_is_refused() {
    // 40 levels: 2^39 leaves. With room for the depth, the node budget stops it.
    let forty = doubling_chain(40);
    let deep = SchemaLimits {
        max_depth: 1_000,
        max_nodes: 100_000,
    };
    assert_eq!(
        prepare_input_schema_with(&forty, &deep),
        Err(SchemaError::TooLarge { limit: 100_000 })
    );
    // With the default limits the output depth (81) is refused first.
    assert_eq!(
        prepare_input_schema(&forty),
        Err(SchemaError::TooDeep { limit: 64 })
    );
    // 30 levels fit the default depth (61) but not the default node budget.
    assert_eq!(
        prepare_input_schema(&doubling_chain(30)),
        Err(SchemaError::TooLarge { limit: 100_000 })
    );
}

#[test]
fn small_reuse_is_inlined_at_every_use() {
    assert_eq!(
        prep(doubling_chain(3)),
        json!({
            "type": "object",
            "properties": {
                "x": {
                    "type": "object",
                    "properties": {
                        "a": {
                            "type": "object",
                            "properties": {"a": {"type": "string"}, "b": {"type": "string"}}
                        },
                        "b": {
                            "type": "object",
                            "properties": {"a": {"type": "string"}, "b": {"type": "string"}}
                        }
                    }
                }
            }
        })
    );
}

#[test]
fn the_node_limit_is_exact() {
    // `{"type": "object", "properties": {}}` is three nodes: the two objects and the string.
    let schema = json!({"type": "object", "properties": {}});
    let three = SchemaLimits {
        max_depth: 64,
        max_nodes: 3,
    };
    assert_eq!(
        prepare_input_schema_with(&schema, &three),
        Ok(schema.clone())
    );
    let two = SchemaLimits {
        max_depth: 64,
        max_nodes: 2,
    };
    assert_eq!(
        prepare_input_schema_with(&schema, &two),
        Err(SchemaError::TooLarge { limit: 2 })
    );
}

#[test]
fn limits_default_to_64_levels_and_100_000_nodes() {
    assert_eq!(
        SchemaLimits::default(),
        SchemaLimits {
            max_depth: 64,
            max_nodes: 100_000
        }
    );
}

#[test]
fn errors_have_stable_codes_and_messages() {
    assert_eq!(
        SchemaError::TooDeep { limit: 64 }.to_string(),
        "input schema is nested deeper than 64 levels"
    );
    assert_eq!(
        SchemaError::TooLarge { limit: 10 }.to_string(),
        "input schema would exceed 10 JSON nodes once its references are inlined"
    );
    assert_eq!(
        SchemaError::NotAnObject.to_string(),
        "input schema is not a JSON object"
    );
    assert_eq!(SchemaError::TooDeep { limit: 1 }.code(), "schema_too_deep");
    assert_eq!(
        SchemaError::TooLarge { limit: 1 }.code(),
        "schema_too_large"
    );
    assert_eq!(SchemaError::NotAnObject.code(), "schema_not_an_object");
}
