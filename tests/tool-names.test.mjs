// Names that model providers accept (`^[a-zA-Z0-9_-]{1,64}$`) for the tools toLangChainTools
// makes, against the live TypeScript SDK fixture with its odd tool names (`notion.search` beside
// `notion_search`, two 70-character names sharing their first 64, CJK names): valid names kept,
// changed ones given a stable hash, calls going out under the MCP name (seen by the server),
// both prefixing options, and collisions only for the very same name.
//
//   bash scripts/build.sh && node --test tests/tool-names.test.mjs
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { createAgent } from 'langchain';
import { MCPAdapter } from '../pkg/index.node.js';
import { toLangChainTools } from '../pkg/langchain.js';
import { ODD_TOOL_NAMES } from './fixtures/ts_server.mjs';
import { startTsServer, useServer } from './helpers/servers.mjs';
import { assertAdapterError } from './helpers/errors.mjs';
import { toolMessages } from './helpers/agents.mjs';

const odd = useServer(() => startTsServer({ oddNames: true }));
const other = useServer(() => startTsServer({ name: 'other-fixture', oddNames: true }));

const PROVIDER_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const [DOTTED, UNDERSCORED, LONG_ONE, LONG_TWO, CJK_WEATHER, CJK_ORDERS] = ODD_TOOL_NAMES;

/** FNV-1a (32-bit) of the UTF-8 bytes in base 36, seven characters: the documented hash, written independently. */
function fnv1a(text) {
  let hash = 0x811c9dc5n;
  for (const byte of Buffer.from(text, 'utf8')) hash = ((hash ^ BigInt(byte)) * 0x01000193n) % 2n ** 32n;
  return hash.toString(36).padStart(7, '0');
}

/** The MCP name a LangChain tool's call goes out under, as the server received it. */
async function mcpNameOf(tool, server) {
  const before = server.toolCalls().length;
  await tool.invoke({});
  const calls = server.toolCalls().slice(before);
  assert.equal(calls.length, 1);
  return calls[0].name;
}

describe('tool names of one server', () => {
  test('valid names are kept; changed ones get a stable hash, stay within 64 characters and call the MCP name', async () => {
    const tools = await toLangChainTools(new MCPAdapter(odd().url), { filter: ODD_TOOL_NAMES });
    const names = tools.map((t) => t.name);
    assert.deepEqual(names, [
      `notion_search_${fnv1a(DOTTED)}`,
      'notion_search',
      `${'a'.repeat(56)}_${fnv1a(LONG_ONE)}`,
      `${'a'.repeat(56)}_${fnv1a(LONG_TWO)}`,
      `tool_${fnv1a(CJK_WEATHER)}`,
      `tool_${fnv1a(CJK_ORDERS)}`,
    ]);
    // the hash is stable: these literals must never change between versions
    assert.deepEqual([fnv1a(DOTTED), fnv1a(CJK_WEATHER), fnv1a(CJK_ORDERS)], ['1gn6nda', '07qi6ns', '03q2jlj']);
    for (const name of names) assert.match(name, PROVIDER_NAME);
    assert.equal(new Set(names).size, names.length);
    // each call goes out under the original MCP name and reaches that tool
    for (const [i, tool] of tools.entries()) {
      assert.equal(await mcpNameOf(tool, odd()), ODD_TOOL_NAMES[i]);
      assert.deepEqual(await tool.invoke({}), [{ type: 'text', text: `${ODD_TOOL_NAMES[i]} ran` }]);
    }
  });

  test('namePrefix and prefixServerName both work with notion.search beside notion_search', async () => {
    const adapter = new MCPAdapter(odd().url);
    const filter = [DOTTED, UNDERSCORED];
    const prefixed = await toLangChainTools(adapter, { filter, namePrefix: 'n_' });
    assert.deepEqual(prefixed.map((t) => t.name), [`n_notion_search_${fnv1a(`n_${DOTTED}`)}`, 'n_notion_search']);
    const byServer = await toLangChainTools(adapter, { filter, prefixServerName: true });
    assert.deepEqual(byServer.map((t) => t.name), [`ts-fixture_notion_search_${fnv1a(`ts-fixture_${DOTTED}`)}`, 'ts-fixture_notion_search']);
    assert.equal(await mcpNameOf(byServer[0], odd()), DOTTED);
  });

  test('a changed name never takes a name a tool already has: it is hashed again', async () => {
    const adapter = new MCPAdapter(odd().url);
    const taken = `notion_search_${fnv1a(DOTTED)}`;
    await adapter.callTool('add_tool', { name: taken });
    const tools = await toLangChainTools(adapter, { filter: [DOTTED, taken] });
    // the server lists the added tool first; it keeps its name all the same
    assert.deepEqual(tools.map((t) => t.name), [taken, `notion_search_${fnv1a(`${DOTTED}#1`)}`]);
    assert.equal(await mcpNameOf(tools[0], odd()), taken);
    assert.equal(await mcpNameOf(tools[1], odd()), DOTTED);
  });

  test('an agent calls a CJK-named tool by its LangChain name and the server runs the CJK tool', async () => {
    const tools = await toLangChainTools(new MCPAdapter(odd().url), { filter: [CJK_WEATHER] });
    const before = odd().toolCalls().length;
    const state = await createAgent({
      model: fakeModel()
        .respondWithTools([{ name: tools[0].name, args: {}, id: 'call_cjk' }])
        .respond(new AIMessage('ok')),
      tools,
    }).invoke({ messages: [new HumanMessage('天气?')] });
    const [message] = toolMessages(state);
    assert.equal(message.name, tools[0].name);
    assert.deepEqual(message.content, [{ type: 'text', text: `${CJK_WEATHER} ran` }]);
    assert.deepEqual(odd().toolCalls().slice(before).map((c) => c.name), [CJK_WEATHER]);
  });
});

describe('tool names of several adapters', () => {
  test('only the same name on two adapters collides; names that differ only once sanitized do not', async () => {
    const [a, b] = [new MCPAdapter(odd().url), new MCPAdapter(other().url)];
    const error = await toLangChainTools([a, b], { filter: ['echo'] }).then(() => assert.fail('resolved'), (e) => e);
    assertAdapterError(error);
    assert.equal(error.code, 'tool_name_collision');
    assert.match(error.message, /two tools want the name "echo" \("echo" of ts-fixture and "echo" of other-fixture\)/);
    assert.deepEqual(error.data, { tool: 'echo', servers: [odd().url, other().url] });

    // notion.search on one adapter, notion_search on the other: two names, no error
    const mixed = await toLangChainTools([a, b], { filter: (t) => t.name === (t.metadata.mcp.server.name === 'ts-fixture' ? DOTTED : UNDERSCORED) });
    assert.deepEqual(mixed.map((t) => t.name), [`notion_search_${fnv1a(DOTTED)}`, 'notion_search']);
    assert.equal(await mcpNameOf(mixed[1], other()), UNDERSCORED);

    // prefixServerName tells the servers apart, each call reaching its own server
    const both = await toLangChainTools([a, b], { filter: ['echo', CJK_ORDERS], prefixServerName: true });
    assert.deepEqual(both.map((t) => t.name), [
      'ts-fixture_echo',
      `ts-fixture______${fnv1a(`ts-fixture_${CJK_ORDERS}`)}`,
      'other-fixture_echo',
      `other-fixture______${fnv1a(`other-fixture_${CJK_ORDERS}`)}`,
    ]);
    assert.equal(await mcpNameOf(both[3], other()), CJK_ORDERS);
    // and the same server twice, prefixed by its (same) name, collides again
    await assert.rejects(toLangChainTools([a, new MCPAdapter(odd().url)], { filter: ['echo'], prefixServerName: true }), (e) => e.code === 'tool_name_collision');
  });
});
