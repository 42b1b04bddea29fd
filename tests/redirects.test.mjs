// Redirects, from a scripted fake 2026-07-28 server (tests/helpers/fake-server.mjs): a
// same-origin redirect is followed with the same body and headers; one to another origin (even
// the same port under another host name), a loop, a 302 or one without Location is an error,
// and the Authorization header never reaches another origin.
//
//   bash scripts/build.sh && node --test tests/redirects.test.mjs

import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { SECRET, rejectsWith } from './helpers/errors.mjs';
import { assertStillWorks, failsThenStillWorks, hostileAdapter, useFake } from './helpers/fake-server.mjs';
import { sleep } from './helpers/wait.mjs';

const CASES = {
  redirect_same: (ctx) => {
    if (ctx.path === '/mcp') {
      ctx.res.writeHead(307, { location: '/mcp2' });
      ctx.res.end();
    } else {
      ctx.result({ resultType: 'complete', content: [{ type: 'text', text: `redirected to ${ctx.path}` }] });
    }
  },
  redirect_loop: (ctx) => {
    ctx.res.writeHead(307, { location: '/mcp' });
    ctx.res.end();
  },
  redirect_302: (ctx) => {
    ctx.res.writeHead(302, { location: '/mcp2' });
    ctx.res.end();
  },
  redirect_no_location: (ctx) => {
    ctx.res.writeHead(307);
    ctx.res.end();
  },
};

describe('redirects from a scripted fake server', { timeout: 60_000 }, () => {
  // a second server on another origin (localhost vs 127.0.0.1)
  const other = useFake(() => ({}), { host: 'localhost' });
  const fake = useFake(() => ({
    ...CASES,
    redirect_cross: (ctx) => {
      ctx.res.writeHead(307, { location: `http://localhost:${other().port}/mcp` });
      ctx.res.end();
    },
    redirect_cross_308_absolute_same_port: (ctx) => {
      // same port but another host name: still another origin
      ctx.res.writeHead(308, { location: `http://localhost:${fake().port}/mcp2` });
      ctx.res.end();
    },
    redirect_protocol_relative: (ctx) => {
      ctx.res.writeHead(307, { location: `//localhost:${other().port}/mcp` });
      ctx.res.end();
    },
  }));
  let adapter;

  before(() => {
    adapter = hostileAdapter(fake().url);
  });

  const simple = [
    ['redirect_loop', 'redirect', (e) => assert.equal(e.status, 307)],
    ['redirect_302', 'redirect', (e) => assert.equal(e.status, 302)],
    ['redirect_no_location', 'redirect'],
    ['redirect_cross_308_absolute_same_port', 'redirect', (e) => assert.equal(e.status, 308)],
  ];

  failsThenStillWorks(() => adapter, simple);

  it('a 307 to another origin (localhost vs 127.0.0.1) carrying Authorization → redirect, not followed', async () => {
    // sanity: the other server is reachable under that origin, so following would be seen
    const probe = await fetch(`http://localhost:${other().port}/mcp`, { method: 'POST', body: '{}' });
    await probe.arrayBuffer();
    assert.equal(other().requests.length, 1);
    other().requests.length = 0;

    const err = await rejectsWith(adapter.callTool('redirect_cross', {}), 'redirect');
    assert.equal(err.status, 307);
    assert.ok(!err.message.includes(`localhost:${other().port}`) || !err.message.includes('Bearer'));
    const err2 = await rejectsWith(adapter.callTool('redirect_protocol_relative', {}), 'redirect');
    assert.equal(err2.status, 307);
    await sleep(50);
    assert.equal(other().requests.length, 0, 'the other origin never received a request');
    await assertStillWorks(adapter);
  });

  it('a same-origin 307 to /mcp2 is followed, keeps the headers and works', async () => {
    const before = fake().requests.length;
    const out = await adapter.callTool('redirect_same', { text: 'r' });
    assert.deepEqual(out, { type: 'tool_result', content: [{ type: 'text', text: 'redirected to /mcp2' }], status: 'success' });
    const hops = fake().requests.slice(before);
    assert.deepEqual(
      hops.map((r) => r.path),
      ['/mcp', '/mcp2'],
    );
    const [first, second] = hops;
    assert.deepEqual(second.msg, first.msg, 'the same body is re-sent');
    for (const name of ['authorization', 'mcp-method', 'mcp-name', 'mcp-protocol-version', 'accept', 'content-type']) {
      assert.equal(second.headers[name], first.headers[name], name);
    }
    assert.equal(second.headers.authorization, SECRET);
    await assertStillWorks(adapter);
  });

});
