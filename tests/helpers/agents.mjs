// Shared by the tests that drive LangChain agents and LangGraph graphs over the adapter
// (langchain.test.mjs, langgraph-versions.test.mjs, interceptors.test.mjs, listing-headers.test.mjs).
import { AIMessage, ToolMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { MemorySaver } from '@langchain/langgraph';
import { createAgent } from 'langchain';
import { MCPAdapter } from '../../pkg/index.node.js';
import { recordingFetch } from './record.mjs';

/** An adapter for `url` whose `count(name)` tells how many `tools/call` of `name` it sent. */
export function countingAdapter(url, options = {}) {
  const rec = recordingFetch();
  const adapter = new MCPAdapter(url, { ...options, fetch: rec.fetch });
  return { adapter, count: (name) => rec.calls().filter((c) => c.params.name === name).length };
}

let thread = 0;
/** The config of a new LangGraph thread (`thread_id` unique in this process). */
export const newThread = () => ({ configurable: { thread_id: `t${++thread}` } });

/** The `ToolMessage`s of an agent's or a graph's state. */
export const toolMessages = (state) => state.messages.filter((m) => ToolMessage.isInstance(m));

/**
 * An agent over `tools` whose model calls tool `name` once with `args` (call id `call_1`), then
 * says `done`; with a checkpointer, so that an interrupt pauses it, and the config of a new
 * thread to run it in.
 */
export function agentCalling(tools, name, args) {
  const model = fakeModel()
    .respondWithTools([{ name, args, id: 'call_1' }])
    .respond(new AIMessage('done'));
  return { agent: createAgent({ model, tools, checkpointer: new MemorySaver() }), config: newThread() };
}

/**
 * A scripted chat model that decides from the conversation alone, so that it answers alike in
 * every process that resumes a thread: a user message of JSON `{ "call": [{ name, args, id }] }`
 * makes it call those tools (in parallel when several); after tool results it says
 * `done: <their texts>`. One model serves at most 4,096 invocations (a process of the bench's
 * durable row makes two per thread).
 */
export function conversationModel() {
  const decide = (messages) => {
    const last = messages.at(-1);
    if (last?.type === 'human') return new AIMessage({ content: '', tool_calls: JSON.parse(String(last.content)).call });
    const results = [];
    for (let i = messages.length - 1; i >= 0 && messages[i].type === 'tool'; i -= 1) results.unshift(textOf(messages[i].content));
    return new AIMessage(`done: ${results.join(' | ')}`);
  };
  // fakeModel answers each invocation from its queue: the same decision, for up to 4,096 calls
  const model = fakeModel();
  for (let i = 0; i < 4096; i += 1) model.respond(decide);
  return model;
}

/** The text of a message's content (a string, or text blocks). */
export const textOf = (content) => (typeof content === 'string' ? content : (content ?? []).map((b) => b.text ?? '').join(''));

/**
 * The interrupts a thread waits on (`{ id, value }` each), as a process that did not run it
 * finds them: from the checkpoint, through `agent.graph.getState(config)`, those of the tasks
 * that have not finished (a finished task of the step still lists the interrupt it had).
 */
export async function pendingInterrupts(agent, config) {
  const state = await agent.graph.getState(config);
  return state.tasks.filter((t) => t.result === undefined).flatMap((t) => t.interrupts ?? []);
}
