//! The [`Exchange`] over the host's `fetch` (or the global one): one POST, the response body
//! read as a stream of `Uint8Array` chunks, cancellation through `AbortSignal`.
//!
//! Each call's signal is `AbortSignal.any([host signal, AbortSignal.timeout(timeoutMs)])`, so
//! the timeout covers the whole exchange, body included, and aborting closes the response
//! stream (the cancellation signal of MCP 2026-07-28, `streamable-http.mdx` "Cancellation").
//! Redirects are `manual`: the core follows only same-origin 307/308, so host headers
//! (credentials) never reach another origin.

use super::js::{describe, get, global, set};
use super::signals::{ignore_rejection, Signals};
use crate::error::{Error, ErrorCode, Result};
use crate::transport::{Exchange, HttpRequest, HttpResponse};
use bytes::Bytes;
use futures_util::future::LocalBoxFuture;
use futures_util::stream::{self, StreamExt};
use js_sys::{Array, Function, Object, Promise, Reflect, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// The whole body of `response` (`arrayBuffer()`), as one chunk.
async fn read_whole(response: &JsValue, signals: std::rc::Rc<Signals>, race: bool) -> Result<Bytes> {
    let read: Function = get(response, "arrayBuffer").dyn_into().map_err(|_| missing("Response.arrayBuffer"))?;
    let pending = read.call0(response).map_err(|e| signals.classify(&e, "while reading the response"))?;
    let buffer = signals.wait(&pending, race).await.map_err(|e| signals.classify(&e, "while reading the response"))?;
    Ok(Bytes::from(Uint8Array::new(&buffer).to_vec()))
}

/// Timeout of requests made outside any call (milliseconds).
const BACKGROUND_TIMEOUT_MS: f64 = 10_000.0;

/// The host's `headers` option.
pub enum HostHeaders {
    /// No extra headers.
    None,
    /// A plain object or `Headers`, sent on every request.
    Fixed(JsValue),
    /// A function called per request with `{ url, method }` (the MCP method); may be async.
    Dynamic(Function),
}

impl HostHeaders {
    /// Reads the option. Anything but undefined, an object or a function is an error.
    pub fn from_option(value: JsValue) -> Result<HostHeaders> {
        if value.is_undefined() || value.is_null() {
            Ok(HostHeaders::None)
        } else if let Some(f) = value.dyn_ref::<Function>() {
            Ok(HostHeaders::Dynamic(f.clone()))
        } else if value.is_object() {
            Ok(HostHeaders::Fixed(value))
        } else {
            Err(Error::new(ErrorCode::InvalidArgument, "option headers must be an object, a Headers, or a function"))
        }
    }
}

/// Per-call context carried in [`HttpRequest::context`].
pub struct CallContext {
    /// The host's `AbortSignal`, if any.
    pub signal: Option<JsValue>,
    /// Timeout in milliseconds, if any.
    pub timeout_ms: Option<f64>,
}

/// `fetch`-backed exchange.
pub struct FetchExchange {
    fetch: Option<Function>,
    headers: std::rc::Rc<HostHeaders>,
}

impl FetchExchange {
    pub fn new(fetch: Option<Function>, headers: HostHeaders) -> FetchExchange {
        FetchExchange { fetch, headers: std::rc::Rc::new(headers) }
    }
}

fn missing(what: &str) -> Error {
    Error::new(ErrorCode::InvalidArgument, format!("this runtime lacks {what}"))
}

/// Cancels the body reader when the stream is dropped before its end (we stopped reading:
/// the response we wanted arrived, or the call failed), which closes the connection.
struct ReaderGuard {
    reader: JsValue,
    done: bool,
}

impl Drop for ReaderGuard {
    fn drop(&mut self) {
        if !self.done {
            if let Ok(cancel) = get(&self.reader, "cancel").dyn_into::<Function>() {
                if let Ok(p) = cancel.call0(&self.reader) {
                    // the rejection of an already-errored stream is expected
                    ignore_rejection(&p);
                }
            }
        }
    }
}

impl Exchange for FetchExchange {
    fn sleep(&self, ms: u64) -> LocalBoxFuture<'static, ()> {
        let promise = Promise::new(&mut |resolve, _reject| {
            if let Ok(set_timeout) = global("setTimeout").dyn_into::<Function>() {
                let _ = set_timeout.call2(&JsValue::UNDEFINED, &resolve, &JsValue::from_f64(ms as f64));
            } else {
                let _ = resolve.call0(&JsValue::UNDEFINED);
            }
        });
        Box::pin(async move {
            let _ = JsFuture::from(promise).await;
        })
    }

    fn post(&self, request: HttpRequest) -> LocalBoxFuture<'static, Result<HttpResponse>> {
        let fetch = self.fetch.clone();
        let host_headers = self.headers.clone();
        Box::pin(async move {
            let ctx = request.context.as_ref().and_then(|c| c.downcast_ref::<CallContext>());
            // requests made without a call context (session cleanup, cancellation notices)
            // are bounded too
            let (host_signal, timeout_ms) = match ctx {
                Some(c) => (c.signal.clone(), c.timeout_ms),
                None => (None, Some(BACKGROUND_TIMEOUT_MS)),
            };
            let signals = std::rc::Rc::new(Signals::new(host_signal, timeout_ms)?);
            // the global fetch honours the signal; a custom one might not
            let race = fetch.is_some();
            let headers = build_headers(&host_headers, &request, &signals).await?;
            let init = Object::new();
            set(&init, "method", &JsValue::from_str(request.method));
            set(&init, "headers", &headers);
            if !request.body.is_empty() {
                set(&init, "body", &JsValue::from_str(&request.body));
            }
            set(&init, "redirect", &JsValue::from_str("manual"));
            if !signals.combined.is_undefined() {
                set(&init, "signal", &signals.combined);
            }
            let fetch = match fetch {
                Some(f) => f,
                None => global("fetch").dyn_into::<Function>().map_err(|_| missing("fetch"))?,
            };
            let started =
                fetch.call2(&JsValue::UNDEFINED, &JsValue::from_str(&request.url), &init).map_err(|e| signals.classify(&e, "before sending"))?;
            let response = signals.wait(&started, race).await.map_err(|e| signals.classify(&e, "before the response arrived"))?;
            let status = match get(&response, "status").as_f64() {
                Some(status) if response.is_object() => status as u16,
                _ => return Err(Error::new(ErrorCode::Network, "fetch did not resolve to a Response")),
            };
            let response_headers = get(&response, "headers");
            let header = |name: &str| -> Option<String> {
                let getter: Function = get(&response_headers, "get").dyn_into().ok()?;
                getter.call1(&response_headers, &JsValue::from_str(name)).ok()?.as_string()
            };
            let content_type = header("content-type");
            let location = header("location");
            let session_id = header("mcp-session-id");
            // A JSON body of declared length is read in one piece (one crossing, one copy);
            // event streams and bodies of unknown length are read chunk by chunk, so the
            // core's size limit stops them early.
            let declared = header("content-length").and_then(|n| n.trim().parse::<usize>().ok());
            let json = crate::transport::body::media_type(content_type.as_deref()) == "application/json";
            if let (true, Some(len)) = (json, declared) {
                if len <= request.body_limit {
                    let body = read_whole(&response, signals, race).await;
                    return Ok(HttpResponse { status, content_type, location, session_id, body: stream::iter([body]).boxed_local() });
                }
            }
            let body = get(&response, "body");
            let reader = if body.is_object() {
                let get_reader: Function = get(&body, "getReader").dyn_into().map_err(|_| missing("ReadableStream.getReader"))?;
                Some(get_reader.call0(&body).map_err(|e| Error::new(ErrorCode::Network, describe(&e)))?)
            } else {
                None
            };
            let chunks = stream::unfold(reader.map(|reader| ReaderGuard { reader, done: false }), move |guard| {
                let signals = signals.clone();
                async move {
                    let mut guard = guard?;
                    let read: Function = match get(&guard.reader, "read").dyn_into() {
                        Ok(f) => f,
                        Err(_) => return Some((Err(missing("ReadableStreamDefaultReader.read")), None)),
                    };
                    let step = match read.call0(&guard.reader) {
                        Ok(p) => signals.wait(&p, race).await,
                        Err(e) => Err(e),
                    };
                    match step {
                        Err(e) => {
                            guard.done = true;
                            Some((Err(signals.classify(&e, "while reading the response")), None))
                        }
                        Ok(chunk) if get(&chunk, "done").as_bool() == Some(true) => {
                            guard.done = true;
                            None
                        }
                        Ok(chunk) => {
                            let value = get(&chunk, "value");
                            let bytes = match value.dyn_ref::<Uint8Array>() {
                                Some(array) => Bytes::from(array.to_vec()),
                                None => return Some((Err(Error::new(ErrorCode::Network, "response body chunk is not a Uint8Array")), None)),
                            };
                            Some((Ok(bytes), Some(guard)))
                        }
                    }
                }
            })
            .boxed_local();
            Ok(HttpResponse { status, content_type, location, session_id, body: chunks })
        })
    }
}

/// The request headers: the host's (object, `Headers`, or the result of the host's
/// function) without any `Mcp-*` names, then ours, which win (the MCP headers must match
/// the body; session ids are the adapter's to send).
async fn build_headers(host: &HostHeaders, request: &HttpRequest, signals: &Signals) -> Result<JsValue> {
    let bad = |e: JsValue| Error::new(ErrorCode::InvalidArgument, format!("option headers: {}", describe(&e)));
    let initial = match host {
        // only ours: a plain object, no Headers to build and sift
        HostHeaders::None => {
            let plain = Object::new();
            for (name, value) in &request.headers {
                set(&plain, name, &JsValue::from_str(value));
            }
            return Ok(plain.into());
        }
        HostHeaders::Fixed(v) => v.clone(),
        HostHeaders::Dynamic(f) => {
            let ctx = Object::new();
            set(&ctx, "url", &JsValue::from_str(&request.url));
            let method = request.headers.iter().find(|(n, _)| n == crate::protocol::headers::METHOD).map(|(_, v)| v.as_str()).unwrap_or("");
            set(&ctx, "method", &JsValue::from_str(method));
            let out = f.call1(&JsValue::UNDEFINED, &ctx).map_err(bad)?;
            signals.wait(&out, true).await.map_err(|e| match signals.classify(&e, "while the headers option was computed") {
                cut @ Error { code: ErrorCode::Timeout | ErrorCode::Aborted, .. } => cut,
                _ => bad(e),
            })?
        }
    };
    let ctor: Function = global("Headers").dyn_into().map_err(|_| missing("Headers"))?;
    let args = if initial.is_undefined() || initial.is_null() { Array::new() } else { Array::of1(&initial) };
    let headers = Reflect::construct(&ctor, &args).map_err(bad)?;
    let names: Vec<String> = match js_sys::try_iter(&get_method(&headers, "keys")?).map_err(bad)? {
        Some(iter) => iter.filter_map(|n| n.ok().and_then(|n| n.as_string())).collect(),
        None => Vec::new(),
    };
    let delete: Function = get(&headers, "delete").dyn_into().map_err(|_| missing("Headers.delete"))?;
    let get_header: Function = get(&headers, "get").dyn_into().map_err(|_| missing("Headers.get"))?;
    for name in names {
        if name.to_ascii_lowercase().starts_with("mcp-") {
            delete.call1(&headers, &JsValue::from_str(&name)).map_err(bad)?;
        } else if let Some(value) = get_header.call1(&headers, &JsValue::from_str(&name)).ok().and_then(|v| v.as_string()) {
            super::secrets::remember(&name, &value);
        }
    }
    let set_header: Function = get(&headers, "set").dyn_into().map_err(|_| missing("Headers.set"))?;
    for (name, value) in &request.headers {
        set_header.call2(&headers, &JsValue::from_str(name), &JsValue::from_str(value)).map_err(bad)?;
    }
    Ok(headers)
}

/// Calls the no-argument method `name` of `obj` (e.g. `headers.keys()`).
fn get_method(obj: &JsValue, name: &str) -> Result<JsValue> {
    let f: Function = get(obj, name).dyn_into().map_err(|_| missing(name))?;
    f.call0(obj).map_err(|e| Error::new(ErrorCode::InvalidArgument, describe(&e)))
}
