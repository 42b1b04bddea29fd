// A JSON response whose Content-Length fits maxResponseBytes but whose body, as fetch hands it
// over, does not: a gzip body (fetch decodes Content-Encoding, RFC 9110 8.4, while
// Content-Length counts the bytes sent) and a custom `fetch` whose Content-Length is wrong.
// The body is read no further than the limit allows, the call is refused with body_too_large,
// the trace tells no answer the call refused, and the adapter still works. And a body in a
// coding the runtime's fetch does not decode (zstd, which Node 20 leaves as sent): a JSON body
// and an event stream are refused with content_encoding, naming the coding, not invalid_json.
// From a scripted fake server: no real MCP server sends a compressed bomb, and a real one
// answers in a coding the request accepts.
//
//   bash scripts/build.sh && node --test tests/compressed-body.test.mjs

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { MCPAdapter } from '../pkg/index.node.js';
import { assertStillWorks, useFake } from './helpers/fake-server.mjs';

const LIMIT = 4096;

/** A tools/list answer to request `id` whose one tool has a description of `size` characters. */
function bigListing(id, size) {
  return JSON.stringify({ jsonrpc: '2.0', id, result: { resultType: 'complete', tools: [{ name: 'echo', description: 'x'.repeat(size) }] } });
}

describe('a JSON body larger than its Content-Length says', () => {
  const fake = useFake(() => ({
    'tools/list': (ctx) => {
      // 4 MB of JSON in under 4 KB of gzip
      const gz = gzipSync(bigListing(ctx.id, 4_000_000), { level: 9 });
      ctx.res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(gz.length) });
      ctx.res.end(gz);
    },
  }));

  it('gzip: a body that fetch decodes past maxResponseBytes is refused, read no further, and traced without a message', async () => {
    const events = [];
    const chunks = [];
    // the global fetch, with the body's reads counted
    const counting = async (url, init) => {
      const response = await fetch(url, init);
      if (JSON.parse(init.body).method !== 'tools/list') return response;
      const reader = response.body.getReader();
      const body = new ReadableStream({
        async pull(controller) {
          const step = await reader.read();
          if (step.done) controller.close();
          else {
            chunks.push(step.value.length);
            controller.enqueue(step.value);
          }
        },
        cancel: (reason) => reader.cancel(reason),
      });
      return new Response(body, { status: response.status, headers: response.headers });
    };
    const adapter = new MCPAdapter(fake().url, { maxResponseBytes: LIMIT, fetch: counting, onTrace: (e) => events.push(e) });
    const gz = gzipSync(bigListing(1, 4_000_000), { level: 9 }).length;
    assert.ok(gz <= LIMIT, `the gzip body (${gz} B) must fit the limit for the case to hold`);
    await assert.rejects(adapter.listTools(), (e) => e.code === 'body_too_large');
    const read = chunks.reduce((a, b) => a + b, 0);
    assert.ok(read < 1_000_000, `read ${read} bytes of a body refused past ${LIMIT}`);
    const listing = events.filter((e) => e.direction === 'receive' && e.method === 'tools/list');
    assert.equal(listing.length, 1);
    assert.equal(listing[0].message, undefined, 'the trace told an answer the call refused');
    await assertStillWorks(adapter);
  });

  it("a custom fetch's Content-Length smaller than its body: refused, and traced without a message", async () => {
    const events = [];
    const lying = async (url, init) => {
      const response = await fetch(url, init);
      if (JSON.parse(init.body).method !== 'tools/list') return response;
      const text = bigListing(JSON.parse(init.body).id, 100_000);
      return new Response(text, { status: 200, headers: { 'content-type': 'application/json', 'content-length': '100' } });
    };
    const adapter = new MCPAdapter(fake().url, { maxResponseBytes: LIMIT, fetch: lying, onTrace: (e) => events.push(e) });
    await assert.rejects(adapter.listTools(), (e) => e.code === 'body_too_large');
    const listing = events.filter((e) => e.direction === 'receive' && e.method === 'tools/list');
    assert.equal(listing.length, 1);
    assert.equal(listing[0].message, undefined, 'the trace told an answer the call refused');
    await assertStillWorks(adapter);
  });
});

/**
 * `text` as a zstd frame (RFC 8878) of one raw block: the single-segment frame header with a
 * 4-byte content size, then the block (no compression: a frame every zstd decoder reads).
 */
function zstdFrame(text) {
  const data = Buffer.from(text);
  const header = Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0xa0, 0, 0, 0, 0]);
  header.writeUInt32LE(data.length, 5);
  const block = Buffer.alloc(3);
  block.writeUIntLE(1 | (data.length << 3), 0, 3); // the last block, raw, of data.length bytes
  return Buffer.concat([header, block, data]);
}

describe('a body in a coding the runtime\'s fetch does not decode (zstd in Node 20)', () => {
  const answer = (id) => ({ jsonrpc: '2.0', id, result: { resultType: 'complete', content: [{ type: 'text', text: 'zstd' }] } });
  const fake = useFake(() => ({
    zstd_json: (ctx) => {
      ctx.res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'zstd' });
      ctx.res.end(zstdFrame(JSON.stringify(answer(ctx.id))));
    },
    zstd_sse: (ctx) => {
      ctx.res.writeHead(200, { 'content-type': 'text/event-stream', 'content-encoding': 'zstd' });
      ctx.res.end(zstdFrame(`event: message\ndata: ${JSON.stringify(answer(ctx.id))}\n\n`));
    },
    zstd_error_page: (ctx) => {
      ctx.res.writeHead(502, { 'content-type': 'application/json', 'content-encoding': 'zstd' });
      ctx.res.end(zstdFrame(JSON.stringify({ jsonrpc: '2.0', id: ctx.id, error: { code: -32603, message: 'down' } })));
    },
    gzip_json: (ctx) => {
      ctx.res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      ctx.res.end(gzipSync(JSON.stringify(answer(ctx.id))));
    },
  }));

  it('a zstd frame is what a zstd decoder reads', { skip: !zstdCli() && 'no zstd command here' }, () => {
    const out = execFileSync('zstd', ['-d', '-c'], { input: zstdFrame('{"ok":true}') });
    assert.equal(out.toString(), '{"ok":true}');
  });

  for (const [tool, what] of [
    ['zstd_json', 'a JSON body'],
    ['zstd_sse', 'an event stream'],
    ['zstd_error_page', 'a JSON error page (HTTP 502)'],
  ]) {
    it(`${what} left encoded is refused with content_encoding, naming the coding, and the adapter still works`, async () => {
      const adapter = new MCPAdapter(fake().url);
      const error = await adapter.callTool(tool, {}).then(() => assert.fail('resolved'), (e) => e);
      assert.equal(error.code, 'content_encoding', error.message);
      assert.match(error.message, /Content-Encoding: "zstd"/);
      if (tool === 'zstd_error_page') assert.match(error.message, /HTTP 502/);
      await assertStillWorks(adapter);
    });
  }

  it('a coding the runtime decodes (gzip) is read as before', async () => {
    const out = await new MCPAdapter(fake().url).callTool('gzip_json', {});
    assert.deepEqual(out.content, [{ type: 'text', text: 'zstd' }]);
  });
});

/** Whether the `zstd` command is there (to check the frame against a real decoder). */
function zstdCli() {
  try {
    execFileSync('zstd', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
