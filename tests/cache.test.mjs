// Caching of lists and reads: by the server's ttlMs (FastMCP fixture with --cache-ttl 60),
// per resource (TypeScript SDK v2 fixture: a hint on one resource, ttlMs 0 elsewhere), the
// cacheMode option (use, refresh, bypass), clearCache(), and one private cache per adapter.
// (Handshake-era results are never cached: tests/resources.test.mjs.)
//
//   bash scripts/build.sh && node --test tests/cache.test.mjs

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { rejectsWith } from './helpers/errors.mjs';
import { methods, recordingFetch } from './helpers/record.mjs';
import { startFastMCP, startTsServer, useServer } from './helpers/servers.mjs';

describe('FastMCP fixture (2026-07-28, --cache-ttl 60)', { timeout: 120_000 }, () => {
  const srv = useServer(() => startFastMCP({ cacheTtl: 60 }));

  it('caches reads and lists by ttlMs; cacheMode refresh and bypass', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(srv().url, { fetch: rec.fetch });
    const count = async (mode) => Number((await adapter.readResource('fixture://counter', mode && { cacheMode: mode }))[0].text);
    const first = await count();
    assert.equal(await count(), first, 'served from the cache');
    assert.equal(await count('use'), first);
    const reads = () => rec.requests.filter((r) => r.body?.method === 'resources/read').length;
    assert.equal(reads(), 1);
    const refreshed = await count('refresh');
    assert.equal(refreshed, first + 1);
    assert.equal(await count(), refreshed, 'refresh stored the new value');
    const bypassed = await count('bypass');
    assert.equal(bypassed, refreshed + 1);
    assert.equal(await count(), refreshed, 'bypass stored nothing');
    assert.equal(reads(), 3);

    await adapter.listPrompts();
    await adapter.listPrompts();
    await adapter.listResources();
    await adapter.listResources({ cacheMode: 'use' });
    await adapter.listResourceTemplates();
    await adapter.listResourceTemplates();
    const tools = await adapter.listTools();
    assert.deepEqual((await adapter.listTools()).map((t) => t.name), tools.map((t) => t.name));
    const lists = methods(rec).filter((m) => /\/list$/.test(m));
    assert.deepEqual(lists, ['prompts/list', 'resources/list', 'resources/templates/list', 'tools/list'], 'each list fetched once');
    await adapter.listTools({ cacheMode: 'refresh' });
    assert.equal(methods(rec).filter((m) => m === 'tools/list').length, 2, 'refresh refetches tools');

    // another adapter has its own private cache
    const other = new MCPAdapter(srv().url);
    assert.equal(Number((await other.readResource('fixture://counter'))[0].text), bypassed + 1);
    // clearCache forgets
    adapter.clearCache();
    assert.equal(await count(), bypassed + 2);
    await rejectsWith(adapter.listResources({ cacheMode: 'sometimes' }), 'invalid_argument');
  });

});

describe('TypeScript SDK v2 fixture (2026-07-28)', { timeout: 120_000 }, () => {
  const srv = useServer(startTsServer);

  it('a per-resource cache hint is honoured; other results (ttlMs 0) are not cached', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(srv().url, { fetch: rec.fetch });
    const count = async (o) => Number((await adapter.readResource('fixture://counter', o))[0].text);
    const first = await count();
    assert.equal(await count(), first);
    assert.equal(await count({ cacheMode: 'refresh' }), first + 1);
    await adapter.readResource('fixture://readme');
    await adapter.readResource('fixture://readme');
    await adapter.listResources();
    await adapter.listResources();
    const sent = methods(rec);
    assert.equal(sent.filter((m) => m === 'resources/read').length, 4, 'counter twice, readme twice');
    assert.equal(sent.filter((m) => m === 'resources/list').length, 2);
  });

});
