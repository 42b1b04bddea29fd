// Header names and values the host gives (the `headers` option: an object, a Headers, pairs,
// or a function; and a call's own `headers`) are checked before they reach `Headers`: a bad one fails the call with
// `invalid_argument` naming the header and saying why, never quoting the value, and the
// adapter stays usable. A runtime's or a custom fetch's own failure message, which may quote
// a header value, is redacted too. Against the FastMCP fixture.
//
//   bash scripts/build.sh && node --test tests/header-values.test.mjs
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter, MCPAdapterError } from '../pkg/index.node.js';
import { recordingFetch } from './helpers/record.mjs';
import { startFastMCP } from './helpers/servers.mjs';

const TOKEN = 'tok_9f8e7d6c5b4a39281706f5e4d3c2b1a0';

/** Asserts `error` is an `invalid_argument` naming `header` and saying `why`, with the token nowhere in it. */
function refusedWithoutToken(error, header, why) {
  assert.ok(error instanceof MCPAdapterError, String(error));
  assert.equal(error.code, 'invalid_argument');
  assert.match(error.message, new RegExp(`header ${header}`, 'i'));
  assert.match(error.message, why);
  for (const text of [error.message, JSON.stringify(error.data ?? null), String(error.stack)]) {
    assert.ok(!text.includes(TOKEN), `the token leaked: ${text}`);
    assert.ok(!text.includes('X-Evil'), `the injected header leaked: ${text}`);
  }
}

const failure = (promise) => promise.then((v) => assert.fail(`resolved to ${JSON.stringify(v)}`), (e) => e);

describe('header values are checked before they reach Headers (FastMCP fixture)', () => {
  let server;
  before(async () => {
    server = await startFastMCP();
  });
  after(() => server?.close());

  const BAD = [
    ['a CR/LF injection', `Bearer ${TOKEN}\r\nX-Evil: 1`, /line break \(CR or LF\)/],
    ['a bare LF', `Bearer ${TOKEN}\nX-Evil: 1`, /line break/],
    ['a NUL', `Bearer ${TOKEN}\0X-Evil: 1`, /NUL character/],
    ['a character above U+00FF', `Bearer ${TOKEN}\u2603X-Evil`, /above U\+00FF/],
  ];

  for (const [what, value, why] of BAD) {
    test(`${what} in the headers object: invalid_argument naming Authorization, nothing sent, the value never echoed`, async () => {
      const rec = recordingFetch();
      const adapter = new MCPAdapter(server.url, { fetch: rec.fetch, headers: { Authorization: value } });
      refusedWithoutToken(await failure(adapter.callTool('echo', { text: 'x' })), 'Authorization', why);
      assert.equal(rec.requests.length, 0, 'nothing was sent');
      // the wasm instance is fine: another adapter in the same process works
      assert.equal((await new MCPAdapter(server.url, { headers: { Authorization: `Bearer ${TOKEN}` } }).callTool('echo', { text: 'ok' })).status, 'success');
    });

    test(`${what} from a headers function: refused on that call, the next call succeeds`, async () => {
      const rec = recordingFetch();
      let calls = 0;
      const headers = async () => (++calls === 1 ? { Authorization: value } : { Authorization: `Bearer ${TOKEN}` });
      const adapter = new MCPAdapter(server.url, { fetch: rec.fetch, headers });
      refusedWithoutToken(await failure(adapter.callTool('echo', { text: 'x' })), 'Authorization', why);
      assert.equal(rec.requests.length, 0, 'nothing was sent');
      const out = await adapter.callTool('echo', { text: 'after' });
      assert.equal(out.status, 'success');
      assert.equal(rec.requests.at(-1).headers.get('authorization'), `Bearer ${TOKEN}`);
    });
  }

  for (const [what, value, why] of BAD) {
    test(`${what} in a call's own headers: refused on that call, the adapter's next call succeeds`, async () => {
      const rec = recordingFetch();
      const adapter = new MCPAdapter(server.url, { fetch: rec.fetch, headers: { 'X-Adapter': 'kept' } });
      refusedWithoutToken(await failure(adapter.callTool('echo', { text: 'x' }, { headers: { Authorization: value } })), 'Authorization', why);
      assert.equal(rec.requests.length, 0, 'nothing was sent');
      const out = await adapter.callTool('echo', { text: 'after' }, { headers: { Authorization: `Bearer ${TOKEN}` } });
      assert.equal(out.status, 'success');
      assert.equal(rec.requests.at(-1).headers.get('authorization'), `Bearer ${TOKEN}`);
    });
  }

  test('a Headers-like list of pairs and a Map are checked the same way', async () => {
    for (const headers of [[['Authorization', `Bearer ${TOKEN}\nX-Evil: 1`]], new Map([['Authorization', `Bearer ${TOKEN}\0`]])]) {
      refusedWithoutToken(await failure(new MCPAdapter(server.url, { headers }).callTool('echo', { text: 'x' })), 'Authorization', /line break|NUL/);
    }
    const good = new MCPAdapter(server.url, { headers: [['X-Api-Key', TOKEN]] });
    assert.equal((await good.callTool('echo', { text: 'pairs' })).status, 'success');
  });

  test('a header name that is not an HTTP token is refused by position, without quoting it', async () => {
    const adapter = new MCPAdapter(server.url, { headers: { 'X-Ok': 'fine-value', [`Bad Name ${TOKEN}`]: 'v' } });
    const error = await failure(adapter.callTool('echo', { text: 'x' }));
    assert.equal(error.code, 'invalid_argument');
    assert.match(error.message, /the name of header #2 is not an HTTP token/);
    assert.ok(!error.message.includes(TOKEN));
  });

  test('a custom fetch whose own failure quotes a header value, or names it bare: the message is redacted', async () => {
    for (const [quote, fresh] of [['"', 'tok_quoted_0a1b2c3d4e5f60718293'], ['', 'tok_bare_f0e1d2c3b4a5968778695a4b']]) {
      const fetchQuoting = async (url, init) => {
        const value = new Headers(init.headers).get('authorization');
        throw new TypeError(`refused header value ${quote}${value}${quote} for ${url}`);
      };
      // a token this process never sent before: only this failed exchange makes it known
      const adapter = new MCPAdapter(server.url, { fetch: fetchQuoting, headers: { Authorization: `Bearer ${fresh}` } });
      const error = await failure(adapter.callTool('echo', { text: 'x' }));
      assert.equal(error.code, 'network');
      assert.ok(!error.message.includes(fresh), error.message);
      assert.match(error.message, /refused header value .*\[redacted\]/);
    }
  });

  test('a headers function that throws: its message is kept, quoted text in it is not', async () => {
    const adapter = new MCPAdapter(server.url, {
      headers: () => {
        throw new Error(`token store unavailable for "${TOKEN}"`);
      },
    });
    const error = await failure(adapter.callTool('echo', { text: 'x' }));
    assert.equal(error.code, 'invalid_argument');
    assert.match(error.message, /^option headers: token store unavailable for "\[redacted\]"$/);
  });
});
