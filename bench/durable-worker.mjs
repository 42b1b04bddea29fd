// One process of the durable-resume load (bench/durable.mjs): its own adapter and agent over the
// shared PostgreSQL checkpoint store. Told over IPC which threads to start (each pauses on the
// FastMCP fixture's confirm_action; with `auth`, on the approval of the protected fixture's
// whoami) and which to resume (threads another process started), it runs them `inFlight` at a
// time and answers with the time each took.
//
//   DURABLE_BENCH: { pg, url, inFlight, auth?: OAuthProvider options (storage: PostgreSQL on pg) }
//   { do: "start" | "resume", threads: [id...] }  ->  { results: [{ thread, ms, ok, text }] }
import { Command } from '@langchain/langgraph';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import { createAgent } from 'langchain';
import pg from 'pg';
import { MCPAdapter } from '../pkg/index.node.js';
import { OAuthProvider } from '../pkg/auth.js';
import { createMCPResume, toLangChainTools } from '../pkg/langchain.js';
import { pgAuthStorage } from '../examples/pg-auth-storage.mjs';
import { conversationModel, pendingInterrupts, textOf } from '../tests/helpers/agents.mjs';

const bench = JSON.parse(process.env.DURABLE_BENCH);
const checkpointer = PostgresSaver.fromConnString(bench.pg); // a pool of its own (pg's default: 10)
const pool = bench.auth && new pg.Pool({ connectionString: bench.pg });
const adapter = new MCPAdapter(bench.url, bench.auth && {
  auth: new OAuthProvider({ ...bench.auth, interrupt: true, storage: pgAuthStorage(pool) }),
  approval: ({ name }) => name === 'whoami',
});
// the tool, its arguments for thread `id`, the person's answer, and the last message when done
const call = bench.auth
  ? { name: 'whoami', args: () => ({}), answer: { decision: 'approve' }, done: () => 'done: hello alice' }
  : { name: 'confirm_action', args: (id) => ({ action: id }), answer: { confirm: { action: 'accept', content: { confirmed: true } } }, done: (id) => `done: ${id}: confirmed` };
const tools = await toLangChainTools(adapter, { filter: [call.name] });
const agent = createAgent({ model: conversationModel(), tools, checkpointer });

/** Starts thread `id`: the model calls the tool, which pauses. */
async function start(id) {
  const config = { configurable: { thread_id: id } };
  const text = JSON.stringify({ call: [{ name: call.name, args: call.args(id), id: 'call_1' }] });
  const state = await agent.invoke({ messages: [{ role: 'user', content: text }] }, config);
  return { ok: state.__interrupt__?.length === 1, text: '' };
}

/** Resumes thread `id` from the checkpoint with a yes to the question it waits on. */
async function resume(id) {
  const config = { configurable: { thread_id: id } };
  const [pending] = await pendingInterrupts(agent, config);
  if (!pending) return { ok: false, text: 'nothing pending' };
  const state = await agent.invoke(new Command({ resume: createMCPResume(pending, call.answer) }), config);
  const text = textOf(state.messages.at(-1)?.content);
  return { ok: text.startsWith(call.done(id)), text };
}

process.on('message', async (job) => {
  if (job.do === 'exit') {
    await adapter.close();
    await checkpointer.end();
    await pool?.end();
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
  await Promise.all(Array.from({ length: bench.inFlight }, lane));
  process.send({ results });
});
process.send({ ready: true });
