//! Tool calls that run as tasks: the Tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663)
//! of MCP 2026-07-28.
//!
//! A server may answer a `tools/call` whose client declared the extension with a task
//! (`resultType: "task"`, a `CreateTaskResult`) instead of the tool's result. The adapter
//! follows the task to its end by polling `tasks/get`, as one state machine ([`follow`]):
//!
//! ```text
//!  created ─┐         ┌─ working ──────────────────────────────────────────┐
//!           ├─ wait ─▶ tasks/get ─ completed: the tool's result (a result, isError too)
//!  resume ──┘    ▲    ├─ failed: task_failed      ├─ cancelled: task_cancelled
//!   (mcp_task)   │    └─ input_required: the keys not answered yet, none: ──┤
//!                │         ├─ all answered in place (handlers) ─ tasks/update ┤
//!                │         └─ a person: mcp_elicitation (with `task`) ─ resume: tasks/update
//!                └───────────────────────────────────────────────────────────┘
//!  the wait limit (taskWaitMs) before the next poll: the mcp_task handle, to resume later
//!  aborted, or timeoutMs: tasks/cancel, then aborted / timeout
//!  past created_at + ttlMs: task_expired      -32602 to a tasks/* request: task_not_found
//! ```
//!
//! Each wait is the server's `pollIntervalMs` (which may change between polls), within
//! [`POLL_FLOOR_MS`] and [`POLL_CEILING_MS`], counted from when the adapter last learned the
//! task's status (`checked_at`, carried by the handle, so a resume elsewhere polls no sooner
//! either). `tasks/get`, `tasks/update` and `tasks/cancel` carry `Mcp-Name: <taskId>`
//! ([`crate::protocol::headers::name_value`]). A task is bound to the credentials of the call
//! that made it (the server checks them): it is followed with the adapter's headers.
//!
//! Specification: the Tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663) over MCP
//! 2026-07-28 (<https://modelcontextprotocol.io/specification/2026-07-28>).

use super::interrupt::{self, check_rounds, elicitation_interrupt, ResultOrInterrupt, ServerRef};
use super::pending::{self, Given, PendingCalls};
use crate::client::{Client, Era, RequestOptions};
use crate::error::{Error, ErrorCode, Result, RpcError};
use crate::protocol::codes;
use futures_util::FutureExt;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::rc::Rc;

/// `type` of a [`TaskHandle`].
pub const TASK: &str = "mcp_task";

/// The shortest wait between two polls, whatever the server asks: at most ten a second.
pub const POLL_FLOOR_MS: f64 = 100.0;
/// The longest wait between two polls, whatever the server asks: a task that ends is seen
/// within ten minutes.
pub const POLL_CEILING_MS: f64 = 600_000.0;
/// The wait between two polls when the server names none.
const POLL_DEFAULT_MS: f64 = 1_000.0;
/// The longest task id taken, in bytes (ids are tokens: FastMCP's have 43 characters).
const MAX_TASK_ID: usize = 1024;
/// The most input request keys a task remembers as answered (the newest).
const MAX_ANSWERED: usize = 64;

/// A tool call's task that the call stopped waiting for (`taskWaitMs`): `TaskHandle` in
/// `pkg-template/index.d.ts`. Plain JSON, resumed (`resume`) or cancelled (`cancelTask`) by any
/// adapter for `server.url` with the same credentials.
///
/// Built by hand as JSON (docs/wasm-size.md); the unit tests parse every handle they
/// see back into this type, and `tests/contract.rs` compares it with the declarations.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TaskHandle {
    /// The tool called.
    pub tool_name: String,
    /// The server the task runs on.
    pub server: ServerRef,
    /// Always `"tools/call"` (the one method tasks support).
    pub method: String,
    /// Where the task stands.
    #[serde(flatten)]
    pub task: TaskState,
    /// See [`super::ApprovalInterrupt::signature`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signature: Option<String>,
}

/// Where a task stands, as the adapter last learned it: the fields of a [`TaskHandle`], and the
/// `task` of an elicitation the task asks (`TaskState` in `index.d.ts`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TaskState {
    /// The server's `taskId`.
    pub task_id: String,
    /// `"working"` or `"input_required"` (a task that ended is never handed out).
    pub status: String,
    /// The server's last `statusMessage`; no key before any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status_message: Option<String>,
    /// The server's last `pollIntervalMs`, or `null`.
    pub poll_interval_ms: Option<u64>,
    /// The server's last `ttlMs` (how long the task lives from its creation), or `null`: none.
    pub ttl_ms: Option<u64>,
    /// Which arguments the task was made for, without them: FNV-1a (64 bits, 16 hex digits) of
    /// the arguments' JSON with members sorted by name. It tells calls apart; integrity is the
    /// `signature`'s.
    pub args_digest: String,
    /// The input request keys already answered, which are never answered again (the newest
    /// 64); no key before any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub answered: Vec<String>,
    /// When the task was created, by the adapter's clock (ISO 8601 in UTC, as `toISOString()`
    /// writes it): `created_at + ttl_ms` is when the adapter gives it up.
    pub created_at: String,
    /// When the adapter last learned the task's status, by its clock: the next poll is no
    /// sooner than `poll_interval_ms` after it.
    pub checked_at: String,
    /// A handshake-era task only (MCP 2025-11-25 `basic/utilities/tasks.mdx`, see the module
    /// docs): the revision the session speaks (`"2025-11-25"`); no key in a task of the Tasks
    /// extension. A task is resumed only on a session of its own generation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol_version: Option<String>,
}

/// A task as the adapter follows it: the tool's name, and its [`TaskState`] kept as the JSON
/// it is handed out as (read and written in place, never converted: ARCHITECTURE.md, Wasm
/// size), with its two times in the milliseconds of [`crate::transport::Exchange::now_ms`].
pub(crate) struct Task {
    tool: String,
    state: Map<String, Value>,
    created_ms: f64,
    checked_ms: f64,
}

/// What [`follow`] sends next about a task.
pub(crate) enum Step {
    /// `tasks/get`, once the wait before it is over.
    Get,
    /// `tasks/update` with these `inputResponses`.
    Update(Map<String, Value>),
    /// `tasks/cancel`: for the host (`None`: `cancelTask`, see [`resume`]), or because the call failed with this
    /// error (aborted, timed out), which it then fails with.
    Cancel(Option<Error>),
    /// A handshake-era task only: `tasks/result`, once the task has ended or needs input (its
    /// questions come on that request's stream, as the era's interrupts: see [`pending`]).
    Result,
    /// A handshake-era task only: the person's answer to the question its `tasks/result`
    /// asked, as [`pending::resume`] takes it (the held call's id, the answers given before,
    /// the question and the answer).
    Answer(Option<u64>, Vec<Value>, (Value, Value)),
}

/// How a field of a [`TaskState`] handed back is checked ([`Task::of`]).
#[derive(Clone, Copy, PartialEq)]
enum Field {
    /// A string.
    Text,
    /// A string, or no key.
    Message,
    /// A whole number or `null`, or no key (taken as `null`).
    Ms,
    /// An array of strings, or no key.
    Keys,
}

/// The fields of a [`TaskState`], each with how it is checked.
const FIELDS: [(&str, Field); 10] = [
    ("task_id", Field::Text),
    ("status", Field::Text),
    ("status_message", Field::Message),
    ("poll_interval_ms", Field::Ms),
    ("ttl_ms", Field::Ms),
    ("args_digest", Field::Text),
    ("answered", Field::Keys),
    ("created_at", Field::Text),
    ("checked_at", Field::Text),
    ("protocol_version", Field::Message),
];

/// A number of milliseconds the server gives (`pollIntervalMs`, `ttlMs`) as a whole number,
/// or `null` when absent, `null` or not a non-negative number (a field of the wrong type is
/// taken as absent).
fn server_ms(value: Option<&Value>) -> Value {
    match value.and_then(Value::as_f64) {
        Some(ms) if ms >= 0.0 => Value::from(ms as u64),
        _ => Value::Null,
    }
}

/// FNV-1a, 64 bits, of `value`'s JSON (members sorted by name: serde_json's map is ordered),
/// as 16 hex digits (see [`TaskState::args_digest`]).
fn digest(value: &Value) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in crate::json_text(value).as_bytes() {
        hash = (hash ^ u64::from(*byte)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    let mut out = String::with_capacity(16);
    for shift in (0..16).rev() {
        out.push(char::from(
            b"0123456789abcdef"[(hash >> (shift * 4)) as usize & 15],
        ));
    }
    out
}

impl Task {
    /// The string `key` of the task's state, `""` when it has none.
    fn text(&self, key: &str) -> &str {
        self.state.get(key).and_then(Value::as_str).unwrap_or("")
    }

    /// The milliseconds `key` of the task's state (`poll_interval_ms`, `ttl_ms`), if any.
    fn ms(&self, key: &str) -> Option<f64> {
        self.state.get(key).and_then(Value::as_f64)
    }

    /// "task "ID" of tool "NAME" `what`": a message about this task.
    fn describe(&self, what: &str) -> String {
        let (id, tool) = (
            crate::quoted(self.text("task_id")),
            crate::quoted(&self.tool),
        );
        format!("task {id} of tool {tool} {what}")
    }

    /// `asked`, an `mcp_elicitation` interrupt of this task's question, as the tool call's:
    /// `params` only the tool's `name`, and the task (see
    /// [`super::interrupt::ElicitationInterrupt::task`]).
    fn asking(self, mut asked: Value) -> Value {
        let mut params = Map::new();
        crate::put(&mut params, "name", Value::from(self.tool.as_str()));
        if let Some(fields) = asked.as_object_mut() {
            crate::put(fields, "method", Value::from("tools/call"));
            crate::put(fields, "tool_name", Value::from(self.tool));
            crate::put(fields, "params", Value::Object(params));
            crate::put(fields, "task", Value::Object(self.state));
        }
        asked
    }

    /// An error about this task: `code`, with the message [`Task::describe`] writes.
    fn error(&self, code: ErrorCode, what: &str) -> Error {
        Error::new(code, self.describe(what))
    }

    /// Takes what the server says of the task now (a `CreateTaskResult`, or `tasks/get`'s
    /// `DetailedTask`): its status, `statusMessage`, `pollIntervalMs` and `ttlMs`, the last two
    /// of which may change over its life.
    ///
    /// # Errors
    ///
    /// [`ErrorCode::InvalidMessage`] for a status the extension does not define.
    fn learn(&mut self, client: &Client, told: &Value) -> Result<()> {
        let status = told.get("status").unwrap_or(&Value::Null);
        if !matches!(
            status.as_str(),
            Some("working" | "input_required" | "completed" | "failed" | "cancelled")
        ) {
            return Err(self.error(ErrorCode::InvalidMessage, "has an unknown status"));
        }
        let state = &mut self.state;
        crate::put(state, "status", status.clone());
        if let Some(message) = told.get("statusMessage").filter(|m| m.is_string()) {
            crate::put(state, "status_message", message.clone());
        }
        // (the handshake era's names: MCP 2025-11-25 `basic/utilities/tasks.mdx`, "Task")
        let (poll, ttl) = match state.contains_key("protocol_version") {
            true => ("pollInterval", "ttl"),
            false => ("pollIntervalMs", "ttlMs"),
        };
        crate::put(state, "poll_interval_ms", server_ms(told.get(poll)));
        crate::put(state, "ttl_ms", server_ms(told.get(ttl)));
        let exchange = client.exchange();
        self.checked_ms = exchange.now_ms();
        crate::put(state, "checked_at", Value::from(exchange.now_iso()));
        Ok(())
    }

    /// The task of an interrupt a host hands back: an [`TASK`] handle, or an elicitation the
    /// task asked (its `task`), each checked before anything is sent.
    ///
    /// # Errors
    ///
    /// [`ErrorCode::InvalidArgument`]: an interrupt of another server, a field missing or of
    /// the wrong type, a status other than `working` or `input_required`.
    pub(crate) fn of(client: &Client, interrupt: &Value) -> Result<Task> {
        interrupt::check_server(client, interrupt)?;
        let given = match interrupt.get("type").and_then(Value::as_str) {
            Some(TASK) => interrupt,
            _ => interrupt.get("task").unwrap_or(&Value::Null),
        };
        // one loop over the fields, which keeps only them (plain loops: ARCHITECTURE.md)
        let mut state = Map::new();
        for (key, field) in FIELDS {
            let value = given.get(key);
            let fits = match (field, value) {
                (Field::Text | Field::Message, Some(Value::String(_))) => true,
                (Field::Ms, Some(value)) => value.is_u64() || value.is_null(),
                (Field::Keys, Some(Value::Array(keys))) => {
                    let mut strings = true;
                    for key in keys {
                        strings &= key.is_string();
                    }
                    strings
                }
                (field, value) => field != Field::Text && value.is_none(),
            };
            if !fits {
                return Err(malformed(key));
            }
            match value {
                // (no key for no answered keys, as a handle is written)
                Some(Value::Array(keys)) if keys.is_empty() => {}
                Some(value) => crate::put(&mut state, key, value.clone()),
                None if field == Field::Ms => crate::put(&mut state, key, Value::Null),
                None => {}
            }
        }
        let text = |key: &str| state.get(key).and_then(Value::as_str).unwrap_or("");
        let (id, status) = (text("task_id"), text("status"));
        if id.is_empty()
            || id.len() > MAX_TASK_ID
            || !matches!(status, "working" | "input_required")
        {
            return Err(malformed("task_id or status"));
        }
        let exchange = client.exchange();
        let times = (
            exchange.iso_ms(text("created_at")),
            exchange.iso_ms(text("checked_at")),
        );
        let (Some(created_ms), Some(checked_ms)) = times else {
            return Err(malformed("created_at or checked_at"));
        };
        let tool = interrupt.get("tool_name").and_then(Value::as_str);
        Ok(Task {
            tool: tool.ok_or_else(|| malformed("tool_name"))?.to_owned(),
            state,
            created_ms,
            checked_ms,
        })
    }
}

/// A task handed back with `what` missing or not of its type.
fn malformed(what: &str) -> Error {
    Error::new(
        ErrorCode::InvalidArgument,
        format!("the task's {what} is missing or not of its type (see TaskHandle)"),
    )
}

/// The task `created` (a `CreateTaskResult`) that a `tools/call` with `params` was answered
/// with, for [`follow`] (see the module docs).
///
/// # Errors
///
/// [`ErrorCode::InvalidMessage`] for a `CreateTaskResult` without a usable `taskId` or with
/// an unknown status.
pub(crate) fn created(
    client: &Client,
    params: &Map<String, Value>,
    created: &Value,
) -> Result<Task> {
    let id = created
        .get("taskId")
        .and_then(Value::as_str)
        .filter(|id| !id.is_empty() && id.len() <= MAX_TASK_ID)
        .ok_or_else(|| {
            Error::new(
                ErrorCode::InvalidMessage,
                "a task's taskId must be a string of 1 to 1024 bytes",
            )
        })?;
    let exchange = client.exchange();
    let mut state = Map::new();
    crate::put(&mut state, "task_id", Value::from(id));
    if let Some(Era::Handshake(session)) = client.era() {
        crate::put(
            &mut state,
            "protocol_version",
            Value::from(session.version.as_str()),
        );
    }
    let arguments = params.get("arguments").unwrap_or(&Value::Null);
    crate::put(&mut state, "args_digest", Value::from(digest(arguments)));
    crate::put(&mut state, "created_at", Value::from(exchange.now_iso()));
    let tool = params.get("name").and_then(Value::as_str).unwrap_or("");
    let mut task = Task {
        tool: tool.to_owned(),
        state,
        created_ms: exchange.now_ms(),
        checked_ms: 0.0,
    };
    task.learn(client, created)?;
    Ok(task)
}

/// Resumes a task handle ([`TASK`]): follows the task on, or with [`RequestOptions::cancel`]
/// cancels it (`tasks/cancel`, which the server acknowledges; whether and when it stops is its
/// own: cancellation is cooperative), resolving to `Complete(null)`. An elicitation the task
/// asked is cancelled the same way. (Not an `async fn` of its own: [`follow`] is the one state
/// machine, docs/wasm-size.md.)
///
/// # Errors
///
/// Before anything is sent, those of [`Task::of`]; then those of [`follow`]. With
/// [`RequestOptions::check_only`], nothing is sent and it resolves to `Complete(null)`.
pub fn resume<'a>(
    client: &'a Rc<Client>,
    pending: &'a PendingCalls,
    handle: &Value,
    opts: &'a RequestOptions,
) -> impl std::future::Future<Output = Result<ResultOrInterrupt>> + 'a {
    let step = match opts.cancel {
        true => Step::Cancel(None),
        false => Step::Get,
    };
    follow(client, pending, Task::of(client, handle), 0, step, opts)
}

/// `err`, what a request about `task` failed with, as [`ErrorCode::TaskFailed`].
fn failed(task: &Task, mut err: Error) -> Error {
    err.message = task.describe(&format!("failed: {}", err.message));
    err.code = ErrorCode::TaskFailed;
    err
}

/// Follows `task` (or fails with its error, before anything is sent) after `round`
/// input-required rounds, sending `step` first (see the module docs), until it ends, a person
/// is needed, or the call's wait limit comes first; with [`RequestOptions::check_only`] it
/// sends nothing and resolves to `Complete(null)`. A call that is aborted or times out cancels
/// the task (`tasks/cancel`, never `notifications/cancelled`: the extension, "Task
/// Cancellation"), with the call's headers, before it fails. One request site for every
/// request about the task (docs/wasm-size.md).
///
/// # Errors
///
/// [`ErrorCode::Aborted`], [`ErrorCode::Timeout`] (the task cancelled);
/// [`ErrorCode::TaskFailed`], [`ErrorCode::TaskCancelled`], [`ErrorCode::TaskExpired`];
/// [`ErrorCode::TaskNotFound`] for a `-32602` to any of its requests (the extension, "Error
/// Handling": an unknown or expired task); [`ErrorCode::InvalidMessage`] for a malformed
/// task; [`ErrorCode::TooManyRounds`]; those of the host's handlers and of each request.
pub(crate) async fn follow(
    client: &Rc<Client>,
    pending: &PendingCalls,
    task: Result<Task>,
    mut round: u32,
    mut step: Step,
    opts: &RequestOptions,
) -> Result<ResultOrInterrupt> {
    let mut task = task?;
    if opts.check_only {
        return Ok(ResultOrInterrupt::Complete(Value::Null));
    }
    // one generation per connection: a handshake-era task on a handshake-era session only
    let legacy = task.state.contains_key("protocol_version");
    let opts = &RequestOptions {
        era: Some(legacy),
        ..opts.clone()
    };
    let exchange = client.exchange();
    let start = exchange.now_ms();
    let deadline = opts.timeout_ms.map(|ms| start + ms);
    let limit = opts.task_wait_ms.map(|ms| start + ms);
    let detached = RequestOptions {
        context: exchange.detach(opts.context.as_ref()),
        era: opts.era,
        ..RequestOptions::default()
    };
    // status messages handed on as progress (the extension sends no notifications/progress)
    let (mut told, mut shown) = (0u32, Value::Null);
    loop {
        if let Step::Get = step {
            let message = task.state.get("status_message").unwrap_or(&Value::Null);
            if !message.is_null() && *message != shown {
                told += 1;
                shown = message.clone();
                let progress =
                    crate::obj! {"progressToken": 0u32, "progress": told, "message": shown.clone()};
                client.deliver(opts, ("notifications/progress", &progress), Some(0));
            }
            let now = exchange.now_ms();
            let interval = task.ms("poll_interval_ms").unwrap_or(POLL_DEFAULT_MS);
            let next = task.checked_ms + interval.clamp(POLL_FLOOR_MS, POLL_CEILING_MS);
            // (a poll that is due goes out even past the limit: a late resume learns the status)
            if limit.is_some_and(|limit| next > limit.max(now)) {
                let mut handle = std::mem::take(&mut task.state);
                crate::put(&mut handle, "type", Value::from(TASK));
                crate::put(&mut handle, "tool_name", Value::from(task.tool));
                crate::put(&mut handle, "server", interrupt::server_ref(client));
                crate::put(&mut handle, "method", Value::from("tools/call"));
                return Ok(ResultOrInterrupt::Interrupt(Value::Object(handle)));
            }
            let wake = deadline.map_or(next, |deadline| next.min(deadline));
            let waited = match wake > now {
                true => {
                    exchange
                        .sleep((wake - now) as u64, opts.context.clone())
                        .await
                }
                false => Ok(()),
            };
            let now = exchange.now_ms();
            if let Err(err) = waited {
                step = Step::Cancel(Some(err));
                continue;
            }
            if deadline.is_some_and(|deadline| now >= deadline) {
                let what = format!(
                    "did not end within timeoutMs ({} ms); give a longer timeoutMs, or taskWaitMs to get the task back instead",
                    opts.timeout_ms.unwrap_or(0.0) as u64
                );
                step = Step::Cancel(Some(task.error(ErrorCode::Timeout, &what)));
                continue;
            }
            if let Some(ttl) = task.ms("ttl_ms").filter(|ttl| now >= task.created_ms + ttl) {
                let what = format!(
                    "is past its ttlMs ({} ms) and not done: given up",
                    ttl as u64
                );
                return Err(task.error(ErrorCode::TaskExpired, &what));
            }
        }
        let (method, answers, sent_with) = match &mut step {
            Step::Get => ("tasks/get", None, opts),
            Step::Update(answers) => ("tasks/update", Some(std::mem::take(answers)), opts),
            Step::Cancel(_) => ("tasks/cancel", None, &detached),
            Step::Result | Step::Answer(..) => ("tasks/result", None, opts),
        };
        let mut keys = Vec::new();
        let mut params = Map::new();
        crate::put(&mut params, "taskId", Value::from(task.text("task_id")));
        if let Some(answers) = answers {
            for key in answers.keys() {
                keys.push(Value::from(key.as_str()));
            }
            crate::put(&mut params, "inputResponses", Value::Object(answers));
        }
        let bridged = match &mut step {
            Step::Answer(open, answers, asked) => {
                Some((*open, std::mem::take(answers), Some(std::mem::take(asked))))
            }
            Step::Result if client.config().on_elicitation.is_none() => {
                Some((None, Vec::new(), None))
            }
            _ => None,
        };
        let sent = match bridged {
            // the questions on the stream become the era's interrupts (see `pending`; boxed:
            // a held call's end may follow a task again)
            Some((open, answers, asked)) => {
                let call = (method, params, answers);
                pending::resume(client, pending, open, call, asked, opts)
                    .boxed_local()
                    .await
            }
            None => client
                .request(method, Some(&params), sent_with)
                .await
                .map(|outcome| ResultOrInterrupt::Complete(outcome.result)),
        };
        let sent = match sent {
            Err(mut err) if err.rpc_code() == Some(codes::INVALID_PARAMS) => {
                err.code = ErrorCode::TaskNotFound;
                err.message = format!(
                    "the server no longer knows task {} ({}): it restarted, the task expired, or the task belongs to another session or principal",
                    crate::quoted(task.text("task_id")),
                    err.message
                );
                Err(err)
            }
            sent => sent.map_err(interrupt::missing_capability),
        };
        let got = match step {
            Step::Cancel(None) => return sent.map(|_| ResultOrInterrupt::Complete(Value::Null)),
            Step::Cancel(Some(mut err)) => {
                err.message.push_str(match sent {
                    Ok(_) => "; the task was cancelled (tasks/cancel)",
                    Err(_) => "; cancelling the task (tasks/cancel) failed too",
                });
                return Err(err);
            }
            Step::Update(_) => {
                sent?;
                // never answered again (the newest keys kept)
                let mut answered = match task.state.remove("answered") {
                    Some(Value::Array(answered)) => answered,
                    _ => Vec::new(),
                };
                for key in keys {
                    answered.push(key);
                    if answered.len() > MAX_ANSWERED {
                        answered.remove(0);
                    }
                }
                crate::put(&mut task.state, "answered", Value::Array(answered));
                step = Step::Get;
                continue;
            }
            _ => match sent {
                Err(err) if matches!(err.code, ErrorCode::Aborted | ErrorCode::Timeout) => {
                    step = Step::Cancel(Some(err));
                    continue;
                }
                Err(err) if err.code == ErrorCode::RpcError && !matches!(step, Step::Get) => {
                    return Err(failed(&task, err))
                }
                Err(err) => return Err(err),
                Ok(ResultOrInterrupt::Complete(got)) if matches!(step, Step::Get) => got,
                // `tasks/result`: what the tool call would have returned (MCP 2025-11-25
                // `basic/utilities/tasks.mdx`, "Result Retrieval"), a JSON-RPC error as
                // task_failed; or the question the task asks
                Ok(ResultOrInterrupt::Interrupt(asked)) => {
                    return Ok(ResultOrInterrupt::Interrupt(task.asking(asked)))
                }
                Ok(done) => return Ok(done),
            },
        };
        task.learn(client, &got)?;
        match task.text("status") {
            // the handshake era's result, or its questions, come from tasks/result (MCP
            // 2025-11-25 `basic/utilities/tasks.mdx`, "Input Required Status")
            "completed" | "failed" | "input_required" if legacy => step = Step::Result,
            "completed" => {
                return match got.get("result") {
                    Some(result @ Value::Object(_)) => {
                        Ok(ResultOrInterrupt::Complete(result.clone()))
                    }
                    _ => Err(task.error(ErrorCode::InvalidMessage, "completed without a result")),
                }
            }
            "failed" => {
                let field = |key: &str| got.get("error").and_then(|e| e.get(key));
                let message = field("message").and_then(Value::as_str);
                let err = Error::rpc(RpcError {
                    code: field("code")
                        .and_then(Value::as_i64)
                        .unwrap_or(codes::INTERNAL_ERROR),
                    message: message.unwrap_or(task.text("status_message")).to_owned(),
                    data: field("data").cloned(),
                });
                return Err(failed(&task, err));
            }
            "cancelled" => {
                let what = "was cancelled (by tasks/cancel, from cancelTask() or another client, or by the server)";
                return Err(task.error(ErrorCode::TaskCancelled, what));
            }
            "input_required" => {
                let mut requests = interrupt::input_requests(&got)?;
                // a key answered once is never answered again; the server may show it until
                // it has taken the answer in (its acknowledgement is eventually consistent)
                if let Some(Value::Array(answered)) = task.state.get("answered") {
                    for key in answered {
                        requests.remove(key.as_str().unwrap_or(""));
                    }
                }
                if requests.is_empty() {
                    continue;
                }
                round += 1;
                let mut given = Given::default();
                check_rounds(client, "tools/call", round, &given)?;
                let (answered, people) =
                    interrupt::questions(client, requests, &mut given, opts).await?;
                if people.is_empty() {
                    step = Step::Update(answered);
                    continue;
                }
                let mut asked =
                    elicitation_interrupt(client, "tools/call", Map::new(), people, round);
                if !answered.is_empty() {
                    asked["input_responses"] = Value::Object(answered);
                }
                return Ok(ResultOrInterrupt::Interrupt(task.asking(asked)));
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::adapter::interrupt::tests::typed;
    use crate::adapter::interrupt::{resume_elicitation, run, Interrupt, Retry};
    use crate::adapter::pending::PendingCalls;
    use crate::client::scripted::{iso_ms, json_reply, Canned, Scripted};
    use crate::client::{ClientConfig, HostHandler, NotificationHandler};
    use futures_executor::block_on;
    use futures_util::FutureExt;
    use serde_json::json;
    use std::any::Any;
    use std::cell::RefCell;
    use std::rc::Rc;

    /// A result of the task `t1` (a `CreateTaskResult` when `result_type` is `"task"`, a
    /// `DetailedTask` of `tasks/get` when `"complete"`) with `status` and the members of `more`.
    fn task(result_type: &str, status: &str, more: Value) -> Canned {
        let mut result = json!({"resultType": result_type, "taskId": "t1", "status": status, "createdAt": "2026-07-28T09:30:00Z", "lastUpdatedAt": "2026-07-28T09:30:00Z", "ttlMs": 60_000});
        for (key, value) in more.as_object().cloned().unwrap_or_default() {
            result[key] = value;
        }
        json_reply(200, json!({"jsonrpc": "2.0", "id": 1, "result": result}))
    }

    fn created(more: Value) -> Canned {
        task("task", "working", more)
    }

    fn polled(status: &str, more: Value) -> Canned {
        task("complete", status, more)
    }

    fn done(text: &str) -> Value {
        json!({"result": {"content": [{"type": "text", "text": text}], "isError": false, "resultType": "complete"}})
    }

    fn ask(key: &str, message: &str) -> Value {
        json!({"inputRequests": {key: {"method": "elicitation/create", "params": {"mode": "form", "message": message, "requestedSchema": {"type": "object", "properties": {"value": {"type": "string"}}, "required": ["value"]}}}}})
    }

    fn params() -> Map<String, Value> {
        json!({"name": "build", "arguments": {"target": "all", "jobs": 4}})
            .as_object()
            .cloned()
            .unwrap()
    }

    /// A client whose era is settled, with its script, and `opts` of the calls.
    fn scripted(config: ClientConfig) -> (Rc<Client>, Rc<Scripted>) {
        let (client, script) = Scripted::client_with(config);
        script.push_discover();
        (client, script)
    }

    fn call(client: &Rc<Client>, opts: &RequestOptions) -> Result<ResultOrInterrupt> {
        let pending = PendingCalls::default();
        block_on(run(
            client,
            &pending,
            "tools/call",
            params(),
            Retry::default(),
            opts,
        ))
    }

    fn interrupt_of(step: Result<ResultOrInterrupt>) -> Value {
        match step.unwrap() {
            ResultOrInterrupt::Interrupt(interrupt) => interrupt,
            other => panic!("not an interrupt: {other:?}"),
        }
    }

    /// The methods sent after `server/discover`.
    fn methods(script: &Scripted) -> Vec<String> {
        script.methods().split_off(1)
    }

    fn cancelling() -> RequestOptions {
        RequestOptions {
            cancel: true,
            ..RequestOptions::default()
        }
    }

    fn answer(value: &str) -> Value {
        json!({"action": "accept", "content": {"value": value}})
    }

    #[test]
    fn a_task_is_polled_at_the_interval_the_server_asks_until_its_result() {
        let (client, script) = scripted(ClientConfig::default());
        script.push(created(
            json!({"pollIntervalMs": 500, "statusMessage": "queued"}),
        ));
        script.push(polled(
            "working",
            json!({"pollIntervalMs": 2_000, "statusMessage": "step 1/2"}),
        ));
        script.push(polled(
            "working",
            json!({"pollIntervalMs": 2_000, "statusMessage": "step 1/2"}),
        ));
        script.push(polled("completed", done("built")));
        let progress = Rc::new(RefCell::new(Vec::new()));
        let seen = progress.clone();
        let handler: NotificationHandler = Rc::new(move |method, params, token| {
            seen.borrow_mut()
                .push((method.to_owned(), params.clone(), token));
        });
        let opts = RequestOptions {
            on_notification: Some(handler),
            ..RequestOptions::default()
        };
        let ResultOrInterrupt::Complete(result) = call(&client, &opts).unwrap() else {
            panic!("no result")
        };
        assert_eq!(result["content"][0]["text"], "built");
        // the interval of the last answer each time, from the last answer
        assert_eq!(*script.slept.borrow(), vec![500, 2_000, 2_000]);
        assert_eq!(
            methods(&script),
            ["tools/call", "tasks/get", "tasks/get", "tasks/get"]
        );
        let sent = script.sent();
        assert_eq!(sent[2].body["params"]["taskId"], "t1");
        assert_eq!(sent[2].header("Mcp-Method"), Some("tasks/get"));
        assert_eq!(sent[2].header("Mcp-Name"), Some("t1"));
        assert_eq!(
            sent[2].body["params"]["_meta"]["io.modelcontextprotocol/clientCapabilities"]
                ["extensions"],
            json!({"io.modelcontextprotocol/tasks": {}})
        );
        // each new status message once, as progress under token 0
        assert_eq!(
            *progress.borrow(),
            vec![
                (
                    "notifications/progress".to_owned(),
                    json!({"progressToken": 0, "progress": 1, "message": "queued"}),
                    Some(0)
                ),
                (
                    "notifications/progress".to_owned(),
                    json!({"progressToken": 0, "progress": 2, "message": "step 1/2"}),
                    Some(0)
                ),
            ]
        );
    }

    #[test]
    fn the_wait_between_polls_is_held_within_a_floor_and_a_ceiling() {
        for (asked, waited) in [
            (json!(0), 100),
            (json!(null), 1_000),
            (json!("soon"), 1_000),
            (json!(99.5), 100),
            (json!(1e12), 600_000),
        ] {
            let (client, script) = scripted(ClientConfig::default());
            script.push(created(json!({"pollIntervalMs": asked, "ttlMs": null})));
            script.push(polled("completed", done("ok")));
            call(&client, &RequestOptions::default()).unwrap();
            assert_eq!(*script.slept.borrow(), vec![waited], "{asked}");
        }
    }

    #[test]
    fn a_tool_error_is_a_result_a_failed_task_task_failed_a_cancelled_one_task_cancelled() {
        let (client, script) = scripted(ClientConfig::default());
        script.push(created(json!({})));
        script.push(polled(
            "completed",
            json!({"result": {"content": [{"type": "text", "text": "no"}], "isError": true}}),
        ));
        let ResultOrInterrupt::Complete(result) =
            call(&client, &RequestOptions::default()).unwrap()
        else {
            panic!()
        };
        assert_eq!(result["isError"], true);

        script.push(created(json!({})));
        script.push(polled("failed", json!({"statusMessage": "boom", "error": {"code": -32603, "message": "protocol_error_job panicked", "data": {"at": 3}}})));
        let err = call(&client, &RequestOptions::default()).unwrap_err();
        assert_eq!(err.code, ErrorCode::TaskFailed);
        assert_eq!(err.rpc_code(), Some(-32603));
        assert_eq!(err.rpc.as_ref().unwrap().data, Some(json!({"at": 3})));
        assert_eq!(
            err.message,
            "task \"t1\" of tool \"build\" failed: server error -32603: protocol_error_job panicked"
        );

        script.push(created(json!({})));
        script.push(polled("cancelled", json!({})));
        let err = call(&client, &RequestOptions::default()).unwrap_err();
        assert_eq!(err.code, ErrorCode::TaskCancelled);

        for bad in [json!({"status": "paused"}), json!({"result": "text"})] {
            script.push(created(json!({})));
            let status = if bad.get("status").is_some() {
                "paused"
            } else {
                "completed"
            };
            script.push(polled(status, bad));
            let err = call(&client, &RequestOptions::default()).unwrap_err();
            assert_eq!(err.code, ErrorCode::InvalidMessage);
        }
        script.push(json_reply(200, json!({"jsonrpc": "2.0", "id": 1, "result": {"resultType": "task", "status": "working"}})));
        assert_eq!(
            call(&client, &RequestOptions::default()).unwrap_err().code,
            ErrorCode::InvalidMessage,
            "a task without an id"
        );
    }

    #[test]
    fn a_task_past_its_ttl_is_given_up() {
        let (client, script) = scripted(ClientConfig::default());
        script.push(created(json!({"pollIntervalMs": 1_000, "ttlMs": 1_500})));
        script.push(polled(
            "working",
            json!({"pollIntervalMs": 1_000, "ttlMs": 1_500}),
        ));
        let err = call(&client, &RequestOptions::default()).unwrap_err();
        assert_eq!(err.code, ErrorCode::TaskExpired);
        assert_eq!(
            methods(&script),
            ["tools/call", "tasks/get"],
            "no poll past the ttl"
        );
    }

    #[test]
    fn the_server_no_longer_knowing_a_task_is_task_not_found() {
        let (client, script) = scripted(ClientConfig::default());
        script.push(created(json!({})));
        script.push(json_reply(400, json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "Task t1 not found"}})));
        let err = call(&client, &RequestOptions::default()).unwrap_err();
        assert_eq!(err.code, ErrorCode::TaskNotFound);
        assert_eq!(err.rpc_code(), Some(-32602));
    }

    #[test]
    fn the_wait_limit_hands_back_the_task_which_any_adapter_resumes() {
        let (client, script) = scripted(ClientConfig::default());
        script.push(created(json!({"pollIntervalMs": 1_000})));
        script.push(polled(
            "working",
            json!({"pollIntervalMs": 1_000, "statusMessage": "halfway"}),
        ));
        let opts = RequestOptions {
            task_wait_ms: Some(1_500.0),
            ..RequestOptions::default()
        };
        let handle = interrupt_of(call(&client, &opts));
        let Interrupt::Task(TaskHandle { task: state, .. }) = typed(&handle) else {
            panic!("not a task: {handle}")
        };
        assert_eq!(handle["type"], "mcp_task");
        assert_eq!(handle["tool_name"], "build");
        assert_eq!(handle["server"]["url"], "http://127.0.0.1:1/mcp");
        assert_eq!(state.task_id, "t1");
        assert_eq!(state.status, "working");
        assert_eq!(state.status_message.as_deref(), Some("halfway"));
        assert_eq!(
            (state.poll_interval_ms, state.ttl_ms),
            (Some(1_000), Some(60_000))
        );
        assert_eq!(state.created_at, "1970-01-01T00:00:00.000Z");
        assert_eq!(state.checked_at, "1970-01-01T00:00:01.000Z");
        // the same digest for the same arguments in any member order, another for others
        let reordered = json!({"jobs": 4, "target": "all"});
        assert_eq!(state.args_digest, digest(&reordered));
        assert_ne!(
            state.args_digest,
            digest(&json!({"jobs": 5, "target": "all"}))
        );
        assert_eq!(state.args_digest.len(), 16);
        assert_eq!(methods(&script), ["tools/call", "tasks/get"]);

        // another adapter, later: the next poll no sooner than the interval after the last
        let (other, script) = scripted(ClientConfig::default());
        script.clock.set(1_200.0);
        script.push(polled("completed", done("built")));
        let opts = RequestOptions::default();
        block_on(other.ensure_ready(&opts)).unwrap();
        let step = block_on(resume(&other, &PendingCalls::default(), &handle, &opts)).unwrap();
        assert_eq!(
            step,
            ResultOrInterrupt::Complete(done("built")["result"].clone())
        );
        assert_eq!(*script.slept.borrow(), vec![800]);
        assert_eq!(methods(&script), ["tasks/get"]);
        // a wait limit of 0 hands the task back at once
        let (client, script) = scripted(ClientConfig::default());
        script.push(created(json!({})));
        let opts = RequestOptions {
            task_wait_ms: Some(0.0),
            ..RequestOptions::default()
        };
        assert_eq!(interrupt_of(call(&client, &opts))["type"], "mcp_task");
        assert!(script.slept.borrow().is_empty());
    }

    #[test]
    fn a_handle_of_another_server_or_edited_is_refused_before_anything_is_sent() {
        let (client, script) = scripted(ClientConfig::default());
        script.push(created(json!({})));
        let opts = RequestOptions {
            task_wait_ms: Some(0.0),
            ..RequestOptions::default()
        };
        let handle = interrupt_of(call(&client, &opts));
        let sent = script.sent().len();
        let edits = [
            (
                "server",
                json!({"url": "http://127.0.0.1:2/mcp", "name": null, "version": null}),
            ),
            ("task_id", json!("")),
            ("task_id", json!(7)),
            ("status", json!("completed")),
            ("poll_interval_ms", json!(-1)),
            ("ttl_ms", json!("1")),
            ("checked_at", json!("yesterday")),
            ("answered", json!([1])),
            ("tool_name", json!(null)),
        ];
        for (field, value) in edits {
            let mut edited = handle.clone();
            edited[field] = value;
            let err = block_on(resume(
                &client,
                &PendingCalls::default(),
                &edited,
                &RequestOptions::default(),
            ))
            .unwrap_err();
            assert_eq!(err.code, ErrorCode::InvalidArgument, "{field}");
            let err = block_on(resume(
                &client,
                &PendingCalls::default(),
                &edited,
                &cancelling(),
            ))
            .unwrap_err();
            assert_eq!(err.code, ErrorCode::InvalidArgument, "{field}");
        }
        assert_eq!(script.sent().len(), sent, "nothing was sent");
    }

    #[test]
    fn a_timeout_cancels_the_task_with_tasks_cancel() {
        let (client, script) = scripted(ClientConfig::default());
        script.push(created(json!({"pollIntervalMs": 1_000})));
        script.push(polled("working", json!({"pollIntervalMs": 1_000})));
        script.push(polled("working", json!({"pollIntervalMs": 1_000})));
        script.push(json_reply(
            200,
            json!({"jsonrpc": "2.0", "id": 1, "result": {"resultType": "complete"}}),
        ));
        let opts = RequestOptions {
            timeout_ms: Some(2_500.0),
            ..RequestOptions::default()
        };
        let err = call(&client, &opts).unwrap_err();
        assert_eq!(err.code, ErrorCode::Timeout);
        assert!(
            err.message
                .ends_with("; the task was cancelled (tasks/cancel)"),
            "{}",
            err.message
        );
        assert_eq!(
            methods(&script),
            ["tools/call", "tasks/get", "tasks/get", "tasks/cancel"]
        );
        assert_eq!(*script.slept.borrow(), vec![1_000, 1_000, 500]);
        let sent = script.sent();
        assert_eq!(sent[4].header("Mcp-Name"), Some("t1"));
        assert_eq!(sent[4].body["params"]["taskId"], "t1");
    }

    #[test]
    fn an_aborted_poll_cancels_the_task_and_cancel_task_cancels_a_handle() {
        let (client, script) = scripted(ClientConfig::default());
        script.push(created(json!({})));
        let mut aborted = polled("working", json!({}));
        aborted.chunks = vec![Err(Error::new(ErrorCode::Aborted, "the call was aborted"))];
        script.push(aborted);
        script.push(json_reply(
            200,
            json!({"jsonrpc": "2.0", "id": 1, "result": {"resultType": "complete"}}),
        ));
        let err = call(&client, &RequestOptions::default()).unwrap_err();
        assert_eq!(err.code, ErrorCode::Aborted);
        assert_eq!(
            methods(&script),
            ["tools/call", "tasks/get", "tasks/cancel"]
        );

        script.push(created(json!({})));
        let opts = RequestOptions {
            task_wait_ms: Some(0.0),
            ..RequestOptions::default()
        };
        let handle = interrupt_of(call(&client, &opts));
        script.push(json_reply(
            200,
            json!({"jsonrpc": "2.0", "id": 1, "result": {"resultType": "complete"}}),
        ));
        block_on(resume(
            &client,
            &PendingCalls::default(),
            &handle,
            &cancelling(),
        ))
        .unwrap();
        script.push(json_reply(400, json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "Task t1 not found"}})));
        let err = block_on(resume(
            &client,
            &PendingCalls::default(),
            &handle,
            &cancelling(),
        ))
        .unwrap_err();
        assert_eq!(err.code, ErrorCode::TaskNotFound);
        let sent = methods(&script);
        assert_eq!(&sent[sent.len() - 2..], ["tasks/cancel", "tasks/cancel"]);
    }

    /// A client whose call of `build` became a task that asks `asked` (an `inputRequests`),
    /// with its script and the interrupt.
    fn asking(asked: Value) -> (Rc<Client>, Rc<Scripted>, Value) {
        let (client, script) = scripted(ClientConfig::default());
        script.push(created(json!({})));
        script.push(polled("input_required", asked));
        let interrupt = interrupt_of(call(&client, &RequestOptions::default()));
        (client, script, interrupt)
    }

    fn resume_with(
        client: &Rc<Client>,
        interrupt: &Value,
        responses: Value,
    ) -> Result<ResultOrInterrupt> {
        let (pending, opts) = (PendingCalls::default(), RequestOptions::default());
        block_on(resume_elicitation(
            client, &pending, interrupt, &responses, &opts,
        ))
    }

    #[test]
    fn a_tasks_question_is_an_elicitation_whose_answer_goes_to_tasks_update_once() {
        let (client, script, interrupt) = asking(ask("t1:8760dce5", "What is your name?"));
        let Interrupt::Elicitation(asked) = typed(&interrupt) else {
            panic!("not an elicitation")
        };
        assert_eq!(
            asked.requests[0].key, "t1:8760dce5",
            "the key as tasks/get gave it"
        );
        assert_eq!(asked.requests[0].message, "What is your name?");
        assert_eq!(
            asked.params,
            json!({"name": "build"}).as_object().cloned().unwrap()
        );
        let state = asked.task.expect("the task");
        assert_eq!(
            (state.task_id.as_str(), state.status.as_str()),
            ("t1", "input_required")
        );
        assert_eq!(asked.request_state, None);

        script.push(json_reply(
            200,
            json!({"jsonrpc": "2.0", "id": 1, "result": {"resultType": "complete"}}),
        ));
        // the server shows the answered question until it has taken the answer in
        script.push(polled(
            "input_required",
            ask("t1:8760dce5", "What is your name?"),
        ));
        script.push(polled("completed", done("Hello, Ada!")));
        let step = resume_with(&client, &interrupt, json!({"t1:8760dce5": answer("Ada")})).unwrap();
        assert_eq!(
            step,
            ResultOrInterrupt::Complete(done("Hello, Ada!")["result"].clone())
        );
        assert_eq!(
            methods(&script),
            [
                "tools/call",
                "tasks/get",
                "tasks/update",
                "tasks/get",
                "tasks/get"
            ]
        );
        let sent = script.sent();
        assert_eq!(
            sent[3].body["params"]["inputResponses"],
            json!({"t1:8760dce5": {"action": "accept", "content": {"value": "Ada"}}})
        );
        assert_eq!(sent[3].header("Mcp-Name"), Some("t1"));
        assert_eq!(sent[3].header("Mcp-Method"), Some("tasks/update"));
    }

    #[test]
    fn a_partial_answer_is_sent_and_the_rest_asked_again_without_the_answered_key() {
        let mut both = ask("first", "First value?");
        both["inputRequests"]["second"] =
            ask("second", "Second value?")["inputRequests"]["second"].clone();
        let (client, script, interrupt) = asking(both.clone());
        // an unknown key, or none at all, is refused before anything is sent
        for responses in [json!({"third": answer("x")}), json!({})] {
            let err = resume_with(&client, &interrupt, responses).unwrap_err();
            assert_eq!(err.code, ErrorCode::InvalidArgument);
        }
        script.push(json_reply(
            200,
            json!({"jsonrpc": "2.0", "id": 1, "result": {"resultType": "complete"}}),
        ));
        script.push(polled("input_required", both));
        let next = interrupt_of(resume_with(
            &client,
            &interrupt,
            json!({"first": answer("1")}),
        ));
        let Interrupt::Elicitation(asked) = typed(&next) else {
            panic!()
        };
        assert_eq!(asked.requests.len(), 1);
        assert_eq!(asked.requests[0].key, "second");
        assert_eq!(asked.round, 2);
        assert_eq!(asked.task.unwrap().answered, ["first"]);
        script.push(json_reply(
            200,
            json!({"jsonrpc": "2.0", "id": 1, "result": {"resultType": "complete"}}),
        ));
        script.push(polled("completed", done("first=1 second=2")));
        let step = resume_with(&client, &next, json!({"second": answer("2")})).unwrap();
        assert!(matches!(step, ResultOrInterrupt::Complete(_)));
        let sent = script.sent();
        let updates: Vec<_> = sent
            .iter()
            .filter(|r| r.body["method"] == "tasks/update")
            .map(|r| r.body["params"]["inputResponses"].clone())
            .collect();
        assert_eq!(
            updates,
            [
                json!({"first": answer("1")}),
                json!({"second": answer("2")})
            ]
        );
    }

    #[test]
    fn the_hosts_handlers_answer_a_tasks_questions_in_place() {
        let handler: HostHandler = Rc::new(|params: Value, _: Option<&Rc<dyn Any>>| {
            async move {
                assert_eq!(params["message"], "What is your name?");
                Ok(json!({"action": "accept", "content": {"value": "Lin"}}))
            }
            .boxed_local()
        });
        let (client, script) = scripted(ClientConfig {
            on_elicitation: Some(handler),
            ..ClientConfig::default()
        });
        script.push(created(json!({})));
        script.push(polled("input_required", ask("k", "What is your name?")));
        script.push(json_reply(
            200,
            json!({"jsonrpc": "2.0", "id": 1, "result": {"resultType": "complete"}}),
        ));
        script.push(polled("completed", done("Hello, Lin!")));
        let step = call(&client, &RequestOptions::default()).unwrap();
        assert!(matches!(step, ResultOrInterrupt::Complete(_)));
        assert_eq!(
            script.sent()[3].body["params"]["inputResponses"],
            json!({"k": {"action": "accept", "content": {"value": "Lin"}}})
        );
    }

    #[test]
    fn questions_before_the_task_and_in_it_have_keys_of_their_own() {
        let (client, script) = scripted(ClientConfig::default());
        let mut before = ask("k", "Which target?");
        before["resultType"] = json!("input_required");
        before["requestState"] = json!("s1");
        script.push(json_reply(
            200,
            json!({"jsonrpc": "2.0", "id": 1, "result": before}),
        ));
        let first = interrupt_of(call(&client, &RequestOptions::default()));
        assert_eq!(first.get("task"), None);
        script.push(created(json!({})));
        script.push(polled("input_required", ask("k", "Really build it?")));
        let second = interrupt_of(resume_with(&client, &first, json!({"k": answer("all")})));
        let Interrupt::Elicitation(asked) = typed(&second) else {
            panic!()
        };
        assert_eq!(
            asked.requests[0].key, "k",
            "asked again: another phase's key"
        );
        assert_eq!(asked.requests[0].message, "Really build it?");
        assert!(asked.task.unwrap().answered.is_empty());
        let sent = script.sent();
        assert_eq!(
            sent[2].body["params"]["inputResponses"],
            json!({"k": answer("all")})
        );
        assert_eq!(sent[2].body["params"]["requestState"], "s1");
    }

    #[test]
    fn the_scripted_clock_writes_and_reads_dates_as_javascript_does() {
        for (iso, ms) in [
            ("1970-01-01T00:00:00.000Z", 0.0),
            ("2026-07-28T09:30:00.123Z", 1_785_231_000_123.0),
            ("2000-02-29T23:59:59.999Z", 951_868_799_999.0),
        ] {
            assert_eq!(iso_ms(iso), Some(ms), "{iso}");
            assert_eq!(crate::client::scripted::ms_iso(ms), iso);
        }
        assert_eq!(iso_ms("2026-07-28T09:30:00Z"), None);
    }

    /// The handshake era's experimental tasks (MCP 2025-11-25 `basic/utilities/tasks.mdx`).
    mod handshake {
        use super::*;
        use crate::client::scripted::{sse_reply, status};
        use crate::client::ProtocolMode;

        /// A handshake-era client whose server takes task-augmented tool calls, with its
        /// session open and its tools listed: `build` must run as a task, `lint` may.
        fn session(config: ClientConfig) -> (Rc<Client>, Rc<Scripted>) {
            let (client, script) = Scripted::client_with(ClientConfig {
                protocol: ProtocolMode::Legacy,
                ..config
            });
            script.push_initialize(json!({"tools":{},"tasks":{"list":{},"cancel":{},"requests":{"tools":{"call":{}}}}}));
            script.push(sse_reply(&[json!({"jsonrpc":"2.0","id":1,"result":{"tools":[
                {"name":"build","inputSchema":{"type":"object"},"execution":{"taskSupport":"required"}},
                {"name":"lint","inputSchema":{"type":"object"},"execution":{"taskSupport":"optional"}}]}})]));
            block_on(client.list_tools(&RequestOptions::default())).unwrap();
            (client, script)
        }

        /// The task `t1` as the era writes it, with `status` and the members of `more`.
        fn task(status: &str, more: Value) -> Value {
            let mut task = json!({"taskId": "t1", "status": status, "createdAt": "2025-11-25T10:30:00Z", "lastUpdatedAt": "2025-11-25T10:30:00Z", "ttl": 300_000, "pollInterval": 1_000});
            for (key, value) in more.as_object().cloned().unwrap_or_default() {
                task[key] = value;
            }
            task
        }

        fn reply(result: Value) -> Canned {
            sse_reply(&[json!({"jsonrpc": "2.0", "id": 1, "result": result})])
        }

        fn report(text: &str) -> Value {
            json!({"content": [{"type": "text", "text": text}], "_meta": {"io.modelcontextprotocol/related-task": {"taskId": "t1"}}})
        }

        /// The methods sent after the session opened and the tools were listed.
        fn methods(script: &Scripted) -> Vec<String> {
            script.methods().split_off(3)
        }

        fn question() -> Value {
            json!({"jsonrpc":"2.0","id":0,"method":"elicitation/create","params":{"message":"Which one?","requestedSchema":{"type":"object","properties":{"pick":{"type":"string"}},"required":["pick"]},"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"t1"}}}})
        }

        #[test]
        fn a_required_task_tool_is_called_with_a_task_polled_at_its_interval_and_its_result_taken_with_tasks_result(
        ) {
            let progress = Rc::new(RefCell::new(Vec::new()));
            let seen = progress.clone();
            let handler: NotificationHandler = Rc::new(move |_, params, _| {
                seen.borrow_mut().push(params["message"].clone());
            });
            let (client, script) = session(ClientConfig::default());
            script.push(reply(
                json!({"task": task("working", json!({"statusMessage": "Gathering"}))}),
            ));
            script.push(reply(task(
                "working",
                json!({"statusMessage": "Analyzing", "pollInterval": 2_000}),
            )));
            script.push(reply(task(
                "completed",
                json!({"statusMessage": "Analyzing"}),
            )));
            script.push(reply(report("done")));
            let opts = RequestOptions {
                on_notification: Some(handler),
                ..RequestOptions::default()
            };
            let step = call(&client, &opts).unwrap();
            assert_eq!(step, ResultOrInterrupt::Complete(report("done")));
            assert_eq!(
                methods(&script),
                ["tools/call", "tasks/get", "tasks/get", "tasks/result"]
            );
            let sent = script.sent();
            assert_eq!(sent[3].body["params"]["task"], json!({"ttl": 3_600_000}));
            assert_eq!(sent[3].body["params"]["name"], "build");
            assert_eq!(sent[6].body["params"], json!({"taskId": "t1"}));
            // pollInterval, not the 2026 pollIntervalMs
            assert_eq!(*script.slept.borrow(), vec![1_000, 2_000]);
            assert_eq!(*progress.borrow(), [json!("Gathering"), json!("Analyzing")]);
        }

        #[test]
        fn an_optional_task_tool_runs_as_a_task_only_for_a_call_that_takes_a_handle() {
            let (client, _script) = session(ClientConfig::default());
            let params = |name: &str| json!({"name": name}).as_object().cloned().unwrap();
            let waits = RequestOptions {
                task_wait_ms: Some(0.0),
                ..RequestOptions::default()
            };
            let plain = RequestOptions::default();
            assert!(client.runs_as_task(&params("build"), &plain));
            assert!(!client.runs_as_task(&params("lint"), &plain));
            assert!(client.runs_as_task(&params("lint"), &waits));
            // an unlisted tool, or tasks turned off: a plain call
            assert!(!client.runs_as_task(&params("other"), &waits));
            let (off, _) = session(ClientConfig {
                tasks: false,
                ..ClientConfig::default()
            });
            assert!(!off.runs_as_task(&params("build"), &waits));
        }

        #[test]
        fn a_handle_is_of_its_generation_and_the_other_refuses_it_before_anything_is_sent() {
            let (client, script) = session(ClientConfig::default());
            script.push(reply(json!({"task": task("working", json!({}))})));
            let opts = RequestOptions {
                task_wait_ms: Some(0.0),
                ..RequestOptions::default()
            };
            let handle = interrupt_of(call(&client, &opts));
            let Interrupt::Task(TaskHandle { task: state, .. }) = typed(&handle) else {
                panic!("not a task: {handle}")
            };
            assert_eq!(state.protocol_version.as_deref(), Some("2025-11-25"));
            assert_eq!(
                (state.poll_interval_ms, state.ttl_ms),
                (Some(1_000), Some(300_000))
            );
            // a 2026-07-28 adapter refuses it, having sent nothing about it
            let (modern, other) = super::scripted(ClientConfig::default());
            let pending = PendingCalls::default();
            let err = block_on(resume(
                &modern,
                &pending,
                &handle,
                &RequestOptions::default(),
            ))
            .unwrap_err();
            assert_eq!(err.code, ErrorCode::InvalidArgument);
            assert!(
                err.message.contains("other protocol generation"),
                "{}",
                err.message
            );
            assert_eq!(super::methods(&other), Vec::<String>::new());
            // and a 2026-07-28 handle is refused here
            let mut newer = handle.clone();
            newer.as_object_mut().unwrap().remove("protocol_version");
            let sent = script.sent().len();
            let err = block_on(resume(&client, &pending, &newer, &cancelling())).unwrap_err();
            assert_eq!(err.code, ErrorCode::InvalidArgument);
            assert_eq!(script.sent().len(), sent);
            // its own era follows it: polled, and cancelled with tasks/cancel
            script.push(reply(task("cancelled", json!({}))));
            block_on(resume(&client, &pending, &handle, &cancelling())).unwrap();
            assert_eq!(methods(&script), ["tools/call", "tasks/cancel"]);
        }

        #[test]
        fn a_question_on_tasks_result_is_the_eras_interrupt_answered_on_the_held_call() {
            let (client, script) = session(ClientConfig::default());
            script.push(reply(json!({"task": task("working", json!({}))})));
            script.push(reply(task("input_required", json!({}))));
            script.push(sse_reply(&[
                question(),
                json!({"jsonrpc": "2.0", "id": 1, "result": report("picked")}),
            ]));
            let pending = PendingCalls::default();
            let opts = RequestOptions::default();
            let asked = match block_on(run(
                &client,
                &pending,
                "tools/call",
                params(),
                Retry::default(),
                &opts,
            )) {
                Ok(ResultOrInterrupt::Interrupt(asked)) => asked,
                other => panic!("not an interrupt: {other:?}"),
            };
            let Interrupt::Elicitation(question) = typed(&asked) else {
                panic!("not an elicitation: {asked}")
            };
            assert_eq!(question.method, "tools/call");
            assert_eq!(question.tool_name, json!("build"));
            assert_eq!(
                question.params,
                json!({"name": "build"}).as_object().cloned().unwrap()
            );
            assert_eq!(question.requests[0].message, "Which one?");
            assert_eq!(question.protocol_version.as_deref(), Some("2025-11-25"));
            assert!(question.open_call.is_some());
            let state = question.task.expect("the task");
            assert_eq!(
                (state.task_id.as_str(), state.status.as_str()),
                ("t1", "input_required")
            );
            assert_eq!(
                methods(&script),
                ["tools/call", "tasks/get", "tasks/result"]
            );
            // the answer goes to the waiting request (id 0), and the held stream ends the call
            script.push(status(202));
            let responses = json!({"elicitation": {"action": "accept", "content": {"pick": "a"}}});
            let step = block_on(resume_elicitation(
                &client, &pending, &asked, &responses, &opts,
            ))
            .unwrap();
            assert_eq!(step, ResultOrInterrupt::Complete(report("picked")));
            let sent = script.sent();
            let answer = &sent.last().unwrap().body;
            assert_eq!(answer["id"], 0);
            assert_eq!(
                answer["result"],
                json!({"action": "accept", "content": {"pick": "a"}})
            );
        }

        #[test]
        fn on_elicitation_answers_in_place_and_errors_of_tasks_result_are_the_tasks() {
            let handler: HostHandler = Rc::new(|_: Value, _: Option<&Rc<dyn Any>>| {
                async move { Ok(json!({"action": "accept", "content": {"pick": "b"}})) }
                    .boxed_local()
            });
            let (client, script) = session(ClientConfig {
                on_elicitation: Some(handler),
                ..ClientConfig::default()
            });
            // (a host handler: a tools/call listens on the session's GET stream, none here)
            script.push(status(405));
            script.push(reply(json!({"task": task("working", json!({}))})));
            script.push(reply(task("input_required", json!({}))));
            script.push(sse_reply(&[
                question(),
                json!({"jsonrpc": "2.0", "id": 1, "result": report("picked b")}),
            ]));
            script.push(status(202));
            let step = call(&client, &RequestOptions::default()).unwrap();
            assert_eq!(step, ResultOrInterrupt::Complete(report("picked b")));

            // a failed task: the JSON-RPC error tasks/result returns is task_failed
            script.push(status(405));
            script.push(reply(json!({"task": task("working", json!({}))})));
            script.push(reply(task("failed", json!({}))));
            script.push(sse_reply(&[
                json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32603, "message": "boom"}}),
            ]));
            let err = call(&client, &RequestOptions::default()).unwrap_err();
            assert_eq!(err.code, ErrorCode::TaskFailed);
            assert_eq!(err.rpc_code(), Some(-32603));
            assert!(err.message.contains("boom"), "{}", err.message);
            // an unknown task: task_not_found
            script.push(status(405));
            script.push(reply(json!({"task": task("working", json!({}))})));
            script.push(sse_reply(&[json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "Failed to retrieve task: Task not found"}})]));
            let err = call(&client, &RequestOptions::default()).unwrap_err();
            assert_eq!(err.code, ErrorCode::TaskNotFound);
        }
    }
}
