// What a listing made with a call's own `headers` hands back stays that caller's: one adapter
// serving several users, each listing with that user's credentials (CallOptions.headers). A
// listed tool's `invoke`, resource's `read` and prompt's `get` (of an MCPAdapter, of an
// MCPAdapterGroup, and a tool of toLangChainTools with `listOptions.headers`) send the
// listing's headers unless their own call passes others, without those headers becoming data
// of the entries. Against the TypeScript SDK fixture, which records the headers of every POST.
//
//   bash scripts/build.sh && node --test tests/listing-headers.test.mjs
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { HumanMessage } from '@langchain/core/messages';
import { Command } from '@langchain/langgraph';
import { MCPAdapter, MCPAdapterGroup } from '../pkg/index.node.js';
import { toLangChainTools } from '../pkg/langchain.js';
import { startTsServer, useServer } from './helpers/servers.mjs';
import { startFake } from './helpers/fake-server.mjs';
import { agentCalling, toolMessages } from './helpers/agents.mjs';
import { SECRET, rejectsWith } from './helpers/errors.mjs';

const server = useServer(() => startTsServer());

const ALICE = 'Bearer alice-secret-token';
const BOB = 'Bearer bob-secret-token';
const CAROL = 'Bearer carol-secret-token';

/** The Authorization each POST of `method` carried, after the first `since` received. */
const sentSince = (since, method) =>
  server()
    .received.slice(since)
    .filter((r) => r.method === method)
    .map((r) => r.headers.authorization);

/** Runs `send` and returns the Authorization of each `method` POST it made. */
async function authorizationOf(method, send) {
  const since = server().received.length;
  await send();
  return sentSince(since, method);
}

/** Every string an entry shows: its JSON, its structured clone's, and each own property's. */
function shown(entry) {
  const data = Object.fromEntries(Object.entries(entry).filter(([, v]) => typeof v !== 'function'));
  const own = [...Object.getOwnPropertyNames(entry), ...Object.getOwnPropertySymbols(entry)].map((k) => {
    const v = entry[k];
    return typeof v === 'function' ? [...Object.getOwnPropertyNames(v), ...Object.getOwnPropertySymbols(v)].map(String).join() : JSON.stringify(v) ?? '';
  });
  return [JSON.stringify(entry), JSON.stringify(structuredClone(data)), ...own].join('\n');
}

describe("an adapter's listings made with a call's own headers", () => {
  const adapter = () => new MCPAdapter(server().url, { headers: { Authorization: ALICE } });

  test("a listed tool's invoke() sends the listing's headers; its own headers or the adapter's otherwise", async () => {
    const a = adapter();
    const [bobsEcho] = (await a.listTools({ headers: { authorization: BOB } })).filter((t) => t.name === 'echo');
    const [ownEcho] = (await a.listTools()).filter((t) => t.name === 'echo');
    assert.deepEqual(await authorizationOf('tools/call', () => bobsEcho.invoke({ text: 'b' })), [BOB]);
    assert.deepEqual(await authorizationOf('tools/call', () => bobsEcho.invoke({ text: 'c' }, { headers: { authorization: CAROL } })), [CAROL]);
    assert.deepEqual(await authorizationOf('tools/call', () => ownEcho.invoke({ text: 'a' })), [ALICE]);
    assert.deepEqual(await authorizationOf('tools/call', () => a.callTool('echo', { text: 'a' })), [ALICE]);
    assert.doesNotMatch(shown(bobsEcho), /bob-secret/);
  });

  test("a listed resource's read() and a listed prompt's get() send the listing's headers", async () => {
    const a = adapter();
    const headers = new Headers({ authorization: BOB });
    const [readme] = (await a.listResources({ headers })).filter((r) => r.uri === 'fixture://readme');
    const [greet] = (await a.listPrompts({ headers })).filter((p) => p.name === 'greet');
    assert.deepEqual(await authorizationOf('resources/read', () => readme.read()), [BOB]);
    assert.deepEqual(await authorizationOf('prompts/get', () => greet.get({ name: 'Bo' })), [BOB]);
    assert.deepEqual(await authorizationOf('resources/read', () => readme.read({ headers: { authorization: CAROL } })), [CAROL]);
    assert.deepEqual(await authorizationOf('prompts/get', () => greet.get({ name: 'Al' }, { timeoutMs: 10_000 })), [BOB]);
    // the adapter's own calls and listings are untouched
    assert.deepEqual(await authorizationOf('resources/read', () => a.readResource('fixture://readme')), [ALICE]);
    const [ownReadme] = (await a.listResources()).filter((r) => r.uri === 'fixture://readme');
    assert.deepEqual(await authorizationOf('resources/read', () => ownReadme.read()), [ALICE]);
    for (const entry of [readme, greet]) assert.doesNotMatch(shown(entry), /bob-secret/);
  });
});

describe("a group's listings made with a call's own headers", () => {
  test("the tools, resources and prompts it hands back send the listing's headers", async () => {
    const group = new MCPAdapterGroup({ ts: { url: server().url, headers: { Authorization: ALICE } } });
    const headers = { authorization: BOB };
    const [echo] = (await group.listTools({ headers })).filter((t) => t.name === 'echo');
    const [readme] = (await group.listResources({ headers })).filter((r) => r.uri === 'fixture://readme');
    const [greet] = (await group.listPrompts({ headers })).filter((p) => p.name === 'greet');
    assert.deepEqual(await authorizationOf('tools/call', () => echo.invoke({ text: 'b' })), [BOB]);
    assert.deepEqual(await authorizationOf('resources/read', () => readme.read()), [BOB]);
    assert.deepEqual(await authorizationOf('prompts/get', () => greet.get({ name: 'Bo' })), [BOB]);
    assert.deepEqual(await authorizationOf('tools/call', () => group.callTool('ts', 'echo', { text: 'a' })), [ALICE]);
    for (const entry of [echo, readme, greet]) assert.doesNotMatch(shown(entry), /bob-secret/);
  });
});

describe("toLangChainTools with listOptions.headers", () => {
  const listOptions = { headers: { authorization: BOB } };

  test("each tool's calls (renamed by an interceptor too) send the listing's headers, which interceptors see", async () => {
    const seen = [];
    const rename = (request, next) => {
      seen.push(request.headers.authorization);
      return next(request.args.text === 'renamed' ? request.override({ name: 'echo' }) : request);
    };
    const adapter = new MCPAdapter(server().url, { headers: { Authorization: ALICE } });
    const [tool] = await toLangChainTools(adapter, { listOptions, filter: ['echo'], interceptors: [rename] });
    assert.deepEqual(await authorizationOf('tools/call', () => tool.invoke({ text: 'b' })), [BOB]);
    assert.deepEqual(await authorizationOf('tools/call', () => tool.invoke({ text: 'renamed' })), [BOB]);
    assert.deepEqual(seen, [BOB, BOB]);
  });

  test("an interrupt of such a tool is answered with the listing's headers", async () => {
    const adapter = new MCPAdapter(server().url, { headers: { Authorization: ALICE } });
    const tools = await toLangChainTools(adapter, { listOptions, filter: ['confirm_action'] });
    const { agent, config } = agentCalling(tools, 'confirm_action', { action: 'restart' });
    const sent = await authorizationOf('tools/call', async () => {
      const paused = await agent.invoke({ messages: [new HumanMessage('restart')] }, config);
      assert.equal(paused.__interrupt__[0].value.type, 'mcp_elicitation');
      const done = await agent.invoke(new Command({ resume: { responses: { confirm: { action: 'accept', content: { confirmed: true } } } } }), config);
      assert.match(toolMessages(done)[0].content[0].text, /^restart: confirmed/);
    });
    assert.deepEqual(sent, [BOB, BOB], 'the call and its answer');
  });
});

// `x-mcp-header` (MCP 2026-07-28 `server/tools.mdx`, `basic/transports.mdx`): the fixture's
// regional_echo mirrors `region` into `Mcp-Param-Region` for the user "Bearer user-7q2x" only,
// and the SDK refuses (-32020) that user's call without the header.
describe("the Mcp-Param headers of calls, and listings made with a call's own headers", () => {
  const REGIONAL = { authorization: 'Bearer user-7q2x' };
  const OTHER = { authorization: 'Bearer other' };

  /** The `mcp-param-region` header of each `tools/call` that `send` made. */
  async function mirrored(send) {
    const since = server().received.length;
    const out = await send();
    assert.deepEqual(out.content, [{ type: 'text', text: 'region: eu-west' }]);
    return server()
      .received.slice(since)
      .filter((r) => r.method === 'tools/call')
      .map((r) => r.headers['mcp-param-region']);
  }

  test("another user's listing does not change what the adapter's own calls mirror", async () => {
    const adapter = new MCPAdapter(server().url, { headers: REGIONAL });
    await adapter.listTools();
    await adapter.listTools({ headers: OTHER }); // shown no x-mcp-header
    assert.deepEqual(await mirrored(() => adapter.callTool('regional_echo', { region: 'eu-west' })), ['eu-west']);

    const other = new MCPAdapter(server().url, { headers: OTHER });
    await other.listTools();
    await other.listTools({ headers: REGIONAL }); // shown the x-mcp-header
    assert.deepEqual(await mirrored(() => other.callTool('regional_echo', { region: 'eu-west' })), [undefined]);
  });

  test('a call through a tool of a listing made with headers mirrors per the tool that listing showed', async () => {
    const adapter = new MCPAdapter(server().url, { headers: OTHER });
    const [regional] = (await adapter.listTools({ headers: REGIONAL })).filter((t) => t.name === 'regional_echo');
    await adapter.listTools(); // the adapter's own: no x-mcp-header
    assert.deepEqual(await mirrored(() => regional.invoke({ region: 'eu-west' })), ['eu-west']);
    assert.deepEqual(await mirrored(() => adapter.callTool('regional_echo', { region: 'eu-west' })), [undefined]);
    // through a group and toLangChainTools alike
    const group = new MCPAdapterGroup({ ts: { url: server().url, headers: OTHER } });
    const [grouped] = (await group.listTools({ headers: REGIONAL })).filter((t) => t.name === 'regional_echo');
    await group.listTools();
    assert.deepEqual(await mirrored(() => grouped.invoke({ region: 'eu-west' })), ['eu-west']);
    const [lc] = await toLangChainTools(adapter, { listOptions: { headers: REGIONAL }, filter: ['regional_echo'] });
    await adapter.listTools();
    const since = server().received.length;
    await lc.invoke({ region: 'eu-west' });
    assert.deepEqual(server().received.slice(since).map((r) => r.headers['mcp-param-region']), ['eu-west']);
  });

  test("a LangChain tool's call renamed by an interceptor mirrors per that listing's tool of the new name", async () => {
    const adapter = new MCPAdapter(server().url, { headers: OTHER });
    // echo alone is handed to the model; an interceptor sends its calls to regional_echo
    const reroute = (request, next) => next(request.override({ name: 'regional_echo', args: { region: request.args.text } }));
    const [echo] = await toLangChainTools(adapter, { listOptions: { headers: REGIONAL }, filter: ['echo'], interceptors: [reroute] });
    await adapter.listTools(); // the adapter's own: no x-mcp-header
    const since = server().received.length;
    await echo.invoke({ text: 'eu-west' });
    const calls = server().received.slice(since).filter((r) => r.method === 'tools/call');
    assert.deepEqual(calls.map((r) => [r.headers.authorization, r.headers['mcp-param-region']]), [[REGIONAL.authorization, 'eu-west']]);
  });

  test("an adapter's or group's interceptor renaming a listed tool's call mirrors per that listing's tool of the new name, and so does resume()", async () => {
    const reroute = (request, next) => next(request.override({ name: 'regional_echo', args: { region: request.args.text, confirm: request.args.confirm } }));
    const adapter = new MCPAdapter(server().url, { headers: OTHER, interceptors: [reroute] });
    const [echo] = (await adapter.listTools({ headers: REGIONAL })).filter((t) => t.name === 'echo');
    assert.deepEqual(await mirrored(() => echo.invoke({ text: 'eu-west' })), ['eu-west']);
    const group = new MCPAdapterGroup({ ts: { url: server().url, headers: OTHER } }, { interceptors: [reroute] });
    const [grouped] = (await group.listTools({ headers: REGIONAL })).filter((t) => t.name === 'echo');
    assert.deepEqual(await mirrored(() => grouped.invoke({ text: 'eu-west' })), ['eu-west']);
    const answer = { responses: { confirm: { action: 'accept', content: { confirmed: true } } } };
    const asked = await echo.invoke({ text: 'eu-west', confirm: true });
    assert.equal(asked.type, 'mcp_elicitation');
    assert.deepEqual(await mirrored(() => adapter.resume(asked, answer, { headers: REGIONAL })), ['eu-west']);
  });

  test("resume() of an interrupt of such a tool's call mirrors as the call did, through a group too", async () => {
    const answer = { responses: { confirm: { action: 'accept', content: { confirmed: true } } } };
    const adapter = new MCPAdapter(server().url, { headers: OTHER });
    const [regional] = (await adapter.listTools({ headers: REGIONAL })).filter((t) => t.name === 'regional_echo');
    await adapter.listTools(); // the adapter's own: no x-mcp-header
    const group = new MCPAdapterGroup({ ts: { url: server().url, headers: OTHER } });
    const [grouped] = (await group.listTools({ headers: REGIONAL })).filter((t) => t.name === 'regional_echo');
    await group.listTools();
    for (const [tool, from] of [[regional, adapter], [grouped, group]]) {
      const since = server().received.length;
      const asked = await tool.invoke({ region: 'eu-west', confirm: true });
      assert.equal(asked.type, 'mcp_elicitation');
      const done = await from.resume(asked, answer, { headers: REGIONAL });
      assert.deepEqual(done.content, [{ type: 'text', text: 'region: eu-west' }]);
      const calls = server().received.slice(since).filter((r) => r.method === 'tools/call');
      assert.deepEqual(calls.map((r) => [r.headers.authorization, r.headers['mcp-param-region']]), [
        [REGIONAL.authorization, 'eu-west'],
        [REGIONAL.authorization, 'eu-west'],
      ]);
    }
  });

  // MCP 2026-07-28 `server/tools.mdx`: on -32020 for a tool call a client SHOULD fetch
  // tools/list again and retry (the server refused the request before running it)
  test('a fresh adapter (another process) lists the tools on -32020 and sends its call, or its answer to an interrupt, again with the mirror', async () => {
    const answer = { responses: { confirm: { action: 'accept', content: { confirmed: true } } } };
    const first = new MCPAdapter(server().url, { headers: REGIONAL });
    await first.listTools();
    const asked = JSON.parse(JSON.stringify(await first.callTool('regional_echo', { region: 'eu-west', confirm: true })));
    assert.equal(asked.type, 'mcp_elicitation');
    for (const send of [
      (fresh) => fresh.callTool('regional_echo', { region: 'eu-west' }),
      (fresh) => fresh.resume(asked, answer),
    ]) {
      const since = server().received.length;
      assert.deepEqual(await mirrored(() => send(new MCPAdapter(server().url, { headers: REGIONAL }))), [undefined, 'eu-west']);
      const methods = server().received.slice(since).map((r) => r.method);
      assert.deepEqual(methods.filter((m) => m !== 'server/discover'), ['tools/call', 'tools/list', 'tools/call']);
    }
  });

  test('a -32020 whose listing fails, or does not show the tool, stands: one listing, one call', async () => {
    for (const list of [(ctx) => ctx.rpcError(-32603, 'Internal error', undefined, 500), (ctx) => ctx.result({ resultType: 'complete', tools: [] })]) {
      const fake = await startFake({
        'tools/list': list,
        echo: (ctx) => ctx.rpcError(-32020, 'Header mismatch: Mcp-Param-Region is absent', undefined, 400),
      });
      try {
        const err = await rejectsWith(new MCPAdapter(fake.url).callTool('echo', { text: 'x' }), 'rpc_error');
        assert.equal(err.rpcCode, -32020);
        assert.deepEqual([fake.count('tools/list'), fake.count('tools/call')], [1, 1]);
      } finally {
        await fake.close();
      }
    }
  });

  test('an x-mcp-header made invalid after the listing fails the call with invalid_argument, nothing sent', async () => {
    const adapter = new MCPAdapter(server().url, { headers: OTHER });
    const [regional] = (await adapter.listTools({ headers: { authorization: SECRET } })).filter((t) => t.name === 'regional_echo');
    regional.inputSchema.properties.region = { type: 'string', 'x-mcp-header': 'Bad Name' };
    const since = server().received.length;
    await rejectsWith(regional.invoke({ region: 'eu-west' }), 'invalid_argument');
    assert.equal(server().received.length, since);
  });

  test("in a LangGraph run, the answer to an interrupt of such a tool mirrors as its call did", async () => {
    const adapter = new MCPAdapter(server().url, { headers: OTHER });
    const tools = await toLangChainTools(adapter, { listOptions: { headers: REGIONAL }, filter: ['regional_echo'] });
    await adapter.listTools(); // the adapter's own: no x-mcp-header
    const { agent, config } = agentCalling(tools, 'regional_echo', { region: 'eu-west', confirm: true });
    const since = server().received.length;
    const paused = await agent.invoke({ messages: [new HumanMessage('go')] }, config);
    assert.equal(paused.__interrupt__[0].value.type, 'mcp_elicitation');
    const done = await agent.invoke(new Command({ resume: { responses: { confirm: { action: 'accept', content: { confirmed: true } } } } }), config);
    assert.deepEqual(toolMessages(done)[0].content, [{ type: 'text', text: 'region: eu-west' }]);
    const calls = server().received.slice(since).filter((r) => r.method === 'tools/call');
    assert.deepEqual(calls.map((r) => [r.headers.authorization, r.headers['mcp-param-region']]), [
      [REGIONAL.authorization, 'eu-west'],
      [REGIONAL.authorization, 'eu-west'],
    ]);
  });
});

// The fixture's prompt regional_greeting requires `region` of the user "Bearer user-7q2x" only.
describe("getPrompt's argument checks and listings made with a call's own headers", () => {
  const REGIONAL = { authorization: 'Bearer user-7q2x' };
  const OTHER = { authorization: 'Bearer other' };

  test("another user's listing does not change what the adapter's own getPrompt requires", async () => {
    const adapter = new MCPAdapter(server().url, { headers: OTHER });
    await adapter.listPrompts();
    await adapter.listPrompts({ headers: REGIONAL });
    const messages = await adapter.getPrompt('regional_greeting', {});
    assert.equal(messages[0].content[0].text, 'Hello from anywhere.');

    const regional = new MCPAdapter(server().url, { headers: REGIONAL });
    await regional.listPrompts();
    await regional.listPrompts({ headers: OTHER });
    const since = server().received.length;
    const error = await rejectsWith(regional.getPrompt('regional_greeting', {}), 'invalid_argument');
    assert.match(error.message, /region/);
    assert.equal(server().received.length, since, 'refused before sending');
  });

  test('a getPrompt with its own headers lists for its own check, neither cached nor remembered', async () => {
    const adapter = new MCPAdapter(server().url, { headers: OTHER });
    await rejectsWith(adapter.getPrompt('regional_greeting', {}, { headers: REGIONAL }), 'invalid_argument');
    const since = server().received.length;
    const messages = await adapter.getPrompt('regional_greeting', {});
    assert.equal(messages[0].content[0].text, 'Hello from anywhere.');
    assert.deepEqual(server().received.slice(since).map((r) => r.method), ['prompts/list', 'prompts/get'], "the adapter's own listing, then the prompt");
  });
});
