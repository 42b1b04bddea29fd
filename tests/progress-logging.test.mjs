// Progress and logging notifications against the two 2026-07-28 fixtures (the same checks
// for each): per-call and adapter-level onProgress, no progressToken (and a JSON answer)
// without one, and onLoggingMessage at logLevel "debug".
//
//   bash scripts/build.sh && node --test tests/progress-logging.test.mjs

import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { MODERN_FIXTURES } from './helpers/fixture-data.mjs';
import { recordingFetch } from './helpers/record.mjs';
import { useServer } from './helpers/servers.mjs';

for (const srv of MODERN_FIXTURES) {
  describe(srv.label, { timeout: 30_000 }, () => {
    const server = useServer(srv.start);
    let adapter;

    before(() => {
      adapter = new MCPAdapter(server().url);
    });

    describe('progress and logging', () => {
      it('per-call onProgress receives 3 increasing progress objects', async () => {
        const seen = [];
        const out = await adapter.callTool('count_slowly', { steps: 3, delay_ms: 20 }, { onProgress: (p) => seen.push(p) });
        assert.equal(out.content[0].text, 'counted to 3');
        assert.equal(seen.length, 3);
        for (let i = 0; i < 3; i++) {
          assert.equal(seen[i].total, 3);
          if (i > 0) assert.ok(seen[i].progress > seen[i - 1].progress);
          assert.equal(seen[i].progressToken, seen[0].progressToken);
        }
        assert.equal(seen[2].progress, 3);
      });

      it('the adapter-level onProgress option also receives progress', async () => {
        const seen = [];
        const a = new MCPAdapter(server().url, { onProgress: (p) => seen.push(p) });
        const out = await a.callTool('count_slowly', { steps: 3, delay_ms: 20 });
        assert.equal(out.content[0].text, 'counted to 3');
        assert.equal(seen.length, 3);
        assert.deepEqual(
          seen.map((p) => [p.progress, p.total]),
          [
            [1, 3],
            [2, 3],
            [3, 3],
          ],
        );
      });

      it('500 notifications sent without pause all reach onProgress, in order, before the result', async () => {
        // without a delay the server writes them back to back: several may share a chunk of
        // the stream (read together by the notification path), the result with the last
        const seen = [];
        const out = await adapter.callTool('count_slowly', { steps: 500, delay_ms: 0 }, { onProgress: (p) => seen.push(p.progress) });
        assert.equal(out.content[0].text, 'counted to 500');
        assert.deepEqual(
          seen,
          Array.from({ length: 500 }, (_, i) => i + 1),
        );
      });

      it('a progress callback that throws breaks neither the call nor the notifications after it', async () => {
        const seen = [];
        const out = await adapter.callTool(
          'count_slowly',
          { steps: 3, delay_ms: 20 },
          {
            onProgress: (p, context) => {
              seen.push([p.progress, context.tool]);
              throw new Error('host bug');
            },
          },
        );
        assert.equal(out.content[0].text, 'counted to 3');
        assert.deepEqual(seen, [
          [1, 'count_slowly'],
          [2, 'count_slowly'],
          [3, 'count_slowly'],
        ]);
      });

      it('what the adapter\'s onProgress edits in place, the call\'s onProgress does not see; the context is frozen', async () => {
        const [seen, refused] = [[], []];
        const a = new MCPAdapter(server().url, {
          onProgress: (p, context) => {
            p.progress = -1;
            p.added = true;
            try {
              context.tool = 'other';
            } catch (e) {
              refused.push(e instanceof TypeError);
            }
          },
        });
        const out = await a.callTool('count_slowly', { steps: 2, delay_ms: 20 }, { onProgress: (p, context) => seen.push([p.progress, p.added, context.tool]) });
        assert.equal(out.content[0].text, 'counted to 2');
        assert.deepEqual(refused, [true, true]);
        assert.deepEqual(seen, [
          [1, undefined, 'count_slowly'],
          [2, undefined, 'count_slowly'],
        ]);
      });

      it('without onProgress no token is sent, and the server answers JSON', async () => {
        const rec = recordingFetch();
        const a = new MCPAdapter(server().url, { fetch: rec.fetch });
        const out = await a.callTool('count_slowly', { steps: 3, delay_ms: 20 });
        assert.equal(out.content[0].text, 'counted to 3');
        const call = rec.requests.find((r) => r.body.method === 'tools/call');
        assert.equal(call.body.params._meta.progressToken, undefined);
        assert.match(call.contentType, /^application\/json/);
      });

      it('onLoggingMessage with logLevel "debug" receives the tool\'s log message', async () => {
        const logs = [];
        const a = new MCPAdapter(server().url, { logLevel: 'debug', onLoggingMessage: (m) => logs.push(m) });
        const out = await a.callTool('log_message', { level: 'debug', text: 'dbg-xyz' });
        assert.equal(out.content[0].text, 'logged debug: dbg-xyz');
        const mine = logs.find((m) => JSON.stringify(m.data).includes('dbg-xyz'));
        assert.ok(mine, `no log message carried the text: ${JSON.stringify(logs)}`);
        assert.equal(mine.level, 'debug');
        assert.equal(mine.logger, 'fixture');
      });
    });
  });
}
