// Input-required rounds (MCP 2026-07-28 MRTR) as resumable interrupts, and the approval
// gate, against real servers: the FastMCP fixture (sealed requestState, two rounds, URL mode,
// fresh random keys) and the @modelcontextprotocol/server 2.x fixture (inputRequired.elicit).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter, MCPAdapterError } from '../pkg/index.node.js';
import { recordingFetch } from './helpers/record.mjs';
import { startFastMCP, startTsServer } from './helpers/servers.mjs';

/** The check both fixtures get: an interrupt from one adapter, resumed by another. */
function resumedByAnotherAdapter(server) {
  test('confirm_action returns an elicitation interrupt that a second adapter resumes', async () => {
    const adapter = new MCPAdapter(server().url);
    const interrupt = await adapter.callTool('confirm_action', { action: 'wipe disk' });
    assert.equal(interrupt.type, 'mcp_elicitation');
    assert.equal(interrupt.tool_name, 'confirm_action');
    assert.equal(interrupt.server.url, server().url);
    assert.equal(interrupt.requests.length, 1);
    const [request] = interrupt.requests;
    assert.equal(request.mode, 'form');
    assert.equal(request.message, 'Really wipe disk?');
    assert.equal(typeof interrupt.request_state, 'string');
    const field = Object.keys(request.requested_schema.properties)[0];
    const other = new MCPAdapter(server().url);
    const done = await other.resume(JSON.parse(JSON.stringify(interrupt)), { responses: { [request.key]: { action: 'accept', content: { [field]: true } } } });
    assert.equal(done.status, 'success');
    assert.match(done.content[0].text, /^wipe disk: confirmed/);
    assert.equal((await adapter.callTool('echo', { text: 'still here' })).status, 'success');
  });
}

const accept = (interrupt, content) => ({ responses: { [interrupt.requests[0].key]: { action: 'accept', content } } });

describe('FastMCP fixture', () => {
  let server;
  before(async () => {
    server = await startFastMCP();
  });
  after(() => server?.close());
  resumedByAnotherAdapter(() => server);

  test('a sealed requestState is echoed byte for byte, with a new id and only this round\'s answers', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(server.url, { fetch: rec.fetch });
    const interrupt = await adapter.callTool('confirm_action', { action: 'wipe disk' });
    assert.deepEqual(Object.keys(interrupt).sort(), ['created_at', 'method', 'params', 'request_state', 'requests', 'round', 'server', 'tool_name', 'type']);
    assert.equal(interrupt.type, 'mcp_elicitation');
    assert.equal(interrupt.round, 1);
    assert.deepEqual(interrupt.server, { url: server.url, name: 'fastmcp-fixture', version: '0.1.0' });
    assert.match(interrupt.request_state, /^v1\./);
    assert.deepEqual(interrupt.requests, [{
      key: 'confirm', message: 'Really wipe disk?', mode: 'form', defaults: {},
      requested_schema: { type: 'object', properties: { confirmed: { type: 'boolean', title: 'Confirm' } }, required: ['confirmed'] },
    }]);
    const done = await adapter.resume(interrupt, accept(interrupt, { confirmed: true }));
    assert.equal(done.content[0].text, 'wipe disk: confirmed (state={"action": "wipe disk", "round": 1})');
    const [first, retry] = rec.calls();
    assert.notEqual(first.id, retry.id);
    assert.equal(retry.params.requestState, interrupt.request_state);
    assert.deepEqual(retry.params.arguments, first.params.arguments);
    assert.deepEqual(retry.params.inputResponses, { confirm: { action: 'accept', content: { confirmed: true } } });
    assert.deepEqual(first.params._meta['io.modelcontextprotocol/clientCapabilities'], { elicitation: { form: {}, url: {} }, extensions: { 'io.modelcontextprotocol/tasks': {} } });
  });

  test('every interrupt carries the time it was made, in ISO 8601 UTC: both eras\' questions and approvals', async () => {
    const before = Date.now();
    const modern = await new MCPAdapter(server.url).callTool('confirm_action', { action: 'a' });
    const old = new MCPAdapter(server.url, { protocol: 'legacy' });
    const legacy = await old.callTool('confirm_action', { action: 'a' });
    const gated = new MCPAdapter(server.url, { approval: () => true });
    const approval = await gated.callTool('delete_item', { item_id: '1' });
    const after = Date.now();
    assert.equal(legacy.protocol_version, '2025-11-25');
    for (const interrupt of [modern, legacy, approval]) {
      assert.equal(new Date(interrupt.created_at).toISOString(), interrupt.created_at, interrupt.type);
      const at = Date.parse(interrupt.created_at);
      assert.ok(at >= before && at <= after, `${interrupt.created_at} within the test`);
    }
    await old.close();
  });

  test('decline and cancel reach the server', async () => {
    const adapter = new MCPAdapter(server.url);
    for (const action of ['decline', 'cancel']) {
      const interrupt = await adapter.callTool('confirm_action', { action: 'reboot' });
      const out = await adapter.resume(interrupt, { responses: { confirm: { action } } });
      assert.match(out.content[0].text, new RegExp(`^reboot: ${action} `));
    }
  });

  test('a requestState the server refuses (altered: the server cannot tell it from an expired one) replays the call from the start, done with the person\'s answer', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(server.url, { fetch: rec.fetch });
    const interrupt = await adapter.callTool('confirm_action', { action: 'x' });
    const tampered = { ...interrupt, request_state: `${interrupt.request_state}x` };
    const done = await adapter.resume(tampered, accept(interrupt, { confirmed: true }));
    assert.match(done.content[0].text, /^x: confirmed \(state=\{"action": "x", "round": 1\}\)/);
    const [, refused, replay, last] = rec.calls();
    assert.equal(refused.params.requestState, tampered.request_state);
    assert.equal('requestState' in replay.params || 'inputResponses' in replay.params, false);
    assert.notEqual(last.params.requestState, tampered.request_state);
    assert.match((await adapter.resume(interrupt, accept(interrupt, { confirmed: true }))).content[0].text, /^x: confirmed/);
  });

  test('a serialized interrupt resumes in a second adapter instance', async () => {
    const interrupt = await new MCPAdapter(server.url).callTool('confirm_action', { action: 'move' });
    const stored = JSON.stringify(interrupt);
    const out = await new MCPAdapter(server.url).resume(JSON.parse(stored), accept(interrupt, { confirmed: true }));
    assert.match(out.content[0].text, /^move: confirmed/);
  });

  test('two rounds: the second interrupt carries the threaded state and schema defaults', async () => {
    const adapter = new MCPAdapter(server.url);
    const first = await adapter.callTool('ask_twice', { topic: 'signup' });
    assert.equal(first.requests[0].key, 'name');
    const second = await adapter.resume(first, { responses: { name: { action: 'accept', content: { name: 'Ada' } } } });
    assert.equal(second.type, 'mcp_elicitation');
    assert.equal(second.round, 2);
    assert.deepEqual(second.requests[0].defaults, { age: 30 });
    const done = await adapter.resume(second, { responses: { age: { action: 'accept', content: { age: 36 } } } });
    assert.equal(done.content[0].text, 'signup: Ada is 36');
  });

  test('the round cap ends a call that keeps asking', async () => {
    const adapter = new MCPAdapter(server.url, { maxRounds: 1 });
    const first = await adapter.callTool('ask_twice', { topic: 't' });
    await assert.rejects(adapter.resume(first, { responses: { name: { action: 'accept', content: { name: 'A' } } } }), { code: 'too_many_rounds' });
  });

  test('URL mode: the interrupt carries the full URL, accept sends no content, completion is found by retrying', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(server.url, { fetch: rec.fetch });
    const interrupt = await adapter.callTool('open_url');
    assert.deepEqual(interrupt.requests, [{ key: 'login', message: 'Sign in to continue', mode: 'url', url: 'https://auth.example.test/login?session=abc&x=%20y' }]);
    const done = await adapter.resume(interrupt, { responses: { login: { action: 'accept' } } });
    assert.equal(done.content[0].text, 'url elicitation: accept');
    assert.deepEqual(rec.calls()[1].params.inputResponses, { login: { action: 'accept' } });
  });

  test('a server that mints a fresh key each first round is answered under the key the person saw', async () => {
    const adapter = new MCPAdapter(server.url);
    const interrupt = await adapter.callTool('confirm_random_key');
    const key = interrupt.requests[0].key;
    assert.match(key, /^k-[0-9a-f]{8}$/);
    const out = await adapter.resume(interrupt, { responses: { [key]: { action: 'accept', content: { confirm: true } } } });
    assert.equal(out.content[0].text, `confirmed under ${key}`);
  });

  test('two parallel calls that both need input never see each other\'s answers or state', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(server.url, { fetch: rec.fetch });
    const [a, b] = await Promise.all([adapter.callTool('confirm_action', { action: 'A' }), adapter.callTool('confirm_action', { action: 'B' })]);
    assert.notEqual(a.request_state, b.request_state);
    const [outB, outA] = await Promise.all([
      adapter.resume(b, { responses: { confirm: { action: 'decline' } } }),
      adapter.resume(a, accept(a, { confirmed: true })),
    ]);
    assert.match(outA.content[0].text, /^A: confirmed/);
    assert.match(outB.content[0].text, /^B: decline/);
    const retries = rec.calls().filter((m) => m.params.requestState);
    assert.equal(retries.length, 2);
    for (const r of retries) {
      const mine = r.params.arguments.action === 'A' ? a : b;
      assert.equal(r.params.requestState, mine.request_state);
    }
  });

  test('bad answers are refused before anything is sent', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(server.url, { fetch: rec.fetch });
    const interrupt = await adapter.callTool('confirm_action', { action: 'x' });
    const before = rec.requests.length;
    for (const answer of [
      { responses: {} },
      { responses: { confirm: { action: 'accept', content: { confirmed: true } }, other: { action: 'decline' } } },
      { responses: { confirm: { action: 'sure' } } },
      { responses: { confirm: { action: 'accept', content: { confirmed: 'yes' } } } },
      { responses: { confirm: { action: 'accept', content: {} } } },
    ]) {
      await assert.rejects(adapter.resume(interrupt, answer), { code: 'invalid_argument' });
    }
    const foreign = { ...interrupt, server: { ...interrupt.server, url: 'http://127.0.0.1:1/elsewhere' } };
    await assert.rejects(adapter.resume(foreign, { responses: { confirm: { action: 'decline' } } }), { code: 'invalid_argument' });
    assert.equal(rec.requests.length, before);
  });

  test('approval: a gated call returns an interrupt before anything is sent; approve (edited) or reject', async () => {
    const rec = recordingFetch();
    const seen = [];
    const adapter = new MCPAdapter(server.url, {
      fetch: rec.fetch,
      approval: async (call) => {
        seen.push(call);
        return call.metadata?.mcp?.tool?.annotations?.destructiveHint === true;
      },
    });
    const tools = Object.fromEntries((await adapter.listTools()).map((t) => [t.name, t]));
    assert.equal((await tools.echo.invoke({ text: 'free' })).status, 'success');
    const gated = await tools.delete_item.invoke({ item_id: '7' });
    assert.deepEqual({ ...gated, metadata: undefined, created_at: undefined }, {
      type: 'mcp_approval', tool_name: 'delete_item', args: { item_id: '7' }, method: 'tools/call',
      server: { url: server.url, name: 'fastmcp-fixture', version: '0.1.0' }, metadata: undefined,
      allowed_decisions: ['approve', 'edit', 'reject'], created_at: undefined,
      tool_fingerprint: tools.delete_item.fingerprint,
    });
    assert.match(gated.tool_fingerprint, /^sha256:[0-9a-f]{64}$/);
    assert.equal(gated.metadata.mcp.tool.annotations.destructiveHint, true);
    assert.ok(!rec.calls().some((m) => m.params.name === 'delete_item'), 'nothing was sent before approval');
    assert.equal(seen.find((c) => c.name === 'delete_item').args.item_id, '7');
    const rejected = await adapter.resume(JSON.parse(JSON.stringify(gated)), { decision: 'reject', message: 'not today' });
    assert.deepEqual(rejected, { type: 'tool_result', content: [{ type: 'text', text: 'The user rejected the call of tool delete_item: not today' }], status: 'error' });
    assert.ok(!rec.calls().some((m) => m.params.name === 'delete_item'));
    const approved = await adapter.resume(gated, { decision: 'approve', args: { item_id: '8' } });
    assert.equal(approved.content[0].text, 'deleted 8');
    await assert.rejects(adapter.resume(gated, { decision: 'maybe' }), { code: 'invalid_argument' });
  });

  test('approval: the predicate and the interrupt get each tool\'s metadata as listTools() gave it', async () => {
    const rec = recordingFetch();
    const seen = new Map();
    const adapter = new MCPAdapter(server.url, {
      fetch: rec.fetch,
      approval: ({ name, metadata }) => {
        seen.set(name, metadata);
        return true;
      },
    });
    const tools = await adapter.listTools();
    // the fixture's tools have titles, _meta, annotations and schema warnings between them
    assert.ok(tools.some((t) => t.metadata.mcp.schema_warnings) && tools.some((t) => t.metadata.mcp.tool.annotations));
    for (const tool of tools) {
      const gated = await tool.invoke({});
      assert.equal(gated.type, 'mcp_approval', tool.name);
      assert.deepEqual(seen.get(tool.name), tool.metadata, tool.name);
      assert.deepEqual(gated.metadata, tool.metadata, tool.name);
    }
    assert.equal(seen.size, tools.length);
    // a tool the server does not list: `null`, after listing again
    assert.equal((await adapter.callTool('not_listed', {})).metadata, null);
    assert.equal(seen.get('not_listed'), null);
    assert.deepEqual(rec.calls(), [], 'nothing was called');
  });

  test('approval: a gate on annotations holds on a call made before any listTools() (the adapter lists first)', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(server.url, {
      fetch: rec.fetch,
      approval: ({ metadata }) => metadata?.mcp?.tool?.annotations?.destructiveHint === true,
    });
    const gated = await adapter.callTool('delete_item', { item_id: '9' });
    assert.equal(gated.type, 'mcp_approval');
    assert.equal(gated.metadata.mcp.tool.annotations.destructiveHint, true);
    const sent = () => rec.requests.map((r) => r.body?.method).filter((m) => m?.startsWith('tools/'));
    assert.deepEqual(sent(), ['tools/list'], 'listed, and the gated call not sent');
    // listed once: a second call does not list again
    assert.equal((await adapter.callTool('echo', { text: 'free' })).status, 'success');
    assert.deepEqual(sent(), ['tools/list', 'tools/call']);
  });

  test('sampling and roots are declared only when the host can answer them', async () => {
    const rec = recordingFetch();
    const adapter = new MCPAdapter(server.url, { fetch: rec.fetch, onSampling: () => ({}), roots: [{ uri: 'file:///w' }] });
    await adapter.callTool('echo', { text: 'x' });
    assert.deepEqual(rec.calls()[0].params._meta['io.modelcontextprotocol/clientCapabilities'], { elicitation: { form: {}, url: {} }, sampling: {}, roots: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } });
  });
});

describe('@modelcontextprotocol/server 2.x fixture (inputRequired.elicit)', () => {
  let server;
  before(async () => {
    server = await startTsServer();
  });
  after(() => server?.close());
  resumedByAnotherAdapter(() => server);

  test('elicitation interrupt, resumed with the HMAC-sealed state', async () => {
    const adapter = new MCPAdapter(server.url);
    const interrupt = await adapter.callTool('confirm_action', { action: 'ship' });
    assert.equal(interrupt.type, 'mcp_elicitation');
    assert.equal(interrupt.requests[0].mode, 'form');
    assert.equal(typeof interrupt.request_state, 'string');
    const done = await new MCPAdapter(server.url).resume(JSON.parse(JSON.stringify(interrupt)), accept(interrupt, { confirmed: true }));
    assert.match(done.content[0].text, /^ship: confirmed/);
    const declined = await adapter.resume(interrupt, { responses: { [interrupt.requests[0].key]: { action: 'decline' } } });
    assert.match(declined.content[0].text, /decline/);
  });
});
