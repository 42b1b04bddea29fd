// The onTrace option on messages no real server sends (a scripted fake server): a server that
// echoes the host's credential as a JSON key, a `__proto__` member, and a message nested too
// deep to walk; credentials of many adapters at once; and a callback that rejects. The trace never carries the credential, shows
// each message as the server sent it, and never changes how the call ends
// (src/bindings/exchange.js `Trace`).
//
//   bash scripts/build.sh && node --test tests/trace-redaction.test.mjs

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { useFake } from './helpers/fake-server.mjs';

const TOKEN = 'r3dact-k3y-t0ken-0123456789';
const DEEP = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;

/** A complete tools/call answer to request `id` whose structuredContent is the JSON text `structured`. */
const answer = (id, structured) => `{"jsonrpc":"2.0","id":${id},"result":{"resultType":"complete","content":[],"structuredContent":${structured}}}`;

describe('onTrace with hostile messages', () => {
  const fake = useFake(() => ({
    echo_key: (ctx) => ctx.json(answer(ctx.id, JSON.stringify({ [ctx.req.headers.authorization]: 1, [`x-${TOKEN}`]: 2 }))),
    proto: (ctx) => ctx.json(answer(ctx.id, '{"__proto__":{"polluted":true},"a":1}')),
    deep: (ctx) => ctx.json(answer(ctx.id, `{"x":${DEEP}}`)),
    echo_later: async (ctx) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      ctx.json(answer(ctx.id, JSON.stringify({ sent: ctx.req.headers.authorization })));
    },
  }));

  /** An adapter that sends the token and records its trace. */
  function traced() {
    const events = [];
    const adapter = new MCPAdapter(fake().url, { headers: { Authorization: `Bearer ${TOKEN}` }, onTrace: (e) => events.push(e) });
    return { adapter, events, answer: () => events.findLast((e) => e.direction === 'receive').message };
  }

  it('a credential a server echoes as a key is redacted from the trace', async () => {
    const { adapter, events, answer } = traced();
    await adapter.callTool('echo_key', {});
    assert.ok(events.length > 0);
    assert.ok(!JSON.stringify(events).includes(TOKEN), 'the trace carries the token');
    assert.deepEqual(Object.keys(answer().result.structuredContent), ['[redacted]', 'x-[redacted]']);
  });

  // Trace keeps its exchange's own secrets beside the shared last 32 (`this.own`)
  it("each exchange's own credential is redacted, however many other adapters' the process has seen meanwhile", async () => {
    // the shared list keeps the last 32 values: 20 adapters' calls at once pass it twice over
    const tenants = Array.from({ length: 20 }, (_, i) => {
      const token = `tenant-${i}-${TOKEN}`;
      const events = [];
      const adapter = new MCPAdapter(fake().url, { headers: { Authorization: `Bearer ${token}` }, onTrace: (e) => events.push(e) });
      return { token, events, adapter };
    });
    await Promise.all(tenants.map(({ adapter }) => adapter.listTools()));
    await Promise.all(tenants.map(({ adapter }) => adapter.callTool('echo_later', {})));
    for (const { token, events } of tenants) {
      assert.ok(events.some((e) => e.message?.result?.structuredContent?.sent === '[redacted]'));
      assert.ok(!JSON.stringify(events).includes(token), 'a trace carries its own token');
    }
  });

  it('a __proto__ member is traced as a member, not as the prototype of the traced copy', async () => {
    const { adapter, answer } = traced();
    await adapter.callTool('proto', {});
    const structured = answer().result.structuredContent;
    assert.deepEqual(Object.keys(structured), ['__proto__', 'a']);
    assert.equal(Object.getPrototypeOf(structured), Object.prototype);
    assert.equal(structured.polluted, undefined);
  });

  it('a callback that rejects (an async one that throws) is ignored as one that throws', async () => {
    const rejections = [];
    const record = (reason) => rejections.push(reason);
    process.on('unhandledRejection', record);
    try {
      const adapter = new MCPAdapter(fake().url, { onTrace: async () => Promise.reject(new Error('trace sink down')) });
      const out = await adapter.callTool('proto', {});
      assert.equal(out.status, 'success');
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.deepEqual(rejections.map((r) => r?.message), [], 'the rejection went unhandled (it ends a Node process)');
    } finally {
      process.off('unhandledRejection', record);
    }
  });

  it('a message too deep to redact is traced without it, and the call fails as it does untraced', async () => {
    const { adapter, answer } = traced();
    await assert.rejects(adapter.callTool('deep', {}), (e) => e.code === 'invalid_json');
    assert.equal(answer(), undefined);
    // and the adapter still works
    const out = await adapter.callTool('proto', {});
    assert.equal(out.status, 'success');
  });
});
