// A JSON response whose Content-Length fits maxResponseBytes but whose body, as fetch hands it
// over, does not: a gzip body (fetch decodes Content-Encoding, RFC 9110 8.4, while
// Content-Length counts the bytes sent) and a custom `fetch` whose Content-Length is wrong.
// The body is read no further than the limit allows, the call is refused with body_too_large,
// the trace tells no answer the call refused, and the adapter still works. From a scripted
// fake server: no real MCP server sends a compressed bomb.
//
//   bash scripts/build.sh && node --test tests/compressed-body.test.mjs

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
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
