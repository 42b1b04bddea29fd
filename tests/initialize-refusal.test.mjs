// A handshake-era server that refuses the revision `initialize` offers (2025-11-25) with
// HTTP 400 and a JSON-RPC error naming the versions it speaks: the adapter asks once more at
// the newest revision both sides name, and with none in common fails with
// unsupported_protocol_version listing the server's versions.
//
// A scripted fake server, because no real server here refuses: the servers on the TypeScript
// SDK 1.x (server-everything, and the 1.22 line whose versions stop at 2025-06-18) and
// on mcp 2.3 (the FastMCP fixture) answer an initialize at an unknown revision with their
// own newest one, as MCP 2025-11-25 `basic/lifecycle.mdx` "Version Negotiation" says; and
// their transports' check of the MCP-Protocol-Version header, which does refuse unknown
// revisions with 400 -32000, skips initialize (the adapter sends no such header on it
// anyway). Servers written by hand after the specification's error example do refuse.
//
//   bash scripts/build.sh && node --test tests/initialize-refusal.test.mjs

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { rejectsWith } from './helpers/errors.mjs';
import { LEGACY_HANDLERS, useFake } from './helpers/fake-server.mjs';

/** A handshake-era fake speaking only `supported()` (newest first), refusing others with `code`. */
function refusingServer(supported, code) {
  return {
    ...LEGACY_HANDLERS,
    'server/discover': (ctx) => ctx.rpcError(-32000, 'Bad Request: Server not initialized', undefined, 400, null),
    initialize: (ctx) => {
      const offered = ctx.msg.params?.protocolVersion;
      if (!supported().includes(offered)) {
        const message = `Unsupported protocol version (supported versions: ${supported().join(', ')})`;
        return ctx.rpcError(code, message, undefined, 400, null);
      }
      ctx.json(
        {
          jsonrpc: '2.0',
          id: ctx.id,
          result: { protocolVersion: offered, capabilities: { tools: {} }, serverInfo: { name: 'refusing-fake', version: '1' } },
        },
        200,
        { 'mcp-session-id': 'sess-7' },
      );
    },
  };
}

for (const code of [-32602, -32000]) {
  describe(`initialize refused with ${code}`, { timeout: 30_000 }, () => {
    let supported = ['2025-06-18', '2025-03-26', '2024-11-05'];
    const fake = useFake(() => refusingServer(() => supported, code));

    it('is asked once more at 2025-06-18, and the session then works at that revision', async () => {
      const adapter = new MCPAdapter(fake().url);
      const out = await adapter.callTool('echo', { text: 'hi' });
      assert.deepEqual(out, { type: 'tool_result', content: [{ type: 'text', text: 'echo: hi' }], status: 'success' });
      assert.equal(adapter.protocolVersion, '2025-06-18');
      const inits = fake().requests.filter((r) => r.msg?.method === 'initialize');
      assert.deepEqual(
        inits.map((r) => r.msg.params.protocolVersion),
        ['2025-11-25', '2025-06-18'],
      );
      assert.notEqual(inits[0].msg.id, inits[1].msg.id);
      assert.equal(inits[0].headers['mcp-protocol-version'], undefined, 'no version header on initialize');
      const call = fake().requests.at(-1);
      assert.equal(call.msg.method, 'tools/call');
      assert.equal(call.headers['mcp-protocol-version'], '2025-06-18');
      assert.equal(call.headers['mcp-session-id'], 'sess-7');
    });

    it('with no revision in common: unsupported_protocol_version naming the server versions, no retry', async () => {
      supported = ['2024-11-05', '2024-10-07'];
      const before = fake().count('initialize');
      const adapter = new MCPAdapter(fake().url);
      const err = await rejectsWith(adapter.listTools(), 'unsupported_protocol_version');
      assert.equal(fake().count('initialize'), before + 1, 'no retry');
      assert.equal(err.status, 400);
      assert.equal(err.rpcCode, code);
      assert.match(err.message, /refused protocol version 2025-11-25 and supports only \["2024-11-05","2024-10-07"\]/);
      assert.deepEqual(err.data, { supported: ['2024-11-05', '2024-10-07'], requested: '2025-11-25' });
      assert.equal(adapter.protocolVersion, undefined);

      // the server gains a revision we speak: the same adapter negotiates again and works
      supported = ['2025-03-26'];
      await adapter.listTools();
      assert.equal(adapter.protocolVersion, '2025-03-26');
    });
  });
}
