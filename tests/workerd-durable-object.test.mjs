// Cloudflare Workers with a Durable Object: examples/durable-object/worker.js, bundled as
// wrangler bundles it against the packed package and run by workerd with the object's storage
// on local disk (examples/durable-object/config.capnp). The object is evicted the hard way:
// the workerd process is stopped and a new one started on the same storage directory and
// port. What must survive is in the object's storage (tokens, the sign-in in progress, the
// pending interrupts, signed with the INTERRUPT_KEY binding); the servers are real, on
// 127.0.0.1: the FastMCP fixture (both eras), and oidc-provider with the protected TypeScript
// SDK server of tests/auth/. Needs pkg/ (bash scripts/build.sh).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, startFastMCP } from './helpers/servers.mjs';
import { scratchProject } from './helpers/scratch.mjs';
import { bundleWorker, serveWorkerd } from './helpers/workerd.mjs';
import { signIn, useProtectedServer } from './auth/fixtures.mjs';
import { MCPAdapter } from '../pkg/index.node.js';

const BIN = path.join(REPO_ROOT, 'node_modules', '.bin', 'workerd');
const EXAMPLE = path.join(REPO_ROOT, 'examples', 'durable-object');
const INTERRUPT_KEY = 'the worker secret that signs the interrupts of the objects';
/** The person's yes to the one question of `interrupt` (under its key: `confirm`, or `elicitation` in the handshake era). */
const yes = (interrupt) => ({ responses: { [interrupt.requests[0].key]: { action: 'accept', content: { confirmed: true } } } });

let scratch;
let bundle; // the bundled worker and the package's wasm

before(async () => {
  if (!existsSync(path.join(REPO_ROOT, 'pkg', 'auth.js'))) throw new Error('pkg/ is missing: run `bash scripts/build.sh` first');
  scratch = await scratchProject('mcp-wasm-durable-object-');
  await copyFile(path.join(EXAMPLE, 'worker.js'), path.join(scratch.dir, 'worker.js'));
  bundle = path.join(scratch.dir, 'bundle');
  await bundleWorker(path.join(scratch.dir, 'worker.js'), bundle);
});

after(() => scratch?.remove());

/**
 * The example worker on a storage directory of its own. `restart()` stops workerd and starts a
 * new process on the same storage and port: every object is evicted. `request(path, body?)`
 * sends a request as the user `ada` (a POST of `body` as JSON when given) and resolves to
 * `{ status, body }`.
 */
async function startWorker(t, mcpUrl) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mcp-durable-object-'));
  for (const file of ['worker.js', 'mcp_wasm_adapter_bg.wasm']) await copyFile(path.join(bundle, file), path.join(dir, file));
  await copyFile(path.join(EXAMPLE, 'config.capnp'), path.join(dir, 'config.capnp'));
  await mkdir(path.join(dir, 'storage'));
  // the test plays the browser: it takes the redirect from the authorization server and
  // brings its path and query to the worker, so the redirect URL's own origin is never reached
  const env = { MCP_URL: mcpUrl, REDIRECT_URL: 'http://127.0.0.1:9/callback', INTERRUPT_KEY };
  let proc = await serveWorkerd(BIN, dir, 0, env);
  const { port, origin } = proc;
  t.after(async () => {
    await proc.stop();
    await rm(dir, { recursive: true, force: true });
  });
  return {
    redirectUrl: env.REDIRECT_URL,
    async restart() {
      await proc.stop();
      proc = await serveWorkerd(BIN, dir, port, env);
    },
    async request(where, body) {
      const init = body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) };
      const response = await fetch(new URL(where, origin), { ...init, headers: { 'x-user': 'ada' }, signal: AbortSignal.timeout(30_000) });
      const text = await response.text();
      try {
        return { status: response.status, body: JSON.parse(text) };
      } catch {
        assert.fail(`the worker answered ${response.status} ${text}\nworkerd: ${proc.stderr()}`);
      }
    },
  };
}

/** What the FastMCP fixture's place_order did, read from the server itself. */
async function orders(server) {
  const [contents] = await new MCPAdapter(server.url).readResource('fixture://orders', { cacheMode: 'bypass' });
  return JSON.parse(contents.text);
}

describe('a question asked before the object was evicted is answered after it', { skip: !existsSync(BIN) && 'workerd is not installed' }, () => {
  for (const [era, legacyOnly, asked] of [
    ['2026-07-28', false, 1],
    // the live call died with the old process: the answer replays it up to its question
    ['handshake era', true, 2],
  ]) {
    test(`${era}: the tool finishes once, with the answer given after workerd restarted`, { timeout: 90_000 }, async (t) => {
      const server = await startFastMCP({ legacyOnly });
      t.after(() => server.close());
      const worker = await startWorker(t, server.url);
      const asking = await worker.request('/call', { name: 'place_order', arguments: { item: 'tea' } });
      assert.equal(asking.body.interrupt?.type, 'mcp_elicitation', JSON.stringify(asking.body));
      assert.match(asking.body.interrupt.signature, /^v1\./);
      assert.equal(asking.body.interrupt.requests[0].message, 'Order tea?');

      await worker.restart();
      const done = await worker.request('/answer', { id: asking.body.interrupt.id, answer: yes(asking.body.interrupt) });
      assert.equal(done.status, 200, JSON.stringify(done.body));
      assert.deepEqual(done.body.result.content, [{ type: 'text', text: 'ordered tea' }]);
      // answered: the object let the interrupt go, so the order is not placed twice
      assert.equal((await worker.request('/answer', { id: asking.body.interrupt.id, answer: yes(asking.body.interrupt) })).status, 404);
      assert.deepEqual(await orders(server), { asked, placed: ['tea'] });
    });
  }

  test('handshake era: answered in a later request to the same object, the question goes to the waiting call', { timeout: 60_000 }, async (t) => {
    const server = await startFastMCP({ legacyOnly: true });
    t.after(() => server.close());
    const worker = await startWorker(t, server.url);
    const asking = await worker.request('/call', { name: 'place_order', arguments: { item: 'tea' } });
    assert.equal(asking.body.interrupt?.type, 'mcp_elicitation', JSON.stringify(asking.body));
    const done = await worker.request('/answer', { id: asking.body.interrupt.id, answer: yes(asking.body.interrupt) });
    assert.deepEqual(done.body.result?.content, [{ type: 'text', text: 'ordered tea' }], JSON.stringify(done.body));
    // asked once: the call held open by the object got the answer, nothing was replayed
    assert.deepEqual(await orders(server), { asked: 1, placed: ['tea'] });
  });
});

describe('a sign-in survives the eviction of the object', { skip: !existsSync(BIN) && 'workerd is not installed' }, () => {
  const protectedServer = useProtectedServer();

  /** Starts the worker, has it hand out a sign-in for `whoami`, signs in; resolves to the worker and the callback URL. */
  async function signedInElsewhere(t) {
    const worker = await startWorker(t, protectedServer().url);
    const asking = await worker.request('/call', { name: 'whoami', arguments: {} });
    assert.equal(asking.body.interrupt?.type, 'mcp_authorization', JSON.stringify(asking.body));
    assert.match(asking.body.interrupt.signature, /^v1\./);
    return { worker, callbackUrl: await signIn(asking.body.interrupt.authorization_url, worker.redirectUrl) };
  }

  const authorizations = () => protectedServer().authServer.authorizations.length;
  const tokenRequests = () => protectedServer().authServer.seen.filter((r) => r.method === 'POST' && r.url.startsWith('/token')).length;

  test('the callback, first to reach the new object, finishes the sign-in and the call; the next call needs no sign-in', { timeout: 90_000 }, async (t) => {
    const [signIns, tokens] = [authorizations(), tokenRequests()];
    const { worker, callbackUrl } = await signedInElsewhere(t);
    await worker.restart();
    const back = await worker.request(new URL(callbackUrl).pathname + new URL(callbackUrl).search);
    assert.equal(back.status, 200, JSON.stringify(back.body));
    assert.deepEqual(back.body.results.map((r) => r.result?.content), [[{ type: 'text', text: 'hello alice' }]]);
    // one authorization request, one code exchange: the PKCE verifier of the first sign-in
    // (oidc-provider checks it against the challenge) from the object's storage
    assert.equal(authorizations() - signIns, 1);
    assert.equal(tokenRequests() - tokens, 1);
    const again = await worker.request('/call', { name: 'whoami', arguments: {} });
    assert.deepEqual(again.body.result?.content, [{ type: 'text', text: 'hello alice' }], JSON.stringify(again.body));
    assert.equal(authorizations() - signIns, 1, 'no second sign-in');
  });

  test('the first request after a restart lists all the tools with the stored tokens', { timeout: 90_000 }, async (t) => {
    const { worker, callbackUrl } = await signedInElsewhere(t);
    await worker.request(new URL(callbackUrl).pathname + new URL(callbackUrl).search);
    const signIns = authorizations();
    await worker.restart();
    const listed = await worker.request('/tools');
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    assert.deepEqual(listed.body.tools?.map((tool) => tool.name).sort(), ['whoami', 'write_note'], JSON.stringify(listed.body));
    assert.equal(authorizations(), signIns, 'no sign-in');
  });
});
