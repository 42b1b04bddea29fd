// The LangGraph glue (pkg/langchain.js) against the oldest and the newest LangGraph 1.x the
// package accepts (tests/helpers/langgraph.mjs), each driving its own StateGraph with its own
// ToolNode and MemorySaver over the FastMCP fixture: a tool pauses with LangGraph's
// `interrupt()` only in a run with a checkpointer, resumes from its recorded exchanges, and
// says why it cannot pause elsewhere; the core's checks of an answer reach the caller with
// their code.
//
//   bash scripts/build.sh && node --test tests/langgraph-versions.test.mjs
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AIMessage } from '@langchain/core/messages';
import { MCPAdapter } from '../pkg/index.node.js';
import { LANGGRAPH_PACKAGES, loadLangGraph } from './helpers/langgraph.mjs';
import { startFastMCP, useServer } from './helpers/servers.mjs';
import { countingAdapter, newThread, toolMessages } from './helpers/agents.mjs';

const fastmcp = useServer(() => startFastMCP());

/** Graph input: one AI message calling `name` with `args`. */
const callOf = (name, args = {}, id = 'call_1') => ({
  messages: [new AIMessage({ content: '', tool_calls: [{ name, args, id, type: 'tool_call' }] })],
});

for (const { label, name } of LANGGRAPH_PACKAGES) {
  describe(`LangGraph ${label} (${name})`, { timeout: 60_000 }, async () => {
    const v = await loadLangGraph(name);
    const { Command, MemorySaver, StateGraph, MessagesAnnotation, START, END } = v.lg;

    /** START -> ToolNode(tools) -> END, compiled with `checkpointer`. */
    const toolGraph = (tools, checkpointer, toolNodeOptions) =>
      new StateGraph(MessagesAnnotation)
        .addNode('tools', new v.prebuilt.ToolNode(tools, toolNodeOptions))
        .addEdge(START, 'tools')
        .addEdge('tools', END)
        .compile({ checkpointer });

    /** The pending interrupts of a paused thread, read from its state (both versions). */
    const pendingOf = async (graph, config) => (await graph.getState(config)).tasks.filter((t) => t.result === undefined).flatMap((t) => t.interrupts);

    test(`is a 1.x release (${v.version})`, () => {
      assert.match(v.version, /^1\.\d+\.\d+$/);
      if (label === 'oldest') assert.equal(v.version, '1.0.0');
    });

    test('an elicitation pauses the run as the plain MCP interrupt; a Command resumes it, the first round not sent again', async () => {
      const { adapter, count } = countingAdapter(fastmcp().url);
      const tools = await v.glue.toLangChainTools(adapter, { filter: ['confirm_action'] });
      const graph = toolGraph(tools, new MemorySaver());
      const config = newThread();
      const paused = await graph.invoke(callOf('confirm_action', { action: 'wipe disk' }), config);
      const [pending] = await pendingOf(graph, config);
      assert.equal(typeof pending.id, 'string');
      assert.equal(pending.value.type, 'mcp_elicitation');
      assert.equal(pending.value.tool_name, 'confirm_action');
      assert.deepEqual(pending.value.requests.map((r) => r.key), ['confirm']);
      assert.deepEqual(JSON.parse(JSON.stringify(pending.value)), pending.value);
      if (paused.__interrupt__) assert.deepEqual(paused.__interrupt__.map((i) => i.value), [pending.value]);
      assert.equal(toolMessages(paused).length, 0);
      assert.equal(count('confirm_action'), 1);

      const resume = v.glue.createMCPResume(pending, { confirm: { action: 'accept', content: { confirmed: true } } });
      const done = await graph.invoke(new Command({ resume }), config);
      assert.deepEqual(await pendingOf(graph, config), []);
      const [msg] = toolMessages(done);
      assert.equal(msg.status, 'success');
      assert.match(msg.content[0].text, /^wipe disk: confirmed /);
      assert.equal(count('confirm_action'), 2, 'one first call, one retry');
    });

    test('a key minted afresh each first round is answered under the key the person saw', async () => {
      const { adapter, count } = countingAdapter(fastmcp().url);
      const graph = toolGraph(await v.glue.toLangChainTools(adapter, { filter: ['confirm_random_key'] }), new MemorySaver());
      const config = newThread();
      await graph.invoke(callOf('confirm_random_key'), config);
      const [pending] = await pendingOf(graph, config);
      const key = pending.value.requests[0].key;
      assert.match(key, /^k-[0-9a-f]{8}$/);
      const done = await graph.invoke(new Command({ resume: { responses: { [key]: { action: 'accept', content: { confirm: true } } } } }), config);
      assert.deepEqual(toolMessages(done)[0].content, [{ type: 'text', text: `confirmed under ${key}` }]);
      assert.equal(count('confirm_random_key'), 2);
    });

    test('a tool that asks twice pauses once per round', async () => {
      const { adapter, count } = countingAdapter(fastmcp().url);
      const graph = toolGraph(await v.glue.toLangChainTools(adapter, { filter: ['ask_twice'] }), new MemorySaver());
      const config = newThread();
      await graph.invoke(callOf('ask_twice', { topic: 'signup' }), config);
      const [first] = await pendingOf(graph, config);
      assert.deepEqual(first.value.requests.map((r) => r.key), ['name']);
      await graph.invoke(new Command({ resume: { responses: { name: { action: 'accept', content: { name: 'Ada' } } } } }), config);
      const [second] = await pendingOf(graph, config);
      assert.deepEqual(second.value.requests.map((r) => r.key), ['age']);
      assert.equal(second.value.round, 2);
      const done = await graph.invoke(new Command({ resume: { responses: { age: { action: 'accept', content: { age: 36 } } } } }), config);
      assert.deepEqual(toolMessages(done)[0].content, [{ type: 'text', text: 'signup: Ada is 36' }]);
      assert.equal(count('ask_twice'), 3, 'each round sent once');
    });

    test('without a checkpointer, or outside a graph, the tool returns an error result saying why', async () => {
      const { adapter, count } = countingAdapter(fastmcp().url);
      const [tool] = await v.glue.toLangChainTools(adapter, { filter: ['confirm_action'] });
      const state = await toolGraph([tool], undefined).invoke(callOf('confirm_action', { action: 'reboot' }));
      const [msg] = toolMessages(state);
      assert.equal(msg.status, 'error');
      assert.match(msg.content[0].text, /needs input from a person .* no checkpointer, so it cannot pause/);
      assert.equal(msg.artifact.mcp_interrupt.type, 'mcp_elicitation');

      const direct = await tool.invoke({ name: 'confirm_action', args: { action: 'reboot' }, id: 'c2', type: 'tool_call' });
      assert.equal(direct.status, 'error');
      assert.match(direct.content[0].text, /outside a LangGraph run, so it cannot pause/);
      assert.equal(count('confirm_action'), 2);
    });

    test("an answer the adapter's checks refuse asks the same question again with the core's verdict; nothing is sent", async () => {
      const { adapter, count } = countingAdapter(fastmcp().url, { approval: ({ name: tool }) => tool === 'delete_item' });
      const tools = await v.glue.toLangChainTools(adapter, { filter: ['confirm_action', 'delete_item'] });
      const graph = toolGraph(tools, new MemorySaver(), { handleToolErrors: false });
      /** The one question `graph` waits on, asked again for `why`. */
      const askedAgain = async (config, why) => {
        const [again] = await pendingOf(graph, config);
        assert.equal(again.value.asked_again.reason, 'invalid_answer');
        assert.match(again.value.asked_again.message, why);
        return again;
      };

      // an elicitation answered under a key that was not asked, then rightly
      const config = newThread();
      await graph.invoke(callOf('confirm_action', { action: 'x' }), config);
      const [asked] = await pendingOf(graph, config);
      const wrongKey = v.glue.createMCPResume(asked, { wrong: { action: 'accept', content: {} } });
      await graph.invoke(new Command({ resume: wrongKey }), config);
      const again = await askedAgain(config, /exactly the keys/);
      assert.deepEqual(again.value.requests, asked.value.requests);
      assert.equal(count('confirm_action'), 1, 'nothing was sent for the bad answer');
      const right = v.glue.createMCPResume(again, { confirm: { action: 'accept', content: { confirmed: true } } });
      const done = await graph.invoke(new Command({ resume: right }), config);
      assert.match(toolMessages(done).at(-1).content[0].text, /^x: confirmed/);

      // an approval answered without a decision
      const config2 = newThread();
      await graph.invoke(callOf('delete_item', { item_id: '7' }), config2);
      const [gate] = await pendingOf(graph, config2);
      assert.equal(gate.value.type, 'mcp_approval');
      await graph.invoke(new Command({ resume: v.glue.createMCPResume(gate, { confirm: {} }) }), config2);
      await askedAgain(config2, /decision/);
      assert.equal(count('delete_item'), 0);
    });

    test('a transport failure in a run with a checkpointer is thrown with its code', async () => {
      const tools = await v.glue.toLangChainTools(new MCPAdapter(fastmcp().url), { filter: ['sleep'], timeoutMs: 200 });
      const graph = toolGraph(tools, new MemorySaver(), { handleToolErrors: false });
      await assert.rejects(graph.invoke(callOf('sleep', { seconds: 3 }), newThread()), (e) => e.name === 'MCPAdapterError' && e.code === 'timeout');
    });
  });
}
