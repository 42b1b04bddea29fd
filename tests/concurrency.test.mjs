// Concurrent first calls on a fresh adapter: against the two 2026-07-28 fixtures they all
// succeed and run server/discover once; against a handshake-era server (the FastMCP fixture
// with --legacy-only) they open one session with one initialize, which close() ends.
//
//   bash scripts/build.sh && node --test tests/concurrency.test.mjs

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { MODERN_FIXTURES, VERSION } from './helpers/fixture-data.mjs';
import { recordingFetch } from './helpers/record.mjs';
import { startFastMCP, useServer } from './helpers/servers.mjs';

for (const srv of MODERN_FIXTURES) {
  describe(srv.label, { timeout: 30_000 }, () => {
    const server = useServer(srv.start);

    describe('concurrency on a fresh adapter', () => {
      it('10 concurrent first calls all succeed', async () => {
        const a = new MCPAdapter(server().url);
        const outs = await Promise.all(Array.from({ length: 10 }, (_, i) => a.callTool('echo', { text: `f${i}` })));
        outs.forEach((out, i) => assert.equal(out.content[0].text, `echo: f${i}`));
        assert.equal(a.protocolVersion, VERSION);
      });

      it(
        '10 concurrent first calls run server/discover once',
        async () => {
          const rec = recordingFetch();
          const a = new MCPAdapter(server().url, { fetch: rec.fetch });
          await Promise.all(Array.from({ length: 10 }, (_, i) => a.callTool('echo', { text: `d${i}` })));
          assert.equal(rec.requests.filter((r) => r.body.method === 'server/discover').length, 1);
        },
      );
    });
  });
}

describe('FastMCP fixture, legacy only (handshake era through protocol "auto")', { timeout: 30_000 }, () => {
  const server = useServer(() => startFastMCP({ legacyOnly: true }));

  it('5 concurrent first calls all succeed at 2025-11-25', async () => {
    const a = new MCPAdapter(server().url);
    const outs = await Promise.all(Array.from({ length: 5 }, (_, i) => a.callTool('echo', { text: `l${i}` })));
    outs.forEach((out, i) => assert.equal(out.content[0].text, `echo: l${i}`));
    assert.equal(a.protocolVersion, '2025-11-25');
    await a.close();
  });

  it(
    '5 concurrent first calls open one session (one initialize), which close() ends',
    async () => {
      const rec = recordingFetch();
      const a = new MCPAdapter(server().url, { fetch: rec.fetch });
      await Promise.all(Array.from({ length: 5 }, (_, i) => a.callTool('echo', { text: `s${i}` })));
      await a.close();
      const inits = rec.requests.filter((r) => r.body?.method === 'initialize');
      assert.equal(inits.length, 1, `${inits.length} initialize requests`);
      const sessions = new Set(rec.requests.map((r) => r.headers.get('mcp-session-id')).filter(Boolean));
      assert.equal(sessions.size, 1, `${sessions.size} sessions used`);
    },
  );
});
