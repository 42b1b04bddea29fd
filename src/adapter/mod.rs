//! What the host sees: tool descriptions with LLM-ready schemas and LangChain metadata, and
//! input-required rounds and approvals as resumable interrupts.
//!
//! The shapes the host gets are Rust types whose `Serialize` is the declared JSON (checked
//! against `pkg-template/index.d.ts` by `tests/contract.rs`). A listed tool is read once,
//! borrowed, as a [`ListedTool`], which writes its description as JSON text for the host
//! and gives its `metadata` and the typed [`ToolDescription`] (whose `into_json` gives the
//! same JSON with values moved); the interrupts are built as JSON directly (see
//! [`Interrupt`]). Server-given data (schemas, `_meta`, params) stays `serde_json::Value`.

pub mod form;
pub mod interrupt;
pub mod pending;
pub mod resources;
pub mod task;
pub mod tool;

pub use interrupt::{
    ApprovalInterrupt, ElicitationInterrupt, ElicitationMode, ElicitationRequest, GivenAnswer,
    Interrupt, ResultOrInterrupt, ServerRef,
};
pub use task::{TaskHandle, TaskState};
pub use tool::{
    write_server_identity, ListedTool, McpToolFields, McpToolMetadata, ServerIdentity,
    ToolDescription, ToolMetadata,
};
