// A `createAgent` thread paused on a 2026-07-28 question in one process and resumed in another
// after the server stopped accepting the interrupt's requestState: the FastMCP fixture seals
// it under a key of its process (restarted here without `--state-key`, so the key is gone),
// or for a short lifetime (`--request-state-ttl`). The resume replays the call, told the
// person's answers, and the tool is done once. Each step is a fresh Node process
// (tests/helpers/durable-agent.mjs) over one PostgreSQL checkpoint store; the server's run log
// and its own counts say how often each tool ran; no checkpoint row holds the token.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MCPAdapter } from '../pkg/index.node.js';
import { usePostgres } from './helpers/postgres.mjs';
import { runsOf, startFastMCP } from './helpers/servers.mjs';
import { checkpointText, setupCheckpoints, step } from './helpers/durable.mjs';
import { sleep } from './helpers/wait.mjs';

const TOKEN = 'tok-durable-state-3a9e71c4';
const TOOLS = ['confirm_counted', 'ask_twice'];

/** The user message that makes the scripted model call `name` with `args`. */
const ask = (name, args) => JSON.stringify({ call: [{ name, args, id: 'call_1' }] });
/** A yes to the one question of `interrupt`, under the key it was asked with. */
const yes = (interrupt) => ({ [interrupt.value.requests[0].key]: { action: 'accept', content: { confirmed: true } } });

/** confirm_counted's counts on the server for `action`: `{ done, waiting }`. */
async function counts(url, action) {
  const out = await new MCPAdapter(url).callTool('confirmed_count', { action });
  return JSON.parse(out.content[0].text);
}

/**
 * A FastMCP fixture with a run log (no `--state-key`: its requestState key is its process's),
 * a PostgreSQL checkpoint store, and `run(job)`: a step of a new thread against them.
 */
function durableSetup(options = {}) {
  const postgres = usePostgres();
  const runLog = path.join(mkdtempSync(path.join(os.tmpdir(), 'mcp-durable-state-')), 'runs.jsonl');
  const fixture = { runLog };
  before(async () => {
    fixture.server = await startFastMCP({ runLog, ...options });
    await setupCheckpoints(postgres().url);
  });
  after(() => fixture.server?.close());
  let threads = 0;
  fixture.thread = () => {
    const id = `state-${++threads}`;
    return (job) => step({ pg: postgres().url, url: fixture.server.url, thread: id, token: TOKEN, tools: TOOLS, ...job });
  };
  /** Stops the server and starts it again on its port: a new process, a new requestState key. */
  fixture.restart = async () => {
    const { port } = new URL(fixture.server.url);
    await fixture.server.close();
    fixture.server = await startFastMCP({ runLog, port: Number(port), ...options });
  };
  fixture.events = (tool, from) => runsOf(runLog, tool).slice(from).map((r) => r.event);
  fixture.checkpointHasToken = async () => (await checkpointText(postgres().url)).includes(TOKEN);
  return fixture;
}

describe('a durable run whose server restarted without its requestState key', { timeout: 240_000 }, () => {
  const fixture = durableSetup();

  test('killed while paused, resumed after the restart: the call is replayed told the answer, and done once', async () => {
    const run = fixture.thread();
    const before = runsOf(fixture.runLog, 'confirm_counted').length;
    const a = await run({ do: 'start', text: ask('confirm_counted', { action: 'deploy' }), hold: true });
    assert.equal(a.signal, 'SIGKILL');
    const [question] = a.report.interrupts;
    assert.equal(question?.value.type, 'mcp_elicitation', JSON.stringify(a.report));

    await fixture.restart();
    const b = await run({ do: 'resume', answers: [{ when: 'deploy', answer: yes(question) }] });
    assert.equal(b.report.error, undefined, JSON.stringify(b.report));
    assert.equal(b.report.last, 'done: deploy: confirmed, done 1 time(s)', JSON.stringify(b.report));
    assert.deepEqual(await counts(fixture.server.url, 'deploy'), { done: 1, waiting: 0 });
    // A's call; B's call sent again and its answered round (the refused resume runs no tool)
    assert.deepEqual(fixture.events('confirm_counted', before), ['run', 'run', 'run']);
    assert.ok(!(await fixture.checkpointHasToken()), 'a checkpoint row holds the token');
  });

  test('a tool that asks twice, paused at its second question, exited, resumed after the restart: both answers told, done once', async () => {
    const run = fixture.thread();
    const before = runsOf(fixture.runLog, 'ask_twice').length;
    const a = await run({ do: 'start', text: ask('ask_twice', { topic: 'signup' }) });
    assert.equal(a.code, 0, 'A exits by itself');
    const b = await run({ do: 'resume', answers: [{ when: 'Your name', answer: { name: { action: 'accept', content: { name: 'Ada' } } } }] });
    assert.equal(b.code, 0);
    const [second] = b.report.interrupts;
    assert.equal(second?.value.requests[0].message, 'And your age?', JSON.stringify(b.report));

    await fixture.restart();
    const c = await run({ do: 'resume', answers: [{ when: 'your age', answer: { age: { action: 'accept', content: { age: 36 } } } }] });
    assert.equal(c.report.error, undefined, JSON.stringify(c.report));
    assert.equal(c.report.last, 'done: signup: Ada is 36');
    assert.deepEqual(c.report.toolMessages, [{ status: 'success', text: 'signup: Ada is 36' }], 'one tool message');
    // A's call, B's answered round; C: the call sent again, told the name, told the age
    assert.deepEqual(fixture.events('ask_twice', before), ['run', 'run', 'run', 'run', 'run']);
    assert.ok(!(await fixture.checkpointHasToken()), 'a checkpoint row holds the token');
  });
});

describe('a durable run whose requestState expired (a lifetime of 1 s)', { timeout: 240_000 }, () => {
  const fixture = durableSetup({ requestStateTtl: 1 });

  test('answered in a later process after the state expired: the call is replayed told the answer, and done once', async () => {
    const run = fixture.thread();
    const before = runsOf(fixture.runLog, 'confirm_counted').length;
    const a = await run({ do: 'start', text: ask('confirm_counted', { action: 'expire' }) });
    assert.equal(a.code, 0, 'A exits by itself');
    const [question] = a.report.interrupts;
    await sleep(1_500); // past the state's lifetime
    const b = await run({ do: 'resume', answers: [{ when: 'expire', answer: yes(question) }] });
    assert.equal(b.report.error, undefined, JSON.stringify(b.report));
    assert.equal(b.report.last, 'done: expire: confirmed, done 1 time(s)');
    assert.deepEqual(await counts(fixture.server.url, 'expire'), { done: 1, waiting: 0 });
    assert.deepEqual(fixture.events('confirm_counted', before), ['run', 'run', 'run']);
  });

  test('a tool that asks twice, each question answered after its state expired: the answers told, done once', async () => {
    const run = fixture.thread();
    const before = runsOf(fixture.runLog, 'ask_twice').length;
    await run({ do: 'start', text: ask('ask_twice', { topic: 'renewal' }) });
    await sleep(1_500);
    const b = await run({ do: 'resume', answers: [{ when: 'Your name', answer: { name: { action: 'accept', content: { name: 'Grace' } } } }] });
    assert.equal(b.report.interrupts[0]?.value.requests[0].message, 'And your age?', JSON.stringify(b.report));
    await sleep(1_500);
    const c = await run({ do: 'resume', answers: [{ when: 'your age', answer: { age: { action: 'accept', content: { age: 41 } } } }] });
    assert.equal(c.report.error, undefined, JSON.stringify(c.report));
    assert.equal(c.report.last, 'done: renewal: Grace is 41');
    assert.deepEqual(c.report.toolMessages, [{ status: 'success', text: 'renewal: Grace is 41' }], 'one tool message');
    // A's call; B: sent again, told the name; C: sent again, told the name, told the age
    assert.deepEqual(fixture.events('ask_twice', before), ['run', 'run', 'run', 'run', 'run', 'run']);
  });
});
