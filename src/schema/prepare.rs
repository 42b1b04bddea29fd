//! Tool `inputSchema` → "LLM-ready" schema.
//!
//! MCP 2026-07-28, `basic/index.mdx`, "JSON Schema usage"
//! (<https://modelcontextprotocol.io/specification/2026-07-28/basic>) lets a tool's
//! `inputSchema` use any JSON Schema 2020-12 keyword, including `$ref`/`$defs`, and servers
//! still emit draft-07 (`definitions`). The same section says a client MUST NOT
//! auto-dereference network `$ref`s and SHOULD bound the cost of schema processing (depth,
//! subschema count).
//!
//! The consumers of the prepared schema cannot take every such schema as it is:
//! LangChain.js validates tool input with `@cfworker/json-schema`, which does not resolve
//! `#/$defs/…` references (langchainjs#9419), and model providers reject object schemas
//! without `properties` (langchain-mcp-adapters#137) or choke on `$schema` stamps
//! (typescript-sdk#745). [`prepare_input_schema`] rewrites a schema into a self-contained one:
//!
//! - local references (`#`, `#/$defs/Name`, `#/definitions/Name`, any deeper JSON Pointer,
//!   percent- and `~0`/`~1`-escaped) are inlined, sibling keywords overlaid on the target;
//! - recursion ends in a permissive `{}`; non-local and unresolvable references become `{}`;
//! - `$defs`/`definitions` and the root `$schema` are dropped;
//! - object schemas get `"properties": {}` when they have none; a `required` that is not an
//!   array of strings and a `properties` that is not an object are dropped (hosts that
//!   validate tool schemas with zod refuse the whole tool list over one `required: null`);
//! - the root becomes a plain object schema: `"type": "object"`, object `properties`, a root
//!   `allOf` merged and a root `anyOf` / `oneOf` merged into one object (providers refuse
//!   unions at the top of a tool's parameters; see `root`);
//! - every other keyword (composition, conditionals, `enum`, `const`, …) is kept as it is,
//!   unions below the root included.
//!
//! What was relaxed is reported by [`prepare_tool_schema`] as warnings, one line per kind. A
//! schema that needs none of this (see `ready`) is given back as it is, without the rewrite.
//!
//! The verbatim `inputSchema` is not touched: the caller keeps it for the host and for the
//! conformance scenario `json-schema-2020-12-preservation`, which diffs it.

use super::expand::expand_root;
use super::ready::{readiness, Readiness};
use super::root::normalize_root;
use serde_json::{Map, Value};
use std::fmt;

/// Bounds on the work [`prepare_input_schema_with`] may do (MCP 2026-07-28, `basic/index.mdx`,
/// "JSON Schema usage": implementations SHOULD bound depth and subschema count).
///
/// Depth counts nested JSON containers (objects and arrays): `{}` has depth 1,
/// `{"not": {}}` depth 2, `{"properties": {"a": {}}}` depth 3. Scalars add no depth.
///
/// `max_depth` also bounds the Rust recursion of the rewrite, so keep it modest (the default
/// is 64; a few hundred is still safe on a wasm stack).
///
/// The limits bound the expansion of references. The root rewrite that runs after it (a root
/// `allOf`/`anyOf`/`oneOf` merged into one object, `type` and `properties` added) may add a
/// bounded amount on top: one level of depth (`{}` comes out as
/// `{"type": "object", "properties": {}}`), and per root property at most a merged definition
/// of up to 16 alternatives and a description note.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SchemaLimits {
    /// Maximum nesting depth, checked on the input, on the output (inlining deepens a
    /// schema) and on the number of references being expanded at once along one path.
    /// Past it: [`SchemaError::TooDeep`]. Default 64.
    pub max_depth: usize,
    /// Maximum number of JSON nodes (objects, arrays and scalars, each counting one) the
    /// output may hold; references used many times can blow a small schema up exponentially.
    /// Past it: [`SchemaError::TooLarge`]. Default 100 000.
    pub max_nodes: usize,
}

impl Default for SchemaLimits {
    /// `max_depth: 64`, `max_nodes: 100_000`.
    fn default() -> Self {
        SchemaLimits {
            max_depth: 64,
            max_nodes: 100_000,
        }
    }
}

/// Why an input schema could not be prepared.
#[derive(Debug, Clone, PartialEq)]
pub enum SchemaError {
    /// The input, the inlined output, or the chain of references being expanded on one path
    /// is nested deeper than `limit` ([`SchemaLimits::max_depth`]).
    TooDeep {
        /// The `max_depth` in force.
        limit: usize,
    },
    /// Inlining references would produce more than `limit` JSON nodes
    /// ([`SchemaLimits::max_nodes`]).
    TooLarge {
        /// The `max_nodes` in force.
        limit: usize,
    },
    /// The schema's root is not a JSON object (MCP requires `inputSchema` to be an object
    /// schema, `{"type": "object", …}`; `null`, booleans, arrays and strings are refused).
    NotAnObject,
}

impl SchemaError {
    /// A stable, machine-readable code: `"schema_too_deep"`, `"schema_too_large"` or
    /// `"schema_not_an_object"`.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            SchemaError::TooDeep { .. } => "schema_too_deep",
            SchemaError::TooLarge { .. } => "schema_too_large",
            SchemaError::NotAnObject => "schema_not_an_object",
        }
    }
}

impl fmt::Display for SchemaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SchemaError::TooDeep { limit } => {
                write!(f, "input schema is nested deeper than {limit} levels")
            }
            SchemaError::TooLarge { limit } => write!(
                f,
                "input schema would exceed {limit} JSON nodes once its references are inlined"
            ),
            SchemaError::NotAnObject => f.write_str("input schema is not a JSON object"),
        }
    }
}

impl std::error::Error for SchemaError {}

/// Prepares a tool's `inputSchema` for LangChain.js and model providers, with
/// [`SchemaLimits::default`] (depth 64, 100 000 nodes).
///
/// See [`prepare_input_schema_with`] for the exact rewrite.
///
/// # Errors
///
/// [`SchemaError::NotAnObject`], [`SchemaError::TooDeep`] (`limit: 64`) or
/// [`SchemaError::TooLarge`] (`limit: 100_000`), as for [`prepare_input_schema_with`].
pub fn prepare_input_schema(schema: &Value) -> Result<Value, SchemaError> {
    prepare_input_schema_with(schema, &SchemaLimits::default())
}

/// Prepares a tool's `inputSchema` (JSON Schema 2020-12 or draft-07) for LangChain.js and
/// model providers, within `limits`. The input is not modified; a new value is returned.
///
/// Rewrite (MCP 2026-07-28, `basic/index.mdx`, "JSON Schema usage"; see the module docs):
///
/// - **Local references** — `$ref` (and `$dynamicRef`/`$recursiveRef`, read as plain
///   references) whose value is `#`, `#/<JSON Pointer>` (RFC 6901 `~0`/`~1` escapes, URI
///   percent-escapes, array indices), or the root `$id` followed by such a fragment — are
///   replaced by the (recursively prepared) schema they point to. A boolean target becomes
///   `{}` (`true`) or `{"not": {}}` (`false`).
/// - **Sibling keywords** of a reference are overlaid on the target (siblings win), so
///   `{"$ref": "#/$defs/A", "description": "d"}` gives A's keywords with `description: "d"`.
///   When a sibling is an assertion that disagrees with the target (e.g. a different `type`,
///   or `then` next to a target's `if`), overlaying would change what validates, so the node
///   becomes `{"allOf": [target, asserting siblings], …annotation siblings}` instead.
/// - **Cycles** — a reference met again while its target is already being expanded on the
///   current path (the root counts as being expanded) — become a permissive `{}` plus the
///   node's siblings. Non-cyclic reuse is inlined at every use.
/// - **Non-local references** (`https:`, `urn:`, relative files, anchors such as `#foo`) are
///   never fetched, and local references that do not resolve to a schema are not followed:
///   both become `{}` plus the node's siblings.
/// - `$defs` and `definitions` are dropped wherever they sit in schema position (their
///   content is inlined where used); the root `$schema` is dropped.
/// - Every schema whose `type` is, or includes, `"object"` and that has no `properties` gets
///   `"properties": {}`. A `required` that is not an array of strings and a `properties` that
///   is not an object are dropped wherever they sit in schema position.
/// - The root is made `{"type": "object", "properties": {…}, …}`: a root `allOf` is merged
///   into it, a root `anyOf` / `oneOf` of objects becomes one object with every
///   alternative's properties that requires only what every alternative requires (the choice
///   told in the descriptions of the properties some alternatives require and others do not:
///   "(give exactly one of: content | source_url)"), and a root `type` other than
///   `"object"` is replaced.
/// - All other keywords are kept as they are: subschemas in `properties`, `items`, `anyOf`,
///   `oneOf`, `allOf`, `not`, `if`/`then`/`else`, `patternProperties`, `prefixItems`, … are
///   prepared in place; data keywords (`enum`, `const`, `default`, `examples`, unknown and
///   `x-…` keywords) are copied verbatim, even if they contain a `"$ref"` key.
///
/// Never panics. Work is bounded by the input size and `limits` (about
/// `input nodes + max_nodes × max_depth` steps); Rust recursion by about `2 × max_depth` frames.
///
/// # Errors
///
/// - [`SchemaError::NotAnObject`] if `schema` is not a JSON object;
/// - [`SchemaError::TooDeep`] if the input or the output is nested deeper than
///   `limits.max_depth`, or more than `limits.max_depth` references are being expanded at once
///   along one path;
/// - [`SchemaError::TooLarge`] if the output would hold more than `limits.max_nodes` nodes.
pub fn prepare_input_schema_with(
    schema: &Value,
    limits: &SchemaLimits,
) -> Result<Value, SchemaError> {
    if let Some(out) = without_rewrite(schema, limits) {
        return Ok(out);
    }
    let mut warnings = Vec::new();
    let mut out = expand(schema, limits, &mut warnings)?;
    normalize_root(&mut out, &mut warnings);
    Ok(Value::Object(out))
}

/// A tool's input schema made LLM-ready, with what the rewrite relaxed.
#[derive(Debug, Clone, PartialEq)]
pub struct PreparedSchema {
    /// Always an object schema with `"type": "object"` and an object `properties`.
    pub schema: Value,
    /// One sentence per kind of relaxation (a merged root union, a dropped malformed
    /// keyword, a schema too deep or too large to prepare); empty when nothing was relaxed.
    pub warnings: Vec<String>,
}

/// Prepares a tool's `inputSchema` as [`prepare_input_schema`] does, and never fails: a
/// schema that cannot be prepared (too deep or too large) keeps its content as it is, with
/// only its root made a plain object schema, and a schema that is not a JSON object becomes
/// `{"type": "object", "properties": {}}`; a warning says which.
///
/// A schema that needs no change but maybe the removal of its root `$schema` ([`readiness`],
/// the usual case) is cloned, not rewritten.
#[must_use]
pub fn prepare_tool_schema(schema: &Value) -> PreparedSchema {
    match without_rewrite(schema, &SchemaLimits::default()) {
        Some(schema) => PreparedSchema {
            schema,
            warnings: Vec::new(),
        },
        None => prepare_tool_schema_in_full(schema),
    }
}

/// The prepared `schema` when [`readiness`] within `limits` says the rewrite is not needed:
/// a clone, less its root `$schema` if it has one. `None` when the rewrite must run.
fn without_rewrite(schema: &Value, limits: &SchemaLimits) -> Option<Value> {
    if readiness(schema, limits) == Readiness::Rewrite {
        return None;
    }
    Some(without_dialect(schema))
}

/// A copy of `schema` less its root `$schema` (the JSON Schema dialect): the prepared schema
/// of one that [`readiness`] finds ready.
pub(crate) fn without_dialect(schema: &Value) -> Value {
    let mut out = schema.clone();
    if let Value::Object(root) = &mut out {
        root.remove("$schema");
    }
    out
}

/// [`prepare_tool_schema`] without its fast path: the full rewrite, whatever the schema. The
/// result is the same; for callers that have already asked [`readiness`], and for tests that
/// compare the two.
#[must_use]
pub fn prepare_tool_schema_in_full(schema: &Value) -> PreparedSchema {
    let mut warnings = Vec::new();
    let mut out = match expand(schema, &SchemaLimits::default(), &mut warnings) {
        Ok(out) => out,
        Err(e) => {
            warnings.clear();
            warnings.push(format!("inputSchema kept as it is below the root: {e}"));
            schema.as_object().cloned().unwrap_or_default()
        }
    };
    normalize_root(&mut out, &mut warnings);
    PreparedSchema {
        schema: Value::Object(out),
        warnings,
    }
}

/// The rewrite below the root: checks the input, then inlines and drops (see
/// [`prepare_input_schema_with`]).
fn expand(
    schema: &Value,
    limits: &SchemaLimits,
    warnings: &mut Vec<String>,
) -> Result<Map<String, Value>, SchemaError> {
    let root = schema.as_object().ok_or(SchemaError::NotAnObject)?;
    check_input_depth(schema, limits.max_depth)?;
    expand_root(schema, root, limits, warnings)
}

/// Fails with [`SchemaError::TooDeep`] if `value` nests containers deeper than `max_depth`.
/// Iterative, so an adversarial input cannot exhaust the stack here. Also checks the
/// `allOf` that a conflicting reference overlay builds from already prepared parts.
pub(super) fn check_input_depth(value: &Value, max_depth: usize) -> Result<(), SchemaError> {
    let mut pending: Vec<(&Value, usize)> = vec![(value, 1)];
    while let Some((node, depth)) = pending.pop() {
        let is_container = node.is_object() || node.is_array();
        if is_container && depth > max_depth {
            return Err(SchemaError::TooDeep { limit: max_depth });
        }
        // pushed one by one, not extended from iterators (see docs/wasm-size.md)
        match node {
            Value::Object(map) => {
                for child in map.values() {
                    pending.push((child, depth + 1));
                }
            }
            Value::Array(items) => {
                for child in items {
                    pending.push((child, depth + 1));
                }
            }
            _ => {}
        }
    }
    Ok(())
}
