//! The result cache across the boundary (MCP 2026-07-28, `server/utilities/caching.mdx`):
//! what a call that may be served from the cache starts from, the `cacheMode` call option,
//! and `clearCache`.
//!
//! Private results live in the adapter's own store, a field of [`WasmClient`] (so it is freed
//! with the adapter); public results go to one store shared by every adapter of the process,
//! keyed by server URL. The rules themselves are in [`crate::client::cache`].

use super::js::get;
use super::WasmClient;
use crate::adapter::pending::PendingCalls;
use crate::client::cache::{Cache, CacheMode, CacheView};
use crate::client::{Client, RequestOptions};
use crate::error::{Error, ErrorCode, Result};
use std::rc::Rc;
use wasm_bindgen::prelude::*;

thread_local! {
    /// Public results of every adapter of the process, keyed by server URL as well.
    static PUBLIC: Rc<Cache> = Rc::new(Cache::default());
}

/// Whether a call is the adapter's own, without its own `headers`: only the adapter's own
/// listings are remembered by the bindings (a listing with another user's headers MAY differ,
/// MCP 2026-07-28 `server/tools.mdx`, `server/prompts.mdx`): the tools' metadata, their
/// `x-mcp-header` mirrors, the prompts' arguments.
pub(super) fn adapters_own(call: &JsValue) -> bool {
    let headers = get(call, "headers");
    headers.is_undefined() || headers.is_null()
}

/// Everything a call that goes through the cache needs, owned, so that its future is
/// `'static`.
#[derive(Clone)]
pub(super) struct CacheContext {
    /// The adapter's client.
    pub client: Rc<Client>,
    /// The adapter's own store (its private results, and the first place public ones are
    /// looked up).
    pub private: Rc<Cache>,
    /// The process-wide store of public results.
    pub public: Rc<Cache>,
    /// The server URL.
    pub target: String,
    /// The adapter's held handshake-era calls.
    pub pending: Rc<PendingCalls>,
}

impl CacheContext {
    /// The stores as the client reads and writes them.
    pub fn view(&self) -> CacheView<'_> {
        CacheView {
            private: &self.private,
            public: &self.public,
            target: &self.target,
        }
    }
}

/// The `cacheMode` call option: `"use"` (the default), `"refresh"` or `"bypass"`.
///
/// # Errors
///
/// [`ErrorCode::InvalidArgument`] for any other value but `undefined` or `null`.
fn cache_mode(call: &JsValue) -> Result<CacheMode> {
    let mode = get(call, "cacheMode");
    if mode.is_undefined() || mode.is_null() {
        return Ok(CacheMode::Use);
    }
    mode.as_string()
        .and_then(|m| CacheMode::parse(&m))
        .ok_or_else(|| {
            Error::new(
                ErrorCode::InvalidArgument,
                "option cacheMode must be \"use\", \"refresh\" or \"bypass\"",
            )
        })
}

impl WasmClient {
    /// The cache context of this adapter.
    pub(super) fn cache_context(&self) -> CacheContext {
        CacheContext {
            client: self.client.clone(),
            private: self.cache.clone(),
            public: PUBLIC.with(Rc::clone),
            target: self.client.target().as_str().to_string(),
            pending: self.pending.clone(),
        }
    }

    /// What a call that goes through the result cache starts from: the context, and the
    /// call options `{ signal?, timeoutMs?, cacheMode?, headers? }` read now (before the call
    /// is awaited), or the first error among them. A call with `headers` bypasses the cache.
    pub(super) fn cached_call(
        &self,
        call: &JsValue,
    ) -> (CacheContext, Result<(RequestOptions, CacheMode)>) {
        let opts = self.defaults.request_options(call);
        // a call with its own headers (another Authorization) may be another authorization
        // context, which the adapter's private results are not for: it neither reads nor
        // stores them (`server/utilities/caching.mdx`)
        let own_headers = !get(call, "headers").is_undefined();
        let mode = cache_mode(call).map(|mode| if own_headers { CacheMode::Bypass } else { mode });
        (
            self.cache_context(),
            opts.and_then(|opts| Ok((opts, mode?))),
        )
    }
}

#[wasm_bindgen]
impl WasmClient {
    /// Drops every cached result of this adapter (and the public results of its server).
    #[wasm_bindgen(js_name = clearCache)]
    pub fn clear_cache(&self) {
        self.cache_context().view().clear();
    }
}
