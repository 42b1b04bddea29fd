//! The fast path: a read-only look that tells when preparing a schema would give it back
//! unchanged (or only less its root `$schema`), with no warning, so that the rewrite (a new
//! value built, then compared with the input) can be skipped.
//!
//! Most servers' schemas (zod's and pydantic's output: a root `{"type": "object",
//! "properties": {…}, "required": […]}` without references) are already LLM-ready, but for
//! the dialect that zod 4 and the TypeScript SDK stamp on every root (`"$schema":
//! "https://json-schema.org/draft/2020-12/schema"`), which the rewrite drops without a
//! warning. The look is conservative: whatever might make
//! [`prepare_tool_schema`](super::prepare_tool_schema) change anything else or warn, and a
//! few things that would not (a `$ref` key inside `enum` or `default` data, a scalar past
//! the depth limit), answers [`Readiness::Rewrite`], and the full rewrite runs.

use super::keywords::{is_object_typed, is_reference_or_definition, malformed, position, Position};
use super::prepare::SchemaLimits;
use serde_json::{Map, Value};

/// What preparing a tool's input schema would do to it (see [`readiness`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Readiness {
    /// Something may change or be warned about: the full rewrite must run.
    Rewrite,
    /// Nothing changes and nothing is warned about: the schema is LLM-ready as it is.
    Ready,
    /// Only the root `$schema` (the JSON Schema dialect, which the root rewrite drops without
    /// a warning) would be left out; nothing else changes and nothing is warned about.
    ReadyLessDialect,
}

/// Root keywords the root rewrite (`root`) merges away, a warning each.
const ROOT_UNIONS: &[&str] = &["allOf", "anyOf", "oneOf"];

/// Whether [`prepare_tool_schema`](super::prepare_tool_schema) would give `schema` back
/// unchanged with no warning: [`readiness`] within [`SchemaLimits::default`] is
/// [`Readiness::Ready`].
#[must_use]
pub fn is_llm_ready(schema: &Value) -> bool {
    readiness(schema, &SchemaLimits::default()) == Readiness::Ready
}

/// What preparing `schema` within `limits` would do to it: nothing ([`Readiness::Ready`]),
/// only drop its root `$schema` ([`Readiness::ReadyLessDialect`]), or possibly more
/// ([`Readiness::Rewrite`]).
///
/// Not [`Readiness::Rewrite`] only for an object whose root is `"type": "object"` (the
/// string) with an object `properties` and no `allOf`, `anyOf` or `oneOf`, where no object
/// anywhere (subschema, data value or map of names) has a `$ref`, `$dynamicRef`,
/// `$recursiveRef`, `$defs` or `definitions` key, no subschema has a `required` that is not
/// an array of strings or a `properties` that is not an object, every subschema whose `type`
/// is or includes `"object"` has `properties`, and that holds at most `limits.max_nodes`
/// values (each object, array and scalar counting one, the root `$schema` included) none
/// deeper than `limits.max_depth`. Such a schema is [`Readiness::Ready`] when its root has
/// no `$schema`.
///
/// Reads only, allocates nothing; recursion is bounded by `limits.max_depth` (about two frames
/// a level) and work by the size of `schema`.
#[must_use]
pub fn readiness(schema: &Value, limits: &SchemaLimits) -> Readiness {
    let Value::Object(root) = schema else {
        return Readiness::Rewrite;
    };
    let mut plain_root = root.get("type").and_then(Value::as_str) == Some("object")
        && root.get("properties").is_some_and(Value::is_object);
    // plain loops, not an iterator chain (see docs/wasm-size.md)
    for keyword in ROOT_UNIONS {
        plain_root &= !root.contains_key(*keyword);
    }
    if !(plain_root && Look { limits, nodes: 0 }.value(schema, 1, Position::Schema)) {
        Readiness::Rewrite
    } else if root.contains_key("$schema") {
        Readiness::ReadyLessDialect
    } else {
        Readiness::Ready
    }
}

/// State of one look: the bounds and the values seen so far.
struct Look<'l> {
    limits: &'l SchemaLimits,
    nodes: usize,
}

impl Look<'_> {
    /// Looks at `value`, at `depth`, sitting where `position` says (as the rewrite reads it:
    /// an object in schema position is an object schema; an array of subschemas or a map of
    /// names to them holds schemas; anything else, in any position, is data, kept verbatim).
    /// Counts every value against the limits; a reference or definition key on any object
    /// answers "no", in data and maps of names too.
    fn value(&mut self, value: &Value, depth: usize, position: Position) -> bool {
        self.nodes += 1;
        if self.nodes > self.limits.max_nodes || depth > self.limits.max_depth {
            return false;
        }
        match value {
            Value::Object(schema) if position == Position::Schema => {
                self.object_schema(schema, depth)
            }
            Value::Object(map) => {
                let inner = match position {
                    Position::SchemaMap => Position::Schema,
                    _ => Position::Data,
                };
                for (key, child) in map {
                    if is_reference_or_definition(key) || !self.value(child, depth + 1, inner) {
                        return false;
                    }
                }
                true
            }
            Value::Array(items) => {
                let inner = match position {
                    Position::SchemaList => Position::Schema,
                    _ => Position::Data,
                };
                for child in items {
                    if !self.value(child, depth + 1, inner) {
                        return false;
                    }
                }
                true
            }
            _ => true,
        }
    }

    /// The keywords of an object schema at `depth`, already counted.
    fn object_schema(&mut self, schema: &Map<String, Value>, depth: usize) -> bool {
        if is_object_typed(schema) && !schema.contains_key("properties") {
            return false;
        }
        for (key, value) in schema {
            // a scalar is data in any position: no need to ask which
            let position = match value {
                Value::Object(_) | Value::Array(_) => position(key, value),
                _ => Position::Data,
            };
            if is_reference_or_definition(key)
                || malformed(key, value).is_some()
                || !self.value(value, depth + 1, position)
            {
                return false;
            }
        }
        true
    }
}
