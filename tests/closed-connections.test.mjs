// A request on a kept-alive connection that the server closed: Node's fetch (undici 6, Node 20)
// keeps the adapter's connection in its pool, and when the server restarts in place its next
// request goes out on that connection before the close is read, failing with `network`
// ("other side closed", UND_ERR_SOCKET). A request that may be sent twice is sent again, on a
// live connection; a tools/call, which may have reached a server that then died, is not.
// The TypeScript SDK fixture runs in this process, so the restart comes between two turns of
// the adapter's event loop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTsServer } from './helpers/servers.mjs';
import { MCPAdapter } from '../pkg/index.node.js';

/**
 * An adapter that has listed and called on a fixture server (its connection kept alive in the
 * pool), and the server restarted in place on the same port.
 */
async function restartedUnder(options) {
  const before = await startTsServer();
  const adapter = new MCPAdapter(before.url, options);
  await adapter.listTools();
  await adapter.callTool('echo', { text: 'before' });
  await before.close();
  const server = await startTsServer({ port: before.port });
  return { adapter, server };
}

for (const protocol of ['auto', 'legacy']) {
  test(`${protocol}: the first list after the server restarts is sent again on a live connection and succeeds`, async () => {
    const { adapter, server } = await restartedUnder({ protocol });
    try {
      const tools = await adapter.listTools();
      assert.ok(tools.some((t) => t.name === 'echo'));
      assert.equal(server.received.filter((r) => r.method === 'tools/list').length, 1, 'the restarted server saw the list once');
      const out = await adapter.callTool('echo', { text: 'after' });
      assert.deepEqual(out.content, [{ type: 'text', text: 'echo: after' }]);
    } finally {
      await server.close();
    }
  });
}

test('a tools/call on a connection the restarted server closed is not sent again: network, not said to be unsent', async () => {
  const { adapter, server } = await restartedUnder();
  try {
    await assert.rejects(adapter.callTool('echo', { text: 'lost' }), (e) => {
      assert.equal(e.code, 'network');
      assert.match(e.message, /other side closed/);
      assert.equal(e.data, undefined, 'it may have reached a server that then died');
      return true;
    });
    assert.equal(server.toolCalls().length, 0);
    // the adapter goes on, on a new connection
    const out = await adapter.callTool('echo', { text: 'next' });
    assert.deepEqual(out.content, [{ type: 'text', text: 'echo: next' }]);
    assert.equal(server.toolCalls().length, 1);
  } finally {
    await server.close();
  }
});
