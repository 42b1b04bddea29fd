// Start/stop the MCP test peers for `node --test` integration tests.
//
//   startFastMCP({ legacyOnly, json, port, cacheTtl, requestStateTtl, listPageSize })  Python FastMCP 4.2.3
//                                       fixture (both eras), child process
//   startFastMCPTasks({ port, requestLog })  FastMCP 4.1.4 + fastmcp-tasks fixture (the Tasks
//                                       extension, 2026-07-28), child process
//   startTsServer(opts)                 @modelcontextprotocol/server 2.4.0 fixture, in-process
//   startTsV1Server()                   @modelcontextprotocol/sdk 1.31.0 fixture (2025 era), in-process
//   startEverything()                   @modelcontextprotocol/server-everything (2025 era only), child process
//   startFastMCPApps()                  Python FastMCP 4.2.3 MCP Apps fixture (both eras), child process
//   startAppExample(name, args)         an official MCP Apps example server (2025 era only), child process
//
// Each resolves to `{ url, close() }` with `url` = `http://127.0.0.1:<port>/mcp`.
// `useServer(start)` runs one of them for a test file or a `describe` (before/after hooks);
// `startAll([start(), …])` several at once.
// Child processes bind 127.0.0.1 themselves, on port 0 unless a port is asked for, and print
// `{"port": N}` on a stdout line once their socket listens: the URL handed out is always the
// child's own, never that of another test file's server that took a port in between (at most
// 60 s; the error then carries the server's stderr). They are killed by `close()` (which
// waits for the exit) or when this process exits.

import { before, after } from 'node:test';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

export { startTsServer } from '../fixtures/ts_server.mjs';
export { startTsV1Server } from '../fixtures/ts_v1_server.mjs';

/** Absolute path of the repository root. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

// a bound on a hang, not a speed test: on two busy cores a cold server took over 20 s
const STARTUP_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;
const STDERR_LIMIT = 16_384;

/**
 * Starts several servers at once (`starts`: the promises of their start calls) and resolves to
 * them all; when one fails to start, closes those that did (`close()`, or `stop()` of the demo)
 * and rejects with its error, since a server left running keeps the test process alive after
 * its suite failed, and the run would hang there.
 */
export async function startAll(starts) {
  const settled = await Promise.allSettled(starts);
  const failed = settled.find((s) => s.status === 'rejected');
  if (!failed) return settled.map((s) => s.value);
  const up = settled.filter((s) => s.status === 'fulfilled').map((s) => s.value);
  await Promise.allSettled(up.map((server) => (server.close ?? server.stop).call(server)));
  throw failed.reason;
}

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

/**
 * A port that was free on 127.0.0.1 a moment ago: another process may take it before it is
 * used, so only for a server that cannot bind port 0 and fails when the port is taken.
 */
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

/**
 * The URL of a server that is down: nothing listens on 127.0.0.1:10, a port below the range
 * the kernel gives out for port 0 (so no test's server can take it) that needs root to bind
 * and that browsers do not block (Chromium refuses 9, the usual discard port, by itself).
 */
export const DEAD_URL = 'http://127.0.0.1:10/mcp';

/**
 * Spawns `command args` from the repo root, waits for the `{"port": N}` line the child prints
 * once it listens, and returns `{ url, port, close(), stderr() }`.
 */
async function spawnServer(name, command, args, { env = {} } = {}) {
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
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

  let timer;
  const listening = new Promise((resolve) => {
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      const port = reportedPort(line);
      if (port !== undefined) resolve(port);
    });
  });
  const failed = exitPromise.then((why) => {
    throw new Error(`${name} exited before listening (${why.error ? why.error.message : `exit code ${why.code}, signal ${why.signal}`}). stderr:\n${stderr}`);
  });
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} did not listen within ${STARTUP_TIMEOUT_MS / 1000} s. stderr:\n${stderr}`)), STARTUP_TIMEOUT_MS);
  });
  let port;
  try {
    port = await Promise.race([listening, failed, late]);
  } catch (error) {
    await close();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  failed.catch(() => {}); // exiting later is the test's concern, not a startup failure
  return { url: `http://127.0.0.1:${port}/mcp`, port, close, stderr: () => stderr };
}

/** The port of a `{"port": N}` line, or undefined for any other line of the child's stdout. */
function reportedPort(line) {
  try {
    const { port } = JSON.parse(line);
    return Number.isInteger(port) && port > 0 ? port : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts tests/fixtures/fastmcp_server.py with the repo's `.venv` Python.
 *
 * @param {{ legacyOnly?: boolean, json?: boolean, port?: number, cacheTtl?: number, requestStateTtl?: number, runLog?: string, stateKey?: string, listPageSize?: number }} [opts]
 *   `legacyOnly` refuses 2026-07-28 requests like an SDK-1.x server;
 *   `json` answers legacy-era POSTs with JSON instead of SSE; `port` reuses a port
 *   (to restart a server in place); `cacheTtl` (seconds) puts ttlMs on every cacheable result;
 *   `requestStateTtl` (seconds) is how long a sealed requestState lives (600 without it);
 *   `runLog` is a file the server appends a line to for each tools/call (see `runsOf`), and
 *   turns on its deduplication by idempotency key; `stateKey` (32 bytes or more) seals
 *   requestState under a key that a restarted server (the same `stateKey`) still opens;
 *   `listPageSize` makes list results (tools/list, ...) pages of that many entries.
 */
export async function startFastMCP({ legacyOnly = false, json = false, port = 0, cacheTtl, requestStateTtl, runLog, stateKey, listPageSize } = {}) {
  const python = path.join(REPO_ROOT, '.venv', 'bin', 'python');
  if (!existsSync(python)) {
    throw new Error(`${python} is missing: run \`bash scripts/setup.sh\` first`);
  }
  const args = [path.join(REPO_ROOT, 'tests', 'fixtures', 'fastmcp_server.py'), '--port', String(port)];
  if (legacyOnly) args.push('--legacy-only');
  if (json) args.push('--json');
  if (cacheTtl !== undefined) args.push('--cache-ttl', String(cacheTtl));
  if (requestStateTtl !== undefined) args.push('--request-state-ttl', String(requestStateTtl));
  if (runLog !== undefined) args.push('--run-log', runLog);
  if (stateKey !== undefined) args.push('--state-key', stateKey);
  if (listPageSize !== undefined) args.push('--list-page-size', String(listPageSize));
  return spawnServer('FastMCP fixture', python, args);
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
  const args = [path.join(REPO_ROOT, 'tests', 'fixtures', 'fastmcp_tasks_server.py'), '--port', String(wanted ?? 0)];
  if (requestLog !== undefined) args.push('--request-log', requestLog);
  return spawnServer('FastMCP tasks fixture', python, args);
}

/**
 * Starts @modelcontextprotocol/server-everything in `streamableHttp` mode,
 * forced onto 127.0.0.1 by the tests/fixtures/loopback.mjs preload.
 *
 * @param {{ port?: number }} [opts] `port` reuses a port (to restart a server in place)
 */
export async function startEverything({ port = 0 } = {}) {
  const entry = path.join(REPO_ROOT, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');
  if (!existsSync(entry)) {
    throw new Error(`${entry} is missing: run \`npm ci\` first`);
  }
  const preload = pathToFileURL(path.join(REPO_ROOT, 'tests', 'fixtures', 'loopback.mjs')).href;
  return spawnServer('server-everything', process.execPath, ['--import', preload, entry, 'streamableHttp'], {
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

/** Starts tests/fixtures/fastmcp_apps_server.py (MCP Apps: views, app-only tools) with the repo's `.venv` Python. */
export async function startFastMCPApps() {
  const python = path.join(REPO_ROOT, '.venv', 'bin', 'python');
  return spawnServer('FastMCP apps fixture', python, [path.join(REPO_ROOT, 'tests', 'fixtures', 'fastmcp_apps_server.py'), '--port', '0']);
}

/**
 * Starts the official MCP Apps example server `@modelcontextprotocol/server-<name>` (stateless
 * streamable HTTP, 2025-11-25) with `args` (server-pdf: the local PDF files it offers), on
 * 127.0.0.1 by the tests/fixtures/loopback.mjs preload (which reports the port it got).
 */
export async function startAppExample(name, args = []) {
  const entry = path.join(REPO_ROOT, 'node_modules', '@modelcontextprotocol', `server-${name}`, 'dist', 'index.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm ci\` first`);
  const preload = pathToFileURL(path.join(REPO_ROOT, 'tests', 'fixtures', 'loopback.mjs')).href;
  return spawnServer(`server-${name}`, process.execPath, ['--import', preload, entry, ...args], { env: { PORT: '0' } });
}
