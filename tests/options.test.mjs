// Validation of the constructor's URL and options and of per-call options: a bad one is an
// MCPAdapterError (invalid_url or invalid_argument) thrown or rejected before anything is sent.
//
//   bash scripts/build.sh && node --test tests/options.test.mjs

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter, MCPAdapterError } from '../pkg/index.node.js';
import { rejectsWith } from './helpers/errors.mjs';
import { recordingFetch } from './helpers/record.mjs';

describe('constructor', () => {
  const isCode = (code) => (err) => {
    assert.ok(err instanceof MCPAdapterError, `not an MCPAdapterError: ${err}`);
    assert.equal(err.name, 'MCPAdapterError');
    assert.equal(err.code, code, err.message);
    return true;
  };

  for (const bad of ['', '/mcp', 'file:///etc/passwd', 'ws://127.0.0.1/mcp', 42, 'mcp.example.com/mcp', 'http://u:p@127.0.0.1/mcp', null, undefined, {}]) {
    it(`refuses ${JSON.stringify(bad) ?? String(bad)} synchronously with invalid_url`, () => {
      const rec = recordingFetch();
      assert.throws(() => new MCPAdapter(bad, { fetch: rec.fetch }), isCode('invalid_url'));
      assert.equal(rec.requests.length, 0);
    });
  }

  it('accepts http, https and a URL object', () => {
    assert.equal(new MCPAdapter('http://127.0.0.1:1/mcp').url, 'http://127.0.0.1:1/mcp');
    assert.ok(new MCPAdapter('https://example.com/mcp'));
    const a = new MCPAdapter(new URL('http://127.0.0.1:1/mcp'));
    assert.equal(a.url, 'http://127.0.0.1:1/mcp');
    assert.equal(a.protocolVersion, undefined);
  });

  const badOptions = [
    { timeoutMs: -1 },
    { timeoutMs: 'soon' },
    { onProgress: 5 },
    { onLoggingMessage: 'log' },
    { fetch: 'fetch' },
    { headers: 5 },
    { logLevel: 'loud' },
    { maxResponseBytes: -5 },
    { maxPages: Number.NaN },
    { clientInfo: { name: 'x' } },
  ];
  for (const options of badOptions) {
    it(`refuses options ${JSON.stringify(options)} with invalid_argument`, () => {
      assert.throws(() => new MCPAdapter('http://127.0.0.1:1/mcp', options), isCode('invalid_argument'));
    });
  }

  it('refuses bad per-call options with invalid_argument before sending', async () => {
    const rec = recordingFetch();
    const a = new MCPAdapter('http://127.0.0.1:1/mcp', { fetch: rec.fetch });
    await rejectsWith(a.callTool('echo', {}, { timeoutMs: -1 }), 'invalid_argument');
    await rejectsWith(a.callTool('echo', {}, { signal: 'no' }), 'invalid_argument');
    await rejectsWith(a.callTool('echo', {}, { onProgress: 1 }), 'invalid_argument');
    await rejectsWith(a.callTool(42, {}), 'invalid_argument');
    const cyclic = {};
    cyclic.self = cyclic;
    for (const args of [[1], 'x', 5, { n: 1n }, cyclic]) {
      await rejectsWith(a.callTool('echo', args), 'invalid_argument');
    }
    assert.equal(rec.requests.length, 0);
  });

});
