// The README's AI SDK snippets (repository README.md), checked by `tsc --strict` against the
// packed package in tests/package-types.test.mjs. What the README leaves to the reader is declared here.
import type { ChatAddToolOutputFunction, DynamicToolUIPart, LanguageModel, UIMessage } from "ai";
declare const model: LanguageModel;
declare const addToolOutput: ChatAddToolOutputFunction<UIMessage>;
declare const part: DynamicToolUIPart;

import { MCPAdapter } from "mcp-wasm-adapter";
import { hasMCPInterrupt, toAISDKTools } from "mcp-wasm-adapter/ai";
import { generateText, isStepCount } from "ai";

const tools = await toAISDKTools(new MCPAdapter("https://example.com/mcp"));
const { text } = await generateText({
  model,                                          // any tool-calling language model
  tools,
  prompt: "What is the weather in Oslo?",
  stopWhen: [isStepCount(5), hasMCPInterrupt()], // a question ends the loop
});

export { text };

// a `dynamic-tool` part whose output is an MCP interrupt, once the person answered it
addToolOutput({
  tool: part.toolName,
  toolCallId: part.toolCallId,
  output: {
    type: "mcp_answer",
    interrupt: part.output,
    answer: { responses: { confirm: { action: "accept", content: { confirmed: true } } } },
  },
});
