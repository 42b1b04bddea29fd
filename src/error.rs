//! The one error type of the adapter.
//!
//! Every failure that reaches the host is an [`Error`] with a stable, machine-readable
//! [`ErrorCode`] (exposed to JavaScript as the `code` property of an `MCPAdapterError`), a
//! human-readable message, and optional details (HTTP status, JSON-RPC error code and data).
//! Messages never contain request headers or credentials: they are built only from what the
//! server sent and from the adapter's own state.

use serde_json::Value;
use std::fmt;

/// Declares [`ErrorCode`] from one list of `Variant = "string"` pairs, so that the enum, its
/// string form and [`ErrorCode::ALL`] cannot disagree.
macro_rules! error_codes {
    ($($(#[$doc:meta])* $variant:ident = $name:literal,)*) => {
        /// Stable error codes. The string form (`as_str`) is part of the public API: hosts switch
        /// on it (`MCPErrorCode` in `pkg-template/index.d.ts`, checked by `tests/contract.rs`).
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum ErrorCode {
            $($(#[$doc])* $variant,)*
        }

        impl ErrorCode {
            /// Every code, in declaration order.
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$variant,)*];

            /// The stable string form, e.g. `"timeout"`.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(ErrorCode::$variant => $name,)*
                }
            }
        }
    };
}

error_codes! {
    /// The target is not an `http:` or `https:` URL (a path, `file:`, `ws:`, empty, ...).
    InvalidUrl = "invalid_url",
    /// A host-supplied argument or option is malformed (wrong type, missing field).
    InvalidArgument = "invalid_argument",
    /// `fetch` itself failed (DNS, connection refused, TLS, or a CORS refusal that could not
    /// be told apart from those).
    Network = "network",
    /// In a browser, a request to another origin failed without a response while the server
    /// was reachable (a no-cors probe reached it): the server most likely does not allow this
    /// origin, or the headers MCP sends, by CORS (Fetch Standard, "CORS protocol").
    Cors = "cors",
    /// The call's timeout (`timeoutMs`) elapsed before the response was complete.
    Timeout = "timeout",
    /// The host aborted the call through its `AbortSignal`.
    Aborted = "aborted",
    /// The server answered a non-2xx HTTP status with no JSON-RPC error in the body.
    HttpStatus = "http_status",
    /// The response `Content-Type` is neither `application/json` nor `text/event-stream`.
    ContentType = "content_type",
    /// The response names a `Content-Encoding` (RFC 9110, section 8.4) that the runtime's
    /// `fetch` left as it was sent (zstd in Node 20; deflate and zstd in Deno and workerd):
    /// its body is still compressed bytes, neither JSON nor an event stream. The message names
    /// the coding.
    ContentEncoding = "content_encoding",
    /// The response body (or an SSE event) is not valid JSON.
    InvalidJson = "invalid_json",
    /// The body is JSON but not a well-formed JSON-RPC message or MCP result.
    InvalidMessage = "invalid_message",
    /// An SSE response stream ended before the JSON-RPC response arrived.
    StreamEnded = "stream_ended",
    /// The response body exceeded the configured size limit (`maxResponseBytes`).
    BodyTooLarge = "body_too_large",
    /// The server answered with a JSON-RPC error (`rpcCode`, `data` carry its details).
    RpcError = "rpc_error",
    /// The server supports no protocol version this adapter speaks (`-32022` with no overlap).
    UnsupportedProtocolVersion = "unsupported_protocol_version",
    /// The server only speaks the handshake era (initialize + sessions) and the adapter was
    /// not allowed to fall back to it.
    HandshakeEraServer = "handshake_era_server",
    /// A result carried a `resultType` this adapter does not know.
    InvalidResultType = "invalid_result_type",
    /// Pagination did not terminate (repeated cursor or too many pages).
    Pagination = "pagination",
    /// The server redirected to another origin, or with a status that would turn the POST
    /// into a GET; credentials are never carried along, so the redirect is not followed.
    Redirect = "redirect",
    /// Handshake era: the server needs the person to open a URL first (`-32042`
    /// URLElicitationRequired; `data.elicitations` carries `{mode:"url", message, url,
    /// elicitationId}` entries). Retry the call once they have.
    UrlElicitationRequired = "url_elicitation_required",
    /// A call needed more input-required rounds than `maxRounds` allows.
    TooManyRounds = "too_many_rounds",
    /// The server needs a client capability the host did not configure (sampling without
    /// `onSampling`, roots without `roots`, or a `-32021` answer).
    MissingClientCapability = "missing_client_capability",
    /// `resources/read` of a resource the server does not have (`-32602`, or `-32002` from
    /// handshake-era servers); the JS error carries the `uri`.
    ResourceNotFound = "resource_not_found",
    /// The server does not offer what was asked: a capability it did not advertise (e.g.
    /// `subscriptions/listen` without any `listChanged`/`subscribe`, completion without
    /// `completions`) or a method it answered `-32601` (method not found).
    NotSupported = "not_supported",
    /// A person must sign in (OAuth, MCP 2026-07-28 `basic/authorization`): the `auth`
    /// provider has sent them to the authorization URL, or the call became an
    /// `mcp_authorization` interrupt.
    AuthorizationRequired = "authorization_required",
    /// Authorization failed: metadata refused (issuer or resource mismatch, no PKCE S256),
    /// registration or token request refused, a bad callback (`state`, RFC 9207 `iss`), or
    /// `insufficient_scope` beyond the step-up limit.
    AuthorizationFailed = "authorization_failed",
    /// Two servers of an `MCPAdapterGroup` (or two adapters given to `toLangChainTools`) offer
    /// a tool under the same name; raised by the JavaScript layer (`group.js`,
    /// `langchain.js`), never silently resolved by dropping one.
    ToolNameCollision = "tool_name_collision",
    /// `resume()` of an adapter with an `interruptKey` refused an interrupt before anything
    /// was sent: it carries no `signature`, a malformed one, or one that does not match (the
    /// interrupt was altered, or signed with another key).
    InterruptSignatureInvalid = "interrupt_signature_invalid",
    /// A person's answers to an interrupt could not be delivered to the server: it refused them (a `-32602` that is not about the `requestState`),
    /// or refused the `requestState` again on the replay (MCP 2026-07-28
    /// `basic/patterns/mrtr.mdx`), or the replay reached `maxRounds` before they were all
    /// told. `rpcCode` and `data` are the server's refusal, when it sent one.
    AnswersUndelivered = "answers_undelivered",
    /// A tool call's task (the Tasks extension, `io.modelcontextprotocol/tasks`) ended
    /// `failed`: the server met a JSON-RPC error running it. `rpcCode`, `data` and the message
    /// are the task's `error`. (A tool's own failure is a `completed` task with an `isError`
    /// result, returned as a result.)
    TaskFailed = "task_failed",
    /// A tool call's task ended `cancelled`, by another client or by the server (one the
    /// adapter cancels itself ends the call with `aborted` or `timeout`).
    TaskCancelled = "task_cancelled",
    /// A tool call's task is past its `ttlMs` since it was created, and still not done: the
    /// adapter gives it up (the server may discard it then).
    TaskExpired = "task_expired",
    /// The server no longer knows a task (`-32602` to `tasks/get`, `tasks/update` or
    /// `tasks/cancel`): it restarted, or dropped the task after its `ttlMs`. `rpcCode` and
    /// `data` are the server's.
    TaskNotFound = "task_not_found",
    /// With `handleToolErrors: false`: the tool's result was an error (`isError: true`, MCP
    /// 2026-07-28 `server/tools.mdx` "Error Handling", or structured content that does not
    /// match the tool's `outputSchema`). The error's `data` is `{ content, structured_content,
    /// validation_errors? }`: the content as v1 blocks, the structured content (if any), and
    /// the `{ path, message }` mismatches.
    ToolError = "tool_error",
    /// A tool call from an MCP App's view was refused before anything was sent
    /// (`callToolFromApp`, raised by `apps.js`): the tool's visibility lacks `"app"`, or the
    /// tool or the view is not of the adapter's server (MCP Apps 2026-01-26, `apps.mdx`,
    /// "Visibility"). `data` is `{ tool, resourceUri }`.
    AppCallRefused = "app_call_refused",
    /// A call (or a resume) of a tool that the adapter's filters leave out (`allowTools`,
    /// `blockTools`), refused before anything was sent (raised by `controls.js`); also a tool
    /// the server does not list when a filter is a predicate, which cannot judge it. `data` is
    /// `{ tool, server }`.
    ToolNotAllowed = "tool_not_allowed",
    /// A tool whose definition (its fingerprint: name, description, schemas, annotations) is
    /// not the one it must be, refused before anything was sent (raised by `controls.js`): with
    /// `pinTools`, it differs from the pinned one (`reason: "pinned"`); on the resume of an
    /// approval, it changed since the person was asked (`reason: "approved"`). `data` is
    /// `{ tool, expected, fingerprint, reason }`.
    ToolDefinitionChanged = "tool_definition_changed",
}

/// A JSON-RPC error object as the server sent it (`{code, message, data?}`).
#[derive(Debug, Clone, PartialEq)]
pub struct RpcError {
    /// The JSON-RPC `code` (for example `-32602`).
    pub code: i64,
    /// The server's `message`.
    pub message: String,
    /// The server's `data`, if any, verbatim.
    pub data: Option<Value>,
}

/// An adapter failure: a stable [`ErrorCode`], a message, and optional details (the fields
/// of [`ErrorDetails`], read and written through the error itself: `err.code`).
///
/// One pointer wide: every `Result` of the crate carries an `Error`, and a small one is moved
/// through the async state machines with less code (see docs/wasm-size.md).
///
/// `Debug` is derived natively; in the wasm build it prints like `Display` (see
/// docs/wasm-size.md).
#[derive(Clone, PartialEq)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Debug))]
pub struct Error(Box<ErrorDetails>);

/// What an [`Error`] holds.
#[derive(Clone, PartialEq)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Debug))]
pub struct ErrorDetails {
    /// The stable code.
    pub code: ErrorCode,
    /// A message for people; never contains credentials.
    pub message: String,
    /// The HTTP status of the response that failed, when there was one.
    pub http_status: Option<u16>,
    /// The JSON-RPC error the server sent, for [`ErrorCode::RpcError`] (and version errors).
    pub rpc: Option<RpcError>,
    /// Whether the call failed because its answer to a request of the server (handshake era:
    /// an elicitation, say) was refused because its session is gone (a `404`, or a `400` about
    /// the session), or came after the server had ended the call in error (it stopped waiting),
    /// or was not sent because the call's stream could no longer be read (its run is cancelled;
    /// see `Client::answer_server_request`): the server was told nothing and its run of the
    /// call is over, so the call may be sent again with the same answers.
    pub answer_undelivered: bool,
    /// Whether the request certainly never left this process: the connection was refused or
    /// the host name did not resolve (the runtime said so; `exchange.js` reads the cause code
    /// of the `fetch` rejection, nothing else). Sending it again cannot run anything twice.
    /// The host sees it as `data: { sent: false }`.
    pub unsent: bool,
}

impl std::ops::Deref for Error {
    type Target = ErrorDetails;
    fn deref(&self) -> &ErrorDetails {
        &self.0
    }
}

impl std::ops::DerefMut for Error {
    fn deref_mut(&mut self) -> &mut ErrorDetails {
        &mut self.0
    }
}

impl From<ErrorDetails> for Error {
    fn from(details: ErrorDetails) -> Error {
        Error(Box::new(details))
    }
}

impl Error {
    /// An error with a code and a message, no details.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Error::from(ErrorDetails {
            code,
            message: message.into(),
            http_status: None,
            rpc: None,
            answer_undelivered: false,
            unsent: false,
        })
    }

    /// Attaches the HTTP status of the failing response.
    pub fn with_status(mut self, status: u16) -> Self {
        self.http_status = Some(status);
        self
    }

    /// An [`ErrorCode::RpcError`] from a JSON-RPC error object.
    pub fn rpc(err: RpcError) -> Self {
        let message = format!("server error {}: {}", err.code, err.message);
        Error::from(ErrorDetails {
            code: ErrorCode::RpcError,
            message,
            http_status: None,
            rpc: Some(err),
            answer_undelivered: false,
            unsent: false,
        })
    }

    /// The JSON-RPC error code, when this error carries one.
    pub fn rpc_code(&self) -> Option<i64> {
        self.rpc.as_ref().map(|r| r.code)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message, self.code.as_str())
    }
}

#[cfg(target_arch = "wasm32")]
impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for Error {}

/// Replaces every occurrence of each of `secrets` in `text` with `[redacted]`.
fn redact_text(text: &mut String, secrets: &[String]) {
    for secret in secrets {
        if let Some(redacted) = replace_all(text, secret, "[redacted]") {
            *text = redacted;
        }
    }
}

/// `text.replace(from, to)` when `from` (not empty) occurs in `text`: the same leftmost,
/// non-overlapping matches, found by a byte scan (see docs/wasm-size.md). A byte match
/// of UTF-8 `from` starts and ends on char boundaries.
fn replace_all(text: &str, from: &str, to: &str) -> Option<String> {
    let (bytes, pattern) = (text.as_bytes(), from.as_bytes());
    if pattern.is_empty() {
        return None;
    }
    let mut out = String::new();
    let (mut copied, mut i) = (0, 0);
    while i + pattern.len() <= bytes.len() {
        if bytes[i] == pattern[0] && bytes[i..].starts_with(pattern) {
            out.push_str(&text[copied..i]);
            out.push_str(to);
            i += pattern.len();
            copied = i;
        } else {
            i += 1;
        }
    }
    if copied == 0 {
        return None;
    }
    out.push_str(&text[copied..]);
    Some(out)
}

/// Replaces every occurrence of each of `secrets` in every string of `value` with `[redacted]`.
pub fn redact_value(value: &mut Value, secrets: &[String]) {
    match value {
        Value::String(s) => redact_text(s, secrets),
        Value::Array(items) => items.iter_mut().for_each(|v| redact_value(v, secrets)),
        Value::Object(map) => map.values_mut().for_each(|v| redact_value(v, secrets)),
        _ => {}
    }
}

impl Error {
    /// The error with every occurrence of `secrets` (credentials the host sent, such as an
    /// `Authorization` header value) replaced by `[redacted]` in its message and in the
    /// server's JSON-RPC message and data: a server that echoes a request's headers into an
    /// error page must not put them into the host's logs.
    pub fn redact(mut self, secrets: &[String]) -> Error {
        redact_text(&mut self.message, secrets);
        if let Some(rpc) = &mut self.rpc {
            redact_text(&mut rpc.message, secrets);
            if let Some(data) = &mut rpc.data {
                redact_value(data, secrets);
            }
        }
        self
    }
}

/// Shorthand for results of this crate.
pub type Result<T> = std::result::Result<T, Error>;

/// Cuts `text` to at most `max` characters for inclusion in an error message, marking the cut.
pub fn snippet(text: &str, max: usize) -> String {
    let mut out: String = text
        .chars()
        .take(max)
        .filter(|c| !c.is_control() || *c == ' ')
        .collect();
    if text.chars().count() > max {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_stable_snake_case() {
        assert_eq!(ErrorCode::BodyTooLarge.as_str(), "body_too_large");
        assert_eq!(
            Error::new(ErrorCode::Timeout, "t").to_string(),
            "t (timeout)"
        );
        for (i, code) in ErrorCode::ALL.iter().enumerate() {
            let name = code.as_str();
            assert!(
                !name.is_empty() && name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
                "{name}"
            );
            assert!(
                ErrorCode::ALL[..i]
                    .iter()
                    .all(|c| c.as_str() != name && c != code),
                "{name} twice"
            );
        }
    }

    #[test]
    fn redaction_reaches_message_rpc_message_and_data() {
        let secret = "sk-TOP-secret-123".to_string();
        let err = Error::from(ErrorDetails {
            code: ErrorCode::RpcError,
            message: format!("HTTP 500: you sent Bearer {secret}"),
            http_status: Some(500),
            rpc: Some(RpcError {
                code: -1,
                message: format!("bad {secret}"),
                data: Some(serde_json::json!({"echo": [format!("x{secret}y"), 1]})),
            }),
            answer_undelivered: false,
            unsent: false,
        })
        .redact(std::slice::from_ref(&secret));
        assert_eq!(err.message, "HTTP 500: you sent Bearer [redacted]");
        let rpc = err.rpc.clone().unwrap();
        assert_eq!(rpc.message, "bad [redacted]");
        assert_eq!(
            rpc.data.unwrap(),
            serde_json::json!({"echo": ["x[redacted]y", 1]})
        );
    }

    #[test]
    fn replace_all_is_str_replace() {
        let cases = [
            ("", "ab"),
            ("ab", "ab"),
            ("xabyab", "ab"),
            ("aaaa", "aa"),
            ("aaa", "aa"),
            ("abababa", "aba"),
            ("grüß ü ßü", "ü"),
            ("tok tok=tok", "tok"),
            ("no match here", "zz"),
            ("a", "abc"),
            ("世界世界", "界世"),
        ];
        for (text, from) in cases {
            let expected = text
                .contains(from)
                .then(|| text.replace(from, "[redacted]"));
            assert_eq!(
                replace_all(text, from, "[redacted]"),
                expected,
                "{text:?} / {from:?}"
            );
        }
        assert_eq!(replace_all("abc", "", "x"), None);
    }

    #[test]
    fn snippet_cuts_and_drops_control_characters() {
        assert_eq!(snippet("ab\ncd", 10), "abcd");
        assert_eq!(snippet("abcdef", 3), "abc…");
    }
}
