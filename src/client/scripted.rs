//! A scripted [`Exchange`] for native tests: answers requests from a queue and records them.

use super::{Client, ClientConfig};
use crate::error::{Error, ErrorCode, Result};
use crate::transport::body::body_from_chunks;
use crate::transport::{Exchange, HttpRequest, HttpResponse, Target};
use bytes::Bytes;
use futures_util::future::{self, FutureExt, LocalBoxFuture};
use futures_util::StreamExt;
use serde_json::Value;
use std::any::Any;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

/// A canned response.
pub struct Canned {
    pub status: u16,
    pub content_type: Option<String>,
    pub location: Option<String>,
    pub session_id: Option<String>,
    pub chunks: Vec<Result<Bytes>>,
    /// When each chunk of `chunks` is delivered (a chunk without a gate: at once).
    pub gates: Vec<Gate>,
}

/// When a chunk of a canned body is delivered: a server that asks waits for the answer.
#[derive(Clone)]
pub enum Gate {
    /// At once.
    Now,
    /// Once the client has POSTed its answer to the server request with this id.
    Answered(Value),
    /// Once the script's clock has reached this many milliseconds (a server that gives up).
    Clock(f64),
}

/// A response with `status` and no body (a `202` accepting a notification, a `405`, ...).
pub fn status(status: u16) -> Canned {
    Canned {
        status,
        content_type: None,
        location: None,
        session_id: None,
        chunks: vec![],
        gates: vec![],
    }
}

/// A JSON response.
pub fn json_reply(status: u16, body: Value) -> Canned {
    Canned {
        status,
        content_type: Some("application/json".into()),
        location: None,
        session_id: None,
        chunks: vec![Ok(Bytes::from(body.to_string()))],
        gates: vec![],
    }
}

/// An SSE response whose events carry the given JSON messages, one chunk each. As a server
/// that asks waits for the answer, the messages after a server request (a message with a
/// `method` and an `id`) come once the client has answered it.
pub fn sse_reply(messages: &[Value]) -> Canned {
    let (mut chunks, mut gates, mut gate) = (vec![], vec![], Gate::Now);
    for m in messages {
        chunks.push(Ok(Bytes::from(format!("event: message\ndata: {m}\n\n"))));
        gates.push(gate.clone());
        if let (Some(_), Some(id)) = (m.get("method"), m.get("id")) {
            gate = Gate::Answered(id.clone());
        }
    }
    Canned {
        status: 200,
        content_type: Some("text/event-stream".into()),
        location: None,
        session_id: None,
        chunks,
        gates,
    }
}

/// A recorded request.
pub struct Sent {
    /// How many answers had been handed out when this request was sent.
    pub answered_before: usize,
    pub method: &'static str,
    pub idempotent: bool,
    pub url: String,
    pub headers: Vec<(String, String)>,
    pub body: Value,
}

impl Sent {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

#[derive(Default)]
pub struct Scripted {
    queue: RefCell<VecDeque<Canned>>,
    sent: RefCell<Vec<Sent>>,
    /// The sleeps asked for, in milliseconds (they return at once, moving `clock` on).
    pub slept: RefCell<Vec<u64>>,
    /// The id of the last request POSTed: replies to a GET (a resumed stream) answer it.
    last_id: RefCell<Value>,
    /// When set, each answer is pending once before it is ready, as a network's would be
    /// (so that concurrent requests are all sent before any is answered).
    pub yielding: std::cell::Cell<bool>,
    /// Answers handed out so far.
    answered: Rc<std::cell::Cell<usize>>,
    /// The clock [`Exchange::now_ms`] reads (milliseconds; tests move it).
    pub clock: Rc<std::cell::Cell<f64>>,
    /// The ids of the server requests the client has answered (POSTed a response to).
    answered_ids: Rc<RefCell<Vec<Value>>>,
    /// The bodies waiting on a [`Gate`], woken by each request sent.
    gated: Rc<RefCell<Vec<std::task::Waker>>>,
    /// What [`Exchange::now_iso`] reads (empty: `clock` written as ISO 8601).
    pub iso_clock: RefCell<String>,
}

impl Scripted {
    /// A client for `http://127.0.0.1:1/mcp` over a fresh script.
    pub fn client() -> (Rc<Client>, Rc<Scripted>) {
        Self::client_with(ClientConfig::default())
    }

    pub fn client_with(config: ClientConfig) -> (Rc<Client>, Rc<Scripted>) {
        let script = Rc::new(Scripted::default());
        let target = Target::parse("http://127.0.0.1:1/mcp").expect("valid");
        (Rc::new(Client::new(target, script.clone(), config)), script)
    }

    pub fn push(&self, canned: Canned) {
        self.queue.borrow_mut().push_back(canned);
    }

    /// A discover answer for 2026-07-28, so that the next pushed replies answer real calls.
    pub fn push_discover(&self) {
        self.push(json_reply(200, serde_json::json!({"jsonrpc":"2.0","id":1,"result":{"supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"scripted","version":"1.0"}}}})));
    }

    /// A handshake-era session's opening: the 2025-11-25 `initialize` answer with
    /// `capabilities` (session id `s`), then the 202 to `notifications/initialized`.
    pub fn push_initialize(&self, capabilities: Value) {
        let mut init = sse_reply(&[
            serde_json::json!({"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":capabilities,"serverInfo":{"name":"old","version":"1"}}}),
        ]);
        init.session_id = Some("s".into());
        self.push(init);
        self.push(status(202));
    }

    pub fn sent(&self) -> std::cell::Ref<'_, Vec<Sent>> {
        self.sent.borrow()
    }

    /// The `method` of each request sent so far, in order (`""` for a body without one).
    pub fn methods(&self) -> Vec<String> {
        let sent = self.sent.borrow();
        sent.iter()
            .map(|s| s.body["method"].as_str().unwrap_or("").to_owned())
            .collect()
    }

    /// A body of `chunks`, each delivered once its gate opens (see [`Gate`]).
    fn gated_body(
        &self,
        chunks: Vec<Result<Bytes>>,
        gates: Vec<Gate>,
    ) -> futures_util::stream::LocalBoxStream<'static, Result<Bytes>> {
        if gates.is_empty() {
            return body_from_chunks(chunks);
        }
        let mut pending: VecDeque<(Gate, Result<Bytes>)> = gates.into_iter().zip(chunks).collect();
        let (answered, clock, gated) = (
            self.answered_ids.clone(),
            self.clock.clone(),
            self.gated.clone(),
        );
        futures_util::stream::poll_fn(move |cx| {
            let open = match pending.front() {
                None => return std::task::Poll::Ready(None),
                Some((Gate::Now, _)) => true,
                Some((Gate::Answered(id), _)) => answered.borrow().contains(id),
                Some((Gate::Clock(ms), _)) => clock.get() >= *ms,
            };
            if !open {
                gated.borrow_mut().push(cx.waker().clone());
                return std::task::Poll::Pending;
            }
            std::task::Poll::Ready(pending.pop_front().map(|(_, chunk)| chunk))
        })
        .boxed_local()
    }
}

impl Exchange for Scripted {
    fn sleep(&self, ms: u64, _: Option<Rc<dyn Any>>) -> LocalBoxFuture<'static, Result<()>> {
        self.slept.borrow_mut().push(ms);
        // the time passes at once
        self.clock.set(self.clock.get() + ms as f64);
        Box::pin(future::ready(Ok(())))
    }

    fn now_ms(&self) -> f64 {
        self.clock.get()
    }

    fn now_iso(&self) -> String {
        match self.iso_clock.borrow().as_str() {
            "" => ms_iso(self.clock.get()),
            set => set.into(),
        }
    }

    fn iso_ms(&self, iso: &str) -> Option<f64> {
        iso_ms(iso)
    }

    fn detach(&self, context: Option<&Rc<dyn Any>>) -> Option<Rc<dyn Any>> {
        context.cloned()
    }

    fn send(&self, request: HttpRequest) -> LocalBoxFuture<'static, Result<HttpResponse>> {
        let body: Value = serde_json::from_str(&request.body).unwrap_or(Value::Null);
        let id = match body.get("id") {
            Some(id) if body.get("method").is_some() => {
                *self.last_id.borrow_mut() = id.clone();
                id.clone()
            }
            _ if request.method == "GET" => self.last_id.borrow().clone(),
            _ => Value::Null,
        };
        if let (None, Some(id)) = (body.get("method"), body.get("id")) {
            self.answered_ids.borrow_mut().push(id.clone());
        }
        for waker in self.gated.borrow_mut().drain(..) {
            waker.wake();
        }
        self.sent.borrow_mut().push(Sent {
            answered_before: self.answered.get(),
            method: request.method,
            idempotent: request.idempotent,
            url: request.url,
            headers: request.headers.to_vec(),
            body,
        });
        let next = self.queue.borrow_mut().pop_front();
        let answer = future::ready(match next {
            None => Err(Error::new(ErrorCode::Network, "script exhausted")),
            Some(c) => Ok(HttpResponse {
                status: c.status,
                content_type: c.content_type,
                location: c.location,
                session_id: c.session_id,
                content_length: None,
                // replies are written with id 1..; re-target them at the id actually sent
                body: self.gated_body(
                    c.chunks
                        .into_iter()
                        .map(|chunk| chunk.map(|b| retarget(b, &id)))
                        .collect(),
                    c.gates,
                ),
                trace: None,
            }),
        });
        let answered = self.answered.clone();
        let mut pending_once = self.yielding.get();
        Box::pin(
            future::poll_fn(move |cx| {
                if std::mem::take(&mut pending_once) {
                    cx.waker().wake_by_ref();
                    return std::task::Poll::Pending;
                }
                answered.set(answered.get() + 1);
                std::task::Poll::Ready(())
            })
            .then(|_| answer),
        )
    }
}

/// Replaces `"id":1` of a canned reply with the id that was sent, so scripts need not
/// predict ids (replies are written with id 1 by convention; other ids, such as those of
/// server requests, and `"id":null` are left alone).
fn retarget(bytes: Bytes, id: &Value) -> Bytes {
    let text = String::from_utf8_lossy(&bytes).to_string();
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(pos) = rest.find("\"id\":") {
        out.push_str(&rest[..pos + 5]);
        rest = &rest[pos + 5..];
        let digits = rest.chars().take_while(|c| c.is_ascii_digit()).count();
        if digits == 1 && rest.starts_with('1') {
            out.push_str(&id.to_string());
            rest = &rest[digits..];
        }
    }
    out.push_str(rest);
    Bytes::from(out)
}

/// The milliseconds since the epoch of `"YYYY-MM-DDTHH:MM:SS.sssZ"`, as `Date.parse` reads
/// what `toISOString()` writes (days from the civil date: Howard Hinnant's algorithm).
pub fn iso_ms(iso: &str) -> Option<f64> {
    let b = iso.as_bytes();
    if b.len() != 24 || b[23] != b'Z' {
        return None;
    }
    let n = |from: usize, to: usize| iso.get(from..to)?.parse::<i64>().ok();
    let (y, m, d) = (n(0, 4)?, n(5, 7)?, n(8, 10)?);
    let (hh, mm, ss, ms) = (n(11, 13)?, n(14, 16)?, n(17, 19)?, n(20, 23)?);
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    Some((((days * 24 + hh) * 60 + mm) * 60 + ss) as f64 * 1000.0 + ms as f64)
}

/// [`iso_ms`]'s inverse: what `toISOString()` writes for `ms`.
pub fn ms_iso(ms: f64) -> String {
    let total = ms as i64;
    let (days, rest) = (total.div_euclid(86_400_000), total.rem_euclid(86_400_000));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{:03}Z",
        rest / 3_600_000,
        rest / 60_000 % 60,
        rest / 1000 % 60,
        rest % 1000
    )
}
