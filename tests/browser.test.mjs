// The npm package in a real browser: Debian's chromium, driven by playwright-core, loads
// tests/browser/index.html from a static server, and the page imports the package's
// browser entry (/pkg/index.browser.js, which compiles the wasm from its URL) and talks to
// live MCP fixtures. The page's origin (the static server's port) differs from the
// fixtures', so every request is a real cross-origin fetch with a CORS preflight.
//
// Needs pkg/ (bash scripts/build.sh) and /usr/bin/chromium (or CHROMIUM=<path>).
// Run: node --test tests/browser.test.mjs
// Env: CHROMIUM (browser binary), PAGE_TIMEOUT_MS (wait for the page, default 60000),
//      BROWSER_TEST_DUMP=1 (print what the page saw).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { launchChromium, runPage as runPageIn, startStaticSite } from './helpers/browser.mjs';
import { PNG_1X1_B64 } from './helpers/fixture-data.mjs';
import { REPO_ROOT, startTsServer, startFastMCP } from './helpers/servers.mjs';

const HAS_FASTMCP = existsSync(path.join(REPO_ROOT, '.venv', 'bin', 'python'));

let ts;
let fastmcp;
let site;
let browser;

before(async () => {
  if (!existsSync(path.join(REPO_ROOT, 'pkg', 'index.browser.js'))) {
    throw new Error('pkg/ is missing: run `bash scripts/build.sh` first');
  }
  site = await startStaticSite(['tests/browser']);
  ts = await startTsServer({ port: 0 });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await ts?.close();
  await fastmcp?.close();
  await site?.close();
});

/** Opens the test page with `query`, waits for `window.__done`, returns `window.__results`. */
async function runPage(query) {
  const page = await browser.newPage();
  try {
    const { results, problems } = await runPageIn(page, `${site.origin}/tests/browser/index.html?${query}`, site);
    if (process.env.BROWSER_TEST_DUMP) console.error(JSON.stringify({ results, problems }, null, 1));
    return { results, problems };
  } finally {
    await page.close();
  }
}

/**
 * Chromium reports a request whose body the page stopped reading as `net::ERR_ABORTED`:
 * the timed-out and the aborted `sleep` calls, and SSE responses the adapter cancels once
 * its result arrived. Those are expected.
 */
function isExpectedAbort(problem) {
  return /^requestfailed: POST http:\/\/127\.0\.0\.1:\d+\/mcp: net::ERR_ABORTED$/.test(problem);
}

/** Assertions shared by every live server. */
function checkServer(out, { serverName }) {
  assert.equal(out.threw, undefined, `exercising ${out.url ?? ''} threw: ${JSON.stringify(out)}`);
  assert.equal(out.protocolBeforeFirstCall, null);
  assert.equal(out.protocolVersion, '2026-07-28');
  assert.equal(out.server.serverInfo.name, serverName);
  assert.ok(out.server.supportedVersions.includes('2026-07-28'), JSON.stringify(out.server));
  for (const name of ['echo', 'get_weather', 'tiny_image', 'sleep', 'count_slowly']) {
    assert.ok(out.toolNames.includes(name), `${name} in ${out.toolNames}`);
  }
  assert.equal(out.echoTool.annotations?.readOnlyHint, true);

  // (FastMCP also sends structuredContent {result} for a str return: the artifact is not checked)
  assert.deepEqual(out.echo.content, [{ type: 'text', text: 'echo: hello from the browser ✓ 世界' }], JSON.stringify(out.echo));
  assert.equal(out.echo.status, 'success');
  assert.deepEqual(out.byName.content, [{ type: 'text', text: 'echo: by name' }]);
  assert.deepEqual(out.weather.artifact, { structured_content: { city: 'Oslo', temperature_c: 21.5, conditions: 'sunny' } });
  assert.equal(out.weather.status, 'success');
  assert.equal(out.image.content.length, 1);
  assert.equal(out.image.content[0].type, 'image');
  assert.equal(out.image.content[0].mimeType, 'image/png');
  assert.equal(out.image.content[0].data, PNG_1X1_B64);

  assert.equal(out.count.status, 'success', JSON.stringify(out.count));
  assert.deepEqual(
    out.progress.map((p) => p.progress),
    [1, 2, 3],
    JSON.stringify(out.progress),
  );

  assert.equal(out.sleepTimeout.threw, true, JSON.stringify(out.sleepTimeout));
  assert.equal(out.sleepTimeout.instanceOfMCPAdapterError, true);
  assert.equal(out.sleepTimeout.name, 'MCPAdapterError');
  assert.equal(out.sleepTimeout.code, 'timeout', out.sleepTimeout.message);
  assert.ok(out.sleepTimeoutMs >= 250 && out.sleepTimeoutMs < 4_000, `timed out after ${out.sleepTimeoutMs} ms`);

  assert.equal(out.sleepAborted.code, 'aborted', JSON.stringify(out.sleepAborted));
  assert.ok(out.sleepAbortedMs < 4_000, `aborted after ${out.sleepAbortedMs} ms`);

  assert.deepEqual(out.echoAfter.content, [{ type: 'text', text: 'echo: still here' }]);
  assert.equal(out.interrupt.type, 'mcp_elicitation', JSON.stringify(out.interrupt));
  assert.equal(out.interrupt.tool_name, 'confirm_action');
  assert.match(out.interrupt.signature, /^v1\.[A-Za-z0-9_-]{43}$/);
  assert.equal(out.altered.code, 'interrupt_signature_invalid', JSON.stringify(out.altered));
  assert.equal(out.resumed.status, 'success', JSON.stringify(out.resumed));
  assert.match(out.resumed.content[0].text, /^deploy: confirmed/);
}

test('the browser entry works against the TypeScript SDK fixture across origins', { timeout: 90_000 }, async () => {
  const fixtureOrigin = new URL(ts.url).origin;
  assert.notEqual(fixtureOrigin, site.origin, 'page and MCP server are on different origins');
  // localhost:<static port> is another origin than the page's 127.0.0.1:<port>, and the
  // static server sends no CORS headers: the browser must refuse, and the adapter say so
  // (code cors: the static server does answer the adapter's no-cors probe).
  const nocors = `http://localhost:${site.port}/mcp`;
  const { results, problems } = await runPage(`server=${encodeURIComponent(ts.url)}&nocors=${encodeURIComponent(nocors)}`);

  assert.equal(results.origin, site.origin);
  assert.deepEqual(results.classNames, ['MCPAdapter', 'MCPAdapterError', 'MCPAdapterGroup']);
  assert.ok(site.seen.includes('GET /pkg/index.browser.js'), site.seen.join('\n'));
  assert.ok(site.seen.includes('GET /pkg/mcp_wasm_adapter_bg.wasm'), 'the wasm was fetched by URL');

  for (const bad of [results.relative, results.fileUrl]) {
    assert.equal(bad.threw, true, JSON.stringify(bad));
    assert.equal(bad.instanceOfMCPAdapterError, true);
    assert.equal(bad.instanceOfError, true);
    assert.equal(bad.name, 'MCPAdapterError');
    assert.equal(bad.code, 'invalid_url', bad.message);
  }

  assert.equal(results.servers.length, 1);
  checkServer(results.servers[0], { serverName: 'ts-fixture' });

  assert.equal(results.nocors.threw, true, JSON.stringify(results.nocors));
  assert.equal(results.nocors.code, 'cors', results.nocors.message);
  assert.ok(problems.some((p) => /blocked by CORS policy/.test(p)), `the browser refused by CORS:\n${problems.join('\n')}`);
  // Chromium logs the CORS refusal to the console, and the opaque answer to the no-cors probe
  // as aborted; nothing else may go wrong on the page.
  const probe = (p) => p === `requestfailed: HEAD ${nocors}: net::ERR_ABORTED`;
  const unexpected = problems.filter((p) => !/CORS|Failed to load resource|ERR_FAILED/i.test(p) && !isExpectedAbort(p) && !probe(p));
  assert.deepEqual(unexpected, []);
});

test('the browser entry works against the FastMCP fixture across origins', { timeout: 90_000, skip: !HAS_FASTMCP && 'no .venv (run scripts/setup.sh)' }, async () => {
  fastmcp = await startFastMCP();
  const { results, problems } = await runPage(`server=${encodeURIComponent(fastmcp.url)}`);
  assert.equal(results.servers.length, 1);
  checkServer(results.servers[0], { serverName: 'fastmcp-fixture' });
  assert.deepEqual(problems.filter((p) => !isExpectedAbort(p)), []);
});
