//! Input schemas made LLM-ready (see [`prepare`]).

pub mod prepare;

pub use prepare::{prepare_input_schema, SchemaError};
