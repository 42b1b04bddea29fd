//! Form elicitation answers checked against the server's `requestedSchema` before anything is
//! sent (MCP 2026-07-28 `client/elicitation.mdx` "Requested Schema": a flat object of
//! primitive properties — string (`minLength`, `maxLength`, `format`), number / integer
//! (`minimum`, `maximum`), boolean, single-select enums (`enum`, or `oneOf` of `{const}`),
//! multi-select arrays (`items.enum` / `items.anyOf` of `{const}`, `minItems`, `maxItems`)).
//! Clients SHOULD validate; this one does, so that a person's typo comes back as a typed
//! error the host can show, instead of a server round trip.
//!
//! Specification: <https://modelcontextprotocol.io/specification/2026-07-28/client/elicitation>.

use serde_json::{Map, Value};

/// The `default`s of a requested schema's properties (`{field: default}`), offered to the
/// host in the interrupt so forms can be prefilled.
pub fn defaults(requested_schema: &Value) -> Map<String, Value> {
    // inserted one by one, not collected (see ARCHITECTURE.md, Wasm size)
    let mut out = Map::new();
    let Some(properties) = properties(requested_schema) else {
        return out;
    };
    for (k, s) in properties {
        if let Some(d) = s.get("default") {
            out.insert(k.clone(), d.clone());
        }
    }
    out
}

fn properties(schema: &Value) -> Option<&Map<String, Value>> {
    schema.get("properties").and_then(Value::as_object)
}

/// Checks `content` (the `content` of an `accept`) against `requested_schema`.
/// Returns the list of problems, one sentence each (empty when valid). Fields the schema
/// does not name are problems too: the person cannot have been asked for them.
pub fn check_content(requested_schema: &Value, content: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    let Some(content) = content.as_object() else {
        return vec!["content must be an object".into()];
    };
    let empty = Map::new();
    let props = properties(requested_schema).unwrap_or(&empty);
    if let Some(required) = requested_schema.get("required").and_then(Value::as_array) {
        for name in required.iter().filter_map(Value::as_str) {
            if !content.contains_key(name) {
                push(&mut problems, &[name, " is required"]);
            }
        }
    }
    for (name, value) in content {
        match props.get(name) {
            None => push(&mut problems, &[name, " is not a field of this form"]),
            Some(schema) => check_value(name, schema, value, &mut problems),
        }
    }
    problems
}

/// Adds the problem made of `parts`, concatenated by hand rather than by a `format!` at
/// each of the many places (see ARCHITECTURE.md, Wasm size).
fn push(problems: &mut Vec<String>, parts: &[&str]) {
    let mut problem = String::new();
    for part in parts {
        problem.push_str(part);
    }
    problems.push(problem);
}

/// Whether `value` is one of the options `schema` offers: its `enum` array, else the
/// `const`s of its `alternatives` array (`oneOf` or `anyOf`); `None` when it offers neither.
fn offered(schema: Option<&Value>, alternatives: &str, value: &Value) -> Option<bool> {
    let schema = schema?;
    if let Some(options) = schema.get("enum").and_then(Value::as_array) {
        return Some(options.contains(value));
    }
    let options = schema.get(alternatives).and_then(Value::as_array)?;
    Some(options.iter().any(|o| o.get("const") == Some(value)))
}

/// A bound of the schema as the server wrote it (its JSON text, so `5` stays `5`).
fn bound(schema: &Value, key: &str) -> String {
    schema.get(key).map(crate::json_text).unwrap_or_default()
}

fn check_value(name: &str, schema: &Value, value: &Value, problems: &mut Vec<String>) {
    let kind = schema.get("type").and_then(Value::as_str).unwrap_or("");
    let num = |key: &str| schema.get(key).and_then(Value::as_f64);
    match kind {
        "string" => {
            let Some(text) = value.as_str() else {
                return push(problems, &[name, " must be a string"]);
            };
            let len = text.chars().count() as f64;
            if num("minLength").is_some_and(|m| len < m) {
                push(
                    problems,
                    &[name, " is shorter than ", &bound(schema, "minLength")],
                );
            }
            if num("maxLength").is_some_and(|m| len > m) {
                push(
                    problems,
                    &[name, " is longer than ", &bound(schema, "maxLength")],
                );
            }
            if offered(Some(schema), "oneOf", value) == Some(false) {
                push(problems, &[name, " must be one of the offered options"]);
            }
        }
        "number" | "integer" => {
            let Some(n) = value.as_f64() else {
                return push(problems, &[name, " must be a number"]);
            };
            if kind == "integer" && n.fract() != 0.0 {
                push(problems, &[name, " must be an integer"]);
            }
            if num("minimum").is_some_and(|m| n < m) {
                push(
                    problems,
                    &[name, " is below the minimum ", &bound(schema, "minimum")],
                );
            }
            if num("maximum").is_some_and(|m| n > m) {
                push(
                    problems,
                    &[name, " is above the maximum ", &bound(schema, "maximum")],
                );
            }
        }
        "boolean" => {
            if !value.is_boolean() {
                push(problems, &[name, " must be true or false"]);
            }
        }
        "array" => {
            let Some(items) = value.as_array() else {
                return push(problems, &[name, " must be a list"]);
            };
            let item_schema = schema.get("items");
            if items
                .iter()
                .any(|i| !i.is_string() || offered(item_schema, "anyOf", i) == Some(false))
            {
                push(problems, &[name, " must list only offered options"]);
            }
            let count = items.len() as f64;
            if num("minItems").is_some_and(|m| count < m) {
                let at_least = bound(schema, "minItems");
                push(problems, &[name, " needs at least ", &at_least, " choices"]);
            }
            if num("maxItems").is_some_and(|m| count > m) {
                let at_most = bound(schema, "maxItems");
                push(problems, &[name, " allows at most ", &at_most, " choices"]);
            }
        }
        _ => {
            if !(value.is_string() || value.is_number() || value.is_boolean()) {
                push(problems, &[name, " must be a string, number or boolean"]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Value {
        json!({"type": "object", "required": ["name", "age"], "properties": {
            "name": {"type": "string", "minLength": 2, "maxLength": 5},
            "age": {"type": "integer", "minimum": 0, "maximum": 150, "default": 30},
            "ok": {"type": "boolean", "default": false},
            "color": {"type": "string", "enum": ["red", "blue"]},
            "size": {"type": "string", "oneOf": [{"const": "s", "title": "Small"}, {"const": "l", "title": "Large"}]},
            "tags": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}, "maxItems": 1}
        }})
    }

    #[test]
    fn valid_content_passes_and_defaults_are_listed() {
        assert!(check_content(&schema(), &json!({"name": "Ada", "age": 36, "ok": true, "color": "red", "size": "l", "tags": ["a"]})).is_empty());
        assert_eq!(
            defaults(&schema()),
            json!({"age": 30, "ok": false}).as_object().unwrap().clone()
        );
    }

    #[test]
    fn each_rule_is_reported() {
        let problems = check_content(
            &schema(),
            &json!({"name": "A", "age": 3.5, "ok": "yes", "color": "green", "size": "m", "tags": ["a", "c"], "extra": 1}),
        );
        assert_eq!(
            problems,
            vec![
                "age must be an integer",
                "color must be one of the offered options",
                "extra is not a field of this form",
                "name is shorter than 2",
                "ok must be true or false",
                "size must be one of the offered options",
                "tags must list only offered options",
                "tags allows at most 1 choices",
            ]
        );
        assert_eq!(
            check_content(&schema(), &json!({"age": 200})),
            vec!["name is required", "age is above the maximum 150"]
        );
        assert_eq!(
            check_content(&schema(), &json!([1])),
            vec!["content must be an object"]
        );
    }
}
