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
