//! # mcp-wasm-adapter
//!
//! An MCP (Model Context Protocol) client over `fetch`, compiled to WebAssembly, that turns a
//! remote server's tools into callables shaped for LangChain.js.
//!
//! Layers, top to bottom; a layer uses only the layers below it (`ARCHITECTURE.md` at the
//! repository root describes them and the request flow; `docs/wasm-size.md` the wasm-size rules):
//! - [`bindings`] (wasm32 only): the `#[wasm_bindgen]` surface and the `fetch`-backed exchange.
//! - [`adapter`]: tool descriptions with LangChain-ready metadata; input-required rounds and
//!   approvals as resumable interrupts; resource reads and prompts for the host.
//! - [`client`]: one server: era negotiation, version retry, typed requests, pagination,
//!   result cache, subscriptions.
//! - [`transport`]: one HTTP exchange: JSON or SSE body, limits, redirects.
//! - [`protocol`]: JSON-RPC envelopes, `_meta`, `Mcp-*` header rules, versions.
//! - [`convert`]: MCP content and results to LangChain v1 content blocks.
//! - [`schema`]: input schemas made LLM-ready.
//!
//! Everything below `bindings` is plain Rust and is tested natively with `cargo test`,
//! through the [`transport::Exchange`] trait and a scripted exchange.

#![deny(missing_docs)]
// Every public fallible function says how it fails, in a `# Errors` section.
#![warn(clippy::missing_errors_doc)]
#![cfg_attr(not(test), warn(clippy::use_debug))]

/// A JSON object from `"key": value` pairs via `Value::from`, each inserted by [`put`]
/// (docs/wasm-size.md).
macro_rules! obj {
    ($($key:literal : $value:expr),* $(,)?) => {{
        #[allow(unused_mut)]
        let mut map = serde_json::Map::new();
        $($crate::put(&mut map, $key, serde_json::Value::from($value));)*
        serde_json::Value::Object(map)
    }};
}
pub(crate) use obj;

/// Inserts `value` under `key` into `map`: one call where an inline insert would copy the key
/// into a new `String` and drop the value it displaces, at every place (ARCHITECTURE.md, Wasm
/// size).
#[inline(never)]
pub(crate) fn put(
    map: &mut serde_json::Map<String, serde_json::Value>,
    key: &str,
    value: serde_json::Value,
) {
    map.insert(key.to_owned(), value);
}

pub mod adapter;
mod b64;
pub mod client;
pub mod convert;
pub mod error;
mod oneshot;
pub mod protocol;
pub mod schema;
pub mod transport;

#[cfg(target_arch = "wasm32")]
pub mod bindings;

pub use error::{Error, ErrorCode, Result};

/// `value` as compact JSON text: the same bytes as `value.to_string()`, through
/// [`mcp_wasm_adapter_json::write`], the one JSON writer in the crate (see docs/wasm-size.md).
pub(crate) fn json_text(value: &serde_json::Value) -> String {
    let mut out = Vec::new();
    mcp_wasm_adapter_json::write(value, &mut out);
    // serde_json writes UTF-8 only
    String::from_utf8(out).unwrap_or_default()
}

/// `text` as a JSON string literal (`"a\"b"`): how a message quotes a name or value it shows.
/// Messages never format with `{:?}`: the release wasm is built with `-Zfmt-debug=none`, under
/// which `Debug` prints nothing (docs/wasm-size.md; clippy's `use_debug` holds it).
pub(crate) fn quoted(text: &str) -> String {
    json_text(&serde_json::Value::from(text))
}

/// `items` as a JSON array of strings (`["a","b"]`), for messages (see [`quoted`]).
pub(crate) fn quoted_list<T: AsRef<str>>(items: &[T]) -> String {
    let mut list = Vec::new();
    for item in items {
        list.push(serde_json::Value::from(item.as_ref()));
    }
    json_text(&serde_json::Value::Array(list))
}
