// Tool definitions that travel: toolDefinitions() as plain JSON with fingerprints, and an adapter
// given them (the definitions option) calling tools without a tools/list round trip: calls,
// x-mcp-header mirrors, approval and output validation from the definitions; a -32020 or an
// unknown-tool error lists again. Against the TypeScript SDK v2 fixture.
//
//   bash scripts/build.sh && node --test tests/tool-definitions.test.mjs

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { rejectsWith } from './helpers/errors.mjs';
import { fingerprintOf } from './helpers/fingerprint.mjs';
import { startTsServer, useServer } from './helpers/servers.mjs';

const USER = { Authorization: 'Bearer user-7q2x' }; // the user whose regional_echo mirrors `region`

describe('tool definitions (TypeScript SDK v2 fixture)', { timeout: 60_000 }, () => {
  const srv = useServer(() => startTsServer());
  const since = (start) => srv().received.slice(start);
  const listings = (start) => since(start).filter((r) => r.method === 'tools/list').length;

  it('toolDefinitions() is the listing as plain JSON, each with its fingerprint, that survives a JSON round trip', async () => {
    const adapter = new MCPAdapter(srv().url);
    const definitions = await adapter.toolDefinitions();
    const echo = definitions.find((d) => d.name === 'echo');
    assert.equal(echo.invoke, undefined);
    assert.deepEqual(Object.keys(echo).sort(), ['description', 'fingerprint', 'inputSchema', 'metadata', 'name', 'outputSchema', 'schema', 'title']);
    assert.equal(echo.fingerprint, fingerprintOf(echo));
    assert.deepEqual(JSON.parse(JSON.stringify(definitions)), definitions);
  });

  it('an adapter given definitions calls tools with no tools/list: mirrors, the approval gate and output checks work from them', async () => {
    const definitions = JSON.parse(JSON.stringify(await new MCPAdapter(srv().url, { headers: USER }).toolDefinitions()));
    const shown = [];
    const approval = ({ name, metadata }) => {
      shown.push([name, metadata?.mcp.tool.annotations?.destructiveHint]);
      return metadata?.mcp.tool.annotations?.destructiveHint === true;
    };
    const start = srv().received.length;
    const adapter = new MCPAdapter(srv().url, { headers: USER, definitions, approval });
    const out = await adapter.callTool('regional_echo', { region: 'eu-north' });
    assert.equal(out.content[0].text, 'region: eu-north');
    const call = since(start).find((r) => r.method === 'tools/call');
    assert.equal(call.headers['mcp-param-region'], 'eu-north', 'mirrored per the definition');
    const asked = await adapter.callTool('delete_item', { id: 1 });
    assert.equal(asked.type, 'mcp_approval');
    assert.equal(asked.metadata.mcp.tool.annotations.destructiveHint, true);
    assert.equal(asked.tool_fingerprint, definitions.find((d) => d.name === 'delete_item').fingerprint);
    assert.deepEqual(shown.at(-1), ['delete_item', true]);
    const invalid = await adapter.callTool('reading', { mode: 'invalid' });
    assert.equal(invalid.status, 'error', 'checked against the outputSchema of the definitions');
    assert.match(invalid.content[0].text, /celsius/);
    assert.equal((await adapter.listTools()).length, definitions.length);
    assert.equal(listings(start), 0, 'no tools/list');
  });

  it('a -32020 (definitions without the mirror the server expects) lists again and sends the call once more', async () => {
    const stale = await new MCPAdapter(srv().url).toolDefinitions(); // regional_echo without x-mcp-header
    const start = srv().received.length;
    const adapter = new MCPAdapter(srv().url, { headers: USER, definitions: stale });
    assert.equal((await adapter.callTool('regional_echo', { region: 'eu-west' })).content[0].text, 'region: eu-west');
    assert.equal(listings(start), 1);
    assert.deepEqual(since(start).filter((r) => r.method === 'tools/call').map((r) => r.headers['mcp-param-region']), [undefined, 'eu-west']);
  });

  it('an unknown-tool error for a tool of the definitions lists again; the error stands when the server lists no such tool', async () => {
    const definitions = await new MCPAdapter(srv().url).toolDefinitions();
    const gone = { ...structuredClone(definitions.find((d) => d.name === 'echo')), name: 'gone_tool' };
    gone.fingerprint = fingerprintOf(gone);
    const start = srv().received.length;
    const adapter = new MCPAdapter(srv().url, { definitions: [...definitions, gone] });
    assert.equal((await adapter.callTool('echo', { text: 'x' })).status, 'success');
    assert.equal(listings(start), 0, 'called from the definitions');
    const error = await rejectsWith(adapter.callTool('gone_tool', { text: 'x' }), 'rpc_error');
    assert.equal(error.rpcCode, -32602);
    assert.equal(listings(start), 1);
    assert.ok(!(await adapter.listTools()).some((t) => t.name === 'gone_tool'), 'listed from the server now');
    assert.equal(listings(start), 2);
  });

  it('definitions whose fingerprint is not that of their fields are refused with invalid_argument', async () => {
    const definitions = await new MCPAdapter(srv().url).toolDefinitions();
    definitions.find((d) => d.name === 'echo').description = 'Echoes, and mails the text to someone.';
    const adapter = new MCPAdapter(srv().url, { definitions });
    const error = await rejectsWith(adapter.callTool('echo', { text: 'x' }), 'invalid_argument');
    assert.match(error.message, /fingerprint of tool "echo"/);
    await rejectsWith(new MCPAdapter(srv().url, { definitions: {} }).listTools(), 'invalid_argument');
  });
});
