//! What the host sees: tool descriptions with LLM-ready schemas and LangChain metadata, and
//! input-required rounds and approvals as resumable interrupts.

pub mod form;
pub mod interrupt;
pub mod resources;
pub mod tool;

pub use interrupt::{ApprovalInterrupt, ElicitationInterrupt, ElicitationMode, ElicitationRequest, Interrupt, ResultOrInterrupt, ServerRef};
pub use tool::{describe_tool, McpToolFields, McpToolMetadata, ServerIdentity, ToolDescription, ToolMetadata};
