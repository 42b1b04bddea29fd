// Self-check of the test peers: each fixture starts, answers a raw request
// over fetch, and lists the tools the integration tests rely on.
//   node --test tests/fixtures.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startFastMCP, startTsServer, startEverything } from './helpers/servers.mjs';

const MODERN = '2026-07-28';
const FIXTURE_TOOLS = [
  'echo', 'get_weather', 'tiny_image', 'tiny_audio', 'embedded_resource', 'resource_link', 'fail',
  'delete_item', 'count_slowly', 'plan_trip', 'list_regions', 'sleep', 'log_message', 'confirm_action',
];

/** Reads a JSON-RPC response from a JSON or SSE body; returns the message with `id`. */
async function readRpc(res, id) {
  const body = await res.text();
  if ((res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    for (const block of body.split(/\r?\n\r?\n/)) {
      const data = block
        .split(/\r?\n/)
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).replace(/^ /, ''))
        .join('\n');
      if (!data) continue; // priming event with an empty data line
      const msg = JSON.parse(data);
      if (msg.id === id) return msg;
    }
    throw new Error(`no response with id ${id} in SSE body: ${body.slice(0, 500)}`);
  }
  return JSON.parse(body);
}

async function modernRpc(url, method, params = {}, id = 1) {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': MODERN,
      'Mcp-Method': method,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': MODERN,
          'io.modelcontextprotocol/clientCapabilities': {},
          'io.modelcontextprotocol/clientInfo': { name: 'fixtures-test', version: '0.0.0' },
        },
      },
    }),
  });
  assert.equal(res.status, 200, `${method} -> HTTP ${res.status}`);
  const msg = await readRpc(res, id);
  assert.ok(msg.result, `${method} -> ${JSON.stringify(msg.error)}`);
  return msg.result;
}

async function assertModernTools(url) {
  const result = await modernRpc(url, 'tools/list');
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
        'MCP-Protocol-Version': MODERN,
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
