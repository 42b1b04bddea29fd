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
