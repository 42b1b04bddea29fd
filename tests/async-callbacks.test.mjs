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
import { useFake } from './helpers/fake-server.mjs';
import { DEAD_URL, startTsServer, useServer } from './helpers/servers.mjs';
import { MCPAdapterGroup } from '../pkg/index.node.js';

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
      sse.event(ctx.progress(1, 2));
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

describe('async callbacks that reject, told by the JavaScript layer (TypeScript SDK fixture)', () => {
  const server = useServer(() => startTsServer());

  it('the output-check warning: onWarning and onLoggingMessage each told, neither breaking the call or the other', async () => {
    const told = [];
    const adapter = new MCPAdapter(server().url, {
      // the first throws at once, the second rejects later: both are still told
      onWarning: (text) => {
        told.push('warning');
        throw new Error(`onWarning sink down: ${text}`);
      },
      onLoggingMessage: async (message) => {
        told.push(`log ${message.logger}`);
        throw new Error('onLoggingMessage sink down');
      },
    });
    await adapter.listTools();
    const rejections = await unhandledDuring(async () => {
      // its outputSchema cannot be compiled: the check is turned off with a warning
      const out = await adapter.callTool('unusable_schema', {});
      assert.equal(out.type, 'tool_result');
    });
    assert.deepEqual(rejections, []);
    assert.deepEqual(told, ['warning', 'log mcp-wasm-adapter']);
  });

  it('a group: onWarning of "skip" and an onServerError function that throw or reject break neither the list nor the process', async () => {
    const dead = DEAD_URL;
    for (const options of [
      { onServerError: 'skip', onWarning: failing('onWarning') },
      { onServerError: failing('onServerError') },
      {
        onServerError: () => {
          throw new Error('onServerError sink down');
        },
      },
    ]) {
      const group = new MCPAdapterGroup({ live: server().url, dead }, { ...options, timeoutMs: 5_000 });
      const rejections = await unhandledDuring(async () => {
        const tools = await group.listTools();
        assert.ok(tools.length > 0 && tools.every((t) => t.metadata.mcp.server.key === 'live'));
      });
      assert.deepEqual(rejections, []);
    }
  });
});
