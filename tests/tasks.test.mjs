// Tool calls that run as tasks (the Tasks extension `io.modelcontextprotocol/tasks`, SEP-2663,
// at MCP 2026-07-28) against FastMCP 4.1.4 with fastmcp-tasks (tests/fixtures/
// fastmcp_tasks_server.py): waited to their end, handed back as `mcp_task` handles that
// another process resumes, asking through the same interrupts as any call, cancelled. The
// fixture logs every tasks/* request it gets, so polls are counted and spaced server-side.
// A scripted server covers what FastMCP cannot do: ask before it creates the task.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MCPAdapter } from '../pkg/index.node.js';
import { rejectsWith } from './helpers/errors.mjs';
import { elsewhere } from './helpers/elsewhere.mjs';
import { startFake } from './helpers/fake-server.mjs';
import { startFastMCPTasks, tasksRequestsOf, useServer } from './helpers/servers.mjs';

const KEY = 'a task handle signing key of 32 bytes or more';

/** The text of a tool result's first block. */
const textOf = (out) => {
  assert.equal(out?.type, 'tool_result', JSON.stringify(out));
  return out.content[0].text;
};

/** A fixture with a request log of its own; `log()` lists the tasks/* requests it got. */
function tasksServer() {
  const requestLog = path.join(mkdtempSync(path.join(os.tmpdir(), 'mcp-tasks-')), 'requests.jsonl');
  let port;
  const server = useServer(async () => {
    const started = await startFastMCPTasks({ requestLog, port });
    port = started.port;
    return started;
  });
  return { server, log: (taskId) => tasksRequestsOf(requestLog, taskId) };
}

/** The id of the one task the log names that the others (`before`, earlier lines) did not. */
const newTask = (log, before) => {
  const ids = [...new Set(log().slice(before).map((line) => line.taskId))];
  assert.equal(ids.length, 1, JSON.stringify(ids));
  return ids[0];
};

describe('tool calls that run as tasks (FastMCP with fastmcp-tasks)', { timeout: 180_000 }, () => {
  const { server, log } = tasksServer();
  const adapter = (options) => new MCPAdapter(server().url, options);

  test('a task is followed to its result at the interval the server asks, its status messages reaching onProgress', async () => {
    const before = log().length;
    const progress = [];
    const a = adapter({ onProgress: (p) => progress.push(p) });
    const out = await a.callTool('slow_count', { steps: 3 });
    assert.equal(textOf(out), 'counted to 3');
    // the server's support, as its server/discover said it
    assert.deepEqual(a.server.capabilities.extensions['io.modelcontextprotocol/tasks'], {});
    // the result's _meta stays in the artifact, as any result's does
    assert.deepEqual(out.artifact, { _meta: { fastmcp: { wrap_result: true } }, structured_content: { result: 'counted to 3' } });
    assert.deepEqual(progress.map((p) => p.message), ['step 1/3', 'step 2/3', 'step 3/3'].filter((m) => progress.some((p) => p.message === m)));
    assert.ok(progress.length >= 2, JSON.stringify(progress));
    assert.deepEqual(progress.map((p) => p.progress), progress.map((_, i) => i + 1));
    // polled no faster than the server's pollIntervalMs (300 ms), as the server saw the polls
    const polls = log(newTask(log, before)).filter((l) => l.method === 'tasks/get');
    assert.ok(polls.length >= 3, `${polls.length} polls`);
    for (let i = 1; i < polls.length; i++) assert.ok(polls[i].at - polls[i - 1].at >= 0.3, `polls ${i - 1} and ${i}: ${polls[i].at - polls[i - 1].at} s apart`);
    // each with the routing headers: Mcp-Method, and Mcp-Name the task's id
    for (const poll of polls) assert.deepEqual([poll.mcpMethod, poll.mcpName], ['tasks/get', poll.taskId]);
  });

  test("a tool's own error in a task is an error result; a JSON-RPC error is task_failed with the server's code", async () => {
    const out = await adapter().callTool('failing_job', {});
    assert.equal(out.status, 'error');
    assert.match(textOf(out), /failing_job always fails/);
    const err = await rejectsWith(adapter().callTool('protocol_error_job', {}), 'task_failed');
    assert.equal(err.rpcCode, -32603);
    assert.match(err.message, /protocol_error_job panicked/);
  });

  test("a tool that must run as a task, with tasks turned off, is the server's -32021 naming the option", async () => {
    const err = await rejectsWith(adapter({ tasks: false }).callTool('test_tool_with_task', {}), 'missing_client_capability');
    assert.equal(err.rpcCode, -32021);
    assert.match(err.message, /io\.modelcontextprotocol\/tasks/);
    assert.match(err.message, /the adapter's tasks option, which is false/);
    // an optional task tool runs inline then
    assert.equal(textOf(await adapter({ tasks: false }).callTool('slow_compute', { seconds: 0.1 })), 'computed  after 0.1s');
  });

  test("a task's question is an mcp_elicitation under the key tasks/get gave, and another process's answer finishes it", async () => {
    const asked = await adapter().callTool('confirm_delete', { filename: 'notes.txt' });
    assert.equal(asked.type, 'mcp_elicitation', JSON.stringify(asked));
    const [request] = asked.requests;
    assert.equal(request.message, 'Delete notes.txt?');
    // FastMCP rewrites the tool's key ("confirm") to "<taskId>:<hash>": answered as given
    assert.match(request.key, new RegExp(`^${asked.task.task_id.replace(/[-]/g, '\\-')}:[0-9a-f]{16}$`));
    assert.equal(asked.task.status, 'input_required');
    const stored = JSON.parse(JSON.stringify(asked));
    const { out, code } = await elsewhere({ url: server().url, resume: [stored, { responses: { [request.key]: { action: 'accept', content: { answer: 'yes' } } } }] });
    assert.equal(code, 0);
    assert.equal(textOf(out), 'delete notes.txt: yes');
    const updates = log(asked.task.task_id).filter((l) => l.method === 'tasks/update');
    assert.equal(updates.length, 1, 'the answer sent once');
    assert.deepEqual([updates[0].mcpMethod, updates[0].mcpName], ['tasks/update', asked.task.task_id]);
  });

  test('a task asking two questions takes a partial answer, then asks only the other', async () => {
    const a = adapter();
    const asked = await a.callTool('multi_input', {});
    assert.deepEqual(asked.requests.map((r) => r.message).sort(), ['First value?', 'Second value?']);
    const [first, second] = [...asked.requests].sort((x, y) => x.message.localeCompare(y.message));
    const next = await a.resume(asked, { responses: { [first.key]: { action: 'accept', content: { value: '1' } } } });
    assert.equal(next.type, 'mcp_elicitation', JSON.stringify(next));
    assert.deepEqual(next.requests.map((r) => r.key), [second.key]);
    assert.deepEqual(next.task.answered, [first.key]);
    const out = await a.resume(next, { responses: { [second.key]: { action: 'accept', content: { value: '2' } } } });
    assert.equal(textOf(out), 'first=1 second=2');
  });

  test("onElicitation answers a task's question in place", async () => {
    const seen = [];
    const a = adapter({ onElicitation: (request) => (seen.push(request.message), { action: 'accept', content: { name: 'Lin' } }) });
    assert.equal(textOf(await a.callTool('test_tool_with_task', {})), 'Hello, Lin!');
    assert.deepEqual(seen, ['What is your name?']);
  });

  test('a handle handed back at taskWaitMs goes through JSON and a fresh adapter in another process resumes it to the result', async () => {
    const handle = await adapter({ taskWaitMs: 0 }).callTool('slow_compute', { seconds: 1.5, label: 'report' });
    assert.equal(handle.type, 'mcp_task', JSON.stringify(handle));
    assert.equal(handle.tool_name, 'slow_compute');
    assert.equal(handle.status, 'working');
    assert.equal(handle.poll_interval_ms, 200);
    assert.equal(handle.ttl_ms, 900_000);
    assert.match(handle.args_digest, /^[0-9a-f]{16}$/);
    assert.equal(JSON.stringify(handle).includes('report'), false, 'the arguments are not in the handle');
    // a resume that waits less than the task needs gives the updated handle back
    const later = await adapter().resume(JSON.parse(JSON.stringify(handle)), {}, { taskWaitMs: 300 });
    assert.equal(later.type, 'mcp_task');
    assert.equal(later.task_id, handle.task_id);
    assert.ok(later.checked_at > handle.checked_at);
    const { out } = await elsewhere({ url: server().url, resume: [JSON.parse(JSON.stringify(later)), {}] });
    assert.equal(textOf(out), 'computed report after 1.5s');
  });

  test("the call's signal cancels its task with tasks/cancel, and the call ends aborted", async () => {
    const before = log().length;
    const controller = new AbortController();
    const call = adapter({
      onTrace: (e) => e.direction === 'receive' && e.method === 'tasks/get' && controller.abort(),
    }).callTool('slow_compute', { seconds: 30 }, { signal: controller.signal });
    const err = await rejectsWith(call, 'aborted');
    assert.match(err.message, /the task was cancelled \(tasks\/cancel\)/);
    const id = newTask(log, before);
    assert.deepEqual(log(id).map((l) => l.method), ['tasks/get', 'tasks/cancel']);
    const handle = await adapter({ taskWaitMs: 0 }).callTool('slow_compute', { seconds: 0 });
    await rejectsWith(adapter().resume({ ...handle, task_id: id }, {}), 'task_cancelled');
  });

  test('timeoutMs cancels the task with tasks/cancel, and the call ends with timeout', async () => {
    const before = log().length;
    const err = await rejectsWith(adapter({ timeoutMs: 700 }).callTool('slow_compute', { seconds: 30 }), 'timeout');
    assert.match(err.message, /did not end within timeoutMs \(700 ms\).*the task was cancelled/);
    const methods = log(newTask(log, before)).map((l) => l.method);
    assert.equal(methods.at(-1), 'tasks/cancel');
    assert.ok(methods.slice(0, -1).every((m) => m === 'tasks/get'), methods.join());
  });

  test('cancelTask cancels a handed-back task; a later resume is task_cancelled', async () => {
    const a = adapter({ taskWaitMs: 0 });
    const handle = await a.callTool('slow_compute', { seconds: 30 });
    await a.cancelTask(handle);
    await rejectsWith(adapter().resume(handle, {}), 'task_cancelled');
    assert.deepEqual(log(handle.task_id).map((l) => l.method), ['tasks/cancel', 'tasks/get']);
    assert.deepEqual([log(handle.task_id)[0].mcpMethod, log(handle.task_id)[0].mcpName], ['tasks/cancel', handle.task_id]);
  });

  test('an interruptKey signs a handle; an edited one, or one of another server, is refused before anything is sent', async () => {
    const a = adapter({ interruptKey: KEY, taskWaitMs: 0 });
    const handle = await a.callTool('slow_compute', { seconds: 0.2 });
    assert.match(handle.signature, /^v1\./);
    const before = log().length;
    await rejectsWith(a.resume({ ...handle, task_id: `${handle.task_id}x` }, {}), 'interrupt_signature_invalid');
    await rejectsWith(a.cancelTask({ ...handle, status: 'input_required' }), 'interrupt_signature_invalid');
    const other = new MCPAdapter('http://127.0.0.1:9/mcp', { interruptKey: KEY });
    const err = await rejectsWith(other.resume(handle, {}), 'invalid_argument');
    assert.match(err.message, /resume it with an adapter for that URL/);
    assert.equal(log().length, before, 'nothing was sent');
    // the handle a resume hands back is signed too, and resumes
    const again = await a.resume(handle, {}, { taskWaitMs: 0 });
    assert.equal(again.type, 'mcp_task');
    assert.match(again.signature, /^v1\./);
    assert.equal(textOf(await adapter({ interruptKey: KEY }).resume(again, {})), 'computed  after 0.2s');
  });
});

describe('a task the server no longer knows', { timeout: 120_000 }, () => {
  const { server } = tasksServer();

  test('after a restart of the server its handle resumes to task_not_found', async () => {
    const handle = await new MCPAdapter(server().url, { taskWaitMs: 0 }).callTool('slow_compute', { seconds: 30 });
    const { port } = server();
    await server().close();
    const restarted = await startFastMCPTasks({ port });
    try {
      const err = await rejectsWith(new MCPAdapter(restarted.url).resume(handle, {}), 'task_not_found');
      assert.equal(err.rpcCode, -32602);
      assert.match(err.message, /no longer knows task/);
    } finally {
      await restarted.close();
    }
  });
});

describe('questions before the task is created (a scripted server: FastMCP creates its task at once)', () => {
  test('rounds on the tools/call, then a task that asks: two phases, each with its own keys', async () => {
    const polls = [];
    const task = (status, more = {}) => ({ resultType: 'complete', taskId: 'job-1', status, createdAt: '2026-07-28T09:30:00Z', lastUpdatedAt: '2026-07-28T09:30:00Z', ttlMs: 60_000, pollIntervalMs: 100, ...more });
    const question = (message) => ({ name: { method: 'elicitation/create', params: { message, requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } } } });
    const fake = await startFake({
      build: (ctx) => {
        if (!ctx.msg.params.inputResponses) return ctx.result({ resultType: 'input_required', inputRequests: question('Which target?'), requestState: 'round-1' });
        assert.equal(ctx.msg.params.requestState, 'round-1');
        ctx.result({ ...task('working'), resultType: 'task' });
      },
      'tasks/get': (ctx) => {
        polls.push(ctx.msg.params.taskId);
        ctx.result(polls.length === 1 ? task('input_required', { inputRequests: question('Really build it?') }) : task('completed', { result: { content: [{ type: 'text', text: 'built' }] } }));
      },
      'tasks/update': (ctx) => ctx.result({ resultType: 'complete' }),
    });
    try {
      const a = new MCPAdapter(fake.url);
      const first = await a.callTool('build', { target: 'all' });
      assert.equal(first.type, 'mcp_elicitation');
      assert.equal(first.task, undefined);
      const second = await a.resume(first, { responses: { name: { action: 'accept', content: { name: 'all' } } } });
      assert.equal(second.type, 'mcp_elicitation', JSON.stringify(second));
      assert.equal(second.requests[0].key, 'name', 'the task asks under a key the call used: its own');
      assert.equal(second.requests[0].message, 'Really build it?');
      assert.equal(second.task.task_id, 'job-1');
      const out = await a.resume(second, { responses: { name: { action: 'accept', content: { name: 'yes' } } } });
      assert.equal(textOf(out), 'built');
      const update = fake.requests.find((r) => r.msg?.method === 'tasks/update');
      assert.deepEqual(update.msg.params.inputResponses, { name: { action: 'accept', content: { name: 'yes' } } });
      assert.equal(update.headers['mcp-name'], 'job-1');
    } finally {
      await fake.close();
    }
  });

  test('a task answering any other method than tools/call is invalid_result_type', async () => {
    const fake = await startFake({
      'server/discover': (ctx) => ctx.result({ resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {}, prompts: {} } }),
      'prompts/get': (ctx) => ctx.result({ resultType: 'task', taskId: 'p1', status: 'working', createdAt: '2026-07-28T09:30:00Z', lastUpdatedAt: '2026-07-28T09:30:00Z', ttlMs: null }),
    });
    try {
      const err = await rejectsWith(new MCPAdapter(fake.url).getPrompt('greet', {}), 'invalid_result_type');
      assert.match(err.message, /prompts\/get answered resultType "task"/);
      assert.equal(fake.count('tasks/get'), 0);
    } finally {
      await fake.close();
    }
  });
});
