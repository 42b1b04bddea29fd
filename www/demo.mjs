// `npm start`: the main job, end to end, on an embedded demo MCP server.
//
// 1. starts the demo MCP server (the TypeScript SDK v2 fixture, JS only) on 127.0.0.1;
// 2. walks through the adapter in Node: list the tools, call a few, print what comes back;
// 3. serves the page www/ (an MCP client in the browser, on the wasm package in pkg/) on
//    127.0.0.1, connected to the demo server (which answers any origin's CORS preflight;
//    both listen on loopback only), and prints its URL; until Ctrl-C.
// With --once it exits after the walkthrough (tests/demo.test.mjs); with --serve it skips
// the walkthrough and serves at once (tests/www.test.mjs). DEMO_MCP_PORT and DEMO_WEB_PORT
// choose the ports (the page's: 8080, or a free one when taken; 0: a free one).
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MCPAdapter, MCPAdapterError } from '../pkg/index.node.js';
import { startTsServer } from '../tests/fixtures/ts_server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const once = process.argv.includes('--once');
const serveOnly = process.argv.includes('--serve');

const server = await startTsServer({ port: Number(process.env.DEMO_MCP_PORT ?? 0) });
console.log(`demo MCP server: ${server.url}\n`);

if (!serveOnly) await walkthrough();

/** Lists the tools and calls a few from Node, printing what comes back. */
async function walkthrough() {
  const adapter = new MCPAdapter(server.url, { timeoutMs: 10_000 });
  const tools = await adapter.listTools();
  console.log(`protocol ${adapter.protocolVersion}, server ${adapter.server.serverInfo?.name}: ${tools.length} tools`);
  for (const t of tools) {
    const hints = Object.entries(t.metadata.mcp.tool.annotations ?? {}).filter(([, v]) => v === true).map(([k]) => k);
    console.log(`  ${t.name.padEnd(18)} ${t.description.split('\n')[0].slice(0, 60)}${hints.length ? `  [${hints.join(', ')}]` : ''}`);
  }

  const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
  const show = (label, value) => console.log(`\n> ${label}\n${JSON.stringify(value, null, 2).slice(0, 600)}`);
  show("echo({ text: 'hello from wasm' })", await byName.echo.invoke({ text: 'hello from wasm' }));
  show("get_weather({ city: 'Oslo' })", await byName.get_weather.invoke({ city: 'Oslo' }));
  show('tiny_image()', await byName.tiny_image.invoke());
  show("fail({ message: 'on purpose' })  (a tool error is a result, not an exception)", await byName.fail.invoke({ message: 'on purpose' }));
  const progress = [];
  const counted = await byName.count_slowly.invoke({ steps: 3, delay_ms: 50 }, { onProgress: (p) => progress.push(`${p.progress}/${p.total}`) });
  show(`count_slowly({ steps: 3 })  progress seen: ${progress.join(' ')}`, counted);
  try {
    await byName.sleep.invoke({ seconds: 5 }, { timeoutMs: 200 });
  } catch (e) {
    show('sleep({ seconds: 5 }) with timeoutMs 200', { error: e instanceof MCPAdapterError, code: e.code, message: e.message });
  }
}

if (once) {
  await server.close();
  process.exit(0);
}

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
};
const web = http.createServer(async (req, res) => {
  const path = new URL(req.url, 'http://x').pathname;
  if (path === '/config.json') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ mcpUrl: server.url }));
    return;
  }
  const rel = normalize(path === '/' ? '/www/index.html' : path.startsWith('/pkg/') ? path : `/www${path}`);
  if (rel.includes('..') || req.method !== 'GET') return res.writeHead(400).end();
  try {
    const body = await readFile(join(root, rel));
    res.writeHead(200, { 'content-type': types[extname(rel)] ?? 'application/octet-stream', 'cache-control': 'no-store' }).end(body);
  } catch {
    res.writeHead(404).end('not found');
  }
});
const webPort = Number(process.env.DEMO_WEB_PORT ?? 8080);
web.on('error', (e) => {
  if (e.code === 'EADDRINUSE') web.listen(0, '127.0.0.1');
  else throw e;
});
web.listen(webPort, '127.0.0.1', () => {});
web.on('listening', () => {
  console.log(`\npage: http://127.0.0.1:${web.address().port}/  (an MCP client in the browser, connected to the demo server)\nCtrl-C to stop.`);
});
const stop = async () => {
  web.closeAllConnections?.();
  web.close();
  await server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
