// The npm README's snippets (pkg-template/README.md), checked by `tsc --strict` against the
// packed package in tests/package-types.test.mjs. What the README leaves to the reader is declared here.
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
declare function getToken(): Promise<string>;
declare const model: BaseChatModel;

import { MCPAdapter, MCPAdapterError } from "mcp-wasm-adapter";

const adapter = new MCPAdapter("https://example.com/mcp", {
  headers: async () => ({ Authorization: `Bearer ${await getToken()}` }), // this origin only
  timeoutMs: 30_000,
});

const tools = await adapter.listTools(); // [{ name, title, description, schema, metadata, invoke }]
const out = await adapter.callTool("get_weather", { city: "Oslo" });
if (out.type === "tool_result") {
  console.log(out.status, out.content, out.artifact?.structured_content);
} else if (out.type === "mcp_elicitation") {
  // the server asks a person first: plain JSON, store it or send it to a UI
  const key = out.requests[0].key;
  const done = await adapter.resume(out, { responses: { [key]: { action: "accept", content: { confirmed: true } } } });
  if (done.type === "tool_result") console.log(done.content);
}

const contents = await adapter.readResource("file:///README.md");
if (Array.isArray(contents)) console.log(contents[0]?.asString());
const messages = await adapter.getPrompt("greet", { name: "Ada" });
if (Array.isArray(messages)) console.log(messages.map((m) => m.role));

import { toLangChainTools, interruptOnFromAnnotations, toLangChainDocuments } from "mcp-wasm-adapter/langchain";
import { createAgent, humanInTheLoopMiddleware } from "langchain";
import { MemorySaver } from "@langchain/langgraph";

const lcTools = await toLangChainTools(adapter);
const agent = createAgent({
  model,
  tools: lcTools,
  checkpointer: new MemorySaver(), // MCP interrupts pause the run
  middleware: [humanInTheLoopMiddleware({ interruptOn: interruptOnFromAnnotations(lcTools) })],
});
const docs = toLangChainDocuments(await adapter.readResource("file:///README.md"));
