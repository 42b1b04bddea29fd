// One process of a durable agent run (tests/durable-*.test.mjs): a `createAgent` over an MCP
// server's tools (the FastMCP fixture's, or the protected fixture's of tests/auth/),
// checkpointed in PostgreSQL, that runs one step of a thread and prints what came of it as one
// line of JSON on stdout, then exits by itself (no `process.exit`: an open handle keeps it
// running) or waits to be killed. `step(job)` in tests/helpers/durable.mjs spawns it; `job`
// arrives as JSON in the environment variable DURABLE_JOB:
//
//   { pg, url, thread, keys?, token?, gate?: [tool names],  the stores, server and adapter
//     tools?: [tool names],                                  the agent's tools (default: those of
//                                                            tests/durable-langgraph.test.mjs)
//     holdCalls?: false, timeoutMs?,                         adapter options
//     auth?: { redirectUrl, keyPrefix, storage?: "memory" }  signs in through an OAuthProvider
//                                                            (interrupt: true) whose storage is
//                                                            examples/pg-auth-storage.mjs on `pg`
//                                                            (or the default memory storage)
//     close?: false,                                         never calls adapter.close()
//     do: "start", text                                      a new turn: the user says `text`
//       | "resume", answers: [{ when, answer }]              answers the pending interrupts
//       | "continue"                                         runs the thread on (invoke(null))
//       | "state",                                           only reports
//     handleToolErrors?: false,                              tool errors throw tool_error
//     tools?: [MCP names],                                   the tools the agent has (default:
//                                                            confirm_action, delete_item, fail)
//     taskWaitMs?: ms,                                       the tools' wait for a task (toLangChainTools)
//     ready?: true,                                          prints {"ready":true} once its tools are
//                                                            listed, then waits for a line on stdin
//     hold?: true,                                           waits after reporting (to be killed)
//     killOnWrite?: "text" }                                 SIGKILLs itself instead of the first
//                                                            checkpoint write holding `text`
//
// Each `when` picks the pending interrupt whose JSON contains it; its `answer` is what the
// person says (`responses`, `{ decision }` or `{ callbackUrl }`), sent with `createMCPResume`. The model decides
// from the conversation alone (`conversationModel`), so every process behaves alike.
import { Command } from '@langchain/langgraph';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import { createAgent } from 'langchain';
import pg from 'pg';
import { MCPAdapter } from '../../pkg/index.node.js';
import { OAuthProvider } from '../../pkg/auth.js';
import { pgAuthStorage } from '../../examples/pg-auth-storage.mjs';
import { createMCPResume, toLangChainTools } from '../../pkg/langchain.js';
import { conversationModel, pendingInterrupts, textOf } from './agents.mjs';

const job = JSON.parse(process.env.DURABLE_JOB);
const saver = PostgresSaver.fromConnString(job.pg);
if (job.killOnWrite) {
  // dies as a process does between the server's reply and the checkpoint write of it: no write
  // holding the text (a task's outcome, the tool's message, the next checkpoint) reaches the
  // store; the others do, until the kill a moment after the first such write
  let dying = false;
  for (const name of ['put', 'putWrites']) {
    const write = saver[name].bind(saver);
    saver[name] = (...args) => {
      if (!JSON.stringify(args[1]).includes(job.killOnWrite)) return write(...args);
      if (!dying) setTimeout(() => process.kill(process.pid, 'SIGKILL'), 200);
      dying = true;
      return new Promise(() => {}); // never written
    };
  }
}
const gate = new Set(job.gate ?? []);
const pool = job.auth?.storage === 'memory' || !job.auth ? undefined : new pg.Pool({ connectionString: job.pg });
const auth = job.auth && new OAuthProvider({ ...job.auth, interrupt: true, storage: pool && pgAuthStorage(pool) });
const adapter = new MCPAdapter(job.url, {
  headers: job.token === undefined ? undefined : { Authorization: `Bearer ${job.token}` },
  interruptKey: job.keys,
  approval: gate.size > 0 ? ({ name }) => gate.has(name) : undefined,
  holdCalls: job.holdCalls,
  timeoutMs: job.timeoutMs,
  auth,
});
const tools = await toLangChainTools(adapter, {
  filter: job.tools ?? ['confirm_action', 'delete_item', 'fail'],
  handleToolErrors: job.handleToolErrors,
  taskWaitMs: job.taskWaitMs,
});
const agent = createAgent({ model: conversationModel(), tools, checkpointer: saver });
const config = { configurable: { thread_id: job.thread } };
if (job.ready) {
  // the parent changes the world (stops the server, say) before this process runs the step
  process.stdout.write('{"ready":true}\n');
  await new Promise((resolve) => process.stdin.once('data', resolve));
  process.stdin.pause();
}

let report = {};
try {
  let input = null;
  if (job.do === 'start') input = { messages: [{ role: 'user', content: job.text }] };
  if (job.do === 'resume') {
    const pending = await pendingInterrupts(agent, config);
    let resume = {};
    for (const { when, answer } of job.answers) {
      const target = pending.find((i) => JSON.stringify(i.value).includes(when));
      if (!target) throw new Error(`no pending interrupt mentions ${when}`);
      resume = { ...resume, ...createMCPResume(target, answer) };
    }
    input = new Command({ resume });
  }
  if (job.do !== 'state') await agent.invoke(input, config);
} catch (e) {
  report.error = { code: e?.code, message: String(e?.message), data: e?.data, replayed: e?.replayed };
}
const state = await agent.graph.getState(config);
report = {
  ...report,
  interrupts: await pendingInterrupts(agent, config),
  toolMessages: (state.values.messages ?? []).filter((m) => m.type === 'tool').map((m) => ({ status: m.status, text: textOf(m.content) })),
  last: textOf(state.values.messages?.at(-1)?.content),
};
process.stdout.write(`${JSON.stringify(report)}\n`);
if (job.close !== false) await adapter.close();
if (job.hold) await new Promise(() => {}); // until killed
await saver.end();
await pool?.end();
