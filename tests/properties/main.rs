//! Property-based tests on stable: the properties of `checks.rs` (the same functions the
//! cargo-fuzz targets in `fuzz/` run, see `npm run fuzz`) over random bytes from proptest,
//! with fixed case counts so the whole run takes a few seconds; then every input of the
//! committed fuzz corpus (`fuzz/corpus/<target>/`) and every input a fuzzer found failing.
#![cfg(not(target_arch = "wasm32"))]

mod checks;

use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence};

/// `cases` random byte strings of up to `max_len` bytes, no failure files written.
fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Off)),
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn sse_same_events_however_the_bytes_are_split(data in prop::collection::vec(any::<u8>(), 0..400)) {
        checks::sse_chunking(&data);
    }

    #[test]
    fn jsonrpc_responses_read_the_same_and_fail_typed(data in prop::collection::vec(any::<u8>(), 0..400)) {
        checks::jsonrpc(&data);
    }

    #[test]
    fn schemas_prepare_without_references_within_limits(data in prop::collection::vec(any::<u8>(), 0..600)) {
        checks::schema_preparation(&data);
    }

    #[test]
    fn param_headers_are_valid_values_that_decode_back(data in prop::collection::vec(any::<u8>(), 0..200)) {
        checks::param_headers(&data);
    }

    #[test]
    fn form_accepts_exactly_the_answers_that_satisfy_the_schema(data in prop::collection::vec(any::<u8>(), 0..200)) {
        checks::form(&data);
    }

    #[test]
    fn content_blocks_have_the_documented_types(data in prop::collection::vec(any::<u8>(), 0..400)) {
        checks::content(&data);
    }
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn prepared_schema_root_is_an_object(data in prop::collection::vec(any::<u8>(), 0..600)) {
        checks::schema_root_is_object(&data);
    }

    #[test]
    fn schema_fast_path_agrees_with_the_full_rewrite(data in prop::collection::vec(any::<u8>(), 0..600)) {
        checks::schema_fast_path(&data);
    }
}

/// Runs `check` on every file under `fuzz/corpus/<target>/`.
fn replay(target: &str, check: fn(&[u8])) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        let data = std::fs::read(&path).unwrap();
        let outcome = std::panic::catch_unwind(|| check(&data));
        assert!(outcome.is_ok(), "{} fails", path.display());
        count += 1;
    }
    assert!(count > 0, "empty corpus {}", dir.display());
}

#[test]
fn fuzz_corpus_replays_sse() {
    replay("sse", checks::sse_chunking);
}

#[test]
fn fuzz_corpus_replays_jsonrpc() {
    replay("jsonrpc", checks::jsonrpc);
}

#[test]
fn fuzz_corpus_replays_schema() {
    replay("schema", checks::schema_preparation);
}

#[test]
fn fuzz_corpus_replays_schema_fast_path() {
    replay("schema", checks::schema_fast_path);
}

#[test]
fn fuzz_corpus_replays_param_headers() {
    replay("param_headers", checks::param_headers);
}

#[test]
fn fuzz_corpus_replays_form() {
    replay("form", checks::form);
}

#[test]
fn fuzz_corpus_replays_content() {
    replay("content", checks::content);
}

// Inputs the fuzzers found failing, kept as plain tests (their bytes are in the corpus too).

/// `x-mcp-header` integers go out in decimal digits whatever the JSON spelling
/// (found by the `param_headers` target: `-0.0` was sent as `-0.0`).
#[test]
fn integral_floats_are_sent_as_decimal_integers() {
    use mcp_wasm_adapter::protocol::param_headers::{header_values, tool_param_headers};
    let schema = serde_json::json!({"type": "object", "properties": {
        "n": {"type": "integer", "x-mcp-header": "N"}}});
    let headers = tool_param_headers(&schema).unwrap();
    for (argument, sent) in [("-0.0", "0"), ("3.0", "3"), ("1e2", "100"), ("-7", "-7")] {
        let arguments = serde_json::json!({ "n": serde_json::from_str::<serde_json::Value>(argument).unwrap() });
        assert_eq!(
            header_values(&headers, &arguments),
            vec![("Mcp-Param-N".to_string(), sent.to_string())],
            "{argument}"
        );
    }
}

/// The `properties: {}` added to an object schema counts against `max_depth` (found by the
/// `schema` target: `{"type": "object"}` under `max_depth: 1` came out two levels deep).
#[test]
fn added_empty_properties_respect_max_depth() {
    use mcp_wasm_adapter::schema::prepare::prepare_input_schema_with;
    use mcp_wasm_adapter::schema::{SchemaError, SchemaLimits};
    let limits = |max_depth| SchemaLimits {
        max_depth,
        max_nodes: 100,
    };
    let schema = serde_json::json!({"type": "object"});
    assert_eq!(
        prepare_input_schema_with(&schema, &limits(1)),
        Err(SchemaError::TooDeep { limit: 1 })
    );
    assert_eq!(
        prepare_input_schema_with(&schema, &limits(2)),
        Ok(serde_json::json!({"type": "object", "properties": {}}))
    );
}

/// A reference whose sibling `type` disagrees with its target becomes `allOf: [target,
/// siblings]`: the siblings' object schema gets its `properties: {}` like any other, and the
/// two levels the `allOf` adds count against `max_depth` (found by the `schema` target: the
/// output was not a fixed point, and came out deeper than the limit).
#[test]
fn conflicting_reference_siblings_are_prepared_within_the_limit() {
    use mcp_wasm_adapter::schema::prepare::prepare_input_schema_with;
    use mcp_wasm_adapter::schema::{SchemaError, SchemaLimits};
    use serde_json::json;
    let limits = |max_depth| SchemaLimits {
        max_depth,
        max_nodes: 100,
    };
    let schema = json!({"type": "object", "$defs": {"A": {"type": "string"}},
        "properties": {"a": {"$ref": "#/$defs/A", "type": "object"}}});
    let expected = json!({"type": "object", "properties": {"a": {"allOf": [
        {"type": "string"}, {"type": "object", "properties": {}}]}}});
    assert_eq!(prepare_input_schema_with(&schema, &limits(6)), Ok(expected));
    for max_depth in [4, 5] {
        assert_eq!(
            prepare_input_schema_with(&schema, &limits(max_depth)),
            Err(SchemaError::TooDeep { limit: max_depth })
        );
    }
}

/// A root `allOf` / `anyOf` / `oneOf` part's `$schema` does not reach the merged root (found
/// by the `schema` target once roots were merged: the part's `$schema` came up).
#[test]
fn merged_root_parts_leave_no_schema_stamp() {
    use mcp_wasm_adapter::schema::prepare_input_schema;
    let stamp = "https://json-schema.org/draft/2020-12/schema";
    for keyword in ["allOf", "anyOf", "oneOf"] {
        let schema = serde_json::json!({ keyword: [
            {"$schema": stamp, "type": "object", "properties": {"a": {"type": "string"}}}]});
        let out = prepare_input_schema(&schema).unwrap();
        assert_eq!(out.get("$schema"), None, "{keyword}: {out}");
        assert_eq!(out["properties"]["a"]["type"], "string", "{keyword}: {out}");
    }
}
