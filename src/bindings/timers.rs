//! Timers and abort signals of the host runtime, in one place for every binding: a fresh
//! `AbortController` and its `abort()`, `AbortSignal.any`, `setTimeout` / `clearTimeout`, and
//! a sleep.
//!
//! They are looked up on the global object when called, so a runtime that lacks one degrades
//! (no timer, the first signal alone) instead of failing to load the module. The sleep is the
//! `sleep` export of `exchange.js`.

use super::js::{self, get};
use crate::error::{Error, ErrorCode, Result};
use js_sys::{Array, Function, Promise, Reflect};
use std::future::Future;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

#[wasm_bindgen(module = "/src/bindings/exchange.js")]
extern "C" {
    /// A promise that resolves after `ms` milliseconds, or rejects (`{code, message}`) when
    /// `signal` aborts or `timeout_ms` (0: none) passes first.
    #[wasm_bindgen(js_name = sleep)]
    fn js_sleep(ms: f64, signal: &JsValue, timeout_ms: f64, total: bool) -> Promise;
}

/// Resolves after `ms` milliseconds, counted from this call (not from the first poll), unless
/// `signal` aborts or `timeout_ms` (0: none; `total`: it is `maxTotalTimeoutMs`'s) passes
/// first: then [`ErrorCode::Aborted`] / [`ErrorCode::Timeout`].
pub fn sleep(
    ms: f64,
    signal: &JsValue,
    (timeout_ms, total): (f64, bool),
) -> impl Future<Output = Result<()>> {
    let started = JsFuture::from(js_sleep(ms, signal, timeout_ms, total));
    async move {
        started.await.map_err(super::fetch::rejected)?;
        Ok(())
    }
}

/// A fresh `AbortController`.
///
/// # Errors
///
/// [`ErrorCode::InvalidArgument`] when the runtime has no `AbortController` or constructing
/// one throws.
pub fn abort_controller() -> Result<JsValue> {
    let ctor: Function = js::global("AbortController").dyn_into().map_err(|_| {
        Error::new(
            ErrorCode::InvalidArgument,
            "this runtime lacks AbortController",
        )
    })?;
    Reflect::construct(&ctor, &Array::new())
        .map_err(|e| Error::new(ErrorCode::InvalidArgument, js::describe(&e)))
}

/// `controller.abort()`; nothing when `controller` has no `abort` method or it throws.
pub fn abort(controller: &JsValue) {
    if let Ok(f) = get(controller, "abort").dyn_into::<Function>() {
        let _ = f.call0(controller);
    }
}

/// `AbortSignal.any([a, b])`: a signal that aborts when either does (`a` alone when there is
/// no `b`, or the runtime has no `AbortSignal.any`).
pub fn any_signal(a: JsValue, b: Option<JsValue>) -> JsValue {
    let Some(b) = b else { return a };
    let abort_signal = js::global("AbortSignal");
    match get(&abort_signal, "any").dyn_into::<Function>() {
        Ok(any) => any.call1(&abort_signal, &Array::of2(&a, &b)).unwrap_or(a),
        Err(_) => a,
    }
}

/// `setTimeout(f, ms)` (`ms` in milliseconds, capped at the largest delay timers accept,
/// 2^31 − 1); returns the timer id (`undefined` when the runtime has no `setTimeout`).
pub fn set_timeout(f: impl FnOnce() + 'static, ms: f64) -> JsValue {
    let callback = Closure::once_into_js(f);
    match js::global("setTimeout").dyn_into::<Function>() {
        Ok(st) => st
            .call2(
                &JsValue::UNDEFINED,
                &callback,
                &JsValue::from_f64(ms.min(2_147_483_647.0)),
            )
            .unwrap_or(JsValue::UNDEFINED),
        Err(_) => JsValue::UNDEFINED,
    }
}

/// `clearTimeout(id)` of a timer [`set_timeout`] started.
pub fn clear_timeout(id: &JsValue) {
    if let Ok(ct) = js::global("clearTimeout").dyn_into::<Function>() {
        let _ = ct.call1(&JsValue::UNDEFINED, id);
    }
}
