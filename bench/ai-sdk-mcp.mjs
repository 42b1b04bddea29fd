// Not a benchmark: the scenarios of tests/ai-sdk.test.mjs and tests/ai-sdk-route.test.mjs run
// through the AI SDK's own MCP client (`@ai-sdk/mcp`, `createMCPClient(...).tools()`) against
// the same fixtures and the same scripted model, printing what it does with each as a
// Markdown table. It asserts nothing: it reports a peer's behaviour, for comparison.
//
//   node bench/ai-sdk-mcp.mjs
import { generateText, isStepCount, streamText } from 'ai';
import { createMCPClient } from '@ai-sdk/mcp';
import { scriptedModel, toolResultsOf } from '../tests/helpers/ai-sdk.mjs';
import { startFastMCP, startTsServer } from '../tests/helpers/servers.mjs';

const rows = [];
const seen = (model) => JSON.stringify(toolResultsOf(model.prompts.at(-1)).map((p) => p.output)).slice(0, 160);
const calling = (...calls) => scriptedModel((prompt, n) => (n === 1 ? { calls } : 'done'));

/** One scenario: `run()` resolves to what happened (a string); a throw is reported as such. */
async function scenario(name, run) {
  let what;
  try {
    what = await run();
  } catch (e) {
    what = `throws ${e?.name}: ${String(e?.message ?? e).slice(0, 160)}`;
  }
  rows.push([name, what]);
}

const client = (url) => createMCPClient({ transport: { type: 'http', url } });

const paged = await startFastMCP({ listPageSize: 4 });
const legacy = await startFastMCP({ legacyOnly: true });
const ts = await startTsServer();
try {
  await scenario('tools across 8 pages of tools/list (FastMCP, pages of 4)', async () => {
    const mcp = await client(paged.url);
    const tools = await mcp.tools();
    const model = scriptedModel((prompt, n) => (n === 1 ? { calls: [['echo', { text: 'hi' }]] } : n === 2 ? { calls: [['do_nothing']] } : 'done'));
    const result = await generateText({ model, tools, prompt: 'go', stopWhen: isStepCount(5) });
    await mcp.close();
    return `${Object.keys(tools).length} tools listed; the loop ran ${result.steps.map((s) => s.toolResults.map((r) => r.toolName).join('+') || 'text').join(', ')}`;
  });

  await scenario('a tool added at run time (add_tool, tools/list_changed), then tools() again', async () => {
    const mcp = await client(ts.url);
    const before = Object.keys(await mcp.tools()).length;
    const tools = await mcp.tools();
    await tools.add_tool.execute({ name: 'added_later' }, { toolCallId: 'c', messages: [] });
    const after = await mcp.tools();
    await mcp.close();
    return `${before} tools, then ${Object.keys(after).length}: added_later ${'added_later' in after ? 'listed' : 'missing'} (tools() lists again each time)`;
  });

  await scenario('image, audio, and an image with structured content only (weather_chart): what the model sees', async () => {
    const mcp = await client(ts.url);
    const model = calling(['tiny_image'], ['tiny_audio'], ['weather_chart']);
    await generateText({ model, tools: await mcp.tools(), prompt: 'go', stopWhen: isStepCount(3) });
    await mcp.close();
    const kinds = (output) => output.value.map((p) => (p.type === 'file' ? `file ${p.mediaType}` : `text ${p.text.slice(0, 40)}`)).join(' + ');
    return toolResultsOf(model.prompts.at(-1)).map((p) => `${p.toolName}: ${kinds(p.output)}`).join('; ');
  });

  await scenario('an isError result (fail)', async () => {
    const mcp = await client(paged.url);
    const model = calling(['fail', { message: 'disk full' }]);
    const result = await generateText({ model, tools: await mcp.tools(), prompt: 'go', stopWhen: isStepCount(3) });
    await mcp.close();
    return `step part: ${result.steps[0].content.filter((p) => p.type.startsWith('tool-') && p.type !== 'tool-call').map((p) => p.type)}; the model sees ${seen(model)}`;
  });

  await scenario('a server gone after listing', async () => {
    const server = await startTsServer();
    const mcp = await client(server.url);
    const tools = await mcp.tools();
    await server.close();
    const model = calling(['echo', { text: 'hi' }]);
    const result = await generateText({ model, tools, prompt: 'go', stopWhen: isStepCount(3) });
    const [error] = result.steps[0].content.filter((p) => p.type === 'tool-error');
    await mcp.close().catch(() => {});
    return error ? `tool-error ${error.error?.name}: ${String(error.error?.message).slice(0, 100)}` : 'no tool error';
  });

  await scenario('a destructive tool (delete_item, destructiveHint: true)', async () => {
    const mcp = await client(ts.url);
    const calls = ts.toolCalls().length;
    const result = await generateText({ model: calling(['delete_item', { item_id: '7' }]), tools: await mcp.tools(), prompt: 'go', stopWhen: isStepCount(3) });
    await mcp.close();
    const approval = result.steps[0].content.some((p) => p.type === 'tool-approval-request');
    return `${approval ? 'approval requested' : 'no approval step'}; ${ts.toolCalls().length - calls} tools/call sent`;
  });

  for (const [era, url] of [['2026-07-28', () => paged.url], ['handshake-era', () => legacy.url]]) {
    await scenario(`a ${era} question (confirm_action), no in-process handler (a stateless route)`, async () => {
      const mcp = await client(url());
      const result = await generateText({ model: calling(['confirm_action', { action: 'reboot' }]), tools: await mcp.tools(), prompt: 'go', stopWhen: isStepCount(3) });
      await mcp.close();
      const part = result.steps[0].content.find((p) => p.type === 'tool-error' || p.type === 'tool-result');
      return part.type === 'tool-error' ? `tool-error: ${String(part.error?.message).slice(0, 140)}` : `tool-result: ${JSON.stringify(part.output).slice(0, 140)}`;
    });
    await scenario(`a ${era} question answered in place (onElicitationRequest)`, async () => {
      const mcp = await createMCPClient({ transport: { type: 'http', url: url() }, capabilities: { elicitation: {} } });
      const { ElicitationRequestSchema } = await import('@ai-sdk/mcp');
      mcp.onElicitationRequest(ElicitationRequestSchema, async (request) => ({ action: 'accept', content: { [Object.keys(request.params.requestedSchema.properties)[0]]: true } }));
      const result = await generateText({ model: calling(['confirm_action', { action: 'reboot' }]), tools: await mcp.tools(), prompt: 'go', stopWhen: isStepCount(3) });
      await mcp.close();
      const part = result.steps[0].content.find((p) => p.type === 'tool-error' || p.type === 'tool-result');
      return `${part.type}: ${JSON.stringify(part.output?.content ?? part.error?.message).slice(0, 100)} (answered by code within the call; no pause across requests)`;
    });
  }

  await scenario('streamText with tiny_image and confirm_action', async () => {
    const mcp = await client(ts.url);
    const result = streamText({ model: calling(['tiny_image'], ['confirm_action', { action: 'reboot' }]), tools: await mcp.tools(), prompt: 'go', stopWhen: isStepCount(3) });
    const kinds = [];
    for await (const part of result.fullStream) if (part.type === 'tool-result' || part.type === 'tool-error') kinds.push(`${part.toolName}: ${part.type}`);
    await mcp.close();
    return kinds.join('; ');
  });
} finally {
  await Promise.all([paged.close(), legacy.close(), ts.close()]);
}

console.log('| scenario | @ai-sdk/mcp 2.0.99 |\n| --- | --- |');
for (const [name, what] of rows) console.log(`| ${name} | ${what.replaceAll('|', '\\|').replaceAll('\n', ' ')} |`);
