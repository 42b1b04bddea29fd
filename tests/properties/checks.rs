//! The properties that every reader of server input must keep, each as a function of raw
//! bytes, shared by two runners so that both check exactly the same things:
//! - `fuzz/fuzz_targets/*.rs`: cargo-fuzz (libFuzzer, nightly), one target per function here,
//!   run by `npm run fuzz` (`scripts/fuzz.sh`);
//! - `tests/properties/main.rs`: a short proptest run on stable, part of `cargo test`.
//!
//! Each function turns its bytes into an input (raw, or built by [`Source`] into a structured
//! JSON value whose keys land where the code under test looks), runs the code and panics
//! when a property fails. A panic inside the code under test is a failure too: a panic
//! aborts the wasm instance.
//!
//! The functions are reached through `#[path]` from the fuzz crate, which is why this file
//! depends only on what both crates have: `serde_json`, `bytes`, `futures-util`,
//! `futures-executor`, `base64` and the adapter itself.

#![allow(dead_code)]

use base64::Engine as _;
use bytes::Bytes;
use futures_executor::block_on;
use futures_util::StreamExt;
use mcp_wasm_adapter::adapter::form::{check_content, defaults};
use mcp_wasm_adapter::convert::{content_block, tool_result, ContentBlock};
use mcp_wasm_adapter::protocol::jsonrpc::Incoming;
use mcp_wasm_adapter::protocol::param_headers::{header_values, tool_param_headers};
use mcp_wasm_adapter::protocol::result_type::ResultType;
use mcp_wasm_adapter::schema::prepare::prepare_input_schema_with;
use mcp_wasm_adapter::schema::{
    prepare_tool_schema, prepare_tool_schema_in_full, readiness, PreparedSchema, Readiness,
    SchemaError, SchemaLimits,
};
use mcp_wasm_adapter::transport::body::body_from_chunks;
use mcp_wasm_adapter::transport::sse::{data_events, events, Event};
use mcp_wasm_adapter::transport::{read_response, EventTrace, HttpResponse, Limits};
use mcp_wasm_adapter::{Error, ErrorCode};
use serde_json::{json, Map, Value};
use std::cell::RefCell;
use std::rc::Rc;

// ---------------------------------------------------------------------------------------------
// Input from bytes
// ---------------------------------------------------------------------------------------------

/// Reads choices from fuzzer bytes; once they run out every choice is 0 (so generation ends:
/// choice 0 is always a leaf).
pub struct Source<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Source<'a> {
    /// A source over `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Source { data, pos: 0 }
    }

    /// The next byte, 0 past the end.
    pub fn byte(&mut self) -> u8 {
        let b = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        b
    }

    /// A number below `n` (0 when `n` ≤ 1); two bytes when `n` > 256.
    pub fn below(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        let raw = if n > 256 {
            usize::from(self.byte()) << 8 | usize::from(self.byte())
        } else {
            usize::from(self.byte())
        };
        raw % n
    }

    /// One of `items`.
    pub fn pick<T: Clone>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())].clone()
    }

    /// The bytes not read yet.
    pub fn rest(&mut self) -> &'a [u8] {
        let rest = self.data.get(self.pos..).unwrap_or(&[]);
        self.pos = self.data.len();
        rest
    }

    /// A short string: a word the code looks at, or a few raw bytes read as UTF-8 (lossy).
    pub fn text(&mut self) -> String {
        const WORDS: &[&str] = &[
            "",
            "a",
            "b",
            "text",
            "image",
            "audio",
            "resource",
            "resource_link",
            "object",
            "string",
            "integer",
            "number",
            "boolean",
            "array",
            "null",
            "image/png",
            "audio/wav",
            "video/mp4",
            "application/pdf",
            "iVBORw0KGgoAAAANSUhEUg==",
            "UklGRgAAAABXQVZF",
            "file:///tmp/x.bin",
            "https://example.com/a?b#c",
            "Grüße",
            " padded ",
            "line1\nline2",
            "=?base64?x?=",
            "\u{0}",
            "\r\n",
            "2.0",
            "complete",
            "input_required",
            "#",
            "#/$defs/a",
        ];
        if self.below(4) == 0 {
            let len = self.below(12);
            let start = self.pos.min(self.data.len());
            let end = (start + len).min(self.data.len());
            self.pos = end;
            String::from_utf8_lossy(&self.data[start..end]).into_owned()
        } else {
            self.pick(WORDS).to_owned()
        }
    }

    /// A number: small integers, big and negative ones, fractions, and integral floats.
    pub fn number(&mut self) -> Value {
        match self.below(6) {
            0 => json!(self.below(10)),
            1 => json!(-(self.below(1000) as i64)),
            2 => json!(self.below(1000) as f64 / 8.0),
            3 => json!(self.pick(&[u64::MAX, 9_007_199_254_740_993, 1 << 53])),
            4 => json!(self.pick(&[3.0_f64, -0.0, 1e21, 9_007_199_254_740_991.0, -2.5e-7])),
            _ => json!(self.byte() as i64 - 128),
        }
    }

    /// Any JSON value (at most `depth` containers deep) whose object keys come from `keys`.
    pub fn value(&mut self, keys: &[&str], depth: usize) -> Value {
        let kinds = if depth == 0 { 5 } else { 7 };
        match self.below(kinds) {
            0 => Value::Null,
            1 => Value::Bool(self.byte() & 1 == 1),
            2 => self.number(),
            3 | 4 => Value::String(self.text()),
            5 => Value::Array(
                (0..self.below(4))
                    .map(|_| self.value(keys, depth - 1))
                    .collect(),
            ),
            _ => {
                let mut map = Map::new();
                for _ in 0..self.below(6) {
                    let key = self.pick(keys).to_owned();
                    map.insert(key, self.value(keys, depth - 1));
                }
                Value::Object(map)
            }
        }
    }

    /// A JSON value: either the rest of the bytes parsed as JSON text (what a server sends),
    /// or one built from them with `keys` (what reaches the deeper branches faster).
    pub fn json(&mut self, keys: &[&str], depth: usize) -> Option<Value> {
        if self.byte() & 1 == 0 {
            serde_json::from_slice(self.rest()).ok()
        } else {
            Some(self.value(keys, depth))
        }
    }
}

/// Cuts `body` into chunks at points chosen by `seed` (xorshift64*), 1 to 32 bytes each.
pub fn chunks(body: &[u8], seed: u64) -> Vec<Bytes> {
    let mut state = seed | 1;
    let mut out = Vec::new();
    let mut at = 0;
    while at < body.len() {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        let take =
            (1 + (state.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 59) as usize).min(body.len() - at);
        out.push(Bytes::copy_from_slice(&body[at..at + take]));
        at += take;
    }
    out
}

fn seed_of(source: &mut Source) -> u64 {
    (0..8).fold(0, |acc, _| acc << 8 | u64::from(source.byte()))
}

/// An error as something comparable: its code and message.
fn plain(error: &Error) -> (ErrorCode, String) {
    (error.code, error.message.clone())
}

// ---------------------------------------------------------------------------------------------
// SSE decoding over arbitrary chunkings
// ---------------------------------------------------------------------------------------------

type Decoded = Vec<Result<Event, (ErrorCode, String)>>;

fn decode(parts: Vec<Bytes>) -> Decoded {
    let body = body_from_chunks(parts.into_iter().map(Ok).collect());
    block_on(events(body).map(|e| e.map_err(|e| plain(&e))).collect())
}

/// The SSE decoder gives the same events (and the same error, at the same place) whether the
/// body arrives whole, in random chunks, or byte by byte; no event data holds a CR; no id
/// holds NUL, CR or LF; nothing follows an error; there are never more events than line
/// ends; `data_events` is `events` without the empty data.
pub fn sse_chunking(data: &[u8]) {
    let mut source = Source::new(data);
    let seed = seed_of(&mut source);
    let body = source.rest();
    let whole = decode(vec![Bytes::copy_from_slice(body)]);
    assert_eq!(decode(chunks(body, seed)), whole, "random chunks differ");
    let bytes = body.iter().map(|b| Bytes::copy_from_slice(&[*b])).collect();
    assert_eq!(decode(bytes), whole, "byte-by-byte differs");

    let line_ends = body.iter().filter(|b| **b == b'\n' || **b == b'\r').count();
    assert!(whole.len() <= line_ends + 1);
    for (i, item) in whole.iter().enumerate() {
        match item {
            Ok(event) => {
                assert!(!event.data.contains('\r'), "CR in data {event:?}");
                if let Some(id) = &event.id {
                    assert!(!id.contains(['\0', '\r', '\n']), "bad id {event:?}");
                }
            }
            Err((code, _)) => {
                assert_eq!(*code, ErrorCode::InvalidJson);
                assert_eq!(i, whole.len() - 1, "events after an error");
            }
        }
    }
    let data: Vec<Result<String, (ErrorCode, String)>> = block_on(
        data_events(body_from_chunks(vec![Ok(Bytes::copy_from_slice(body))]))
            .map(|e| e.map_err(|e| plain(&e)))
            .collect(),
    );
    let expected: Vec<_> = whole
        .into_iter()
        .filter(|e| e.as_ref().map_or(true, |e| !e.data.is_empty()))
        .map(|e| e.map(|e| e.data))
        .collect();
    assert_eq!(data, expected);
}

// ---------------------------------------------------------------------------------------------
// JSON-RPC envelopes and results
// ---------------------------------------------------------------------------------------------

const RPC_KEYS: &[&str] = &[
    "jsonrpc",
    "id",
    "method",
    "params",
    "result",
    "error",
    "code",
    "message",
    "data",
    "resultType",
    "content",
    "isError",
    "structuredContent",
    "type",
    "text",
    "messages",
    "role",
    "contents",
    "uri",
    "blob",
    "_meta",
];

type Read = (
    Result<(u16, Result<Value, i64>), (ErrorCode, String)>,
    Vec<Incoming>,
);

fn read(
    status: u16,
    content_type: Option<&str>,
    parts: Vec<Bytes>,
    max: usize,
    trace: Option<EventTrace>,
    content_length: Option<usize>,
) -> Read {
    let response = HttpResponse {
        status,
        content_type: content_type.map(str::to_owned),
        location: None,
        session_id: None,
        content_length,
        body: body_from_chunks(parts.into_iter().map(Ok).collect()),
        trace,
    };
    let mut seen = Vec::new();
    let limits = Limits {
        max_body_bytes: max,
    };
    let out = block_on(read_response(response, 1, &limits, &mut |m| seen.push(m)));
    let out = out
        .map(|r| (r.status, r.outcome.map_err(|e| e.code)))
        .map_err(|e| plain(&e));
    (out, seen)
}

/// The response reader (`application/json` or SSE body, any status, any chunking, a size
/// limit) never panics, reads the same whatever the chunking, the declared length and whether
/// it is traced (the trace told each event's data once, in order), fails only with the typed
/// codes it documents and short messages, and refuses a JSON body over the limit. Each message
/// decoded by itself: `Incoming::from_value`, `ResultType::of` and `tool_result` classify as
/// their documentation says.
pub fn jsonrpc(data: &[u8]) {
    let mut source = Source::new(data);
    let seed = seed_of(&mut source);
    let status = source.pick(&[200, 200, 202, 400, 404, 500]);
    let content_type = source.pick(&[
        Some("application/json"),
        Some("text/event-stream"),
        Some("Application/JSON; charset=utf-8"),
        Some("text/html"),
        None,
    ]);
    let max = source.pick(&[64, 1024, 1 << 20]);
    let mut messages = Vec::new();
    let mut texts = Vec::new();
    let body = if source.byte() & 1 == 0 {
        source.rest().to_vec()
    } else {
        let sse = content_type == Some("text/event-stream");
        let mut body = Vec::new();
        for _ in 0..1 + source.below(3) {
            let mut message = source.value(RPC_KEYS, 4);
            if let Some(map) = message.as_object_mut() {
                if source.byte() & 1 == 1 {
                    map.insert("id".into(), json!(1));
                }
            }
            let text = serde_json::to_string(&message).unwrap();
            if sse {
                body.extend_from_slice(b"data: ");
                body.extend_from_slice(text.as_bytes());
                body.extend_from_slice(b"\n\n");
                texts.push(text);
            } else {
                body.extend_from_slice(text.as_bytes());
            }
            messages.push(message);
        }
        body
    };

    let whole = read(
        status,
        content_type,
        vec![Bytes::from(body.clone())],
        max,
        None,
        None,
    );
    let chunked = read(status, content_type, chunks(&body, seed), max, None, None);
    // a declared length (the capacity a large JSON body is collected into) is a hint only:
    // right, short, long or absurd, it reads the same
    let length = [body.len(), body.len() / 2, body.len() * 3 + 1, usize::MAX][seed as usize % 4];
    let declared = read(
        status,
        content_type,
        chunks(&body, seed),
        max,
        None,
        Some(length),
    );
    assert_eq!(declared, chunked, "a declared length changed what was read");
    let told = Rc::new(RefCell::new(Vec::new()));
    let log = told.clone();
    let trace: EventTrace = Rc::new(move |texts: &[&str]| {
        log.borrow_mut()
            .extend(texts.iter().map(|text| text.to_string()))
    });
    let traced = read(
        status,
        content_type,
        chunks(&body, seed),
        max,
        Some(trace),
        None,
    );
    assert_eq!(traced, chunked, "a trace changed what was read");
    // events are told as decoded: the reader may stop before the last (its reply, the limit);
    // an event stream cut at the size limit ends with one empty text
    let mut told = told.borrow().clone();
    let event_stream = content_type == Some("text/event-stream");
    if event_stream && matches!(&traced.0, Err((ErrorCode::BodyTooLarge, _))) {
        assert_eq!(
            told.pop().as_deref(),
            Some(""),
            "a cut stream's trace ends so"
        );
    }
    assert!(told.len() <= texts.len() || texts.is_empty(), "{told:?}");
    if !texts.is_empty() {
        assert_eq!(told[..], texts[..told.len()], "told other texts");
    }
    let json = content_type.is_some_and(|t| t.to_ascii_lowercase().starts_with("application/json"));
    let sse = content_type == Some("text/event-stream");
    // an SSE reply may arrive before the limit is passed in one chunking and not in another
    if json || (sse && body.len() <= max) {
        assert_eq!(chunked.0, whole.0, "chunked read differs");
        assert_eq!(chunked.1, whole.1, "messages differ");
    } else if !sse {
        // other media types: an error page is read only in its first chunks
        assert_eq!(
            chunked.0.as_ref().map_err(|e| e.0),
            whole.0.as_ref().map_err(|e| e.0)
        );
    }
    match &whole.0 {
        Ok((got, _)) => assert_eq!(*got, status),
        Err((code, message)) => {
            use ErrorCode::*;
            assert!(
                matches!(
                    code,
                    BodyTooLarge
                        | InvalidJson
                        | InvalidMessage
                        | StreamEnded
                        | HttpStatus
                        | ContentType
                ),
                "unexpected code {code:?}: {message}"
            );
            assert!(message.chars().count() <= 600, "long message {message}");
        }
    }
    if json && body.len() > max {
        assert_eq!(whole.0.as_ref().unwrap_err().0, ErrorCode::BodyTooLarge);
    }

    if messages.is_empty() {
        messages.extend(serde_json::from_slice::<Value>(&body).ok());
    }
    for message in messages {
        envelope(&message);
        if let Some(result) = message.get("result") {
            result_decoding(result);
        }
        result_decoding(&message);
    }
}

/// `Incoming::from_value` classifies as documented.
fn envelope(message: &Value) {
    let got = Incoming::from_value(message.clone());
    let Some(map) = message.as_object() else {
        assert_eq!(got.unwrap_err().code, ErrorCode::InvalidMessage);
        return;
    };
    let id = map.get("id").filter(|id| !id.is_null());
    match (map.get("method"), got) {
        (
            Some(Value::String(m)),
            Ok(Incoming::Request {
                id: got, method, ..
            }),
        ) => {
            assert_eq!((Some(&got), &method), (id, m));
        }
        (Some(Value::String(m)), Ok(Incoming::Notification { method, .. })) => {
            assert!(id.is_none());
            assert_eq!(&method, m);
        }
        (Some(Value::String(_)), other) => panic!("method but {other:?}"),
        (_, Ok(Incoming::Response { outcome, .. })) => match (map.get("error"), outcome) {
            (Some(error), Err(rpc)) => {
                assert_eq!(error.get("code").and_then(Value::as_i64), Some(rpc.code))
            }
            (None, Ok(result)) => assert_eq!(Some(&result), map.get("result")),
            (error, outcome) => panic!("error {error:?} read as {outcome:?}"),
        },
        (_, Ok(other)) => panic!("no method but {other:?}"),
        (_, Err(e)) => {
            assert_eq!(e.code, ErrorCode::InvalidMessage);
            let rpc_ok = map
                .get("error")
                .and_then(|e| e.get("code"))
                .and_then(Value::as_i64);
            assert!(rpc_ok.is_none() && (map.contains_key("error") || !map.contains_key("result")));
        }
    }
}

/// `ResultType::of` and `tool_result` on any value.
fn result_decoding(result: &Value) {
    let expected = match result.get("resultType") {
        None => Some(ResultType::Complete),
        Some(Value::String(s)) if s == "complete" => Some(ResultType::Complete),
        Some(Value::String(s)) if s == "input_required" => Some(ResultType::InputRequired),
        Some(_) => None,
    };
    match (ResultType::of(result), expected) {
        (Ok(got), Some(want)) => assert_eq!(got, want),
        (Err(e), None) => assert_eq!(e.code, ErrorCode::InvalidResultType),
        (got, want) => panic!("resultType {got:?}, expected {want:?}"),
    }
    tool_result_blocks(result);
}

/// `tool_result`: an error exactly for a non-object or a non-array `content` (typed
/// `invalid_message`); otherwise no block is dropped, every block is well formed, and the
/// status is `error` exactly for `isError: true`.
fn tool_result_blocks(result: &Value) {
    let got = tool_result(result.clone());
    let content = result.get("content");
    let malformed = !result.is_object() || content.is_some_and(|c| !c.is_array());
    match got {
        Err(e) => {
            assert!(malformed, "refused {result}: {e:?}");
            assert_eq!(e.code, ErrorCode::InvalidMessage);
        }
        Ok(converted) => {
            assert!(!malformed, "accepted {result}");
            let given = content.and_then(Value::as_array).map_or(0, Vec::len);
            assert!(
                converted.content.len() >= given,
                "blocks dropped from {result}"
            );
            let is_error = result.get("isError") == Some(&Value::Bool(true));
            assert_eq!(converted.status.as_str() == "error", is_error);
            for block in converted.content {
                block_shape(block);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Content conversion
// ---------------------------------------------------------------------------------------------

const CONTENT_KEYS: &[&str] = &[
    "type",
    "text",
    "data",
    "blob",
    "mimeType",
    "uri",
    "name",
    "title",
    "description",
    "size",
    "resource",
    "annotations",
    "_meta",
    "icons",
    "content",
    "isError",
    "structuredContent",
];

/// A converted block has one of the documented types, its JSON (`into_json`) equals its
/// `Serialize` form with that `type`, data blocks carry a non-empty mime type, and `metadata`
/// is absent rather than empty.
fn block_shape(block: ContentBlock) {
    let kind = block.kind();
    assert!(["text", "image", "audio", "video", "file"].contains(&kind));
    if let ContentBlock::Image(b)
    | ContentBlock::Audio(b)
    | ContentBlock::Video(b)
    | ContentBlock::File(b) = &block
    {
        assert!(!b.mime_type.is_empty());
    }
    let serialized = serde_json::to_value(&block).unwrap();
    let json = block.into_json();
    assert_eq!(json, serialized);
    assert_eq!(json["type"], kind);
    if let Some(metadata) = json.get("metadata") {
        assert!(metadata.as_object().is_some_and(|m| !m.is_empty()));
    }
}

/// Whether every string under a `data` or `blob` key of `value` is an elision placeholder.
fn blobs_elided(value: &Value) -> bool {
    match value {
        Value::Object(map) => map.iter().all(|(key, child)| match child {
            Value::String(s) if key == "data" || key == "blob" => {
                s.starts_with('<') && s.ends_with(" characters omitted>")
            }
            _ => blobs_elided(child),
        }),
        Value::Array(items) => items.iter().all(blobs_elided),
        _ => true,
    }
}

/// `content_block` never panics and gives one well-formed block; known blocks keep their
/// payload (text verbatim, base64 moved unchanged); a block that falls back to JSON text never
/// shows a `data`/`blob` string to the model; a whole `tool_result` keeps every block.
pub fn content(data: &[u8]) {
    let mut source = Source::new(data);
    let Some(input) = source.json(CONTENT_KEYS, 4) else {
        return;
    };
    let output = content_block(input.clone());
    block_shape(output.clone());
    let kind_in = input.get("type").and_then(Value::as_str);
    let field = |key: &str| input.get(key).and_then(Value::as_str);
    let resource = input.get("resource").filter(|r| r.is_object());
    let resource_field = |key: &str| resource.and_then(|r| r.get(key)).and_then(Value::as_str);
    let known = match (kind_in, &output) {
        (Some("text"), ContentBlock::Text(t)) if field("text").is_some() => {
            assert_eq!(Some(t.text.as_str()), field("text"));
            true
        }
        (
            Some("image" | "audio"),
            ContentBlock::Image(b) | ContentBlock::Audio(b) | ContentBlock::File(b),
        ) if field("data").is_some() => {
            assert_eq!(Some(b.data.as_str()), field("data"));
            true
        }
        (Some("resource"), ContentBlock::Text(t)) if resource_field("text").is_some() => {
            assert_eq!(Some(t.text.as_str()), resource_field("text"));
            true
        }
        (
            Some("resource"),
            ContentBlock::Image(b) | ContentBlock::Audio(b) | ContentBlock::File(b),
        ) if resource_field("text").is_none() && resource_field("blob").is_some() => {
            assert_eq!(Some(b.data.as_str()), resource_field("blob"));
            true
        }
        (Some("resource_link"), ContentBlock::Text(t)) if field("uri").is_some() => {
            assert!(t.text.starts_with("Resource link: "));
            true
        }
        _ => false,
    };
    if !known && input.is_object() {
        if let ContentBlock::Text(t) = &output {
            let shown: Value = serde_json::from_str(&t.text).expect("fallback text is JSON");
            assert!(blobs_elided(&shown), "a blob reached the model: {}", t.text);
        }
    }
    tool_result_blocks(
        &json!({ "content": [input.clone(), input], "isError": source.byte() & 1 == 1 }),
    );
}

// ---------------------------------------------------------------------------------------------
// Schema preparation
// ---------------------------------------------------------------------------------------------

const SCHEMA_KEYWORDS: &[&str] = &[
    "type",
    "properties",
    "required",
    "$ref",
    "$defs",
    "definitions",
    "anyOf",
    "oneOf",
    "allOf",
    "not",
    "items",
    "prefixItems",
    "additionalProperties",
    "if",
    "then",
    "else",
    "$schema",
    "$id",
    "description",
    "enum",
    "const",
    "default",
    "patternProperties",
    "$dynamicRef",
    "$recursiveRef",
    "dependencies",
    "contentSchema",
    "x-mcp-header",
];
const NAMES: &[&str] = &["a", "b", "c", "a/b", "x~y", "%25"];
const REFS: &[&str] = &[
    "#",
    "#/$defs/a",
    "#/$defs/b",
    "#/definitions/c",
    "#/properties/a",
    "#/$defs/a/properties/b",
    "#/anyOf/0",
    "#/%24defs/a",
    "#/$defs/a~1b",
    "#/$defs/x~0y",
    "#/items",
    "#/$defs/",
    "#/$defs/a/items/0",
    "https://example.com/s.json",
    "#anchor",
    "other.json#/a",
    "https://example.com/root#/$defs/a",
    "",
    "#/$defs/missing",
];

/// A JSON Schema built from the bytes: references (local, remote, recursive, broken),
/// definitions, compositions, conditionals, malformed keyword values, data keywords holding
/// `$ref` keys.
fn schema(source: &mut Source, depth: usize) -> Value {
    if depth == 0 {
        return json!({});
    }
    match source.below(8) {
        0 => json!({}),
        1 => Value::Bool(source.byte() & 1 == 1),
        2 => json!({ "$ref": source.pick(REFS) }),
        3 => source.value(SCHEMA_KEYWORDS, 2),
        _ => {
            let mut map = Map::new();
            for _ in 0..1 + source.below(4) {
                let key = source.pick(SCHEMA_KEYWORDS);
                let value = match key {
                    "properties" | "$defs" | "definitions" | "patternProperties"
                    | "dependencies" => {
                        if source.below(8) == 0 {
                            source.value(SCHEMA_KEYWORDS, 1)
                        } else {
                            let mut defs = Map::new();
                            for _ in 0..source.below(4) {
                                defs.insert(source.pick(NAMES).into(), schema(source, depth - 1));
                            }
                            Value::Object(defs)
                        }
                    }
                    "anyOf" | "oneOf" | "allOf" | "prefixItems" => Value::Array(
                        (0..source.below(4))
                            .map(|_| schema(source, depth - 1))
                            .collect(),
                    ),
                    "type" => source.pick(&[
                        json!("object"),
                        json!("string"),
                        json!(["object", "null"]),
                        json!(7),
                        json!(null),
                    ]),
                    "required" => source.pick(&[
                        json!(["a"]),
                        json!(["a", "b"]),
                        json!(null),
                        json!([1]),
                        json!("a"),
                    ]),
                    "$ref" | "$dynamicRef" | "$recursiveRef" => json!(source.pick(REFS)),
                    "$id" => json!(source.pick(&["https://example.com/root", "urn:x", "#"])),
                    "enum" | "const" | "default" => source.value(SCHEMA_KEYWORDS, 3),
                    "description" | "$schema" => json!(source.text()),
                    _ => schema(source, depth - 1),
                };
                map.insert(key.into(), value);
            }
            Value::Object(map)
        }
    }
}

/// A schema shaped to stress the limits: deep nesting, or a chain of definitions each used
/// twice by the next (2^n nodes once inlined), or a wide one.
fn hostile_schema(source: &mut Source) -> Value {
    let inner = schema(source, 4);
    match source.below(3) {
        0 => {
            let mut out = inner;
            for _ in 0..source.below(200) {
                out = match source.below(3) {
                    0 => json!({ "type": "object", "properties": { "a": out } }),
                    1 => json!({ "items": out }),
                    _ => json!({ "anyOf": [out] }),
                };
            }
            out
        }
        1 => {
            let n = source.below(40);
            let mut defs = Map::new();
            for i in 0..n {
                let next = format!("#/$defs/d{}", i + 1);
                defs.insert(
                    format!("d{i}"),
                    json!({ "anyOf": [{ "$ref": next }, { "$ref": next }] }),
                );
            }
            defs.insert(format!("d{n}"), inner);
            json!({ "type": "object", "properties": { "a": { "$ref": "#/$defs/d0" } }, "$defs": defs })
        }
        _ => {
            let mut props = Map::new();
            for i in 0..source.below(300) {
                props.insert(format!("p{i}"), json!({ "$ref": "#" }));
            }
            json!({ "type": "object", "properties": props, "$defs": { "a": inner } })
        }
    }
}

/// Keys of the data values in ready schemas (`default`, `const`, `examples`): schema keywords
/// among them, which the rewrite must leave alone in data.
const DATA_KEYS: &[&str] = &["a", "type", "properties", "required", "items", "$id"];
/// Property names of ready schemas, keyword names among them.
const PROPERTY_NAMES: &[&str] = &["a", "b", "a/b", "x~y", "type", "required", "properties"];

/// An already LLM-ready schema as zod or pydantic write it (a plain object root, no
/// reference, `properties` on every object schema; a root `$schema` or not), and whether it
/// is still so: when
/// `flaws` allows, a root keyword or a subschema here and there is replaced by something
/// [`schema`] makes or a root the rewrite changes, which may or may not need the rewrite.
fn ready_case(source: &mut Source, flaws: bool) -> (Value, bool) {
    let mut clean = true;
    let mut root = ready_object(source, 3, flaws, &mut clean);
    root.insert("type".into(), json!("object"));
    if source.below(3) == 0 {
        // the dialect zod 4 and the TypeScript SDK stamp on the root
        root.insert("$schema".into(), json!(source.text()));
    }
    if flaws && source.below(6) == 0 {
        clean = false;
        let (key, value) = source.pick(&[
            ("$schema", json!({"$ref": "#"})),
            ("type", json!(["object"])),
            ("type", json!("string")),
            ("properties", json!(null)),
            ("required", json!([1])),
            ("anyOf", json!([{"type": "object", "properties": {}}])),
            ("$defs", json!({})),
        ]);
        root.insert(key.into(), value);
    }
    (Value::Object(root), clean)
}

/// An object schema with ready properties (see [`ready_case`]).
fn ready_object(
    source: &mut Source,
    depth: usize,
    flaws: bool,
    clean: &mut bool,
) -> Map<String, Value> {
    let mut map = Map::new();
    let mut properties = Map::new();
    let mut required = Vec::new();
    for _ in 0..source.below(6) {
        let name = source.pick(PROPERTY_NAMES);
        properties.insert(name.into(), ready_subschema(source, depth, flaws, clean));
        if source.below(2) == 0 {
            required.push(json!(name));
        }
    }
    map.insert(
        "type".into(),
        source.pick(&[json!("object"), json!(["object", "null"])]),
    );
    map.insert("properties".into(), Value::Object(properties));
    if !required.is_empty() {
        map.insert("required".into(), Value::Array(required));
    }
    match source.below(4) {
        0 => {
            map.insert("additionalProperties".into(), json!(false));
        }
        1 => {
            let extra = ready_subschema(source, depth.saturating_sub(1), flaws, clean);
            map.insert("additionalProperties".into(), extra);
        }
        _ => {}
    }
    map
}

/// A ready subschema (see [`ready_case`]): a typed leaf, an array, a union with `null`, a
/// nested object, a conditional, or a boolean, with annotations and data keywords.
fn ready_subschema(source: &mut Source, depth: usize, flaws: bool, clean: &mut bool) -> Value {
    if flaws && source.below(16) == 0 {
        *clean = false;
        // near misses, or anything at all
        let flaw = source.pick(&[
            json!({"type": "object"}),
            json!({"type": ["null", "object"], "additionalProperties": false}),
            json!({"type": "object", "properties": {}, "required": null}),
            json!({"properties": ["a"]}),
            json!({"$ref": "#"}),
            json!({"type": "string", "$defs": {}}),
            json!({"default": {"$ref": "#"}}),
            json!(null),
        ]);
        return if flaw.is_null() {
            schema(source, 2)
        } else {
            flaw
        };
    }
    let mut map = Map::new();
    let below = depth.saturating_sub(1);
    match source.below(if depth == 0 { 5 } else { 10 }) {
        0 => {
            map.insert("type".into(), json!("string"));
            if source.below(2) == 0 {
                map.insert("enum".into(), json!([source.text(), source.text()]));
            }
        }
        1 => {
            map.insert(
                "type".into(),
                source.pick(&[json!("integer"), json!("number")]),
            );
            map.insert("minimum".into(), source.number());
        }
        2 => {
            map.insert("type".into(), json!("boolean"));
        }
        3 => {
            map.insert("const".into(), source.value(DATA_KEYS, 2));
        }
        4 => return Value::Bool(source.byte() & 1 == 1),
        5 => {
            map.insert("type".into(), json!("array"));
            let items = if source.below(3) == 0 {
                json!([
                    ready_subschema(source, below, flaws, clean),
                    ready_subschema(source, below, flaws, clean)
                ])
            } else {
                ready_subschema(source, below, flaws, clean)
            };
            map.insert("items".into(), items);
        }
        6 => {
            let union = source.pick(&["anyOf", "oneOf", "allOf"]);
            let alternatives =
                json!([ready_subschema(source, below, flaws, clean), {"type": "null"}]);
            map.insert(union.into(), alternatives);
        }
        7 | 8 => map = ready_object(source, below, flaws, clean),
        _ => {
            map.insert("if".into(), ready_subschema(source, below, flaws, clean));
            map.insert("then".into(), ready_subschema(source, below, flaws, clean));
            map.insert("not".into(), ready_subschema(source, below, flaws, clean));
        }
    }
    for (key, value) in [
        ("description", json!(source.text())),
        ("title", json!(source.text())),
        ("default", source.value(DATA_KEYS, 2)),
        ("examples", json!([source.value(DATA_KEYS, 1)])),
    ] {
        if source.below(3) == 0 {
            map.insert(key.into(), value);
        }
    }
    Value::Object(map)
}

/// Depth (containers) and node count of a JSON value.
fn measure(value: &Value) -> (usize, usize) {
    match value {
        Value::Object(map) => map
            .values()
            .map(measure)
            .fold((1, 1), |(d, n), (cd, cn)| (d.max(cd + 1), n + cn)),
        Value::Array(items) => items
            .iter()
            .map(measure)
            .fold((1, 1), |(d, n), (cd, cn)| (d.max(cd + 1), n + cn)),
        _ => (0, 1),
    }
}

/// Calls `visit` on every schema reachable from `schema` through subschema keywords (JSON
/// Schema 2020-12 applicators and draft-07 `definitions`/`dependencies`/array `items`); data
/// keywords (`enum`, `const`, `default`, unknown ones) are not schemas and are not entered.
fn each_subschema(schema: &Value, visit: &mut dyn FnMut(&Map<String, Value>)) {
    let Some(map) = schema.as_object() else {
        return;
    };
    visit(map);
    for (key, child) in map {
        match (key.as_str(), child) {
            (
                "properties" | "patternProperties" | "$defs" | "definitions" | "dependentSchemas"
                | "dependencies",
                Value::Object(children),
            ) => {
                children.values().for_each(|c| each_subschema(c, visit));
            }
            ("allOf" | "anyOf" | "oneOf" | "prefixItems" | "items", Value::Array(items)) => {
                items.iter().for_each(|c| each_subschema(c, visit));
            }
            (
                "items"
                | "additionalItems"
                | "additionalProperties"
                | "unevaluatedItems"
                | "unevaluatedProperties"
                | "contains"
                | "propertyNames"
                | "not"
                | "if"
                | "then"
                | "else"
                | "contentSchema",
                _,
            ) => each_subschema(child, visit),
            _ => {}
        }
    }
}

fn has_reference(value: &Value) -> bool {
    match value {
        Value::Object(map) => {
            ["$ref", "$dynamicRef", "$recursiveRef"]
                .iter()
                .any(|k| map.contains_key(*k))
                || map.values().any(has_reference)
        }
        Value::Array(items) => items.iter().any(has_reference),
        _ => false,
    }
}

/// The schema input and limits of one case.
fn schema_case(data: &[u8]) -> Option<(Value, SchemaLimits)> {
    let mut source = Source::new(data);
    let limits = match source.below(3) {
        0 => SchemaLimits::default(),
        _ => SchemaLimits {
            max_depth: 1 + source.below(24),
            max_nodes: 1 + source.below(3000),
        },
    };
    let input = match source.below(4) {
        0 => serde_json::from_slice(source.rest()).ok()?,
        1 => schema(&mut source, 6),
        2 => hostile_schema(&mut source),
        _ => ready_case(&mut source, true).0,
    };
    Some((input, limits))
}

/// The fast path agrees with the full rewrite: a schema [`readiness`] finds ready comes back
/// from the full rewrite unchanged (or only less its root `$schema`, as `readiness` says) with
/// no warning, as [`prepare_tool_schema`] gives it back (for any other schema,
/// `prepare_tool_schema` is the full rewrite).
fn fast_path_agrees(input: &Value) {
    let mut expected = input.clone();
    match readiness(input, &SchemaLimits::default()) {
        Readiness::Rewrite => return,
        Readiness::Ready => assert!(input.get("$schema").is_none(), "{input}"),
        Readiness::ReadyLessDialect => {
            assert!(expected
                .as_object_mut()
                .unwrap()
                .remove("$schema")
                .is_some());
        }
    }
    let unchanged = PreparedSchema {
        schema: expected,
        warnings: Vec::new(),
    };
    let full = prepare_tool_schema_in_full(input);
    assert_eq!(full, unchanged, "ready, but the rewrite changes {input}");
    assert_eq!(prepare_tool_schema(input), unchanged, "{input}");
}

/// The fast path of schema preparation: on ready schemas (zod- and pydantic-like, some with a
/// flaw), and on every other kind of schema case, it agrees with the full rewrite; and it is
/// taken for every ready schema without a flaw.
pub fn schema_fast_path(data: &[u8]) {
    let mut source = Source::new(data);
    let (input, clean) = if source.below(4) == 0 {
        let Some((input, _)) = schema_case(source.rest()) else {
            return;
        };
        (input, false)
    } else {
        let flaws = source.below(2) == 0;
        ready_case(&mut source, flaws)
    };
    fast_path_agrees(&input);
    let taken = readiness(&input, &SchemaLimits::default()) != Readiness::Rewrite;
    assert!(!clean || taken, "not taken for {input}");
}

/// Schema preparation never panics; it refuses a non-object root with `NotAnObject`; its
/// output has no reference and no definitions in any subschema, stays within the limits in
/// depth and nodes, and is a fixed point (preparing it again gives it back); an input with no
/// reference anywhere that is within the limits is never refused.
pub fn schema_preparation(data: &[u8]) {
    let Some((input, limits)) = schema_case(data) else {
        return;
    };
    fast_path_agrees(&input);
    let got = prepare_input_schema_with(&input, &limits);
    let out = match got {
        Ok(out) => out,
        Err(SchemaError::NotAnObject) => return assert!(!input.is_object()),
        Err(e) => {
            let (depth, nodes) = measure(&input);
            // room for a `properties: {}` added to any object (one level, one node)
            let plain = depth < limits.max_depth && nodes * 2 <= limits.max_nodes;
            assert!(
                has_reference(&input) || !plain,
                "{e:?} for a plain schema {input}"
            );
            return;
        }
    };
    assert!(input.is_object());
    each_subschema(&out, &mut |map| {
        for key in [
            "$ref",
            "$dynamicRef",
            "$recursiveRef",
            "$defs",
            "definitions",
        ] {
            assert!(!map.contains_key(key), "{key} left in {out}");
        }
    });
    // The limits bound the rewrite below the root; the root's own normalization then adds a
    // bounded amount: `type` and `properties` (one level, two nodes), and per root property at
    // most a merged `anyOf`/`allOf` of its definitions and a description (three nodes).
    let (depth, nodes) = measure(&out);
    assert!(
        depth <= limits.max_depth.max(2),
        "depth {depth} > {limits:?}: {input}\n{out}"
    );
    let root_properties = out["properties"].as_object().map_or(0, Map::len);
    assert!(
        nodes <= limits.max_nodes + 2 + 3 * root_properties,
        "nodes {nodes} > {limits:?}: {input}\n{out}"
    );
    assert!(out.get("$schema").is_none(), "$schema left in {out}");
    let again = prepare_input_schema_with(&out, &SchemaLimits::default());
    assert_eq!(again.as_ref(), Ok(&out), "not a fixed point");
}

/// The root of a prepared schema is `type: "object"` with an object `properties` (what model
/// providers accept), for every input that prepares.
pub fn schema_root_is_object(data: &[u8]) {
    let Some((input, limits)) = schema_case(data) else {
        return;
    };
    if let Ok(out) = prepare_input_schema_with(&input, &limits) {
        assert_eq!(out.get("type"), Some(&json!("object")), "root of {out}");
        assert!(
            out.get("properties").is_some_and(Value::is_object),
            "root of {out}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Mcp-Param-* headers
// ---------------------------------------------------------------------------------------------

/// Whether `value` may be sent as an HTTP field value as it is (RFC 9110 §5.5: visible ASCII
/// and inner spaces; no leading or trailing whitespace; no control character).
fn valid_header_value(value: &str) -> bool {
    value.bytes().all(|b| (0x20..=0x7e).contains(&b))
        && !value.starts_with(' ')
        && !value.ends_with(' ')
}

/// The value a server reads from an encoded `Mcp-Name` / `Mcp-Param-*` header.
fn decode_header_value(value: &str) -> String {
    match value
        .strip_prefix("=?base64?")
        .and_then(|v| v.strip_suffix("?="))
    {
        Some(b64) => {
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(b64)
                .expect("sentinel holds standard Base64");
            String::from_utf8(bytes).expect("sentinel holds UTF-8")
        }
        None => value.to_owned(),
    }
}

/// RFC 9110 `token`.
fn is_token(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b))
}

/// `x-mcp-header` (MCP 2026-07-28, `basic/transports/streamable-http.mdx`): reading the
/// annotations never panics; accepted names are tokens, unique case-insensitively; every
/// header sent is `Mcp-Param-{token}` with a valid field value that decodes back to the
/// argument (a string verbatim, an integer in decimal, a boolean as `true`/`false`); a
/// `null` or absent argument sends nothing. Any string goes through `encode_value` and back.
pub fn param_headers(data: &[u8]) {
    let mut source = Source::new(data);
    let raw = source.text();
    let encoded = mcp_wasm_adapter::protocol::headers::encode_value(&raw);
    assert!(valid_header_value(&encoded), "{encoded:?}");
    assert_eq!(decode_header_value(&encoded), raw);

    // a schema with a few annotated properties, some nested, some invalid
    let mut props = Map::new();
    let mut arguments = Map::new();
    for i in 0..source.below(5) {
        let name = format!("p{i}");
        let header = source.pick(&["Region", "region", "X-Id", "a b", "", "Ünï", "tok~!", "a:b"]);
        let kind = source.pick(&["string", "integer", "boolean", "number", "object"]);
        let mut prop = json!({ "type": kind, "x-mcp-header": header });
        let argument = match source.below(4) {
            0 => Value::Null,
            1 => json!(source.text()),
            2 => source.number(),
            _ => json!(source.byte() & 1 == 1),
        };
        if source.below(3) == 0 {
            prop = json!({ "type": "object", "properties": { "in": prop } });
            arguments.insert(name.clone(), json!({ "in": argument }));
        } else {
            arguments.insert(name.clone(), argument);
        }
        props.insert(name, prop);
    }
    let input_schema = if source.below(4) == 0 {
        source.value(&["properties", "x-mcp-header", "type", "items", "anyOf"], 5)
    } else {
        json!({ "type": "object", "properties": props })
    };
    let Ok(headers) = tool_param_headers(&input_schema) else {
        return;
    };
    let mut seen = Vec::new();
    for header in &headers {
        assert!(is_token(&header.name), "{:?}", header.name);
        let lower = header.name.to_ascii_lowercase();
        assert!(!seen.contains(&lower), "duplicate {lower}");
        seen.push(lower);
    }
    let arguments = Value::Object(arguments);
    let sent = header_values(&headers, &arguments);
    for (name, value) in &sent {
        let suffix = name.strip_prefix("Mcp-Param-").expect("prefix");
        assert!(is_token(suffix));
        assert!(valid_header_value(value), "{name}: {value:?}");
        let header = headers.iter().find(|h| h.name == suffix).expect("declared");
        let argument = header
            .path
            .iter()
            .try_fold(&arguments, |v, k| v.get(k))
            .expect("argument");
        let decoded = decode_header_value(value);
        match argument {
            Value::String(s) => assert_eq!(&decoded, s),
            Value::Bool(b) => assert_eq!(decoded, b.to_string()),
            Value::Number(n) => {
                let i: i64 = decoded
                    .parse()
                    .unwrap_or_else(|_| panic!("{n} sent as {decoded:?}"));
                assert_eq!(i as f64, n.as_f64().unwrap());
                assert!(i.unsigned_abs() < 1 << 53);
            }
            other => panic!("{other} sent as {decoded:?}"),
        }
    }
    for header in &headers {
        let argument = header.path.iter().try_fold(&arguments, |v, k| v.get(k));
        if argument.is_none_or(Value::is_null) {
            let name = format!("Mcp-Param-{}", header.name);
            assert!(
                !sent.iter().any(|(n, _)| *n == name),
                "{name} sent for {argument:?}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Elicitation form validation
// ---------------------------------------------------------------------------------------------

/// One field of a simple requested schema (MCP 2026-07-28 `client/elicitation.mdx`
/// "Requested Schema") and one answer for it.
fn form_field(source: &mut Source) -> (Value, Option<Value>) {
    let bound = |source: &mut Source| json!(source.below(6));
    let mut field = Map::new();
    let kind = source.pick(&["string", "number", "integer", "boolean", "array"]);
    field.insert("type".into(), json!(kind));
    match kind {
        "string" => {
            for key in ["minLength", "maxLength"] {
                if source.byte() & 1 == 1 {
                    field.insert(key.into(), bound(source));
                }
            }
            match source.below(3) {
                0 => {
                    field.insert("enum".into(), json!(["a", "b"]));
                }
                1 => {
                    field.insert(
                        "oneOf".into(),
                        json!([{ "const": "a", "title": "A" }, { "const": "bb" }]),
                    );
                }
                _ => {}
            }
        }
        "number" | "integer" => {
            for key in ["minimum", "maximum"] {
                if source.byte() & 1 == 1 {
                    field.insert(key.into(), json!(source.below(7) as f64 - 3.0));
                }
            }
        }
        "array" => {
            let items = source.pick(&[
                json!({ "type": "string", "enum": ["a", "b", "c"] }),
                json!({ "anyOf": [{ "const": "a" }, { "const": "b" }] }),
            ]);
            field.insert("items".into(), items);
            for key in ["minItems", "maxItems"] {
                if source.byte() & 1 == 1 {
                    field.insert(key.into(), bound(source));
                }
            }
        }
        _ => {}
    }
    let answer = match source.below(8) {
        0 => None,
        1 => Some(json!(
            source.pick(&["", "a", "b", "bb", "ccc", "ddddd", "Grüße"])
        )),
        2 | 3 => Some(json!(source.below(9) as f64 / 2.0 - 2.0)),
        4 => Some(json!(source.byte() & 1 == 1)),
        5 => Some(Value::Array(
            (0..source.below(4))
                .map(|_| json!(source.pick(&["a", "b", "c", "d"])))
                .collect(),
        )),
        6 => Some(json!(["a", 1])),
        _ => Some(Value::Null),
    };
    (Value::Object(field), answer)
}

/// Whether `value` satisfies the simple `field` schema, read from JSON Schema 2020-12
/// (validation vocabulary) for the subset elicitation uses.
fn satisfies(field: &Value, value: &Value) -> bool {
    let num = |key: &str| field.get(key).and_then(Value::as_f64);
    let options = |list: Option<&Value>, key: Option<&str>| -> Option<Vec<Value>> {
        let list = list?.as_array()?;
        Some(match key {
            Some(k) => list.iter().filter_map(|o| o.get(k).cloned()).collect(),
            None => list.clone(),
        })
    };
    match field["type"].as_str().unwrap() {
        "string" => {
            let Some(s) = value.as_str() else {
                return false;
            };
            let len = s.chars().count() as f64;
            let allowed = options(field.get("enum"), None)
                .or_else(|| options(field.get("oneOf"), Some("const")));
            num("minLength").is_none_or(|m| len >= m)
                && num("maxLength").is_none_or(|m| len <= m)
                && allowed.is_none_or(|a| a.contains(value))
        }
        kind @ ("number" | "integer") => {
            let Some(n) = value.as_f64() else {
                return false;
            };
            (kind == "number" || n.fract() == 0.0)
                && num("minimum").is_none_or(|m| n >= m)
                && num("maximum").is_none_or(|m| n <= m)
        }
        "boolean" => value.is_boolean(),
        _ => {
            let Some(items) = value.as_array() else {
                return false;
            };
            let allowed = options(field["items"].get("enum"), None)
                .or_else(|| options(field["items"].get("anyOf"), Some("const")))
                .unwrap();
            let count = items.len() as f64;
            items.iter().all(|i| allowed.contains(i))
                && num("minItems").is_none_or(|m| count >= m)
                && num("maxItems").is_none_or(|m| count <= m)
        }
    }
}

/// Form validation never panics on any schema and answer; for a simple flat schema, an answer
/// is accepted exactly when every required field is there, no other field is, and each value
/// satisfies its field's schema; `defaults` gives exactly the fields' `default`s.
pub fn form(data: &[u8]) {
    let mut source = Source::new(data);
    if source.byte() & 1 == 0 {
        let keys = &[
            "type",
            "properties",
            "required",
            "enum",
            "oneOf",
            "items",
            "anyOf",
            "const",
            "minLength",
            "maxLength",
            "minimum",
            "maximum",
            "minItems",
            "maxItems",
            "default",
            "a",
            "b",
        ];
        let schema = source.value(keys, 4);
        let answer = source.value(keys, 3);
        let problems = check_content(&schema, &answer);
        if !answer.is_object() {
            assert_eq!(problems.len(), 1);
        }
        let _ = defaults(&schema);
        return;
    }
    let mut props = Map::new();
    let mut required = Vec::new();
    let mut answer = Map::new();
    let mut valid = true;
    for i in 0..source.below(5) {
        let name = format!("f{i}");
        let (mut field, value) = form_field(&mut source);
        if source.byte() & 1 == 1 {
            field["default"] = json!(i);
        }
        let is_required = source.byte() & 1 == 1;
        if is_required {
            required.push(json!(name));
        }
        match value {
            Some(value) => {
                valid &= satisfies(&field, &value);
                answer.insert(name.clone(), value);
            }
            None => valid &= !is_required,
        }
        props.insert(name, field);
    }
    if source.below(6) == 0 {
        answer.insert("extra".into(), json!("x"));
        valid = false;
    }
    let schema = json!({ "type": "object", "properties": props.clone(), "required": required });
    let problems = check_content(&schema, &Value::Object(answer.clone()));
    assert_eq!(
        problems.is_empty(),
        valid,
        "{schema} / {answer:?}: {problems:?}"
    );
    let expected: Map<String, Value> = props
        .iter()
        .filter_map(|(k, f)| Some((k.clone(), f.get("default")?.clone())))
        .collect();
    assert_eq!(defaults(&schema), expected);
}
