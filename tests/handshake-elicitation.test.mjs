// Questions a handshake-era server (MCP 2025-11-25 / 2025-06-18) asks in the middle of a call
// (`elicitation/create` on the session) become the same `mcp_elicitation` interrupts as a
// 2026-07-28 server's `input_required`: resumed on the held call by the adapter that made
// them, or by replaying the call anywhere else; and a host's onElicitation handler answers in
// place in both eras. Against the FastMCP fixture (--legacy-only, and both eras) and
// server-everything. (LangGraph on such a server: tests/langchain.test.mjs.)
//
//   bash scripts/build.sh && node --test tests/handshake-elicitation.test.mjs

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { rejectsWith } from './helpers/errors.mjs';
import { recordingFetch } from './helpers/record.mjs';
import { startEverything, startFastMCP, useServer } from './helpers/servers.mjs';
import { elsewhere } from './helpers/elsewhere.mjs';
import { sleep, until } from './helpers/wait.mjs';

const accept = (content) => ({ responses: { elicitation: { action: 'accept', content } } });
/** The answers the client POSTed to the server's questions (JSON-RPC responses). */
const answersSent = (rec) => rec.requests.filter((r) => r.body && 'result' in r.body).map((r) => r.body.result);
const toolCalls = (rec) => rec.requests.filter((r) => r.body?.method === 'tools/call').length;

describe('FastMCP fixture --legacy-only, restarted while a question is held', () => {
  test('the held call\'s stream died with the server: resume sends the call again in a new session, told the answer, instead of failing with the dead stream\'s error', async () => {
    let server = await startFastMCP({ legacyOnly: true });
    const port = Number(new URL(server.url).port);
    try {
      const adapter = new MCPAdapter(server.url);
      const interrupt = await adapter.callTool('confirm_action', { action: 'restart' });
      assert.equal(interrupt.type, 'mcp_elicitation');
      await server.close(); // the held call's stream ends with the server
      server = await startFastMCP({ legacyOnly: true, port });
      const done = await adapter.resume(interrupt, accept({ value: true }));
      assert.equal(done.content?.[0]?.text, 'restart: confirmed');
      await adapter.close();
    } finally {
      await server.close();
    }
  });
});

describe('FastMCP fixture --legacy-only', () => {
  const server = useServer(() => startFastMCP({ legacyOnly: true }));

  test('a question in the middle of invoke() becomes an interrupt; resume answers it on the held call', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(server().url, { fetch: rec.fetch });
    const confirm = (await adapter.listTools()).find((t) => t.name === 'confirm_action');
    const interrupt = await confirm.invoke({ action: 'wipe disk' });
    assert.equal(adapter.protocolVersion, '2025-11-25');
    assert.equal(interrupt.type, 'mcp_elicitation');
    assert.equal(interrupt.tool_name, 'confirm_action');
    assert.equal(interrupt.protocol_version, '2025-11-25');
    assert.equal(interrupt.round, 1);
    assert.deepEqual(interrupt.answers, []);
    assert.equal(typeof interrupt.open_call, 'number');
    assert.deepEqual(interrupt.server, { url: server().url, name: 'fastmcp-fixture', version: '0.1.0' });
    assert.deepEqual(interrupt.requests, [{
      key: 'elicitation', message: 'Really wipe disk?', mode: 'form', defaults: {},
      requested_schema: { type: 'object', properties: { value: { type: 'boolean', title: 'Value' } }, required: ['value'] },
    }]);
    const initialize = rec.requests.find((r) => r.body?.method === 'initialize');
    assert.deepEqual(initialize.body.params.capabilities, { elicitation: { form: {}, url: {} }, tasks: {} });

    const done = await adapter.resume(interrupt, accept({ value: true }));
    assert.equal(done.status, 'success');
    assert.equal(done.content[0].text, 'wipe disk: confirmed');
    assert.equal(toolCalls(rec), 1, 'answered on the live session, the tool ran once');
    assert.deepEqual(answersSent(rec), [{ action: 'accept', content: { value: true } }]);
    await adapter.close();
  });

  test('an answer that comes after the server stopped waiting (its held call ended with "timed out") replays the call: done once, with the person\'s answer', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(server().url, { fetch: rec.fetch });
    const interrupt = await adapter.callTool('confirm_counted', { action: 'late', give_up_after: 0.8 });
    assert.equal(interrupt.type, 'mcp_elicitation');
    await sleep(1_500); // the person answers after the server gave up at 0.8 s
    const done = await adapter.resume(interrupt, accept({ value: true }));
    assert.equal(done.content?.[0]?.text, 'late: confirmed, done 1 time(s)', JSON.stringify(done));
    assert.equal(toolCalls(rec), 2, 'the call, then sent again');
    assert.deepEqual(answersSent(rec), [{ action: 'accept', content: { value: true } }], 'answered once, in the call sent again');
    const counts = await adapter.callTool('confirmed_count', { action: 'late' });
    assert.deepEqual(JSON.parse(counts.content[0].text), { done: 1, waiting: 0 });
    await adapter.close();
  });

  test('holdCalls: false: the pausing process gets the interrupt and exits at once, the server\'s waiting tool is released, a fresh process\'s resume does the call once', async () => {
    const url = server().url;
    const counts = async () => JSON.parse((await new MCPAdapter(url).callTool('confirmed_count', { action: 'release' })).content[0].text);
    // held (the default): the server's tool waits on its question while the adapter holds the call
    const holding = new MCPAdapter(url);
    const held = await holding.callTool('confirm_counted', { action: 'release' });
    assert.equal(typeof held.open_call, 'number');
    assert.deepEqual(await counts(), { done: 0, waiting: 1 });
    await holding.close();
    await until(async () => (await counts()).waiting === 0, 10_000, 'close() to end the held call on the server');

    // not held: a process of its own (its timeoutMs would keep a held call, and the process, 10 minutes)
    const options = { protocol: 'legacy', holdCalls: false, timeoutMs: 600_000 };
    const { out: interrupt, calls } = await elsewhere({ url, options, call: ['confirm_counted', { action: 'release' }] });
    assert.equal(interrupt.type, 'mcp_elicitation');
    assert.equal(interrupt.open_call, undefined, 'nothing held');
    assert.equal(calls.length, 1);
    await until(async () => (await counts()).waiting === 0, 10_000, 'the server to release its waiting tool');
    const { out: done } = await elsewhere({ url, resume: [interrupt, accept({ value: true })] });
    assert.equal(done.content?.[0]?.text, 'release: confirmed, done 1 time(s)');
    assert.deepEqual(await counts(), { done: 1, waiting: 0 });
  });

  test('a fresh adapter resumes a JSON round-tripped interrupt by replaying the call', async () => {
    const first = new MCPAdapter(server().url);
    const interrupt = JSON.parse(JSON.stringify(await first.callTool('confirm_action', { action: 'move' })));
    await first.close(); // lets the held call go
    const rec = recordingFetch();
    const second = new MCPAdapter(server().url, { fetch: rec.fetch });
    const done = await second.resume(interrupt, { responses: { elicitation: { action: 'decline' } } });
    assert.equal(done.content[0].text, 'move: decline');
    assert.equal(toolCalls(rec), 1, 'the call was sent again');
    assert.deepEqual(answersSent(rec), [{ action: 'decline' }]);
    await second.close();
  });

  test('a tool asking twice gives successive interrupts, live and by replay', async () => {
    const adapter = new MCPAdapter(server().url);
    const first = await adapter.callTool('ask_twice', { topic: 'signup' });
    assert.equal(first.requests[0].message, 'Your name, for signup?');
    const second = await adapter.resume(first, accept({ value: 'Ada' }));
    assert.equal(second.type, 'mcp_elicitation');
    assert.equal(second.round, 2);
    assert.equal(second.requests[0].message, 'And your age?');
    assert.equal(second.answers.length, 1);
    assert.deepEqual(second.answers[0].response, { action: 'accept', content: { value: 'Ada' } });
    const live = await adapter.resume(second, accept({ value: 36 }));
    assert.equal(live.content[0].text, 'signup: Ada is 36');

    // the second interrupt again, in another adapter: the first answer is replayed
    const rec = recordingFetch();
    const other = new MCPAdapter(server().url, { fetch: rec.fetch });
    const replayed = await other.resume(JSON.parse(JSON.stringify(second)), accept({ value: 37 }));
    assert.equal(replayed.content[0].text, 'signup: Ada is 37');
    assert.deepEqual(answersSent(rec), [
      { action: 'accept', content: { value: 'Ada' } },
      { action: 'accept', content: { value: 37 } },
    ]);
    await Promise.all([adapter.close(), other.close()]);
  });

  test('a replayed question that changed becomes a new interrupt; nothing is sent under the old answer', async () => {
    const first = await new MCPAdapter(server().url).callTool('confirm_random_key', {});
    const key = first.requests[0].message.match(/k-[0-9a-f]+/)[0];
    const rec = recordingFetch();
    const other = new MCPAdapter(server().url, { fetch: rec.fetch });
    const again = await other.resume(first, accept({ value: true }));
    assert.equal(again.type, 'mcp_elicitation');
    assert.notEqual(again.requests[0].message.match(/k-[0-9a-f]+/)[0], key);
    assert.deepEqual(again.answers, []);
    assert.deepEqual(answersSent(rec), [], 'the changed question was not answered');
    const done = await other.resume(again, accept({ value: true }));
    assert.match(done.content[0].text, /^confirmed under k-/);
    await other.close();
  });

  test('a question whose schema has float bounds (0.0, 100.0 from Python) is answered live and by replay, not asked forever', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(server().url, { fetch: rec.fetch });
    const interrupt = await adapter.callTool('ask_tip', {});
    // JavaScript reads 0.0 as 0: the interrupt the host answers has 0 where the server wrote 0.0
    assert.deepEqual(interrupt.requests[0].requested_schema.properties.percent, { maximum: 100, minimum: 0, title: 'Percent', type: 'number' });
    const tip = { responses: { elicitation: { action: 'accept', content: { percent: 15 } } } };
    const live = await adapter.resume(interrupt, tip);
    assert.equal(live.content?.[0]?.text, 'tip: 15.0', JSON.stringify(live));
    assert.equal(toolCalls(rec), 1, 'answered on the held call');
    const other = new MCPAdapter(server().url);
    const replayed = await other.resume(JSON.parse(JSON.stringify(interrupt)), tip);
    assert.equal(replayed.content?.[0]?.text, 'tip: 15.0', JSON.stringify(replayed));
    await Promise.all([adapter.close(), other.close()]);
  });

  test('readResource() and getPrompt() pause on a question too', async () => {
    const adapter = new MCPAdapter(server().url);
    const reading = await adapter.readResource('fixture://guarded');
    assert.equal(reading.type, 'mcp_elicitation');
    assert.equal(reading.method, 'resources/read');
    assert.equal(reading.tool_name, null);
    const [note] = await adapter.resume(reading, accept({ value: true }));
    assert.equal(note.text, 'the guarded note');
    const prompting = await adapter.getPrompt('greet_asking', {});
    assert.equal(prompting.method, 'prompts/get');
    const messages = await adapter.resume(prompting, accept({ value: 'Ada' }));
    assert.equal(messages[0].content[0].text, 'Hello, Ada!');
    await adapter.close();
  });

  test('the round cap holds across questions, and answers are checked before anything is sent', async () => {
    const adapter = new MCPAdapter(server().url, { maxRounds: 1 });
    const first = await adapter.callTool('ask_twice', { topic: 't' });
    await rejectsWith(adapter.resume(first, accept({ value: 7 })), 'invalid_argument'); // not a string
    await rejectsWith(adapter.resume(first, accept({ value: 'Ada' })), 'too_many_rounds');
    await adapter.close();
  });

  test('onElicitation given: the handler answers in place and nothing pauses', async () => {
    const onElicitation = (request) => ({ action: 'accept', content: { value: request.message.startsWith('Your name') ? 'Bo' : 41 } });
    const adapter = new MCPAdapter(server().url, { onElicitation });
    const out = await adapter.callTool('ask_twice', { topic: 'x' });
    assert.equal(out.content[0].text, 'x: Bo is 41');
    await adapter.close();
  });
});

describe('FastMCP fixture, 2026-07-28', () => {
  const server = useServer(() => startFastMCP());

  test('onElicitation answers input_required rounds in place: no interrupt', async () => {
    const asked = [];
    const adapter = new MCPAdapter(server().url, {
      onElicitation: (request) => {
        asked.push(request.message);
        return { action: 'accept', content: { confirmed: true } };
      },
    });
    const out = await adapter.callTool('confirm_action', { action: 'ship' });
    assert.equal(adapter.protocolVersion, '2026-07-28');
    assert.deepEqual(asked, ['Really ship?']);
    assert.match(out.content[0].text, /^ship: confirmed /);
  });

  // The fixture speaks both eras, so the interrupt's era and the resuming adapter's can differ:
  // a handshake-era question is answered on its session, a 2026-07-28 one by a retry carrying
  // inputResponses, and sent over the other era's connection the answer never reaches the server
  // (the tool asked again, or FastMCP's "elicitation ... unavailable on 2026-07-28 connections").
  test('an interrupt resumed by an adapter of the other era is refused before the call is sent, and the same answer then resumes on one of its era', async () => {
    const cases = [
      { asked: 'legacy', resumer: 'auto', version: '2025-11-25', answer: { elicitation: { action: 'accept', content: { value: true } } }, done: /^wipe: confirmed$/ },
      { asked: 'auto', resumer: 'legacy', version: undefined, answer: { confirm: { action: 'accept', content: { confirmed: true } } }, done: /^wipe: confirmed \(state=/ },
    ];
    for (const { asked, resumer, version, answer, done } of cases) {
      const first = new MCPAdapter(server().url, { protocol: asked });
      const interrupt = JSON.parse(JSON.stringify(await first.callTool('confirm_action', { action: 'wipe' })));
      assert.equal(interrupt.type, 'mcp_elicitation', asked);
      assert.equal(interrupt.protocol_version, version, asked);
      await first.close();

      const rec = recordingFetch();
      const other = new MCPAdapter(server().url, { protocol: resumer, fetch: rec.fetch });
      const refused = await rejectsWith(other.resume(interrupt, { responses: answer }), 'invalid_argument');
      assert.match(refused.message, /other protocol generation .*protocol "legacy" for a handshake-era one\); nothing of it was sent/);
      assert.equal(toolCalls(rec), 0, `${asked} interrupt, ${resumer} adapter: no tools/call sent`);
      // the adapter stays usable
      assert.ok((await other.listTools()).some((t) => t.name === 'confirm_action'));
      await other.close();

      const same = new MCPAdapter(server().url, { protocol: asked });
      const out = await same.resume(interrupt, { responses: answer });
      assert.equal(out.status, 'success', asked);
      assert.match(out.content[0].text, done, asked);
      await same.close();
    }
  });
});

describe('server-everything, restarted in place (it answers an unknown session 400 "No valid session ID provided", not 404)', () => {
  test('a question held across the restart is answered by sending the call again in a new session', async () => {
    let server = await startEverything();
    try {
      const adapter = new MCPAdapter(server.url);
      const form = await adapter.callTool('trigger-elicitation-request', {}, { timeoutMs: 10_000 });
      assert.equal(form.type, 'mcp_elicitation');
      await server.close();
      server = await startEverything({ port: server.port });
      const filled = await adapter.resume(form, accept({ ...form.requests[0].defaults, name: 'Ada', check: true, integer: 3 }), { timeoutMs: 10_000 });
      assert.equal(filled.status, 'success');
      assert.match(filled.content.map((b) => b.text).join('\n'), /Ada/);
      await adapter.close();
    } finally {
      await server.close();
    }
  });

  test('an adapter whose server restarted opens a new session at its next call', async () => {
    let server = await startEverything();
    try {
      const adapter = new MCPAdapter(server.url);
      const before = await adapter.listTools();
      await server.close();
      server = await startEverything({ port: server.port });
      assert.equal((await adapter.listTools({ cacheMode: 'bypass' })).length, before.length);
      assert.equal((await adapter.callTool('echo', { message: 'again' })).status, 'success');
      await adapter.close();
    } finally {
      await server.close();
    }
  });
});

describe('server-everything (handshake era only)', () => {
  const server = useServer(startEverything);

  test('its elicitation tools are offered without a handler, and form and URL questions become interrupts', async () => {
    const adapter = new MCPAdapter(server().url);
    const tools = Object.fromEntries((await adapter.listTools()).map((t) => [t.name, t]));
    assert.ok(tools['trigger-elicitation-request'], 'offered: the capability is declared');
    assert.ok(tools['trigger-url-elicitation'], 'offered: URL mode is declared');

    const form = await tools['trigger-elicitation-request'].invoke({}, { timeoutMs: 10_000 });
    assert.equal(form.type, 'mcp_elicitation');
    assert.equal(form.requests[0].mode, 'form');
    assert.ok(form.requests[0].requested_schema.properties.name);
    const filled = await adapter.resume(form, accept({ ...form.requests[0].defaults, name: 'Ada', check: true, integer: 3 }));
    assert.equal(filled.status, 'success');
    assert.match(filled.content.map((b) => b.text).join('\n'), /Ada/);

    const link = 'https://auth.example.test/consent?session=abc';
    const url = await tools['trigger-url-elicitation'].invoke({ url: link }, { timeoutMs: 10_000 });
    assert.equal(url.type, 'mcp_elicitation');
    assert.equal(url.requests[0].mode, 'url');
    assert.equal(url.requests[0].url, link);
    const opened = await adapter.resume(url, { responses: { elicitation: { action: 'accept' } } });
    assert.equal(opened.status, 'success');
    await adapter.close();
  });
});

describe('server-everything: the host handlers answer in the handshake era too', () => {
  const server = useServer(startEverything);

  const handlers = {
    onSampling: (request) => ({ role: 'assistant', content: { type: 'text', text: `sampled ${request.maxTokens}` }, model: 'fake' }),
    roots: () => ({ roots: [{ uri: 'file:///work', name: 'work' }] }),
  };

  test('onSampling answers sampling/createMessage in place', async () => {
    const adapter = new MCPAdapter(server().url, handlers);
    const tools = Object.fromEntries((await adapter.listTools()).map((t) => [t.name, t]));
    const sampled = await tools['trigger-sampling-request'].invoke({ prompt: 'hi', maxTokens: 5 }, { timeoutMs: 10_000 });
    assert.equal(sampled.status, 'success');
    assert.match(sampled.content[0].text, /sampled 5/);
    await adapter.close();
  });

  test('roots answers roots/list in place', async () => {
    const adapter = new MCPAdapter(server().url, handlers);
    const tools = Object.fromEntries((await adapter.listTools()).map((t) => [t.name, t]));
    const roots = await tools['get-roots-list'].invoke({}, { timeoutMs: 10_000 });
    assert.match(roots.content[0].text, /file:\/\/\/work/);
    await adapter.close();
  });
});
