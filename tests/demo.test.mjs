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
  // the interrupt as JSON, then its resume by a fresh adapter: the tool done with the answer
  assert.match(stdout, /"message": "Really reboot\?"[^]*"type": "mcp_elicitation"/);
  assert.match(stdout, /a fresh adapter resumes the stored interrupt[^]*"text": "reboot: confirmed \(state=/);
  assert.match(stdout, /What just happened: the call paused for a person as plain JSON/);
});

test('npm start serves the page, the package and its config, beside a demo server open to the page', async (t) => {
  const child = spawn(process.execPath, ['www/demo.mjs', '--serve'], { cwd: REPO_ROOT, env: { ...process.env, DEMO_WEB_PORT: '0', DEMO_SANDBOX_PORT: '0' } });
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
  const { sandboxUrl, ...config } = await (await get('/config.json')).json();
  assert.deepEqual(config, { mcpUrl });
  // the host bridge of MCP Apps, bundled by the build; the sandbox proxy on another origin only
  assert.match((await get('/build/app-bridge.js')).headers.get('content-type'), /^text\/javascript/);
  assert.notEqual(new URL(sandboxUrl).origin, new URL(pageUrl).origin);
  assert.equal((await get('/sandbox.html')).status, 404);
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

test("npm start's sandbox origin serves only the proxy, its CSP built from declared domains and never looser", async (t) => {
  const child = spawn(process.execPath, ['www/demo.mjs', '--serve'], { cwd: REPO_ROOT, env: { ...process.env, DEMO_WEB_PORT: '0', DEMO_SANDBOX_PORT: '0' } });
  t.after(() => child.kill('SIGTERM'));
  let out = '';
  const sandboxUrl = await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const sandbox = out.match(/sandbox of MCP Apps: (\S+)/);
      if (sandbox) resolve(sandbox[1]);
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
  const policyOf = async (csp) => {
    const response = await fetch(csp === undefined ? sandboxUrl : `${sandboxUrl}?csp=${encodeURIComponent(JSON.stringify(csp))}`);
    assert.equal(response.status, 200);
    assert.match(await response.text(), /<script src=".\/sandbox.js">/);
    return response.headers.get('content-security-policy');
  };
  // nothing declared: MCP Apps' restrictive default, and the sandbox rules
  assert.equal(
    await policyOf(undefined),
    "default-src 'none'; script-src 'self' 'unsafe-inline' data:; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data:; connect-src 'none'; worker-src 'self' blob:; frame-src 'none'; object-src 'none'; base-uri 'self'",
  );
  // declared: the domains added where they belong; keywords, directives, paths and wildcards are not domains
  const policy = await policyOf({
    connectDomains: ['https://api.example.com', "'unsafe-eval'", 'https://a.example; script-src *', '*', 'https://x.example/path', 7],
    resourceDomains: ['https://*.cdn.example', 'javascript:alert(1)'],
    frameDomains: ['https://player.example:8443'],
    baseUriDomains: ['https://base.example'],
  });
  assert.equal(
    policy,
    "default-src 'none'; script-src 'self' 'unsafe-inline' data: https://*.cdn.example; style-src 'self' 'unsafe-inline' https://*.cdn.example; img-src 'self' data: https://*.cdn.example; media-src 'self' data: https://*.cdn.example; font-src 'self' https://*.cdn.example; connect-src 'self' https://api.example.com; worker-src 'self' blob: https://*.cdn.example; frame-src https://player.example:8443; object-src 'none'; base-uri https://base.example",
  );
  // a ?csp that is not JSON: the default
  assert.match(await (await fetch(`${sandboxUrl}?csp=%7B`)).headers.get('content-security-policy'), /connect-src 'none'/);
  const origin = new URL(sandboxUrl).origin;
  assert.equal((await fetch(`${origin}/sandbox.js`)).status, 200);
  for (const path of ['/', '/app.js', '/pkg/index.browser.js', '/config.json']) assert.equal((await fetch(`${origin}${path}`)).status, 404, path);
});
