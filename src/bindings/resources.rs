//! Resources, prompts, completion and subscriptions across the boundary (MCP 2026-07-28
//! §5 of the digest): a second `#[wasm_bindgen] impl WasmClient` block, plus the
//! `WasmSubscription` handle.
//!
//! Per-adapter state (the private result cache, the prompts' declared arguments) lives in a
//! registry keyed by the adapter's `Client` (held weakly, so an adapter that is freed leaves
//! nothing behind); public results go to one process-wide store keyed by server URL.
//! Call options here are `{ signal?, timeoutMs?, cacheMode?: "use" | "refresh" | "bypass" }`.

use super::error::to_js;
use super::fetch::CallContext;
use super::js::{self, get, set};
use super::{promise, WasmClient};
use crate::adapter::resources::{get_prompt, host_shape, read_resource};
use crate::client::cache::{Cache, CacheMode, CacheView};
use crate::client::prompts::complete_params;
use crate::client::subscriptions::Filter;
use crate::client::{Client, RequestOptions};
use crate::error::{Error, ErrorCode, Result};
use js_sys::{Array, Function, Object, Promise, Reflect};
use serde_json::{Map, Value};
use std::cell::RefCell;
use std::rc::{Rc, Weak};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::spawn_local;

/// Timeout of the requests a subscription makes on its own (answers to server requests,
/// `resources/unsubscribe`), in milliseconds.
const BACKGROUND_TIMEOUT_MS: f64 = 30_000.0;

/// What one adapter keeps beside its `Client`.
struct Extras {
    /// Private results (and the first place public ones are looked up).
    cache: Cache,
    /// `arguments` of each prompt, from the last `prompts/list`.
    /// (A JSON map of arrays: the wasm then carries one map type and no hashing code.)
    prompt_arguments: RefCell<Map<String, Value>>,
}

thread_local! {
    static REGISTRY: RefCell<Vec<(Weak<Client>, Rc<Extras>)>> = const { RefCell::new(Vec::new()) };
    static PUBLIC: Rc<Cache> = Rc::new(Cache::default());
}

/// The extras of `client` (created on first use; entries of freed clients are pruned).
fn extras(client: &Rc<Client>) -> Rc<Extras> {
    REGISTRY.with(|r| {
        let mut list = r.borrow_mut();
        list.retain(|(weak, _)| weak.strong_count() > 0);
        if let Some((_, extras)) = list.iter().find(|(weak, _)| std::ptr::eq(weak.as_ptr(), Rc::as_ptr(client))) {
            return extras.clone();
        }
        let fresh = Rc::new(Extras { cache: Cache::default(), prompt_arguments: RefCell::default() });
        list.push((Rc::downgrade(client), fresh.clone()));
        fresh
    })
}

fn public_cache() -> Rc<Cache> {
    PUBLIC.with(Rc::clone)
}

/// Everything a call needs, owned, so that the future is `'static`.
pub(super) struct Ctx {
    client: Rc<Client>,
    extras: Rc<Extras>,
    public: Rc<Cache>,
    target: String,
}

impl Ctx {
    pub(super) fn view(&self) -> CacheView<'_> {
        CacheView { private: &self.extras.cache, public: &self.public, target: &self.target }
    }
}

fn cache_mode(call: &JsValue) -> Result<CacheMode> {
    let mode = get(call, "cacheMode");
    if mode.is_undefined() || mode.is_null() {
        return Ok(CacheMode::Use);
    }
    mode.as_string()
        .and_then(|m| CacheMode::parse(&m))
        .ok_or_else(|| Error::new(ErrorCode::InvalidArgument, "option cacheMode must be \"use\", \"refresh\" or \"bypass\""))
}

/// The JS error for `err`, with `uri` set on `resource_not_found`.
fn to_js_for(err: Error, uri: &str) -> JsValue {
    let code = err.code;
    let js = to_js(err);
    if code == ErrorCode::ResourceNotFound {
        set(&js, "uri", &JsValue::from_str(uri));
    }
    js
}

fn json_text(value: Value) -> JsValue {
    super::json::to_host(value)
}

/// A fresh `AbortController`.
fn abort_controller() -> Result<JsValue> {
    let ctor: Function =
        js::global("AbortController").dyn_into().map_err(|_| Error::new(ErrorCode::InvalidArgument, "this runtime lacks AbortController"))?;
    Reflect::construct(&ctor, &Array::new()).map_err(|e| Error::new(ErrorCode::InvalidArgument, js::describe(&e)))
}

fn abort(controller: &JsValue) {
    if let Ok(f) = get(controller, "abort").dyn_into::<Function>() {
        let _ = f.call0(controller);
    }
}

/// `AbortSignal.any([a, b])` (or `a` alone).
fn any_signal(a: JsValue, b: Option<JsValue>) -> JsValue {
    let Some(b) = b else { return a };
    let abort_signal = js::global("AbortSignal");
    match get(&abort_signal, "any").dyn_into::<Function>() {
        Ok(any) => any.call1(&abort_signal, &Array::of2(&a, &b)).unwrap_or(a),
        Err(_) => a,
    }
}

/// `setTimeout(f, ms)`; returns the timer id (`undefined` when the runtime has none).
fn set_timeout(f: impl FnOnce() + 'static, ms: f64) -> JsValue {
    let callback = Closure::once_into_js(f);
    match js::global("setTimeout").dyn_into::<Function>() {
        Ok(st) => st.call2(&JsValue::UNDEFINED, &callback, &JsValue::from_f64(ms.min(2_147_483_647.0))).unwrap_or(JsValue::UNDEFINED),
        Err(_) => JsValue::UNDEFINED,
    }
}

fn clear_timeout(id: &JsValue) {
    if let Ok(ct) = js::global("clearTimeout").dyn_into::<Function>() {
        let _ = ct.call1(&JsValue::UNDEFINED, id);
    }
}

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

impl WasmClient {
    pub(super) fn ctx(&self) -> Ctx {
        Ctx { client: self.client.clone(), extras: extras(&self.client), public: public_cache(), target: self.client.target().as_str().to_string() }
    }

    /// What a call that goes through the result cache starts from: the context, and the
    /// call options `{ signal?, timeoutMs?, cacheMode? }` read now (before the call is
    /// awaited), or the first error among them.
    pub(super) fn cached_call(&self, call: &JsValue) -> (Ctx, Result<(RequestOptions, CacheMode)>) {
        let opts = self.defaults.request_options(call);
        let mode = cache_mode(call);
        (self.ctx(), opts.and_then(|opts| Ok((opts, mode?))))
    }
}

#[wasm_bindgen]
impl WasmClient {
    /// Resolves to the JSON text of every resource (`resources/list`, all pages, verbatim
    /// `Resource` objects). `call` is `{ signal?, timeoutMs?, cacheMode? }`.
    #[wasm_bindgen(js_name = listResources)]
    pub fn list_resources(&self, call: JsValue) -> Promise {
        let (ctx, options) = self.cached_call(&call);
        promise(async move {
            let (opts, mode) = options.map_err(to_js)?;
            let all = ctx.client.list_resources(Some(ctx.view()), mode, &opts).await.map_err(to_js)?;
            Ok(json_text(Value::Array(all)))
        })
    }

    /// Resolves to the JSON text of every resource template (`resources/templates/list`).
    #[wasm_bindgen(js_name = listResourceTemplates)]
    pub fn list_resource_templates(&self, call: JsValue) -> Promise {
        let (ctx, options) = self.cached_call(&call);
        promise(async move {
            let (opts, mode) = options.map_err(to_js)?;
            let all = ctx.client.list_resource_templates(Some(ctx.view()), mode, &opts).await.map_err(to_js)?;
            Ok(json_text(Value::Array(all)))
        })
    }

    /// Reads `uri` (`resources/read`). Resolves to the JSON text of an array of contents
    /// `{text | data, mimeType, metadata: {uri, ...}}` (see
    /// [`crate::convert::resource::resource_contents`]) or of an `mcp_elicitation`
    /// interrupt. Rejects with `resource_not_found` (the error carries `uri`).
    #[wasm_bindgen(js_name = readResource)]
    pub fn read_resource(&self, uri: String, call: JsValue) -> Promise {
        let (ctx, options) = self.cached_call(&call);
        promise(async move {
            let (opts, mode) = options.map_err(to_js)?;
            let step = read_resource(&ctx.client, Some(ctx.view()), mode, &uri, &opts).await.map_err(|e| to_js_for(e, &uri))?;
            Ok(json_text(host_shape("resources/read", step).map_err(to_js)?))
        })
    }

    /// Resolves to the JSON text of every prompt (`prompts/list`, verbatim `Prompt`
    /// objects); remembers their arguments for `getPrompt`'s checks.
    #[wasm_bindgen(js_name = listPrompts)]
    pub fn list_prompts(&self, call: JsValue) -> Promise {
        let (ctx, options) = self.cached_call(&call);
        promise(async move {
            let (opts, mode) = options.map_err(to_js)?;
            let prompts = ctx.client.list_prompts(Some(ctx.view()), mode, &opts).await.map_err(to_js)?;
            remember_arguments(&ctx.extras, &prompts);
            Ok(json_text(Value::Array(prompts)))
        })
    }

    /// Gets prompt `name` with `args` (an object of strings, or `undefined`). Required
    /// arguments are checked first against the prompt's declaration (listing the prompts
    /// once if they were not listed yet). Resolves to the JSON text of an array of messages
    /// `{role: "user" | "assistant", content: [v1 block]}` or of an interrupt.
    #[wasm_bindgen(js_name = getPrompt)]
    pub fn get_prompt(&self, name: String, args: JsValue, call: JsValue) -> Promise {
        let ctx = self.ctx();
        let opts = self.defaults.request_options(&call);
        let args = js::to_json(&args, "prompt arguments");
        promise(async move {
            let (opts, args) = (opts.map_err(to_js)?, args.map_err(to_js)?);
            let known = ctx.extras.prompt_arguments.borrow().get(&name).and_then(Value::as_array).cloned();
            let declared = match known {
                Some(d) => Some(d),
                None => match ctx.client.list_prompts(Some(ctx.view()), CacheMode::Use, &opts).await {
                    Ok(prompts) => {
                        remember_arguments(&ctx.extras, &prompts);
                        ctx.extras.prompt_arguments.borrow().get(&name).and_then(Value::as_array).cloned()
                    }
                    // a server that cannot list its prompts may still serve this one
                    Err(_) => None,
                },
            };
            let step = get_prompt(&ctx.client, &name, args, declared.as_deref(), &opts).await.map_err(to_js)?;
            Ok(json_text(host_shape("prompts/get", step).map_err(to_js)?))
        })
    }

    /// `completion/complete`: `reference` `{type: "ref/prompt", name} | {type:
    /// "ref/resource", uri}`, `argument` `{name, value}`, `context` `{arguments}` or
    /// `undefined`. Resolves to the JSON text of `{values, total?, hasMore?}`.
    pub fn complete(&self, reference: JsValue, argument: JsValue, context: JsValue, call: JsValue) -> Promise {
        let client = self.client.clone();
        let opts = self.defaults.request_options(&call);
        let params = (|| {
            complete_params(js::to_json(&reference, "the reference")?, js::to_json(&argument, "the argument")?, js::to_json(&context, "the context")?)
        })();
        promise(async move {
            let (opts, params) = (opts.map_err(to_js)?, params.map_err(to_js)?);
            let out = client.complete(params, &opts).await.map_err(to_js)?;
            Ok(json_text(out))
        })
    }

    /// Drops every cached result of this adapter (and the public results of its server).
    #[wasm_bindgen(js_name = clearCache)]
    pub fn clear_cache(&self) {
        let ctx = self.ctx();
        ctx.extras.cache.remove_where(|_| true);
        let prefix = format!("{}\n", ctx.target);
        ctx.public.remove_where(|k| k.starts_with(&prefix));
    }

    /// Opens a subscription (`subscriptions/listen`, or the handshake-era GET stream) for
    /// `filter` `{toolsListChanged?, promptsListChanged?, resourcesListChanged?,
    /// resourceSubscriptions?}`. Resolves, once the server has acknowledged it, to a
    /// [`WasmSubscription`]; then each notification invalidates the matching cached results
    /// and is handed to `on_notification({method, params})`. `call` is `{ signal?,
    /// timeoutMs? }`: the timeout bounds the wait for the acknowledgement only (a `timeout`
    /// error), the signal closes the subscription whenever it fires.
    pub fn subscribe(&self, filter: JsValue, on_notification: JsValue, call: JsValue) -> Promise {
        let ctx = self.ctx();
        let opts = self.defaults.request_options(&call);
        let filter = js::to_json(&filter, "the filter").and_then(|f| Filter::from_json(&f));
        promise(async move {
            let (opts, filter) = (opts.map_err(to_js)?, filter.map_err(to_js)?);
            let callback: Function = on_notification
                .dyn_into()
                .map_err(|_| to_js(Error::new(ErrorCode::InvalidArgument, "subscribe: onNotification must be a function")))?;
            let call_ctx = opts.context.as_ref().and_then(|c| c.downcast_ref::<CallContext>());
            let host_signal = call_ctx.and_then(|c| c.signal.clone());
            let ack_timeout = call_ctx.and_then(|c| c.timeout_ms);
            let controller = abort_controller().map_err(to_js)?;
            let signal = any_signal(get(&controller, "signal"), host_signal);
            let stream_opts = RequestOptions {
                context: Some(Rc::new(CallContext { signal: Some(signal.clone()), timeout_ms: None })),
                ..RequestOptions::default()
            };
            let timed_out = Rc::new(std::cell::Cell::new(false));
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
                        format!("subscribe: no acknowledgement within {} ms", ack_timeout.unwrap_or(0.0) as u64),
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
            let background = RequestOptions {
                context: Some(Rc::new(CallContext { signal: Some(signal.clone()), timeout_ms: Some(BACKGROUND_TIMEOUT_MS) })),
                ..RequestOptions::default()
            };
            let loop_ctx = Ctx { client: ctx.client.clone(), extras: ctx.extras.clone(), public: ctx.public.clone(), target: ctx.target.clone() };
            spawn_local(async move {
                let ending = loop {
                    match subscription.next(&loop_ctx.client, &background).await {
                        Ok(Some(n)) => {
                            loop_ctx.view().invalidate_for(&n.method, &n.params);
                            let event = Object::new();
                            set(&event, "method", &JsValue::from_str(&n.method));
                            set(&event, "params", &js::parse_json(&crate::json_text(&n.params)));
                            // a throwing callback must not end the subscription
                            let _ = callback.call1(&JsValue::UNDEFINED, &event);
                        }
                        Ok(None) => break ("server_closed", None),
                        Err(_) if get(&signal, "aborted").as_bool() == Some(true) => break ("closed", None),
                        Err(e) => break ("error", Some(e)),
                    }
                };
                let unsubscribe_opts = RequestOptions {
                    context: Some(Rc::new(CallContext { signal: None, timeout_ms: Some(BACKGROUND_TIMEOUT_MS) })),
                    ..RequestOptions::default()
                };
                loop_ctx.client.unsubscribe(&subscription, &unsubscribe_opts).await;
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
            Ok(JsValue::from(WasmSubscription { controller, acknowledged, closed }))
        })
    }
}

/// Remembers each prompt's declared `arguments` (by name) for later checks.
fn remember_arguments(extras: &Extras, prompts: &[Value]) {
    let mut map = extras.prompt_arguments.borrow_mut();
    map.clear();
    for prompt in prompts {
        if let Some(name) = prompt.get("name").and_then(Value::as_str) {
            let args = prompt.get("arguments").and_then(Value::as_array).cloned().unwrap_or_default();
            map.insert(name.to_string(), Value::Array(args));
        }
    }
}
