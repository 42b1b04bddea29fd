//! Keyword tables: what each JSON Schema keyword is to the rewrite.
//!
//! A keyword either holds subschemas (prepared in place: one, an array of them, or a map of
//! names to them), is a reference or a definition container (consumed by the rewrite), or is
//! data (copied verbatim). Independently, a keyword is an assertion when it changes what
//! validates; assertions decide whether a `$ref`'s siblings may be overlaid on its target
//! ([`assertions_conflict`]). Keywords of JSON Schema 2020-12 and of draft-07, which MCP
//! servers still emit (MCP 2026-07-28, `basic/index.mdx`, "JSON Schema usage").

use serde_json::{Map, Value};

/// Where a keyword's value sits, which says what the rewrite does with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Position {
    /// One subschema, prepared in place.
    Schema,
    /// An array of subschemas, each prepared in place.
    SchemaList,
    /// A map of names to subschemas, each value prepared in place.
    SchemaMap,
    /// Data, copied verbatim (`enum`, `const`, `default`, unknown and `x-…` keywords).
    Data,
}

/// The [`Position`] of `key: value` in an object schema. Reference and definition keywords
/// are not asked about.
pub(super) fn position(key: &str, value: &Value) -> Position {
    if key == "items" && value.is_array() {
        Position::SchemaList
    } else if SUBSCHEMA_KEYWORDS.contains(&key) {
        Position::Schema
    } else if SUBSCHEMA_ARRAY_KEYWORDS.contains(&key) {
        Position::SchemaList
    } else if SUBSCHEMA_MAP_KEYWORDS.contains(&key) {
        Position::SchemaMap
    } else {
        Position::Data
    }
}

/// Keywords whose value is one subschema (`items` may also be a draft-07 array of them).
const SUBSCHEMA_KEYWORDS: &[&str] = &[
    "items",
    "additionalItems",
    "additionalProperties",
    "unevaluatedItems",
    "unevaluatedProperties",
    "contains",
    "propertyNames",
    "not",
    "if",
    "then",
    "else",
    "contentSchema",
];

/// Keywords whose value is an array of subschemas.
const SUBSCHEMA_ARRAY_KEYWORDS: &[&str] = &["allOf", "anyOf", "oneOf", "prefixItems"];

/// Keywords whose value maps names to subschemas (draft-07 `dependencies` values may also be
/// arrays of property names: those are data, kept as they are like any non-object schema).
const SUBSCHEMA_MAP_KEYWORDS: &[&str] = &[
    "properties",
    "patternProperties",
    "dependentSchemas",
    "dependencies",
];

/// Reference keywords, in the order they are applied to a node.
pub(super) const REFERENCE_KEYWORDS: &[&str] = &["$ref", "$dynamicRef", "$recursiveRef"];

/// Keywords that change what validates: overlaying one of these from a `$ref`'s siblings onto
/// a target that says something else would loosen or tighten the schema.
pub(super) const ASSERTION_KEYWORDS: &[&str] = &[
    "type",
    "enum",
    "const",
    "properties",
    "patternProperties",
    "additionalProperties",
    "unevaluatedProperties",
    "propertyNames",
    "required",
    "dependentRequired",
    "dependentSchemas",
    "dependencies",
    "minProperties",
    "maxProperties",
    "items",
    "prefixItems",
    "additionalItems",
    "unevaluatedItems",
    "contains",
    "minContains",
    "maxContains",
    "minItems",
    "maxItems",
    "uniqueItems",
    "minLength",
    "maxLength",
    "pattern",
    "format",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "allOf",
    "anyOf",
    "oneOf",
    "not",
    "if",
    "then",
    "else",
    "contentEncoding",
    "contentMediaType",
    "contentSchema",
];

/// Keywords that are only meaningful together: a sibling from one group conflicts with a
/// target holding a different value for any keyword of the same group.
const KEYWORD_GROUPS: &[&[&str]] = &[
    &["if", "then", "else"],
    &["items", "prefixItems", "additionalItems"],
    &["contains", "minContains", "maxContains"],
];

/// Whether overlaying `siblings` on `target` would change an assertion of `target`: a
/// sibling assertion whose keyword, or any keyword of its [`KEYWORD_GROUPS`] group, the
/// target holds with a different value.
pub(super) fn assertions_conflict(
    target: &Map<String, Value>,
    siblings: &Map<String, Value>,
) -> bool {
    // plain loops, not an iterator chain (see docs/wasm-size.md)
    for key in siblings.keys() {
        let key = key.as_str();
        if !ASSERTION_KEYWORDS.contains(&key) {
            continue;
        }
        let own = [key];
        let mut related: &[&str] = &own;
        for group in KEYWORD_GROUPS {
            if group.contains(&key) {
                related = group;
                break;
            }
        }
        for k in related {
            if let Some(held) = target.get(*k) {
                if siblings.get(*k) != Some(held) {
                    return true;
                }
            }
        }
    }
    false
}

/// Whether a schema's `type` is, or includes, `"object"` (such a schema gets
/// `"properties": {}` when it has none).
pub(super) fn is_object_typed(schema: &Map<String, Value>) -> bool {
    match schema.get("type") {
        Some(Value::String(t)) => t == "object",
        Some(Value::Array(types)) => types.iter().any(|t| t == "object"),
        _ => false,
    }
}

/// Whether `key` is a reference ([`REFERENCE_KEYWORDS`]) or a definition container (`$defs`,
/// `definitions`, dropped from the output once their content is inlined): a key the rewrite
/// consumes.
pub(super) fn is_reference_or_definition(key: &str) -> bool {
    // on the first byte first: this runs for every key of every schema
    match key.as_bytes().first() {
        Some(b'$') => key == "$defs" || REFERENCE_KEYWORDS.contains(&key),
        Some(b'd') => key == "definitions",
        _ => false,
    }
}

/// Adds `warning` to `warnings` unless it is there already.
pub(super) fn note(warnings: &mut Vec<String>, warning: &str) {
    if !warnings.iter().any(|w| w == warning) {
        warnings.push(warning.to_owned());
    }
}

/// The warning for `key: value` when it is a `required` that is not an array of strings or a
/// `properties` that is not an object: malformed keywords that hosts validating tool schemas
/// with zod refuse outright (dropping every tool of the list), so the rewrite drops them.
pub(super) fn malformed(key: &str, value: &Value) -> Option<&'static str> {
    match key {
        "required"
            if !value
                .as_array()
                .is_some_and(|names| names.iter().all(Value::is_string)) =>
        {
            Some("a required that was not an array of strings was dropped")
        }
        "properties" if !value.is_object() => {
            Some("a properties that was not an object was dropped")
        }
        _ => None,
    }
}

/// Drops the malformed `required` and `properties` of one schema (see [`malformed`]), saying
/// so in `warnings`.
pub(super) fn drop_malformed(schema: &mut Map<String, Value>, warnings: &mut Vec<String>) {
    for key in ["required", "properties"] {
        if let Some(warning) = schema.get(key).and_then(|value| malformed(key, value)) {
            schema.remove(key);
            note(warnings, warning);
        }
    }
}
