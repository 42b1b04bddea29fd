//! The `#[wasm_bindgen]` surface (wasm32 only). JavaScript sees one class, `WasmClient`,
//! which the thin JS layer in `pkg-template/` wraps as `MCPAdapter`. Data crosses the
//! boundary as JSON text (one copy, parsed by the engine's native `JSON.parse`); callbacks
//! and signals cross as JS values.

mod error;
mod fetch;
mod js;
mod options;

use crate::adapter::describe_tool;
use crate::client::{CallOutcome, Client, RequestOptions};
use crate::convert::tool_result;
use crate::error::{Error, ErrorCode};
use crate::transport::Target;
use error::to_js;
use js_sys::Promise;
use serde_json::Value;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::future_to_promise;

/// A client of one MCP server, as JavaScript sees it.
#[wasm_bindgen]
pub struct WasmClient {
    client: Rc<Client>,
    defaults: options::CallDefaults,
}

#[wasm_bindgen]
impl WasmClient {
    /// `new WasmClient(url, options)`: `url` must be an `http:`/`https:` URL string (the JS
    /// layer turns a `URL` into its `href`). Throws an `MCPAdapterError` with code
    /// `invalid_url` or `invalid_argument` before any request is sent.
    #[wasm_bindgen(constructor)]
    pub fn new(url: JsValue, options: JsValue) -> Result<WasmClient, JsValue> {
        let target = js::normalize_url(&url).and_then(|href| Target::parse(&href)).map_err(to_js)?;
        let parsed = options::parse(&options).map_err(to_js)?;
        let exchange = Rc::new(fetch::FetchExchange::new(parsed.fetch, parsed.headers));
        Ok(WasmClient { client: Rc::new(Client::new(target, exchange, parsed.config)), defaults: parsed.defaults })
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
        future_to_promise(async move {
            client.close().await.map_err(to_js)?;
            Ok(JsValue::UNDEFINED)
        })
    }

    /// JSON text of `server/discover`'s answer `{supportedVersions, capabilities, serverInfo,
    /// instructions}`, or `undefined` before the first call.
    #[wasm_bindgen(js_name = serverJson)]
    pub fn server_json(&self) -> Option<String> {
        self.client.server().map(|s| {
            serde_json::json!({
                "supportedVersions": s.supported_versions,
                "capabilities": s.capabilities,
                "serverInfo": s.server_info,
                "instructions": s.instructions,
            })
            .to_string()
        })
    }

    /// Resolves to the JSON text of an array of tool descriptions (see
    /// [`crate::adapter::describe_tool`]). `call` is `{ signal?, timeoutMs? }`.
    #[wasm_bindgen(js_name = listTools)]
    pub fn list_tools(&self, call: JsValue) -> Promise {
        let client = self.client.clone();
        let opts = self.defaults.request_options(&call);
        future_to_promise(async move {
            let opts = opts.map_err(to_js)?;
            let tools = client.list_tools(&opts).await.map_err(to_js)?;
            let server_info = client.server().map(|s| s.server_info.clone()).unwrap_or(Value::Null);
            let described: Vec<Value> = tools.iter().filter_map(|t| describe_tool(t, &server_info)).collect();
            Ok(JsValue::from_str(&Value::Array(described).to_string()))
        })
    }

    /// Calls tool `name` with `args` (a plain object, or `undefined` for none; sent
    /// verbatim). Resolves to the JSON text of `{content, artifact?, status}` (see
    /// [`crate::convert::ToolResult`]). `call` is `{ signal?, timeoutMs?, onProgress? }`.
    #[wasm_bindgen(js_name = callTool)]
    pub fn call_tool(&self, name: String, args: JsValue, call: JsValue) -> Promise {
        let client = self.client.clone();
        let opts = self.defaults.request_options(&call);
        let args = js::to_json(&args, "tool arguments");
        future_to_promise(async move {
            let opts = opts.map_err(to_js)?;
            let args = args.map_err(to_js)?;
            match client.call_tool(&name, args, None, &opts).await.map_err(to_js)? {
                CallOutcome::Complete(result) => {
                    let converted = tool_result(result).map_err(to_js)?;
                    Ok(JsValue::from_str(&converted.into_json().to_string()))
                }
                CallOutcome::InputRequired(_) => Err(to_js(Error::new(
                    ErrorCode::InputRequired,
                    format!("tool {name:?} needs input from a person (resultType input_required), which this call cannot supply"),
                ))),
            }
        })
    }
}

/// Keeps `RequestOptions` in scope for the options module.
pub(crate) type Opts = RequestOptions;
