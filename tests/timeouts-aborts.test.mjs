// Timeouts and aborts: per-call and adapter-level timeoutMs and AbortSignals against the two
// 2026-07-28 fixtures (the same checks for each); then servers that hang (no answer, an SSE
// stream that stops) and headers functions that never settle, from a scripted fake. Each ends
// in a typed error on time, closes the response stream, and leaves the adapter usable.
//
//   bash scripts/build.sh && node --test tests/timeouts-aborts.test.mjs

import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { assertAdapterError, rejectsWith } from './helpers/errors.mjs';
import { LEGACY_HANDLERS, assertStillWorks, hostileAdapter, progress, useFake } from './helpers/fake-server.mjs';
import { MODERN_FIXTURES } from './helpers/fixture-data.mjs';
import { useServer } from './helpers/servers.mjs';
import { sleep } from './helpers/wait.mjs';

for (const srv of MODERN_FIXTURES) {
  describe(srv.label, { timeout: 30_000 }, () => {
    const server = useServer(srv.start);
    let adapter;

    before(() => {
      adapter = new MCPAdapter(server().url);
    });

    describe('timeouts and aborts', () => {
      it('timeoutMs rejects with "timeout" within ~1 s and the adapter still works', async () => {
        const t0 = Date.now();
        await rejectsWith(adapter.callTool('sleep', { seconds: 5 }, { timeoutMs: 300 }), 'timeout');
        const elapsed = Date.now() - t0;
        assert.ok(elapsed >= 250 && elapsed < 1000, `took ${elapsed} ms`);
        const out = await adapter.callTool('echo', { text: 'after timeout' });
        assert.equal(out.content[0].text, 'echo: after timeout');
      });

      it('the adapter-level timeoutMs applies too', async () => {
        const a = new MCPAdapter(server().url, { timeoutMs: 300 });
        await a.listTools();
        await rejectsWith(a.callTool('sleep', { seconds: 5 }), 'timeout');
        assert.equal((await a.callTool('sleep', { seconds: 0 }, { timeoutMs: 5000 })).status, 'success');
      });

      it('call options count whatever object holds them: {} keeps the adapter timeoutMs, an inherited timeoutMs applies', async () => {
        // an empty plain object crosses to the core as no options at all (adapter.js `given`)
        const a = new MCPAdapter(server().url, { timeoutMs: 300 });
        await rejectsWith(a.callTool('sleep', { seconds: 5 }, {}), 'timeout');
        // an object with no keys of its own but one on its prototype is read as it is
        const t0 = Date.now();
        await rejectsWith(adapter.callTool('sleep', { seconds: 5 }, Object.create({ timeoutMs: 300 })), 'timeout');
        assert.ok(Date.now() - t0 < 1000, `took ${Date.now() - t0} ms`);
      });

      it('an AbortController aborted after 100 ms rejects with "aborted"', async () => {
        const ac = new AbortController();
        const timer = setTimeout(() => ac.abort(), 100);
        const t0 = Date.now();
        await rejectsWith(adapter.callTool('sleep', { seconds: 5 }, { signal: ac.signal }), 'aborted');
        clearTimeout(timer);
        assert.ok(Date.now() - t0 < 1000);
        assert.equal((await adapter.callTool('echo', { text: 'after abort' })).content[0].text, 'echo: after abort');
      });

      it('an already-aborted signal rejects with "aborted"', async () => {
        await rejectsWith(adapter.callTool('sleep', { seconds: 5 }, { signal: AbortSignal.abort() }), 'aborted');
        await rejectsWith(adapter.listTools({ signal: AbortSignal.abort() }), 'aborted');
        assert.equal((await adapter.callTool('echo', { text: 'ok' })).status, 'success');
      });
    });
  });
}

describe('timeouts and aborts against a scripted fake server', { timeout: 60_000 }, () => {
  const fake = useFake(() => ({
    hang: (ctx) => ctx.hang(),
    hang_sse: async (ctx) => {
      const sse = ctx.sse();
      sse.event(progress(1, 10));
      await ctx.closed;
    },
  }));
  let adapter;

  before(() => {
    adapter = hostileAdapter(fake().url);
  });

  // (In Node the request itself is not aborted before its response begins: see SIGNALS_COST
  // in src/bindings/exchange.js. Browsers, Deno, Bun and workerd abort it at the deadline.)
  it('a hung server (never answers) → timeout with timeoutMs 300, and the adapter stays usable', async () => {
    const t0 = Date.now();
    await rejectsWith(adapter.callTool('hang', {}, { timeoutMs: 300 }), 'timeout');
    const elapsed = Date.now() - t0;
    assert.ok(elapsed >= 250 && elapsed < 1500, `took ${elapsed} ms`);
    await assertStillWorks(adapter);
  });

  it('a hung SSE stream after one progress event → timeout; progress was delivered', async () => {
    const seen = [];
    const t0 = Date.now();
    await rejectsWith(adapter.callTool('hang_sse', {}, { timeoutMs: 300, onProgress: (p) => seen.push(p) }), 'timeout');
    assert.ok(Date.now() - t0 < 1500);
    assert.equal(seen.length, 1);
    assert.deepEqual(seen[0], { progressToken: 'p', progress: 1, total: 10, message: 'step 1' });
    await sleep(50);
    assert.equal(fake().requests.findLast((r) => r.msg?.params?.name === 'hang_sse').closedEarly, true, 'stream closed');
    await assertStillWorks(adapter);
  });

  it('an aborted call → aborted, and the response stream is closed (cancellation)', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    const t0 = Date.now();
    await rejectsWith(adapter.callTool('hang_sse', {}, { signal: ac.signal }), 'aborted');
    assert.ok(Date.now() - t0 < 1000);
    await sleep(50);
    assert.equal(fake().requests.findLast((r) => r.msg?.params?.name === 'hang_sse').closedEarly, true);
    await assertStillWorks(adapter);
  });

  it('an abort before the response head → aborted', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error('user gave up')), 100);
    await rejectsWith(adapter.callTool('hang', {}, { signal: ac.signal }), 'aborted');
    await rejectsWith(adapter.callTool('hang', {}, { signal: AbortSignal.abort() }), 'aborted');
    await assertStillWorks(adapter);
  });

  /** Settles `promise` to its error, or to 'pending' after `ms`. */
  const settleWithin = (promise, ms) =>
    Promise.race([promise.then(() => 'resolved', (e) => e), sleep(ms).then(() => 'pending')]);

  it(
    'a headers function that never settles is bounded by timeoutMs → timeout',
    async () => {
      const a = new MCPAdapter(fake().url, { headers: () => new Promise(() => {}), timeoutMs: 300 });
      const out = await settleWithin(a.callTool('echo', { text: 'x' }), 1500);
      assert.notEqual(out, 'pending', 'the call was still pending 1.5 s after a 300 ms timeout');
      assertAdapterError(out);
      assert.equal(out.code, 'timeout');
    },
  );

  it(
    'a headers function that never settles is cancelled by the AbortSignal → aborted',
    async () => {
      const a = new MCPAdapter(fake().url, { headers: () => new Promise(() => {}) });
      const ac = new AbortController();
      setTimeout(() => ac.abort(), 100);
      const out = await settleWithin(a.callTool('echo', { text: 'x' }, { signal: ac.signal }), 1500);
      assert.notEqual(out, 'pending', 'the call was still pending 1.4 s after the abort');
      assertAdapterError(out);
      assert.equal(out.code, 'aborted');
    },
  );
});

describe('handshake era: a server that answers neither the call nor its cancellation notice', { timeout: 30_000 }, () => {
  // After a timeout or an abort the adapter posts notifications/cancelled in the session
  // (MCP 2025-11-25, `basic/utilities/cancellation.mdx`); a server that is not answering the
  // call (the usual reason for the timeout) does not answer that POST either, and the call
  // must not wait for it.
  const fake = useFake(() => ({ ...LEGACY_HANDLERS, stuck: (ctx) => ctx.hang(), 'notifications/cancelled': (ctx) => ctx.hang() }));

  for (const [how, options, code] of [
    ['timeoutMs', () => ({ timeoutMs: 300 }), 'timeout'],
    ['an AbortSignal', () => ({ signal: AbortSignal.timeout(300) }), 'aborted'],
  ]) {
    it(`${how} of 300 ms rejects with "${code}" within ~1 s, and the notice is still sent`, async () => {
      const a = new MCPAdapter(fake().url, { protocol: 'legacy' });
      const sent = fake().count('notifications/cancelled');
      const t0 = Date.now();
      await rejectsWith(a.callTool('stuck', {}, options()), code);
      const elapsed = Date.now() - t0;
      assert.ok(elapsed < 1500, `the call rejected after ${elapsed} ms`);
      for (let i = 0; i < 50 && fake().count('notifications/cancelled') === sent; i++) await sleep(20);
      const notice = fake().requests.filter((r) => r.msg?.method === 'notifications/cancelled').at(-1);
      const call = fake().requests.filter((r) => r.msg?.method === 'tools/call').at(-1);
      assert.equal(fake().count('notifications/cancelled'), sent + 1, 'one cancellation notice');
      assert.equal(notice.msg.params.requestId, call.msg.id);
      assert.equal(notice.headers['mcp-session-id'], 'sess-42');
    });
  }
});

describe('an AbortSignal while a host handler answers an input request in place', { timeout: 30_000 }, () => {
  // MCP 2026-07-28 `basic/patterns/mrtr.mdx`: sampling, roots and (with onElicitation)
  // elicitation input requests are answered in place by the host's handlers, then the call is
  // retried. The handlers get no signal, and the core does not race their promise against the
  // call's signal (as it does the headers function and a custom fetch), so a handler that
  // never settles keeps the call pending after the host aborted it.
  const REQUESTS = {
    sampling: { method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5 } },
    elicitation: { method: 'elicitation/create', params: { message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } } },
    roots: { method: 'roots/list', params: {} },
  };
  const fake = useFake(() => {
    const handlers = {};
    for (const [kind, request] of Object.entries(REQUESTS)) {
      handlers[`ask_${kind}`] = (ctx) =>
        ctx.msg.params.inputResponses
          ? ctx.result({ resultType: 'complete', content: [{ type: 'text', text: 'answered' }] })
          : ctx.result({ resultType: 'input_required', requestState: 'st', inputRequests: { q: request } });
    }
    return handlers;
  });
  const never = () => new Promise(() => {});
  const settleWithin = (promise, ms) =>
    Promise.race([promise.then(() => 'resolved', (e) => e), sleep(ms).then(() => 'pending')]);

  for (const kind of Object.keys(REQUESTS)) {
    it(
      `the ${kind} handler never settles: the abort still rejects the call with "aborted"`,
      { todo: 'host handlers (onSampling, onElicitation, roots) are not raced against the call\'s signal (src/bindings/options.rs host_handler)' },
      async () => {
        const a = new MCPAdapter(fake().url, { onSampling: never, onElicitation: never, roots: never });
        const out = await settleWithin(a.callTool(`ask_${kind}`, {}, { signal: AbortSignal.timeout(200) }), 1500);
        assert.notEqual(out, 'pending', 'the call was still pending 1.3 s after the abort');
        assertAdapterError(out);
        assert.equal(out.code, 'aborted');
      },
    );
  }

  it(
    'the approval predicate never settles: the abort still rejects the call with "aborted"',
    { todo: 'the approval predicate is not raced against the call\'s signal (src/bindings/tools.rs)' },
    async () => {
      const a = new MCPAdapter(fake().url, { approval: never });
      await a.listTools();
      const out = await settleWithin(a.callTool('echo', { text: 'x' }, { signal: AbortSignal.timeout(200) }), 1500);
      assert.notEqual(out, 'pending', 'the call was still pending 1.3 s after the abort');
      assertAdapterError(out);
      assert.equal(out.code, 'aborted');
    },
  );
});
