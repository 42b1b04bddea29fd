// `npm start`'s page server (www/demo.mjs --serve) for the tests that drive the demo page in
// Chromium (www.test.mjs, www-apps.test.mjs, www-tasks.test.mjs): on free ports, with its embedded demo MCP server
// and the sandbox proxy of MCP Apps on an origin of its own.
import { spawn } from 'node:child_process';
import { REPO_ROOT } from './servers.mjs';

/** Starts `node www/demo.mjs --serve`; resolves to `{ pageUrl, mcpUrl, sandboxUrl, stop }`. */
export async function startDemo() {
  const env = { ...process.env, DEMO_WEB_PORT: '0', DEMO_MCP_PORT: '0', DEMO_SANDBOX_PORT: '0' };
  const child = spawn(process.execPath, ['www/demo.mjs', '--serve'], { cwd: REPO_ROOT, env });
  let out = '';
  const urls = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the demo did not print its page URL:\n${out}`)), 20_000);
    child.stdout.on('data', (d) => {
      out += d;
      const page = out.match(/page: (http:\/\/127\.0\.0\.1:\d+\/)/);
      const mcp = out.match(/demo MCP server: (\S+)/);
      const sandbox = out.match(/sandbox of MCP Apps: (\S+)/);
      if (page && mcp && sandbox) {
        clearTimeout(timer);
        resolve({ pageUrl: page[1], mcpUrl: mcp[1], sandboxUrl: sandbox[1] });
      }
    });
    child.stderr.on('data', (d) => (out += d));
    child.once('exit', (code) => reject(new Error(`the demo exited (${code}):\n${out}`)));
  });
  return {
    ...urls,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/**
 * A new page of `context` at `url` (the demo's page URL and a query), waiting `timeoutMs` at
 * most for each step: its page errors go into `problems`, each console error to
 * `onConsoleError` (by default into `problems` too). Resolves once its start-up script has run.
 */
export async function openDemoPage(context, url, { timeoutMs, problems, onConsoleError = (m) => problems.push(`console: ${m.text()}`) }) {
  const page = await context.newPage();
  page.setDefaultTimeout(timeoutMs);
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') onConsoleError(m);
  });
  await page.goto(url);
  await page.waitForFunction(() => window.__ready === true);
  return page;
}

/** Calls tool `name` from its card under `root` (a page or a column), `fields` (name → text) filled first; resolves to the card. */
export async function callFromCard(root, name, fields = {}) {
  const card = root.locator(`[data-tool="${name}"]`);
  await card.locator('details.try summary').click();
  for (const [field, value] of Object.entries(fields)) await card.locator(`[data-field="${field}"] input`).fill(value);
  await card.getByRole('button', { name: 'Call', exact: true }).click();
  return card;
}
