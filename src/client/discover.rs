//! `server/discover` on first use, and what its answer says about the server's era
//! (MCP 2026-07-28, `server/discover.mdx` and `basic/versioning.mdx` "Backward
//! Compatibility"; <https://modelcontextprotocol.io/specification/2026-07-28>).

use super::{supported_versions, Client, Era, RequestOptions};
use crate::error::{Error, ErrorCode, Result};
use crate::protocol::{codes, meta, version};
use serde_json::Value;
use std::rc::Rc;

/// What a server said about itself in `server/discover` (`DiscoverResult`).
#[derive(Debug, Clone, PartialEq)]
pub struct ServerDescription {
    /// `supportedVersions`.
    pub supported_versions: Vec<String>,
    /// `capabilities` (`ServerCapabilities`), verbatim.
    pub capabilities: Value,
    /// The server's `Implementation` (`{name, version, ...}`): from the result's
    /// `_meta["io.modelcontextprotocol/serverInfo"]`, or a top-level `serverInfo` as older
    /// drafts and the conformance mocks send. `Null` when absent.
    pub server_info: Value,
    /// `instructions`, if any.
    pub instructions: Option<String>,
}

impl ServerDescription {
    /// Reads a `DiscoverResult`.
    pub fn from_result(result: &Value) -> ServerDescription {
        let server_info = result
            .get("_meta")
            .and_then(|m| m.get(meta::SERVER_INFO))
            .or_else(|| result.get("serverInfo"))
            .cloned()
            .unwrap_or(Value::Null);
        ServerDescription {
            supported_versions: supported_versions(result.get("supportedVersions")),
            capabilities: result.get("capabilities").cloned().unwrap_or(Value::Null),
            server_info,
            instructions: result
                .get("instructions")
                .and_then(Value::as_str)
                .map(str::to_string),
        }
    }
}

/// Whether a failed probe means "this server speaks the handshake era": a JSON-RPC error
/// the modern revision never uses for a valid request (`-32601` method not found, `-32600`,
/// SDK 1.x's `-32000`), a 4xx that carries no recognised modern error, or a 2xx that carries
/// no JSON-RPC message at all (no body, `202`/`204`, `text/plain`, a body that is not JSON:
/// what a handshake-era endpoint, or a proxy in front of one, makes of a request it does not
/// know). 401/403 are never era evidence (they are authorization); 408, 429, 5xx (whatever
/// their body says), a `-32603` internal error, network errors and timeouts are outages: a
/// server that speaks both eras must not be pinned to the handshake era by one passing
/// failure.
pub(crate) fn is_handshake_evidence(err: &Error) -> bool {
    let status = err.http_status.unwrap_or(200);
    if matches!(status, 401 | 403 | 408 | 429) || status >= 500 {
        return false;
    }
    if status < 300 && matches!(err.code, ErrorCode::ContentType | ErrorCode::InvalidJson) {
        return true;
    }
    match err.rpc_code() {
        Some(
            codes::HEADER_MISMATCH
            | codes::MISSING_CLIENT_CAPABILITY
            | codes::UNSUPPORTED_PROTOCOL_VERSION
            | codes::INTERNAL_ERROR,
        ) => false,
        Some(_) => matches!(err.code, ErrorCode::RpcError),
        None => err.code == ErrorCode::HttpStatus && (400..500).contains(&status),
    }
}

/// Whether an error on an ordinary request (not the probe) suggests that a server once found
/// sessionless now speaks the handshake era (it was replaced): SDK-1.x style `400` answers
/// (`-32000` "Server not initialized", `-32600` "Missing session ID") or a bare 4xx without
/// any JSON-RPC body. Ordinary JSON-RPC errors (`-32602` unknown tool, ...) never count.
pub(crate) fn suggests_handshake_server(err: &Error) -> bool {
    match (err.http_status, err.rpc_code()) {
        (Some(400), Some(codes::SERVER_ERROR | codes::INVALID_REQUEST)) => true,
        (Some(400 | 404 | 405 | 406 | 415), None) => err.code == ErrorCode::HttpStatus,
        _ => false,
    }
}

/// Whether an error on a handshake-era request says the server now speaks 2026-07-28 only
/// (it was replaced): a `-32022` (unsupported protocol version) whose `data.supported` lists
/// a modern revision this adapter speaks (MCP 2026-07-28, `basic/versioning.mdx`).
pub(crate) fn suggests_modern_server(err: &Error) -> bool {
    if err.rpc_code() != Some(codes::UNSUPPORTED_PROTOCOL_VERSION) {
        return false;
    }
    let data = err.rpc.as_ref().and_then(|r| r.data.as_ref());
    let supported = supported_versions(data.and_then(|d| d.get("supported")));
    version::best_modern(&supported).is_some()
}

impl Client {
    /// The modern probe: `server/discover` at the newest modern revision (retried once on
    /// `-32022`), settling [`Era::Modern`] at the newest mutually supported version.
    ///
    /// # Errors
    ///
    /// [`ErrorCode::HandshakeEraServer`] when the answer shows a handshake-era
    /// server (see [`is_handshake_evidence`]), [`ErrorCode::UnsupportedProtocolVersion`] when
    /// the server lists no version this adapter speaks, or the request's own error.
    pub(crate) async fn discover(&self, opts: &RequestOptions) -> Result<Era> {
        let outcome = match self
            .request_modern(version::LATEST, "server/discover", None, opts)
            .await
        {
            Ok(outcome) => outcome,
            Err(mut err) if is_handshake_evidence(&err) => {
                err.code = ErrorCode::HandshakeEraServer;
                err.message = format!(
                    "the server did not accept server/discover at {} ({}); it looks like a handshake-era (initialize) server",
                    version::LATEST,
                    err.message
                );
                return Err(err);
            }
            Err(err) => return Err(err),
        };
        let server = ServerDescription::from_result(&outcome.result);
        let chosen = match version::best_modern(&server.supported_versions) {
            Some(v) => v,
            None => {
                let code = if server
                    .supported_versions
                    .iter()
                    .any(|v| version::is_handshake(v))
                {
                    ErrorCode::HandshakeEraServer
                } else {
                    ErrorCode::UnsupportedProtocolVersion
                };
                return Err(Error::new(
                    code,
                    format!(
                        "server/discover lists versions {}; this adapter speaks {}",
                        crate::quoted_list(&server.supported_versions),
                        crate::quoted_list(version::MODERN_VERSIONS)
                    ),
                ));
            }
        };
        self.settle(Era::Modern(chosen), Rc::new(server));
        Ok(Era::Modern(chosen))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::scripted::{json_reply, Canned, Scripted};
    use futures_executor::block_on;
    use serde_json::json;

    #[test]
    fn discover_reads_server_info_from_meta_or_top_level() {
        let d = ServerDescription::from_result(
            &json!({"supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"s","version":"1"}}}),
        );
        assert_eq!(d.server_info, json!({"name":"s","version":"1"}));
        let d = ServerDescription::from_result(
            &json!({"supportedVersions":["2026-07-28"],"serverInfo":{"name":"old"}}),
        );
        assert_eq!(d.server_info, json!({"name":"old"}));
        assert_eq!(d.capabilities, Value::Null);
    }

    #[test]
    fn retries_once_on_unsupported_version_then_succeeds() {
        let (client, script) = Scripted::client();
        script.push(json_reply(400, json!({"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"Unsupported protocol version","data":{"supported":["2026-07-28"],"requested":"2026-07-28"}}})));
        script.push(json_reply(200, json!({"jsonrpc":"2.0","id":2,"result":{"supportedVersions":["2026-07-28"],"capabilities":{}}})));
        block_on(client.discover(&RequestOptions::default())).unwrap();
        assert_eq!(
            client.server().unwrap().supported_versions,
            vec!["2026-07-28"]
        );
        assert_eq!(client.protocol_version().as_deref(), Some("2026-07-28"));
        let sent = script.sent();
        assert_eq!(sent.len(), 2);
        assert_ne!(sent[0].body["id"], sent[1].body["id"]);
        assert_eq!(sent[1].header("MCP-Protocol-Version"), Some("2026-07-28"));
        assert_eq!(
            sent[1].body["params"]["_meta"]["io.modelcontextprotocol/protocolVersion"],
            "2026-07-28"
        );
    }

    #[test]
    fn handshake_era_answers_are_a_typed_error() {
        for (status, body) in [
            (
                400,
                json!({"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: Server not initialized"}}),
            ),
            (
                404,
                json!({"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}),
            ),
            (
                200,
                json!({"jsonrpc":"2.0","id":1,"result":{"supportedVersions":["2025-11-25"],"capabilities":{}}}),
            ),
            (
                400,
                json!({"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"v","data":{"supported":["2025-11-25","2025-06-18"]}}}),
            ),
        ] {
            let (client, script) = Scripted::client();
            script.push(json_reply(status, body));
            let err = block_on(client.discover(&RequestOptions::default())).unwrap_err();
            assert_eq!(err.code, ErrorCode::HandshakeEraServer, "{err}");
            assert_eq!(client.protocol_version(), None);
        }
    }

    #[test]
    fn a_2xx_without_a_json_rpc_message_is_era_evidence_a_wrong_one_is_not() {
        let canned = |status: u16, content_type: Option<&str>, body: &'static str| Canned {
            content_type: content_type.map(str::to_string),
            chunks: vec![Ok(bytes::Bytes::from_static(body.as_bytes()))],
            ..crate::client::scripted::status(status)
        };
        for (answer, evidence) in [
            (canned(200, Some("application/json"), ""), true),
            (canned(200, Some("application/json"), " \r\n"), true),
            (canned(200, None, ""), true),
            (canned(202, None, ""), true),
            (canned(204, None, ""), true),
            (canned(200, Some("text/plain"), "OK"), true),
            (canned(200, Some("application/json"), "OK"), true),
            // a JSON-RPC answer to another request: a broken server, not one of another era
            (
                canned(
                    200,
                    Some("application/json"),
                    r#"{"jsonrpc":"2.0","id":7,"result":{}}"#,
                ),
                false,
            ),
        ] {
            let (client, script) = Scripted::client();
            let status = answer.status;
            script.push(answer);
            let err = block_on(client.discover(&RequestOptions::default())).unwrap_err();
            assert_eq!(
                err.code == ErrorCode::HandshakeEraServer,
                evidence,
                "{status}: {err}"
            );
        }
    }

    #[test]
    fn auth_and_outages_are_not_era_evidence() {
        let (client, script) = Scripted::client();
        script.push(json_reply(401, json!({"error":"unauthorized"})));
        let err = block_on(client.discover(&RequestOptions::default())).unwrap_err();
        assert_eq!(
            (err.code, err.http_status),
            (ErrorCode::HttpStatus, Some(401))
        );
        let (client, script) = Scripted::client();
        script.push(json_reply(503, json!({"error":"down"})));
        assert_eq!(
            block_on(client.discover(&RequestOptions::default()))
                .unwrap_err()
                .code,
            ErrorCode::HttpStatus
        );
        let (client, script) = Scripted::client();
        script.push(json_reply(
            200,
            json!({"jsonrpc":"2.0","id":1,"result":{"supportedVersions":["2099-01-01"]}}),
        ));
        assert_eq!(
            block_on(client.discover(&RequestOptions::default()))
                .unwrap_err()
                .code,
            ErrorCode::UnsupportedProtocolVersion
        );
    }

    #[test]
    fn passing_failures_are_not_era_evidence() {
        for (status, body) in [
            (429, json!({"error":"slow down"})),
            (408, json!({"error":"request timeout"})),
            (
                429,
                json!({"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"Too many requests"}}),
            ),
            (
                500,
                json!({"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"Internal error"}}),
            ),
            (
                503,
                json!({"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"upstream down"}}),
            ),
            (
                200,
                json!({"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"Internal error"}}),
            ),
        ] {
            let (client, script) = Scripted::client();
            script.push(json_reply(status, body));
            let err = block_on(client.discover(&RequestOptions::default())).unwrap_err();
            assert_ne!(err.code, ErrorCode::HandshakeEraServer, "{status}: {err}");
            assert_eq!(err.http_status, Some(status));
        }
    }

    #[test]
    fn a_failed_discovery_leaves_the_client_usable() {
        let (client, script) = Scripted::client();
        script.push(json_reply(503, json!({})));
        script.push(json_reply(200, json!({"jsonrpc":"2.0","id":2,"result":{"supportedVersions":["2026-07-28"],"capabilities":{}}})));
        assert!(block_on(client.discover(&RequestOptions::default())).is_err());
        assert!(block_on(client.discover(&RequestOptions::default())).is_ok());
    }
}
