//! Handshake-era elicitation as resumable interrupts.
//!
//! A 2025-11-25 / 2025-06-18 server asks for input in the middle of a call: an
//! `elicitation/create` request arrives on the call's response stream (or the session's
//! GET stream, which the adapter listens on only for a host handler) and the server waits
//! for the answer (2025-11-25 `client/elicitation.mdx`).
//! When the host gave no `onElicitation` handler, the adapter hands the question to the host
//! as the same `mcp_elicitation` interrupt a 2026-07-28 server's `input_required` result
//! becomes, and keeps the call open:
//!
//! - **Live resume.** The adapter that holds the call answers the waiting request on the
//!   live session and reads on: the call's result, or the next question as a new interrupt.
//!   A held call lasts as long as the call's `timeoutMs` allows its HTTP request to run;
//!   after that, or when the interrupt reaches another adapter (another process or isolate),
//!   the second path applies; so it does when the server ended the call in error while the
//!   question waited (it stopped waiting: see `Client::answer_server_request`), and when the
//!   held call's stream can no longer be read (closed, cut by a proxy, or in workerd another
//!   request's, which the Worker runtime refuses to read): its run is cancelled unanswered,
//!   since the answer's result could not be read.
//! - **Replay.** The call is sent again and each question the server repeats is answered
//!   from the answers given so far, in order. A repeated question that differs from the one
//!   the person answered (message, mode, schema or URL) is never answered from the old
//!   answer: it becomes a new interrupt. Replay runs the tool again up to the question.
//!   ([`Given`] does that answering, for the 2026-07-28 replay of a refused `requestState` too.)
//!
//! The interrupt carries what both paths need, as plain JSON: `protocol_version` (the era),
//! `answers` (`[{request, response}]`, every answer given earlier in this call, in order) and
//! `open_call` (which held call this adapter may continue; meaningless to any other).

use super::interrupt::{self, ResultOrInterrupt};
use crate::client::{Client, ElicitationHandler, Era, Outcome, RequestOptions};
use crate::error::{Error, ErrorCode, Result};
use crate::oneshot;
use futures_util::future::{self, Either, FutureExt, LocalBoxFuture};
use serde_json::{Map, Value};
use std::any::Any;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// Most calls one adapter holds open at once; past this the oldest is let go (its
/// interrupt can still be resumed, by replay).
pub const MAX_HELD: usize = 32;

/// The key of the one request in a handshake-era interrupt's `requests`.
pub const KEY: &str = "elicitation";

/// Where an answer to the question a held call waits on goes.
type AnswerSender = oneshot::Sender<Result<Value>>;

/// A question the server asked during a bridged call, and where its answer goes.
struct Question {
    params: Value,
    answer: AnswerSender,
}

/// A handshake-era call whose server questions go to its driver instead of a host handler.
struct Bridged {
    call: LocalBoxFuture<'static, Result<Outcome>>,
    /// Where the per-call elicitation handler hands the next question.
    mailbox: Rc<RefCell<Option<oneshot::Sender<Question>>>>,
}

enum Event {
    Done(Result<Outcome>),
    Asked(Question),
}

impl Bridged {
    fn start(
        client: &Rc<Client>,
        method: &str,
        params: Map<String, Value>,
        opts: &RequestOptions,
    ) -> Bridged {
        let mailbox: Rc<RefCell<Option<oneshot::Sender<Question>>>> = Rc::default();
        let slot = mailbox.clone();
        // the person's answer is bounded by the held call, not by the context
        let handler: ElicitationHandler = Rc::new(move |params: Value, _: Option<&Rc<dyn Any>>| {
            let waiting = slot.borrow_mut().take();
            let (answer, answered) = oneshot::channel();
            async move {
                // (two questions at once could come only from two streams of one call)
                let waiting = waiting.ok_or_else(|| {
                    Error::new(
                        ErrorCode::InvalidMessage,
                        "a second question arrived before the first was answered",
                    )
                })?;
                waiting
                    .send(Question { params, answer })
                    .map_err(|_| Error::new(ErrorCode::Aborted, "the call is no longer held"))?;
                answered.await.unwrap_or_else(|_| {
                    // (seen only by a call driven on, which is cancelled: see `drive`)
                    let mut cancel =
                        Error::new(ErrorCode::Aborted, "the question was let go unanswered");
                    cancel.answer_undelivered = true;
                    Err(cancel)
                })
            }
            .boxed_local()
        });
        let mut opts = opts.clone();
        opts.on_elicitation = Some(handler);
        let (client, method) = (client.clone(), method.to_string());
        let call = async move { client.request(&method, Some(&params), &opts).await }.boxed_local();
        Bridged { call, mailbox }
    }

    /// Runs the call until it finishes or the server asks a question.
    async fn next(&mut self) -> Event {
        let (tx, rx) = oneshot::channel();
        *self.mailbox.borrow_mut() = Some(tx);
        match future::select(self.call.as_mut(), rx).await {
            Either::Left((outcome, _)) => Event::Done(outcome),
            Either::Right((Ok(question), _)) => Event::Asked(question),
            Either::Right((Err(_), call)) => Event::Done(call.await),
        }
    }
}

/// The person's answers given earlier in a call, told again when the call is sent again (a
/// replay, in either era): each question the server asks is answered from the next of them
/// when it is the same question ([`same`]), never from another.
#[derive(Default)]
pub struct Given {
    /// `[{request, response}]` ([`super::interrupt::GivenAnswer`]), in the order asked.
    pub list: Vec<Value>,
    /// How many of `list` the server has been told in this run of the call.
    pub told: usize,
}

impl Given {
    /// `list` as told already: a call that goes on where it was, with nothing to replay.
    pub fn told(list: Vec<Value>) -> Given {
        Given {
            told: list.len(),
            list,
        }
    }

    /// What to tell the server that asks `request` (an [`interrupt::elicitation_question`])
    /// now: the next answer given, when it answered this very question. Otherwise none, and
    /// the answers from there on are dropped: the server asks something else than the person
    /// answered, so from here on the person is asked.
    pub fn answer(&mut self, request: &Value) -> Option<Value> {
        let given = self.list.get(self.told)?;
        if given.get("request").is_some_and(|r| same(r, request)) {
            self.told += 1;
            return Some(given.get("response").cloned().unwrap_or(Value::Null));
        }
        self.list.truncate(self.told);
        None
    }

    /// Whether answers given remain to be told (the call is being replayed).
    pub fn replaying(&self) -> bool {
        self.told < self.list.len()
    }
}

/// A call in the handshake era, with what it has been told so far.
struct HeldCall {
    method: String,
    params: Map<String, Value>,
    bridged: Bridged,
    /// Every answer given in this call, and how many this run of it has been told.
    given: Given,
    /// Questions asked in this run of the call.
    round: u32,
}

impl HeldCall {
    /// Sends the call, to be told `answers` again in order (none for a first call).
    fn start(
        client: &Rc<Client>,
        method: &str,
        params: Map<String, Value>,
        answers: Vec<Value>,
        opts: &RequestOptions,
    ) -> HeldCall {
        HeldCall {
            method: method.to_string(),
            bridged: Bridged::start(client, method, params.clone(), opts),
            params,
            given: Given {
                list: answers,
                told: 0,
            },
            round: 0,
        }
    }
}

struct Held {
    id: u64,
    call: HeldCall,
    /// The question the call waits on (an entry of the interrupt's `requests`, keyless).
    request: Value,
    answer: AnswerSender,
    /// When the call's HTTP request times out (the host's clock, milliseconds).
    expires_at: Option<f64>,
}

/// The calls one adapter holds open while a person answers (see the module docs).
#[derive(Default)]
pub struct PendingCalls {
    held: RefCell<Vec<Held>>,
    next_id: Cell<u64>,
}

impl PendingCalls {
    /// An empty table whose `open_call` ids start from `nonce` (the host's random number),
    /// so that the ids of two adapters, in two processes, differ.
    pub fn new(nonce: u32) -> PendingCalls {
        PendingCalls {
            held: RefCell::default(),
            next_id: Cell::new(u64::from(nonce) << 20),
        }
    }

    /// How many calls are held open.
    pub fn len(&self) -> usize {
        self.held.borrow().len()
    }

    /// Whether no call is held open.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Lets every held call go (their HTTP requests are dropped, which closes them).
    pub fn clear(&self) {
        self.held.borrow_mut().clear();
    }

    fn hold(&self, held: Held) {
        let mut list = self.held.borrow_mut();
        if list.len() >= MAX_HELD {
            list.remove(0);
        }
        list.push(held);
    }

    /// Takes the held call `id` out when it is still alive at `now` and is the interrupt's
    /// call: `method` with `params`, told `answers` so far, waiting on `request`. Drops every
    /// held call that has expired.
    fn take(
        &self,
        id: u64,
        interrupt: (&str, &Map<String, Value>, &[Value], &Value),
        now: f64,
    ) -> Option<Held> {
        let (method, params, answers, request) = interrupt;
        let mut list = self.held.borrow_mut();
        // one plain loop drops the expired and finds the call (see docs/wasm-size.md)
        let (mut at, mut i) = (None, 0);
        while i < list.len() {
            let h = &list[i];
            if h.expires_at.is_some_and(|t| t <= now) {
                list.remove(i);
                continue;
            }
            if at.is_none()
                && h.id == id
                && h.call.method == method
                && &h.call.params == params
                && same_list(&h.call.given.list, answers)
                && same(&h.request, request)
            {
                at = Some(i);
            }
            i += 1;
        }
        let at = at?;
        Some(list.remove(at))
    }
}

/// Whether `a` and `b` are the same JSON once JavaScript has read them, where every number
/// is a double: the `0.0` a Python server writes and the `0` that `JSON.stringify` gives back
/// are one number. A question and the answers given come back from the host through
/// JavaScript, so they are compared with the server's questions this way.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => same_list(x, y),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

/// [`same`] of each of `a` and `b`, in order.
fn same_list(a: &[Value], b: &[Value]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same(x, y))
}

/// Whether a call should be bridged: the host has no elicitation handler and the server
/// speaks the handshake era (a 2026-07-28 server asks in `input_required` results instead).
/// Settles the era first when it is not known yet.
///
/// # Errors
///
/// Those of the negotiation ([`Client::ensure_ready`]).
pub async fn bridges(client: &Client, opts: &RequestOptions) -> Result<bool> {
    if client.config().on_elicitation.is_some() {
        return Ok(false);
    }
    Ok(matches!(
        client.ensure_ready(opts).await?,
        Era::Handshake(_)
    ))
}

/// Sends `method` with `params` as a bridged call and drives it to a step: a result, or an
/// interrupt while the call is held open in `pending`.
///
/// # Errors
///
/// The request's own errors; [`ErrorCode::TooManyRounds`] past `maxRounds` questions;
/// [`ErrorCode::InvalidMessage`] for a malformed question.
pub async fn call(
    client: &Rc<Client>,
    pending: &PendingCalls,
    method: &str,
    params: Map<String, Value>,
    opts: &RequestOptions,
) -> Result<ResultOrInterrupt> {
    let call = (method, params, Vec::new());
    resume(client, pending, None, call, None, opts).await
}

/// When an HTTP request sent now with `opts` times out (the host's clock, milliseconds).
fn deadline(client: &Client, opts: &RequestOptions) -> Option<f64> {
    opts.timeout_ms.map(|ms| client.exchange().now_ms() + ms)
}

/// Drives `call` to a step; a question nobody has answered yet holds it in `pending`, which
/// lasts until `expires_at`, when its HTTP request times out. A call whose answer did not reach
/// the server (its session gone with a restart, say: the server was told nothing) is sent
/// again once, in a new run told the same answers, as a replay is.
async fn drive(
    client: &Rc<Client>,
    pending: &PendingCalls,
    mut call: HeldCall,
    mut expires_at: Option<f64>,
    opts: &RequestOptions,
) -> Result<ResultOrInterrupt> {
    let mut sent_again = false;
    // the interrupt of a question whose call is not held, once that call has ended
    let mut released = None;
    loop {
        let question = match call.bridged.next().await {
            Event::Done(_) if released.is_some() => {
                return Ok(ResultOrInterrupt::Interrupt(released.unwrap_or_default()))
            }
            Event::Done(Err(e)) if e.answer_undelivered && !sent_again => {
                sent_again = true;
                let HeldCall {
                    method,
                    params,
                    given,
                    ..
                } = call;
                call = HeldCall::start(client, &method, params, given.list, opts);
                expires_at = deadline(client, opts);
                continue;
            }
            Event::Done(outcome) => {
                let outcome = outcome.map_err(interrupt::missing_capability)?;
                let (method, round) = (call.method, call.round);
                return interrupt::continue_from(
                    client,
                    pending,
                    &method,
                    call.params,
                    (interrupt::Next::Answered(Ok(outcome)), round, call.given),
                    opts,
                )
                .await;
            }
            Event::Asked(question) => question,
        };
        call.round += 1;
        interrupt::check_rounds(client, &call.method, call.round, &call.given)?;
        // a malformed question goes unanswered: the server learns of it when the call ends
        let request = interrupt::elicitation_question(&question.params)?;
        if let Some(response) = call.given.answer(&request) {
            let _ = question.answer.send(Ok(response));
            continue;
        }
        let mut interrupt = handshake_interrupt(client, &call, &request);
        if !client.config().hold_calls {
            // Not held (`holdCalls: false`): the server's waiting tool is released at once by
            // cancelling the call (MCP 2025-11-25 `basic/utilities/cancellation.mdx`), which
            // stops it where it waits; an answer (`cancel`, say) would run the tool's own
            // code for it, which may do anything. The interrupt replays.
            drop(question);
            released = Some(interrupt);
            continue;
        }
        let id = pending.next_id.get();
        interrupt["open_call"] = Value::from(id);
        pending.next_id.set(id + 1);
        pending.hold(Held {
            id,
            call,
            request,
            answer: question.answer,
            expires_at,
        });
        return Ok(ResultOrInterrupt::Interrupt(interrupt));
    }
}

/// The `mcp_elicitation` interrupt for `request`, asked in `call` (the caller adds
/// `open_call` when it holds the call).
fn handshake_interrupt(client: &Client, call: &HeldCall, request: &Value) -> Value {
    let entry = interrupt::request_entry(KEY, request.clone());
    let params = call.params.clone();
    let mut value =
        interrupt::elicitation_interrupt(client, &call.method, params, vec![entry], call.round);
    let version = client.protocol_version().unwrap_or_default();
    value["protocol_version"] = Value::from(version);
    value["answers"] = Value::Array(call.given.list.clone());
    value
}

/// Whether `interrupt` was made by a handshake-era server's question (see [`resume`]).
pub fn is_handshake_interrupt(interrupt: &Value) -> bool {
    interrupt
        .get("protocol_version")
        .and_then(Value::as_str)
        .is_some_and(crate::protocol::version::is_handshake)
}

/// The question an entry of an interrupt's `requests` asks: the entry without its `key`
/// and `defaults` (what [`interrupt::elicitation_question`] gave).
pub fn question_of(entry: &Value) -> Value {
    let mut question = entry.clone();
    if let Some(fields) = question.as_object_mut() {
        fields.remove("key");
        fields.remove("defaults");
    }
    question
}

/// The `answers` of an interrupt (see [`Given`]; none when it has no such key).
///
/// # Errors
///
/// [`ErrorCode::InvalidArgument`] when they are not an array.
pub fn given_answers(interrupt: &Value) -> Result<Vec<Value>> {
    match interrupt.get("answers") {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(list)) => Ok(list.clone()),
        Some(_) => Err(Error::new(
            ErrorCode::InvalidArgument,
            "interrupt.answers must be an array",
        )),
    }
}

/// Resumes a handshake-era `mcp_elicitation` interrupt (its `open_call`, `open`) of a call of
/// `method` with `params` (as [`interrupt::resume_elicitation`] read and checked them, with its
/// `answers`) with `answer`: the checked answer to its one `request` (see [`question_of`]) and
/// the `response` the server is to receive, on the held call when this adapter still holds
/// it, else by replay. Without an answer, [`call`]: the call sent, to be told `answers`.
///
/// # Errors
///
/// Those of [`call`].
pub async fn resume(
    client: &Rc<Client>,
    pending: &PendingCalls,
    open: Option<u64>,
    (method, params, mut answers): (&str, Map<String, Value>, Vec<Value>),
    answer: Option<(Value, Value)>,
    opts: &RequestOptions,
) -> Result<ResultOrInterrupt> {
    if let Some((request, response)) = answer {
        let now = client.exchange().now_ms();
        let this = (method, &params, answers.as_slice(), &request);
        let held = open.and_then(|id| pending.take(id, this, now));
        answers.push(crate::obj! {"request": request, "response": response.clone()});
        if let Some(held) = held {
            if held.answer.send(Ok(response)).is_ok() {
                let mut call = held.call;
                call.given = Given::told(answers);
                // the held HTTP request still runs under the original call's deadline
                return drive(client, pending, call, held.expires_at, opts).await;
            }
        }
    }
    let call = HeldCall::start(client, method, params, answers, opts);
    drive(client, pending, call, deadline(client, opts), opts).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::adapter::interrupt::{resume_elicitation, run, Retry};
    use crate::client::scripted::{sse_reply, status, Gate, Scripted};
    use crate::client::{ClientConfig, ProtocolMode};
    use futures_executor::block_on;
    use serde_json::json;

    /// A handshake-era client with its session open (initialize, initialized).
    fn session(config: ClientConfig) -> (Rc<Client>, Rc<Scripted>) {
        let (client, script) = Scripted::client_with(ClientConfig {
            protocol: ProtocolMode::Legacy,
            ..config
        });
        script.push_initialize(json!({"tools": {}}));
        (client, script)
    }

    fn question(id: &str, message: &str) -> Value {
        json!({"jsonrpc":"2.0","id":id,"method":"elicitation/create","params":{"message":message,"requestedSchema":{"type":"object","properties":{"ok":{"type":"boolean","default":true}},"required":["ok"]}}})
    }

    fn result(text: &str) -> Value {
        json!({"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":text}]}})
    }

    /// The server's side of one run of the call: its response stream with `events` (a
    /// bridged call opens no standalone GET stream).
    fn call_stream(script: &Scripted, events: &[Value]) {
        script.push(sse_reply(events));
    }

    fn call(client: &Rc<Client>, pending: &PendingCalls, opts: &RequestOptions) -> Value {
        let params = json!({"name": "wipe", "arguments": {"what": "disk"}});
        let params = params.as_object().cloned().unwrap();
        match block_on(run(
            client,
            pending,
            "tools/call",
            params,
            Retry::default(),
            opts,
        )) {
            Ok(ResultOrInterrupt::Interrupt(interrupt)) => interrupt,
            other => panic!("expected an interrupt, got {other:?}"),
        }
    }

    fn answer(
        client: &Rc<Client>,
        pending: &PendingCalls,
        interrupt: &Value,
        ok: bool,
    ) -> ResultOrInterrupt {
        let responses = json!({"elicitation": {"action": "accept", "content": {"ok": ok}}});
        let opts = RequestOptions::default();
        block_on(resume_elicitation(
            client, pending, interrupt, &responses, &opts,
        ))
        .unwrap()
    }

    /// The answers POSTed to the server's questions, as `(request id, result)`.
    fn answers_sent(script: &Scripted) -> Vec<(Value, Value)> {
        let sent = script.sent();
        let replies = sent.iter().filter(|s| s.body.get("result").is_some());
        replies
            .map(|s| (s.body["id"].clone(), s.body["result"].clone()))
            .collect()
    }

    fn calls_sent(script: &Scripted) -> usize {
        let sent = script.sent();
        sent.iter()
            .filter(|s| s.body["method"] == "tools/call")
            .count()
    }

    /// Asserts the call was sent twice and only its second asking (`q2`) was told the answer.
    fn replayed_told_the_answer(script: &Scripted, case: &str) {
        let accepted = json!({"action": "accept", "content": {"ok": true}});
        assert_eq!(answers_sent(script), [(json!("q2"), accepted)], "{case}");
        assert_eq!(calls_sent(script), 2, "{case}: replayed");
    }

    #[test]
    fn an_interrupt_is_resumed_only_over_a_connection_of_its_era_and_refused_unsent_over_the_other()
    {
        let (client, script) = session(ClientConfig::default());
        call_stream(&script, &[question("q1", "Really?")]);
        let pending = PendingCalls::default();
        let handshake = call(&client, &pending, &RequestOptions::default());
        // a 2026-07-28 connection to the same URL: the era settles, and no call goes
        let (modern, other) = Scripted::client_with(ClientConfig::default());
        other.push_discover();
        let responses = json!({"elicitation": {"action": "accept", "content": {"ok": true}}});
        let refused = block_on(resume_elicitation(
            &modern,
            &PendingCalls::default(),
            &handshake,
            &responses,
            &RequestOptions::default(),
        ));
        let Err(err) = refused else {
            panic!("resumed over the other era")
        };
        assert_eq!(err.code, ErrorCode::InvalidArgument);
        assert!(
            err.message.contains("other protocol generation"),
            "{}",
            err.message
        );
        assert_eq!(other.methods(), ["server/discover"]);
        // and a 2026-07-28 interrupt over the session: nothing more is sent in it
        let mut newer = handshake.clone();
        newer.as_object_mut().unwrap().remove("protocol_version");
        newer["requests"][0]["key"] = json!("confirm");
        let sent = script.sent().len();
        let responses = json!({"confirm": {"action": "accept", "content": {"ok": true}}});
        let opts = RequestOptions::default();
        let refused = block_on(resume_elicitation(
            &client, &pending, &newer, &responses, &opts,
        ));
        assert_eq!(
            refused.err().map(|e| e.code),
            Some(ErrorCode::InvalidArgument)
        );
        assert_eq!(script.sent().len(), sent);
    }

    #[test]
    fn an_interrupt_whose_server_changed_era_mid_resume_is_not_sent_again_in_the_new_one() {
        let (client, script) = session(ClientConfig::default());
        call_stream(&script, &[question("q1", "Really?")]);
        let pending = PendingCalls::default();
        let mut newer = call(&client, &pending, &RequestOptions::default());
        newer.as_object_mut().unwrap().remove("protocol_version");
        newer["requests"][0]["key"] = json!("confirm");
        // a 2026-07-28 verdict, then the server is replaced by a handshake-era one: the call
        // meets its 404, the probe again its 404, and a session opens
        let (modern, other) = Scripted::client_with(ClientConfig::default());
        other.push_discover();
        other.push(status(404));
        other.push(status(404));
        other.push_initialize(json!({"tools": {}}));
        let responses = json!({"confirm": {"action": "accept", "content": {"ok": true}}});
        let opts = RequestOptions::default();
        let pending = PendingCalls::default();
        let refused = block_on(resume_elicitation(
            &modern, &pending, &newer, &responses, &opts,
        ));
        assert_eq!(refused.err().map(|e| e.code), Some(ErrorCode::HttpStatus));
        let calls = other
            .methods()
            .iter()
            .filter(|m| *m == "tools/call")
            .count();
        assert_eq!(calls, 1, "sent once, in its era: {:?}", other.methods());
    }

    #[test]
    fn a_question_in_the_middle_of_a_call_becomes_an_interrupt_answered_on_the_held_call() {
        let (client, script) = session(ClientConfig::default());
        call_stream(&script, &[question("q1", "Really?"), result("wiped")]);
        let pending = PendingCalls::default();
        let interrupt = call(&client, &pending, &RequestOptions::default());
        assert_eq!(interrupt["type"], "mcp_elicitation");
        assert_eq!(interrupt["tool_name"], "wipe");
        assert_eq!(interrupt["protocol_version"], "2025-11-25");
        assert_eq!(interrupt["round"], 1);
        assert_eq!(interrupt["answers"], json!([]));
        assert_eq!(
            interrupt["requests"],
            json!([{"key": "elicitation", "message": "Really?", "mode": "form",
                "requested_schema": question("q1", "")["params"]["requestedSchema"],
                "defaults": {"ok": true}}])
        );
        assert!(interrupt.get("request_state").is_none());
        // the same JSON shape as a 2026-07-28 interrupt, with the era's own fields
        let typed: interrupt::Interrupt = serde_json::from_value(interrupt.clone()).unwrap();
        assert_eq!(serde_json::to_value(typed).unwrap(), interrupt);
        assert_eq!(pending.len(), 1);
        assert!(answers_sent(&script).is_empty(), "nothing answered yet");

        script.push(status(202)); // the answer
        let done = answer(&client, &pending, &interrupt, false);
        assert_eq!(
            done,
            ResultOrInterrupt::Complete(json!({"content":[{"type":"text","text":"wiped"}]}))
        );
        assert_eq!(
            answers_sent(&script),
            [(
                json!("q1"),
                json!({"action": "accept", "content": {"ok": false}})
            )]
        );
        assert_eq!(
            calls_sent(&script),
            1,
            "answered on the live call, not sent again"
        );
        assert!(pending.is_empty());
    }

    #[test]
    fn an_answer_the_server_did_not_take_sends_the_call_again_told_the_same_answer() {
        let (client, script) = session(ClientConfig::default());
        call_stream(&script, &[question("q1", "Really?"), result("wiped")]);
        let pending = PendingCalls::default();
        let interrupt = call(&client, &pending, &RequestOptions::default());
        // the server restarted meanwhile: the old session's answer is refused, and so is
        // the call sent again in it, which then goes in a new session
        script.push(status(404));
        script.push(status(404));
        let mut init = sse_reply(&[
            json!({"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"old","version":"1"}}}),
        ]);
        init.session_id = Some("s2".into());
        script.push(init);
        script.push(status(202));
        call_stream(&script, &[question("q2", "Really?"), result("wiped")]);
        script.push(status(202));
        let done = answer(&client, &pending, &interrupt, true);
        assert_eq!(
            done,
            ResultOrInterrupt::Complete(json!({"content":[{"type":"text","text":"wiped"}]}))
        );
        let accepted = json!({"action": "accept", "content": {"ok": true}});
        assert_eq!(
            answers_sent(&script),
            [(json!("q1"), accepted.clone()), (json!("q2"), accepted)],
            "the person's answer, then the same answer told to the run sent again"
        );
        assert_eq!(
            calls_sent(&script),
            3,
            "the call, then sent again twice (old session, new)"
        );
        assert!(pending.is_empty());
    }

    /// A call held on its question "q1", which the server ends at 800 ms with `ended` (it
    /// stops waiting), and the clock past that: the person answers late.
    fn ended_while_held(ended: Value) -> (Rc<Client>, Rc<Scripted>, PendingCalls, Value) {
        let (client, script) = session(ClientConfig::default());
        let mut stream = sse_reply(&[question("q1", "Really?"), ended]);
        stream.gates[1] = Gate::Clock(800.0);
        script.push(stream);
        let pending = PendingCalls::default();
        let interrupt = call(&client, &pending, &RequestOptions::default());
        script.clock.set(1_500.0);
        (client, script, pending, interrupt)
    }

    /// The text of a complete tool result.
    fn text_of(step: &ResultOrInterrupt) -> &str {
        match step {
            ResultOrInterrupt::Complete(result) => result["content"][0]["text"].as_str(),
            ResultOrInterrupt::Interrupt(_) => None,
        }
        .unwrap_or_default()
    }

    #[test]
    fn a_held_call_the_server_ended_before_the_answer_came_is_replayed_told_the_answer() {
        let timed_out = json!({"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"elicitation timed out waiting for the user"}],"isError":true}});
        let refused =
            json!({"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"Request timed out"}});
        for ended in [timed_out, refused] {
            let (client, script, pending, interrupt) = ended_while_held(ended.clone());
            // sent again, the call asks again and is told the late answer
            call_stream(
                &script,
                &[question("q2", "Really?"), result("done with the answer")],
            );
            script.push(status(202));
            let step = answer(&client, &pending, &interrupt, true);
            assert_eq!(text_of(&step), "done with the answer", "{ended}");
            replayed_told_the_answer(&script, &ended.to_string());
        }
        // ended with a result: that is the call's outcome, not done twice
        let (client, script, pending, interrupt) = ended_while_held(result("kept as it was"));
        let step = answer(&client, &pending, &interrupt, true);
        assert_eq!(text_of(&step), "kept as it was");
        assert_eq!((calls_sent(&script), answers_sent(&script).len()), (1, 0));
    }

    /// A held call whose stream cannot be read when the answer comes (in workerd it belongs
    /// to a request that has ended; a server or a proxy closed or cut it) is never answered
    /// live, where the answer would run the tool and its result be lost: the server's run is
    /// cancelled and the call sent again, told the answer, so the tool finishes once.
    #[test]
    fn a_held_call_whose_stream_cannot_be_read_is_cancelled_and_replayed_never_answered_live() {
        let cut = "fetch failed while reading the response: Cannot perform I/O on behalf of a different request";
        for dies in [Some(Error::new(ErrorCode::Network, cut)), None] {
            let (client, script) = session(ClientConfig::default());
            // the question, then the read fails (or the stream ends: closed)
            let mut stream = sse_reply(&[question("q1", "Really?")]);
            if let Some(e) = dies.clone() {
                stream.chunks.push(Err(e));
                stream.gates.push(Gate::Now);
            }
            script.push(stream);
            let pending = PendingCalls::default();
            let interrupt = call(&client, &pending, &RequestOptions::default());
            script.push(status(202)); // the cancellation notice
            call_stream(&script, &[question("q2", "Really?"), result("wiped")]);
            script.push(status(202));
            let done = answer(&client, &pending, &interrupt, true);
            assert_eq!(text_of(&done), "wiped", "{dies:?}");
            replayed_told_the_answer(&script, &format!("{dies:?}"));
            let sent = script.sent();
            let (call_id, notice) = (&sent[2].body["id"], &sent[3].body);
            assert_eq!(notice["method"], "notifications/cancelled", "{dies:?}");
            assert_eq!(&notice["params"]["requestId"], call_id, "{dies:?}");
        }
    }

    /// A 5xx to the answer's POST does not say the server did not take it (a gateway's 502
    /// after the server did): the call reads on and gets what the server did with the
    /// answer, and is never sent again (which would do its side effect twice).
    #[test]
    fn an_answer_answered_with_a_5xx_is_not_taken_for_refused_and_the_call_not_sent_again() {
        for code in [500, 502, 504] {
            let (client, script) = session(ClientConfig::default());
            call_stream(&script, &[question("q1", "Really?"), result("wiped")]);
            let pending = PendingCalls::default();
            let interrupt = call(&client, &pending, &RequestOptions::default());
            script.push(status(code));
            // were the call sent again, its new run would be asked again and end here
            call_stream(&script, &[question("q2", "Really?"), result("wiped twice")]);
            script.push(status(202));
            let done = answer(&client, &pending, &interrupt, true);
            assert_eq!(
                done,
                ResultOrInterrupt::Complete(json!({"content":[{"type":"text","text":"wiped"}]})),
                "HTTP {code}"
            );
            assert_eq!(
                calls_sent(&script),
                1,
                "HTTP {code}: the side effect done once"
            );
        }
    }

    #[test]
    fn a_fresh_adapter_replays_the_call_and_answers_repeated_questions_in_order() {
        let (client, script) = session(ClientConfig::default());
        call_stream(&script, &[question("a", "First?")]);
        let first = call(
            &client,
            &PendingCalls::default(),
            &RequestOptions::default(),
        );

        // another adapter (no held call): the call is sent again and asks the first
        // question again, then a second one
        call_stream(
            &script,
            &[question("b", "First?"), question("c", "Second?")],
        );
        script.push(status(202));
        let elsewhere = PendingCalls::default();
        let ResultOrInterrupt::Interrupt(second) = answer(&client, &elsewhere, &first, true) else {
            panic!("expected the second question")
        };
        assert_eq!(second["requests"][0]["message"], "Second?");
        assert_eq!(second["round"], 2);
        assert_eq!(
            second["answers"],
            json!([{"request": {"message": "First?", "mode": "form",
                "requested_schema": question("", "")["params"]["requestedSchema"]},
                "response": {"action": "accept", "content": {"ok": true}}}])
        );
        assert_eq!(
            answers_sent(&script).len(),
            1,
            "the repeated question was answered"
        );
        assert_eq!(answers_sent(&script)[0].0, "b");

        // a third adapter, after a JSON round trip: both answers are replayed
        let second: Value = serde_json::from_str(&second.to_string()).unwrap();
        call_stream(
            &script,
            &[
                question("d", "First?"),
                question("e", "Second?"),
                result("done"),
            ],
        );
        script.push(status(202));
        script.push(status(202));
        let done = answer(&client, &PendingCalls::default(), &second, false);
        assert!(matches!(done, ResultOrInterrupt::Complete(_)));
        let answered = answers_sent(&script);
        assert_eq!(
            answered[1],
            (
                json!("d"),
                json!({"action": "accept", "content": {"ok": true}})
            )
        );
        assert_eq!(
            answered[2],
            (
                json!("e"),
                json!({"action": "accept", "content": {"ok": false}})
            )
        );
        assert_eq!(calls_sent(&script), 3);
    }

    /// `value` as JavaScript gives it back (`JSON.stringify(JSON.parse(text))`): a number
    /// without a fraction is written without one (`0.0` becomes `0`).
    fn through_javascript(value: &Value) -> Value {
        match value {
            Value::Number(n) => match n.as_f64() {
                Some(f) if f.fract() == 0.0 && f.abs() < 1e15 => json!(f as i64),
                _ => value.clone(),
            },
            Value::Array(list) => Value::Array(list.iter().map(through_javascript).collect()),
            Value::Object(map) => Value::Object(
                map.iter()
                    .map(|(k, v)| (k.clone(), through_javascript(v)))
                    .collect(),
            ),
            other => other.clone(),
        }
    }

    #[test]
    fn a_question_with_a_number_like_0_0_is_the_same_question_after_javascript() {
        // a Python server writes a float bound as 0.0; the interrupt the host gives back has 0
        // (each asked under an id of its own, as a server does)
        let asked = |id: &str| json!({"jsonrpc":"2.0","id":id,"method":"elicitation/create","params":{"message":"How many?","requestedSchema":{"type":"object","properties":{"ok":{"type":"number","minimum":0.0}},"required":["ok"]}}});
        let (client, script) = session(ClientConfig::default());
        call_stream(&script, &[asked("q1"), result("held")]);
        let pending = PendingCalls::default();
        let interrupt = through_javascript(&call(&client, &pending, &RequestOptions::default()));
        assert_eq!(
            interrupt["requests"][0]["requested_schema"]["properties"]["ok"]["minimum"],
            json!(0)
        );
        // live: the held call is found and answered, not sent again
        script.push(status(202));
        let responses = json!({"elicitation": {"action": "accept", "content": {"ok": 3}}});
        let resume = |interrupt: &Value, pending: &PendingCalls| {
            let opts = RequestOptions::default();
            block_on(resume_elicitation(
                &client, pending, interrupt, &responses, &opts,
            ))
            .unwrap()
        };
        assert!(matches!(
            resume(&interrupt, &pending),
            ResultOrInterrupt::Complete(_)
        ));
        assert_eq!(calls_sent(&script), 1, "answered on the held call");

        // replayed elsewhere, with an earlier answer to that question: it is answered again
        call_stream(&script, &[asked("q2"), asked("q3")]);
        script.push(status(202));
        let ResultOrInterrupt::Interrupt(second) = resume(&interrupt, &PendingCalls::default())
        else {
            panic!("the replay ends in the server's next question here")
        };
        let second = through_javascript(&second);
        assert_eq!(second["answers"].as_array().map(Vec::len), Some(1));
        call_stream(&script, &[asked("q4"), asked("q5"), result("replayed")]);
        script.push(status(202));
        script.push(status(202));
        assert!(matches!(
            resume(&second, &PendingCalls::default()),
            ResultOrInterrupt::Complete(_)
        ));
        assert_eq!(
            answers_sent(&script).len(),
            4,
            "both questions answered each time"
        );
    }

    #[test]
    fn a_replayed_question_that_changed_is_asked_anew_never_answered_from_the_old_answer() {
        let (client, script) = session(ClientConfig::default());
        call_stream(&script, &[question("a", "Delete key k-1?")]);
        let first = call(
            &client,
            &PendingCalls::default(),
            &RequestOptions::default(),
        );
        call_stream(&script, &[question("b", "Delete key k-2?")]);
        let ResultOrInterrupt::Interrupt(again) =
            answer(&client, &PendingCalls::default(), &first, true)
        else {
            panic!("expected a new interrupt")
        };
        assert_eq!(again["requests"][0]["message"], "Delete key k-2?");
        assert_eq!(
            again["answers"],
            json!([]),
            "the old answer is not carried on"
        );
        assert!(answers_sent(&script).is_empty(), "nothing was answered");
    }

    #[test]
    fn a_held_call_past_its_timeout_is_replayed_and_a_foreign_open_call_is_not_taken() {
        let (client, script) = session(ClientConfig::default());
        call_stream(&script, &[question("a", "Sure?")]);
        let pending = PendingCalls::default();
        let opts = RequestOptions {
            timeout_ms: Some(1_000.0),
            ..RequestOptions::default()
        };
        let interrupt = call(&client, &pending, &opts);
        script.clock.set(5_000.0);
        call_stream(&script, &[question("b", "Sure?"), result("ok")]);
        script.push(status(202));
        assert!(matches!(
            answer(&client, &pending, &interrupt, true),
            ResultOrInterrupt::Complete(_)
        ));
        assert_eq!(
            calls_sent(&script),
            2,
            "replayed: the held request had timed out"
        );
        assert_eq!(answers_sent(&script)[0].0, "b");
        assert!(pending.is_empty(), "the expired call was let go");

        // an interrupt whose open_call names a call held for something else is replayed
        call_stream(&script, &[question("c", "Sure?")]);
        let held = call(&client, &pending, &RequestOptions::default());
        let mut other = held.clone();
        other["params"]["arguments"]["what"] = json!("tape");
        call_stream(&script, &[question("d", "Sure?"), result("ok")]);
        script.push(status(202));
        answer(&client, &pending, &other, true);
        assert_eq!(
            pending.len(),
            1,
            "the held call was not answered for another"
        );
        assert_eq!(calls_sent(&script), 4);
    }

    #[test]
    fn an_interrupt_never_takes_a_held_call_told_other_answers() {
        let (client, script) = session(ClientConfig::default());
        let ask = |pending: &PendingCalls, name: &str| {
            call_stream(&script, &[question("1", "Name?"), question("2", "Age?")]);
            let first = call(&client, pending, &RequestOptions::default());
            script.push(status(202));
            let responses =
                json!({"elicitation": {"action": "accept", "content": {"ok": name == "Ada"}}});
            let opts = RequestOptions::default();
            match block_on(resume_elicitation(
                &client, pending, &first, &responses, &opts,
            )) {
                Ok(ResultOrInterrupt::Interrupt(second)) => second,
                other => panic!("expected the second question, got {other:?}"),
            }
        };
        // two adapters (tables with the same ids, as two processes could have), one call each
        let (here, there) = (PendingCalls::default(), PendingCalls::default());
        let ada = ask(&here, "Ada");
        let bob = ask(&there, "Bob");
        assert_eq!(ada["open_call"], bob["open_call"]);
        assert_ne!(ada["answers"], bob["answers"]);
        // Ada's interrupt reaches the other adapter: Bob's held call is not taken, the call
        // is replayed with Ada's answers
        call_stream(
            &script,
            &[question("3", "Name?"), question("4", "Age?"), result("ok")],
        );
        script.push(status(202));
        script.push(status(202));
        answer(&client, &there, &ada, true);
        assert_eq!(there.len(), 1, "Bob's call is still held");
        assert_eq!(calls_sent(&script), 3);
        let replayed = answers_sent(&script);
        assert_eq!(
            replayed[2],
            (
                json!("3"),
                json!({"action": "accept", "content": {"ok": true}})
            )
        );
    }

    #[test]
    fn without_holding_calls_the_servers_waiting_tool_is_cancelled_and_the_interrupt_replays() {
        let (client, script) = session(ClientConfig {
            hold_calls: false,
            ..ClientConfig::default()
        });
        call_stream(&script, &[question("q1", "Really?"), result("never read")]);
        script.push(status(202)); // the cancellation notice
        let pending = PendingCalls::default();
        let interrupt = call(&client, &pending, &RequestOptions::default());
        assert!(interrupt.get("open_call").is_none(), "{interrupt}");
        assert!(pending.is_empty(), "nothing held");
        let sent = script.sent();
        let (call_id, notice) = (&sent[2].body["id"], &sent[3].body);
        assert_eq!(notice["method"], "notifications/cancelled");
        assert_eq!(&notice["params"]["requestId"], call_id);
        assert!(
            answers_sent(&script).is_empty(),
            "the question was not answered"
        );
        drop(sent);
        // the resume replays: the call again, its question answered from the answer
        call_stream(
            &script,
            &[question("q2", "Really?"), result("done by replay")],
        );
        script.push(status(202));
        let step = answer(&client, &pending, &interrupt, true);
        assert_eq!(text_of(&step), "done by replay");
        assert_eq!(calls_sent(&script), 2);
    }

    #[test]
    fn ids_of_held_calls_start_at_the_hosts_nonce() {
        let (client, script) = session(ClientConfig::default());
        call_stream(&script, &[question("q", "Sure?")]);
        let pending = PendingCalls::new(7);
        let interrupt = call(&client, &pending, &RequestOptions::default());
        assert_eq!(interrupt["open_call"], 7u64 << 20);
    }

    #[test]
    fn questions_count_as_rounds_and_the_cap_holds() {
        let (client, script) = session(ClientConfig {
            max_rounds: 1,
            ..ClientConfig::default()
        });
        call_stream(&script, &[question("a", "One?"), question("b", "Two?")]);
        let pending = PendingCalls::default();
        let interrupt = call(&client, &pending, &RequestOptions::default());
        script.push(status(202));
        let responses = json!({"elicitation": {"action": "decline"}});
        let opts = RequestOptions::default();
        let err = block_on(resume_elicitation(
            &client, &pending, &interrupt, &responses, &opts,
        ))
        .unwrap_err();
        assert_eq!(err.code, ErrorCode::TooManyRounds);
        assert!(pending.is_empty());
    }

    #[test]
    fn a_url_mode_question_becomes_a_url_request() {
        let (client, script) = session(ClientConfig::default());
        let url_question = json!({"jsonrpc":"2.0","id":"u","method":"elicitation/create","params":{"mode":"url","message":"Sign in","url":"https://auth.example/x?y=1","elicitationId":"e-1"}});
        call_stream(&script, &[url_question, result("in")]);
        let pending = PendingCalls::default();
        let interrupt = call(&client, &pending, &RequestOptions::default());
        assert_eq!(
            interrupt["requests"],
            json!([{"key": "elicitation", "message": "Sign in", "mode": "url",
                "url": "https://auth.example/x?y=1"}])
        );
        script.push(status(202));
        let responses = json!({"elicitation": {"action": "accept"}});
        let opts = RequestOptions::default();
        block_on(resume_elicitation(
            &client, &pending, &interrupt, &responses, &opts,
        ))
        .unwrap();
        assert_eq!(answers_sent(&script)[0].1, json!({"action": "accept"}));
    }
}
