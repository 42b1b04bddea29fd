//! The per-request `_meta` envelope of 2026-07-28 (MCP 2026-07-28, `basic/index.mdx` "_meta"
//! and `schema.ts` `RequestMetaObject`). Every request carries `params._meta` with the
//! protocol version and client capabilities (MUST) and client info (SHOULD).

use mcp_wasm_adapter_json::write_member as member;
use serde_json::Value;

/// `_meta` key: the request's protocol revision (equals the `MCP-Protocol-Version` header).
pub const PROTOCOL_VERSION: &str = "io.modelcontextprotocol/protocolVersion";
/// `_meta` key: the client's capabilities for this request (`{}` = none).
pub const CLIENT_CAPABILITIES: &str = "io.modelcontextprotocol/clientCapabilities";
/// `_meta` key: the client's `Implementation` (`{name, version, ...}`).
pub const CLIENT_INFO: &str = "io.modelcontextprotocol/clientInfo";
/// `_meta` key: opt-in to `notifications/message` at this level for this request.
pub const LOG_LEVEL: &str = "io.modelcontextprotocol/logLevel";
/// `_meta` key: opt-in to `notifications/progress` for this request.
pub const PROGRESS_TOKEN: &str = "progressToken";
/// `_meta` key of this package (a prefix of its own, MCP 2026-07-28 `basic/index.mdx`
/// "_meta"): a key the server may deduplicate a call on, the same each time the same call
/// (the same round of it) is sent again.
pub const IDEMPOTENCY_KEY: &str = "io.github.mcp-wasm-adapter/idempotencyKey";
/// `ClientCapabilities.extensions` key of the Tasks extension (SEP-2663, MCP 2026-07-28): a
/// request that declares it may be answered with a task (`resultType: "task"`).
pub const TASKS_EXTENSION: &str = "io.modelcontextprotocol/tasks";

/// `_meta` keys of W3C Trace Context (`traceparent`, `tracestate`) and W3C Baggage
/// (`baggage`), reserved for OpenTelemetry propagation (MCP 2026-07-28, `basic/index.mdx`
/// "_meta"), in the order of [`RequestMeta::trace`]'s parts.
pub const TRACE_KEYS: [&str; 3] = ["traceparent", "tracestate", "baggage"];
/// Result `_meta` key: the server's `Implementation`.
pub const SERVER_INFO: &str = "io.modelcontextprotocol/serverInfo";

/// What goes into one request's `_meta`.
#[derive(Debug, Clone)]
pub struct RequestMeta<'a> {
    /// Revision, e.g. `"2026-07-28"` (`None` in the handshake era, which has no envelope).
    pub protocol_version: Option<&'a str>,
    /// `ClientCapabilities` object (`None` in the handshake era).
    pub client_capabilities: Option<&'a Value>,
    /// `Implementation` object, or `None` to leave it out.
    pub client_info: Option<&'a Value>,
    /// `progressToken`, only when the host asked for progress.
    pub progress_token: Option<Value>,
    /// `LoggingLevel`, only when the host asked for log messages.
    pub log_level: Option<&'a str>,
    /// The call's idempotency key, when the host gave one.
    pub idempotency_key: Option<&'a str>,
    /// The call's trace context: the values of [`TRACE_KEYS`] joined by NULs, an empty part
    /// for one left out (checked by `pkg-template/controls.js` before it crosses).
    pub trace: Option<&'a str>,
}

impl<'m> RequestMeta<'m> {
    /// What the handshake era puts in `_meta`: a `progressToken`, an idempotency key and the
    /// trace context, each when there is one (`None` when none is).
    pub fn handshake(
        token: Option<Value>,
        idempotency_key: Option<&'m str>,
        trace: Option<&'m str>,
    ) -> Option<Self> {
        (token.is_some() || idempotency_key.is_some() || trace.is_some()).then_some(RequestMeta {
            protocol_version: None,
            client_capabilities: None,
            client_info: None,
            progress_token: token,
            log_level: None,
            idempotency_key,
            trace,
        })
    }

    /// Appends the `_meta` object of a request whose params already hold `existing` as
    /// `_meta` to `out`, as JSON text: the caller's keys first (those the envelope sets left
    /// out), then the envelope's keys. Written straight from the borrowed values: nothing of
    /// the caller's keys, the capabilities or the client info is copied.
    pub fn write_over(&self, existing: Option<&Value>, out: &mut Vec<u8>) {
        out.push(b'{');
        let mut first = true;
        for (key, value) in existing.and_then(Value::as_object).into_iter().flatten() {
            if !self.sets(key) {
                member(out, &mut first, key, value);
            }
        }
        if let Some(version) = self.protocol_version {
            member(out, &mut first, PROTOCOL_VERSION, &Value::from(version));
        }
        if let Some(capabilities) = self.client_capabilities {
            member(out, &mut first, CLIENT_CAPABILITIES, capabilities);
        }
        if let Some(info) = self.client_info {
            member(out, &mut first, CLIENT_INFO, info);
        }
        if let Some(token) = &self.progress_token {
            member(out, &mut first, PROGRESS_TOKEN, token);
        }
        if let Some(level) = self.log_level {
            member(out, &mut first, LOG_LEVEL, &Value::from(level));
        }
        if let Some(key) = self.idempotency_key {
            member(out, &mut first, IDEMPOTENCY_KEY, &Value::from(key));
        }
        // the parts between NULs, by bytes (no `str` searcher: ARCHITECTURE.md, Wasm size)
        let (mut rest, mut key) = (self.trace.unwrap_or_default().as_bytes(), 0);
        while key < TRACE_KEYS.len() && !rest.is_empty() {
            let end = rest.iter().position(|&b| b == 0).unwrap_or(rest.len());
            if end > 0 {
                mcp_wasm_adapter_json::write_key(out, &mut first, TRACE_KEYS[key]);
                let value = std::str::from_utf8(&rest[..end]).unwrap_or_default();
                mcp_wasm_adapter_json::write_str(value, out);
            }
            rest = rest.get(end + 1..).unwrap_or_default();
            key += 1;
        }
        out.push(b'}');
    }

    /// Whether `key` is one this envelope sets (so a caller's value under it is replaced).
    fn sets(&self, key: &str) -> bool {
        match key {
            PROTOCOL_VERSION => self.protocol_version.is_some(),
            CLIENT_CAPABILITIES => self.client_capabilities.is_some(),
            CLIENT_INFO => self.client_info.is_some(),
            PROGRESS_TOKEN => self.progress_token.is_some(),
            LOG_LEVEL => self.log_level.is_some(),
            IDEMPOTENCY_KEY => self.idempotency_key.is_some(),
            "traceparent" | "tracestate" | "baggage" => self.trace.is_some(),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// What [`RequestMeta::write_over`] writes, parsed back.
    fn written(meta: &RequestMeta, existing: Option<&Value>) -> Value {
        let mut out = Vec::new();
        meta.write_over(existing, &mut out);
        serde_json::from_slice(&out).unwrap()
    }

    #[test]
    fn fills_the_envelope_and_keeps_caller_keys() {
        let caps = json!({});
        let info = json!({"name": "t", "version": "1"});
        let meta = RequestMeta {
            protocol_version: Some("2026-07-28"),
            client_capabilities: Some(&caps),
            client_info: Some(&info),
            progress_token: Some(json!("p1")),
            log_level: None,
            idempotency_key: Some("k1"),
            trace: None,
        };
        let existing = json!({"traceparent": "00-ab", "progressToken": "theirs", "io.github.mcp-wasm-adapter/idempotencyKey": "theirs"});
        assert_eq!(
            json!({"name": "x", "_meta": written(&meta, Some(&existing))}),
            json!({"name": "x", "_meta": {
                "traceparent": "00-ab",
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientCapabilities": {},
                "io.modelcontextprotocol/clientInfo": {"name": "t", "version": "1"},
                "progressToken": "p1",
                "io.github.mcp-wasm-adapter/idempotencyKey": "k1"
            }})
        );
    }

    #[test]
    fn no_params_still_gets_meta_without_optional_keys() {
        let caps = json!({"elicitation": {}});
        let meta = RequestMeta {
            protocol_version: Some("2026-07-28"),
            client_capabilities: Some(&caps),
            client_info: None,
            progress_token: None,
            log_level: Some("debug"),
            idempotency_key: None,
            trace: None,
        };
        assert_eq!(
            json!({"_meta": written(&meta, None)}),
            json!({"_meta": {
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientCapabilities": {"elicitation": {}},
                "io.modelcontextprotocol/logLevel": "debug"
            }})
        );
    }

    /// The handshake era's `_meta`: what it has of the two, or nothing at all.
    #[test]
    fn the_handshake_era_sends_a_progress_token_and_an_idempotency_key_only_when_given() {
        assert!(RequestMeta::handshake(None, None, None).is_none());
        let meta = RequestMeta::handshake(None, Some("k"), None).unwrap();
        assert_eq!(
            written(&meta, None),
            json!({"io.github.mcp-wasm-adapter/idempotencyKey": "k"})
        );
    }

    /// The trace context's parts under their W3C keys, an empty part left out, the
    /// caller's values under those keys replaced (in both eras).
    #[test]
    fn the_trace_context_is_written_under_the_w3c_keys() {
        let parent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
        let text = format!("{parent}\0\0userId=alice");
        let meta = RequestMeta::handshake(None, None, Some(&text)).unwrap();
        let existing = json!({"traceparent": "theirs", "tracestate": "theirs", "x": 1});
        assert_eq!(
            written(&meta, Some(&existing)),
            json!({"x": 1, "traceparent": parent, "baggage": "userId=alice"})
        );
        let meta = RequestMeta::handshake(None, None, Some("a\0b\0c")).unwrap();
        assert_eq!(
            written(&meta, None),
            json!({"traceparent": "a", "tracestate": "b", "baggage": "c"})
        );
    }
}
