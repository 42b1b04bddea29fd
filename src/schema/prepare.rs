//! Tool `inputSchema` → "LLM-ready" schema.
//!
//! MCP 2026-07-28 (`basic/index.mdx`, "JSON Schema usage"; digested in
//! `reference/mcp-2026-07-28.md` §4.2) lets a tool's `inputSchema` use any JSON Schema 2020-12
//! keyword, including `$ref`/`$defs`, and servers still emit draft-07 (`definitions`). The spec
//! also says a client MUST NOT auto-dereference network `$ref`s and SHOULD bound the cost of
//! schema processing (depth, subschema count).
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
//! - object schemas get `"properties": {}` when they have none;
//! - every other keyword (composition, conditionals, `enum`, `const`, …) is kept as it is.
//!
//! The verbatim `inputSchema` is not touched: the caller keeps it for the host and for the
//! conformance scenario `json-schema-2020-12-preservation`, which diffs it.

use serde_json::{Map, Value};
use std::fmt;

/// Bounds on the work [`prepare_input_schema_with`] may do (MCP 2026-07-28 `basic/index.mdx`
/// "JSON Schema usage": implementations SHOULD bound depth and subschema count).
///
/// Depth counts nested JSON containers (objects and arrays): `{}` has depth 1,
/// `{"not": {}}` depth 2, `{"properties": {"a": {}}}` depth 3. Scalars add no depth.
///
/// `max_depth` also bounds the Rust recursion of the rewrite, so keep it modest (the default
/// is 64; a few hundred is still safe on a wasm stack).
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
        SchemaLimits { max_depth: 64, max_nodes: 100_000 }
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
            SchemaError::TooLarge { limit } => write!(f, "input schema would exceed {limit} JSON nodes once its references are inlined"),
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
/// Rewrite (MCP 2026-07-28 `basic/index.mdx` "JSON Schema usage", see the module docs):
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
///   `"properties": {}`; a root without `type` but with `properties` gets `"type": "object"`.
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
pub fn prepare_input_schema_with(schema: &Value, limits: &SchemaLimits) -> Result<Value, SchemaError> {
    let root = schema.as_object().ok_or(SchemaError::NotAnObject)?;
    check_input_depth(schema, limits.max_depth)?;

    let mut expander = Expander { root: schema, root_id: root.get("$id").and_then(Value::as_str), limits, nodes: 0, expanding: vec![schema] };
    let mut out = expander.object_schema(root, 1)?;
    out.remove("$schema");
    if !out.contains_key("type") && out.contains_key("properties") {
        out.insert("type".to_owned(), Value::String("object".to_owned()));
    }
    Ok(Value::Object(out))
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
/// arrays of property names; those are copied verbatim).
const SUBSCHEMA_MAP_KEYWORDS: &[&str] = &["properties", "patternProperties", "dependentSchemas", "dependencies"];

/// Definition containers, dropped from the output once their content is inlined.
const DEFINITION_KEYWORDS: &[&str] = &["$defs", "definitions"];

/// Reference keywords, in the order they are applied to a node.
const REFERENCE_KEYWORDS: &[&str] = &["$ref", "$dynamicRef", "$recursiveRef"];

/// Keywords that change what validates: overlaying one of these from a `$ref`'s siblings onto
/// a target that says something else would loosen or tighten the schema.
const ASSERTION_KEYWORDS: &[&str] = &[
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
const KEYWORD_GROUPS: &[&[&str]] =
    &[&["if", "then", "else"], &["items", "prefixItems", "additionalItems"], &["contains", "minContains", "maxContains"]];

/// Fails with [`SchemaError::TooDeep`] if `value` nests containers deeper than `max_depth`.
/// Iterative, so an adversarial input cannot exhaust the stack here.
fn check_input_depth(value: &Value, max_depth: usize) -> Result<(), SchemaError> {
    let mut pending: Vec<(&Value, usize)> = vec![(value, 1)];
    while let Some((node, depth)) = pending.pop() {
        let is_container = node.is_object() || node.is_array();
        if is_container && depth > max_depth {
            return Err(SchemaError::TooDeep { limit: max_depth });
        }
        match node {
            Value::Object(map) => pending.extend(map.values().map(|child| (child, depth + 1))),
            Value::Array(items) => pending.extend(items.iter().map(|child| (child, depth + 1))),
            _ => {}
        }
    }
    Ok(())
}

/// State of one rewrite.
struct Expander<'a> {
    /// The whole input document, which local references resolve against.
    root: &'a Value,
    /// The root `$id`, if any: `"<root $id>#/…"` is a local reference too.
    root_id: Option<&'a str>,
    limits: &'a SchemaLimits,
    /// Output nodes produced so far (an upper bound: merged-away nodes stay counted).
    nodes: usize,
    /// Reference targets being expanded on the current path, outermost first; starts with
    /// the root. Compared by address, so `#/$defs/A` and `#/%24defs/A` are the same target.
    expanding: Vec<&'a Value>,
}

impl<'a> Expander<'a> {
    /// Counts one output node.
    fn count(&mut self) -> Result<(), SchemaError> {
        self.nodes += 1;
        if self.nodes > self.limits.max_nodes {
            return Err(SchemaError::TooLarge { limit: self.limits.max_nodes });
        }
        Ok(())
    }

    /// Checks that an output container at `depth` is allowed.
    fn enter(&self, depth: usize) -> Result<(), SchemaError> {
        if depth > self.limits.max_depth {
            return Err(SchemaError::TooDeep { limit: self.limits.max_depth });
        }
        Ok(())
    }

    /// Prepares a value in schema position; the value itself sits at output `depth`.
    /// Booleans and malformed (non-object) schemas are kept as they are.
    fn schema(&mut self, value: &'a Value, depth: usize) -> Result<Value, SchemaError> {
        match value {
            Value::Object(map) => Ok(Value::Object(self.object_schema(map, depth)?)),
            other => self.verbatim(other, depth),
        }
    }

    /// Prepares each element of an array of subschemas.
    fn schema_list(&mut self, value: &'a Value, depth: usize) -> Result<Value, SchemaError> {
        let Value::Array(items) = value else {
            return self.verbatim(value, depth);
        };
        self.enter(depth)?;
        self.count()?;
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            out.push(self.schema(item, depth + 1)?);
        }
        Ok(Value::Array(out))
    }

    /// Prepares each value of a map from names to subschemas (names are kept as they are).
    fn schema_map(&mut self, value: &'a Value, depth: usize) -> Result<Value, SchemaError> {
        let Value::Object(entries) = value else {
            return self.verbatim(value, depth);
        };
        self.enter(depth)?;
        self.count()?;
        let mut out = Map::new();
        for (name, sub) in entries {
            out.insert(name.clone(), self.schema(sub, depth + 1)?);
        }
        Ok(Value::Object(out))
    }

    /// Prepares an object schema at output `depth`: keywords first, then its references.
    fn object_schema(&mut self, schema: &'a Map<String, Value>, depth: usize) -> Result<Map<String, Value>, SchemaError> {
        self.enter(depth)?;
        self.count()?;
        let mut out = Map::new();
        for (key, value) in schema {
            let key_str = key.as_str();
            if REFERENCE_KEYWORDS.contains(&key_str) || DEFINITION_KEYWORDS.contains(&key_str) {
                continue;
            }
            let prepared = if key_str == "items" && value.is_array() {
                self.schema_list(value, depth + 1)?
            } else if SUBSCHEMA_KEYWORDS.contains(&key_str) {
                self.schema(value, depth + 1)?
            } else if SUBSCHEMA_ARRAY_KEYWORDS.contains(&key_str) {
                self.schema_list(value, depth + 1)?
            } else if SUBSCHEMA_MAP_KEYWORDS.contains(&key_str) {
                self.schema_map(value, depth + 1)?
            } else {
                self.verbatim(value, depth + 1)?
            };
            out.insert(key.clone(), prepared);
        }
        for keyword in REFERENCE_KEYWORDS {
            if let Some(reference) = schema.get(*keyword) {
                out = self.apply_reference(reference, out, depth)?;
            }
        }
        self.add_empty_properties(&mut out)?;
        Ok(out)
    }

    /// Replaces a reference by its prepared target overlaid with `siblings`, or by the
    /// siblings alone (a permissive `{}` plus them) when the reference is cyclic, non-local,
    /// unresolvable or not a string.
    fn apply_reference(&mut self, reference: &'a Value, siblings: Map<String, Value>, depth: usize) -> Result<Map<String, Value>, SchemaError> {
        let Some(target) = reference.as_str().and_then(|r| self.resolve(r)) else {
            return Ok(siblings);
        };
        if self.expanding.iter().any(|open| std::ptr::eq(*open, target)) {
            return Ok(siblings);
        }
        if self.expanding.len() > self.limits.max_depth {
            return Err(SchemaError::TooDeep { limit: self.limits.max_depth });
        }
        self.expanding.push(target);
        let expanded = self.reference_target(target, depth);
        self.expanding.pop();
        self.overlay(expanded?, siblings)
    }

    /// Prepares a resolved reference target (an object or boolean schema) at `depth`.
    fn reference_target(&mut self, target: &'a Value, depth: usize) -> Result<Map<String, Value>, SchemaError> {
        match target {
            Value::Object(map) => self.object_schema(map, depth),
            Value::Bool(false) => {
                self.enter(depth + 1)?;
                self.count()?;
                self.count()?;
                let mut out = Map::new();
                out.insert("not".to_owned(), Value::Object(Map::new()));
                Ok(out)
            }
            // `true`, and (never produced by `resolve`) anything else: accept everything.
            _ => {
                self.count()?;
                Ok(Map::new())
            }
        }
    }

    /// Overlays a reference's `siblings` on its prepared `target` (siblings win), unless a
    /// sibling assertion disagrees with the target, in which case both are kept under `allOf`.
    fn overlay(&mut self, mut target: Map<String, Value>, siblings: Map<String, Value>) -> Result<Map<String, Value>, SchemaError> {
        if !assertions_conflict(&target, &siblings) {
            target.extend(siblings);
            return Ok(target);
        }
        self.count()?;
        let (asserting, annotating): (Map<String, Value>, Map<String, Value>) =
            siblings.into_iter().partition(|(key, _)| ASSERTION_KEYWORDS.contains(&key.as_str()));
        let mut out = annotating;
        out.insert("allOf".to_owned(), Value::Array(vec![Value::Object(target), Value::Object(asserting)]));
        Ok(out)
    }

    /// Adds `"properties": {}` to an object schema that has none.
    fn add_empty_properties(&mut self, schema: &mut Map<String, Value>) -> Result<(), SchemaError> {
        let is_object = match schema.get("type") {
            Some(Value::String(t)) => t == "object",
            Some(Value::Array(types)) => types.iter().any(|t| t == "object"),
            _ => false,
        };
        if is_object && !schema.contains_key("properties") {
            self.count()?;
            schema.insert("properties".to_owned(), Value::Object(Map::new()));
        }
        Ok(())
    }

    /// Copies a data value (or a malformed schema) as it is, counting its nodes.
    fn verbatim(&mut self, value: &Value, depth: usize) -> Result<Value, SchemaError> {
        self.count()?;
        match value {
            Value::Object(map) => {
                self.enter(depth)?;
                let mut out = Map::new();
                for (key, child) in map {
                    out.insert(key.clone(), self.verbatim(child, depth + 1)?);
                }
                Ok(Value::Object(out))
            }
            Value::Array(items) => {
                self.enter(depth)?;
                let mut out = Vec::with_capacity(items.len());
                for child in items {
                    out.push(self.verbatim(child, depth + 1)?);
                }
                Ok(Value::Array(out))
            }
            scalar => Ok(scalar.clone()),
        }
    }

    /// Resolves a reference string against the input document; `None` when it is not local
    /// or does not lead to a schema (object or boolean). Not cached: walking the pointer
    /// costs about what hashing the string would (and the wasm carries no hashing code).
    fn resolve(&mut self, reference: &'a str) -> Option<&'a Value> {
        resolve_local(self.root, self.root_id, reference)
    }
}

/// Whether overlaying `siblings` on `target` would change an assertion of `target`.
fn assertions_conflict(target: &Map<String, Value>, siblings: &Map<String, Value>) -> bool {
    siblings.keys().map(String::as_str).filter(|key| ASSERTION_KEYWORDS.contains(key)).any(|key| {
        let own = [key];
        let related: &[&str] = KEYWORD_GROUPS.iter().copied().find(|group| group.contains(&key)).unwrap_or(&own);
        related.iter().any(|k| match target.get(*k) {
            Some(held) => siblings.get(*k) != Some(held),
            None => false,
        })
    })
}

/// Resolves `reference` if it is local: `#…`, or `<root $id>#…`; the fragment must be empty
/// (the root) or a JSON Pointer. Anchors (`#name`) and every other URI are not local.
fn resolve_local<'v>(root: &'v Value, root_id: Option<&str>, reference: &str) -> Option<&'v Value> {
    let (base, fragment) = match reference.split_once('#') {
        Some((base, fragment)) => (base, fragment),
        None => (reference, ""),
    };
    if !base.is_empty() {
        let id = root_id?;
        if id.strip_suffix('#').unwrap_or(id) != base {
            return None;
        }
    }
    let fragment = percent_decode(fragment)?;
    let mut node = root;
    if !fragment.is_empty() {
        let pointer = fragment.strip_prefix('/')?;
        for token in pointer.split('/') {
            let token = unescape_token(token)?;
            node = match node {
                Value::Object(map) => map.get(&token)?,
                Value::Array(items) => items.get(array_index(&token)?)?,
                _ => return None,
            };
        }
    }
    match node {
        Value::Object(_) | Value::Bool(_) => Some(node),
        _ => None,
    }
}

/// Decodes URI percent-escapes in a fragment (RFC 3986 §2.1); `None` if malformed or not UTF-8.
fn percent_decode(fragment: &str) -> Option<String> {
    if !fragment.as_bytes().contains(&b'%') {
        return Some(fragment.to_owned());
    }
    let bytes = fragment.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&byte) = bytes.get(i) {
        if byte == b'%' {
            let high = hex_value(*bytes.get(i + 1)?)?;
            let low = hex_value(*bytes.get(i + 2)?)?;
            out.push(high * 16 + low);
            i += 3;
        } else {
            out.push(byte);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

fn hex_value(digit: u8) -> Option<u8> {
    match digit {
        b'0'..=b'9' => Some(digit - b'0'),
        b'a'..=b'f' => Some(digit - b'a' + 10),
        b'A'..=b'F' => Some(digit - b'A' + 10),
        _ => None,
    }
}

/// Unescapes one JSON Pointer reference token (RFC 6901 §4: `~1` → `/`, `~0` → `~`);
/// `None` for any other `~` sequence.
fn unescape_token(token: &str) -> Option<String> {
    let mut out = String::with_capacity(token.len());
    let mut chars = token.chars();
    while let Some(c) = chars.next() {
        if c == '~' {
            match chars.next() {
                Some('0') => out.push('~'),
                Some('1') => out.push('/'),
                _ => return None,
            }
        } else {
            out.push(c);
        }
    }
    Some(out)
}

/// Parses an RFC 6901 array index: `0` or digits without a leading zero.
fn array_index(token: &str) -> Option<usize> {
    let well_formed = !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit()) && (token == "0" || !token.starts_with('0'));
    if well_formed {
        token.parse().ok()
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn prep(schema: Value) -> Value {
        match prepare_input_schema(&schema) {
            Ok(out) => out,
            Err(e) => panic!("prepare_input_schema failed: {e}"),
        }
    }

    #[test]
    fn pydantic_defs_are_inlined_and_dropped() {
        // peers.md §4 item 2 (langchainjs#9419).
        let schema = json!({
            "type": "object",
            "properties": {
                "items": {"type": "array", "items": {"$ref": "#/$defs/NestedItem"}},
                "meta": {"$ref": "#/$defs/Metadata"}
            },
            "required": ["items"],
            "$defs": {
                "NestedItem": {"type": "object", "properties": {"id": {"type": "string"}}},
                "Metadata": {"type": "object", "properties": {"total": {"type": "integer"}}}
            }
        });
        assert_eq!(
            prep(schema),
            json!({
                "type": "object",
                "properties": {
                    "items": {
                        "type": "array",
                        "items": {"type": "object", "properties": {"id": {"type": "string"}}}
                    },
                    "meta": {"type": "object", "properties": {"total": {"type": "integer"}}}
                },
                "required": ["items"]
            })
        );
    }

    #[test]
    fn draft07_definitions_and_schema_are_stripped() {
        let schema = json!({
            "$schema": "http://json-schema.org/draft-07/schema#",
            "type": "object",
            "properties": {"user": {"$ref": "#/definitions/User"}},
            "definitions": {
                "User": {
                    "type": "object",
                    "properties": {"name": {"type": "string"}},
                    "required": ["name"],
                    "additionalProperties": false
                }
            },
            "additionalProperties": false
        });
        assert_eq!(
            prep(schema),
            json!({
                "type": "object",
                "properties": {
                    "user": {
                        "type": "object",
                        "properties": {"name": {"type": "string"}},
                        "required": ["name"],
                        "additionalProperties": false
                    }
                },
                "additionalProperties": false
            })
        );
    }

    #[test]
    fn schema_2020_12_stamp_is_stripped_but_id_kept() {
        let schema = json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://example.com/tools/search",
            "type": "object",
            "properties": {"q": {"type": "string"}}
        });
        assert_eq!(
            prep(schema),
            json!({
                "$id": "https://example.com/tools/search",
                "type": "object",
                "properties": {"q": {"type": "string"}}
            })
        );
    }

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
    fn agreeing_assertion_siblings_overlay() {
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
    fn root_ref_to_recursive_def() {
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
    fn ref_to_root_is_a_cycle() {
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

    #[test]
    fn no_argument_object_gets_empty_properties() {
        // peers.md §4 item 1 (langchain-mcp-adapters#137).
        assert_eq!(prep(json!({"type": "object"})), json!({"type": "object", "properties": {}}));
        assert_eq!(
            prep(json!({"type": "object", "additionalProperties": false})),
            json!({"type": "object", "additionalProperties": false, "properties": {}})
        );
    }

    #[test]
    fn nested_objects_get_properties_and_typeless_root_gets_type() {
        let schema = json!({
            "properties": {
                "opts": {"type": "object", "additionalProperties": {"type": "string"}},
                "maybe": {"type": ["object", "null"]},
                "obj": {"$ref": "#/$defs/Empty"}
            },
            "$defs": {"Empty": {"type": "object"}}
        });
        assert_eq!(
            prep(schema),
            json!({
                "type": "object",
                "properties": {
                    "opts": {
                        "type": "object",
                        "additionalProperties": {"type": "string"},
                        "properties": {}
                    },
                    "maybe": {"type": ["object", "null"], "properties": {}},
                    "obj": {"type": "object", "properties": {}}
                }
            })
        );
    }

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
    fn draft07_tuple_items_and_dependencies() {
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

    #[test]
    fn pointer_escapes_and_deep_pointers() {
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
    fn refs_to_boolean_schemas() {
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
    fn nested_defs_are_dropped_and_reachable() {
        let schema = json!({
            "type": "object",
            "properties": {"x": {"$ref": "#/$defs/Outer"}},
            "$defs": {
                "Outer": {
                    "type": "object",
                    "properties": {"y": {"$ref": "#/$defs/Outer/$defs/Inner"}},
                    "$defs": {"Inner": {"type": "string"}}
                }
            }
        });
        assert_eq!(
            prep(schema),
            json!({
                "type": "object",
                "properties": {
                    "x": {"type": "object", "properties": {"y": {"type": "string"}}}
                }
            })
        );
    }

    #[test]
    fn root_that_is_not_an_object_is_refused() {
        for bad in [json!(null), json!(true), json!([]), json!("object"), json!(3)] {
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
    fn input_depth_limit() {
        let at_limit = not_chain(64);
        assert_eq!(prepare_input_schema(&at_limit), Ok(at_limit.clone()));
        assert_eq!(prepare_input_schema(&not_chain(65)), Err(SchemaError::TooDeep { limit: 64 }));
        // Unused definitions count too: the whole input is bounded.
        let schema = json!({"type": "object", "$defs": {"Deep": not_chain(63)}});
        assert_eq!(prepare_input_schema(&schema), Err(SchemaError::TooDeep { limit: 64 }));
    }

    #[test]
    fn output_depth_limit_applies_after_inlining() {
        let schema = json!({
            "allOf": [{"$ref": "#/$defs/A"}],
            "$defs": {
                "A": {"allOf": [{"$ref": "#/$defs/B"}]},
                "B": {"allOf": [{"$ref": "#/$defs/C"}]},
                "C": {}
            }
        });
        // Input depth is 5; output depth is 7.
        let five = SchemaLimits { max_depth: 5, ..SchemaLimits::default() };
        assert_eq!(prepare_input_schema_with(&schema, &five), Err(SchemaError::TooDeep { limit: 5 }));
        let seven = SchemaLimits { max_depth: 7, ..SchemaLimits::default() };
        assert_eq!(prepare_input_schema_with(&schema, &seven), Ok(json!({"allOf": [{"allOf": [{"allOf": [{}]}]}]})));
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
        let three = SchemaLimits { max_depth: 3, ..SchemaLimits::default() };
        assert_eq!(prepare_input_schema_with(&schema, &three), Err(SchemaError::TooDeep { limit: 3 }));
        let four = SchemaLimits { max_depth: 4, ..SchemaLimits::default() };
        assert_eq!(prepare_input_schema_with(&schema, &four), Ok(json!({"type": "object", "properties": {"x": {"type": "string"}}})));
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
        let deep = SchemaLimits { max_depth: 1_000, max_nodes: 100_000 };
        assert_eq!(prepare_input_schema_with(&forty, &deep), Err(SchemaError::TooLarge { limit: 100_000 }));
        // With the default limits the output depth (81) is refused first.
        assert_eq!(prepare_input_schema(&forty), Err(SchemaError::TooDeep { limit: 64 }));
        // 30 levels fit the default depth (61) but not the default node budget.
        assert_eq!(prepare_input_schema(&doubling_chain(30)), Err(SchemaError::TooLarge { limit: 100_000 }));
    }

    #[test]
    fn small_reuse_fits_and_node_limit_is_exact() {
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
        // `{"type": "string"}` is two nodes: the object and the string.
        let schema = json!({"type": "string"});
        let two = SchemaLimits { max_depth: 64, max_nodes: 2 };
        assert_eq!(prepare_input_schema_with(&schema, &two), Ok(schema.clone()));
        let one = SchemaLimits { max_depth: 64, max_nodes: 1 };
        assert_eq!(prepare_input_schema_with(&schema, &one), Err(SchemaError::TooLarge { limit: 1 }));
    }

    #[test]
    fn input_is_not_mutated() {
        let schema = json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "type": "object",
            "properties": {"a": {"$ref": "#/$defs/A", "description": "a"}},
            "$defs": {"A": {"type": "object"}}
        });
        let before = schema.clone();
        let out = prep(schema.clone());
        assert_eq!(schema, before);
        assert_eq!(
            out,
            json!({
                "type": "object",
                "properties": {"a": {"type": "object", "properties": {}, "description": "a"}}
            })
        );
    }

    #[test]
    fn defaults_display_and_codes() {
        assert_eq!(SchemaLimits::default(), SchemaLimits { max_depth: 64, max_nodes: 100_000 });
        assert_eq!(SchemaError::TooDeep { limit: 64 }.to_string(), "input schema is nested deeper than 64 levels");
        assert_eq!(SchemaError::TooLarge { limit: 10 }.to_string(), "input schema would exceed 10 JSON nodes once its references are inlined");
        assert_eq!(SchemaError::NotAnObject.to_string(), "input schema is not a JSON object");
        assert_eq!(SchemaError::TooDeep { limit: 1 }.code(), "schema_too_deep");
        assert_eq!(SchemaError::TooLarge { limit: 1 }.code(), "schema_too_large");
        assert_eq!(SchemaError::NotAnObject.code(), "schema_not_an_object");
    }
}
