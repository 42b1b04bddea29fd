// A chat route for the Vercel AI SDK's `useChat`: a stateless `POST(request)` handler (a
// Next.js `app/api/chat/route.js`, a Hono or Express route) whose MCP tools may pause for a
// person (a question of either MCP era, a sign-in) or for the AI SDK's approval step, and resume
// in a later request, in any process: the interrupt travels in the chat's messages, signed with
// the interrupt key, and each request builds its own adapter.
//
//   MCP_URL=http://127.0.0.1:8765/mcp MCP_INTERRUPT_KEY=... TOOL_APPROVAL_SECRET=... \
//     node examples/ai-sdk-route.mjs
//
// serves the route on 127.0.0.1 (prints {"port": N}); tests/ai-sdk-route.test.mjs drives it
// with the AI SDK's own chat client, each request in a new process.
//
// The client side, with `useChat` (@ai-sdk/react):
//   const { messages, addToolOutput, addToolApprovalResponse } = useChat({
//     sendAutomaticallyWhen: (m) => lastAssistantMessageIsCompleteWithApprovalResponses(m) || lastAssistantMessageHasMCPAnswers(m),
//   });
//   // a `dynamic-tool` part whose output is an MCP interrupt: show its question, then
//   addToolOutput({ tool: part.toolName, toolCallId: part.toolCallId, output: { type: "mcp_answer", interrupt: part.output, answer } });
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { convertToModelMessages, createUIMessageStream, createUIMessageStreamResponse, isStepCount, streamText } from 'ai';
import { MockLanguageModelV4, convertArrayToReadableStream } from 'ai/test';
import { MCPAdapter } from '../pkg/index.node.js';
import { hasMCPInterrupt, isAwaitingMCPAnswers, resumeMCPAnswers, toAISDKTools } from '../pkg/ai.js';

/** The route: one request of the chat, with all its messages (UI messages, from the client). */
export async function POST(request) {
  const { messages } = await request.json();
  // one adapter per request; interrupts resume in any adapter given the same key. holdCalls:
  // false, as nothing here outlives the request: a handshake-era question resumes by replay
  const adapter = new MCPAdapter(process.env.MCP_URL, { interruptKey: process.env.MCP_INTERRUPT_KEY, holdCalls: false });
  const tools = await toAISDKTools(adapter);
  const stream = createUIMessageStream({
    originalMessages: messages,
    execute: async ({ writer }) => {
      // the person's answers first: their results reach the client's parts and the model
      const resumed = await resumeMCPAnswers(messages, tools, { writer, signal: request.signal });
      // a question still waits (asked again, or the call's next one): nothing for the model yet
      if (isAwaitingMCPAnswers({ messages: resumed })) return;
      const result = streamText({
        model,
        tools,
        messages: await convertToModelMessages(resumed, { tools }),
        stopWhen: [isStepCount(5), hasMCPInterrupt()],
        // the AI SDK's approvals signed, so that an approved call is the call shown
        experimental_toolApprovalSecret: process.env.TOOL_APPROVAL_SECRET,
        abortSignal: request.signal,
      });
      writer.merge(result.toUIMessageStream());
    },
    onError: (error) => error?.message ?? String(error),
    onFinish: () => adapter.close(), // ends a handshake-era session
  });
  return createUIMessageStreamResponse({ stream });
}

// A stand-in for a chat model, deciding from the conversation alone as a real one does: the
// user's `call <tool> <JSON arguments>` calls that tool; after a tool's result it reports it.
const reply = (text) => [{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: text }, { type: 'text-end', id: 't' }];
const model = new MockLanguageModelV4({
  doStream: async ({ prompt }) => {
    const last = prompt.at(-1);
    let parts;
    if (last.role === 'user') {
      const [, toolName, input] = /^call (\S+) (.*)$/s.exec(last.content.map((p) => p.text).join('')) ?? [];
      parts = toolName ? [{ type: 'tool-call', toolCallId: `call_${toolName}`, toolName, input }] : reply('Which tool?');
    } else {
      const output = last.content.at(-1).output;
      const said = output.type === 'content' ? output.value.map((p) => p.text ?? p.mediaType).join(' ') : `${output.type} ${output.value ?? output.reason ?? ''}`;
      parts = reply(`done: ${said}`);
    }
    const finish = { type: 'finish', finishReason: { unified: parts[0].type === 'tool-call' ? 'tool-calls' : 'stop', raw: undefined }, usage: { inputTokens: { total: 1 }, outputTokens: { total: 1 } } };
    return { stream: convertArrayToReadableStream([{ type: 'stream-start', warnings: [] }, ...parts, finish]) };
  },
});

// Run as a script: the route over node:http, POST /api/chat.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const server = http.createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    const response = await POST(new Request(`http://127.0.0.1${req.url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks), signal: abort.signal }));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    for await (const chunk of response.body) res.write(chunk);
    res.end();
  });
  server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
}
