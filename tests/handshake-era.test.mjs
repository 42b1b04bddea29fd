// The handshake era (MCP 2025-11-25 and 2025-06-18) against real servers of that era:
// server-everything (SDK 1.x, sessions, SSE with priming events) and the FastMCP fixture with
// --legacy-only. The results are the same as in the 2026-07-28 era; elicitation goes through
// onElicitation (without one it becomes an interrupt: tests/handshake-elicitation.test.mjs);
// an aborted call posts notifications/cancelled in
// the session; an expired session is recovered, also from a TypeScript SDK 1.x server of one
// session that restarted. (Choosing the era: tests/negotiation.test.mjs.)
//
//   bash scripts/build.sh && node --test tests/handshake-era.test.mjs

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { recordingFetch } from './helpers/record.mjs';
import { startEverything, startFastMCP, startTsV1Server, useServer } from './helpers/servers.mjs';
import { byName } from './helpers/tools.mjs';

describe('server-everything (handshake era only)', () => {
  const server = useServer(startEverything);

  test('an elicitation request mid-call is answered by onElicitation', async () => {
    const asked = [];
    const adapter = new MCPAdapter(server().url, {
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

});

describe('a TypeScript SDK 1.x server of one session (stateful)', () => {
  test('restarted, it answers the old session "Server not initialized": the next call opens a new session and succeeds, and so do the ones after', async () => {
    let server = await startTsV1Server({ stateful: true });
    try {
      const rec = recordingFetch();
      const adapter = new MCPAdapter(server.url, { fetch: rec.fetch });
      assert.equal((await adapter.callTool('note', { text: 'one' })).content[0].text, 'note: one');
      const port = server.port;
      await server.close();
      server = await startTsV1Server({ stateful: true, port });
      const since = rec.requests.length;
      assert.equal((await adapter.callTool('note', { text: 'two' })).content[0].text, 'note: two');
      assert.equal((await adapter.callTool('note', { text: 'three' })).content[0].text, 'note: three');
      assert.equal(rec.requests.slice(since).filter((r) => r.body?.method === 'initialize').length, 1, 'one new session');
      await adapter.close();
    } finally {
      await server.close();
    }
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
      type: 'tool_result',
      content: [{ type: 'text', text: 'echo: legacy' }],
      // FastMCP marks a wrapped result in its _meta, which the artifact keeps
      artifact: { structured_content: { result: 'echo: legacy' }, _meta: { fastmcp: { wrap_result: true } } },
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

  test('confirm_action elicits through onElicitation; without a handler it becomes an interrupt', async () => {
    const withHandler = new MCPAdapter(server.url, { onElicitation: () => ({ action: 'accept', content: { value: true } }) });
    const ok = await withHandler.callTool('confirm_action', { action: 'reboot' });
    assert.equal(ok.content[0].text, 'reboot: confirmed');
    const declined = new MCPAdapter(server.url, { onElicitation: async () => ({ action: 'decline' }) });
    assert.equal((await declined.callTool('confirm_action', { action: 'reboot' })).content[0].text, 'reboot: decline');
    const without = new MCPAdapter(server.url, { timeoutMs: 10_000 });
    const paused = await without.callTool('confirm_action', { action: 'reboot' });
    assert.equal(paused.type, 'mcp_elicitation'); // tests/handshake-elicitation.test.mjs
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

  test('calls while the server is down fail (a list rejects, never lists nothing); once it is back, the next call opens a new session', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(server.url, { fetch: rec.fetch, timeoutMs: 5_000 });
    assert.equal((await adapter.callTool('echo', { text: 'one' })).content[0].text, 'echo: one');
    const port = server.port;
    await server.close();
    await assert.rejects(adapter.listTools(), (e) => e.code === 'network');
    await assert.rejects(adapter.callTool('echo', { text: 'lost' }), (e) => e.code === 'network');
    server = await startFastMCP({ legacyOnly: true, port });
    const since = rec.requests.length;
    assert.ok((await adapter.listTools()).some((t) => t.name === 'echo'));
    assert.equal((await adapter.callTool('echo', { text: 'three' })).content[0].text, 'echo: three');
    const after = rec.requests.slice(since);
    assert.equal(after.filter((r) => r.body?.method === 'initialize').length, 1, 'one new session');
    await adapter.close();
  });

  test('concurrent calls that find the session expired open one new session between them', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(server.url, { fetch: rec.fetch });
    assert.equal((await adapter.callTool('echo', { text: 'one' })).content[0].text, 'echo: one');
    const port = server.port;
    await server.close();
    server = await startFastMCP({ legacyOnly: true, port });
    const since = rec.requests.length;
    const texts = await Promise.all(['a', 'b', 'c'].map(async (text) => (await adapter.callTool('echo', { text })).content[0].text));
    assert.deepEqual(texts, ['echo: a', 'echo: b', 'echo: c']);
    const after = rec.requests.slice(since);
    assert.equal(after.filter((r) => r.body?.method === 'initialize').length, 1, 'one initialize for the three calls');
    const sessions = new Set(after.filter((r) => r.body?.method === 'tools/call').map((r) => r.headers.get('mcp-session-id')));
    assert.equal(sessions.size, 2, 'the expired session, then one new session for every retry');
    await adapter.close();
  });
});
