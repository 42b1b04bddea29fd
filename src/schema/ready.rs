//! The fast path: a read-only look that tells when preparing a schema would give it back
//! unchanged, with no warning, so that the rewrite (a new value built, then compared with
//! the input) can be skipped.
//!
//! Most servers' schemas (zod's and pydantic's output: a root `{"type": "object",
//! "properties": {…}, "required": […]}` without references) are already LLM-ready. The look
//! is conservative: whatever might make [`prepare_tool_schema`](super::prepare_tool_schema)
//! change something or warn, and a few things that would not (a `$ref` key inside `enum` or
//! `default` data, a scalar past the depth limit), answers "no", and the full rewrite runs.

use super::keywords::{is_object_typed, is_reference_or_definition, malformed, position, Position};
use super::prepare::SchemaLimits;
use serde_json::{Map, Value};

/// Root keywords the root rewrite (`root`) removes or merges away.
const ROOT_REWRITTEN: &[&str] = &["$schema", "allOf", "anyOf", "oneOf"];

/// Whether [`prepare_tool_schema`](super::prepare_tool_schema) would give `schema` back
/// unchanged with no warning, within [`SchemaLimits::default`] (see [`is_llm_ready_with`]).
#[must_use]
pub fn is_llm_ready(schema: &Value) -> bool {
    is_llm_ready_with(schema, &SchemaLimits::default())
}

/// Whether preparing `schema` within `limits` would give it back unchanged with no warning.
///
/// `true` only for an object whose root is `"type": "object"` (the string) with an object
/// `properties` and no `$schema`, `allOf`, `anyOf` or `oneOf`, where no object anywhere
/// (subschema, data value or map of names) has a `$ref`, `$dynamicRef`, `$recursiveRef`,
/// `$defs` or `definitions` key, no subschema has a `required` that is not an array of
/// strings or a `properties` that is not an object, every subschema whose `type` is or
/// includes `"object"` has `properties`, and that holds at most `limits.max_nodes` values
/// (each object, array and scalar counting one) none deeper than `limits.max_depth`.
///
/// Reads only, allocates nothing; recursion is bounded by `limits.max_depth` (about two frames
/// a level) and work by the size of `schema`.
#[must_use]
pub fn is_llm_ready_with(schema: &Value, limits: &SchemaLimits) -> bool {
    let Value::Object(root) = schema else {
        return false;
    };
    let mut plain_root = root.get("type").and_then(Value::as_str) == Some("object")
        && root.get("properties").is_some_and(Value::is_object);
    // plain loops, not an iterator chain (see ARCHITECTURE.md, Wasm size)
    for keyword in ROOT_REWRITTEN {
        plain_root &= !root.contains_key(*keyword);
    }
    plain_root && Look { limits, nodes: 0 }.object_schema(root, 1)
}

/// State of one look: the bounds and the values seen so far.
struct Look<'l> {
    limits: &'l SchemaLimits,
    nodes: usize,
}

impl Look<'_> {
    /// Counts one value at `depth`: `false` once past either limit.
    fn visit(&mut self, depth: usize) -> bool {
        self.nodes += 1;
        self.nodes <= self.limits.max_nodes && depth <= self.limits.max_depth
    }

    /// A value in schema position: an object schema, else data (booleans and junk are kept).
    fn schema(&mut self, value: &Value, depth: usize) -> bool {
        match value {
            Value::Object(map) => self.object_schema(map, depth),
            other => self.data(other, depth),
        }
    }

    /// An object schema at `depth`: its own keywords, then each subschema and data value.
    fn object_schema(&mut self, schema: &Map<String, Value>, depth: usize) -> bool {
        if !self.visit(depth) || is_object_typed(schema) && !schema.contains_key("properties") {
            return false;
        }
        for (key, value) in schema {
            if is_reference_or_definition(key) || malformed(key, value).is_some() {
                return false;
            }
            let ready = match value {
                // a scalar is data in any position: no need to ask which
                Value::Object(_) | Value::Array(_) => match position(key, value) {
                    Position::Schema => self.schema(value, depth + 1),
                    Position::SchemaList => self.schema_list(value, depth + 1),
                    Position::SchemaMap => self.schema_map(value, depth + 1),
                    Position::Data => self.data(value, depth + 1),
                },
                _ => self.visit(depth + 1),
            };
            if !ready {
                return false;
            }
        }
        true
    }

    /// An array of subschemas (anything else is data).
    fn schema_list(&mut self, value: &Value, depth: usize) -> bool {
        let Value::Array(items) = value else {
            return self.data(value, depth);
        };
        if !self.visit(depth) {
            return false;
        }
        for item in items {
            if !self.schema(item, depth + 1) {
                return false;
            }
        }
        true
    }

    /// A map of names to subschemas (anything else is data); a name that is a reference or
    /// definition keyword answers "no" too.
    fn schema_map(&mut self, value: &Value, depth: usize) -> bool {
        let Value::Object(entries) = value else {
            return self.data(value, depth);
        };
        if !self.visit(depth) {
            return false;
        }
        for (name, sub) in entries {
            if is_reference_or_definition(name) || !self.schema(sub, depth + 1) {
                return false;
            }
        }
        true
    }

    /// A data value, kept verbatim by the rewrite; a reference or definition key in it
    /// answers "no" all the same.
    fn data(&mut self, value: &Value, depth: usize) -> bool {
        if !self.visit(depth) {
            return false;
        }
        match value {
            Value::Object(map) => {
                for (key, child) in map {
                    if is_reference_or_definition(key) || !self.data(child, depth + 1) {
                        return false;
                    }
                }
                true
            }
            Value::Array(items) => {
                for child in items {
                    if !self.data(child, depth + 1) {
                        return false;
                    }
                }
                true
            }
            _ => true,
        }
    }
}
