// Tool results with no content blocks, from the FastMCP fixture (fail_silently:
// `{"content":[],"isError":true}`; fail_structured: the same with structuredContent;
// do_nothing: an empty success): the result, and the ToolMessage of toLangChainTools, always
// hold one text block, since model APIs refuse an empty error tool result.
//
//   bash scripts/build.sh && node --test tests/empty-results.test.mjs

import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { toLangChainTools } from '../pkg/langchain.js';
import { rawRequest } from './helpers/raw.mjs';
import { startFastMCP, useServer } from './helpers/servers.mjs';

const text = (t) => [{ type: 'text', text: t }];
const STRUCTURED = { code: 'RATE_LIMITED', retry_after: 30 };

/** Tool name → the converted result. */
const EXPECTED = {
  fail_silently: { type: 'tool_result', content: text('The tool reported an error without details.'), status: 'error' },
  fail_structured: {
    type: 'tool_result',
    content: text(JSON.stringify(STRUCTURED)),
    artifact: { structured_content: STRUCTURED },
    status: 'error',
  },
  do_nothing: { type: 'tool_result', content: text('The tool returned no content.'), status: 'success' },
};

describe('results without content blocks, from the FastMCP fixture', { timeout: 30_000 }, () => {
  const server = useServer(() => startFastMCP());
  let adapter;

  before(() => {
    adapter = new MCPAdapter(server().url);
  });

  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`${name}: the server sends no block; the result has one text block`, async () => {
      const sent = await rawRequest(server().url, 'tools/call', { name, arguments: {} });
      assert.deepEqual(sent.content, [], 'the fixture really sends empty content');
      assert.equal(sent.isError ?? false, expected.status === 'error');
      assert.deepEqual(await adapter.callTool(name, {}), expected);
    });
  }

  it('the ToolMessages of toLangChainTools are not empty either, and keep the error status', async () => {
    const tools = await toLangChainTools(adapter, { filter: Object.keys(EXPECTED) });
    for (const t of tools) {
      const message = await t.invoke({ name: t.name, args: {}, id: `call_${t.name}`, type: 'tool_call' });
      const expected = EXPECTED[t.name];
      assert.equal(message.status, expected.status, t.name);
      assert.deepEqual(message.content, expected.content, t.name);
      assert.equal(message.tool_call_id, `call_${t.name}`);
    }
  });
});
