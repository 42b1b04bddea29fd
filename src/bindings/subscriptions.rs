//! Subscriptions across the boundary (MCP 2026-07-28, `basic/patterns/subscriptions.mdx`:
//! `subscriptions/listen`; for handshake-era servers the GET stream of 2025-11-25
//! `basic/transports.mdx`): `subscribe` opens the stream and resolves to a
//! [`WasmSubscription`] once the server acknowledged it; a spawned task then reads the
//! stream, drops the cached results each notification makes stale, and hands every
//! notification to the host's callback.

use super::error::to_js;
use super::fetch::CallContext;
use super::js::{self, get, set};
use super::options::ignore_rejection;
use super::timers::{abort, abort_controller, any_signal, clear_timeout, set_timeout};
use super::{promise, WasmClient};
use crate::client::subscriptions::Filter;
use crate::client::RequestOptions;
use crate::error::{Error, ErrorCode};
use js_sys::{Function, Object, Promise};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::spawn_local;

/// Timeout of each request an open subscription makes on its own (answers to the server's
/// requests on the stream, `resources/unsubscribe` at its end), in milliseconds.
const SUBSCRIPTION_REQUEST_TIMEOUT_MS: f64 = 30_000.0;

/// A handle on an open subscription, as `subscribe` resolves to it.
#[wasm_bindgen]
pub struct WasmSubscription {
    controller: JsValue,
    acknowledged: String,
    closed: Promise,
}

#[wasm_bindgen]
impl WasmSubscription {
    /// Closes the stream (aborting it ends the subscription on the server). Idempotent.
    pub fn close(&self) {
        abort(&self.controller);
    }

    /// JSON text of what the server agreed to deliver: `{toolsListChanged?,
    /// promptsListChanged?, resourcesListChanged?, resourceSubscriptions?}`.
    #[wasm_bindgen(getter)]
    pub fn acknowledged(&self) -> String {
        self.acknowledged.clone()
    }

    /// Resolves once the subscription is over, to `{ reason: "closed" }` (the host closed
    /// it), `{ reason: "server_closed" }` (the server ended it gracefully) or `{ reason:
    /// "error", error }` (the stream dropped or failed; `error` is an `MCPAdapterError`).
    /// Never rejects.
    #[wasm_bindgen(getter)]
    pub fn closed(&self) -> Promise {
        self.closed.clone()
    }
}

/// Request options carrying `signal` and a timeout of `timeout_ms` milliseconds.
fn background_options(signal: Option<JsValue>, timeout_ms: Option<f64>) -> RequestOptions {
    RequestOptions {
        context: Some(Rc::new(CallContext {
            signal,
            timeout_ms,
            clock: None,
            headers: None,
        })),
        timeout_ms,
        ..RequestOptions::default()
    }
}

#[wasm_bindgen]
impl WasmClient {
    /// Opens a subscription (`subscriptions/listen`, or the handshake-era GET stream) for
    /// `filter` `{toolsListChanged?, promptsListChanged?, resourcesListChanged?,
    /// resourceSubscriptions?}`. Resolves, once the server has acknowledged it, to a
    /// `WasmSubscription`; then each notification invalidates the matching cached results
    /// and is handed to `on_notification({method, params})`. `call` is `{ signal?,
    /// timeoutMs? }`: the timeout bounds the wait for the acknowledgement only (a `timeout`
    /// error), the signal closes the subscription whenever it fires.
    pub fn subscribe(&self, filter: JsValue, on_notification: JsValue, call: JsValue) -> Promise {
        let ctx = self.cache_context();
        let opts = self.defaults.request_options(&call);
        let filter = js::to_json(&filter, "the filter").and_then(|f| Filter::from_json(&f));
        promise(async move {
            let (opts, filter) = (opts.map_err(to_js)?, filter.map_err(to_js)?);
            let callback: Function = on_notification.dyn_into().map_err(|_| {
                to_js(Error::new(
                    ErrorCode::InvalidArgument,
                    "subscribe: onNotification must be a function",
                ))
            })?;
            let call_ctx = opts
                .context
                .as_ref()
                .and_then(|c| c.downcast_ref::<CallContext>());
            let host_signal = call_ctx.and_then(|c| c.signal.clone());
            let ack_timeout = call_ctx.and_then(|c| c.timeout_ms);
            let controller = abort_controller().map_err(to_js)?;
            let signal = any_signal(get(&controller, "signal"), host_signal);
            let stream_opts = background_options(Some(signal.clone()), None);
            let timed_out = Rc::new(Cell::new(false));
            let timer = ack_timeout.map(|ms| {
                let (controller, flag) = (controller.clone(), timed_out.clone());
                set_timeout(
                    move || {
                        flag.set(true);
                        abort(&controller);
                    },
                    ms,
                )
            });
            let opened = ctx.client.listen(&filter, &stream_opts).await;
            if let Some(id) = &timer {
                clear_timeout(id);
            }
            let mut subscription = match opened {
                Ok(s) => s,
                Err(_) if timed_out.get() => {
                    return Err(to_js(Error::new(
                        ErrorCode::Timeout,
                        format!(
                            "subscribe: no acknowledgement within {} ms",
                            ack_timeout.unwrap_or(0.0) as u64
                        ),
                    )))
                }
                Err(e) => return Err(to_js(e)),
            };
            let acknowledged = crate::json_text(&subscription.acknowledged().to_json());
            let resolver: Rc<RefCell<Option<Function>>> = Rc::default();
            let slot = resolver.clone();
            let closed = Promise::new(&mut |resolve, _reject| {
                *slot.borrow_mut() = Some(resolve);
            });
            let background =
                background_options(Some(signal.clone()), Some(SUBSCRIPTION_REQUEST_TIMEOUT_MS));
            spawn_local(async move {
                let closed = || get(&signal, "aborted").as_bool() == Some(true);
                let ending = loop {
                    match subscription.next(&ctx.client, &background).await {
                        // one read may hold several notifications: none is handed over after
                        // close(), from the callback or elsewhere
                        Ok(Some(_)) if closed() => break ("closed", None),
                        Ok(Some(n)) => {
                            ctx.view().invalidate_for(&n.method, &n.params);
                            let event = Object::new();
                            set(&event, "method", &JsValue::from_str(&n.method));
                            set(
                                &event,
                                "params",
                                &js::parse_json(&crate::json_text(&n.params)),
                            );
                            // a throwing callback must not end the subscription, nor a
                            // rejecting one the process (an unhandled rejection ends Node)
                            if let Ok(returned) = callback.call1(&JsValue::UNDEFINED, &event) {
                                ignore_rejection(&returned);
                            }
                        }
                        Ok(None) => break ("server_closed", None),
                        Err(_) if closed() => break ("closed", None),
                        Err(e) => break ("error", Some(e)),
                    }
                };
                let unsubscribe_opts =
                    background_options(None, Some(SUBSCRIPTION_REQUEST_TIMEOUT_MS));
                ctx.client
                    .unsubscribe(&subscription, &unsubscribe_opts)
                    .await;
                drop(subscription);
                let outcome = Object::new();
                set(&outcome, "reason", &JsValue::from_str(ending.0));
                if let Some(e) = ending.1 {
                    set(&outcome, "error", &to_js(e));
                }
                if let Some(resolve) = resolver.borrow_mut().take() {
                    let _ = resolve.call1(&JsValue::UNDEFINED, &outcome);
                }
            });
            Ok(JsValue::from(WasmSubscription {
                controller,
                acknowledged,
                closed,
            }))
        })
    }
}
