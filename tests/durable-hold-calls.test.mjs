// A `createAgent` thread on a handshake-era server (the FastMCP fixture, --legacy-only), run by
// a host that always resumes elsewhere: `holdCalls: false` and never `close()`. The process
// that pauses exits by itself as soon as its run pauses (nothing held open, no
// `process.exit`), the server's tool stops waiting on its question, and a fresh process
// answers it by replaying the call, which the server then does once. Each step is a fresh
// Node process (tests/helpers/durable-agent.mjs) over one PostgreSQL checkpoint store; the
// server's run log and its own counts say how often the tool ran.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MCPAdapter } from '../pkg/index.node.js';
import { usePostgres } from './helpers/postgres.mjs';
import { runsOf, startFastMCP } from './helpers/servers.mjs';
import { checkpointText, setupCheckpoints, step } from './helpers/durable.mjs';
import { until } from './helpers/wait.mjs';

const TOKEN = 'tok-durable-held-8c21f0d7';

describe('a durable run on a handshake-era server with holdCalls: false', { timeout: 180_000 }, () => {
  const postgres = usePostgres();
  const runLog = path.join(mkdtempSync(path.join(os.tmpdir(), 'mcp-durable-held-')), 'runs.jsonl');
  let server;
  before(async () => {
    server = await startFastMCP({ legacyOnly: true, runLog });
    await setupCheckpoints(postgres().url);
  });
  after(() => server?.close());

  /** confirm_counted's counts on the server for `action`: `{ done, waiting }`. */
  const counts = async (action) => JSON.parse((await new MCPAdapter(server.url).callTool('confirmed_count', { action })).content[0].text);

  test('the pausing process exits by itself, the server\'s waiting tool is released, a fresh process completes the call once', async () => {
    // a held call would keep A running for its timeoutMs (10 minutes), past the step's limit
    const host = { pg: postgres().url, url: server.url, thread: 'held-1', token: TOKEN, tools: ['confirm_counted'], holdCalls: false, close: false, timeoutMs: 600_000 };
    const a = await step({ ...host, do: 'start', text: JSON.stringify({ call: [{ name: 'confirm_counted', args: { action: 'release' }, id: 'call_1' }] }) });
    assert.deepEqual([a.code, a.signal], [0, null], `A exits by itself: ${a.stderr}`);
    const [question] = a.report.interrupts;
    assert.equal(question?.value.type, 'mcp_elicitation', JSON.stringify(a.report));
    assert.equal(question.value.open_call, undefined, 'nothing held');
    await until(async () => (await counts('release')).waiting === 0, 10_000, 'the server to release its waiting tool');

    const b = await step({ ...host, do: 'resume', answers: [{ when: 'release', answer: { elicitation: { action: 'accept', content: { value: true } } } }] });
    assert.deepEqual([b.code, b.signal], [0, null], `B exits by itself: ${b.stderr}`);
    assert.equal(b.report.last, 'done: release: confirmed, done 1 time(s)', JSON.stringify(b.report));
    assert.deepEqual(await counts('release'), { done: 1, waiting: 0 });
    // A's call, cancelled at its question; B's call sent again, its question answered on it
    assert.deepEqual(runsOf(runLog, 'confirm_counted').map((r) => r.event), ['run', 'run']);
    assert.ok(!(await checkpointText(postgres().url)).includes(TOKEN), 'a checkpoint row holds the token');
  });
});
