//! One MCP `Tool` described for the host: the fields a LangChain.js `tool()` takes plus the
//! MCP metadata a human-in-the-loop policy reads, in the shape Python `langchain.mcp` gives
//! it (`metadata.mcp.tool.annotations`, …). Source: MCP 2026-07-28 `server/tools.mdx`,
//! "Tool"; `schema.ts` `Tool`, `ToolAnnotations`.
//!
//! Specification: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>.

use crate::schema::{
    prepare_tool_schema, prepare_tool_schema_in_full, readiness, PreparedSchema, Readiness,
    SchemaLimits,
};
use serde::Serialize;
use serde_json::{Map, Value};

/// A tool as the host gets it: `MCPTool` in `pkg-template/index.d.ts`, less the `invoke`
/// method the JS layer adds.
///
/// The host gets the text [`write_description`] writes, which is that of
/// [`ToolDescription::into_json`] (less a `schema` equal to `inputSchema`, sent as `null`);
/// `Serialize` gives the same JSON (the contract test compares its field names with the
/// declarations).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ToolDescription {
    /// The tool's `name`, the one to call it by.
    pub name: String,
    /// The tool's `title`, else `annotations.title`, else `null` (the server's value, verbatim).
    pub title: Value,
    /// The tool's `description`, or `""`.
    pub description: String,
    /// The server's `inputSchema`, verbatim (`{"type":"object"}` when it had none).
    #[serde(rename = "inputSchema")]
    pub input_schema: Value,
    /// The input schema made LLM-ready ([`prepare_tool_schema`]): always an object schema
    /// with `"type": "object"` and an object `properties`; what had to be relaxed for that is
    /// in [`McpToolMetadata::schema_warnings`].
    pub schema: Value,
    /// The server's `outputSchema`, verbatim, or `null`.
    #[serde(rename = "outputSchema")]
    pub output_schema: Value,
    /// What policies read: `{"mcp": {…}}`.
    pub metadata: ToolMetadata,
}

/// The `metadata` of a [`ToolDescription`] (`MCPToolMetadata`): `{"mcp": {…}}`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ToolMetadata {
    /// The MCP facts about the tool and its server.
    pub mcp: McpToolMetadata,
}

/// `metadata.mcp` of a [`ToolDescription`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct McpToolMetadata {
    /// The tool's own MCP fields.
    pub tool: McpToolFields,
    /// The server's `Implementation` name and version.
    pub server: ServerIdentity,
    /// What `schema` relaxed of the input schema, one sentence per kind (a root union merged,
    /// a malformed `required` dropped, a schema too deep to prepare); no `schema_warnings` key
    /// when nothing was relaxed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub schema_warnings: Vec<String>,
}

/// `metadata.mcp.tool`: the tool's MCP fields, each the server's value verbatim or `null`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct McpToolFields {
    /// `ToolAnnotations` (`readOnlyHint`, `destructiveHint`, …): hints, untrusted.
    pub annotations: Value,
    /// The tool's `_meta`.
    #[serde(rename = "_meta")]
    pub meta: Value,
    /// The tool's own `title` (not `annotations.title`).
    pub title: Value,
    /// The tool's `icons`.
    pub icons: Value,
}

/// `metadata.mcp.server`: `name` and `version` of the server's `Implementation`, each the
/// server's value verbatim or `null`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ServerIdentity {
    /// `serverInfo.name`.
    pub name: Value,
    /// `serverInfo.version`.
    pub version: Value,
}

impl ServerIdentity {
    /// `name` and `version` of `server_info` (an `Implementation`, or `null` when unknown).
    #[must_use]
    pub fn of(server_info: &Value) -> ServerIdentity {
        let field = |key: &str| server_info.get(key).cloned().unwrap_or(Value::Null);
        ServerIdentity {
            name: field("name"),
            version: field("version"),
        }
    }

    fn into_json(self) -> Value {
        obj! {"name": self.name, "version": self.version}
    }
}

impl ToolDescription {
    /// Describes `tool` (an MCP `Tool` object) served by a server whose `Implementation` is
    /// `server_info`.
    ///
    /// Takes the tool by value (its schemas are moved, not copied). Returns `None` for an
    /// entry that is not an object with a string `name` (it cannot be called). A missing
    /// `inputSchema` is read as `{"type":"object"}`. What `schema` relaxed (see
    /// [`prepare_tool_schema`]; a schema too deep or too large to prepare keeps its content
    /// with only its root fixed) is in `metadata.mcp.schema_warnings`.
    #[must_use]
    pub fn of(tool: Value, server_info: &Value) -> Option<ToolDescription> {
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
        let (annotations, meta, own_title, icons, output_schema) = (
            take("annotations"),
            take("_meta"),
            take("title"),
            take("icons"),
            take("outputSchema"),
        );
        let description = match take("description") {
            Value::String(d) => d,
            _ => String::new(),
        };
        let title = if own_title.is_null() {
            annotations.get("title").cloned().unwrap_or(Value::Null)
        } else {
            own_title.clone()
        };
        let PreparedSchema {
            schema,
            warnings: schema_warnings,
        } = prepare_tool_schema(&input_schema);
        let mcp = McpToolMetadata {
            tool: McpToolFields {
                annotations,
                meta,
                title: own_title,
                icons,
            },
            server: ServerIdentity::of(server_info),
            schema_warnings,
        };
        Some(ToolDescription {
            name,
            title,
            description,
            input_schema,
            schema,
            output_schema,
            metadata: ToolMetadata { mcp },
        })
    }

    /// The description as JSON, its values moved rather than copied.
    #[must_use]
    pub fn into_json(self) -> Value {
        let McpToolMetadata {
            tool,
            server,
            schema_warnings,
        } = self.metadata.mcp;
        let mut mcp = Map::new();
        crate::put(
            &mut mcp,
            "tool",
            obj! {"annotations": tool.annotations, "_meta": tool.meta, "title": tool.title, "icons": tool.icons},
        );
        crate::put(&mut mcp, "server", server.into_json());
        if !schema_warnings.is_empty() {
            crate::put(
                &mut mcp,
                "schema_warnings",
                crate::convert::json_array(schema_warnings, Value::String),
            );
        }
        obj! {
            "name": self.name,
            "title": self.title,
            "description": self.description,
            "inputSchema": self.input_schema,
            "schema": self.schema,
            "outputSchema": self.output_schema,
            "metadata": obj! {"mcp": mcp},
        }
    }
}

/// [`ToolDescription::of`] as JSON ([`ToolDescription::into_json`]): what `listTools()`
/// hands to the host for each tool (the bindings write it with [`write_description`]).
#[must_use]
pub fn describe_tool(tool: Value, server_info: &Value) -> Option<Value> {
    ToolDescription::of(tool, server_info).map(ToolDescription::into_json)
}

/// Writes the JSON text of [`describe_tool`]'s description of `tool` to `out`, straight
/// from the tool (nothing moved or copied into a new value), the same bytes as
/// `crate::json_text` of that description except that a `schema` equal to `inputSchema` is
/// written as `null` (`listTools()` in `pkg-template/adapter.js` sets it from `inputSchema`).
/// Returns `false`, having written nothing, for an entry `describe_tool` leaves out.
///
/// The keys are written in the order `serde_json::Map` keeps them (sorted), as
/// `describe_tool`'s value is written.
pub fn write_description(out: &mut Vec<u8>, tool: &Value, server_info: &Value) -> bool {
    let Some(map) = tool.as_object() else {
        return false;
    };
    let name = match map.get("name") {
        Some(name @ Value::String(_)) => name,
        _ => return false,
    };
    let bare;
    let input_schema = match map.get("inputSchema") {
        Some(schema @ Value::Object(_)) => schema,
        _ => {
            bare = obj! {"type": "object"};
            &bare
        }
    };
    let (null, empty) = (Value::Null, Value::String(String::new()));
    let field = |key: &str| map.get(key).unwrap_or(&null);
    let (annotations, own_title) = (field("annotations"), field("title"));
    let title = match own_title {
        Value::Null => annotations.get("title").unwrap_or(&null),
        own => own,
    };
    let description = match map.get("description") {
        Some(d @ Value::String(_)) => d,
        _ => &empty,
    };
    // the usual schema needs no change, or only its root `$schema` left out: nothing
    // rewritten, copied or compared
    let readiness = readiness(input_schema, &SchemaLimits::default());
    let (schema, warnings) = if readiness == Readiness::Rewrite {
        let PreparedSchema { schema, warnings } = prepare_tool_schema_in_full(input_schema);
        let same = schema == *input_schema;
        (if same { Value::Null } else { schema }, warnings)
    } else {
        (Value::Null, Vec::new())
    };
    let server = |key: &str| server_info.get(key).unwrap_or(&null);
    member(out, b"{\"description\":", description);
    member(out, b",\"inputSchema\":", input_schema);
    out.extend_from_slice(b",\"metadata\":{\"mcp\":{");
    if !warnings.is_empty() {
        let warnings = crate::convert::json_array(warnings, Value::String);
        member(out, b"\"schema_warnings\":", &warnings);
        out.push(b',');
    }
    member(out, b"\"server\":{\"name\":", server("name"));
    member(out, b",\"version\":", server("version"));
    member(out, b"},\"tool\":{\"_meta\":", field("_meta"));
    member(out, b",\"annotations\":", annotations);
    member(out, b",\"icons\":", field("icons"));
    member(out, b",\"title\":", own_title);
    member(out, b"}}},\"name\":", name);
    member(out, b",\"outputSchema\":", field("outputSchema"));
    match (readiness, input_schema) {
        (Readiness::ReadyLessDialect, Value::Object(root)) => write_less_dialect(out, root),
        _ => member(out, b",\"schema\":", &schema),
    }
    member(out, b",\"title\":", title);
    out.push(b'}');
    true
}

/// Writes the `schema` member as the input schema `root` less its `$schema`, the same bytes
/// as `member` writes of a copy without it (a map's keys are written as strings).
fn write_less_dialect(out: &mut Vec<u8>, root: &Map<String, Value>) {
    out.extend_from_slice(b",\"schema\":{");
    let mut first = true;
    for (key, value) in root {
        if key != "$schema" {
            mcp_wasm_adapter_json::write_member(out, &mut first, key, value);
        }
    }
    out.push(b'}');
}

/// Writes `before` (the JSON text up to a value), then `value`, through the crate's one JSON
/// writer ([`mcp_wasm_adapter_json::write`], as `crate::json_text`).
fn member(out: &mut Vec<u8>, before: &[u8], value: &Value) {
    out.extend_from_slice(before);
    mcp_wasm_adapter_json::write(value, out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// [`write_description`] gives the text of [`describe_tool`]'s value, `schema` as `null`
    /// when it equals `inputSchema`, and writes nothing where `describe_tool` gives nothing.
    fn assert_written_as_described(tool: &Value, server_info: &Value) {
        let mut out = Vec::new();
        let written = write_description(&mut out, tool, server_info);
        let Some(mut described) = describe_tool(tool.clone(), server_info) else {
            assert!(!written && out.is_empty(), "{tool}");
            return;
        };
        if described["schema"] == described["inputSchema"] {
            described["schema"] = Value::Null;
        }
        assert!(written);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            crate::json_text(&described)
        );
    }

    #[test]
    fn the_written_description_is_the_described_one() {
        let server = json!({"name": "srv", "version": "2.0", "x": 1});
        let mut deep = json!({"type": "string"});
        for _ in 0..70 {
            deep = json!({"type": "object", "properties": {"a": deep}});
        }
        for tool in [
            json!({"name": "plain", "description": "d", "inputSchema": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}}),
            // as the TypeScript SDK lists a zod schema: ready but for the root `$schema`
            json!({"name": "stamped", "inputSchema": {"type": "object", "$schema": "https://json-schema.org/draft/2020-12/schema",
                "properties": {"text": {"type": "string", "description": "a \"quoted\"\nline"}}, "required": ["text"], "~odd key\u{1}": 1}}),
            json!({"name": "stamped_only", "inputSchema": {"$schema": "x", "type": "object", "properties": {}}}),
            json!({"name": "delete_item", "description": "Deletes \"it\"\n",
                "inputSchema": {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
                    "properties": {"item": {"$ref": "#/$defs/Item"}}, "$defs": {"Item": {"type": "string"}}},
                "outputSchema": {"type": "object"}, "title": "Own",
                "annotations": {"destructiveHint": true, "title": "Delete"},
                "_meta": {"x": 1}, "icons": [{"src": "https://i.example/a.png"}], "other": 1}),
            json!({"name": "titled", "annotations": {"title": "From annotations"}, "description": 5}),
            json!({"name": "union", "inputSchema": {"anyOf": [{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}, {"type": "object", "properties": {"b": {"type": "string"}}, "required": ["b"]}]}}),
            json!({"name": "deep", "inputSchema": deep}),
            json!({"name": "bad_schema", "inputSchema": [1], "title": null}),
            json!({"name": 1}),
            json!({"description": "no name"}),
            json!("x"),
        ] {
            assert_written_as_described(&tool, &server);
            assert_written_as_described(&tool, &Value::Null);
        }
    }

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
        assert_eq!(
            d["schema"],
            json!({"type": "object", "properties": {"item": {"type": "string"}}})
        );
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
        assert_eq!(
            d["metadata"]["mcp"]["server"],
            json!({"name": null, "version": null})
        );
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
        assert_eq!(
            d["metadata"]["mcp"]["schema_warnings"],
            json!(["inputSchema kept as it is below the root: input schema is nested deeper than 64 levels"])
        );
        // the root is fixed even then
        let mut deep_union = json!({"anyOf": [{"type": "object", "properties": {"a": deep}}]});
        deep_union["$schema"] = json!("http://json-schema.org/draft-07/schema#");
        let d = describe_tool(
            json!({"name": "deep", "inputSchema": deep_union}),
            &Value::Null,
        )
        .unwrap();
        assert_eq!(d["schema"]["type"], "object");
        assert_eq!(d["schema"]["properties"]["a"], deep);
        assert!(d["schema"].get("anyOf").is_none());
        assert_eq!(
            d["metadata"]["mcp"]["schema_warnings"]
                .as_array()
                .map(Vec::len),
            Some(2)
        );
    }

    #[test]
    fn relaxed_root_shapes_are_listed_and_input_schema_stays_verbatim() {
        let input = json!({"anyOf": [
            {"type": "object", "properties": {"content": {"type": "string"}}, "required": ["content"]},
            {"type": "object", "properties": {"source_url": {"type": "string"}}, "required": ["source_url"]}
        ]});
        let d = describe_tool(
            json!({"name": "save", "inputSchema": input.clone()}),
            &Value::Null,
        )
        .unwrap();
        assert_eq!(d["inputSchema"], input);
        assert_eq!(d["schema"]["type"], "object");
        assert_eq!(
            d["metadata"]["mcp"]["schema_warnings"],
            json!(["the root anyOf was merged into one object that requires only what every alternative requires"])
        );
        // nothing relaxed: no key at all
        let d = describe_tool(
            json!({"name": "x", "inputSchema": {"type": "object", "properties": {"a": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}}),
            &Value::Null,
        )
        .unwrap();
        assert!(d["metadata"]["mcp"].get("schema_warnings").is_none());
    }
}
