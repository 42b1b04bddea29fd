// The list walk's bound weighs what the pages parse into (cache.rs `list_all_cached`, json
// `weigh_values`), objects by their map nodes: a parsed object costs far more than a scalar
// (a BTreeMap node of some 400 bytes on wasm32), so when every value counted one, pages of
// tiny tools (`{"name":"0abc"}`, 17 bytes of text, two values) passed the bound with several
// times one response's memory: four pages of 1.8 million such tools (31 MB each, under the
// default maxResponseBytes; 14.4 million values, under the walk's 16.7 million) exhausted the
// wasm's 4 GiB, the allocation failure aborted it (`RuntimeError: unreachable`) from a
// promise callback, and the host process died. The listing must fail with body_too_large
// instead, and the next call work.
//
// One 31 MB page is parsed (about 8 s; before the fix, the four took 2.5 minutes and 4 GB).
//
//   bash scripts/build.sh && node --test tests/list-memory-objects.test.mjs

import { it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const PKG = new URL('../pkg/index.node.js', import.meta.url).href;

/** The child: a server of four pages of 1.8 million tiny tools, then one list and one call. */
const CHILD = `
import http from 'node:http';
import { MCPAdapter } from ${JSON.stringify(PKG)};
const TOOLS = 1_800_000;
const PAGES = 4;
const server = http.createServer(async (req, res) => {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const msg = JSON.parse(Buffer.concat(chunks).toString());
  const reply = (text) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(text);
  };
  if (msg.method === 'server/discover') return reply(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {} } } }));
  if (msg.method === 'tools/call') return reply(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: { resultType: 'complete', content: [{ type: 'text', text: 'still alive' }] } }));
  const page = Number(msg.params?.cursor ?? 0);
  const tools = [];
  for (let i = 0; i < TOOLS; i++) tools.push('{"name":"' + page + i.toString(36) + '"}');
  const next = page < PAGES - 1 ? ',"nextCursor":"' + (page + 1) + '"' : '';
  reply('{"jsonrpc":"2.0","id":' + msg.id + ',"result":{"resultType":"complete"' + next + ',"tools":[' + tools.join(',') + ']}}');
});
server.keepAliveTimeout = 600_000;
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const adapter = new MCPAdapter('http://127.0.0.1:' + server.address().port + '/mcp', { timeoutMs: 300_000 });
const out = {};
try {
  out.list = (await adapter.listTools()).length;
} catch (e) {
  out.list = { name: e?.name, code: e?.code };
}
try {
  out.then = (await adapter.callTool('echo', {})).content?.[0]?.text;
} catch (e) {
  out.then = { code: e?.code, message: String(e?.message) };
}
console.log(JSON.stringify(out));
server.closeAllConnections();
server.close();
`;

it(
  'pages of tiny tool objects within the walk bound: a typed error, not an aborted wasm, and the next call works',
  {
    timeout: 400_000,
  },
  () => {
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', CHILD], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      encoding: 'utf8',
      timeout: 380_000,
    });
    const crash = /RuntimeError[^\n]*/.exec(child.stderr ?? '')?.[0];
    assert.equal(crash, undefined, `the host process died after the wasm aborted: ${crash}`);
    assert.equal(child.status, 0, `the child exited with ${child.status} (${child.signal ?? 'no signal'}): ${child.stderr?.slice(-500)}`);
    const out = JSON.parse(child.stdout.trim().split('\n').pop());
    assert.equal(out.list?.code, 'body_too_large', `listTools: ${JSON.stringify(out.list)}`);
    assert.equal(out.then, 'still alive', `the call after it: ${JSON.stringify(out.then)}`);
  },
);
