// The built package (pkg/) in Deno, Bun and workerd, each loading it the way its users do:
// the package is installed as node_modules/mcp-wasm-adapter in a temp dir (the files npm would
// pack: its `files` list plus package.json), and a script there imports it by name, so the
// runtime picks the entry through the `exports` conditions. Each lists the tools of the
// TypeScript SDK fixture (127.0.0.1) and calls `echo`. Node runs the same script as a control.
//
//   Deno:    deno run --allow-net=127.0.0.1 --allow-read=<package dir> client.mjs URL
//            (`deno` condition -> index.node.js, which reads the wasm file: needs read access)
//   Bun:     bun run client.mjs URL                      (`bun` condition -> index.node.js)
//   workerd: worker.js bundled as wrangler does (esbuild, conditions workerd/worker/browser,
//            the .wasm import kept as a module) -> index.workerd.js; `workerd serve` with
//            tests/runtimes/config.capnp; the test fetches the worker.
//
// The runtimes are the exact-version devDependencies `deno`, `bun` and `workerd` (binaries from
// the npm registry); a runtime whose binary is missing or does not run is skipped, with why.
//
//   bash scripts/build.sh && node --test tests/runtimes.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, startTsServer } from './helpers/servers.mjs';
import { bundleWorker, serveWorkerd } from './helpers/workerd.mjs';
import { fingerprintOf } from './helpers/fingerprint.mjs';
import { MCPAdapter } from '../pkg/index.node.js';

const PKG = path.join(REPO_ROOT, 'pkg');
const BIN = path.join(REPO_ROOT, 'node_modules', '.bin');
const HERE = path.join(REPO_ROOT, 'tests', 'runtimes');
const RUN_TIMEOUT_MS = 15_000;
const EXPECTED_ECHO = { type: 'tool_result', content: [{ type: 'text', text: 'echo: hi' }], status: 'success' };

let server;
let echoFingerprint;
let dir;
let pkgDir;

before(async () => {
  if (!existsSync(path.join(PKG, 'index.workerd.js'))) {
    throw new Error(`${PKG} is missing or stale (no index.workerd.js): run \`bash scripts/build.sh\` first`);
  }
  dir = await mkdtemp(path.join(os.tmpdir(), 'mcp-wasm-runtimes-'));
  pkgDir = path.join(dir, 'node_modules', 'mcp-wasm-adapter');
  await mkdir(pkgDir, { recursive: true });
  const manifest = JSON.parse(await readFile(path.join(PKG, 'package.json'), 'utf8'));
  for (const file of ['package.json', ...manifest.files]) {
    await cp(path.join(PKG, file), path.join(pkgDir, file), { recursive: true });
  }
  // What a user's project has (Deno resolves bare specifiers through node_modules when a
  // package.json is present).
  await writeFile(
    path.join(dir, 'package.json'),
    JSON.stringify({ private: true, type: 'module', dependencies: { 'mcp-wasm-adapter': manifest.version } }),
  );
  await copyFile(path.join(HERE, 'client.mjs'), path.join(dir, 'client.mjs'));
  await copyFile(path.join(HERE, 'signed.mjs'), path.join(dir, 'signed.mjs'));
  await copyFile(path.join(HERE, 'validated.mjs'), path.join(dir, 'validated.mjs'));
  await copyFile(path.join(HERE, 'controlled.mjs'), path.join(dir, 'controlled.mjs'));
  server = await startTsServer();
  // echo's fingerprint, computed here with node:crypto from a plain listing
  echoFingerprint = fingerprintOf((await new MCPAdapter(server.url).listTools()).find((tool) => tool.name === 'echo'));
});

after(async () => {
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

// --- helpers -----------------------------------------------------------------------------

/**
 * Spawns `command args` in its own process group; returns `{ child, done }` where `done`
 * resolves to `{ code, signal, stdout, stderr }` when it exits. `stop()` ends the group.
 */
function launch(command, args, { cwd = dir, env = {} } = {}) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr = (stderr + chunk).slice(-16_384)));
  const done = new Promise((resolve) => {
    child.once('error', (error) => resolve({ code: null, signal: null, error, stdout, stderr }));
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  let exited = false;
  done.then(() => (exited = true));
  const stop = async () => {
    if (exited || child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }, 3_000);
    await done;
    clearTimeout(timer);
  };
  return { child, done, stop };
}

/** Runs a command to its end (killed after RUN_TIMEOUT_MS); resolves to its result. */
async function run(command, args, options) {
  const proc = launch(command, args, options);
  const timer = setTimeout(proc.stop, RUN_TIMEOUT_MS);
  const result = await proc.done;
  clearTimeout(timer);
  return result;
}

/** The runtime binary from node_modules/.bin and its version line, or why it cannot run. */
async function runtime(name) {
  const bin = path.join(BIN, name);
  if (!existsSync(bin)) return { why: `${bin} is missing (npm ci installs the ${name} devDependency)` };
  const result = await run(bin, ['--version'], { cwd: REPO_ROOT });
  if (result.code !== 0) {
    return { why: `\`${name} --version\` failed (${result.error?.message ?? `exit ${result.code}`}): ${result.stderr.trim()}` };
  }
  return { bin, version: result.stdout.trim().split('\n')[0] };
}

/** The JSON line a client script printed last; fails with its output when it failed. */
function parseOutput(name, result) {
  const why = result.error?.message ?? `exit code ${result.code}, signal ${result.signal}`;
  assert.equal(result.code, 0, `${name} failed (${why}).\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}`);
  const line = result.stdout.trim().split('\n').at(-1);
  return JSON.parse(line);
}

/** The checks every runtime's answer must pass. */
function assertAnswer(answer) {
  assert.ok(answer.tools.includes('echo'), `tools: ${answer.tools.join(', ')}`);
  assert.ok(answer.tools.includes('get_weather'), `tools: ${answer.tools.join(', ')}`);
  assert.deepEqual(answer.echo, EXPECTED_ECHO);
  assert.equal(answer.protocolVersion, '2026-07-28');
  // interruptKey: signed with this runtime's WebCrypto, an altered copy refused, resumed
  assert.deepEqual(answer.signed, { signature: true, refused: 'interrupt_signature_invalid', text: answer.signed?.text });
  assert.match(answer.signed.text, /^ship: confirmed/);
  // output validation, by the lazily loaded validator, without code compiled from strings
  assert.equal(answer.validated?.valid, 'success');
  assert.equal(answer.validated.invalid, 'error');
  assert.match(answer.validated.why, /does not match its outputSchema: .*\/celsius/);
  // the agent controls (controls.js): a filtered tool absent and refused; one fingerprint everywhere
  assert.deepEqual(answer.controls, { fingerprint: echoFingerprint, listed: false, refused: 'tool_not_allowed' });
}

// --- the runtimes ------------------------------------------------------------------------

test('Node (control): imports the installed package by name, lists tools, calls echo', async (t) => {
  const started = Date.now();
  const answer = parseOutput('node', await run(process.execPath, ['client.mjs', server.url]));
  assertAnswer(answer);
  t.diagnostic(`node ${process.version}: ${Date.now() - started} ms`);
});

test('Deno: imports the installed package by name (deno condition), lists tools, calls echo', async (t) => {
  const deno = await runtime('deno');
  if (deno.why) return t.skip(`Deno: ${deno.why}`);
  const started = Date.now();
  const result = await run(
    deno.bin,
    ['run', '--no-prompt', '--allow-net=127.0.0.1', `--allow-read=${pkgDir}`, 'client.mjs', server.url],
    { env: { DENO_DIR: path.join(dir, '.deno'), DENO_NO_UPDATE_CHECK: '1' } },
  );
  assertAnswer(parseOutput('deno', result));
  t.diagnostic(`${deno.version}: ${Date.now() - started} ms`);
});

test('Bun: imports the installed package by name (bun condition), lists tools, calls echo', async (t) => {
  const bun = await runtime('bun');
  if (bun.why) return t.skip(`Bun: ${bun.why}`);
  const started = Date.now();
  const result = await run(bun.bin, ['run', 'client.mjs', server.url], {
    env: { BUN_INSTALL_CACHE_DIR: path.join(dir, '.bun'), DO_NOT_TRACK: '1' },
  });
  assertAnswer(parseOutput('bun', result));
  t.diagnostic(`bun ${bun.version}: ${Date.now() - started} ms`);
});

test('workerd: a worker bundled with the workerd condition lists tools and calls echo', async (t) => {
  const workerd = await runtime('workerd');
  if (workerd.why) return t.skip(`workerd: ${workerd.why}`);
  const started = Date.now();

  // Bundle the worker as wrangler does: the `workerd` condition picks index.workerd.js; its
  // `.wasm` import stays an import, of a module the config declares beside the bundle.
  const out = path.join(dir, 'workerd');
  await copyFile(path.join(HERE, 'worker.js'), path.join(dir, 'worker.js'));
  const wasmFiles = await bundleWorker(path.join(dir, 'worker.js'), out);
  assert.deepEqual([...wasmFiles.keys()], ['mcp_wasm_adapter_bg.wasm'], 'the bundle imports the package wasm');
  assert.equal(wasmFiles.get('mcp_wasm_adapter_bg.wasm'), path.join(pkgDir, 'mcp_wasm_adapter_bg.wasm'));
  await copyFile(path.join(HERE, 'config.capnp'), path.join(out, 'config.capnp'));
  const bundled = Date.now();

  const proc = await serveWorkerd(workerd.bin, out, 0, { MCP_URL: server.url });
  try {
    const listening = Date.now();
    const response = await fetch(`${proc.origin}/`, { signal: AbortSignal.timeout(RUN_TIMEOUT_MS) });
    const text = await response.text();
    assert.equal(response.status, 200, `worker answered ${response.status}: ${text}`);
    assertAnswer(JSON.parse(text));
    const first = Date.now();
    // a second request: a new request context in the same isolate (module instance reused)
    const again = await fetch(`${proc.origin}/`, { signal: AbortSignal.timeout(RUN_TIMEOUT_MS) });
    assert.equal(again.status, 200);
    assertAnswer(await again.json());
    t.diagnostic(
      `${workerd.version}: bundle ${bundled - started} ms, start ${listening - bundled} ms, ` +
        `first request ${first - listening} ms, second ${Date.now() - first} ms`,
    );
  } finally {
    await proc.stop();
  }
});
