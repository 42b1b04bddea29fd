// Raw 2026-07-28 requests made with fetch, independent of the adapter: what a server really
// sends, to compare the adapter's output with (and to check the fixtures themselves).
import assert from 'node:assert/strict';
import { VERSION } from './fixture-data.mjs';

/** Reads a JSON-RPC response from a JSON or SSE body; returns the message with `id`. */
export async function readRpc(res, id) {
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

/**
 * One 2026-07-28 request (`Mcp-Method`, `Mcp-Name` for tools/call, the `_meta` envelope) made
 * with fetch; asserts HTTP 200 and a `result`, and returns that result.
 */
export async function rawRequest(url, method, params = {}, { id = 1, headers = {} } = {}) {
  const sent = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': VERSION,
    'Mcp-Method': method,
    ...headers,
  };
  if (method === 'tools/call') sent['Mcp-Name'] = params.name;
  const res = await fetch(url, {
    method: 'POST',
    headers: sent,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': VERSION,
          'io.modelcontextprotocol/clientCapabilities': {},
          'io.modelcontextprotocol/clientInfo': { name: 'raw-test', version: '0.0.0' },
        },
      },
    }),
  });
  assert.equal(res.status, 200, `${method} -> HTTP ${res.status}`);
  const msg = await readRpc(res, id);
  assert.ok(msg?.result, `raw ${method} failed: ${JSON.stringify(msg?.error ?? msg).slice(0, 300)}`);
  return msg.result;
}

/** Every tool of the server, raw, following nextCursor. */
export async function rawTools(url) {
  const tools = [];
  let cursor;
  for (let i = 0; i < 20; i++) {
    const result = await rawRequest(url, 'tools/list', cursor === undefined ? {} : { cursor });
    tools.push(...result.tools);
    if (result.nextCursor == null) return tools;
    cursor = result.nextCursor;
  }
  throw new Error('raw tools/list did not end');
}
