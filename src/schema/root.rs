//! The root of a prepared schema in the one shape every model provider takes: `"type":
//! "object"` with an object `properties` and no `allOf` / `anyOf` / `oneOf` beside them.
//!
//! Providers refuse a tool whose parameters schema is not a plain object at the top (OpenAI
//! and Anthropic reject a root `anyOf`, Gemini a root without `properties`), and one refused
//! tool fails every model request of the session. MCP only asks for an object schema
//! (MCP 2026-07-28, `server/tools.mdx`, "Tool": `inputSchema`), so servers do send root
//! unions. [`normalize_root`] rewrites such a root into one object that accepts at least
//! what the original accepts (the server still validates the real `inputSchema`):
//!
//! - a root `allOf` is merged: the parts' `properties` and `required` are united (a property
//!   two parts define differently becomes `{"allOf": [first, second]}`), and any other
//!   keyword is taken from the first part that has it;
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

/// Most alternatives, properties and characters for which a root union is described in the
/// property descriptions; past them it is merged without descriptions.
const MAX_DESCRIBED_ALTERNATIVES: usize = 8;
const MAX_DESCRIBED_PROPERTIES: usize = 100;
const MAX_DESCRIPTION_NOTE: usize = 300;

const ANY_OF_MERGED: &str =
    "the root anyOf was merged into one object that requires only what every alternative requires";
const ONE_OF_MERGED: &str =
    "the root oneOf was merged into one object that requires only what every alternative requires";

/// Rewrites the root `schema` (already prepared below) as the module docs say, adding what
/// was relaxed to `warnings`. Bounded by the size of `schema`: nothing recurses below the
/// root, and the `allOf`s nested in `allOf` parts are flattened by a loop over the parts.
pub(super) fn normalize_root(schema: &mut Map<String, Value>, warnings: &mut Vec<String>) {
    schema.remove("$schema");
    drop_malformed(schema, warnings);
    if let Some(parts) = take_list(schema, "allOf", warnings) {
        note(warnings, "the root allOf was merged into one object");
        merge_all_of(schema, parts, warnings);
    }
    for (keyword, merged) in [("anyOf", ANY_OF_MERGED), ("oneOf", ONE_OF_MERGED)] {
        if let Some(alternatives) = take_list(schema, keyword, warnings) {
            note(warnings, merged);
            merge_union(schema, keyword == "oneOf", alternatives, warnings);
        }
    }
    if schema.get("type").is_some_and(|t| t != "object") {
        note(warnings, "the root type was replaced by \"object\"");
    }
    schema.insert("type".to_owned(), Value::String("object".to_owned()));
    if !schema.get("properties").is_some_and(Value::is_object) {
        schema.insert("properties".to_owned(), Value::Object(Map::new()));
    }
}

/// Removes `keyword` from the root: its array, or `None` (with a warning when the value was
/// not an array, which no valid schema holds).
fn take_list(
    schema: &mut Map<String, Value>,
    keyword: &str,
    warnings: &mut Vec<String>,
) -> Option<Vec<Value>> {
    match schema.remove(keyword)? {
        Value::Array(items) => Some(items),
        _ => {
            note(
                warnings,
                "a root allOf, anyOf or oneOf that was not an array was dropped",
            );
            None
        }
    }
}

/// The object schemas of a root `allOf` / `anyOf` / `oneOf`, their malformed keywords
/// dropped: objects as they are, `true` as `{}`; `false` and junk accept no object and are
/// left out.
fn object_schemas(items: Vec<Value>, warnings: &mut Vec<String>) -> Vec<Map<String, Value>> {
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        let mut map = match item {
            Value::Object(map) => map,
            Value::Bool(true) => Map::new(),
            _ => continue,
        };
        drop_malformed(&mut map, warnings);
        out.push(map);
    }
    out
}

/// Removes and returns the `required` names of `schema` (strings, as `drop_malformed` left
/// them).
fn take_required(schema: &mut Map<String, Value>) -> Vec<String> {
    let mut names = Vec::new();
    if let Some(Value::Array(items)) = schema.remove("required") {
        for item in items {
            if let Value::String(name) = item {
                names.push(name);
            }
        }
    }
    names
}

/// Sets the root `required` to `names`, or leaves it out when there are none.
fn put_required(schema: &mut Map<String, Value>, names: Vec<String>) {
    if !names.is_empty() {
        let mut list = Vec::with_capacity(names.len());
        for name in names {
            list.push(Value::String(name));
        }
        schema.insert("required".to_owned(), Value::Array(list));
    }
}

/// Moves the `properties` of every schema of `parts` into one map: a property that the parts
/// define differently becomes `{combine: [each distinct definition]}`.
fn unite_properties(parts: &mut [Map<String, Value>], combine: &str) -> Map<String, Value> {
    let mut united = Map::new();
    for part in parts {
        let Some(Value::Object(properties)) = part.remove("properties") else {
            continue;
        };
        for (name, sub) in properties {
            match united.get_mut(&name) {
                Some(Value::Array(seen)) => {
                    if !seen.contains(&sub) {
                        seen.push(sub);
                    }
                }
                _ => {
                    united.insert(name, Value::Array(vec![sub]));
                }
            }
        }
    }
    for sub in united.values_mut() {
        if let Value::Array(seen) = sub {
            *sub = if seen.len() == 1 {
                seen.pop().unwrap_or_default()
            } else {
                let mut wrapper = Map::new();
                wrapper.insert(combine.to_owned(), Value::Array(std::mem::take(seen)));
                Value::Object(wrapper)
            };
        }
    }
    united
}

/// Merges the parts of a root `allOf` (and of `allOf`s nested in them) into `schema`: their
/// properties and `required` united, any other keyword taken from the first that has it.
fn merge_all_of(schema: &mut Map<String, Value>, items: Vec<Value>, warnings: &mut Vec<String>) {
    let mut parts = vec![std::mem::take(schema)];
    let mut pending = items;
    let mut next = 0;
    while next < pending.len() {
        let item = std::mem::take(&mut pending[next]);
        next += 1;
        for mut part in object_schemas(vec![item], warnings) {
            if let Some(Value::Array(nested)) = part.remove("allOf") {
                pending.extend(nested);
            }
            parts.push(part);
        }
    }
    let properties = unite_properties(&mut parts, "allOf");
    let mut required = Vec::new();
    for part in &mut parts {
        for name in take_required(part) {
            if !required.contains(&name) {
                required.push(name);
            }
        }
    }
    for part in parts {
        for (key, value) in part {
            match schema.get(&key) {
                None => {
                    schema.insert(key, value);
                }
                Some(held) if *held != value => note(
                    warnings,
                    "the root allOf parts disagreed on a keyword other than properties and required; the first part's value was kept",
                ),
                Some(_) => {}
            }
        }
    }
    schema.insert("properties".to_owned(), Value::Object(properties));
    put_required(schema, required);
}

/// Merges the alternatives of a root `anyOf` (`exclusive: false`) or `oneOf` (`true`) into
/// `schema`: every alternative's properties (the root's own definitions win), required only
/// when every alternative requires them, and the choice told in the description of each
/// property that some alternatives require and others do not: "(give exactly one of: a |
/// b and c)".
fn merge_union(
    schema: &mut Map<String, Value>,
    exclusive: bool,
    items: Vec<Value>,
    warnings: &mut Vec<String>,
) {
    let mut alternatives = object_schemas(items, warnings);
    let mut own = match schema.remove("properties") {
        Some(Value::Object(map)) => map,
        _ => Map::new(),
    };
    for (name, sub) in unite_properties(&mut alternatives, "anyOf") {
        if !own.contains_key(&name) {
            own.insert(name, sub);
        }
    }
    let mut each_required = Vec::with_capacity(alternatives.len());
    for alternative in &mut alternatives {
        each_required.push(take_required(alternative));
    }
    let mut required = take_required(schema);
    if let Some((first, others)) = each_required.split_first() {
        for name in first {
            if others.iter().all(|r| r.contains(name)) && !required.contains(name) {
                required.push(name.clone());
            }
        }
    }

    // the alternatives in words: the names each requires beyond the common ones
    let mut choices = String::new();
    for (i, names) in each_required.iter().enumerate() {
        if i > 0 {
            choices.push_str(" | ");
        }
        let mut first = true;
        for name in names {
            if !required.contains(name) {
                if !first {
                    choices.push_str(" and ");
                }
                choices.push_str(name);
                first = false;
            }
        }
        if first {
            choices.push_str("nothing");
        }
    }
    if each_required.len() <= MAX_DESCRIBED_ALTERNATIVES
        && own.len() <= MAX_DESCRIBED_PROPERTIES
        && choices.len() <= MAX_DESCRIPTION_NOTE
    {
        let how = if exclusive {
            "exactly one"
        } else {
            "at least one"
        };
        let words = format!("(give {how} of: {choices})");
        for (name, sub) in own.iter_mut() {
            if !required.contains(name) && each_required.iter().any(|r| r.contains(name)) {
                append_description(sub, &words);
            }
        }
    }
    schema.insert("properties".to_owned(), Value::Object(own));
    put_required(schema, required);
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
        map.insert("description".to_owned(), Value::String(text));
    }
}
