// Durable agent runs whose tools run as tasks (the Tasks extension, at MCP 2026-07-28): a
// `createAgent` thread, checkpointed in PostgreSQL, pauses on a task that outlives the tools'
// `taskWaitMs` (its `mcp_task` handle the interrupt) and finishes in another process. Each
// step is a fresh Node process (tests/helpers/durable-agent.mjs) against FastMCP with
// fastmcp-tasks (tests/fixtures/fastmcp_tasks_server.py), whose request log shows what each
// step sent.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { usePostgres } from './helpers/postgres.mjs';
import { startFastMCPTasks, tasksRequestsOf } from './helpers/servers.mjs';
import { checkpointText, setupCheckpoints, step } from './helpers/durable.mjs';

const TOKEN = 'tok-durable-tasks-3b9e51c0';
const TOOLS = ['slow_compute', 'confirm_delete'];

/** The user message that makes the scripted model call `calls` (`[name, args, id]` each). */
const ask = (...calls) => JSON.stringify({ call: calls.map(([name, args, id]) => ({ name, args, id })) });

describe('durable runs across processes, with tools that run as tasks', { timeout: 240_000 }, () => {
  const postgres = usePostgres();
  const requestLog = path.join(mkdtempSync(path.join(os.tmpdir(), 'mcp-durable-tasks-')), 'requests.jsonl');
  let server;
  before(async () => {
    server = await startFastMCPTasks({ requestLog });
    await setupCheckpoints(postgres().url);
  });
  after(() => server?.close());

  let threads = 0;
  /** One thread's steps: `run(job)` runs a step of it against the fixture. */
  const thread = () => {
    const id = `tasks-${++threads}`;
    return (job, beforeRun) => step({ pg: postgres().url, url: server.url, thread: id, token: TOKEN, tools: TOOLS, ...job }, beforeRun);
  };

  test('a task that outlives the wait pauses the run on its handle, and a resume in another process finishes it', async () => {
    const run = thread();
    const a = await run({ do: 'start', text: ask(['slow_compute', { seconds: 1.5, label: 'report' }, 'call_1']), taskWaitMs: 0 });
    assert.equal(a.report.error, undefined, JSON.stringify(a.report));
    const [paused] = a.report.interrupts;
    assert.equal(paused?.value.type, 'mcp_task', JSON.stringify(a.report));
    assert.equal(paused.value.tool_name, 'slow_compute');
    assert.equal(a.report.toolMessages.length, 0);
    // B, a process of its own, wakes the thread (as a queue or a cron would) and waits on
    const b = await run({ do: 'resume', answers: [{ when: 'mcp_task', answer: {} }] });
    assert.equal(b.report.error, undefined, JSON.stringify(b.report));
    assert.deepEqual(b.report.interrupts, []);
    assert.equal(b.report.last, 'done: computed report after 1.5s');
    const calls = tasksRequestsOf(requestLog, paused.value.task_id).map((l) => l.method);
    assert.ok(calls.length > 0 && calls.every((m) => m === 'tasks/get'), calls.join());
    assert.ok(!(await checkpointText(postgres().url)).includes(TOKEN), 'a checkpoint row holds the token');
  });

  test('parallel tool calls each pause on their own task and resume together', async () => {
    const run = thread();
    const calls = [['slow_compute', { seconds: 1, label: 'left' }, 'call_1'], ['slow_compute', { seconds: 1, label: 'right' }, 'call_2']];
    const a = await run({ do: 'start', text: ask(...calls), taskWaitMs: 0 });
    const tasks = a.report.interrupts.map((i) => i.value);
    assert.deepEqual(tasks.map((t) => t.type), ['mcp_task', 'mcp_task'], JSON.stringify(a.report));
    assert.notEqual(tasks[0].task_id, tasks[1].task_id);
    const b = await run({ do: 'resume', answers: [{ when: tasks[0].task_id, answer: {} }, { when: tasks[1].task_id, answer: {} }] });
    assert.equal(b.report.error, undefined, JSON.stringify(b.report));
    assert.deepEqual(b.report.toolMessages.map((m) => m.text).sort(), ['computed left after 1.0s', 'computed right after 1.0s']);
  });

  test("a task's question pauses the run as an elicitation, and another process's answer finishes the task", async () => {
    const run = thread();
    const a = await run({ do: 'start', text: ask(['confirm_delete', { filename: 'draft.txt' }, 'call_1']) });
    const [question] = a.report.interrupts;
    assert.equal(question?.value.type, 'mcp_elicitation', JSON.stringify(a.report));
    assert.equal(question.value.requests[0].message, 'Delete draft.txt?');
    const key = question.value.requests[0].key;
    const b = await run({ do: 'resume', answers: [{ when: 'draft.txt', answer: { [key]: { action: 'accept', content: { answer: 'yes' } } } }] });
    assert.equal(b.report.error, undefined, JSON.stringify(b.report));
    assert.equal(b.report.last, 'done: delete draft.txt: yes');
    assert.equal(tasksRequestsOf(requestLog, question.value.task.task_id).filter((l) => l.method === 'tasks/update').length, 1);
  });

  test('a resume whose poll could not reach the server stays paused on the task; a later one gets what the server says', async () => {
    const run = thread();
    const a = await run({ do: 'start', text: ask(['slow_compute', { seconds: 30, label: 'long' }, 'call_1']), taskWaitMs: 0 });
    const [paused] = a.report.interrupts;
    assert.equal(paused?.value.type, 'mcp_task', JSON.stringify(a.report));
    // B has its tools; then the server goes down, and B resumes
    const answers = [{ when: 'mcp_task', answer: {} }];
    const b = await run({ do: 'resume', answers }, () => server.close());
    assert.equal(b.report.error?.code, 'network', JSON.stringify(b.report));
    assert.deepEqual(b.report.error.data, { sent: false });
    assert.equal(b.report.interrupts[0]?.value.task_id, paused.value.task_id, 'the thread still waits on the task');
    assert.equal(b.report.toolMessages.length, 0);
    // the server is back, without its tasks (memory backend): the tool's outcome is that
    server = await startFastMCPTasks({ requestLog, port: server.port });
    const c = await run({ do: 'resume', answers });
    assert.equal(c.report.error, undefined, JSON.stringify(c.report));
    assert.equal(c.report.toolMessages.length, 1);
    assert.match(c.report.toolMessages[0].text, /no longer knows task/);
  });
});
