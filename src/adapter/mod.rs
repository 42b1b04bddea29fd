//! What the host sees: tool descriptions with LLM-ready schemas and LangChain metadata, and
//! input-required rounds and approvals as resumable interrupts.
//!
//! The shapes the host gets are Rust types, built as in [`crate::convert`]: `Serialize` is the
//! declared JSON (checked against `pkg-template/index.d.ts` by `tests/contract.rs`), `into_json`
//! the same JSON with values moved. Server-given data (schemas, `_meta`, params) stays
//! `serde_json::Value`.

pub mod form;
pub mod interrupt;
pub mod resources;
pub mod tool;

pub use interrupt::{ApprovalInterrupt, ElicitationInterrupt, ElicitationMode, ElicitationRequest, Interrupt, ResultOrInterrupt, ServerRef};
pub use tool::{describe_tool, McpToolFields, McpToolMetadata, ServerIdentity, ToolDescription, ToolMetadata};
