//! Input schemas made LLM-ready (see [`prepare`]).
//!
//! - [`prepare`]: the entry points, their limits and errors;
//! - `expand`: the rewrite (inlining references, dropping definitions, adding `properties`);
//! - `root`: the root made a plain object schema (root unions merged);
//! - [`ready`]: the fast path, a read-only look telling when the rewrite would change nothing
//!   (or only drop the root `$schema`);
//! - `keywords`: which keywords hold subschemas, which are references, which assert;
//! - `pointer`: resolving a local reference (URI fragment, JSON Pointer) in the document.

mod expand;
mod keywords;
mod pointer;
pub mod prepare;
pub mod ready;
mod root;
#[cfg(test)]
mod tests;

pub use prepare::{
    prepare_input_schema, prepare_tool_schema, prepare_tool_schema_in_full, PreparedSchema,
    SchemaError, SchemaLimits,
};
pub use ready::{is_llm_ready, readiness, Readiness};
