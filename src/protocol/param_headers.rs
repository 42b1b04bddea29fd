//! `x-mcp-header`: tool arguments mirrored into `Mcp-Param-{Name}` request headers (MCP
//! 2026-07-28, `basic/transports/streamable-http.mdx` "Custom Headers from Tool Parameters";
//! <https://modelcontextprotocol.io/specification/2026-07-28>). HTTP clients MUST support it,
//! and MUST leave out of the tool list any tool whose annotations are invalid.

use super::headers::{encode_value, PARAM_PREFIX};
use serde_json::Value;

/// The annotation keyword.
pub const KEYWORD: &str = "x-mcp-header";

/// One mirrored parameter: header `Mcp-Param-{name}` carries the argument at `path`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParamHeader {
    /// The annotation value (the header name suffix), as declared.
    pub name: String,
    /// Property names from the root of `arguments` to the annotated property.
    pub path: Vec<String>,
}

/// RFC 9110 `tchar`.
fn is_tchar(c: char) -> bool {
    c.is_ascii_alphanumeric() || (c.is_ascii() && b"!#$%&'*+-.^_`|~".contains(&(c as u8)))
}

/// Reads the `x-mcp-header` annotations of a tool's `inputSchema`.
///
/// Valid annotations sit on properties reachable from the root through `properties` keys
/// only, typed `string`, `integer` or `boolean`; their value is a non-empty RFC 9110 token
/// (no space, colon, control or non-ASCII character), unique case-insensitively within the
/// tool. Returns the headers.
///
/// # Errors
///
/// Why the tool must be left out (the first invalid annotation), as a message.
pub fn tool_param_headers(input_schema: &Value) -> Result<Vec<ParamHeader>, String> {
    // the usual schema has no annotation at all: one read-only look, no path built
    if count_annotations(input_schema, 1) == 0 {
        return Ok(Vec::new());
    }
    let mut found = Vec::new();
    collect(input_schema, &mut Vec::new(), &mut found, 0)?;
    let reachable = found.len();
    if count_annotations(input_schema, usize::MAX) != reachable {
        return Err(format!(
            "an {KEYWORD} annotation is not reachable through properties alone"
        ));
    }
    // the names seen, in a JSON map used as an ordered set (docs/wasm-size.md)
    let mut seen = serde_json::Map::new();
    for header in &found {
        if seen
            .insert(header.name.to_ascii_lowercase(), Value::Null)
            .is_some()
        {
            return Err(format!(
                "{KEYWORD} {} is declared twice",
                crate::quoted(&header.name)
            ));
        }
    }
    Ok(found)
}

const MAX_DEPTH: usize = 32;

fn collect(
    schema: &Value,
    path: &mut Vec<String>,
    found: &mut Vec<ParamHeader>,
    depth: usize,
) -> Result<(), String> {
    let Some(props) = schema.get("properties").and_then(Value::as_object) else {
        return Ok(());
    };
    if depth > MAX_DEPTH {
        return Ok(());
    }
    for (name, prop) in props {
        path.push(name.clone());
        if let Some(annotation) = prop.get(KEYWORD) {
            let header = annotation
                .as_str()
                .ok_or_else(|| format!("{KEYWORD} on {} is not a string", crate::quoted(name)))?;
            if header.is_empty() || !header.chars().all(is_tchar) {
                return Err(format!(
                    "{KEYWORD} {} on {} is not a valid header name",
                    crate::quoted(header),
                    crate::quoted(name)
                ));
            }
            match prop.get("type").and_then(Value::as_str) {
                Some("string" | "integer" | "boolean") => {}
                _ => {
                    return Err(format!(
                        "{KEYWORD} on {} is allowed only on string, integer or boolean properties",
                        crate::quoted(name)
                    ))
                }
            }
            found.push(ParamHeader {
                name: header.to_string(),
                path: path.clone(),
            });
        }
        collect(prop, path, found, depth + 1)?;
        path.pop();
    }
    Ok(())
}

/// How many objects within [`MAX_DEPTH`] levels of `schema` hold an `x-mcp-header`
/// ([`KEYWORD`]) key, counted up to `enough` (`1` asks whether there is any). It runs on
/// every listed tool's schema, nearly always to find none: the walk is the JSON crate's,
/// compiled for speed.
fn count_annotations(schema: &Value, enough: usize) -> usize {
    mcp_wasm_adapter_json::count_key(schema, KEYWORD, MAX_DEPTH, enough)
}

/// The `Mcp-Param-*` headers of a call with `arguments`: strings as they are, integers in
/// decimal (within ±(2^53−1)), booleans as `true`/`false`, each Base64-wrapped when unsafe
/// (see [`encode_value`]). An absent or `null` argument sends no header; an empty string
/// sends an empty value.
pub fn header_values(headers: &[ParamHeader], arguments: &Value) -> Vec<(String, String)> {
    const SAFE: f64 = 9_007_199_254_740_991.0;
    headers
        .iter()
        .filter_map(|h| {
            let value = h.path.iter().try_fold(arguments, |v, key| v.get(key))?;
            let text = match value {
                Value::String(s) => s.clone(),
                Value::Bool(_) => crate::json_text(value),
                // in decimal digits even when the JSON had a fraction or exponent
                // (`3.0`, `-0.0`, `1e2`): within ±(2^53−1) an `i64` holds the value exactly
                Value::Number(n) => match n.as_f64() {
                    Some(f) if f.fract() == 0.0 && f.abs() <= SAFE => {
                        crate::json_text(&Value::from(f as i64))
                    }
                    _ => return None,
                },
                _ => return None,
            };
            Some((format!("{PARAM_PREFIX}{}", h.name), encode_value(&text)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn tool(props: Value) -> Value {
        json!({"type": "object", "properties": props})
    }

    #[test]
    fn reads_valid_annotations_including_nested_ones() {
        let schema = tool(json!({
            "region": {"type": "string", "x-mcp-header": "Region"},
            "opts": {"type": "object", "properties": {"dry": {"type": "boolean", "x-mcp-header": "Dry-Run"}}},
            "plain": {"type": "string"}
        }));
        let headers = tool_param_headers(&schema).unwrap();
        assert_eq!(
            headers,
            vec![
                ParamHeader {
                    name: "Dry-Run".into(),
                    path: vec!["opts".into(), "dry".into()]
                },
                ParamHeader {
                    name: "Region".into(),
                    path: vec!["region".into()]
                },
            ]
        );
        let args = json!({"region": "us-west1", "opts": {"dry": true}, "plain": "x"});
        assert_eq!(
            header_values(&headers, &args),
            vec![
                ("Mcp-Param-Dry-Run".into(), "true".into()),
                ("Mcp-Param-Region".into(), "us-west1".into())
            ]
        );
    }

    #[test]
    fn rejects_each_invalid_form() {
        for props in [
            json!({"a": {"type": "string", "x-mcp-header": ""}}),
            json!({"a": {"type": "object", "x-mcp-header": "A"}}),
            json!({"a": {"type": "array", "x-mcp-header": "A"}}),
            json!({"a": {"type": "null", "x-mcp-header": "A"}}),
            json!({"a": {"type": "number", "x-mcp-header": "A"}}),
            json!({"a": {"type": "string", "x-mcp-header": "A"}, "b": {"type": "string", "x-mcp-header": "a"}}),
            json!({"a": {"type": "string", "x-mcp-header": "Has Space"}}),
            json!({"a": {"type": "string", "x-mcp-header": "Co:lon"}}),
            json!({"a": {"type": "string", "x-mcp-header": "Grüße"}}),
            json!({"a": {"type": "string", "x-mcp-header": "Tab\there"}}),
            json!({"a": {"type": "array", "items": {"type": "string", "x-mcp-header": "Item"}}}),
        ] {
            assert!(tool_param_headers(&tool(props.clone())).is_err(), "{props}");
        }
    }

    #[test]
    fn the_keyword_is_found_at_any_depth_within_the_bound_and_only_as_a_key() {
        for schema in [
            json!({"x-mcp-header": "A"}),
            tool(json!({"a": {"type": "string", "x-mcp-header": "A"}})),
            tool(json!({"a": {"anyOf": [{"type": "null"}, {"items": [{"x-mcp-header": 1}]}]}})),
            json!([[{"x": [{"x-mcp-header": null}]}]]),
            tool(json!({"a": {"default": {"x-mcp-header": "data too"}}})),
        ] {
            assert_eq!(count_annotations(&schema, 1), 1, "{schema}");
        }
        for schema in [
            json!({}),
            json!("x-mcp-header"),
            tool(
                json!({"a": {"type": "string", "description": "x-mcp-header", "enum": ["x-mcp-header"]}}),
            ),
            tool(
                json!({"a": {"type": "array", "items": [{"x-mcp-headers": "A"}, {"X-MCP-Header": "A"}]}}),
            ),
        ] {
            assert_eq!(count_annotations(&schema, 1), 0, "{schema}");
            assert_eq!(tool_param_headers(&schema), Ok(Vec::new()));
        }
        // found anywhere, an annotation off the `properties` path leaves the tool out
        let off_path = tool(json!({"a": {"anyOf": [{"type": "string", "x-mcp-header": "A"}]}}));
        assert!(tool_param_headers(&off_path).is_err());
    }

    #[test]
    fn values_are_encoded_or_omitted() {
        let headers = vec![
            ParamHeader {
                name: "S".into(),
                path: vec!["s".into()],
            },
            ParamHeader {
                name: "N".into(),
                path: vec!["n".into()],
            },
            ParamHeader {
                name: "Z".into(),
                path: vec!["z".into()],
            },
            ParamHeader {
                name: "E".into(),
                path: vec!["e".into()],
            },
            ParamHeader {
                name: "Big".into(),
                path: vec!["big".into()],
            },
        ];
        let args =
            json!({"s": " padded ", "n": -42, "z": null, "e": "", "big": 9007199254740993u64});
        assert_eq!(
            header_values(&headers, &args),
            vec![
                ("Mcp-Param-S".into(), "=?base64?IHBhZGRlZCA=?=".into()),
                ("Mcp-Param-N".into(), "-42".into()),
                ("Mcp-Param-E".into(), "".into())
            ]
        );
    }
}
