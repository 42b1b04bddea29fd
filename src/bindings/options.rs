//! Reading the host's `MCPAdapter` options ([`ADAPTER_OPTIONS`]) and per-call options
//! ([`CALL_OPTIONS`]) from JS objects. Their types, defaults and meaning are documented once,
//! in `pkg-template/index.d.ts` (`MCPAdapterOptions`, `CallOptions`); `tests/contract.rs`
//! checks that the declarations name exactly these options, and that [`parse`] and
//! [`CallDefaults::request_options`] read exactly these, each once.

use super::fetch::{
    nul_joined, rejected, take_notifications, CallContext, HostHeaders, ProgressClock,
};
use super::js::{self, get};
use crate::client::{
    ClientConfig, HostHandler, NotificationFilter, NotificationHandler, ProtocolMode,
    RequestOptions,
};
use crate::error::{Error, ErrorCode, Result};
use crate::protocol::param_headers::{self, ParamHeader};
use futures_util::FutureExt;
use js_sys::{Function, Promise};
use serde_json::Value;
use std::any::Any;
use std::rc::Rc;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

#[wasm_bindgen(module = "/src/bindings/exchange.js")]
extern "C" {
    /// `f(arg, { signal })` awaited, raced against the call's `signal` and a deadline
    /// `timeout_ms` from now (0: none; `total` as for an exchange); see `callHost` in
    /// exchange.js. `name` names `f` in the messages.
    #[wasm_bindgen(js_name = callHost)]
    fn call_host_js(
        f: &Function,
        arg: &JsValue,
        signal: &JsValue,
        timeout_ms: f64,
        total: bool,
        name: &str,
    ) -> Promise;

    /// Ignores the rejection of a promise a host callback returned, as what it throws is
    /// ignored (unhandled, it would end a Node process); see `ignoreRejection` in exchange.js.
    #[wasm_bindgen(js_name = ignoreRejection)]
    pub(super) fn ignore_rejection(value: &JsValue);
}

/// Calls host code that answers for a call (`onElicitation`, `onSampling`, a `roots`
/// function, the `approval` predicate) now, as `f(arg, { signal })`, and returns the wait for
/// what it returns (a value or a promise), whose rejection [`rejected`] reads. With the
/// call's `context` (a [`CallContext`]: a call's [`RequestOptions::context`]) the wait ends
/// when the call's `AbortSignal` aborts or its timeout passes, as a wait on an HTTP exchange
/// does, and the `signal` the callback gets aborts then too; without one (outside any call)
/// nothing bounds it. What the callback does after that is ignored.
///
/// The wait rejects with `aborted` / `timeout` when cut off (messages as an exchange's,
/// "… while waiting for `name`"), and with "`name` threw: …" when `f` threw or its promise
/// rejected: `invalid_argument`, or the code of an `MCPAdapterError` it threw that tells of
/// the host's part (`HOST_CODES` in exchange.js: `aborted` and `timeout` among them).
pub(super) fn call_host(
    f: &Function,
    arg: &JsValue,
    context: Option<&Rc<dyn Any>>,
    name: &str,
) -> JsFuture {
    let (signal, (timeout_ms, total)) = super::fetch::bounds(context);
    JsFuture::from(call_host_js(f, arg, &signal, timeout_ms, total, name))
}

/// The adapter options [`parse`] reads, by their JavaScript names, in the order it reads them.
pub const ADAPTER_OPTIONS: [&str; 24] = [
    "clientInfo",
    "logLevel",
    "maxResponseBytes",
    "maxPages",
    "onProgress",
    "onLoggingMessage",
    "protocol",
    "onElicitation",
    "onSampling",
    "roots",
    "maxRounds",
    "holdCalls",
    "approval",
    "onWarning",
    "headers",
    "fetch",
    "onTrace",
    "timeoutMs",
    "serverName",
    "resetTimeoutOnProgress",
    "maxTotalTimeoutMs",
    "apps",
    "tasks",
    "taskWaitMs",
];

/// The per-call options [`CallDefaults::request_options`] reads, in the order it reads them.
pub const CALL_OPTIONS: [&str; 8] = [
    "timeoutMs",
    "signal",
    "onProgress",
    "headers",
    "resetTimeoutOnProgress",
    "maxTotalTimeoutMs",
    "idempotencyKey",
    "taskWaitMs",
];

/// The longest `idempotencyKey`, in bytes (UTF-8): a key, not a payload.
const MAX_IDEMPOTENCY_KEY: usize = 256;

/// Default of `maxTotalTimeoutMs`, the bound on a call whose timeout restarts on progress:
/// 10 minutes, so a server that reports progress forever cannot hold a call forever.
const DEFAULT_MAX_TOTAL_TIMEOUT_MS: f64 = 600_000.0;

/// The MCP logging levels (`LoggingLevel`, RFC 5424 names).
const LOG_LEVELS: &[&str] = &[
    "debug",
    "info",
    "notice",
    "warning",
    "error",
    "critical",
    "alert",
    "emergency",
];

/// Parsed adapter options.
pub struct Parsed {
    pub config: ClientConfig,
    pub approval: Option<Function>,
    pub fetch: Option<Function>,
    pub headers: HostHeaders,
    /// The `onTrace` option (see `FetchExchange`).
    pub on_trace: Option<Function>,
    pub defaults: CallDefaults,
}

/// What every call starts from.
#[derive(Clone)]
pub struct CallDefaults {
    timeout_ms: f64,
    reset_on_progress: bool,
    max_total_ms: f64,
    /// `taskWaitMs`, if given.
    task_wait_ms: Option<f64>,
    /// The adapter's `onProgress` and `onLoggingMessage`, called by each call's handler.
    on_progress: Option<Function>,
    on_log: Option<Function>,
    /// `server` of the callbacks' context: `serverName`, or the URL as given.
    server: String,
}

fn invalid(what: &str) -> Error {
    Error::new(ErrorCode::InvalidArgument, what.to_string())
}

/// Option `key` of `obj`; every option is read through here. (Read when needed rather than
/// all at once: see docs/wasm-size.md.)
fn option(obj: &JsValue, key: &str) -> JsValue {
    debug_assert!(
        ADAPTER_OPTIONS.contains(&key) || CALL_OPTIONS.contains(&key),
        "option {key} is not listed"
    );
    get(obj, key)
}

/// Option `key` of `obj` as a function (`None` when absent).
fn optional_function(obj: &JsValue, key: &str) -> Result<Option<Function>> {
    let v = option(obj, key);
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    v.dyn_into::<Function>()
        .map(Some)
        .map_err(|_| invalid(&format!("option {key} must be a function")))
}

/// Option `key` of `obj` as a non-negative number (`None` when absent).
fn optional_number(obj: &JsValue, key: &str) -> Result<Option<f64>> {
    let v = option(obj, key);
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    match v.as_f64() {
        Some(n) if n >= 0.0 && !n.is_nan() => Ok(Some(n)),
        _ => Err(invalid(&format!(
            "option {key} must be a non-negative number"
        ))),
    }
}

/// Option `key` of `obj` as a boolean (`None` when absent).
fn optional_bool(obj: &JsValue, key: &str) -> Result<Option<bool>> {
    let v = option(obj, key);
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    v.as_bool()
        .map(Some)
        .ok_or_else(|| invalid(&format!("option {key} must be a boolean")))
}

/// `{ server, tool }`, the second argument of the progress and logging callbacks: `tool` is
/// the tool being called, or `null` outside a tool call.
fn callback_context(server: &str, tool: Option<&str>) -> JsValue {
    let context: JsValue = js_sys::Object::new().into();
    js::set(&context, "server", &JsValue::from_str(server));
    js::set(
        &context,
        "tool",
        &tool.map_or(JsValue::NULL, JsValue::from_str),
    );
    context
}

/// The host's callbacks for notifications, with the call's timeout clock: the adapter's and
/// the call's `onProgress`, the adapter's `onLoggingMessage` (`undefined` where not given),
/// the context `{ server, tool }` each gets as second argument, and the last progress handed
/// on under each token of the call's requests (a plain object that exchange.js keeps).
struct Listeners {
    progress: [JsValue; 2],
    log: JsValue,
    context: JsValue,
    clock: Option<Rc<ProgressClock>>,
    last: JsValue,
}

impl Listeners {
    /// Hands the messages of `texts` (JSON texts) of the stream of a request that sent
    /// progress token `token` to the callbacks while they are notifications
    /// (`takeNotifications` in exchange.js: `notifications/progress` params that name `token`
    /// and increase to both progress callbacks, other progress dropped;
    /// `notifications/message` params to `log`; what they throw swallowed), in one crossing,
    /// and restarts the call's timeout if progress was handed on. Returns how many of the
    /// first it took.
    fn take(&self, texts: &[&str], token: Option<u64>) -> usize {
        let [progress, call_progress] = &self.progress;
        let joined = nul_joined(texts);
        // a request id: a JavaScript number holds it exactly
        let out = take_notifications(
            &joined,
            token.map(|t| t as f64),
            &self.last,
            progress,
            call_progress,
            &self.log,
            &self.context,
        );
        if let (1, Some(clock)) = (out & 1, &self.clock) {
            clock.progressed();
        }
        (out / 2) as usize
    }
}

/// Where notifications go, for a call (`tool` named, its `clock` when its timeout restarts on
/// progress) or for the adapter's requests outside a call: the host's callbacks, as plain JS
/// objects with the context `{ server, tool }` (made only when there is a callback: no
/// crossing for calls without one). `None` when nothing listens. Two ways in: the text of a
/// message on a call's event stream, taken before the core parses it
/// ([`NotificationFilter`]), and a notification the core parsed elsewhere (a handshake-era
/// session's stream, a subscription's), written out again for the same JS function.
fn notification_listeners(
    progress: [Option<Function>; 2],
    log: Option<Function>,
    (server, tool): (&str, Option<&str>),
    clock: Option<Rc<ProgressClock>>,
) -> Option<(NotificationHandler, NotificationFilter)> {
    let callbacks = progress.iter().any(Option::is_some) || log.is_some();
    if !callbacks && clock.is_none() {
        return None;
    }
    let context = if callbacks {
        callback_context(server, tool)
    } else {
        JsValue::UNDEFINED
    };
    let js = |f: Option<Function>| f.map_or(JsValue::UNDEFINED, JsValue::from);
    let [adapter, call] = progress;
    let listeners = Rc::new(Listeners {
        progress: [js(adapter), js(call)],
        log: js(log),
        context,
        clock,
        last: js_sys::Object::new().into(),
    });
    let parsed = listeners.clone();
    let handler: NotificationHandler =
        Rc::new(move |method: &str, params: &Value, token: Option<u64>| {
            let mut message = serde_json::Map::new();
            crate::put(&mut message, "method", Value::from(method));
            crate::put(&mut message, "params", params.clone());
            parsed.take(&[&crate::json_text(&Value::Object(message))], token);
        });
    Some((
        handler,
        Rc::new(move |texts: &[&str], token: Option<u64>| listeners.take(texts, token)),
    ))
}

/// Wraps a host callback `(params, { signal }) => result | Promise<result>`
/// (`onElicitation`, `onSampling`, a `roots` function) as a [`HostHandler`], called through
/// [`call_host`] with the call's context: bounded by the call's signal and timeout, what it
/// throws an error naming it.
fn host_handler(f: Function, name: &'static str) -> HostHandler {
    Rc::new(move |params: Value, context: Option<&Rc<dyn Any>>| {
        let params = js::parse_json(&crate::json_text(&params));
        let answer = call_host(&f, &params, context, name);
        async move { js::to_json(&answer.await.map_err(rejected)?, name) }.boxed_local()
    })
}

/// The `roots` option: an array of `{uri, name?}`, or a function returning one (or a
/// promise of one), answered as `{roots: [...]}` to `roots/list` input requests.
fn roots_handler(value: JsValue) -> Result<Option<HostHandler>> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    let wrap = |roots: Value| -> Result<Value> {
        match roots {
            Value::Array(_) => Ok(crate::obj! {"roots": roots}),
            Value::Object(ref o) if o.get("roots").is_some_and(Value::is_array) => Ok(roots),
            _ => Err(invalid(
                "option roots must be an array of {uri, name?} (or a function returning one)",
            )),
        }
    };
    if let Some(f) = value.dyn_ref::<Function>() {
        let inner = host_handler(f.clone(), "roots");
        return Ok(Some(Rc::new(
            move |params: Value, context: Option<&Rc<dyn Any>>| {
                let answer = inner(params, context);
                async move { wrap(answer.await?) }.boxed_local()
            },
        )));
    }
    let fixed = wrap(js::to_json(&value, "option roots")?)?;
    Ok(Some(Rc::new(
        move |_params: Value, _: Option<&Rc<dyn Any>>| {
            let fixed = fixed.clone();
            async move { Ok(fixed) }.boxed_local()
        },
    )))
}

/// Reads the adapter options ([`ADAPTER_OPTIONS`]).
///
/// # Errors
///
/// [`ErrorCode::InvalidArgument`] when `options` is not an object (or undefined) or an option
/// has the wrong type or value.
pub fn parse(options: &JsValue, url: &str) -> Result<Parsed> {
    if !(options.is_undefined() || options.is_null() || options.is_object()) {
        return Err(invalid("options must be an object"));
    }
    let mut config = ClientConfig::default();
    let client_info = js::to_json(&option(options, "clientInfo"), "option clientInfo")?;
    match client_info {
        Value::Null => {}
        Value::Object(ref o)
            if o.get("name").is_some_and(Value::is_string)
                && o.get("version").is_some_and(Value::is_string) =>
        {
            config.client_info = client_info
        }
        _ => {
            return Err(invalid(
                "option clientInfo must be an object with string name and version",
            ))
        }
    }
    let level = option(options, "logLevel");
    if !level.is_undefined() {
        match level.as_string() {
            Some(l) if LOG_LEVELS.contains(&l.as_str()) => config.log_level = Some(l),
            _ => {
                return Err(invalid(&format!(
                    "option logLevel must be one of {}",
                    crate::quoted_list(LOG_LEVELS)
                )))
            }
        }
    }
    if let Some(n) = optional_number(options, "maxResponseBytes")? {
        config.limits.max_body_bytes = n as usize;
    }
    if let Some(n) = optional_number(options, "maxPages")? {
        config.max_pages = (n as usize).max(1);
    }
    let on_progress = optional_function(options, "onProgress")?;
    config.progress = on_progress.is_some();
    let on_log = optional_function(options, "onLoggingMessage")?;
    if on_log.is_some() && config.log_level.is_none() {
        config.log_level = Some("info".into());
    }
    let protocol = option(options, "protocol");
    if !protocol.is_undefined() {
        config.protocol = protocol
            .as_string()
            .and_then(|p| ProtocolMode::parse(&p))
            .ok_or_else(|| {
                invalid("option protocol must be \"auto\", \"2026-07-28\" or \"legacy\"")
            })?;
    }
    config.on_elicitation =
        optional_function(options, "onElicitation")?.map(|f| host_handler(f, "onElicitation"));
    config.on_sampling =
        optional_function(options, "onSampling")?.map(|f| host_handler(f, "onSampling"));
    config.roots = roots_handler(option(options, "roots"))?;
    if let Some(n) = optional_number(options, "maxRounds")? {
        config.max_rounds = n.min(1000.0) as u32;
    }
    config.hold_calls = optional_bool(options, "holdCalls")?.unwrap_or(true);
    let approval = optional_function(options, "approval")?;
    let on_warning = match optional_function(options, "onWarning")? {
        Some(f) => Some(f),
        None => js::get(&js::global("console"), "warn")
            .dyn_into::<Function>()
            .ok(),
    };
    config.on_warning = on_warning.map(|f| {
        Rc::new(move |text: &str| {
            let text = JsValue::from_str(&format!("mcp-wasm-adapter: {text}"));
            if let Ok(returned) = f.call1(&JsValue::UNDEFINED, &text) {
                ignore_rejection(&returned);
            }
        }) as Rc<dyn Fn(&str)>
    });
    // In a page or worker, an opaque fetch TypeError from the probe is usually CORS.
    config.opaque_network_error_means_handshake =
        !js::global("document").is_undefined() || !js::global("WorkerGlobalScope").is_undefined();
    let headers = HostHeaders::from_option(option(options, "headers"))?;
    let fetch = optional_function(options, "fetch")?;
    let on_trace = optional_function(options, "onTrace")?;
    let timeout_ms = optional_number(options, "timeoutMs")?.unwrap_or(60_000.0);
    let server = match option(options, "serverName") {
        v if v.is_undefined() || v.is_null() => url.to_string(),
        v => v
            .as_string()
            .ok_or_else(|| invalid("option serverName must be a string"))?,
    };
    let reset_on_progress = optional_bool(options, "resetTimeoutOnProgress")?.unwrap_or(false);
    let max_total_ms =
        optional_number(options, "maxTotalTimeoutMs")?.unwrap_or(DEFAULT_MAX_TOTAL_TIMEOUT_MS);
    config.apps = optional_bool(options, "apps")?.unwrap_or(false);
    config.tasks = optional_bool(options, "tasks")?.unwrap_or(true);
    let task_wait_ms = optional_number(options, "taskWaitMs")?;
    // requests outside a call's handler (a subscription's stream) reach the callbacks with
    // `tool: null`
    config.on_notification = notification_listeners(
        [on_progress.clone(), None],
        on_log.clone(),
        (&server, None),
        None,
    )
    .map(|(handler, _)| handler);
    Ok(Parsed {
        config,
        approval,
        fetch,
        headers,
        on_trace,
        defaults: CallDefaults {
            timeout_ms,
            reset_on_progress,
            max_total_ms,
            task_wait_ms,
            on_progress,
            on_log,
            server,
        },
    })
}

impl CallDefaults {
    /// Per-call options ([`CALL_OPTIONS`]) over the adapter's defaults, for a request that
    /// is not a tool call.
    ///
    /// # Errors
    ///
    /// [`ErrorCode::InvalidArgument`] when `call` is not an object (or undefined) or an option
    /// has the wrong type.
    pub fn request_options(&self, call: &JsValue) -> Result<RequestOptions> {
        self.call_options(call, None)
    }

    /// Per-call options ([`CALL_OPTIONS`]) over the adapter's defaults; `tool` is the tool
    /// being called (the callbacks' context), if any.
    ///
    /// # Errors
    ///
    /// As [`CallDefaults::request_options`].
    pub fn call_options(&self, call: &JsValue, tool: Option<&str>) -> Result<RequestOptions> {
        if !(call.is_undefined() || call.is_null() || call.is_object()) {
            return Err(invalid("call options must be an object"));
        }
        let timeout_ms = optional_number(call, "timeoutMs")?.unwrap_or(self.timeout_ms);
        let signal = option(call, "signal");
        let signal = if signal.is_undefined() || signal.is_null() {
            None
        } else if get(&signal, "aborted").as_bool().is_some() {
            Some(signal)
        } else {
            return Err(invalid("option signal must be an AbortSignal"));
        };
        let on_progress = optional_function(call, "onProgress")?;
        // merged over the adapter's `headers` by exchange.js, names compared case-insensitively
        let headers = option(call, "headers");
        let headers = if headers.is_undefined() || headers.is_null() {
            None
        } else if headers.is_object() && !headers.is_function() {
            Some(headers)
        } else {
            return Err(invalid(
                "option headers of a call must be an object or a Headers",
            ));
        };
        let reset =
            optional_bool(call, "resetTimeoutOnProgress")?.unwrap_or(self.reset_on_progress);
        let max_total_ms = optional_number(call, "maxTotalTimeoutMs")?.unwrap_or(self.max_total_ms);
        let key = option(call, "idempotencyKey");
        let idempotency_key = match key.as_string() {
            _ if key.is_undefined() || key.is_null() => None,
            Some(text) if !text.is_empty() && text.len() <= MAX_IDEMPOTENCY_KEY => Some(text),
            _ => {
                return Err(invalid(
                    "option idempotencyKey must be a string of 1 to 256 bytes",
                ))
            }
        };
        let task_wait_ms = optional_number(call, "taskWaitMs")?.or(self.task_wait_ms);
        let timeout_ms = (timeout_ms > 0.0).then_some(timeout_ms);
        // the timeout restarts on progress only when progress is asked for
        let clock = reset.then(|| Rc::new(ProgressClock::new(timeout_ms, max_total_ms)));
        let progress = on_progress.is_some() || reset;
        let (on_notification, on_notification_text) = notification_listeners(
            [self.on_progress.clone(), on_progress],
            self.on_log.clone(),
            (&self.server, tool),
            clock.clone(),
        )
        .unzip();
        Ok(RequestOptions {
            context: Some(Rc::new(CallContext {
                signal,
                timeout_ms,
                headers,
                clock,
            })),
            progress,
            on_notification,
            on_notification_text,
            on_elicitation: None,
            timeout_ms,
            param_headers: tool.map(|_| listed_mirrors(call)).transpose()?.flatten(),
            idempotency_key,
            // the W3C trace context adapter.js took for this call (controls.js `traced`)
            trace: symbol("mcp-wasm-adapter.trace", call).as_string(),
            check_only: symbol("mcp-wasm-adapter.checkOnly", call).is_truthy(),
            task_wait_ms,
            cancel: symbol("mcp-wasm-adapter.cancelTask", call).is_truthy(),
            era: None,
        })
    }
}

/// What adapter.js hands over in call options under `Symbol.for(name)` (no host option can
/// clash with it), `undefined` when absent; read without `option`: a symbol is no host option.
fn symbol(name: &str, given: &JsValue) -> JsValue {
    if !given.is_object() {
        return JsValue::UNDEFINED;
    }
    js_sys::Reflect::get(given, &js_sys::Symbol::for_(name)).unwrap_or(JsValue::UNDEFINED)
}

/// The `x-mcp-header` mirrors of a tool call made through a tool of a listing made with the
/// call's own headers: those of the `inputSchema` that listing showed, which adapter.js hands
/// over under the symbol `mcp-wasm-adapter.listedSchema` (no host option can clash with it);
/// `None` for every other call, which mirrors per the adapter's own listing. `given` is the
/// call options, read here without `option`: the symbol is no host option.
///
/// # Errors
///
/// [`ErrorCode::InvalidArgument`] when that schema is not JSON or its annotations are invalid.
fn listed_mirrors(given: &JsValue) -> Result<Option<Rc<Vec<ParamHeader>>>> {
    let schema = symbol("mcp-wasm-adapter.listedSchema", given);
    if schema.is_undefined() {
        return Ok(None);
    }
    let schema = js::to_json(&schema, "the listed tool's inputSchema")?;
    param_headers::tool_param_headers(&schema)
        .map(|mirrors| Some(Rc::new(mirrors)))
        .map_err(|_| invalid("the listed tool's inputSchema has an invalid x-mcp-header"))
}
