// mcp-wasm-adapter/auth in headless Chromium: a page (tests/auth/page.html, served from its
// own origin) calls a tool of a protected MCP server; the adapter sends the tab through the
// authorization server (oidc-provider, which signs in and consents at once) with the redirect
// flow, the page at the redirect URI finishes the sign-in (handleRedirect, tokens in
// sessionStorage) and the call succeeds. Every request crosses origins (CORS).
// Needs pkg/ (bash scripts/build.sh) and /usr/bin/chromium (or CHROMIUM=<path>).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { launchChromium, runPage as runPageIn, startStaticSite } from './helpers/browser.mjs';
import { REPO_ROOT } from './helpers/servers.mjs';
import { startAuthServer, startMcpServer } from './auth/fixtures.mjs';

let site;
let as;
let mcp;
let browser;

before(async () => {
  if (!existsSync(path.join(REPO_ROOT, 'pkg', 'auth.js'))) throw new Error('pkg/ is missing: run `bash scripts/build.sh` first');
  site = await startStaticSite(['tests/auth']);
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
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await mcp?.close();
  await as?.close();
  await site?.close();
});

/** Opens the page in `mode`, waits until it reports (across its navigations), returns its results. */
async function runPage(page, mode) {
  const url = `${site.origin}/tests/auth/page.html?server=${encodeURIComponent(mcp.url)}&client=browser-app&mode=${mode}`;
  return (await runPageIn(page, url, site)).results;
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
