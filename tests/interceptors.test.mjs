// Interceptors (`interceptors` option of MCPAdapter, MCPAdapterGroup and toLangChainTools)
// against the live TypeScript SDK fixture, which records every request it receives: headers
// rewritten per call reach the server merged over the adapter's own, an interceptor that answers
// itself sends nothing, a retry sees the failure then the success, the onion order, errors and
// interrupts passing through unchanged, and in createAgent runs: `request.runtime` (the run's
// context), a `Command` or `ToolMessage` as the tool's output, and an elicitation that pauses
// and resumes through interceptors with the call's headers.
//
//   bash scripts/build.sh && node --test tests/interceptors.test.mjs
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { Command } from '@langchain/langgraph';
import { createAgent } from 'langchain';
import { MCPAdapter, MCPAdapterGroup } from '../pkg/index.node.js';
import { toLangChainTools } from '../pkg/langchain.js';
import { startTsServer, useServer } from './helpers/servers.mjs';
import { assertAdapterError } from './helpers/errors.mjs';
import { startFake } from './helpers/fake-server.mjs';
import { agentCalling, toolMessages } from './helpers/agents.mjs';

const server = useServer(() => startTsServer());

/** The `tools/call` requests the server received after the first `since`. */
const callsSince = (since) => server().toolCalls().slice(since);

describe('interceptors of an adapter', () => {
  test('a header set by an interceptor reaches the server, over the adapter\'s own header of the same name in another case', async () => {
    const adapter = new MCPAdapter(server().url, {
      headers: { 'X-Tenant': 'adapter', 'X-Kept': 'yes' },
      interceptors: [(request, next) => next(request.override({ headers: { 'x-tenant': `call-${request.args.text}` } }))],
    });
    const since = server().toolCalls().length;
    const out = await adapter.callTool('echo', { text: 'a' });
    assert.deepEqual(out.content, [{ type: 'text', text: 'echo: a' }]);
    const [call] = callsSince(since);
    assert.equal(call.headers['x-tenant'], 'call-a', 'one value: the interceptor\'s replaced the adapter\'s');
    assert.equal(call.headers['x-kept'], 'yes');
    // a per-call headers option without interceptors merges the same way
    await new MCPAdapter(server().url, { headers: { 'X-Tenant': 'adapter' } }).callTool('echo', { text: 'b' }, { headers: { 'x-TENANT': 'option' } });
    assert.equal(callsSince(since)[1].headers['x-tenant'], 'option');
    // Mcp-* names are the adapter's own: a call cannot set them
    await adapter.callTool('echo', { text: 'c' }, { headers: { 'Mcp-Method': 'forged', 'X-Extra': '1' } });
    const third = callsSince(since)[2];
    assert.equal(third.headers['mcp-method'], 'tools/call');
    assert.equal(third.headers['x-extra'], '1');
    await assert.rejects(adapter.callTool('echo', { text: 'd' }, { headers: 'X-A: 1' }), (e) => e.code === 'invalid_argument');
  });

  test('in the handshake era too, the per-call header reaches the server on the session\'s requests', async () => {
    const adapter = new MCPAdapter(server().url, {
      protocol: 'legacy',
      headers: { 'X-Tenant': 'adapter' },
      interceptors: [(request, next) => next(request.override({ headers: { 'X-TENANT': 'legacy-call' } }))],
    });
    const since = server().toolCalls().length;
    assert.deepEqual((await adapter.callTool('echo', { text: 'old' })).content, [{ type: 'text', text: 'echo: old' }]);
    assert.match(adapter.protocolVersion, /^2025-/);
    const [call] = callsSince(since);
    assert.equal(call.headers['x-tenant'], 'legacy-call');
    assert.equal(call.headers['mcp-method'], undefined, 'a handshake-era request');
    await adapter.close();
  });

  test('a header value set per call is redacted from errors, like the adapter\'s own (a server that echoes it)', async () => {
    const token = 'per-call-token-5e1f0c';
    const fake = await startFake({
      echo: (ctx) => ctx.rpcError(-32603, `refused ${ctx.req.headers['x-user-token']}`, { seen: ctx.req.headers['x-user-token'] }),
    });
    try {
      const adapter = new MCPAdapter(fake.url, { interceptors: [(request, next) => next(request.override({ headers: { 'X-User-Token': token } }))] });
      const error = await adapter.callTool('echo', { text: 'x' }).then(() => assert.fail('resolved'), (e) => e);
      assertAdapterError(error);
      assert.equal(error.code, 'rpc_error');
      assert.equal(fake.requests.at(-1).headers['x-user-token'], token, 'the header was sent');
      assert.equal(error.message.includes(token) || JSON.stringify(error.data).includes(token), false, error.message);
      assert.match(error.message, /refused \[redacted\]/);
    } finally {
      await fake.close();
    }
  });

  test('an interceptor may answer without calling next: nothing reaches the server', async () => {
    const adapter = new MCPAdapter(server().url, {
      interceptors: [async (request, next) => (request.name === 'delete_item' ? { content: [{ type: 'text', text: 'blocked' }], status: 'error' } : next())],
    });
    const since = server().received.length;
    const out = await adapter.callTool('delete_item', { item_id: 'x' });
    assert.deepEqual(out, { content: [{ type: 'text', text: 'blocked' }], status: 'error' });
    assert.deepEqual(server().received.slice(since), [], 'the server received no request at all');
    await adapter.callTool('echo', { text: 'still works' });
    assert.deepEqual(callsSince(0).at(-1).name, 'echo');
  });

  test('a retry interceptor sees the failure (HTTP 503, a typed error) and then the success', async () => {
    const seen = [];
    const retry = async (request, next) => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          const out = await next();
          seen.push(['ok', attempt]);
          return out;
        } catch (e) {
          seen.push([e.code, e.status, attempt]);
          if (attempt === 3) throw e;
        }
      }
    };
    const adapter = new MCPAdapter(server().url, { interceptors: [retry] });
    await adapter.listTools();
    const since = server().received.length;
    server().failNext(1, 503);
    const out = await adapter.callTool('echo', { text: 'again' });
    assert.deepEqual(out.content, [{ type: 'text', text: 'echo: again' }]);
    assert.deepEqual(seen, [['http_status', 503, 1], ['ok', 2]]);
    assert.deepEqual(server().received.slice(since).map((r) => r.name), ['echo', 'echo'], 'two requests reached the server');

    // three failures: the error that reaches the caller is the adapter's, unchanged
    seen.length = 0;
    server().failNext(3, 502);
    const error = await adapter.callTool('echo', { text: 'never' }).then(() => assert.fail('resolved'), (e) => e);
    assertAdapterError(error);
    assert.equal(error.code, 'http_status');
    assert.equal(error.status, 502);
    assert.equal(seen.length, 3);
  });

  test('interceptors run in onion order, may change the name, args and result, and see interrupts untouched', async () => {
    const order = [];
    const outer = async (request, next) => {
      order.push(`outer:${request.name}`);
      const out = await next(request.override({ args: { ...request.args, text: `${request.args.text}+outer` } }));
      order.push('outer:after');
      return out.status === 'success' && out.content ? { ...out, content: [...out.content, { type: 'text', text: 'tagged' }] } : out;
    };
    const inner = async (request, next) => {
      order.push(`inner:${request.args.text}`);
      assert.throws(() => request.override({ args: [1] }), (e) => e.code === 'invalid_argument');
      return next(request.name === 'alias' ? request.override({ name: 'echo' }) : request);
    };
    const adapter = new MCPAdapter(server().url, { interceptors: [outer, inner] });
    const out = await adapter.callTool('alias', { text: 'x' });
    assert.deepEqual(out.content, [{ type: 'text', text: 'echo: x+outer' }, { type: 'text', text: 'tagged' }]);
    assert.deepEqual(order, ['outer:alias', 'inner:x+outer', 'outer:after']);

    // an interrupt comes back through both, and resumes as usual
    const paused = await adapter.callTool('confirm_action', { action: 'ship', text: 't' });
    assert.equal(paused.type, 'mcp_elicitation');
    assert.equal(paused.tool_name, 'confirm_action');
    assert.deepEqual(paused.params.arguments, { action: 'ship', text: 't+outer' });
    const done = await adapter.resume(paused, { responses: { confirm: { action: 'accept', content: { confirmed: true } } } });
    assert.match(done.content[0].text, /^ship: confirmed/);
    assert.throws(() => new MCPAdapter(server().url, { interceptors: () => {} }), (e) => e.code === 'invalid_argument');
  });
});

describe('interceptors of a group and of toLangChainTools', () => {
  test('group interceptors see the server key and run outside the adapter\'s own', async () => {
    const order = [];
    const own = new MCPAdapter(server().url, {
      interceptors: [(request, next) => order.push(`adapter:${request.server}:${request.headers['x-from']}`) && next()],
    });
    const group = new MCPAdapterGroup(
      { own },
      { interceptors: [(request, next) => order.push(`group:${request.server}`) && next(request.override({ headers: { 'X-From': 'group' } }))] },
    );
    const since = server().toolCalls().length;
    await group.callTool('own', 'echo', { text: 'g' });
    assert.deepEqual(order, ['group:own', 'adapter:own:group']);
    assert.equal(callsSince(since)[0].headers['x-from'], 'group');
  });

  test('an interceptor that edits request.args in place changes what is sent, never the caller\'s own arguments', async () => {
    const editing = (request, next) => {
      request.args.text = 'mutated';
      request.args.added = true;
      // the headers are a frozen copy: an edit in place throws (override() merges them)
      assert.throws(() => {
        request.headers['x-added'] = '1';
      }, TypeError);
      return next();
    };
    const headers = { 'X-Kept': 'yes' };
    const check = async (what, call) => {
      const args = { text: 'original', nested: { n: 1 } };
      const out = await call(args);
      assert.deepEqual(out.content ?? out, [{ type: 'text', text: 'echo: mutated' }], `${what}: the edit was sent`);
      assert.deepEqual(args, { text: 'original', nested: { n: 1 } }, `${what}: the caller's arguments`);
    };
    const adapter = new MCPAdapter(server().url, { interceptors: [editing] });
    await check('adapter', (args) => adapter.callTool('echo', args, { headers }));
    const group = new MCPAdapterGroup({ own: new MCPAdapter(server().url) }, { interceptors: [editing] });
    await check('group', (args) => group.callTool('own', 'echo', args, { headers }));
    const [tool] = await toLangChainTools(new MCPAdapter(server().url), { filter: ['echo'], interceptors: [editing], listOptions: { headers } });
    await check('toLangChainTools', (args) => tool.invoke(args));
    // a nested edit stays with the request too, and a retry sends the edited copy again
    const seen = [];
    const nested = async (request, next) => {
      request.args.nested.n += 1;
      await next();
      seen.push(request.args.nested.n);
      return next(request.override({ args: { ...request.args, text: `${request.args.nested.n}` } }));
    };
    const args = { text: 'x', nested: { n: 1 } };
    const out = await new MCPAdapter(server().url, { interceptors: [nested] }).callTool('echo', args);
    assert.deepEqual(out.content, [{ type: 'text', text: 'echo: 2' }]);
    assert.deepEqual([seen, args, headers], [[2], { text: 'x', nested: { n: 1 } }, { 'X-Kept': 'yes' }]);
    await assert.rejects(adapter.callTool('echo', { n: 1n }), (e) => e.code === 'invalid_argument' && /JSON-serializable/.test(e.message));
  });

  test('in a createAgent run an interceptor reads runtime.context and sends it as a header', async () => {
    const seen = [];
    const perUser = async (request, next) => {
      seen.push({ server: request.server, toolCallId: request.runtime.toolCallId, messages: request.runtime.state?.messages?.length });
      return next(request.override({ headers: { 'X-User': request.runtime.context.userId } }));
    };
    const tools = await toLangChainTools(new MCPAdapter(server().url), { filter: ['echo'], interceptors: [perUser] });
    const since = server().toolCalls().length;
    const agent = createAgent({
      model: fakeModel()
        .respondWithTools([{ name: 'echo', args: { text: 'hi' }, id: 'call_ctx' }])
        .respond(new AIMessage('ok')),
      tools,
    });
    const state = await agent.invoke({ messages: [new HumanMessage('echo hi')] }, { context: { userId: 'user-42' } });
    assert.deepEqual(toolMessages(state)[0].content, [{ type: 'text', text: 'echo: hi' }]);
    assert.deepEqual(seen, [{ server: server().url, toolCallId: 'call_ctx', messages: 2 }]);
    assert.equal(callsSince(since)[0].headers['x-user'], 'user-42');
  });

  test('an interceptor may return a Command (state update) or a ToolMessage, and the agent takes it as the tool\'s output', async () => {
    const answer = async (request, next) => {
      if (request.name === 'delete_item') {
        return new Command({
          update: { messages: [new ToolMessage({ content: 'deletion refused by policy', tool_call_id: request.runtime.toolCallId, name: 'delete_item', status: 'error' })] },
        });
      }
      const out = await next();
      return new ToolMessage({ content: `checked: ${out.content[0].text}`, tool_call_id: request.runtime.toolCallId, name: request.name });
    };
    const tools = await toLangChainTools(new MCPAdapter(server().url), { filter: ['delete_item', 'echo'], interceptors: [answer] });
    const since = server().toolCalls().length;
    const state = await createAgent({
      model: fakeModel()
        .respondWithTools([
          { name: 'delete_item', args: { item_id: 'a1' }, id: 'call_del' },
          { name: 'echo', args: { text: 'e' }, id: 'call_echo' },
        ])
        .respond(new AIMessage('ok')),
      tools,
    }).invoke({ messages: [new HumanMessage('delete and echo')] });
    const byId = Object.fromEntries(toolMessages(state).map((m) => [m.tool_call_id, m]));
    assert.equal(byId.call_del.content, 'deletion refused by policy');
    assert.equal(byId.call_del.status, 'error');
    assert.equal(byId.call_echo.content, 'checked: echo: e');
    assert.deepEqual(callsSince(since).map((c) => c.name), ['echo'], 'delete_item was never sent');
  });

  test('an elicitation pauses the agent through interceptors, untouched, and resumes with the call\'s headers', async () => {
    const seen = [];
    const tagging = async (request, next) => {
      const out = await next(request.override({ headers: { 'X-Trace': 'trace-1' } }));
      seen.push(out.type ?? out.status);
      return out;
    };
    const tools = await toLangChainTools(new MCPAdapter(server().url), { filter: ['confirm_action'], interceptors: [tagging] });
    const { agent, config } = agentCalling(tools, 'confirm_action', { action: 'restart' });
    const since = server().toolCalls().length;
    const paused = await agent.invoke({ messages: [new HumanMessage('restart')] }, config);
    const [pending] = paused.__interrupt__;
    assert.equal(pending.value.type, 'mcp_elicitation');
    assert.deepEqual(Object.keys(pending.value).sort(), ['created_at', 'method', 'params', 'request_state', 'requests', 'round', 'server', 'tool_name', 'type']);
    assert.deepEqual(seen, ['mcp_elicitation']);
    const done = await agent.invoke(new Command({ resume: { responses: { confirm: { action: 'accept', content: { confirmed: true } } } } }), config);
    assert.match(toolMessages(done)[0].content[0].text, /^restart: confirmed/);
    // the re-run passed the recorded interrupt through the interceptor again; the answer went out once, with the header
    assert.deepEqual(seen, ['mcp_elicitation', 'mcp_elicitation']);
    const calls = callsSince(since);
    assert.equal(calls.length, 2);
    assert.deepEqual(calls.map((c) => c.headers['x-trace']), ['trace-1', 'trace-1']);
  });
});
