// mcp-wasm-adapter/ai: MCP tools as Vercel AI SDK tools, driven by `generateText` and
// `streamText` with the SDK's own scripted model (MockLanguageModelV4 of `ai/test`) against the
// FastMCP and TypeScript SDK fixtures: an agent loop over a paginated tools/list, what the model
// sees of each kind of content, tool errors, the AI SDK's approval step, and streaming.
// (The chat route, questions answered in a later request: tests/ai-sdk-route.test.mjs.)
//
//   bash scripts/build.sh && node --test tests/ai-sdk.test.mjs
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateText, isStepCount, streamText } from 'ai';
import { MCPAdapter } from '../pkg/index.node.js';
import { hasMCPInterrupt, toAISDKTools } from '../pkg/ai.js';
import { PNG_1X1_B64 } from './helpers/fixture-data.mjs';
import { scriptedModel, toolResultsOf } from './helpers/ai-sdk.mjs';
import { startFastMCP, startTsServer, useServer } from './helpers/servers.mjs';

/** What the model was told of each tool result in a prompt (the last by default), by tool name, as JSON. */
const outputsSeen = (model, prompt = model.prompts.at(-1)) => JSON.parse(JSON.stringify(Object.fromEntries(toolResultsOf(prompt).map((p) => [p.toolName, p.output]))));

/** A model that makes these tool calls, then says "done". */
const calling = (...calls) => scriptedModel((prompt, n) => (n === 1 ? { calls } : 'done'));

describe('toAISDKTools in generateText', () => {
  const fastmcp = useServer(() => startFastMCP({ listPageSize: 4 }));
  const ts = useServer(() => startTsServer());

  test('an agent loop calls tools from the first and the last of several pages of tools/list', async () => {
    let lists = 0;
    const adapter = new MCPAdapter(fastmcp().url, { onTrace: (e) => (lists += e.direction === 'send' && e.method === 'tools/list' ? 1 : 0) });
    const tools = await toAISDKTools(adapter);
    assert.ok(lists >= 8, `tools/list came in ${lists} pages`);
    assert.ok(tools.echo && tools.do_nothing, 'the first page (echo) and the last (do_nothing)');
    const model = scriptedModel((prompt, n) => {
      if (n === 1) return { calls: [['echo', { text: 'hi' }], ['get_weather', { city: 'Oslo' }]] };
      if (n === 2) return { calls: [['do_nothing']] };
      return `done after ${toolResultsOf(prompt).length} result`;
    });
    const result = await generateText({ model, tools, prompt: 'go', stopWhen: isStepCount(5) });
    assert.equal(result.text, 'done after 1 result');
    assert.deepEqual(result.steps.map((s) => s.toolResults.map((r) => r.toolName)), [['echo', 'get_weather'], ['do_nothing'], []]);
    const firstStep = outputsSeen(model, model.prompts[1]);
    // the text tells the model; FastMCP's structured {"result": "echo: hi"} is not repeated
    assert.deepEqual(firstStep.echo, { type: 'content', value: [{ type: 'text', text: 'echo: hi' }] });
    assert.deepEqual(firstStep.get_weather, { type: 'content', value: [{ type: 'text', text: '{"city":"Oslo","temperature_c":21.5,"conditions":"sunny"}' }] });
    assert.deepEqual(outputsSeen(model).do_nothing, { type: 'content', value: [{ type: 'text', text: 'The tool returned no content.' }] });
    await adapter.close();
  });

  test('images reach the model as file parts with their media type; embedded resources and links as text; structured content as JSON without text', async () => {
    const tools = await toAISDKTools(new MCPAdapter(ts().url));
    const model = calling(['tiny_image'], ['tiny_audio'], ['embedded_resource'], ['resource_link'], ['weather_chart'], ['save_settings', { profile: { name: 'Ada' }, threshold: 3 }]);
    await generateText({ model, tools, prompt: 'go', stopWhen: isStepCount(3) });
    const seen = outputsSeen(model);
    const image = { type: 'file', mediaType: 'image/png', data: { type: 'data', data: PNG_1X1_B64 } };
    assert.deepEqual(seen.tiny_image, { type: 'content', value: [image] });
    assert.equal(seen.tiny_audio.value[0].mediaType, 'audio/wav');
    assert.deepEqual(seen.embedded_resource.value, [
      { type: 'text', text: 'This is the mcp-wasm-adapter TypeScript SDK fixture server.' },
      image,
    ]);
    assert.match(seen.resource_link.value[0].text, /^Resource link: Fixture README\nURI: fixture:\/\/readme/);
    assert.deepEqual(seen.weather_chart.value, [image, { type: 'text', text: '{"city":"Oslo","temperature_c":21.5}' }]);
    assert.deepEqual(seen.save_settings.value, [{ type: 'text', text: 'saved settings for Ada' }], 'with a text block, the text');
  });

  test("an isError result is an AI SDK tool error, and the model sees the server's text", async () => {
    const tools = await toAISDKTools(new MCPAdapter(fastmcp().url));
    const model = calling(['fail', { message: 'disk full' }]);
    const result = await generateText({ model, tools, prompt: 'go', stopWhen: isStepCount(3) });
    const [error] = result.steps[0].content.filter((p) => p.type === 'tool-error');
    assert.equal(error.error.code, 'tool_error');
    const seen = outputsSeen(model).fail;
    assert.equal(seen.type, 'error-text');
    assert.match(seen.value, /requested failure: disk full/);
  });

  test("a call that cannot reach the server is an AI SDK tool error with the adapter's code", async () => {
    const server = await startTsServer();
    const tools = await toAISDKTools(new MCPAdapter(server.url));
    await server.close();
    const model = calling(['echo', { text: 'hi' }]);
    const result = await generateText({ model, tools, prompt: 'go', stopWhen: isStepCount(3) });
    const [error] = result.steps[0].content.filter((p) => p.type === 'tool-error');
    assert.equal(error.error.code, 'network');
    assert.equal(outputsSeen(model).echo.type, 'error-text');
  });

  test('tools the model may not call (MCP Apps visibility without "model") are left out', async () => {
    const adapter = new MCPAdapter(ts().url);
    const visibility = { echo: ['app'], tiny_image: [], tiny_audio: ['model', 'app'], fail: ['later'] };
    const source = {
      resume: adapter.resume.bind(adapter),
      listTools: async () =>
        (await adapter.listTools()).map((t) => (t.name in visibility ? { ...t, metadata: { mcp: { ...t.metadata.mcp, ui: { visibility: visibility[t.name] } } } } : t)),
    };
    const tools = await toAISDKTools(source);
    assert.deepEqual(['echo', 'tiny_image', 'tiny_audio', 'fail', 'get_weather'].filter((name) => name in tools), ['tiny_audio', 'get_weather']);
  });
});

describe("toAISDKTools and the AI SDK's approval step", () => {
  const ts = useServer(() => startTsServer());

  /** The messages of a second request: the first's, then the person's decision on each approval request. */
  const decided = (first, approved) => JSON.parse(JSON.stringify([
    { role: 'user', content: 'go' },
    ...first.response.messages,
    { role: 'tool', content: first.content.filter((p) => p.type === 'tool-approval-request').map((p) => ({ type: 'tool-approval-response', approvalId: p.approvalId, approved })) },
  ]));

  test('a destructive tool waits for approval; approved in the next request, by a fresh adapter, the call shown runs', async () => {
    const calls = () => ts().toolCalls().filter((c) => c.name === 'delete_item').length;
    const before = calls();
    const first = await generateText({ model: calling(['delete_item', { item_id: '7' }]), tools: await toAISDKTools(new MCPAdapter(ts().url)), prompt: 'go', stopWhen: isStepCount(3) });
    const [request] = first.content.filter((p) => p.type === 'tool-approval-request');
    assert.deepEqual(request.toolCall.input, { item_id: '7' });
    assert.equal(calls(), before, 'nothing sent before the approval');

    const model = scriptedModel(() => 'ok');
    await generateText({ model, tools: await toAISDKTools(new MCPAdapter(ts().url)), messages: decided(first, true) });
    assert.equal(calls(), before + 1);
    assert.deepEqual(outputsSeen(model).delete_item, { type: 'content', value: [{ type: 'text', text: 'deleted 7' }] });
  });

  test('denied, nothing is sent and the model sees the denial', async () => {
    const calls = () => ts().toolCalls().filter((c) => c.name === 'delete_item').length;
    const before = calls();
    const first = await generateText({ model: calling(['delete_item', { item_id: '8' }]), tools: await toAISDKTools(new MCPAdapter(ts().url)), prompt: 'go' });
    const model = scriptedModel(() => 'ok');
    await generateText({ model, tools: await toAISDKTools(new MCPAdapter(ts().url)), messages: decided(first, false) });
    assert.equal(calls(), before);
    assert.equal(outputsSeen(model).delete_item.type, 'execution-denied');
  });

  test("the adapter's approval predicate gates calls by their arguments, and the AI SDK's approval answers it", async () => {
    const gated = () => new MCPAdapter(ts().url, { approval: ({ name, args }) => name === 'echo' && args.text === 'secret' });
    const first = await generateText({ model: calling(['echo', { text: 'hi' }], ['echo', { text: 'secret' }]), tools: await toAISDKTools(gated()), prompt: 'go' });
    assert.deepEqual(first.toolResults.map((r) => r.input), [{ text: 'hi' }], 'the predicate let "hi" through');
    assert.deepEqual(first.content.filter((p) => p.type === 'tool-approval-request').map((p) => p.toolCall.input), [{ text: 'secret' }]);

    const model = scriptedModel(() => 'ok');
    const second = await generateText({ model, tools: await toAISDKTools(gated()), messages: decided(first, true) });
    assert.equal(second.text, 'ok');
    assert.deepEqual(outputsSeen(model).echo, { type: 'content', value: [{ type: 'text', text: 'echo: secret' }] });
  });

  test('with experimental_toolApprovalSecret, an approved call whose input the client changed is refused and not sent', async () => {
    const secret = 'the approval secret of this test, 32 bytes or more';
    const calls = () => ts().toolCalls().filter((c) => c.name === 'delete_item').length;
    const first = await generateText({ model: calling(['delete_item', { item_id: '9' }]), tools: await toAISDKTools(new MCPAdapter(ts().url)), prompt: 'go', experimental_toolApprovalSecret: secret });
    const messages = decided(first, true);
    messages.find((m) => m.role === 'assistant').content.find((p) => p.type === 'tool-call').input = { item_id: 'everything' };
    const before = calls();
    await assert.rejects(generateText({ model: scriptedModel(() => 'ok'), tools: await toAISDKTools(new MCPAdapter(ts().url)), messages, experimental_toolApprovalSecret: secret }), /signature/);
    assert.equal(calls(), before);
  });
});

test('streamText streams tool results, an approval request and a question as a tool output, and hasMCPInterrupt stops there', async () => {
  const server = await startTsServer();
  try {
    const tools = await toAISDKTools(new MCPAdapter(server.url));
    const model = calling(['tiny_image'], ['delete_item', { item_id: '1' }], ['confirm_action', { action: 'reboot' }]);
    const result = streamText({ model, tools, prompt: 'go', stopWhen: [isStepCount(5), hasMCPInterrupt()] });
    const parts = [];
    for await (const part of result.fullStream) parts.push(part);
    const results = Object.fromEntries(parts.filter((p) => p.type === 'tool-result').map((p) => [p.toolName, p.output]));
    assert.equal(results.tiny_image.content[0].type, 'image');
    assert.equal(results.confirm_action.type, 'mcp_elicitation');
    assert.equal(results.confirm_action.requests[0].message, 'Really reboot?');
    assert.deepEqual(parts.filter((p) => p.type === 'tool-approval-request').map((p) => p.toolCall.toolName), ['delete_item']);
    assert.equal((await result.steps).length, 1, 'no model call after the question');
    assert.equal(model.prompts.length, 1);
  } finally {
    await server.close();
  }
});

test('hasMCPInterrupt stops on every kind of interrupt, a task handle (mcp_task) too, and not on a result', () => {
  const stop = hasMCPInterrupt();
  for (const type of ['mcp_elicitation', 'mcp_approval', 'mcp_authorization', 'mcp_task']) {
    assert.equal(stop({ steps: [{ toolResults: [{ output: { type } }] }] }), true, type);
  }
  assert.equal(stop({ steps: [{ toolResults: [{ output: { type: 'tool_result', content: [] } }] }] }), false);
});
