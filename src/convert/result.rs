//! MCP `CallToolResult` to the parts of a LangChain.js `ToolMessage`.
//!
//! Source: MCP 2026-07-28 `schema.ts` `CallToolResult` (`server/tools.mdx`, "Tool Result"):
//! `content: ContentBlock[]`
//! (required, but omitted by some legacy servers), `structuredContent?: <any JSON value>`,
//! `isError?: boolean`, plus `_meta` and `resultType`. Target: the `content`, `artifact` and
//! `status` of a `ToolMessage` (`@langchain/core/messages`), which `@langchain/core/tools`
//! builds from a `responseFormat: "content_and_artifact"` tool. The artifact key
//! `structured_content` is the one Python `langchain.mcp` uses (`MCPToolArtifact`).
//!
//! Specification: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::content::{content_block, ContentBlock, TextBlock};
use crate::error::{Error, ErrorCode};

/// The `status` of the `ToolMessage` built from a tool result: `"success"` or `"error"`
/// (the `ToolMessage.status` values of `@langchain/core/messages`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ToolStatus {
    /// The tool ran and succeeded (`isError` absent or `false`).
    Success,
    /// The tool ran and reported failure (`isError: true`); the content is the server's own
    /// error detail, meant for the model so it can correct itself and retry.
    Error,
}

impl ToolStatus {
    /// `"success"` or `"error"`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            ToolStatus::Success => "success",
            ToolStatus::Error => "error",
        }
    }
}

/// A converted tool result: what a LangChain.js tool with
/// `responseFormat: "content_and_artifact"` hands to its `ToolMessage` (`ToolResult` in
/// `pkg-template/index.d.ts`).
///
/// The host gets [`ToolResult::into_json`]; `Serialize` gives the same JSON (the contract test
/// compares its field names with the declarations). Both carry `"type": "tool_result"`, so a
/// host can tell a result from an interrupt (`mcp_elicitation`, ...) by `type` alone.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename = "tool_result")]
pub struct ToolResult {
    /// LangChain.js v1 content blocks, one per MCP content block, in order (see
    /// [`content_block`]); never empty: a structured-only result gets one text block holding
    /// the JSON, a result with nothing at all one sentence ([`NO_ERROR_DETAILS`],
    /// [`NO_CONTENT`]).
    pub content: Vec<ContentBlock>,
    /// Present when the result had a `structuredContent` key (any JSON value, including
    /// `null`) or a `_meta` of its own; no `artifact` key otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub artifact: Option<ToolArtifact>,
    /// `Error` when the result had `isError: true`.
    pub status: ToolStatus,
}

/// The `type` of every [`ToolResult`]'s JSON: the discriminant that sets it apart from the
/// interrupts a call may resolve to instead.
pub const TYPE: &str = "tool_result";

/// The `artifact` of a [`ToolResult`]: `{"structured_content"?: <value>, "_meta"?: {…}}`, the
/// key Python `langchain.mcp` uses (`MCPToolArtifact`) and what a UI of the result reads
/// besides (MCP Apps 2026-01-26, `apps.mdx`, "Data Passing": `structuredContent` and `_meta`
/// are for the view, not the model).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ToolArtifact {
    /// The result's `structuredContent`, verbatim; absent when it had none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub structured_content: Option<Value>,
    /// The result's `_meta` (an object), less the 2026-07-28 envelope's
    /// `io.modelcontextprotocol/serverInfo`; absent when nothing is left.
    #[serde(rename = "_meta", skip_serializing_if = "Option::is_none")]
    pub meta: Option<Value>,
}

impl ToolResult {
    /// The JSON handed to the host: `{"type":"tool_result", "content":[...],
    /// "artifact":{"structured_content":...}, "status":"success"|"error"}`, with `artifact`
    /// absent (not `null`) when there is none. Strings are moved, not copied.
    #[must_use]
    pub fn into_json(self) -> Value {
        let mut out = Map::new();
        crate::put(&mut out, "type", Value::String(TYPE.to_owned()));
        crate::put(
            &mut out,
            "content",
            super::json_array(self.content, ContentBlock::into_json),
        );
        if let Some(artifact) = self.artifact {
            let mut map = Map::new();
            if let Some(structured) = artifact.structured_content {
                crate::put(&mut map, "structured_content", structured);
            }
            if let Some(meta) = artifact.meta {
                crate::put(&mut map, "_meta", meta);
            }
            crate::put(&mut out, "artifact", Value::Object(map));
        }
        crate::put(
            &mut out,
            "status",
            Value::String(self.status.as_str().to_owned()),
        );
        Value::Object(out)
    }
}

/// The text of an error result that came with no content and no structured content.
pub const NO_ERROR_DETAILS: &str = "The tool reported an error without details.";

/// The text of a successful result that came with no content and no structured content.
pub const NO_CONTENT: &str = "The tool returned no content.";

/// Converts an MCP `CallToolResult` (MCP 2026-07-28 `schema.ts`) into a [`ToolResult`].
///
/// Takes the result by value so base64 payloads are moved into the blocks, never copied.
///
/// - `content`: each block goes through [`content_block`]; a missing `content` key (legacy
///   servers) is `[]`.
/// - `structuredContent`: when the key is present, whatever its value (object, array, string,
///   number, boolean or `null`, all allowed by 2026-07-28), `artifact` is
///   `{"structured_content": value}`.
/// - `content` is never empty: a result without blocks gets one text block, the
///   `structuredContent` serialized as JSON when there is one (the spec only says servers
///   SHOULD also send it as text), else [`NO_ERROR_DETAILS`] for an error and [`NO_CONTENT`]
///   for a success. Model APIs refuse an error tool result with empty content (Anthropic:
///   "content cannot be empty if `is_error` is true"; Bedrock likewise), and some refuse an
///   empty content array for any tool message, which would fail the model request of every
///   later turn of the conversation.
/// - `isError: true` gives [`ToolStatus::Error`], with the server's own content unchanged; any
///   other value (absent, `false`, not a boolean) gives [`ToolStatus::Success`].
/// - `_meta`, an object, goes to the artifact less the envelope's `serverInfo` (see
///   [`ToolArtifact`]); other fields (`resultType`, unknown ones) are not part of the content
///   and are dropped here; read them before calling if they are needed.
///
/// # Errors
///
/// [`ErrorCode::InvalidMessage`] when `result` is not a JSON object, or when `content` is
/// present but not an array (`null` included).
pub fn tool_result(result: Value) -> Result<ToolResult, Error> {
    let mut map = match result {
        Value::Object(map) => map,
        other => {
            return Err(Error::new(
                ErrorCode::InvalidMessage,
                format!(
                    "tools/call result must be a JSON object, got {}",
                    json_kind(&other)
                ),
            ))
        }
    };

    let mut content = match map.remove("content") {
        None => Vec::new(),
        Some(Value::Array(blocks)) => super::convert_all(blocks, content_block),
        Some(other) => {
            return Err(Error::new(
                ErrorCode::InvalidMessage,
                format!(
                    "tools/call result `content` must be an array, got {}",
                    json_kind(&other)
                ),
            ))
        }
    };

    let status = match map.get("isError") {
        Some(Value::Bool(true)) => ToolStatus::Error,
        _ => ToolStatus::Success,
    };

    let structured_content = map.remove("structuredContent");
    let meta = match map.remove("_meta") {
        Some(Value::Object(mut meta)) => {
            meta.remove(crate::protocol::meta::SERVER_INFO);
            (!meta.is_empty()).then_some(Value::Object(meta))
        }
        _ => None,
    };
    if content.is_empty() {
        let text = match (&structured_content, status) {
            (Some(structured), _) => crate::json_text(structured),
            (None, ToolStatus::Error) => NO_ERROR_DETAILS.to_owned(),
            (None, ToolStatus::Success) => NO_CONTENT.to_owned(),
        };
        content.push(ContentBlock::Text(TextBlock {
            text,
            metadata: Map::new(),
        }));
    }

    let artifact = (structured_content.is_some() || meta.is_some()).then_some(ToolArtifact {
        structured_content,
        meta,
    });
    Ok(ToolResult {
        content,
        artifact,
        status,
    })
}

/// A JSON value's kind, for error messages (never the value itself).
fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The host JSON of a converted result, less its constant `"type": "tool_result"`.
    fn convert(result: Value) -> Value {
        match tool_result(result) {
            Ok(converted) => {
                let mut json = converted.into_json();
                assert_eq!(json["type"], TYPE, "every result says what it is");
                json.as_object_mut().unwrap().remove("type");
                json
            }
            Err(e) => panic!("unexpected error: {e}"),
        }
    }

    fn convert_err(result: Value) -> Error {
        match tool_result(result) {
            Ok(converted) => panic!("expected an error, got {converted:?}"),
            Err(e) => e,
        }
    }

    #[test]
    fn status_strings_and_serde() {
        assert_eq!(ToolStatus::Success.as_str(), "success");
        assert_eq!(ToolStatus::Error.as_str(), "error");
        assert_eq!(
            serde_json::to_value(ToolStatus::Success).ok(),
            Some(json!("success"))
        );
        assert_eq!(
            serde_json::to_value(ToolStatus::Error).ok(),
            Some(json!("error"))
        );
        assert_eq!(
            serde_json::from_value::<ToolStatus>(json!("error")).ok(),
            Some(ToolStatus::Error)
        );
    }

    #[test]
    fn text_result() {
        assert_eq!(
            convert(json!({"content": [{"type": "text", "text": "Tool result text"}]})),
            json!({"content": [{"type": "text", "text": "Tool result text"}], "status": "success"})
        );
    }

    #[test]
    fn every_block_type_in_order() {
        assert_eq!(
            convert(json!({
                "content": [
                    {"type": "text", "text": "a"},
                    {"type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png"},
                    {"type": "audio", "data": "T2dnUw==", "mimeType": "audio/ogg"},
                    {"type": "resource_link", "uri": "file:///x.txt", "name": "x.txt"},
                    {"type": "resource", "resource": {"uri": "mem://t", "text": "body"}},
                    {"type": "resource", "resource": {"uri": "file:///a.ogg", "blob": "T2dnUw==",
                                                      "mimeType": "audio/ogg"}}
                ]
            })),
            json!({
                "content": [
                    {"type": "text", "text": "a"},
                    {"type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png"},
                    {"type": "audio", "data": "T2dnUw==", "mimeType": "audio/ogg"},
                    {"type": "text", "text": "Resource link: x.txt\nURI: file:///x.txt",
                     "metadata": {"uri": "file:///x.txt", "name": "x.txt"}},
                    {"type": "text", "text": "body", "metadata": {"uri": "mem://t"}},
                    {"type": "audio", "data": "T2dnUw==", "mimeType": "audio/ogg",
                     "metadata": {"uri": "file:///a.ogg"}}
                ],
                "status": "success"
            })
        );
    }

    #[test]
    fn a_success_with_no_content_says_so_in_one_text_block() {
        let said = json!({
            "content": [{"type": "text", "text": "The tool returned no content."}],
            "status": "success"
        });
        assert_eq!(convert(json!({})), said);
        assert_eq!(convert(json!({"content": []})), said);
        let converted = tool_result(json!({"isError": false}));
        assert_eq!(
            converted,
            Ok(ToolResult {
                content: vec![ContentBlock::Text(TextBlock {
                    text: NO_CONTENT.to_owned(),
                    metadata: Map::new()
                })],
                artifact: None,
                status: ToolStatus::Success
            })
        );
    }

    #[test]
    fn an_error_with_no_content_gets_one_text_block() {
        // `{"content":[],"isError":true}`: model APIs refuse an empty error tool result
        let said = json!({
            "content": [{"type": "text", "text": "The tool reported an error without details."}],
            "status": "error"
        });
        assert_eq!(convert(json!({"content": [], "isError": true})), said);
        assert_eq!(convert(json!({"isError": true})), said);
        // with structured content, its JSON is the text
        assert_eq!(
            convert(
                json!({"content": [], "isError": true, "structuredContent": {"code": "RATE_LIMITED", "retry_after": 30}})
            ),
            json!({
                "content": [{"type": "text", "text": "{\"code\":\"RATE_LIMITED\",\"retry_after\":30}"}],
                "artifact": {"structured_content": {"code": "RATE_LIMITED", "retry_after": 30}},
                "status": "error"
            })
        );
    }

    #[test]
    fn structured_object_with_text_content() {
        assert_eq!(
            convert(json!({
                "content": [{"type": "text", "text": "{\"temp\":21}"}],
                "structuredContent": {"temp": 21}
            })),
            json!({
                "content": [{"type": "text", "text": "{\"temp\":21}"}],
                "artifact": {"structured_content": {"temp": 21}},
                "status": "success"
            })
        );
    }

    #[test]
    fn structured_array_string_number_bool_null() {
        for (value, text) in [
            (json!([1, "two"]), "[1,\"two\"]"),
            (json!("hello"), "\"hello\""),
            (json!(42), "42"),
            (json!(1.5), "1.5"),
            (json!(false), "false"),
            (json!(null), "null"),
        ] {
            // With content: the content is kept as is and nothing is added.
            assert_eq!(
                convert(json!({
                    "content": [{"type": "text", "text": "see artifact"}],
                    "structuredContent": value
                })),
                json!({
                    "content": [{"type": "text", "text": "see artifact"}],
                    "artifact": {"structured_content": value},
                    "status": "success"
                })
            );
            // Empty content: the serialized JSON becomes the model-visible text.
            assert_eq!(
                convert(json!({"content": [], "structuredContent": value})),
                json!({
                    "content": [{"type": "text", "text": text}],
                    "artifact": {"structured_content": value},
                    "status": "success"
                })
            );
        }
    }

    #[test]
    fn empty_or_missing_content_with_structured_object() {
        let expected = json!({
            "content": [{"type": "text", "text": "{\"temp\":21}"}],
            "artifact": {"structured_content": {"temp": 21}},
            "status": "success"
        });
        assert_eq!(
            convert(json!({"content": [], "structuredContent": {"temp": 21}})),
            expected
        );
        assert_eq!(
            convert(json!({"structuredContent": {"temp": 21}})),
            expected
        );
    }

    #[test]
    fn is_error_keeps_server_content() {
        assert_eq!(
            convert(
                json!({"isError": true, "content": [{"type": "text", "text": "no project found"}]})
            ),
            json!({
                "content": [{"type": "text", "text": "no project found"}],
                "status": "error"
            })
        );
        assert_eq!(
            convert(json!({"isError": true, "content": [], "structuredContent": {"code": 7}})),
            json!({
                "content": [{"type": "text", "text": "{\"code\":7}"}],
                "artifact": {"structured_content": {"code": 7}},
                "status": "error"
            })
        );
    }

    #[test]
    fn is_error_must_be_boolean_true() {
        assert_eq!(
            convert(json!({"isError": false}))["status"],
            json!("success")
        );
        assert_eq!(
            convert(json!({"isError": "true"}))["status"],
            json!("success")
        );
        assert_eq!(convert(json!({"isError": 1}))["status"], json!("success"));
    }

    #[test]
    fn other_result_fields_are_not_content() {
        assert_eq!(
            convert(json!({
                "content": [{"type": "text", "text": "ok"}],
                "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "s", "version": "1"}},
                "resultType": "complete",
                "somethingNew": 1
            })),
            json!({"content": [{"type": "text", "text": "ok"}], "status": "success"})
        );
    }

    #[test]
    fn a_results_meta_goes_to_the_artifact_less_the_envelopes_server_info() {
        let ok = json!([{"type": "text", "text": "ok"}]);
        assert_eq!(
            convert(json!({
                "content": ok,
                "_meta": {"viewUUID": "v-1", "io.modelcontextprotocol/serverInfo": {"name": "s"}},
            })),
            json!({"content": ok, "artifact": {"_meta": {"viewUUID": "v-1"}}, "status": "success"})
        );
        assert_eq!(
            convert(json!({"content": ok, "structuredContent": {"t": 1}, "_meta": {"k": [1]}})),
            json!({"content": ok, "artifact": {"structured_content": {"t": 1}, "_meta": {"k": [1]}},
                   "status": "success"})
        );
        // a `_meta` that is not an object is not kept
        for meta in [json!(null), json!([1]), json!("x"), json!({})] {
            assert_eq!(
                convert(json!({"content": ok, "_meta": meta})),
                json!({"content": ok, "status": "success"})
            );
        }
    }

    #[test]
    fn unknown_blocks_inside_a_result_are_kept() {
        let out = convert(json!({"content": [{"type": "widget", "id": 1}]}));
        assert_eq!(out["content"][0]["type"], json!("text"));
        assert_eq!(out["content"].as_array().map(Vec::len), Some(1));
    }

    #[test]
    fn base64_is_moved_into_the_result() {
        let data = "iVBORw0KGgo=".repeat(4096);
        let ptr = data.as_ptr();
        // Built by hand: `json!` would serialize (copy) `data`.
        let mut block = serde_json::Map::new();
        block.insert("type".to_owned(), json!("image"));
        block.insert("data".to_owned(), Value::String(data));
        block.insert("mimeType".to_owned(), json!("image/png"));
        let mut result = serde_json::Map::new();
        result.insert(
            "content".to_owned(),
            Value::Array(vec![Value::Object(block)]),
        );
        let converted = tool_result(Value::Object(result));
        let json = match converted {
            Ok(converted) => converted.into_json(),
            Err(e) => panic!("unexpected error: {e}"),
        };
        assert_eq!(
            json["content"][0]["data"].as_str().map(str::as_ptr),
            Some(ptr)
        );
    }

    #[test]
    fn non_object_result_is_an_error() {
        for (value, kind) in [
            (json!(null), "null"),
            (json!([]), "an array"),
            (json!("x"), "a string"),
            (json!(3), "a number"),
            (json!(true), "a boolean"),
        ] {
            let err = convert_err(value);
            assert_eq!(err.code, ErrorCode::InvalidMessage);
            assert_eq!(
                err.message,
                format!("tools/call result must be a JSON object, got {kind}")
            );
        }
    }

    #[test]
    fn non_array_content_is_an_error() {
        for (value, kind) in [
            (json!(null), "null"),
            (json!({"type": "text", "text": "x"}), "an object"),
            (json!("x"), "a string"),
        ] {
            let err = convert_err(json!({"content": value}));
            assert_eq!(err.code, ErrorCode::InvalidMessage);
            assert_eq!(
                err.message,
                format!("tools/call result `content` must be an array, got {kind}")
            );
        }
    }
}
