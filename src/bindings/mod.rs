//! The `#[wasm_bindgen]` surface (wasm32 only). JavaScript sees one class, `WasmClient`,
//! which the thin JS layer in `pkg-template/` wraps as `MCPAdapter`. Results cross the
//! boundary as JSON text (parsed by the engine's native `JSON.parse`) with large strings
//! beside it (see `json.rs`); callbacks and signals cross as JS values.
//!
//! One file per concern, each adding its own `#[wasm_bindgen] impl WasmClient` block:
//! `tools`, `resources`, `prompts`, `completion`, `subscriptions` (MCP 2026-07-28,
//! <https://modelcontextprotocol.io/specification/2026-07-28>), with the result cache in
//! `cache`. Beneath them: the exchange over `fetch` (`fetch.rs` and `exchange.js`), the
//! host's timers and abort signals (`timers`), options, errors and small JS helpers.

mod cache;
mod completion;
mod error;
mod fetch;
mod js;
mod json;
mod options;
mod prompts;
mod resources;
mod secrets;
mod subscriptions;
mod timers;
mod tools;

use crate::adapter::pending::PendingCalls;
use crate::client::cache::Cache;
use crate::client::Client;
use crate::transport::Target;
use error::to_js;
use futures_util::future::LocalBoxFuture;
use js_sys::{Function, Promise};
use serde_json::{Map, Value};
use std::cell::RefCell;
use std::future::Future;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::future_to_promise;

/// A client of one MCP server, as JavaScript sees it.
#[wasm_bindgen]
pub struct WasmClient {
    client: Rc<Client>,
    defaults: options::CallDefaults,
    /// The host's `approval` predicate, if any.
    approval: Option<Function>,
    /// `metadata` of the tools last listed, by name, each as the JSON text `listTools()` wrote
    /// (a `Value::String`), handed to the approval predicate.
    tool_metadata: Rc<RefCell<Map<String, Value>>>,
    /// This adapter's result cache: its private results, and the first place public ones
    /// are looked up (see `cache.rs`). Freed with the adapter.
    cache: Rc<Cache>,
    /// `arguments` of each prompt, by name, from the last `prompts/list` (for `getPrompt`'s
    /// checks). A JSON map: see docs/wasm-size.md.
    prompt_arguments: Rc<RefCell<Map<String, Value>>>,
    /// Handshake-era calls held open while a person answers their question (see
    /// `adapter::pending`). Freed with the adapter, and let go by `close()`.
    pending: Rc<PendingCalls>,
}

#[wasm_bindgen]
impl WasmClient {
    /// `new WasmClient(url, options)`: `url` must be an `http:`/`https:` URL string (the JS
    /// layer turns a `URL` into its `href`).
    ///
    /// # Errors
    ///
    /// Throws an `MCPAdapterError` with code `invalid_url` or `invalid_argument` before any
    /// request is sent.
    #[wasm_bindgen(constructor)]
    pub fn new(url: JsValue, options: JsValue) -> Result<WasmClient, JsValue> {
        let target = js::normalize_url(&url)
            .and_then(|href| Target::parse(&href))
            .map_err(to_js)?;
        let parsed =
            options::parse(&options, &url.as_string().unwrap_or_default()).map_err(to_js)?;
        let exchange = Rc::new(fetch::FetchExchange::new(
            parsed.fetch,
            parsed.headers,
            parsed.on_trace,
        ));
        Ok(WasmClient {
            client: Rc::new(Client::new(target, exchange, parsed.config)),
            defaults: parsed.defaults,
            approval: parsed.approval,
            tool_metadata: Rc::default(),
            cache: Rc::default(),
            prompt_arguments: Rc::default(),
            // ids of held calls start at a random point: another process's adapter never
            // takes an interrupt for one of its own
            pending: Rc::new(PendingCalls::new(
                (js_sys::Math::random() * 4_294_967_295.0) as u32,
            )),
        })
    }

    /// The negotiated protocol revision (`"2026-07-28"`, `"2025-11-25"`, ...), or
    /// `undefined` before the first call.
    #[wasm_bindgen(getter, js_name = protocolVersion)]
    pub fn protocol_version(&self) -> Option<String> {
        self.client.protocol_version()
    }

    /// Ends a handshake-era session (`DELETE`; nothing for a sessionless server). Resolves
    /// to `undefined`; the next call negotiates again.
    pub fn close(&self) -> Promise {
        let client = self.client.clone();
        // the held calls' HTTP requests are dropped, which closes them; the session ends next
        self.pending.clear();
        promise(async move {
            client.close().await.map_err(to_js)?;
            Ok(JsValue::UNDEFINED)
        })
    }

    /// JSON text of `server/discover`'s answer `{supportedVersions, capabilities, serverInfo,
    /// instructions}`, or `undefined` before the first call.
    #[wasm_bindgen(js_name = serverJson)]
    pub fn server_json(&self) -> Option<String> {
        self.client.server().map(|s| {
            crate::json_text(&crate::obj! {
                "supportedVersions": s.supported_versions.clone(),
                "capabilities": s.capabilities.clone(),
                "serverInfo": s.server_info.clone(),
                "instructions": s.instructions.clone(),
            })
        })
    }
}

/// `future_to_promise` of a boxed future: every exported async method goes through this one
/// instance of it (see docs/wasm-size.md).
fn promise(future: impl Future<Output = Result<JsValue, JsValue>> + 'static) -> Promise {
    let boxed: LocalBoxFuture<'static, Result<JsValue, JsValue>> = Box::pin(future);
    future_to_promise(boxed)
}
