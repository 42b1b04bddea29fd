// Hostile and malformed responses that no real MCP server sends, from a scripted fake
// 2026-07-28 server (node:http on 127.0.0.1, port 0). Each case is a tool name mapped to a
// handler; after every bad case the same adapter must still answer a good `echo` call, and
// every failure must be an MCPAdapterError with a string code whose message never carries
// the Authorization secret.
//
//   bash scripts/build.sh && node --test tests/bad-input.test.mjs

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { MCPAdapter, MCPAdapterError } from '../pkg/index.node.js';

const VERSION = '2026-07-28';
const SECRET = 'Bearer sk-TOPSECRET-7f3a9c-do-not-leak';
const MAX_BYTES = 4096;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// --- the fake server ---------------------------------------------------------------------

const DISCOVER_RESULT = { resultType: 'complete', supportedVersions: [VERSION], capabilities: { tools: {} } };

/** Handlers used when a fake's table has no entry for the key. */
const DEFAULT_HANDLERS = {
  'server/discover': (ctx) => ctx.result(DISCOVER_RESULT),
  'tools/list': (ctx) =>
    ctx.result({
      resultType: 'complete',
      tools: [{ name: 'echo', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }],
    }),
  echo: (ctx) => ctx.result({ resultType: 'complete', content: [{ type: 'text', text: `echo: ${ctx.args.text}` }] }),
};

/**
 * Starts a fake MCP server. `handlers` maps a JSON-RPC method (or, for `tools/call`, the
 * tool name) to `async (ctx) => void`; unknown keys fall back to DEFAULT_HANDLERS, then to a
 * JSON-RPC -32601. Returns `{ url, port, requests, handlers, close() }`; `requests` records
 * `{ path, headers, msg, closedEarly }` for every POST.
 */
async function startFake(handlers = {}, { host = '127.0.0.1' } = {}) {
  const requests = [];
  const fake = { requests, handlers: { ...handlers } };
  const server = http.createServer(async (req, res) => {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    let msg;
    try {
      msg = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      msg = undefined;
    }
    const path = (req.url ?? '/').split('?')[0];
    const entry = { path, headers: req.headers, msg, closedEarly: false };
    requests.push(entry);
    res.on('close', () => {
      if (!res.writableFinished) entry.closedEarly = true;
    });
    const key = msg?.method === 'tools/call' ? msg.params?.name : msg?.method;
    const handler =
      fake.handlers[key] ??
      DEFAULT_HANDLERS[key] ??
      ((ctx) => ctx.json({ jsonrpc: '2.0', id: ctx.id, error: { code: -32601, message: `no handler for ${key}` } }));
    try {
      await handler(makeCtx(req, res, msg, path, entry));
    } catch {
      res.destroy();
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const { port } = server.address();
  fake.port = port;
  fake.url = `http://${host === 'localhost' ? 'localhost' : '127.0.0.1'}:${port}/mcp`;
  fake.close = async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(() => r()));
  };
  fake.count = (method) => requests.filter((r) => r.msg?.method === method).length;
  return fake;
}

/** What a handler works with. */
function makeCtx(req, res, msg, path, entry) {
  const closed = new Promise((r) => res.once('close', r));
  const ctx = {
    req,
    res,
    msg,
    path,
    entry,
    closed,
    id: msg?.id,
    args: msg?.params?.arguments ?? {},
    /** Whole JSON body. `body` may be a string (sent verbatim). */
    json(body, status = 200, headers = {}) {
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(text);
    },
    result(result, status = 200) {
      ctx.json({ jsonrpc: '2.0', id: ctx.id, result }, status);
    },
    rpcError(code, message, data, status = 200, id = ctx.id) {
      const error = data === undefined ? { code, message } : { code, message, data };
      ctx.json({ jsonrpc: '2.0', id, error }, status);
    },
    /** Starts an SSE response; returns a writer. */
    sse(status = 200) {
      res.writeHead(status, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.flushHeaders();
      return {
        write: (chunk) => !res.destroyed && res.write(chunk),
        event: (obj) => !res.destroyed && res.write(`event: message\ndata: ${JSON.stringify(obj)}\n\n`),
        end: () => res.end(),
      };
    },
    /** Never answers; resolves when the client goes away. */
    hang: () => closed,
  };
  return ctx;
}

const progress = (n, total) => ({
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progressToken: 'p', progress: n, total, message: `step ${n}` },
});

// --- assertions --------------------------------------------------------------------------

/** Asserts that `err` is a well-formed MCPAdapterError that leaks no secret. */
function assertAdapterError(err) {
  assert.ok(err instanceof MCPAdapterError, `not an MCPAdapterError: ${err?.stack ?? err}`);
  assert.ok(err instanceof Error);
  assert.equal(err.name, 'MCPAdapterError');
  assert.equal(typeof err.code, 'string');
  assert.ok(err.code.length > 0);
  assert.equal(typeof err.message, 'string');
  const token = SECRET.split(' ')[1];
  for (const text of [err.message, String(err), String(err.stack), JSON.stringify(err.data ?? null)]) {
    assert.ok(!text.includes(token), `error text leaks the secret: ${text}`);
  }
}

/** Awaits a rejection; asserts its shape (and `code`, when given); returns the error. */
async function rejectsWith(promise, code) {
  let caught;
  await assert.rejects(promise, (err) => {
    caught = err;
    return true;
  });
  assertAdapterError(caught);
  if (code !== undefined) assert.equal(caught.code, code, `expected ${code}, got ${caught.code}: ${caught.message}`);
  return caught;
}

let echoCounter = 0;
/** The adapter still works: a good echo call answers with its own text. */
async function assertStillWorks(adapter) {
  const text = `still alive ${++echoCounter}`;
  const out = await adapter.callTool('echo', { text });
  assert.deepEqual(out, { content: [{ type: 'text', text: `echo: ${text}` }], status: 'success' });
}

/** A split-friendly SSE body: CRLF line ends, comments, a priming event, multi-line data. */
function awkwardSse(id, text, eol = '\r\n') {
  const result = { resultType: 'complete', content: [{ type: 'text', text }] };
  return [
    `: a comment line${eol}`,
    `retry: 1000${eol}`,
    `id: 0${eol}data:${eol}${eol}`, // an empty priming event
    `event: message${eol}data: ${JSON.stringify(progress(1, 2))}${eol}${eol}`,
    `data: {"jsonrpc":"2.0","id":999999,"result":{"resultType":"complete","content":[]}}${eol}${eol}`, // someone else's
    `:${eol}`,
    `event: message${eol}id: 1${eol}data: {"jsonrpc":"2.0",${eol}data: "id":${id},${eol}data:"result":${JSON.stringify(result)}}${eol}${eol}`,
  ].join('');
}

/** Writes `text` one byte per write, with a tiny delay between writes. */
async function writeByteByByte(ctx, text) {
  const sse = ctx.sse();
  const bytes = Buffer.from(text, 'utf8');
  for (let i = 0; i < bytes.length; i++) {
    if (ctx.res.destroyed) return;
    sse.write(bytes.subarray(i, i + 1));
    if (i % 3 === 0) await sleep(1);
  }
  sse.end();
}

const TRICKY_TEXT = 'split ok: héllo wörld — 日本語 🌍 ✓';

// --- the case table ----------------------------------------------------------------------

const CASES = {
  malformed_json: (ctx) => ctx.json('{"jsonrpc":"2.0","id":' + ctx.id + ',"result":{"content":[{"type":"te'),
  truncated_sse: (ctx) => {
    const sse = ctx.sse();
    sse.write(`event: message\ndata: {"jsonrpc":"2.0","id":${ctx.id},"result":{"resultType":"compl`);
    sse.end();
  },
  html_500: (ctx) => {
    ctx.res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' });
    ctx.res.end('<!doctype html><html><head><title>500</title></head><body><h1>Internal Server Error</h1>\n<p>oops</p></body></html>');
  },
  echo_auth_500: (ctx) => {
    ctx.res.writeHead(500, { 'content-type': 'text/html' });
    ctx.res.end(`<html><body>debug: authorization=${ctx.req.headers.authorization}</body></html>`);
  },
  echo_auth_rpc: (ctx) => ctx.rpcError(-32603, `refused ${ctx.req.headers.authorization}`, { seen: { authorization: ctx.req.headers.authorization } }),
  text_plain: (ctx) => {
    ctx.res.writeHead(200, { 'content-type': 'text/plain' });
    ctx.res.end('hello, I am not JSON');
  },
  huge_json: (ctx) =>
    ctx.result({ resultType: 'complete', content: [{ type: 'text', text: 'x'.repeat(MAX_BYTES * 4) }] }),
  sse_flood: async (ctx) => {
    const sse = ctx.sse();
    for (let i = 1; i < 100_000 && !ctx.res.destroyed; i++) {
      sse.event(progress(i));
      if (i % 5 === 0) await sleep(1);
    }
    ctx.res.end();
  },
  rpc_error_data: (ctx) => ctx.rpcError(-32602, 'Invalid params: city', { field: 'city', allowed: ['Oslo', 'Bergen'], n: 1.5, ok: false }),
  rpc_error_nodata: (ctx) => ctx.rpcError(-32603, 'Internal error'),
  rpc_error_http_500: (ctx) => ctx.rpcError(-32603, 'Internal error on 500', { trace: 'abc' }, 500),
  rpc_error_null_id: (ctx) => ctx.rpcError(-32700, 'Parse error', undefined, 400, null),
  hang: (ctx) => ctx.hang(),
  hang_sse: async (ctx) => {
    const sse = ctx.sse();
    sse.event(progress(1, 10));
    await ctx.closed;
  },
  result_then_hang: async (ctx) => {
    const sse = ctx.sse();
    sse.event(progress(1, 1));
    sse.event({ jsonrpc: '2.0', id: ctx.id, result: { resultType: 'complete', content: [{ type: 'text', text: 'early' }] } });
    await ctx.closed; // the stream stays open: the client must stop reading by itself
  },
  split_sse: (ctx) => writeByteByByte(ctx, awkwardSse(ctx.id, TRICKY_TEXT)),
  split_sse_cr: (ctx) => writeByteByByte(ctx, awkwardSse(ctx.id, TRICKY_TEXT, '\r')),
  split_sse_lf: (ctx) => writeByteByByte(ctx, awkwardSse(ctx.id, TRICKY_TEXT, '\n')),
  banana: (ctx) => ctx.result({ resultType: 'banana', content: [{ type: 'text', text: 'yellow' }] }),
  result_type_number: (ctx) => ctx.result({ resultType: 7, content: [] }),
  wrong_id: (ctx) => ctx.json({ jsonrpc: '2.0', id: ctx.id + 1000, result: { resultType: 'complete', content: [] } }),
  string_id: (ctx) =>
    ctx.json({ jsonrpc: '2.0', id: String(ctx.id), result: { resultType: 'complete', content: [{ type: 'text', text: 'string id' }] } }),
  sse_wrong_id_only: (ctx) => {
    const sse = ctx.sse();
    sse.event({ jsonrpc: '2.0', id: ctx.id + 1000, result: { resultType: 'complete', content: [] } });
    sse.end();
  },
  empty_202: (ctx) => {
    ctx.res.writeHead(202);
    ctx.res.end();
  },
  empty_json_200: (ctx) => ctx.json(''),
  json_array: (ctx) => ctx.json([{ jsonrpc: '2.0', id: ctx.id, result: { content: [] } }]),
  json_scalar: (ctx) => ctx.json('42'),
  result_null: (ctx) => ctx.json({ jsonrpc: '2.0', id: ctx.id, result: null }),
  content_not_array: (ctx) => ctx.result({ resultType: 'complete', content: 'just a string' }),
  error_without_code: (ctx) => ctx.json({ jsonrpc: '2.0', id: ctx.id, error: { message: 'no code here' } }),
  sse_bad_json: (ctx) => {
    const sse = ctx.sse();
    sse.write('data: {this is not json}\n\n');
    sse.end();
  },
  sse_invalid_utf8: (ctx) => {
    const sse = ctx.sse();
    sse.write(Buffer.concat([Buffer.from('data: {"a":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}\n\n')]));
    sse.end();
  },
  no_content_type: (ctx) => {
    ctx.res.writeHead(200);
    ctx.res.end(JSON.stringify({ jsonrpc: '2.0', id: ctx.id, result: { content: [] } }));
  },
  unauthorized_401: (ctx) => {
    ctx.res.writeHead(401, { 'www-authenticate': 'Bearer realm="fake"', 'content-type': 'text/plain' });
    ctx.res.end('unauthorized');
  },
  destroy_socket: (ctx) => ctx.res.socket.destroy(),
  destroy_mid_json: (ctx) => {
    ctx.res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
    ctx.res.write('{"jsonrpc":"2.0",');
    setTimeout(() => ctx.res.socket.destroy(), 20);
  },
  destroy_mid_sse: async (ctx) => {
    const sse = ctx.sse();
    sse.event(progress(1, 3));
    await sleep(20);
    ctx.res.socket.destroy();
  },
  garbage_notifications: (ctx) => {
    const sse = ctx.sse();
    sse.event({ jsonrpc: '2.0', method: 'notifications/progress', params: 'not an object' });
    sse.event({ jsonrpc: '2.0', method: 'notifications/progress' });
    sse.event({ jsonrpc: '2.0', method: 'notifications/unknown/thing', params: { x: 1 } });
    sse.event({ jsonrpc: '2.0', id: 'srv-1', method: 'elicitation/create', params: { message: 'hi?' } });
    sse.event({ jsonrpc: '2.0', id: ctx.id, result: { resultType: 'complete', content: [{ type: 'text', text: 'survived' }] } });
    sse.end();
  },
  bare_400: (ctx) => {
    ctx.res.writeHead(400);
    ctx.res.end();
  },
  legacy_400_on_call: (ctx) => ctx.rpcError(-32000, 'Bad Request: Server not initialized', undefined, 400, null),
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

// --- the tests ---------------------------------------------------------------------------

describe('hostile responses from a scripted fake server', { timeout: 60_000 }, () => {
  let fake;
  let other; // a second server on another origin (localhost vs 127.0.0.1)
  let adapter;

  before(async () => {
    other = await startFake({}, { host: 'localhost' });
    fake = await startFake({
      ...CASES,
      redirect_cross: (ctx) => {
        ctx.res.writeHead(307, { location: `http://localhost:${other.port}/mcp` });
        ctx.res.end();
      },
      redirect_cross_308_absolute_same_port: (ctx) => {
        // same port but another host name: still another origin
        ctx.res.writeHead(308, { location: `http://localhost:${fake.port}/mcp2` });
        ctx.res.end();
      },
      redirect_protocol_relative: (ctx) => {
        ctx.res.writeHead(307, { location: `//localhost:${other.port}/mcp` });
        ctx.res.end();
      },
    });
    adapter = new MCPAdapter(fake.url, {
      headers: { Authorization: SECRET },
      maxResponseBytes: MAX_BYTES,
      timeoutMs: 10_000,
    });
    const tools = await adapter.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      ['echo'],
    );
    assert.equal(adapter.protocolVersion, VERSION);
  });

  after(async () => {
    await fake?.close();
    await other?.close();
  });

  it('the fake and the adapter agree on a good call, and the secret is sent', async () => {
    await assertStillWorks(adapter);
    const last = fake.requests.at(-1);
    assert.equal(last.headers.authorization, SECRET);
    assert.equal(last.headers['mcp-method'], 'tools/call');
    assert.equal(last.headers['mcp-name'], 'echo');
  });

  // Simple table: tool name → expected code (and extra checks).
  const simple = [
    ['malformed_json', 'invalid_json'],
    ['truncated_sse', 'stream_ended'],
    ['html_500', 'http_status', (e) => assert.equal(e.status, 500)],
    ['text_plain', 'content_type', (e) => assert.equal(e.status, 200)],
    // a server that echoes the request's credentials: they are redacted from the error
    ['echo_auth_500', 'http_status', (e) => assert.match(e.message, /authorization=\[redacted\]/)],
    [
      'echo_auth_rpc',
      'rpc_error',
      (e) => {
        assert.equal(e.message, 'server error -32603: refused [redacted]');
        assert.deepEqual(e.data, { seen: { authorization: '[redacted]' } });
      },
    ],
    ['huge_json', 'body_too_large'],
    ['sse_flood', 'body_too_large'],
    [
      'rpc_error_data',
      'rpc_error',
      (e) => {
        assert.equal(e.rpcCode, -32602);
        assert.deepEqual(e.data, { field: 'city', allowed: ['Oslo', 'Bergen'], n: 1.5, ok: false });
        assert.match(e.message, /Invalid params: city/);
      },
    ],
    [
      'rpc_error_nodata',
      'rpc_error',
      (e) => {
        assert.equal(e.rpcCode, -32603);
        assert.equal(e.data, undefined);
        assert.equal('data' in e, false);
      },
    ],
    [
      'rpc_error_http_500',
      'rpc_error',
      (e) => {
        assert.equal(e.rpcCode, -32603);
        assert.equal(e.status, 500);
        assert.deepEqual(e.data, { trace: 'abc' });
      },
    ],
    ['rpc_error_null_id', 'rpc_error', (e) => assert.equal(e.rpcCode, -32700)],
    ['banana', 'invalid_result_type'],
    ['result_type_number', 'invalid_result_type'],
    ['wrong_id', 'invalid_message'],
    ['sse_wrong_id_only', 'stream_ended'],
    ['empty_202', undefined, (e) => assert.ok(['content_type', 'invalid_message', 'invalid_json', 'stream_ended', 'http_status'].includes(e.code), e.code)],
    ['empty_json_200', 'invalid_json'],
    ['json_array', 'invalid_message'],
    ['json_scalar', 'invalid_message'],
    ['result_null', 'invalid_message'],
    ['content_not_array', 'invalid_message'],
    ['error_without_code', 'invalid_message'],
    ['sse_bad_json', 'invalid_json'],
    ['sse_invalid_utf8', 'invalid_json'],
    ['no_content_type', 'content_type'],
    ['unauthorized_401', 'http_status', (e) => assert.equal(e.status, 401)],
    ['destroy_socket', 'network'],
    ['destroy_mid_json', 'network'],
    ['destroy_mid_sse', 'network'],
    ['redirect_loop', 'redirect', (e) => assert.equal(e.status, 307)],
    ['redirect_302', 'redirect', (e) => assert.equal(e.status, 302)],
    ['redirect_no_location', 'redirect'],
    ['redirect_cross_308_absolute_same_port', 'redirect', (e) => assert.equal(e.status, 308)],
  ];

  for (const [tool, code, extra] of simple) {
    it(`${tool} → ${code ?? 'some MCPAdapterError'}, then echo still works`, async () => {
      const t0 = Date.now();
      const err = await rejectsWith(adapter.callTool(tool, {}), code);
      assert.ok(Date.now() - t0 < 5000, `${tool} took ${Date.now() - t0} ms`);
      extra?.(err);
      await assertStillWorks(adapter);
    });
  }

  for (const [tool, code, rpcCode] of [
    ['bare_400', 'http_status', undefined],
    ['legacy_400_on_call', 'rpc_error', -32000],
  ]) {
    it(`${tool} on a call (handshake-era evidence) → ${code}; the era is probed again and stays 2026-07-28`, async () => {
      const discovers = fake.count('server/discover');
      const err = await rejectsWith(adapter.callTool(tool, {}), code);
      assert.equal(err.status, 400);
      assert.equal(err.rpcCode, rpcCode);
      assert.equal(fake.count('server/discover'), discovers + 1, 'one re-probe');
      assert.equal(fake.count('initialize'), 0);
      assert.equal(adapter.protocolVersion, VERSION);
      await assertStillWorks(adapter);
    });
  }

  // (In Node the request itself is not aborted before its response begins: see SIGNALS_COST
  // in src/bindings/exchange.js. Browsers, Deno, Bun and workerd abort it at the deadline.)
  it('a hung server (never answers) → timeout with timeoutMs 300, and the adapter stays usable', async () => {
    const t0 = Date.now();
    await rejectsWith(adapter.callTool('hang', {}, { timeoutMs: 300 }), 'timeout');
    const elapsed = Date.now() - t0;
    assert.ok(elapsed >= 250 && elapsed < 1500, `took ${elapsed} ms`);
    await assertStillWorks(adapter);
  });

  it('a hung SSE stream after one progress event → timeout; progress was delivered', async () => {
    const seen = [];
    const t0 = Date.now();
    await rejectsWith(adapter.callTool('hang_sse', {}, { timeoutMs: 300, onProgress: (p) => seen.push(p) }), 'timeout');
    assert.ok(Date.now() - t0 < 1500);
    assert.equal(seen.length, 1);
    assert.deepEqual(seen[0], { progressToken: 'p', progress: 1, total: 10, message: 'step 1' });
    await sleep(50);
    assert.equal(fake.requests.findLast((r) => r.msg?.params?.name === 'hang_sse').closedEarly, true, 'stream closed');
    await assertStillWorks(adapter);
  });

  it('an aborted call → aborted, and the response stream is closed (cancellation)', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    const t0 = Date.now();
    await rejectsWith(adapter.callTool('hang_sse', {}, { signal: ac.signal }), 'aborted');
    assert.ok(Date.now() - t0 < 1000);
    await sleep(50);
    assert.equal(fake.requests.findLast((r) => r.msg?.params?.name === 'hang_sse').closedEarly, true);
    await assertStillWorks(adapter);
  });

  it('an abort before the response head → aborted', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error('user gave up')), 100);
    await rejectsWith(adapter.callTool('hang', {}, { signal: ac.signal }), 'aborted');
    await rejectsWith(adapter.callTool('hang', {}, { signal: AbortSignal.abort() }), 'aborted');
    await assertStillWorks(adapter);
  });

  it('an SSE response that stays open after the result resolves at once and the stream is closed', async () => {
    const t0 = Date.now();
    const out = await adapter.callTool('result_then_hang', {}, { timeoutMs: 3000 });
    assert.ok(Date.now() - t0 < 1000);
    assert.deepEqual(out, { content: [{ type: 'text', text: 'early' }], status: 'success' });
    await sleep(100);
    assert.equal(fake.requests.findLast((r) => r.msg?.params?.name === 'result_then_hang').closedEarly, true);
    await assertStillWorks(adapter);
  });

  for (const tool of ['split_sse', 'split_sse_lf', 'split_sse_cr']) {
    it(`${tool}: byte-by-byte SSE (split UTF-8, comments, priming event, multi-line data) → the right text`, async () => {
      const seen = [];
      const out = await adapter.callTool(tool, {}, { onProgress: (p) => seen.push(p) });
      assert.deepEqual(out, { content: [{ type: 'text', text: TRICKY_TEXT }], status: 'success' });
      assert.equal(seen.length, 1);
      assert.equal(seen[0].progress, 1);
      await assertStillWorks(adapter);
    });
  }

  it('a response id sent as the string form of ours is accepted', async () => {
    const out = await adapter.callTool('string_id', {});
    assert.equal(out.content[0].text, 'string id');
    await assertStillWorks(adapter);
  });

  it('garbage notifications and a server request on the stream do not break the call', async () => {
    const seen = [];
    const out = await adapter.callTool('garbage_notifications', {}, { onProgress: (p) => seen.push(p) });
    assert.equal(out.content[0].text, 'survived');
    await assertStillWorks(adapter);
  });

  it('an onProgress callback that throws does not break the call', async () => {
    const out = await adapter.callTool('split_sse_lf', {}, {
      onProgress: () => {
        throw new Error('host bug');
      },
    });
    assert.equal(out.content[0].text, TRICKY_TEXT);
    await assertStillWorks(adapter);
  });

  it('a 307 to another origin (localhost vs 127.0.0.1) carrying Authorization → redirect, not followed', async () => {
    // sanity: the other server is reachable under that origin, so following would be seen
    const probe = await fetch(`http://localhost:${other.port}/mcp`, { method: 'POST', body: '{}' });
    await probe.arrayBuffer();
    assert.equal(other.requests.length, 1);
    other.requests.length = 0;

    const err = await rejectsWith(adapter.callTool('redirect_cross', {}), 'redirect');
    assert.equal(err.status, 307);
    assert.ok(!err.message.includes(`localhost:${other.port}`) || !err.message.includes('Bearer'));
    const err2 = await rejectsWith(adapter.callTool('redirect_protocol_relative', {}), 'redirect');
    assert.equal(err2.status, 307);
    await sleep(50);
    assert.equal(other.requests.length, 0, 'the other origin never received a request');
    await assertStillWorks(adapter);
  });

  it('a same-origin 307 to /mcp2 is followed, keeps the headers and works', async () => {
    const before = fake.requests.length;
    const out = await adapter.callTool('redirect_same', { text: 'r' });
    assert.deepEqual(out, { content: [{ type: 'text', text: 'redirected to /mcp2' }], status: 'success' });
    const hops = fake.requests.slice(before);
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

  it('tools/list with a repeated cursor → pagination; a good list works afterwards', async () => {
    fake.handlers['tools/list'] = (ctx) =>
      ctx.result({
        resultType: 'complete',
        tools: [{ name: `t_${ctx.msg.params?.cursor ?? 'first'}`, inputSchema: { type: 'object' } }],
        nextCursor: 'same-cursor',
      });
    try {
      await rejectsWith(adapter.listTools(), 'pagination');
    } finally {
      delete fake.handlers['tools/list'];
    }
    await assertStillWorks(adapter);
    assert.deepEqual(
      (await adapter.listTools()).map((t) => t.name),
      ['echo'],
    );
  });

  it('tools/list that never ends (new cursor every page) stops at maxPages → pagination', async () => {
    let pages = 0;
    fake.handlers['tools/list'] = (ctx) => {
      pages++;
      ctx.result({ resultType: 'complete', tools: [], nextCursor: `c${pages}` });
    };
    try {
      const a = new MCPAdapter(fake.url, { maxPages: 3 });
      await rejectsWith(a.listTools(), 'pagination');
      assert.equal(pages, 3);
      await assertStillWorks(a);
    } finally {
      delete fake.handlers['tools/list'];
    }
  });

  it('tools/list with junk entries, a missing tools array, or a bad cursor type', async () => {
    fake.handlers['tools/list'] = (ctx) =>
      ctx.result({
        resultType: 'complete',
        tools: [
          42,
          null,
          { description: 'no name' },
          { name: 'no_schema' },
          { name: 'cyclic', inputSchema: { type: 'object', properties: { n: { $ref: '#/$defs/N' } }, $defs: { N: { type: 'object', properties: { next: { $ref: '#/$defs/N' } } } } } },
          { name: 'dangling', inputSchema: { type: 'object', properties: { x: { $ref: '#/$defs/Missing' } } } },
          { name: 'remote', inputSchema: { type: 'object', properties: { x: { $ref: 'https://evil.example/schema.json' } } } },
        ],
      });
    try {
      const tools = await adapter.listTools();
      assert.deepEqual(
        tools.map((t) => t.name),
        ['no_schema', 'cyclic', 'dangling', 'remote'],
      );
      const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
      assert.deepEqual(byName.no_schema.schema, { type: 'object', properties: {} });
      assert.ok(!JSON.stringify(byName.cyclic.schema).includes('$defs'));
      for (const t of tools) assert.equal(typeof t.schema, 'object');

      fake.handlers['tools/list'] = (ctx) => ctx.result({ resultType: 'complete', tools: 'nope' });
      await rejectsWith(adapter.listTools(), 'invalid_message');
      fake.handlers['tools/list'] = (ctx) => ctx.result({ resultType: 'complete', tools: [], nextCursor: 5 });
      await rejectsWith(adapter.listTools(), 'invalid_message');
      fake.handlers['tools/list'] = (ctx) => ctx.result({ resultType: 'input_required', inputRequests: {} });
      await rejectsWith(adapter.listTools(), 'invalid_result_type');
    } finally {
      delete fake.handlers['tools/list'];
    }
    await assertStillWorks(adapter);
  });

  it('a headers function that throws → invalid_argument, and the next call works', async () => {
    let fail = true;
    const a = new MCPAdapter(fake.url, {
      headers: async () => {
        if (fail) throw new Error('token refresh failed');
        return { Authorization: SECRET };
      },
    });
    await rejectsWith(a.callTool('echo', { text: 'x' }), 'invalid_argument');
    fail = false;
    await assertStillWorks(a);
  });

  /** Settles `promise` to its error, or to 'pending' after `ms`. */
  const settleWithin = (promise, ms) =>
    Promise.race([promise.then(() => 'resolved', (e) => e), sleep(ms).then(() => 'pending')]);

  it(
    'a headers function that never settles is bounded by timeoutMs → timeout',
    async () => {
      const a = new MCPAdapter(fake.url, { headers: () => new Promise(() => {}), timeoutMs: 300 });
      const out = await settleWithin(a.callTool('echo', { text: 'x' }), 1500);
      assert.notEqual(out, 'pending', 'the call was still pending 1.5 s after a 300 ms timeout');
      assertAdapterError(out);
      assert.equal(out.code, 'timeout');
    },
  );

  it(
    'a headers function that never settles is cancelled by the AbortSignal → aborted',
    async () => {
      const a = new MCPAdapter(fake.url, { headers: () => new Promise(() => {}) });
      const ac = new AbortController();
      setTimeout(() => ac.abort(), 100);
      const out = await settleWithin(a.callTool('echo', { text: 'x' }, { signal: ac.signal }), 1500);
      assert.notEqual(out, 'pending', 'the call was still pending 1.4 s after the abort');
      assertAdapterError(out);
      assert.equal(out.code, 'aborted');
    },
  );

  it('the Authorization secret never appears in any error collected above', () => {
    // (checked per error by assertAdapterError); make sure the secret was really in play
    const sent = fake.requests.filter((r) => r.headers.authorization === SECRET);
    assert.ok(sent.length > 20);
  });
});

// --- discovery and version negotiation (a fresh fake per case) ----------------------------

/** A minimal handshake-era (2025-11-25) server: initialize + session id, initialized → 202. */
const LEGACY_HANDLERS = {
  initialize: (ctx) =>
    ctx.json(
      {
        jsonrpc: '2.0',
        id: ctx.id,
        result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'legacy-fake', version: '1' } },
      },
      200,
      { 'mcp-session-id': 'sess-42' },
    ),
  'notifications/initialized': (ctx) => {
    ctx.res.writeHead(202);
    ctx.res.end();
  },
};

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
