// Discovery and version negotiation: 2026-07-28 first (server/discover), the handshake era
// (initialize + Mcp-Session-Id) by fallback under protocol "auto", and typed errors under a
// pinned protocol. Odd answers to the probe and to calls (-32022 retries, handshake-era
// evidence, outages) come from a scripted fake; the fallback and the era choice are checked
// against real servers too (server-everything, which only speaks the handshake era, and both
// fixtures, which speak both).
//
//   bash scripts/build.sh && node --test tests/negotiation.test.mjs

import { describe, it, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter, MCPAdapterError } from '../pkg/index.node.js';
import { SECRET, rejectsWith } from './helpers/errors.mjs';
import {
  DEFAULT_HANDLERS,
  DISCOVER_RESULT,
  LEGACY_HANDLERS,
  VERSION,
  assertStillWorks,
  hostileAdapter,
  startFake,
  useFake,
} from './helpers/fake-server.mjs';
import { recordingFetch } from './helpers/record.mjs';
import { startEverything, startFastMCP, startTsServer, useServer } from './helpers/servers.mjs';
import { byName } from './helpers/tools.mjs';

describe('handshake-era evidence on a call, from a scripted fake server', { timeout: 30_000 }, () => {
  const fake = useFake(() => ({
    bare_400: (ctx) => {
      ctx.res.writeHead(400);
      ctx.res.end();
    },
    legacy_400_on_call: (ctx) => ctx.rpcError(-32000, 'Bad Request: Server not initialized', undefined, 400, null),
  }));
  let adapter;

  before(async () => {
    adapter = hostileAdapter(fake().url);
    await assertStillWorks(adapter);
  });

  for (const [tool, code, rpcCode] of [
    ['bare_400', 'http_status', undefined],
    ['legacy_400_on_call', 'rpc_error', -32000],
  ]) {
    it(`${tool} on a call (handshake-era evidence) → ${code}; the era is probed again and stays 2026-07-28`, async () => {
      const discovers = fake().count('server/discover');
      const err = await rejectsWith(adapter.callTool(tool, {}), code);
      assert.equal(err.status, 400);
      assert.equal(err.rpcCode, rpcCode);
      assert.equal(fake().count('server/discover'), discovers + 1, 'one re-probe');
      assert.equal(fake().count('initialize'), 0);
      assert.equal(adapter.protocolVersion, VERSION);
      await assertStillWorks(adapter);
    });
  }
});

describe('a handshake-era server that acknowledges notifications/initialized otherwise than with a 202', { timeout: 30_000 }, () => {
  for (const [label, ack] of [
    ['200 with no body', (ctx) => ctx.res.writeHead(200).end()],
    ['200 with {}', (ctx) => ctx.json('{}')],
    ['200 with an empty JSON body', (ctx) => ctx.json('')],
    ['204', (ctx) => ctx.res.writeHead(204).end()],
  ]) {
    it(`${label}: the session opens and calls go on in it`, async () => {
      const legacyEcho = (ctx) => ctx.json({ jsonrpc: '2.0', id: ctx.id, result: { content: [{ type: 'text', text: `echo: ${ctx.args.text}` }] } });
      const fake = await startFake({ ...LEGACY_HANDLERS, 'notifications/initialized': ack, echo: legacyEcho });
      try {
        const adapter = new MCPAdapter(fake.url, { protocol: 'legacy', timeoutMs: 5_000 });
        assert.equal((await adapter.callTool('echo', { text: 'a' })).content[0].text, 'echo: a');
        assert.equal((await adapter.callTool('echo', { text: 'b' })).content[0].text, 'echo: b');
        assert.equal(fake.count('initialize'), 1);
        assert.equal(fake.requests.at(-1).headers['mcp-session-id'], 'sess-42');
      } finally {
        await fake.close();
      }
    });
  }
});

const MODERN_ONLY = { protocol: '2026-07-28' };

describe('discovery and version negotiation against a fake server', { timeout: 30_000 }, () => {
  /** A fake whose `server/discover` answers `bad(ctx)` for the first `times` calls, then well. */
  async function withDiscover(times, bad, fn, options = {}) {
    let n = 0;
    const fake = await startFake({
      'server/discover': (ctx) => (n++ < times ? bad(ctx) : DEFAULT_HANDLERS['server/discover'](ctx)),
      ...LEGACY_HANDLERS,
    });
    try {
      const adapter = new MCPAdapter(fake.url, { headers: { Authorization: SECRET }, timeoutMs: 5000, ...options });
      await fn(adapter, fake);
    } finally {
      await fake.close();
    }
  }

  it('-32022 with data.supported ["2026-07-28"] is retried once with a new id and succeeds', async () => {
    await withDiscover(
      1,
      (ctx) => ctx.rpcError(-32022, 'Unsupported protocol version', { supported: [VERSION], requested: ctx.req.headers['mcp-protocol-version'] }, 400),
      async (adapter, fake) => {
        const tools = await adapter.listTools();
        assert.deepEqual(
          tools.map((t) => t.name),
          ['echo'],
        );
        assert.equal(adapter.protocolVersion, VERSION);
        const discovers = fake.requests.filter((r) => r.msg.method === 'server/discover');
        assert.equal(discovers.length, 2);
        assert.notEqual(discovers[0].msg.id, discovers[1].msg.id);
        assert.equal(discovers[1].headers['mcp-protocol-version'], VERSION);
        assert.equal(discovers[1].msg.params._meta['io.modelcontextprotocol/protocolVersion'], VERSION);
        await assertStillWorks(adapter);
      },
    );
  });

  it('-32022 twice in a row is not retried forever → unsupported_protocol_version, then recovers', async () => {
    await withDiscover(
      2,
      (ctx) => ctx.rpcError(-32022, 'Unsupported protocol version', { supported: [VERSION] }, 400),
      async (adapter, fake) => {
        const err = await rejectsWith(adapter.listTools(), 'unsupported_protocol_version');
        assert.equal(err.rpcCode, -32022);
        assert.equal(fake.count('server/discover'), 2);
        await assertStillWorks(adapter);
      },
    );
  });

  it('-32022 with only unknown future versions → unsupported_protocol_version', async () => {
    await withDiscover(
      1,
      (ctx) => ctx.rpcError(-32022, 'Unsupported protocol version', { supported: ['2099-01-01'] }, 400),
      async (adapter) => {
        await rejectsWith(adapter.callTool('echo', { text: 'x' }), 'unsupported_protocol_version');
        await assertStillWorks(adapter);
      },
    );
  });

  // Handshake-era evidence on the probe: with protocol "2026-07-28" it is an error (and the
  // same adapter probes again next time); with the default "auto" the adapter falls back to
  // initialize + Mcp-Session-Id.
  const HANDSHAKE_EVIDENCE = [
    {
      label: '-32022 with only ["2025-11-25"]',
      bad: (ctx) => ctx.rpcError(-32022, 'Unsupported protocol version', { supported: ['2025-11-25'], requested: VERSION }, 400),
      check: (err) => {
        assert.equal(err.rpcCode, -32022);
        assert.deepEqual(err.data, { supported: ['2025-11-25'], requested: VERSION });
      },
    },
    {
      label: 'a legacy-style 400 -32000 on discover',
      bad: (ctx) =>
        ctx.json(
          '{"jsonrpc": "2.0", "error": {"code": -32000, "message": "Bad Request: Unsupported protocol version: 2026-07-28 (supported versions: 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05)"}, "id": null}',
          400,
        ),
      check: (err) => assert.equal(err.status, 400),
    },
    {
      label: 'a 404 -32601 on discover (legacy "Method not found")',
      bad: (ctx) => ctx.rpcError(-32601, 'Method not found', undefined, 404),
    },
    {
      label: 'discover answering supportedVersions ["2025-11-25"]',
      bad: (ctx) => ctx.result({ resultType: 'complete', supportedVersions: ['2025-11-25'], capabilities: {} }),
    },
    // a 2xx with no JSON-RPC message in it: what an endpoint that does not know the request
    // (or a proxy in front of it) answers; the adapter must not give up where initialize works
    { label: 'a 200 with an empty application/json body on discover', bad: (ctx) => ctx.json('') },
    { label: 'a 204 on discover', bad: (ctx) => ctx.res.writeHead(204).end() },
    { label: 'a 200 text/plain "OK" on discover', bad: (ctx) => ctx.res.writeHead(200, { 'content-type': 'text/plain' }).end('OK') },
  ];

  for (const { label, bad, check } of HANDSHAKE_EVIDENCE) {
    it(`${label} → handshake_era_server (protocol "2026-07-28"), then the same adapter recovers`, async () => {
      await withDiscover(
        1,
        bad,
        async (adapter, fake) => {
          const err = await rejectsWith(adapter.callTool('echo', { text: 'x' }), 'handshake_era_server');
          check?.(err);
          assert.equal(adapter.protocolVersion, undefined);
          assert.equal(adapter.server, undefined);
          assert.equal(fake.count('initialize'), 0, 'no fallback in 2026-07-28 mode');
          await assertStillWorks(adapter);
          assert.equal(adapter.protocolVersion, VERSION);
        },
        MODERN_ONLY,
      );
    });

    it(`${label} → (protocol "auto") falls back to initialize + Mcp-Session-Id`, async () => {
      await withDiscover(1, bad, async (adapter, fake) => {
        await assertStillWorks(adapter);
        assert.equal(adapter.protocolVersion, '2025-11-25');
        assert.equal(adapter.server.serverInfo.name, 'legacy-fake');
        const methods = fake.requests.map((r) => r.msg?.method);
        assert.deepEqual(methods, ['server/discover', 'initialize', 'notifications/initialized', 'tools/call']);
        const call = fake.requests.at(-1);
        assert.equal(call.headers['mcp-session-id'], 'sess-42');
        assert.equal(call.headers['mcp-protocol-version'], '2025-11-25');
        assert.equal(call.headers.authorization, SECRET);
      });
    });
  }

  it('a 503 HTML page on discover is an outage (http_status), not an era verdict', async () => {
    await withDiscover(
      1,
      (ctx) => {
        ctx.res.writeHead(503, { 'content-type': 'text/html' });
        ctx.res.end('<html><body>down for maintenance</body></html>');
      },
      async (adapter) => {
        const err = await rejectsWith(adapter.listTools(), 'http_status');
        assert.equal(err.status, 503);
        await assertStillWorks(adapter);
      },
    );
  });

  // A server that speaks both eras (as this fake does, and both fixtures) and fails its probe
  // once for a passing reason: the failure is the call's error, never an era verdict that
  // would send initialize and keep the adapter on the handshake era from then on.
  for (const [label, bad, code, status, rpcCode] of [
    ['a bare 429 (rate limited)', (ctx) => ctx.json('', 429, { 'retry-after': '1' }), 'http_status', 429],
    ['a 429 with a JSON-RPC -32000 body', (ctx) => ctx.rpcError(-32000, 'Too many requests', undefined, 429), 'rpc_error', 429, -32000],
    ['a 500 with a JSON-RPC -32603 body', (ctx) => ctx.rpcError(-32603, 'Internal error: db down', undefined, 500), 'rpc_error', 500, -32603],
    ['a 503 with a JSON-RPC -32603 body', (ctx) => ctx.rpcError(-32603, 'Internal error: db down', undefined, 503), 'rpc_error', 503, -32603],
    ['a 200 with a JSON-RPC -32603 error', (ctx) => ctx.rpcError(-32603, 'Internal error: db down'), 'rpc_error', 200, -32603],
  ]) {
    it(`${label} on discover is an outage, not an era verdict: no initialize, and the next call is 2026-07-28`, async () => {
      await withDiscover(1, bad, async (adapter, fake) => {
        const err = await rejectsWith(adapter.listTools(), code);
        assert.equal(err.status, status);
        assert.equal(err.rpcCode, rpcCode);
        assert.equal(fake.count('initialize'), 0, 'no fallback to the handshake era');
        await assertStillWorks(adapter);
        assert.equal(adapter.protocolVersion, VERSION);
        assert.equal(fake.count('initialize'), 0);
      });
    });
  }

  it('and back: a handshake-era server replaced by a 2026-07-28-only one (-32022 naming 2026-07-28) is probed again; calls go on', async () => {
    let replaced = false;
    // before: handshake era only; after: 2026-07-28 only, refusing other revisions as -32022
    const era = (handler) => (ctx) => {
      const asked = ctx.req.headers['mcp-protocol-version'];
      if (replaced && asked !== VERSION) return ctx.rpcError(-32022, 'Unsupported protocol version', { supported: [VERSION], requested: asked ?? null }, 400);
      if (!replaced && ctx.msg?.method === 'server/discover') return ctx.rpcError(-32601, 'Method not found', undefined, 404);
      return handler(ctx);
    };
    const handlers = { ...DEFAULT_HANDLERS, ...LEGACY_HANDLERS };
    const fake = await startFake(Object.fromEntries(Object.entries(handlers).map(([key, handler]) => [key, era(handler)])));
    try {
      const adapter = new MCPAdapter(fake.url, { timeoutMs: 5000 });
      await assertStillWorks(adapter);
      assert.equal(adapter.protocolVersion, '2025-11-25');
      replaced = true;
      const from = fake.requests.length;
      await assertStillWorks(adapter);
      assert.equal(adapter.protocolVersion, VERSION);
      assert.deepEqual(fake.requests.slice(from).map((r) => r.msg?.method), ['tools/call', 'server/discover', 'tools/call']);
      assert.equal(fake.requests.at(-1).headers['mcp-session-id'], undefined);
      assert.equal((await adapter.listTools()).length, 1);
    } finally {
      await fake.close();
    }
  });

  it('a discover result with resultType "banana" → invalid_result_type', async () => {
    await withDiscover(
      1,
      (ctx) => ctx.result({ ...DISCOVER_RESULT, resultType: 'banana' }),
      async (adapter) => {
        await rejectsWith(adapter.listTools(), 'invalid_result_type');
        await assertStillWorks(adapter);
      },
    );
  });

  it('-32022 on a tools/call after discovery is retried once and succeeds', async () => {
    let n = 0;
    const fake = await startFake({
      echo: (ctx) =>
        n++ === 0
          ? ctx.rpcError(-32022, 'Unsupported protocol version', { supported: ['2025-11-25', VERSION] }, 400)
          : DEFAULT_HANDLERS.echo(ctx),
    });
    try {
      const adapter = new MCPAdapter(fake.url);
      await assertStillWorks(adapter);
      const calls = fake.requests.filter((r) => r.msg.method === 'tools/call');
      assert.equal(calls.length, 2);
      assert.notEqual(calls[0].msg.id, calls[1].msg.id);
    } finally {
      await fake.close();
    }
  });
});

describe('server-everything (handshake era only)', () => {
  const server = useServer(startEverything);

  test('auto mode falls back to initialize and the tools work as in the modern era', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(server().url, { fetch: rec.fetch });
    const tools = byName(await adapter.listTools());
    assert.equal(adapter.protocolVersion, '2025-11-25');
    assert.equal(adapter.server.serverInfo.name, 'mcp-servers/everything');
    assert.deepEqual((await tools.echo.invoke({ message: 'hi' })).content, [{ type: 'text', text: 'Echo: hi' }]);
    const image = await tools['get-tiny-image'].invoke();
    const block = image.content.find((b) => b.type === 'image');
    assert.equal(block.mimeType, 'image/png');
    assert.match(block.data, /^iVBORw0KGgo/);
    const structured = await tools['get-structured-content'].invoke({ location: 'New York' });
    assert.deepEqual(structured.artifact, { structured_content: { temperature: 33, conditions: 'Cloudy', humidity: 82 } });
    const bad = await tools['get-sum'].invoke({ a: 'x', b: 1 });
    assert.equal(bad.status, 'error');
    assert.match(bad.content[0].text, /validation/i);
    const progress = [];
    const done = await tools['trigger-long-running-operation'].invoke({ duration: 1, steps: 2 }, { onProgress: (p) => progress.push(p.progress) });
    assert.deepEqual(progress, [1, 2]);
    assert.match(done.content[0].text, /completed/);
    // probe first, with the first list beside it (2026-07-28, dropped on this verdict), then
    // the handshake; no 2026-only headers after the fallback
    assert.deepEqual(rec.requests.slice(0, 2).map((r) => r.body.method), ['server/discover', 'tools/list']);
    assert.equal(rec.requests[1].headers.get('mcp-protocol-version'), '2026-07-28');
    const after = rec.requests.slice(2);
    assert.equal(after[0].body.method, 'initialize');
    // elicitation declared without a handler too: questions become interrupts; task-augmented
    // tool calls (the tasks option, on by default)
    assert.deepEqual(after[0].body.params.capabilities, { elicitation: { form: {}, url: {} }, tasks: {} });
    const sessionId = after[2].headers.get('mcp-session-id');
    assert.ok(sessionId, 'the session id from initialize is sent afterwards');
    assert.equal(after[2].body.method, 'tools/list', 'the list is sent again in the session');
    for (const r of after) {
      assert.equal(r.headers.get('mcp-method'), null);
      assert.equal(r.body?.params?._meta?.['io.modelcontextprotocol/protocolVersion'], undefined);
    }
    await adapter.close();
    const del = rec.requests.at(-1);
    assert.equal(del.method, 'DELETE');
    assert.equal(del.headers.get('mcp-session-id'), sessionId);
  });


  test('pinned 2026-07-28 refuses a handshake-era server with a typed error', async () => {
    const adapter = new MCPAdapter(server().url, { protocol: '2026-07-28' });
    await assert.rejects(adapter.listTools(), (e) => e instanceof MCPAdapterError && e.code === 'handshake_era_server');
    // the adapter stays usable: it keeps refusing the same way, never hangs
    await assert.rejects(adapter.listTools(), { code: 'handshake_era_server' });
  });
});

describe('fixtures that speak both eras', () => {
  const fast = useServer(() => startFastMCP());
  const ts = useServer(startTsServer);

  for (const [label, get] of [['FastMCP', fast], ['TS SDK 2.x', ts]]) {
    test(`${label}: auto picks 2026-07-28, legacy picks 2025-11-25, same tool results`, async () => {
      const modern = new MCPAdapter(get().url);
      const legacy = new MCPAdapter(get().url, { protocol: 'legacy' });
      const [m, l] = await Promise.all([modern.listTools(), legacy.listTools()]);
      assert.equal(modern.protocolVersion, '2026-07-28');
      assert.equal(legacy.protocolVersion, '2025-11-25');
      assert.deepEqual(l.map((t) => t.name).sort(), m.map((t) => t.name).sort());
      for (const [name, args] of [['echo', { text: 'same' }], ['get_weather', { city: 'Oslo' }], ['tiny_image', {}], ['fail', { message: 'x' }]]) {
        assert.deepEqual(await legacy.callTool(name, args), await modern.callTool(name, args), name);
      }
      await legacy.close();
    });
  }
});
