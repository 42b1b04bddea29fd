// Integration tests of the npm package against the real fixture servers: the FastMCP 4.x
// fixture (2026-07-28 path) and the TypeScript SDK v2 fixture. Each server gets its own
// `describe`; the same checks run against both.
//
//   bash scripts/build.sh && node --test tests/tools.test.mjs

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { recordingFetch } from './helpers/record.mjs';
import { startFastMCP, startTsServer } from './helpers/servers.mjs';
import { MCPAdapter, MCPAdapterError } from '../pkg/index.node.js';

const VERSION = '2026-07-28';
const PNG_1X1_B64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
/** The tools both fixtures serve (FastMCP has a few more). */
const TOOL_NAMES = [
  'echo',
  'get_weather',
  'tiny_image',
  'tiny_audio',
  'embedded_resource',
  'resource_link',
  'fail',
  'delete_item',
  'count_slowly',
  'plan_trip',
  'list_regions',
  'sleep',
  'log_message',
  'confirm_action',
];
const VALID_PLAN = {
  plan: {
    traveller: { name: 'Ada', age: 36 },
    legs: [
      { origin: 'Oslo', destination: 'Bergen', date: '2026-09-01', mode: 'train' },
      { origin: 'Bergen', destination: 'Stavanger', date: '2026-09-03', mode: 'bus' },
    ],
  },
};

const SERVERS = [
  { label: 'FastMCP fixture (modern path)', name: 'fastmcp-fixture', start: () => startFastMCP() },
  { label: 'TypeScript SDK v2 fixture', name: 'ts-fixture', start: () => startTsServer() },
];

// --- helpers -----------------------------------------------------------------------------

/** A raw 2026-07-28 request made with fetch, independent of the adapter. Returns `result`. */
async function rawRequest(url, method, params = {}, extraHeaders = {}) {
  const headers = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': VERSION,
    'Mcp-Method': method,
    ...extraHeaders,
  };
  if (method === 'tools/call') headers['Mcp-Name'] = params.name;
  const body = {
    jsonrpc: '2.0',
    id: 1,
    method,
    params: {
      ...params,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': VERSION,
        'io.modelcontextprotocol/clientCapabilities': {},
        'io.modelcontextprotocol/clientInfo': { name: 'raw-test', version: '0' },
      },
    },
  };
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await res.text();
  let message;
  if ((res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    const datas = text
      .split(/\r?\n\r?\n/)
      .map((ev) =>
        ev
          .split(/\r?\n/)
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).trimStart())
          .join('\n'),
      )
      .filter(Boolean)
      .map((d) => JSON.parse(d));
    message = datas.find((m) => m.id === 1);
  } else {
    message = JSON.parse(text);
  }
  assert.ok(message?.result, `raw ${method} failed: ${text.slice(0, 300)}`);
  return message.result;
}

/** Every tool of the server, raw, following nextCursor. */
async function rawTools(url) {
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

/** True when `value` has the key anywhere (objects and arrays, deep). */
function hasKeyDeep(value, key) {
  if (Array.isArray(value)) return value.some((v) => hasKeyDeep(v, key));
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([k, v]) => k === key || hasKeyDeep(v, key));
  }
  return false;
}

/** Asserts `promise` rejects with an MCPAdapterError of `code`; returns the error. */
async function rejectsWith(promise, code) {
  let caught;
  await assert.rejects(promise, (err) => {
    caught = err;
    return true;
  });
  assert.ok(caught instanceof MCPAdapterError, `not an MCPAdapterError: ${caught}`);
  assert.equal(caught.name, 'MCPAdapterError');
  assert.equal(caught.code, code, `expected ${code}, got ${caught.code}: ${caught.message}`);
  return caught;
}


// --- per-server suites -------------------------------------------------------------------

for (const srv of SERVERS) {
  describe(srv.label, { timeout: 30_000 }, () => {
    let server;
    let adapter;
    let tools;
    let byName;
    let raw;
    let rawByName;

    before(async () => {
      server = await srv.start();
      adapter = new MCPAdapter(server.url);
      raw = await rawTools(server.url);
      rawByName = new Map(raw.map((t) => [t.name, t]));
    });
    after(async () => {
      await server?.close();
    });

    describe('listTools', () => {
      it('is undefined before the first call, then lists every tool at 2026-07-28', async () => {
        assert.equal(adapter.protocolVersion, undefined);
        assert.equal(adapter.server, undefined);
        tools = await adapter.listTools();
        byName = new Map(tools.map((t) => [t.name, t]));
        for (const name of TOOL_NAMES) assert.ok(byName.has(name), `${name} listed`);
        assert.equal(adapter.protocolVersion, VERSION);
        assert.equal(adapter.server.serverInfo.name, srv.name);
        assert.ok(adapter.server.supportedVersions.includes(VERSION));
        assert.equal(typeof adapter.server.capabilities.tools, 'object');
        assert.equal(adapter.url, server.url);
      });

      it('keeps name, description, inputSchema and outputSchema verbatim', () => {
        assert.equal(raw.length, tools.length, 'no tool dropped');
        for (const t of tools) {
          const r = rawByName.get(t.name);
          assert.ok(r, `raw tools/list lacks ${t.name}`);
          assert.equal(t.description, r.description ?? '', t.name);
          assert.deepEqual(t.inputSchema, r.inputSchema, `${t.name} inputSchema`);
          assert.deepEqual(t.outputSchema, r.outputSchema ?? null, `${t.name} outputSchema`);
          assert.equal(t.title, r.title ?? r.annotations?.title ?? null, `${t.name} title`);
          assert.equal(typeof t.invoke, 'function');
          assert.equal(typeof t.schema, 'object');
          assert.equal(hasKeyDeep(t.schema, '$ref'), false, `${t.name} schema has $ref`);
          assert.equal(hasKeyDeep(t.schema, '$defs'), false, `${t.name} schema has $defs`);
          assert.equal(t.metadata.mcp.server.name, srv.name);
          assert.equal(t.metadata.mcp.server.version, '0.1.0');
          assert.deepEqual(t.metadata.mcp.tool.annotations, r.annotations ?? null, `${t.name} annotations`);
        }
      });

      it('makes the plan_trip schema LLM-ready ($ref inlined, $defs dropped)', () => {
        const t = byName.get('plan_trip');
        assert.ok(JSON.stringify(t.inputSchema).includes('$ref'), 'the fixture inputSchema should use $ref');
        assert.equal(hasKeyDeep(t.schema, '$ref'), false);
        assert.equal(hasKeyDeep(t.schema, '$defs'), false);
        assert.equal(hasKeyDeep(t.schema, '$schema'), false);
        const plan = t.schema.properties.plan;
        assert.equal(plan.type, 'object');
        assert.equal(plan.properties.traveller.properties.name.type, 'string');
        assert.ok(plan.properties.traveller.properties.age, 'traveller.age kept');
        assert.equal(plan.properties.legs.type, 'array');
        const leg = plan.properties.legs.items;
        assert.equal(leg.properties.origin.type, 'string');
        assert.equal(leg.properties.origin.description, 'City of departure');
        assert.deepEqual(leg.properties.mode.enum, ['train', 'plane', 'bus', 'car']);
        assert.deepEqual([...leg.required].sort(), ['date', 'destination', 'origin']);
        assert.deepEqual(t.schema.required, ['plan']);
      });

      it('gives list_regions an explicit empty properties object', () => {
        const t = byName.get('list_regions');
        assert.equal(t.schema.type, 'object');
        assert.deepEqual(t.schema.properties, {});
      });

      it('exposes get_weather outputSchema and the annotations as metadata', () => {
        const out = byName.get('get_weather').outputSchema;
        assert.equal(out.type, 'object');
        assert.deepEqual(Object.keys(out.properties).sort(), ['city', 'conditions', 'temperature_c']);
        assert.deepEqual(out, rawByName.get('get_weather').outputSchema);
        assert.equal(byName.get('delete_item').metadata.mcp.tool.annotations.destructiveHint, true);
        assert.equal(byName.get('echo').metadata.mcp.tool.annotations.readOnlyHint, true);
        assert.equal(byName.get('list_regions').metadata.mcp.tool.annotations.readOnlyHint, true);
        assert.equal(byName.get('echo').metadata.mcp.server.name, srv.name);
      });
    });

    describe('invoke', () => {
      before(async () => {
        if (!byName) {
          tools = await adapter.listTools();
          byName = new Map(tools.map((t) => [t.name, t]));
        }
      });

      it('echo returns the text block (plus the structuredContent the server sent)', async () => {
        const sent = await rawRequest(server.url, 'tools/call', { name: 'echo', arguments: { text: 'hi' } });
        const expected = { content: [{ type: 'text', text: 'echo: hi' }], status: 'success' };
        if (sent.structuredContent !== undefined) expected.artifact = { structured_content: sent.structuredContent };
        assert.deepEqual(await byName.get('echo').invoke({ text: 'hi' }), expected);
      });

      it('get_weather returns structured content as the artifact', async () => {
        const out = await byName.get('get_weather').invoke({ city: 'Oslo' });
        assert.equal(out.status, 'success');
        assert.deepEqual(out.artifact.structured_content, { city: 'Oslo', temperature_c: 21.5, conditions: 'sunny' });
        assert.equal(out.content[0].type, 'text');
        assert.deepEqual(JSON.parse(out.content[0].text), { city: 'Oslo', temperature_c: 21.5, conditions: 'sunny' });
      });

      it('tiny_image returns an image block with the exact base64', async () => {
        const out = await byName.get('tiny_image').invoke();
        assert.equal(out.status, 'success');
        assert.equal(out.content.length, 1);
        assert.equal(out.content[0].type, 'image');
        assert.equal(out.content[0].data, PNG_1X1_B64);
        assert.equal(out.content[0].mimeType, 'image/png');
      });

      it('tiny_audio returns an audio/wav block', async () => {
        const out = await byName.get('tiny_audio').invoke({});
        assert.equal(out.status, 'success');
        assert.equal(out.content[0].type, 'audio');
        assert.equal(out.content[0].mimeType, 'audio/wav');
        assert.ok(out.content[0].data.startsWith('UklGR'), 'base64 of a RIFF header');
        assert.ok(Buffer.from(out.content[0].data, 'base64').subarray(8, 12).equals(Buffer.from('WAVE')));
      });

      it('embedded_resource returns a text block with metadata.uri and a blob block', async () => {
        const out = await byName.get('embedded_resource').invoke();
        assert.equal(out.status, 'success');
        assert.equal(out.content.length, 2);
        const [text, blob] = out.content;
        assert.equal(text.type, 'text');
        assert.match(text.text, /fixture server\.$/);
        assert.equal(text.metadata.uri, 'fixture://readme');
        // An embedded blob of an image media type becomes an image block (index.d.ts).
        assert.equal(blob.type, 'image');
        assert.equal(blob.data, PNG_1X1_B64);
        assert.equal(blob.mimeType, 'image/png');
        assert.equal(blob.metadata.uri, 'fixture://pixel.png');
      });

      it('resource_link returns a text block whose metadata keeps the link fields', async () => {
        const out = await byName.get('resource_link').invoke();
        assert.equal(out.status, 'success');
        assert.equal(out.content.length, 1);
        const [block] = out.content;
        assert.equal(block.type, 'text');
        assert.ok(block.text.includes('fixture://readme'));
        assert.equal(block.metadata.uri, 'fixture://readme');
        assert.equal(block.metadata.name, 'readme');
        assert.equal(block.metadata.title, 'Fixture README');
        assert.equal(block.metadata.description, 'The static text resource of this fixture.');
        assert.equal(typeof block.metadata.size, 'number');
        assert.ok(block.metadata.size > 0);
      });

      it('fail resolves with status "error" and the server text', async () => {
        const out = await byName.get('fail').invoke({ message: 'x' });
        assert.equal(out.status, 'error');
        assert.deepEqual(out.content, [{ type: 'text', text: 'requested failure: x' }]);
      });

      it('delete_item, plan_trip and list_regions succeed', async () => {
        const del = await byName.get('delete_item').invoke({ item_id: '42' });
        assert.equal(del.status, 'success');
        assert.equal(del.content[0].text, 'deleted 42');
        const plan = await byName.get('plan_trip').invoke(VALID_PLAN);
        assert.equal(plan.status, 'success');
        assert.equal(plan.content[0].text, 'Ada: Oslo -> Bergen -> Stavanger (2 legs by train, bus)');
        const regions = await byName.get('list_regions').invoke();
        assert.equal(regions.status, 'success');
        assert.ok(regions.content[0].text.includes('eu-north'));
      });

      it('callTool by name matches invoke', async () => {
        const out = await adapter.callTool('delete_item', { item_id: '7' });
        assert.equal(out.content[0].text, 'deleted 7');
      });

      it('10 concurrent echo invokes each get their own text', async () => {
        const echo = byName.get('echo');
        const outs = await Promise.all(Array.from({ length: 10 }, (_, i) => echo.invoke({ text: `n${i}` })));
        outs.forEach((out, i) => {
          assert.equal(out.status, 'success');
          assert.equal(out.content[0].text, `echo: n${i}`);
        });
      });
    });

    describe('concurrency on a fresh adapter', () => {
      it('10 concurrent first calls all succeed', async () => {
        const a = new MCPAdapter(server.url);
        const outs = await Promise.all(Array.from({ length: 10 }, (_, i) => a.callTool('echo', { text: `f${i}` })));
        outs.forEach((out, i) => assert.equal(out.content[0].text, `echo: f${i}`));
        assert.equal(a.protocolVersion, VERSION);
      });

      it(
        '10 concurrent first calls run server/discover once',
        
        async () => {
          const rec = recordingFetch();
          const a = new MCPAdapter(server.url, { fetch: rec.fetch });
          await Promise.all(Array.from({ length: 10 }, (_, i) => a.callTool('echo', { text: `d${i}` })));
          assert.equal(rec.requests.filter((r) => r.body.method === 'server/discover').length, 1);
        },
      );
    });

    describe('progress and logging', () => {
      it('per-call onProgress receives 3 increasing progress objects', async () => {
        const seen = [];
        const out = await adapter.callTool('count_slowly', { steps: 3, delay_ms: 20 }, { onProgress: (p) => seen.push(p) });
        assert.equal(out.content[0].text, 'counted to 3');
        assert.equal(seen.length, 3);
        for (let i = 0; i < 3; i++) {
          assert.equal(seen[i].total, 3);
          if (i > 0) assert.ok(seen[i].progress > seen[i - 1].progress);
          assert.equal(seen[i].progressToken, seen[0].progressToken);
        }
        assert.equal(seen[2].progress, 3);
      });

      it('the adapter-level onProgress option also receives progress', async () => {
        const seen = [];
        const a = new MCPAdapter(server.url, { onProgress: (p) => seen.push(p) });
        const out = await a.callTool('count_slowly', { steps: 3, delay_ms: 20 });
        assert.equal(out.content[0].text, 'counted to 3');
        assert.equal(seen.length, 3);
        assert.deepEqual(
          seen.map((p) => [p.progress, p.total]),
          [
            [1, 3],
            [2, 3],
            [3, 3],
          ],
        );
      });

      it('without onProgress no token is sent, and the server answers JSON', async () => {
        const rec = recordingFetch();
        const a = new MCPAdapter(server.url, { fetch: rec.fetch });
        const out = await a.callTool('count_slowly', { steps: 3, delay_ms: 20 });
        assert.equal(out.content[0].text, 'counted to 3');
        const call = rec.requests.find((r) => r.body.method === 'tools/call');
        assert.equal(call.body.params._meta.progressToken, undefined);
        assert.match(call.contentType, /^application\/json/);
      });

      it('onLoggingMessage with logLevel "debug" receives the tool\'s log message', async () => {
        const logs = [];
        const a = new MCPAdapter(server.url, { logLevel: 'debug', onLoggingMessage: (m) => logs.push(m) });
        const out = await a.callTool('log_message', { level: 'debug', text: 'dbg-xyz' });
        assert.equal(out.content[0].text, 'logged debug: dbg-xyz');
        const mine = logs.find((m) => JSON.stringify(m.data).includes('dbg-xyz'));
        assert.ok(mine, `no log message carried the text: ${JSON.stringify(logs)}`);
        assert.equal(mine.level, 'debug');
        assert.equal(mine.logger, 'fixture');
      });
    });

    describe('timeouts and aborts', () => {
      it('timeoutMs rejects with "timeout" within ~1 s and the adapter still works', async () => {
        const t0 = Date.now();
        await rejectsWith(adapter.callTool('sleep', { seconds: 5 }, { timeoutMs: 300 }), 'timeout');
        const elapsed = Date.now() - t0;
        assert.ok(elapsed >= 250 && elapsed < 1000, `took ${elapsed} ms`);
        const out = await adapter.callTool('echo', { text: 'after timeout' });
        assert.equal(out.content[0].text, 'echo: after timeout');
      });

      it('the adapter-level timeoutMs applies too', async () => {
        const a = new MCPAdapter(server.url, { timeoutMs: 300 });
        await a.listTools();
        await rejectsWith(a.callTool('sleep', { seconds: 5 }), 'timeout');
        assert.equal((await a.callTool('sleep', { seconds: 0 }, { timeoutMs: 5000 })).status, 'success');
      });

      it('an AbortController aborted after 100 ms rejects with "aborted"', async () => {
        const ac = new AbortController();
        const timer = setTimeout(() => ac.abort(), 100);
        const t0 = Date.now();
        await rejectsWith(adapter.callTool('sleep', { seconds: 5 }, { signal: ac.signal }), 'aborted');
        clearTimeout(timer);
        assert.ok(Date.now() - t0 < 1000);
        assert.equal((await adapter.callTool('echo', { text: 'after abort' })).content[0].text, 'echo: after abort');
      });

      it('an already-aborted signal rejects with "aborted"', async () => {
        await rejectsWith(adapter.callTool('sleep', { seconds: 5 }, { signal: AbortSignal.abort() }), 'aborted');
        await rejectsWith(adapter.listTools({ signal: AbortSignal.abort() }), 'aborted');
        assert.equal((await adapter.callTool('echo', { text: 'ok' })).status, 'success');
      });
    });

    describe('input required', () => {
      it('confirm_action returns an elicitation interrupt that a second adapter resumes', async () => {
        const interrupt = await adapter.callTool('confirm_action', { action: 'wipe disk' });
        assert.equal(interrupt.type, 'mcp_elicitation');
        assert.equal(interrupt.tool_name, 'confirm_action');
        assert.equal(interrupt.server.url, server.url);
        assert.equal(interrupt.requests.length, 1);
        const [request] = interrupt.requests;
        assert.equal(request.mode, 'form');
        assert.equal(request.message, 'Really wipe disk?');
        assert.equal(typeof interrupt.request_state, 'string');
        const field = Object.keys(request.requested_schema.properties)[0];
        const other = new MCPAdapter(server.url);
        const done = await other.resume(JSON.parse(JSON.stringify(interrupt)), { responses: { [request.key]: { action: 'accept', content: { [field]: true } } } });
        assert.equal(done.status, 'success');
        assert.match(done.content[0].text, /^wipe disk: confirmed/);
        assert.equal((await adapter.callTool('echo', { text: 'still here' })).status, 'success');
      });
    });

    describe('request shape (custom fetch, headers option)', () => {
      it('every POST carries the 2026-07-28 headers and _meta envelope', async () => {
        const rec = recordingFetch();
        const a = new MCPAdapter(server.url, { fetch: rec.fetch, clientInfo: { name: 'tools-test', version: '9.9.9' } });
        await a.listTools();
        await a.callTool('echo', { text: 'hdr' });
        await a.callTool('count_slowly', { steps: 1, delay_ms: 0 }, { onProgress: () => {} });
        const methods = rec.requests.map((r) => r.body.method);
        assert.deepEqual(methods, ['server/discover', 'tools/list', 'tools/call', 'tools/call']);
        const ids = new Set();
        for (const r of rec.requests) {
          assert.equal(r.method, 'POST');
          assert.equal(r.url, server.url);
          assert.equal(r.redirect, 'manual');
          assert.equal(r.headers.get('mcp-method'), r.body.method);
          assert.equal(r.headers.get('mcp-protocol-version'), VERSION);
          assert.match(r.headers.get('content-type'), /^application\/json/);
          const accept = r.headers.get('accept');
          assert.ok(accept.includes('application/json') && accept.includes('text/event-stream'), accept);
          if (r.body.method === 'tools/call') {
            assert.equal(r.headers.get('mcp-name'), r.body.params.name);
          } else {
            assert.equal(r.headers.get('mcp-name'), null);
          }
          assert.equal(r.body.jsonrpc, '2.0');
          assert.ok(!ids.has(r.body.id), 'ids are unique');
          ids.add(r.body.id);
          const meta = r.body.params._meta;
          assert.equal(meta['io.modelcontextprotocol/protocolVersion'], VERSION);
          assert.equal(typeof meta['io.modelcontextprotocol/clientCapabilities'], 'object');
          assert.deepEqual(meta['io.modelcontextprotocol/clientInfo'], { name: 'tools-test', version: '9.9.9' });
        }
        const [, , echoCall, countCall] = rec.requests;
        assert.deepEqual(echoCall.body.params.arguments, { text: 'hdr' });
        assert.equal(echoCall.body.params._meta.progressToken, undefined);
        assert.ok(countCall.body.params._meta.progressToken !== undefined, 'onProgress sends a progressToken');
      });

      it('the default clientInfo names the adapter', async () => {
        const rec = recordingFetch();
        const a = new MCPAdapter(server.url, { fetch: rec.fetch });
        await a.callTool('echo', { text: 'x' });
        const info = rec.requests[0].body.params._meta['io.modelcontextprotocol/clientInfo'];
        assert.equal(info.name, 'mcp-wasm-adapter');
        assert.equal(typeof info.version, 'string');
      });

      it('the headers option (object) is sent and cannot override MCP headers', async () => {
        const rec = recordingFetch();
        const a = new MCPAdapter(server.url, {
          fetch: rec.fetch,
          headers: {
            'X-Custom': 'custom-value',
            Authorization: 'Bearer object-token',
            'Mcp-Method': 'evil/method',
            'MCP-Protocol-Version': '1999-01-01',
            'Mcp-Name': 'evil',
          },
        });
        const out = await a.callTool('echo', { text: 'obj' });
        assert.equal(out.content[0].text, 'echo: obj');
        assert.ok(rec.requests.length >= 2);
        for (const r of rec.requests) {
          assert.equal(r.headers.get('x-custom'), 'custom-value');
          assert.equal(r.headers.get('authorization'), 'Bearer object-token');
          assert.equal(r.headers.get('mcp-method'), r.body.method);
          assert.equal(r.headers.get('mcp-protocol-version'), VERSION);
        }
        // where the adapter sets Mcp-Name, it wins over the host's
        assert.equal(rec.requests.find((r) => r.body.method === 'tools/call').headers.get('mcp-name'), 'echo');
      });

      it(
        'host Mcp-* headers are not forwarded on requests where the adapter sets none',
        
        async () => {
          const rec = recordingFetch();
          const a = new MCPAdapter(server.url, { fetch: rec.fetch, headers: { 'Mcp-Name': 'evil', 'Mcp-Session-Id': 'sess-1' } });
          await a.listTools();
          for (const r of rec.requests) {
            assert.equal(r.headers.get('mcp-name'), null, `${r.body.method} carried Mcp-Name`);
            assert.equal(r.headers.get('mcp-session-id'), null, `${r.body.method} carried Mcp-Session-Id`);
          }
        },
      );

      it('the headers option (Headers instance) is sent', async () => {
        const rec = recordingFetch();
        const a = new MCPAdapter(server.url, { fetch: rec.fetch, headers: new Headers({ 'X-From-Headers': 'yes' }) });
        await a.callTool('echo', { text: 'h' });
        for (const r of rec.requests) assert.equal(r.headers.get('x-from-headers'), 'yes');
      });

      it('the headers option (async function) is called per request with {url, method}', async () => {
        const rec = recordingFetch();
        const calls = [];
        let n = 0;
        const a = new MCPAdapter(server.url, {
          fetch: rec.fetch,
          headers: async (ctx) => {
            calls.push({ ...ctx });
            await new Promise((r) => setTimeout(r, 5));
            return { 'X-Dynamic': `token-${++n}`, 'Mcp-Method': 'evil/method' };
          },
        });
        const out = await a.callTool('echo', { text: 'fn' });
        assert.equal(out.content[0].text, 'echo: fn');
        assert.equal(rec.requests.length, 2);
        assert.deepEqual(
          rec.requests.map((r) => r.headers.get('x-dynamic')),
          ['token-1', 'token-2'],
        );
        for (const r of rec.requests) assert.equal(r.headers.get('mcp-method'), r.body.method);
        assert.deepEqual(calls, [
          { url: server.url, method: 'server/discover' },
          { url: server.url, method: 'tools/call' },
        ]);
      });
    });

    describe('CommonJS build', () => {
      it('require("../pkg/index.cjs") exposes MCPAdapter, which lists tools', async () => {
        const require = createRequire(import.meta.url);
        const cjs = require('../pkg/index.cjs');
        assert.equal(typeof cjs.MCPAdapter, 'function');
        assert.equal(typeof cjs.MCPAdapterError, 'function');
        const a = new cjs.MCPAdapter(server.url);
        const list = await a.listTools();
        assert.ok(list.length >= TOOL_NAMES.length);
        assert.equal(a.protocolVersion, VERSION);
        const out = await list.find((t) => t.name === 'echo').invoke({ text: 'cjs' });
        assert.equal(out.content[0].text, 'echo: cjs');
        // The brand check works across the two module instances.
        assert.throws(() => new cjs.MCPAdapter('/mcp'), (e) => e instanceof MCPAdapterError && e.code === 'invalid_url');
      });
    });
  });
}

// --- concurrency of the first calls against a handshake-era server -----------------------

describe('FastMCP fixture, legacy only (handshake era through protocol "auto")', { timeout: 30_000 }, () => {
  let server;
  before(async () => {
    server = await startFastMCP({ legacyOnly: true });
  });
  after(async () => {
    await server?.close();
  });

  it('5 concurrent first calls all succeed at 2025-11-25', async () => {
    const a = new MCPAdapter(server.url);
    const outs = await Promise.all(Array.from({ length: 5 }, (_, i) => a.callTool('echo', { text: `l${i}` })));
    outs.forEach((out, i) => assert.equal(out.content[0].text, `echo: l${i}`));
    assert.equal(a.protocolVersion, '2025-11-25');
    await a.close();
  });

  it(
    '5 concurrent first calls open one session (one initialize), which close() ends',
    
    async () => {
      const rec = recordingFetch();
      const a = new MCPAdapter(server.url, { fetch: rec.fetch });
      await Promise.all(Array.from({ length: 5 }, (_, i) => a.callTool('echo', { text: `s${i}` })));
      await a.close();
      const inits = rec.requests.filter((r) => r.body?.method === 'initialize');
      assert.equal(inits.length, 1, `${inits.length} initialize requests`);
      const sessions = new Set(rec.requests.map((r) => r.headers.get('mcp-session-id')).filter(Boolean));
      assert.equal(sessions.size, 1, `${sessions.size} sessions used`);
    },
  );
});

// --- constructor validation (no server needed) --------------------------------------------

describe('constructor', () => {
  const isCode = (code) => (err) => {
    assert.ok(err instanceof MCPAdapterError, `not an MCPAdapterError: ${err}`);
    assert.equal(err.name, 'MCPAdapterError');
    assert.equal(err.code, code, err.message);
    return true;
  };

  for (const bad of ['', '/mcp', 'file:///etc/passwd', 'ws://127.0.0.1/mcp', 42, 'mcp.example.com/mcp', 'http://u:p@127.0.0.1/mcp', null, undefined, {}]) {
    it(`refuses ${JSON.stringify(bad) ?? String(bad)} synchronously with invalid_url`, () => {
      const rec = recordingFetch();
      assert.throws(() => new MCPAdapter(bad, { fetch: rec.fetch }), isCode('invalid_url'));
      assert.equal(rec.requests.length, 0);
    });
  }

  it('accepts http, https and a URL object', () => {
    assert.equal(new MCPAdapter('http://127.0.0.1:1/mcp').url, 'http://127.0.0.1:1/mcp');
    assert.ok(new MCPAdapter('https://example.com/mcp'));
    const a = new MCPAdapter(new URL('http://127.0.0.1:1/mcp'));
    assert.equal(a.url, 'http://127.0.0.1:1/mcp');
    assert.equal(a.protocolVersion, undefined);
  });

  const badOptions = [
    { timeoutMs: -1 },
    { timeoutMs: 'soon' },
    { onProgress: 5 },
    { onLoggingMessage: 'log' },
    { fetch: 'fetch' },
    { headers: 5 },
    { logLevel: 'loud' },
    { maxResponseBytes: -5 },
    { maxPages: Number.NaN },
    { clientInfo: { name: 'x' } },
  ];
  for (const options of badOptions) {
    it(`refuses options ${JSON.stringify(options)} with invalid_argument`, () => {
      assert.throws(() => new MCPAdapter('http://127.0.0.1:1/mcp', options), isCode('invalid_argument'));
    });
  }

  it('refuses bad per-call options with invalid_argument before sending', async () => {
    const rec = recordingFetch();
    const a = new MCPAdapter('http://127.0.0.1:1/mcp', { fetch: rec.fetch });
    await rejectsWith(a.callTool('echo', {}, { timeoutMs: -1 }), 'invalid_argument');
    await rejectsWith(a.callTool('echo', {}, { signal: 'no' }), 'invalid_argument');
    await rejectsWith(a.callTool('echo', {}, { onProgress: 1 }), 'invalid_argument');
    await rejectsWith(a.callTool(42, {}), 'invalid_argument');
    const cyclic = {};
    cyclic.self = cyclic;
    for (const args of [[1], 'x', 5, { n: 1n }, cyclic]) {
      await rejectsWith(a.callTool('echo', args), 'invalid_argument');
    }
    assert.equal(rec.requests.length, 0);
  });

  it('a refused connection is a "network" error', async () => {
    const a = new MCPAdapter('http://127.0.0.1:1/mcp');
    await rejectsWith(a.listTools(), 'network');
  });
});
