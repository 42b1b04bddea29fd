// Timeouts and aborts: per-call and adapter-level timeoutMs and AbortSignals against the two
// 2026-07-28 fixtures (the same checks for each); then servers that hang (no answer, an SSE
// stream that stops) and headers functions that never settle, from a scripted fake; then host
// handlers (onSampling, onElicitation, roots) and the approval predicate that never settle,
// against the fixtures and server-everything in both eras. Each ends in a typed error on time,
// closes the response stream, and leaves the adapter usable.
//
//   bash scripts/build.sh && node --test tests/timeouts-aborts.test.mjs

import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { assertAdapterError, rejectsWith } from './helpers/errors.mjs';
import { LEGACY_HANDLERS, assertStillWorks, hostileAdapter, useFake } from './helpers/fake-server.mjs';
import { MODERN_FIXTURES } from './helpers/fixture-data.mjs';
import { startFastMCP, useServer } from './helpers/servers.mjs';
import { useHostAsks } from './helpers/host-asks.mjs';
import { sleep } from './helpers/wait.mjs';
import { elsewhere } from './helpers/elsewhere.mjs';
import { getEventListeners } from 'node:events';

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

      it('a deadline that passes before the response begins aborts the request: the process that made the call exits then, not when the tool ends 30 s later', async () => {
        const t0 = Date.now();
        // the child ends only when its event loop is empty (no close(), no exit)
        const { out } = await elsewhere({ url: server().url, call: ['sleep', { seconds: 30 }, { timeoutMs: 300 }], catch: true }, { exitWithinMs: 10_000 });
        assert.equal(out.error?.code, 'timeout');
        assert.ok(Date.now() - t0 < 10_000);
      });

      it('one long-lived signal given to many calls gets one listener, not one per call (no MaxListenersExceededWarning)', async () => {
        const ac = new AbortController();
        const warnings = [];
        const onWarning = (w) => warnings.push(w.name);
        process.on('warning', onWarning);
        try {
          for (let round = 0; round < 10; round++) {
            const calls = Array.from({ length: 20 }, (_, i) => adapter.callTool('echo', { text: `${round}.${i}` }, { signal: ac.signal }));
            for (const out of await Promise.all(calls)) assert.equal(out.status, 'success');
          }
          // one listener of the adapter's, idle, however many calls (before: one per call)
          assert.ok(getEventListeners(ac.signal, 'abort').length <= 1);
          await sleep(50);
          assert.deepEqual(warnings.filter((w) => w === 'MaxListenersExceededWarning'), []);
        } finally {
          process.off('warning', onWarning);
        }
      });
    });
  });
}

describe('timeouts and aborts against a scripted fake server', { timeout: 60_000 }, () => {
  const fake = useFake(() => ({
    hang: (ctx) => ctx.hang(),
    hang_sse: async (ctx) => {
      const sse = ctx.sse();
      sse.event(ctx.progress(1, 10));
      await ctx.closed;
    },
  }));
  let adapter;

  before(() => {
    adapter = hostileAdapter(fake().url);
  });

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
    const token = fake().requests.findLast((r) => r.msg?.params?.name === 'hang_sse').msg.params._meta.progressToken;
    assert.deepEqual(seen[0], { progressToken: token, progress: 1, total: 10, message: 'step 1' });
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

describe('handshake era: FastMCP fixture --legacy-only --json, whose answer begins only when the tool ends', { timeout: 30_000 }, () => {
  const server = useServer(() => startFastMCP({ legacyOnly: true, json: true }));

  // (in this era the adapter also tells the server, by notifications/cancelled, which FastMCP
  // answers by ending the request: either ends it, so this holds without the abort too)
  it('a deadline before the response begins ends the request: the process that made the call exits then, not when the tool ends 30 s later', async () => {
    const { out } = await elsewhere({ url: server().url, call: ['sleep', { seconds: 30 }, { timeoutMs: 300 }], catch: true }, { exitWithinMs: 10_000 });
    assert.equal(out.error?.code, 'timeout');
  });
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

describe('handshake era: the wait before resuming a call stream the server closed ends with the call', { timeout: 30_000 }, () => {
  // The server closes the call's stream after an event with an id and `retry: 20000`: the
  // adapter waits that long before it resumes the stream with Last-Event-ID (MCP 2025-11-25,
  // `basic/transports.mdx`, "Resumability and Redelivery"), and the call's timeout and signal
  // end that wait too, as they end each exchange.
  const fake = useFake(() => ({
    ...LEGACY_HANDLERS,
    closes: (ctx) => {
      const sse = ctx.sse();
      sse.write(`id: ev-1\nretry: 20000\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'working' } })}\n\n`);
      sse.end();
    },
  }));

  for (const [how, options, code] of [
    ['timeoutMs', () => ({ timeoutMs: 300 }), 'timeout'],
    ['an AbortSignal', () => ({ signal: AbortSignal.timeout(300) }), 'aborted'],
  ]) {
    it(`${how} of 300 ms rejects with "${code}" within ~1 s, not after the server's 20 s retry`, async () => {
      const a = new MCPAdapter(fake().url, { protocol: 'legacy' });
      const t0 = Date.now();
      await rejectsWith(a.callTool('closes', {}, options()), code);
      const elapsed = Date.now() - t0;
      assert.ok(elapsed < 1500, `the call rejected after ${elapsed} ms`);
      await a.close();
    });
  }
});

describe('host code that answers for a call ends with the call\'s signal and timeout', { timeout: 120_000 }, () => {
  // Each wait on a handler (where the servers ask: tests/helpers/host-asks.mjs), and on the
  // approval predicate, races the call's AbortSignal and its timeoutMs, as a wait on an HTTP
  // exchange does, and the callback gets a `signal` that aborts then too.
  const { ts, fastmcp, ASKS } = useHostAsks();

  const never = () => new Promise(() => {});
  /** Settles `promise` to its error, or to 'pending' after `ms`. */
  const settleWithin = (promise, ms) =>
    Promise.race([promise.then(() => 'resolved', (e) => e), sleep(ms).then(() => 'pending')]);
  /** A handler that never settles and keeps the context it was given (`seen`). */
  const hanging = () => {
    const seen = [];
    return { seen, handler: (_request, context) => (seen.push(context), never()) };
  };

  for (const ask of ASKS) {
    describe(`${ask.label} (${ask.era}): ${ask.tool} asks for ${ask.kind}`, () => {
      it(`${ask.option} never settles: the call's AbortSignal rejects it with "aborted", the handler's signal aborts, the adapter stays usable`, async () => {
        const { seen, handler } = hanging();
        const a = new MCPAdapter(ask.server().url, { [ask.option]: handler });
        const ac = new AbortController();
        const reason = new Error('the user closed the page');
        const out = settleWithin(a.callTool(ask.tool, ask.args, { signal: ac.signal, timeoutMs: 20_000 }), 10_000);
        // abort once the handler was asked (the call is then waiting on it, not on the server)
        for (let i = 0; i < 500 && seen.length === 0; i++) await sleep(20);
        assert.equal(seen.length, 1, `${ask.option} was called once`);
        assert.ok(seen[0].signal instanceof AbortSignal);
        assert.equal(seen[0].signal.aborted, false, 'not aborted while the call runs');
        const t0 = Date.now();
        ac.abort(reason);
        const err = await out;
        assert.notEqual(err, 'pending', 'the call was still pending after the abort');
        assertAdapterError(err);
        assert.equal(err.code, 'aborted');
        if (ask.beside) {
          // the call waits on its own response, which the server may or may not have begun,
          // and on the handler beside it: the abort ends both, and either may tell it first
          const waits = ['while reading the response', 'before the response arrived', `while waiting for ${ask.option}`];
          assert.ok(waits.some((w) => err.message === `the call was aborted ${w}`), err.message);
        } else assert.equal(err.message, `the call was aborted while waiting for ${ask.option}`);
        assert.ok(Date.now() - t0 < 1000, `rejected ${Date.now() - t0} ms after the abort`);
        assert.equal(seen[0].signal.aborted, true, 'the signal handed to the handler aborted');
        assert.equal(seen[0].signal.reason, reason, "with the call's reason");
        assert.equal((await a.callTool('echo', ask.echo ?? { text: 'after' }, { timeoutMs: 10_000 })).status, 'success');
        await a.close();
      });
    });
  }

  for (const ask of [ASKS[0], ASKS[4]]) {
    it(`${ask.label} (${ask.era}): ${ask.option} never settles: timeoutMs rejects the call with "timeout" and aborts the handler's signal`, async () => {
      const { seen, handler } = hanging();
      const a = new MCPAdapter(ask.server().url, { [ask.option]: handler });
      await a.listTools();
      const t0 = Date.now();
      const err = await settleWithin(a.callTool(ask.tool, ask.args, { timeoutMs: 1500 }), 6000);
      assert.notEqual(err, 'pending', 'the call was still pending 4.5 s after its timeout');
      assertAdapterError(err);
      assert.equal(err.code, 'timeout');
      assert.equal(err.message, `the call timed out while waiting for ${ask.option}`);
      assert.ok(Date.now() - t0 < 4000, `took ${Date.now() - t0} ms`);
      assert.equal(seen.length, 1);
      assert.equal(seen[0].signal.aborted, true);
      assert.equal(seen[0].signal.reason.name, 'TimeoutError');
      assert.equal((await a.callTool('echo', { text: 'after' })).status, 'success');
      await a.close();
    });
  }

  it('with resetTimeoutOnProgress the wait is bounded by what is left of maxTotalTimeoutMs', async () => {
    const a = new MCPAdapter(ts().url, { onSampling: never });
    const options = { timeoutMs: 20_000, resetTimeoutOnProgress: true, maxTotalTimeoutMs: 800 };
    const err = await settleWithin(a.callTool('ask_host', { kind: 'sampling' }, options), 5000);
    assertAdapterError(err);
    assert.equal(err.code, 'timeout');
    assert.equal(err.message, 'the call reached its total timeout (maxTotalTimeoutMs) while waiting for onSampling');
  });

  it('handlers that answer get an unaborted signal and answer in place, as before', async () => {
    const contexts = [];
    const a = new MCPAdapter(ts().url, {
      onSampling: (request, context) => (contexts.push(context), { role: 'assistant', content: { type: 'text', text: `hi in ${request.maxTokens}` }, model: 'fake' }),
      roots: async (_params, context) => (contexts.push(context), [{ uri: 'file:///work', name: 'work' }]),
      onElicitation: async (request, context) => (contexts.push(context), { action: 'accept', content: { confirmed: true } }),
    });
    const sampled = await a.callTool('ask_host', { kind: 'sampling' });
    assert.match(sampled.content[0].text, /^sampling answered: .*hi in 5/);
    const roots = await a.callTool('ask_host', { kind: 'roots' });
    assert.match(roots.content[0].text, /^roots answered: .*file:\/\/\/work/);
    const elicited = await a.callTool('ask_host', { kind: 'elicitation' });
    assert.match(elicited.content[0].text, /^elicitation answered: .*"confirmed":true/);
    assert.equal(contexts.length, 3);
    for (const context of contexts) {
      assert.ok(context.signal instanceof AbortSignal);
      assert.equal(context.signal.aborted, false);
    }
  });

  it('a handler that closes its dialog when its signal aborts (rejecting) still gives "aborted", not "threw"', async () => {
    const a = new MCPAdapter(ts().url, {
      onElicitation: (_request, { signal }) =>
        new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('dialog closed')))),
    });
    const err = await settleWithin(a.callTool('ask_host', { kind: 'elicitation' }, { signal: AbortSignal.timeout(300) }), 3000);
    assertAdapterError(err);
    assert.equal(err.code, 'aborted');
  });

  it('a handler that throws still fails the call with "invalid_argument" naming it', async () => {
    const a = new MCPAdapter(ts().url, { onSampling: () => Promise.reject(new Error('no model')) });
    const err = await rejectsWith(a.callTool('ask_host', { kind: 'sampling' }), 'invalid_argument');
    assert.equal(err.message, 'onSampling threw: no model');
  });

  it('a late settlement after the abort is ignored: no unhandled rejection, and the next call works', async () => {
    const unhandled = [];
    const onUnhandled = (reason) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const late = [];
      const a = new MCPAdapter(ts().url, {
        onSampling: () => new Promise((resolve, reject) => late.push({ resolve, reject })),
      });
      for (const settle of ['reject', 'resolve']) {
        await rejectsWith(a.callTool('ask_host', { kind: 'sampling' }, { signal: AbortSignal.timeout(200) }), 'aborted');
        const pending = late.at(-1);
        if (settle === 'reject') pending.reject(new Error('too late'));
        else pending.resolve({ role: 'assistant', content: { type: 'text', text: 'too late' }, model: 'fake' });
      }
      await sleep(100);
      assert.deepEqual(unhandled, []);
      assert.equal((await a.callTool('echo', { text: 'after' })).status, 'success');
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  describe('the approval predicate', () => {
    for (const [how, options, code, message] of [
      ['the AbortSignal', () => ({ signal: AbortSignal.timeout(200) }), 'aborted', 'the call was aborted while waiting for the approval predicate'],
      ['timeoutMs', () => ({ timeoutMs: 200 }), 'timeout', 'the call timed out while waiting for the approval predicate'],
    ]) {
      it(`never settles: ${how} rejects the call with "${code}", its signal aborts, nothing is sent, the adapter stays usable`, async () => {
        const { seen, handler } = hanging();
        let calls = 0;
        const a = new MCPAdapter(fastmcp().url, { approval: (call, context) => (calls++ === 0 ? handler(call, context) : false) });
        await a.listTools();
        const t0 = Date.now();
        const err = await settleWithin(a.callTool('echo', { text: 'x' }, options()), 1500);
        assert.notEqual(err, 'pending', 'the call was still pending 1.3 s later');
        assertAdapterError(err);
        assert.equal(err.code, code);
        assert.equal(err.message, message);
        assert.ok(Date.now() - t0 < 1000);
        assert.equal(seen[0].signal.aborted, true);
        const out = await a.callTool('echo', { text: 'after' });
        assert.equal(out.content[0].text, 'echo: after');
      });
    }

    it('gets an unaborted signal as second argument and still gates the call', async () => {
      const contexts = [];
      const a = new MCPAdapter(fastmcp().url, { approval: (_call, context) => (contexts.push(context), true) });
      await a.listTools();
      const out = await a.callTool('echo', { text: 'x' });
      assert.equal(out.type, 'mcp_approval');
      assert.ok(contexts[0].signal instanceof AbortSignal);
      assert.equal(contexts[0].signal.aborted, false);
    });
  });
});
