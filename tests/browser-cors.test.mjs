// A CORS refusal in a browser has its own error code. Headless Chromium runs the built
// package on a page of one origin against the TypeScript SDK fixture on another origin that
// sends no CORS headers: the call fails with `cors` and a message that names what the server
// must allow and expose. A server that is down gives `network`, saying so.
//
//   bash scripts/build.sh && node --test tests/browser-cors.test.mjs
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEAD_URL, startTsServer } from './helpers/servers.mjs';
import { launchChromium, startStaticSite } from './helpers/browser.mjs';

let site;
let browser;
let tab;
let server;

before(async () => {
  site = await startStaticSite([]);
  server = await startTsServer({ cors: false });
  browser = await launchChromium();
  tab = await browser.newPage();
  // any page of the site's origin: the adapter is imported into it
  await tab.goto(`${site.origin}/pkg/package.json`);
});

after(async () => {
  await browser?.close();
  await server?.close();
  await site?.close();
});

/** `listTools()` in the page, with `headers`; the error it rejected with (`{ code, message }`). */
async function failure(url, headers) {
  return tab.evaluate(
    async ([url, headers]) => {
      const { MCPAdapter } = await import('/pkg/index.browser.js');
      try {
        await new MCPAdapter(url, { headers, timeoutMs: 10_000 }).listTools();
        return { code: 'none' };
      } catch (e) {
        return { name: e.name, code: e.code, message: e.message };
      }
    },
    [url, headers],
  );
}

describe('CORS in a browser', { timeout: 60_000 }, () => {
  it('a server of another origin that sends no CORS headers fails with code cors, naming what to allow and expose', async () => {
    const e = await failure(server.url, { Authorization: 'Bearer page-secret' });
    assert.equal(e.name, 'MCPAdapterError');
    assert.equal(e.code, 'cors', e.message);
    assert.ok(e.message.includes(`the origin ${site.origin}`), e.message);
    assert.ok(e.message.includes(new URL(server.url).origin), e.message);
    assert.match(e.message, /Access-Control-Allow-Origin/);
    assert.match(e.message, /Access-Control-Allow-Headers/);
    for (const header of ['Content-Type', 'Authorization', 'Mcp-Protocol-Version', 'Mcp-Method', 'Mcp-Name', 'Mcp-Session-Id']) {
      assert.ok(e.message.includes(header), `${header}: ${e.message}`);
    }
    assert.match(e.message, /this request sent [a-z, -]*authorization/, 'and names the headers this request carried');
    assert.match(e.message, /expose Mcp-Session-Id \(Access-Control-Expose-Headers\)/);
    assert.doesNotMatch(e.message, /page-secret/);
  });

  it('a server that is down fails with code network, saying the probe did not reach it either', async () => {
    const e = await failure(DEAD_URL);
    assert.equal(e.code, 'network', e.message);
    assert.match(e.message, /did not answer a no-cors probe either/);
  });

  it('the same server with CORS headers is reached from the page (control)', async () => {
    const open = await startTsServer();
    try {
      const names = await tab.evaluate(async (url) => {
        const { MCPAdapter } = await import('/pkg/index.browser.js');
        return (await new MCPAdapter(url).listTools()).map((t) => t.name);
      }, open.url);
      assert.ok(names.includes('echo'), String(names));
    } finally {
      await open.close();
    }
  });
});
