// The requests the adapter sends, seen through a recording `fetch`, against the two
// 2026-07-28 fixtures (the same checks for each): the 2026-07-28 headers and `_meta` envelope
// on every POST, the default clientInfo, and the `headers` option (object, Headers, async
// function) that can add headers but never override the MCP ones.
//
//   bash scripts/build.sh && node --test tests/request-shape.test.mjs

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { MODERN_FIXTURES, VERSION } from './helpers/fixture-data.mjs';
import { recordingFetch } from './helpers/record.mjs';
import { useServer } from './helpers/servers.mjs';

for (const srv of MODERN_FIXTURES) {
  describe(srv.label, { timeout: 30_000 }, () => {
    const server = useServer(srv.start);

    describe('request shape (custom fetch, headers option)', () => {
      it('every POST carries the 2026-07-28 headers and _meta envelope', async () => {
        const rec = recordingFetch();
        const a = new MCPAdapter(server().url, { fetch: rec.fetch, clientInfo: { name: 'tools-test', version: '9.9.9' } });
        await a.listTools();
        await a.callTool('echo', { text: 'hdr' });
        await a.callTool('count_slowly', { steps: 1, delay_ms: 0 }, { onProgress: () => {} });
        const methods = rec.requests.map((r) => r.body.method);
        assert.deepEqual(methods, ['server/discover', 'tools/list', 'tools/call', 'tools/call']);
        const ids = new Set();
        for (const r of rec.requests) {
          assert.equal(r.method, 'POST');
          assert.equal(r.url, server().url);
          assert.equal(r.redirect, 'manual');
          assert.equal(r.headers.get('mcp-method'), r.body.method);
          assert.equal(r.headers.get('mcp-protocol-version'), VERSION);
          assert.match(r.headers.get('content-type'), /^application\/json/);
          const accept = r.headers.get('accept');
          assert.ok(accept.includes('application/json') && accept.includes('text/event-stream'), accept);
          if (r.body.method === 'tools/call') {
            assert.equal(r.headers.get('mcp-name'), r.body.params.name);
          } else {
            assert.equal(r.headers.get('mcp-name'), null);
          }
          assert.equal(r.body.jsonrpc, '2.0');
          assert.ok(!ids.has(r.body.id), 'ids are unique');
          ids.add(r.body.id);
          const meta = r.body.params._meta;
          assert.equal(meta['io.modelcontextprotocol/protocolVersion'], VERSION);
          assert.equal(typeof meta['io.modelcontextprotocol/clientCapabilities'], 'object');
          assert.deepEqual(meta['io.modelcontextprotocol/clientInfo'], { name: 'tools-test', version: '9.9.9' });
        }
        const [, , echoCall, countCall] = rec.requests;
        assert.deepEqual(echoCall.body.params.arguments, { text: 'hdr' });
        assert.equal(echoCall.body.params._meta.progressToken, undefined);
        assert.ok(countCall.body.params._meta.progressToken !== undefined, 'onProgress sends a progressToken');
      });

      it('the default clientInfo names the adapter', async () => {
        const rec = recordingFetch();
        const a = new MCPAdapter(server().url, { fetch: rec.fetch });
        await a.callTool('echo', { text: 'x' });
        const info = rec.requests[0].body.params._meta['io.modelcontextprotocol/clientInfo'];
        assert.equal(info.name, 'mcp-wasm-adapter');
        assert.equal(typeof info.version, 'string');
      });

      it('the headers option (object) is sent and cannot override MCP headers', async () => {
        const rec = recordingFetch();
        const a = new MCPAdapter(server().url, {
          fetch: rec.fetch,
          headers: {
            'X-Custom': 'custom-value',
            Authorization: 'Bearer object-token',
            'Mcp-Method': 'evil/method',
            'MCP-Protocol-Version': '1999-01-01',
            'Mcp-Name': 'evil',
          },
        });
        const out = await a.callTool('echo', { text: 'obj' });
        assert.equal(out.content[0].text, 'echo: obj');
        assert.ok(rec.requests.length >= 2);
        for (const r of rec.requests) {
          assert.equal(r.headers.get('x-custom'), 'custom-value');
          assert.equal(r.headers.get('authorization'), 'Bearer object-token');
          assert.equal(r.headers.get('mcp-method'), r.body.method);
          assert.equal(r.headers.get('mcp-protocol-version'), VERSION);
        }
        // where the adapter sets Mcp-Name, it wins over the host's
        assert.equal(rec.requests.find((r) => r.body.method === 'tools/call').headers.get('mcp-name'), 'echo');
      });

      it(
        'host Mcp-* headers are not forwarded on requests where the adapter sets none',
        async () => {
          const rec = recordingFetch();
          const a = new MCPAdapter(server().url, { fetch: rec.fetch, headers: { 'Mcp-Name': 'evil', 'Mcp-Session-Id': 'sess-1' } });
          await a.listTools();
          for (const r of rec.requests) {
            assert.equal(r.headers.get('mcp-name'), null, `${r.body.method} carried Mcp-Name`);
            assert.equal(r.headers.get('mcp-session-id'), null, `${r.body.method} carried Mcp-Session-Id`);
          }
        },
      );

      it('the headers option (Headers instance) is sent', async () => {
        const rec = recordingFetch();
        const a = new MCPAdapter(server().url, { fetch: rec.fetch, headers: new Headers({ 'X-From-Headers': 'yes' }) });
        await a.callTool('echo', { text: 'h' });
        for (const r of rec.requests) assert.equal(r.headers.get('x-from-headers'), 'yes');
      });

      it('the headers option (async function) is called per request with {url, method}', async () => {
        const rec = recordingFetch();
        const calls = [];
        let n = 0;
        const a = new MCPAdapter(server().url, {
          fetch: rec.fetch,
          headers: async (ctx) => {
            calls.push({ ...ctx });
            await new Promise((r) => setTimeout(r, 5));
            return { 'X-Dynamic': `token-${++n}`, 'Mcp-Method': 'evil/method' };
          },
        });
        const out = await a.callTool('echo', { text: 'fn' });
        assert.equal(out.content[0].text, 'echo: fn');
        assert.equal(rec.requests.length, 2);
        assert.deepEqual(
          rec.requests.map((r) => r.headers.get('x-dynamic')),
          ['token-1', 'token-2'],
        );
        for (const r of rec.requests) assert.equal(r.headers.get('mcp-method'), r.body.method);
        assert.deepEqual(calls, [
          { url: server().url, method: 'server/discover' },
          { url: server().url, method: 'tools/call' },
        ]);
      });
    });
  });
}
