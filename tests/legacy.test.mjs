// Era negotiation against real handshake-era servers: server-everything (SDK 1.x, sessions,
// SSE with priming events), the FastMCP fixture with --legacy-only, and both fixtures with
// the `protocol` option. Everything the core returns is the same whichever era was chosen.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter, MCPAdapterError } from '../pkg/index.node.js';
import { recordingFetch } from './helpers/record.mjs';
import { startEverything, startFastMCP, startTsServer } from './helpers/servers.mjs';

const byName = (tools) => Object.fromEntries(tools.map((t) => [t.name, t]));

describe('server-everything (handshake era only)', () => {
  let server;
  before(async () => {
    server = await startEverything();
  });
  after(() => server?.close());

  test('auto mode falls back to initialize and the tools work as in the modern era', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(server.url, { fetch: rec.fetch });
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
    assert.deepEqual(after[0].body.params.capabilities, {}, 'no elicitation declared without a handler');
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

  test('an elicitation request mid-call is answered by onElicitation', async () => {
    const asked = [];
    const adapter = new MCPAdapter(server.url, {
      onElicitation: async (request) => {
        asked.push(request);
        return { action: 'accept', content: { name: 'Ada', check: true, integer: 3 } };
      },
    });
    const tools = byName(await adapter.listTools());
    const out = await tools['trigger-elicitation-request'].invoke({}, { timeoutMs: 10_000 });
    assert.equal(asked.length, 1);
    assert.ok(asked[0].requestedSchema.properties.name);
    assert.equal(out.status, 'success');
    assert.match(out.content[1].text, /Name: Ada/);
    await adapter.close();
  });

  test('pinned 2026-07-28 refuses a handshake-era server with a typed error', async () => {
    const adapter = new MCPAdapter(server.url, { protocol: '2026-07-28' });
    await assert.rejects(adapter.listTools(), (e) => e instanceof MCPAdapterError && e.code === 'handshake_era_server');
    // the adapter stays usable: it keeps refusing the same way, never hangs
    await assert.rejects(adapter.listTools(), { code: 'handshake_era_server' });
  });
});

describe('FastMCP fixture --legacy-only', () => {
  let server;
  before(async () => {
    server = await startFastMCP({ legacyOnly: true });
  });
  after(() => server?.close());

  test('same results as the modern era for text, image, structured, error and progress tools', async () => {
    const adapter = new MCPAdapter(server.url);
    const tools = byName(await adapter.listTools());
    assert.equal(adapter.protocolVersion, '2025-11-25');
    assert.equal(tools.delete_item.metadata.mcp.tool.annotations.destructiveHint, true);
    assert.ok(!JSON.stringify(tools.plan_trip.schema).includes('$ref'));
    assert.deepEqual(await tools.echo.invoke({ text: 'legacy' }), {
      content: [{ type: 'text', text: 'echo: legacy' }],
      artifact: { structured_content: { result: 'echo: legacy' } },
      status: 'success',
    });
    assert.equal((await tools.tiny_image.invoke()).content[0].mimeType, 'image/png');
    assert.deepEqual((await tools.get_weather.invoke({ city: 'Oslo' })).artifact.structured_content, { city: 'Oslo', temperature_c: 21.5, conditions: 'sunny' });
    assert.equal((await tools.fail.invoke({ message: 'x' })).status, 'error');
    const seen = [];
    await tools.count_slowly.invoke({ steps: 3, delay_ms: 10 }, { onProgress: (p) => seen.push(p.progress) });
    assert.deepEqual(seen, [1, 2, 3]);
    await adapter.close();
  });

  test('confirm_action elicits through onElicitation; without a handler it fails clearly, never hangs', async () => {
    const withHandler = new MCPAdapter(server.url, { onElicitation: () => ({ action: 'accept', content: { value: true } }) });
    const ok = await withHandler.callTool('confirm_action', { action: 'reboot' });
    assert.equal(ok.content[0].text, 'reboot: confirmed');
    const declined = new MCPAdapter(server.url, { onElicitation: async () => ({ action: 'decline' }) });
    assert.equal((await declined.callTool('confirm_action', { action: 'reboot' })).content[0].text, 'reboot: decline');
    const without = new MCPAdapter(server.url, { timeoutMs: 10_000 });
    const refused = await without.callTool('confirm_action', { action: 'reboot' });
    assert.equal(refused.status, 'error');
    assert.match(refused.content[0].text, /elicitation/);
    await Promise.all([withHandler.close(), declined.close(), without.close()]);
  });

  test('an aborted call posts notifications/cancelled in the session', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(server.url, { fetch: rec.fetch });
    await adapter.listTools();
    await assert.rejects(adapter.callTool('sleep', { seconds: 5 }, { signal: AbortSignal.timeout(200) }), { code: 'aborted' });
    const call = rec.requests.find((r) => r.body?.method === 'tools/call');
    const cancel = rec.requests.find((r) => r.body?.method === 'notifications/cancelled');
    assert.ok(cancel, 'cancellation notice sent');
    assert.equal(cancel.body.params.requestId, call.body.id);
    assert.equal(cancel.headers.get('mcp-session-id'), call.headers.get('mcp-session-id'));
    assert.equal((await adapter.callTool('echo', { text: 'after' })).content[0].text, 'echo: after');
    await adapter.close();
  });

  test('a server restarted mid-use (session expired) is recovered transparently', async () => {
    const adapter = new MCPAdapter(server.url);
    assert.equal((await adapter.callTool('echo', { text: 'one' })).content[0].text, 'echo: one');
    const port = server.port;
    await server.close();
    server = await startFastMCP({ legacyOnly: true, port });
    assert.equal((await adapter.callTool('echo', { text: 'two' })).content[0].text, 'echo: two');
    await adapter.close();
  });
});

describe('fixtures that speak both eras', () => {
  let fast;
  let ts;
  before(async () => {
    [fast, ts] = await Promise.all([startFastMCP(), startTsServer()]);
  });
  after(async () => {
    await fast?.close();
    await ts?.close();
  });

  for (const [label, get] of [['FastMCP', () => fast], ['TS SDK 2.x', () => ts]]) {
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
