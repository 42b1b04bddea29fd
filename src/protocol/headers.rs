//! Header names and media types of streamable HTTP, each spelled once here, and the Base64
//! sentinel encoding of `Mcp-*` values.
//!
//! Sources: MCP 2026-07-28, `basic/transports/streamable-http.mdx` "Standard Request
//! Headers" (<https://modelcontextprotocol.io/specification/2026-07-28>); for the handshake
//! era, MCP 2025-11-25, `basic/transports.mdx` "Session Management" and "Resumability and
//! Redelivery".

use serde_json::{Map, Value};

/// `MCP-Protocol-Version`: the revision of this request; equals `_meta` protocolVersion.
pub const PROTOCOL_VERSION: &str = "MCP-Protocol-Version";
/// `Mcp-Method`: a copy of the JSON-RPC `method` (every request).
pub const METHOD: &str = "Mcp-Method";
/// `Mcp-Name`: `params.name` of `tools/call` / `prompts/get`, `params.uri` of `resources/read`,
/// `params.taskId` of `tasks/get`, `tasks/update` and `tasks/cancel` (the Tasks extension,
/// "Streamable HTTP: Routing Headers": intermediaries route a task's requests on it).
pub const NAME: &str = "Mcp-Name";
/// `Mcp-Param-{Name}`: the prefix of the headers that mirror tool arguments annotated with
/// `x-mcp-header` (see [`super::param_headers`]).
pub const PARAM_PREFIX: &str = "Mcp-Param-";
/// `Mcp-Session-Id` (handshake era): the session the server assigned in its `initialize`
/// response, sent on every later request of the session.
pub const SESSION_ID: &str = "Mcp-Session-Id";
/// `Last-Event-ID` (handshake era): the id of the last SSE event received, sent on the GET
/// that resumes a stream after it.
pub const LAST_EVENT_ID: &str = "Last-Event-ID";
/// `Content-Type` (RFC 9110).
pub const CONTENT_TYPE: &str = "Content-Type";
/// `Accept` (RFC 9110).
pub const ACCEPT: &str = "Accept";
/// The media type of a JSON body (request bodies, and one form of response).
pub const JSON: &str = "application/json";
/// The media type of a Server-Sent Events stream (the other form of response, and the GET
/// stream of the handshake era).
pub const EVENT_STREAM: &str = "text/event-stream";
/// `Accept` value every POST carries: both response forms must be acceptable.
pub const ACCEPT_BOTH: &str = "application/json, text/event-stream";

const SENTINEL_PREFIX: &str = "=?base64?";
const SENTINEL_SUFFIX: &str = "?=";

/// Encodes a header value for `Mcp-Name` / `Mcp-Param-*`.
///
/// A value made only of visible ASCII and inner spaces (0x20–0x7E, no leading or trailing
/// whitespace) is sent as it is. Anything else (non-ASCII, control characters including tab,
/// leading/trailing whitespace) or a value that itself starts like the sentinel is sent as
/// `=?base64?{standard Base64 with padding of the UTF-8 bytes}?=`.
/// Example: `Hello, 世界` → `=?base64?SGVsbG8sIOS4lueVjA==?=`.
pub fn encode_value(value: &str) -> String {
    let plain = value.bytes().all(|b| (0x20..=0x7e).contains(&b))
        && !value.starts_with(' ')
        && !value.ends_with(' ')
        && !value.starts_with(SENTINEL_PREFIX);
    if plain {
        value.to_string()
    } else {
        let b64 = crate::b64::encode(value.as_bytes());
        format!("{SENTINEL_PREFIX}{b64}{SENTINEL_SUFFIX}")
    }
}

/// The value of `Mcp-Name` for a request, if its method needs one: `params.name` for
/// `tools/call` and `prompts/get`, `params.uri` for `resources/read`, `params.taskId` for the
/// Tasks extension's `tasks/get`, `tasks/update` and `tasks/cancel` (encoded).
pub fn name_value(method: &str, params: &Map<String, Value>) -> Option<String> {
    let key = match method {
        "tools/call" | "prompts/get" => "name",
        "resources/read" => "uri",
        "tasks/get" | "tasks/update" | "tasks/cancel" => "taskId",
        _ => return None,
    };
    params.get(key).and_then(Value::as_str).map(encode_value)
}

/// The standard MCP headers of a 2026-07-28 POST: `MCP-Protocol-Version`, `Mcp-Method`,
/// and `Mcp-Name` where the method needs it. (`Content-Type` and `Accept` are added by the
/// transport for every POST.)
pub fn standard(version: &str, method: &str, params: &Map<String, Value>) -> Vec<(String, String)> {
    let mut out = vec![
        (PROTOCOL_VERSION.to_string(), version.to_string()),
        (METHOD.to_string(), method.to_string()),
    ];
    if let Some(name) = name_value(method, params) {
        out.push((NAME.to_string(), name));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn obj(value: &Value) -> &Map<String, Value> {
        value.as_object().expect("an object")
    }

    #[test]
    fn spec_examples_of_the_sentinel() {
        assert_eq!(
            encode_value("Hello, 世界"),
            "=?base64?SGVsbG8sIOS4lueVjA==?="
        );
        assert_eq!(encode_value(" padded "), "=?base64?IHBhZGRlZCA=?=");
        assert_eq!(encode_value("line1\nline2"), "=?base64?bGluZTEKbGluZTI=?=");
        assert_eq!(
            encode_value("=?base64?literal?="),
            "=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?="
        );
    }

    #[test]
    fn plain_values_pass_through() {
        assert_eq!(encode_value("get_weather"), "get_weather");
        assert_eq!(encode_value("two words"), "two words");
        assert_eq!(encode_value(""), "");
        assert_eq!(
            encode_value("file:///path/to/file%20name.txt"),
            "file:///path/to/file%20name.txt"
        );
        assert_eq!(encode_value("a\tb"), "=?base64?YQli?=");
    }

    #[test]
    fn name_header_by_method() {
        let call = json!({"name": "my-hyphenated-tool", "arguments": {}});
        assert_eq!(
            standard("2026-07-28", "tools/call", obj(&call)),
            vec![
                ("MCP-Protocol-Version".to_string(), "2026-07-28".to_string()),
                ("Mcp-Method".to_string(), "tools/call".to_string()),
                ("Mcp-Name".to_string(), "my-hyphenated-tool".to_string()),
            ]
        );
        assert_eq!(
            name_value(
                "resources/read",
                obj(&json!({"uri": "https://example.com/r?id=1"}))
            )
            .as_deref(),
            Some("https://example.com/r?id=1")
        );
        assert_eq!(
            name_value("prompts/get", obj(&json!({"name": "grüß"}))).as_deref(),
            Some("=?base64?Z3LDvMOf?=")
        );
        // a task's id, which may start with "-" (FastMCP's do)
        for method in ["tasks/get", "tasks/update", "tasks/cancel"] {
            let params = json!({"taskId": "-r8wWo-cNyp8", "inputResponses": {}});
            assert_eq!(
                name_value(method, obj(&params)).as_deref(),
                Some("-r8wWo-cNyp8")
            );
        }
        assert_eq!(name_value("tools/list", obj(&json!({}))), None);
        assert_eq!(
            standard("2026-07-28", "tools/list", obj(&json!({}))).len(),
            2
        );
    }
}
