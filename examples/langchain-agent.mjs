// A LangChain.js agent using a remote MCP server's tools through mcp-wasm-adapter, offline:
// the demo MCP server (tests/fixtures/ts_server.mjs) runs in this process on 127.0.0.1 and a
// scripted model plays the LLM. Swap in a real chat model and your server's URL to use it.
//
//   bash scripts/build.sh && node examples/langchain-agent.mjs
//   MCP_URL=https://host/mcp node examples/langchain-agent.mjs   # another server (same tool names)
//
// In an app, import from "mcp-wasm-adapter" and "mcp-wasm-adapter/langchain" instead of ../pkg/
// (tests/package-types.test.mjs checks this file that way, with `tsc --strict` and checkJs).
// @ts-check
import { MCPAdapter } from '../pkg/index.node.js';
import { toLangChainTools, interruptOnFromAnnotations, createMCPResume } from '../pkg/langchain.js';
import { createAgent, humanInTheLoopMiddleware } from 'langchain';
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { Command, MemorySaver } from '@langchain/langgraph';
import { fakeModel } from '@langchain/core/testing';
import { startTsServer } from '../tests/fixtures/ts_server.mjs';

const demo = process.env.MCP_URL ? null : await startTsServer();
const url = process.env.MCP_URL ?? String(demo?.url);

try {
  const adapter = new MCPAdapter(url, { timeoutMs: 10_000 });
  const tools = await toLangChainTools(adapter);
  console.log(`MCP server ${url}: ${tools.length} tools (${tools.map((t) => t.name).join(', ')})`);

  // Pause destructive tools (MCP annotation destructiveHint) for a person's decision.
  const interruptOn = interruptOnFromAnnotations(tools, { destructive: true });
  console.log(`paused for approval: ${Object.keys(interruptOn).join(', ')}`);

  // The scripted "LLM": each entry is one model turn. A real one: initChatModel("openai:gpt-4.1").
  const model = fakeModel()
    .respondWithTools([
      { name: 'get_weather', args: { city: 'Oslo' }, id: 'call_weather' },
      { name: 'tiny_image', args: {}, id: 'call_image' },
    ])
    .respondWithTools([{ name: 'confirm_action', args: { action: 'restart the web server' }, id: 'call_confirm' }])
    .respondWithTools([{ name: 'delete_item', args: { item_id: 'prod-42' }, id: 'call_delete' }])
    .respond(new AIMessage('Oslo: 21.5 °C and sunny. The web server was restarted; prod-42 was kept.'));

  const agent = createAgent({
    model,
    tools,
    checkpointer: new MemorySaver(), // interrupts need one
    middleware: [humanInTheLoopMiddleware({ interruptOn })],
  });
  const config = { configurable: { thread_id: 'demo-1' } };

  let state = await agent.invoke({ messages: [new HumanMessage('Weather in Oslo? Then restart the web server and clean up prod-42.')] }, config);

  // Each pause is answered by "a person" (scripted here; in an app, show it and wait).
  while (state.__interrupt__?.length) {
    /** @type {Record<string, unknown>} */
    const resume = {};
    for (const pending of state.__interrupt__) {
      // an MCP interrupt, or a humanInTheLoopMiddleware request
      const value = /** @type {import('mcp-wasm-adapter').MCPInterrupt | import('langchain').HITLRequest} */ (pending.value);
      if ('type' in value && value.type === 'mcp_elicitation') {
        // an MCP server asks (form or URL); value is plain JSON: store it, send it to a UI, …
        for (const r of value.requests) console.log(`\n[${value.tool_name}] the server asks: ${r.message} (${r.mode})`);
        /** @type {import('mcp-wasm-adapter').ElicitationAnswer['responses']} */
        const responses = Object.fromEntries(value.requests.map((r) => [r.key, { action: 'accept', content: { confirmed: true } }]));
        console.log('  the person accepts');
        Object.assign(resume, createMCPResume(pending, responses));
      } else if ('actionRequests' in value) {
        // humanInTheLoopMiddleware: approve / edit / reject the model's tool calls
        for (const a of value.actionRequests) console.log(`\n[approval] ${a.description}`);
        console.log('  the person rejects');
        Object.assign(resume, { [String(pending.id)]: { decisions: value.actionRequests.map(() => ({ type: 'reject', message: 'Keep prod-42.' })) } });
      }
    }
    state = await agent.invoke(new Command({ resume }), config);
  }

  console.log('\nconversation:');
  for (const m of state.messages) {
    const type = m.getType();
    if (ToolMessage.isInstance(m)) {
      /** @type {Array<Record<string, any>>} */
      const blocks = Array.isArray(m.content) ? m.content : [{ type: 'text', text: m.content }];
      const shown = blocks.map((b) => (b.type === 'text' ? b.text : `[${b.type} ${b.mimeType}, ${b.data?.length ?? 0} base64 chars]`)).join(' ');
      const artifact = m.artifact?.structured_content ? `  artifact: ${JSON.stringify(m.artifact.structured_content)}` : '';
      console.log(`  tool ${m.name} (${m.status}): ${shown}${artifact}`);
    } else if (AIMessage.isInstance(m) && m.tool_calls?.length) {
      console.log(`  ai calls ${m.tool_calls.map((c) => `${c.name}(${JSON.stringify(c.args)})`).join(', ')}`);
    } else {
      console.log(`  ${type}: ${m.text}`);
    }
  }
} finally {
  await demo?.close();
}
