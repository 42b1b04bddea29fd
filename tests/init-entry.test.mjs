// mcp-wasm-adapter/init in Node (ESM): the host passes the wasm to initialize(). This process
// imports no other entry, so the wasm really is instantiated from what the test passes.
// (Its bundles: tests/bundlers.test.mjs; its CommonJS build: packaging.test.mjs via index.cjs.)
//
//   bash scripts/build.sh && node --test tests/init-entry.test.mjs
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { initialize, MCPAdapter, MCPAdapterError } from '../pkg/init.js';
import { startTsServer, useServer } from './helpers/servers.mjs';
import { startStaticSite } from './helpers/browser.mjs';

describe('mcp-wasm-adapter/init: the host passes the wasm', { timeout: 30_000 }, () => {
  const server = useServer(startTsServer);

  it('refuses adapters before initialize(), says when the wasm URL is not served, then runs from the URL', async () => {
    const site = await startStaticSite([]);
    try {
      assert.throws(() => new MCPAdapter(server().url), (e) => e instanceof MCPAdapterError && e.code === 'invalid_argument' && /initialize\(wasm\)/.test(e.message));
      await assert.rejects(initialize(`${site.origin}/pkg/missing.wasm`), (e) => e.code === 'http_status' && e.status === 404 && e.message.includes('/pkg/missing.wasm'));
      await assert.rejects(initialize({ not: 'wasm' }), (e) => e.code === 'invalid_argument');
      await initialize(new URL(`${site.origin}/pkg/mcp_wasm_adapter_bg.wasm`));
      assert.ok(site.seen.includes('GET /pkg/mcp_wasm_adapter_bg.wasm'), 'the wasm came from the URL');
      await initialize(new Uint8Array(0)); // once initialized, later calls do nothing
      const out = await new MCPAdapter(server().url).callTool('echo', { text: 'init' });
      assert.deepEqual(out, { type: 'tool_result', content: [{ type: 'text', text: 'echo: init' }], status: 'success' });
    } finally {
      await site.close();
    }
  });
});
