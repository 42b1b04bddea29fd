//! Reading one response: `application/json` or `text/event-stream`, bounded in size, until
//! the JSON-RPC response to our request arrives (MCP 2026-07-28,
//! `basic/transports/streamable-http.mdx` "Sending Messages to the Server").

use super::{sse, HttpResponse};
use crate::error::{snippet, Error, ErrorCode, Result, RpcError};
use crate::protocol::headers;
use crate::protocol::jsonrpc::{id_matches, Id, Incoming};
use bytes::Bytes;
use futures_util::stream::{self, LocalBoxStream, Stream, StreamExt};
use futures_util::FutureExt;
use serde_json::Value;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll};

/// Offered the JSON text of messages of an event stream ([`ResponseReader::next`]) before they
/// are parsed, in order, as many as the stream has decoded at once, with the integer
/// `progressToken` the request sent (`None`: none; [`ResponseReader::with_progress_token`]):
/// returns how many
/// of the first it took as notifications (those are then neither parsed nor delivered; the
/// rest go on to the reader). Only progress that names that token is the request's (MCP
/// 2026-07-28, `basic/patterns/progress.mdx`). The wasm bindings hand the texts to JavaScript
/// in one crossing, whose `JSON.parse` reads a progress notification for the host's callback
/// faster than the core can build a value and write it out again.
pub type NotificationFilter = Rc<dyn Fn(&[&str], Option<u64>) -> usize>;

/// Told the data of the events of an event stream as [`ResponseReader::next`] decodes them:
/// those decoded at once in one call, in the stream's order, each once, before any is read
/// or offered to a [`NotificationFilter`]; events without data (a priming event, a lone `id`)
/// are left out, and data that holds a NUL (so is no JSON text) is told as an empty text, as
/// is the end of a stream cut at the size limit (after the events read before it).
/// The wasm bindings hand them to the host's `onTrace` in one crossing, joined by NULs, so
/// that the trace shows what this decoder read rather than a second decoding of the bytes.
pub type EventTrace = Rc<dyn Fn(&[&str])>;

/// Bounds on what one response may bring.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Most bytes one response body may have (JSON body, or the whole SSE stream).
    pub max_body_bytes: usize,
}

impl Default for Limits {
    /// 32 MiB per response.
    fn default() -> Self {
        Limits {
            max_body_bytes: 32 * 1024 * 1024,
        }
    }
}

/// Receives what arrives before the response: notifications (`notifications/progress`,
/// `notifications/message`, ...) and, in the handshake era, server requests.
pub type MessageSink<'a> = &'a mut dyn FnMut(Incoming);

/// The JSON-RPC response to our request and the HTTP status it came with.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    /// HTTP status of the response.
    pub status: u16,
    /// The `result`, or the JSON-RPC `error`.
    pub outcome: std::result::Result<Value, RpcError>,
}

/// Whether the media type of a `Content-Type` value is `expected` (lower case): compared
/// without regard to case, its parameters (`charset`) left aside (RFC 9110, section 8.3.1).
/// Nothing is allocated: every response is asked.
pub fn is_media_type(content_type: Option<&str>, expected: &str) -> bool {
    content_type
        .unwrap_or("")
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .eq_ignore_ascii_case(expected)
}

/// One item read from an HTTP response body: a message that is not our response (a
/// notification, or in the handshake era a server request), or the response itself.
#[derive(Debug, Clone, PartialEq)]
pub enum ResponseItem {
    /// A notification or server request that arrived before the response.
    Message(Incoming),
    /// The JSON-RPC response to our request; the read is over.
    Reply(Reply),
}

/// Reads one response item by item (see [`ResponseReader::next`]).
pub struct ResponseReader {
    status: u16,
    id: Id,
    progress_token: Option<u64>,
    kind: BodyKind,
    position: Position,
}

/// The last SSE event id seen, and the last `retry` (ms): where a handshake-era stream can be
/// resumed from.
#[derive(Default)]
struct Position {
    last_event_id: Option<String>,
    retry_ms: Option<u64>,
}

impl Position {
    /// Keeps `event`'s `id` and `retry` fields, when it has them.
    fn note(&mut self, event: &sse::Event) {
        if event.id.is_some() {
            self.last_event_id.clone_from(&event.id);
        }
        if event.retry.is_some() {
            self.retry_ms = event.retry;
        }
    }
}

enum BodyKind {
    /// The body, and the capacity to collect it into ([`HttpResponse::content_length`]).
    Json(Option<LocalBoxStream<'static, Result<Bytes>>>, usize),
    Sse {
        events: LocalBoxStream<'static, Result<sse::Event>>,
        /// Events decoded (or the stream's failure) but not read yet, the next one last.
        backlog: Vec<Result<sse::Event>>,
        /// Told the data of each event as it is decoded, if anyone watches.
        trace: Option<EventTrace>,
    },
    Other {
        body: Option<LocalBoxStream<'static, Result<Bytes>>>,
        content_type: Option<String>,
    },
}

impl ResponseReader {
    /// Starts reading `response`, the answer to request `id`, within `limits`.
    pub fn new(response: HttpResponse, id: Id, limits: &Limits) -> ResponseReader {
        let status = response.status;
        let body = limited(response.body, limits.max_body_bytes);
        let content_type = response.content_type.as_deref();
        let kind = if is_media_type(content_type, headers::JSON) {
            let capacity = response.content_length.unwrap_or(0);
            BodyKind::Json(Some(body), capacity.min(limits.max_body_bytes))
        } else if is_media_type(content_type, headers::EVENT_STREAM) {
            BodyKind::Sse {
                events: sse::events(body),
                backlog: Vec::new(),
                trace: response.trace,
            }
        } else {
            BodyKind::Other {
                body: Some(body),
                content_type: response.content_type,
            }
        };
        ResponseReader {
            status,
            id,
            progress_token: None,
            kind,
            position: Position::default(),
        }
    }

    /// The reader of a request that sent the integer `progressToken` `token` (`None`:
    /// none), which its filter is offered with the texts ([`NotificationFilter`]).
    pub fn with_progress_token(mut self, token: Option<u64>) -> ResponseReader {
        self.progress_token = token;
        self
    }

    /// The id of the request this reads the response to.
    pub fn id(&self) -> Id {
        self.id
    }

    /// The `progressToken` the request sent, if any.
    pub fn progress_token(&self) -> Option<u64> {
        self.progress_token
    }

    /// Continues reading on a new response (a handshake-era GET with `Last-Event-ID`) for
    /// the same request, keeping the resumption point and the progress token.
    pub fn resumed(self, response: HttpResponse, limits: &Limits) -> ResponseReader {
        let mut next = ResponseReader::new(response, self.id, limits);
        next.position = self.position;
        next.progress_token = self.progress_token;
        next
    }

    /// The id of the last SSE event read, if any carried one.
    pub fn last_event_id(&self) -> Option<&str> {
        self.position.last_event_id.as_deref()
    }

    /// The last SSE `retry` field read, in milliseconds.
    pub fn retry_ms(&self) -> Option<u64> {
        self.position.retry_ms
    }

    /// The HTTP status of the response.
    pub fn status(&self) -> u16 {
        self.status
    }

    /// The next item.
    ///
    /// - `application/json`: the whole body (within the size limit) is one message; a
    ///   JSON-RPC error is read on any HTTP status.
    /// - `text/event-stream`: events are decoded as bytes arrive; each notification or
    ///   server request is a [`ResponseItem::Message`]; responses to other ids are skipped; our
    ///   response is the [`ResponseItem::Reply`] (drop the reader then: that closes the stream).
    ///   With a `filter`, the texts of the events decoded at once are offered to it first, and
    ///   the notifications it takes are not read here (see [`NotificationFilter`]). The
    ///   response's [`EventTrace`], if any, is told them before that.
    /// - Anything else: a non-2xx status is [`ErrorCode::HttpStatus`] (with a short snippet
    ///   of the body, e.g. an HTML error page), a 2xx is [`ErrorCode::ContentType`].
    ///
    /// # Errors
    ///
    /// `body_too_large`, `invalid_json`, `invalid_message`, `stream_ended`, and the
    /// body stream's own `network` / `timeout` / `aborted`. After an error or a reply the
    /// reader is spent.
    pub async fn next(&mut self, filter: Option<&NotificationFilter>) -> Result<ResponseItem> {
        let (status, id, token) = (self.status, self.id, self.progress_token);
        match &mut self.kind {
            BodyKind::Json(body, capacity) => {
                let body = body.take().ok_or_else(|| spent(status))?;
                let bytes = collect(body, *capacity).await?;
                // a success's body is parsed in place (a large string keeps its buffer); any
                // other's is kept for the error that quotes it
                let (parsed, bytes) = if is_success(status) {
                    (mcp_wasm_adapter_json::parse_owned(bytes), Vec::new())
                } else {
                    (mcp_wasm_adapter_json::parse(&bytes), bytes)
                };
                let value: Value = match parsed {
                    Ok(v) => v,
                    Err(e) if is_success(status) => {
                        return Err(Error::new(
                            ErrorCode::InvalidJson,
                            format!("response body is not valid JSON: {e}"),
                        )
                        .with_status(status))
                    }
                    Err(_) => return Err(http_error(status, &bytes)),
                };
                match Incoming::from_value(value) {
                    Ok(Incoming::Response { id: rid, outcome }) if accepts(&rid, &outcome, id) => {
                        Ok(ResponseItem::Reply(Reply { status, outcome }))
                    }
                    Ok(_) | Err(_) if !is_success(status) => Err(http_error(status, &bytes)),
                    Ok(_) => Err(Error::new(
                        ErrorCode::InvalidMessage,
                        "JSON body is not the response to this request",
                    )
                    .with_status(status)),
                    Err(e) => Err(e.with_status(status)),
                }
            }
            BodyKind::Sse {
                events,
                backlog,
                trace,
            } => {
                let position = &mut self.position;
                loop {
                    let event = match backlog.pop() {
                        Some(event) => event,
                        None => {
                            let Some(event) = events.next().await else {
                                break;
                            };
                            // with a filter or a trace, an event fresh from the stream goes
                            // with those decoded behind it: all are traced, and the
                            // notifications among the first are taken, at once
                            match event {
                                Ok(event) if filter.is_some() || trace.is_some() => {
                                    match offer(
                                        (filter, token, trace.as_ref()),
                                        event,
                                        events,
                                        backlog,
                                        position,
                                    ) {
                                        Some(event) => event,
                                        None => continue,
                                    }
                                }
                                event => event,
                            }
                        }
                    };
                    let event = match (event, trace.as_ref()) {
                        (Ok(event), _) => event,
                        // a stream cut at the size limit ends its trace as a JSON body past
                        // the limit does: with a received body that holds no message
                        (Err(e), Some(trace)) if e.code == ErrorCode::BodyTooLarge => {
                            trace(&[""]);
                            return Err(e);
                        }
                        (Err(e), _) => return Err(e),
                    };
                    position.note(&event);
                    if event.data.is_empty() {
                        continue;
                    }
                    let value: Value = mcp_wasm_adapter_json::parse_owned(event.data.into())
                        .map_err(|e| {
                            Error::new(
                                ErrorCode::InvalidJson,
                                format!("SSE event is not valid JSON: {e}"),
                            )
                            .with_status(status)
                        })?;
                    match Incoming::from_value(value).map_err(|e| e.with_status(status))? {
                        Incoming::Response { id: rid, outcome } if accepts(&rid, &outcome, id) => {
                            return Ok(ResponseItem::Reply(Reply { status, outcome }))
                        }
                        // an answer to someone else: not ours to read
                        Incoming::Response { .. } => {}
                        other => return Ok(ResponseItem::Message(other)),
                    }
                }
                if is_success(status) {
                    Err(Error::new(
                        ErrorCode::StreamEnded,
                        "the event stream ended before the response arrived",
                    )
                    .with_status(status))
                } else {
                    Err(Error::new(
                        ErrorCode::HttpStatus,
                        format!("HTTP {status} with an event stream that carried no response"),
                    )
                    .with_status(status))
                }
            }
            BodyKind::Other { body, content_type } => {
                let body = body.take().ok_or_else(|| spent(status))?;
                if !is_success(status) {
                    let bytes = collect(body.take(4).boxed_local(), 0)
                        .await
                        .unwrap_or_default();
                    return Err(http_error(status, &bytes));
                }
                Err(Error::new(
                    ErrorCode::ContentType,
                    format!(
                        "expected application/json or text/event-stream, got {}",
                        crate::quoted(&snippet(content_type.as_deref().unwrap_or("(none)"), 80))
                    ),
                )
                .with_status(status))
            }
        }
    }
}

/// Tells `trace` the data of `first` and of the events decoded behind it (those ready without
/// waiting, up to and with a failure of the stream), then offers them to `take`, which takes
/// the notifications among the first of them. The taken ones only leave their position; the
/// others, then the failure, go to `backlog`, the next one last, and the first of them is
/// taken from it and returned (`None` when nothing is left). An event without data, or whose
/// data holds a NUL (never in JSON text: the texts cross joined by NULs), ends what is
/// offered to `take`.
fn offer(
    (take, token, trace): (
        Option<&NotificationFilter>,
        Option<u64>,
        Option<&EventTrace>,
    ),
    first: sse::Event,
    events: &mut LocalBoxStream<'static, Result<sse::Event>>,
    backlog: &mut Vec<Result<sse::Event>>,
    position: &mut Position,
) -> Option<Result<sse::Event>> {
    let mut batch = vec![first];
    let mut failed = None;
    while let Some(Some(item)) = events.next().now_or_never() {
        match item {
            Ok(event) => batch.push(event),
            Err(e) => {
                failed = Some(Err(e));
                break;
            }
        }
    }
    let mut texts = Vec::with_capacity(batch.len());
    if let Some(trace) = trace {
        for event in batch.iter().filter(|event| !event.data.is_empty()) {
            // data that holds a NUL is no JSON text, and told as an empty text, no JSON either
            texts.push(if event.data.contains('\0') {
                ""
            } else {
                &event.data
            });
        }
        if !texts.is_empty() {
            trace(&texts);
        }
        texts.clear();
    }
    let mut taken = 0;
    if let Some(take) = take {
        for event in &batch {
            if event.data.is_empty() || event.data.contains('\0') {
                break;
            }
            texts.push(event.data.as_str());
        }
        if !texts.is_empty() {
            taken = take(&texts, token).min(texts.len());
        }
    }
    backlog.extend(failed);
    for event in batch.drain(taken..).rev() {
        backlog.push(Ok(event));
    }
    for event in &batch {
        position.note(event);
    }
    backlog.pop()
}

fn spent(status: u16) -> Error {
    Error::new(ErrorCode::InvalidMessage, "the response was already read").with_status(status)
}

/// Reads `response` to its reply, handing every other message to `sink`.
/// (The client drives a [`ResponseReader`] itself where it must answer server requests.)
///
/// # Errors
///
/// Those of [`ResponseReader::next`].
pub async fn read_response(
    response: HttpResponse,
    id: Id,
    limits: &Limits,
    sink: MessageSink<'_>,
) -> Result<Reply> {
    let mut reader = ResponseReader::new(response, id, limits);
    loop {
        match reader.next(None).await? {
            ResponseItem::Message(m) => sink(m),
            ResponseItem::Reply(r) => return Ok(r),
        }
    }
}

fn is_success(status: u16) -> bool {
    (200..300).contains(&status)
}

/// Our response: matching id, or a `null` id on an error (servers that could not read the
/// request answer so, and one POST carries exactly one request).
fn accepts(rid: &Value, outcome: &std::result::Result<Value, RpcError>, id: Id) -> bool {
    id_matches(rid, id) || (rid.is_null() && outcome.is_err())
}

fn http_error(status: u16, body: &[u8]) -> Error {
    let text = String::from_utf8_lossy(body);
    let detail = if text.trim().is_empty() {
        String::new()
    } else {
        format!(": {}", snippet(text.trim(), 200))
    };
    Error::new(ErrorCode::HttpStatus, format!("HTTP {status}{detail}")).with_status(status)
}

/// Passes the body's first `max` bytes through (of the chunk that crosses the limit, the part
/// within it: the events that end there are read as if it had arrived alone), then yields one
/// [`ErrorCode::BodyTooLarge`] error and ends (dropping, so closing, the body).
fn limited(
    body: LocalBoxStream<'static, Result<Bytes>>,
    max: usize,
) -> LocalBoxStream<'static, Result<Bytes>> {
    Limited {
        body: Some(body),
        seen: 0,
        max,
        over: false,
    }
    .boxed_local()
}

/// The stream of [`limited`] (a hand-written `Stream`: docs/wasm-size.md). `body`
/// is `None` once the stream has ended; `over` once the bytes within the limit have been
/// passed on and only its error is left.
struct Limited {
    body: Option<LocalBoxStream<'static, Result<Bytes>>>,
    seen: usize,
    max: usize,
    over: bool,
}

impl Stream for Limited {
    type Item = Result<Bytes>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Bytes>>> {
        let this = &mut *self;
        let Some(body) = this.body.as_mut() else {
            return Poll::Ready(None);
        };
        if !this.over {
            match body.poll_next_unpin(cx) {
                Poll::Pending => return Poll::Pending,
                Poll::Ready(Some(Ok(chunk))) => {
                    let room = this.max.saturating_sub(this.seen);
                    this.seen = this.seen.saturating_add(chunk.len());
                    if this.seen <= this.max {
                        return Poll::Ready(Some(Ok(chunk)));
                    }
                    this.over = true;
                    if room > 0 {
                        return Poll::Ready(Some(Ok(chunk.slice(..room))));
                    }
                }
                // the end or an error: the body is dropped (so closed) now
                other => {
                    this.body = None;
                    return other;
                }
            }
        }
        // past the limit: the body is dropped (so closed) now
        this.body = None;
        Poll::Ready(Some(Err(Error::new(
            ErrorCode::BodyTooLarge,
            format!(
                "response body exceeds the limit of {} bytes (maxResponseBytes)",
                this.max
            ),
        ))))
    }
}

/// Collects a whole body into one buffer: with a `capacity` (the declared length of a large
/// body, at most the size limit), one of that size, each chunk copied in once; without, one
/// that grows as they come (exchange.js reads a body of up to 1 MiB, or of no declared
/// length, whole: one chunk, copied in here once more). The capacity is reserved before the
/// bytes come: a server that declares more than it sends costs address space for the read,
/// not resident memory, and what the parse keeps of the buffer is held to its text (see
/// [`mcp_wasm_adapter_json::parse_owned`]).
async fn collect(
    mut body: LocalBoxStream<'static, Result<Bytes>>,
    capacity: usize,
) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    // what the allocator cannot give (a declared length past the address space, with
    // `maxResponseBytes: Infinity`) is not reserved: the body then grows as it comes
    let _ = out.try_reserve_exact(capacity);
    while let Some(chunk) = body.next().await {
        out.extend_from_slice(&chunk?);
    }
    Ok(out)
}

/// A body from fixed chunks (for tests and scripted exchanges).
pub fn body_from_chunks(chunks: Vec<Result<Bytes>>) -> LocalBoxStream<'static, Result<Bytes>> {
    stream::iter(chunks).boxed_local()
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures_executor::block_on;
    use serde_json::json;

    fn response(status: u16, ct: &str, chunks: &[&str]) -> HttpResponse {
        HttpResponse {
            status,
            content_type: Some(ct.to_string()),
            location: None,
            session_id: None,
            content_length: None,
            body: body_from_chunks(
                chunks
                    .iter()
                    .map(|c| Ok(Bytes::from(c.to_string())))
                    .collect(),
            ),
            trace: None,
        }
    }

    fn read(resp: HttpResponse, limits: Limits) -> (Result<Reply>, Vec<Incoming>) {
        let mut seen = Vec::new();
        let out = block_on(read_response(resp, 1, &limits, &mut |m| seen.push(m)));
        (out, seen)
    }

    /// A filter that takes the texts holding `"method":"notifications/` while they come, and
    /// records what it was offered, batch by batch.
    fn recording_filter() -> (NotificationFilter, Rc<std::cell::RefCell<Vec<Vec<String>>>>) {
        let offered = Rc::new(std::cell::RefCell::new(Vec::new()));
        let log = offered.clone();
        let filter: NotificationFilter = Rc::new(move |texts: &[&str], _: Option<u64>| {
            record(&log, texts);
            texts
                .iter()
                .take_while(|t| t.contains(r#""method":"notifications/"#))
                .count()
        });
        (filter, offered)
    }

    /// The events decoded at once go to the filter together; what it leaves is read in order
    /// (a server request, a notification behind it, then our response), and the position of
    /// every event, taken or not, is kept.
    #[test]
    fn a_media_type_is_compared_without_case_parameters_or_spaces() {
        for given in [
            "application/json",
            "Application/JSON",
            " application/json ; charset=utf-8",
            "APPLICATION/JSON;charset=UTF-8",
        ] {
            assert!(is_media_type(Some(given), headers::JSON), "{given}");
        }
        for given in ["application/jsonx", "text/json", "application/json-seq", ""] {
            assert!(!is_media_type(Some(given), headers::JSON), "{given}");
        }
        assert!(!is_media_type(None, headers::JSON));
        assert!(is_media_type(
            Some("Text/Event-Stream"),
            headers::EVENT_STREAM
        ));
    }

    #[test]
    fn a_filter_takes_the_leading_notifications_of_what_arrived_together() {
        let progress = |n: u32| {
            format!("id: e{n}\ndata: {{\"method\":\"notifications/progress\",\"params\":{{\"progress\":{n}}}}}\n\n")
        };
        let first = format!("{}{}", progress(1), progress(2));
        let second = format!(
            "{}data: {{\"id\":7,\"method\":\"ping\"}}\n\n{}id: e4\ndata: {{\"id\":1,\"result\":{{}}}}\n\n",
            progress(3),
            progress(9)
        );
        let resp = response(200, "text/event-stream", &[&first, &second]);
        let mut reader = ResponseReader::new(resp, 1, &Limits::default());
        let (filter, offered) = recording_filter();
        let ping = block_on(reader.next(Some(&filter))).unwrap();
        assert!(
            matches!(&ping, ResponseItem::Message(Incoming::Request { method, .. }) if method == "ping"),
            "{ping:?}"
        );
        assert_eq!(reader.last_event_id(), Some("e3"));
        // the notification behind the request is read by the core, not offered again
        let behind = block_on(reader.next(Some(&filter))).unwrap();
        assert_eq!(
            behind,
            ResponseItem::Message(Incoming::Notification {
                method: "notifications/progress".into(),
                params: json!({"progress": 9})
            })
        );
        assert!(matches!(
            block_on(reader.next(Some(&filter))).unwrap(),
            ResponseItem::Reply(_)
        ));
        assert_eq!(reader.last_event_id(), Some("e4"));
        // both chunks were there at once: one offer of all six events
        let offered = offered.borrow();
        assert_eq!(offered.len(), 1, "{offered:?}");
        assert_eq!(offered[0].len(), 6);
    }

    #[test]
    fn a_filter_is_offered_the_progress_token_of_the_request_on_a_resumed_stream_too() {
        let event = "data: {\"method\":\"notifications/progress\",\"params\":{}}\n\n";
        let tokens = Rc::new(std::cell::RefCell::new(Vec::new()));
        let log = tokens.clone();
        let filter: NotificationFilter = Rc::new(move |texts: &[&str], token: Option<u64>| {
            log.borrow_mut().push(token);
            texts.len()
        });
        let limits = Limits::default();
        let mut reader =
            ResponseReader::new(response(200, "text/event-stream", &[event]), 1, &limits)
                .with_progress_token(Some(7));
        assert!(
            block_on(reader.next(Some(&filter))).is_err(),
            "the stream ends"
        );
        let resumed = response(200, "text/event-stream", &[event]);
        let mut reader = reader.resumed(resumed, &limits);
        assert!(block_on(reader.next(Some(&filter))).is_err());
        let mut bare =
            ResponseReader::new(response(200, "text/event-stream", &[event]), 2, &limits);
        assert!(block_on(bare.next(Some(&filter))).is_err());
        assert_eq!(*tokens.borrow(), [Some(7), Some(7), None]);
    }

    /// A trace that records what it is told, call by call.
    fn recording_trace() -> (EventTrace, Rc<std::cell::RefCell<Vec<Vec<String>>>>) {
        let told = Rc::new(std::cell::RefCell::new(Vec::new()));
        let log = told.clone();
        let trace: EventTrace = Rc::new(move |texts: &[&str]| record(&log, texts));
        (trace, told)
    }

    /// Adds one batch of `texts` to `log`.
    fn record(log: &std::cell::RefCell<Vec<Vec<String>>>, texts: &[&str]) {
        log.borrow_mut()
            .push(texts.iter().map(|t| t.to_string()).collect());
    }

    /// The trace is told the data of every event the decoder produced, each once, as decoded
    /// (multi-line data joined, CRLF and CR line ends, comments and events without data left
    /// out), those of one chunk in one call, before the filter takes the notifications; what
    /// the reader then reads is the same.
    #[test]
    fn the_trace_is_told_each_event_as_decoded_before_the_filter() {
        let first = ": hi\r\nevent: message\r\ndata: {\"method\":\"notifications/progress\",\r\ndata:\"params\":{}}\r\n\r\n";
        let second = "id: 0\r\ndata:\r\n\r\ndata: {\"id\":7,\"method\":\"ping\"}\r\rdata: {\"id\":1,\"result\":{}}\n\n";
        for with_filter in [false, true] {
            let mut resp = response(200, "text/event-stream", &[first, second]);
            let (trace, told) = recording_trace();
            resp.trace = Some(trace);
            let mut reader = ResponseReader::new(resp, 1, &Limits::default());
            let (filter, offered) = recording_filter();
            let filter = with_filter.then_some(&filter);
            let mut read = Vec::new();
            while let ResponseItem::Message(m) = block_on(reader.next(filter)).unwrap() {
                read.push(m);
            }
            let texts = [
                "{\"method\":\"notifications/progress\",\n\"params\":{}}",
                "{\"id\":7,\"method\":\"ping\"}",
                "{\"id\":1,\"result\":{}}",
            ];
            assert_eq!(
                *told.borrow(),
                vec![texts.to_vec()],
                "filter: {with_filter}"
            );
            // the filter was offered the texts up to the event without data, and took them
            if with_filter {
                assert_eq!(*offered.borrow(), vec![vec![texts[0]]]);
                assert_eq!(read.len(), 1);
            } else {
                assert_eq!(read.len(), 2);
            }
        }
    }

    /// Events read one at a time (a stream the core reads without a filter, arriving in
    /// pieces) are each told once, as each is decoded, and not again from the backlog.
    #[test]
    fn the_trace_is_told_each_event_once_when_read_one_by_one() {
        let chunks = [
            "data: {\"method\":\"notifications/message\"}\n\nda",
            "ta: {\"method\":\"notifications/progress\"}\n",
            "\ndata: not json\n\ndata: {\"a\":\"\0\"}\n\n",
        ];
        let mut resp = response(200, "text/event-stream", &chunks);
        let (trace, told) = recording_trace();
        resp.trace = Some(trace);
        let mut reader = ResponseReader::new(resp, 1, &Limits::default());
        assert!(matches!(
            block_on(reader.next(None)).unwrap(),
            ResponseItem::Message(_)
        ));
        assert!(matches!(
            block_on(reader.next(None)).unwrap(),
            ResponseItem::Message(_)
        ));
        // what the core cannot parse is traced all the same; data holding a NUL, as empty
        assert_eq!(
            block_on(reader.next(None)).unwrap_err().code,
            ErrorCode::InvalidJson
        );
        let told: Vec<String> = told.borrow().concat();
        assert_eq!(
            told,
            [
                "{\"method\":\"notifications/message\"}",
                "{\"method\":\"notifications/progress\"}",
                "not json",
                ""
            ]
        );
    }

    /// A failure of the stream behind the events offered stays in the stream: the events
    /// before it are taken, then the failure is read.
    #[test]
    fn a_failure_behind_offered_events_is_still_read() {
        let events = "data: {\"method\":\"notifications/progress\"}\n\n";
        let body = body_from_chunks(vec![
            Ok(Bytes::from(events)),
            Err(Error::new(ErrorCode::Network, "reset")),
        ]);
        let resp = HttpResponse {
            status: 200,
            content_type: Some("text/event-stream".into()),
            location: None,
            session_id: None,
            content_length: None,
            body,
            trace: None,
        };
        let mut reader = ResponseReader::new(resp, 1, &Limits::default());
        let (filter, offered) = recording_filter();
        let err = block_on(reader.next(Some(&filter))).unwrap_err();
        assert_eq!(err.code, ErrorCode::Network);
        assert_eq!(offered.borrow().len(), 1);
    }

    /// The events that end within the size limit are read whether or not they arrived in the
    /// chunk that crosses it: the limit cuts bytes, not chunks.
    #[test]
    fn events_within_the_limit_are_read_from_the_chunk_that_crosses_it() {
        let progress = "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progress\":1}}\n\n";
        let big = format!(
            "data: {{\"id\":1,\"result\":{{\"pad\":\"{}\"}}}}\n\n",
            "x".repeat(200)
        );
        let limits = Limits {
            max_body_bytes: 120,
        };
        let together = format!("{progress}{big}");
        for chunks in [vec![together.as_str()], vec![progress, big.as_str()]] {
            let resp = response(200, "text/event-stream", &chunks);
            let (outcome, seen) = read(resp, limits);
            assert_eq!(outcome.unwrap_err().code, ErrorCode::BodyTooLarge);
            assert_eq!(seen.len(), 1, "the progress notification before the limit");
        }
    }

    /// A stream that runs past the size limit ends its trace with one empty text (a received
    /// body that holds no message, as a JSON body past the limit is told), whether the limit
    /// falls behind events decoded at once or in a chunk read on its own; a failure of any
    /// other kind adds nothing, and a stream within the limit neither.
    #[test]
    fn a_stream_cut_at_the_size_limit_ends_its_trace_with_an_empty_text() {
        let progress = "data: {\"method\":\"notifications/progress\"}\n\n";
        let big = format!(
            "data: {{\"id\":1,\"result\":{{\"pad\":\"{}\"}}}}\n\n",
            "x".repeat(100)
        );
        let limits = Limits { max_body_bytes: 80 };
        let traced = |chunks: Vec<Result<Bytes>>, with_filter: bool| {
            let (trace, told) = recording_trace();
            let resp = HttpResponse {
                status: 200,
                content_type: Some("text/event-stream".into()),
                location: None,
                session_id: None,
                content_length: None,
                body: body_from_chunks(chunks),
                trace: Some(trace),
            };
            let mut reader = ResponseReader::new(resp, 1, &limits);
            let (filter, _) = recording_filter();
            let filter = with_filter.then_some(&filter);
            let outcome = loop {
                match block_on(reader.next(filter)) {
                    Ok(ResponseItem::Message(_)) => {}
                    Ok(ResponseItem::Reply(_)) => break None,
                    Err(e) => break Some(e.code),
                }
            };
            let told: Vec<String> = told.borrow().concat();
            (outcome, told)
        };
        let chunk = |text: &str| Ok(Bytes::from(text.to_string()));
        for with_filter in [false, true] {
            // the limit behind an event decoded with it, and in a chunk of its own
            for chunks in [
                vec![chunk(&format!("{progress}{big}"))],
                vec![chunk(progress), chunk(&big)],
            ] {
                let (outcome, told) = traced(chunks, with_filter);
                assert_eq!(outcome, Some(ErrorCode::BodyTooLarge));
                assert_eq!(told.last().map(String::as_str), Some(""), "{told:?}");
                assert_eq!(told.iter().filter(|t| t.is_empty()).count(), 1);
            }
            let failed = vec![
                chunk(progress),
                Err(Error::new(ErrorCode::Network, "reset")),
            ];
            let (outcome, told) = traced(failed, with_filter);
            assert_eq!(outcome, Some(ErrorCode::Network));
            assert_eq!(told, ["{\"method\":\"notifications/progress\"}"]);
        }
        let (outcome, told) = traced(vec![chunk("data: {\"id\":1,\"result\":{}}\n\n")], false);
        assert_eq!(outcome, None);
        assert_eq!(told, ["{\"id\":1,\"result\":{}}"]);
    }

    #[test]
    fn json_result_with_charset_parameter() {
        let (r, _) = read(
            response(
                200,
                "application/json; charset=utf-8",
                &[r#"{"jsonrpc":"2.0","id":1,"result":{"ok":true}}"#],
            ),
            Limits::default(),
        );
        assert_eq!(
            r.unwrap(),
            Reply {
                status: 200,
                outcome: Ok(json!({"ok": true}))
            }
        );
    }

    #[test]
    fn json_rpc_error_on_any_status() {
        let body = r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Server not initialized"}}"#;
        let (r, _) = read(
            response(400, "application/json", &[body]),
            Limits::default(),
        );
        let reply = r.unwrap();
        assert_eq!(reply.status, 400);
        assert_eq!(reply.outcome.unwrap_err().code, -32000);
    }

    #[test]
    fn sse_notifications_then_result() {
        let chunks = [
            "event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progress\":1}}\n\n",
            "data: {\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{}}\n\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,",
            "\"result\":{\"done\":1}}\n\n",
        ];
        let (r, seen) = read(
            response(200, "text/event-stream", &chunks),
            Limits::default(),
        );
        assert_eq!(r.unwrap().outcome.unwrap(), json!({"done": 1}));
        assert_eq!(
            seen,
            vec![Incoming::Notification {
                method: "notifications/progress".into(),
                params: json!({"progress": 1})
            }]
        );
    }

    #[test]
    fn truncated_stream_is_stream_ended() {
        let (r, _) = read(
            response(
                200,
                "text/event-stream",
                &["data: {\"jsonrpc\":\"2.0\",\"id\":1,\"res"],
            ),
            Limits::default(),
        );
        assert_eq!(r.unwrap_err().code, ErrorCode::StreamEnded);
    }

    #[test]
    fn malformed_json_and_html_error_pages() {
        let (r, _) = read(
            response(200, "application/json", &["{not json"]),
            Limits::default(),
        );
        assert_eq!(r.unwrap_err().code, ErrorCode::InvalidJson);
        let (r, _) = read(
            response(
                500,
                "text/html",
                &["<html><body>Internal\nError</body></html>"],
            ),
            Limits::default(),
        );
        let e = r.unwrap_err();
        assert_eq!((e.code, e.http_status), (ErrorCode::HttpStatus, Some(500)));
        assert_eq!(
            e.message,
            "HTTP 500: <html><body>InternalError</body></html>"
        );
        let (r, _) = read(
            response(502, "application/json", &["{not json"]),
            Limits::default(),
        );
        assert_eq!(r.unwrap_err().code, ErrorCode::HttpStatus);
    }

    #[test]
    fn wrong_content_type_on_success() {
        let (r, _) = read(response(200, "text/plain", &["hello"]), Limits::default());
        assert_eq!(r.unwrap_err().code, ErrorCode::ContentType);
    }

    #[test]
    fn body_limit_applies_to_json_and_sse() {
        let big = format!(
            "{{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{{\"t\":\"{}\"}}}}",
            "x".repeat(200)
        );
        let (r, _) = read(
            response(200, "application/json", &[&big[..100], &big[100..]]),
            Limits {
                max_body_bytes: 150,
            },
        );
        assert_eq!(r.unwrap_err().code, ErrorCode::BodyTooLarge);
        let event = format!("data: {big}\n\n");
        let (r, _) = read(
            response(200, "text/event-stream", &[&event]),
            Limits {
                max_body_bytes: 150,
            },
        );
        assert_eq!(r.unwrap_err().code, ErrorCode::BodyTooLarge);
        let (r, _) = read(
            response(200, "application/json", &[&big]),
            Limits {
                max_body_bytes: big.len(),
            },
        );
        assert!(r.is_ok());
    }

    #[test]
    fn result_for_another_id_in_json_is_invalid() {
        let (r, _) = read(
            response(
                200,
                "application/json",
                &[r#"{"jsonrpc":"2.0","id":2,"result":{}}"#],
            ),
            Limits::default(),
        );
        assert_eq!(r.unwrap_err().code, ErrorCode::InvalidMessage);
        let (r, _) = read(
            response(200, "text/event-stream", &["data: [1,2]\n\n"]),
            Limits::default(),
        );
        assert_eq!(r.unwrap_err().code, ErrorCode::InvalidMessage);
    }
}
