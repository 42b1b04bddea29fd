// What a call fails with when the host's own code that answers for it throws (onSampling,
// onElicitation, a roots function, the approval predicate), against the fixtures and
// server-everything in both eras. An MCPAdapterError with a code of the host's own part
// (aborted, timeout, authorization_required, authorization_failed) fails the call with that
// code, as it does thrown by a custom fetch (tests/host-fetch-errors.test.mjs); anything else
// it throws is invalid_argument in the 2026-07-28 era, and in the handshake era the server
// is told the handler failed. The call's own signal and timeout cutting a handler are in
// tests/timeouts-aborts.test.mjs.
//
//   bash scripts/build.sh && node --test tests/host-handler-errors.test.mjs

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter, MCPAdapterError } from '../pkg/index.node.js';
import { rejectsWith } from './helpers/errors.mjs';
import { useHostAsks } from './helpers/host-asks.mjs';

describe('a host handler that throws an MCPAdapterError', { timeout: 120_000 }, () => {
  const { fastmcp, ASKS } = useHostAsks();

  for (const ask of ASKS) {
    describe(`${ask.label} (${ask.era}): ${ask.tool} asks for ${ask.kind}`, () => {
      for (const code of ['authorization_required', 'authorization_failed', 'timeout', 'aborted']) {
        it(`${ask.option} throwing code ${code} fails the call with it, naming the handler; the adapter stays usable`, async () => {
          const handler = async () => {
            throw new MCPAdapterError(code, `the model provider says ${code}`);
          };
          const a = new MCPAdapter(ask.server().url, { [ask.option]: handler });
          // (the call's own timeout only bounds a call that would wait for nothing)
          const error = await rejectsWith(a.callTool(ask.tool, ask.args, { timeoutMs: 10_000 }), code);
          assert.equal(error.message, `${ask.option} threw: the model provider says ${code}`);
          assert.equal((await a.callTool('echo', ask.echo ?? { text: 'after' })).status, 'success');
          await a.close();
        });
      }

      if (ask.era === '2026-07-28') {
        it(`${ask.option} throwing a code that tells what a server sent fails the call with invalid_argument`, async () => {
          const handler = () => Promise.reject(new MCPAdapterError('rpc_error', 'claimed rpc_error'));
          const a = new MCPAdapter(ask.server().url, { [ask.option]: handler });
          const error = await rejectsWith(a.callTool(ask.tool, ask.args), 'invalid_argument');
          assert.equal(error.message, `${ask.option} threw: claimed rpc_error`);
        });
      }
    });
  }

  it('the approval predicate throwing code authorization_required fails the call with it, before anything is sent', async () => {
    let sent = 0;
    const counting = (url, init) => ((sent += JSON.parse(init.body).method === 'tools/call'), fetch(url, init));
    const a = new MCPAdapter(fastmcp().url, {
      fetch: counting,
      approval: () => {
        throw new MCPAdapterError('authorization_required', 'sign in to approve');
      },
    });
    await a.listTools();
    const error = await rejectsWith(a.callTool('echo', { text: 'x' }), 'authorization_required');
    assert.equal(error.message, 'the approval predicate threw: sign in to approve');
    assert.equal(sent, 0);
  });
});
