// mcp-wasm-adapter/init in Node (ESM): the host passes the wasm to initialize(). This process
// imports no other entry, so the wasm really is instantiated from what the test passes.
// (Its bundles: tests/bundlers.test.mjs; its CommonJS build: packaging.test.mjs via index.cjs.)
//
//   bash scripts/build.sh && node --test tests/init-entry.test.mjs
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { initialize, initializeSync, MCPAdapter, MCPAdapterError } from '../pkg/init.js';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { REPO_ROOT, startTsServer, useServer } from './helpers/servers.mjs';
import { startStaticSite } from './helpers/browser.mjs';

describe('mcp-wasm-adapter/init: the host passes the wasm', { timeout: 30_000 }, () => {
  const server = useServer(startTsServer);

  it('refuses adapters before initialize(), says when the wasm URL is not served, then runs from the URL', async () => {
    const site = await startStaticSite([]);
    try {
      assert.throws(() => new MCPAdapter(server().url), (e) => e instanceof MCPAdapterError && e.code === 'invalid_argument' && /initialize\(wasm\)/.test(e.message));
      await assert.rejects(initialize(`${site.origin}/pkg/missing.wasm`), (e) => e.code === 'http_status' && e.status === 404 && e.message.includes('/pkg/missing.wasm'));
      await assert.rejects(initialize({ not: 'wasm' }), (e) => e.code === 'invalid_argument');
      // a promise of a Response (fetch(url)) that rejects: the fetch failed
      await assert.rejects(initialize(fetch('http://127.0.0.1:9/mcp_wasm_adapter_bg.wasm')), (e) => e instanceof MCPAdapterError && e.code === 'network' && /fetch/.test(e.message));
      // not WebAssembly, and a valid module that is not this package's (as a stale copy of
      // another version would be): refused before the glue sees them, which stays usable
      const emptyModule = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
      for (const wrong of [new Uint8Array([1, 2, 3]), emptyModule, new WebAssembly.Module(emptyModule)]) {
        await assert.rejects(initialize(wrong), (e) => e.code === 'invalid_argument' && /not a WebAssembly module|not mcp-wasm-adapter/.test(e.message));
      }
      assert.throws(() => initializeSync(emptyModule), (e) => e.code === 'invalid_argument');
      await initialize(new URL(`${site.origin}/pkg/mcp_wasm_adapter_bg.wasm`));
      assert.ok(site.seen.includes('GET /pkg/mcp_wasm_adapter_bg.wasm'), 'the wasm came from the URL');
      await initialize(new Uint8Array(0)); // once initialized, later calls do nothing
      const out = await new MCPAdapter(server().url).callTool('echo', { text: 'init' });
      assert.deepEqual(out, { type: 'tool_result', content: [{ type: 'text', text: 'echo: init' }], status: 'success' });
    } finally {
      await site.close();
    }
  });

  it('initializeSync() while initialize() instantiates is refused: two instances would mix up adapters', async () => {
    // in a process of its own, whose glue no other test has instantiated: initialize() of a
    // compiled module is instantiating (asynchronously) when initializeSync() comes
    const script = `
      import { readFileSync } from 'node:fs';
      import { initialize, initializeSync, MCPAdapter } from './pkg/init.js';
      const url = process.argv[1];
      const module = new WebAssembly.Module(readFileSync('./pkg/mcp_wasm_adapter_bg.wasm'));
      const seen = [];
      const recording = (who) => (target, init) => (seen.push(who + ' ' + target), fetch(target, init));
      const pending = initialize(module);
      let syncError;
      try { initializeSync(module); } catch (e) { syncError = e.code; }
      let a = syncError ? undefined : new MCPAdapter(url + '?a', { fetch: recording('a') });
      await pending;
      a ??= new MCPAdapter(url + '?a', { fetch: recording('a') });
      const b = new MCPAdapter(url + '?b', { fetch: recording('b') });
      const out = await a.callTool('echo', { text: 'a' });
      console.log(JSON.stringify({ syncError, seen: seen.map((s) => s.replace(url, '')), text: out.content?.[0]?.text }));
    `;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, server().url], { cwd: REPO_ROOT });
    const { syncError, seen, text } = JSON.parse(stdout);
    assert.equal(text, 'echo: a');
    assert.ok(seen.length > 0 && seen.every((s) => s.startsWith('a ?a')), `adapter a's requests went out as ${JSON.stringify(seen)}`);
    assert.equal(syncError, 'invalid_argument');
  });
});
