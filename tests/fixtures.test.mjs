// Self-check of the test peers: each fixture starts, answers a raw request
// over fetch, and lists the tools the integration tests rely on.
//   node --test tests/fixtures.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FIXTURE_TOOLS, VERSION } from './helpers/fixture-data.mjs';
import { rawRequest, readRpc } from './helpers/raw.mjs';
import { startFastMCP, startTsServer, startEverything } from './helpers/servers.mjs';

async function assertModernTools(url) {
  const result = await rawRequest(url, 'tools/list');
  assert.equal(result.resultType, 'complete');
  const names = result.tools.map((t) => t.name);
  for (const name of FIXTURE_TOOLS) assert.ok(names.includes(name), `tool ${name} missing from ${names.join(', ')}`);
  const plan = result.tools.find((t) => t.name === 'plan_trip');
  assert.ok(plan.inputSchema.$defs, 'plan_trip inputSchema has $defs');
  const del = result.tools.find((t) => t.name === 'delete_item');
  assert.equal(del.annotations?.destructiveHint, true);
}

test('FastMCP fixture answers 2026-07-28 tools/list', { timeout: 60_000 }, async () => {
  const srv = await startFastMCP();
  try {
    await assertModernTools(srv.url);
  } finally {
    await srv.close();
  }
});

test('FastMCP fixture --legacy-only refuses 2026-07-28 with -32000', { timeout: 60_000 }, async () => {
  const srv = await startFastMCP({ legacyOnly: true });
  try {
    const res = await fetch(srv.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': VERSION,
        'Mcp-Method': 'server/discover',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: {} }),
    });
    assert.equal(res.status, 400);
    assert.equal((await res.json()).error.code, -32000);
  } finally {
    await srv.close();
  }
});

test('TypeScript SDK v2 fixture answers 2026-07-28 tools/list', async () => {
  const srv = await startTsServer();
  try {
    assert.match(srv.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    await assertModernTools(srv.url);
  } finally {
    await srv.close();
  }
});

test('server-everything answers a legacy initialize and tools/list', { timeout: 60_000 }, async () => {
  const srv = await startEverything();
  try {
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
    const init = await fetch(srv.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: { elicitation: { form: {} } },
          clientInfo: { name: 'fixtures-test', version: '0.0.0' },
        },
      }),
    });
    assert.equal(init.status, 200);
    const session = init.headers.get('mcp-session-id');
    assert.ok(session, 'mcp-session-id header');
    const initMsg = await readRpc(init, 1);
    assert.equal(initMsg.result.protocolVersion, '2025-11-25');

    const sessionHeaders = { ...headers, 'Mcp-Session-Id': session, 'MCP-Protocol-Version': '2025-11-25' };
    const ack = await fetch(srv.url, {
      method: 'POST',
      headers: sessionHeaders,
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    assert.equal(ack.status, 202);
    await ack.arrayBuffer();

    const list = await fetch(srv.url, {
      method: 'POST',
      headers: sessionHeaders,
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }),
    });
    const names = (await readRpc(list, 2)).result.tools.map((t) => t.name);
    for (const name of ['echo', 'get-tiny-image', 'get-structured-content', 'trigger-long-running-operation']) {
      assert.ok(names.includes(name), `tool ${name} missing from ${names.join(', ')}`);
    }
    await fetch(srv.url, { method: 'DELETE', headers: { 'Mcp-Session-Id': session } }).then((r) => r.arrayBuffer());
  } finally {
    await srv.close();
  }
});
