// Cold start in headless Chromium, for bench/run.mjs: from navigation start to the tools of
// a loopback MCP server listed, for this package's browser entry (pkg/index.browser.js with
// its wasm and JS as shipped) and for the TS SDK client bundled and minified by esbuild; each
// run in a fresh browser context (no HTTP cache, no compiled-wasm cache), the clients
// alternating run by run, an empty page measured the same way and subtracted.
//
// The pages come from a static server on one loopback port and list the tools of the MCP
// server on another port (bench/canned.mjs, which answers CORS preflights): a real
// cross-origin fetch with its preflight, as a page talking to an MCP server does.

import http from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.wasm': 'application/wasm' };

/** The page of `kind` (adapter, ts or empty): sets window.__done to performance.now() when listed. */
function page(kind, mcpUrl) {
  const url = JSON.stringify(mcpUrl);
  const list = {
    adapter: `const { MCPAdapter } = await import('/pkg/index.browser.js');
const n = (await new MCPAdapter(${url}).listTools()).length;`,
    ts: `const { Client, StreamableHTTPClientTransport } = await import('/ts/client.js');
const c = new Client({ name: 'cold', version: '0' }, { capabilities: {}, versionNegotiation: { mode: 'auto' } });
await c.connect(new StreamableHTTPClientTransport(new URL(${url})));
const n = (await c.listTools()).tools.length;`,
    empty: 'const n = 0;',
  }[kind];
  // performance.now() counts from the navigation's start (the time origin)
  return `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>${kind}</title>
<script type="module">
try {
${list}
window.__result = { ms: performance.now(), tools: n };
} catch (err) {
window.__result = { error: String(err?.stack ?? err) };
}
</script>`;
}

/** Serves /pkg/* from `pkgDir`, /ts/client.js (the esbuild bundle) and the three pages. */
async function startSite(pkgDir, tsBundle, mcpUrl) {
  const pages = Object.fromEntries(['adapter', 'ts', 'empty'].map((k) => [`/${k}.html`, Buffer.from(page(k, mcpUrl))]));
  const server = http.createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const headers = (file) => ({ 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    if (pages[pathname]) return res.writeHead(200, headers(pathname)).end(pages[pathname]);
    if (pathname === '/ts/client.js') return res.writeHead(200, headers(pathname)).end(tsBundle);
    const file = pathname.startsWith('/pkg/') && path.join(pkgDir, pathname.slice(5));
    if (!file || !file.startsWith(pkgDir + path.sep)) return res.writeHead(404).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, headers(file)).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}

/** One page load in a fresh context: ms from navigation start to window.__result. */
async function load(browser, url, expectTools) {
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    const problems = [];
    tab.on('pageerror', (err) => problems.push(err.message));
    await tab.goto(url);
    const handle = await tab.waitForFunction(() => window.__result, null, { timeout: 30_000, polling: 10 });
    const result = await handle.jsonValue();
    if (result.error) throw new Error(`${url}: ${result.error}`);
    if (expectTools !== undefined && result.tools !== expectTools) {
      throw new Error(`${url}: listed ${result.tools} tools, not ${expectTools} (${problems.join('; ')})`);
    }
    return result.ms;
  } finally {
    await context.close();
  }
}

/**
 * `n` runs of each page, alternating (the order rotating every run): returns
 * `{ adapter: [ms], ts: [ms], empty: [ms] }`, each time from navigation start.
 */
export async function chromiumColdStart({ pkgDir, tsBundle, mcpUrl, tools, n, log = () => {} }) {
  const site = await startSite(pkgDir, tsBundle, mcpUrl);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  const kinds = ['empty', 'adapter', 'ts'];
  const out = { adapter: [], ts: [], empty: [] };
  try {
    // one unmeasured load of each: the browser process's own first-use costs
    for (const kind of kinds) await load(browser, `${site.origin}/${kind}.html`, kind === 'empty' ? 0 : tools);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < kinds.length; j++) {
        const kind = kinds[(i + j) % kinds.length];
        log(`bench: Chromium cold start ${i + 1}/${n} / ${kind}`);
        out[kind].push(await load(browser, `${site.origin}/${kind}.html`, kind === 'empty' ? 0 : tools));
      }
    }
  } finally {
    await browser.close();
    await site.close();
  }
  return out;
}
