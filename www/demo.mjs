// `npm start`: the main job, end to end, on an embedded demo MCP server.
//
// 1. starts the demo MCP server (the TypeScript SDK v2 fixture, JS only) on 127.0.0.1;
// 2. walks through the adapter in Node: list the tools, call a few, print what comes back,
//    then a call that asks a person: its interrupt printed as JSON, resumed by a fresh adapter;
// 3. serves the page www/ (an MCP client in the browser, on the wasm package in pkg/) on
//    127.0.0.1, connected to the demo server (which answers any origin's CORS preflight;
//    both listen on loopback only), and prints its URL; until Ctrl-C. The sandbox proxy of
//    the MCP Apps the page shows (www/sandbox.html) is served on another port, an origin of
//    its own, with each view's Content Security Policy as its header (www/csp.js).
// With --once it exits after the walkthrough (tests/demo.test.mjs); with --serve it skips
// the walkthrough and serves at once (tests/www.test.mjs). DEMO_MCP_PORT, DEMO_WEB_PORT and
// DEMO_SANDBOX_PORT choose the ports (the page's: 8080, the sandbox's: 8081, or free ones
// when taken; 0: a free one).
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MCPAdapter, MCPAdapterError } from '../pkg/index.node.js';
import { startTsServer } from '../tests/fixtures/ts_server.mjs';
import { appCsp } from './csp.js';

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
  const show = (label, value, chars = 600) => console.log(`\n> ${label}\n${JSON.stringify(value, null, 2).slice(0, chars)}`);
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
  // the headline: a call that needs a person pauses as plain JSON, stored anywhere; a fresh
  // adapter (in another process, later) resumes it with the person's answer
  const asked = await byName.confirm_action.invoke({ action: 'reboot' });
  show("confirm_action({ action: 'reboot' })  (the server asks a person: the call returns an interrupt)", asked, 4_000);
  const stored = JSON.stringify(asked);
  const answer = { responses: { [asked.requests[0].key]: { action: 'accept', content: { confirmed: true } } } };
  const later = new MCPAdapter(server.url, { timeoutMs: 10_000 });
  show(`a fresh adapter resumes the stored interrupt with the answer ${JSON.stringify(answer)}`, await later.resume(JSON.parse(stored), answer));
  console.log(
    '\nWhat just happened: the call paused for a person as plain JSON; a new adapter, which could be in another process hours later, resumed it with the answer, and the tool finished.',
  );
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
/** Serves file `rel` (below the repository root) with `headers`, or 404. */
async function serveFile(res, rel, headers = {}) {
  try {
    const body = await readFile(join(root, rel));
    res.writeHead(200, { 'content-type': types[extname(rel)] ?? 'application/octet-stream', 'cache-control': 'no-store', ...headers }).end(body);
  } catch {
    res.writeHead(404).end('not found');
  }
}

// The sandbox proxy's origin: the proxy page (its CSP from the view's declared domains, given
// as ?csp=<JSON>) and its script, nothing else.
const sandbox = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  if (req.method !== 'GET') return res.writeHead(405).end();
  if (url.pathname === '/sandbox.js') return serveFile(res, '/www/sandbox.js');
  if (url.pathname !== '/sandbox.html') return res.writeHead(404).end('only the sandbox proxy is served here');
  let declared;
  try {
    declared = JSON.parse(url.searchParams.get('csp') ?? 'null');
  } catch {
    declared = null;
  }
  return serveFile(res, '/www/sandbox.html', { 'content-security-policy': appCsp(declared).policy });
});
const sandboxUrl = `http://127.0.0.1:${await listen(sandbox, Number(process.env.DEMO_SANDBOX_PORT ?? 8081))}/sandbox.html`;

const web = http.createServer(async (req, res) => {
  const path = new URL(req.url, 'http://x').pathname;
  if (path === '/config.json') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ mcpUrl: server.url, sandboxUrl }));
    return;
  }
  // the host bridge of MCP Apps, bundled by scripts/build.sh; the sandbox proxy only on its own origin
  if (path === '/build/app-bridge.js') return serveFile(res, '/target/www/app-bridge.js');
  if (path.startsWith('/sandbox.')) return res.writeHead(404).end(`the sandbox proxy is served at ${sandboxUrl}`);
  const rel = normalize(path === '/' ? '/www/index.html' : path.startsWith('/pkg/') ? path : `/www${path}`);
  if (rel.includes('..') || req.method !== 'GET') return res.writeHead(400).end();
  return serveFile(res, rel);
});

/** Listens on 127.0.0.1 at `port`, or a free port when it is taken; resolves to the port. */
function listen(target, port) {
  return new Promise((resolve, reject) => {
    target.on('error', (e) => {
      if (e.code === 'EADDRINUSE') target.listen(0, '127.0.0.1');
      else reject(e);
    });
    target.on('listening', () => resolve(target.address().port));
    target.listen(port, '127.0.0.1');
  });
}

const webPort = await listen(web, Number(process.env.DEMO_WEB_PORT ?? 8080));
console.log(`\nsandbox of MCP Apps: ${sandboxUrl}`);
console.log(`page: http://127.0.0.1:${webPort}/  (an MCP client in the browser, connected to the demo server)\nCtrl-C to stop.`);
const stop = async () => {
  for (const s of [web, sandbox]) {
    s.closeAllConnections?.();
    s.close();
  }
  await server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
