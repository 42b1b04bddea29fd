// Progress notifications a call must not take as its own, from the real fixtures' stray_progress
// tool (it sends what its arguments say), in both eras: progress under a token the server made
// up ("tool-call-<request id>"), and progress that does not increase, reach no onProgress and
// do not restart the timeout under resetTimeoutOnProgress (MCP 2026-07-28,
// `basic/patterns/progress.mdx`: a notification names the token of the request it is about,
// and its `progress` MUST increase with each one), on the request's own stream and, in the
// handshake era, on the session's standalone stream.
//
//   bash scripts/build.sh && node --test tests/progress-filter.test.mjs

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { recordingFetch } from './helpers/record.mjs';
import { startFastMCP, startTsServer, useServer } from './helpers/servers.mjs';

const SERVERS = [
  { label: 'FastMCP fixture, 2026-07-28', start: () => startFastMCP(), options: {} },
  { label: 'FastMCP --legacy-only, handshake era', start: () => startFastMCP({ legacyOnly: true }), options: { protocol: 'legacy' }, session: true },
  { label: 'TypeScript SDK fixture, 2026-07-28', start: () => startTsServer(), options: {} },
  { label: 'TypeScript SDK fixture, handshake era (stateless)', start: () => startTsServer(), options: { protocol: 'legacy' } },
];

/**
 * stray_progress steps: `own` under the request's token, `madeUp` under one of the server's
 * own, `asString` under the request's written as a string (7 as "7": another JSON type).
 */
const own = (progress) => ({ progress });
const madeUp = (progress) => ({ progress, token: 'made_up' });
const asString = (progress) => ({ progress, token: 'as_string' });

for (const srv of SERVERS) {
  describe(srv.label, { timeout: 60_000 }, () => {
    const server = useServer(srv.start);

    /**
     * An adapter whose era is settled (a cold session can take longer than a short timeout), by
     * a list: it opens no standalone stream that the server might still hold for the session
     * when the next call opens one.
     */
    async function ready(options = {}) {
      const adapter = new MCPAdapter(server().url, { ...srv.options, ...options });
      await adapter.listTools({ timeoutMs: 20_000 });
      return adapter;
    }

    it('progress under a token the server made up, or under the call\'s as another JSON type, reaches neither onProgress', async () => {
      const rec = recordingFetch();
      const [adapterSeen, callSeen] = [[], []];
      const adapter = await ready({ fetch: rec.fetch, onProgress: (p) => adapterSeen.push(p) });
      const steps = [own(1), madeUp(1), madeUp(2), asString(3), madeUp(3), own(2)];
      const out = await adapter.callTool('stray_progress', { steps }, { onProgress: (p) => callSeen.push(p) });
      assert.equal(out.content[0].text, 'sent 6');
      const call = rec.calls().at(-1);
      const token = call.params._meta.progressToken;
      assert.equal(token, call.id, 'the token is the request\'s own id');
      for (const seen of [adapterSeen, callSeen]) assert.deepEqual(seen.map((p) => [p.progressToken, p.progress]), [[token, 1], [token, 2]]);
      await adapter.close();
    });

    /**
     * Under resetTimeoutOnProgress and a timeoutMs of 1 s: the call's own increasing progress
     * every 200 ms for 2.4 s keeps a call going, and `stray` (own(1), then 12 steps of `step`,
     * then own(20), as often) does not.
     */
    async function timesOutDespite(step) {
      const adapter = await ready({ timeoutMs: 1000, resetTimeoutOnProgress: true });
      const twelve = (f) => Array.from({ length: 12 }, (_, i) => f(i + 2));
      assert.equal((await adapter.callTool('stray_progress', { steps: twelve(own), delay_ms: 200 })).content[0].text, 'sent 12');
      const stray = [own(1), ...twelve(step), own(20)];
      await assert.rejects(adapter.callTool('stray_progress', { steps: stray, delay_ms: 200 }), { code: 'timeout' });
      await adapter.close();
    }

    it('progress under a made-up token does not restart the timeout (resetTimeoutOnProgress)', () => timesOutDespite(madeUp));

    it('progress that does not increase is dropped: 5, 5, 5, 3, 5, 2, 6 reach both onProgress as 5, 6', async () => {
      const [adapterSeen, callSeen] = [[], []];
      const adapter = await ready({ onProgress: (p) => adapterSeen.push(p.progress) });
      const steps = [5, 5, 5, 3, 5, 2, 6].map(own);
      const out = await adapter.callTool('stray_progress', { steps }, { onProgress: (p) => callSeen.push(p.progress) });
      assert.equal(out.content[0].text, 'sent 7');
      assert.deepEqual([adapterSeen, callSeen], [[5, 6], [5, 6]]);
      // each request of a call counts from its own first progress
      assert.equal((await adapter.callTool('stray_progress', { steps: [own(1), own(2)] })).content[0].text, 'sent 2');
      assert.deepEqual(adapterSeen, [5, 6, 1, 2]);
      await adapter.close();
    });

    it('progress that does not increase does not restart the timeout (resetTimeoutOnProgress)', () => timesOutDespite(() => own(1)));

    if (srv.session) {
      it('on the session\'s standalone stream too, only the call\'s own token, increasing, reaches onProgress', async () => {
        // a host that answers questions in place: the adapter listens on the session's GET
        // stream while the call runs, where a server may send what is not tied to the request
        const seen = [];
        const adapter = await ready({ onElicitation: () => ({ action: 'decline' }) });
        const steps = [own(1), madeUp(5), own(2), own(2), own(1.5)];
        const out = await adapter.callTool('stray_progress', { steps, standalone: true, delay_ms: 50 }, { onProgress: (p) => seen.push(p.progress) });
        assert.equal(out.content[0].text, 'sent 5');
        assert.deepEqual(seen, [1, 2]);
        await adapter.close();
      });
    }
  });
}
