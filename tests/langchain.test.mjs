// mcp-wasm-adapter/langchain against a live FastMCP fixture, driven by LangChain.js v1 agents
// (`createAgent`) with a scripted model (`fakeModel` from @langchain/core/testing): tool shapes,
// a multi-step conversation, elicitation as LangGraph interrupts resumed with `Command`
// (fresh keys, two rounds, parallel calls), humanInTheLoopMiddleware from MCP annotations, a
// checkpoint that survives JSON, and the prompt/resource converters.
//
//   bash scripts/build.sh && node --test tests/langchain.test.mjs
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { Document } from '@langchain/core/documents';
import { fakeModel } from '@langchain/core/testing';
import { Command, MemorySaver, isGraphInterrupt } from '@langchain/langgraph';
import { createAgent, humanInTheLoopMiddleware, toolRetryMiddleware } from 'langchain';
import { MCPAdapter, MCPAdapterGroup } from '../pkg/index.node.js';
import {
  toLangChainTools,
  interruptOnFromAnnotations,
  createMCPResume,
  toLangChainMessages,
  toLangChainDocuments,
  toBlobs,
} from '../pkg/langchain.js';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { PNG_1X1_B64 } from './helpers/fixture-data.mjs';
import { DISCOVER_RESULT, startFake } from './helpers/fake-server.mjs';
import { startFastMCP, startTsServer } from './helpers/servers.mjs';
import { countingAdapter, newThread, toolMessages } from './helpers/agents.mjs';

const run = promisify(execFile);

const accept = (interrupt, content) => ({ [interrupt.value.requests[0].key]: { action: 'accept', content } });

describe('mcp-wasm-adapter/langchain with a FastMCP server', () => {
  let server;
  before(async () => {
    server = await startFastMCP();
  });
  after(() => server?.close());

  test('tools are structured tools with the MCP name, description, LLM-ready schema and metadata', async () => {
    const adapter = new MCPAdapter(server.url);
    const [mcpTools, tools] = [await adapter.listTools(), await toLangChainTools(adapter)];
    assert.deepEqual(tools.map((t) => t.name), mcpTools.map((t) => t.name));
    for (const [i, t] of tools.entries()) {
      assert.equal(t.constructor.name, 'DynamicStructuredTool');
      assert.equal(t.responseFormat, 'content_and_artifact');
      assert.equal(t.description, mcpTools[i].description);
      assert.deepEqual(t.schema, mcpTools[i].schema);
      assert.deepEqual(t.metadata, mcpTools[i].metadata);
    }
    const plan = tools.find((t) => t.name === 'plan_trip');
    assert.ok(!JSON.stringify(plan.schema).includes('$ref'), 'the schema handed to LangChain has its refs inlined');
    const del = tools.find((t) => t.name === 'delete_item');
    assert.equal(del.metadata.mcp.tool.annotations.destructiveHint, true);
    assert.deepEqual(del.metadata.mcp.server, { name: 'fastmcp-fixture', version: '0.1.0' });

    // several adapters: a name collision is an error unless names are prefixed
    const ts = await startTsServer();
    try {
      const group = [adapter, new MCPAdapter(ts.url)];
      await assert.rejects(toLangChainTools(group), /two tools want the name "echo" \("echo" of fastmcp-fixture and "echo" of ts-fixture\)/);
      await assert.rejects(toLangChainTools(group, { filter: (t) => t.name === 'echo', namePrefix: 'x_' }), (e) => e.code === 'tool_name_collision' && /prefixServerName/.test(e.message));
      const both = await toLangChainTools(group, { filter: ['echo'], prefixServerName: true });
      assert.deepEqual(both.map((t) => t.name), ['fastmcp-fixture_echo', 'ts-fixture_echo']);
      const state = await createAgent({
        model: fakeModel()
          .respondWithTools([{ name: 'ts-fixture_echo', args: { text: 'b' }, id: 'b' }])
          .respond(new AIMessage('ok')),
        tools: both,
      }).invoke({ messages: [new HumanMessage('echo b')] });
      assert.deepEqual(toolMessages(state)[0].content, [{ type: 'text', text: 'echo: b' }]);
    } finally {
      await ts.close();
    }
    await assert.rejects(toLangChainTools({}), TypeError);
  });

  test('a multi-step createAgent conversation: text, image, structured and error results reach the messages', async () => {
    const { adapter } = countingAdapter(server.url);
    const tools = await toLangChainTools(adapter);
    const model = fakeModel()
      .respondWithTools([
        { name: 'echo', args: { text: 'hi' }, id: 'call_echo' },
        { name: 'tiny_image', args: {}, id: 'call_img' },
      ])
      .respondWithTools([
        { name: 'get_weather', args: { city: 'Oslo' }, id: 'call_weather' },
        { name: 'fail', args: { message: 'on purpose' }, id: 'call_fail' },
      ])
      .respond(new AIMessage('Oslo is sunny; the failing tool failed.'));
    const agent = createAgent({ model, tools });
    const state = await agent.invoke({ messages: [new HumanMessage('Weather in Oslo?')] });

    const byId = Object.fromEntries(toolMessages(state).map((m) => [m.tool_call_id, m]));
    assert.deepEqual(Object.keys(byId).sort(), ['call_echo', 'call_fail', 'call_img', 'call_weather']);
    assert.deepEqual(byId.call_echo.content, [{ type: 'text', text: 'echo: hi' }]);
    assert.equal(byId.call_echo.status, 'success');
    assert.equal(byId.call_echo.name, 'echo');
    assert.deepEqual(byId.call_img.content, [{ type: 'image', data: PNG_1X1_B64, mimeType: 'image/png' }]);
    assert.deepEqual(byId.call_weather.artifact, { structured_content: { city: 'Oslo', temperature_c: 21.5, conditions: 'sunny' } });
    // one text block beside structuredContent stays a list of blocks (never a lone block object)
    assert.deepEqual(byId.call_weather.content.map((b) => b.type), ['text']);
    assert.deepEqual(JSON.parse(byId.call_weather.content[0].text), { city: 'Oslo', temperature_c: 21.5, conditions: 'sunny' });
    assert.equal(byId.call_weather.status, 'success');
    assert.equal(byId.call_fail.status, 'error');
    assert.deepEqual(byId.call_fail.content, [{ type: 'text', text: 'requested failure: on purpose' }]);
    assert.equal(byId.call_fail.name, 'fail');
    assert.equal(state.messages.at(-1).content, 'Oslo is sunny; the failing tool failed.');

    // the model's later turns saw the tool results (second call: after echo + image)
    assert.equal(model.callCount, 3);
    const seen = model.calls[1].messages.filter((m) => ToolMessage.isInstance(m)).map((m) => m.tool_call_id);
    assert.deepEqual(seen.sort(), ['call_echo', 'call_img']);
  });

  test('an elicitation surfaces in __interrupt__ as the plain MCP interrupt and resumes with Command', async () => {
    const { adapter, count } = countingAdapter(server.url);
    const tools = await toLangChainTools(adapter);
    const model = fakeModel()
      .respondWithTools([{ name: 'confirm_action', args: { action: 'wipe disk' }, id: 'call_confirm' }])
      .respond((messages) => new AIMessage(`Done: ${messages.at(-1).content[0].text}`));
    const agent = createAgent({ model, tools, checkpointer: new MemorySaver() });
    const config = newThread();

    const paused = await agent.invoke({ messages: [new HumanMessage('Wipe the disk')] }, config);
    assert.equal(paused.__interrupt__.length, 1);
    const [pending] = paused.__interrupt__;
    assert.equal(typeof pending.id, 'string');
    const value = pending.value;
    assert.equal(value.type, 'mcp_elicitation');
    assert.equal(value.tool_name, 'confirm_action');
    assert.deepEqual(value.requests.map((r) => [r.key, r.message, r.mode]), [['confirm', 'Really wipe disk?', 'form']]);
    assert.deepEqual(JSON.parse(JSON.stringify(value)), value, 'the interrupt value is plain JSON');
    assert.equal(count('confirm_action'), 1);

    const done = await agent.invoke(new Command({ resume: { responses: { confirm: { action: 'accept', content: { confirmed: true } } } } }), config);
    assert.equal(done.__interrupt__, undefined);
    const [msg] = toolMessages(done);
    assert.equal(msg.status, 'success');
    assert.match(msg.content[0].text, /^wipe disk: confirmed /);
    assert.match(done.messages.at(-1).content, /^Done: wipe disk: confirmed/);
    assert.equal(count('confirm_action'), 2, 'one first call, one retry: the first round was not sent again');
  });

  test('a group tool resumes on its own server key, even when two keys share the URL (two accounts on one server)', async () => {
    const group = new MCPAdapterGroup(
      { work: { url: server.url, headers: { 'x-account': 'work' } }, home: { url: server.url, headers: { 'x-account': 'home' } } },
      { toolNamePrefix: true },
    );
    const tools = await toLangChainTools(group, { filter: (t) => t.mcpName === 'confirm_action' });
    assert.deepEqual(tools.map((t) => t.name), ['work_confirm_action', 'home_confirm_action']);
    const model = fakeModel()
      .respondWithTools([{ name: 'home_confirm_action', args: { action: 'water plants' }, id: 'call_home' }])
      .respond(new AIMessage('ok'));
    const agent = createAgent({ model, tools, checkpointer: new MemorySaver() });
    const config = newThread();
    const paused = await agent.invoke({ messages: [new HumanMessage('Water the plants')] }, config);
    const [pending] = paused.__interrupt__;
    assert.equal(pending.value.type, 'mcp_elicitation');
    // the checkpointed interrupt is a copy, not the object the group handed out: its URL alone
    // cannot tell "work" from "home", but the LangChain tool knows its server key
    const done = await agent.invoke(new Command({ resume: createMCPResume(pending, { confirm: { action: 'accept', content: { confirmed: true } } }) }), config);
    const [msg] = toolMessages(done);
    assert.equal(msg.status, 'success', JSON.stringify(msg.content));
    assert.match(msg.content[0].text, /^water plants: confirmed /);
  });

  test('resume answers the round the person saw when the server mints a fresh key per first round', async () => {
    const { adapter, count } = countingAdapter(server.url);
    const tools = await toLangChainTools(adapter, { filter: ['confirm_random_key'] });
    const model = fakeModel()
      .respondWithTools([{ name: 'confirm_random_key', args: {}, id: 'call_k' }])
      .respond(new AIMessage('ok'));
    const agent = createAgent({ model, tools, checkpointer: new MemorySaver() });
    const config = newThread();
    const paused = await agent.invoke({ messages: [new HumanMessage('go')] }, config);
    const [pending] = paused.__interrupt__;
    const key = pending.value.requests[0].key;
    assert.match(key, /^k-[0-9a-f]{8}$/);
    // a replayed first call would get another key: prove the server really mints one each time
    const replay = await adapter.callTool('confirm_random_key', {});
    assert.notEqual(replay.requests[0].key, key);

    const done = await agent.invoke(new Command({ resume: { responses: { [key]: { action: 'accept', content: { confirm: true } } } } }), config);
    const [msg] = toolMessages(done);
    assert.equal(msg.status, 'success');
    assert.deepEqual(msg.content, [{ type: 'text', text: `confirmed under ${key}` }]);
    assert.equal(count('confirm_random_key'), 3, 'first call + the replay above + one retry');
  });

  test('a tool that asks twice pauses once per round; each Command answers its own round', async () => {
    const { adapter, count } = countingAdapter(server.url);
    const tools = await toLangChainTools(adapter, { filter: ['ask_twice'] });
    const model = fakeModel()
      .respondWithTools([{ name: 'ask_twice', args: { topic: 'signup' }, id: 'call_ask' }])
      .respond(new AIMessage('ok'));
    const agent = createAgent({ model, tools, checkpointer: new MemorySaver() });
    const config = newThread();
    const first = await agent.invoke({ messages: [new HumanMessage('sign me up')] }, config);
    assert.deepEqual(first.__interrupt__[0].value.requests.map((r) => r.key), ['name']);
    const second = await agent.invoke(new Command({ resume: { responses: { name: { action: 'accept', content: { name: 'Ada' } } } } }), config);
    assert.equal(second.__interrupt__.length, 1);
    assert.notEqual(second.__interrupt__[0].id, first.__interrupt__[0].id);
    assert.deepEqual(second.__interrupt__[0].value.requests.map((r) => [r.key, r.message]), [['age', 'And your age?']]);
    assert.equal(second.__interrupt__[0].value.round, 2);
    const done = await agent.invoke(new Command({ resume: { responses: { age: { action: 'accept', content: { age: 36 } } } } }), config);
    assert.deepEqual(toolMessages(done)[0].content, [{ type: 'text', text: 'signup: Ada is 36' }]);
    assert.equal(count('ask_twice'), 3, 'each round sent once');
  });

  test('two parallel tool calls that both elicit resume independently (id-keyed resume map)', async () => {
    const { adapter, count } = countingAdapter(server.url);
    const tools = await toLangChainTools(adapter, { filter: ['confirm_action', 'confirm_random_key'] });
    const model = fakeModel()
      .respondWithTools([
        { name: 'confirm_action', args: { action: 'deploy' }, id: 'call_a' },
        { name: 'confirm_random_key', args: {}, id: 'call_b' },
      ])
      .respond(new AIMessage('both done'));
    const agent = createAgent({ model, tools, checkpointer: new MemorySaver() });
    const config = newThread();
    const paused = await agent.invoke({ messages: [new HumanMessage('deploy')] }, config);
    assert.equal(paused.__interrupt__.length, 2);
    const a = paused.__interrupt__.find((i) => i.value.tool_name === 'confirm_action');
    const b = paused.__interrupt__.find((i) => i.value.tool_name === 'confirm_random_key');
    assert.notEqual(a.id, b.id);

    // createMCPResume only addresses the answer; adapter.resume (the core) judges it
    assert.deepEqual(createMCPResume(b, { confirm: { action: 'accept' } }), { [b.id]: { responses: { confirm: { action: 'accept' } } } });
    // answer only b: a stays pending, unchanged, and nothing is sent for it again
    const resumeB = createMCPResume(b, accept(b, { confirm: true }));
    assert.deepEqual(Object.keys(resumeB), [b.id]);
    const half = await agent.invoke(new Command({ resume: resumeB }), config);
    assert.deepEqual(half.__interrupt__.map((i) => [i.id, i.value]), [[a.id, a.value]]);
    assert.deepEqual(toolMessages(half).map((m) => [m.tool_call_id, m.content[0].text]), [['call_b', `confirmed under ${b.value.requests[0].key}`]]);
    assert.equal(count('confirm_action'), 1);

    const done = await agent.invoke(new Command({ resume: createMCPResume(a, { confirm: { action: 'decline' } }) }), config);
    assert.equal(done.__interrupt__, undefined);
    const byId = Object.fromEntries(toolMessages(done).map((m) => [m.tool_call_id, m.content[0].text]));
    assert.match(byId.call_a, /^deploy: decline /);
    assert.equal(done.messages.at(-1).content, 'both done');
    assert.equal(count('confirm_action'), 2);
    assert.equal(count('confirm_random_key'), 2);
  });

  test('humanInTheLoopMiddleware from MCP annotations pauses a destructive tool; a rejection is an error ToolMessage', async () => {
    const { adapter, count } = countingAdapter(server.url);
    const tools = await toLangChainTools(adapter);
    const interruptOn = interruptOnFromAnnotations(tools);
    assert.deepEqual(Object.keys(interruptOn), ['delete_item']);
    const model = fakeModel()
      .respondWithTools([
        { name: 'delete_item', args: { item_id: 'prod-1' }, id: 'call_del' },
        { name: 'echo', args: { text: 'x' }, id: 'call_echo' },
      ])
      .respond(new AIMessage('I did not delete it.'));
    const agent = createAgent({
      model,
      tools,
      checkpointer: new MemorySaver(),
      middleware: [humanInTheLoopMiddleware({ interruptOn })],
    });
    const config = newThread();
    const paused = await agent.invoke({ messages: [new HumanMessage('delete prod-1')] }, config);
    const [pending] = paused.__interrupt__;
    assert.deepEqual(pending.value.actionRequests.map((r) => [r.name, r.args]), [['delete_item', { item_id: 'prod-1' }]]);
    assert.match(pending.value.actionRequests[0].description, /^Tool execution requires approval: the MCP server fastmcp-fixture marks "[^"]+" destructive\.\n\nTool: delete_item\n/);
    assert.deepEqual(pending.value.reviewConfigs, [{ actionName: 'delete_item', allowedDecisions: ['approve', 'edit', 'reject'] }]);
    assert.equal(count('delete_item'), 0);

    const done = await agent.invoke(new Command({ resume: { decisions: [{ type: 'reject', message: 'Not in production.' }] } }), config);
    const del = toolMessages(done).find((m) => m.tool_call_id === 'call_del');
    assert.equal(del.status, 'error');
    assert.equal(del.content, 'Not in production.');
    assert.equal(count('delete_item'), 0, 'a rejected call never reaches the server');
    assert.equal(done.messages.at(-1).content, 'I did not delete it.');
  });

  test('interruptOnFromAnnotations: hint rules, MCP defaults, a when predicate, overrides', async () => {
    const tools = await toLangChainTools(new MCPAdapter(server.url));
    const noHints = tools.filter((t) => !t.metadata.mcp.tool.annotations).map((t) => t.name);
    assert.ok(noHints.includes('get_weather'));
    assert.deepEqual(Object.keys(interruptOnFromAnnotations(tools, { destructive: false })), []);
    assert.deepEqual(Object.keys(interruptOnFromAnnotations(tools, { mutating: true })), ['delete_item']);
    assert.deepEqual(Object.keys(interruptOnFromAnnotations(tools, { nonIdempotent: true })), ['delete_item']);
    // with the MCP defaults a tool without hints may be destructive and open-world
    const spec = interruptOnFromAnnotations(tools, { specDefaults: true });
    assert.ok(spec.get_weather && spec.delete_item && !spec.echo && !spec.list_regions);
    // open-world is its own hint: read-only tools without openWorldHint: false count too
    assert.deepEqual(Object.keys(interruptOnFromAnnotations(tools, { destructive: false, openWorld: true })), []);
    const open = interruptOnFromAnnotations(tools, { destructive: false, openWorld: true, specDefaults: true });
    assert.deepEqual(Object.keys(open), tools.map((t) => t.name));
    const custom = interruptOnFromAnnotations(tools, {
      allowedDecisions: ['approve', 'reject'],
      overrides: { delete_item: false, echo: true },
    });
    assert.deepEqual(custom, { echo: true });

    // argument-level rule: only production items pause
    const seen = [];
    const gated = interruptOnFromAnnotations(tools, {
      when: ({ toolCall }, tool) => {
        seen.push(tool);
        return toolCall.args.item_id.startsWith('prod-');
      },
    });
    assert.equal(await gated.delete_item.when({ toolCall: { name: 'delete_item', args: { item_id: 'tmp-1' } } }), false);
    assert.equal(seen[0].name, 'delete_item');
    assert.deepEqual(seen[0].reasons, ['destructive']);
    const model = fakeModel()
      .respondWithTools([{ name: 'delete_item', args: { item_id: 'tmp-1' }, id: 'call_tmp' }])
      .respond(new AIMessage('deleted'));
    const agent = createAgent({ model, tools, checkpointer: new MemorySaver(), middleware: [humanInTheLoopMiddleware({ interruptOn: gated })] });
    const state = await agent.invoke({ messages: [new HumanMessage('delete tmp-1')] }, newThread());
    assert.equal(state.__interrupt__, undefined);
    assert.deepEqual(toolMessages(state)[0].content, [{ type: 'text', text: 'deleted tmp-1' }]);
  });

  test('the adapter approval gate becomes an interrupt too, resumed with a decision', async () => {
    const { adapter, count } = countingAdapter(server.url, {
      approval: ({ metadata }) => metadata?.mcp?.tool?.annotations?.destructiveHint === true,
    });
    const tools = await toLangChainTools(adapter, { filter: ['delete_item'] });
    const model = fakeModel()
      .respondWithTools([{ name: 'delete_item', args: { item_id: '7' }, id: 'call_del' }])
      .respond(new AIMessage('ok'));
    const agent = createAgent({ model, tools, checkpointer: new MemorySaver() });
    const config = newThread();
    const paused = await agent.invoke({ messages: [new HumanMessage('delete 7')] }, config);
    const [pending] = paused.__interrupt__;
    assert.equal(pending.value.type, 'mcp_approval');
    assert.deepEqual(pending.value.args, { item_id: '7' });
    assert.equal(count('delete_item'), 0);
    assert.deepEqual(createMCPResume(pending, { confirm: {} }), { [pending.id]: { confirm: {} } }, 'judged on resume, not here');
    const done = await agent.invoke(new Command({ resume: createMCPResume(pending, { decision: 'approve', args: { item_id: '8' } }) }), config);
    assert.deepEqual(toolMessages(done)[0].content, [{ type: 'text', text: 'deleted 8' }]);
    assert.equal(count('delete_item'), 1);
  });

  test('without a checkpointer, or outside a graph, an elicitation is a clear error result, not a crash', async () => {
    const { adapter, count } = countingAdapter(server.url);
    const tools = await toLangChainTools(adapter, { filter: ['confirm_action'] });
    const model = fakeModel()
      .respondWithTools([{ name: 'confirm_action', args: { action: 'reboot' }, id: 'call_c' }])
      .respond(new AIMessage('could not'));
    const agent = createAgent({ model, tools }); // no checkpointer
    const state = await agent.invoke({ messages: [new HumanMessage('reboot')] });
    const [msg] = toolMessages(state);
    assert.equal(msg.status, 'error');
    assert.match(msg.content[0].text, /needs input from a person .* no checkpointer, so it cannot pause/);
    assert.equal(msg.artifact.mcp_interrupt.type, 'mcp_elicitation');
    assert.equal(state.messages.at(-1).content, 'could not');

    // called directly with a ToolCall: the same error ToolMessage; its interrupt resumes by hand
    const direct = await tools[0].invoke({ name: 'confirm_action', args: { action: 'reboot' }, id: 'c2', type: 'tool_call' });
    assert.ok(ToolMessage.isInstance(direct));
    assert.equal(direct.status, 'error');
    assert.match(direct.content[0].text, /outside a LangGraph run/);
    const resumed = await adapter.resume(direct.artifact.mcp_interrupt, { responses: { confirm: { action: 'accept', content: { confirmed: true } } } });
    assert.match(resumed.content[0].text, /^reboot: confirmed/);
    // with bare arguments LangChain returns the content only
    const bare = await tools[0].invoke({ action: 'reboot' });
    assert.match(bare[0].text, /cannot pause/);
    assert.equal(count('confirm_action'), 4);
  });

  test('transport failures throw (as ToolNode error messages); timeoutMs reaches every call', async () => {
    const tools = await toLangChainTools(new MCPAdapter(server.url), { filter: ['sleep'], timeoutMs: 200 });
    for (const checkpointer of [undefined, new MemorySaver()]) {
      const model = fakeModel()
        .respondWithTools([{ name: 'sleep', args: { seconds: 3 }, id: 'call_sleep' }])
        .respond(new AIMessage('too slow'));
      const started = Date.now();
      const state = await createAgent({ model, tools, checkpointer }).invoke({ messages: [new HumanMessage('sleep')] }, newThread());
      assert.ok(Date.now() - started < 2500, 'the call was cut at timeoutMs');
      const [msg] = toolMessages(state);
      assert.equal(msg.status, 'error');
      assert.match(String(msg.content), /MCPAdapterError/);
      assert.match(String(msg.content), /tim/i);
    }
    await assert.rejects(tools[0].invoke({ seconds: 3 }), (e) => e.name === 'MCPAdapterError' && e.code === 'timeout');
  });

  test('a timeoutMs larger than the adapter\'s lets a slow call finish; a RunnableConfig timeout aborts the call\'s request', async () => {
    const adapter = new MCPAdapter(server.url, { timeoutMs: 300 });
    const [slow] = await toLangChainTools(adapter, { filter: ['sleep'], timeoutMs: 10_000 });
    assert.deepEqual(await slow.invoke({ seconds: 1 }), [{ type: 'text', text: 'slept 1.0s' }], 'the tools\' timeoutMs, not the adapter\'s');
    const signals = [];
    const watched = new MCPAdapter(server.url, { fetch: (url, init) => (signals.push(init.signal), fetch(url, init)) });
    const [patient] = await toLangChainTools(watched, { filter: ['sleep'] });
    // LangChain turns the timeout into the config's signal, and rejects when it fires
    await assert.rejects(patient.invoke({ seconds: 3 }, { timeout: 300 }), { name: 'TimeoutError' });
    assert.equal(signals.at(-1)?.aborted, true, 'the tools/call request was aborted with it');
  });

  test('a resume that does not answer the keys asked pauses again with the same question and the core\'s verdict; a right answer completes', async () => {
    const { adapter, count } = countingAdapter(server.url);
    const tools = await toLangChainTools(adapter, { filter: ['confirm_action'] });
    const model = fakeModel()
      .respondWithTools([{ name: 'confirm_action', args: { action: 'x' }, id: 'call_x' }])
      .respond(new AIMessage('done'));
    const agent = createAgent({ model, tools, checkpointer: new MemorySaver() });
    const config = newThread();
    const paused = await agent.invoke({ messages: [new HumanMessage('x')] }, config);
    const resume = createMCPResume(paused.__interrupt__[0], { wrong: { action: 'accept', content: {} } });
    const again = await agent.invoke(new Command({ resume }), config);
    assert.equal(toolMessages(again).length, 0, 'the tool call goes on');
    const [asked] = again.__interrupt__;
    assert.notEqual(asked.id, paused.__interrupt__[0].id);
    assert.deepEqual(asked.value.requests, paused.__interrupt__[0].value.requests);
    assert.equal(asked.value.asked_again.reason, 'invalid_answer');
    assert.match(asked.value.asked_again.message, /responses must answer exactly the keys \["confirm"\] \(missing \["confirm"\], unknown \["wrong"\]\)/);
    assert.equal(count('confirm_action'), 1, 'nothing was sent for the bad answer');
    const done = await agent.invoke(new Command({ resume: createMCPResume(asked, { confirm: { action: 'accept', content: { confirmed: true } } }) }), config);
    assert.match(String(toolMessages(done)[0].content[0].text), /^x: confirmed/);
    assert.equal(done.messages.at(-1).content, 'done');
  });

  test('a paused run survives a JSON round trip of its MemorySaver and resumes with a fresh adapter', async () => {
    const first = countingAdapter(server.url);
    const model1 = fakeModel().respondWithTools([{ name: 'confirm_random_key', args: {}, id: 'call_k' }]);
    const saver1 = new MemorySaver();
    const agent1 = createAgent({ model: model1, tools: await toLangChainTools(first.adapter), checkpointer: saver1 });
    const config = newThread();
    const paused = await agent1.invoke({ messages: [new HumanMessage('go')] }, config);
    const [pending] = paused.__interrupt__;

    // "another process": only JSON crosses over
    const json = JSON.stringify({ storage: saver1.storage, writes: saver1.writes }, (_k, v) =>
      v instanceof Uint8Array ? { $bytes: Buffer.from(v).toString('base64') } : v,
    );
    const restored = JSON.parse(json, (_k, v) => (v && typeof v === 'object' && typeof v.$bytes === 'string' ? new Uint8Array(Buffer.from(v.$bytes, 'base64')) : v));
    const saver2 = new MemorySaver();
    saver2.storage = restored.storage;
    saver2.writes = restored.writes;
    const interruptJson = JSON.parse(JSON.stringify(pending));

    const second = countingAdapter(server.url);
    const model2 = fakeModel().respond(new AIMessage('confirmed'));
    const agent2 = createAgent({ model: model2, tools: await toLangChainTools(second.adapter), checkpointer: saver2 });
    const snapshot = await agent2.getState(config);
    assert.deepEqual(snapshot.tasks.flatMap((t) => t.interrupts).map((i) => i.value), [pending.value]);
    const done = await agent2.invoke(new Command({ resume: createMCPResume(interruptJson, accept(interruptJson, { confirm: true })) }), config);
    assert.deepEqual(toolMessages(done)[0].content, [{ type: 'text', text: `confirmed under ${pending.value.requests[0].key}` }]);
    assert.equal(done.messages.at(-1).content, 'confirmed');
    assert.equal(first.count('confirm_random_key'), 1);
    assert.equal(second.count('confirm_random_key'), 1, 'the fresh adapter only sent the retry');
  });

  test('our code does not swallow the GraphInterrupt: a retry middleware that lets it through still pauses', async () => {
    const { adapter, count } = countingAdapter(server.url);
    const tools = await toLangChainTools(adapter, { filter: ['confirm_action'] });
    const model = fakeModel()
      .respondWithTools([{ name: 'confirm_action', args: { action: 'x' }, id: 'call_x' }])
      .respond(new AIMessage('ok'));
    const retry = toolRetryMiddleware({
      maxRetries: 2,
      initialDelayMs: 0,
      retryOn: (e) => !isGraphInterrupt(e),
      onFailure: (e) => {
        if (isGraphInterrupt(e)) throw e;
        return String(e);
      },
    });
    const agent = createAgent({ model, tools, checkpointer: new MemorySaver(), middleware: [retry] });
    const config = newThread();
    const paused = await agent.invoke({ messages: [new HumanMessage('x')] }, config);
    assert.equal(paused.__interrupt__?.[0]?.value.type, 'mcp_elicitation');
    assert.equal(count('confirm_action'), 1);
    const done = await agent.invoke(new Command({ resume: { responses: { confirm: { action: 'accept', content: { confirmed: false } } } } }), config);
    assert.match(toolMessages(done)[0].content[0].text, /^x: not confirmed/);
  });

  test('prompts become HumanMessage / AIMessage with v1 blocks; resources become Documents and Blobs', async () => {
    const literal = [
      { role: 'user', content: [{ type: 'text', text: 'Say hi to Ada.' }] },
      { role: 'assistant', content: [{ type: 'image', data: PNG_1X1_B64, mimeType: 'image/png' }] },
    ];
    const [human, ai] = toLangChainMessages(literal);
    assert.ok(HumanMessage.isInstance(human));
    assert.ok(AIMessage.isInstance(ai));
    assert.deepEqual(human.content, literal[0].content);
    assert.equal(human.text, 'Say hi to Ada.');
    assert.deepEqual(ai.content, literal[1].content);
    assert.equal(toLangChainMessages({ messages: literal }).length, 2);
    assert.throws(() => toLangChainMessages([{ role: 'system', content: [] }]), /role "system"/);
    assert.throws(() => toLangChainMessages({ type: 'mcp_elicitation', requests: [] }), /interrupt/);

    const contents = [
      { uri: 'fixture://readme', text: 'hello', mimeType: 'text/plain', metadata: { uri: 'fixture://readme' } },
      { uri: 'fixture://pixel.png', data: PNG_1X1_B64, mimeType: 'image/png', metadata: { uri: 'fixture://pixel.png' } },
    ];
    const docs = toLangChainDocuments(contents);
    assert.equal(docs.length, 1);
    assert.ok(docs[0] instanceof Document);
    assert.equal(docs[0].pageContent, 'hello');
    assert.deepEqual(docs[0].metadata, { uri: 'fixture://readme', mimeType: 'text/plain', source: 'fixture://readme' });
    const both = toLangChainDocuments({ contents }, { binary: 'base64' });
    assert.deepEqual([both[1].pageContent, both[1].metadata.encoding], [PNG_1X1_B64, 'base64']);
    // the MCP wire shape works too; its mimeType is kept as sent (none is made up here)
    assert.equal(toLangChainDocuments([{ uri: 'a://b', text: 't', mimeType: 'text/markdown' }])[0].metadata.mimeType, 'text/markdown');
    assert.equal(toLangChainDocuments([{ uri: 'a://b', text: 't' }])[0].metadata.mimeType, undefined);
    assert.equal(toBlobs([{ uri: 'a://b', blob: PNG_1X1_B64 }])[0].type, '');
    const blobs = toBlobs(contents);
    assert.ok(blobs[1] instanceof Blob);
    assert.equal(blobs[1].type, 'image/png');
    assert.equal(blobs[1].uri, 'fixture://pixel.png');
    assert.equal(Buffer.from(await blobs[1].arrayBuffer()).toString('base64'), PNG_1X1_B64);
    assert.equal(await blobs[0].text(), 'hello');

    // the live server, when the adapter has prompts and resources
    const adapter = new MCPAdapter(server.url);
    if (typeof adapter.getPrompt === 'function') {
      const messages = toLangChainMessages(await adapter.getPrompt('greet', { name: 'Ada' }));
      assert.ok(HumanMessage.isInstance(messages[0]));
      assert.equal(messages[0].text, 'Say hi to Ada in a friendly way.');
    }
    if (typeof adapter.readResource === 'function') {
      const [doc] = toLangChainDocuments(await adapter.readResource('fixture://readme'));
      assert.equal(doc.pageContent, 'This is the mcp-wasm-adapter FastMCP fixture server.');
      assert.equal(doc.metadata.uri, 'fixture://readme');
      const [blob] = toBlobs(await adapter.readResource('fixture://readme'));
      assert.equal(blob.type, 'text/plain');
    }
  });

  test('Documents and Blobs of getResources() with an interrupt in place of a read say it must be answered first', async () => {
    const ts = await startTsServer();
    try {
      const read = await new MCPAdapter(ts.url).getResources({ uris: ['fixture://readme', 'fixture://secret'] });
      assert.equal(read[1].type, 'mcp_elicitation');
      for (const convert of [toLangChainDocuments, toBlobs]) {
        assert.throws(() => convert(read), { name: 'TypeError', message: 'resource contents 1 is an MCP interrupt; answer it with adapter.resume() first' });
      }
    } finally {
      await ts.close();
    }
  });

  test('contents a server sent without a mimeType reach Documents and Blobs with the MCP default the core applies', async () => {
    const fake = await startFake({
      'server/discover': (ctx) => ctx.result({ ...DISCOVER_RESULT, capabilities: { resources: {} } }),
      'resources/read': (ctx) =>
        ctx.result({
          resultType: 'complete',
          contents: [
            { uri: 'x://text', text: 'plain' },
            { uri: 'x://bytes', blob: PNG_1X1_B64 },
          ],
        }),
    });
    try {
      const contents = await new MCPAdapter(fake.url).readResource('x://text');
      const [doc, bin] = toLangChainDocuments(contents, { binary: 'base64' });
      assert.equal(doc.metadata.mimeType, 'text/plain');
      assert.equal(bin.metadata.mimeType, 'application/octet-stream');
      assert.deepEqual(toBlobs(contents).map((b) => b.type), ['text/plain', 'application/octet-stream']);
    } finally {
      await fake.close();
    }
  });

  test('examples/langchain-agent.mjs runs offline against the demo server', async () => {
    const { stdout } = await run(process.execPath, [fileURLToPath(new URL('../examples/langchain-agent.mjs', import.meta.url))], { timeout: 20_000 });
    assert.match(stdout, /\[confirm_action\] the server asks: Really restart the web server\? \(form\)/);
    assert.match(stdout, /tool tiny_image \(success\): \[image image\/png/);
    assert.match(stdout, /tool confirm_action \(success\): restart the web server: confirmed/);
    assert.match(stdout, /tool delete_item \(error\): Keep prod-42\./);
    assert.match(stdout, /ai: Oslo: 21\.5 °C and sunny\./);
  });
});

describe('mcp-wasm-adapter/langchain with a tool whose inputSchema the validator cannot use (TypeScript SDK fixture)', () => {
  let server;
  before(async () => {
    server = await startTsServer();
  });
  after(() => server?.close());

  test('an agent still calls it: the keyword LangChain\'s validator would misjudge (type: "integr") is left out of the schema it checks', async () => {
    const tools = await toLangChainTools(new MCPAdapter(server.url, { onWarning: () => {} }), { filter: ['malformed_schema'] });
    assert.deepEqual(tools[0].schema, { type: 'object', properties: { count: {} }, required: ['count'] });
    const state = await createAgent({
      model: fakeModel().respondWithTools([{ name: 'malformed_schema', args: { count: 3 }, id: 'c1' }]).respond(new AIMessage('done')),
      tools,
    }).invoke({ messages: [new HumanMessage('count')] });
    const [message] = toolMessages(state);
    assert.equal(message.status, 'success', JSON.stringify(message.content));
    assert.deepEqual(message.artifact, { structured_content: { count: 3 } });
  });
});

describe('mcp-wasm-adapter/langchain with a handshake-era server (FastMCP --legacy-only)', () => {
  let server;
  before(async () => {
    server = await startFastMCP({ legacyOnly: true });
  });
  after(() => server?.close());

  test('questions asked mid-call pause createAgent as interrupts and Command resumes them on the held calls, in parallel', async () => {
    const { adapter, count } = countingAdapter(server.url);
    const tools = await toLangChainTools(adapter, { filter: ['confirm_action', 'ask_twice'] });
    const model = fakeModel()
      .respondWithTools([
        { name: 'confirm_action', args: { action: 'deploy' }, id: 'call_a' },
        { name: 'ask_twice', args: { topic: 'signup' }, id: 'call_b' },
      ])
      .respond(new AIMessage('both done'));
    const agent = createAgent({ model, tools, checkpointer: new MemorySaver() });
    const config = newThread();
    const paused = await agent.invoke({ messages: [new HumanMessage('go')] }, config);
    assert.equal(paused.__interrupt__.length, 2);
    const a = paused.__interrupt__.find((i) => i.value.tool_name === 'confirm_action');
    const b = paused.__interrupt__.find((i) => i.value.tool_name === 'ask_twice');
    assert.equal(a.value.type, 'mcp_elicitation');
    assert.equal(a.value.protocol_version, '2025-11-25');
    assert.equal(a.value.requests[0].message, 'Really deploy?');

    // b's first answer: b asks its second question; a stays pending, unchanged
    const half = await agent.invoke(new Command({ resume: createMCPResume(b, accept(b, { value: 'Ada' })) }), config);
    assert.equal(half.__interrupt__.length, 2);
    assert.deepEqual(half.__interrupt__.find((i) => i.id === a.id).value, a.value);
    const b2 = half.__interrupt__.find((i) => i.id !== a.id);
    assert.equal(b2.value.requests[0].message, 'And your age?');

    const resume = { ...createMCPResume(a, accept(a, { value: true })), ...createMCPResume(b2, accept(b2, { value: 36 })) };
    const done = await agent.invoke(new Command({ resume }), config);
    assert.equal(done.__interrupt__, undefined);
    const byId = Object.fromEntries(toolMessages(done).map((m) => [m.tool_call_id, m.content[0].text]));
    assert.deepEqual(byId, { call_a: 'deploy: confirmed', call_b: 'signup: Ada is 36' });
    assert.equal(done.messages.at(-1).content, 'both done');
    // answered on the held calls: each tool ran once on the server
    assert.equal(count('confirm_action'), 1);
    assert.equal(count('ask_twice'), 1);
    await adapter.close();
  });

  test('a run resumed by a fresh adapter (another process) replays the call with the answers given', async () => {
    const first = countingAdapter(server.url);
    const model1 = fakeModel().respondWithTools([{ name: 'confirm_action', args: { action: 'ship' }, id: 'call_s' }]);
    const saver1 = new MemorySaver();
    const agent1 = createAgent({ model: model1, tools: await toLangChainTools(first.adapter), checkpointer: saver1 });
    const config = newThread();
    const paused = await agent1.invoke({ messages: [new HumanMessage('ship')] }, config);
    const [pending] = paused.__interrupt__;
    const interruptJson = JSON.parse(JSON.stringify(pending));
    await first.adapter.close();

    const second = countingAdapter(server.url);
    const model2 = fakeModel()
      .respondWithTools([{ name: 'confirm_action', args: { action: 'ship' }, id: 'call_s' }])
      .respond(new AIMessage('shipped'));
    const agent2 = createAgent({ model: model2, tools: await toLangChainTools(second.adapter), checkpointer: saver1 });
    const done = await agent2.invoke(new Command({ resume: createMCPResume(interruptJson, accept(interruptJson, { value: true })) }), config);
    assert.equal(done.__interrupt__, undefined);
    assert.equal(toolMessages(done).at(-1).content[0].text, 'ship: confirmed');
    assert.equal(second.count('confirm_action'), 1, 'replayed once by the new adapter');
    await second.adapter.close();
  });
});

// Sign-ins as LangGraph interrupts: mcp-wasm-adapter/auth with `interrupt: true` in front of
// the real authorization server (oidc-provider) and protected MCP server of tests/auth/.
describe('mcp-wasm-adapter/langchain with a protected MCP server (mcp_authorization)', () => {
  const REDIRECT = 'http://127.0.0.1:9/callback';
  let authServer;
  let protectedServer;
  let OAuthProvider;
  let memoryStorage;
  let signIn;
  before(async () => {
    ({ OAuthProvider, memoryStorage } = await import('../pkg/auth.js'));
    const fixtures = await import('./auth/fixtures.mjs');
    signIn = fixtures.signIn;
    authServer = await fixtures.startAuthServer();
    protectedServer = await fixtures.startMcpServer({ authServer });
  });
  after(async () => {
    await protectedServer?.close();
    await authServer?.close();
  });

  /** An adapter signed in with notes:read (listing needs it): its tools' write_note then needs a step-up. */
  async function signedInAdapter(storage) {
    const adapter = new MCPAdapter(protectedServer.url, { auth: new OAuthProvider({ redirectUrl: REDIRECT, interrupt: true, storage }) });
    const first = await adapter.listTools();
    assert.equal(first.type, 'mcp_authorization');
    await adapter.resume(first, { callbackUrl: await signIn(first.authorization_url, REDIRECT) });
    return adapter;
  }

  test('toLangChainTools says a listing that needs a sign-in must be answered first', async () => {
    const adapter = new MCPAdapter(protectedServer.url, { auth: new OAuthProvider({ redirectUrl: REDIRECT, interrupt: true }) });
    await assert.rejects(toLangChainTools(adapter), /needs a sign-in first/);
  });

  test('a step-up pauses the graph with the sign-in interrupt and resumes with { callbackUrl } through createMCPResume', async () => {
    const storage = memoryStorage();
    const adapter = await signedInAdapter(storage);
    const tools = await toLangChainTools(adapter);
    const model = fakeModel()
      .respondWithTools([{ name: 'write_note', args: {}, id: 'call_note' }])
      .respond((messages) => new AIMessage(`Result: ${messages.at(-1).content[0].text}`));
    const agent = createAgent({ model, tools, checkpointer: new MemorySaver() });
    const config = newThread();

    const paused = await agent.invoke({ messages: [new HumanMessage('Write a note')] }, config);
    assert.equal(paused.__interrupt__?.length, 1, JSON.stringify(toolMessages(paused).map((m) => m.content)));
    const [pending] = paused.__interrupt__;
    const value = pending.value;
    assert.equal(value.type, 'mcp_authorization');
    assert.equal(value.reason, 'step_up');
    assert.equal(value.method, 'tools/call');
    assert.deepEqual(value.params, { name: 'write_note', arguments: {} });
    assert.deepEqual(JSON.parse(JSON.stringify(value)), value, 'plain JSON');
    assert.ok(new URL(value.authorization_url).searchParams.get('scope').split(' ').includes('notes:write'));

    const callbackUrl = await signIn(value.authorization_url, REDIRECT);
    assert.throws(() => createMCPResume(pending, {}), /callbackUrl/);
    const resume = createMCPResume(JSON.parse(JSON.stringify(pending)), { callbackUrl: new URL(callbackUrl) });
    assert.deepEqual(resume, { [pending.id]: { callbackUrl } });
    const done = await agent.invoke(new Command({ resume }), config);
    assert.equal(done.__interrupt__, undefined);
    const [message] = toolMessages(done);
    assert.equal(message.status, 'success');
    assert.equal(message.content[0].text, 'note written');
    assert.equal(done.messages.at(-1).content, 'Result: note written');
    await adapter.close();
  });

  test('without a checkpointer the sign-in comes back as an error result carrying the interrupt', async () => {
    const adapter = await signedInAdapter(memoryStorage());
    const tools = await toLangChainTools(adapter);
    const model = fakeModel()
      .respondWithTools([{ name: 'write_note', args: {}, id: 'call_note' }])
      .respond(new AIMessage('gave up'));
    const state = await createAgent({ model, tools }).invoke({ messages: [new HumanMessage('Write a note')] });
    const [message] = toolMessages(state);
    assert.equal(message.status, 'error');
    assert.match(message.content[0].text, /needs a sign-in/);
    assert.equal(message.artifact.mcp_interrupt.type, 'mcp_authorization');
    await adapter.close();
  });
});
