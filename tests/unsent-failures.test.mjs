// A request that certainly never left says so: `data: { sent: false }` on the `network` error
// when the runtime's cause says the connection was refused (Node's undici: `cause.code`
// ECONNREFUSED, ENOTFOUND, …); a failure after the request may have gone out does not claim it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { MCPAdapter } from '../pkg/index.node.js';
import { DEAD_URL } from './helpers/servers.mjs';

test('a call to a port nothing listens on fails with network and data { sent: false }', async () => {
  const adapter = new MCPAdapter(DEAD_URL);
  await assert.rejects(adapter.callTool('echo', { text: 'x' }), (e) => {
    assert.equal(e.code, 'network');
    assert.match(e.message, /ECONNREFUSED/);
    assert.deepEqual(e.data, { sent: false });
    return true;
  });
});

test('a connection dropped after the request was read is network without data.sent', async () => {
  // takes the request, then closes the connection without an answer
  const server = net.createServer((socket) => socket.once('data', () => socket.destroy()));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const adapter = new MCPAdapter(`http://127.0.0.1:${server.address().port}/mcp`);
    await assert.rejects(adapter.callTool('echo', { text: 'x' }), (e) => {
      assert.equal(e.code, 'network');
      assert.equal(e.data, undefined);
      return true;
    });
  } finally {
    server.close();
  }
});
