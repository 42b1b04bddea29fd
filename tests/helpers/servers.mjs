// Start/stop the MCP test peers for `node --test` integration tests.
//
//   startFastMCP({ legacyOnly, json, port, cacheTtl, requestStateTtl })  Python FastMCP 4.2.3
//                                       fixture (both eras), child process
//   startFastMCPTasks({ port, requestLog })  FastMCP 4.1.4 + fastmcp-tasks fixture (the Tasks
//                                       extension, 2026-07-28), child process
//   startTsServer(opts)                 @modelcontextprotocol/server 2.4.0 fixture, in-process
//   startTsV1Server()                   @modelcontextprotocol/sdk 1.31.0 fixture (2025 era), in-process
//   startEverything()                   @modelcontextprotocol/server-everything (2025 era only), child process
//
// Each resolves to `{ url, close() }` with `url` = `http://127.0.0.1:<port>/mcp`.
// `useServer(start)` runs one of them for a test file or a `describe` (before/after hooks).
// Child processes are bound to 127.0.0.1, awaited until their port accepts a
// TCP connection (at most 20 s; the error then carries the server's stderr),
// and killed by `close()` (which waits for the exit) or when this process exits.

import { before, after } from 'node:test';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

export { startTsServer } from '../fixtures/ts_server.mjs';
export { startTsV1Server } from '../fixtures/ts_v1_server.mjs';

/** Absolute path of the repository root. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const STARTUP_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 5_000;
const STDERR_LIMIT = 16_384;

/**
 * Starts a server with `start()` before the tests of the enclosing `describe` (or of the file,
 * at top level) and closes it after them; returns a getter for the running server.
 */
export function useServer(start) {
  let server;
  before(async () => {
    server = await start();
  });
  after(() => server?.close());
  return () => server;
}

/** Children still running, killed when this process exits. */
const live = new Set();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** A port that was free on 127.0.0.1 a moment ago. */
export async function freePort() {
  const srv = net.createServer();
  await new Promise((resolve, reject) => {
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', resolve);
  });
  const { port } = srv.address();
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

function canConnect(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const sock = net.connect({ port, host });
    const done = (ok) => {
      sock.removeAllListeners();
      sock.destroy();
      resolve(ok);
    };
    sock.once('connect', () => done(true));
    sock.once('error', () => done(false));
    sock.setTimeout(1000, () => done(false));
  });
}

/**
 * Spawns `command args` from the repo root, waits until `port` accepts TCP
 * connections, and returns `{ url, port, close(), stderr() }`.
 */
async function spawnServer(name, command, args, { port, env = {} }) {
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  live.add(child);
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-STDERR_LIMIT);
  });
  let exited = null;
  const exitPromise = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      live.delete(child);
      resolve(exited);
    });
    child.once('error', (err) => {
      exited = { code: null, signal: null, error: err };
      live.delete(child);
      resolve(exited);
    });
  });

  const close = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exitPromise;
    clearTimeout(timer);
  };

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (exited) {
      const why = exited.error ? exited.error.message : `exit code ${exited.code}, signal ${exited.signal}`;
      throw new Error(`${name} exited before listening on port ${port} (${why}). stderr:\n${stderr}`);
    }
    if (await canConnect(port)) break;
    if (Date.now() > deadline) {
      await close();
      throw new Error(`${name} did not listen on port ${port} within ${STARTUP_TIMEOUT_MS / 1000} s. stderr:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: `http://127.0.0.1:${port}/mcp`, port, close, stderr: () => stderr };
}

/**
 * Starts tests/fixtures/fastmcp_server.py with the repo's `.venv` Python.
 *
 * @param {{ legacyOnly?: boolean, json?: boolean, port?: number, cacheTtl?: number, requestStateTtl?: number, runLog?: string, stateKey?: string }} [opts]
 *   `legacyOnly` refuses 2026-07-28 requests like an SDK-1.x server;
 *   `json` answers legacy-era POSTs with JSON instead of SSE; `port` reuses a port
 *   (to restart a server in place); `cacheTtl` (seconds) puts ttlMs on every cacheable result;
 *   `requestStateTtl` (seconds) is how long a sealed requestState lives (600 without it);
 *   `runLog` is a file the server appends a line to for each tools/call (see `runsOf`), and
 *   turns on its deduplication by idempotency key; `stateKey` (32 bytes or more) seals
 *   requestState under a key that a restarted server (the same `stateKey`) still opens.
 */
export async function startFastMCP({ legacyOnly = false, json = false, port: wanted, cacheTtl, requestStateTtl, runLog, stateKey } = {}) {
  const python = path.join(REPO_ROOT, '.venv', 'bin', 'python');
  if (!existsSync(python)) {
    throw new Error(`${python} is missing: run \`bash scripts/setup.sh\` first`);
  }
  const port = wanted ?? (await freePort());
  const args = [path.join(REPO_ROOT, 'tests', 'fixtures', 'fastmcp_server.py'), '--port', String(port)];
  if (legacyOnly) args.push('--legacy-only');
  if (json) args.push('--json');
  if (cacheTtl !== undefined) args.push('--cache-ttl', String(cacheTtl));
  if (requestStateTtl !== undefined) args.push('--request-state-ttl', String(requestStateTtl));
  if (runLog !== undefined) args.push('--run-log', runLog);
  if (stateKey !== undefined) args.push('--state-key', stateKey);
  return spawnServer('FastMCP fixture', python, args, { port });
}

/**
 * Starts tests/fixtures/fastmcp_tasks_server.py (FastMCP 4.1.4 with fastmcp-tasks, the Tasks
 * extension) with the `.venv-tasks` Python.
 *
 * @param {{ port?: number, requestLog?: string }} [opts] `port` reuses a port (to restart a
 *   server in place: its tasks are gone then); `requestLog` is a file the server appends a line
 *   to for each tasks/* request (`{ method, taskId, at, mcpMethod, mcpName }`: `at` in
 *   seconds, the last two its `Mcp-Method` and `Mcp-Name` headers; see `tasksRequestsOf`).
 */
export async function startFastMCPTasks({ port: wanted, requestLog } = {}) {
  const python = path.join(REPO_ROOT, '.venv-tasks', 'bin', 'python');
  if (!existsSync(python)) {
    throw new Error(`${python} is missing: run \`bash scripts/setup.sh\` first`);
  }
  const port = wanted ?? (await freePort());
  const args = [path.join(REPO_ROOT, 'tests', 'fixtures', 'fastmcp_tasks_server.py'), '--port', String(port)];
  if (requestLog !== undefined) args.push('--request-log', requestLog);
  return spawnServer('FastMCP tasks fixture', python, args, { port });
}

/**
 * Starts @modelcontextprotocol/server-everything in `streamableHttp` mode,
 * forced onto 127.0.0.1 by the tests/fixtures/loopback.mjs preload.
 *
 * @param {{ port?: number }} [opts] `port` reuses a port (to restart a server in place)
 */
export async function startEverything({ port: wanted } = {}) {
  const entry = path.join(REPO_ROOT, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');
  if (!existsSync(entry)) {
    throw new Error(`${entry} is missing: run \`npm ci\` first`);
  }
  const port = wanted ?? (await freePort());
  const preload = pathToFileURL(path.join(REPO_ROOT, 'tests', 'fixtures', 'loopback.mjs')).href;
  return spawnServer('server-everything', process.execPath, ['--import', preload, entry, 'streamableHttp'], {
    port,
    env: { PORT: String(port) },
  });
}

/**
 * The lines of a tasks fixture's `requestLog` file (`{ method, taskId, at }` each), those of
 * `taskId` only when given; `[]` before the first tasks/* request.
 */
export function tasksRequestsOf(requestLog, taskId) {
  return runsOf(requestLog).filter((line) => taskId === undefined || line.taskId === taskId);
}

/**
 * The lines of a FastMCP `runLog` file (`{ tool, key, event }` each, event `run` or
 * `deduplicated`), those of `tool` only when given; `[]` before the first call.
 */
export function runsOf(runLog, tool) {
  const text = existsSync(runLog) ? readFileSync(runLog, 'utf8') : '';
  const lines = text.split('\n').filter(Boolean).map((line) => JSON.parse(line));
  return tool === undefined ? lines : lines.filter((line) => line.tool === tool);
}
