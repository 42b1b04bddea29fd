// Tool calls that run as tasks on a handshake-era session: the experimental core tasks of MCP
// 2025-11-25 (`basic/utilities/tasks.mdx`), against server-everything, whose
// `simulate-research-query` must run as a task (`execution.taskSupport: "required"`). The
// adapter sends it with `task: { ttl }`, follows the nested CreateTaskResult with `tasks/get`
// at its `pollInterval` and takes the result with `tasks/result`; the task's question (its
// `ambiguous: true` flow) comes on the `tasks/result` stream and becomes the era's
// `mcp_elicitation` interrupt. Handles are the same `mcp_task` values as the 2026-07-28 Tasks
// extension's (tests/tasks.test.mjs), marked with the session's `protocol_version`.
//
//   bash scripts/build.sh && node --test tests/handshake-tasks.test.mjs

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { rejectsWith } from './helpers/errors.mjs';
import { recordingFetch } from './helpers/record.mjs';
import { elsewhere } from './helpers/elsewhere.mjs';
import { startEverything, startTsV1Server, useServer } from './helpers/servers.mjs';

const TOOL = 'simulate-research-query';

/** The text of a tool result's first block. */
const textOf = (out) => {
  assert.equal(out?.type, 'tool_result', JSON.stringify(out));
  return out.content[0].text;
};

/** A recording fetch whose entries carry `at`, when each request left (ms). */
function timedFetch() {
  const rec = recordingFetch();
  const fetch = (url, init) => {
    const sent = rec.fetch(url, init);
    rec.requests.at(-1).at = Date.now();
    return sent;
  };
  return { rec, fetch, sent: (method) => rec.requests.filter((r) => r.body?.method === method) };
}

describe('handshake-era tasks (MCP 2025-11-25) against server-everything', { timeout: 240_000 }, () => {
  const server = useServer(startEverything);
  /** An adapter whose tools are listed (a tool's `execution.taskSupport` comes from the listing). */
  const adapter = async (options = {}) => {
    const a = new MCPAdapter(server().url, options);
    const tools = await a.listTools();
    assert.equal(tools.find((t) => t.name === TOOL)?.metadata?.mcp?.name ?? TOOL, TOOL);
    return a;
  };

  test('a tool that must run as a task is sent with a task, polled at its pollInterval, its statusMessages reaching onProgress, and ends with its result', async () => {
    const { fetch, sent } = timedFetch();
    const progress = [];
    const a = await adapter({ fetch, onProgress: (p) => progress.push(p.message) });
    assert.equal(a.server.protocolVersion ?? '2025-11-25', '2025-11-25');
    const out = await a.callTool(TOOL, { topic: 'mcp' });
    assert.match(textOf(out), /# Research Report: mcp/);
    const [call] = sent('tools/call');
    assert.deepEqual(call.body.params.task, { ttl: 3_600_000 });
    const initialize = sent('initialize')[0].body.params.capabilities;
    assert.deepEqual(initialize.tasks, {});
    const polls = sent('tasks/get');
    assert.ok(polls.length >= 2, `${polls.length} polls`);
    for (let i = 1; i < polls.length; i++) assert.ok(polls[i].at - polls[i - 1].at >= 950, `polls ${i - 1} and ${i}: ${polls[i].at - polls[i - 1].at} ms apart`);
    assert.equal(sent('tasks/result').length, 1, 'the result taken once');
    assert.ok(progress.includes('Gathering sources...'), JSON.stringify(progress));
    assert.ok(progress.length >= 2, JSON.stringify(progress));
    // the result's _meta (the related task) stays in the artifact, as any result's does
    assert.equal(out.artifact?._meta?.['io.modelcontextprotocol/related-task']?.taskId, polls[0].body.params.taskId);
    await a.close();
  });

  test('a handle handed back at taskWaitMs goes through JSON and the adapter resumes it to the result; a fresh one, in another session, cannot reach it here', async () => {
    const a = await adapter({ taskWaitMs: 0 });
    const handle = await a.callTool(TOOL, { topic: 'wasm' });
    assert.equal(handle.type, 'mcp_task', JSON.stringify(handle));
    assert.equal(handle.tool_name, TOOL);
    assert.equal(handle.status, 'working');
    assert.equal(handle.protocol_version, '2025-11-25');
    // the era's pollInterval and ttl (the server keeps 5 minutes, whatever was asked)
    assert.equal(handle.poll_interval_ms, 1_000);
    assert.equal(handle.ttl_ms, 300_000);
    assert.equal(JSON.stringify(handle).includes('wasm'), false, 'the arguments are not in the handle');
    const stored = JSON.parse(JSON.stringify(handle));
    // resumed at once, before the task's ~3 s are up (a child process started first may take
    // that long on a loaded machine), it is still working: the handle comes back, updated
    const later = await a.resume(stored, {}, { taskWaitMs: 1_500 });
    assert.equal(later.type, 'mcp_task', JSON.stringify(later).slice(0, 200));
    assert.ok(later.checked_at > handle.checked_at);
    // server-everything keeps a task store per session: another adapter's session does not
    // know the task (in another process too: a typed error, and the process ends)
    const { out } = await elsewhere({ url: server().url, resume: [stored, {}], catch: true });
    assert.equal(out.error?.code, 'task_not_found', JSON.stringify(out));
    const waits = { taskWaitMs: 60_000 }; // (the adapter's own is 0)
    assert.match(textOf(await a.resume(JSON.parse(JSON.stringify(later)), {}, waits)), /# Research Report: wasm/);
    await a.close();
  });

  test("the task's question on tasks/result is an mcp_elicitation, and its answer finishes the task", async () => {
    const recorded = timedFetch();
    const { fetch, sent } = recorded;
    const a = await adapter({ fetch });
    const asked = await a.callTool(TOOL, { topic: 'python', ambiguous: true });
    assert.equal(asked.type, 'mcp_elicitation', JSON.stringify(asked));
    assert.equal(asked.method, 'tools/call');
    assert.equal(asked.tool_name, TOOL);
    assert.deepEqual(asked.params, { name: TOOL });
    assert.equal(asked.protocol_version, '2025-11-25');
    assert.equal(asked.task.status, 'input_required');
    assert.equal(asked.task.protocol_version, '2025-11-25');
    const [request] = asked.requests;
    assert.match(request.message, /could have multiple interpretations/);
    assert.deepEqual(request.requested_schema.properties.interpretation.oneOf.map((o) => o.const), ['programming', 'snake', 'comedy']);
    const out = await a.resume(JSON.parse(JSON.stringify(asked)), { responses: { [request.key]: { action: 'accept', content: { interpretation: 'programming' } } } });
    assert.match(textOf(out), /# Research Report: python \(programming\)/);
    // answered on the held tasks/result (the server's request id 0), not sent again
    assert.equal(sent('tasks/result').length, 1);
    assert.equal(sent('tools/call').length, 1);
    const { rec } = recorded;
    const answers = rec.requests.filter((r) => r.body && 'result' in r.body);
    assert.deepEqual(answers.map((r) => [r.body.id, r.body.result]), [[0, { action: 'accept', content: { interpretation: 'programming' } }]]);
    await a.close();
  });

  test("onElicitation answers the task's question in place", async () => {
    const seen = [];
    const a = await adapter({ onElicitation: (request) => (seen.push(request.message), { action: 'accept', content: { interpretation: 'snake' } }) });
    const out = await a.callTool(TOOL, { topic: 'python', ambiguous: true });
    assert.match(textOf(out), /# Research Report: python \(snake\)/);
    assert.equal(seen.length, 1);
    assert.match(seen[0], /could have multiple interpretations/);
    await a.close();
  });

  test('cancelTask cancels a handed-back task with tasks/cancel; a later resume is task_cancelled', async () => {
    const { fetch, sent } = timedFetch();
    const a = await adapter({ fetch, taskWaitMs: 0 });
    const handle = await a.callTool(TOOL, { topic: 'cancel me' });
    assert.equal(handle.type, 'mcp_task');
    await a.cancelTask(handle);
    assert.deepEqual(sent('tasks/cancel').map((r) => r.body.params), [{ taskId: handle.task_id }]);
    await rejectsWith(a.resume(handle, {}, { taskWaitMs: 60_000 }), 'task_cancelled');
    await a.close();
  });

  test("the call's signal cancels its task with tasks/cancel, and the call ends aborted", async () => {
    const { fetch, sent } = timedFetch();
    const controller = new AbortController();
    const a = await adapter({
      fetch,
      onTrace: (e) => e.direction === 'receive' && e.method === 'tasks/get' && controller.abort(),
    });
    const err = await rejectsWith(a.callTool(TOOL, { topic: 'abort me' }, { signal: controller.signal }), 'aborted');
    assert.match(err.message, /the task was cancelled \(tasks\/cancel\)/);
    const [cancel] = sent('tasks/cancel');
    assert.ok(cancel, 'tasks/cancel was sent');
    const taskId = cancel.body.params.taskId;
    const handle = await a.callTool(TOOL, { topic: 'x' }, { taskWaitMs: 0 });
    await rejectsWith(a.resume({ ...handle, task_id: taskId }, {}), 'task_cancelled');
    await a.cancelTask(handle);
    await a.close();
  });

  test('an unknown task is task_not_found; a 2026-07-28 handle is refused before anything about it is sent', async () => {
    const a = await adapter({ taskWaitMs: 0 });
    const handle = await a.callTool(TOOL, { topic: 'y' });
    const err = await rejectsWith(a.resume({ ...handle, task_id: 'no-such-task' }, {}, { taskWaitMs: 60_000 }), 'task_not_found');
    assert.equal(err.rpcCode, -32602);
    const { fetch, sent } = timedFetch();
    const { protocol_version: _, ...newer } = handle;
    const other = new MCPAdapter(server().url, { fetch });
    const refused = await rejectsWith(other.resume(newer, {}), 'invalid_argument');
    assert.match(refused.message, /other protocol generation/);
    assert.equal(sent('tasks/get').length + sent('tasks/cancel').length, 0, 'nothing about the task was sent');
    await a.cancelTask(handle);
    await a.close();
  });
});

describe('handshake-era tasks behind a shared task store (the TypeScript SDK 1.x fixture)', { timeout: 120_000 }, () => {
  const server = useServer(() => startTsV1Server({ tasks: true }));

  test('a handle handed back at taskWaitMs is resumed to its result by a fresh adapter in another process', async () => {
    const a = new MCPAdapter(server().url, { taskWaitMs: 0 });
    await a.listTools();
    const handle = await a.callTool('slow_report', { seconds: 1.5, label: 'q3' });
    assert.equal(handle.type, 'mcp_task', JSON.stringify(handle));
    assert.equal(handle.protocol_version, '2025-11-25');
    assert.equal(handle.poll_interval_ms, 200);
    const calls = server().received.filter((r) => r.method === 'tools/call');
    assert.deepEqual(calls.map((r) => r.params.task), [{ ttl: 3_600_000 }]);
    const before = server().received.length;
    const { out, code } = await elsewhere({ url: server().url, resume: [JSON.parse(JSON.stringify(handle)), {}] });
    assert.equal(code, 0);
    assert.equal(textOf(out), 'report q3 after 1.5s');
    const methods = server().received.slice(before).map((r) => r.method);
    assert.equal(methods.at(-1), 'tasks/result');
    assert.ok(methods.includes('tasks/get'), methods.join());
    await a.close();
  });
});
