// The README's "Durable agents" snippet (repository README.md), checked by `tsc --strict`
// against the packed package in tests/package-types.test.mjs. What the README leaves to the
// reader is declared here; examples/durable-agent.mjs is the whole recipe, run by a test.
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
declare const model: BaseChatModel;
declare const databaseUrl: string, url: string, currentKey: string, oldKey: string;
// @langchain/langgraph-checkpoint-postgres, declared here: its types need @types/pg
import type { BaseCheckpointSaver } from "@langchain/langgraph";
declare const PostgresSaver: { fromConnString(url: string): BaseCheckpointSaver & { setup(): Promise<void>; end(): Promise<void> } };

import { MCPAdapter } from "mcp-wasm-adapter";
import { toLangChainTools, createMCPResume } from "mcp-wasm-adapter/langchain";
import { createAgent } from "langchain";
import { Command } from "@langchain/langgraph";

import type { ElicitationAnswer, ElicitationInterrupt } from "mcp-wasm-adapter";

const checkpointer = PostgresSaver.fromConnString(databaseUrl);
await checkpointer.setup();                 // once: creates the tables
const adapter = new MCPAdapter(url, { interruptKey: [currentKey, oldKey] }); // the first signs
const agent = createAgent({ model, tools: await toLangChainTools(adapter), checkpointer });
const config = { configurable: { thread_id: "t1" } };

// process A: the run pauses; A may exit (or die) now
await agent.invoke({ messages: [{ role: "user", content: "Reboot the server" }] }, config);

// process B, later: what the thread waits on, from the checkpoint
const snapshot = await agent.graph.getState(config);
const [pending] = snapshot.tasks.filter((t) => t.result === undefined).flatMap((t) => t.interrupts);
const answer: ElicitationAnswer = { responses: { confirm: { action: "accept", content: {} } } };
await adapter.validateAnswer(pending.value as ElicitationInterrupt, answer); // throws if refused
await agent.invoke(new Command({ resume: createMCPResume(pending, answer.responses) }), config);
await adapter.close();                      // before the process exits
await checkpointer.end();
