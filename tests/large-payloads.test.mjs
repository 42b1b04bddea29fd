// Large strings (≥ 64 KiB) travel from the wasm core to JS beside the JSON text rather than
// inside it (src/bindings/json.rs): they must come back intact wherever they sit.
//
//   bash scripts/build.sh && node --test tests/large-payloads.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MCPAdapter } from '../pkg/index.node.js';
import { startFastMCP, startTsServer, useServer } from './helpers/servers.mjs';

const fast = useServer(() => startFastMCP());
const ts = useServer(startTsServer);

// 300 KB of text with multi-byte characters and characters JSON must escape
const big = 'Grüße "quoted" \\ back\nslash ✓ 世界 '.repeat(10_000);

test('a large text result and a large structured artifact round-trip exactly (FastMCP)', async () => {
  const out = await new MCPAdapter(fast().url).callTool('echo', { text: big });
  assert.equal(out.content[0].text, `echo: ${big}`);
  assert.equal(out.artifact.structured_content.result, `echo: ${big}`);
  assert.equal(out.status, 'success');
});

test('a large text result round-trips exactly, small fields beside it intact (TS SDK server)', async () => {
  const adapter = new MCPAdapter(ts().url);
  const out = await adapter.callTool('echo', { text: big });
  assert.deepEqual(out, { type: 'tool_result', content: [{ type: 'text', text: `echo: ${big}` }], status: 'success' });
  const [one, two] = await Promise.all([adapter.callTool('echo', { text: `${big}1` }), adapter.callTool('echo', { text: 'small' })]);
  assert.equal(one.content[0].text, `echo: ${big}1`);
  assert.equal(two.content[0].text, 'echo: small');
});
