// The README's LangChain snippet (repository README.md), checked by `tsc --strict` against the
// packed package in tests/package-types.test.mjs. What the README leaves to the reader is declared here.
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
declare const model: BaseChatModel;

import { MCPAdapter } from "mcp-wasm-adapter";
import { toLangChainTools, interruptOnFromAnnotations, createMCPResume } from "mcp-wasm-adapter/langchain";
import { createAgent, humanInTheLoopMiddleware } from "langchain";
import { Command, MemorySaver } from "@langchain/langgraph";

const tools = await toLangChainTools(new MCPAdapter("https://example.com/mcp"));
const agent = createAgent({
  model,                               // any tool-calling chat model
  tools,
  checkpointer: new MemorySaver(),     // needed to pause
  middleware: [humanInTheLoopMiddleware({ interruptOn: interruptOnFromAnnotations(tools) })],
});
const config = { configurable: { thread_id: "t1" } };
let state = await agent.invoke({ messages: [{ role: "user", content: "Restart the web server" }] }, config);
// state.__interrupt__ = [{ id, value: { type: "mcp_elicitation", tool_name, requests: [{ key, message, mode, … }], … } }]
state = await agent.invoke(new Command({ resume: { responses: { confirm: { action: "accept", content: { confirmed: true } } } } }), config);
// the answers go by each request's key, with its requested_schema's fields ("confirm" here; a
// handshake-era server's one question is keyed "elicitation"); createMCPResume answers several

// Answering each pending interrupt of parallel tool calls by its id: `__interrupt__` holds
// LangGraph's `Interrupt<unknown>`s, which createMCPResume takes as they are.
const pending = state.__interrupt__ ?? [];
const answers = pending.map((p) => createMCPResume(p, { confirm: { action: "accept", content: { confirmed: true } } }));
state = await agent.invoke(new Command({ resume: Object.assign({}, ...answers) }), config);
