//! JSON-RPC 2.0 envelopes as MCP uses them (MCP 2026-07-28, `basic/index.mdx` "Messages").

use super::meta::RequestMeta;
use crate::error::{snippet, Error, ErrorCode, Result, RpcError};
use serde_json::{Map, Value};

/// A request id. This adapter mints integers; servers echo them back.
pub type Id = u64;

/// Serializes a request `{"jsonrpc":"2.0","id":id,"method":method,"params":params}`.
pub fn request(id: Id, method: &str, params: Map<String, Value>) -> String {
    request_with_meta(id, method, Some(&params), None)
}

/// Writes a request whose params are `params` (none: `{}`) with `meta`'s envelope keys set in
/// their `_meta` when given (see [`RequestMeta::write_over`]): written straight into bytes,
/// without copying `params` (tool arguments may be large).
pub fn request_with_meta(
    id: Id,
    method: &str,
    params: Option<&Map<String, Value>>,
    meta: Option<&RequestMeta>,
) -> String {
    let mut out = Vec::with_capacity(256);
    out.extend_from_slice(b"{\"jsonrpc\":\"2.0\",\"id\":");
    mcp_wasm_adapter_json::write(&Value::from(id), &mut out);
    out.extend_from_slice(b",\"method\":");
    mcp_wasm_adapter_json::write_str(method, &mut out);
    out.extend_from_slice(b",\"params\":{");
    let mut first = true;
    for (key, value) in params.into_iter().flatten() {
        if !(meta.is_some() && key == "_meta") {
            mcp_wasm_adapter_json::write_member(&mut out, &mut first, key, value);
        }
    }
    if let Some(meta) = meta {
        mcp_wasm_adapter_json::write_key(&mut out, &mut first, "_meta");
        meta.write_over(params.and_then(|p| p.get("_meta")), &mut out);
    }
    out.extend_from_slice(b"}}");
    // serde_json writes UTF-8 only
    String::from_utf8(out).unwrap_or_default()
}

/// One message a server sent, classified.
#[derive(Debug, Clone, PartialEq)]
pub enum Incoming {
    /// A response.
    Response {
        /// The id it answers (`null` for some errors).
        id: Value,
        /// The `result`, or the `error`.
        outcome: std::result::Result<Value, RpcError>,
    },
    /// A notification.
    Notification {
        /// Its method, e.g. `notifications/progress`.
        method: String,
        /// Its params (`Null` when absent).
        params: Value,
    },
    /// A request from the server (handshake era only).
    Request {
        /// The id the answer must carry.
        id: Value,
        /// Its method, e.g. `elicitation/create`.
        method: String,
        /// Its params (`Null` when absent).
        params: Value,
    },
}

impl Incoming {
    /// Classifies a parsed JSON value.
    ///
    /// # Errors
    ///
    /// Anything that is not a JSON-RPC object (an array, a scalar, an object with neither
    /// `method` nor `result`/`error`) is an [`ErrorCode::InvalidMessage`] error.
    pub fn from_value(value: Value) -> Result<Incoming> {
        let mut obj = match value {
            Value::Object(o) => o,
            other => {
                return Err(Error::new(
                    ErrorCode::InvalidMessage,
                    format!(
                        "expected a JSON-RPC object, got {}",
                        snippet(&crate::json_text(&other), 80)
                    ),
                ))
            }
        };
        let id = obj.remove("id");
        if let Some(Value::String(method)) = obj.remove("method") {
            let params = obj.remove("params").unwrap_or(Value::Null);
            return Ok(match id {
                Some(id) if !id.is_null() => Incoming::Request { id, method, params },
                _ => Incoming::Notification { method, params },
            });
        }
        let id = id.unwrap_or(Value::Null);
        if let Some(error) = obj.remove("error") {
            return Ok(Incoming::Response {
                id,
                outcome: Err(rpc_error(error)?),
            });
        }
        if let Some(result) = obj.remove("result") {
            return Ok(Incoming::Response {
                id,
                outcome: Ok(result),
            });
        }
        Err(Error::new(
            ErrorCode::InvalidMessage,
            "JSON-RPC message has neither method, result nor error",
        ))
    }
}

/// Reads a JSON-RPC error object `{code, message, data?}`.
fn rpc_error(error: Value) -> Result<RpcError> {
    let code = error.get("code").and_then(Value::as_i64);
    let message = error.get("message").and_then(Value::as_str);
    match (code, message) {
        (Some(code), message) => Ok(RpcError {
            code,
            message: message.unwrap_or("").to_string(),
            data: error.get("data").cloned(),
        }),
        _ => Err(Error::new(
            ErrorCode::InvalidMessage,
            format!(
                "malformed JSON-RPC error {}",
                snippet(&crate::json_text(&error), 80)
            ),
        )),
    }
}

/// Whether a response `id` answers the request with id `ours`. A `null` id is accepted for
/// errors only (servers use it when they could not read the request), which the caller checks.
pub fn id_matches(id: &Value, ours: Id) -> bool {
    match id {
        Value::Number(n) => n.as_u64() == Some(ours),
        Value::String(s) => s.parse::<u64>().ok() == Some(ours),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn classifies_messages() {
        let r = Incoming::from_value(json!({"jsonrpc":"2.0","id":3,"result":{"a":1}})).unwrap();
        assert_eq!(
            r,
            Incoming::Response {
                id: json!(3),
                outcome: Ok(json!({"a":1}))
            }
        );
        let e = Incoming::from_value(
            json!({"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad"}}),
        )
        .unwrap();
        assert_eq!(
            e,
            Incoming::Response {
                id: Value::Null,
                outcome: Err(RpcError {
                    code: -32000,
                    message: "Bad".into(),
                    data: None
                })
            }
        );
        let n = Incoming::from_value(
            json!({"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}),
        )
        .unwrap();
        assert_eq!(
            n,
            Incoming::Notification {
                method: "notifications/progress".into(),
                params: json!({"progress":1})
            }
        );
        let q = Incoming::from_value(json!({"jsonrpc":"2.0","id":1,"method":"ping"})).unwrap();
        assert_eq!(
            q,
            Incoming::Request {
                id: json!(1),
                method: "ping".into(),
                params: Value::Null
            }
        );
    }

    #[test]
    fn rejects_non_messages() {
        for bad in [
            json!([1]),
            json!("x"),
            json!({"jsonrpc":"2.0","id":1}),
            json!({"id":1,"error":{"message":"no code"}}),
        ] {
            assert_eq!(
                Incoming::from_value(bad).unwrap_err().code,
                ErrorCode::InvalidMessage
            );
        }
    }

    #[test]
    fn requests_are_written_as_serde_json_writes_the_same_value() {
        let params = json!({"a\"b\n": "\u{1}é\\", "n": [1, 2.5, null, true], "_meta": {"k": "v"}});
        let caps = json!({"elicitation": {}});
        let meta = RequestMeta {
            protocol_version: Some("2026-07-28"),
            client_capabilities: Some(&caps),
            client_info: None,
            progress_token: Some(json!(7)),
            log_level: None,
            idempotency_key: None,
            trace: None,
        };
        let written =
            request_with_meta(u64::MAX, "tools/\"call\"", params.as_object(), Some(&meta));
        let expected = json!({"jsonrpc": "2.0", "id": u64::MAX, "method": "tools/\"call\"", "params": {
            "a\"b\n": "\u{1}é\\", "n": [1, 2.5, null, true], "_meta": {"k": "v",
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {"elicitation": {}}, "progressToken": 7}}});
        assert_eq!(serde_json::from_str::<Value>(&written).unwrap(), expected);
        // the same bytes as serde_json's writer, for the members in the order written
        assert!(written.starts_with(r#"{"jsonrpc":"2.0","id":18446744073709551615,"method":"tools/\"call\"","params":{"a\"b\n":"\u0001é\\","n":[1,2.5,null,true],"_meta":{"k":"v","#));
    }

    #[test]
    fn error_data_is_kept_and_ids_match() {
        let e = Incoming::from_value(json!({"id":1,"error":{"code":-32022,"message":"v","data":{"supported":["2026-07-28"]}}})).unwrap();
        match e {
            Incoming::Response {
                outcome: Err(err), ..
            } => assert_eq!(err.data, Some(json!({"supported":["2026-07-28"]}))),
            other => panic!("unexpected {other:?}"),
        }
        assert!(id_matches(&json!(7), 7));
        assert!(id_matches(&json!("7"), 7));
        assert!(!id_matches(&json!(8), 7));
        assert!(!id_matches(&Value::Null, 7));
        assert_eq!(
            request(1, "tools/list", Map::new()),
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}"#
        );
        let params = json!({"name": "t", "_meta": {"old": 1, "progressToken": "theirs"}});
        let meta = RequestMeta::handshake(Some(json!("p")), None, None).unwrap();
        assert_eq!(
            request_with_meta(2, "tools/call", params.as_object(), Some(&meta)),
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"t","_meta":{"old":1,"progressToken":"p"}}}"#
        );
        assert_eq!(
            request_with_meta(3, "x", None, None),
            r#"{"jsonrpc":"2.0","id":3,"method":"x","params":{}}"#
        );
    }
}
