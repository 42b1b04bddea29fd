// mcp-wasm-adapter/auth in headless Chromium: a page (tests/auth/page.html, served from its
// own origin) calls a tool of a protected MCP server; the adapter sends the tab through the
// authorization server (oidc-provider, which signs in and consents at once) with the redirect
// flow, the page at the redirect URI finishes the sign-in (handleRedirect, tokens in
// sessionStorage) and the call succeeds. Every request crosses origins (CORS).
// Needs pkg/ (bash scripts/build.sh) and /usr/bin/chromium (or CHROMIUM=<path>).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { REPO_ROOT } from './helpers/servers.mjs';
import { startAuthServer, startMcpServer } from './auth/fixtures.mjs';

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm' };

/** Serves /pkg/* and /tests/auth/* on 127.0.0.1 (no CORS); records the paths asked for. */
async function startSite() {
  const roots = { '/pkg/': path.join(REPO_ROOT, 'pkg'), '/tests/auth/': path.join(REPO_ROOT, 'tests', 'auth') };
  const seen = [];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    seen.push(`${req.method} ${url.pathname}${url.search}`);
    const prefix = Object.keys(roots).find((p) => url.pathname.startsWith(p));
    const file = prefix && path.join(roots[prefix], decodeURIComponent(url.pathname.slice(prefix.length)));
    if (!file || !file.startsWith(roots[prefix] + path.sep)) return res.writeHead(404).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${server.address().port}`, seen, close: () => new Promise((r) => server.close(r)) };
}

let site;
let as;
let mcp;
let browser;

before(async () => {
  if (!existsSync(path.join(REPO_ROOT, 'pkg', 'auth.js'))) throw new Error('pkg/ is missing: run `bash scripts/build.sh` first');
  site = await startSite();
  const redirect = `${site.origin}/tests/auth/page.html`;
  as = await startAuthServer({
    corsOrigins: [site.origin],
    clients: [{
      client_id: 'browser-app',
      token_endpoint_auth_method: 'none',
      redirect_uris: [redirect],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    }],
  });
  mcp = await startMcpServer({ authServer: as });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'] });
});

after(async () => {
  await browser?.close();
  await mcp?.close();
  await as?.close();
  await site?.close();
});

/** Opens the page in `mode`, waits until it reports (across its navigations), returns its results. */
async function runPage(page, mode) {
  const problems = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => msg.type() === 'error' && problems.push(`console: ${msg.text()}`));
  await page.goto(`${site.origin}/tests/auth/page.html?server=${encodeURIComponent(mcp.url)}&client=browser-app&mode=${mode}`);
  let results;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline && !results;) {
    results = await page.evaluate(() => (window.__done ? window.__results : undefined)).catch(() => undefined);
    if (!results) await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(results, `the page never finished\n${problems.join('\n')}\nsite saw:\n${site.seen.join('\n')}`);
  assert.equal(results.fatal, undefined, `${results.fatal}\n${problems.join('\n')}`);
  return results;
}

test('a page signs in through the redirect flow and calls the protected tool', { timeout: 90_000 }, async () => {
  const page = await browser.newPage();
  try {
    const results = await runPage(page, 'redirect');
    assert.equal(results.text, 'hello alice');
    assert.equal(results.signedInHere, true, 'the call succeeded after coming back from the authorization server');
    assert.equal(results.redirect.server, mcp.url);
    assert.ok(!/[?&](code|state)=/.test(results.addressBar), `code and state left in the address bar: ${results.addressBar}`);
    assert.ok(results.stored.includes(`mcp-auth:tokens ${mcp.url}`), JSON.stringify(results.stored));
    // the round trip: page -> authorization endpoint -> ... -> page?code&state&iss
    const [authorization] = as.authorizations;
    assert.equal(authorization.client_id, 'browser-app');
    assert.equal(authorization.code_challenge_method, 'S256');
    assert.equal(authorization.resource, mcp.url);
    assert.ok(site.seen.some((s) => /^GET \/tests\/auth\/page\.html\?code=.*&state=.*&iss=/.test(s)), site.seen.join('\n'));
    assert.ok(mcp.seen.some((r) => r.method === 'POST' && r.authorization?.startsWith('Bearer ')), 'the MCP server saw the token');
    assert.ok(as.seen.every((r) => !r.authorization?.startsWith('Bearer ')), 'no bearer token at the authorization server');
  } finally {
    await page.close();
  }
});

test('a page signs in through a popup and the waiting call continues', { timeout: 90_000 }, async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const popups = [];
  page.on('popup', (popup) => popups.push(popup));
  try {
    const before = as.authorizations.length;
    const results = await runPage(page, 'popup');
    assert.equal(results.text, 'hello alice');
    assert.equal(results.signedInHere, false, 'the page itself never left');
    assert.equal(results.redirect, undefined);
    assert.equal(popups.length, 1, 'one popup');
    assert.ok(popups[0].isClosed(), 'popupFlow closed the popup');
    assert.equal(as.authorizations.length, before + 1);
  } finally {
    await context.close();
  }
});
