//! The [`Exchange`] over the host's `fetch` (or the global one). The exchange itself runs on
//! the JS side (`exchange.js` next to this file: headers, timeout and signal, `fetch`, the
//! body); this side starts it, reads the head (a [`ResponseHead`]) and then the body chunk by
//! chunk, and turns what it rejects with (codes from its `FAILURE_CODES`) into typed
//! [`Error`]s.
//!
//! The call's timeout (`timeoutMs`) covers the whole exchange, body included; at the
//! deadline, and when the host's `AbortSignal` aborts, the response stream is closed (the
//! cancellation signal of MCP 2026-07-28, `basic/transports/streamable-http.mdx`
//! "Cancellation"). How each runtime does it is in `exchange.js`.
//! Redirects are `manual`: the core follows only same-origin 307/308, so host headers
//! (credentials) never reach another origin.

use super::js::get;
use crate::error::{Error, ErrorCode, Result};
use crate::transport::{EventTrace, Exchange, HttpRequest, HttpResponse};
use bytes::Bytes;
use futures_util::future::LocalBoxFuture;
use futures_util::stream::{self, StreamExt};
use js_sys::{Array, Function, Promise, Uint8Array};
use std::any::Any;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

#[wasm_bindgen(module = "/src/bindings/exchange.js")]
extern "C" {
    /// One exchange on the JS side (see `exchange.js`).
    #[derive(Clone)]
    type JsExchange;

    /// `on_trace` is the host's `onTrace` option, or `undefined`; `total`: the timeout is
    /// what is left of the call's `maxTotalTimeoutMs` (its message says so).
    #[wasm_bindgen(constructor)]
    fn new(
        fetch: &JsValue,
        signal: &JsValue,
        timeout_ms: f64,
        on_trace: &JsValue,
        total: bool,
    ) -> JsExchange;

    /// Starts the timeout again, `timeout_ms` from now (`total` as for `new`); nothing once
    /// the exchange is closed.
    #[wasm_bindgen(method)]
    fn restart(this: &JsExchange, timeout_ms: f64, total: bool);

    /// Resolves to a [`ResponseHead`]. `call_headers` are the call's own `headers` option
    /// (merged over `host_headers`), `own` is the request's headers as
    /// `name NUL value NUL name NUL value` (one string crosses instead of one per name and
    /// value; header values cannot hold NUL); `idempotent`: [`HttpRequest::idempotent`].
    #[wasm_bindgen(method)]
    fn start(
        this: &JsExchange,
        host_headers: &JsValue,
        call_headers: &JsValue,
        url: &str,
        method: &str,
        mcp_method: &str,
        own: &str,
        body: &str,
        limit: f64,
        idempotent: bool,
    ) -> Promise;

    /// Resolves to the next body chunk (`Uint8Array`) or `undefined` at the end.
    #[wasm_bindgen(method)]
    fn read(this: &JsExchange) -> Promise;

    /// Tells the host's `onTrace` the data of the events the core decoded at once from this
    /// exchange's event stream (`texts`: joined by NULs, see [`nul_joined`]; the response's
    /// [`EventTrace`]).
    #[wasm_bindgen(method, js_name = traceEvents)]
    fn trace_events(this: &JsExchange, texts: &str);

    /// Clears the timer and listener; cancels an unread body.
    #[wasm_bindgen(method)]
    fn close(this: &JsExchange);

    /// What `start` resolves to: the response's status and the headers the core reads, the
    /// whole body when `exchange.js` read it, and the host's header values to redact.
    type ResponseHead;

    /// The HTTP status code.
    #[wasm_bindgen(method, getter)]
    fn status(this: &ResponseHead) -> f64;

    /// The `Content-Type` header, if any.
    #[wasm_bindgen(method, getter, js_name = contentType)]
    fn content_type(this: &ResponseHead) -> Option<String>;

    /// The `Location` header of a 3xx response, if any.
    #[wasm_bindgen(method, getter)]
    fn location(this: &ResponseHead) -> Option<String>;

    /// The `Mcp-Session-Id` header, if any (handshake era).
    #[wasm_bindgen(method, getter, js_name = sessionId)]
    fn session_id(this: &ResponseHead) -> Option<String>;

    /// The whole body of an `application/json` response (at most `limit + 1` bytes), or
    /// `undefined` when the body is to be read chunk by chunk with `read()`.
    #[wasm_bindgen(method, getter)]
    fn body(this: &ResponseHead) -> Option<Uint8Array>;

    /// The declared length of a large JSON body that `exchange.js` left to be read chunk by
    /// chunk with `read()` ([`HttpResponse::content_length`]), or `undefined`.
    #[wasm_bindgen(method, getter)]
    fn length(this: &ResponseHead) -> Option<f64>;

    /// The host's header names and values `[name, value, ...]` (to be redacted from
    /// errors), or `undefined` when the host gave no headers.
    #[wasm_bindgen(method, getter)]
    fn remembered(this: &ResponseHead) -> Option<Array>;

    /// Hands the messages of `texts` (JSON texts joined by NULs) to the host's callbacks
    /// while they are notifications (`takeNotifications` in exchange.js), progress only when
    /// it names `token`, the integer `progressToken` the request sent (`None`: none), and is
    /// above the last progress handed on under it (kept in `last`, an object of the call's).
    /// Returns twice the number taken, plus 1 when one of them was progress handed on.
    #[wasm_bindgen(js_name = takeNotifications)]
    pub(super) fn take_notifications(
        texts: &str,
        token: Option<f64>,
        last: &JsValue,
        progress: &JsValue,
        call_progress: &JsValue,
        log: &JsValue,
        context: &JsValue,
    ) -> u32;
}

/// `texts` joined by NULs, as they cross to `exchange.js` in one string: texts of events the
/// core hands over, which hold no NUL (never in JSON text; see `offer` in
/// src/transport/body.rs).
pub(super) fn nul_joined(texts: &[&str]) -> String {
    // by hand: `join` compiles a generic copy loop for this one use
    let mut joined = String::new();
    for (i, text) in texts.iter().enumerate() {
        if i > 0 {
            joined.push('\0');
        }
        joined.push_str(text);
    }
    joined
}

/// Timeout of a request that carries no [`CallContext`], in milliseconds: one the core makes
/// on its own (a handshake-era session's `DELETE`, a cancellation notice), which no host
/// timeout bounds.
const CONTEXTLESS_REQUEST_TIMEOUT_MS: f64 = 10_000.0;

/// The host's `headers` option.
pub enum HostHeaders {
    /// No extra headers.
    None,
    /// A plain object or `Headers`, sent on every request; or a function called per request
    /// with `{ url, method }` (the MCP method), which may be async.
    Given(JsValue),
}

impl HostHeaders {
    /// Reads the option. Anything but undefined, an object or a function is an error.
    ///
    /// # Errors
    ///
    /// [`ErrorCode::InvalidArgument`] for anything but undefined, null, an object or a function.
    pub fn from_option(value: JsValue) -> Result<HostHeaders> {
        if value.is_undefined() || value.is_null() {
            Ok(HostHeaders::None)
        } else if value.is_object() || value.is_function() {
            Ok(HostHeaders::Given(value))
        } else {
            Err(Error::new(
                ErrorCode::InvalidArgument,
                "option headers must be an object, a Headers, or a function",
            ))
        }
    }
}

/// Per-call context carried in [`HttpRequest::context`].
pub struct CallContext {
    /// The host's `AbortSignal`, if any.
    pub signal: Option<JsValue>,
    /// Timeout in milliseconds, if any.
    pub timeout_ms: Option<f64>,
    /// With `resetTimeoutOnProgress`: restarts the running request's timeout on each
    /// progress notification.
    pub clock: Option<Rc<ProgressClock>>,
    /// The call's own `headers` option (an object or a `Headers`), if any.
    pub headers: Option<JsValue>,
}

impl CallContext {
    /// The timeout of a wait starting now, in milliseconds (0: none), and whether it is what
    /// is left of the call's total bound (`maxTotalTimeoutMs`) rather than `timeoutMs`: each
    /// HTTP request of the call, and each wait on host code that answers for it
    /// (`call_host` in options.rs).
    pub fn budget(&self) -> (f64, bool) {
        match &self.clock {
            Some(clock) => clock.budget(),
            None => (self.timeout_ms.unwrap_or(0.0), false),
        }
    }
}

/// The timeout of a call with `resetTimeoutOnProgress`: each progress notification starts the
/// running request's `timeoutMs` again, never past the call's total bound
/// (`maxTotalTimeoutMs`, counted from the call's start; 0: none). Each request of the call
/// (the probe, the call, input-required rounds) starts with what is left of both.
pub struct ProgressClock {
    timeout_ms: Option<f64>,
    /// When the total bound ends (`Date.now()` milliseconds), if there is one.
    deadline: Option<f64>,
    /// The exchange now running (replaced by each request of the call).
    live: RefCell<Option<JsExchange>>,
}

impl ProgressClock {
    /// A clock for a call starting now.
    pub fn new(timeout_ms: Option<f64>, max_total_ms: f64) -> ProgressClock {
        ProgressClock {
            timeout_ms,
            deadline: (max_total_ms > 0.0).then(|| js_sys::Date::now() + max_total_ms),
            live: RefCell::new(None),
        }
    }

    /// The timeout of a request starting now, in milliseconds (0: none), and whether it is
    /// the rest of the total bound rather than `timeoutMs`.
    fn budget(&self) -> (f64, bool) {
        let Some(deadline) = self.deadline else {
            return (self.timeout_ms.unwrap_or(0.0), false);
        };
        // at least 1 ms: 0 would mean no timeout at all
        let left = (deadline - js_sys::Date::now()).max(1.0);
        match self.timeout_ms {
            Some(ms) if ms <= left => (ms, false),
            _ => (left, true),
        }
    }

    /// A progress notification arrived: the running request's timeout starts again.
    pub fn progressed(&self) {
        if let Some(exchange) = self.live.borrow().as_ref() {
            let (ms, total) = self.budget();
            exchange.restart(ms, total);
        }
    }
}

/// `fetch`-backed exchange.
pub struct FetchExchange {
    fetch: JsValue,
    headers: JsValue,
    /// The host's `onTrace` option, or `undefined`: `exchange.js` tells it each JSON-RPC
    /// message it sends and receives.
    on_trace: JsValue,
}

impl FetchExchange {
    /// An exchange over `fetch` (the global one when `None`) sending the host's `headers`,
    /// telling `on_trace` (when given) each message.
    pub fn new(
        fetch: Option<Function>,
        headers: HostHeaders,
        on_trace: Option<Function>,
    ) -> FetchExchange {
        let headers = match headers {
            HostHeaders::None => JsValue::UNDEFINED,
            HostHeaders::Given(v) => v,
        };
        let or_undefined = |f: Option<Function>| f.map(JsValue::from).unwrap_or(JsValue::UNDEFINED);
        FetchExchange {
            fetch: or_undefined(fetch),
            headers,
            on_trace: or_undefined(on_trace),
        }
    }
}

/// Remembers the host's header values `[name, value, ...]` that `exchange.js` hands back
/// (see [`super::secrets`]), so that every error is redacted of them.
fn remember_all(pairs: Option<Array>) {
    let Some(pairs) = pairs else { return };
    for i in (0..pairs.length()).step_by(2) {
        if let (Some(name), Some(value)) = (pairs.get(i).as_string(), pairs.get(i + 1).as_string())
        {
            super::secrets::remember(&name, &value);
        }
    }
}

/// The `AbortSignal` (or `undefined`) and the timeout budget (see [`CallContext::budget`];
/// `(0, false)`: none) of a call's `context`, which bound a wait that is not an exchange.
pub(super) fn bounds(context: Option<&Rc<dyn Any>>) -> (JsValue, (f64, bool)) {
    match context.and_then(|c| c.downcast_ref::<CallContext>()) {
        Some(c) => (c.signal.clone().unwrap_or(JsValue::UNDEFINED), c.budget()),
        None => (JsValue::UNDEFINED, (0.0, false)),
    }
}

/// What `exchange.js` rejected with (`{code, message, remembered?}`, the code from its
/// `FAILURE_CODES`, the one table that maps its failures to codes), or anything else it threw,
/// as an [`Error`]. The code is looked up in [`ErrorCode::ALL`], so this side keeps no copy of
/// that table; a code that is not one of ours (or none) is [`ErrorCode::Network`]. The
/// host's header values of the failed exchange (`remembered`) are remembered first, so that a
/// message that quotes one (a runtime's, a custom `fetch`'s) is redacted. `unsent: true` says
/// the request certainly never left ([`crate::error::ErrorDetails::unsent`]).
pub(super) fn rejected(thrown: JsValue) -> Error {
    remember_all(get(&thrown, "remembered").dyn_into::<Array>().ok());
    let message = get(&thrown, "message")
        .as_string()
        .unwrap_or_else(|| super::js::describe(&thrown));
    let mut code = ErrorCode::Network;
    if let Some(thrown_code) = get(&thrown, "code").as_string() {
        for &known in ErrorCode::ALL {
            if known.as_str() == thrown_code {
                code = known;
                break;
            }
        }
    }
    let mut error = Error::new(code, message);
    error.unsent = get(&thrown, "unsent").is_truthy();
    error
}

/// Closes the JS exchange when the body stream is dropped (read to its end, or abandoned:
/// the response we wanted arrived, or the call failed, which closes the connection).
struct Closer(JsExchange);

impl Drop for Closer {
    fn drop(&mut self) {
        self.0.close();
    }
}

impl Exchange for FetchExchange {
    fn sleep(&self, ms: u64, context: Option<Rc<dyn Any>>) -> LocalBoxFuture<'static, Result<()>> {
        let (signal, budget) = bounds(context.as_ref());
        Box::pin(super::timers::sleep(ms as f64, &signal, budget))
    }

    fn now_ms(&self) -> f64 {
        js_sys::Date::now()
    }

    fn now_iso(&self) -> String {
        js_sys::Date::new_0().to_iso_string().into()
    }

    fn iso_ms(&self, iso: &str) -> Option<f64> {
        Some(js_sys::Date::parse(iso)).filter(|ms| !ms.is_nan())
    }

    fn detach(&self, context: Option<&Rc<dyn Any>>) -> Option<Rc<dyn Any>> {
        let headers = context
            .and_then(|c| c.downcast_ref::<CallContext>())
            .and_then(|c| c.headers.clone());
        Some(Rc::new(CallContext {
            signal: None,
            timeout_ms: Some(CONTEXTLESS_REQUEST_TIMEOUT_MS),
            clock: None,
            headers,
        }))
    }

    fn send(&self, request: HttpRequest) -> LocalBoxFuture<'static, Result<HttpResponse>> {
        let ctx = request
            .context
            .as_ref()
            .and_then(|c| c.downcast_ref::<CallContext>());
        // requests made without a call context (session cleanup, cancellation notices)
        // are bounded too
        let (signal, (timeout_ms, total), call_headers) = match ctx {
            Some(c) => (
                c.signal.clone().unwrap_or(JsValue::UNDEFINED),
                c.budget(),
                c.headers.clone().unwrap_or(JsValue::UNDEFINED),
            ),
            None => (
                JsValue::UNDEFINED,
                (CONTEXTLESS_REQUEST_TIMEOUT_MS, false),
                JsValue::UNDEFINED,
            ),
        };
        let clock = ctx.and_then(|c| c.clock.clone());
        let (fetch, host_headers) = (self.fetch.clone(), self.headers.clone());
        let on_trace = self.on_trace.clone();
        Box::pin(async move {
            let exchange = Closer(JsExchange::new(
                &fetch, &signal, timeout_ms, &on_trace, total,
            ));
            if let Some(clock) = clock {
                *clock.live.borrow_mut() = Some(exchange.0.clone());
            }
            let mcp_method = request
                .headers
                .iter()
                .find(|(n, _)| n == crate::protocol::headers::METHOD)
                .map_or("", |(_, v)| v.as_str());
            let limit = request.body_limit as f64;
            let mut own = String::new();
            for (name, value) in request.headers.iter() {
                if !own.is_empty() {
                    own.push('\0');
                }
                own.push_str(name);
                own.push('\0');
                own.push_str(value);
            }
            let started = exchange.0.start(
                &host_headers,
                &call_headers,
                &request.url,
                request.method,
                mcp_method,
                &own,
                &request.body,
                limit,
                request.idempotent,
            );
            let head: ResponseHead = JsFuture::from(started)
                .await
                .map_err(rejected)?
                .unchecked_into();
            let status = head.status() as u16;
            remember_all(head.remembered());
            let (content_type, location, session_id) =
                (head.content_type(), head.location(), head.session_id());
            let mut trace = None;
            let content_length = head.length().map(|n| n as usize);
            let body = if let Some(bytes) = head.body() {
                // the whole body is here: the exchange is over (its timer cleared now)
                let bytes = Bytes::from(bytes.to_vec());
                drop(exchange);
                stream::iter([Ok(bytes)]).boxed_local()
            } else {
                // an event stream's events are traced as the core decodes them (exchange.js
                // traced any other body itself)
                if !on_trace.is_undefined() {
                    let traced = exchange.0.clone();
                    trace = Some(Rc::new(move |texts: &[&str]| {
                        traced.trace_events(&nul_joined(texts));
                    }) as EventTrace);
                }
                stream::unfold(Some(exchange), |exchange| async move {
                    let exchange = exchange?;
                    match JsFuture::from(exchange.0.read()).await {
                        Err(e) => Some((Err(rejected(e)), None)),
                        // a chunk, or `undefined` at the end of the body
                        Ok(chunk) => chunk
                            .dyn_ref::<Uint8Array>()
                            .map(|array| (Ok(Bytes::from(array.to_vec())), Some(exchange))),
                    }
                })
                .boxed_local()
            };
            Ok(HttpResponse {
                status,
                content_type,
                location,
                session_id,
                content_length,
                body,
                trace,
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use js_sys::Object;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen(module = "/src/bindings/exchange.js")]
    extern "C" {
        #[wasm_bindgen(thread_local_v2, js_name = FAILURE_CODES)]
        static FAILURE_CODES: Object;
    }

    fn thrown(code: &JsValue) -> JsValue {
        let thrown = Object::new();
        super::super::js::set(&thrown, "code", code);
        super::super::js::set(&thrown, "message", &JsValue::from_str("it failed"));
        thrown.into()
    }

    /// Every code in exchange.js's table reaches the host unchanged (a code fetch.rs did not
    /// know would silently become `network`).
    #[wasm_bindgen_test]
    fn every_failure_code_of_exchange_js_is_kept() {
        let codes = FAILURE_CODES.with(Object::values);
        assert!(codes.length() >= 4, "FAILURE_CODES is empty or missing");
        for code in codes.iter() {
            let error = rejected(thrown(&code));
            assert_eq!(Some(error.code.as_str()), code.as_string().as_deref());
            assert_eq!(error.message, "it failed");
        }
    }

    /// Anything else exchange.js (or code it calls) throws is a `network` error: a code
    /// that is not one of ours (a Node system error's, here), or no code at all.
    #[wasm_bindgen_test]
    fn an_unknown_failure_is_a_network_error() {
        assert_eq!(
            rejected(thrown(&JsValue::from_str("ECONNRESET"))).code,
            ErrorCode::Network
        );
        assert_eq!(rejected(JsValue::from_str("boom")).code, ErrorCode::Network);
    }
}
