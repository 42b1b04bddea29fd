//! One MCP server over streamable HTTP, whichever era it speaks: the sessionless 2026-07-28
//! revision (per-request `_meta`, `-32022` retry, `server/discover`) or, through a negotiated
//! fallback, the handshake era (2025-11-25, 2025-06-18: `initialize` + `Mcp-Session-Id`).
//! Typed requests (tools, pagination) are in the submodules and do not care which era.
//!
//! Sources: MCP 2026-07-28 (<https://modelcontextprotocol.io/specification/2026-07-28>),
//! `basic/versioning.mdx`, `server/discover.mdx`, `basic/index.mdx` "_meta",
//! `basic/transports/streamable-http.mdx`; MCP 2025-11-25, `basic/lifecycle.mdx`,
//! `basic/transports.mdx`.

pub mod cache;
pub mod discover;
pub mod era;
pub mod handshake;
pub mod prompts;
pub mod resources;
pub mod subscriptions;
mod tool_fields;
pub mod tools;

use crate::error::{Error, ErrorCode, Result};
use crate::protocol::jsonrpc::{self, Id, Incoming};
use crate::protocol::meta::RequestMeta;
use crate::protocol::param_headers::{self, ParamHeader};
use crate::protocol::result_type::ResultType;
use crate::protocol::{codes, headers, version};
use crate::transport::body::Reply;
use crate::transport::{
    Exchange, HttpRequest, HttpResponse, Limits, ResponseItem, ResponseReader, Target,
};
use futures_util::future::LocalBoxFuture;
use serde_json::{Map, Value};
use std::any::Any;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

pub use discover::ServerDescription;
pub use era::{Era, ProtocolMode};
pub use tools::CallOutcome;

/// Receives notifications that arrive on a request's response stream (or, in the handshake
/// era, on the session's stream while it runs): `(method, params, token)`, e.g.
/// `("notifications/progress", {progressToken, progress, total?, message?}, token)`, `token`
/// the integer `progressToken` that request sent (`None`: none, as on a subscription's
/// stream). Only progress that names it is the request's (MCP 2026-07-28,
/// `basic/patterns/progress.mdx`).
pub type NotificationHandler = Rc<dyn Fn(&str, &Value, Option<u64>)>;

pub use crate::transport::body::NotificationFilter;

/// A host callback that answers a server's request for input: gets the request's params and
/// the context of the call it answers for ([`RequestOptions::context`], `None` outside a
/// call), resolves to its result. Used for `elicitation/create` (params
/// `{message, requestedSchema, mode?}` → `ElicitResult`), `sampling/createMessage`
/// (→ `CreateMessageResult`) and `roots/list` (→ `{roots: [...]}`). The wasm bindings end the
/// wait with [`ErrorCode::Aborted`] or [`ErrorCode::Timeout`] when the call's signal aborts
/// or its timeout passes, as they end an HTTP exchange.
pub type HostHandler =
    Rc<dyn Fn(Value, Option<&Rc<dyn Any>>) -> LocalBoxFuture<'static, Result<Value>>>;

/// Told one sentence per thing the adapter dropped or worked around.
pub type WarningHandler = Rc<dyn Fn(&str)>;

/// The handler of handshake-era elicitation requests.
pub type ElicitationHandler = HostHandler;

/// Settings of a [`Client`], fixed for its life.
#[derive(Clone)]
pub struct ClientConfig {
    /// Which era to speak (default [`ProtocolMode::Auto`]).
    pub protocol: ProtocolMode,
    /// `Implementation` sent as `clientInfo` (2026-07-28: in `_meta` on every request;
    /// handshake era: in `initialize`).
    pub client_info: Value,
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
    /// Answers elicitation requests in place, in both eras (handshake-era `elicitation/create`
    /// requests, 2026-07-28 `elicitation/create` input requests). Without it the adapter
    /// turns each question into an interrupt (`crate::adapter::pending`,
    /// `crate::adapter::interrupt`).
    pub on_elicitation: Option<ElicitationHandler>,
    /// Answers `sampling/createMessage` input requests in place (2026-07-28 MRTR); the
    /// `sampling` capability is declared only when set.
    pub on_sampling: Option<HostHandler>,
    /// Answers `roots/list` input requests in place; the `roots` capability is declared
    /// only when set.
    pub roots: Option<HostHandler>,
    /// Most input-required rounds one call may take (default 10, as the TypeScript SDK).
    pub max_rounds: u32,
    /// Whether a handshake-era call whose question became an interrupt is held open for a
    /// live resume (default `true`); when not, it is cancelled at once, which releases the
    /// server's waiting tool, and its interrupt always replays (see `adapter::pending`).
    pub hold_calls: bool,
    /// Told about things the adapter dropped or worked around (e.g. a tool left out of the
    /// list for an invalid `x-mcp-header`), one sentence each.
    pub on_warning: Option<WarningHandler>,
    /// The host renders MCP Apps: the `io.modelcontextprotocol/ui` extension is declared (MCP
    /// Apps 2026-01-26, `apps.mdx`, "Client<>Server Capability Negotiation").
    pub apps: bool,
    /// In browsers an opaque network error from the probe is usually CORS refusing the new
    /// `Mcp-*` headers of an old server: when set, it counts as handshake-era evidence.
    pub opaque_network_error_means_handshake: bool,
    /// Whether 2026-07-28 requests declare the Tasks extension
    /// ([`TASKS_EXTENSION`](crate::protocol::meta::TASKS_EXTENSION), SEP-2663), so that a
    /// `tools/call` may be answered with a task (default `true`: a server whose tool needs one
    /// refuses a client that does not declare it with `-32021`); see `crate::adapter::task`.
    pub tasks: bool,
}

impl Default for ClientConfig {
    fn default() -> Self {
        ClientConfig {
            protocol: ProtocolMode::Auto,
            client_info: crate::obj! {"name": "mcp-wasm-adapter", "version": env!("CARGO_PKG_VERSION")},
            limits: Limits::default(),
            max_pages: 64,
            max_redirects: 5,
            log_level: None,
            progress: false,
            on_notification: None,
            on_elicitation: None,
            on_sampling: None,
            roots: None,
            max_rounds: 10,
            hold_calls: true,
            on_warning: None,
            apps: false,
            opaque_network_error_means_handshake: false,
            tasks: true,
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
    /// Where this call's notifications go, instead of the client's handler (the bindings give
    /// each call one handler that calls the host's adapter-level and per-call callbacks with
    /// the call's context; requests without one use the client's).
    pub on_notification: Option<NotificationHandler>,
    /// Takes this call's notifications from its event streams as text, before they are parsed
    /// (the messages it leaves go on as before, to `on_notification`).
    pub on_notification_text: Option<NotificationFilter>,
    /// Answers this call's handshake-era `elicitation/create` requests in place of the
    /// client's `on_elicitation` (the adapter hands the question to the host as an
    /// interrupt through it).
    pub on_elicitation: Option<ElicitationHandler>,
    /// The call's timeout in milliseconds, as the exchange applies it to each HTTP request
    /// (`None`: none); it also bounds how long a call is held open for a person's answer, and
    /// (through `context`) each wait on a host handler ([`HostHandler`]) or the bindings'
    /// approval predicate.
    pub timeout_ms: Option<f64>,
    /// The `x-mcp-header` mirrors of this `tools/call` in place of those of the client's own
    /// last listing ([`Client::list_tools_cached`]): those of the tool as a listing made with
    /// another user's headers showed it, when the call comes through that tool (MCP 2026-07-28
    /// `server/tools.mdx`: a listing MAY vary by authorization).
    pub param_headers: Option<Rc<Vec<ParamHeader>>>,
    /// A key the server may deduplicate this call's requests on, sent in `_meta` under
    /// [`IDEMPOTENCY_KEY`](crate::protocol::meta::IDEMPOTENCY_KEY) in both eras (the host's
    /// `idempotencyKey` call option; the LangChain glue derives one per tool call and round).
    pub idempotency_key: Option<String>,
    /// The call's W3C trace context, written into the `_meta` of each of its requests
    /// (`server/discover` and `initialize` included) under
    /// [`TRACE_KEYS`](crate::protocol::meta::TRACE_KEYS): see [`RequestMeta::trace`].
    pub trace: Option<String>,
    /// Check a resume's answer as `resume` does before sending, and send nothing
    /// (`validateAnswer` in `pkg-template/adapter.js`); of a tool call, ask only the host's
    /// approval gate (what `needsApproval` of `pkg-template/ai.js` asks).
    pub check_only: bool,
    /// The most a call waits for its task, in milliseconds, before it returns the task's
    /// handle instead (`None`: until the task ends; see `crate::adapter::task`).
    pub task_wait_ms: Option<f64>,
    /// Cancel the task a resume is given, instead of following it (`cancelTask` in
    /// `pkg-template/adapter.js`; see `crate::adapter::task::resume`).
    pub cancel: bool,
    /// The era the request belongs to (`Some(true)`: a handshake era), when it answers or
    /// follows what another connection made (an interrupt, a task): [`Client::request`]
    /// refuses it over a connection of the other era, where it could never reach the server's
    /// question or task ([`OTHER_ERA`]), and never sends it again after the server turned out
    /// to have changed eras (the error that showed it stands).
    pub era: Option<bool>,
}

/// The message of [`RequestOptions::era`]'s refusal: a handshake-era question is answered on
/// the session that asked it (MCP 2025-11-25 `client/elicitation.mdx`) and its tasks live in
/// it, a 2026-07-28 one is answered by a retry of the request (`basic/patterns/mrtr.mdx`).
pub const OTHER_ERA: &str = "this interrupt is of the other protocol generation than this adapter's connection: resume it with an adapter of its generation (protocol \"legacy\" for a handshake-era one); nothing of it was sent";

/// A result and its [`ResultType`].
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// The JSON-RPC `result` object.
    pub result: Value,
    /// `complete`, `input_required`, or (a `tools/call` that declared the Tasks extension)
    /// `task`.
    pub kind: ResultType,
}

#[derive(Default)]
struct State {
    /// The negotiated era, once known.
    era: Option<Era>,
    /// What the server said about itself (`server/discover` or `initialize`).
    server: Option<Rc<ServerDescription>>,
    /// Whether a negotiation is under way (concurrent first calls wait for it).
    negotiating: bool,
    /// Calls waiting for the negotiation under way, told its outcome.
    waiters: Vec<crate::oneshot::Sender<Result<Era>>>,
}

/// A client of one MCP server. Cheap to share behind an `Rc`; calls may run concurrently
/// (each has its own JSON-RPC id and stream); nothing is left half-changed by a failed call.
pub struct Client {
    target: Target,
    exchange: Rc<dyn Exchange>,
    config: ClientConfig,
    /// `ClientCapabilities` declared on every 2026-07-28 request.
    capabilities: Value,
    next_id: Cell<Id>,
    state: RefCell<State>,
    /// `x-mcp-header` mirrors of the tools of the client's own last listing, with their tool
    /// names (the last one listed wins for a repeated name).
    param_headers: RefCell<Vec<(String, Vec<ParamHeader>)>>,
    /// The tools of the client's own last listing, by name, each with its
    /// `execution.taskSupport` (or `null`): which a handshake-era call sends as a task
    /// ([`Client::runs_as_task`]).
    task_tools: RefCell<Map<String, Value>>,
}

impl Client {
    /// A client for `target` that sends its requests through `exchange`. Nothing is sent yet.
    pub fn new(target: Target, exchange: Rc<dyn Exchange>, config: ClientConfig) -> Client {
        let capabilities = capabilities(&config, true);
        Client {
            target,
            exchange,
            config,
            capabilities,
            next_id: Cell::new(1),
            state: RefCell::new(State::default()),
            param_headers: RefCell::default(),
            task_tools: RefCell::default(),
        }
    }

    /// The server URL.
    pub fn target(&self) -> &Target {
        &self.target
    }

    /// The settings.
    pub fn config(&self) -> &ClientConfig {
        &self.config
    }

    /// The exchange the requests go through (its clock times held calls).
    pub fn exchange(&self) -> &dyn Exchange {
        &*self.exchange
    }

    /// The negotiated era, once the first request has settled it.
    pub fn era(&self) -> Option<Era> {
        self.state.borrow().era.clone()
    }

    /// The negotiated protocol revision (`"2026-07-28"`, `"2025-11-25"`, ...), once settled.
    pub fn protocol_version(&self) -> Option<String> {
        self.era().map(|e| e.version().to_string())
    }

    /// What the server said about itself, once the era is settled.
    pub fn server(&self) -> Option<Rc<ServerDescription>> {
        self.state.borrow().server.clone()
    }

    fn take_id(&self) -> Id {
        let id = self.next_id.get();
        self.next_id.set(id.wrapping_add(1).max(1));
        id
    }

    fn settle(&self, era: Era, server: Rc<ServerDescription>) {
        let mut state = self.state.borrow_mut();
        state.era = Some(era);
        state.server = Some(server);
    }

    fn forget_era(&self) {
        let mut state = self.state.borrow_mut();
        state.era = None;
        state.server = None;
    }

    /// Sends `method` with `params` and returns its result, in whichever era the server
    /// speaks (settled on first use, see [`Client::ensure_ready`]).
    ///
    /// In [`ProtocolMode::Auto`], when a cached sessionless verdict later meets handshake-era
    /// evidence (the server was replaced), the era is probed again once and the request
    /// retried; so is a handshake-era verdict that meets a `-32022` naming only modern
    /// revisions we speak (see [`discover::suggests_modern_server`]). A result whose `resultType` is unknown is [`ErrorCode::InvalidResultType`]; a
    /// JSON-RPC error is [`ErrorCode::RpcError`] carrying the server's code, message and data.
    ///
    /// On first contact, a list request (`tools/list`, `prompts/list`, `resources/list`,
    /// `resources/templates/list`: read-only, so safe to send to a server of either era) goes
    /// out at the newest revision beside the `server/discover` probe (while the probe is in
    /// flight) instead of after it. Its answer, result or error, counts when the probe
    /// settles on that revision, exactly as if it had been sent afterwards; otherwise it is
    /// dropped and the request sent in the era negotiated. This saves one round trip at start
    /// (the first thing an agent does is list its tools).
    ///
    /// # Errors
    ///
    /// Those of [`Client::ensure_ready`] on first use; [`ErrorCode::InvalidResultType`] and
    /// [`ErrorCode::RpcError`] as above; transport errors.
    pub async fn request(
        &self,
        method: &str,
        params: Option<&Map<String, Value>>,
        opts: &RequestOptions,
    ) -> Result<Outcome> {
        let newest = version::MODERN_VERSIONS[0];
        let (era, early) = if self.era().is_none()
            && self.config.protocol != ProtocolMode::Legacy
            && is_list(method)
        {
            // sent only while the probe is in flight (not once a verdict is in)
            let beside = async {
                if !self.state.borrow().negotiating {
                    return None;
                }
                Some(self.request_modern(newest, method, params, opts).await)
            };
            let (era, early) = futures_util::future::join(self.ensure_ready(opts), beside).await;
            let era = era?;
            let counts = matches!(era, Era::Modern(v) if v == newest);
            (era, early.filter(|_| counts))
        } else {
            (self.ensure_ready(opts).await?, None)
        };
        if opts
            .era
            .is_some_and(|legacy| legacy != matches!(era, Era::Handshake(_)))
        {
            return Err(Error::new(ErrorCode::InvalidArgument, OTHER_ERA));
        }
        let first = match early {
            Some(outcome) => outcome,
            None => self.request_in(&era, method, params, opts).await,
        };
        let modern = matches!(era, Era::Modern(_));
        match first {
            // A sessionless verdict that meets handshake-era evidence, or (and back) a
            // handshake-era one that meets a server refusing those revisions for a modern
            // one, is probed again once; the request is sent again only when the era changed
            // (either answer came before the request ran).
            Err(err)
                if self.config.protocol == ProtocolMode::Auto
                    && if modern {
                        discover::suggests_handshake_server(&err)
                    } else {
                        discover::suggests_modern_server(&err)
                    } =>
            {
                self.forget_era();
                let again = self.ensure_ready(opts).await?;
                // (a request another connection's era made, `RequestOptions::era`, never goes
                // in the new one: the error stands)
                if matches!(again, Era::Modern(_)) == modern || opts.era.is_some() {
                    return Err(err);
                }
                self.request_in(&again, method, params, opts).await
            }
            result => result,
        }
    }

    async fn request_in(
        &self,
        era: &Era,
        method: &str,
        params: Option<&Map<String, Value>>,
        opts: &RequestOptions,
    ) -> Result<Outcome> {
        match era {
            Era::Modern(v) => self.request_modern(v, method, params, opts).await,
            Era::Handshake(session) => self.request_handshake(session, method, params, opts).await,
        }
    }

    /// A 2026-07-28 request at `version`. A `-32022` (unsupported version) answer with a
    /// mutually supported modern version in `data.supported` is retried once, with a new id,
    /// at that version (MCP 2026-07-28, `basic/versioning.mdx`).
    async fn request_modern(
        &self,
        version: &'static str,
        method: &str,
        params: Option<&Map<String, Value>>,
        opts: &RequestOptions,
    ) -> Result<Outcome> {
        let mut version = version;
        let mut retried = false;
        loop {
            let id = self.take_id();
            let reply = self.post_modern(id, version, method, params, opts).await?;
            let rpc = match reply.outcome {
                Ok(result) => return self.outcome(method, result, true),
                Err(rpc) => rpc,
            };
            if rpc.code == codes::UNSUPPORTED_PROTOCOL_VERSION && !retried {
                let supported =
                    supported_versions(rpc.data.as_ref().and_then(|d| d.get("supported")));
                if let Some(v) = version::best_modern(&supported) {
                    retried = true;
                    version = v;
                    if let Some(Era::Modern(current)) = &mut self.state.borrow_mut().era {
                        *current = v;
                    }
                    continue;
                }
                let code = if supported.iter().any(|v| version::is_handshake(v)) {
                    ErrorCode::HandshakeEraServer
                } else {
                    ErrorCode::UnsupportedProtocolVersion
                };
                let mut err = Error::rpc(rpc);
                err.code = code;
                err.message = format!(
                    "the server supports only protocol versions {}; this adapter speaks {}",
                    crate::quoted_list(&supported),
                    crate::quoted_list(version::MODERN_VERSIONS)
                );
                return Err(err.with_status(reply.status));
            }
            let mut err = Error::rpc(rpc).with_status(reply.status);
            if retried && err.rpc_code() == Some(codes::UNSUPPORTED_PROTOCOL_VERSION) {
                err.code = ErrorCode::UnsupportedProtocolVersion;
            }
            return Err(err);
        }
    }

    /// A result of `method` and its [`ResultType`]. `task` is valid only for a `tools/call` of
    /// a client that declares the Tasks extension, which only `modern` (2026-07-28) requests
    /// do: "A client that receives CreateTaskResult in response to an unsupported request type
    /// MUST interpret this as an invalid response" (the Tasks extension, "Capability
    /// Negotiation").
    ///
    /// # Errors
    ///
    /// [`ErrorCode::InvalidResultType`]: an unknown `resultType`, or a task where none may be.
    pub(crate) fn outcome(&self, method: &str, result: Value, modern: bool) -> Result<Outcome> {
        let kind = ResultType::of(&result)?;
        if kind == ResultType::Task && !(modern && self.config.tasks && method == "tools/call") {
            return Err(Error::new(
                ErrorCode::InvalidResultType,
                format!(
                    "{method} answered resultType \"task\", which only a tools/call that declared {} may get",
                    crate::protocol::meta::TASKS_EXTENSION
                ),
            ));
        }
        Ok(Outcome { result, kind })
    }

    /// Declared capabilities of every 2026-07-28 request (`schema.ts` `ClientCapabilities`),
    /// derived once from the configuration (see [`capabilities`]).
    pub fn modern_capabilities(&self) -> &Value {
        &self.capabilities
    }

    /// Hands a notification that arrived on a response stream of a request that sent
    /// progress token `token` to the call's handler, or to the client's when the call has none.
    pub(crate) fn deliver(
        &self,
        opts: &RequestOptions,
        (method, params): (&str, &Value),
        token: Option<u64>,
    ) {
        if let Some(handler) = opts
            .on_notification
            .as_ref()
            .or(self.config.on_notification.as_ref())
        {
            handler(method, params, token);
        }
    }

    /// One 2026-07-28 POST: `_meta` envelope, standard `Mcp-*` headers, and the read of its
    /// response.
    async fn post_modern(
        &self,
        id: Id,
        version: &str,
        method: &str,
        params: Option<&Map<String, Value>>,
        opts: &RequestOptions,
    ) -> Result<Reply> {
        let token = self.progress_token(id, opts);
        let meta = RequestMeta {
            protocol_version: Some(version),
            client_capabilities: Some(&self.capabilities),
            client_info: Some(&self.config.client_info),
            progress_token: token.map(Value::from),
            log_level: self.config.log_level.as_deref(),
            idempotency_key: opts.idempotency_key.as_deref(),
            trace: opts.trace.as_deref(),
        };
        let empty = Map::new();
        let fields = params.unwrap_or(&empty);
        let mut header_list = base_headers();
        header_list.extend(headers::standard(version, method, fields));
        let idempotent = idempotent(method);
        if !idempotent {
            let name = fields.get("name").and_then(Value::as_str).unwrap_or("");
            let arguments = fields.get("arguments").unwrap_or(&Value::Null);
            let own = self.param_headers.borrow();
            let mirrors = match &opts.param_headers {
                Some(mirrors) => Some(&**mirrors),
                None => own.iter().rev().find(|(n, _)| n == name).map(|(_, m)| m),
            };
            if let Some(mirrors) = mirrors {
                header_list.extend(param_headers::header_values(mirrors, arguments));
            }
        }
        let body = jsonrpc::request_with_meta(id, method, params, Some(&meta));
        let response = self
            .send("POST", header_list, body, opts.context.clone(), idempotent)
            .await?;
        self.read_reply(
            &mut ResponseReader::new(response, id, &self.config.limits).with_progress_token(token),
            opts,
            None,
        )
        .await
    }

    /// Tells the host's warning handler, if any.
    pub(crate) fn warn(&self, text: &str) {
        if let Some(handler) = &self.config.on_warning {
            handler(text);
        }
    }

    /// The `progressToken` of request `id`, when the host asked for progress: the request's
    /// own id, unique among the client's requests (as the TypeScript SDK's client does).
    fn progress_token(&self, id: Id, opts: &RequestOptions) -> Option<u64> {
        (self.config.progress || opts.progress).then_some(id)
    }

    /// Sends one request, following same-origin 307/308 redirects (at most
    /// `config.max_redirects`); any other redirect is [`ErrorCode::Redirect`]. `idempotent`:
    /// see [`HttpRequest::idempotent`] and [`idempotent`].
    async fn send(
        &self,
        method: &'static str,
        header_list: Vec<(String, String)>,
        body: String,
        context: Option<Rc<dyn Any>>,
        idempotent: bool,
    ) -> Result<HttpResponse> {
        // moved, not copied, into what each hop's request shares
        let (header_list, body): (Rc<[(String, String)]>, _) = (header_list.into(), Rc::new(body));
        let mut target = self.target.clone();
        let mut hops = 0;
        loop {
            let request = HttpRequest {
                method,
                url: target.as_str().to_string(),
                headers: Rc::clone(&header_list),
                body: Rc::clone(&body),
                body_limit: self.config.limits.max_body_bytes,
                idempotent,
                context: context.clone(),
            };
            let response = self.exchange.send(request).await?;
            if !(300..400).contains(&response.status) && response.status != 0 {
                return Ok(response);
            }
            let next = match (response.status, response.location.as_deref()) {
                (307 | 308, Some(location)) if hops < self.config.max_redirects => {
                    target.same_origin_redirect(location)
                }
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
                        format!(
                            "the server answered HTTP {} (a redirect this adapter does not follow: only same-origin 307/308, at most {})",
                            response.status, self.config.max_redirects
                        ),
                    )
                    .with_status(response.status))
                }
            }
        }
    }

    /// Reads a response to its reply: notifications go to the handlers; server requests
    /// (handshake era only, `session` given) are answered before reading on.
    async fn read_reply(
        &self,
        reader: &mut ResponseReader,
        opts: &RequestOptions,
        session: Option<&handshake::Session>,
    ) -> Result<Reply> {
        // a message read while a server request was answered, handled next
        let mut read = None;
        loop {
            let item = match read.take() {
                Some(item) => item,
                None => reader.next(opts.on_notification_text.as_ref()).await,
            };
            match item? {
                ResponseItem::Reply(reply) => return Ok(reply),
                ResponseItem::Message(Incoming::Notification { method, params }) => {
                    self.deliver(opts, (&method, &params), reader.progress_token())
                }
                ResponseItem::Message(Incoming::Request { id, method, params }) => {
                    if let Some(session) = session {
                        let request = (id, method.as_str(), params);
                        read = self
                            .answer_server_request(session, request, Some(reader), opts)
                            .await?;
                    }
                }
                ResponseItem::Message(Incoming::Response { .. }) => {}
            }
        }
    }
}

/// The capabilities a request declares (`schema.ts` `ClientCapabilities`): elicitation in form
/// and URL mode always (the host answers them as interrupts), `sampling` and `roots` only when
/// the host gave a handler for them, the MCP Apps extension only when it renders apps
/// (`extensions: {"io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}`,
/// in both eras), and unless the host turned tasks off, the Tasks extension on `modern`
/// (2026-07-28) requests, or in `initialize` (never the 2026-07-28 extensions there) the
/// `tasks` capability of task-augmented tool calls (MCP 2025-11-25
/// `basic/utilities/tasks.mdx`, "Capabilities"; the client runs no tasks of its own).
pub(crate) fn capabilities(config: &ClientConfig, modern: bool) -> Value {
    let mut caps = Map::new();
    crate::put(
        &mut caps,
        "elicitation",
        crate::obj! {"form": crate::obj! {}, "url": crate::obj! {}},
    );
    if config.on_sampling.is_some() {
        crate::put(&mut caps, "sampling", Value::Object(Map::new()));
    }
    if config.roots.is_some() {
        crate::put(&mut caps, "roots", Value::Object(Map::new()));
    }
    let mut extensions = Map::new();
    if config.apps {
        const UI: &[u8] = br#"{"mimeTypes":["text/html;profile=mcp-app"]}"#;
        let ui = mcp_wasm_adapter_json::parse(UI).unwrap_or_default();
        crate::put(&mut extensions, "io.modelcontextprotocol/ui", ui);
    }
    if config.tasks {
        let (into, key) = match modern {
            true => (&mut extensions, crate::protocol::meta::TASKS_EXTENSION),
            false => (&mut caps, "tasks"),
        };
        crate::put(into, key, Value::Object(Map::new()));
    }
    if !extensions.is_empty() {
        crate::put(&mut caps, "extensions", Value::Object(extensions));
    }
    Value::Object(caps)
}

/// `Content-Type` and `Accept` of every POST.
fn base_headers() -> Vec<(String, String)> {
    vec![
        (headers::CONTENT_TYPE.to_string(), headers::JSON.to_string()),
        (
            headers::ACCEPT.to_string(),
            headers::ACCEPT_BOTH.to_string(),
        ),
    ]
}

/// The strings of a `supported` / `supportedVersions` array (other entries ignored).
pub(crate) fn supported_versions(value: Option<&Value>) -> Vec<String> {
    let mut versions = Vec::new();
    for v in value
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice)
    {
        if let Some(v) = v.as_str() {
            versions.push(v.to_string());
        }
    }
    versions
}

#[cfg(test)]
pub(crate) mod scripted;

/// Whether a request of `method` may be sent twice: every request the adapter sends reads,
/// lists, opens, answers or ends something, which done twice is done once, but a `tools/call`,
/// which runs a tool (a new method that acts goes here too).
fn idempotent(method: &str) -> bool {
    method != "tools/call"
}

/// Whether `method` lists something (read-only and safe to send twice; see
/// [`Client::request`]).
fn is_list(method: &str) -> bool {
    matches!(
        method,
        "tools/list" | "prompts/list" | "resources/list" | "resources/templates/list"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_apps_extension_is_declared_only_for_a_host_that_renders_apps() {
        let form_and_url = json!({"form": {}, "url": {}});
        assert_eq!(
            capabilities(&ClientConfig::default(), false),
            json!({"elicitation": form_and_url, "tasks": {}})
        );
        let apps = ClientConfig {
            apps: true,
            tasks: false,
            ..ClientConfig::default()
        };
        assert_eq!(
            capabilities(&apps, false),
            json!({"elicitation": form_and_url,
                   "extensions": {"io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}})
        );
        // the Tasks extension on 2026-07-28 requests, the handshake era's capability in
        // `initialize`, neither with tasks off
        let tasks =
            |config: &ClientConfig, modern| capabilities(config, modern).get("tasks").cloned();
        assert_eq!(tasks(&ClientConfig::default(), true), None);
        assert_eq!(
            capabilities(&ClientConfig::default(), true)["extensions"],
            json!({"io.modelcontextprotocol/tasks": {}})
        );
        assert_eq!(tasks(&apps, false), None);
        assert_eq!(
            capabilities(&apps, true)["extensions"].get("io.modelcontextprotocol/tasks"),
            None
        );
    }
}
