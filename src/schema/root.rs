//! The root of a prepared schema in the one shape every model provider takes: `"type":
//! "object"` with an object `properties` and no `allOf` / `anyOf` / `oneOf` beside them.
//!
//! Providers refuse a tool whose parameters schema is not a plain object at the top (OpenAI
//! and Anthropic reject `oneOf` / `anyOf` / `allOf` at the top level, others an object
//! without `properties`, langchain-mcp-adapters#137), and one refused tool fails every model
//! request of the session. MCP only asks for an object schema
//! (MCP 2026-07-28, `server/tools.mdx`, "Tool": `inputSchema`), so servers do send root
//! unions. [`normalize_root`] rewrites such a root into one object that accepts at least
//! what the original accepts (the server still validates the real `inputSchema`):
//!
//! - a root `allOf` is merged: the parts' `properties` and `required` are united (a property
//!   the parts define differently becomes `{"allOf": [each definition]}`; the root's own
//!   definition wins), and any other keyword is taken from the first part that has it;
//! - a root `anyOf` / `oneOf` of objects becomes one object holding every alternative's
//!   properties (a property the alternatives define differently becomes `{"anyOf": […]}`),
//!   requiring only what every alternative requires; the choice is then told to the model
//!   in the description of each property that some alternatives require and others do not;
//! - a root `type` other than `"object"` becomes `"object"`, and a root without object
//!   `properties` gets `{}`.
//!
//! Unions below the root stay as they are. Each relaxation adds a line to the warnings.

use super::keywords::{drop_malformed, note};
use serde_json::{Map, Value};

/// Bounds that keep a merge linear in the size of the root (a schema too large to prepare
/// reaches [`normalize_root`] unbounded by the node limit): at most this many `required`
/// names are read from each part and kept at the root, the names every alternative requires
/// are looked for only in unions of at most this many alternatives, and a property defined
/// in more distinct ways than this also accepts anything (`true` joins its `anyOf`). Each
/// only relaxes the result.
const MAX_REQUIRED: usize = 256;
const MAX_COMPARED_ALTERNATIVES: usize = 64;
const MAX_DEFINITIONS: usize = 16;

/// Most alternatives, properties and characters for which a root union is described in the
/// property descriptions; past them it is merged without descriptions.
const MAX_DESCRIBED_ALTERNATIVES: usize = 8;
const MAX_DESCRIBED_PROPERTIES: usize = 100;
const MAX_DESCRIPTION_NOTE: usize = 300;

const ALL_OF_MERGED: &str = "the root allOf was merged into one object";
const ANY_OF_MERGED: &str =
    "the root anyOf was merged into one object that requires only what every alternative requires";
const ONE_OF_MERGED: &str =
    "the root oneOf was merged into one object that requires only what every alternative requires";

/// Rewrites the root `schema` (already prepared below) as the module docs say, adding what
/// was relaxed to `warnings`. Bounded by the size of `schema`: nothing recurses below the
/// root, and each `allOf` a merged part brings up is merged in turn by the loop.
pub(super) fn normalize_root(schema: &mut Map<String, Value>, warnings: &mut Vec<String>) {
    drop_malformed(schema, warnings);
    for (keyword, merged) in [
        ("allOf", ALL_OF_MERGED),
        ("anyOf", ANY_OF_MERGED),
        ("oneOf", ONE_OF_MERGED),
    ] {
        while let Some(items) = schema.remove(keyword) {
            note(warnings, merged);
            if let Value::Array(items) = items {
                merge(schema, keyword, items);
            }
        }
    }
    // after the merges: a merged part may bring its own `$schema` up to the root
    schema.remove("$schema");
    if schema.get("type").is_some_and(|t| t != "object") {
        note(warnings, "the root type was replaced by \"object\"");
    }
    crate::put(schema, "type", Value::String("object".to_owned()));
    if !schema.get("properties").is_some_and(Value::is_object) {
        crate::put(schema, "properties", Value::Object(Map::new()));
    }
}

/// Removes and returns the `required` names of `schema` (strings, as `drop_malformed` left
/// them).
fn take_required(schema: &mut Map<String, Value>) -> Vec<String> {
    let mut names = Vec::new();
    if let Some(Value::Array(items)) = schema.remove("required") {
        for item in items {
            if let Value::String(name) = item {
                if names.len() < MAX_REQUIRED {
                    names.push(name);
                }
            }
        }
    }
    names
}

/// Merges the `items` of a root `allOf`, `anyOf` or `oneOf` (`keyword`) into `schema`.
///
/// Only object schemas count (`true` as `{}`; `false` and junk accept no object). Their
/// properties are united, the root's own definitions first: a property that the items define
/// differently becomes `{"allOf": […]}` for an `allOf`, `{"anyOf": […]}` for a union. An
/// `allOf` requires what any part requires and takes every other keyword from the first
/// that has it; a union requires only what every alternative requires, drops the
/// alternatives' other keywords, and tells the choice in the description of each property
/// that some alternatives require and others do not: "(give exactly one of: a | b and c)".
fn merge(schema: &mut Map<String, Value>, keyword: &str, items: Vec<Value>) {
    let all = keyword == "allOf";
    // malformed `properties` and `required` of the parts are skipped below (the rewrite has
    // dropped them already, with a warning, unless the schema was too large to prepare)
    let mut parts = Vec::with_capacity(items.len());
    for item in items {
        match item {
            Value::Object(map) => parts.push(map),
            Value::Bool(true) => parts.push(Map::new()),
            _ => {}
        }
    }

    // properties: every distinct definition of each name, the root's own first
    let mut seen = Map::new();
    let mut own = match schema.remove("properties") {
        Some(Value::Object(map)) => map,
        _ => Map::new(),
    };
    for part in &mut parts {
        let Some(Value::Object(properties)) = part.remove("properties") else {
            continue;
        };
        for (name, sub) in properties {
            let mut list = match seen.remove(&name) {
                Some(Value::Array(list)) => list,
                _ => Vec::new(),
            };
            if list.len() < MAX_DEFINITIONS {
                if !list.contains(&sub) {
                    list.push(sub);
                }
            } else if list.len() == MAX_DEFINITIONS {
                list.push(Value::Bool(true));
            }
            seen.insert(name, Value::Array(list));
        }
    }

    // required: the root's own, plus what any part or every alternative requires
    let mut each_required = Vec::with_capacity(parts.len());
    for part in &mut parts {
        each_required.push(take_required(part));
    }
    let mut required = take_required(schema);
    let compared = each_required.len() <= MAX_COMPARED_ALTERNATIVES;
    for (i, names) in each_required.iter().enumerate() {
        // what every alternative requires is among what the first one does
        if !all && (i > 0 || !compared) {
            break;
        }
        for name in names {
            if (all || each_required.iter().all(|r| r.contains(name)))
                && required.len() < MAX_REQUIRED
                && !required.contains(name)
            {
                required.push(name.clone());
            }
        }
    }

    // the alternatives in words: the names each requires beyond the common ones
    let mut describe = !all && each_required.len() <= MAX_DESCRIBED_ALTERNATIVES;
    let mut words = String::from(if keyword == "oneOf" {
        "(give exactly one of: "
    } else {
        "(give at least one of: "
    });
    for (i, names) in each_required.iter().enumerate() {
        if !describe {
            break;
        }
        if i > 0 {
            words.push_str(" | ");
        }
        let start = words.len();
        for name in names {
            if !required.contains(name) {
                if words.len() > start {
                    words.push_str(" and ");
                }
                words.push_str(name);
            }
        }
        if words.len() == start {
            words.push_str("nothing");
        }
    }
    words.push(')');
    describe &= words.len() <= MAX_DESCRIPTION_NOTE;

    for (name, list) in seen {
        if own.contains_key(&name) {
            continue;
        }
        let Value::Array(mut list) = list else {
            continue;
        };
        let sub = if list.len() == 1 {
            list.pop().unwrap_or_default()
        } else {
            let mut wrapper = Map::new();
            let combine = if all { "allOf" } else { "anyOf" };
            wrapper.insert(combine.to_owned(), Value::Array(list));
            Value::Object(wrapper)
        };
        own.insert(name, sub);
    }
    let describe = describe && own.len() <= MAX_DESCRIBED_PROPERTIES;
    let mut properties = Map::new();
    for (name, mut sub) in own {
        if describe && !required.contains(&name) && each_required.iter().any(|r| r.contains(&name))
        {
            append_description(&mut sub, &words);
        }
        properties.insert(name, sub);
    }
    crate::put(schema, "properties", Value::Object(properties));
    if !required.is_empty() {
        let mut list = Vec::with_capacity(required.len());
        for name in required {
            list.push(Value::String(name));
        }
        crate::put(schema, "required", Value::Array(list));
    }
    if all {
        for part in parts {
            for (key, value) in part {
                if !schema.contains_key(&key) {
                    schema.insert(key, value);
                }
            }
        }
    }
}

/// Appends `words` to the `description` of a property schema (`true` counts as `{}`).
fn append_description(sub: &mut Value, words: &str) {
    if *sub == Value::Bool(true) {
        *sub = Value::Object(Map::new());
    }
    if let Value::Object(map) = sub {
        let mut text = match map.remove("description") {
            Some(Value::String(mut d)) if !d.is_empty() => {
                d.push(' ');
                d
            }
            _ => String::new(),
        };
        text.push_str(words);
        crate::put(map, "description", Value::String(text));
    }
}
