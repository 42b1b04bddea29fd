// A handshake-era question in a plain Worker (no Durable Object): the adapter is kept in module
// state and asked in one request, answered in the next (tests/runtimes/held-call.js). workerd
// closes the held call's response stream when the request that made it has been answered, and
// refuses any read of it from another request ("Cannot perform I/O on behalf of a different
// request"). An adapter with `holdCalls: false` holds nothing: the answer replays the call.
// Needs pkg/ (bash scripts/build.sh).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT, startFastMCP } from './helpers/servers.mjs';
import { scratchProject } from './helpers/scratch.mjs';
import { bundleWorker, serveWorkerd } from './helpers/workerd.mjs';
import { MCPAdapter } from '../pkg/index.node.js';

const BIN = path.join(REPO_ROOT, 'node_modules', '.bin', 'workerd');

let scratch;
let server;
let worker;
let origin;

before(async () => {
  if (!existsSync(BIN)) return;
  scratch = await scratchProject('mcp-wasm-held-call-');
  await copyFile(path.join(REPO_ROOT, 'tests', 'runtimes', 'held-call.js'), path.join(scratch.dir, 'worker.js'));
  const out = path.join(scratch.dir, 'bundle');
  await bundleWorker(path.join(scratch.dir, 'worker.js'), out);
  await copyFile(path.join(REPO_ROOT, 'tests', 'runtimes', 'config.capnp'), path.join(out, 'config.capnp'));
  server = await startFastMCP({ legacyOnly: true });
  worker = await serveWorkerd(BIN, out, 0, { MCP_URL: server.url });
  origin = worker.origin;
});

after(async () => {
  await worker?.stop();
  await server?.close();
  await scratch?.remove();
});

test(
  'a question held by a request that has ended is answered by replaying the call, and the tool finishes once',
  {
    skip: !existsSync(BIN) && 'workerd is not installed',
  },
  async () => {
    const interrupt = await (await fetch(`${origin}/call`)).json();
    assert.equal(interrupt.type, 'mcp_elicitation', JSON.stringify(interrupt));
    const answer = { responses: { elicitation: { action: 'accept', content: { confirmed: true } } } };
    const response = await fetch(`${origin}/answer`, { method: 'POST', body: JSON.stringify({ interrupt, answer }) });
    const done = await response.json();
    assert.deepEqual(done.content, [{ type: 'text', text: 'ordered tea' }], JSON.stringify(done));
    const [orders] = await new MCPAdapter(server.url).readResource('fixture://orders');
    // the first run's question waits on the server for good; the replay's was answered
    assert.deepEqual(JSON.parse(orders.text), { asked: 2, placed: ['tea'] });
  },
);

test('with holdCalls: false nothing is held: the answer in a later request replays the call, and the tool finishes once', { skip: !existsSync(BIN) && 'workerd is not installed' }, async () => {
  const orders = async () => JSON.parse((await new MCPAdapter(server.url).readResource('fixture://orders'))[0].text);
  const before = await orders();
  const interrupt = await (await fetch(`${origin}/call?holdCalls=false`)).json();
  assert.equal(interrupt.type, 'mcp_elicitation', JSON.stringify(interrupt));
  assert.equal(interrupt.open_call, undefined, 'no call held');
  const answer = { responses: { elicitation: { action: 'accept', content: { confirmed: true } } } };
  const done = await (await fetch(`${origin}/answer?holdCalls=false`, { method: 'POST', body: JSON.stringify({ interrupt, answer }) })).json();
  assert.deepEqual(done.content, [{ type: 'text', text: 'ordered tea' }], JSON.stringify(done));
  // the first run was cancelled at its question; the replay's was answered
  assert.deepEqual(await orders(), { asked: before.asked + 2, placed: [...before.placed, 'tea'] });
});
