//! Results handed to JavaScript: JSON text, parsed by the engine's native `JSON.parse`,
//! except for very large strings (base64 images, audio, big text), which travel as separate
//! JS strings so they are neither escaped into JSON by Rust nor parsed again by JS.
//!
//! The wire form is either a string (plain JSON text) or an array
//! `[jsonText, [path, string], ...]` where each `path` (keys and indices) names a place
//! in the parsed value that holds `null` and receives `string`. `decodeResult` in
//! `pkg-template/adapter.js` puts them back.

use js_sys::Array;
use serde_json::Value;
use wasm_bindgen::JsValue;

/// Strings at least this long (bytes) travel on their own.
const LARGE: usize = 64 * 1024;

/// Encodes `value` for the host (see the module docs).
pub fn to_host(mut value: Value) -> JsValue {
    let mut large = Vec::new();
    take_large(&mut value, &mut Vec::new(), &mut large);
    let text = JsValue::from_str(&value.to_string());
    if large.is_empty() {
        return text;
    }
    let out = Array::new();
    out.push(&text);
    for (path, string) in large {
        out.push(&Array::of2(&path.into_iter().collect::<Array>(), &JsValue::from_str(&string)));
    }
    out.into()
}

/// Moves every large string out of `value` (leaving `null`), recording where it was. (The
/// recursion is bounded: every value came through serde_json, whose parser stops at 128
/// levels, or was built by the adapter.)
fn take_large(value: &mut Value, path: &mut Vec<JsValue>, out: &mut Vec<(Vec<JsValue>, String)>) {
    match value {
        Value::String(s) if s.len() >= LARGE => {
            out.push((path.clone(), std::mem::take(s)));
            *value = Value::Null;
        }
        Value::Array(items) => {
            for (i, item) in items.iter_mut().enumerate() {
                path.push(JsValue::from_f64(i as f64));
                take_large(item, path, out);
                path.pop();
            }
        }
        Value::Object(map) => {
            for (key, item) in map.iter_mut() {
                path.push(JsValue::from_str(key));
                take_large(item, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}
