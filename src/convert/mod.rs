//! MCP content and results converted to LangChain.js v1 shapes.
//!
//! Each shape the host gets is a Rust type. Its `Serialize` is the declared JSON, which
//! `tests/contract.rs` compares with `pkg-template/index.d.ts`; its `into_json` builds the same
//! JSON by moving its strings, never copying them (no `serde_json::to_value`: see
//! docs/wasm-size.md). Pass-through data (structured content, `_meta`, unknown
//! fields) stays `serde_json::Value`.

pub mod content;
pub mod prompt;
pub mod resource;
pub mod result;

use crate::error::Result;
use serde_json::Value;

// The three helpers below are plain loops rather than iterator chains (see docs/wasm-size.md).

/// `items` as a JSON array, each converted by `into_json`.
pub(crate) fn json_array<T>(items: Vec<T>, into_json: fn(T) -> Value) -> Value {
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        out.push(into_json(item));
    }
    Value::Array(out)
}

/// Each of `items` converted by `convert`.
pub(crate) fn convert_all<T>(items: Vec<Value>, convert: fn(Value) -> T) -> Vec<T> {
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        out.push(convert(item));
    }
    out
}

/// Each of `items` converted by `convert`, or its first error.
pub(crate) fn try_convert_all<T>(
    items: Vec<Value>,
    convert: fn(Value) -> Result<T>,
) -> Result<Vec<T>> {
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        out.push(convert(item)?);
    }
    Ok(out)
}

pub use content::{content_block, ContentBlock, DataBlock, TextBlock};
pub use prompt::{PromptMessage, Role};
pub use resource::{ResourceBody, ResourceContent, ResourceMetadata};
pub use result::{tool_result, ToolArtifact, ToolResult, ToolStatus};
