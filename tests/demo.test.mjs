// `npm start` (www/demo.mjs): the walkthrough shows the main job in Node (tools listed from
// the embedded server, results in LangChain shapes), and the server it leaves running serves
// the page, the package and the page's config, next to a demo MCP server the page's origin
// may call (CORS). The page itself is driven in Chromium by tests/www.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import http from 'node:http';
import { REPO_ROOT } from './helpers/servers.mjs';

test('npm start walkthrough lists and calls the demo tools', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['www/demo.mjs', '--once'], { cwd: REPO_ROOT, timeout: 60_000 });
  assert.match(stdout, /protocol 2026-07-28, server ts-fixture: \d+ tools/);
  assert.match(stdout, /echo .*\[readOnlyHint\]/);
  assert.match(stdout, /delete_item .*\[destructiveHint\]/);
  assert.match(stdout, /"text": "echo: hello from wasm"/);
  assert.match(stdout, /"structured_content": \{\s+"city": "Oslo"/);
  assert.match(stdout, /"mimeType": "image\/png"/);
  assert.match(stdout, /"status": "error"/);
  assert.match(stdout, /progress seen: 1\/3 2\/3 3\/3/);
  assert.match(stdout, /"code": "timeout"/);
});

test('npm start serves the page, the package and its config, beside a demo server open to the page', async (t) => {
  const child = spawn(process.execPath, ['www/demo.mjs', '--serve'], { cwd: REPO_ROOT, env: { ...process.env, DEMO_WEB_PORT: '0' } });
  t.after(() => child.kill('SIGTERM'));
  let out = '';
  const [pageUrl, mcpUrl] = await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const page = out.match(/page: (http:\/\/127\.0\.0\.1:\d+\/)/);
      if (page) resolve([page[1], out.match(/demo MCP server: (\S+)/)[1]]);
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
  assert.doesNotMatch(out, /protocol 2026-07-28/, '--serve skips the walkthrough');
  const get = (path) => fetch(new URL(path, pageUrl));
  const index = await get('/');
  assert.equal(index.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.match(await index.text(), /<script type="module" src=".\/app.js">/);
  for (const [path, type] of [['/app.js', 'text/javascript'], ['/style.css', 'text/css'], ['/pkg/index.browser.js', 'text/javascript'], ['/pkg/mcp_wasm_adapter_bg.wasm', 'application/wasm']]) {
    const response = await get(path);
    assert.equal(response.status, 200, path);
    assert.match(response.headers.get('content-type'), new RegExp(`^${type}`), path);
  }
  assert.deepEqual(await (await get('/config.json')).json(), { mcpUrl });
  const outside = await new Promise((resolve, reject) => http.get(new URL(pageUrl), { path: '/../package.json' }, resolve).on('error', reject));
  assert.equal(outside.statusCode, 404, 'nothing outside www/ and pkg/');
  outside.resume();
  // the demo MCP server answers the page origin's preflight
  const preflight = await fetch(mcpUrl, {
    method: 'OPTIONS',
    headers: { origin: new URL(pageUrl).origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, mcp-protocol-version, mcp-method' },
  });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
  assert.match(preflight.headers.get('access-control-allow-headers'), /mcp-method/);
});
