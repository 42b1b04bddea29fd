//! Input-required rounds as resumable interrupts (MCP 2026-07-28 multi round-trip requests,
//! `basic/patterns/mrtr.mdx`), and approval of gated tools as the same kind of interrupt.
//!
//! A call of `tools/call`, `prompts/get` or `resources/read` that comes back
//! `resultType: "input_required"` is driven as far as the adapter can take it alone:
//! `sampling/createMessage` and `roots/list` requests are answered in place by the host's
//! handlers, and a `requestState`-only round is retried at once. When a person is needed
//! (`elicitation/create`, form or URL mode) the call returns an [`ElicitationInterrupt`]:
//! plain JSON that carries everything the retry needs, so any adapter for the same URL — in
//! another process or isolate, after `JSON.parse(JSON.stringify(interrupt))` — can resume it.
//! A call the host's `approval` predicate gates returns an [`ApprovalInterrupt`] instead,
//! before anything is sent.
//!
//! The retry ([`resume_elicitation`]) sends the same method with the original params, only
//! this round's `inputResponses`, the exact `requestState` (omitted when there was none), a
//! new JSON-RPC id and fresh `_meta` (`basic/patterns/mrtr.mdx`, "Client Requirements").
//! Nothing is shared between calls, so parallel calls never see each other's answers or state.
//! A server that refuses the `requestState` as expired or unknown (a person slower than its
//! lifetime, a server restarted meanwhile) gets the call again from its first request, and
//! the questions it repeats are answered from the interrupt's `answers` ([`run`]).
//!
//! Specification: <https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr>.

use super::form;
use super::pending::{self, Given, PendingCalls};
use crate::client::handshake::with_schema_defaults;
use crate::client::{Client, RequestOptions};
use crate::error::{Error, ErrorCode, Result};
use crate::protocol::codes;
use crate::protocol::result_type::ResultType;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::rc::Rc;

/// `type` of an [`ElicitationInterrupt`].
pub const ELICITATION: &str = "mcp_elicitation";
/// `type` of an [`ApprovalInterrupt`].
pub const APPROVAL: &str = "mcp_approval";

/// Methods that may answer `input_required` (`basic/patterns/mrtr.mdx`, "Supported Requests").
const RESUMABLE: &[&str] = &["tools/call", "prompts/get", "resources/read"];

/// How a call (or a resume) ended: the method's result, or an interrupt for the host.
#[derive(Debug, Clone, PartialEq)]
pub enum ResultOrInterrupt {
    /// The method's complete result, verbatim.
    Complete(Value),
    /// An [`Interrupt`] as JSON.
    Interrupt(Value),
}

/// A call paused for the host: `MCPInterrupt` in `pkg-template/index.d.ts`. The variant is
/// the `type`. Plain JSON, resumed by any adapter for `server.url`.
///
/// The JSON is built by hand where the interrupt is made, not through this type (see
/// docs/wasm-size.md). The unit tests parse every interrupt they see back into this
/// type and serialize it again, which must give the same JSON; `tests/contract.rs` compares
/// its fields and `type`s with the declarations.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum Interrupt {
    /// `"mcp_elicitation"`: the server needs a person.
    #[serde(rename = "mcp_elicitation")]
    Elicitation(ElicitationInterrupt),
    /// `"mcp_approval"`: the `approval` option gated a tool call.
    #[serde(rename = "mcp_approval")]
    Approval(ApprovalInterrupt),
    /// `"mcp_task"`: a tool call's task outlived the call's wait (see [`super::task`]).
    #[serde(rename = "mcp_task")]
    Task(super::task::TaskHandle),
}

/// The server needs a person before the call can finish (`resultType: "input_required"`
/// with `elicitation/create` input requests): `ElicitationInterrupt` in `index.d.ts`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ElicitationInterrupt {
    /// The tool being called (`params.name` of `tools/call`), or `null` for `prompts/get` /
    /// `resources/read`.
    pub tool_name: Value,
    /// The server the retry must go to.
    pub server: ServerRef,
    /// What to ask the person, one entry per `elicitation/create` input request.
    pub requests: Vec<ElicitationRequest>,
    /// `tools/call`, `prompts/get` or `resources/read`.
    pub method: String,
    /// The original params (without `inputResponses`, `requestState`, `_meta`), verbatim.
    pub params: Map<String, Value>,
    /// The server's `requestState`, byte for byte; no key when the server sent none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_state: Option<String>,
    /// This round's answers given in place (sampling, roots), sent with the person's; no key
    /// when there are none.
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub input_responses: Map<String, Value>,
    /// How many input-required rounds the call has taken (1 for the first); in the
    /// handshake era, how many questions the server has asked in this call.
    pub round: u32,
    /// Handshake era only (see [`super::pending`]): the revision the session speaks
    /// (`"2025-11-25"`, `"2025-06-18"`); no key in a 2026-07-28 interrupt.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol_version: Option<String>,
    /// Every answer the person gave earlier in this call, in order, replayed when the call
    /// has to be sent again (see [`pending::Given`]): in a 2026-07-28 interrupt those of
    /// earlier rounds (and any of this round a replay answered, which ride in
    /// `input_responses` too), no key before any; in the handshake era always there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answers: Option<Vec<GivenAnswer>>,
    /// Handshake era only: the call the adapter that made this interrupt holds open for the
    /// answer (meaningless to any other adapter, which replays the call).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub open_call: Option<u64>,
    /// When the questions are a task's (the Tasks extension, see [`super::task`]): the task,
    /// which the answers go to (`tasks/update`), not a retry of the call; `params` then holds
    /// only the tool's `name`. No key otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub task: Option<super::task::TaskState>,
    /// See [`ApprovalInterrupt::created_at`].
    pub created_at: String,
    /// See [`ApprovalInterrupt::signature`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signature: Option<String>,
}

/// An answer given earlier in a call: the question (an [`ElicitationRequest`] without `key`
/// and `defaults`) and the `ElicitResult` the server got.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GivenAnswer {
    /// What the server asked: `{message, mode, requested_schema}` or `{message, mode, url}`.
    pub request: Value,
    /// What it was told: `{action, content?}`.
    pub response: Value,
}

/// One thing a server asks a person for (an `elicitation/create` input request):
/// `ElicitationRequest` in `index.d.ts` (MCP 2026-07-28 `client/elicitation.mdx`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ElicitationRequest {
    /// The server's key of the input request; the answer goes under it.
    pub key: String,
    /// What to tell the person (`""` when the server sent none).
    pub message: String,
    /// Form or URL mode, with that mode's fields.
    #[serde(flatten)]
    pub mode: ElicitationMode,
}

/// The mode of an [`ElicitationRequest`], serialized as its `mode` key beside its fields.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "lowercase")]
pub enum ElicitationMode {
    /// `"form"` (also when the server named no mode).
    Form {
        /// The server's `requestedSchema`, verbatim (`{"type":"object","properties":{}}`
        /// when it sent none): a flat object of primitive fields.
        requested_schema: Value,
        /// The schema's `default`s by field, to prefill the form ([`form::defaults`]).
        defaults: Map<String, Value>,
    },
    /// `"url"`: the person must open `url` (the adapter never does).
    Url {
        /// The server's URL, verbatim.
        url: String,
    },
}

/// The `approval` option gated a tool call; nothing was sent yet: `ApprovalInterrupt` in
/// `index.d.ts`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ApprovalInterrupt {
    /// The tool the model called.
    pub tool_name: String,
    /// The call's arguments (`{}` when it had none).
    pub args: Value,
    /// The server the call goes to.
    pub server: ServerRef,
    /// The tool's `metadata` from the last `listTools()` (see
    /// [`super::tool::ToolMetadata`]), or `null` when it was not listed.
    pub metadata: Value,
    /// Always `"tools/call"`.
    pub method: String,
    /// What the person may answer, in LangChain's human-in-the-loop terms: a non-empty list
    /// of [`DECISIONS`] (all three unless the `approval` predicate returned
    /// `{ allowedDecisions }`). `resume()` refuses an answer outside it before anything is
    /// sent (in the JS layer, `pkg-template/signing.js`).
    pub allowed_decisions: Vec<String>,
    /// When the adapter made the interrupt, by the host's clock: an ISO 8601 date-time in UTC
    /// with milliseconds (`"2026-07-28T09:30:00.000Z"`, as JavaScript's `toISOString()` writes
    /// it; see [`crate::transport::Exchange::now_iso`]), so that a host can tell how long a
    /// person has taken (a server's `requestState` may expire meanwhile).
    pub created_at: String,
    /// `"v1.<base64url HMAC-SHA-256>"` over every other field, added by the JS layer
    /// (`pkg-template/signing.js`) when the adapter has an `interruptKey`, and checked by
    /// `resume()` there before the core sees the interrupt; no key without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signature: Option<String>,
}

/// The decisions an approval can take, in LangChain's human-in-the-loop terms: `approve`
/// sends the call as it is, `edit` sends it with the answer's `args`, `reject` sends nothing.
pub const DECISIONS: [&str; 3] = ["approve", "edit", "reject"];

/// The server an interrupt belongs to: its URL (checked on resume) and, as the server
/// described itself, `name` and `version` (`null` when unknown).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ServerRef {
    /// The adapter's target URL.
    pub url: String,
    /// `serverInfo.name`.
    pub name: Value,
    /// `serverInfo.version`.
    pub version: Value,
}

/// Where a call stands when a request of it is sent: this round's answers and the server's
/// `requestState` (none for the first request), the input-required rounds taken, and the
/// person's answers so far.
#[derive(Debug, Default)]
pub struct Retry {
    /// `inputResponses` to send.
    pub input_responses: Option<Map<String, Value>>,
    /// `requestState` to echo, byte for byte.
    pub request_state: Option<String>,
    /// Input-required rounds already taken.
    pub round: u32,
    /// `[{request, response}]` ([`GivenAnswer`]): every answer the person gave in this call,
    /// this round's last, for a replay when the server refuses `request_state`.
    pub answers: Vec<Value>,
}

/// `{url, name, version}` of the client's server (see [`ServerRef`]).
pub(crate) fn server_ref(client: &Client) -> Value {
    let info = client
        .server()
        .map(|s| s.server_info.clone())
        .unwrap_or(Value::Null);
    obj! {
        "url": client.target().as_str(),
        "name": info.get("name").cloned().unwrap_or(Value::Null),
        "version": info.get("version").cloned().unwrap_or(Value::Null),
    }
}

/// The `created_at` of an interrupt made now (see [`ApprovalInterrupt::created_at`]).
fn created_now(client: &Client) -> Value {
    Value::String(client.exchange().now_iso())
}

fn invalid(message: impl Into<String>) -> Error {
    Error::new(ErrorCode::InvalidArgument, message)
}

/// Sends `method` with `params` and drives input-required rounds until a result or an
/// interrupt. `retry` says where the call stands (nothing yet for a first request). A first
/// request to a server that may speak the handshake era goes through [`pending::call`], so
/// that a question asked in the middle of the call becomes an interrupt too; `pending` holds
/// such calls open.
///
/// A resume whose `requestState` the server refuses as expired or unknown ([`state_refused`]:
/// it lives ten minutes in FastMCP, and a restarted server no longer has the key it was
/// sealed with) is replayed: the call is sent again as at first (neither `inputResponses`
/// nor `requestState`), and each question the server asks again is answered from the
/// person's answers given so far, in order, under the key the server gives it now, when it is
/// the same question ([`Given`], as in the handshake era); a question that changed becomes a
/// new interrupt. Answers given in place (sampling, roots) are asked of their handlers again.
///
/// # Errors
///
/// [`ErrorCode::AnswersUndelivered`] when the person's answers cannot reach the server: a
/// resume refused with another `-32602` (the answers themselves), a replay refused again or
/// past `maxRounds` before it told them all. [`ErrorCode::TooManyRounds`] past
/// `config.max_rounds`; [`ErrorCode::MissingClientCapability`] when the server asks for
/// sampling or roots the host gave no handler for (or answers `-32021`);
/// [`ErrorCode::InvalidMessage`] for a malformed `InputRequiredResult`; the request's own
/// errors.
pub async fn run(
    client: &Rc<Client>,
    pending: &PendingCalls,
    method: &str,
    params: Map<String, Value>,
    retry: Retry,
    opts: &RequestOptions,
) -> Result<ResultOrInterrupt> {
    let Retry {
        input_responses,
        request_state,
        round,
        answers,
    } = retry;
    let first = input_responses.is_none() && request_state.is_none();
    let mut params = params;
    if first && method == "tools/call" && client.runs_as_task(&params, opts) {
        // a handshake-era tool that runs as a task (MCP 2025-11-25 `basic/utilities/tasks.mdx`,
        // "Creating Tasks"): the call with `task: {ttl}`
        let ttl = obj! {"ttl": crate::client::tools::TASK_TTL_MS};
        crate::put(&mut params, "task", ttl);
    }
    if first && pending::bridges(client, opts).await? {
        // a handshake-era server asks in the middle of the call: see `pending`
        return pending::call(client, pending, method, params, opts).await;
    }
    let (next, given) = (
        Next::Send(input_responses, request_state),
        Given::told(answers),
    );
    continue_from(client, pending, method, params, (next, round, given), opts).await
}

/// Whether `err` refuses the `requestState` a request carried: expired, sealed by another
/// process (a server that restarted, another replica) or altered. MCP 2026-07-28
/// (`basic/patterns/mrtr.mdx`) has a server reject a state that fails its checks and bound
/// its lifetime, but names no error for it; the Python SDK (FastMCP) and the TypeScript SDK
/// both answer `-32602` "Invalid or expired requestState" (with `data.reason:
/// "invalid_request_state"`), one answer for all of those causes (by design they cannot be
/// told apart). So: a `-32602` whose message names `requestState`. Any other `-32602` to a
/// resume is about the answers themselves, which a replay would not mend.
fn state_refused(err: &Error) -> bool {
    let Some(rpc) = err.rpc.as_ref().filter(|r| r.code == codes::INVALID_PARAMS) else {
        return false;
    };
    rpc.message
        .as_bytes()
        .windows(12)
        .any(|w| w == b"requestState")
}

/// `err` as [`ErrorCode::AnswersUndelivered`]: the person's answers did not reach the server.
fn undelivered(mut err: Error) -> Error {
    err.code = ErrorCode::AnswersUndelivered;
    err.message = format!(
        "the person's answers could not be delivered: {}",
        err.message
    );
    err
}

/// Fails a call of `method` that has taken `round` rounds (or, in the handshake era,
/// questions) when that is past `maxRounds`: [`ErrorCode::TooManyRounds`], or
/// [`ErrorCode::AnswersUndelivered`] while `given` answers remain to be told.
pub(crate) fn check_rounds(client: &Client, method: &str, round: u32, given: &Given) -> Result<()> {
    let max = client.config().max_rounds;
    if round <= max {
        return Ok(());
    }
    let err = Error::new(
        ErrorCode::TooManyRounds,
        format!("{method} still needed input after {max} rounds (maxRounds)"),
    );
    Err(if given.replaying() {
        undelivered(err)
    } else {
        err
    })
}

/// One request of the call: the original params plus this round's answers and state.
async fn send(
    client: &Client,
    method: &str,
    params: &Map<String, Value>,
    input_responses: Option<Map<String, Value>>,
    request_state: Option<String>,
    opts: &RequestOptions,
) -> Result<crate::client::Outcome> {
    // the call's params, copied only to carry this round's answers and state (a first request
    // sends them as they are, its arguments never copied)
    let mut sent = std::borrow::Cow::Borrowed(params);
    if let Some(responses) = input_responses {
        crate::put(sent.to_mut(), "inputResponses", Value::Object(responses));
    }
    if let Some(state) = request_state {
        crate::put(sent.to_mut(), "requestState", Value::String(state));
    }
    client
        .request(method, Some(&sent), opts)
        .await
        .map_err(missing_capability)
}

/// Where [`continue_from`] picks a call up.
pub enum Next {
    /// What the server answered to the call's last request.
    Answered(Result<crate::client::Outcome>),
    /// The request to send next: the call with these `inputResponses` and `requestState`.
    Send(Option<Map<String, Value>>, Option<String>),
}

/// Like [`run`], from `next` (an answer already received for `params`, so that a first
/// `input_required` answer is not asked for twice), after `round` rounds, in a call `given`
/// the person's answers so far (to be told again when it is a replay).
///
/// # Errors
///
/// Those of [`run`].
pub async fn continue_from(
    client: &Rc<Client>,
    pending: &PendingCalls,
    method: &str,
    params: Map<String, Value>,
    (mut next, mut round, mut given): (Next, u32, Given),
    opts: &RequestOptions,
) -> Result<ResultOrInterrupt> {
    let mut replayed = false;
    // requests of the call sent before this loop's next one (see `keyed`)
    let mut sent = u32::from(matches!(next, Next::Answered(_)));
    loop {
        let (responses, state) = match next {
            Next::Send(responses, state) => (responses, state),
            // a refusal once the person has answered: of their answers, or of the state
            // that carries them
            Next::Answered(Err(e))
                if !given.list.is_empty() && e.rpc_code() == Some(codes::INVALID_PARAMS) =>
            {
                if replayed || !state_refused(&e) {
                    return Err(undelivered(e));
                }
                // sent again from the start, to be told the person's answers again
                (replayed, given.told, round) = (true, 0, 0);
                (None, None)
            }
            Next::Answered(sent) => {
                let outcome = sent?;
                match outcome.kind {
                    ResultType::Complete => return Ok(ResultOrInterrupt::Complete(outcome.result)),
                    // the rounds before a task have keys of their own (the Tasks extension; a
                    // handshake-era task too, see `Client::request_handshake`)
                    ResultType::Task => {
                        let task = super::task::created(client, &params, &outcome.result);
                        let get = super::task::Step::Get;
                        return super::task::follow(client, pending, task, round, get, opts).await;
                    }
                    ResultType::InputRequired => {}
                }
                round += 1;
                check_rounds(client, method, round, &given)?;
                let result = outcome.result;
                let request_state = match result.get("requestState") {
                    None | Some(Value::Null) => None,
                    Some(Value::String(s)) => Some(s.clone()),
                    Some(_) => {
                        return Err(Error::new(
                            ErrorCode::InvalidMessage,
                            "requestState is not a string",
                        ))
                    }
                };
                let requests = input_requests(&result)?;
                if requests.is_empty() && request_state.is_none() {
                    return Err(Error::new(
                        ErrorCode::InvalidMessage,
                        "an input_required result with neither inputRequests nor requestState",
                    ));
                }
                let (answered, people) = questions(client, requests, &mut given, opts).await?;
                if people.is_empty() {
                    // (one request of the call's, below: see docs/wasm-size.md)
                    ((!answered.is_empty()).then_some(answered), request_state)
                } else {
                    let mut interrupt =
                        elicitation_interrupt(client, method, params, people, round);
                    if let Some(state) = request_state {
                        interrupt["request_state"] = Value::String(state);
                    }
                    if !answered.is_empty() {
                        interrupt["input_responses"] = Value::Object(answered);
                    }
                    if !given.list.is_empty() {
                        interrupt["answers"] = Value::Array(given.list);
                    }
                    return Ok(ResultOrInterrupt::Interrupt(interrupt));
                }
            }
        };
        let each = keyed(opts, sent);
        sent += 1;
        next = Next::Answered(send(client, method, &params, responses, state, &each).await);
    }
}

/// `opts` for the request of a call sent after `sent` others: the call's idempotency key as
/// given on its first request, `<key>.<sent>` on each later one (an answer given in place, a
/// replay's call and answers), so that a server deduplicating on the key never answers a
/// later request with an earlier one's result (its `input_required`), and a run sent again
/// the same way carries the same keys.
fn keyed(opts: &RequestOptions, sent: u32) -> RequestOptions {
    let mut each = opts.clone();
    if let (Some(key), 1..) = (&opts.idempotency_key, sent) {
        each.idempotency_key = Some(format!("{key}.{sent}"));
    }
    each
}

/// The `inputRequests` of a result (`InputRequiredResult`, or an `input_required` task):
/// an empty map when absent or `null`.
///
/// # Errors
///
/// [`ErrorCode::InvalidMessage`] when it is not an object.
pub(crate) fn input_requests(result: &Value) -> Result<Map<String, Value>> {
    match result.get("inputRequests") {
        None | Some(Value::Null) => Ok(Map::new()),
        Some(Value::Object(o)) => Ok(o.clone()),
        Some(_) => Err(Error::new(
            ErrorCode::InvalidMessage,
            "inputRequests is not an object",
        )),
    }
}

/// Answers what it can of `requests` (an `inputRequests` map, MCP 2026-07-28
/// `basic/patterns/mrtr.mdx`) in place: sampling and roots by the host's handlers, an
/// elicitation by `onElicitation`, or from `given` (a replay, told the person's answer to this
/// very question). Returns those answers by key, and the entries of the questions left for a
/// person ([`request_entry`]).
///
/// # Errors
///
/// [`ErrorCode::MissingClientCapability`] for sampling or roots without a handler;
/// [`ErrorCode::InvalidMessage`] for an unknown method or a malformed elicitation; what a
/// handler fails with.
pub(crate) async fn questions(
    client: &Client,
    requests: Map<String, Value>,
    given: &mut Given,
    opts: &RequestOptions,
) -> Result<(Map<String, Value>, Vec<Value>)> {
    let mut answered = Map::new();
    let mut people = Vec::new();
    for (key, request) in requests {
        let kind = request.get("method").and_then(Value::as_str);
        let handler = match kind {
            Some("elicitation/create") => match &client.config().on_elicitation {
                // the host's handler answers in place, in this era too
                Some(handler) => handler,
                None => {
                    let question = keyed_question(&key, &request)?;
                    // a replay: the person's answer to this very question goes again
                    match given.answer(&question) {
                        Some(response) => drop(answered.insert(key, response)),
                        None => people.push(request_entry(&key, question)),
                    }
                    continue;
                }
            },
            Some(kind @ ("sampling/createMessage" | "roots/list")) => {
                let roots = kind == "roots/list";
                let given = match roots {
                    true => &client.config().roots,
                    false => &client.config().on_sampling,
                };
                let Some(handler) = given else {
                    let (cap, option) = match roots {
                        true => ("roots", "roots"),
                        false => ("sampling", "onSampling"),
                    };
                    return Err(Error::new(
                            ErrorCode::MissingClientCapability,
                            format!("the server asked for {kind} (input {}), but no {option} handler was given, so the {cap} capability was not declared", crate::quoted(&key)),
                        ));
                };
                handler
            }
            other => {
                return Err(Error::new(
                    ErrorCode::InvalidMessage,
                    format!(
                        "input request {} has an unknown method {}",
                        crate::quoted(&key),
                        crate::quoted(other.unwrap_or("(none)"))
                    ),
                ))
            }
        };
        // one wait on the host's handlers (see docs/wasm-size.md)
        let params = request.get("params").cloned().unwrap_or(Value::Null);
        let answer = handler(params.clone(), opts.context.as_ref()).await?;
        // an elicitation's defaults (sampling and roots results pass unchanged)
        let answer = with_schema_defaults(answer, params.get("requestedSchema"));
        answered.insert(key, answer);
    }
    Ok((answered, people))
}

/// `-32021` (missing required client capability) as a typed error naming what is missing.
pub(crate) fn missing_capability(mut err: Error) -> Error {
    if err.rpc_code() != Some(crate::protocol::codes::MISSING_CLIENT_CAPABILITY) {
        return err;
    }
    let needed = err
        .rpc
        .as_ref()
        .and_then(|r| r.data.as_ref())
        .and_then(|d| d.get("requiredCapabilities"))
        .cloned()
        .unwrap_or(Value::Null);
    let needed = crate::json_text(&needed);
    // the adapter declares the Tasks extension unless its `tasks` option turns it off
    let tasks = crate::protocol::meta::TASKS_EXTENSION.as_bytes();
    let off = match needed.as_bytes().windows(tasks.len()).any(|w| w == tasks) {
        true => "; a tool that must run as a task needs the adapter's tasks option, which is false",
        false => "",
    };
    err.code = ErrorCode::MissingClientCapability;
    err.message = format!(
        "the server requires client capabilities {needed} that were not declared ({}){off}",
        err.message
    );
    err
}

/// An [`ElicitationInterrupt`] (as JSON) asking `requests` in a call of `method` with
/// `params`, after `round` rounds; the caller adds the era's own fields.
pub(crate) fn elicitation_interrupt(
    client: &Client,
    method: &str,
    params: Map<String, Value>,
    requests: Vec<Value>,
    round: u32,
) -> Value {
    let tool_name = match method {
        "tools/call" => params.get("name").cloned().unwrap_or(Value::Null),
        _ => Value::Null,
    };
    obj! {
        "type": ELICITATION,
        "tool_name": tool_name,
        "server": server_ref(client),
        "requests": requests,
        "method": method,
        "params": Value::Object(params),
        "round": round,
        "created_at": created_now(client),
    }
}

/// What an `elicitation/create` request (its `params`) asks, keyless: `{message, mode:
/// "form", requested_schema}` or `{message, mode: "url", url}` (MCP 2026-07-28
/// `client/elicitation.mdx`). Two questions are the same question when these are equal.
///
/// # Errors
///
/// [`ErrorCode::InvalidMessage`]: a URL request without `url` or whose `url` is not an
/// `http(s)` URL, an unknown mode.
pub(crate) fn elicitation_question(params: &Value) -> Result<Value> {
    let message = params
        .get("message")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    match params.get("mode").and_then(Value::as_str) {
        Some("url") => {
            let url = params.get("url").and_then(Value::as_str).ok_or_else(|| {
                Error::new(ErrorCode::InvalidMessage, "a URL elicitation has no url")
            })?;
            // a web page is what a person is asked to open: a `javascript:` or `data:` URL
            // would run in the host's page, a `file:` one show its disk
            let starts = |p: &str| {
                url.get(..p.len())
                    .is_some_and(|s| s.eq_ignore_ascii_case(p))
            };
            if !starts("https://") && !starts("http://") {
                return Err(Error::new(
                    ErrorCode::InvalidMessage,
                    "a URL elicitation's url is not an http(s) URL",
                ));
            }
            Ok(obj! {"message": message, "mode": "url", "url": url})
        }
        None | Some("form") => {
            let schema = params
                .get("requestedSchema")
                .cloned()
                .unwrap_or_else(|| obj! {"type": "object", "properties": obj! {}});
            Ok(obj! {"message": message, "mode": "form", "requested_schema": schema})
        }
        Some(other) => Err(Error::new(
            ErrorCode::InvalidMessage,
            format!(
                "an elicitation has an unknown mode {}",
                crate::quoted(other)
            ),
        )),
    }
}

/// An entry of `requests` (an [`ElicitationRequest`]): `question` (see
/// [`elicitation_question`]) under `key`, with the form's `defaults`.
pub(crate) fn request_entry(key: &str, mut question: Value) -> Value {
    if let Some(fields) = question.as_object_mut() {
        crate::put(fields, "key", Value::from(key));
        if let Some(schema) = fields.get("requested_schema") {
            let defaults = Value::Object(form::defaults(schema));
            crate::put(fields, "defaults", defaults);
        }
    }
    question
}

/// What the `elicitation/create` input request under `key` asks ([`elicitation_question`]).
fn keyed_question(key: &str, request: &Value) -> Result<Value> {
    let params = request.get("params").cloned().unwrap_or(Value::Null);
    elicitation_question(&params).map_err(|e| {
        Error::new(
            e.code,
            format!("input request {}: {}", crate::quoted(key), e.message),
        )
    })
}

/// What a host says to an interrupt.
fn field<'a>(value: &'a Value, key: &str) -> Option<&'a Value> {
    value.get(key).filter(|v| !v.is_null())
}

/// Checks that `interrupt` belongs to this client's server: its `server.url` must be the
/// client's URL, so that one server's `requestState` is never sent to another.
pub(crate) fn check_server(client: &Client, interrupt: &Value) -> Result<()> {
    let url = interrupt
        .get("server")
        .and_then(|s| s.get("url"))
        .and_then(Value::as_str);
    if url != Some(client.target().as_str()) {
        return Err(invalid(format!(
            "this interrupt came from {}; resume it with an adapter for that URL (this one is {})",
            crate::quoted(url.unwrap_or("(unknown)")),
            crate::quoted(client.target().as_str())
        )));
    }
    Ok(())
}

/// Resumes an `mcp_elicitation` interrupt with the host's `responses`
/// (`{[key]: {action: "accept", content?} | {action: "decline"} | {action: "cancel"}}`).
///
/// # Errors
///
/// Before anything is sent, [`ErrorCode::InvalidArgument`]: a malformed interrupt,
/// one from another server, missing or extra keys, an unknown action, form content that
/// breaks the requested schema (types, enums, required, min/max); then, once the era is
/// settled, an interrupt asked in the other era than the one the adapter speaks
/// ([`RequestOptions::era`]). Then those of [`run`].
/// With [`RequestOptions::check_only`], nothing is sent: the answer checked, it resolves to
/// `Complete(null)`.
pub async fn resume_elicitation(
    client: &Rc<Client>,
    pending: &PendingCalls,
    interrupt: &Value,
    responses: &Value,
    opts: &RequestOptions,
) -> Result<ResultOrInterrupt> {
    check_server(client, interrupt)?;
    let method = interrupt
        .get("method")
        .and_then(Value::as_str)
        .filter(|m| RESUMABLE.contains(m))
        .ok_or_else(|| {
            invalid("interrupt.method must be tools/call, prompts/get or resources/read")
        })?;
    let params = interrupt
        .get("params")
        .and_then(Value::as_object)
        .cloned()
        .ok_or_else(|| invalid("interrupt.params must be an object"))?;
    let round = interrupt
        .get("round")
        .and_then(Value::as_u64)
        .ok_or_else(|| invalid("interrupt.round must be a number"))? as u32;
    let request_state = match field(interrupt, "request_state") {
        None => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(_) => return Err(invalid("interrupt.request_state must be a string")),
    };
    let requests = interrupt
        .get("requests")
        .and_then(Value::as_array)
        .ok_or_else(|| invalid("interrupt.requests must be an array"))?;
    let responses = responses
        .as_object()
        .ok_or_else(|| invalid("responses must be an object keyed by request key"))?;
    let mut input_responses = match field(interrupt, "input_responses") {
        None => Map::new(),
        Some(Value::Object(o)) => o.clone(),
        Some(_) => return Err(invalid("interrupt.input_responses must be an object")),
    };
    let mut answers = pending::given_answers(interrupt)?;
    // a task's questions: the answers go to the task (`tasks/update`), some of them at a time
    let task = match field(interrupt, "task") {
        Some(_) => Some(super::task::Task::of(client, interrupt)?),
        None => None,
    };
    // plain loops, not collects (see docs/wasm-size.md)
    let mut keys = Vec::new();
    for request in requests {
        if let Some(key) = request.get("key").and_then(Value::as_str) {
            keys.push(key);
        }
    }
    let mut missing = Vec::new();
    for key in &keys {
        if !responses.contains_key(*key) {
            missing.push(*key);
        }
    }
    let mut extra = Vec::new();
    for key in responses.keys() {
        if !keys.contains(&key.as_str()) {
            extra.push(key.as_str());
        }
    }
    let partial = task.is_some() && !responses.is_empty();
    if (!missing.is_empty() && !partial) || !extra.is_empty() {
        let some = match task {
            Some(_) => "some of",
            None => "exactly",
        };
        return Err(invalid(format!(
            "responses must answer {some} the keys {} (missing {}, unknown {})",
            crate::quoted_list(&keys),
            crate::quoted_list(&missing),
            crate::quoted_list(&extra)
        )));
    }
    let legacy = pending::is_handshake_interrupt(interrupt);
    let mut asked = None;
    for request in requests {
        let key = request
            .get("key")
            .and_then(Value::as_str)
            .ok_or_else(|| invalid("every entry of interrupt.requests needs a string key"))?;
        // (a task's question left for later)
        let Some(answer) = responses.get(key) else {
            continue;
        };
        let action = answer.get("action").and_then(Value::as_str).unwrap_or("");
        let response = match (action, request.get("mode").and_then(Value::as_str)) {
            ("accept", Some("url")) => obj! {"action": "accept"},
            ("accept", _) => {
                let content = field(answer, "content").cloned().unwrap_or_else(|| obj! {});
                let problems = form::check_content(
                    request.get("requested_schema").unwrap_or(&Value::Null),
                    &content,
                );
                if !problems.is_empty() {
                    // joined by hand (see docs/wasm-size.md)
                    let mut message = format!(
                        "the answer to {} does not fit its form: ",
                        crate::quoted(key)
                    );
                    for (i, problem) in problems.iter().enumerate() {
                        if i > 0 {
                            message.push_str("; ");
                        }
                        message.push_str(problem);
                    }
                    return Err(invalid(message));
                }
                obj! {"action": "accept", "content": content}
            }
            ("decline" | "cancel", _) => obj! {"action": action},
            _ => {
                return Err(invalid(format!(
                    "the answer to {} needs action \"accept\", \"decline\" or \"cancel\"",
                    crate::quoted(key)
                )))
            }
        };
        let question = pending::question_of(request);
        if legacy {
            // one question per interrupt in that era: answered on the held call, or by replay
            // (a task's: its tasks/result, see `super::task`)
            asked = Some((question, response));
            break;
        }
        answers.push(obj! {"request": question, "response": response.clone()});
        input_responses.insert(key.to_string(), response);
    }
    if opts.check_only {
        return Ok(checked());
    }
    let open = interrupt.get("open_call").and_then(Value::as_u64);
    if let Some(task) = task {
        let step = match asked {
            Some(answer) => super::task::Step::Answer(open, answers, answer),
            None => super::task::Step::Update(input_responses),
        };
        return super::task::follow(client, pending, Ok(task), round, step, opts).await;
    }
    // refused over a connection of the other era, before the call is sent
    let opts = &RequestOptions {
        era: Some(legacy),
        ..opts.clone()
    };
    if let Some(answer) = asked {
        let call = (method, params, answers);
        return pending::resume(client, pending, open, call, Some(answer), opts).await;
    }
    let retry = Retry {
        input_responses: Some(input_responses),
        request_state,
        round,
        answers,
    };
    run(client, pending, method, params, retry, opts).await
}

/// What a resume with [`RequestOptions::check_only`] gives once the answer passed every
/// check: nothing was sent.
fn checked() -> ResultOrInterrupt {
    ResultOrInterrupt::Complete(Value::Null)
}

/// The [`ApprovalInterrupt`], as JSON, for a call of tool `name` with `args` (`null` for
/// none) that the host's policy gated; `metadata` is the tool's, or `null`; `allowed` is
/// what [`allowed_decisions`] made of the policy's verdict.
#[must_use]
pub fn approval_interrupt(
    client: &Client,
    name: &str,
    args: &Value,
    metadata: &Value,
    allowed: Value,
) -> Value {
    obj! {
        "type": APPROVAL,
        "tool_name": name,
        "args": if args.is_null() { obj! {} } else { args.clone() },
        "server": server_ref(client),
        "metadata": metadata.clone(),
        "method": "tools/call",
        "allowed_decisions": allowed,
        "created_at": created_now(client),
    }
}

/// The `allowed_decisions` of an approval from the `allowedDecisions` of the `approval`
/// predicate's verdict (`null` when it returned `true` or gave none): every one of
/// [`DECISIONS`] by default, else the given list.
///
/// # Errors
///
/// [`ErrorCode::InvalidArgument`] for anything but a non-empty array of [`DECISIONS`].
pub fn allowed_decisions(given: Value) -> Result<Value> {
    let known = |d: &Value| d.as_str().is_some_and(|d| DECISIONS.contains(&d));
    match given {
        Value::Null => Ok(Value::Array(vec![
            Value::from(DECISIONS[0]),
            Value::from(DECISIONS[1]),
            Value::from(DECISIONS[2]),
        ])),
        Value::Array(list) if !list.is_empty() && list.iter().all(known) => Ok(Value::Array(list)),
        _ => Err(invalid(
            "allowedDecisions must be a non-empty array of \"approve\", \"edit\", \"reject\"",
        )),
    }
}

/// What a rejected call returns: an MCP `CallToolResult` with `isError`, so the agent sees
/// the refusal as a tool error it can react to.
pub fn rejected_result(name: &str, reason: Option<&str>) -> Value {
    let mut text = format!("The user rejected the call of tool {name}");
    match reason {
        Some(r) if !r.is_empty() => {
            text.push_str(": ");
            text.push_str(r);
        }
        _ => text.push('.'),
    }
    obj! {"content": vec![obj! {"type": "text", "text": text}], "isError": true}
}

/// Resumes an `mcp_approval` interrupt with `{decision: "approve" | "edit" | "reject", args?,
/// message?}`: approve and edit send the call, with the answer's `args` when given (an edit
/// needs them; either may itself end in an elicitation interrupt); reject returns
/// [`rejected_result`] without sending anything. Whether the decision is one of the
/// interrupt's `allowed_decisions`, and whether edited `args` fit the tool's `inputSchema`,
/// `resume()` checks in the JS layer before this runs (`pkg-template/signing.js`).
///
/// # Errors
///
/// Before anything is sent, [`ErrorCode::InvalidArgument`]: a malformed interrupt, one from
/// another server, an unknown decision, an edit without `args`, `args` that are not an
/// object. Then those of [`run`].
pub async fn resume_approval(
    client: &Rc<Client>,
    pending: &PendingCalls,
    interrupt: &Value,
    answer: &Value,
    opts: &RequestOptions,
) -> Result<ResultOrInterrupt> {
    check_server(client, interrupt)?;
    let name = interrupt
        .get("tool_name")
        .and_then(Value::as_str)
        .ok_or_else(|| invalid("interrupt.tool_name must be a string"))?;
    let decision = answer.get("decision").and_then(Value::as_str);
    match decision {
        Some("reject") => Ok(ResultOrInterrupt::Complete(rejected_result(
            name,
            answer.get("message").and_then(Value::as_str),
        ))),
        Some("approve" | "edit") => {
            let args = match field(answer, "args") {
                Some(args) => args.clone(),
                None if decision == Some("edit") => {
                    return Err(invalid("an edit needs the edited args"))
                }
                None => field(interrupt, "args").cloned().unwrap_or_else(|| obj! {}),
            };
            let args = args
                .as_object()
                .cloned()
                .ok_or_else(|| invalid("args must be an object"))?;
            if opts.check_only {
                return Ok(checked());
            }
            let mut params = Map::new();
            crate::put(&mut params, "name", Value::String(name.to_string()));
            crate::put(&mut params, "arguments", Value::Object(args));
            run(
                client,
                pending,
                "tools/call",
                params,
                Retry::default(),
                opts,
            )
            .await
        }
        _ => Err(invalid(
            "the answer to an approval needs decision \"approve\", \"edit\" or \"reject\"",
        )),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::client::scripted::{json_reply, Scripted};
    use crate::client::{ClientConfig, HostHandler};
    use crate::protocol::meta::IDEMPOTENCY_KEY;
    use futures_executor::block_on;
    use futures_util::FutureExt;
    use serde_json::json;
    use std::any::Any;
    use std::rc::Rc;

    /// `interrupt` parsed into [`Interrupt`], after checking that the type serializes back to
    /// exactly the same JSON (no field missing, extra or renamed).
    pub(crate) fn typed(interrupt: &Value) -> Interrupt {
        let parsed: Interrupt = serde_json::from_value(interrupt.clone())
            .unwrap_or_else(|e| panic!("{e}: {interrupt}"));
        assert_eq!(serde_json::to_value(&parsed).unwrap(), *interrupt);
        parsed
    }

    /// `run` of a first `tools/call` with `params`, default options, a fresh held-call table.
    fn call(client: &Rc<Client>, params: Map<String, Value>) -> Result<ResultOrInterrupt> {
        let (pending, opts) = (PendingCalls::default(), RequestOptions::default());
        block_on(run(
            client,
            &pending,
            "tools/call",
            params,
            Retry::default(),
            &opts,
        ))
    }

    /// `resume_elicitation` with default options and a fresh held-call table.
    fn resume(
        client: &Rc<Client>,
        interrupt: &Value,
        responses: &Value,
    ) -> Result<ResultOrInterrupt> {
        let (pending, opts) = (PendingCalls::default(), RequestOptions::default());
        block_on(resume_elicitation(
            client, &pending, interrupt, responses, &opts,
        ))
    }

    fn call_params(name: &str) -> Map<String, Value> {
        json!({"name": name, "arguments": {"action": "wipe"}})
            .as_object()
            .cloned()
            .unwrap()
    }

    fn input_required(requests: Value, state: Option<&str>) -> Value {
        let mut result = json!({"resultType": "input_required", "inputRequests": requests});
        if let Some(s) = state {
            result["requestState"] = json!(s);
        }
        json!({"jsonrpc": "2.0", "id": 1, "result": result})
    }

    fn confirm_request() -> Value {
        json!({"confirm": {"method": "elicitation/create", "params": {"message": "Really?", "requestedSchema": {"type": "object", "properties": {"confirmed": {"type": "boolean", "default": false}}, "required": ["confirmed"]}}}})
    }

    /// A client whose server answered its first call of `c` with [`confirm_request`] (no
    /// `requestState`), the script, and that call's interrupt.
    fn asked() -> (Rc<Client>, Rc<Scripted>, Value) {
        let (client, script) = Scripted::client();
        script.push_discover();
        script.push(json_reply(200, input_required(confirm_request(), None)));
        let ResultOrInterrupt::Interrupt(interrupt) = call(&client, call_params("c")).unwrap()
        else {
            panic!("expected an interrupt")
        };
        (client, script, interrupt)
    }

    fn done() -> Value {
        json!({"jsonrpc": "2.0", "id": 1, "result": {"resultType": "complete", "content": [{"type": "text", "text": "ok"}]}})
    }

    #[test]
    fn elicitation_becomes_a_json_interrupt_and_resumes_with_exact_state() {
        let (client, script) = Scripted::client();
        script.push_discover();
        script.push(json_reply(
            200,
            input_required(confirm_request(), Some("v1.\u{e9}t\"at==")),
        ));
        script.push(json_reply(200, done()));
        let step = call(&client, call_params("confirm_action")).unwrap();
        let ResultOrInterrupt::Interrupt(interrupt) = step else {
            panic!("expected an interrupt")
        };
        typed(&interrupt);
        assert_eq!(interrupt["type"], "mcp_elicitation");
        assert_eq!(interrupt["tool_name"], "confirm_action");
        assert_eq!(
            interrupt["server"],
            json!({"url": "http://127.0.0.1:1/mcp", "name": "scripted", "version": "1.0"})
        );
        assert_eq!(
            interrupt["requests"],
            json!([{"key": "confirm", "message": "Really?", "mode": "form", "requested_schema": confirm_request()["confirm"]["params"]["requestedSchema"], "defaults": {"confirmed": false}}])
        );
        assert_eq!(interrupt["round"], 1);
        // a JSON round trip resumes exactly as well
        let interrupt: Value = serde_json::from_str(&interrupt.to_string()).unwrap();
        let responses = json!({"confirm": {"action": "accept", "content": {"confirmed": true}}});
        let step = resume(&client, &interrupt, &responses).unwrap();
        assert!(matches!(step, ResultOrInterrupt::Complete(_)));
        let sent = script.sent();
        let (first, retry) = (&sent[1].body, &sent[2].body);
        assert_ne!(first["id"], retry["id"]);
        assert_eq!(retry["params"]["requestState"], "v1.\u{e9}t\"at==");
        assert_eq!(
            retry["params"]["inputResponses"],
            json!({"confirm": {"action": "accept", "content": {"confirmed": true}}})
        );
        assert_eq!(retry["params"]["arguments"], first["params"]["arguments"]);
        assert_eq!(sent[2].header("Mcp-Name"), Some("confirm_action"));
        assert!(first["params"].get("inputResponses").is_none());
    }

    /// `check_only` runs every check of a resume and sends nothing, in both eras' shapes and
    /// for approvals: `validateAnswer` refuses what `resume` would, and accepts what it would.
    #[test]
    fn a_check_only_resume_checks_the_answer_and_sends_nothing() {
        let (client, script, interrupt) = asked();
        let sent = script.sent().len();
        let (pending, opts) = (
            PendingCalls::default(),
            RequestOptions {
                check_only: true,
                ..RequestOptions::default()
            },
        );
        let check = |interrupt: &Value, responses: Value| {
            block_on(resume_elicitation(
                &client, &pending, interrupt, &responses, &opts,
            ))
        };
        let bad = json!({"confirm": {"action": "accept", "content": {"confirm": true}}});
        let err = check(&interrupt, bad).unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidArgument);
        assert!(
            err.message.contains("confirmed is required"),
            "{}",
            err.message
        );
        let good = json!({"confirm": {"action": "accept", "content": {"confirmed": true}}});
        assert_eq!(check(&interrupt, good.clone()).unwrap(), checked());
        let mut held = interrupt.clone();
        held["protocol_version"] = json!("2025-11-25");
        held["requests"][0]["key"] = json!("elicitation");
        let answer = json!({"elicitation": {"action": "accept", "content": {"confirmed": true}}});
        assert_eq!(check(&held, answer).unwrap(), checked());
        let approval = json!({"type": "mcp_approval", "tool_name": "t", "args": {}, "server": interrupt["server"]});
        let approve = |answer: Value| {
            block_on(resume_approval(
                &client, &pending, &approval, &answer, &opts,
            ))
        };
        assert_eq!(approve(json!({"decision": "approve"})).unwrap(), checked());
        assert!(approve(json!({"decision": "edit"})).is_err());
        assert_eq!(script.sent().len(), sent, "nothing was sent");
    }

    #[test]
    fn every_interrupt_carries_the_time_it_was_made() {
        let (client, script) = Scripted::client();
        *script.iso_clock.borrow_mut() = "2026-07-28T09:30:00.123Z".into();
        let approval = approval_interrupt(&client, "t", &Value::Null, &Value::Null, json!([]));
        assert_eq!(approval["created_at"], "2026-07-28T09:30:00.123Z");
        script.push_discover();
        script.push(json_reply(200, input_required(confirm_request(), None)));
        let ResultOrInterrupt::Interrupt(asked) = call(&client, call_params("c")).unwrap() else {
            panic!("expected an interrupt")
        };
        assert_eq!(asked["created_at"], "2026-07-28T09:30:00.123Z");
    }

    #[test]
    fn bad_answers_are_refused_before_sending() {
        let (client, script, interrupt) = asked();
        typed(&interrupt);
        for responses in [
            json!({}),
            json!({"confirm": {"action": "accept"}, "other": {"action": "decline"}}),
            json!({"confirm": {"action": "maybe"}}),
            json!({"confirm": {"action": "accept", "content": {"confirmed": "yes"}}}),
            json!({"confirm": {"action": "accept", "content": {}}}),
        ] {
            let err = resume(&client, &interrupt, &responses).unwrap_err();
            assert_eq!(err.code, ErrorCode::InvalidArgument, "{responses}");
        }
        let mut keyless = interrupt.clone();
        keyless["requests"] = json!([{"message": "no key"}]);
        let err = resume(&client, &keyless, &json!({"": {"action": "decline"}})).unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidArgument);
        for broken in [
            json!({}),
            json!({"type": "mcp_elicitation"}),
            json!([]),
            json!("x"),
        ] {
            assert_eq!(
                resume(&client, &broken, &json!({})).unwrap_err().code,
                ErrorCode::InvalidArgument
            );
        }
        let mut foreign = interrupt.clone();
        foreign["server"]["url"] = json!("http://evil.example/mcp");
        let ok = json!({"confirm": {"action": "decline"}});
        assert_eq!(
            resume(&client, &foreign, &ok).unwrap_err().code,
            ErrorCode::InvalidArgument
        );
        assert_eq!(script.sent().len(), 2, "nothing sent for refused answers");
    }

    #[test]
    fn decline_omits_absent_state_and_state_only_rounds_retry_at_once() {
        let (client, script) = Scripted::client();
        script.push_discover();
        script.push(json_reply(200, json!({"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","requestState":"busy"}})));
        script.push(json_reply(200, input_required(confirm_request(), None)));
        script.push(json_reply(200, done()));
        let ResultOrInterrupt::Interrupt(interrupt) = call(&client, call_params("c")).unwrap()
        else {
            panic!()
        };
        typed(&interrupt);
        assert_eq!(interrupt["round"], 2);
        assert!(interrupt.get("request_state").is_none());
        resume(
            &client,
            &interrupt,
            &json!({"confirm": {"action": "decline"}}),
        )
        .unwrap();
        let sent = script.sent();
        assert_eq!(sent[2].body["params"]["requestState"], "busy");
        assert!(sent[2].body["params"].get("inputResponses").is_none());
        assert!(sent[3].body["params"].get("requestState").is_none());
        assert_eq!(
            sent[3].body["params"]["inputResponses"],
            json!({"confirm": {"action": "decline"}})
        );
    }

    /// The server's refusal of a `requestState` it no longer accepts (FastMCP's and the
    /// TypeScript SDK's: expired, sealed under a key it no longer has, or altered).
    fn state_refusal() -> Value {
        json!({"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid or expired requestState","data":{"reason":"invalid_request_state"}}})
    }

    /// An elicitation input request under `key` asking `message` for a `name`.
    fn ask(key: &str, message: &str) -> Value {
        json!({key: {"method": "elicitation/create", "params": {"message": message, "requestedSchema": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}}}})
    }

    fn accept(key: &str, name: &str) -> Value {
        json!({key: {"action": "accept", "content": {"name": name}}})
    }

    /// A settled client whose call of tool `c` the server answered with [`ask`]`(key, "Name?")`
    /// in state `s1`, and the interrupt it became.
    fn asked_for_a_name(key: &str) -> (Rc<Client>, Rc<Scripted>, Value) {
        let (client, script) = Scripted::client();
        script.push_discover();
        asks(&script, key, "Name?", "s1");
        let first = interrupt_of(call(&client, call_params("c")));
        (client, script, first)
    }

    /// The server refuses the call's state (it restarted), then, the call sent again, asks
    /// each of `rounds` (`(key, message, state)`) again, and completes.
    fn refuses_then_asks(script: &Scripted, rounds: &[(&str, &str, &str)]) {
        script.push(json_reply(400, state_refusal()));
        for (key, message, state) in rounds {
            asks(script, key, message, state);
        }
        script.push(json_reply(200, done()));
    }

    /// The server's next answer: input required, [`ask`] under `key`, with `state`.
    fn asks(script: &Scripted, key: &str, message: &str, state: &str) {
        script.push(json_reply(
            200,
            input_required(ask(key, message), Some(state)),
        ));
    }

    fn interrupt_of(step: Result<ResultOrInterrupt>) -> Value {
        match step {
            Ok(ResultOrInterrupt::Interrupt(interrupt)) => {
                typed(&interrupt);
                interrupt
            }
            other => panic!("expected an interrupt, got {other:?}"),
        }
    }

    #[test]
    fn a_refused_request_state_replays_the_call_answering_the_same_question_under_its_new_key() {
        let (client, script, first) = asked_for_a_name("k-1");
        // the server restarted: the state is refused; the call sent again asks anew
        refuses_then_asks(&script, &[("k-2", "Name?", "s2")]);
        let first: Value = serde_json::from_str(&first.to_string()).unwrap();
        let done_step = resume(&client, &first, &accept("k-1", "Ada")).unwrap();
        assert!(matches!(done_step, ResultOrInterrupt::Complete(_)));
        let sent = script.sent();
        assert_eq!(sent.len(), 5);
        assert_eq!(sent[2].body["params"]["requestState"], "s1");
        let replay = &sent[3].body["params"];
        assert!(replay.get("requestState").is_none() && replay.get("inputResponses").is_none());
        assert_eq!(replay["arguments"], sent[1].body["params"]["arguments"]);
        let last = &sent[4].body["params"];
        assert_eq!(last["requestState"], "s2");
        assert_eq!(
            last["inputResponses"],
            accept("k-2", "Ada"),
            "under the key given now"
        );
    }

    #[test]
    fn each_request_of_a_replay_carries_an_idempotency_key_of_its_own_the_same_when_sent_again() {
        let keys = || {
            let (client, script, first) = asked_for_a_name("k-1");
            refuses_then_asks(&script, &[("k-2", "Name?", "s2")]);
            let opts = RequestOptions {
                idempotency_key: Some("round-1".into()),
                ..RequestOptions::default()
            };
            let pending = PendingCalls::default();
            let responses = accept("k-1", "Ada");
            block_on(resume_elicitation(
                &client, &pending, &first, &responses, &opts,
            ))
            .unwrap();
            let sent = script.sent();
            sent[2..]
                .iter()
                .map(|r| r.body["params"]["_meta"][IDEMPOTENCY_KEY].clone())
                .collect::<Vec<_>>()
        };
        // the refused resume, the call sent again, its answer: a server deduplicating on the
        // key would otherwise answer the last with the call's input_required
        assert_eq!(
            keys(),
            [json!("round-1"), json!("round-1.1"), json!("round-1.2")]
        );
        assert_eq!(keys(), keys());
    }

    #[test]
    fn a_replay_tells_every_round_the_person_answered_and_asks_a_question_that_changed() {
        let (client, script, first) = asked_for_a_name("name");
        assert!(first.get("answers").is_none(), "nothing answered yet");
        asks(&script, "age", "Age?", "s2");
        let second = interrupt_of(resume(&client, &first, &accept("name", "Ada")));
        assert_eq!(second["round"], 2);
        let name_question = json!({"message": "Name?", "mode": "form", "requested_schema": ask("", "")[""]["params"]["requestedSchema"]});
        assert_eq!(
            second["answers"],
            json!([{"request": name_question, "response": accept("name", "Ada")["name"]}])
        );
        // round two's state refused: both rounds are replayed from the first
        refuses_then_asks(&script, &[("name", "Name?", "t1"), ("age", "Age?", "t2")]);
        let second: Value = serde_json::from_str(&second.to_string()).unwrap();
        let step = resume(&client, &second, &accept("age", "36")).unwrap();
        assert!(matches!(step, ResultOrInterrupt::Complete(_)));
        let sent = script.sent();
        assert_eq!(
            sent[5].body["params"]["inputResponses"],
            accept("name", "Ada")
        );
        assert_eq!(sent[5].body["params"]["requestState"], "t1");
        assert_eq!(
            sent[6].body["params"]["inputResponses"],
            accept("age", "36")
        );
        assert_eq!(sent[6].body["params"]["requestState"], "t2");
        drop(sent);

        // replayed again, the server now asks round two otherwise: a new interrupt, with the
        // answer of round one kept and nothing sent for the old question
        script.push(json_reply(400, state_refusal()));
        asks(&script, "name", "Name?", "u1");
        asks(&script, "age", "Age, in years?", "u2");
        let again = interrupt_of(resume(&client, &second, &accept("age", "36")));
        assert_eq!(again["requests"][0]["message"], "Age, in years?");
        assert_eq!(again["request_state"], "u2");
        assert_eq!(again["round"], 2);
        assert_eq!(again["answers"], second["answers"]);
        assert_eq!(
            script.sent().len(),
            10,
            "no answer went to the changed question"
        );
    }

    #[test]
    fn answers_that_cannot_be_delivered_fail_with_answers_undelivered() {
        let refused_answers = json!({"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"inputResponses.k: not a string"}});
        let busy = json!({"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","requestState":"busy"}});
        let cases: [(&str, Vec<Value>); 3] = [
            ("the answers themselves refused", vec![refused_answers]),
            (
                "the state refused again on the replay",
                vec![
                    state_refusal(),
                    input_required(ask("k", "Name?"), Some("s2")),
                    state_refusal(),
                ],
            ),
            (
                "the replay past maxRounds before the answer was told",
                vec![state_refusal(), busy.clone(), busy.clone(), busy],
            ),
        ];
        for (case, replies) in cases {
            let (client, script) = Scripted::client_with(ClientConfig {
                max_rounds: 2,
                ..ClientConfig::default()
            });
            script.push_discover();
            asks(&script, "k", "Name?", "s1");
            let first = interrupt_of(call(&client, call_params("c")));
            for reply in replies {
                let status = if reply.get("error").is_some() {
                    400
                } else {
                    200
                };
                script.push(json_reply(status, reply));
            }
            let err = resume(&client, &first, &accept("k", "Ada")).unwrap_err();
            assert_eq!(err.code, ErrorCode::AnswersUndelivered, "{case}");
            assert!(
                err.message
                    .starts_with("the person's answers could not be delivered: "),
                "{case}: {}",
                err.message
            );
        }
        // a tool whose own error is a -32602 on a first call is not about answers
        let (client, script) = Scripted::client();
        script.push_discover();
        script.push(json_reply(400, state_refusal()));
        assert_eq!(
            call(&client, call_params("c")).unwrap_err().code,
            ErrorCode::RpcError
        );
    }

    #[test]
    fn rounds_are_capped() {
        let (client, script) = Scripted::client_with(ClientConfig {
            max_rounds: 3,
            ..ClientConfig::default()
        });
        script.push_discover();
        for _ in 0..4 {
            script.push(json_reply(200, json!({"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","requestState":"again"}})));
        }
        let err = call(&client, call_params("c")).unwrap_err();
        assert_eq!(err.code, ErrorCode::TooManyRounds);
        assert_eq!(script.sent().len(), 5, "discover, the call, and 3 retries");
    }

    #[test]
    fn the_hosts_elicitation_handler_answers_input_required_in_place() {
        // with the call's context, from which the bindings take its signal and timeout
        let handler: HostHandler = Rc::new(|params: Value, context: Option<&Rc<dyn Any>>| {
            let call = context.and_then(|c| c.downcast_ref::<&str>()).copied();
            async move {
                assert_eq!(call, Some("the call's context"));
                assert_eq!(params["message"], "Really?");
                Ok(json!({"action": "accept", "content": {}}))
            }
            .boxed_local()
        });
        let (client, script) = Scripted::client_with(ClientConfig {
            on_elicitation: Some(handler),
            ..ClientConfig::default()
        });
        script.push_discover();
        script.push(json_reply(
            200,
            input_required(confirm_request(), Some("st")),
        ));
        script.push(json_reply(200, done()));
        let opts = RequestOptions {
            context: Some(Rc::new("the call's context")),
            ..RequestOptions::default()
        };
        let pending = PendingCalls::default();
        let params = call_params("c");
        let step = block_on(run(
            &client,
            &pending,
            "tools/call",
            params,
            Retry::default(),
            &opts,
        ));
        assert!(
            matches!(step.unwrap(), ResultOrInterrupt::Complete(_)),
            "no interrupt"
        );
        let retry = &script.sent()[2].body["params"];
        // the schema's defaults fill what the handler left out, as in the handshake era
        assert_eq!(
            retry["inputResponses"],
            json!({"confirm": {"action": "accept", "content": {"confirmed": false}}})
        );
        assert_eq!(retry["requestState"], "st");
    }

    #[test]
    fn sampling_and_roots_are_answered_in_place_or_refused_when_undeclared() {
        let requests = json!({"s": {"method": "sampling/createMessage", "params": {"messages": [], "maxTokens": 5}}, "r": {"method": "roots/list"}});
        let (client, script) = Scripted::client();
        script.push_discover();
        script.push(json_reply(200, input_required(requests.clone(), None)));
        let err = call(&client, call_params("c")).unwrap_err();
        assert_eq!(err.code, ErrorCode::MissingClientCapability);
        assert_eq!(
            script.sent()[1].body["params"]["_meta"]["io.modelcontextprotocol/clientCapabilities"],
            json!({"elicitation": {"form": {}, "url": {}}, "extensions": {"io.modelcontextprotocol/tasks": {}}})
        );

        let sampler: HostHandler = Rc::new(|_p: Value, _: Option<&Rc<dyn Any>>| {
            async { Ok(json!({"role": "assistant", "content": {"type": "text", "text": "Paris"}, "model": "m"})) }.boxed_local()
        });
        let roots: HostHandler = Rc::new(|_p: Value, _: Option<&Rc<dyn Any>>| {
            async { Ok(json!({"roots": [{"uri": "file:///w", "name": "w"}]})) }.boxed_local()
        });
        let (client, script) = Scripted::client_with(ClientConfig {
            on_sampling: Some(sampler),
            roots: Some(roots),
            ..ClientConfig::default()
        });
        script.push_discover();
        script.push(json_reply(200, input_required(requests, Some("st"))));
        script.push(json_reply(200, done()));
        let step = call(&client, call_params("c")).unwrap();
        assert!(matches!(step, ResultOrInterrupt::Complete(_)));
        let sent = script.sent();
        assert_eq!(
            sent[1].body["params"]["_meta"]["io.modelcontextprotocol/clientCapabilities"],
            json!({"elicitation": {"form": {}, "url": {}}, "sampling": {}, "roots": {}, "extensions": {"io.modelcontextprotocol/tasks": {}}})
        );
        assert_eq!(
            sent[2].body["params"]["inputResponses"]["r"],
            json!({"roots": [{"uri": "file:///w", "name": "w"}]})
        );
        assert_eq!(
            sent[2].body["params"]["inputResponses"]["s"]["content"]["text"],
            "Paris"
        );
        assert_eq!(sent[2].body["params"]["requestState"], "st");
    }

    #[test]
    fn answers_given_in_place_ride_along_in_the_interrupt() {
        let sampler: HostHandler = Rc::new(|_p: Value, _: Option<&Rc<dyn Any>>| {
            async { Ok(json!({"role": "assistant", "content": {"type": "text", "text": "4"}, "model": "m"})) }.boxed_local()
        });
        let (client, script) = Scripted::client_with(ClientConfig {
            on_sampling: Some(sampler),
            ..ClientConfig::default()
        });
        script.push_discover();
        let mut requests = confirm_request();
        requests["s"] =
            json!({"method": "sampling/createMessage", "params": {"messages": [], "maxTokens": 5}});
        script.push(json_reply(200, input_required(requests, None)));
        let ResultOrInterrupt::Interrupt(interrupt) = block_on(run(
            &client,
            &PendingCalls::default(),
            "prompts/get",
            call_params("p"),
            Retry::default(),
            &RequestOptions::default(),
        ))
        .unwrap() else {
            panic!()
        };
        let Interrupt::Elicitation(elicitation) = typed(&interrupt) else {
            panic!("not an elicitation")
        };
        assert_eq!(
            (elicitation.tool_name, elicitation.request_state),
            (Value::Null, None)
        );
        assert_eq!(elicitation.input_responses["s"]["content"]["text"], "4");
        assert!(matches!(
            &elicitation.requests[..],
            [ElicitationRequest {
                mode: ElicitationMode::Form { .. },
                ..
            }]
        ));
    }

    #[test]
    fn a_url_elicitation_of_another_scheme_than_http_s_fails_the_call() {
        for url in [
            "javascript:alert(1)",
            "data:text/html,<script>x</script>",
            "file:///etc/passwd",
            "HTTPS:/x",
        ] {
            let (client, script) = Scripted::client();
            script.push_discover();
            script.push(json_reply(200, input_required(json!({"login": {"method": "elicitation/create", "params": {"mode": "url", "message": "Sign in", "url": url}}}), None)));
            let err = call(&client, call_params("c")).unwrap_err();
            assert_eq!(err.code, ErrorCode::InvalidMessage, "{url}");
            assert_eq!(
                err.message,
                "input request \"login\": a URL elicitation's url is not an http(s) URL"
            );
        }
        let question = json!({"mode": "url", "message": "m", "url": "HTTPS://auth.example/x"});
        assert!(
            elicitation_question(&question).is_ok(),
            "the scheme in any case"
        );
    }

    #[test]
    fn url_mode_and_missing_capability_error() {
        let (client, script) = Scripted::client();
        script.push_discover();
        script.push(json_reply(200, input_required(json!({"login": {"method": "elicitation/create", "params": {"mode": "url", "message": "Sign in", "url": "https://auth.example/x?y=1"}}}), None)));
        script.push(json_reply(
            400,
            json!({"jsonrpc":"2.0","id":1,"error":{"code":-32021,"message":"needs roots","data":{"requiredCapabilities":{"roots":{}}}}}),
        ));
        let ResultOrInterrupt::Interrupt(interrupt) = call(&client, call_params("c")).unwrap()
        else {
            panic!()
        };
        typed(&interrupt);
        assert_eq!(
            interrupt["requests"],
            json!([{"key": "login", "message": "Sign in", "mode": "url", "url": "https://auth.example/x?y=1"}])
        );
        let err = resume(
            &client,
            &interrupt,
            &json!({"login": {"action": "accept", "content": {"ignored": 1}}}),
        )
        .unwrap_err();
        assert_eq!(err.code, ErrorCode::MissingClientCapability);
        assert!(err.message.contains("roots"));
        assert_eq!(
            script.sent()[2].body["params"]["inputResponses"],
            json!({"login": {"action": "accept"}})
        );
    }

    /// A client whose era is settled (one `server/discover` sent), with its script: the next
    /// request it sends is `script.sent()[1]`.
    fn ready_client() -> (Rc<Client>, Rc<Scripted>) {
        let (client, script) = Scripted::client();
        script.push_discover();
        script.push(json_reply(200, done()));
        block_on(client.ensure_ready(&RequestOptions::default())).unwrap();
        (client, script)
    }

    #[test]
    fn approval_interrupts() {
        let (client, script) = ready_client();
        let interrupt = approval_interrupt(
            &client,
            "delete_item",
            &json!({"item_id": "1"}),
            &json!({"mcp": {}}),
            allowed_decisions(Value::Null).unwrap(),
        );
        assert_eq!(
            interrupt["allowed_decisions"],
            json!(["approve", "edit", "reject"])
        );
        assert!(
            matches!(typed(&interrupt), Interrupt::Approval(ApprovalInterrupt { ref method, .. }) if method == "tools/call")
        );
        assert_eq!(interrupt["type"], "mcp_approval");
        let rejected = block_on(resume_approval(
            &client,
            &PendingCalls::default(),
            &interrupt,
            &json!({"decision": "reject", "message": "no"}),
            &RequestOptions::default(),
        ))
        .unwrap();
        assert_eq!(
            rejected,
            ResultOrInterrupt::Complete(
                json!({"content": [{"type": "text", "text": "The user rejected the call of tool delete_item: no"}], "isError": true})
            )
        );
        assert_eq!(script.sent().len(), 1);
        block_on(resume_approval(
            &client,
            &PendingCalls::default(),
            &interrupt,
            &json!({"decision": "approve", "args": {"item_id": "2"}}),
            &RequestOptions::default(),
        ))
        .unwrap();
        assert_eq!(
            script.sent()[1].body["params"]["arguments"],
            json!({"item_id": "2"})
        );
        assert_eq!(
            block_on(resume_approval(
                &client,
                &PendingCalls::default(),
                &interrupt,
                &json!({"decision": "yes"}),
                &RequestOptions::default()
            ))
            .unwrap_err()
            .code,
            ErrorCode::InvalidArgument
        );
    }

    /// `allowedDecisions` of the predicate's verdict, checked when the interrupt is made (what
    /// an answer may be is checked by `resume()` in the JS layer); an edit needs its args.
    #[test]
    fn allowed_decisions_and_edits() {
        assert_eq!(
            allowed_decisions(json!(["reject", "approve"])).unwrap(),
            json!(["reject", "approve"])
        );
        for bad in [json!([]), json!(["maybe"]), json!("approve"), json!([1])] {
            assert_eq!(
                allowed_decisions(bad.clone()).unwrap_err().code,
                ErrorCode::InvalidArgument,
                "{bad}"
            );
        }
        let (client, script) = ready_client();
        let interrupt = approval_interrupt(
            &client,
            "delete_item",
            &json!({"item_id": "1"}),
            &Value::Null,
            allowed_decisions(json!(["edit", "reject"])).unwrap(),
        );
        typed(&interrupt);
        let answer = |answer: Value| {
            block_on(resume_approval(
                &client,
                &PendingCalls::default(),
                &interrupt,
                &answer,
                &RequestOptions::default(),
            ))
        };
        let err = answer(json!({"decision": "edit"})).unwrap_err();
        assert!(err.message.contains("edited args"), "{}", err.message);
        assert_eq!(script.sent().len(), 1, "nothing was sent");
        answer(json!({"decision": "edit", "args": {"item_id": "2"}})).unwrap();
        assert_eq!(
            script.sent()[1].body["params"]["arguments"],
            json!({"item_id": "2"})
        );
    }
}
