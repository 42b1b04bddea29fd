// MCPAdapterGroup against live fixture servers: two TypeScript SDK fixtures (both offer `echo`,
// so their names collide), the FastMCP fixture beside them, and a dead URL. Tool names and
// collisions, calls reaching the right server (seen from the server side), an adapter given as
// built keeping its own handlers, onServerError, resources and prompts by key, and the group in
// a createAgent run through toLangChainTools.
//
//   bash scripts/build.sh && node --test tests/group.test.mjs
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { createAgent } from 'langchain';
import { MCPAdapter, MCPAdapterError, MCPAdapterGroup } from '../pkg/index.node.js';
import { toLangChainTools } from '../pkg/langchain.js';
import { DEAD_URL, startFastMCP, startTsServer, useServer } from './helpers/servers.mjs';
import { assertAdapterError } from './helpers/errors.mjs';
import { toolMessages } from './helpers/agents.mjs';
import { recordingFetch } from './helpers/record.mjs';

const crm = useServer(() => startTsServer({ name: 'crm-fixture' }));
const math = useServer(() => startTsServer({ name: 'math-fixture' }));

/** The names of the tools a server received calls of, since `since` entries of its record. */
const calledOn = (server, since = 0) => server.toolCalls().slice(since).map((c) => c.name);

describe('tool names across servers', () => {
  test('the same tool name on two servers is a tool_name_collision naming both servers and the tool', async () => {
    const group = new MCPAdapterGroup({ crm: crm().url, math: math().url });
    const error = await group.listTools().then(
      () => assert.fail('listTools resolved'),
      (e) => e,
    );
    assertAdapterError(error);
    assert.equal(error.code, 'tool_name_collision');
    assert.match(error.message, /servers "crm" and "math" both offer a tool named "echo"; pass toolNamePrefix: true/);
    assert.deepEqual(error.data, { tool: 'echo', servers: ['crm', 'math'] });
  });

  test('toolNamePrefix names tools {server}_{tool}, and each call reaches its own server under the MCP name', async () => {
    const group = new MCPAdapterGroup({ crm: crm().url, math: math().url }, { toolNamePrefix: true });
    assert.deepEqual(group.servers, ['crm', 'math']);
    const tools = await group.listTools();
    const names = tools.map((t) => t.name);
    assert.ok(names.includes('crm_echo') && names.includes('math_echo'), names.join());
    assert.ok(names.every((n) => n.startsWith('crm_') || n.startsWith('math_')));
    const mathEcho = tools.find((t) => t.name === 'math_echo');
    assert.equal(mathEcho.mcpName, 'echo');
    assert.deepEqual(mathEcho.metadata.mcp.server, { name: 'math-fixture', version: '0.1.0', key: 'math' });

    const [crmBefore, mathBefore] = [crm().toolCalls().length, math().toolCalls().length];
    const out = await mathEcho.invoke({ text: 'to math' });
    assert.deepEqual(out.content, [{ type: 'text', text: 'echo: to math' }]);
    assert.deepEqual(calledOn(math(), mathBefore), ['echo'], 'math got the call under its MCP name');
    assert.deepEqual(calledOn(crm(), crmBefore), [], 'crm got nothing');

    await group.callTool('crm', 'echo', { text: 'to crm' });
    assert.deepEqual(calledOn(crm(), crmBefore), ['echo']);
    assert.equal(group.adapter('crm').url, crm().url);
    assert.throws(() => group.adapter('nope'), (e) => e instanceof MCPAdapterError && e.code === 'invalid_argument' && /no server "nope"/.test(e.message));
  });

  test('toLangChainTools(group) gives prefixed tools whose calls reach the right server in a createAgent run', async () => {
    const group = new MCPAdapterGroup({ crm: crm().url, math: math().url }, { toolNamePrefix: true });
    const tools = await toLangChainTools(group, { filter: (t) => t.mcpName === 'echo' });
    assert.deepEqual(tools.map((t) => t.name), ['crm_echo', 'math_echo']);
    assert.equal(tools[1].metadata.mcp.server.key, 'math');
    const before = math().toolCalls().length;
    const state = await createAgent({
      model: fakeModel()
        .respondWithTools([{ name: 'math_echo', args: { text: 'sum' }, id: 'call_m' }])
        .respond(new AIMessage('done')),
      tools,
    }).invoke({ messages: [new HumanMessage('echo on math')] });
    assert.deepEqual(toolMessages(state)[0].content, [{ type: 'text', text: 'echo: sum' }]);
    assert.deepEqual(calledOn(math(), before), ['echo']);
  });
});

describe('servers given in several forms', () => {
  test('an adapter given as built keeps its own onElicitation and approval; the shared options do not reach it', async () => {
    let asked = 0;
    const own = new MCPAdapter(crm().url, {
      onElicitation: () => {
        asked += 1;
        return { action: 'accept', content: { confirmed: true } };
      },
    });
    const gated = new MCPAdapter(math().url, { approval: ({ name }) => name === 'echo' });
    const group = new MCPAdapterGroup(
      { own, gated, built: { url: crm().url, timeoutMs: 20_000 } },
      { toolNamePrefix: true, approval: () => false },
    );
    const tools = Object.fromEntries((await group.listTools()).map((t) => [t.name, t]));

    // own: its onElicitation answers in place, no interrupt
    const done = await tools.own_confirm_action.invoke({ action: 'deploy' });
    assert.equal(done.status, 'success');
    assert.match(done.content[0].text, /^deploy: confirmed/);
    assert.equal(asked, 1);
    // built by the group: no handler, so the same tool pauses with an interrupt
    const paused = await tools.built_confirm_action.invoke({ action: 'deploy' });
    assert.equal(paused.type, 'mcp_elicitation');
    assert.equal(asked, 1);
    // and it is resumed on its own server, found by the interrupt's URL
    const resumed = await group.resume(paused, { responses: { confirm: { action: 'accept', content: { confirmed: true } } } });
    assert.match(resumed.content[0].text, /^deploy: confirmed/);

    // gated: its own approval gates echo (the group's shared approval says no to everything)
    const before = math().toolCalls().length;
    const approval = await tools.gated_echo.invoke({ text: 'x' });
    assert.equal(approval.type, 'mcp_approval');
    assert.deepEqual(calledOn(math(), before), [], 'nothing was sent before the approval');
    assert.equal((await tools.built_echo.invoke({ text: 'x' })).status, 'success');
  });

  test('a shared approval predicate sees each tool\'s metadata as group.listTools() gives it, server key included', async () => {
    const seen = [];
    const group = new MCPAdapterGroup(
      { crm: crm().url, math: { url: math().url } },
      { toolNamePrefix: true, approval: ({ name, metadata }) => (seen.push([name, metadata]), false) },
    );
    const tools = Object.fromEntries((await group.listTools()).map((t) => [t.name, t]));
    assert.equal((await tools.crm_echo.invoke({ text: 'a' })).status, 'success');
    assert.equal((await tools.math_echo.invoke({ text: 'b' })).status, 'success');
    assert.deepEqual(seen.map(([name]) => name), ['echo', 'echo']);
    assert.deepEqual(seen[0][1], tools.crm_echo.metadata);
    assert.deepEqual(seen[1][1], tools.math_echo.metadata);
    assert.equal(seen[1][1].mcp.server.key, 'math');
  });

  test('onServerError "skip" lists the servers that answer and reports the dead one; "throw" rejects naming it', async () => {
    const dead = DEAD_URL;
    const warnings = [];
    const skipping = new MCPAdapterGroup({ crm: crm().url, dead }, { onServerError: 'skip', onWarning: (t) => warnings.push(t), timeoutMs: 5_000 });
    const tools = await skipping.listTools();
    assert.ok(tools.some((t) => t.name === 'echo' && t.metadata.mcp.server.key === 'crm'));
    assert.ok(tools.every((t) => t.metadata.mcp.server.key === 'crm'));
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /server "dead" skipped/);

    const reported = [];
    const told = new MCPAdapterGroup({ dead, crm: crm().url }, { onServerError: (error, context) => reported.push([error.code, context]) });
    assert.ok((await told.listPrompts()).length > 0);
    assert.deepEqual(reported, [['network', { server: 'dead', operation: 'listPrompts' }]]);

    const throwing = new MCPAdapterGroup({ crm: crm().url, dead });
    const error = await throwing.listTools().then(
      () => assert.fail('listTools resolved'),
      (e) => e,
    );
    assertAdapterError(error);
    assert.equal(error.code, 'network');
    assert.equal(error.server, 'dead');
    assert.match(error.message, /^server "dead": /);
  });

  test('the CommonJS build exports MCPAdapterGroup too, and it works with its own MCPAdapter', async () => {
    const cjs = createRequire(import.meta.url)('../pkg/index.cjs');
    const group = new cjs.MCPAdapterGroup({ crm: crm().url, own: new cjs.MCPAdapter(math().url) }, { toolNamePrefix: true });
    const tools = await group.listTools();
    assert.deepEqual((await tools.find((t) => t.name === 'own_echo').invoke({ text: 'cjs' })).content, [{ type: 'text', text: 'echo: cjs' }]);
  });

  test('bad servers and options are invalid_argument or invalid_url errors', () => {
    const code = (f) => {
      try {
        f();
      } catch (e) {
        assertAdapterError(e);
        return e.code;
      }
      return 'no error';
    };
    assert.equal(code(() => new MCPAdapterGroup({})), 'invalid_argument');
    assert.equal(code(() => new MCPAdapterGroup(['http://x'])), 'invalid_argument');
    assert.equal(code(() => new MCPAdapterGroup({ a: 'http://127.0.0.1/mcp' }, { onServerError: 'ignore' })), 'invalid_argument');
    assert.equal(code(() => new MCPAdapterGroup({ a: 'http://127.0.0.1/mcp' }, { interceptors: [1] })), 'invalid_argument');
    assert.equal(code(() => new MCPAdapterGroup({ a: 'file:///etc/passwd' })), 'invalid_url');
  });
});

describe('resources and prompts of every server', () => {
  const fast = useServer(() => startFastMCP());

  test('lists carry their server key; readResource and getPrompt go to the server named', async () => {
    const group = new MCPAdapterGroup({ ts: crm().url, py: fast().url });
    const resources = await group.listResources();
    const readmes = resources.filter((r) => r.uri === 'fixture://readme').map((r) => r.server);
    assert.deepEqual(readmes, ['ts', 'py']);
    const [ts] = await group.readResource('ts', 'fixture://readme');
    const [py] = await group.readResource('py', new URL('fixture://readme'));
    assert.match(ts.text, /TypeScript SDK fixture/);
    assert.notEqual(py.text, ts.text, 'each read went to its own server');
    assert.equal((await resources.find((r) => r.server === 'py' && r.uri === 'fixture://readme').read())[0].text, py.text);

    const templates = await group.listResourceTemplates();
    assert.ok(templates.some((t) => t.server === 'ts') && templates.some((t) => t.server === 'py'));
    const prompts = await group.listPrompts();
    assert.deepEqual(prompts.filter((p) => p.name === 'greet').map((p) => p.server), ['ts', 'py']);
    const messages = await group.getPrompt('ts', 'greet', { name: 'Ada', style: 'formal' });
    assert.deepEqual(messages, [{ role: 'user', content: [{ type: 'text', text: 'Please write a formal greeting addressed to Ada.' }] }]);
    await assert.rejects(group.getPrompt('nope', 'greet', { name: 'Ada' }), (e) => e.code === 'invalid_argument');
    await group.close();
  });
});

describe('resume routing', () => {
  test('two keys on one URL (two accounts): an interrupt resumes on the adapter it came from, with its credentials', async () => {
    const rec = { alice: recordingFetch(), bob: recordingFetch() };
    const entry = (who) => ({ url: crm().url, headers: { 'X-User': who }, fetch: rec[who].fetch });
    const group = new MCPAdapterGroup({ alice: entry('alice'), bob: entry('bob') });
    const paused = await group.callTool('bob', 'confirm_action', { action: 'deploy' });
    assert.equal(paused.type, 'mcp_elicitation');
    const sentBy = (who) => rec[who].requests.filter((r) => r.body?.method === 'tools/call').map((r) => r.headers.get('x-user'));
    const answer = { responses: { confirm: { action: 'accept', content: { confirmed: true } } } };
    const resumed = await group.resume(paused, answer);
    assert.match(resumed.content[0].text, /^deploy: confirmed/);
    assert.deepEqual(sentBy('alice'), [], "nothing of bob's call goes out with alice's credentials");
    assert.deepEqual(sentBy('bob'), ['bob', 'bob']);
    // a round-tripped interrupt cannot say which of the two it came from: refused, nothing sent
    const again = await group.callTool('bob', 'confirm_action', { action: 'deploy' });
    const error = await group.resume(JSON.parse(JSON.stringify(again)), answer).then(() => undefined, (e) => e);
    assertAdapterError(error);
    assert.equal(error.code, 'invalid_argument');
    assert.match(error.message, /"alice", "bob"/);
    assert.deepEqual(sentBy('alice'), []);
    assert.equal(sentBy('bob').length, 3);
  });
});

describe('a handshake-era server in a group', () => {
  const legacy = useServer(() => startFastMCP({ legacyOnly: true }));

  test('the group\'s calls and its LangChain tools\' calls to it go in one session, opened once', async () => {
    const rec = recordingFetch();
    const group = new MCPAdapterGroup({ legacy: { url: legacy().url, fetch: rec.fetch } });
    assert.equal((await group.callTool('legacy', 'echo', { text: 'a' })).content[0].text, 'echo: a');
    const tools = await toLangChainTools(group);
    const echo = tools.find((t) => t.name === 'echo');
    await echo.invoke({ text: 'b' });
    await echo.invoke({ text: 'c' });
    const calls = rec.requests.filter((r) => r.body?.method === 'tools/call');
    assert.equal(calls.length, 3);
    assert.equal(new Set(calls.map((r) => r.headers.get('mcp-session-id'))).size, 1, 'one session');
    assert.equal(rec.requests.filter((r) => r.body?.method === 'initialize').length, 1);
    await group.close();
  });
});
