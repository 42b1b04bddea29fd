// The host's notification callbacks written as async functions that throw (they return a
// rejected promise): index.d.ts and exchange.js `takeNotifications` say what a callback throws
// is ignored, but a rejected promise nobody handles ends a Node process. From a scripted fake
// server (a progress and a log notification on a call's stream, a tool left out with a
// warning). onTrace is covered in trace-redaction.test.mjs.
//
//   bash scripts/build.sh && node --test tests/async-callbacks.test.mjs

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { progress, useFake } from './helpers/fake-server.mjs';

/** `async` callbacks' rejections that went unhandled while `run()` ran, and 50 ms after. */
async function unhandledDuring(run) {
  const rejections = [];
  const record = (reason) => rejections.push(reason?.message ?? String(reason));
  process.on('unhandledRejection', record);
  try {
    await run();
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    process.off('unhandledRejection', record);
  }
  return rejections;
}

const failing = (what) => async () => {
  throw new Error(`${what} sink down`);
};

// exchange.js `ignoreRejection`: for the notification callbacks in `takeNotifications`, and
// for onWarning from Rust (bindings/options.rs).

describe('async callbacks that reject', () => {
  const fake = useFake(() => ({
    'tools/list': (ctx) =>
      ctx.result({
        resultType: 'complete',
        tools: [{ name: 'bad', inputSchema: { type: 'object', properties: { n: { type: 'number', 'x-mcp-header': 'N' } } } }, { name: 'notifying' }],
      }),
    notifying: (ctx) => {
      const sse = ctx.sse();
      sse.event(progress(1, 2));
      sse.event({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'working' } });
      sse.event({ jsonrpc: '2.0', id: ctx.id, result: { resultType: 'complete', content: [{ type: 'text', text: 'done' }] } });
      sse.end();
    },
  }));

  for (const option of ['onProgress', 'onLoggingMessage']) {
    it(`${option}: ignored, the call ends as without it`, async () => {
      const adapter = new MCPAdapter(fake().url, { [option]: failing(option) });
      const rejections = await unhandledDuring(async () => {
        const out = await adapter.callTool('notifying', {});
        assert.deepEqual(out.content, [{ type: 'text', text: 'done' }]);
      });
      assert.deepEqual(rejections, []);
    });
  }

  it('onWarning: ignored, the listing ends as without it', async () => {
    const adapter = new MCPAdapter(fake().url, { onWarning: failing('onWarning') });
    const rejections = await unhandledDuring(async () => {
      assert.deepEqual((await adapter.listTools()).map((t) => t.name), ['notifying']);
    });
    assert.deepEqual(rejections, []);
  });
});
