// The demo page following tool calls that run as tasks (the Tasks extension
// `io.modelcontextprotocol/tasks` of MCP 2026-07-28), in headless Chromium: served by `npm
// start`'s server (www/demo.mjs --serve) and connected to the FastMCP tasks fixture
// (tests/fixtures/fastmcp_tasks_server.py), which logs every tasks/* request it gets. A task's
// panel shows its id, status, status messages as they change and poll interval; Cancel ends it
// cancelled, as the server says; a handle handed back is followed again with Wait, or in
// another page; a task's question is answered through the elicitation form.
//
//   bash scripts/build.sh && node --test tests/www-tasks.test.mjs

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MCPAdapter } from '../pkg/index.node.js';
import { launchChromium } from './helpers/browser.mjs';
import { callFromCard, openDemoPage, startDemo } from './helpers/demo.mjs';
import { rejectsWith } from './helpers/errors.mjs';
import { REPO_ROOT, startAll, startFastMCPTasks, tasksRequestsOf } from './helpers/servers.mjs';

const SHOTS = path.join(REPO_ROOT, 'www', 'screenshots');
const WAIT_MS = 20_000;

describe('the demo page follows tool calls that run as tasks', { timeout: 180_000 }, () => {
  const requestLog = path.join(mkdtempSync(path.join(os.tmpdir(), 'mcp-www-tasks-')), 'requests.jsonl');
  let demo;
  let server;
  let browser;
  let context;
  const problems = [];

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [demo, server] = await startAll([startDemo(), startFastMCPTasks({ requestLog })]);
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  });

  after(async () => {
    await browser?.close();
    await Promise.all([demo?.stop(), server?.close()]);
  });

  /** A page of the demo (`query`: `?url=` the tasks fixture unless given), its errors collected. */
  function openPage(query = `?url=${encodeURIComponent(server.url)}`) {
    return openDemoPage(context, demo.pageUrl + query, { timeoutMs: WAIT_MS, problems });
  }

  /** Calls tool `name` from its card with `fields` filled in; resolves to the card's task panel once shown. */
  async function callTask(page, name, fields = {}) {
    const card = await callFromCard(page, name, fields);
    const panel = card.locator('.task');
    await panel.waitFor();
    return panel;
  }

  /** The handle the panel offers to copy ("Resume elsewhere"). */
  const handleIn = async (panel) => JSON.parse(await panel.locator('.interrupt-json').inputValue());

  /** Sets how long the page follows a task at a time, in seconds. */
  async function followFor(page, seconds) {
    await page.locator('details.options summary').click();
    await page.locator('#task-wait').fill(String(seconds));
    await page.locator('details.options summary').click();
  }

  it("shows a slow task's id, poll interval and status messages as they change, and Cancel ends it as the server says: cancelled", async () => {
    const page = await openPage();
    await page.locator('#connect-status .ok').waitFor();
    const panel = await callTask(page, 'slow_count', { steps: '40' });
    const handle = await handleIn(panel);
    assert.equal(handle.type, 'mcp_task');
    assert.equal(await panel.locator('.task-id').textContent(), handle.task_id);
    assert.equal(await panel.locator('.task-poll').textContent(), '300 ms');
    assert.equal(await panel.locator('.task-status').textContent(), 'working');
    // the status messages reach the page while the task runs, one after the other
    const message = panel.locator('.task-message');
    await panel.locator('.task-message', { hasText: /^step \d+\/40$/ }).waitFor();
    const first = await message.textContent();
    await page.waitForFunction(([el, seen]) => /^step \d+\/40$/.test(el.textContent) && el.textContent !== seen, [await message.elementHandle(), first]);
    const later = await message.textContent();
    assert.ok(Number(later.match(/\d+/)[0]) > Number(first.match(/\d+/)[0]), `${first}, then ${later}`);
    assert.equal(await panel.locator('.task-status').textContent(), 'working');
    assert.match(await panel.locator('.task-note').textContent(), /^following/);
    await panel.screenshot({ path: path.join(SHOTS, 'task-working.png') });

    await panel.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('[data-tool="slow_count"] .task[data-status="cancelled"]').waitFor();
    assert.equal(await panel.locator('.task-status').textContent(), 'cancelled');
    assert.equal(await panel.locator('.task-note').textContent(), 'Cancelled as asked: the tasks/get after the tasks/cancel says so.');
    assert.equal(await panel.locator('.error').count(), 0);
    assert.ok(await panel.getByRole('button', { name: 'Cancel' }).isDisabled());
    assert.ok(await panel.getByRole('button', { name: 'Wait' }).isDisabled());
    assert.doesNotMatch(await message.textContent(), /^step 40\/40$/, 'the task did not run to its end');
    // the server got tasks/cancel, and its next tasks/get is where the page learned the status
    const methods = tasksRequestsOf(requestLog, handle.task_id).map((line) => line.method);
    const cancelledAt = methods.indexOf('tasks/cancel');
    assert.ok(cancelledAt > 0, methods.join());
    assert.equal(methods.lastIndexOf('tasks/cancel'), cancelledAt, 'cancelled once');
    assert.ok(methods.slice(cancelledAt + 1).includes('tasks/get'), methods.join());
    // and another adapter finds the task cancelled
    await rejectsWith(new MCPAdapter(server.url).resume(handle, {}), 'task_cancelled');
    await panel.screenshot({ path: path.join(SHOTS, 'task-cancelled.png') });
    await page.close();
  });

  it('cancels a task whose handle came back, when nothing follows it: cancelTask, then one poll that says cancelled', async () => {
    const page = await openPage();
    await page.locator('#connect-status .ok').waitFor();
    // 0 s: the page hands the task back at once
    await followFor(page, 0);
    const panel = await callTask(page, 'slow_compute', { seconds: '30' });
    await panel.locator('.task-note', { hasText: 'The page stopped following after 0 s' }).waitFor();
    const handle = await handleIn(panel);
    const before = tasksRequestsOf(requestLog, handle.task_id).length;
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('[data-tool="slow_compute"] .task[data-status="cancelled"]').waitFor();
    assert.equal(await panel.locator('.task-note').textContent(), 'Cancelled as asked: the tasks/get after the tasks/cancel says so.');
    assert.deepEqual(tasksRequestsOf(requestLog, handle.task_id).slice(before).map((line) => line.method), ['tasks/cancel', 'tasks/get']);
    await page.close();
  });

  it('hands a task back after the time set; Wait follows it to its result, and so does another page that pasted its handle', async () => {
    const page = await openPage();
    await page.locator('#connect-status .ok').waitFor();
    await followFor(page, 1);
    const panel = await callTask(page, 'slow_compute', { seconds: '3', label: 'report' });
    await panel.locator('.task-note', { hasText: 'The page stopped following after 1 s' }).waitFor();
    assert.equal(await panel.locator('.task-status').textContent(), 'working');
    const handle = await handleIn(panel);
    assert.equal(handle.tool_name, 'slow_compute');
    assert.ok(handle.checked_at > handle.created_at, 'the handle of the follow, newer than the call’s');

    // "Resume elsewhere": a second page, not connected, follows the pasted handle to the end
    const second = await openPage('?connect=0');
    try {
      await second.getByRole('tab', { name: 'Resume' }).click();
      await second.locator('#resume-json').fill(JSON.stringify(handle));
      await second.getByRole('button', { name: 'Resume', exact: true }).click();
      const elsewhere = second.locator('#resume-output .task');
      await elsewhere.waitFor();
      assert.equal(await elsewhere.locator('.task-id').textContent(), handle.task_id);
      await elsewhere.locator('.result').waitFor();
      assert.equal(await elsewhere.locator('.task-status').textContent(), 'completed');
      assert.equal(await elsewhere.locator('.result pre.text').textContent(), 'computed report after 3.0s');
    } finally {
      await second.close();
    }

    // the first page follows it again with Wait, to the same result
    await followFor(page, 10);
    await panel.getByRole('button', { name: 'Wait' }).click();
    await panel.locator('.result').waitFor();
    assert.equal(await panel.locator('.task-status').textContent(), 'completed');
    assert.equal(await panel.locator('.result pre.text').textContent(), 'computed report after 3.0s');
    await panel.screenshot({ path: path.join(SHOTS, 'task-completed.png') });
    await page.close();
  });

  it("asks a task's question through the elicitation form in its panel, and the answer finishes the task", async () => {
    const page = await openPage();
    await page.locator('#connect-status .ok').waitFor();
    const panel = await callTask(page, 'confirm_delete', { filename: 'notes.txt' });
    const ask = panel.locator('.interrupt[data-type="mcp_elicitation"]');
    await ask.waitFor();
    assert.equal(await panel.locator('.task-status').textContent(), 'input_required');
    assert.equal(await ask.locator('.message').first().textContent(), 'Delete notes.txt?');
    assert.match(await ask.locator('h4').textContent(), /confirm_delete, its task/);
    assert.equal((await handleIn(ask)).task.task_id, await panel.locator('.task-id').textContent());
    await ask.locator('[data-field="answer"] input').fill('yes');
    await ask.getByRole('button', { name: 'Accept' }).click();
    await panel.locator('.result').waitFor();
    assert.equal(await panel.locator('.task-status').textContent(), 'completed');
    assert.equal(await panel.locator('.result pre.text').textContent(), 'delete notes.txt: yes');
    await page.close();
  });

  it('raised no page errors', () => {
    assert.deepEqual(problems, []);
  });
});
