//! MCP content and results converted to LangChain.js v1 shapes.

pub mod content;
pub mod prompt;
pub mod resource;
pub mod result;

pub use content::{content_block, ContentBlock, DataBlock, TextBlock};
pub use prompt::{PromptMessage, Role};
pub use resource::{ResourceBody, ResourceContent, ResourceMetadata};
pub use result::{tool_result, ToolArtifact, ToolResult, ToolStatus};
