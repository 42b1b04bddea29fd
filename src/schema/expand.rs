//! The rewrite itself: one walk over a tool's `inputSchema` that inlines local references,
//! drops definition containers and gives object schemas `properties`, within
//! [`SchemaLimits`]. The rules it applies are listed on
//! [`prepare_input_schema_with`](super::prepare::prepare_input_schema_with).
//!
//! Which keywords hold subschemas comes from [`super::keywords`]; where a reference points,
//! from [`super::pointer`].

use super::keywords::{
    assertions_conflict, is_object_typed, is_reference_or_definition, malformed, note, position,
    Position, ASSERTION_KEYWORDS, REFERENCE_KEYWORDS,
};
use super::pointer::resolve_local;
use super::prepare::{check_input_depth, SchemaError, SchemaLimits};
use serde_json::{Map, Value};

/// Prepares the root object schema `root` of `document` (the same value, as a map): its
/// keywords, its references and those of every subschema, counted against `limits`. What
/// was dropped on the way (malformed `required` and `properties`) is added to `warnings`.
pub(super) fn expand_root(
    document: &Value,
    root: &Map<String, Value>,
    limits: &SchemaLimits,
    warnings: &mut Vec<String>,
) -> Result<Map<String, Value>, SchemaError> {
    let mut expander = Expander {
        root: document,
        root_id: root.get("$id").and_then(Value::as_str),
        limits,
        nodes: 0,
        expanding: vec![document],
        warnings,
    };
    expander.object_schema(root, 1)
}

/// State of one rewrite.
struct Expander<'a> {
    /// The whole input document, which local references resolve against.
    root: &'a Value,
    /// The root `$id`, if any: `"<root $id>#/…"` is a local reference too.
    root_id: Option<&'a str>,
    /// The bounds in force.
    limits: &'a SchemaLimits,
    /// Output nodes produced so far (an upper bound: merged-away nodes stay counted).
    nodes: usize,
    /// Reference targets being expanded on the current path, outermost first; starts with
    /// the root. Compared by address, so `#/$defs/A` and `#/%24defs/A` are the same target.
    expanding: Vec<&'a Value>,
    /// What the rewrite dropped, one line per kind.
    warnings: &'a mut Vec<String>,
}

impl<'a> Expander<'a> {
    /// Counts one output node.
    fn count(&mut self) -> Result<(), SchemaError> {
        self.nodes += 1;
        if self.nodes > self.limits.max_nodes {
            return Err(SchemaError::TooLarge {
                limit: self.limits.max_nodes,
            });
        }
        Ok(())
    }

    /// Checks that an output container at `depth` is allowed.
    fn enter(&self, depth: usize) -> Result<(), SchemaError> {
        if depth > self.limits.max_depth {
            return Err(SchemaError::TooDeep {
                limit: self.limits.max_depth,
            });
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
    fn object_schema(
        &mut self,
        schema: &'a Map<String, Value>,
        depth: usize,
    ) -> Result<Map<String, Value>, SchemaError> {
        self.enter(depth)?;
        self.count()?;
        let mut out = Map::new();
        for (key, value) in schema {
            let key_str = key.as_str();
            if is_reference_or_definition(key_str) {
                continue;
            }
            if let Some(warning) = malformed(key_str, value) {
                note(self.warnings, warning);
                continue;
            }
            let prepared = match position(key_str, value) {
                Position::Schema => self.schema(value, depth + 1)?,
                Position::SchemaList => self.schema_list(value, depth + 1)?,
                Position::SchemaMap => self.schema_map(value, depth + 1)?,
                Position::Data => self.verbatim(value, depth + 1)?,
            };
            out.insert(key.clone(), prepared);
        }
        for keyword in REFERENCE_KEYWORDS {
            if let Some(reference) = schema.get(*keyword) {
                out = self.apply_reference(reference, out, depth)?;
            }
        }
        self.add_empty_properties(&mut out, depth)?;
        Ok(out)
    }

    /// Replaces a reference by its prepared target overlaid with `siblings`, or by the
    /// siblings alone (a permissive `{}` plus them) when the reference is cyclic, non-local,
    /// unresolvable or not a string.
    fn apply_reference(
        &mut self,
        reference: &'a Value,
        siblings: Map<String, Value>,
        depth: usize,
    ) -> Result<Map<String, Value>, SchemaError> {
        // Resolved again at every use, not cached (docs/wasm-size.md).
        let Some(target) = reference
            .as_str()
            .and_then(|r| resolve_local(self.root, self.root_id, r))
        else {
            return Ok(siblings);
        };
        if self
            .expanding
            .iter()
            .any(|open| std::ptr::eq(*open, target))
        {
            return Ok(siblings);
        }
        if self.expanding.len() > self.limits.max_depth {
            return Err(SchemaError::TooDeep {
                limit: self.limits.max_depth,
            });
        }
        self.expanding.push(target);
        let expanded = self.reference_target(target, depth);
        self.expanding.pop();
        self.overlay(expanded?, siblings, depth)
    }

    /// Prepares a resolved reference target (an object or boolean schema) at `depth`.
    fn reference_target(
        &mut self,
        target: &'a Value,
        depth: usize,
    ) -> Result<Map<String, Value>, SchemaError> {
        match target {
            Value::Object(map) => self.object_schema(map, depth),
            Value::Bool(false) => {
                self.enter(depth + 1)?;
                self.count()?;
                self.count()?;
                let mut out = Map::new();
                crate::put(&mut out, "not", Value::Object(Map::new()));
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
    /// sibling assertion disagrees with the target, in which case both are kept under `allOf`
    /// (the asserting siblings then form an object schema of their own, at `depth + 2`).
    fn overlay(
        &mut self,
        mut target: Map<String, Value>,
        siblings: Map<String, Value>,
        depth: usize,
    ) -> Result<Map<String, Value>, SchemaError> {
        if !assertions_conflict(&target, &siblings) {
            target.extend(siblings);
            return Ok(target);
        }
        self.count()?;
        // split by inserting one by one, not `partition` (see docs/wasm-size.md)
        let (mut asserting, mut annotating) = (Map::new(), Map::new());
        for (key, value) in siblings {
            if ASSERTION_KEYWORDS.contains(&key.as_str()) {
                asserting.insert(key, value);
            } else {
                annotating.insert(key, value);
            }
        }
        self.add_empty_properties(&mut asserting, depth + 2)?;
        // target and siblings were prepared one level up: the limit applies where they land
        let all_of = Value::Array(vec![Value::Object(target), Value::Object(asserting)]);
        check_input_depth(&all_of, self.limits.max_depth.saturating_sub(depth))?;
        let mut out = annotating;
        crate::put(&mut out, "allOf", all_of);
        Ok(out)
    }

    /// Adds `"properties": {}` to an object schema at output `depth` that has none (the new
    /// map sits one level deeper and counts against the depth limit like any other).
    fn add_empty_properties(
        &mut self,
        schema: &mut Map<String, Value>,
        depth: usize,
    ) -> Result<(), SchemaError> {
        if is_object_typed(schema) && !schema.contains_key("properties") {
            self.enter(depth + 1)?;
            self.count()?;
            crate::put(schema, "properties", Value::Object(Map::new()));
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
}
