//! One MCP server, spoken to over streamable HTTP at 2026-07-28: the per-request envelope,
//! inline version negotiation (`-32022` retry), `server/discover` on first use, result types,
//! pagination, and the typed requests the adapter needs.
//!
//! Sources: MCP 2026-07-28 `basic/versioning.mdx`, `server/discover.mdx`,
//! `server/utilities/pagination.mdx`, `server/tools.mdx` (digest §2, §4, §5.10).

pub mod discover;
pub mod tools;

use crate::error::{Error, ErrorCode, Result};
use crate::protocol::jsonrpc::{self, Id, Incoming};
use crate::protocol::meta::RequestMeta;
use crate::protocol::result_type::ResultType;
use crate::protocol::{codes, headers, version};
use crate::transport::{read_response, Exchange, HttpRequest, Limits, Target};
use serde_json::{Map, Value};
use std::any::Any;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

pub use discover::ServerDescription;
pub use tools::CallOutcome;

/// Receives notifications that arrive on a request's response stream:
/// `(method, params)`, e.g. `("notifications/progress", {progressToken, progress, total?, message?})`.
pub type NotificationHandler = Rc<dyn Fn(&str, &Value)>;

/// Settings of a [`Client`], fixed for its life.
#[derive(Clone)]
pub struct ClientConfig {
    /// `Implementation` sent as `_meta["io.modelcontextprotocol/clientInfo"]` on every request.
    pub client_info: Value,
    /// `ClientCapabilities` sent on every request (`{}` declares none).
    pub capabilities: Value,
    /// Bounds on each response.
    pub limits: Limits,
    /// Most pages one list call follows (default 64, as the TypeScript SDK).
    pub max_pages: usize,
    /// Most same-origin redirects one request follows (default 5).
    pub max_redirects: usize,
    /// Opt in to `notifications/message` at this level (`_meta` logLevel) on every request.
    pub log_level: Option<String>,
    /// Ask for `notifications/progress` (a `progressToken`) on every request.
    pub progress: bool,
    /// Where notifications go (progress, log messages).
    pub on_notification: Option<NotificationHandler>,
}

impl Default for ClientConfig {
    fn default() -> Self {
        ClientConfig {
            client_info: serde_json::json!({"name": "mcp-wasm-adapter", "version": env!("CARGO_PKG_VERSION")}),
            capabilities: Value::Object(Map::new()),
            limits: Limits::default(),
            max_pages: 64,
            max_redirects: 5,
            log_level: None,
            progress: false,
            on_notification: None,
        }
    }
}

/// Per-call settings.
#[derive(Clone, Default)]
pub struct RequestOptions {
    /// Context for the exchange (the wasm exchange reads the `AbortSignal` and timeout).
    pub context: Option<Rc<dyn Any>>,
    /// Ask for progress on this call even when the client does not.
    pub progress: bool,
    /// Where this call's notifications go, in addition to the client's handler.
    pub on_notification: Option<NotificationHandler>,
}

/// A result and its [`ResultType`].
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// The JSON-RPC `result` object.
    pub result: Value,
    /// `complete` or `input_required`.
    pub kind: ResultType,
}

#[derive(Default)]
struct State {
    /// The negotiated revision, once known.
    version: Option<&'static str>,
    /// What `server/discover` said.
    server: Option<Rc<ServerDescription>>,
}

/// A client of one MCP server. Cheap to share behind an `Rc`; calls may run concurrently
/// (each has its own JSON-RPC id and stream); nothing is left half-changed by a failed call.
pub struct Client {
    target: Target,
    exchange: Rc<dyn Exchange>,
    config: ClientConfig,
    next_id: Cell<Id>,
    state: RefCell<State>,
}

impl Client {
    /// A client for `target` that sends its POSTs through `exchange`. No request is sent yet.
    pub fn new(target: Target, exchange: Rc<dyn Exchange>, config: ClientConfig) -> Client {
        Client { target, exchange, config, next_id: Cell::new(1), state: RefCell::new(State::default()) }
    }

    /// The server URL.
    pub fn target(&self) -> &Target {
        &self.target
    }

    /// The settings.
    pub fn config(&self) -> &ClientConfig {
        &self.config
    }

    /// The negotiated protocol revision, once the first request has settled it.
    pub fn protocol_version(&self) -> Option<&'static str> {
        self.state.borrow().version
    }

    /// What `server/discover` returned, once it has run.
    pub fn server(&self) -> Option<Rc<ServerDescription>> {
        self.state.borrow().server.clone()
    }

    fn take_id(&self) -> Id {
        let id = self.next_id.get();
        self.next_id.set(id.wrapping_add(1).max(1));
        id
    }

    /// Sends `method` with `params` and returns its result, after settling the protocol
    /// version on first use (see [`Client::ensure_ready`]).
    ///
    /// A `-32022` (unsupported version) answer with a mutually supported modern version in
    /// `data.supported` is retried once, with a new id, at that version. A result whose
    /// `resultType` is unknown is [`ErrorCode::InvalidResultType`]. A JSON-RPC error is
    /// [`ErrorCode::RpcError`] carrying the server's code, message and data.
    pub async fn request(&self, method: &str, params: Option<Map<String, Value>>, opts: &RequestOptions) -> Result<Outcome> {
        self.ensure_ready(opts).await?;
        self.request_unprobed(method, params, opts).await
    }

    /// Like [`Client::request`] but without settling the version first (used by discovery).
    async fn request_unprobed(&self, method: &str, params: Option<Map<String, Value>>, opts: &RequestOptions) -> Result<Outcome> {
        let mut version = self.protocol_version().unwrap_or(version::LATEST);
        let mut retried = false;
        loop {
            let id = self.take_id();
            let reply = self.post(id, version, method, params.clone(), opts).await?;
            let rpc = match reply.outcome {
                Ok(result) => {
                    let kind = ResultType::of(&result)?;
                    return Ok(Outcome { result, kind });
                }
                Err(rpc) => rpc,
            };
            if rpc.code == codes::UNSUPPORTED_PROTOCOL_VERSION && !retried {
                let supported = supported_versions(rpc.data.as_ref().and_then(|d| d.get("supported")));
                if let Some(v) = version::best_modern(supported.iter().map(String::as_str)) {
                    retried = true;
                    version = v;
                    self.state.borrow_mut().version = Some(v);
                    continue;
                }
                let code = if supported.iter().any(|v| version::is_handshake(v)) {
                    ErrorCode::HandshakeEraServer
                } else {
                    ErrorCode::UnsupportedProtocolVersion
                };
                let mut err = Error::rpc(rpc);
                err.code = code;
                err.message = format!("the server supports only protocol versions {supported:?}; this adapter speaks {:?}", version::MODERN_VERSIONS);
                return Err(err.with_status(reply.status));
            }
            let mut err = Error::rpc(rpc).with_status(reply.status);
            if retried && err.rpc_code() == Some(codes::UNSUPPORTED_PROTOCOL_VERSION) {
                err.code = ErrorCode::UnsupportedProtocolVersion;
            }
            return Err(err);
        }
    }

    /// One POST (following same-origin 307/308 redirects) and the read of its response.
    async fn post(&self, id: Id, version: &str, method: &str, params: Option<Map<String, Value>>, opts: &RequestOptions) -> Result<crate::transport::body::Reply> {
        let progress = self.config.progress || opts.progress;
        let meta = RequestMeta {
            protocol_version: version,
            client_capabilities: &self.config.capabilities,
            client_info: Some(&self.config.client_info),
            progress_token: progress.then(|| Value::String(format!("mcp-wasm-adapter-{id}"))),
            log_level: self.config.log_level.as_deref(),
        };
        let params = meta.apply(params);
        let mut header_list = vec![
            ("Content-Type".to_string(), "application/json".to_string()),
            ("Accept".to_string(), headers::ACCEPT_BOTH.to_string()),
        ];
        header_list.extend(headers::standard(version, method, &Value::Object(params.clone())));
        let body = jsonrpc::request(id, method, params);
        let mut target = self.target.clone();
        let mut hops = 0;
        let response = loop {
            let request = HttpRequest { url: target.as_str().to_string(), headers: header_list.clone(), body: body.clone(), context: opts.context.clone() };
            let response = self.exchange.post(request).await?;
            if !(300..400).contains(&response.status) && response.status != 0 {
                break response;
            }
            let next = match (response.status, response.location.as_deref()) {
                (307 | 308, Some(location)) if hops < self.config.max_redirects => target.same_origin_redirect(location),
                _ => None,
            };
            match next {
                Some(next) => {
                    hops += 1;
                    target = next;
                }
                None => {
                    return Err(Error::new(
                        ErrorCode::Redirect,
                        format!("the server answered HTTP {} (a redirect this adapter does not follow: only same-origin 307/308, at most {})", response.status, self.config.max_redirects),
                    )
                    .with_status(response.status))
                }
            }
        };
        let client_sink = self.config.on_notification.clone();
        let call_sink = opts.on_notification.clone();
        let mut sink = |message: Incoming| {
            if let Incoming::Notification { method, params } = message {
                for handler in client_sink.iter().chain(call_sink.iter()) {
                    handler(&method, &params);
                }
            }
        };
        read_response(response, id, &self.config.limits, &mut sink).await
    }
}

/// The strings of a `supported` / `supportedVersions` array (other entries ignored).
pub(crate) fn supported_versions(value: Option<&Value>) -> Vec<String> {
    value
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_string)).collect())
        .unwrap_or_default()
}

#[cfg(test)]
pub(crate) mod scripted;
