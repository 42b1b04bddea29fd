//! Prompts across the boundary (MCP 2026-07-28, `server/prompts.mdx`): listing them (every
//! page, possibly from the result cache) and getting one, with its required arguments
//! checked first against the arguments the prompt declared in the last listing.

use super::error::to_js;
use super::js;
use super::json::to_host;
use super::{promise, WasmClient};
use crate::adapter::resources::{get_prompt, host_shape};
use crate::client::cache::CacheMode;
use js_sys::Promise;
use serde_json::{Map, Value};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

/// Replaces `declared` (prompt name → its `arguments` array) with the arguments of `prompts`.
fn remember_arguments(declared: &RefCell<Map<String, Value>>, prompts: &[Value]) {
    let mut map = declared.borrow_mut();
    map.clear();
    for prompt in prompts {
        if let Some(name) = prompt.get("name").and_then(Value::as_str) {
            let args = prompt
                .get("arguments")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            map.insert(name.to_string(), Value::Array(args));
        }
    }
}

#[wasm_bindgen]
impl WasmClient {
    /// Resolves to the JSON text of every prompt (`prompts/list`, verbatim `Prompt`
    /// objects); remembers their arguments for `getPrompt`'s checks, unless the call has its
    /// own `headers` (that listing is the caller's alone). `call` is
    /// `{ signal?, timeoutMs?, cacheMode?, headers? }`.
    #[wasm_bindgen(js_name = listPrompts)]
    pub fn list_prompts(&self, call: JsValue) -> Promise {
        let (ctx, options) = self.cached_call(&call);
        let own = super::cache::adapters_own(&call);
        let declared = self.prompt_arguments.clone();
        promise(async move {
            let (opts, mode) = options.map_err(to_js)?;
            let prompts = ctx
                .client
                .list_prompts(Some(ctx.view()), mode, &opts)
                .await
                .map_err(to_js)?;
            if own {
                remember_arguments(&declared, &prompts);
            }
            Ok(to_host(Value::Array(prompts)))
        })
    }

    /// Gets prompt `name` with `args` (an object of strings, or `undefined`). Required
    /// arguments are checked first against the prompt's declaration (listing the prompts
    /// once if they were not listed yet: with the call's own `headers`, that listing is
    /// neither cached nor remembered). Resolves to the JSON text of an array of messages
    /// `{role: "user" | "assistant", content: [v1 block]}` or of an interrupt.
    #[wasm_bindgen(js_name = getPrompt)]
    pub fn get_prompt(&self, name: String, args: JsValue, call: JsValue) -> Promise {
        let ctx = self.cache_context();
        let declared_by_name = self.prompt_arguments.clone();
        let own = super::cache::adapters_own(&call);
        let opts = self.defaults.request_options(&call);
        let args = js::to_json(&args, "prompt arguments");
        promise(async move {
            let (opts, args) = (opts.map_err(to_js)?, args.map_err(to_js)?);
            let mode = if own {
                CacheMode::Use
            } else {
                CacheMode::Bypass
            };
            let known = declared_by_name
                .borrow()
                .get(&name)
                .and_then(Value::as_array)
                .cloned();
            let declared = match known {
                Some(d) => Some(d),
                None => match ctx.client.list_prompts(Some(ctx.view()), mode, &opts).await {
                    Ok(prompts) => {
                        let scratch = RefCell::default();
                        let memory = if own { &*declared_by_name } else { &scratch };
                        remember_arguments(memory, &prompts);
                        let found = memory
                            .borrow()
                            .get(&name)
                            .and_then(Value::as_array)
                            .cloned();
                        found
                    }
                    // a server that cannot list its prompts may still serve this one
                    Err(_) => None,
                },
            };
            let step = get_prompt(
                &ctx.client,
                &ctx.pending,
                &name,
                args,
                declared.as_deref(),
                &opts,
            )
            .await
            .map_err(to_js)?;
            Ok(to_host(host_shape("prompts/get", step).map_err(to_js)?))
        })
    }
}
