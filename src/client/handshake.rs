//! The handshake era (MCP 2025-11-25 / 2025-06-18 over streamable HTTP): `initialize`,
//! `notifications/initialized`, the `Mcp-Session-Id` session, server requests on response
//! streams, cancellation notices, session expiry and close (MCP 2025-11-25,
//! `basic/lifecycle.mdx` and `basic/transports.mdx`;
//! <https://modelcontextprotocol.io/specification/2025-11-25>; how the adapter gets here: MCP
//! 2026-07-28, `basic/versioning.mdx` "Backward Compatibility").
//!
//! None of the 2026-only headers (`Mcp-Method`, `Mcp-Name`) or `_meta` envelope keys are sent
//! on this path: an old server in a browser may fail them at the CORS preflight before any
//! HTTP status is visible (`initialize` needs no `MCP-Protocol-Version` either).

use super::discover::ServerDescription;
use super::{base_headers, Client, Era, Outcome, RequestOptions};
use crate::error::{Error, ErrorCode, Result};
use crate::protocol::jsonrpc::{self, Id, Incoming};
use crate::protocol::meta::RequestMeta;
use crate::protocol::{codes, headers, notifications, version};
use crate::transport::{HttpResponse, ResponseItem, ResponseReader};
use futures_util::future::Either;
use futures_util::{FutureExt, StreamExt};
use serde_json::{Map, Value};
use std::rc::Rc;

/// The revision offered in `initialize`.
pub const OFFERED: &str = "2025-11-25";

/// Revisions accepted in the server's `initialize` answer.
pub const ACCEPTED: &[&str] = &["2025-11-25", "2025-06-18", "2025-03-26"];

/// Most times one response stream is resumed after closing early.
pub const MAX_RESUMPTIONS: usize = 10;

/// An open handshake-era session.
#[derive(Debug, PartialEq, Eq)]
pub struct Session {
    /// The negotiated revision (sent as `MCP-Protocol-Version` after `initialize`).
    pub version: String,
    /// The `Mcp-Session-Id` the server assigned in its `initialize` response, if any.
    pub id: Option<String>,
}

impl Session {
    /// The headers of a POST in the session: `Content-Type`, `Accept` (both response forms),
    /// `MCP-Protocol-Version` and `Mcp-Session-Id`.
    fn headers(&self) -> Vec<(String, String)> {
        let mut list = base_headers();
        self.push_identity(&mut list);
        list
    }

    /// The headers of a GET of the session's event stream: `Accept: text/event-stream`,
    /// `MCP-Protocol-Version`, `Mcp-Session-Id`, and `Last-Event-ID` when resuming after that
    /// event.
    fn stream_headers(&self, last_event_id: Option<&str>) -> Vec<(String, String)> {
        let mut list = vec![(
            headers::ACCEPT.to_string(),
            headers::EVENT_STREAM.to_string(),
        )];
        self.push_identity(&mut list);
        if let Some(id) = last_event_id {
            list.push((headers::LAST_EVENT_ID.to_string(), id.to_string()));
        }
        list
    }

    /// `MCP-Protocol-Version` and, when the server assigned one, `Mcp-Session-Id`.
    fn push_identity(&self, list: &mut Vec<(String, String)>) {
        list.push((headers::PROTOCOL_VERSION.to_string(), self.version.clone()));
        if let Some(id) = &self.id {
            list.push((headers::SESSION_ID.to_string(), id.clone()));
        }
    }
}

/// `content` of an accepted form elicitation with the schema's `default`s filled in for the
/// fields the host left out (SEP-1034; conformance `elicitation-sep1034-client-defaults`).
pub fn with_schema_defaults(mut result: Value, requested_schema: Option<&Value>) -> Value {
    if result.get("action").and_then(Value::as_str) != Some("accept") {
        return result;
    }
    let Some(properties) = requested_schema
        .and_then(|s| s.get("properties"))
        .and_then(Value::as_object)
    else {
        return result;
    };
    if !result.get("content").is_some_and(Value::is_object) {
        result["content"] = Value::Object(Map::new());
    }
    if let Some(content) = result.get_mut("content").and_then(Value::as_object_mut) {
        for (name, schema) in properties {
            if let Some(default) = schema.get("default") {
                content
                    .entry(name.clone())
                    .or_insert_with(|| default.clone());
            }
        }
    }
    result
}

impl Client {
    /// Capabilities declared in `initialize`: the same as on every 2026-07-28 request.
    /// Elicitation in form and URL modes (a question is answered by the host's
    /// `onElicitation` handler when it gave one, else handed to the host as an interrupt: see
    /// [`crate::adapter::pending`]); sampling and roots when the host gave their handlers.
    fn handshake_capabilities(&self) -> Value {
        // the 2026-07-28 extensions (the Tasks extension) are not this era's
        super::capabilities(&self.config, false)
    }

    /// Who answers this call's `elicitation/create` requests: the call's own handler (the
    /// adapter's bridge to an interrupt), else the host's.
    fn elicitation_handler<'a>(
        &'a self,
        opts: &'a RequestOptions,
    ) -> Option<&'a crate::client::ElicitationHandler> {
        opts.on_elicitation
            .as_ref()
            .or(self.config.on_elicitation.as_ref())
    }

    /// Opens a session: `initialize` (offering [`OFFERED`], accepting [`ACCEPTED`]), the
    /// `Mcp-Session-Id` captured from its response, then `notifications/initialized`.
    ///
    /// A server that refuses the offered revision instead of answering with one it speaks
    /// (a `-32602` / `-32000` error naming its versions, see
    /// [`version::refused_with_versions`]) is asked once more, offering the newest revision
    /// of [`ACCEPTED`] it named (MCP 2025-11-25, `basic/lifecycle.mdx`, "Version
    /// Negotiation").
    ///
    /// # Errors
    ///
    /// [`ErrorCode::UnsupportedProtocolVersion`] when the server answers a revision not in
    /// [`ACCEPTED`], or refuses with versions none of which is in [`ACCEPTED`] (or refuses
    /// the retry too): the message and `data.supported` list the server's versions. The
    /// server's other JSON-RPC errors; transport errors.
    pub(crate) async fn initialize(&self, opts: &RequestOptions) -> Result<Era> {
        let mut offered = OFFERED;
        let (result, session_id) = loop {
            let id = self.take_id();
            let mut params = Map::new();
            crate::put(
                &mut params,
                "protocolVersion",
                Value::String(offered.into()),
            );
            crate::put(&mut params, "capabilities", self.handshake_capabilities());
            crate::put(&mut params, "clientInfo", self.config.client_info.clone());
            // the call's trace context is its only `_meta`
            let meta = RequestMeta::handshake(None, None, opts.trace.as_deref());
            let body = jsonrpc::request_with_meta(id, "initialize", Some(&params), meta.as_ref());
            let response = self
                .send("POST", base_headers(), body, opts.context.clone(), true)
                .await?;
            let session_id = response.session_id.clone();
            let reply = self
                .read_reply(
                    &mut ResponseReader::new(response, id, &self.config.limits),
                    opts,
                    None,
                )
                .await?;
            let mut rpc = match reply.outcome {
                Ok(result) => break (result, session_id),
                Err(rpc) => rpc,
            };
            let Some(supported) =
                version::refused_with_versions(rpc.code, &rpc.message, rpc.data.as_ref())
            else {
                return Err(Error::rpc(rpc).with_status(reply.status));
            };
            match version::newest_shared(ACCEPTED, &supported) {
                Some(next) if offered == OFFERED && next != offered => offered = next,
                _ => {
                    let message = format!(
                        "the server refused protocol version {offered} and supports only {}; this adapter speaks {}",
                        crate::quoted_list(&supported),
                        crate::quoted_list(ACCEPTED)
                    );
                    if rpc.data.as_ref().and_then(|d| d.get("supported")).is_none() {
                        let listed = crate::convert::json_array(supported, Value::String);
                        rpc.data = Some(crate::obj! {"supported": listed, "requested": offered});
                    }
                    let mut err = Error::rpc(rpc).with_status(reply.status);
                    err.code = ErrorCode::UnsupportedProtocolVersion;
                    err.message = message;
                    return Err(err);
                }
            }
        };
        let version = result
            .get("protocolVersion")
            .and_then(Value::as_str)
            .unwrap_or("");
        if !ACCEPTED.contains(&version) {
            return Err(Error::new(
                ErrorCode::UnsupportedProtocolVersion,
                format!(
                    "initialize answered protocol version {}; this adapter accepts {}",
                    crate::quoted(version),
                    crate::quoted_list(ACCEPTED)
                ),
            ));
        }
        let session = Rc::new(Session {
            version: version.to_string(),
            id: session_id,
        });
        self.notify(
            &session,
            "notifications/initialized",
            None,
            opts.context.clone(),
        )
        .await?;
        let server = ServerDescription {
            supported_versions: vec![version.to_string()],
            capabilities: result.get("capabilities").cloned().unwrap_or(Value::Null),
            server_info: result.get("serverInfo").cloned().unwrap_or(Value::Null),
            instructions: result
                .get("instructions")
                .and_then(Value::as_str)
                .map(str::to_string),
        };
        self.settle(Era::Handshake(session.clone()), Rc::new(server));
        Ok(Era::Handshake(session))
    }

    /// A request in the session. A `404` while a session id is in use means the session
    /// expired (the server restarted): a new session is opened once (shared with the calls
    /// that found it expired too, see [`Client::ready`]) and the request retried.
    /// An aborted or timed-out request is followed by `notifications/cancelled` (in this era
    /// a disconnect alone is not a cancellation). `-32042` becomes
    /// [`ErrorCode::UrlElicitationRequired`] with the server's data.
    pub(crate) async fn request_handshake(
        &self,
        session: &Rc<Session>,
        method: &str,
        params: Option<&Map<String, Value>>,
        opts: &RequestOptions,
    ) -> Result<Outcome> {
        let mut session = session.clone();
        let mut renewed = false;
        // a tool call sent with `task` (see `Client::runs_as_task`)
        let with_task = params.is_some_and(|p| p.contains_key("task"));
        loop {
            let id = self.take_id();
            // only a progress token and the idempotency key go into `_meta` in this era
            let token = self.progress_token(id, opts);
            let meta = RequestMeta::handshake(
                token.map(Value::from),
                opts.idempotency_key.as_deref(),
                opts.trace.as_deref(),
            );
            let body = jsonrpc::request_with_meta(id, method, params, meta.as_ref());
            // Server requests not tied to this request (SDK 1.x servers send them on the
            // standalone GET stream) can only reach a client listening there: when the host
            // gave a handler (elicitation, sampling, roots), listen for the duration of each
            // call that runs server code which may ask (not for lists). Not for the adapter's
            // bridge (its questions become interrupts): the GET comes before the POST, a round
            // trip per call, and a question about a call comes on that call's own stream.
            let may_ask = matches!(
                method,
                "tools/call" | "prompts/get" | "resources/read" | "completion/complete"
            );
            let config = &self.config;
            let answers = config.on_elicitation.is_some()
                || config.on_sampling.is_some()
                || config.roots.is_some();
            let listener = match answers && may_ask {
                true => self.get_event_stream(&session, None, opts).await.ok(),
                false => None,
            };
            let call = async {
                let response = self
                    .send(
                        "POST",
                        session.headers(),
                        body,
                        opts.context.clone(),
                        super::idempotent(method),
                    )
                    .await?;
                self.read_resuming(
                    &session,
                    ResponseReader::new(response, id, &self.config.limits)
                        .with_progress_token(token),
                    opts,
                )
                .await
            };
            let attempt = match listener {
                Some(stream) => {
                    let serve = self.serve_event_stream(&session, stream, opts, token);
                    futures_util::pin_mut!(call, serve);
                    // the listener is polled first, so requests already waiting on it are
                    // answered before the call's own response is read
                    match futures_util::future::select(serve, call).await {
                        futures_util::future::Either::Right((outcome, _)) => outcome,
                        futures_util::future::Either::Left((cut, _)) => Err(cut),
                    }
                }
                None => call.await,
            };
            // (an answer of ours the old session refused is the caller's to send again: see
            // `answer_server_request`)
            let expired = match &attempt {
                Ok(reply) => {
                    let why = reply.outcome.as_ref().err().map(|e| e.message.as_str());
                    session_gone(reply.status, why.unwrap_or("").as_bytes())
                }
                Err(e) => {
                    let why = e.rpc.as_ref().map(|rpc| rpc.message.as_str());
                    let status = e.http_status.unwrap_or(0);
                    session_gone(status, why.unwrap_or("").as_bytes()) && !e.answer_undelivered
                }
            };
            if expired && session.id.is_some() && !renewed {
                renewed = true;
                session = match self.ready(opts, Some(&session)).await? {
                    Era::Handshake(s) => s,
                    Era::Modern(_) => {
                        return Err(Error::new(
                            ErrorCode::InvalidMessage,
                            "session renewal changed era",
                        ))
                    }
                };
                continue;
            }
            let reply = match attempt {
                Ok(reply) => reply,
                Err(e) => {
                    if matches!(e.code, ErrorCode::Aborted | ErrorCode::Timeout) {
                        // Sent, not awaited: one poll hands the POST to the exchange, and the
                        // call fails now, not when a server that is not answering (the reason
                        // it timed out) answers the notice. Nothing comes back to read. Unless
                        // the adapter cancels a call it does not hold (`holdCalls: false`): a
                        // host that ends right after may count on the server having it.
                        let notice = self.cancel(&session, id, &e.message);
                        if e.answer_undelivered {
                            let _ = notice.await;
                        } else {
                            let _ = notice.now_or_never();
                        }
                    }
                    return Err(e);
                }
            };
            return match reply.outcome {
                // its `CreateTaskResult`, `{task}` (MCP 2025-11-25 `basic/utilities/tasks.mdx`,
                // "Creating Tasks"): the task, followed as the Tasks extension's is
                Ok(Value::Object(mut result))
                    if with_task && result.get("task").is_some_and(Value::is_object) =>
                {
                    Ok(Outcome {
                        result: result.remove("task").unwrap_or_default(),
                        kind: crate::protocol::result_type::ResultType::Task,
                    })
                }
                Ok(result) => self.outcome(method, result, false),
                Err(rpc) if rpc.code == codes::URL_ELICITATION_REQUIRED => {
                    let mut err = Error::rpc(rpc).with_status(reply.status);
                    err.code = ErrorCode::UrlElicitationRequired;
                    err.message = format!(
                        "the server needs the user to open a URL first: {}",
                        err.message
                    );
                    Err(err)
                }
                Err(rpc) => Err(Error::rpc(rpc).with_status(reply.status)),
            };
        }
    }

    /// Reads a response to its reply; when an SSE response stream closes before the reply
    /// and its events carried ids, waits the stream's `retry` (default 1 s, at most 30 s)
    /// and resumes it with a GET carrying `Last-Event-ID` (2025-11-25
    /// `basic/transports.mdx` "Resumability and Redelivery"; SEP-1699), at most
    /// [`MAX_RESUMPTIONS`] times.
    async fn read_resuming(
        &self,
        session: &Session,
        mut reader: ResponseReader,
        opts: &RequestOptions,
    ) -> Result<crate::transport::body::Reply> {
        let mut resumptions = 0;
        loop {
            let err = match self.read_reply(&mut reader, opts, Some(session)).await {
                Err(err) if err.code == ErrorCode::StreamEnded && resumptions < MAX_RESUMPTIONS => {
                    err
                }
                other => return other,
            };
            let Some(last) = reader.last_event_id().map(str::to_string) else {
                return Err(err);
            };
            resumptions += 1;
            // the wait is the call's too: its signal and timeout cut it short
            let wait = reader.retry_ms().unwrap_or(1_000).min(30_000);
            self.exchange.sleep(wait, opts.context.clone()).await?;
            match self.get_event_stream(session, Some(&last), opts).await {
                Ok(response) => reader = reader.resumed(response, &self.config.limits),
                Err(_) => return Err(err),
            }
        }
    }

    /// GETs the session's event stream (see [`Session::stream_headers`]), resuming after
    /// `last_event_id` when given (MCP 2025-11-25, `basic/transports.mdx` "Listening for
    /// Messages from the Server").
    ///
    /// # Errors
    ///
    /// [`ErrorCode::NotSupported`] when the server offers no stream (anything but a
    /// `200` event stream: 405, 404, 409, ...); transport errors.
    pub(crate) async fn get_event_stream(
        &self,
        session: &Session,
        last_event_id: Option<&str>,
        opts: &RequestOptions,
    ) -> Result<HttpResponse> {
        let response = self
            .send(
                "GET",
                session.stream_headers(last_event_id),
                String::new(),
                opts.context.clone(),
                true,
            )
            .await?;
        let sse = crate::transport::body::is_media_type(
            response.content_type.as_deref(),
            headers::EVENT_STREAM,
        );
        if response.status != 200 || !sse {
            return Err(Error::new(
                ErrorCode::NotSupported,
                format!(
                    "the server offers no event stream for this session (GET answered HTTP {})",
                    response.status
                ),
            )
            .with_status(response.status));
        }
        Ok(response)
    }

    /// Serves the standalone event stream while a call runs: answers server requests and
    /// hands notifications on, as of the call's request, which sent progress token `token`
    /// (a server may send its progress there). Completes only with the error that ends the
    /// call, as on the call's own stream: a host handler cut off ([`ErrorCode::Aborted`],
    /// [`ErrorCode::Timeout`]: by the call's signal or timeout, or its own wait that gave up)
    /// or needing a sign-in (see [`Client::answer_server_request`]); otherwise (once the
    /// stream ends, say) it waits, so the call decides when listening stops.
    async fn serve_event_stream(
        &self,
        session: &Session,
        response: HttpResponse,
        opts: &RequestOptions,
        token: Option<u64>,
    ) -> Error {
        let mut reader = ResponseReader::new(response, 0, &self.config.limits);
        while let Ok(item) = reader.next(None).await {
            match item {
                ResponseItem::Message(Incoming::Request { id, method, params }) => {
                    let request = (id, method.as_str(), params);
                    // a handler cut off or needing a sign-in ends the call; after an answer the
                    // server did not take (it may be another call's question) the call reads on
                    match self
                        .answer_server_request(session, request, None, opts)
                        .await
                    {
                        Err(e) if e.code != ErrorCode::HttpStatus => return e,
                        Err(e) if !e.answer_undelivered => break,
                        _ => {}
                    }
                }
                ResponseItem::Message(Incoming::Notification { method, params }) => {
                    self.deliver(opts, (&method, &params), token)
                }
                _ => {}
            }
        }
        futures_util::future::pending::<Error>().await
    }

    /// POSTs `notifications/cancelled` for request `id` in the session, saying `reason` (MCP
    /// 2025-11-25, `basic/utilities/cancellation.mdx`).
    fn cancel<'a>(
        &'a self,
        session: &'a Session,
        id: Id,
        reason: &str,
    ) -> impl std::future::Future<Output = Result<()>> + 'a {
        let mut p = Map::new();
        crate::put(&mut p, "requestId", Value::from(id));
        crate::put(&mut p, "reason", Value::String(reason.to_string()));
        self.notify(session, notifications::CANCELLED, Some(p), None)
    }

    /// POSTs a notification in the session; a 2xx (202 expected) is success.
    async fn notify(
        &self,
        session: &Session,
        method: &str,
        params: Option<Map<String, Value>>,
        context: Option<Rc<dyn std::any::Any>>,
    ) -> Result<()> {
        let mut message = obj! {"jsonrpc": "2.0", "method": method};
        if let Some(p) = params {
            message["params"] = Value::Object(p);
        }
        let response = self
            .send(
                "POST",
                session.headers(),
                crate::json_text(&message),
                context,
                true,
            )
            .await?;
        if (200..300).contains(&response.status) {
            Ok(())
        } else {
            Err(Error::new(
                ErrorCode::HttpStatus,
                format!("{method} was answered with HTTP {}", response.status),
            )
            .with_status(response.status))
        }
    }

    /// Answers a server request that arrived on a response stream: `ping` with `{}`,
    /// `elicitation/create` through the call's or the host's handler (defaults filled in),
    /// `sampling/createMessage` and `roots/list` through the host's `onSampling` / `roots`,
    /// anything else (or a request nobody can answer) with `-32601`. The answer is POSTed in the
    /// session, which accepts it with a 2xx (MCP 2025-11-25 `basic/transports.mdx`, "Sending
    /// Messages to the Server": `202 Accepted` for a response).
    ///
    /// With the `call` stream the request came on, what the server sent there while the
    /// answer was made (a person's, through an interrupt, comes much later) is read first, for
    /// one turn of the host's event loop (by then what has arrived is there to read): a server
    /// that stopped waiting (a timeout of its own) has ended the call, and the answer is never
    /// sent. Its reply is returned, or, when the call's question is an interrupt's (the call's
    /// own `on_elicitation`) and it ended in error, [`ErrorCode::AnswersUndelivered`] marked
    /// [`answer_undelivered`](crate::error::ErrorDetails::answer_undelivered), so that the
    /// adapter sends the call again, told the answer. A stream that fails to be read then
    /// (closed with no way to resume it, cut, or, in workerd, another request's) could never
    /// bring the answer's result: the answer is not sent either, the server's run is cancelled
    /// (MCP 2025-11-25, `basic/utilities/cancellation.mdx`), and the read's error is returned,
    /// marked `answer_undelivered` too. The first other message read so (the server's
    /// next request, say) is returned after the answer, to be handled next; notifications
    /// are delivered.
    ///
    /// # Errors
    ///
    /// [`ErrorCode::Aborted`] or [`ErrorCode::Timeout`] when the call's signal or timeout
    /// ended the wait on the host's handler (see [`crate::client::HostHandler`]): the call
    /// fails with it, and nothing is answered (its cancellation notice follows).
    /// [`ErrorCode::AuthorizationRequired`] or [`ErrorCode::AuthorizationFailed`] when the
    /// handler failed so (an `MCPAdapterError` the host threw: a sign-in it needs): the server
    /// is told the handler failed, as of any other failure, and the call fails with it, as a
    /// 2026-07-28 call does. An answer
    /// the server refused with a `4xx` fails the call too ([`ErrorCode::HttpStatus`]): reading
    /// on would wait for nothing. One that says the session is gone (a `404`, or a `400` about
    /// the session: see [`session_gone`]; a server that restarted answers so for the old
    /// session) also sets
    /// [`ErrorDetails::answer_undelivered`](crate::error::ErrorDetails::answer_undelivered):
    /// the session and its run are gone, so the call may be sent again without repeating live
    /// work (after a `429` or a `403` the run may still wait). A `5xx` or a failed POST does
    /// not say whether the server took the answer (a gateway's `502` after it did, a
    /// connection cut once the request went out): that is a warning, and the call reads on, so
    /// that what the server did with the answer is not lost, nor done twice by a call sent
    /// again.
    pub(crate) async fn answer_server_request(
        &self,
        session: &Session,
        (id, method, params): (Value, &str, Value),
        call: Option<&mut ResponseReader>,
        opts: &RequestOptions,
    ) -> Result<Option<Result<ResponseItem>>> {
        let handler = match method {
            "elicitation/create" => self.elicitation_handler(opts),
            "sampling/createMessage" => self.config.on_sampling.as_ref(),
            "roots/list" => self.config.roots.as_ref(),
            _ => None,
        };
        let mut failed = None;
        let outcome: std::result::Result<Value, (i64, String)> = match (method, handler) {
            ("ping", _) => Ok(obj! {}),
            (_, Some(handler)) => match handler(params.clone(), opts.context.as_ref()).await {
                Ok(result) if method == "elicitation/create" => {
                    Ok(with_schema_defaults(result, params.get("requestedSchema")))
                }
                Ok(result) => Ok(result),
                Err(e) if matches!(e.code, ErrorCode::Aborted | ErrorCode::Timeout) => {
                    return Err(e)
                }
                Err(e) => {
                    let text = format!("the host's handler of {method} failed: {}", e.message);
                    // a sign-in the host needs ends the call with it, once the server is told
                    if matches!(
                        e.code,
                        ErrorCode::AuthorizationRequired | ErrorCode::AuthorizationFailed
                    ) {
                        failed = Some(e);
                    }
                    Err((codes::INTERNAL_ERROR, text))
                }
            },
            _ => Err((
                codes::METHOD_NOT_FOUND,
                format!("Method not found: {method}"),
            )),
        };
        let message = match outcome {
            Ok(result) => obj! {"jsonrpc": "2.0", "id": id, "result": result},
            Err((code, text)) => {
                obj! {"jsonrpc": "2.0", "id": id, "error": obj! {"code": code, "message": text}}
            }
        };
        let mut read = None;
        if let (Some(reader), None) = (call, &failed) {
            let token = reader.progress_token();
            loop {
                let next = reader.next(opts.on_notification_text.as_ref());
                futures_util::pin_mut!(next);
                read = match futures_util::future::select(next, self.exchange.sleep(0, None)).await
                {
                    Either::Left((
                        Ok(ResponseItem::Message(Incoming::Notification { method, params })),
                        _,
                    )) => {
                        self.deliver(opts, (&method, &params), token);
                        continue;
                    }
                    Either::Left((item, _)) => Some(item),
                    Either::Right(_) => None,
                };
                break;
            }
            // The call's stream cannot be read (the server or a proxy closed it, the call's
            // signal cut it, or, in workerd, it belongs to a request that has ended): the
            // answer's result could never be read, so it is not sent, and the server's run,
            // waiting on the question, is cancelled (by `request_handshake` for a signal or
            // timeout). An interrupt's call is sent again, told the answer (see
            // `answer_undelivered`). A stream the server closed to be resumed (its events
            // carry ids: SEP-1699) is alive: the answer goes, and the read resumes it.
            let resumable = reader.last_event_id().is_some();
            if let Some(Err(e)) = &mut read {
                if !(resumable && e.code == ErrorCode::StreamEnded) {
                    if !matches!(e.code, ErrorCode::Aborted | ErrorCode::Timeout) {
                        let notice = self.cancel(session, reader.id(), &e.message);
                        let _ = notice.now_or_never();
                    }
                    e.answer_undelivered = true;
                    return Ok(read);
                }
            }
            // the server ended the call meanwhile: the question goes unanswered
            if let Some(Ok(ResponseItem::Reply(reply))) = &read {
                let failed = match &reply.outcome {
                    Ok(result) => result.get("isError").and_then(Value::as_bool),
                    Err(_) => Some(true),
                };
                // a question held as an interrupt, ended in error: the call is sent again,
                // told the answer (see `answer_undelivered`)
                if failed == Some(true) && opts.on_elicitation.is_some() {
                    let mut err = Error::new(
                        ErrorCode::AnswersUndelivered,
                        "the server ended the call before its question was answered",
                    );
                    err.answer_undelivered = true;
                    return Err(err);
                }
                return Ok(read);
            }
        }
        let sent = self.send(
            "POST",
            session.headers(),
            crate::json_text(&message),
            opts.context.clone(),
            true,
        );
        if let Some(e) = failed {
            // sent, not awaited (as a cancellation notice is): the call fails now, not with
            // the result the server may send before it answers the POST
            let _ = sent.now_or_never();
            return Err(e);
        }
        let unknown = match sent.await {
            Ok(response) if (200..300).contains(&response.status) => return Ok(read),
            Ok(response) if (400..500).contains(&response.status) => {
                let status = response.status;
                let gone = says_session_gone(response).await;
                let mut err = Error::new(
                    ErrorCode::HttpStatus,
                    format!(
                        "the server did not take the answer to its {method} request: HTTP {status}"
                    ),
                )
                .with_status(status);
                // only a gone session says the server's run waits for nothing: a call sent
                // again then repeats no live work (a 429 or 403 leaves that run waiting)
                err.answer_undelivered = gone;
                return Err(err);
            }
            Ok(response) => format!("HTTP {}", response.status),
            Err(e) if matches!(e.code, ErrorCode::Aborted | ErrorCode::Timeout) => return Err(e),
            Err(e) => e.code.as_str().to_string(),
        };
        self.warn(&format!(
            "the answer to the server's {method} request may not have reached it ({unknown}); reading on"
        ));
        Ok(read)
    }

    /// Ends the session: `DELETE` with its `Mcp-Session-Id` (a `405` means the server does
    /// not support explicit termination, which is fine). The next call negotiates anew.
    /// Nothing is sent for a sessionless server.
    ///
    /// # Errors
    ///
    /// [`ErrorCode::HttpStatus`] when the `DELETE` is answered with a status other than 2xx,
    /// `405`, or one saying the session is gone already (a `404`, a `400` about the session:
    /// see [`session_gone`]); transport errors.
    pub async fn close(&self) -> Result<()> {
        let era = self.era();
        self.forget_era();
        if let Some(Era::Handshake(session)) = era {
            if session.id.is_some() {
                let response = self
                    .send("DELETE", session.headers(), String::new(), None, true)
                    .await?;
                let status = response.status;
                // a session the server no longer knows is ended already
                if !(200..300).contains(&status)
                    && status != 405
                    && !says_session_gone(response).await
                {
                    return Err(Error::new(
                        ErrorCode::HttpStatus,
                        format!("DELETE of the session was answered with HTTP {status}"),
                    )
                    .with_status(status));
                }
            }
        }
        Ok(())
    }
}

/// Whether a response of `status` to a request in a session, saying `why` (its JSON-RPC
/// error's message, or its body), says the session is gone: `404` (MCP 2025-11-25
/// `basic/transports.mdx`, "Session Management"), or a `400` about the session, as servers
/// built on the TypeScript SDK 1.x examples answer an id they do not know ("Bad Request: No
/// valid session ID provided"), or saying they were not initialized, as an SDK 1.x server of
/// one session answers every request after a restart ("Bad Request: Server not initialized").
fn session_gone(status: u16, why: &[u8]) -> bool {
    let says = |word: &[u8]| {
        why.windows(word.len())
            .any(|w| w.eq_ignore_ascii_case(word))
    };
    status == 404 || (status == 400 && (says(b"session") || says(b"not initialized")))
}

/// [`session_gone`] of `response`, whose body (the first 64 KiB: a JSON-RPC error) is read
/// for a `400` only.
async fn says_session_gone(response: HttpResponse) -> bool {
    let mut why = Vec::new();
    let mut body = response.body;
    while response.status == 400 && why.len() <= 64 * 1024 {
        match body.next().await {
            Some(Ok(chunk)) => why.extend_from_slice(&chunk),
            _ => break,
        }
    }
    session_gone(response.status, &why)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::scripted::{json_reply, sse_reply, status, Canned, Gate, Scripted};
    use crate::client::{ClientConfig, ElicitationHandler, ProtocolMode};
    use futures_executor::block_on;
    use futures_util::FutureExt;
    use serde_json::json;

    fn init_reply(version: &str, session: Option<&str>) -> Canned {
        let mut c = sse_reply(&[
            json!({"jsonrpc":"2.0","id":1,"result":{"protocolVersion":version,"capabilities":{"tools":{}},"serverInfo":{"name":"old","version":"1"}}}),
        ]);
        c.session_id = session.map(str::to_string);
        c
    }

    /// The call's trace context rides in the `_meta` of every request it makes, the
    /// negotiation's (`server/discover`, `initialize`) included; `notifications/initialized`
    /// is no request of the call's.
    /// A client whose server refuses the probe, then answers `initialize` (session `session`,
    /// 2025-11-25), the `notifications/initialized` and one empty `tools/list`.
    fn falling_back(session: &str) -> (Rc<Client>, Rc<Scripted>) {
        let (client, script) = Scripted::client();
        script.push(json_reply(400, json!({"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: Server not initialized"}})));
        script.push(init_reply("2025-11-25", Some(session)));
        script.push(status(202));
        script.push(sse_reply(&[
            json!({"jsonrpc":"2.0","id":1,"result":{"tools":[]}}),
        ]));
        (client, script)
    }

    #[test]
    fn a_calls_trace_context_reaches_discover_initialize_and_the_request() {
        let (client, script) = falling_back("s-1");
        let parent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
        let opts = RequestOptions {
            trace: Some(format!("{parent}\0vendor=x\0")),
            ..RequestOptions::default()
        };
        block_on(client.list_tools(&opts)).unwrap();
        let sent = script.sent();
        assert_eq!(
            methods(&script),
            [
                "server/discover",
                "initialize",
                "notifications/initialized",
                "tools/list"
            ]
        );
        for i in [0, 1, 3] {
            let meta = &sent[i].body["params"]["_meta"];
            assert_eq!(meta["traceparent"], parent, "{}", sent[i].body["method"]);
            assert_eq!(meta["tracestate"], "vendor=x");
            assert!(meta.get("baggage").is_none());
        }
        assert_eq!(sent[1].body["params"]["protocolVersion"], "2025-11-25");
    }

    #[test]
    fn auto_falls_back_to_initialize_on_handshake_evidence() {
        let (client, script) = Scripted::client();
        script.push(json_reply(400, json!({"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: Server not initialized"}})));
        script.push(init_reply("2025-11-25", Some("s-1")));
        script.push(status(202));
        script.push(sse_reply(&[json!({"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"echo","inputSchema":{"type":"object"}}]}})]));
        let tools = block_on(client.list_tools(&RequestOptions::default())).unwrap();
        assert_eq!(tools.len(), 1);
        assert_eq!(client.protocol_version().as_deref(), Some("2025-11-25"));
        assert_eq!(client.server().unwrap().server_info["name"], "old");
        let sent = script.sent();
        assert_eq!(sent[1].body["method"], "initialize");
        assert_eq!(sent[1].body["params"]["protocolVersion"], "2025-11-25");
        // elicitation in both modes, handler or not: without one, a question becomes an
        // interrupt (adapter::pending); task-augmented tool calls (adapter::task)
        assert_eq!(
            sent[1].body["params"]["capabilities"],
            json!({"elicitation": {"form": {}, "url": {}}, "tasks": {}})
        );
        assert_eq!(sent[1].header("Mcp-Session-Id"), None);
        assert_eq!(sent[1].header("MCP-Protocol-Version"), None);
        assert_eq!(sent[2].body["method"], "notifications/initialized");
        assert_eq!(sent[2].header("Mcp-Session-Id"), Some("s-1"));
        let list = &sent[3];
        assert_eq!(list.header("Mcp-Session-Id"), Some("s-1"));
        assert_eq!(list.header("MCP-Protocol-Version"), Some("2025-11-25"));
        assert_eq!(
            list.header("Mcp-Method"),
            None,
            "no 2026-only headers on this path"
        );
        assert!(list.body["params"].get("_meta").is_none());
    }

    fn methods(script: &Scripted) -> Vec<String> {
        script.methods()
    }

    #[test]
    fn the_first_list_goes_beside_the_probe_and_its_answer_counts_in_2026_07_28() {
        let (client, script) = Scripted::client();
        script.yielding.set(true);
        script.push_discover();
        script.push(json_reply(
            200,
            json!({"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a"}]}}),
        ));
        let tools = block_on(client.list_tools(&RequestOptions::default())).unwrap();
        assert_eq!(tools.len(), 1);
        assert_eq!(
            methods(&script),
            ["server/discover", "tools/list"],
            "two requests, not three"
        );
        assert_eq!(
            script.sent()[1].answered_before,
            0,
            "the list went out before the probe was answered"
        );
        assert_eq!(
            script.sent()[1].header("MCP-Protocol-Version"),
            Some("2026-07-28")
        );
        // its error counts too (not sent again)
        let (client, script) = Scripted::client();
        script.yielding.set(true);
        script.push_discover();
        script.push(json_reply(
            404,
            json!({"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}),
        ));
        assert_eq!(
            block_on(client.list_tools(&RequestOptions::default()))
                .unwrap_err()
                .rpc_code(),
            Some(-32601)
        );
        assert_eq!(methods(&script), ["server/discover", "tools/list"]);
        // a call is never sent before the verdict
        let (client, script) = Scripted::client();
        script.yielding.set(true);
        script.push_discover();
        script.push(json_reply(
            200,
            json!({"jsonrpc":"2.0","id":1,"result":{"content":[]}}),
        ));
        block_on(client.request(
            "tools/call",
            json!({"name":"a"}).as_object(),
            &RequestOptions::default(),
        ))
        .unwrap();
        assert_eq!(methods(&script), ["server/discover", "tools/call"]);
        assert_eq!(
            script.sent()[1].answered_before,
            1,
            "the call waited for the verdict"
        );
    }

    #[test]
    fn the_first_list_beside_the_probe_is_dropped_when_the_server_is_of_the_handshake_era() {
        let (client, script) = Scripted::client();
        script.yielding.set(true);
        let not_initialized = || {
            json_reply(
                400,
                json!({"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: Server not initialized"}}),
            )
        };
        script.push(not_initialized());
        script.push(not_initialized());
        script.push(init_reply("2025-11-25", Some("s-1")));
        script.push(status(202));
        script.push(sse_reply(&[
            json!({"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"echo"}]}}),
        ]));
        let tools = block_on(client.list_tools(&RequestOptions::default())).unwrap();
        assert_eq!(tools.len(), 1);
        assert_eq!(
            methods(&script),
            [
                "server/discover",
                "tools/list",
                "initialize",
                "notifications/initialized",
                "tools/list"
            ]
        );
        assert_eq!(script.sent()[4].header("Mcp-Session-Id"), Some("s-1"));
        // legacy mode never probes nor sends anything beside
        let (client, script) = Scripted::client_with(ClientConfig {
            protocol: ProtocolMode::Legacy,
            ..ClientConfig::default()
        });
        script.yielding.set(true);
        script.push(init_reply("2025-06-18", None));
        script.push(status(202));
        script.push(json_reply(
            200,
            json!({"jsonrpc":"2.0","id":1,"result":{"tools":[]}}),
        ));
        block_on(client.list_tools(&RequestOptions::default())).unwrap();
        assert_eq!(
            methods(&script),
            ["initialize", "notifications/initialized", "tools/list"]
        );
    }

    #[test]
    fn a_replaced_server_is_probed_again_once() {
        let (client, script) = Scripted::client();
        script.push_discover();
        script.push(json_reply(
            200,
            json!({"jsonrpc":"2.0","id":1,"result":{"tools":[]}}),
        ));
        script.push(json_reply(400, json!({"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: Server not initialized"}})));
        script.push(json_reply(400, json!({"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: Server not initialized"}})));
        script.push(init_reply("2025-11-25", Some("s")));
        script.push(status(202));
        script.push(json_reply(
            200,
            json!({"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a"}]}}),
        ));
        block_on(client.list_tools(&RequestOptions::default())).unwrap();
        assert_eq!(client.protocol_version().as_deref(), Some("2026-07-28"));
        let tools = block_on(client.list_tools(&RequestOptions::default())).unwrap();
        assert_eq!(tools.len(), 1);
        assert_eq!(client.protocol_version().as_deref(), Some("2025-11-25"));
        let methods: Vec<_> = script
            .sent()
            .iter()
            .map(|s| s.body["method"].as_str().unwrap_or("").to_string())
            .collect();
        assert_eq!(
            methods,
            [
                "server/discover",
                "tools/list",
                "tools/list",
                "server/discover",
                "initialize",
                "notifications/initialized",
                "tools/list"
            ]
        );
    }

    #[test]
    fn a_handshake_era_verdict_goes_back_to_2026_07_28_when_the_server_names_only_that() {
        let (client, script) = falling_back("s");
        block_on(client.list_tools(&RequestOptions::default())).unwrap();
        assert_eq!(client.protocol_version().as_deref(), Some("2025-11-25"));
        // the server is replaced by one that speaks 2026-07-28 only
        script.push(json_reply(400, json!({"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"Unsupported protocol version","data":{"supported":["2026-07-28"],"requested":"2025-11-25"}}})));
        script.push_discover();
        script.push(json_reply(
            200,
            json!({"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","tools":[{"name":"a"}]}}),
        ));
        let tools = block_on(client.list_tools(&RequestOptions::default())).unwrap();
        assert_eq!(tools.len(), 1);
        assert_eq!(client.protocol_version().as_deref(), Some("2026-07-28"));
        assert_eq!(
            methods(&script)[4..],
            ["tools/list", "server/discover", "tools/list"]
        );
        assert_eq!(script.sent()[6].header("Mcp-Session-Id"), None);
        // a -32022 naming only handshake revisions is no such evidence: the error stands
        let (client, script) = Scripted::client_with(ClientConfig {
            protocol: ProtocolMode::Legacy,
            ..ClientConfig::default()
        });
        script.push(init_reply("2025-11-25", Some("s")));
        script.push(status(202));
        script.push(json_reply(400, json!({"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"Unsupported protocol version","data":{"supported":["2026-07-28"]}}})));
        let err = block_on(client.list_tools(&RequestOptions::default())).unwrap_err();
        assert_eq!(err.rpc_code(), Some(-32022), "legacy mode never probes");
        assert_eq!(
            methods(&script),
            ["initialize", "notifications/initialized", "tools/list"]
        );
    }

    #[test]
    fn modern_mode_does_not_fall_back_and_legacy_mode_does_not_probe() {
        let (client, script) = Scripted::client_with(ClientConfig {
            protocol: ProtocolMode::Modern,
            ..ClientConfig::default()
        });
        script.push(json_reply(
            404,
            json!({"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}),
        ));
        assert_eq!(
            block_on(client.list_tools(&RequestOptions::default()))
                .unwrap_err()
                .code,
            ErrorCode::HandshakeEraServer
        );
        assert_eq!(script.sent().len(), 1);

        let (client, script) = Scripted::client_with(ClientConfig {
            protocol: ProtocolMode::Legacy,
            ..ClientConfig::default()
        });
        script.push(init_reply("2025-06-18", None));
        script.push(status(202));
        script.push(json_reply(
            200,
            json!({"jsonrpc":"2.0","id":1,"result":{"tools":[]}}),
        ));
        block_on(client.list_tools(&RequestOptions::default())).unwrap();
        assert_eq!(script.sent()[0].body["method"], "initialize");
        assert_eq!(client.protocol_version().as_deref(), Some("2025-06-18"));
    }

    #[test]
    fn unaccepted_initialize_version_is_an_error() {
        let (client, script) = Scripted::client_with(ClientConfig {
            protocol: ProtocolMode::Legacy,
            ..ClientConfig::default()
        });
        script.push(init_reply("2024-11-05", None));
        assert_eq!(
            block_on(client.list_tools(&RequestOptions::default()))
                .unwrap_err()
                .code,
            ErrorCode::UnsupportedProtocolVersion
        );
        assert!(client.era().is_none());
    }

    /// HTTP 400 with the refusal SDK-built servers send for an `initialize` at a revision
    /// they do not know.
    fn refusal(code: i64, supported: &str) -> Canned {
        json_reply(
            400,
            json!({"jsonrpc":"2.0","id":null,"error":{"code":code,"message":format!("Unsupported protocol version (supported versions: {supported})")}}),
        )
    }

    fn legacy_client() -> (Rc<Client>, Rc<Scripted>) {
        Scripted::client_with(ClientConfig {
            protocol: ProtocolMode::Legacy,
            ..ClientConfig::default()
        })
    }

    /// A handshake-era client with `config`, whose first call opens session `s`: the
    /// `initialize` answer, the `initialized` notice, and no standalone GET stream (405).
    fn session_client(config: ClientConfig) -> (Rc<Client>, Rc<Scripted>) {
        let (client, script) = Scripted::client_with(ClientConfig {
            protocol: ProtocolMode::Legacy,
            ..config
        });
        script.push(init_reply("2025-11-25", Some("s")));
        script.push(status(202));
        script.push(status(405)); // the standalone GET stream: not offered
        (client, script)
    }

    #[test]
    fn a_refused_initialize_is_retried_once_at_the_newest_shared_revision() {
        for code in [-32602, -32000] {
            let (client, script) = legacy_client();
            script.push(refusal(code, "2025-06-18, 2025-03-26, 2024-11-05"));
            script.push(init_reply("2025-06-18", Some("s-1")));
            script.push(status(202));
            script.push(json_reply(
                200,
                json!({"jsonrpc":"2.0","id":3,"result":{"tools":[{"name":"a"}]}}),
            ));
            let tools = block_on(client.list_tools(&RequestOptions::default())).unwrap();
            assert_eq!(tools.len(), 1);
            assert_eq!(client.protocol_version().as_deref(), Some("2025-06-18"));
            let sent = script.sent();
            assert_eq!(
                methods(&script),
                [
                    "initialize",
                    "initialize",
                    "notifications/initialized",
                    "tools/list"
                ]
            );
            assert_eq!(sent[0].body["params"]["protocolVersion"], "2025-11-25");
            assert_eq!(sent[1].body["params"]["protocolVersion"], "2025-06-18");
            assert_ne!(sent[0].body["id"], sent[1].body["id"], "a new id");
            assert_eq!(sent[1].header("MCP-Protocol-Version"), None);
            assert_eq!(sent[3].header("MCP-Protocol-Version"), Some("2025-06-18"));
            assert_eq!(sent[3].header("Mcp-Session-Id"), Some("s-1"));
        }
    }

    #[test]
    fn a_refusal_after_the_probe_falls_back_to_the_older_revision_too() {
        let (client, script) = Scripted::client();
        script.push(json_reply(400, json!({"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: Unsupported protocol version: 2026-07-28 (supported versions: 2025-06-18, 2025-03-26)"}})));
        script.push(json_reply(400, json!({"jsonrpc":"2.0","id":null,"error":{"code":-32602,"message":"Invalid params","data":{"supported":["2025-06-18","2025-03-26"],"requested":"2025-11-25"}}})));
        script.push(init_reply("2025-06-18", None));
        script.push(status(202));
        block_on(client.ensure_ready(&RequestOptions::default())).unwrap();
        assert_eq!(client.protocol_version().as_deref(), Some("2025-06-18"));
        assert_eq!(
            methods(&script),
            [
                "server/discover",
                "initialize",
                "initialize",
                "notifications/initialized"
            ]
        );
    }

    #[test]
    fn a_refusal_naming_no_revision_we_speak_is_unsupported_protocol_version() {
        let (client, script) = legacy_client();
        script.push(refusal(-32602, "2024-11-05, 2024-10-07"));
        let err = block_on(client.list_tools(&RequestOptions::default())).unwrap_err();
        assert_eq!(err.code, ErrorCode::UnsupportedProtocolVersion);
        assert_eq!(err.http_status, Some(400));
        assert_eq!(
            err.message,
            r#"the server refused protocol version 2025-11-25 and supports only ["2024-11-05","2024-10-07"]; this adapter speaks ["2025-11-25","2025-06-18","2025-03-26"]"#
        );
        assert_eq!(
            err.rpc.as_ref().and_then(|r| r.data.clone()),
            Some(json!({"supported": ["2024-11-05", "2024-10-07"], "requested": "2025-11-25"}))
        );
        assert_eq!(methods(&script), ["initialize"], "no retry");
        assert!(client.era().is_none());

        // the retry refused too: one retry only
        let (client, script) = legacy_client();
        script.push(refusal(-32602, "2025-06-18"));
        script.push(refusal(-32602, "2025-06-18"));
        let err = block_on(client.list_tools(&RequestOptions::default())).unwrap_err();
        assert_eq!(err.code, ErrorCode::UnsupportedProtocolVersion);
        assert!(err
            .message
            .starts_with("the server refused protocol version 2025-06-18"));
        assert_eq!(methods(&script), ["initialize", "initialize"]);

        // another error of initialize is the server's error, not retried
        let (client, script) = legacy_client();
        script.push(json_reply(400, json!({"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params: clientInfo is required"}})));
        let err = block_on(client.list_tools(&RequestOptions::default())).unwrap_err();
        assert_eq!(err.code, ErrorCode::RpcError);
        assert_eq!(methods(&script), ["initialize"]);
    }

    /// A legacy client whose session "old" gets `expired` for its first request.
    fn session_answered(expired: Canned) -> (Rc<Client>, Rc<Scripted>) {
        let (client, script) = Scripted::client_with(ClientConfig {
            protocol: ProtocolMode::Legacy,
            ..ClientConfig::default()
        });
        script.push(init_reply("2025-11-25", Some("old")));
        script.push(status(202));
        script.push(expired);
        (client, script)
    }

    #[test]
    fn expired_session_is_renewed_once() {
        // a 404, a 400 about the session (servers of the TypeScript SDK 1.x examples), or
        // one saying the server is not initialized (an SDK 1.x server of one session, restarted)
        for expired in [
            json_reply(
                404,
                json!({"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"Session not found"}}),
            ),
            json_reply(
                400,
                json!({"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: No valid session ID provided"}}),
            ),
            json_reply(
                400,
                json!({"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: Server not initialized"}}),
            ),
        ] {
            let (client, script) = session_answered(expired);
            script.push(init_reply("2025-11-25", Some("new")));
            script.push(status(202));
            script.push(json_reply(
                200,
                json!({"jsonrpc":"2.0","id":1,"result":{"tools":[]}}),
            ));
            block_on(client.list_tools(&RequestOptions::default())).unwrap();
            let sent = script.sent();
            assert_eq!(sent[2].header("Mcp-Session-Id"), Some("old"));
            assert_eq!(sent[3].body["method"], "initialize");
            assert_eq!(sent[5].header("Mcp-Session-Id"), Some("new"));
        }
        // a 400 about something else is the server's answer
        let invalid =
            json!({"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params"}});
        let (client, script) = session_answered(json_reply(400, invalid));
        let err = block_on(client.list_tools(&RequestOptions::default())).unwrap_err();
        assert_eq!(err.code, ErrorCode::RpcError);
        assert_eq!(script.sent().len(), 3, "not renewed");
    }

    #[test]
    fn server_requests_are_answered_on_the_session() {
        let handler: ElicitationHandler =
            Rc::new(|params: Value, _: Option<&Rc<dyn std::any::Any>>| {
                async move {
                    assert_eq!(params["message"], "Name?");
                    Ok(json!({"action": "accept", "content": {"name": "Ada"}}))
                }
                .boxed_local()
            });
        let (client, script) = session_client(ClientConfig {
            on_elicitation: Some(handler),
            ..ClientConfig::default()
        });
        script.push(sse_reply(&[
            json!({"jsonrpc":"2.0","id":"p1","method":"ping"}),
            json!({"jsonrpc":"2.0","id":7,"method":"elicitation/create","params":{"message":"Name?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"},"age":{"type":"integer","default":30}}}}}),
            json!({"jsonrpc":"2.0","id":8,"method":"sampling/createMessage","params":{}}),
            json!({"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"done"}]}}),
        ]));
        script.push(status(202));
        script.push(status(202));
        script.push(status(202));
        let out = block_on(client.call_tool("ask", Value::Null, None, &RequestOptions::default()))
            .unwrap();
        assert!(matches!(out, crate::client::CallOutcome::Complete(_)));
        let sent = script.sent();
        assert_eq!(
            sent[0].body["params"]["capabilities"],
            json!({"elicitation": {"form": {}, "url": {}}, "tasks": {}})
        );
        assert_eq!(sent[2].method, "GET");
        assert_eq!(sent[2].header("Accept"), Some("text/event-stream"));
        assert_eq!(sent[4].body, json!({"jsonrpc":"2.0","id":"p1","result":{}}));
        assert_eq!(
            sent[5].body,
            json!({"jsonrpc":"2.0","id":7,"result":{"action":"accept","content":{"name":"Ada","age":30}}})
        );
        assert_eq!(sent[6].body["error"]["code"], -32601);
        assert_eq!(sent[6].header("Mcp-Session-Id"), Some("s"));
    }

    #[test]
    fn in_a_session_too_only_a_tools_call_is_sent_as_not_idempotent() {
        let handler: ElicitationHandler = Rc::new(|_: Value, _: Option<&Rc<dyn std::any::Any>>| {
            async { Ok(json!({"action": "decline"})) }.boxed_local()
        });
        let (client, script) = session_client(ClientConfig {
            on_elicitation: Some(handler),
            ..ClientConfig::default()
        });
        script.push(sse_reply(&[
            json!({"jsonrpc":"2.0","id":7,"method":"elicitation/create","params":{"message":"Sure?"}}),
            json!({"jsonrpc":"2.0","id":1,"result":{"content":[]}}),
        ]));
        script.push(status(202));
        script.push(status(200));
        let opts = RequestOptions::default();
        block_on(client.call_tool("ask", Value::Null, None, &opts)).unwrap();
        block_on(client.close()).unwrap();
        let sent = script.sent();
        let marked: Vec<_> = sent
            .iter()
            .map(|s| (s.method, s.body["method"].clone(), s.idempotent))
            .collect();
        assert_eq!(
            marked,
            [
                ("POST", json!("initialize"), true),
                ("POST", json!("notifications/initialized"), true),
                ("GET", Value::Null, true),
                ("POST", json!("tools/call"), false),
                ("POST", Value::Null, true), // the answer
                ("DELETE", Value::Null, true),
            ]
        );
    }

    #[test]
    fn what_the_server_sent_while_an_answer_was_made_is_read_before_it_is_sent() {
        let handler: ElicitationHandler = Rc::new(|_: Value, _: Option<&Rc<dyn std::any::Any>>| {
            async { Ok(json!({"action": "decline"})) }.boxed_local()
        });
        let ask = |id: i64| json!({"jsonrpc":"2.0","id":id,"method":"elicitation/create","params":{"message":"Sure?"}});
        let config = || ClientConfig {
            on_elicitation: Some(handler.clone()),
            ..ClientConfig::default()
        };
        // a second question sent before the first is answered: both answered, in order
        let (client, script) = session_client(config());
        let mut stream = sse_reply(&[
            ask(7),
            ask(9),
            json!({"jsonrpc":"2.0","id":1,"result":{"content":[]}}),
        ]);
        stream.gates[1] = Gate::Now;
        script.push(stream);
        script.push(status(202));
        script.push(status(202));
        let opts = RequestOptions::default();
        block_on(client.call_tool("ask", Value::Null, None, &opts)).unwrap();
        let answered: Vec<Value> = script.sent().iter().map(|s| s.body["id"].clone()).collect();
        assert_eq!(answered[answered.len() - 2..], [json!(7), json!(9)]);

        // the call ended (a timeout of the server's) before the answer was made: its result
        // is the call's, and the question goes unanswered
        let (client, script) = session_client(config());
        let timed_out = json!({"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"timed out"}],"isError":true}});
        let mut stream = sse_reply(&[ask(7), timed_out]);
        stream.gates[1] = Gate::Now;
        script.push(stream);
        let out = block_on(client.call_tool("ask", Value::Null, None, &opts)).unwrap();
        assert!(matches!(out, crate::client::CallOutcome::Complete(_)));
        assert!(script
            .sent()
            .iter()
            .all(|s| s.body.get("id") != Some(&json!(7))));
    }

    #[test]
    fn an_answer_the_server_refuses_fails_the_call_marked_undelivered_when_its_session_is_gone() {
        // a call whose host handler declines the server's question, whose answer gets `status`
        let refused = |reply: Canned| {
            let handler: ElicitationHandler =
                Rc::new(|_: Value, _: Option<&Rc<dyn std::any::Any>>| {
                    async { Ok(json!({"action": "decline"})) }.boxed_local()
                });
            let (client, script) = session_client(ClientConfig {
                on_elicitation: Some(handler),
                ..ClientConfig::default()
            });
            script.push(sse_reply(&[
                json!({"jsonrpc":"2.0","id":7,"method":"elicitation/create","params":{"message":"Name?","requestedSchema":{"type":"object"}}}),
                json!({"jsonrpc":"2.0","id":1,"result":{"content":[]}}),
            ]));
            script.push(reply);
            let opts = RequestOptions::default();
            let err = block_on(client.call_tool("ask", Value::Null, None, &opts)).unwrap_err();
            let sent = script.sent();
            let answer = sent.iter().find(|s| s.body["id"] == 7).unwrap();
            assert_eq!(answer.body["result"], json!({"action": "decline"}));
            err
        };
        let err = refused(status(404));
        assert_eq!(err.code, ErrorCode::HttpStatus);
        assert_eq!(err.http_status, Some(404));
        assert!(
            err.answer_undelivered,
            "the session is gone: the call may be sent again"
        );
        assert_eq!(
            err.message,
            "the server did not take the answer to its elicitation/create request: HTTP 404"
        );
        // another refusal fails the call too, but its run may still wait: not to be sent again
        let err = refused(status(429));
        assert_eq!(err.http_status, Some(429));
        assert!(!err.answer_undelivered);
        // a 400 about the session, as servers of the TypeScript SDK 1.x examples answer an id
        // they do not know (after a restart): gone too; a 400 about something else is not
        let gone = json!({"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: No valid session ID provided"}});
        assert!(refused(json_reply(400, gone)).answer_undelivered);
        let other =
            json!({"jsonrpc":"2.0","id":null,"error":{"code":-32602,"message":"Invalid params"}});
        assert!(!refused(json_reply(400, other)).answer_undelivered);
    }

    #[test]
    fn an_answer_is_not_sent_on_a_stream_that_cannot_be_read_unless_the_stream_resumes() {
        let handler: ElicitationHandler = Rc::new(|_: Value, _: Option<&Rc<dyn std::any::Any>>| {
            async { Ok(json!({"action": "decline"})) }.boxed_local()
        });
        let config = || ClientConfig {
            on_elicitation: Some(handler.clone()),
            ..ClientConfig::default()
        };
        let ask = json!({"jsonrpc":"2.0","id":7,"method":"elicitation/create","params":{"message":"Sure?"}});
        // cut (a proxy, a runtime) or closed with no way to resume: the answer's result could
        // not be read, so the tool is not run by it; the server's run is cancelled
        let cut = Error::new(
            ErrorCode::Network,
            "fetch failed while reading the response",
        );
        for dies in [Some(cut), None] {
            let (client, script) = session_client(config());
            let mut stream = sse_reply(std::slice::from_ref(&ask));
            if let Some(e) = dies.clone() {
                stream.chunks.push(Err(e));
                stream.gates.push(Gate::Now);
            }
            script.push(stream);
            script.push(status(202));
            let opts = RequestOptions::default();
            let err = block_on(client.call_tool("ask", Value::Null, None, &opts)).unwrap_err();
            let code = dies.as_ref().map_or(ErrorCode::StreamEnded, |e| e.code);
            assert_eq!(err.code, code);
            let sent = script.sent();
            assert!(
                sent.iter().all(|s| s.body.get("id") != Some(&json!(7))),
                "not answered"
            );
            let notice = &sent[sent.len() - 1].body;
            assert_eq!(notice["method"], "notifications/cancelled");
            assert_eq!(notice["params"]["requestId"], sent[3].body["id"]);
        }
        // closed by the server to be resumed (its events carry ids): answered, then resumed
        let (client, script) = session_client(config());
        let mut stream = sse_reply(&[]);
        stream.chunks = vec![Ok(bytes::Bytes::from(format!("id: ev-1\ndata: {ask}\n\n")))];
        script.push(stream);
        script.push(status(202));
        script.push(sse_reply(&[
            json!({"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"resumed"}]}}),
        ]));
        let out = block_on(client.call_tool("ask", Value::Null, None, &RequestOptions::default()))
            .unwrap();
        assert!(matches!(out, crate::client::CallOutcome::Complete(_)));
        let sent = script.sent();
        assert_eq!(sent[4].body["id"], 7, "answered");
        assert_eq!(sent[5].header("Last-Event-ID"), Some("ev-1"));
    }

    #[test]
    fn sampling_and_roots_requests_are_answered_by_the_hosts_handlers_in_this_era_too() {
        let sampler: crate::client::HostHandler = Rc::new(
            |params: Value, _: Option<&Rc<dyn std::any::Any>>| {
                async move {
                assert_eq!(params["maxTokens"], 5);
                Ok(json!({"role": "assistant", "content": {"type": "text", "text": "Paris"}, "model": "m"}))
            }
            .boxed_local()
            },
        );
        let roots: crate::client::HostHandler =
            Rc::new(|_p: Value, _: Option<&Rc<dyn std::any::Any>>| {
                async { Ok(json!({"roots": [{"uri": "file:///w"}]})) }.boxed_local()
            });
        let (client, script) = session_client(ClientConfig {
            on_sampling: Some(sampler),
            roots: Some(roots),
            ..ClientConfig::default()
        });
        script.push(sse_reply(&[
            json!({"jsonrpc":"2.0","id":"s1","method":"sampling/createMessage","params":{"messages":[],"maxTokens":5}}),
            json!({"jsonrpc":"2.0","id":"r1","method":"roots/list"}),
            json!({"jsonrpc":"2.0","id":1,"result":{"content":[]}}),
        ]));
        script.push(status(202));
        script.push(status(202));
        block_on(client.call_tool("ask", Value::Null, None, &RequestOptions::default())).unwrap();
        let sent = script.sent();
        assert_eq!(
            sent[0].body["params"]["capabilities"],
            json!({"elicitation": {"form": {}, "url": {}}, "sampling": {}, "roots": {}, "tasks": {}})
        );
        assert_eq!(sent[4].body["id"], "s1");
        assert_eq!(sent[4].body["result"]["content"]["text"], "Paris");
        assert_eq!(
            sent[5].body,
            json!({"jsonrpc":"2.0","id":"r1","result":{"roots":[{"uri":"file:///w"}]}})
        );
    }

    #[test]
    fn a_handler_cut_off_by_the_calls_signal_fails_the_call_unanswered() {
        // what the bindings' wait on host code gives when the call's signal aborts
        let sampler: crate::client::HostHandler =
            Rc::new(|_p: Value, _: Option<&Rc<dyn std::any::Any>>| {
                async { Err(Error::new(ErrorCode::Aborted, "the call was aborted")) }.boxed_local()
            });
        let (client, script) = session_client(ClientConfig {
            on_sampling: Some(sampler),
            ..ClientConfig::default()
        });
        script.push(sse_reply(&[
            json!({"jsonrpc":"2.0","id":"s1","method":"sampling/createMessage","params":{"messages":[],"maxTokens":5}}),
        ]));
        script.push(status(202)); // the cancellation notice
        let err = block_on(client.call_tool("ask", Value::Null, None, &RequestOptions::default()))
            .unwrap_err();
        assert_eq!(err.code, ErrorCode::Aborted);
        let sent = script.sent();
        assert!(
            sent.iter().all(|s| s.body.get("id") != Some(&json!("s1"))),
            "the request was not answered"
        );
        let call = sent
            .iter()
            .find(|s| s.body["method"] == "tools/call")
            .unwrap();
        let notice = &sent.last().unwrap().body;
        assert_eq!(notice["method"], "notifications/cancelled");
        assert_eq!(notice["params"]["requestId"], call.body["id"]);
    }

    #[test]
    fn a_handler_that_needs_a_sign_in_fails_the_call_with_it_once_the_server_is_told() {
        // what the bindings' wait on host code gives for an MCPAdapterError the handler threw
        let sampler: crate::client::HostHandler =
            Rc::new(|_p: Value, _: Option<&Rc<dyn std::any::Any>>| {
                let e = Error::new(
                    ErrorCode::AuthorizationRequired,
                    "onSampling threw: sign in",
                );
                async move { Err(e) }.boxed_local()
            });
        let (client, script) = session_client(ClientConfig {
            on_sampling: Some(sampler),
            ..ClientConfig::default()
        });
        script.push(sse_reply(&[
            json!({"jsonrpc":"2.0","id":"s1","method":"sampling/createMessage","params":{"messages":[],"maxTokens":5}}),
            json!({"jsonrpc":"2.0","id":1,"result":{"content":[],"isError":true}}),
        ]));
        script.push(status(202)); // the failure told
        let err = block_on(client.call_tool("ask", Value::Null, None, &RequestOptions::default()))
            .unwrap_err();
        assert_eq!(err.code, ErrorCode::AuthorizationRequired);
        assert_eq!(err.message, "onSampling threw: sign in");
        let sent = script.sent();
        let told = &sent.last().unwrap().body;
        assert_eq!(told["id"], "s1");
        assert_eq!(told["error"]["code"], codes::INTERNAL_ERROR);
        let text = "the host's handler of sampling/createMessage failed: onSampling threw: sign in";
        assert_eq!(told["error"]["message"], text);
    }

    #[test]
    fn lists_do_not_open_the_standalone_stream() {
        let handler: ElicitationHandler =
            Rc::new(|_p: Value, _: Option<&Rc<dyn std::any::Any>>| {
                async move { Ok(json!({"action": "cancel"})) }.boxed_local()
            });
        let (client, script) = Scripted::client_with(ClientConfig {
            protocol: ProtocolMode::Legacy,
            on_elicitation: Some(handler),
            ..ClientConfig::default()
        });
        script.push(init_reply("2025-11-25", Some("s")));
        script.push(status(202));
        script.push(json_reply(
            200,
            json!({"jsonrpc":"2.0","id":1,"result":{"tools":[]}}),
        ));
        block_on(client.list_tools(&RequestOptions::default())).unwrap();
        assert!(script.sent().iter().all(|s| s.method == "POST"));
    }

    #[test]
    fn requests_on_the_standalone_stream_are_answered_while_the_call_runs() {
        let handler: ElicitationHandler =
            Rc::new(|_p: Value, _: Option<&Rc<dyn std::any::Any>>| {
                async move { Ok(json!({"action": "accept", "content": {}})) }.boxed_local()
            });
        let (client, script) = Scripted::client_with(ClientConfig {
            protocol: ProtocolMode::Legacy,
            on_elicitation: Some(handler),
            ..ClientConfig::default()
        });
        script.push(init_reply("2025-11-25", Some("s")));
        script.push(status(202));
        script.push(sse_reply(&[json!({"jsonrpc":"2.0","id":5,"method":"elicitation/create","params":{"message":"m","requestedSchema":{"type":"object","properties":{"x":{"type":"string","default":"d"}}}}})]));
        script.push(status(202)); // the answer, POSTed while the call runs
        script.push(sse_reply(&[
            json!({"jsonrpc":"2.0","id":1,"result":{"content":[]}}),
        ]));
        block_on(client.call_tool("t", Value::Null, None, &RequestOptions::default())).unwrap();
        let sent = script.sent();
        let answer = sent
            .iter()
            .find(|s| s.body.get("result").is_some())
            .expect("the elicitation was answered");
        assert_eq!(
            answer.body["result"],
            json!({"action": "accept", "content": {"x": "d"}})
        );
    }

    #[test]
    fn a_closed_stream_is_resumed_after_retry_with_last_event_id() {
        // and a resumed stream that closes before any event is resumed again from that id
        for empty_resumptions in [0, 1] {
            let (client, script) = Scripted::client_with(ClientConfig {
                protocol: ProtocolMode::Legacy,
                ..ClientConfig::default()
            });
            script.push(init_reply("2025-11-25", Some("s")));
            script.push(status(202));
            let mut primed = sse_reply(&[]);
            primed.chunks = vec![Ok(bytes::Bytes::from_static(
                b"id: ev-1\nretry: 500\ndata: \n\n",
            ))];
            script.push(primed);
            for _ in 0..empty_resumptions {
                script.push(sse_reply(&[]));
            }
            script.push(sse_reply(&[
                json!({"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"resumed"}]}}),
            ]));
            let out =
                block_on(client.call_tool("t", Value::Null, None, &RequestOptions::default()))
                    .unwrap();
            assert_eq!(
                out,
                crate::client::CallOutcome::Complete(
                    json!({"content":[{"type":"text","text":"resumed"}]})
                )
            );
            assert_eq!(*script.slept.borrow(), vec![500; empty_resumptions + 1]);
            let sent = script.sent();
            assert_eq!(sent.len(), 4 + empty_resumptions);
            for get in &sent[3..] {
                assert_eq!(get.method, "GET");
                assert_eq!(get.header("Last-Event-ID"), Some("ev-1"));
                assert_eq!(get.header("Mcp-Session-Id"), Some("s"));
                assert_eq!(get.header("MCP-Protocol-Version"), Some("2025-11-25"));
                assert_eq!(get.header("Accept"), Some("text/event-stream"));
                assert_eq!(get.header("Content-Type"), None, "a GET has no body");
            }
        }
    }

    #[test]
    fn url_elicitation_error_is_typed_and_close_deletes_the_session() {
        let (client, script) = Scripted::client_with(ClientConfig {
            protocol: ProtocolMode::Legacy,
            ..ClientConfig::default()
        });
        script.push(init_reply("2025-11-25", Some("s")));
        script.push(status(202));
        script.push(json_reply(200, json!({"jsonrpc":"2.0","id":1,"error":{"code":-32042,"message":"open it","data":{"elicitations":[{"mode":"url","url":"https://a.example/x","message":"m","elicitationId":"e"}]}}})));
        script.push(status(405));
        let err = block_on(client.call_tool("t", Value::Null, None, &RequestOptions::default()))
            .unwrap_err();
        assert_eq!(err.code, ErrorCode::UrlElicitationRequired);
        assert_eq!(
            err.rpc.clone().unwrap().data.unwrap()["elicitations"][0]["url"],
            "https://a.example/x"
        );
        block_on(client.close()).unwrap();
        let sent = script.sent();
        assert_eq!(sent[3].method, "DELETE");
        assert_eq!(sent[3].header("Mcp-Session-Id"), Some("s"));
        assert!(client.era().is_none());
    }

    #[test]
    fn close_of_a_session_the_server_forgot_is_done_and_another_refusal_is_an_error() {
        let forgot = json!({"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: No valid session ID provided"}});
        let invalid =
            json!({"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request"}});
        for (refusal, ok) in [
            (json_reply(400, forgot), true),
            (json_reply(400, invalid), false),
        ] {
            let (client, script) = session_answered(json_reply(
                200,
                json!({"jsonrpc":"2.0","id":1,"result":{"tools":[]}}),
            ));
            block_on(client.list_tools(&RequestOptions::default())).unwrap();
            script.push(refusal);
            assert_eq!(block_on(client.close()).is_ok(), ok);
            assert!(client.era().is_none(), "dropped either way");
        }
    }

    #[test]
    fn defaults_fill_only_missing_fields_of_accepted_forms() {
        let schema = json!({"properties": {"a": {"default": 1}, "b": {"default": "x"}, "c": {}}});
        assert_eq!(
            with_schema_defaults(json!({"action":"accept","content":{"a":5}}), Some(&schema)),
            json!({"action":"accept","content":{"a":5,"b":"x"}})
        );
        assert_eq!(
            with_schema_defaults(json!({"action":"accept"}), Some(&schema)),
            json!({"action":"accept","content":{"a":1,"b":"x"}})
        );
        assert_eq!(
            with_schema_defaults(json!({"action":"decline"}), Some(&schema)),
            json!({"action":"decline"})
        );
    }
}
