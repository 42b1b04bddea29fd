// What a call fails with when host code in its exchange throws: a custom `fetch` (the request,
// or the body it resolved to) and a `headers` function, against the TypeScript SDK fixture.
// An MCPAdapterError with a code of the host's own part (invalid_argument, aborted, timeout,
// authorization_required, authorization_failed) keeps its code and message; one with a code
// that tells what a server sent, and any other error, is `network`. The auth module's fetch
// (its redirectToAuthorization resolving to something that is not a URL) is in
// tests/auth.test.mjs.
//
//   bash scripts/build.sh && node --test tests/host-fetch-errors.test.mjs

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter, MCPAdapterError } from '../pkg/index.node.js';
import { rejectsWith } from './helpers/errors.mjs';
import { startTsServer, useServer } from './helpers/servers.mjs';

const server = useServer(startTsServer);

/** A fetch that throws `error` for the `tools/call` of `throwing`, and fetches anything else. */
function fetchThrowingOn(throwing, error) {
  return async (url, init) => {
    if (JSON.parse(init.body).params?.name === throwing) throw error;
    return fetch(url, init);
  };
}

describe('a custom fetch that throws', () => {
  for (const code of ['invalid_argument', 'aborted', 'timeout', 'authorization_required', 'authorization_failed']) {
    it(`an MCPAdapterError with code ${code} fails the call with that code and message; the next call works`, async () => {
      const adapter = new MCPAdapter(server().url, { fetch: fetchThrowingOn('echo', new MCPAdapterError(code, `the host says ${code}`)) });
      const error = await rejectsWith(adapter.callTool('echo', { text: 'x' }), code);
      assert.equal(error.message, `the host says ${code}`);
      assert.equal((await adapter.callTool('get_weather', { city: 'Oslo' })).type, 'tool_result');
    });
  }

  it('an error only named MCPAdapterError (another copy of the package, the auth module) keeps its code too', async () => {
    const foreign = Object.assign(new Error('no such account'), { name: 'MCPAdapterError', code: 'invalid_argument' });
    const adapter = new MCPAdapter(server().url, { fetch: fetchThrowingOn('echo', foreign) });
    assert.equal((await rejectsWith(adapter.callTool('echo', { text: 'x' }), 'invalid_argument')).message, 'no such account');
  });

  it('an MCPAdapterError with a code that tells what a server sent is network: the core finds such things out itself', async () => {
    for (const code of ['http_status', 'stream_ended', 'handshake_era_server', 'rpc_error', 'tool_error']) {
      const adapter = new MCPAdapter(server().url, { fetch: fetchThrowingOn('echo', new MCPAdapterError(code, `claimed ${code}`)) });
      const error = await rejectsWith(adapter.callTool('echo', { text: 'x' }), 'network');
      assert.match(error.message, new RegExp(`fetch failed before the response arrived: claimed ${code}`));
    }
  });

  it('any other error, or a plain object with a code, is network', async () => {
    for (const thrown of [new TypeError('socket hang up'), { code: 'invalid_argument', message: 'not an error' }, 'text']) {
      const adapter = new MCPAdapter(server().url, { fetch: fetchThrowingOn('echo', thrown) });
      await rejectsWith(adapter.callTool('echo', { text: 'x' }), 'network');
    }
  });
});

describe('a body or headers function of the host that throws', () => {
  it('a response body that errors with an MCPAdapterError keeps its code', async () => {
    const failing = async (url, init) => {
      const response = await fetch(url, init);
      if (JSON.parse(init.body).method !== 'tools/call') return response;
      await response.body?.cancel();
      const body = new ReadableStream({
        pull(controller) {
          controller.error(new MCPAdapterError('aborted', 'the host stopped reading'));
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    };
    const adapter = new MCPAdapter(server().url, { fetch: failing });
    assert.equal((await rejectsWith(adapter.callTool('echo', { text: 'x' }), 'aborted')).message, 'the host stopped reading');
  });

  it('a headers function that throws an MCPAdapterError keeps its code; anything else it throws is invalid_argument', async () => {
    const typed = new MCPAdapter(server().url, {
      headers: () => {
        throw new MCPAdapterError('authorization_required', 'sign in to the gateway first');
      },
    });
    assert.equal((await rejectsWith(typed.listTools(), 'authorization_required')).message, 'sign in to the gateway first');
    const plain = new MCPAdapter(server().url, {
      headers: () => {
        throw new Error('vault locked');
      },
    });
    assert.match((await rejectsWith(plain.listTools(), 'invalid_argument')).message, /option headers: vault locked/);
  });
});
