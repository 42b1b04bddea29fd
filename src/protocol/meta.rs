//! The per-request `_meta` envelope of 2026-07-28 (MCP 2026-07-28, `basic/index.mdx` "_meta"
//! and `schema.ts` `RequestMetaObject`). Every request carries `params._meta` with the
//! protocol version and client capabilities (MUST) and client info (SHOULD).

use serde::ser::{Serialize, SerializeMap, Serializer};
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
}

impl<'m> RequestMeta<'m> {
    /// Only a `progressToken` (what the handshake era puts in `_meta`).
    pub fn progress(token: Value) -> RequestMeta<'m> {
        RequestMeta {
            protocol_version: None,
            client_capabilities: None,
            client_info: None,
            progress_token: Some(token),
            log_level: None,
        }
    }

    /// The `_meta` of a request whose params already hold `existing` as `_meta`: the
    /// caller's keys are kept, the envelope keys are set (replacing the caller's). A view that
    /// serializes without copying the caller's keys, the capabilities or the client info.
    pub fn over<'a>(&'a self, existing: Option<&'a Value>) -> MergedMeta<'a> {
        MergedMeta {
            meta: self,
            existing: existing.and_then(Value::as_object),
        }
    }

    /// Whether `key` is one this envelope sets (so a caller's value under it is replaced).
    fn sets(&self, key: &str) -> bool {
        match key {
            PROTOCOL_VERSION => self.protocol_version.is_some(),
            CLIENT_CAPABILITIES => self.client_capabilities.is_some(),
            CLIENT_INFO => self.client_info.is_some(),
            PROGRESS_TOKEN => self.progress_token.is_some(),
            LOG_LEVEL => self.log_level.is_some(),
            _ => false,
        }
    }
}

/// A request's `_meta` (see [`RequestMeta::over`]): the caller's own keys first, then the
/// envelope's.
pub struct MergedMeta<'a> {
    meta: &'a RequestMeta<'a>,
    existing: Option<&'a Map<String, Value>>,
}

impl Serialize for MergedMeta<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        let meta = self.meta;
        let mut map = serializer.serialize_map(None)?;
        for (key, value) in self.existing.into_iter().flatten() {
            if !meta.sets(key) {
                map.serialize_entry(key, value)?;
            }
        }
        if let Some(version) = meta.protocol_version {
            map.serialize_entry(PROTOCOL_VERSION, version)?;
        }
        if let Some(capabilities) = meta.client_capabilities {
            map.serialize_entry(CLIENT_CAPABILITIES, capabilities)?;
        }
        if let Some(info) = meta.client_info {
            map.serialize_entry(CLIENT_INFO, info)?;
        }
        if let Some(token) = &meta.progress_token {
            map.serialize_entry(PROGRESS_TOKEN, token)?;
        }
        if let Some(level) = meta.log_level {
            map.serialize_entry(LOG_LEVEL, level)?;
        }
        map.end()
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
            protocol_version: Some("2026-07-28"),
            client_capabilities: Some(&caps),
            client_info: Some(&info),
            progress_token: Some(json!("p1")),
            log_level: None,
        };
        let existing = json!({"traceparent": "00-ab", "progressToken": "theirs"});
        assert_eq!(
            json!({"name": "x", "_meta": serde_json::to_value(meta.over(Some(&existing))).unwrap()}),
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
            protocol_version: Some("2026-07-28"),
            client_capabilities: Some(&caps),
            client_info: None,
            progress_token: None,
            log_level: Some("debug"),
        };
        assert_eq!(
            json!({"_meta": serde_json::to_value(meta.over(None)).unwrap()}),
            json!({"_meta": {
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientCapabilities": {"elicitation": {}},
                "io.modelcontextprotocol/logLevel": "debug"
            }})
        );
    }
}
