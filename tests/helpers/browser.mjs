// Shared by the tests that run pages in headless Chromium (browser.test.mjs,
// auth-browser.test.mjs): the browser, a static site for the pages and the package, and a
// page run to its report.
import assert from 'node:assert/strict';
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { REPO_ROOT } from './servers.mjs';

/** The browser binary: Debian's chromium, or CHROMIUM=<path>. */
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

/**
 * Launches headless Chromium as the tests run it (no sandbox, GPU or background traffic). Names
 * other than loopback do not resolve, at once, so no page or view waits on a resolver that
 * stalls (the PDF view fetches pdf.js's standard fonts from unpkg.com).
 */
export const launchChromium = () =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
    ],
  });

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.ts': 'text/plain; charset=utf-8',
};

/**
 * Serves `/pkg/*` from pkg/ and each of `dirs` (paths below the repository root, such as
 * `tests/browser`) under `/<dir>/`, and each prefix of `absolute` from its directory, GET
 * only, on 127.0.0.1 with no CORS headers. Every request is recorded in `seen` as
 * `METHOD /path?query`.
 */
export async function startStaticSite(dirs, absolute = {}) {
  const roots = { '/pkg/': path.join(REPO_ROOT, 'pkg') };
  for (const dir of dirs) roots[`/${dir}/`] = path.join(REPO_ROOT, ...dir.split('/'));
  // `absolute`: more roots, `{ "/prefix/": "/absolute/dir" }` (e.g. a bundle in a temp dir)
  Object.assign(roots, absolute);
  const seen = [];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    const pathname = decodeURIComponent(url.pathname);
    seen.push(`${req.method} ${pathname}${url.search}`);
    const prefix = Object.keys(roots).find((p) => pathname.startsWith(p));
    const file = prefix && path.join(roots[prefix], pathname.slice(prefix.length));
    if (req.method !== 'GET' || !file || !file.startsWith(roots[prefix] + path.sep)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    seen,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * Opens `url` in `page` and waits (across the page's own navigations, up to PAGE_TIMEOUT_MS,
 * default 60 s) until it sets `window.__done`; returns `{ results: window.__results,
 * problems }`, `problems` being the page's errors and failed requests. Fails when the page
 * never finished or reported `fatal`, with the problems and what `site` served.
 */
export async function runPage(page, url, site) {
  const problems = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('requestfailed', (req) => problems.push(`requestfailed: ${req.method()} ${req.url()}: ${req.failure()?.errorText}`));
  await page.goto(url);
  let results;
  for (const deadline = Date.now() + Number(process.env.PAGE_TIMEOUT_MS ?? 60_000); Date.now() < deadline && !results; ) {
    results = await page.evaluate(() => (window.__done === true ? window.__results : undefined)).catch(() => undefined);
    if (!results) await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(results, `the page never finished\npage problems:\n${problems.join('\n')}\nsite saw:\n${site.seen.join('\n')}`);
  assert.equal(results.fatal, undefined, `the page failed: ${JSON.stringify(results)}\n${problems.join('\n')}`);
  return { results, problems };
}
