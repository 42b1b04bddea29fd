// A scripted fake 2026-07-28 MCP server (node:http on 127.0.0.1 or localhost, port 0) for
// behaviour no real server shows: malformed and hostile responses, redirects, hangs, odd
// negotiation answers. Handlers are keyed by JSON-RPC method, or by tool name for tools/call.
import assert from 'node:assert/strict';
import http from 'node:http';
import { before, after, it } from 'node:test';
import { MCPAdapter } from '../../pkg/index.node.js';
import { SECRET, rejectsWith } from './errors.mjs';

/** The revision the fake speaks. */
export const VERSION = '2026-07-28';

/** The response size limit of {@link hostileAdapter} (`maxResponseBytes`). */
export const MAX_BYTES = 4096;

/** The fake's `server/discover` result: 2026-07-28 only, tools. */
export const DISCOVER_RESULT = { resultType: 'complete', supportedVersions: [VERSION], capabilities: { tools: {} } };

/** Handlers used when a fake's table has no entry for the key. */
export const DEFAULT_HANDLERS = {
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
export async function startFake(handlers = {}, { host = '127.0.0.1' } = {}) {
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
    /** A notifications/progress message for this request (the progressToken it sent). */
    progress: (n, total) => ({
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: msg?.params?._meta?.progressToken, progress: n, total, message: `step ${n}` },
    }),
  };
  return ctx;
}

/** A minimal handshake-era (2025-11-25) server: initialize + session id, initialized → 202. */
export const LEGACY_HANDLERS = {
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

let echoCounter = 0;
/** The adapter still works: a good echo call answers with its own text. */
export async function assertStillWorks(adapter) {
  const text = `still alive ${++echoCounter}`;
  const out = await adapter.callTool('echo', { text });
  assert.deepEqual(out, { type: 'tool_result', content: [{ type: 'text', text: `echo: ${text}` }], status: 'success' });
}

/**
 * One test per `[tool, code, extra?]` of `cases`: a call of `tool` on `adapter()` (read when
 * the test runs) rejects within 5 s with an MCPAdapterError of `code` (any code when
 * undefined), `extra(err)` checks the rest, and then the adapter still works.
 */
export function failsThenStillWorks(adapter, cases) {
  for (const [tool, code, extra] of cases) {
    it(`${tool} → ${code ?? 'some MCPAdapterError'}, then echo still works`, async () => {
      const t0 = Date.now();
      const err = await rejectsWith(adapter().callTool(tool, {}), code);
      assert.ok(Date.now() - t0 < 5000, `${tool} took ${Date.now() - t0} ms`);
      extra?.(err);
      await assertStillWorks(adapter());
    });
  }
}

/**
 * Starts a fake with `handlers()` (called in the hook, so they may use other servers of the
 * file) before the tests of the enclosing `describe` and closes it after them; returns a
 * getter for the running fake.
 */
export function useFake(handlers = () => ({}), options = {}) {
  let fake;
  before(async () => {
    fake = await startFake(handlers(), options);
  });
  after(() => fake?.close());
  return () => fake;
}

/**
 * The adapter the hostile-server suites use on a fake: it sends {@link SECRET} as
 * Authorization (no error may carry it back), reads at most {@link MAX_BYTES} per response and
 * gives up after 10 s.
 */
export function hostileAdapter(url) {
  return new MCPAdapter(url, { headers: { Authorization: SECRET }, maxResponseBytes: MAX_BYTES, timeoutMs: 10_000 });
}
