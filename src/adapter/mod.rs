//! Tools as the host sees them: descriptions with LLM-ready schemas and LangChain metadata.

pub mod tool;

pub use tool::describe_tool;
