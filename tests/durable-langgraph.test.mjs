// Durable agent runs: a `createAgent` thread paused in one process and resumed in others, over
// LangGraph's PostgreSQL checkpointer and the FastMCP fixture, in both protocol eras. Each step
// is a fresh Node process (tests/helpers/durable-agent.mjs); the server's run log says how
// often each tool ran and with which idempotency key; no checkpoint row holds the token.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { usePostgres } from './helpers/postgres.mjs';
import { runsOf, startFastMCP } from './helpers/servers.mjs';
import { checkpointText, setupCheckpoints, step } from './helpers/durable.mjs';

const TOKEN = 'tok-durable-5f0c1b2e9d';
const KEY_OLD = 'an old interrupt key of 32 bytes or more, retired';
const KEY_NEW = 'the current interrupt key, also 32 bytes or more';

/** The user message that makes the scripted model call `calls` (`[name, args, id]` each). */
const ask = (...calls) => JSON.stringify({ call: calls.map(([name, args, id]) => ({ name, args, id })) });

/** The one field of a confirm_action form (`confirmed` at 2026-07-28, `value` in the handshake era). */
const fieldOf = (interrupt) => Object.keys(interrupt.value.requests[0].requested_schema.properties)[0];

/** A yes to a confirm_action question (under the key and field it asks with), or `content`. */
const confirm = (interrupt, content = { [fieldOf(interrupt)]: true }) => ({ [interrupt.value.requests[0].key]: { action: 'accept', content } });

for (const era of ['2026-07-28', 'handshake']) {
  describe(`durable runs across processes (${era})`, { timeout: 240_000 }, () => {
    const postgres = usePostgres();
    const runLog = path.join(mkdtempSync(path.join(os.tmpdir(), 'mcp-durable-')), 'runs.jsonl');
    let server;
    // a sealing key of its own, so that a restarted server opens the requestState it sealed before
    const start = (port) => startFastMCP({ legacyOnly: era === 'handshake', runLog, port, stateKey: 'a request-state key the durable tests share, 32+ bytes' });
    before(async () => {
      server = await start();
      await setupCheckpoints(postgres().url);
    });
    after(() => server?.close());

    let threads = 0;
    /** One thread's steps: `run(job)` runs a step of it against the fixture. */
    const thread = () => {
      const id = `${era}-${++threads}`;
      return (job, beforeRun) => step({ pg: postgres().url, url: server.url, thread: id, token: TOKEN, ...job }, beforeRun);
    };
    /** How often the server ran `tool` (runs), and the idempotency keys of its calls, in order. */
    const ran = (tool, from = 0) => runsOf(runLog, tool).slice(from).filter((r) => r.event === 'run').length;

    test('a resume while the server is down fails the run, keeps the answer, and completes once the server is back', async () => {
      const run = thread();
      const before = runsOf(runLog, 'confirm_action').length;
      // A pauses and is killed with SIGKILL while it waits
      const a = await run({ do: 'start', text: ask(['confirm_action', { action: 'reboot' }, 'call_1']), hold: true });
      assert.equal(a.signal, 'SIGKILL');
      const [question] = a.report.interrupts;
      assert.equal(question.value.type, 'mcp_elicitation');

      // B has its tools; then the server goes down, and B resumes
      const answers = [{ when: 'reboot', answer: confirm(question) }];
      const b = await run({ do: 'resume', answers }, () => server.close());
      server = await start(server.port);
      assert.equal(b.report.error?.code, 'network', JSON.stringify(b.report));
      assert.deepEqual(b.report.error.data, { sent: false });
      assert.equal(b.report.interrupts.length, 1, 'the thread still waits at the question');
      assert.equal(b.report.toolMessages.length, 0);

      // the host resumes again with the same answer
      const c = await run({ do: 'resume', answers });
      assert.equal(c.report.error, undefined, JSON.stringify(c.report));
      assert.match(c.report.last, /^done: reboot: confirmed/);
      assert.equal(ran('confirm_action', before), 2, 'the first call and the answered round');
      assert.ok(!(await checkpointText(postgres().url)).includes(TOKEN), 'a checkpoint row holds the token');
    });

    test('an answer that does not fit asks the same question again with why; a good one completes; an older key still verifies', async () => {
      const run = thread();
      const before = runsOf(runLog, 'confirm_action').length;
      const a = await run({ do: 'start', text: ask(['confirm_action', { action: 'wipe' }, 'call_1']), keys: [KEY_OLD] });
      const [question] = a.report.interrupts;
      // the key rotated: the current key signs, the old one verifies
      const b = await run({ do: 'resume', answers: [{ when: 'wipe', answer: confirm(question, { confirm: true }) }], keys: [KEY_NEW, KEY_OLD] });
      assert.equal(b.report.error, undefined, JSON.stringify(b.report));
      assert.equal(b.report.toolMessages.length, 0, 'the tool call goes on');
      const [again] = b.report.interrupts;
      assert.equal(again.value.asked_again.reason, 'invalid_answer');
      assert.match(again.value.asked_again.message, new RegExp(`${fieldOf(question)} is required; confirm is not a field of this form`));
      assert.deepEqual(again.value.requests, question.value.requests);
      assert.notEqual(again.value.signature, question.value.signature);

      const c = await run({ do: 'resume', answers: [{ when: 'wipe', answer: confirm(question) }], keys: [KEY_NEW, KEY_OLD] });
      assert.match(c.report.last, /^done: wipe: confirmed/, JSON.stringify(c.report));
      assert.equal(ran('confirm_action', before), 2, 'nothing was sent for the answer that did not fit');
    });

    test('an approved call whose process died after the reply asks the person again and is not run twice', async () => {
      const run = thread();
      const before = runsOf(runLog, 'delete_item').length;
      const gate = ['delete_item'];
      const a = await run({ do: 'start', text: ask(['delete_item', { item_id: '7' }, 'call_1']), gate });
      const [approval] = a.report.interrupts;
      assert.equal(approval.value.type, 'mcp_approval');

      // B dies between the server's reply and the checkpoint write of it
      const answers = [{ when: 'delete_item', answer: { decision: 'approve' } }];
      const b = await run({ do: 'resume', answers, gate, killOnWrite: 'deleted 7' });
      assert.equal(b.signal, 'SIGKILL');
      assert.equal(ran('delete_item', before), 1);

      // the host, which never heard back from B, resumes again with the same answer
      const c = await run({ do: 'resume', answers, gate });
      const [again] = c.report.interrupts;
      assert.equal(again?.value.type, 'mcp_approval', JSON.stringify(c.report));
      assert.equal(again.value.asked_again.reason, 'outcome_unknown');
      assert.equal(ran('delete_item', before), 1, 'not sent again without the person');

      const d = await run({ do: 'resume', answers: [{ when: 'outcome_unknown', answer: { decision: 'approve' } }], gate });
      assert.match(d.report.last, /^done: deleted 7/, JSON.stringify(d.report));
      const calls = runsOf(runLog, 'delete_item').slice(before);
      assert.deepEqual(calls.map((r) => r.event), ['run', 'deduplicated'], 'the server deduplicated the second send');
      assert.equal(calls[0].key, calls[1].key, 'the same idempotency key both times');
      assert.match(calls[0].key, /^[A-Za-z0-9_-]{43}$/);
    });

    test('a round sent again after a crash carries the same idempotency key, another round another key', async () => {
      const run = thread();
      const before = runsOf(runLog, 'confirm_action').length;
      const a = await run({ do: 'start', text: ask(['confirm_action', { action: 'restart' }, 'call_1']) });
      const [question] = a.report.interrupts;
      const answers = [{ when: 'restart', answer: confirm(question) }];
      const b = await run({ do: 'resume', answers, killOnWrite: 'restart: confirmed' });
      assert.equal(b.signal, 'SIGKILL');
      const c = await run({ do: 'resume', answers });
      assert.match(c.report.last, /^done: restart: confirmed/, JSON.stringify(c.report));
      const calls = runsOf(runLog, 'confirm_action').slice(before);
      assert.deepEqual(calls.map((r) => r.event), ['run', 'run', 'deduplicated']);
      assert.notEqual(calls[0].key, calls[1].key, 'each round has its own key');
      assert.equal(calls[1].key, calls[2].key, 'the re-sent round has the same key');
    });

    test('a failure recorded before a crash is replayed by the next process, saying so, and not sent again', async () => {
      const run = thread();
      const before = runsOf(runLog, 'fail').length;
      // A dies after the failure was recorded, before the tool's error message was written
      const a = await run({ do: 'start', text: ask(['fail', { message: 'boom' }, 'call_1']), handleToolErrors: false, killOnWrite: 'Please fix your mistakes' });
      assert.equal(a.signal, 'SIGKILL');
      const b = await run({ do: 'continue', handleToolErrors: false });
      const [message] = b.report.toolMessages;
      assert.equal(message?.status, 'error', JSON.stringify(b.report));
      assert.match(message.text, /boom.*\(recorded in the checkpoint; not sent again\)/s);
      assert.equal(ran('fail', before), 1, 'the failed call was not sent again');
    });

    test('parallel questions are answered in two different later processes', async () => {
      const run = thread();
      const before = runsOf(runLog, 'confirm_action').length;
      const a = await run({ do: 'start', text: ask(['confirm_action', { action: 'alpha' }, 'call_a'], ['confirm_action', { action: 'beta' }, 'call_b']) });
      assert.equal(a.report.interrupts.length, 2);
      const byAction = (word) => a.report.interrupts.find((i) => JSON.stringify(i.value).includes(word));
      const b = await run({ do: 'resume', answers: [{ when: 'alpha', answer: confirm(byAction('alpha')) }] });
      assert.equal(b.report.error, undefined, JSON.stringify(b.report));
      assert.deepEqual(b.report.interrupts.map((i) => i.id), [byAction('beta').id], 'beta still waits');
      const c = await run({ do: 'resume', answers: [{ when: 'beta', answer: confirm(byAction('beta')) }] });
      assert.match(c.report.last, /^done: alpha: confirmed.* \| beta: confirmed/, JSON.stringify(c.report));
      assert.equal(ran('confirm_action', before), 4, 'each call once, each answered round once');
      assert.ok(!(await checkpointText(postgres().url)).includes(TOKEN), 'a checkpoint row holds the token');
    });
  });
}
