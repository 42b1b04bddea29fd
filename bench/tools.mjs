// The bench tools' data, shared by the two bench servers (bench/server.mjs on the MCP SDK,
// bench/canned.mjs precomputed) so that both serve the same bytes of content.

import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';

export const IMAGE_BYTES = 10_000_000;
export const BLOCKS = 10_000;
export const PROGRESS_EVENTS = 10_000;
export const LIST_TOOLS = 1_000;
export const LIST_PAGE = 100;

/** 10 MB of incompressible bytes behind a PNG signature, base64 (13,333,336 characters). */
export function imageBase64() {
  const bytes = randomBytes(IMAGE_BYTES);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  return bytes.toString('base64');
}

/** The 10,000 text blocks of `blocks_10k`: "block 0" … "block 9999". */
export const BLOCK_CONTENT = Array.from({ length: BLOCKS }, (_, i) => ({ type: 'text', text: `block ${i}` }));

/** 1,000 tool definitions of a realistic size (a description and a three-property schema). */
export const LISTED = Array.from({ length: LIST_TOOLS }, (_, i) => ({
  name: `tool_${String(i).padStart(4, '0')}`,
  description: `Bench tool number ${i}: looks up a record by id and returns it with its history.`,
  inputSchema: {
    type: 'object',
    properties: {
      id: { type: 'string', description: 'Record id' },
      limit: { type: 'integer', minimum: 1, maximum: 100, description: 'Most history entries' },
      verbose: { type: 'boolean', default: false },
    },
    required: ['id'],
  },
  annotations: { readOnlyHint: true },
}));

/**
 * The /stats endpoint of both bench servers: `count(key)` per request served; GET answers
 * `{ requests: { "<path> <method>": count }, cpuMs }` since start or the last POST, which
 * resets both (`cpuMs`: the server process's CPU time, user + system, in ms).
 */
export function requestStats() {
  let requests = {};
  let cpu0 = process.cpuUsage();
  return {
    count(key) {
      requests[key] = (requests[key] ?? 0) + 1;
    },
    answer(req, res) {
      if (req.method === 'POST') {
        requests = {};
        cpu0 = process.cpuUsage();
      }
      const cpu = process.cpuUsage(cpu0);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ requests, cpuMs: (cpu.user + cpu.system) / 1000 }));
    },
  };
}

/**
 * Listens on 127.0.0.1:`port` (0: a free one) with the keep-alive both bench servers use and
 * resolves to their `{ url, pagedUrl, statsUrl, close }`.
 */
export async function listenOnLoopback(server, port) {
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const actual = server.address().port;
  return {
    url: `http://127.0.0.1:${actual}/mcp`,
    pagedUrl: `http://127.0.0.1:${actual}/paged`,
    statsUrl: `http://127.0.0.1:${actual}/stats`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/**
 * When the module at `moduleUrl` is the process's main script (`node bench/<server>.mjs
 * [--port N]`): starts the server with `start({ port })`, prints its URLs as one JSON line, and
 * stops on SIGTERM, SIGINT or the parent's disconnect.
 */
export async function serveWhenMain(moduleUrl, start) {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  const i = process.argv.indexOf('--port');
  const srv = await start({ port: i > 0 ? Number(process.argv[i + 1]) : 0 });
  process.stdout.write(`${JSON.stringify({ url: srv.url, pagedUrl: srv.pagedUrl, statsUrl: srv.statsUrl })}\n`);
  const stop = () => srv.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('disconnect', stop);
}
