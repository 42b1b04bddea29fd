//! Argument completion across the boundary (MCP 2026-07-28,
//! `server/utilities/completion.mdx`): suggestions for one argument of a prompt or of a
//! resource template.

use super::error::to_js;
use super::js;
use super::json::to_host;
use super::{promise, WasmClient};
use crate::client::prompts::complete_params;
use js_sys::Promise;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
impl WasmClient {
    /// `completion/complete`: `reference` `{type: "ref/prompt", name} | {type:
    /// "ref/resource", uri}`, `argument` `{name, value}`, `context` `{arguments}` or
    /// `undefined`. Resolves to the JSON text of `{values, total?, hasMore?}`. `call` is
    /// `{ signal?, timeoutMs? }`.
    pub fn complete(
        &self,
        reference: JsValue,
        argument: JsValue,
        context: JsValue,
        call: JsValue,
    ) -> Promise {
        let client = self.client.clone();
        let opts = self.defaults.request_options(&call);
        let params = (|| {
            complete_params(
                js::to_json(&reference, "the reference")?,
                js::to_json(&argument, "the argument")?,
                js::to_json(&context, "the context")?,
            )
        })();
        promise(async move {
            let (opts, params) = (opts.map_err(to_js)?, params.map_err(to_js)?);
            let out = client.complete(params, &opts).await.map_err(to_js)?;
            Ok(to_host(out))
        })
    }
}
