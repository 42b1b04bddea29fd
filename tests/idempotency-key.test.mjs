// The `idempotencyKey` call option: sent in the request's `_meta` under this package's prefix
// (`io.github.mcp-wasm-adapter/idempotencyKey`) in both eras, so a server can deduplicate a
// call sent again; the FastMCP fixture's run log shows what it received and deduplicated.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MCPAdapter } from '../pkg/index.node.js';
import { runsOf, startFastMCP } from './helpers/servers.mjs';

for (const era of ['2026-07-28', 'handshake']) {
  describe(`idempotencyKey (${era})`, () => {
    const runLog = path.join(mkdtempSync(path.join(os.tmpdir(), 'mcp-idem-')), 'runs.jsonl');
    let server;
    before(async () => {
      server = await startFastMCP({ legacyOnly: era === 'handshake', runLog });
    });
    after(() => server?.close());

    test('reaches the server in _meta, the same key twice is deduplicated there, a call without one has none', async () => {
      const adapter = new MCPAdapter(server.url);
      for (let i = 0; i < 2; i += 1) {
        const done = await adapter.callTool('echo', { text: 'once' }, { idempotencyKey: `k-${era}` });
        assert.equal(done.content[0].text, 'echo: once');
      }
      await adapter.callTool('echo', { text: 'plain' });
      assert.deepEqual(runsOf(runLog, 'echo').map((r) => [r.key, r.event]), [
        [`k-${era}`, 'run'],
        [`k-${era}`, 'deduplicated'],
        [null, 'run'],
      ]);
    });

    test('a key that is not a string of 1 to 256 bytes is refused before anything is sent', async () => {
      const adapter = new MCPAdapter(server.url);
      const before = runsOf(runLog).length;
      for (const idempotencyKey of ['', 'k'.repeat(257), 42, {}]) {
        await assert.rejects(adapter.callTool('echo', { text: 'x' }, { idempotencyKey }), { code: 'invalid_argument', message: /idempotencyKey/ });
      }
      assert.equal(runsOf(runLog).length, before);
    });
  });
}
