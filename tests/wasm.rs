//! Integration tests of the wasm boundary (`bindings::WasmClient`), run in Node and in
//! headless Chromium:
//!
//! ```text
//! wasm-pack test --node
//! WASM_BINDGEN_USE_BROWSER=1 wasm-pack test --headless --chrome \
//!     --chromedriver /usr/bin/chromedriver
//! ```
//!
//! (`wasm-pack test --chrome` sets `WASM_BINDGEN_TEST_ONLY_WEB=1`, which makes the runner
//! skip a suite that is not configured `run_in_browser` unless `WASM_BINDGEN_USE_BROWSER` is
//! set; the suite is deliberately not configured, so the same tests also run in Node.)
//!
//! Every test drives a `WasmClient` whose `fetch` option is a fake written in JavaScript
//! (below): it answers `server/discover` (recognised by the `Mcp-Method` request header)
//! with a 2026-07-28 `DiscoverResult`, and every other request with a real `Response`
//! whose body is a `ReadableStream` delivering exactly the chunks the test chose, one per
//! `read()`. Like a real `fetch`, it rejects when the request's signal is already aborted
//! and errors the body stream when the signal fires later. No network is used.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Function, Object, Promise, Reflect, Uint8Array, JSON};
use mcp_wasm_adapter::bindings::WasmClient;
use serde_json::{json, Value};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen(inline_js = r#"
const enc = new TextEncoder();
const ID = enc.encode('__ID__');
const TOKEN = enc.encode('__TOKEN__');

const DISCOVER = {
  resultType: 'complete',
  supportedVersions: ['2026-07-28'],
  capabilities: { tools: {} },
  instructions: 'fake server',
  _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'fake', version: '1.0.0' } },
};

function indexOf(bytes, needle) {
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** Replaces every `needle` in `bytes` by the UTF-8 of `text`. */
function replaceBytes(bytes, needle, text) {
  const value = enc.encode(text);
  for (let at = indexOf(bytes, needle); at >= 0; at = indexOf(bytes, needle)) {
    const out = new Uint8Array(bytes.length - needle.length + value.length);
    out.set(bytes.subarray(0, at), 0);
    out.set(value, at);
    out.set(bytes.subarray(at + needle.length), at + value.length);
    bytes = out;
  }
  return bytes;
}

/**
 * A fake MCP server behind a `fetch`. `plan` (for every request but `server/discover`):
 *   { contentType, status = 200, chunks?: Uint8Array[], body?: string, chunkSize?: number,
 *     endless?: boolean, reject?: string }
 * `__ID__` (the request's JSON-RPC id) and `__TOKEN__` (its `_meta.progressToken`, as JSON)
 * are replaced inside each chunk (so a chunk boundary must not cut them); `body` is split
 * into `chunkSize`-byte chunks after the replacement (so cuts can fall anywhere, inside
 * UTF-8 characters included). `endless` keeps the body open after the last chunk.
 * `reject` makes fetch reject (every request, discovery included) with a TypeError.
 */
export function fakeServer(plan) {
  const state = { requests: [], cancels: [], aborts: 0, pulls: 0 };
  state.fetch = async function fakeFetch(input, init) {
    const request = new Request(input, init);
    const text = await request.text();
    const headers = {};
    request.headers.forEach((v, k) => { headers[k] = v; });
    const signal = init && init.signal;
    state.requests.push({
      url: request.url,
      method: request.method,
      redirect: init && init.redirect,
      hasSignal: !!signal,
      headers,
      body: JSON.parse(text),
    });
    if (signal && signal.aborted) throw signal.reason;
    if (plan.reject) throw new TypeError(plan.reject);
    const message = JSON.parse(text);
    if (request.headers.get('mcp-method') === 'server/discover') {
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: DISCOVER }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    const token = message.params && message.params._meta ? message.params._meta.progressToken : undefined;
    const fill = (bytes) => replaceBytes(replaceBytes(bytes, ID, JSON.stringify(message.id)), TOKEN, JSON.stringify(token ?? null));
    let chunks = (plan.chunks || []).map(fill);
    if (plan.body !== undefined) {
      const all = fill(enc.encode(plan.body));
      const size = plan.chunkSize || all.length || 1;
      for (let i = 0; i < all.length; i += size) chunks.push(all.slice(i, i + size));
    }
    let next = 0;
    let controller;
    const stream = new ReadableStream(
      {
        start(c) {
          controller = c;
        },
        pull(c) {
          state.pulls++;
          if (next < chunks.length) c.enqueue(chunks[next++]);
          else if (!plan.endless) c.close();
          // endless: enqueue nothing; the pending read() waits for ever (or for the signal)
        },
        cancel(reason) {
          clearTimeout(keepAlive);
          state.cancels.push(String(reason));
        },
      },
      { highWaterMark: 0 },
    );
    // Node unrefs AbortSignal.timeout's timer: a real socket would keep the process alive
    // while a body is open; here a timer does, until the stream is cancelled or errored.
    // (At most 10 s, so that a failed test cannot keep the runner alive for ever.)
    const keepAlive = plan.endless ? setTimeout(() => {}, 10_000) : undefined;
    if (signal) {
      signal.addEventListener('abort', () => {
        state.aborts++;
        clearTimeout(keepAlive);
        try {
          controller.error(signal.reason);
        } catch {}
      }, { once: true });
    }
    return new Response(stream, { status: plan.status ?? 200, headers: { 'content-type': plan.contentType } });
  };
  state.requestsJson = () => JSON.stringify(state.requests);
  return state;
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** `{ callback, seen }`: the callback pushes its argument (JSON round-tripped) onto `seen`. */
export function collector() {
  const seen = [];
  return { seen, callback: (x) => { seen.push(JSON.parse(JSON.stringify(x))); } };
}

/** A `headers` option that is an async function; it logs the context it was called with. */
export function asyncHeaders(log) {
  return async (ctx) => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    log.push({ url: ctx.url, method: ctx.method });
    return { Authorization: 'Bearer for ' + ctx.method, 'Mcp-Method': 'evil', 'MCP-Protocol-Version': '1999-01-01' };
  };
}

export function headersInstance(object) {
  return new Headers(object);
}

export function bigintArgs() {
  return { n: 10n };
}

export function cyclicArgs() {
  const a = { name: 'loop' };
  a.self = a;
  return a;
}

export function newAbortController() {
  return new AbortController();
}

export function abortedSignal() {
  return AbortSignal.abort();
}
"#)]
extern "C" {
    #[wasm_bindgen(js_name = fakeServer)]
    fn fake_server(plan: &JsValue) -> JsValue;
    fn sleep(ms: u32) -> Promise;
    fn collector() -> JsValue;
    #[wasm_bindgen(js_name = asyncHeaders)]
    fn async_headers(log: &Array) -> JsValue;
    #[wasm_bindgen(js_name = headersInstance)]
    fn headers_instance(object: &JsValue) -> JsValue;
    #[wasm_bindgen(js_name = bigintArgs)]
    fn bigint_args() -> JsValue;
    #[wasm_bindgen(js_name = cyclicArgs)]
    fn cyclic_args() -> JsValue;
    #[wasm_bindgen(js_name = newAbortController)]
    fn new_abort_controller() -> JsValue;
    #[wasm_bindgen(js_name = abortedSignal)]
    fn aborted_signal() -> JsValue;
}

// ---------------------------------------------------------------- helpers

fn get(obj: &JsValue, key: &str) -> JsValue {
    Reflect::get(obj, &JsValue::from_str(key)).expect("Reflect.get")
}

fn set(obj: &JsValue, key: &str, value: &JsValue) {
    Reflect::set(obj, &JsValue::from_str(key), value).expect("Reflect.set");
}

/// A JS value from JSON.
fn js(value: &Value) -> JsValue {
    JSON::parse(&value.to_string()).expect("JSON.parse")
}

/// A JS object from `(key, value)` pairs.
fn object(entries: &[(&str, JsValue)]) -> JsValue {
    let obj: JsValue = Object::new().into();
    for (k, v) in entries {
        set(&obj, k, v);
    }
    obj
}

/// The test's plan for non-discover requests, as a JS object (see `fakeServer`). Byte
/// `chunks` are added to the JSON part.
fn plan(base: Value, chunks: &[&[u8]]) -> JsValue {
    let plan = js(&base);
    if !chunks.is_empty() {
        let array: Array = chunks
            .iter()
            .map(|c| JsValue::from(Uint8Array::from(*c)))
            .collect();
        set(&plan, "chunks", &array);
    }
    plan
}

/// `bytes` cut at the given byte offsets (ascending).
fn cut<'a>(bytes: &'a [u8], offsets: &[usize]) -> Vec<&'a [u8]> {
    let mut out = Vec::new();
    let mut start = 0;
    for &at in offsets {
        out.push(&bytes[start..at]);
        start = at;
    }
    out.push(&bytes[start..]);
    out
}

/// Byte offset of the `nth` byte of the first `needle` in `haystack` (panics when absent).
fn offset(haystack: &str, needle: &str, nth: usize) -> usize {
    haystack
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} not in template"))
        + nth
}

struct Fake {
    state: JsValue,
}

impl Fake {
    fn new(plan: &JsValue) -> Fake {
        Fake {
            state: fake_server(plan),
        }
    }

    fn fetch(&self) -> JsValue {
        get(&self.state, "fetch")
    }

    /// A client of `http://fake.test/mcp` over this fake, with extra adapter options.
    fn client(&self, extra: &[(&str, JsValue)]) -> WasmClient {
        let options = object(extra);
        set(&options, "fetch", &self.fetch());
        match WasmClient::new(JsValue::from_str("http://fake.test/mcp"), options) {
            Ok(c) => c,
            Err(e) => panic!("constructor threw: {}", describe(&e)),
        }
    }

    /// What the fake received: `[{url, method, redirect, hasSignal, headers, body}]`.
    fn requests(&self) -> Vec<Value> {
        let f: Function = get(&self.state, "requestsJson")
            .dyn_into()
            .expect("requestsJson");
        let text = f
            .call0(&JsValue::UNDEFINED)
            .expect("requestsJson()")
            .as_string()
            .expect("string");
        serde_json::from_str(&text).expect("requests JSON")
    }

    fn cancels(&self) -> u32 {
        Array::from(&get(&self.state, "cancels")).length()
    }

    /// How many times a request's signal aborted.
    fn aborts(&self) -> u32 {
        get(&self.state, "aborts").as_f64().unwrap_or(0.0) as u32
    }

    fn pulls(&self) -> u32 {
        get(&self.state, "pulls").as_f64().unwrap_or(0.0) as u32
    }
}

fn describe(e: &JsValue) -> String {
    format!(
        "{}: {} ({})",
        get(e, "code").as_string().unwrap_or_default(),
        get(e, "message").as_string().unwrap_or_default(),
        get(e, "name").as_string().unwrap_or_default()
    )
}

/// Awaits a promise that must resolve to JSON text; returns the parsed value.
async fn resolved(p: Promise) -> Value {
    match JsFuture::from(p).await {
        Ok(v) => serde_json::from_str(&v.as_string().expect("resolves to JSON text"))
            .expect("valid JSON"),
        Err(e) => panic!("expected success, got rejection {}", describe(&e)),
    }
}

/// Awaits a promise that must reject; returns the rejection (an `MCPAdapterError`).
async fn rejected(p: Promise) -> JsValue {
    match JsFuture::from(p).await {
        Ok(v) => panic!("expected a rejection, got {:?}", v.as_string()),
        Err(e) => {
            assert_eq!(
                get(&e, "name").as_string().as_deref(),
                Some("MCPAdapterError"),
                "{}",
                describe(&e)
            );
            assert!(e.is_instance_of::<js_sys::Error>(), "rejection is an Error");
            e
        }
    }
}

fn code(e: &JsValue) -> String {
    get(e, "code").as_string().unwrap_or_default()
}

async fn wait(ms: u32) {
    JsFuture::from(sleep(ms)).await.expect("sleep");
}

fn no_call_options() -> JsValue {
    JsValue::UNDEFINED
}

fn echo_args() -> JsValue {
    js(&json!({"text": "hi"}))
}

const SSE: &str = "text/event-stream";

// ---------------------------------------------------------------- SSE and JSON bodies

/// The SSE body used by the chunking tests: a comment, an empty priming event (with an
/// id), CRLF line ends, an `event:` name, and a result whose text has 2-, 3- and 4-byte
/// UTF-8 characters.
const SSE_BODY: &str = ": stream opened\r\n\r\nid: 0\r\ndata: \r\n\r\n: keep-alive\r\nevent: message\r\nid: 1\r\ndata: {\"jsonrpc\":\"2.0\",\"id\":__ID__,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"Grüße, 世界 🌍\"}]}}\r\n\r\n";
const SSE_TEXT: &str = "Grüße, 世界 🌍";

#[wasm_bindgen_test]
async fn sse_split_mid_event_and_inside_utf8_characters() {
    let bytes = SSE_BODY.as_bytes();
    let offsets = [
        offset(SSE_BODY, "opened", 2),        // inside a comment
        offset(SSE_BODY, "\r\n\r\nid: 0", 1), // between CR and LF
        offset(SSE_BODY, "data: \r\n", 3),    // inside the priming event's field name
        offset(SSE_BODY, "event: message", 7),
        offset(SSE_BODY, "{\"jsonrpc\"", 5), // mid-event, inside the JSON
        offset(SSE_BODY, "ü", 1),            // inside a 2-byte character
        offset(SSE_BODY, "世", 1),           // inside a 3-byte character
        offset(SSE_BODY, "界", 2),
        offset(SSE_BODY, "🌍", 1), // inside a 4-byte character
        offset(SSE_BODY, "🌍", 3),
        offset(SSE_BODY, "}}\r\n\r\n", 3), // between the event's last CR and LF
    ];
    let chunks = cut(bytes, &offsets);
    let fake = Fake::new(&plan(json!({"contentType": SSE}), &chunks));
    let client = fake.client(&[]);
    let out = resolved(client.call_tool("echo".into(), echo_args(), no_call_options())).await;
    assert_eq!(
        out,
        json!({"type": "tool_result", "content": [{"type": "text", "text": SSE_TEXT}], "status": "success"})
    );
    assert_eq!(client.protocol_version().as_deref(), Some("2026-07-28"));
    let requests = fake.requests();
    assert_eq!(requests.len(), 2);
    assert_eq!(requests[1]["body"]["method"], "tools/call");
    assert_eq!(requests[1]["body"]["params"]["name"], "echo");
    assert_eq!(
        requests[1]["body"]["params"]["arguments"],
        json!({"text": "hi"})
    );
}

#[wasm_bindgen_test]
async fn sse_decodes_at_every_chunk_size() {
    for size in 1..=7 {
        let fake = Fake::new(&plan(
            json!({"contentType": "Text/Event-Stream; charset=utf-8", "body": SSE_BODY, "chunkSize": size}),
            &[],
        ));
        let client = fake.client(&[]);
        let out = resolved(client.call_tool("echo".into(), echo_args(), no_call_options())).await;
        assert_eq!(out["content"][0]["text"], SSE_TEXT, "chunk size {size}");
    }
}

#[wasm_bindgen_test]
async fn json_body_in_many_chunks() {
    let body = r#"{"jsonrpc":"2.0","id":__ID__,"result":{"content":[{"type":"text","text":"naïve ☃ 🚀"}],"structuredContent":{"ok":true,"word":"naïve"},"resultType":"complete"}}"#;
    for size in [1, 2, 3, 5] {
        let fake = Fake::new(&plan(
            json!({"contentType": "application/json; charset=utf-8", "body": body, "chunkSize": size}),
            &[],
        ));
        let client = fake.client(&[]);
        let out = resolved(client.call_tool("echo".into(), echo_args(), no_call_options())).await;
        assert_eq!(
            out,
            json!({
                "type": "tool_result",
                "content": [{"type": "text", "text": "naïve ☃ 🚀"}],
                "artifact": {"structured_content": {"ok": true, "word": "naïve"}},
                "status": "success"
            }),
            "chunk size {size}"
        );
        assert!(fake.pulls() > 20, "the body really arrived in many chunks");
    }
}

#[wasm_bindgen_test]
async fn list_tools_through_the_fake() {
    let body = r#"{"jsonrpc":"2.0","id":__ID__,"result":{"tools":[{"name":"echo","description":"Echo","inputSchema":{"type":"object","properties":{"text":{"type":"string"}}},"annotations":{"readOnlyHint":true}}]}}"#;
    let fake = Fake::new(&plan(
        json!({"contentType": "application/json", "body": body, "chunkSize": 4}),
        &[],
    ));
    let client = fake.client(&[]);
    // lean: the server's identity once, no null member (adapter.js puts them back)
    let listing = resolved(client.list_tools(no_call_options())).await;
    let tools = &listing["tools"];
    assert_eq!(tools[0]["name"], "echo");
    assert_eq!(
        tools[0]["metadata"]["mcp"]["tool"],
        json!({"annotations": {"readOnlyHint": true}})
    );
    assert!(tools[0].get("title").is_none() && tools[0].get("outputSchema").is_none());
    assert_eq!(listing["server"]["name"], "fake");
    let server: Value =
        serde_json::from_str(&client.server_json().expect("server after a call")).expect("JSON");
    assert_eq!(server["supportedVersions"], json!(["2026-07-28"]));
    assert_eq!(server["instructions"], "fake server");
    assert_eq!(fake.requests()[1]["headers"]["mcp-method"], "tools/list");
}

// ---------------------------------------------------------------- progress

const PROGRESS_THEN_RESULT: &[&str] = &[
    "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":__TOKEN__,\"progress\":1,\"total\":3,\"message\":\"one\"}}\n\n",
    "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":__TOKEN__,\"progress\":2.5,\"total\":3}}\n\n",
    "data: {\"jsonrpc\":\"2.0\",\"id\":__ID__,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"done\"}]}}\n\n",
];

fn progress_chunks() -> Vec<&'static [u8]> {
    PROGRESS_THEN_RESULT.iter().map(|s| s.as_bytes()).collect()
}

fn assert_progress(seen: &Value, token: &Value) {
    assert!(
        token.is_string() || token.is_number(),
        "the request carried a progressToken: {token}"
    );
    assert_eq!(
        *seen,
        json!([
            {"progressToken": token, "progress": 1, "total": 3, "message": "one"},
            {"progressToken": token, "progress": 2.5, "total": 3}
        ])
    );
}

#[wasm_bindgen_test]
async fn progress_before_the_result_reaches_the_adapter_on_progress() {
    let fake = Fake::new(&plan(json!({"contentType": SSE}), &progress_chunks()));
    let progress = collector();
    let client = fake.client(&[("onProgress", get(&progress, "callback"))]);
    let out =
        resolved(client.call_tool("count".into(), JsValue::UNDEFINED, no_call_options())).await;
    assert_eq!(out["content"][0]["text"], "done");
    let seen: Value = serde_json::from_str(
        &JSON::stringify(&get(&progress, "seen"))
            .unwrap()
            .as_string()
            .unwrap(),
    )
    .unwrap();
    let token = fake.requests()[1]["body"]["params"]["_meta"]["progressToken"].clone();
    assert_progress(&seen, &token);
    assert_eq!(
        fake.requests()[1]["body"]["params"]["arguments"],
        json!({}),
        "undefined args are sent as {{}}"
    );
}

#[wasm_bindgen_test]
async fn progress_reaches_a_per_call_on_progress() {
    let fake = Fake::new(&plan(json!({"contentType": SSE}), &progress_chunks()));
    let progress = collector();
    let client = fake.client(&[]);
    let call = object(&[("onProgress", get(&progress, "callback"))]);
    let out = resolved(client.call_tool("count".into(), JsValue::UNDEFINED, call)).await;
    assert_eq!(out["content"][0]["text"], "done");
    let seen: Value = serde_json::from_str(
        &JSON::stringify(&get(&progress, "seen"))
            .unwrap()
            .as_string()
            .unwrap(),
    )
    .unwrap();
    let requests = fake.requests();
    assert_progress(
        &seen,
        &requests[1]["body"]["params"]["_meta"]["progressToken"],
    );
}

// ---------------------------------------------------------------- timeout, abort, network

#[wasm_bindgen_test]
async fn endless_body_with_timeout_ms_rejects_with_timeout() {
    let fake = Fake::new(&plan(
        json!({"contentType": SSE, "endless": true}),
        &[b": waiting\n\n"],
    ));
    let client = fake.client(&[("timeoutMs", JsValue::from(100))]);
    let started = js_sys::Date::now();
    let err =
        rejected(client.call_tool("sleep".into(), JsValue::UNDEFINED, no_call_options())).await;
    let elapsed = js_sys::Date::now() - started;
    assert_eq!(code(&err), "timeout", "{}", describe(&err));
    assert!(
        (90.0..5_000.0).contains(&elapsed),
        "timed out after {elapsed} ms"
    );
    assert_eq!(
        fake.requests().len(),
        2,
        "discovery answered, then the call hung"
    );
    // the deadline closes the stream: the request's signal aborts, in every runtime (Node
    // included)
    for _ in 0..100 {
        if fake.aborts() > 0 {
            break;
        }
        wait(5).await;
    }
    assert_eq!(fake.requests()[1]["hasSignal"].as_bool(), Some(true));
    assert_eq!(
        fake.aborts(),
        1,
        "the request's signal aborted at the deadline"
    );
}

#[wasm_bindgen_test]
async fn per_call_timeout_ms_overrides_the_default() {
    let fake = Fake::new(&plan(
        json!({"contentType": SSE, "endless": true}),
        &[b": waiting\n\n"],
    ));
    let client = fake.client(&[]); // default 60 s
    let err = rejected(client.call_tool(
        "sleep".into(),
        JsValue::UNDEFINED,
        object(&[("timeoutMs", JsValue::from(100))]),
    ))
    .await;
    assert_eq!(code(&err), "timeout", "{}", describe(&err));
}

#[wasm_bindgen_test]
async fn abort_signal_mid_stream_rejects_with_aborted() {
    let progress_only: &[u8] =
        b"data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":__TOKEN__,\"progress\":1}}\n\n";
    let fake = Fake::new(&plan(
        json!({"contentType": SSE, "endless": true}),
        &[progress_only],
    ));
    let progress = collector();
    let client = fake.client(&[]);
    let controller = new_abort_controller();
    let call = object(&[
        ("signal", get(&controller, "signal")),
        ("onProgress", get(&progress, "callback")),
    ]);
    let pending = client.call_tool("sleep".into(), JsValue::UNDEFINED, call);
    // wait until the body is being read (the progress event arrived), then abort
    for _ in 0..200 {
        if Array::from(&get(&progress, "seen")).length() > 0 {
            break;
        }
        wait(5).await;
    }
    assert_eq!(
        Array::from(&get(&progress, "seen")).length(),
        1,
        "the stream was open and read"
    );
    let abort: Function = get(&controller, "abort").dyn_into().unwrap();
    abort.call0(&controller).unwrap();
    let err = rejected(pending).await;
    assert_eq!(code(&err), "aborted", "{}", describe(&err));
}

#[wasm_bindgen_test]
async fn an_already_aborted_signal_rejects_with_aborted() {
    let fake = Fake::new(&plan(json!({"contentType": SSE}), &progress_chunks()));
    let client = fake.client(&[]);
    let err = rejected(client.call_tool(
        "echo".into(),
        echo_args(),
        object(&[("signal", aborted_signal())]),
    ))
    .await;
    assert_eq!(code(&err), "aborted", "{}", describe(&err));
}

#[wasm_bindgen_test]
async fn fetch_rejecting_with_a_type_error_is_network() {
    let fake = Fake::new(&plan(
        json!({"contentType": SSE, "reject": "Failed to fetch"}),
        &[],
    ));
    let client = fake.client(&[]);
    let err = rejected(client.call_tool("echo".into(), echo_args(), no_call_options())).await;
    assert_eq!(code(&err), "network", "{}", describe(&err));
    assert!(
        get(&err, "message")
            .as_string()
            .unwrap()
            .contains("Failed to fetch"),
        "{}",
        describe(&err)
    );
    // the client stays usable: a later call tries again
    assert_eq!(
        code(&rejected(client.list_tools(no_call_options())).await),
        "network"
    );
    // Node: one server/discover per call, and the list beside the second one. A browser also
    // tries `initialize` after each probe (an opaque network error there is usually CORS
    // refusing a handshake-era server).
    let methods: Vec<Value> = fake
        .requests()
        .iter()
        .map(|r| r["body"]["method"].clone())
        .collect();
    assert!(methods.len() == 3 || methods.len() == 5, "{methods:?}");
    assert_eq!(methods[0], "server/discover");
    assert_eq!(
        methods.iter().filter(|m| *m == "tools/list").count(),
        1,
        "{methods:?}"
    );
    assert!(
        methods
            .iter()
            .all(|m| m == "server/discover" || m == "initialize" || m == "tools/list"),
        "{methods:?}"
    );
}

// ---------------------------------------------------------------- host headers

const ECHO_RESULT: &str = "data: {\"jsonrpc\":\"2.0\",\"id\":__ID__,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"ok\"}]}}\n\n";

fn assert_mcp_headers_win(requests: &[Value]) {
    let methods = ["server/discover", "tools/call"];
    assert_eq!(requests.len(), 2);
    for (request, method) in requests.iter().zip(methods) {
        let h = &request["headers"];
        assert_eq!(h["mcp-method"], method, "{h}");
        assert_eq!(h["mcp-protocol-version"], "2026-07-28", "{h}");
        assert_eq!(h["accept"], "application/json, text/event-stream", "{h}");
        assert_eq!(h["content-type"], "application/json", "{h}");
        assert_eq!(request["method"], "POST");
        assert_eq!(request["redirect"], "manual");
    }
    assert_eq!(requests[1]["headers"]["mcp-name"], "echo");
}

#[wasm_bindgen_test]
async fn host_headers_object_is_sent_and_mcp_headers_win() {
    let fake = Fake::new(&plan(
        json!({"contentType": SSE}),
        &[ECHO_RESULT.as_bytes()],
    ));
    let headers = js(&json!({
        "Authorization": "Bearer abc",
        "X-Trace": "t-1",
        "Mcp-Method": "evil",
        "MCP-Protocol-Version": "1999-01-01",
        "mcp-name": "evil",
        "Accept": "text/html",
        "Content-Type": "text/plain"
    }));
    let client = fake.client(&[("headers", headers)]);
    resolved(client.call_tool("echo".into(), echo_args(), no_call_options())).await;
    let requests = fake.requests();
    for request in &requests {
        assert_eq!(request["headers"]["authorization"], "Bearer abc");
        assert_eq!(request["headers"]["x-trace"], "t-1");
    }
    assert_mcp_headers_win(&requests);
}

#[wasm_bindgen_test]
async fn host_headers_instance_is_sent() {
    let fake = Fake::new(&plan(
        json!({"contentType": SSE}),
        &[ECHO_RESULT.as_bytes()],
    ));
    let headers = headers_instance(&js(
        &json!({"Authorization": "Bearer h", "Mcp-Method": "evil"}),
    ));
    let client = fake.client(&[("headers", headers)]);
    resolved(client.call_tool("echo".into(), echo_args(), no_call_options())).await;
    let requests = fake.requests();
    assert!(requests
        .iter()
        .all(|r| r["headers"]["authorization"] == "Bearer h"));
    assert_mcp_headers_win(&requests);
}

#[wasm_bindgen_test]
async fn host_headers_async_function_is_called_per_request() {
    let fake = Fake::new(&plan(
        json!({"contentType": SSE}),
        &[ECHO_RESULT.as_bytes()],
    ));
    let log = Array::new();
    let client = fake.client(&[("headers", async_headers(&log))]);
    resolved(client.call_tool("echo".into(), echo_args(), no_call_options())).await;
    let requests = fake.requests();
    assert_eq!(
        requests[0]["headers"]["authorization"],
        "Bearer for server/discover"
    );
    assert_eq!(
        requests[1]["headers"]["authorization"],
        "Bearer for tools/call"
    );
    assert_mcp_headers_win(&requests);
    let log: Value =
        serde_json::from_str(&JSON::stringify(&log).unwrap().as_string().unwrap()).unwrap();
    assert_eq!(
        log,
        json!([
            {"url": "http://fake.test/mcp", "method": "server/discover"},
            {"url": "http://fake.test/mcp", "method": "tools/call"}
        ])
    );
}

/// Host `Mcp-*` headers are dropped even when the adapter sends no header of that name for
/// the method (`Mcp-Name` on `server/discover`, `Mcp-Param-*`, `Mcp-Session-Id`): a stray one
/// could make a 2026-07-28 server reject the request as a header/body mismatch.
#[wasm_bindgen_test]
async fn host_mcp_headers_never_reach_the_server() {
    let fake = Fake::new(&plan(
        json!({"contentType": SSE}),
        &[ECHO_RESULT.as_bytes()],
    ));
    let headers = js(
        &json!({"Mcp-Name": "evil", "Mcp-Param-Region": "evil", "Mcp-Session-Id": "evil", "X-Ok": "1"}),
    );
    let client = fake.client(&[("headers", headers)]);
    resolved(client.call_tool("echo".into(), echo_args(), no_call_options())).await;
    let requests = fake.requests();
    assert_eq!(requests[0]["headers"]["x-ok"], "1");
    for request in &requests {
        let h = request["headers"].as_object().unwrap();
        let allowed = ["mcp-method", "mcp-protocol-version", "mcp-name"];
        let stray: Vec<_> = h
            .iter()
            .filter(|(k, _)| k.starts_with("mcp-") && !allowed.contains(&k.as_str()))
            .collect();
        assert!(
            stray.is_empty(),
            "{} carried host headers {stray:?}",
            request["body"]["method"]
        );
    }
    assert!(
        requests[0]["headers"].get("mcp-name").is_none(),
        "server/discover carried a host Mcp-Name"
    );
    assert_eq!(requests[1]["headers"]["mcp-name"], "echo");
}

// ---------------------------------------------------------------- arguments and URLs

#[wasm_bindgen_test]
async fn bigint_or_cyclic_args_are_invalid_argument_and_nothing_is_sent() {
    let fake = Fake::new(&plan(
        json!({"contentType": SSE}),
        &[ECHO_RESULT.as_bytes()],
    ));
    let client = fake.client(&[]);
    let err = rejected(client.call_tool("echo".into(), bigint_args(), no_call_options())).await;
    assert_eq!(code(&err), "invalid_argument", "{}", describe(&err));
    let err = rejected(client.call_tool("echo".into(), cyclic_args(), no_call_options())).await;
    assert_eq!(code(&err), "invalid_argument", "{}", describe(&err));
    assert_eq!(fake.requests().len(), 0, "no request was made");
    assert_eq!(client.protocol_version(), None);
}

#[wasm_bindgen_test]
async fn bad_call_options_are_invalid_argument() {
    let fake = Fake::new(&plan(
        json!({"contentType": SSE}),
        &[ECHO_RESULT.as_bytes()],
    ));
    let client = fake.client(&[]);
    for call in [
        JsValue::from_str("fast"),
        object(&[("timeoutMs", JsValue::from(-1))]),
        object(&[("signal", JsValue::from_str("nope"))]),
        object(&[("onProgress", JsValue::from(1))]),
    ] {
        let err = rejected(client.call_tool("echo".into(), echo_args(), call)).await;
        assert_eq!(code(&err), "invalid_argument", "{}", describe(&err));
    }
    assert_eq!(fake.requests().len(), 0);
}

#[wasm_bindgen_test]
fn constructor_refuses_non_http_targets_with_invalid_url() {
    let fake = Fake::new(&plan(json!({"contentType": SSE}), &[]));
    for url in [
        "file:///x",
        "",
        "/relative",
        "ws://host/mcp",
        "mailto:a@b.c",
    ] {
        let options = object(&[("fetch", fake.fetch())]);
        match WasmClient::new(JsValue::from_str(url), options) {
            Ok(_) => panic!("{url:?} was accepted"),
            Err(e) => {
                assert_eq!(code(&e), "invalid_url", "{url:?}: {}", describe(&e));
                assert_eq!(
                    get(&e, "name").as_string().as_deref(),
                    Some("MCPAdapterError")
                );
                assert!(e.is_instance_of::<js_sys::Error>());
            }
        }
    }
    match WasmClient::new(JsValue::from(42), JsValue::UNDEFINED) {
        Ok(_) => panic!("a number was accepted"),
        Err(e) => assert_eq!(code(&e), "invalid_url"),
    }
    match WasmClient::new(
        JsValue::from_str("http://h/mcp"),
        object(&[("fetch", JsValue::from_str("no"))]),
    ) {
        Ok(_) => panic!("a string fetch was accepted"),
        Err(e) => assert_eq!(code(&e), "invalid_argument"),
    }
    assert_eq!(fake.requests().len(), 0);
}

// ---------------------------------------------------------------- stream lifetime

#[wasm_bindgen_test]
async fn reader_is_cancelled_once_the_response_arrived_on_an_open_stream() {
    let fake = Fake::new(&plan(
        json!({"contentType": SSE, "endless": true}),
        &[ECHO_RESULT.as_bytes()],
    ));
    let client = fake.client(&[]);
    let out = resolved(client.call_tool("echo".into(), echo_args(), no_call_options())).await;
    assert_eq!(out["content"][0]["text"], "ok");
    for _ in 0..100 {
        if fake.cancels() > 0 {
            break;
        }
        wait(5).await;
    }
    assert_eq!(
        fake.cancels(),
        1,
        "the open event stream's cancel() was called once"
    );
}
