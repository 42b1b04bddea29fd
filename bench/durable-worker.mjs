// One process of the durable-resume load (bench/durable.mjs): its own adapter and agent over the
// shared PostgreSQL checkpoint store. Told over IPC which threads to start (each pauses on the
// FastMCP fixture's confirm_action) and which to resume (threads another process started), it
// runs them `inFlight` at a time and answers with the time each took.
//
//   { do: "start" | "resume", threads: [id...] }  ->  { results: [{ thread, ms, ok, text }] }
import { Command } from '@langchain/langgraph';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import { createAgent } from 'langchain';
import { MCPAdapter } from '../pkg/index.node.js';
import { createMCPResume, toLangChainTools } from '../pkg/langchain.js';
import { conversationModel, pendingInterrupts, textOf } from '../tests/helpers/agents.mjs';

const { pg, url, inFlight } = JSON.parse(process.env.DURABLE_BENCH);
const checkpointer = PostgresSaver.fromConnString(pg); // a pool of its own (pg's default: 10)
const adapter = new MCPAdapter(url);
const tools = await toLangChainTools(adapter, { filter: ['confirm_action'] });
const agent = createAgent({ model: conversationModel(), tools, checkpointer });
const yes = { confirm: { action: 'accept', content: { confirmed: true } } };

/** Starts thread `id`: the model calls confirm_action, which pauses. */
async function start(id) {
  const config = { configurable: { thread_id: id } };
  const text = JSON.stringify({ call: [{ name: 'confirm_action', args: { action: id }, id: 'call_1' }] });
  const state = await agent.invoke({ messages: [{ role: 'user', content: text }] }, config);
  return { ok: state.__interrupt__?.length === 1, text: '' };
}

/** Resumes thread `id` from the checkpoint with a yes to the question it waits on. */
async function resume(id) {
  const config = { configurable: { thread_id: id } };
  const [pending] = await pendingInterrupts(agent, config);
  if (!pending) return { ok: false, text: 'nothing pending' };
  const state = await agent.invoke(new Command({ resume: createMCPResume(pending, yes) }), config);
  const text = textOf(state.messages.at(-1)?.content);
  return { ok: text.startsWith(`done: ${id}: confirmed`), text };
}

process.on('message', async (job) => {
  if (job.do === 'exit') {
    await adapter.close();
    await checkpointer.end();
    process.exit(0);
  }
  const run = job.do === 'start' ? start : resume;
  const results = [];
  let next = 0;
  const lane = async () => {
    while (next < job.threads.length) {
      const thread = job.threads[next++];
      const t0 = performance.now();
      try {
        const out = await run(thread);
        results.push({ thread, ms: performance.now() - t0, ...out });
      } catch (e) {
        results.push({ thread, ms: performance.now() - t0, ok: false, text: String(e?.message ?? e) });
      }
    }
  };
  await Promise.all(Array.from({ length: inFlight }, lane));
  process.send({ results });
});
process.send({ ready: true });
