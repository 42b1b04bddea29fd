//! One MCP `Tool` described for the host: the fields a LangChain.js `tool()` takes plus the
//! MCP metadata a human-in-the-loop policy reads (shape of the Python `langchain.mcp`
//! contract: `metadata.mcp.tool.annotations`; `shared/reference/peers.md` §3a, takeaways).

use crate::schema::prepare_input_schema;
use serde_json::{Map, Value};

/// Describes `tool` (an MCP `Tool` object, MCP 2026-07-28 `schema.ts` `Tool`; digest §4.2)
/// served by a server whose `Implementation` is `server_info`:
///
/// ```json
/// { "name": "get_weather", "title": "Weather" | null, "description": "…" (or ""),
///   "inputSchema": { …verbatim… },
///   "schema": { …LLM-ready: local refs inlined, properties:{} on bare objects… },
///   "outputSchema": { …verbatim… } | null,
///   "metadata": { "mcp": {
///       "tool": { "annotations": {…}|null, "_meta": {…}|null, "title": …|null, "icons": […]|null },
///       "server": { "name": …|null, "version": …|null } } } }
/// ```
///
/// Takes the tool by value (its schemas are moved, not copied). Returns `None` for an
/// entry that is not an object with a string `name` (it cannot be
/// called). A missing `inputSchema` is read as `{"type":"object"}`. When the schema cannot
/// be prepared (too deep or too large, see [`crate::schema::SchemaLimits`]) `schema` is the
/// verbatim input schema and `metadata.mcp.schema_warning` says why.
pub fn describe_tool(tool: Value, server_info: &Value) -> Option<Value> {
    let Value::Object(mut tool) = tool else {
        return None;
    };
    let name = match tool.remove("name") {
        Some(Value::String(name)) => name,
        _ => return None,
    };
    let input_schema = match tool.remove("inputSchema") {
        Some(s @ Value::Object(_)) => s,
        _ => obj! {"type": "object"},
    };
    let mut take = |key: &str| tool.remove(key).unwrap_or(Value::Null);
    let (annotations, meta, own_title, icons, output_schema) =
        (take("annotations"), take("_meta"), take("title"), take("icons"), take("outputSchema"));
    let description = match take("description") {
        Value::String(d) => d,
        _ => String::new(),
    };
    let title = if own_title.is_null() { annotations.get("title").cloned().unwrap_or(Value::Null) } else { own_title.clone() };
    let mut mcp = Map::new();
    mcp.insert("tool".into(), obj! {"annotations": annotations, "_meta": meta, "title": own_title, "icons": icons});
    mcp.insert(
        "server".into(),
        obj! {
            "name": server_info.get("name").cloned().unwrap_or(Value::Null),
            "version": server_info.get("version").cloned().unwrap_or(Value::Null),
        },
    );
    let schema = match prepare_input_schema(&input_schema) {
        Ok(s) => s,
        Err(e) => {
            mcp.insert("schema_warning".into(), Value::String(format!("inputSchema kept verbatim: {e}")));
            input_schema.clone()
        }
    };
    Some(obj! {
        "name": name,
        "title": title,
        "description": description,
        "inputSchema": input_schema,
        "schema": schema,
        "outputSchema": output_schema,
        "metadata": obj! {"mcp": mcp},
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn describes_a_tool_with_metadata_and_prepared_schema() {
        let tool = json!({
            "name": "delete_item",
            "description": "Deletes",
            "inputSchema": {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
                "properties": {"item": {"$ref": "#/$defs/Item"}}, "$defs": {"Item": {"type": "string"}}},
            "annotations": {"destructiveHint": true, "title": "Delete"},
            "_meta": {"x": 1},
            "icons": [{"src": "https://i.example/a.png"}]
        });
        let d = describe_tool(tool.clone(), &json!({"name": "srv", "version": "2.0"})).unwrap();
        assert_eq!(d["name"], "delete_item");
        assert_eq!(d["title"], "Delete");
        assert_eq!(d["inputSchema"], tool["inputSchema"]);
        assert_eq!(d["schema"], json!({"type": "object", "properties": {"item": {"type": "string"}}}));
        assert_eq!(d["outputSchema"], Value::Null);
        assert_eq!(
            d["metadata"],
            json!({"mcp": {
                "tool": {"annotations": {"destructiveHint": true, "title": "Delete"}, "_meta": {"x": 1}, "title": null, "icons": [{"src": "https://i.example/a.png"}]},
                "server": {"name": "srv", "version": "2.0"}
            }})
        );
    }

    #[test]
    fn bare_and_nameless_tools() {
        let d = describe_tool(json!({"name": "list_regions"}), &Value::Null).unwrap();
        assert_eq!(d["inputSchema"], json!({"type": "object"}));
        assert_eq!(d["schema"], json!({"type": "object", "properties": {}}));
        assert_eq!(d["description"], "");
        assert_eq!(d["metadata"]["mcp"]["server"], json!({"name": null, "version": null}));
        assert!(describe_tool(json!({"description": "no name"}), &Value::Null).is_none());
        assert!(describe_tool(json!("x"), &Value::Null).is_none());
    }

    #[test]
    fn unpreparable_schema_is_kept_with_a_warning() {
        let mut deep = json!({"type": "string"});
        for _ in 0..100 {
            deep = json!({"type": "object", "properties": {"a": deep}});
        }
        let d = describe_tool(json!({"name": "deep", "inputSchema": deep}), &Value::Null).unwrap();
        assert_eq!(d["schema"], d["inputSchema"]);
        assert!(d["metadata"]["mcp"]["schema_warning"].as_str().unwrap().contains("verbatim"));
    }
}
