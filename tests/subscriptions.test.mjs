// Subscriptions: subscriptions/listen (TypeScript SDK v2 fixture: an acknowledged filter,
// list changes, resource updates that invalidate the cache, callbacks that throw, a server that
// never acknowledges), the session GET stream and resources/subscribe of the handshake era
// (server-everything), handshake-era servers that refuse that GET (the TypeScript SDK 1.x
// fixture's 405; a 404, a 406, a 200 HTML page), and a server that advertises none (FastMCP
// fixture).
//
//   bash scripts/build.sh && node --test tests/subscriptions.test.mjs

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { rejectsWith } from './helpers/errors.mjs';
import { methods, recordingFetch } from './helpers/record.mjs';
import { startEverything, startFastMCP, startTsServer, startTsV1Server, useServer } from './helpers/servers.mjs';
import { until } from './helpers/wait.mjs';

/**
 * A raw node:http MCP server for event streams no fixture sends: `server/discover` answered
 * (2026-07-28, tools with `listChanged`), every other request handed to `stream(msg, res)`.
 * Runs `body(url)`, then closes the server.
 */
async function withStreamServer(stream, body) {
  const http = await import('node:http');
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      const msg = JSON.parse(text);
      if (msg.method !== 'server/discover') return stream(msg, res);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: { listChanged: true } }, ttlMs: 0, cacheScope: 'private' } }));
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  try {
    await body(`http://127.0.0.1:${server.address().port}/mcp`);
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}

describe('FastMCP fixture (2026-07-28, --cache-ttl 60)', { timeout: 120_000 }, () => {
  const srv = useServer(() => startFastMCP({ cacheTtl: 60 }));

  it('subscriptions are not_supported here, at once: the capabilities say no', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(srv().url, { fetch: rec.fetch });
    const started = Date.now();
    const err = await rejectsWith(adapter.subscribe({ toolsListChanged: true }, () => {}), 'not_supported');
    assert.match(err.message, /advertises none/);
    assert.ok(Date.now() - started < 5_000, 'no hang');
    assert.deepEqual(methods(rec), ['server/discover'], 'not sent: the capabilities say no');
    await rejectsWith(adapter.subscribe({}, () => {}), 'invalid_argument');
    await rejectsWith(adapter.subscribe({ toolsListChanged: 'yes' }, () => {}), 'invalid_argument');
  });
});

describe('TypeScript SDK v2 fixture (2026-07-28)', { timeout: 120_000 }, () => {
  const srv = useServer(startTsServer);

  it('subscribe: acknowledged filter, a tools list that changes while subscribed, resource updates invalidate the cache, close()', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(srv().url, { fetch: rec.fetch });
    const before = (await adapter.listTools()).map((t) => t.name);
    assert.ok(!before.includes('late_tool'));
    const seen = [];
    const filter = { toolsListChanged: true, promptsListChanged: true, resourcesListChanged: true, resourceSubscriptions: ['fixture://counter'] };
    const sub = await adapter.subscribe(filter, (n) => seen.push(n));
    assert.deepEqual(sub.acknowledged, filter);
    const listen = rec.requests.find((r) => r.body?.method === 'subscriptions/listen');
    assert.equal(listen.headers.get('mcp-method'), 'subscriptions/listen');
    assert.deepEqual(listen.body.params.notifications, filter);
    assert.equal(listen.contentType, 'text/event-stream');

    // other calls are not blocked by the open stream
    const counted = Number((await adapter.readResource('fixture://counter'))[0].text);
    assert.equal(Number((await adapter.readResource('fixture://counter'))[0].text), counted, 'cached');

    await adapter.callTool('add_tool', { name: 'late_tool' });
    await until(() => seen.some((n) => n.method === 'notifications/tools/list_changed'), 5_000, 'tools/list_changed');
    const changed = seen.find((n) => n.method === 'notifications/tools/list_changed');
    assert.equal(changed.params._meta['io.modelcontextprotocol/subscriptionId'], listen.body.id);
    const after = await adapter.listTools();
    const late = after.find((t) => t.name === 'late_tool');
    assert.ok(late, 'the new tool is listed');
    assert.equal((await late.invoke({})).content[0].text, 'late_tool ran');

    await adapter.callTool('touch_resource', { uri: 'fixture://counter' });
    await until(() => seen.some((n) => n.method === 'notifications/resources/updated'), 5_000, 'resources/updated');
    assert.equal(seen.find((n) => n.method === 'notifications/resources/updated').params.uri, 'fixture://counter');
    assert.equal(Number((await adapter.readResource('fixture://counter'))[0].text), counted + 1, 'the update invalidated the cached read');

    // an update for a uri nobody subscribed to is not delivered
    const delivered = seen.length;
    await adapter.callTool('touch_resource', { uri: 'fixture://readme' });
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(seen.length, delivered);

    sub.close();
    assert.deepEqual(await sub.closed, { reason: 'closed' });
    sub.close(); // idempotent
  });

  it('subscribe: a throwing callback does not end the subscription; the call signal closes it', async () => {
    const adapter = new MCPAdapter(srv().url);
    const control = new AbortController();
    let calls = 0;
    const sub = await adapter.subscribe({ toolsListChanged: true }, () => {
      calls += 1;
      throw new Error('host bug');
    }, { signal: control.signal, timeoutMs: 5_000 });
    await adapter.callTool('add_tool', { name: 'late_one' });
    await adapter.callTool('add_tool', { name: 'late_two' });
    await until(() => calls >= 2, 5_000, 'two notifications');
    control.abort();
    assert.deepEqual(await sub.closed, { reason: 'closed' });
  });

  it('subscribe: an async callback that rejects is ignored as one that throws (no unhandled rejection, which ends a Node process)', async () => {
    const adapter = new MCPAdapter(srv().url);
    const unhandled = [];
    const collect = (reason) => unhandled.push(reason);
    process.on('unhandledRejection', collect);
    try {
      let calls = 0;
      const sub = await adapter.subscribe({ toolsListChanged: true }, async () => {
        calls += 1;
        throw new Error('async host bug');
      });
      await adapter.callTool('add_tool', { name: 'async_late_one' });
      await adapter.callTool('add_tool', { name: 'async_late_two' });
      await until(() => calls >= 2, 5_000, 'two notifications');
      await new Promise((r) => setTimeout(r, 50)); // unhandled rejections are reported after a turn
      sub.close();
      assert.deepEqual(await sub.closed, { reason: 'closed' });
      assert.deepEqual(unhandled.map((e) => e?.message), [], 'the rejections were left unhandled');
    } finally {
      process.off('unhandledRejection', collect);
    }
  });

  it('subscribe: no notification reaches the callback after close(), even one already read with the one that closed it', async () => {
    // a server that writes the acknowledgement and three list changes at once (one chunk)
    const listen = (msg, res) => {
      const meta = { 'io.modelcontextprotocol/subscriptionId': msg.id };
      const event = (method, params) => `data: ${JSON.stringify({ jsonrpc: '2.0', method, params: { ...params, _meta: meta } })}\n\n`;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(event('notifications/subscriptions/acknowledged', { notifications: { toolsListChanged: true } }));
      setTimeout(() => res.write([1, 2, 3].map(() => event('notifications/tools/list_changed', {})).join('')), 50);
    };
    await withStreamServer(listen, async (url) => {
      const adapter = new MCPAdapter(url);
      let calls = 0;
      const sub = await adapter.subscribe({ toolsListChanged: true }, () => {
        calls += 1;
        sub.close();
      });
      assert.deepEqual(await sub.closed, { reason: 'closed' });
      assert.equal(calls, 1, 'the notifications after the one that closed the subscription are not handed over');
    });
  });

  it('subscribe: a server that never acknowledges is a timeout, not a hang', async () => {
    // a server that answers subscriptions/listen with an event stream that never starts
    const listen = (_msg, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': keep-alive\n\n');
    };
    await withStreamServer(listen, async (url) => {
      const adapter = new MCPAdapter(url);
      const started = Date.now();
      const err = await rejectsWith(adapter.subscribe({ toolsListChanged: true }, () => {}, { timeoutMs: 300 }), 'timeout');
      assert.match(err.message, /acknowledgement/);
      assert.ok(Date.now() - started < 3_000);
    });
  });
});

describe('server-everything (handshake era)', { timeout: 120_000 }, () => {
  const srv = useServer(startEverything);

  it('subscribe: the session GET stream delivers resource updates of resources/subscribe', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(srv().url, { fetch: rec.fetch });
    const seen = [];
    const uri = 'demo://resource/static/document/features.md';
    const sub = await adapter.subscribe({ resourceSubscriptions: [uri], toolsListChanged: true }, (n) => seen.push(n));
    assert.deepEqual(sub.acknowledged, { toolsListChanged: true, resourceSubscriptions: [uri] });
    const get = rec.requests.find((r) => r.method === 'GET');
    assert.equal(get.headers.get('accept'), 'text/event-stream');
    assert.ok(get.headers.get('mcp-session-id'));
    assert.ok(methods(rec).includes('resources/subscribe'));
    await adapter.callTool('toggle-subscriber-updates', {});
    await until(() => seen.length > 0, 8_000, 'resources/updated');
    assert.deepEqual(seen[0], { method: 'notifications/resources/updated', params: { uri } });
    await adapter.callTool('toggle-subscriber-updates', {});
    sub.close();
    assert.deepEqual(await sub.closed, { reason: 'closed' });
    await until(() => methods(rec).includes('resources/unsubscribe'), 5_000, 'resources/unsubscribe');
    await adapter.close();
  });
});

describe('TypeScript SDK v2 fixture whose lists are cacheable for 60 s (2026-07-28)', { timeout: 60_000 }, () => {
  const srv = useServer(() => startTsServer({ listTtlMs: 60_000 }));

  it('a tools/list_changed notification clears the cached tools list: the next listTools() asks again and has the new tool', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(srv().url, { fetch: rec.fetch });
    const lists = () => methods(rec).filter((m) => m === 'tools/list').length;
    await adapter.listTools();
    assert.ok(!(await adapter.listTools()).some((t) => t.name === 'cached_away'));
    assert.equal(lists(), 1, 'the second list is the cached one');
    const seen = [];
    const sub = await adapter.subscribe({ toolsListChanged: true }, (n) => seen.push(n));
    await adapter.callTool('add_tool', { name: 'cached_away' });
    await until(() => seen.some((n) => n.method === 'notifications/tools/list_changed'), 5_000, 'tools/list_changed');
    assert.ok((await adapter.listTools()).some((t) => t.name === 'cached_away'), 'the new tool is listed');
    assert.equal(lists(), 2);
    sub.close();
    assert.deepEqual(await sub.closed, { reason: 'closed' });
  });
});

describe('handshake-era servers that offer no session event stream', { timeout: 60_000 }, () => {
  const v1 = useServer(startTsV1Server);

  it('the TypeScript SDK 1.x fixture (stateless, GET answered 405): subscribe is not_supported, and calls go on', async () => {
    const adapter = new MCPAdapter(v1().url);
    await adapter.listTools();
    const err = await rejectsWith(adapter.subscribe({ toolsListChanged: true }, () => {}), 'not_supported');
    assert.match(err.message, /GET answered HTTP 405/);
    assert.equal((await adapter.callTool('note', { text: 'on' })).content[0].text, 'note: on');
  });

  // a 200 HTML page: what some hosted servers answer a GET with (a page for browsers)
  for (const [status, type] of [[404, 'text/plain'], [406, 'text/plain'], [200, 'text/html; charset=utf-8']]) {
    it(`a GET answered ${status} ${type}: subscribe is not_supported, the session is kept (no new initialize) and calls go on`, async () => {
      const http = await import('node:http');
      const seen = [];
      const server = http.createServer(async (req, res) => {
        if (req.method === 'GET') return res.writeHead(status, { 'content-type': type }).end('no stream here');
        let text = '';
        for await (const chunk of req) text += chunk;
        const msg = JSON.parse(text);
        seen.push(msg.method);
        const reply = (result, headers = {}) => res.writeHead(200, { 'content-type': 'application/json', ...headers }).end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result }));
        if (msg.method === 'server/discover') {
          return res.writeHead(400, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: Unsupported protocol version"}}');
        }
        if (msg.method === 'initialize') return reply({ protocolVersion: '2025-11-25', capabilities: { tools: { listChanged: true } }, serverInfo: { name: 'no-stream', version: '1' } }, { 'mcp-session-id': 's-1' });
        if (msg.id === undefined) return res.writeHead(202).end();
        if (msg.method === 'tools/list') return reply({ tools: [{ name: 'echo', inputSchema: { type: 'object' } }] });
        return reply({ content: [{ type: 'text', text: 'echoed' }] });
      });
      await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const adapter = new MCPAdapter(`http://127.0.0.1:${server.address().port}/mcp`, { timeoutMs: 5_000 });
        await adapter.listTools();
        const err = await rejectsWith(adapter.subscribe({ toolsListChanged: true }, () => {}), 'not_supported');
        assert.match(err.message, new RegExp(`GET answered HTTP ${status}`));
        assert.equal((await adapter.callTool('echo', {})).content[0].text, 'echoed');
        assert.equal(seen.filter((m) => m === 'initialize').length, 1);
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    });
  }
});
