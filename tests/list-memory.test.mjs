// The memory a list walk may take from a hostile server. `maxResponseBytes` bounds each
// response and `maxPages` the number of pages; the pages of one walk together may take no
// more memory than the JSON values one response of `maxResponseBytes` can hold (half its
// bytes in scalars' worth, each page weighed by what it parses into: `weigh_values` in
// crates/json). Without that bound, a server that answers `tools/list` with pages of 32 MiB
// (the default limit) of tiny entries (`0,0,0,…`, two bytes each, a parsed JSON value of 24
// bytes each in the wasm) and always a `nextCursor` made the walk keep every page's entries
// until the wasm's 4 GiB memory ran out: the allocation failure aborted the wasm
// (`RuntimeError: unreachable`), thrown from a promise callback, which ended the whole host
// process (at the fifth page, about 8 s in). And while every value counted one, pages of tiny
// tools (`{"name":"0abc"}`, 17 bytes of text, two values, but a B-tree node of some 400
// bytes once parsed) passed the bound with several times one response's memory: four pages
// of 1.8 million of them (31 MB each) did the same. The call must instead fail with a typed
// error and leave the adapter usable.
//
// Each scenario runs in a child process (it kills the process it runs in) against a raw
// node:http server: the fake server's default keep-alive (5 s) ends the connection while the
// wasm parses a page, which would fail the walk early with `network` and hide the defect.
//
//   bash scripts/build.sh && node --test tests/list-memory.test.mjs

import { it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const PKG = new URL('../pkg/index.node.js', import.meta.url).href;

/**
 * The child: a server of endless `tools/list` pages, each `pageBody(id, page)` (JavaScript
 * source defining it, with what it needs), then one list and one call; prints what each did.
 */
const child = (pageBody) => `
import http from 'node:http';
import { MCPAdapter } from ${JSON.stringify(PKG)};
${pageBody}
let pages = 0;
const server = http.createServer(async (req, res) => {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const msg = JSON.parse(Buffer.concat(chunks).toString());
  const reply = (result) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result }));
  };
  if (msg.method === 'server/discover') return reply({ resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {} } });
  if (msg.method === 'tools/call') return reply({ resultType: 'complete', content: [{ type: 'text', text: 'still alive' }] });
  pages += 1;
  const body = pageBody(JSON.stringify(msg.id), pages);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
});
server.keepAliveTimeout = 600_000;
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const adapter = new MCPAdapter('http://127.0.0.1:' + server.address().port + '/mcp', { timeoutMs: 120_000 });
const out = {};
try {
  await adapter.listTools();
  out.list = 'resolved';
} catch (e) {
  out.list = { name: e?.name, code: e?.code };
}
out.pages = pages;
try {
  out.then = (await adapter.callTool('echo', {})).content?.[0]?.text;
} catch (e) {
  out.then = { code: e?.code, message: String(e?.message) };
}
console.log(JSON.stringify(out));
server.closeAllConnections();
server.close();
`;

/** Runs the walk of `pageBody`'s pages in a child process: a typed error, then a call that works. */
function refusedWalk(pageBody) {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', child(pageBody)], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    encoding: 'utf8',
    timeout: 150_000,
  });
  const crash = /RuntimeError[^\n]*/.exec(run.stderr ?? '')?.[0];
  assert.equal(crash, undefined, `the host process died after the wasm aborted: ${crash}`);
  assert.equal(run.status, 0, `the child exited with ${run.status} (${run.signal ?? 'no signal'}): ${run.stderr?.slice(-500)}`);
  const out = JSON.parse(run.stdout.trim().split('\n').pop());
  assert.equal(out.list?.name, 'MCPAdapterError', `listTools: ${JSON.stringify(out.list)}`);
  assert.equal(out.list.code, 'body_too_large');
  assert.equal(out.then, 'still alive', `the call after it: ${JSON.stringify(out.then)}`);
  return out;
}

it('endless pages of tiny tools/list entries: a typed error, not an aborted wasm, and the next call works', { timeout: 180_000 }, () => {
  refusedWalk(`
const ENTRIES = 16_000_000; // 32 MiB of "0," per page, just under maxResponseBytes
function pageBody(id, page) {
  const head = '{"jsonrpc":"2.0","id":' + id + ',"result":{"resultType":"complete","nextCursor":"c' + page + '","tools":[';
  return Buffer.concat([Buffer.from(head), Buffer.alloc(ENTRIES * 2 - 1, '0,'), Buffer.from(']}}')]);
}`);
});

it('pages of tiny tool objects, weighed by what they parse into: refused at the first page', { timeout: 180_000 }, () => {
  const out = refusedWalk(`
const TOOLS = 1_800_000; // 31 MB of {"name":"..."} per page
function pageBody(id, page) {
  const tools = [];
  for (let i = 0; i < TOOLS; i++) tools.push('{"name":"' + page + i.toString(36) + '"}');
  return Buffer.from('{"jsonrpc":"2.0","id":' + id + ',"result":{"resultType":"complete","nextCursor":"c' + page + '","tools":[' + tools.join(',') + ']}}');
}`);
  assert.equal(out.pages, 1);
});
