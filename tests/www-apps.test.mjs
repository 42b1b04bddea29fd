// The demo page as an MCP Apps host (MCP Apps 2026-01-26, `apps.mdx`), in headless Chromium:
// served by `npm start`'s server (www/demo.mjs --serve, the sandbox proxy on an origin of its
// own) and connected to real app servers: the official examples from npm (basic-vanillajs,
// system-monitor, budget-allocator, pdf with a PDF written by the test; 2025-11-25) and the
// FastMCP apps fixture (tests/fixtures/fastmcp_apps_server.py, 2026-07-28), whose clock view
// probes what a host must enforce. The ext-apps host conformance runner is not published; the
// checks of its list that a page test can make are here: the sandbox on a distinct origin, the
// CSP built from the declared domains and no looser, tool-input before tool-result, and the
// guard on an app's tool calls. A screenshot of each app goes to www/screenshots/ (ignored).
//
//   bash scripts/build.sh && node --test tests/www-apps.test.mjs

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { launchChromium } from './helpers/browser.mjs';
import { callFromCard, openDemoPage, startDemo } from './helpers/demo.mjs';
import { REPO_ROOT, startAll, startAppExample, startFastMCPApps } from './helpers/servers.mjs';
import { writeTinyPdf } from './helpers/tiny-pdf.mjs';

const SHOTS = path.join(REPO_ROOT, 'www', 'screenshots');
const WAIT_MS = 30_000;

describe('the demo page hosts MCP Apps', { timeout: 240_000 }, () => {
  let demo;
  let browser;
  let context;
  let dir;
  let pdfFile;
  const servers = {};
  const problems = [];

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    dir = await mkdtemp(path.join(os.tmpdir(), 'mcp-apps-page-'));
    pdfFile = path.join(dir, 'sample.pdf');
    await writeTinyPdf(pdfFile, ['Page one', 'Page two']);
    const started = await startAll([
      startDemo(),
      startAppExample('basic-vanillajs'),
      startAppExample('system-monitor'),
      startAppExample('budget-allocator'),
      startAppExample('pdf', [pdfFile]),
      startFastMCPApps(),
    ]);
    [demo, servers.basic, servers.monitor, servers.budget, servers.pdf, servers.clock] = started;
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  });

  after(async () => {
    await browser?.close();
    await Promise.all([demo?.stop(), ...Object.values(servers).map((s) => s.close())]);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** The page connected to `url`: its errors (the page's own, not the views') collected. */
  async function pageFor(url) {
    const page = await openDemoPage(context, `${demo.pageUrl}?url=${encodeURIComponent(url)}`, {
      timeoutMs: WAIT_MS,
      problems,
      // the probe of a 2025-11-25 server (a 400) is expected
      onConsoleError: (m) => {
        if (m.location().url.startsWith(demo.pageUrl) && !/Failed to load resource/.test(m.text())) problems.push(`console: ${m.text()}`);
      },
    });
    await page.locator('#connect-status .ok').waitFor();
    return page;
  }

  /** Calls tool `name` from its card (`fields` filled first); resolves to the card and its view's inner frame. */
  async function callApp(page, name, fields = {}) {
    const card = await callFromCard(page, name, fields);
    await card.locator('.app-view .app-frame').waitFor();
    return { card, view: card.frameLocator('.app-frame').frameLocator('iframe') };
  }

  /** The messages between the page and the view so far, as `direction method` lines. */
  const wire = async (card) => (await card.locator('.app-wire li').allTextContents()).map((line) => line.split(' ').slice(0, 2).join(' '));

  /** Waits until the view's wire has `count` lines `line`. */
  async function seen(card, line, count = 1) {
    const deadline = Date.now() + WAIT_MS;
    while ((await wire(card)).filter((l) => l === line).length < count) {
      assert.ok(Date.now() < deadline, `never saw ${count} × ${line} in:\n${(await wire(card)).join('\n')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const logs = (page) => page.locator('#log li').allTextContents();

  it('shows basic-vanillajs in a sandbox of another origin, its input before its result; its button calls get-time through the host', async () => {
    const page = await pageFor(servers.basic.url);
    const { card, view } = await callApp(page, 'get-time');
    await view.getByText('Server Time:').waitFor();
    await seen(card, 'host→view ui/notifications/tool-result');
    const lines = await wire(card);
    const order = ['view→host ui/notifications/sandbox-proxy-ready', 'host→view ui/notifications/sandbox-resource-ready', 'view→host ui/initialize', 'view→host ui/notifications/initialized', 'host→view ui/notifications/tool-input', 'host→view ui/notifications/tool-result'];
    const at = order.map((line) => lines.indexOf(line));
    assert.deepEqual([...at].sort((a, b) => a - b), at, `in order:\n${lines.join('\n')}`);
    assert.ok(!at.includes(-1), lines.join('\n'));
    // the proxy and the view: the sandbox's origin, never the page's (whose document is out of their reach)
    const sandboxOrigin = new URL(demo.sandboxUrl).origin;
    const inner = page.frames().find((f) => f.parentFrame()?.url().startsWith(demo.sandboxUrl));
    assert.equal(await inner.evaluate(() => window.origin), sandboxOrigin);
    assert.notEqual(sandboxOrigin, new URL(demo.pageUrl).origin);
    assert.equal(await inner.evaluate(() => { try { return typeof window.top.document; } catch { return 'out of reach'; } }), 'out of reach');
    // the view's own tool call goes through the host, the adapter sends it
    await view.getByRole('button', { name: 'Get Server Time' }).click();
    await seen(card, 'view→host tools/call');
    await page.getByRole('tab', { name: /^History/ }).click();
    await page.locator('#history .entry', { hasText: 'tools/call get-time (from the MCP App) — ok' }).first().waitFor();
    await page.getByRole('tab', { name: /^Tools/ }).click();
    // ui/message in the log as the user's message, logging, the size the view asked for
    await view.getByRole('button', { name: 'Send Message' }).click();
    await page.locator('#log li', { hasText: 'message the user would send: This is message text.' }).waitFor();
    await view.getByRole('button', { name: 'Send Log' }).click();
    await page.locator('#log li', { hasText: 'This is log text.' }).waitFor();
    const height = await card.locator('.app-frame').evaluate((f) => f.style.height);
    assert.match(height, /^\d+px$/);
    await card.locator('.app-view').screenshot({ path: path.join(SHOTS, 'app-basic-vanillajs.png') });
    // Close: ui/resource-teardown answered, then the frame is gone
    await card.getByRole('button', { name: 'Close' }).click();
    await card.locator('.app-status', { hasText: 'closed: closed by the user' }).waitFor();
    assert.equal(await card.locator('.app-frame').count(), 0);
    assert.ok((await wire(card)).includes('host→view ui/resource-teardown'));
    await page.close();
  });

  it("shows system-monitor's live view, which polls its app-only tool poll-system-stats through the host", async () => {
    const page = await pageFor(servers.monitor.url);
    const { card, view } = await callApp(page, 'get-system-info');
    await view.getByText('System Monitor').first().waitFor();
    await seen(card, 'view→host tools/call', 3);
    const text = (await card.locator('.app-wire li').allTextContents()).filter((l) => l.startsWith('view→host tools/call'));
    assert.ok(text.every((l) => l.includes('"name":"poll-system-stats"')), text.join('\n'));
    // the person sees the tool is for its view only
    assert.equal(await page.locator('[data-tool="poll-system-stats"] .badge.app-only').textContent(), 'for its view only');
    await card.locator('.app-view').screenshot({ path: path.join(SHOTS, 'app-system-monitor.png') });
    await page.close();
  });

  it('shows budget-allocator with its data', async () => {
    const page = await pageFor(servers.budget.url);
    const { card } = await callApp(page, 'get-budget-data');
    await seen(card, 'host→view ui/notifications/tool-result');
    await seen(card, 'view→host ui/notifications/size-changed');
    await card.locator('.app-view').screenshot({ path: path.join(SHOTS, 'app-budget-allocator.png') });
    await page.close();
  });

  it('shows the PDF viewer rendering the pages of a local PDF (a worker from blob:, its code from data:)', async () => {
    const page = await pageFor(servers.pdf.url);
    const { card, view } = await callApp(page, 'display_pdf', { url: `file://${pdfFile}` });
    // page 1 drawn at the PDF's size (400×200 pt), its bytes read through read_pdf_bytes
    await view.locator('#pdf-canvas[width="400"][height="200"]').waitFor();
    await seen(card, 'view→host tools/call');
    // the next page, and what the viewer tells the model it shows (ui/update-model-context)
    await view.locator('#next-btn').click();
    // (the viewer may first tell the page number with the last page's text, then the new text)
    const context = card.locator('.app-context', { hasText: /Current Page: 2\/2[^]*Page content:\s*Page two/ });
    await context.waitFor();
    // the declared domains and the two local schemes, no more
    const policy = await card.locator('.app-policy').textContent();
    assert.match(policy, /script-src 'self' 'unsafe-inline' data: https:\/\/unpkg\.com;/);
    assert.match(policy, /worker-src 'self' blob: https:\/\/unpkg\.com;/);
    assert.match(policy, /connect-src 'self' https:\/\/unpkg\.com;/);
    assert.equal(await card.locator('.app-allow').textContent(), 'clipboard-write');
    await card.locator('.app-view').screenshot({ path: path.join(SHOTS, 'app-pdf.png') });
    await page.close();
  });

  describe('the clock view of the FastMCP apps fixture (2026-07-28)', () => {
    let page;
    let card;
    let view;
    let sandboxPolicy;
    before(async () => {
      page = await pageFor(servers.clock.url);
      page.on('response', async (r) => {
        if (r.url().startsWith(demo.sandboxUrl)) sandboxPolicy = r.headers()['content-security-policy'];
      });
      ({ card, view } = await callApp(page, 'show_clock', { city: 'Rome' }));
      await view.getByText('Clock: Rome 12:00').waitFor();
    });
    after(() => page?.close());

    it('gets the CSP built from its declared domains as the sandbox’s header, and no connection elsewhere', async () => {
      assert.equal(await page.locator('.server-revision').textContent(), '2026-07-28');
      const shown = await card.locator('.app-policy').textContent();
      assert.equal(sandboxPolicy, shown);
      assert.match(shown, /^default-src 'none'; /);
      assert.match(shown, /connect-src 'self' https:\/\/api\.example\.com;/);
      assert.match(shown, /img-src 'self' data: https:\/\/cdn\.example\.com;/);
      assert.match(shown, /frame-src 'none'; object-src 'none'; base-uri 'self'$/);
      // the view tries the declared origin and one it did not declare: only the latter is refused
      await view.getByRole('button', { name: 'Probe CSP' }).click();
      await page.locator('#log li', { hasText: 'csp refused connect-src http://127.0.0.1:9' }).waitFor();
      assert.ok(!(await logs(page)).some((l) => l.includes('csp refused') && l.includes('api.example.com')));
    });

    it("refuses the view's call to a model-only tool, sending nothing, and runs its app-only tool", async () => {
      await view.getByRole('button', { name: 'Call model_only' }).click();
      await view.getByText(/model_only: refused: an app may not call tool "model_only": its visibility does not include "app"/).waitFor();
      await view.getByRole('button', { name: 'Refresh' }).click();
      await view.getByText('refresh_clock: {"city":"Rome","time":"12:01"}').waitFor();
      await page.getByRole('tab', { name: /^History/ }).click();
      const refused = page.locator('#history .entry', { hasText: 'tools/call model_only (from the MCP App) — failed: app_call_refused' });
      await refused.locator('summary').click();
      assert.match(await refused.textContent(), /No message exchanged/);
      await page.getByRole('tab', { name: /^Tools/ }).click();
    });

    it('asks before opening a link: nothing opens on Refuse, a new tab on Open', async () => {
      const opened = [];
      const count = (p) => opened.push(p);
      context.on('page', count);
      await view.getByRole('button', { name: 'Open link' }).click();
      const ask = card.locator('.app-link');
      assert.equal(await ask.locator('.host').textContent(), 'example.com');
      await ask.getByRole('button', { name: 'Refuse' }).click();
      await view.getByText('link refused: Link opening denied by user').waitFor();
      await view.getByRole('button', { name: 'Open link' }).click();
      const popup = context.waitForEvent('page');
      await card.locator('.app-link').getByRole('button', { name: 'Open' }).click();
      await view.getByText('link opened').waitFor();
      await (await popup).close();
      context.off('page', count);
      // the one tab that opened is the one Open opened
      assert.equal(opened.length, 1);
      await card.locator('.app-view').screenshot({ path: path.join(SHOTS, 'app-clock.png') });
    });
  });

  it('had no errors of its own', () => {
    assert.deepEqual(problems, []);
  });
});
