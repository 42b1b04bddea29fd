// The demo page (www/) as a person uses it, in headless Chromium (playwright-core driving
// Debian's /usr/bin/chromium): served by `npm start`'s server (www/demo.mjs --serve) and
// connected to its embedded demo MCP server, it calls tools through generated forms, answers
// interrupts (a form, a URL, an approval; one resumed in a second page), reads resources,
// gets prompts, shows the traced JSON-RPC exchanges, explains an unreachable server, and
// signs in with OAuth to a protected server (tests/auth/fixtures.mjs: oidc-provider), and
// shows two servers side by side (one MCPAdapterGroup), a tool called on each, one removed.
// Each step asserts what is on the page; screenshots go to www/screenshots/ (ignored by git).
//
//   bash scripts/build.sh && node --test tests/www.test.mjs

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launchChromium, startStaticSite } from './helpers/browser.mjs';
import { callFromCard, openDemoPage, startDemo } from './helpers/demo.mjs';
import { DEAD_URL, REPO_ROOT, startTsServer } from './helpers/servers.mjs';
import { startAuthServer, startMcpServer } from './auth/fixtures.mjs';

const SHOTS = path.join(REPO_ROOT, 'www', 'screenshots');
const README_TEXT = 'This is the mcp-wasm-adapter TypeScript SDK fixture server.';
const WAIT_MS = 15_000;

describe('the demo page in Chromium', () => {
  let demo;
  let browser;
  let context;
  let page;
  let authServer;
  let protectedServer;
  const problems = [];
  const corsRefusals = [];

  /** A page of the demo, its errors collected; waits until its start-up script has run. */
  function openPage(query = '') {
    return openDemoPage(context, demo.pageUrl + query, {
      timeoutMs: WAIT_MS,
      problems,
      // the unreachable-server and CORS steps make the browser log the refusals
      onConsoleError: (m) => {
        if (/blocked by CORS policy/.test(m.text())) corsRefusals.push(m.text());
        else if (!/ERR_CONNECTION_REFUSED|ERR_FAILED|Failed to load resource/.test(m.text())) problems.push(`console: ${m.text()}`);
      },
    });
  }

  const shot = (name, p = page) => p.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });

  /** The card of tool `name`, opened ("Call it"), with its form. */
  async function toolCard(name) {
    await page.getByRole('tab', { name: /^Tools/ }).click();
    const card = page.locator(`[data-tool="${name}"]`);
    const details = card.locator('details.try');
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
    return card;
  }

  /** Calls the tool of `card` and waits for its output to settle (a result, interrupt or error). */
  async function call(card) {
    await card.getByRole('button', { name: 'Call', exact: true }).click();
    await card.locator('.output:not([data-state="running"])').locator('.result, .interrupt, .error').first().waitFor();
  }

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    demo = await startDemo();
    // a protected MCP server and its authorization server, which knows the page as a client
    authServer = await startAuthServer({
      corsOrigins: [new URL(demo.pageUrl).origin],
      clients: [{ client_id: 'demo-page', token_endpoint_auth_method: 'none', redirect_uris: [demo.pageUrl], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] }],
    });
    protectedServer = await startMcpServer({ authServer });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1200, height: 860 } });
    page = await openPage();
  });

  after(async () => {
    await browser?.close();
    await protectedServer?.close();
    await authServer?.close();
    await demo?.stop();
  });

  it('connects to the demo server and shows its name, version, revision and instructions', async () => {
    await page.locator('#connect-status .ok').waitFor();
    assert.equal(await page.locator('#url').inputValue(), demo.mcpUrl);
    assert.equal(await page.locator('.server-name').textContent(), 'ts-fixture');
    assert.equal(await page.locator('.server-version').textContent(), '0.1.0');
    assert.equal(await page.locator('.server-revision').textContent(), '2026-07-28');
    assert.match(await page.locator('.server-instructions').textContent(), /Fixture server for mcp-wasm-adapter tests/);
    assert.ok((await page.locator('[data-tool]').count()) >= 20);
    assert.deepEqual(await page.locator('[data-tool="echo"] .badge').allTextContents(), ['read-only']);
    assert.deepEqual(await page.locator('[data-tool="delete_item"] .badge').allTextContents(), ['destructive']);
    // the connection is remembered (its URL only)
    assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem('mcp-wasm-adapter.demo.recent'))), [demo.mcpUrl]);
    await shot('connected');
  });

  it('calls a text tool through its form', async () => {
    const card = await toolCard('echo');
    await card.locator('[data-field="text"] input').fill('hello from the tab');
    await call(card);
    assert.equal(await card.locator('.result.success pre.text').textContent(), 'echo: hello from the tab');
  });

  it('shows an image result as an image that loads', async () => {
    const card = await toolCard('tiny_image');
    await call(card);
    const img = card.locator('.result img');
    await img.waitFor();
    await page.waitForFunction((el) => el.complete, await img.elementHandle());
    assert.equal(await img.evaluate((el) => el.naturalWidth), 1);
    assert.match(await img.getAttribute('src'), /^data:image\/png;base64,iVBOR/);
  });

  it('shows audio with a player, embedded resources and a resource link that reads', async () => {
    const audio = await toolCard('tiny_audio');
    await call(audio);
    assert.match(await audio.locator('.result audio[controls]').getAttribute('src'), /^data:audio\/wav;base64,UklGR/);
    const embedded = await toolCard('embedded_resource');
    await call(embedded);
    assert.equal(await embedded.locator('.block.resource .kind').textContent(), 'embedded resource fixture://readme (text/plain)');
    assert.equal(await embedded.locator('.block.resource pre').textContent(), README_TEXT);
    await page.waitForFunction((el) => el.complete && el.naturalWidth === 1, await embedded.locator('.block.image img').elementHandle());
    const link = await toolCard('resource_link');
    await call(link);
    assert.match(await link.locator('.block.link').textContent(), /resource linkFixture README fixture:\/\/readme/);
    await link.getByRole('button', { name: 'Read it' }).click();
    await page.locator('#resource-output pre.text').waitFor();
    assert.equal(await page.locator('#resource-output pre.text').textContent(), README_TEXT);
  });

  it('shows a failing tool as an error', async () => {
    const card = await toolCard('fail');
    assert.equal(await card.locator('[data-field="message"] input').inputValue(), 'boom', 'the default is prefilled');
    await card.locator('[data-field="message"] input').fill('on purpose');
    await call(card);
    const result = card.locator('.result.is-error');
    assert.match(await result.locator('.status').textContent(), /reported an error/);
    assert.equal(await result.locator('pre.text').textContent(), 'requested failure: on purpose');
  });

  it('fills and submits a generated form with a nested object, an array, an enum and numbers', async () => {
    const card = await toolCard('save_settings');
    const profile = card.locator('[data-field="profile"]');
    assert.equal(await profile.locator('[data-field="name"] .required').count(), 1, 'name is marked required');
    await profile.locator('[data-field="name"] input').fill('Ada');
    await profile.locator('[data-field="age"] input').fill('36');
    await profile.locator('[data-field="newsletter"] input').check();
    await card.locator('[data-field="units"] select').selectOption({ label: 'imperial' });
    await card.locator('[data-field="threshold"] input').fill('2.5');
    const tags = card.locator('[data-field="tags"]');
    await tags.getByRole('button', { name: /add/ }).click();
    await tags.getByRole('button', { name: /add/ }).click();
    await tags.locator('li input').nth(0).fill('red');
    await tags.locator('li input').nth(1).fill('blue');
    await call(card);
    assert.equal(await card.locator('.result pre.text').textContent(), 'saved settings for Ada');
    const artifact = JSON.parse(await card.locator('.artifact pre').textContent());
    assert.deepEqual(artifact, { profile: { name: 'Ada', age: 36, newsletter: true }, units: 'imperial', threshold: 2.5, tags: ['red', 'blue'] });
    await shot('form');
  });

  it('blocks a call whose required field is empty with a message naming it, in the tool, template and prompt forms; nothing is sent', async () => {
    const calls = () => page.locator('#history .entry').count();
    const sent = await calls();
    const confirm = await toolCard('confirm_action');
    await confirm.locator('[data-field="action"] input').fill('');
    await confirm.getByRole('button', { name: 'Call', exact: true }).click();
    assert.equal(await confirm.locator('.output .error p').textContent(), 'required, but left empty: action');
    // a nested required field is named by its path
    const settings = await toolCard('save_settings');
    await settings.locator('[data-field="profile"] [data-field="name"] input').fill('');
    await settings.locator('[data-field="threshold"] input').fill('');
    await settings.getByRole('button', { name: 'Call', exact: true }).click();
    assert.equal(await settings.locator('.output .error p').textContent(), 'required, but left empty: profile.name, threshold');
    // a template's variable and a prompt's required argument
    await page.getByRole('tab', { name: 'Resources' }).click();
    const template = page.locator('[data-template="fixture://users/{user_id}"]');
    await template.getByRole('button', { name: 'Read' }).click();
    assert.equal(await page.locator('#resource-output .error p').textContent(), 'required, but left empty: user_id');
    await page.getByRole('tab', { name: 'Prompts' }).click();
    const greet = page.locator('[data-prompt="greet"]');
    await greet.getByRole('button', { name: 'Get' }).click();
    assert.equal(await greet.locator('.output .error p').textContent(), 'required, but left empty: name');
    assert.equal(await calls(), sent, 'no call went out');
    // filled in, the call goes out
    const again = await toolCard('confirm_action');
    await again.locator('[data-field="action"] input').fill('wipe disk');
    await call(again);
    assert.match(await again.locator('.interrupt .message').first().textContent(), /Really wipe disk\?/);
    await again.locator('.interrupt').getByRole('button', { name: 'Cancel' }).click();
  });

  it('answers an elicitation through its form (after the adapter refused an answer out of range), then its second round in place', async () => {
    const card = await toolCard('book_table');
    await call(card);
    const ask = card.locator('.interrupt[data-type="mcp_elicitation"]');
    assert.equal(await ask.locator('.message').first().textContent(), 'Book a table at Chez Wasm');
    // defaults prefilled, enum as a select, multi-select as checkboxes
    assert.equal(await ask.locator('[data-field="guests"] input').inputValue(), '2');
    assert.equal(await ask.locator('[data-field="seating"] select option:checked').textContent(), 'indoor');
    assert.equal(await ask.locator('[data-field="extras"] input[type=checkbox]').count(), 3);
    await ask.locator('[data-field="name"] input').fill('Ada');
    await ask.locator('[data-field="guests"] input').fill('20');
    await ask.getByRole('button', { name: 'Accept' }).click();
    await ask.locator('.problems .error').waitFor();
    assert.match(await ask.locator('.problems').textContent(), /guests is above the maximum 12/);
    // the filter leaves this card alone on the page: the README's screenshot
    await page.locator('#tool-filter').fill('book');
    assert.equal(await page.locator('#tools .card:visible').count(), 1);
    await page.setViewportSize({ width: 1200, height: 1280 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('elicitation');
    await page.setViewportSize({ width: 1200, height: 860 });
    await page.locator('#tool-filter').fill('');
    await ask.locator('[data-field="guests"] input').fill('8');
    await ask.locator('[data-field="seating"] select').selectOption({ label: 'terrace' });
    await ask.locator('[data-field="extras"] label', { hasText: 'window' }).locator('input').check();
    await ask.getByRole('button', { name: 'Accept' }).click();
    // a party of 8: the server asks a second question, which takes the first one's place
    const deposit = card.locator('.interrupt', { hasText: 'needs a deposit' });
    await deposit.waitFor();
    assert.match(await deposit.locator('h4').textContent(), /round 2/);
    assert.equal(await card.locator('.interrupt').count(), 1);
    assert.equal(await deposit.locator('[data-field="agree"] input').isChecked(), true, 'its default');
    await deposit.getByRole('button', { name: 'Accept' }).click();
    await card.locator('.result').waitFor();
    assert.equal(await card.locator('.result pre.text').textContent(), 'booked 8 at Chez Wasm for Ada (terrace, window), deposit agreed');
  });

  it('shows a URL request with its host highlighted and declines it without opening it', async () => {
    const card = await toolCard('open_dashboard');
    await call(card);
    const ask = card.locator('.interrupt[data-type="mcp_elicitation"]');
    assert.equal(await ask.locator('.url').textContent(), 'https://dashboard.example.com/link?session=demo');
    assert.equal(await ask.locator('.url .host').textContent(), 'dashboard.example.com');
    await ask.getByRole('button', { name: 'Decline' }).click();
    await card.locator('.result').waitFor();
    assert.equal(await card.locator('.result pre.text').textContent(), 'dashboard: decline');
    assert.equal(context.pages().length, 1, 'nothing was opened');
  });

  it('asks before a destructive tool, and sends the arguments as edited on approval', async () => {
    const card = await toolCard('delete_item');
    await card.locator('[data-field="item_id"] input').fill('demo-1');
    await call(card);
    const ask = card.locator('.interrupt[data-type="mcp_approval"]');
    assert.equal(await ask.locator('[data-field="item_id"] input').inputValue(), 'demo-1');
    await ask.locator('[data-field="item_id"] input').fill('demo-2');
    await shot('approval');
    await ask.getByRole('button', { name: 'Approve' }).click();
    await card.locator('.result').waitFor();
    assert.equal(await card.locator('.result pre.text').textContent(), 'deleted demo-2');
  });

  it('shows progress and log messages, and cancels a running call', async () => {
    const counting = await toolCard('count_slowly');
    await counting.locator('[data-field="delay_ms"] input').fill('50');
    await call(counting);
    assert.equal(await counting.locator('.progress-text').textContent(), '3 / 3 · step 3/3');
    assert.equal(await counting.locator('progress').evaluate((el) => [el.value, el.max].join('/')), '3/3');
    const logging = await toolCard('log_message');
    await logging.locator('[data-field="level"] select').selectOption({ label: 'warning' });
    await logging.locator('[data-field="text"] input').fill('a warning from the test');
    await call(logging);
    await page.locator('#log li.level-warning', { hasText: 'a warning from the test' }).waitFor();
    const sleeping = await toolCard('sleep');
    await sleeping.locator('[data-field="seconds"] input').fill('30');
    await sleeping.getByRole('button', { name: 'Call', exact: true }).click();
    await sleeping.getByRole('button', { name: 'Cancel' }).click();
    await sleeping.locator('.output .error').waitFor();
    assert.match(await sleeping.locator('.output .error strong').textContent(), /^Cancelled$/);
  });

  it('resumes an interrupt copied from one page and pasted into a second page', async () => {
    const card = await toolCard('confirm_action');
    await card.locator('[data-field="action"] input').fill('restart the demo');
    await call(card);
    const copied = await card.locator('.interrupt .interrupt-json').inputValue();
    assert.equal(JSON.parse(copied).type, 'mcp_elicitation');
    // a second page, not connected: resuming connects it to the interrupt's server
    const second = await openPage('?connect=0');
    try {
      assert.equal(await second.locator('.server-name').count(), 0);
      await second.getByRole('tab', { name: 'Resume' }).click();
      await second.locator('#resume-json').fill(copied);
      await second.getByRole('button', { name: 'Resume', exact: true }).click();
      const ask = second.locator('#resume-output .interrupt');
      await ask.waitFor();
      assert.equal(await ask.locator('.message').first().textContent(), 'Really restart the demo?');
      await ask.locator('[data-field="confirmed"] input').check();
      await ask.getByRole('button', { name: 'Accept' }).click();
      await second.locator('#resume-output .result').waitFor();
      assert.match(await second.locator('#resume-output .result pre.text').textContent(), /^restart the demo: confirmed \(state=/);
      await shot('resumed', second);
    } finally {
      await second.close();
    }
  });

  it('reads resources: text, a binary image, and one from a template', async () => {
    await page.getByRole('tab', { name: 'Resources' }).click();
    const out = page.locator('#resource-output');
    await page.locator('[data-uri="fixture://readme"] button').click();
    await out.locator('pre.text').waitFor();
    assert.equal(await out.locator('pre.text').textContent(), README_TEXT);
    await page.locator('[data-uri="fixture://pixel.png"] button').click();
    const img = out.locator('img');
    await img.waitFor();
    await page.waitForFunction((el) => el.complete, await img.elementHandle());
    assert.equal(await img.evaluate((el) => el.naturalWidth), 1);
    assert.match(await out.locator('a.download').textContent(), /Download pixel\.png \(\d+ bytes, image\/png\)/);
    const template = page.locator('[data-template="fixture://users/{user_id}"]');
    await template.locator('input[name="user_id"]').fill('7');
    assert.equal(await template.locator('.preview').textContent(), 'fixture://users/7');
    await template.getByRole('button', { name: 'Read' }).click();
    await out.locator('.kind', { hasText: 'fixture://users/7' }).waitFor();
    assert.deepEqual(JSON.parse(await out.locator('pre.text').textContent()), { id: '7', name: 'User 7' });
  });

  it('gets a prompt with arguments and shows its messages', async () => {
    await page.getByRole('tab', { name: 'Prompts' }).click();
    const card = page.locator('[data-prompt="greet"]');
    await card.locator('input[name="name"]').fill('Ada');
    await card.getByRole('button', { name: 'Get' }).click();
    await card.locator('.message').waitFor();
    assert.equal(await card.locator('.message.user .role').textContent(), 'user');
    assert.equal(await card.locator('.message.user pre.text').textContent(), 'Say hi to Ada in a friendly way.');
  });

  it('lists each call in the history with the JSON-RPC messages exchanged', async () => {
    await page.getByRole('tab', { name: /^History/ }).click();
    const entry = page.locator('#history .entry', { hasText: 'tools/call echo' });
    assert.match(await entry.locator('summary').textContent(), /— ok \(\d+ ms, 2 messages\)/);
    await entry.locator('summary').click();
    const lines = await entry.locator('.trace-head').allTextContents();
    assert.deepEqual(lines.map((l) => l.trim()), ['→ sent tools/call', '← HTTP 200 result (for tools/call)']);
    assert.match(await entry.locator('.trace.send pre').textContent(), /"text": "hello from the tab"/);
    await shot('history');
  });

  it('explains an unreachable server and stays usable', async () => {
    await page.locator('#url').fill(DEAD_URL);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.locator('#connect-error .error').waitFor();
    assert.equal(await page.locator('#connect-error strong').textContent(), `Could not reach ${new URL(DEAD_URL).origin}`);
    assert.match(await page.locator('#connect-error p').textContent(), /CORS/);
    assert.equal(await page.locator('#connect-status').textContent(), 'not connected');
    await shot('unreachable');
    // connect again to the demo server (a recent connection) and call a tool
    await page.locator('#recent button', { hasText: demo.mcpUrl }).click();
    await page.locator('#connect-status .ok').waitFor();
    assert.equal(await page.locator('#connect-error').textContent(), '');
    const card = await toolCard('echo');
    await card.locator('[data-field="text"] input').fill('back again');
    await call(card);
    assert.equal(await card.locator('.result pre.text').textContent(), 'echo: back again');
  });

  it('explains a server that refuses the page origin (CORS) and a call that times out', async () => {
    // a server on another origin that sends no CORS headers
    const site = await startStaticSite([]);
    try {
      await page.locator('#url').fill(`${site.origin}/mcp`);
      await page.getByRole('button', { name: 'Connect' }).click();
      await page.locator('#connect-error .error').waitFor();
      // the static site answers the adapter's no-cors probe: a CORS refusal, told as such
      assert.equal(await page.locator('#connect-error strong').textContent(), `${site.origin} refused this page's origin (CORS)`);
      assert.match(await page.locator('#connect-error p').textContent(), /Access-Control-Allow-Origin.*Mcp-Session-Id \(Access-Control-Expose-Headers\)/);
      assert.ok(corsRefusals.some((text) => text.includes(`${site.origin}/mcp`)), 'the browser refused it for CORS');
    } finally {
      await site.close();
    }
    // a timeout of 1 s, and a tool that takes longer
    await page.locator('#url').fill(demo.mcpUrl);
    await page.locator('details.options summary').click();
    await page.locator('#timeout').fill('1');
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.locator('#connect-status .ok').waitFor();
    const card = await toolCard('sleep');
    await card.locator('[data-field="seconds"] input').fill('3');
    await call(card);
    assert.equal(await card.locator('.output .error strong').textContent(), 'No answer in time');
    assert.match(await card.locator('.output .error p').textContent(), /did not answer within 1 s/);
    await page.locator('#timeout').fill('30');
    await page.locator('details.options summary').click();
  });

  it('signs in with OAuth (the tab goes to the authorization server and back) and calls a protected tool', async () => {
    const p = await openPage('?connect=0');
    try {
      await p.locator('#url').fill(protectedServer.url);
      await p.locator('details.options summary').click();
      await p.locator('#oauth').check();
      await p.locator('#client-id').fill('demo-page');
      await p.getByRole('button', { name: 'Connect' }).click();
      await p.locator('#connect-status .ok').waitFor({ timeout: 30_000 });
      assert.equal(await p.locator('.server-name').textContent(), 'auth-fixture');
      assert.equal(new URL(p.url()).search, '', 'code and state are gone from the address bar');
      assert.equal(authServer.authorizations.at(-1).client_id, 'demo-page');
      const card = p.locator('[data-tool="whoami"]');
      await card.locator('summary').click();
      await card.getByRole('button', { name: 'Call', exact: true }).click();
      await card.locator('.result').waitFor();
      assert.equal(await card.locator('.result pre.text').textContent(), 'hello alice');
      assert.ok(protectedServer.seen.some((r) => r.authorization?.startsWith('Bearer ')), 'the server saw the token');
      await shot('signed-in', p);
    } finally {
      await p.close();
    }
  });

  it('shows a second server beside the first (one group), calls a tool on each under its own column, and removes one', async () => {
    const second = await startTsServer({ name: 'second' });
    const p = await openPage();
    try {
      await p.locator('#connect-status .ok').waitFor();
      assert.equal(await p.locator('.server-name').textContent(), 'ts-fixture');
      await p.locator('#url').fill(second.url);
      await p.getByRole('button', { name: 'Add server' }).click();
      // the added server is shown in the tabs; the first stays connected beside it
      await p.locator('.server-name', { hasText: 'second' }).waitFor();
      assert.equal(await p.locator('#servers-count').textContent(), '(2)');
      await p.getByRole('tab', { name: /^Side by side/ }).click();
      const first = p.locator('[data-server="ts-fixture"]');
      const other = p.locator('[data-server="second"]');
      await other.waitFor();
      assert.deepEqual(await p.locator('.server-column .column-name').allTextContents(), ['ts-fixture', 'second']);
      assert.match(await other.locator('header p').textContent(), new RegExp(`${second.url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} · 2026-07-28`));
      assert.match(await p.locator('#group-summary').textContent(), /^\d+ tools from 2 servers/);
      // the group names each server's tools {server}_{tool}
      assert.equal(await first.locator('[data-tool="ts-fixture_echo"]').count(), 1);
      assert.equal(await other.locator('[data-tool="second_echo"]').count(), 1);
      assert.equal(await other.locator('[data-tool="ts-fixture_echo"]').count(), 0);
      const callEcho = async (column, name, text) => {
        const card = await callFromCard(column, name, { text });
        await card.locator('.output .result').waitFor();
        return card.locator('.result pre.text').textContent();
      };
      const before = second.received.filter((r) => r.method === 'tools/call').length;
      assert.equal(await callEcho(first, 'ts-fixture_echo', 'to the first'), 'echo: to the first');
      assert.equal(second.received.filter((r) => r.method === 'tools/call').length, before, 'the first column called the first server');
      assert.equal(await callEcho(other, 'second_echo', 'to the second'), 'echo: to the second');
      const calls = second.received.filter((r) => r.method === 'tools/call');
      assert.equal(calls.length, before + 1);
      assert.equal(calls.at(-1).name, 'echo', 'the server got its own tool name');
      assert.equal(await first.locator('.result pre.text').allTextContents().then((t) => t.join('|')), 'echo: to the first');
      assert.equal(await other.locator('.result pre.text').allTextContents().then((t) => t.join('|')), 'echo: to the second');
      // a resource read in a column goes to that column's server
      await other.locator('.column-resources summary').click();
      await other.locator('[data-uri="fixture://readme"] button').click();
      await other.locator('.column-output pre.text').waitFor();
      assert.equal(await other.locator('.column-output pre.text').textContent(), README_TEXT);
      await p.evaluate(() => window.scrollTo(0, 0));
      await shot('side-by-side', p);
      // both URLs are among the recent connections
      const recent = await p.evaluate(() => JSON.parse(localStorage.getItem('mcp-wasm-adapter.demo.recent')));
      assert.deepEqual(recent.slice(0, 2), [second.url, demo.mcpUrl]);
      // removing the server shown: the tabs go back to the other one
      await other.getByRole('button', { name: 'Remove' }).click();
      await other.waitFor({ state: 'detached' });
      assert.equal(await p.locator('.server-column').count(), 0, 'one server left: no columns');
      assert.equal(await p.locator('#servers-count').textContent(), '');
      await p.locator('.server-name', { hasText: 'ts-fixture' }).waitFor();
      const echo = p.locator('#tools [data-tool="echo"]');
      await p.getByRole('tab', { name: /^Tools/ }).click();
      await echo.locator('details.try summary').click();
      await echo.locator('[data-field="text"] input').fill('still here');
      await echo.getByRole('button', { name: 'Call', exact: true }).click();
      await echo.locator('.result').waitFor();
      assert.equal(await echo.locator('.result pre.text').textContent(), 'echo: still here');
    } finally {
      await p.close();
      await second.close();
    }
  });

  it('raised no page errors', () => {
    assert.deepEqual(problems, []);
  });
});
