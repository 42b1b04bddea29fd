// The benchmark's canned-response MCP server: plain `node:http`, no SDK, every response body
// built once at start as bytes, so that the server's own cost per request is as small as a
// Node HTTP server allows and a client's cost shows (the SDK server, bench/server.mjs, spends
// more per call than any client does and hides most of the difference). Run as its own process
// by bench/run.mjs, beside bench/server.mjs, with the same tools, URLs and /stats.
//
//   node bench/canned.mjs [--port N]
//   → prints {"url":"http://127.0.0.1:N/mcp","pagedUrl":…,"statsUrl":…} on one line
//
// What it answers (what the bench's clients send, logged from the real clients once):
//   MCP 2026-07-28, sessionless (MCP 2026-07-28, `basic/transports.mdx`, `server/discover.mdx`):
//     server/discover → supportedVersions ["2026-07-28"], capabilities, serverInfo in _meta
//     tools/list, tools/call → results with resultType "complete" (and ttlMs 0 / cacheScope
//     "private" on lists, as the SDK server sends them)
//   handshake era (2025-11-25, 2025-06-18, 2025-03-26; stateless, no session id):
//     initialize → that protocolVersion when supported (else 2025-11-25);
//     notifications/initialized (and any notification) → 202; later requests → plain results
//   GET / DELETE on /mcp → 405 (no standalone stream, no session); OPTIONS → 204 (CORS)
// Every response carries CORS headers allowing any origin, for the headless Chromium row.
//
// The tools are bench/server.mjs's (data from bench/tools.mjs): small {text} → "ok: <text>";
// image_10mb → one 10 MB base64 image block; blocks_10k → 10,000 text blocks; progress_10k
// {count} → `count` notifications/progress over SSE when the request carries a progressToken,
// then "sent <count>" (a JSON response without one); /paged lists 1,000 tools in 10 pages of
// 100 (cursor "100" … "900").
//
// Per request the server JSON.parses the request (a few hundred bytes) and splices into
// precomputed bytes only what a request decides: the JSON-RPC `id` (its JSON text), the echoed
// text of `small` and the progressToken of each notification. The bytes of a response are the
// same JSON the SDK server sends, member order aside.

import http from 'node:http';
import { BLOCK_CONTENT, LISTED, LIST_PAGE, LIST_TOOLS, PROGRESS_EVENTS, imageBase64, listenOnLoopback, requestStats, serveWhenMain } from './tools.mjs';

const MODERN = '2026-07-28';
const LEGACY = ['2025-11-25', '2025-06-18', '2025-03-26'];

// --- precomputed bytes -------------------------------------------------------------------------

const serverMeta = (name) => ({ 'io.modelcontextprotocol/serverInfo': { name, version: '0.1.0' } });

/** A result's JSON text for an era: modern results carry resultType and the serverInfo _meta. */
function resultText(result, modern, name, { cacheable = false } = {}) {
  if (!modern) return JSON.stringify(result);
  const extra = cacheable ? { ttlMs: 0, cacheScope: 'private' } : {};
  return JSON.stringify({ ...result, resultType: 'complete', ...extra, _meta: serverMeta(name) });
}

/**
 * A JSON-RPC response split around its id: `head` + id JSON + `tail`. `head` may be large
 * (13 MB for the image) and is written as it is, never copied per request.
 */
function envelope(resultJson) {
  return { head: Buffer.from(`{"jsonrpc":"2.0","result":${resultJson},"id":`), tail: Buffer.from('}') };
}

// the tools/list of /mcp: the four tools as the SDK server lists them (zod schemas converted)
const MCP_TOOLS = [
  {
    name: 'small',
    description: 'Echoes a short text.',
    inputSchema: { type: 'object', $schema: 'https://json-schema.org/draft/2020-12/schema', properties: { text: { type: 'string' } }, required: ['text'] },
    annotations: { readOnlyHint: true },
  },
  { name: 'image_10mb', description: 'A 10 MB image (base64).', inputSchema: { type: 'object', properties: {} } },
  { name: 'blocks_10k', description: '10,000 small text blocks.', inputSchema: { type: 'object', properties: {} } },
  {
    name: 'progress_10k',
    description: 'Sends `count` progress notifications, then answers.',
    inputSchema: {
      type: 'object',
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      properties: { count: { default: PROGRESS_EVENTS, type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER } },
    },
  },
];

const IMAGE_B64 = imageBase64();

/** Everything one endpoint (/mcp or /paged) answers, for one era. */
function endpoint(name, capabilities, modern) {
  const out = {
    discover: modern
      ? envelope(resultText({ supportedVersions: [MODERN], capabilities }, true, name, { cacheable: true }))
      : undefined,
    initialize: Object.fromEntries(
      LEGACY.map((v) => [v, envelope(JSON.stringify({ protocolVersion: v, capabilities, serverInfo: { name, version: '0.1.0' } }))]),
    ),
    pages: new Map(),
    tools: new Map(),
    name,
    modern,
  };
  if (name === 'bench-paged') {
    for (let start = 0; start < LIST_TOOLS; start += LIST_PAGE) {
      const page = { tools: LISTED.slice(start, start + LIST_PAGE) };
      if (start + LIST_PAGE < LIST_TOOLS) page.nextCursor = String(start + LIST_PAGE);
      out.pages.set(start === 0 ? undefined : String(start), envelope(resultText(page, modern, name, { cacheable: true })));
    }
  } else {
    out.pages.set(undefined, envelope(resultText({ tools: MCP_TOOLS }, modern, name, { cacheable: true })));
    out.tools.set('image_10mb', envelope(resultText({ content: [{ type: 'image', data: IMAGE_B64, mimeType: 'image/png' }] }, modern, name)));
    out.tools.set('blocks_10k', envelope(resultText({ content: BLOCK_CONTENT }, modern, name)));
    // `small`: the result's JSON split around the echoed text's JSON string
    const [before, after] = resultText({ content: [{ type: 'text', text: '\u0000' }] }, modern, name).split('"\\u0000"');
    out.small = { head: Buffer.from(`{"jsonrpc":"2.0","result":${before}`), mid: Buffer.from(`${after},"id":`) };
    const [sentBefore, sentAfter] = resultText({ content: [{ type: 'text', text: '\u0000' }] }, modern, name).split('\\u0000');
    out.sent = { before: sentBefore, after: sentAfter };
  }
  return out;
}

const ENDPOINTS = {
  '/mcp': { modern: endpoint('bench-server', { tools: { listChanged: true } }, true), legacy: endpoint('bench-server', { tools: { listChanged: true } }, false) },
  '/paged': { modern: endpoint('bench-paged', { tools: {} }, true), legacy: endpoint('bench-paged', { tools: {} }, false) },
};

/**
 * The SSE body of progress_10k with `count` notifications, precomputed once per count as one
 * buffer without the token and the offsets where each notification's token goes; the token's
 * JSON is spliced in per request (one pass of copies, no serialisation).
 */
const progressTemplates = new Map();
function progressTemplate(count) {
  let t = progressTemplates.get(count);
  if (t) return t;
  const prefix = 'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":';
  const parts = [];
  const slots = [];
  let length = 0;
  for (let i = 1; i <= count; i++) {
    const piece = Buffer.from(`${i === 1 ? '' : `,"progress":${i - 1},"total":${count}}}\n\n`}${prefix}`);
    parts.push(piece);
    length += piece.length;
    slots.push(length);
  }
  if (count > 0) {
    const last = Buffer.from(`,"progress":${count},"total":${count}}}\n\n`);
    parts.push(last);
    length += last.length;
  }
  t = { bytes: Buffer.concat(parts, length), slots };
  if (progressTemplates.size < 16) progressTemplates.set(count, t);
  return t;
}
progressTemplate(PROGRESS_EVENTS);
progressTemplate(100);

// --- answering ---------------------------------------------------------------------------------

const CORS = [
  'access-control-allow-origin', '*',
  'access-control-expose-headers', 'mcp-protocol-version, mcp-session-id',
];
const JSON_HEADERS = ['content-type', 'application/json', ...CORS];
const SSE_HEADERS = ['content-type', 'text/event-stream', 'cache-control', 'no-cache, no-transform', ...CORS];
const PREFLIGHT = [
  ...CORS,
  'access-control-allow-methods', 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers', 'content-type, accept, authorization, mcp-protocol-version, mcp-method, mcp-name, mcp-session-id, last-event-id',
  'access-control-max-age', '600',
];
const SSE_OPEN = Buffer.from('event: message\ndata: ');
const SSE_CLOSE = Buffer.from('\n\n');

function send(res, status, headers, chunks) {
  let length = 0;
  for (const c of chunks) length += c.length;
  res.writeHead(status, [...headers, 'content-length', String(length)]);
  if (chunks.length === 1 || length > 65536) {
    for (let i = 0; i < chunks.length - 1; i++) res.write(chunks[i]);
    res.end(chunks[chunks.length - 1]);
  } else {
    res.end(Buffer.concat(chunks, length));
  }
}

const idJson = (id) => (typeof id === 'number' ? String(id) : JSON.stringify(id));

function sendResult(res, { head, tail }, id) {
  send(res, 200, JSON_HEADERS, [head, Buffer.from(idJson(id)), tail]);
}

function sendError(res, status, id, code, message) {
  send(res, status, JSON_HEADERS, [Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: id ?? null, error: { code, message } }))]);
}

function progress(res, ep, id, token, count) {
  const tokenBytes = Buffer.from(idJson(token));
  const t = progressTemplate(count);
  const out = Buffer.allocUnsafe(t.bytes.length + tokenBytes.length * t.slots.length);
  let from = 0;
  let to = 0;
  for (const slot of t.slots) {
    to += t.bytes.copy(out, to, from, slot);
    to += tokenBytes.copy(out, to);
    from = slot;
  }
  to += t.bytes.copy(out, to, from);
  const response = Buffer.from(`{"jsonrpc":"2.0","result":${ep.sent.before}sent ${count}${ep.sent.after},"id":${idJson(id)}}`);
  send(res, 200, SSE_HEADERS, [out, SSE_OPEN, response, SSE_CLOSE]);
}

function answer(res, path, headers, message) {
  const { id, method, params } = message;
  if (id === undefined) {
    // a notification (notifications/initialized, notifications/cancelled, …)
    res.writeHead(202, [...CORS, 'content-length', '0']).end();
    return;
  }
  const version = headers['mcp-protocol-version'];
  const modern = version === MODERN || params?._meta?.['io.modelcontextprotocol/protocolVersion'] === MODERN;
  const ep = ENDPOINTS[path][modern ? 'modern' : 'legacy'];
  switch (method) {
    case 'server/discover':
      if (!modern) return sendError(res, 400, id, -32602, `Unsupported protocol version: ${version}`);
      return sendResult(res, ep.discover, id);
    case 'initialize': {
      const asked = params?.protocolVersion;
      return sendResult(res, ep.initialize[LEGACY.includes(asked) ? asked : LEGACY[0]], id);
    }
    case 'ping':
      return send(res, 200, JSON_HEADERS, [Buffer.from(`{"jsonrpc":"2.0","result":{${modern ? '"resultType":"complete"' : ''}},"id":${idJson(id)}}`)]);
    case 'tools/list': {
      const page = ep.pages.get(params?.cursor);
      if (!page) return sendError(res, 200, id, -32602, `Invalid cursor: ${params?.cursor}`);
      return sendResult(res, page, id);
    }
    case 'tools/call': {
      const name = params?.name;
      const args = params?.arguments ?? {};
      if (name === 'small' && ep.small) {
        if (typeof args.text !== 'string') return sendError(res, 200, id, -32602, 'small: `text` must be a string');
        const { head, mid } = ep.small;
        return send(res, 200, JSON_HEADERS, [head, Buffer.from(JSON.stringify(`ok: ${args.text}`)), mid, Buffer.from(`${idJson(id)}}`)]);
      }
      if (name === 'progress_10k' && ep.sent) {
        const count = args.count ?? PROGRESS_EVENTS;
        if (!Number.isSafeInteger(count) || count < 0 || count > 1_000_000) return sendError(res, 200, id, -32602, 'progress_10k: bad `count`');
        const token = params?._meta?.progressToken;
        if (token === undefined || token === null) {
          return send(res, 200, JSON_HEADERS, [Buffer.from(`{"jsonrpc":"2.0","result":${ep.sent.before}sent ${count}${ep.sent.after},"id":${idJson(id)}}`)]);
        }
        return progress(res, ep, id, token, count);
      }
      const canned = ep.tools.get(name);
      if (!canned) return sendError(res, 200, id, -32602, `Tool ${name} not found`);
      return sendResult(res, canned, id);
    }
    default:
      return sendError(res, 200, id, -32601, `Method not found: ${method}`);
  }
}

// --- the server --------------------------------------------------------------------------------

const stats = requestStats();

export async function startCannedServer({ port = 0 } = {}) {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/stats') {
      stats.answer(req, res);
      return;
    }
    if (!ENDPOINTS[path]) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, PREFLIGHT).end();
      return;
    }
    if (req.method !== 'POST') {
      req.resume();
      send(res, 405, ['allow', 'POST', ...JSON_HEADERS], [Buffer.from('{"jsonrpc":"2.0","error":{"code":-32000,"message":"Method not allowed."},"id":null}')]);
      return;
    }
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      let message;
      try {
        message = JSON.parse(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
      } catch {
        return sendError(res, 400, null, -32700, 'Parse error');
      }
      if (message === null || typeof message !== 'object' || Array.isArray(message) || message.jsonrpc !== '2.0') {
        return sendError(res, 400, null, -32600, 'Invalid Request');
      }
      const key = `${path} ${typeof message.method === 'string' ? message.method : '?'}`;
      stats.count(key);
      answer(res, path, req.headers, message);
    });
  });
  return listenOnLoopback(server, port);
}

await serveWhenMain(import.meta.url, startCannedServer);
