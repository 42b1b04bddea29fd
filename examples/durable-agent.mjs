// A durable agent: a LangChain agent whose MCP tool call pauses for a person in one process and
// resumes in another, later, through LangGraph's PostgreSQL checkpointer. Run it twice:
//
//   node examples/durable-agent.mjs start  <postgres-url> <mcp-url> <thread-id>
//   node examples/durable-agent.mjs resume <postgres-url> <mcp-url> <thread-id> '{"confirmed":true}'
//
// `start` asks the agent to reboot; the MCP tool `confirm_action` asks for a confirmation, the
// run pauses, the process prints the question and exits. `resume`, in any process with the same
// store (and the same MCP_INTERRUPT_KEY, when set), finds the pending questions in the
// checkpoint, checks the person's answer (`validateAnswer`), and resumes. When the server cannot
// be reached it exits with 75 and the thread stays paused with the answer: run it again later.
// tests/durable-example.test.mjs runs both steps against the FastMCP fixture.
import { Command } from '@langchain/langgraph';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import { AIMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { createAgent } from 'langchain';
import { MCPAdapter } from '../pkg/index.node.js';
import { createMCPResume, toLangChainTools } from '../pkg/langchain.js';

const [step, postgresUrl, mcpUrl, threadId, answerJson] = process.argv.slice(2);

// A stand-in for a chat model that decides from the conversation alone (as a real one does),
// so that it acts alike in every process: call confirm_action, then report its result.
const decide = (messages) =>
  messages.at(-1).type === 'human'
    ? new AIMessage({ content: '', tool_calls: [{ name: 'confirm_action', args: { action: 'reboot' }, id: 'call_reboot' }] })
    : new AIMessage(`done: ${messages.at(-1).content[0]?.text ?? messages.at(-1).content}`);
const model = fakeModel().respond(decide).respond(decide);

// What is shared between the processes is the store; each has its own adapter.
const checkpointer = PostgresSaver.fromConnString(postgresUrl);
await checkpointer.setup(); // creates the tables once; harmless afterwards
const adapter = new MCPAdapter(mcpUrl, { interruptKey: process.env.MCP_INTERRUPT_KEY || undefined });
const config = { configurable: { thread_id: threadId } };

try {
  const tools = await toLangChainTools(adapter, { filter: ['confirm_action'] });
  const agent = createAgent({ model, tools, checkpointer });
  if (step === 'start') {
    const state = await agent.invoke({ messages: [{ role: 'user', content: 'Reboot the server' }] }, config);
    for (const { id, value } of state.__interrupt__ ?? []) console.log(`paused: ${id}: ${value.requests[0].message}`);
  } else {
    // the questions still waiting, from the checkpoint (agent.getState is typed `never`)
    const snapshot = await agent.graph.getState(config);
    const pending = snapshot.tasks.filter((task) => task.result === undefined).flatMap((task) => task.interrupts);
    let resume = {};
    for (const interrupt of pending) {
      const responses = { [interrupt.value.requests[0].key]: { action: 'accept', content: JSON.parse(answerJson) } };
      await adapter.validateAnswer(interrupt.value, { responses }); // throws what resume would refuse
      resume = { ...resume, ...createMCPResume(interrupt, responses) };
    }
    const state = await agent.invoke(new Command({ resume }), config);
    for (const { value } of state.__interrupt__ ?? []) console.log(`asked again: ${value.asked_again?.message ?? value.requests[0].message}`);
    if (!state.__interrupt__) console.log(state.messages.at(-1).content);
  }
} catch (e) {
  if (e?.data?.sent !== false && e?.code !== 'timeout') throw e;
  // nothing recorded: the thread still waits, with the answer; the same step resumes it later
  console.log(`not reached (${e.code}): run the resume again later`);
  process.exitCode = 75;
} finally {
  await adapter.close(); // ends a handshake-era session; nothing to do for a 2026-07-28 server
  await checkpointer.end();
}
