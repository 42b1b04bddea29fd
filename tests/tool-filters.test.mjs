// Tool filters as a boundary (allowTools, blockTools): a tool left out is absent from
// listTools(), a group's list and toLangChainTools, and a call to it by name (callTool, an
// interceptor's override, a resumed interrupt) is refused with tool_not_allowed before it is
// sent; several agents' subsets come from one listing. Against the TypeScript SDK v2 fixture.
//
//   bash scripts/build.sh && node --test tests/tool-filters.test.mjs

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter, MCPAdapterGroup } from '../pkg/index.node.js';
import { toLangChainTools } from '../pkg/langchain.js';
import { rejectsWith } from './helpers/errors.mjs';
import { startTsServer, useServer } from './helpers/servers.mjs';

describe('tool filters (TypeScript SDK v2 fixture)', { timeout: 60_000 }, () => {
  const srv = useServer(() => startTsServer({ listTtlMs: 60_000 }));
  const calls = (name) => srv().received.filter((r) => r.method === 'tools/call' && r.name === name).length;

  it('a tool that blockTools names is absent from listTools() and its call is refused before anything is sent', async () => {
    const adapter = new MCPAdapter(srv().url, { blockTools: ['delete_item'] });
    const names = (await adapter.listTools()).map((t) => t.name);
    assert.ok(names.includes('echo'));
    assert.ok(!names.includes('delete_item'));
    const before = calls('delete_item');
    const error = await rejectsWith(adapter.callTool('delete_item', { id: 1 }), 'tool_not_allowed');
    assert.deepEqual(error.data, { tool: 'delete_item', server: srv().url });
    assert.equal(calls('delete_item'), before, 'nothing was sent');
    assert.equal((await adapter.callTool('echo', { text: 'hi' })).status, 'success');
  });

  it('a fresh adapter refuses a call outside allowTools without listing first', async () => {
    const adapter = new MCPAdapter(srv().url, { allowTools: ['echo'] });
    const sent = srv().received.length;
    await rejectsWith(adapter.callTool('get_weather', { city: 'Oslo' }), 'tool_not_allowed');
    assert.equal(srv().received.length, sent, 'no request at all');
    assert.deepEqual((await adapter.listTools()).map((t) => t.name), ['echo']);
  });

  it('a predicate sees each listed tool and the server; a call it leaves out is refused, through an interceptor that renames the call too', async () => {
    const seen = [];
    const readOnly = (tool, { server }) => {
      seen.push(server);
      return tool.metadata.mcp.tool.annotations?.destructiveHint !== true;
    };
    const rename = (request, next) => (request.name === 'echo' && request.args.text === 'rename' ? next(request.override({ name: 'delete_item', args: { id: 2 } })) : next());
    const adapter = new MCPAdapter(srv().url, { allowTools: readOnly, serverName: 'fixture', interceptors: [rename] });
    const names = (await adapter.listTools()).map((t) => t.name);
    assert.ok(!names.includes('delete_item') && names.includes('echo'));
    assert.ok(seen.length > 0 && seen.every((s) => s === 'fixture'));
    const before = calls('delete_item');
    await rejectsWith(adapter.callTool('delete_item', { id: 2 }), 'tool_not_allowed');
    await rejectsWith(adapter.callTool('echo', { text: 'rename' }), 'tool_not_allowed');
    assert.equal(calls('delete_item'), before);
    assert.equal((await adapter.callTool('echo', { text: 'kept' })).content[0].text, 'echo: kept');
  });

  it('the resume of an interrupt naming a tool the filters leave out is refused before anything is sent', async () => {
    const asking = new MCPAdapter(srv().url, { approval: () => true });
    const approval = await asking.callTool('delete_item', { id: 3 });
    assert.equal(approval.type, 'mcp_approval');
    const filtered = new MCPAdapter(srv().url, { blockTools: ['delete_item'] });
    const before = calls('delete_item');
    await rejectsWith(filtered.resume(approval, { decision: 'approve' }), 'tool_not_allowed');
    assert.equal(calls('delete_item'), before);
  });

  it('a malformed filter fails the calls with invalid_argument, sending nothing', async () => {
    const adapter = new MCPAdapter(srv().url, { allowTools: 'echo' });
    const sent = srv().received.length;
    await rejectsWith(adapter.callTool('echo', { text: 'x' }), 'invalid_argument');
    await rejectsWith(adapter.listTools(), 'invalid_argument');
    assert.equal(srv().received.length, sent);
  });

  it('a predicate that throws fails the listing with invalid_argument, and its calls send nothing', async () => {
    const adapter = new MCPAdapter(srv().url, { blockTools: () => { throw new Error('no policy loaded'); } });
    const error = await rejectsWith(adapter.listTools(), 'invalid_argument');
    assert.match(error.message, /blockTools threw .*no policy loaded/);
    const before = calls('echo');
    await rejectsWith(adapter.callTool('echo', { text: 'x' }), 'invalid_argument');
    assert.equal(calls('echo'), before);
  });

  it("a group's servers each take their own filters: the tool is absent from the group's list and its call refused", async () => {
    const group = new MCPAdapterGroup({ a: { url: srv().url, blockTools: ['echo'] }, b: srv().url }, { toolNamePrefix: true });
    const names = (await group.listTools()).map((t) => t.name);
    assert.ok(names.includes('b_echo'));
    assert.ok(!names.includes('a_echo'));
    await rejectsWith(group.callTool('a', 'echo', { text: 'x' }), 'tool_not_allowed');
    assert.equal((await group.callTool('b', 'echo', { text: 'x' })).status, 'success');
    const tools = await toLangChainTools(group);
    assert.ok(tools.some((t) => t.name === 'b_echo'));
    assert.ok(!tools.some((t) => t.name === 'a_echo'));
  });

  it("two agents' subsets of one adapter make one negotiation and one tools/list while the listing's ttlMs lasts, or none from a listing the host has", async () => {
    const start = srv().received.length;
    const adapter = new MCPAdapter(srv().url);
    const reader = await toLangChainTools(adapter, { filter: ['echo', 'get_weather'] });
    const writer = await toLangChainTools(adapter, { filter: (t) => t.name === 'delete_item' });
    assert.deepEqual(reader.map((t) => t.name), ['echo', 'get_weather']);
    assert.deepEqual(writer.map((t) => t.name), ['delete_item']);
    const sent = srv().received.slice(start).map((r) => r.method);
    assert.equal(sent.filter((m) => m === 'tools/list').length, 1, sent.join());
    assert.equal(sent.filter((m) => m === 'server/discover' || m === 'initialize').length, 1, sent.join());

    const listed = await adapter.listTools();
    const before = srv().received.length;
    // listOptions that would bypass the cache: the listing given is used instead
    const third = await toLangChainTools(adapter, { tools: listed, filter: ['echo'], listOptions: { cacheMode: 'bypass' } });
    assert.deepEqual(third.map((t) => t.name), ['echo']);
    assert.equal(srv().received.length, before, 'nothing sent');
    assert.deepEqual(await third[0].invoke({ text: 'from the listing' }), [{ type: 'text', text: 'echo: from the listing' }]);
  });
});
