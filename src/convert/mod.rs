//! MCP content and results converted to LangChain.js v1 shapes.
//!
//! Each shape the host gets is a Rust type. Its `Serialize` is the declared JSON, which
//! `tests/contract.rs` compares with `pkg-template/index.d.ts`; its `into_json` builds the same
//! JSON by moving its strings, never copying them (no `serde_json::to_value`: see
//! ARCHITECTURE.md, Wasm size). Pass-through data (structured content, `_meta`, unknown
//! fields) stays `serde_json::Value`.

pub mod content;
pub mod prompt;
pub mod resource;
pub mod result;

pub use content::{content_block, ContentBlock, DataBlock, TextBlock};
pub use prompt::{PromptMessage, Role};
pub use resource::{ResourceBody, ResourceContent, ResourceMetadata};
pub use result::{tool_result, ToolArtifact, ToolResult, ToolStatus};
