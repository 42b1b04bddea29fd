// `npm start`: the main job, end to end, on an embedded demo MCP server.
//
// 1. starts the demo MCP server (the TypeScript SDK v2 fixture, JS only) on 127.0.0.1;
// 2. walks through the adapter in Node: list the tools, call a few, print what comes back;
// 3. serves www/ (a page that does the same in the browser) and pkg/ on 127.0.0.1,
//    until Ctrl-C. With --once it exits after the walkthrough (used by the tests).
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MCPAdapter, MCPAdapterError } from '../pkg/index.node.js';
import { startTsServer } from '../tests/fixtures/ts_server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const once = process.argv.includes('--once');

const server = await startTsServer({ port: Number(process.env.DEMO_MCP_PORT ?? 0) });
console.log(`demo MCP server: ${server.url}\n`);

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

if (once) {
  await server.close();
  process.exit(0);
}

const types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json', '.css': 'text/css' };
const web = http.createServer(async (req, res) => {
  const path = new URL(req.url, 'http://x').pathname;
  if (path === '/config.json') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ mcpUrl: server.url }));
    return;
  }
  const rel = normalize(path === '/' ? '/www/index.html' : path.startsWith('/pkg/') ? path : `/www${path}`);
  if (rel.includes('..')) return res.writeHead(400).end();
  try {
    const body = await readFile(join(root, rel));
    res.writeHead(200, { 'content-type': types[extname(rel)] ?? 'application/octet-stream' }).end(body);
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
  console.log(`\npage: http://127.0.0.1:${web.address().port}/  (the demo's tools, called from the browser)\nCtrl-C to stop.`);
});
process.on('SIGINT', async () => {
  web.close();
  await server.close();
  process.exit(0);
});
