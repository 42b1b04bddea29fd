// Large strings (≥ 64 KiB) travel from the wasm core to JS beside the JSON text rather than
// inside it (src/bindings/json.rs): they must come back intact wherever they sit.
//
//   bash scripts/build.sh && node --test tests/large-payloads.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { startFastMCP, startTsServer, useServer } from './helpers/servers.mjs';

const fast = useServer(() => startFastMCP());
const ts = useServer(startTsServer);

// 300 KB of text with multi-byte characters and characters JSON must escape
const big = 'Grüße "quoted" \\ back\nslash ✓ 世界 '.repeat(10_000);

test('a large text result and a large structured artifact round-trip exactly (FastMCP)', async () => {
  const out = await new MCPAdapter(fast().url).callTool('echo', { text: big });
  assert.equal(out.content[0].text, `echo: ${big}`);
  assert.equal(out.artifact.structured_content.result, `echo: ${big}`);
  assert.equal(out.status, 'success');
});

test('a large text result round-trips exactly, small fields beside it intact (TS SDK server)', async () => {
  const adapter = new MCPAdapter(ts().url);
  const out = await adapter.callTool('echo', { text: big });
  assert.deepEqual(out, { type: 'tool_result', content: [{ type: 'text', text: `echo: ${big}` }], status: 'success' });
  const [one, two] = await Promise.all([adapter.callTool('echo', { text: `${big}1` }), adapter.callTool('echo', { text: 'small' })]);
  assert.equal(one.content[0].text, `echo: ${big}1`);
  assert.equal(two.content[0].text, 'echo: small');
});

// A JSON body declared longer than 1 MiB is read by the core chunk by chunk into one buffer of
// its declared length (src/bindings/exchange.js, STREAMED_JSON), not whole by arrayBuffer()
// first: no body-sized copy of it waits in JavaScript beside the wasm's.
const json = useServer(() => startFastMCP({ json: true }));
const huge = big.repeat(5); // 1.5 MB of text, so a body of about 1.9 MB

/** A fetch over the global one that records each response's size and how its body was read. */
function watchingFetch(seen, change = (response) => response) {
  return async (url, init) => {
    const response = change(await fetch(url, init));
    const entry = { length: Number(response.headers.get('content-length')), whole: false };
    seen.push(entry);
    const arrayBuffer = response.arrayBuffer.bind(response);
    response.arrayBuffer = () => ((entry.whole = true), arrayBuffer());
    return response;
  };
}

test('a large JSON body is read chunk by chunk, a small one whole, and both round-trip exactly (FastMCP, JSON responses)', async () => {
  const seen = [];
  const adapter = new MCPAdapter(json().url, { fetch: watchingFetch(seen) });
  const out = await adapter.callTool('echo', { text: huge });
  assert.equal(out.content[0].text, `echo: ${huge}`);
  assert.equal(out.artifact.structured_content.result, `echo: ${huge}`);
  const large = seen.filter((s) => s.length > 1 << 20);
  assert.equal(large.length, 1, JSON.stringify(seen));
  assert.equal(large[0].whole, false, 'the large body was read by arrayBuffer()');
  assert.ok(seen.some((s) => s.length > 0 && s.length < 1 << 20 && s.whole), JSON.stringify(seen));
  assert.equal((await adapter.callTool('echo', { text: 'small' })).content[0].text, 'echo: small');
});

/** `response` with its body as it is and `content-length` set to `length`. */
function declaring(length) {
  return (response) => {
    const headers = new Headers(response.headers);
    headers.set('content-length', String(length));
    return new Response(response.body, { status: response.status, headers });
  };
}

test('a declared length is a hint: a body longer than declared is still refused past maxResponseBytes, one shorter reads as it is', async () => {
  const seen = [];
  // declared 1.2 MB (within the 1.5 MB limit), sent about 1.9 MB
  const lying = new MCPAdapter(json().url, { maxResponseBytes: 1_500_000, fetch: watchingFetch(seen, declaring(1_200_000)) });
  await assert.rejects(lying.callTool('echo', { text: huge }), (e) => e.code === 'body_too_large');
  assert.equal(seen.at(-1).whole, false);
  assert.equal((await lying.callTool('echo', { text: 'after' })).content[0].text, 'echo: after');
  // declared 9 MB, sent about 1.9 MB
  const long = new MCPAdapter(json().url, { fetch: watchingFetch([], declaring(9_000_000)) });
  assert.equal((await long.callTool('echo', { text: huge })).content[0].text, `echo: ${huge}`);
});

test('a custom fetch whose body has no getReader (a Node stream, as node-fetch gives) still reads a large JSON body whole', async () => {
  const nodeStyle = async (url, init) => {
    const response = await fetch(url, init);
    // what node-fetch and cross-fetch resolve to on Node: a Response-like with a Node Readable
    return { status: response.status, type: 'default', headers: response.headers, body: { pipe() {} }, arrayBuffer: () => response.arrayBuffer() };
  };
  const adapter = new MCPAdapter(json().url, { fetch: nodeStyle });
  assert.equal((await adapter.callTool('echo', { text: huge })).content[0].text, `echo: ${huge}`);
});
