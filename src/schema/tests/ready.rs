//! The fast path: [`is_llm_ready`] answers "yes" for the usual zod and pydantic schemas, and
//! "no" for each thing the rewrite would change or warn about; [`readiness`] also tells the
//! schemas that are ready but for their root `$schema`. Every "yes" is checked against the
//! full rewrite, which must give the schema back unchanged (or less its root `$schema`) with
//! no warning.

use crate::schema::prepare::prepare_input_schema_with;
use crate::schema::{
    is_llm_ready, prepare_tool_schema, prepare_tool_schema_in_full, readiness, PreparedSchema,
    Readiness, SchemaError, SchemaLimits,
};
use serde_json::{json, Value};

/// Asserts that `schema` is LLM-ready and that the full rewrite agrees.
fn assert_ready(schema: &Value) {
    assert!(is_llm_ready(schema), "not ready: {schema}");
    let unchanged = PreparedSchema {
        schema: schema.clone(),
        warnings: Vec::new(),
    };
    assert_eq!(prepare_tool_schema_in_full(schema), unchanged, "{schema}");
    assert_eq!(prepare_tool_schema(schema), unchanged, "{schema}");
}

/// Asserts that `schema` is not LLM-ready, and that both paths still give the same result.
fn assert_not_ready(schema: &Value) {
    assert!(!is_llm_ready(schema), "ready: {schema}");
    assert_eq!(
        prepare_tool_schema(schema),
        prepare_tool_schema_in_full(schema),
        "{schema}"
    );
}

/// Asserts that `schema` is not LLM-ready and that the full rewrite indeed changes it or warns.
fn assert_needs_rewrite(schema: &Value) {
    assert_not_ready(schema);
    let full = prepare_tool_schema_in_full(schema);
    assert!(
        full.schema != *schema || !full.warnings.is_empty(),
        "the rewrite changes nothing in {schema}"
    );
}

/// `{"type": "object", "properties": {"p": property}}`.
fn with_property(property: Value) -> Value {
    json!({"type": "object", "properties": {"p": property}})
}

#[test]
fn typical_zod_and_pydantic_schemas_are_ready() {
    // zod (TypeScript SDK), less the `$schema` stamp
    assert_ready(&json!({
        "type": "object",
        "properties": {
            "city": {"type": "string", "description": "City name", "minLength": 1},
            "units": {"type": "string", "enum": ["c", "f"], "default": "c"},
            "days": {"type": "integer", "minimum": 1, "maximum": 7},
            "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 5},
            "when": {"anyOf": [{"type": "string", "format": "date-time"}, {"type": "null"}]},
            "filter": {
                "type": "object",
                "properties": {"kind": {"const": "x"}, "ids": {"type": "array", "items": {"type": "number"}}},
                "required": ["kind"],
                "additionalProperties": false
            }
        },
        "required": ["city"],
        "additionalProperties": false
    }));
    // pydantic (FastMCP): titles, Optional as anyOf with null, defaults, draft-07 tuple items
    assert_ready(&json!({
        "properties": {
            "query": {"title": "Query", "type": "string"},
            "limit": {"default": 10, "title": "Limit", "type": "integer", "exclusiveMinimum": 0},
            "cursor": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null, "title": "Cursor"},
            "point": {"type": "array", "items": [{"type": "number"}, {"type": "number"}]},
            "mode": {"enum": ["fast", "exact"], "title": "Mode", "type": "string"},
            "meta": {"type": ["object", "null"], "properties": {}, "additionalProperties": true}
        },
        "required": ["query"],
        "title": "searchArguments",
        "type": "object"
    }));
    // the bench's tools, and the smallest ready schema
    assert_ready(&json!({
        "type": "object",
        "properties": {
            "id": {"type": "string", "description": "Record id"},
            "limit": {"type": "integer", "minimum": 1, "maximum": 100, "description": "Most history entries"},
            "verbose": {"type": "boolean", "default": false}
        },
        "required": ["id"]
    }));
    assert_ready(&json!({"type": "object", "properties": {}}));
    // keywords the rewrite keeps: conditionals, unions and `not` below the root, `$id`,
    // `$anchor`, a `$schema` below the root, annotations and unknown keywords
    assert_ready(&json!({
        "$id": "https://example.com/tool", "type": "object", "x-vendor": {"a": [1, {"b": null}]},
        "properties": {
            "a": {"oneOf": [{"type": "string"}, {"type": "integer"}], "$anchor": "a"},
            "b": {"if": {"minimum": 0}, "then": {"multipleOf": 2}, "else": false, "not": {"const": 3}},
            "c": {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "string"},
            "d": true,
            "e": {"patternProperties": {"^x": {"type": "string"}}, "dependencies": {"a": ["b"]}}
        },
        "dependentRequired": {"a": ["b"]}
    }));
}

#[test]
fn a_root_dialect_is_left_out_without_the_rewrite() {
    // the TypeScript SDK's listing of a zod schema
    let stamp = "https://json-schema.org/draft/2020-12/schema";
    let stamped = json!({"type": "object", "$schema": stamp,
        "properties": {"city": {"type": "string"}}, "required": ["city"]});
    let unstamped = json!({"type": "object",
        "properties": {"city": {"type": "string"}}, "required": ["city"]});
    assert_eq!(
        readiness(&stamped, &SchemaLimits::default()),
        Readiness::ReadyLessDialect
    );
    assert_not_ready(&stamped);
    let expected = PreparedSchema {
        schema: unstamped.clone(),
        warnings: Vec::new(),
    };
    assert_eq!(prepare_tool_schema_in_full(&stamped), expected);
    assert_eq!(prepare_tool_schema(&stamped), expected);
    assert_eq!(
        prepare_input_schema_with(&stamped, &SchemaLimits::default()),
        Ok(unstamped)
    );
    // anything else to rewrite, or a reference key inside the dialect's value: the rewrite
    for schema in [
        json!({"$schema": stamp, "type": "object", "properties": {"a": {"type": "object"}}}),
        json!({"$schema": stamp, "properties": {}}),
        json!({"$schema": stamp, "type": "object", "properties": {}, "anyOf": []}),
        json!({"$schema": {"$ref": "#"}, "type": "object", "properties": {}}),
    ] {
        assert_eq!(
            readiness(&schema, &SchemaLimits::default()),
            Readiness::Rewrite,
            "{schema}"
        );
        assert_not_ready(&schema);
    }
}

#[test]
fn a_root_that_is_not_a_plain_object_schema_is_not_ready() {
    for schema in [
        json!({"properties": {}}),
        json!({"type": ["object"], "properties": {}}),
        json!({"type": ["object", "null"], "properties": {}}),
        json!({"type": "string", "properties": {}}),
        json!({"type": "object"}),
        json!({"type": "object", "properties": []}),
        json!({"type": "object", "properties": {}, "allOf": [{"type": "object", "properties": {}}]}),
        json!({"type": "object", "properties": {}, "anyOf": [{"type": "object", "properties": {}}]}),
        json!({"type": "object", "properties": {}, "oneOf": [{"type": "object", "properties": {}}]}),
        json!({"type": "object", "properties": {}, "anyOf": "junk"}),
    ] {
        assert_needs_rewrite(&schema);
    }
    for schema in [json!(null), json!([]), json!("object"), json!(true)] {
        assert_needs_rewrite(&schema);
    }
}

#[test]
fn references_and_definitions_anywhere_are_not_ready() {
    for keyword in ["$ref", "$dynamicRef", "$recursiveRef"] {
        // a schema in one of each kind of subschema position
        for schema in [
            json!({"type": "object", "properties": {"p": {keyword: "#/$defs/A"}}, "$defs": {"A": {}}}),
            json!({"type": "object", "properties": {}, keyword: "#"}),
            with_property(json!({"items": {keyword: "https://example.com/s.json"}})),
            with_property(json!({"anyOf": [{"type": "string"}, {keyword: "#"}]})),
            with_property(json!({"items": [{keyword: "#"}]})),
            with_property(json!({"patternProperties": {"^a": {keyword: "#"}}})),
        ] {
            assert_needs_rewrite(&schema);
        }
    }
    for keyword in ["$defs", "definitions"] {
        assert_needs_rewrite(&json!({"type": "object", "properties": {}, keyword: {}}));
        assert_needs_rewrite(&with_property(
            json!({"type": "string", keyword: {"A": {}}}),
        ));
    }
}

#[test]
fn reference_keys_in_data_or_as_property_names_are_not_ready_either() {
    // The rewrite keeps these as they are; the look does not tell them apart, so it says "no".
    for schema in [
        with_property(json!({"type": "object", "properties": {}, "default": {"$ref": "#"}})),
        with_property(json!({"enum": [{"a": [{"$defs": 1}]}]})),
        with_property(json!({"const": {"definitions": null}})),
        json!({"type": "object", "properties": {}, "x-extra": {"$recursiveRef": "#"}}),
        json!({"type": "object", "properties": {"$ref": {"type": "string"}}}),
        json!({"type": "object", "properties": {"$defs": {"type": "string"}}}),
    ] {
        assert_not_ready(&schema);
        let full = prepare_tool_schema_in_full(&schema);
        assert_eq!((full.schema, full.warnings.len()), (schema, 0));
    }
}

#[test]
fn object_schemas_without_properties_and_malformed_keywords_are_not_ready() {
    for property in [
        json!({"type": "object"}),
        json!({"type": ["null", "object"], "additionalProperties": {"type": "string"}}),
        json!({"type": "array", "items": {"type": "object"}}),
        json!({"anyOf": [{"type": "object"}, {"type": "null"}]}),
        json!({"type": "object", "properties": {}, "required": null}),
        json!({"type": "object", "properties": {}, "required": "a"}),
        json!({"type": "object", "properties": {}, "required": ["a", 1]}),
        json!({"type": "string", "properties": 5}),
        json!({"not": {"properties": []}}),
    ] {
        assert_needs_rewrite(&with_property(property));
    }
    assert_needs_rewrite(&json!({"type": "object", "properties": {}, "required": {"a": true}}));
}

/// `levels` nested `properties` below a root that is a plain object schema: the innermost
/// `{"type": "string"}` sits `2 × levels + 1` containers deep.
fn nested(levels: usize) -> Value {
    let mut schema = json!({"type": "string"});
    for _ in 0..levels {
        schema = with_property(schema);
    }
    schema
}

#[test]
fn schemas_beyond_the_limits_are_not_ready() {
    // depth 63 is within the default limit of 64, depth 65 beyond it
    assert_ready(&nested(31));
    assert_needs_rewrite(&nested(32));
    // 100 000 values are within the default limit, 100 001 beyond it
    let values = |n: usize| {
        let list: Vec<Value> = (0..n).map(Value::from).collect();
        with_property(json!({ "enum": list }))
    };
    // root, "object", properties, p, enum: 5 values around the list's
    assert_ready(&values(100_000 - 5));
    assert_needs_rewrite(&values(100_000 - 4));
}

#[test]
fn custom_limits_answer_as_the_rewrite_does() {
    let schema = json!({"type": "object", "properties": {}});
    let limits = |max_depth, max_nodes| SchemaLimits {
        max_depth,
        max_nodes,
    };
    let ready = |limits: &SchemaLimits| readiness(&schema, limits) == Readiness::Ready;
    // three values (the root, "object", the properties map), two levels deep
    assert!(ready(&limits(2, 3)));
    assert_eq!(
        prepare_input_schema_with(&schema, &limits(2, 3)),
        Ok(schema.clone())
    );
    assert!(!ready(&limits(1, 3)));
    assert_eq!(
        prepare_input_schema_with(&schema, &limits(1, 3)),
        Err(SchemaError::TooDeep { limit: 1 })
    );
    assert!(!ready(&limits(2, 2)));
    assert_eq!(
        prepare_input_schema_with(&schema, &limits(2, 2)),
        Err(SchemaError::TooLarge { limit: 2 })
    );
}
