//! # mcp-wasm-adapter
//!
//! An MCP (Model Context Protocol) client over `fetch`, compiled to WebAssembly, that turns a
//! remote server's tools into callables shaped for LangChain.js.
//!
//! Layers, top to bottom (see `DESIGN.md`):
//! - [`bindings`] (wasm32 only): the `#[wasm_bindgen]` surface and the `fetch`-backed exchange.
//! - [`adapter`]: tool descriptions with LangChain-ready metadata.
//! - [`convert`]: MCP content and results to LangChain v1 content blocks.
//! - [`schema`]: input schemas made LLM-ready.
//! - [`client`]: one server: discovery, version retry, typed requests, pagination.
//! - [`protocol`]: JSON-RPC envelopes, `_meta`, `Mcp-*` header rules, versions.
//! - [`transport`]: one HTTP exchange: request headers, JSON or SSE body, limits.
//!
//! Everything below `bindings` is plain Rust and is tested natively with `cargo test`.

#![warn(missing_docs)]

/// A JSON object from `"key": value` pairs, each value converted by `Value::from`.
/// (`serde_json::json!` passes every value through `serde_json::to_value`, which compiles
/// serde's value serializer, and its unwrap, into the wasm; the result is the same.)
macro_rules! obj {
    ($($key:literal : $value:expr),* $(,)?) => {{
        #[allow(unused_mut)]
        let mut map = serde_json::Map::new();
        $(map.insert($key.into(), serde_json::Value::from($value));)*
        serde_json::Value::Object(map)
    }};
}
pub(crate) use obj;

pub mod adapter;
mod b64;
pub mod client;
pub mod convert;
pub mod error;
pub mod protocol;
pub mod schema;
pub mod transport;

#[cfg(target_arch = "wasm32")]
pub mod bindings;

pub use error::{Error, ErrorCode, Result};

/// `value` as compact JSON text: the same bytes as `value.to_string()`, through the one
/// serializer the request envelopes use (`Value`'s `Display` would compile a second copy).
pub(crate) fn json_text(value: &serde_json::Value) -> String {
    serde_json::to_string(value).unwrap_or_default()
}
