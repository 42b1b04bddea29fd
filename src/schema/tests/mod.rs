//! Tests of the input-schema rewrite, one file per feature. Most go through the public entry
//! points ([`prepare_input_schema`],
//! [`prepare_input_schema_with`](super::prepare::prepare_input_schema_with)) and compare whole
//! outputs; `pointer` tests reference resolution on its own.

use super::prepare::prepare_input_schema;
use serde_json::Value;

mod cycles;
mod definitions;
mod keyword_positions;
mod limits;
mod object_properties;
mod pointer;
mod ready;
mod references;
mod root_shapes;
mod siblings;

/// Prepares `schema` with the default limits; a test fails if that is refused.
fn prep(schema: Value) -> Value {
    match prepare_input_schema(&schema) {
        Ok(out) => out,
        Err(e) => panic!("prepare_input_schema failed: {e}"),
    }
}
