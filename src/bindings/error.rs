//! [`crate::Error`] as a JavaScript `Error` named `MCPAdapterError` with properties
//! `code` (stable string), `status` (HTTP status), `rpcCode` and `data` (JSON-RPC error; for
//! a request that certainly never left, `{ sent: false }`).

use super::js::{parse_json, set};
use crate::error::Error;
use wasm_bindgen::prelude::*;

/// Builds the JS error object for `err`, with the host's header values redacted.
pub fn to_js(err: Error) -> JsValue {
    let err = err.redact(&super::secrets::all());
    let js = js_sys::Error::new(&err.message);
    js.set_name("MCPAdapterError");
    let obj: JsValue = js.into();
    set(&obj, "code", &JsValue::from_str(err.code.as_str()));
    if let Some(status) = err.http_status {
        set(&obj, "status", &JsValue::from(status));
    }
    if let Some(rpc) = &err.rpc {
        set(&obj, "rpcCode", &JsValue::from_f64(rpc.code as f64));
        if let Some(data) = &rpc.data {
            set(&obj, "data", &parse_json(&crate::json_text(data)));
        }
    }
    if err.unsent {
        set(&obj, "data", &parse_json(r#"{"sent":false}"#));
    }
    obj
}

/// The JSON text `json` with the host's header values (credentials) replaced by `[redacted]`
/// in every string, as in the core's own errors: for the `tool_error` the JS layer makes of a
/// tool's error result (`pkg-template/adapter.js`), which carries what the server sent. Text
/// that is not JSON gives `null`.
#[wasm_bindgen(js_name = redactSecrets)]
pub fn redact_secrets(json: String) -> String {
    let mut value =
        mcp_wasm_adapter_json::parse(json.as_bytes()).unwrap_or(serde_json::Value::Null);
    crate::error::redact_value(&mut value, &super::secrets::all());
    crate::json_text(&value)
}
