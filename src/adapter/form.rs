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
    // inserted one by one, not collected (see docs/wasm-size.md)
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
/// each of the many places (see docs/wasm-size.md).
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
            if let Some(format) = schema.get("format").and_then(Value::as_str) {
                if !format_ok(format, text) {
                    push(problems, &[name, " is not a valid ", format]);
                }
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

/// Whether `text` has the string `format` the spec allows in a form (MCP 2026-07-28
/// `client/elicitation.mdx`, `StringSchema`): `email` (a non-empty local part, `@`, a
/// non-empty domain, no spaces), `uri` (RFC 3986: a scheme, `:`, no spaces or controls),
/// `date` (RFC 3339 `full-date`) or `date-time` (RFC 3339 `date-time`). Any other format is
/// not checked.
fn format_ok(format: &str, text: &str) -> bool {
    let bytes = text.as_bytes();
    let spaceless = !bytes.iter().any(|&c| c <= b' ' || c == 0x7f);
    match format {
        // the last `@`, neither first nor last
        "email" => {
            spaceless
                && bytes
                    .iter()
                    .rposition(|&c| c == b'@')
                    .is_some_and(|at| at > 0 && at + 1 < bytes.len())
        }
        "uri" => {
            let scheme = bytes
                .iter()
                .position(|&c| c == b':')
                .map_or(&[][..], |colon| &bytes[..colon]);
            spaceless
                && scheme.first().is_some_and(u8::is_ascii_alphabetic)
                && scheme
                    .iter()
                    .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
        }
        "date" => date_ok(bytes),
        "date-time" => match bytes.split_at_checked(10) {
            Some((date, [b'T' | b't', time @ ..])) => date_ok(date) && time_ok(time),
            _ => false,
        },
        _ => true,
    }
}

/// The value of two ASCII digits, `None` for anything else.
fn two_digits(a: u8, b: u8) -> Option<u32> {
    (a.is_ascii_digit() && b.is_ascii_digit())
        .then(|| u32::from(a - b'0') * 10 + u32::from(b - b'0'))
}

/// RFC 3339 `full-date`: `YYYY-MM-DD`, a day that exists in that month (leap years counted).
fn date_ok(b: &[u8]) -> bool {
    let &[y0, y1, y2, y3, b'-', m0, m1, b'-', d0, d1] = b else {
        return false;
    };
    let (Some(century), Some(year), Some(month), Some(day)) = (
        two_digits(y0, y1),
        two_digits(y2, y3),
        two_digits(m0, m1),
        two_digits(d0, d1),
    ) else {
        return false;
    };
    let leap = if year == 0 {
        century % 4 == 0
    } else {
        year % 4 == 0
    };
    let days = match month {
        2 => 28 + u32::from(leap),
        4 | 6 | 9 | 11 => 30,
        1..=12 => 31,
        _ => 0,
    };
    (1..=days).contains(&day)
}

/// `HH:MM` (hour up to 23, minute up to 59) at the start of `b`; what follows it.
fn hour_minute(b: &[u8]) -> Option<&[u8]> {
    let &[h0, h1, b':', m0, m1, ref rest @ ..] = b else {
        return None;
    };
    (two_digits(h0, h1)? <= 23 && two_digits(m0, m1)? <= 59).then_some(rest)
}

/// RFC 3339 `full-time`: `HH:MM:SS` (second up to 60, a leap second), an optional fraction
/// `.d+`, then `Z` or an offset `+HH:MM` / `-HH:MM`.
fn time_ok(b: &[u8]) -> bool {
    let Some(&[b':', s0, s1, ref rest @ ..]) = hour_minute(b) else {
        return false;
    };
    if two_digits(s0, s1).is_none_or(|s| s > 60) {
        return false;
    }
    let offset = match rest {
        [b'.', fraction @ ..] => {
            let digits = fraction.iter().take_while(|c| c.is_ascii_digit()).count();
            match fraction.split_at_checked(digits) {
                Some((_, offset)) if digits > 0 => offset,
                _ => return false,
            }
        }
        _ => rest,
    };
    match offset {
        [b'Z' | b'z'] => true,
        [b'+' | b'-', zone @ ..] => hour_minute(zone).is_some_and(<[u8]>::is_empty),
        _ => false,
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

    #[test]
    fn string_formats_are_checked() {
        let schema = json!({"type": "object", "properties": {
            "email": {"type": "string", "format": "email"},
            "site": {"type": "string", "format": "uri"},
            "day": {"type": "string", "format": "date"},
            "at": {"type": "string", "format": "date-time"},
            "note": {"type": "string", "format": "something-else"}
        }});
        let good = json!({"email": "ada@example.org", "site": "https://example.org/a?b#c",
            "day": "2024-02-29", "at": "2026-07-28T09:30:00.5+02:00", "note": "any"});
        assert!(check_content(&schema, &good).is_empty());
        assert!(check_content(&schema, &json!({"at": "2026-07-28t23:59:60z"})).is_empty());
        assert_eq!(
            check_content(
                &schema,
                &json!({"email": "ada", "site": "example.org", "day": "2023-02-29", "at": "2026-07-28 09:30"})
            ),
            vec![
                "at is not a valid date-time",
                "day is not a valid date",
                "email is not a valid email",
                "site is not a valid uri",
            ]
        );
        let refused: [(&str, &[&str]); 4] = [
            (
                "day",
                &[
                    "",
                    "2026-13-01",
                    "2026-1-01",
                    "2026-01-32",
                    "２０２６-01-01",
                    "2026-01-01x",
                ],
            ),
            (
                "at",
                &[
                    "2026-07-28",
                    "2026-07-28T09:30:00",
                    "2026-07-28T24:00:00Z",
                    "2026-07-28T09:30:00.Z",
                    "2026-07-28T09:30:00+2:00",
                    "2026-07-28T09:30:00Zé",
                ],
            ),
            ("email", &["@example.org", "ada@", "a da@example.org"]),
            ("site", &["1http://x", "http ://x", "http://x y", ":x"]),
        ];
        for (field, values) in refused {
            for bad in values {
                let answer = json!({ field: bad });
                assert!(!check_content(&schema, &answer).is_empty(), "{answer}");
            }
        }
    }
}
