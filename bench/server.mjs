// The benchmark's MCP server: `@modelcontextprotocol/server` 2.4.0 (`createMcpHandler`) on
// 127.0.0.1, run as its own process by bench/run.mjs so that its CPU and memory never count
// against a client.
//
//   node bench/server.mjs [--port N]
//   → prints {"url":"http://127.0.0.1:N/mcp","pagedUrl":"http://127.0.0.1:N/paged"} on one line
//
// /mcp    McpServer (2026-07-28 and stateless 2025-era fallback) with the bench tools:
//           small        {text}  → one text block "ok: <text>"                    (rows 1, 2, 7)
//           image_10mb   {}      → one image block: 10,000,000 random bytes, base64 (13,333,336
//                                  characters, precomputed once), mimeType image/png   (row 3)
//           blocks_10k   {}      → 10,000 text blocks "block <i>"                  (row 3)
//           progress_10k {count} → `count` (default 10,000) notifications/progress when the
//                                  request carries a progressToken, then one text block; the
//                                  response upgrades to SSE (responseMode 'auto')    (row 4)
// /paged  a low-level `Server` (same SDK, same createMcpHandler) whose tools/list serves 1,000
//         tools in 10 pages of 100 (row 5). McpServer's own tools/list has no page size (it
//         answers every registered tool at once), so the page size comes from a hand-written
//         `tools/list` handler on the SDK's `Server`; the protocol framing (discover, _meta,
//         headers, legacy initialize) is still the SDK's.
// /stats  GET: {requests: {"<path> <method>": count}, cpuMs} of POSTs served and the server's
//         CPU time since start or the last POST /stats, which resets both. The runner uses it
//         to check that every client really sent its requests (no client-side cache hid a
//         round trip) and to report the server's CPU per call.
//
// The JSON-RPC request of the bare-fetch floor is the 2026-07-28 one; the legacy path (no
// MCP-Protocol-Version 2026 header) is served statelessly (`legacy: 'stateless'`).

import http from 'node:http';
import { McpServer, Server, createMcpHandler } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { readBody, respondWith } from '../tests/helpers/web-handler.mjs';
import { BLOCK_CONTENT, LISTED, LIST_PAGE, LIST_TOOLS, PROGRESS_EVENTS, imageBase64, listenOnLoopback, requestStats, serveWhenMain } from './tools.mjs';

// the base64 text is built once (bench/tools.mjs)
const IMAGE_B64 = imageBase64();

function benchServer() {
  const s = new McpServer({ name: 'bench-server', version: '0.1.0' });
  s.registerTool(
    'small',
    { description: 'Echoes a short text.', inputSchema: z.object({ text: z.string() }), annotations: { readOnlyHint: true } },
    async ({ text }) => ({ content: [{ type: 'text', text: `ok: ${text}` }] }),
  );
  s.registerTool('image_10mb', { description: 'A 10 MB image (base64).' }, async () => ({
    content: [{ type: 'image', data: IMAGE_B64, mimeType: 'image/png' }],
  }));
  s.registerTool('blocks_10k', { description: '10,000 small text blocks.' }, async () => ({ content: BLOCK_CONTENT }));
  s.registerTool(
    'progress_10k',
    {
      description: 'Sends `count` progress notifications, then answers.',
      inputSchema: z.object({ count: z.number().int().min(0).default(PROGRESS_EVENTS) }),
    },
    async ({ count }, ctx) => {
      const progressToken = ctx.mcpReq._meta?.progressToken;
      if (progressToken !== undefined) {
        for (let i = 1; i <= count; i++) {
          await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress: i, total: count } });
        }
      }
      return { content: [{ type: 'text', text: `sent ${count}` }] };
    },
  );
  return s;
}

function pagedServer() {
  const s = new Server({ name: 'bench-paged', version: '0.1.0' }, { capabilities: { tools: {} } });
  s.setRequestHandler('tools/list', (request) => {
    const cursor = request.params?.cursor;
    const start = cursor === undefined ? 0 : Number.parseInt(cursor, 10);
    if (!Number.isSafeInteger(start) || start < 0 || start >= LIST_TOOLS) throw new Error(`bad cursor ${cursor}`);
    const end = Math.min(LIST_TOOLS, start + LIST_PAGE);
    const page = { tools: LISTED.slice(start, end) };
    if (end < LIST_TOOLS) page.nextCursor = String(end);
    return page;
  });
  return s;
}

const handlers = {
  '/mcp': createMcpHandler(benchServer, { legacy: 'stateless', onerror: () => {} }),
  '/paged': createMcpHandler(pagedServer, { legacy: 'stateless', onerror: () => {} }),
};

const stats = requestStats();

function methodOf(body) {
  try {
    const m = JSON.parse(body.length > 4096 ? body.subarray(0, 4096).toString() : body.toString()).method;
    return typeof m === 'string' ? m : '?';
  } catch {
    // a long body cut mid-way: fall back to a scan
    return /"method"\s*:\s*"([^"]+)"/.exec(body.subarray(0, 4096).toString())?.[1] ?? '?';
  }
}

export async function startBenchServer({ port = 0 } = {}) {
  const server = http.createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/stats') {
      stats.answer(req, res);
      return;
    }
    const handler = handlers[path];
    if (!handler) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    const body = await readBody(req);
    if (req.method === 'POST' && body) {
      const key = `${path} ${methodOf(body)}`;
      stats.count(key);
    }
    await respondWith(req, res, handler, { body, origin: 'http://127.0.0.1' });
  });
  return listenOnLoopback(server, port);
}

await serveWhenMain(import.meta.url, startBenchServer);
