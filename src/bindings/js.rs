//! Small helpers over `js_sys` for reading and writing plain JS values.

use crate::error::{Error, ErrorCode, Result};
use js_sys::{Function, Reflect, JSON};
use serde_json::Value;
use wasm_bindgen::{JsCast, JsValue};

/// `obj[key]`, or `undefined` when `obj` is not an object or the read throws.
pub fn get(obj: &JsValue, key: &str) -> JsValue {
    if !obj.is_object() && !obj.is_function() {
        return JsValue::UNDEFINED;
    }
    Reflect::get(obj, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

/// `obj[key] = value`, ignoring failures (frozen objects).
pub fn set(obj: &JsValue, key: &str, value: &JsValue) {
    let _ = Reflect::set(obj, &JsValue::from_str(key), value);
}

/// A global by name (`fetch`, `URL`, `AbortSignal`, `Headers`, ...).
pub fn global(name: &str) -> JsValue {
    get(&js_sys::global().into(), name)
}

/// `JSON.parse(text)`, or `undefined` if it throws (it never should for text we wrote).
pub fn parse_json(text: &str) -> JsValue {
    JSON::parse(text).unwrap_or(JsValue::UNDEFINED)
}

/// A host value as JSON (`undefined`/`null` → `Null`).
///
/// # Errors
///
/// Values `JSON.stringify` rejects (BigInt, cycles) or drops (functions) are
/// [`ErrorCode::InvalidArgument`].
pub fn to_json(value: &JsValue, what: &str) -> Result<Value> {
    if value.is_undefined() || value.is_null() {
        return Ok(Value::Null);
    }
    let invalid = |why: String| {
        Error::new(
            ErrorCode::InvalidArgument,
            format!("{what} must be JSON-serializable: {why}"),
        )
    };
    let text = JSON::stringify(value).map_err(|e| invalid(describe(&e)))?;
    let text = text
        .as_string()
        .ok_or_else(|| invalid("it has no JSON form".into()))?;
    mcp_wasm_adapter_json::parse(text.as_bytes()).map_err(|e| invalid(e.to_string()))
}

/// The message of a thrown JS value, for error texts.
pub fn describe(thrown: &JsValue) -> String {
    if let Some(err) = thrown.dyn_ref::<js_sys::Error>() {
        let mut text: String = err.message().into();
        let cause = get(thrown, "cause");
        if let Some(c) = cause.dyn_ref::<js_sys::Error>() {
            text.push_str(&format!(" ({})", String::from(c.message())));
        }
        return text;
    }
    thrown.as_string().unwrap_or_else(|| "unknown error".into())
}

/// Normalizes the target with the platform `URL` parser and returns its `href`.
///
/// # Errors
///
/// A value that is not a string, or a string `URL` cannot parse (a bare path, an empty
/// string), is [`ErrorCode::InvalidUrl`].
pub fn normalize_url(url: &JsValue) -> Result<String> {
    let refuse = |why: &str| {
        Error::new(
            ErrorCode::InvalidUrl,
            format!("the MCP server target must be an http(s) URL: {why}"),
        )
    };
    let text = url
        .as_string()
        .ok_or_else(|| refuse("it is not a string or URL"))?;
    if text.is_empty() {
        return Err(refuse("it is empty"));
    }
    let ctor: Function = global("URL")
        .dyn_into()
        .map_err(|_| refuse("this runtime has no URL"))?;
    let args = js_sys::Array::of1(&JsValue::from_str(&text));
    let parsed =
        Reflect::construct(&ctor, &args).map_err(|_| refuse("it is not an absolute URL"))?;
    get(&parsed, "href")
        .as_string()
        .ok_or_else(|| refuse("it has no href"))
}
