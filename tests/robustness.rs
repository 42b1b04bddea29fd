//! Hostile input never panics (a panic would abort the whole wasm instance): random JSON
//! values and random bytes, split into random chunks, go through every entry point that
//! reads what a server sends, and each comes back as a value or a typed error.
//! A fixed-seed generator keeps the run reproducible.
#![cfg(not(target_arch = "wasm32"))]

use bytes::Bytes;
use futures_executor::block_on;
use mcp_wasm_adapter::adapter::ListedTool;
use mcp_wasm_adapter::convert::{content_block, tool_result};
use mcp_wasm_adapter::protocol::jsonrpc::Incoming;
use mcp_wasm_adapter::protocol::param_headers::tool_param_headers;
use mcp_wasm_adapter::schema::prepare_input_schema;
use mcp_wasm_adapter::transport::body::body_from_chunks;
use mcp_wasm_adapter::transport::{read_response, HttpResponse, Limits};
use serde_json::{json, Map, Value};

include!("support/rng.rs");

impl Rng {
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }
}

/// Keys that the adapter looks at, so that random values land where they matter.
const KEYS: &[&str] = &[
    "type",
    "text",
    "data",
    "mimeType",
    "uri",
    "resource",
    "blob",
    "name",
    "title",
    "annotations",
    "_meta",
    "content",
    "structuredContent",
    "isError",
    "resultType",
    "inputSchema",
    "properties",
    "$ref",
    "$defs",
    "definitions",
    "items",
    "anyOf",
    "required",
    "x-mcp-header",
    "jsonrpc",
    "id",
    "method",
    "params",
    "result",
    "error",
    "code",
    "message",
    "nextCursor",
    "tools",
    "size",
    "description",
];
const STRINGS: &[&str] = &[
    "text",
    "image",
    "audio",
    "resource",
    "resource_link",
    "object",
    "string",
    "#",
    "#/$defs/A",
    "#/definitions/x~1y",
    "",
    "Région",
    "2.0",
];

fn random_value(rng: &mut Rng, depth: u32) -> Value {
    match rng.below(if depth > 5 { 5 } else { 8 }) {
        0 => Value::Null,
        1 => Value::Bool(rng.below(2) == 0),
        2 => json!(rng.next() as i64),
        3 => json!((rng.next() % 1000) as f64 / 7.0),
        4 => Value::String(rng.pick(STRINGS).to_string()),
        5 => Value::String("x".repeat(rng.below(40) as usize)),
        6 => Value::Array(
            (0..rng.below(4))
                .map(|_| random_value(rng, depth + 1))
                .collect(),
        ),
        _ => {
            let mut map = Map::new();
            for _ in 0..rng.below(6) {
                map.insert(rng.pick(KEYS).to_string(), random_value(rng, depth + 1));
            }
            Value::Object(map)
        }
    }
}

#[test]
fn random_json_through_every_reader_of_server_data() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..5_000 {
        let value = random_value(&mut rng, 0);
        let _ = Incoming::from_value(value.clone());
        let _ = content_block(value.clone());
        let _ = tool_result(value.clone());
        if let Some(tool) = ListedTool::of(&value, &value) {
            tool.write_description(&mut Vec::new());
            let _ = tool.description();
        }
        let _ = prepare_input_schema(&value);
        let _ = tool_param_headers(&value);
    }
}

/// Random cuts of `body` into chunks.
fn chunked(rng: &mut Rng, body: &[u8]) -> Vec<mcp_wasm_adapter::Result<Bytes>> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < body.len() {
        let take = (1 + rng.below(16) as usize).min(body.len() - at);
        out.push(Ok(Bytes::copy_from_slice(&body[at..at + take])));
        at += take;
    }
    out
}

#[test]
fn random_bytes_and_mangled_messages_through_the_response_reader() {
    let mut rng = Rng(42);
    let good = b"event: message\r\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progress\":1}}\r\n\r\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"content\":[]}}\n\n".to_vec();
    for round in 0..3_000 {
        let mut body = good.clone();
        // flip, drop or insert bytes (including invalid UTF-8)
        for _ in 0..rng.below(6) {
            let at = rng.below(body.len() as u64) as usize;
            match rng.below(3) {
                0 => body[at] = rng.next() as u8,
                1 => {
                    body.remove(at);
                }
                _ => body.insert(at, rng.next() as u8),
            }
        }
        if round % 7 == 0 {
            body = (0..rng.below(200)).map(|_| rng.next() as u8).collect();
        }
        for content_type in ["text/event-stream", "application/json", "text/html"] {
            let response = HttpResponse {
                status: [200, 400, 500][rng.below(3) as usize],
                content_type: Some(content_type.to_string()),
                location: None,
                session_id: None,
                // a declared length, right or not, is only the capacity collected into
                content_length: [None, Some(body.len()), Some(rng.below(100_000) as usize)]
                    [rng.below(3) as usize],
                body: body_from_chunks(chunked(&mut rng, &body)),
                trace: None,
            };
            let mut seen = 0;
            let limits = Limits {
                max_body_bytes: 1 + rng.below(400) as usize,
            };
            let _ = block_on(read_response(response, 1, &limits, &mut |_| seen += 1));
        }
    }
}
