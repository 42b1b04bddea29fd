//! What the host sees: tool descriptions with LLM-ready schemas and LangChain metadata, and
//! input-required rounds and approvals as resumable interrupts.
//!
//! The shapes the host gets are Rust types whose `Serialize` is the declared JSON (checked
//! against `pkg-template/index.d.ts` by `tests/contract.rs`). [`ToolDescription`] is built
//! as in [`crate::convert`], its `into_json` giving the same JSON with values moved; the
//! interrupts are built as JSON directly (see [`Interrupt`]). Server-given data (schemas,
//! `_meta`, params) stays `serde_json::Value`.

pub mod form;
pub mod interrupt;
pub mod pending;
pub mod resources;
pub mod tool;

pub use interrupt::{
    ApprovalInterrupt, ElicitationInterrupt, ElicitationMode, ElicitationRequest, GivenAnswer,
    Interrupt, ResultOrInterrupt, ServerRef,
};
pub use tool::{
    describe_tool, write_description, McpToolFields, McpToolMetadata, ServerIdentity,
    ToolDescription, ToolMetadata,
};
