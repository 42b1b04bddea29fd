// mcp-wasm-adapter/auth in Deno, Bun and workerd (the exact-version devDependencies), with the
// built package installed by name in a scratch project: a call becomes an mcp_authorization
// interrupt, the sign-in happens at a real authorization server (oidc-provider), and a second
// adapter resumes the call (tests/auth/runtime-client.mjs; in workerd, two requests to a
// worker, tests/auth/worker.js). Needs pkg/ (bash scripts/build.sh).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './helpers/servers.mjs';
import { bundleWorker, serveWorkerd } from './helpers/workerd.mjs';
import { signIn, startAuthServer, startMcpServer } from './auth/fixtures.mjs';

const PKG = path.join(REPO_ROOT, 'pkg');
const BIN = path.join(REPO_ROOT, 'node_modules', '.bin');
const REDIRECT = 'http://127.0.0.1:9/callback';

let dir;
let as;
let mcp;

before(async () => {
  if (!existsSync(path.join(PKG, 'auth.js'))) throw new Error('pkg/ is missing: run `bash scripts/build.sh` first');
  dir = await mkdtemp(path.join(os.tmpdir(), 'mcp-auth-runtimes-'));
  const pkgDir = path.join(dir, 'node_modules', 'mcp-wasm-adapter');
  await mkdir(pkgDir, { recursive: true });
  const manifest = JSON.parse(await readFile(path.join(PKG, 'package.json'), 'utf8'));
  for (const file of ['package.json', ...manifest.files]) await cp(path.join(PKG, file), path.join(pkgDir, file), { recursive: true });
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ private: true, type: 'module', dependencies: { 'mcp-wasm-adapter': manifest.version } }));
  await copyFile(path.join(REPO_ROOT, 'tests', 'auth', 'runtime-client.mjs'), path.join(dir, 'client.mjs'));
  as = await startAuthServer();
  mcp = await startMcpServer({ authServer: as });
});

after(async () => {
  await mcp?.close();
  await as?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

function run(bin, args, env) {
  return new Promise((resolve) => {
    execFile(bin, args, { cwd: dir, env: { ...process.env, ...env }, timeout: 30_000 }, (error, stdout, stderr) => resolve({ error, stdout, stderr }));
  });
}

function check(name, { error, stdout, stderr }) {
  assert.equal(error, null, `${name} failed: ${stderr}`);
  const out = JSON.parse(stdout.trim().split('\n').at(-1));
  assert.deepEqual(out.interrupt, { type: 'mcp_authorization', reason: 'sign_in' });
  assert.deepEqual(out.result.content, [{ type: 'text', text: 'hello alice' }]);
}

for (const [name, args, env] of [
  ['deno', (d) => ['run', '--allow-net=127.0.0.1', `--allow-read=${d}`, 'client.mjs', mcp.url, REDIRECT], (d) => ({ DENO_DIR: path.join(d, '.deno'), DENO_NO_UPDATE_CHECK: '1' })],
  ['bun', () => ['run', 'client.mjs', mcp.url, REDIRECT], (d) => ({ BUN_INSTALL_CACHE_DIR: path.join(d, '.bun'), DO_NOT_TRACK: '1' })],
]) {
  test(`${name}: sign-in as an interrupt, resumed by a second adapter`, { timeout: 60_000 }, async (t) => {
    const bin = path.join(BIN, name);
    if (!existsSync(bin)) return t.skip(`${name} is not installed`);
    check(name, await run(bin, args(dir), env(dir)));
  });
}

test('workerd: a worker hands the sign-in out as an interrupt and resumes it on the next request', { timeout: 60_000 }, async (t) => {
  const bin = path.join(BIN, 'workerd');
  if (!existsSync(bin)) return t.skip('workerd is not installed');
  const out = path.join(dir, 'workerd');
  await copyFile(path.join(REPO_ROOT, 'tests', 'auth', 'worker.js'), path.join(dir, 'worker.js'));
  await bundleWorker(path.join(dir, 'worker.js'), out);
  await copyFile(path.join(REPO_ROOT, 'tests', 'auth', 'config.capnp'), path.join(out, 'config.capnp'));
  const proc = await serveWorkerd(bin, out, 0, { MCP_URL: mcp.url, REDIRECT_URL: REDIRECT });
  try {
    const base = proc.origin;
    const interrupt = await (await fetch(`${base}/call`)).json();
    assert.equal(interrupt.type, 'mcp_authorization', JSON.stringify(interrupt));
    const callbackUrl = await signIn(interrupt.authorization_url, REDIRECT);
    const response = await fetch(`${base}/resume`, { method: 'POST', body: JSON.stringify({ interrupt, callbackUrl }) });
    const result = await response.json();
    assert.equal(response.status, 200, JSON.stringify(result));
    assert.deepEqual(result.content, [{ type: 'text', text: 'hello alice' }]);
    // signed in: the next request's adapter calls at once
    assert.deepEqual((await (await fetch(`${base}/call`)).json()).content, [{ type: 'text', text: 'hello alice' }]);
  } finally {
    await proc.stop();
  }
});
