//! The cancellation of one exchange: the host's `AbortSignal` and the call's timeout joined
//! into the one signal handed to `fetch`.
//!
//! The timeout is an `AbortController` aborted by a `setTimeout` that is cleared as soon as
//! the exchange ends, so a finished call leaves no timer, listener or closure behind
//! (`AbortSignal.timeout` cannot be cleared and would keep every call's objects alive for
//! the whole timeout). Waits that host code controls — the `headers` function, and a custom
//! `fetch` and its body reads — also race an "aborted" promise, so code that ignores the
//! signal still cannot outlive the call. The global `fetch` honours the signal itself.

use super::js::{describe, error_name, get, global};
use crate::error::{Error, ErrorCode, Result};
use js_sys::{Array, Function, Object, Promise};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// The promise that resolves once the signal aborts, and its `abort` listener.
type AbortWatch = (Promise, Closure<dyn FnMut()>);

/// The signal of one exchange (see the module docs).
pub struct Signals {
    /// What `fetch` gets as `signal` (`undefined` when there is neither signal nor timeout).
    pub combined: JsValue,
    host: Option<JsValue>,
    timed_out: Rc<Cell<bool>>,
    timer: Option<JsValue>,
    _on_timeout: Option<Closure<dyn FnMut()>>,
    /// Resolves to `ABORTED` once `combined` aborts; armed on first use by [`Signals::race`].
    aborted: RefCell<Option<AbortWatch>>,
    sentinel: JsValue,
}

fn missing(what: &str) -> Error {
    Error::new(ErrorCode::InvalidArgument, format!("this runtime lacks {what}"))
}

fn construct(name: &str) -> Result<JsValue> {
    let ctor: Function = global(name).dyn_into().map_err(|_| missing(name))?;
    js_sys::Reflect::construct(&ctor, &Array::new()).map_err(|e| Error::new(ErrorCode::InvalidArgument, describe(&e)))
}

impl Signals {
    /// Joins the host's `signal` and a timeout of `timeout_ms` (none when `None`).
    pub fn new(host: Option<JsValue>, timeout_ms: Option<f64>) -> Result<Signals> {
        let timed_out = Rc::new(Cell::new(false));
        let (controller_signal, timer, on_timeout) = match timeout_ms {
            Some(ms) => {
                let controller = construct("AbortController")?;
                let signal = get(&controller, "signal");
                let abort: Function = get(&controller, "abort").dyn_into().map_err(|_| missing("AbortController.abort"))?;
                let flag = timed_out.clone();
                let on_timeout = Closure::<dyn FnMut()>::new(move || {
                    flag.set(true);
                    let _ = abort.call0(&controller);
                });
                let set_timeout: Function = global("setTimeout").dyn_into().map_err(|_| missing("setTimeout"))?;
                let timer = set_timeout
                    .call2(&JsValue::UNDEFINED, on_timeout.as_ref(), &JsValue::from_f64(ms.min(2_147_483_647.0)))
                    .map_err(|e| Error::new(ErrorCode::InvalidArgument, describe(&e)))?;
                (Some(signal), Some(timer), Some(on_timeout))
            }
            None => (None, None, None),
        };
        let combined = match (&host, &controller_signal) {
            (None, None) => JsValue::UNDEFINED,
            (Some(one), None) | (None, Some(one)) => one.clone(),
            (Some(h), Some(t)) => {
                let abort_signal = global("AbortSignal");
                let any: Function = get(&abort_signal, "any").dyn_into().map_err(|_| missing("AbortSignal.any"))?;
                any.call1(&abort_signal, &Array::of2(h, t)).map_err(|e| Error::new(ErrorCode::InvalidArgument, describe(&e)))?
            }
        };
        Ok(Signals { combined, host, timed_out, timer, _on_timeout: on_timeout, aborted: RefCell::new(None), sentinel: Object::new().into() })
    }

    fn is_aborted(&self) -> bool {
        get(&self.combined, "aborted").as_bool() == Some(true)
    }

    /// The promise that resolves to the sentinel once the call aborts, armed on first use.
    fn aborted(&self) -> Option<Promise> {
        if self.combined.is_undefined() {
            return None;
        }
        if let Some((promise, _)) = self.aborted.borrow().as_ref() {
            return Some(promise.clone());
        }
        let resolver: Rc<RefCell<Option<Function>>> = Rc::default();
        let slot = resolver.clone();
        let promise = Promise::new(&mut |resolve, _reject| {
            *slot.borrow_mut() = Some(resolve);
        });
        let sentinel = self.sentinel.clone();
        let fire = resolver.clone();
        let on_abort = Closure::<dyn FnMut()>::new(move || {
            if let Some(resolve) = fire.borrow().as_ref() {
                let _ = resolve.call1(&JsValue::UNDEFINED, &sentinel);
            }
        });
        if self.is_aborted() {
            if let Some(resolve) = resolver.borrow().as_ref() {
                let _ = resolve.call1(&JsValue::UNDEFINED, &self.sentinel);
            }
        } else if let Ok(add) = get(&self.combined, "addEventListener").dyn_into::<Function>() {
            let _ = add.call2(&self.combined, &JsValue::from_str("abort"), on_abort.as_ref());
        }
        *self.aborted.borrow_mut() = Some((promise.clone(), on_abort));
        Some(promise)
    }

    /// Awaits `value` (a promise or a plain value). With `race`, the call's abort ends the
    /// wait too, as a rejection with the signal's reason.
    pub async fn wait(&self, value: &JsValue, race: bool) -> std::result::Result<JsValue, JsValue> {
        let promise = Promise::resolve(value);
        let Some(aborted) = race.then(|| self.aborted()).flatten() else {
            return JsFuture::from(promise).await;
        };
        let out = JsFuture::from(Promise::race(&Array::of2(&promise, &aborted))).await?;
        if out == self.sentinel {
            return Err(get(&self.combined, "reason"));
        }
        Ok(out)
    }

    /// Maps a rejection of `fetch`, of a body read or of the headers function to a typed
    /// error: `timeout` when the timer fired, `aborted` when the host's signal did,
    /// `network` otherwise.
    pub fn classify(&self, thrown: &JsValue, during: &str) -> Error {
        let host_aborted = self.host.as_ref().is_some_and(|s| get(s, "aborted").as_bool() == Some(true));
        if self.timed_out.get() && !host_aborted {
            Error::new(ErrorCode::Timeout, format!("the call timed out {during}"))
        } else if host_aborted {
            Error::new(ErrorCode::Aborted, format!("the call was aborted {during}"))
        } else if error_name(thrown) == "TimeoutError" {
            Error::new(ErrorCode::Timeout, format!("the call timed out {during}"))
        } else if error_name(thrown) == "AbortError" {
            Error::new(ErrorCode::Aborted, format!("the call was aborted {during}"))
        } else {
            Error::new(ErrorCode::Network, format!("fetch failed {during}: {}", describe(thrown)))
        }
    }
}

impl Drop for Signals {
    fn drop(&mut self) {
        if let (Some(timer), Ok(clear)) = (&self.timer, global("clearTimeout").dyn_into::<Function>()) {
            let _ = clear.call1(&JsValue::UNDEFINED, timer);
        }
        if let Some((_, on_abort)) = self.aborted.borrow().as_ref() {
            if let Ok(remove) = get(&self.combined, "removeEventListener").dyn_into::<Function>() {
                let _ = remove.call2(&self.combined, &JsValue::from_str("abort"), on_abort.as_ref());
            }
        }
    }
}

thread_local! {
    /// One do-nothing callback for the whole instance, to mark promises handled.
    static NOOP: Closure<dyn FnMut(JsValue)> = Closure::new(|_: JsValue| {});
}

/// Marks `promise` handled (a rejection of a cancelled stream is no unhandled rejection).
pub fn ignore_rejection(promise: &JsValue) {
    if let Ok(catch) = get(promise, "catch").dyn_into::<Function>() {
        NOOP.with(|noop| {
            let _ = catch.call1(promise, noop.as_ref());
        });
    }
}
