//! The per-request `_meta` envelope of 2026-07-28 (`schema.ts` `RequestMetaObject`;
//! `basic/index.mdx` "_meta"; digest §2.2). Every request carries `params._meta` with the
//! protocol version and client capabilities (MUST) and client info (SHOULD).

use serde_json::{Map, Value};

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
/// Result `_meta` key: the server's `Implementation`.
pub const SERVER_INFO: &str = "io.modelcontextprotocol/serverInfo";

/// What goes into one request's `_meta`.
#[derive(Debug, Clone)]
pub struct RequestMeta<'a> {
    /// Revision, e.g. `"2026-07-28"`.
    pub protocol_version: &'a str,
    /// `ClientCapabilities` object.
    pub client_capabilities: &'a Value,
    /// `Implementation` object, or `None` to leave it out.
    pub client_info: Option<&'a Value>,
    /// `progressToken`, only when the host asked for progress.
    pub progress_token: Option<Value>,
    /// `LoggingLevel`, only when the host asked for log messages.
    pub log_level: Option<&'a str>,
}

impl RequestMeta<'_> {
    /// Returns `params` (an object, or `None` for none) with `_meta` filled in (see
    /// [`RequestMeta::merged`]).
    pub fn apply(&self, params: Option<Map<String, Value>>) -> Map<String, Value> {
        let mut params = params.unwrap_or_default();
        let meta = self.merged(params.get("_meta"));
        params.insert("_meta".into(), Value::Object(meta));
        params
    }

    /// The `_meta` object of a request whose params already hold `existing` as `_meta`:
    /// the caller's keys are kept, the envelope keys are set (overwriting).
    pub fn merged(&self, existing: Option<&Value>) -> Map<String, Value> {
        let mut meta = match existing {
            Some(Value::Object(m)) => m.clone(),
            _ => Map::new(),
        };
        meta.insert(PROTOCOL_VERSION.into(), Value::String(self.protocol_version.into()));
        meta.insert(CLIENT_CAPABILITIES.into(), self.client_capabilities.clone());
        if let Some(info) = self.client_info {
            meta.insert(CLIENT_INFO.into(), info.clone());
        }
        if let Some(token) = &self.progress_token {
            meta.insert(PROGRESS_TOKEN.into(), token.clone());
        }
        if let Some(level) = self.log_level {
            meta.insert(LOG_LEVEL.into(), Value::String(level.into()));
        }
        meta
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn fills_the_envelope_and_keeps_caller_keys() {
        let caps = json!({});
        let info = json!({"name": "t", "version": "1"});
        let meta = RequestMeta {
            protocol_version: "2026-07-28",
            client_capabilities: &caps,
            client_info: Some(&info),
            progress_token: Some(json!("p1")),
            log_level: None,
        };
        let params = json!({"name": "x", "_meta": {"traceparent": "00-ab"}});
        let out = meta.apply(params.as_object().cloned());
        assert_eq!(
            Value::Object(out),
            json!({"name": "x", "_meta": {
                "traceparent": "00-ab",
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientCapabilities": {},
                "io.modelcontextprotocol/clientInfo": {"name": "t", "version": "1"},
                "progressToken": "p1"
            }})
        );
    }

    #[test]
    fn no_params_still_gets_meta_without_optional_keys() {
        let caps = json!({"elicitation": {}});
        let meta = RequestMeta {
            protocol_version: "2026-07-28",
            client_capabilities: &caps,
            client_info: None,
            progress_token: None,
            log_level: Some("debug"),
        };
        assert_eq!(
            Value::Object(meta.apply(None)),
            json!({"_meta": {
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientCapabilities": {"elicitation": {}},
                "io.modelcontextprotocol/logLevel": "debug"
            }})
        );
    }
}
