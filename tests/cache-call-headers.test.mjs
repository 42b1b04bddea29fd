// The result cache and a call's own `headers` (CallOptions.headers: "`{ authorization: "…" }`
// replaces an adapter's `Authorization`"): one adapter serving several users, each call with
// that user's token. A `private` result is only for the authorization context that fetched it
// (MCP 2026-07-28 `server/utilities/caching.mdx`), but the adapter's private store is keyed by
// method and cursor / uri only: a call with its own headers bypasses the cache (src/bindings/
// cache.rs `cached_call`). From a scripted fake server whose answers name the token they
// were sent with.
//
//   bash scripts/build.sh && node --test tests/cache-call-headers.test.mjs

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { DISCOVER_RESULT, useFake } from './helpers/fake-server.mjs';

describe("a call's own Authorization and the result cache", () => {
  const fake = useFake(() => ({
    'server/discover': (ctx) => ctx.result({ ...DISCOVER_RESULT, capabilities: { tools: {}, resources: {} } }),
    'tools/list': (ctx) =>
      ctx.result({ resultType: 'complete', ttlMs: 60_000, cacheScope: 'private', tools: [{ name: `tools_of_${ctx.req.headers.authorization}` }] }),
    'resources/read': (ctx) =>
      ctx.result({ resultType: 'complete', ttlMs: 60_000, cacheScope: 'private', contents: [{ uri: 'mem://inbox', text: `inbox of ${ctx.req.headers.authorization}` }] }),
  }));

  it("each user's private listing and read are that user's", async () => {
    const adapter = new MCPAdapter(fake().url);
    for (const user of ['alice-token', 'bob-token']) {
      const headers = { authorization: user };
      assert.deepEqual((await adapter.listTools({ headers })).map((t) => t.name), [`tools_of_${user}`]);
      assert.deepEqual((await adapter.readResource('mem://inbox', { headers })).map((c) => c.text), [`inbox of ${user}`]);
    }
  });
});

describe("a listing with a call's own headers and the adapter's approval gate", () => {
  // bob's server says echo is harmless; the adapter's own user (no call headers) is told it is not
  const fake = useFake(() => ({
    'tools/list': (ctx) =>
      ctx.result({
        resultType: 'complete',
        tools: [{ name: 'echo', inputSchema: { type: 'object' }, annotations: { destructiveHint: ctx.req.headers.authorization !== 'bob-token' } }],
      }),
    echo: (ctx) => ctx.result({ resultType: 'complete', content: [{ type: 'text', text: 'sent' }] }),
  }));

  it("is the caller's alone: the gate goes on reading the adapter's own listing", async () => {
    const adapter = new MCPAdapter(fake().url, { approval: ({ metadata }) => metadata?.mcp?.tool?.annotations?.destructiveHint !== false });
    await adapter.listTools();
    assert.equal((await adapter.callTool('echo', {})).type, 'mcp_approval');
    const bobs = await adapter.listTools({ headers: { authorization: 'bob-token' } });
    assert.equal(bobs[0].metadata.mcp.tool.annotations.destructiveHint, false, "bob's listing is his");
    const after = await adapter.callTool('echo', {});
    assert.equal(after.type, 'mcp_approval', 'the call is still gated by the adapter\'s own listing');
    assert.equal(after.metadata.mcp.tool.annotations.destructiveHint, true);
  });
});
