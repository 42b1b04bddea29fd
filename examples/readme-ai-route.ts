// The README's AI SDK chat route (repository README.md), checked by `tsc --strict` against the
// packed package in tests/package-types.test.mjs. What the README leaves to the reader is declared here.
import type { LanguageModel } from "ai";
declare const model: LanguageModel;
declare const MCP_URL: string;
declare const MCP_INTERRUPT_KEY: string;
declare const TOOL_APPROVAL_SECRET: string;

import { MCPAdapter } from "mcp-wasm-adapter";
import { hasMCPInterrupt, isAwaitingMCPAnswers, resumeMCPAnswers, toAISDKTools } from "mcp-wasm-adapter/ai";
import { convertToModelMessages, createUIMessageStream, createUIMessageStreamResponse, isStepCount, streamText } from "ai";

export async function POST(request: Request) {
  const { messages } = await request.json();
  const adapter = new MCPAdapter(MCP_URL, { interruptKey: MCP_INTERRUPT_KEY, holdCalls: false });
  const tools = await toAISDKTools(adapter);
  const stream = createUIMessageStream({
    originalMessages: messages,
    execute: async ({ writer }) => {
      const resumed = await resumeMCPAnswers(messages, tools, { writer }); // the answers
      if (isAwaitingMCPAnswers({ messages: resumed })) return; // asked again: no model yet
      const result = streamText({
        model,
        tools,
        messages: await convertToModelMessages(resumed, { tools }),
        stopWhen: [isStepCount(5), hasMCPInterrupt()],
        experimental_toolApprovalSecret: TOOL_APPROVAL_SECRET,
      });
      writer.merge(result.toUIMessageStream());
    },
    onFinish: () => adapter.close(), // ends a handshake-era session
  });
  return createUIMessageStreamResponse({ stream });
}
