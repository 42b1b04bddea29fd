//! One MCP `Tool` described for the host: the fields a LangChain.js `tool()` takes plus the
//! MCP metadata a human-in-the-loop policy reads, in the shape Python `langchain.mcp` gives
//! it (`metadata.mcp.tool.annotations`, …). Source: MCP 2026-07-28 `server/tools.mdx`,
//! "Tool"; `schema.ts` `Tool`, `ToolAnnotations`.
//!
//! A listed tool is read once, borrowed, by [`ListedTool::of`], where the rules of each field
//! are (the title's fallback, the defaults, the prepared schema); everything the host gets of
//! a tool comes from that reading: the JSON text `listTools()` sends, the `metadata` the
//! `approval` predicate reads, and the typed [`ToolDescription`].
//!
//! Specification: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>.

use crate::schema::prepare::without_dialect;
use crate::schema::{
    prepare_tool_schema_in_full, readiness, PreparedSchema, Readiness, SchemaLimits,
};
use serde::Serialize;
use serde_json::{Map, Value};
use std::borrow::Cow;

/// A tool as the host gets it: `MCPTool` in `pkg-template/index.d.ts`, less the `invoke`
/// method the JS layer adds. Made by [`ListedTool::description`].
///
/// The host gets the text [`ListedTool::write_description`] writes, which is that of
/// [`ToolDescription::into_json`] less the members `listTools()` puts back (`null`s, a
/// `schema` equal to `inputSchema`, the server's identity); `Serialize` gives the same JSON
/// (the contract test compares its field names with the declarations).
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
    /// The input schema made LLM-ready ([`crate::schema::prepare_tool_schema`]): always an
    /// object schema with `"type": "object"` and an object `properties`; what had to be
    /// relaxed for that is in [`McpToolMetadata::schema_warnings`].
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

impl ToolMetadata {
    /// The metadata as JSON (`{"mcp": {"tool", "server", "schema_warnings"?}}`), its values
    /// moved rather than copied.
    #[must_use]
    pub fn into_json(self) -> Value {
        let McpToolMetadata {
            tool,
            server,
            schema_warnings,
        } = self.mcp;
        let mut mcp = Map::new();
        crate::put(
            &mut mcp,
            "tool",
            obj! {"annotations": tool.annotations, "_meta": tool.meta, "title": tool.title, "icons": tool.icons},
        );
        crate::put(
            &mut mcp,
            "server",
            obj! {"name": server.name, "version": server.version},
        );
        if !schema_warnings.is_empty() {
            crate::put(
                &mut mcp,
                "schema_warnings",
                crate::convert::json_array(schema_warnings, Value::String),
            );
        }
        obj! {"mcp": mcp}
    }
}

impl ToolDescription {
    /// The description as JSON, its values moved rather than copied.
    #[must_use]
    pub fn into_json(self) -> Value {
        obj! {
            "name": self.name,
            "title": self.title,
            "description": self.description,
            "inputSchema": self.input_schema,
            "schema": self.schema,
            "outputSchema": self.output_schema,
            "metadata": self.metadata.into_json(),
        }
    }
}

/// `key` of `object` (a tool, a server's `Implementation`): the server's value verbatim, or
/// `null` when it has none.
fn verbatim<'v>(object: &'v Value, key: &str) -> &'v Value {
    static NULL: Value = Value::Null;
    object.get(key).unwrap_or(&NULL)
}

/// One MCP `Tool` of a `tools/list` result, read for the host without copying it: the one
/// place that says what the host gets of a tool (the rules of [`ToolDescription`]'s fields).
///
/// [`ListedTool::write_description`] writes the host's description as JSON text (what
/// `listTools()` sends), [`ListedTool::metadata`] gives its `metadata` (what the `approval`
/// predicate reads), and [`ListedTool::description`] the whole description as a value.
#[derive(Debug)]
pub struct ListedTool<'a> {
    /// The tool, whose other fields are read [`verbatim`].
    tool: &'a Value,
    /// The server's `Implementation`, or `null`.
    server_info: &'a Value,
    name: &'a str,
    title: &'a Value,
    description: &'a str,
    input_schema: Cow<'a, Value>,
    schema: Prepared,
    schema_warnings: Vec<String>,
}

/// The LLM-ready `schema` of a [`ListedTool`], as far as it differs from `inputSchema`.
#[derive(Debug)]
enum Prepared {
    /// The input schema as it is.
    AsIs,
    /// The input schema less its root `$schema`.
    LessDialect,
    /// The rewritten schema, which differs from the input schema.
    Rewritten(Value),
}

impl<'a> ListedTool<'a> {
    /// Reads `tool` (an MCP `Tool` object) served by a server whose `Implementation` is
    /// `server_info` (`null` when unknown).
    ///
    /// Returns `None` for an entry that is not an object with a string `name` (it cannot be
    /// called). Each field reads as [`ToolDescription`]'s documentation says (a missing
    /// `inputSchema`, or one that is not an object, as `{"type":"object"}`). The input schema
    /// is prepared here, once ([`crate::schema::prepare_tool_schema`]: only looked at when it
    /// is already LLM-ready, rewritten otherwise; a schema too deep or too large to prepare
    /// keeps its content with only its root fixed), and what that relaxed is kept for
    /// `metadata.mcp.schema_warnings`.
    #[must_use]
    pub fn of(tool: &'a Value, server_info: &'a Value) -> Option<ListedTool<'a>> {
        let name = tool.as_object()?.get("name")?.as_str()?;
        let input_schema = match tool.get("inputSchema") {
            Some(schema @ Value::Object(_)) => Cow::Borrowed(schema),
            _ => Cow::Owned(obj! {"type": "object"}),
        };
        let title = match verbatim(tool, "title") {
            Value::Null => verbatim(verbatim(tool, "annotations"), "title"),
            own => own,
        };
        // the usual schema needs no change, or only its root `$schema` left out: nothing
        // rewritten, copied or compared
        let (schema, schema_warnings) = match readiness(&input_schema, &SchemaLimits::default()) {
            Readiness::Ready => (Prepared::AsIs, Vec::new()),
            Readiness::ReadyLessDialect => (Prepared::LessDialect, Vec::new()),
            Readiness::Rewrite => {
                let PreparedSchema { schema, warnings } =
                    prepare_tool_schema_in_full(&input_schema);
                let schema = if schema == *input_schema {
                    Prepared::AsIs
                } else {
                    Prepared::Rewritten(schema)
                };
                (schema, warnings)
            }
        };
        Some(ListedTool {
            tool,
            server_info,
            name,
            title,
            description: verbatim(tool, "description").as_str().unwrap_or_default(),
            input_schema,
            schema,
            schema_warnings,
        })
    }

    /// The tool's `name`, the one to call it by.
    #[must_use]
    pub fn name(&self) -> &'a str {
        self.name
    }

    /// Appends the lean JSON text of the tool's description to `out`, straight from the
    /// listed tool (nothing moved or copied into a new value): the text of
    /// [`ListedTool::description`]'s value less what every host would read back the same way,
    /// which `listTools()` in `pkg-template/adapter.js` puts back:
    /// - a `null` member of the description (`title`, `outputSchema`) or of
    ///   `metadata.mcp.tool` (`_meta`, `annotations`, `icons`, `title`) is left out;
    /// - a `schema` equal to `inputSchema` is left out (the same object is set);
    /// - `metadata.mcp.server`, the same for every tool of a listing, is left out (the
    ///   listing writes it once, [`write_server_identity`]).
    ///
    /// The keys are written in the order `serde_json::Map` keeps them (sorted), as
    /// `crate::json_text` writes the value.
    pub fn write_description(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"description\":");
        mcp_wasm_adapter_json::write_str(self.description, out);
        member(out, b",\"inputSchema\":", &self.input_schema);
        out.extend_from_slice(b",\"metadata\":");
        self.write_metadata(out, false);
        out.extend_from_slice(b",\"name\":");
        mcp_wasm_adapter_json::write_str(self.name, out);
        let output_schema = verbatim(self.tool, "outputSchema");
        if !output_schema.is_null() {
            member(out, b",\"outputSchema\":", output_schema);
        }
        match (&self.schema, &*self.input_schema) {
            (Prepared::LessDialect, Value::Object(root)) => write_less_dialect(out, root),
            (Prepared::Rewritten(schema), _) => member(out, b",\"schema\":", schema),
            _ => {}
        }
        if !self.title.is_null() {
            member(out, b",\"title\":", self.title);
        }
        out.push(b'}');
    }

    /// Appends the JSON text of the tool's `metadata` to `out`: in full (the text of
    /// [`ListedTool::metadata`], which the bindings keep for the `approval` predicate), or
    /// lean as [`ListedTool::write_description`] writes it (no `server`, no `null` member of
    /// `tool`).
    pub fn write_metadata(&self, out: &mut Vec<u8>, full: bool) {
        out.extend_from_slice(b"{\"mcp\":{");
        if !self.schema_warnings.is_empty() {
            out.extend_from_slice(b"\"schema_warnings\":");
            let mut before = b'[';
            for warning in &self.schema_warnings {
                out.push(std::mem::replace(&mut before, b','));
                mcp_wasm_adapter_json::write_str(warning, out);
            }
            out.extend_from_slice(b"],");
        }
        if full {
            out.extend_from_slice(b"\"server\":");
            write_server_identity(self.server_info, out);
            out.push(b',');
        }
        out.extend_from_slice(b"\"tool\":{");
        let mut first = true;
        for key in ["_meta", "annotations", "icons", "title"] {
            let value = verbatim(self.tool, key);
            if full || !value.is_null() {
                mcp_wasm_adapter_json::write_member(out, &mut first, key, value);
            }
        }
        out.extend_from_slice(b"}}}");
    }

    /// The tool's `metadata`, copied out of the listed tool.
    #[must_use]
    pub fn metadata(&self) -> ToolMetadata {
        let (tool, server) = (self.tool, self.server_info);
        let mcp = McpToolMetadata {
            tool: McpToolFields {
                annotations: verbatim(tool, "annotations").clone(),
                meta: verbatim(tool, "_meta").clone(),
                title: verbatim(tool, "title").clone(),
                icons: verbatim(tool, "icons").clone(),
            },
            server: ServerIdentity {
                name: verbatim(server, "name").clone(),
                version: verbatim(server, "version").clone(),
            },
            schema_warnings: self.schema_warnings.clone(),
        };
        ToolMetadata { mcp }
    }

    /// The tool's whole description, copied out of the listed tool, with its `schema` in full.
    #[must_use]
    pub fn description(&self) -> ToolDescription {
        let schema = match &self.schema {
            Prepared::Rewritten(schema) => schema.clone(),
            Prepared::LessDialect => without_dialect(&self.input_schema),
            Prepared::AsIs => self.input_schema.clone().into_owned(),
        };
        ToolDescription {
            name: self.name.to_owned(),
            title: self.title.clone(),
            description: self.description.to_owned(),
            input_schema: self.input_schema.clone().into_owned(),
            schema,
            output_schema: verbatim(self.tool, "outputSchema").clone(),
            metadata: self.metadata(),
        }
    }
}

/// Appends the JSON text of `metadata.mcp.server` for a server whose `Implementation` is
/// `server_info` (`null` when unknown): `{"name", "version"}`, each the server's value
/// verbatim or `null` ([`ServerIdentity`]).
pub fn write_server_identity(server_info: &Value, out: &mut Vec<u8>) {
    member(out, b"{\"name\":", verbatim(server_info, "name"));
    member(out, b",\"version\":", verbatim(server_info, "version"));
    out.push(b'}');
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

    /// Everything made of `tool` listed by `server_info` is `expected` (the description in
    /// full, `None` for an entry left out): the written text (with a `schema` equal to
    /// `inputSchema` as `null`), the metadata value and the typed description.
    fn check(tool: &Value, server_info: &Value, expected: Option<Value>) {
        let listed = ListedTool::of(tool, server_info);
        let Some(expected) = expected else {
            assert!(listed.is_none(), "{tool}");
            return;
        };
        let listed = listed.unwrap();
        assert_eq!(listed.name(), expected["name"]);
        assert_eq!(
            listed.metadata().into_json(),
            expected["metadata"],
            "{tool}"
        );
        assert_eq!(listed.description().into_json(), expected, "{tool}");
        assert_written_as(&listed, expected);
    }

    /// `listed` writes the text of `description` less what `listTools()` in adapter.js puts
    /// back, and the full text of its `metadata`.
    fn assert_written_as(listed: &ListedTool, mut description: Value) {
        let mut metadata = Vec::new();
        listed.write_metadata(&mut metadata, true);
        let metadata_text = crate::json_text(&description["metadata"]);
        assert_eq!(String::from_utf8(metadata).unwrap(), metadata_text);
        // what adapter.js puts back: the server's identity (written once per listing), the
        // nulls, a schema equal to inputSchema
        let server = description["metadata"]["mcp"]
            .as_object_mut()
            .unwrap()
            .remove("server")
            .unwrap();
        let mut identity = Vec::new();
        write_server_identity(listed.server_info, &mut identity);
        assert_eq!(
            String::from_utf8(identity).unwrap(),
            crate::json_text(&server)
        );
        if description["schema"] == description["inputSchema"] {
            description["schema"] = Value::Null;
        }
        let fields = description["metadata"]["mcp"]["tool"]
            .as_object_mut()
            .unwrap();
        fields.retain(|_, value| !value.is_null());
        description
            .as_object_mut()
            .unwrap()
            .retain(|_, value| !value.is_null());
        let mut out = Vec::new();
        listed.write_description(&mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            crate::json_text(&description)
        );
    }

    #[test]
    fn a_listed_tool_is_described_as_the_host_expects() {
        let srv = json!({"name": "srv", "version": "2.0", "x": 1});
        let server = json!({"name": "srv", "version": "2.0"});
        let unknown = json!({"name": null, "version": null});
        let mcp = |tool: Value, server: &Value| json!({"mcp": {"tool": tool, "server": server}});
        let no_fields = json!({"annotations": null, "_meta": null, "title": null, "icons": null});
        let props = json!({"id": {"type": "string", "description": "a \"quoted\"\nline"}});
        // an LLM-ready schema is sent as it is
        check(
            &json!({"name": "plain", "description": "d", "annotations": {"readOnlyHint": true},
                    "inputSchema": {"type": "object", "properties": props, "required": ["id"]}}),
            &srv,
            Some(json!({"name": "plain", "title": null, "description": "d",
                    "inputSchema": {"type": "object", "properties": props, "required": ["id"]},
                    "schema": {"type": "object", "properties": props, "required": ["id"]},
                    "outputSchema": null,
                    "metadata": mcp(json!({"annotations": {"readOnlyHint": true}, "_meta": null, "title": null, "icons": null}), &server)})),
        );
        // as the TypeScript SDK lists a zod schema: ready but for the root `$schema`
        check(
            &json!({"name": "stamped", "inputSchema": {"$schema": "https://json-schema.org/draft/2020-12/schema",
                    "type": "object", "properties": props, "~odd\u{1}": 1}}),
            &Value::Null,
            Some(json!({"name": "stamped", "title": null, "description": "",
                    "inputSchema": {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": props, "~odd\u{1}": 1},
                    "schema": {"type": "object", "properties": props, "~odd\u{1}": 1},
                    "outputSchema": null, "metadata": mcp(no_fields.clone(), &unknown)})),
        );
        // every field given: the own title wins over `annotations.title`; unknown fields dropped
        check(
            &json!({"name": "delete_item", "title": "Own", "description": "Deletes",
                    "inputSchema": {"type": "object", "properties": {"item": {"$ref": "#/$defs/Item"}}, "$defs": {"Item": {"type": "string"}}},
                    "outputSchema": {"type": "object"}, "annotations": {"destructiveHint": true, "title": "Delete"},
                    "_meta": {"x": 1}, "icons": [{"src": "https://i.example/a.png"}], "other": 1}),
            &srv,
            Some(
                json!({"name": "delete_item", "title": "Own", "description": "Deletes",
                    "inputSchema": {"type": "object", "properties": {"item": {"$ref": "#/$defs/Item"}}, "$defs": {"Item": {"type": "string"}}},
                    "schema": {"type": "object", "properties": {"item": {"type": "string"}}},
                    "outputSchema": {"type": "object"},
                    "metadata": mcp(json!({"annotations": {"destructiveHint": true, "title": "Delete"}, "_meta": {"x": 1},
                        "title": "Own", "icons": [{"src": "https://i.example/a.png"}]}), &server)}),
            ),
        );
        // no own title (or a null one): `annotations.title`; a description that is not a
        // string: ""; no inputSchema (or one that is not an object): `{"type": "object"}`
        for title in [None, Some(Value::Null)] {
            let mut tool = json!({"name": "titled", "annotations": {"title": "From annotations"}, "description": 5, "inputSchema": [1]});
            if let Some(title) = title {
                tool["title"] = title;
            }
            check(
                &tool,
                &json!("not an Implementation"),
                Some(
                    json!({"name": "titled", "title": "From annotations", "description": "",
                        "inputSchema": {"type": "object"}, "schema": {"type": "object", "properties": {}},
                        "outputSchema": null,
                        "metadata": mcp(json!({"annotations": {"title": "From annotations"}, "_meta": null, "title": null, "icons": null}), &unknown)}),
                ),
            );
        }
        // what preparing relaxed is listed
        let union = json!({"anyOf": [{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},
                {"type": "object", "properties": {"b": {"type": "string"}}, "required": ["b"]}]});
        check(
            &json!({"name": "union", "inputSchema": union}),
            &srv,
            Some(
                json!({"name": "union", "title": null, "description": "", "inputSchema": union,
                    "schema": {"type": "object", "properties": {
                        "a": {"type": "string", "description": "(give at least one of: a | b)"},
                        "b": {"type": "string", "description": "(give at least one of: a | b)"}}},
                    "outputSchema": null,
                    "metadata": {"mcp": {"tool": no_fields, "server": server,
                        "schema_warnings": ["the root anyOf was merged into one object that requires only what every alternative requires"]}}}),
            ),
        );
        // too deep to prepare: kept as it is, with a warning, and sent as `null` all the same
        let mut deep = json!({"type": "string"});
        for _ in 0..70 {
            deep = json!({"type": "object", "properties": {"a": deep}});
        }
        check(
            &json!({"name": "deep", "inputSchema": deep}),
            &srv,
            Some(
                json!({"name": "deep", "title": null, "description": "", "inputSchema": deep, "schema": deep,
                    "outputSchema": null,
                    "metadata": {"mcp": {"tool": no_fields, "server": server,
                        "schema_warnings": ["inputSchema kept as it is below the root: input schema is nested deeper than 64 levels"]}}}),
            ),
        );
        // what cannot be called is left out
        for tool in [
            json!({"name": 1}),
            json!({"description": "no name"}),
            json!("x"),
            json!([{"name": "x"}]),
        ] {
            check(&tool, &srv, None);
        }
    }

    /// Every combination of present, absent and odd fields, each way of preparing the input
    /// schema, with and without server info.
    fn listed_tools() -> Vec<(Value, Value)> {
        let mut deep = json!({"type": "string"});
        for _ in 0..70 {
            deep = json!({"type": "object", "properties": {"a": deep}});
        }
        let schemas = [
            None,
            Some(json!([1])),
            Some(json!({"type": "object", "properties": {"a": {"type": "string"}}})),
            Some(
                json!({"$schema": "x", "type": "object", "properties": {"a": {"type": "string"}}}),
            ),
            Some(
                json!({"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}}, "$defs": {"A": {"type": "string"}}}),
            ),
            Some(
                json!({"anyOf": [{"type": "object", "properties": {"a": {}}}, {"type": "object", "properties": {"b": {}}}]}),
            ),
            Some(deep),
        ];
        let titles = [None, Some(Value::Null), Some(json!("Own")), Some(json!(5))];
        let annotations = [
            None,
            Some(json!({"title": "A", "readOnlyHint": true})),
            Some(json!("x")),
        ];
        let descriptions = [None, Some(json!("d \"q\"\n")), Some(json!(5))];
        // the rest, all there or none (each its own value, so that no two can be swapped)
        let others = [
            ("outputSchema", json!({"type": "object"})),
            ("_meta", json!({"m": [1, null]})),
            ("icons", json!([{"src": "https://i.example/a.png"}])),
        ];
        let mut tools = Vec::new();
        for schema in &schemas {
            for title in &titles {
                for annotation in &annotations {
                    for description in &descriptions {
                        for with_others in [false, true] {
                            let mut tool = Map::new();
                            tool.insert("name".into(), json!("t"));
                            let fields = [
                                ("inputSchema", schema),
                                ("title", title),
                                ("annotations", annotation),
                                ("description", description),
                            ];
                            for (key, value) in fields {
                                if let Some(value) = value {
                                    tool.insert(key.into(), value.clone());
                                }
                            }
                            for (key, value) in others.iter().filter(|_| with_others) {
                                tool.insert((*key).into(), value.clone());
                            }
                            for server in [json!({"name": "s", "version": "1"}), json!([])] {
                                tools.push((Value::Object(tool.clone()), server));
                            }
                        }
                    }
                }
            }
        }
        tools
    }

    /// The text `listTools()` sends, the metadata the approval predicate gets and the typed
    /// description never disagree, whatever fields a tool has: the text is written apart from
    /// the values (`ToolMetadata::into_json`, `ToolDescription::into_json`), and a
    /// difference between them would reach a host.
    #[test]
    fn the_written_text_the_metadata_and_the_description_agree_for_every_shape_of_tool() {
        let tools = listed_tools();
        assert_eq!(tools.len(), 7 * 4 * 3 * 3 * 2 * 2);
        for (tool, server) in &tools {
            let listed = ListedTool::of(tool, server).unwrap();
            assert_written_as(&listed, listed.description().into_json());
        }
    }

    #[test]
    fn an_unpreparable_schema_keeps_its_content_with_its_root_fixed() {
        let mut deep = json!({"type": "string"});
        for _ in 0..100 {
            deep = json!({"type": "object", "properties": {"a": deep}});
        }
        let mut deep_union = json!({"anyOf": [{"type": "object", "properties": {"a": deep}}]});
        deep_union["$schema"] = json!("http://json-schema.org/draft-07/schema#");
        let tool = json!({"name": "deep", "inputSchema": deep_union});
        let d = ListedTool::of(&tool, &Value::Null).unwrap().description();
        assert_eq!(d.schema["type"], "object");
        assert_eq!(d.schema["properties"]["a"], deep);
        assert!(d.schema.get("anyOf").is_none() && d.schema.get("$schema").is_none());
        assert_eq!(d.metadata.mcp.schema_warnings.len(), 2);
    }
}
