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
const LARGE: usize = mcp_wasm_adapter_json::LARGE_STRING;

/// Encodes `value` for the host (see the module docs).
///
/// Most results hold no large string (every small one, and large ones of many small strings
/// such as a tool list): a read-only look for one
/// ([`mcp_wasm_adapter_json::holds_string_of`], no path kept, nothing moved) finds that, and the value is written out once. Only a value that holds one has its
/// large strings taken out (a walk that records where each was) before the rest is written.
pub fn to_host(mut value: Value) -> JsValue {
    // the look and the teardown in the JSON crate, compiled for speed (every result passes)
    if !mcp_wasm_adapter_json::holds_string_of(&value, LARGE) {
        let text = JsValue::from_str(&crate::json_text(&value));
        mcp_wasm_adapter_json::drop_value(value);
        return text;
    }
    let mut large = Vec::new();
    take_large(&mut value, &mut Vec::new(), &mut large);
    // the paths borrow the value's keys: they cross before the value is written out
    let out = Array::new();
    out.push(&JsValue::UNDEFINED);
    for (path, string) in large {
        let segments = Array::new();
        for segment in path {
            segments.push(&match segment {
                PathSegment::Key(key) => JsValue::from_str(key),
                PathSegment::Index(i) => JsValue::from_f64(i as f64),
            });
        }
        out.push(&Array::of2(&segments, &JsValue::from_str(&string)));
    }
    // written straight into bytes (Value's Display goes through fmt, several times slower)
    let text = JsValue::from_str(&crate::json_text(&value));
    if out.length() == 1 {
        return text;
    }
    out.set(0, text);
    out.into()
}

/// One segment of a path into a JSON value: an object key or an array index.
#[derive(Clone, Copy)]
enum PathSegment<'a> {
    /// A key of an object.
    Key(&'a str),
    /// An index into an array.
    Index(usize),
}

/// Moves every large string out of `value` (leaving `null`), recording where it was. The
/// path borrows the keys and crosses to JS only for the strings found. (The recursion is
/// bounded: every value came through serde_json, whose parser stops at 128 levels, or was
/// built by the adapter.)
fn take_large<'a>(
    value: &'a mut Value,
    path: &mut Vec<PathSegment<'a>>,
    out: &mut Vec<(Vec<PathSegment<'a>>, String)>,
) {
    if let Value::String(s) = value {
        if s.len() >= LARGE {
            out.push((path.clone(), std::mem::take(s)));
            *value = Value::Null;
        }
        return;
    }
    match value {
        Value::Array(items) => {
            for (i, item) in items.iter_mut().enumerate() {
                path.push(PathSegment::Index(i));
                take_large(item, path, out);
                path.pop();
            }
        }
        Value::Object(map) => {
            for (key, item) in map {
                path.push(PathSegment::Key(key));
                take_large(item, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}
