// A 2026-07-28 interrupt resumed after its server stopped accepting its requestState: FastMCP
// seals the state under a key of its process that lives 10 minutes, so a resume after a
// restart (a new key) or after the lifetime is refused (-32602 "Invalid or expired
// requestState"). The adapter replays the call from its first request and answers the
// questions the person saw from the interrupt's `answers`, under the keys the server gives
// now (MCP 2026-07-28 `basic/patterns/mrtr.mdx`). Against the FastMCP fixture, restarted in
// place, and resumed by a fresh adapter in another Node process.
//
//   bash scripts/build.sh && node --test tests/request-state-replay.test.mjs

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { elsewhere } from './helpers/elsewhere.mjs';
import { startFastMCP } from './helpers/servers.mjs';
import { sleep } from './helpers/wait.mjs';

const answer = (interrupt, content) => ({ responses: { [interrupt.requests[0].key]: { action: 'accept', content } } });

/** confirm_counted's counts on `url` for `action`: `{ done, waiting }`. */
async function counts(url, action) {
  const out = await new MCPAdapter(url).callTool('confirmed_count', { action });
  return JSON.parse(out.content[0].text);
}

/**
 * Runs `steps(server, restart)` against a FastMCP fixture; `restart()` starts it again in
 * place (same port, a new process and so a new requestState key).
 */
async function withRestarts(steps, options = {}) {
  let server = await startFastMCP(options);
  const port = Number(new URL(server.url).port);
  try {
    await steps(server.url, async () => {
      await server.close();
      server = await startFastMCP({ ...options, port });
    });
  } finally {
    await server.close();
  }
}

/** Asserts the replay's first call went as a first call does: no answers, no state. */
function sentAfresh(call) {
  assert.equal('requestState' in call.params, false, 'no state');
  assert.equal('inputResponses' in call.params, false, 'no answers');
}

describe('FastMCP fixture restarted between an interrupt and its resume', () => {
  test('a fresh adapter in another process resumes the interrupt: the call is replayed and done once, with the person\'s answer under the new key', async () => {
    await withRestarts(async (url, restart) => {
      const interrupt = await new MCPAdapter(url).callTool('confirm_counted', { action: 'deploy' });
      assert.equal(interrupt.type, 'mcp_elicitation');
      const key = interrupt.requests[0].key;
      await restart();
      const { out, calls } = await elsewhere({ url, resume: [interrupt, answer(interrupt, { confirmed: true })] });
      assert.equal(out.content?.[0]?.text, 'deploy: confirmed, done 1 time(s)');
      assert.equal(calls.length, 3, 'the refused resume, the call sent again, the answer');
      assert.equal(calls[0].params.requestState, interrupt.request_state);
      sentAfresh(calls[1]);
      const [fresh] = Object.keys(calls[2].params.inputResponses);
      assert.notEqual(fresh, key, 'the server minted a new key');
      assert.deepEqual(calls[2].params.inputResponses, { [fresh]: { action: 'accept', content: { confirmed: true } } });
      assert.deepEqual(await counts(url, 'deploy'), { done: 1, waiting: 0 });
    });
  });

  test('ask_twice paused at its second round: the replay tells both rounds\' answers', async () => {
    await withRestarts(async (url, restart) => {
      const adapter = new MCPAdapter(url);
      const first = await adapter.callTool('ask_twice', { topic: 'signup' });
      const second = await adapter.resume(first, { responses: { name: { action: 'accept', content: { name: 'Ada' } } } });
      assert.equal(second.round, 2);
      assert.deepEqual(second.answers.map((a) => [a.request.message, a.response]), [['Your name, for signup?', { action: 'accept', content: { name: 'Ada' } }]]);
      await restart();
      const { out, calls } = await elsewhere({ url, resume: [second, { responses: { age: { action: 'accept', content: { age: 36 } } } }] });
      assert.equal(out.content?.[0]?.text, 'signup: Ada is 36');
      assert.equal(calls.length, 4);
      sentAfresh(calls[1]);
      assert.deepEqual(calls[2].params.inputResponses, { name: { action: 'accept', content: { name: 'Ada' } } });
      assert.deepEqual(calls[3].params.inputResponses, { age: { action: 'accept', content: { age: 36 } } });
    });
  });

  test('a question that changed (confirm_random_key names its new key) becomes a new interrupt; nothing goes under the old answer', async () => {
    await withRestarts(async (url, restart) => {
      const interrupt = await new MCPAdapter(url).callTool('confirm_random_key');
      const key = interrupt.requests[0].key;
      assert.equal(interrupt.requests[0].message, `Confirm under ${key}?`);
      await restart();
      const { out: again, calls } = await elsewhere({ url, resume: [interrupt, answer(interrupt, { confirm: true })] });
      assert.equal(again.type, 'mcp_elicitation');
      const fresh = again.requests[0].key;
      assert.notEqual(fresh, key);
      assert.equal(again.requests[0].message, `Confirm under ${fresh}?`);
      assert.equal(again.answers, undefined, 'the old answer is not carried on');
      assert.equal(calls.length, 2, 'the refused resume and the call sent again, no answer');
      sentAfresh(calls[1]);
      const done = await new MCPAdapter(url).resume(again, answer(again, { confirm: true }));
      assert.equal(done.content[0].text, `confirmed under ${fresh}`);
    });
  });
});

describe('FastMCP fixture whose requestState lives 1 s (--request-state-ttl)', () => {
  test('an interrupt answered after its state expired is replayed and done once; the old answer never goes under the old key', async () => {
    await withRestarts(async (url) => {
      const adapter = new MCPAdapter(url);
      const interrupt = await adapter.callTool('confirm_counted', { action: 'expire' });
      await sleep(1_500); // past the state's lifetime
      const { out, calls } = await elsewhere({ url, resume: [interrupt, answer(interrupt, { confirmed: true })] });
      assert.equal(out.content?.[0]?.text, 'expire: confirmed, done 1 time(s)');
      assert.equal(calls.length, 3);
      sentAfresh(calls[1]);
      assert.equal(calls[2].params.inputResponses[interrupt.requests[0].key], undefined, 'not under the expired key');
      assert.notEqual(calls[2].params.requestState, interrupt.request_state);
      assert.deepEqual(await counts(url, 'expire'), { done: 1, waiting: 0 });
    }, { requestStateTtl: 1 });
  });
});
