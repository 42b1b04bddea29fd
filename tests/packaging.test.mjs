// The package's entries as Node loads them: the CommonJS build (pkg/index.cjs) lists and calls
// tools against the two 2026-07-28 fixtures, and its errors are MCPAdapterErrors for the ESM
// entry too. (Deno, Bun, workerd and the browser: tests/runtimes.test.mjs, browser.test.mjs.)
//
//   bash scripts/build.sh && node --test tests/packaging.test.mjs

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { MCPAdapterError } from '../pkg/index.node.js';
import { FIXTURE_TOOLS as TOOL_NAMES, MODERN_FIXTURES, VERSION } from './helpers/fixture-data.mjs';
import { useServer } from './helpers/servers.mjs';

for (const srv of MODERN_FIXTURES) {
  describe(srv.label, { timeout: 30_000 }, () => {
    const server = useServer(srv.start);

    describe('CommonJS build', () => {
      it('require("../pkg/index.cjs") exposes MCPAdapter, which lists tools', async () => {
        const require = createRequire(import.meta.url);
        const cjs = require('../pkg/index.cjs');
        assert.equal(typeof cjs.MCPAdapter, 'function');
        assert.equal(typeof cjs.MCPAdapterError, 'function');
        const a = new cjs.MCPAdapter(server().url);
        const list = await a.listTools();
        assert.ok(list.length >= TOOL_NAMES.length);
        assert.equal(a.protocolVersion, VERSION);
        const out = await list.find((t) => t.name === 'echo').invoke({ text: 'cjs' });
        assert.equal(out.content[0].text, 'echo: cjs');
        // The brand check works across the two module instances.
        assert.throws(() => new cjs.MCPAdapter('/mcp'), (e) => e instanceof MCPAdapterError && e.code === 'invalid_url');
      });
    });
  });
}
