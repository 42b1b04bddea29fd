//! Resources across the boundary (MCP 2026-07-28, `server/resources.mdx`): listing resources
//! and resource templates (every page), and reading one resource. Results may be served from
//! the result cache (see [`super::cache`]); call options are
//! `{ signal?, timeoutMs?, cacheMode?: "use" | "refresh" | "bypass" }`.

use super::error::to_js;
use super::js::set;
use super::json::to_host;
use super::{promise, WasmClient};
use crate::adapter::resources::{host_shape, read_resource};
use crate::error::{Error, ErrorCode};
use js_sys::Promise;
use serde_json::Value;
use wasm_bindgen::prelude::*;

/// The JS error for a failed read of `uri`: [`to_js`], with `uri` set on
/// `resource_not_found`.
fn read_error_to_js(err: Error, uri: &str) -> JsValue {
    let code = err.code;
    let js = to_js(err);
    if code == ErrorCode::ResourceNotFound {
        set(&js, "uri", &JsValue::from_str(uri));
    }
    js
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
            let all = ctx
                .client
                .list_resources(Some(ctx.view()), mode, &opts)
                .await
                .map_err(to_js)?;
            Ok(to_host(Value::Array(all)))
        })
    }

    /// Resolves to the JSON text of every resource template (`resources/templates/list`).
    #[wasm_bindgen(js_name = listResourceTemplates)]
    pub fn list_resource_templates(&self, call: JsValue) -> Promise {
        let (ctx, options) = self.cached_call(&call);
        promise(async move {
            let (opts, mode) = options.map_err(to_js)?;
            let all = ctx
                .client
                .list_resource_templates(Some(ctx.view()), mode, &opts)
                .await
                .map_err(to_js)?;
            Ok(to_host(Value::Array(all)))
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
            let step = read_resource(
                &ctx.client,
                &ctx.pending,
                Some(ctx.view()),
                mode,
                &uri,
                &opts,
            )
            .await
            .map_err(|e| read_error_to_js(e, &uri))?;
            Ok(to_host(host_shape("resources/read", step).map_err(to_js)?))
        })
    }
}
