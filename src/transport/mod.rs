//! One HTTP exchange of streamable HTTP: a POST carrying one JSON-RPC request, answered by
//! `application/json` or `text/event-stream` (MCP 2026-07-28,
//! `basic/transports/streamable-http.mdx`;
//! <https://modelcontextprotocol.io/specification/2026-07-28>).
//!
//! The HTTP client itself sits behind the small [`Exchange`] trait: `fetch` in the wasm
//! build (`bindings::fetch`), a scripted exchange in native tests. Everything here — media
//! type matching, SSE decoding, size limits, redirects — is plain Rust.

pub mod body;
pub mod sse;
pub mod target;

use crate::error::Result;
use bytes::Bytes;
use futures_util::future::LocalBoxFuture;
use futures_util::stream::LocalBoxStream;
use std::any::Any;
use std::rc::Rc;

pub use body::{read_response, EventTrace, Limits, MessageSink, ResponseItem, ResponseReader};
pub use target::Target;

/// One request to send: a POST carrying a JSON-RPC message, or (handshake era) a GET of an
/// event stream or a DELETE of the session.
pub struct HttpRequest {
    /// `"POST"`, `"GET"` or `"DELETE"`.
    pub method: &'static str,
    /// Absolute `http(s)` URL.
    pub url: String,
    /// Request headers in order (names as the spec spells them), shared with a redirected
    /// request (not copied for it).
    pub headers: Rc<[(String, String)]>,
    /// The JSON body (empty for GET and DELETE), shared so that a redirected request is not
    /// copied (tool arguments may be large).
    pub body: Rc<String>,
    /// The most response bytes the caller will accept ([`Limits::max_body_bytes`]): an
    /// exchange may read a body of declared length at once when it fits, and must stream
    /// it otherwise (the reader enforces the limit either way).
    pub body_limit: usize,
    /// Whether sending the request twice does what sending it once does (RFC 9110, section
    /// 9.2.2): every request but a `tools/call` (see `Client::send`). An exchange may send
    /// such a request once more when it failed on a reused connection that the server had
    /// closed, before any response.
    pub idempotent: bool,
    /// Per-call context the exchange understands (the wasm exchange carries the host's
    /// `AbortSignal` and timeout here). Opaque to the core.
    pub context: Option<Rc<dyn Any>>,
}

/// The head of a response plus its body as a stream of chunks.
pub struct HttpResponse {
    /// HTTP status code.
    pub status: u16,
    /// The `Content-Type` header, verbatim, if present.
    pub content_type: Option<String>,
    /// The `Location` header of a redirect, if present and readable.
    pub location: Option<String>,
    /// The `Mcp-Session-Id` header (handshake era: read from the `initialize` response only).
    pub session_id: Option<String>,
    /// The body's declared length (`Content-Length`) when a JSON body is large and read
    /// chunk by chunk: the capacity it is collected into (at most the size limit), reserved
    /// before the bytes come, so it is copied once (`None`: unknown, or the body comes in one
    /// chunk). What is read does not depend on it: the body may be shorter or longer, and the
    /// size limit bounds it all the same.
    pub content_length: Option<usize>,
    /// The body, chunk by chunk as the network delivers it. Dropping it cancels the
    /// request (that closes the response stream, which is how 2026-07-28 cancels).
    pub body: LocalBoxStream<'static, Result<Bytes>>,
    /// Told the data of each event of a `text/event-stream` body as the reader decodes it
    /// ([`EventTrace`]; the wasm exchange's `onTrace`). `None`: nobody watches.
    pub trace: Option<EventTrace>,
}

/// The HTTP client the core drives: sends one request (a POST, or in the handshake era a GET
/// or DELETE), returns the response head and a body stream. Errors are [`crate::Error`]s
/// with codes `network`, `timeout` or `aborted`.
pub trait Exchange {
    /// Sends `request` with its own method; resolves when the response head has arrived. A
    /// request without `context` must still be bounded in time by the implementation.
    fn send(&self, request: HttpRequest) -> LocalBoxFuture<'static, Result<HttpResponse>>;

    /// Resolves after `ms` milliseconds (used before resuming a handshake-era stream, as
    /// its `retry` field asks). With a call's `context` the wait ends early as that call's
    /// exchanges do: [`crate::ErrorCode::Aborted`] when its signal aborts,
    /// [`crate::ErrorCode::Timeout`] when its timeout passes.
    fn sleep(&self, ms: u64, context: Option<Rc<dyn Any>>) -> LocalBoxFuture<'static, Result<()>>;

    /// The host's clock, in milliseconds (`Date.now()` in JavaScript): when a handshake-era
    /// call held open for a person's answer has timed out.
    fn now_ms(&self) -> f64;

    /// The host's clock as an ISO 8601 date-time in UTC with milliseconds
    /// (`"2026-07-28T09:30:00.000Z"`, JavaScript's `new Date().toISOString()`): when an
    /// interrupt was made.
    fn now_iso(&self) -> String;

    /// The time of a date-time [`Exchange::now_iso`] wrote, in the milliseconds of
    /// [`Exchange::now_ms`] (`Date.parse` in JavaScript); `None` when it is not one.
    fn iso_ms(&self, iso: &str) -> Option<f64>;

    /// The context of a request that must still go out once the call of `context` was
    /// aborted or timed out (a task's `tasks/cancel`): that call's headers, none of its signal
    /// or timeout, bounded as a request without a context is.
    fn detach(&self, context: Option<&Rc<dyn Any>>) -> Option<Rc<dyn Any>>;
}
