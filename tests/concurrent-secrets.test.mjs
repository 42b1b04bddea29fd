// Errors never carry the host's credentials (src/bindings/secrets.rs: the process-wide last 32
// header values, remembered when a response's head arrives, redacted from every error), also
// when many adapters call at once: a multi-tenant backend with one adapter (and token) per
// user. From a scripted fake server that echoes the Authorization value in a JSON-RPC error
// sent on an event stream a moment after its head (no real server echoes credentials).
// The trace's side of it is in trace-redaction.test.mjs.
//
//   bash scripts/build.sh && node --test tests/concurrent-secrets.test.mjs

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { useFake } from './helpers/fake-server.mjs';
import { sleep } from './helpers/wait.mjs';

// The error is made (and redacted) after the stream's event arrives, by when the other
// adapters' exchanges have remembered their own values: the process keeps the last 512
// (src/bindings/secrets.rs), more than twenty adapters' in flight.

describe('twenty adapters at once, each with its own token', () => {
  const fake = useFake(() => ({
    echo_error: async (ctx) => {
      const sse = ctx.sse();
      await sleep(50);
      const sent = ctx.req.headers.authorization;
      sse.event({ jsonrpc: '2.0', id: ctx.id, error: { code: -32000, message: `bad token ${sent}`, data: { sent } } });
      sse.end();
    },
  }));

  it('no error carries its own token', async () => {
    const tenants = Array.from({ length: 20 }, (_, i) => {
      const token = `tenant-${i}-c0ncurrent-s3cret`;
      return { token, adapter: new MCPAdapter(fake().url, { headers: { Authorization: `Bearer ${token}` } }) };
    });
    await Promise.all(tenants.map(({ adapter }) => adapter.listTools()));
    const errors = await Promise.all(tenants.map(({ adapter }) => adapter.callTool('echo_error', {}).then(() => undefined, (e) => e)));
    for (const [i, { token }] of tenants.entries()) {
      assert.equal(errors[i]?.code, 'rpc_error');
      const text = JSON.stringify({ message: errors[i].message, data: errors[i].data });
      assert.ok(!text.includes(token), `tenant ${i}'s error carries its token: ${errors[i].message}`);
    }
  });
});
