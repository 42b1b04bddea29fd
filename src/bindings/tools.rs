//! Tools across the boundary (MCP 2026-07-28, `server/tools.mdx`; the input-required rounds
//! of `basic/patterns/mrtr.mdx`): listing, calling (with the approval gate and input-required
//! rounds), and resuming interrupts.

use super::error::to_js;
use super::fetch::rejected;
use super::js;
use super::json::to_host;
use super::options::call_host;
use super::{promise, WasmClient};
use crate::adapter::interrupt::{self, ResultOrInterrupt, Retry};
use crate::adapter::resources::host_shape;
use crate::adapter::task;
use crate::adapter::{write_server_identity, ListedTool};
use crate::client::tools::call_params;
use crate::convert::tool_result;
use crate::error::{Error, ErrorCode, Result};
use js_sys::{Object, Promise};
use serde_json::Value;
use wasm_bindgen::prelude::*;

/// What the host receives for a finished step: the method's result in host shape (a tool
/// result for `tools/call`, resource contents for `resources/read`, messages for
/// `prompts/get`), or the interrupt.
pub(super) fn finish(method: &str, step: ResultOrInterrupt) -> Result<JsValue> {
    let json = match step {
        ResultOrInterrupt::Complete(result) if method == "tools/call" => {
            tool_result(result)?.into_json()
        }
        step => host_shape(method, step)?,
    };
    Ok(to_host(json))
}

#[wasm_bindgen]
impl WasmClient {
    /// Resolves to the JSON text of `{"server", "tools"}`: `metadata.mcp.server` of every tool
    /// (see [`write_server_identity`]) and the tools' lean descriptions (see
    /// [`ListedTool::write_description`]), which `listTools()` in adapter.js completes. `call` is
    /// `{ signal?, timeoutMs?, cacheMode? }`; pages are served from the result cache while
    /// their `ttlMs` lasts.
    #[wasm_bindgen(js_name = listTools)]
    pub fn list_tools(&self, call: JsValue) -> Promise {
        let (ctx, options) = self.cached_call(&call);
        let client = self.client.clone();
        let metadata = self.tool_metadata.clone();
        // the approval predicate is the one reader of the tools' metadata; a listing with the
        // call's own headers (perhaps another user's) is not the adapter's to keep, nor are its
        // `x-mcp-header` mirrors
        let own = super::cache::adapters_own(&call);
        let gated = self.approval.is_some() && own;
        promise(async move {
            let (opts, mode) = options.map_err(to_js)?;
            let tools = client
                .list_tools_cached(Some(ctx.view()), mode, own, &opts)
                .await
                .map_err(to_js)?;
            let server_info = client
                .server()
                .map(|s| s.server_info.clone())
                .unwrap_or(Value::Null);
            // the descriptions written straight from the listed tools (no description value
            // built, copied or dropped; no tool description carries a string worth sending
            // on its own, see super::json), lean: the server's identity once, the nulls left
            // out; with a gate, the text of each tool's metadata kept for the approval
            // predicate
            let mut cache = gated.then(|| metadata.borrow_mut());
            if let Some(cache) = &mut cache {
                cache.clear();
            }
            // about what a usual tool takes (a listing of many tiny tools grows it instead of
            // reserving a kilobyte for each)
            let mut out = Vec::with_capacity(512 * tools.len().min(4096));
            out.extend_from_slice(b"{\"server\":");
            write_server_identity(&server_info, &mut out);
            out.extend_from_slice(b",\"tools\":");
            let mut before = b'[';
            for tool in &tools {
                let Some(tool) = ListedTool::of(tool, &server_info) else {
                    continue;
                };
                out.push(std::mem::replace(&mut before, b','));
                tool.write_description(&mut out);
                if let Some(cache) = &mut cache {
                    let mut text = Vec::new();
                    tool.write_metadata(&mut text, true);
                    let text = String::from_utf8(text).unwrap_or_default();
                    cache.insert(tool.name().to_owned(), Value::String(text));
                }
            }
            if before == b'[' {
                out.push(b'[');
            }
            out.extend_from_slice(b"]}");
            drop(cache);
            mcp_wasm_adapter_json::drop_values(tools);
            Ok(JsValue::from_str(
                std::str::from_utf8(&out).unwrap_or_default(),
            ))
        })
    }

    /// Calls tool `name` with `args` (a plain object, or `undefined` for none; sent
    /// verbatim). Resolves to the JSON text of a tool result `{content, artifact?, status}`
    /// (see [`crate::convert::ToolResult`]) or of an interrupt (`type: "mcp_elicitation"`
    /// when the server needs a person, `type: "mcp_approval"` when the `approval` predicate
    /// said yes; see [`crate::adapter::interrupt`]). `call` is
    /// `{ signal?, timeoutMs?, onProgress?, resetTimeoutOnProgress?, maxTotalTimeoutMs?,
    /// approved? }`; `approved: true` skips the gate. A check-only call (adapter.js's
    /// `Symbol.for("mcp-wasm-adapter.checkOnly")`) asks the gate and sends nothing: it resolves
    /// to the `mcp_approval` interrupt, or to `undefined` when the gate lets the call through.
    /// The progress and logging callbacks get `{ server, tool: name }` as second argument.
    #[wasm_bindgen(js_name = callTool)]
    pub fn call_tool(&self, name: String, args: JsValue, call: JsValue) -> Promise {
        let (client, pending) = (self.client.clone(), self.pending.clone());
        let opts = self.defaults.call_options(&call, Some(&name));
        let args = js::to_json(&args, "tool arguments");
        // the approval predicate, with the JSON text of the tool's metadata it reads (`null`
        // for a tool not listed; no gate: nothing looked up)
        let gate = match self.approval.clone() {
            Some(_) if js::get(&call, "approved").as_bool() == Some(true) => None,
            Some(gate) => {
                let metadata = match self.tool_metadata.borrow().get(&name) {
                    Some(Value::String(text)) => text.clone(),
                    _ => "null".to_owned(),
                };
                Some((gate, metadata))
            }
            None => None,
        };
        promise(async move {
            let opts = opts.map_err(to_js)?;
            let args = args.map_err(to_js)?;
            let params = call_params(&name, args).map_err(to_js)?;
            if let Some((gate, metadata)) = gate {
                let arguments = params.get("arguments").cloned().unwrap_or(Value::Null);
                let request = Object::new();
                js::set(&request, "name", &JsValue::from_str(&name));
                js::set(
                    &request,
                    "args",
                    &js::parse_json(&crate::json_text(&arguments)),
                );
                js::set(&request, "metadata", &js::parse_json(&metadata));
                // bounded by the call's signal and timeout, as the host handlers are
                let context = opts.context.as_ref();
                let verdict = call_host(&gate, &request, context, "the approval predicate")
                    .await
                    .map_err(|thrown| to_js(rejected(thrown)))?;
                if verdict.is_truthy() {
                    // `true`, or `{ allowedDecisions }`: the decisions the person may take
                    let given = js::get(&verdict, "allowedDecisions");
                    let allowed = js::to_json(&given, "allowedDecisions")
                        .and_then(interrupt::allowed_decisions)
                        .map_err(to_js)?;
                    let metadata =
                        mcp_wasm_adapter_json::parse(metadata.as_bytes()).unwrap_or_default();
                    let interrupt = interrupt::approval_interrupt(
                        &client, &name, &arguments, &metadata, allowed,
                    );
                    return Ok(to_host(interrupt));
                }
            }
            if opts.check_only {
                return Ok(JsValue::UNDEFINED); // the gate lets the call through; nothing was sent
            }
            let retry = Retry::default();
            let step = interrupt::run(&client, &pending, "tools/call", params, retry, &opts)
                .await
                .map_err(to_js)?;
            finish("tools/call", step).map_err(to_js)
        })
    }

    /// Resumes an interrupt (a plain object, as returned by `callTool`, possibly after a JSON
    /// round trip) with the host's answer: `{ responses: { [key]: { action, content? } } }`
    /// for `mcp_elicitation`, `{ decision: "approve" | "edit" | "reject", args?, message? }`
    /// for `mcp_approval`, anything for `mcp_task` (see [`task::resume`]). Resolves like
    /// `callTool`: a result or the next interrupt (to `undefined` for the `cancelTask` of
    /// adapter.js, which cancels a task).
    pub fn resume(&self, interrupt: JsValue, answer: JsValue, call: JsValue) -> Promise {
        let (client, pending) = (self.client.clone(), self.pending.clone());
        let tool = js::get(&interrupt, "tool_name").as_string();
        let opts = self.defaults.call_options(&call, tool.as_deref());
        let interrupt = js::to_json(&interrupt, "the interrupt");
        let answer = js::to_json(&answer, "the answer");
        promise(async move {
            let opts = opts.map_err(to_js)?;
            let interrupt = interrupt.map_err(to_js)?;
            let answer = answer.map_err(to_js)?;
            let method = interrupt
                .get("method")
                .and_then(Value::as_str)
                .unwrap_or("tools/call")
                .to_string();
            let kind = interrupt.get("type").and_then(Value::as_str);
            let step = match kind {
                // (`cancelTask`: a handle, or a question a task asked; see `task::resume`)
                _ if opts.cancel || kind == Some(task::TASK) => {
                    task::resume(&client, &pending, &interrupt, &opts).await
                }
                Some(interrupt::ELICITATION) => {
                    let responses = answer.get("responses").cloned().unwrap_or(Value::Null);
                    interrupt::resume_elicitation(&client, &pending, &interrupt, &responses, &opts)
                        .await
                }
                Some(interrupt::APPROVAL) => {
                    interrupt::resume_approval(&client, &pending, &interrupt, &answer, &opts).await
                }
                _ => Err(Error::new(
                    ErrorCode::InvalidArgument,
                    "not an interrupt: type must be \"mcp_elicitation\", \"mcp_approval\" or \"mcp_task\"",
                )),
            }
            .map_err(to_js)?;
            if opts.check_only || opts.cancel {
                // `validateAnswer` (the answer passed, nothing was sent), `cancelTask`
                return Ok(JsValue::UNDEFINED);
            }
            finish(&method, step).map_err(to_js)
        })
    }
}
