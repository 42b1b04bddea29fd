// Row 8 of the benchmark, opt-in (`node bench/run.mjs --durable`, or this file alone): durable
// resumes at scale, on loopback. P processes (bench/durable-worker.mjs), each with its own
// adapter and agent, share one PostgreSQL checkpoint store (tests/helpers/postgres.mjs) and one
// FastMCP fixture. N threads each call confirm_action, which pauses (started in P batches, one
// per process); then each thread is resumed, with the person's yes, by the next process, never
// the one that paused it. Reported: the throughput of each phase, p50/p99 of one resume (the
// `invoke(Command)` in its process, with `inFlight` resumes at once per process), and the
// server's own counts: every thread's two rounds ran once each (its first call and its answered
// round, told apart by their idempotency keys), nothing lost, nothing twice.
//
// Row 8b (`--tokens`): the same, with one PostgreSQL token store shared too. The server is the
// protected fixture of tests/auth/ (oidc-provider with rotating refresh tokens and short-lived
// access tokens, in front of a TypeScript SDK server); each process has an OAuthProvider over
// examples/pg-auth-storage.mjs on the same database, for one person signed in once before the
// load. Each thread calls `whoami`, paused by the adapter's `approval` option, and approved by
// the next process. Reported besides: the tool runs the server saw, the token requests the
// authorization server judged (the refreshes, one per expiry if the lock holds across the
// processes; any refused) and the sign-ins asked for.
//
//   node bench/durable.mjs [--tokens] [--calls 2000] [--processes 8] [--in-flight 4] [--out FILE]
//
// Writes its section into bench/results.md (between its markers, the rest kept) and prints it.
// Bounded: N calls, at most 10 minutes, every child and server stopped at the end.
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { MCPAdapter } from '../pkg/index.node.js';
import { OAuthProvider } from '../pkg/auth.js';
import { createAuthTable, pgAuthStorage } from '../examples/pg-auth-storage.mjs';
import { signIn, startAuthServer, startMcpServer } from '../tests/auth/fixtures.mjs';
import { startPostgres } from '../tests/helpers/postgres.mjs';
import { runsOf, startFastMCP } from '../tests/helpers/servers.mjs';
import { setupCheckpoints } from '../tests/helpers/durable.mjs';

const HERE = fileURLToPath(new URL('./', import.meta.url));
const LIMIT_MS = 10 * 60_000;

/** The markers of row `name`'s section in results.md: what lies between them is that row's. */
const markers = (name) => [`<!-- ${name}: written by bench/durable.mjs -->`, `<!-- /${name} -->`];
const ROWS = ['durable', 'durable-tokens'];

/** Runs the load: resolves to the figures (see the head of this file). */
export async function durableLoad({ calls = 2000, processes = 8, inFlight = 4, log = () => {} } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-durable-bench-'));
  const runLog = path.join(dir, 'runs.jsonl');
  const database = await startPostgres();
  const server = await startFastMCP({ runLog, stateKey: 'the durable benchmark request-state key, 32+ bytes' });
  try {
    await setupCheckpoints(database.url);
    const figures = await acrossProcesses({ calls, processes, inFlight, log, job: { pg: database.url, url: server.url } });
    const runs = runsOf(runLog, 'confirm_action');
    const keys = new Map();
    for (const r of runs) keys.set(r.key, (keys.get(r.key) ?? 0) + (r.event === 'run' ? 1 : 0));
    return {
      ...figures,
      serverRuns: runs.filter((r) => r.event === 'run').length,
      distinctKeys: keys.size,
      keysRunTwice: [...keys.values()].filter((n) => n > 1).length,
    };
  } finally {
    await server.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Row 8b: the load with a shared PostgreSQL token store (see the head of this file); `tokenTTL` in seconds. */
export async function tokenLoad({ calls = 2000, processes = 8, inFlight = 4, tokenTTL = 40, log = () => {} } = {}) {
  const redirectUrl = 'http://127.0.0.1:9/callback'; // never opened: signIn reads the redirect
  const client = { client_id: 'durable-bench', client_secret: 'durable-bench-client-secret', token_endpoint_auth_method: 'client_secret_basic' };
  const database = await startPostgres();
  const as = await startAuthServer({
    accessTokenTTL: tokenTTL,
    rotateRefreshTokens: true,
    clients: [{ ...client, redirect_uris: [redirectUrl], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] }],
  });
  const mcp = await startMcpServer({ authServer: as });
  const pool = new pg.Pool({ connectionString: database.url });
  try {
    await createAuthTable(pool);
    await setupCheckpoints(database.url);
    const auth = { redirectUrl, keyPrefix: 'user:bench:', clientInformation: { issuer: as.issuer, ...client } };
    // the person signs in once, before the load: every process then works with the stored tokens
    const person = new OAuthProvider({ ...auth, storage: pgAuthStorage(pool), redirectToAuthorization: (url) => signIn(url, redirectUrl) });
    await new MCPAdapter(mcp.url, { auth: person }).callTool('whoami', {});
    const [runs, grants, signIns] = [mcp.runs.length, as.grants.length, as.authorizations.length];
    const figures = await acrossProcesses({ calls, processes, inFlight, log, job: { pg: database.url, url: mcp.url, auth } });
    const judged = as.grants.slice(grants);
    return {
      ...figures,
      tokenTTL,
      serverRuns: mcp.runs.length - runs,
      refreshes: judged.filter((g) => g.grant_type === 'refresh_token' && !g.error).length,
      refused: judged.filter((g) => g.error).map((g) => g.error),
      signIns: as.authorizations.length - signIns,
    };
  } finally {
    await pool.end();
    await mcp.close();
    await as.close();
    await database.close();
  }
}

/**
 * Forks `processes` workers (bench/durable-worker.mjs, told `job` and `inFlight`), has `calls`
 * threads paused across them, then each resumed by the next process. Resolves to the phases'
 * figures; every worker has exited by then.
 */
async function acrossProcesses({ calls, processes, inFlight, log, job }) {
  const children = [];
  const timer = setTimeout(() => {
    for (const child of children) child.kill('SIGKILL');
  }, LIMIT_MS);
  try {
    const env = { ...process.env, DURABLE_BENCH: JSON.stringify({ ...job, inFlight }) };
    for (let i = 0; i < processes; i += 1) children.push(fork(path.join(HERE, 'durable-worker.mjs'), [], { env, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] }));
    await Promise.all(children.map((child) => reply(child)));
    const threads = Array.from({ length: calls }, (_, i) => `bench-${i}`);
    const batch = (p) => threads.filter((_, i) => i % processes === p);
    const phase = async (what, shift) => {
      const t0 = performance.now();
      const results = (await Promise.all(children.map((child, p) => ask(child, { do: what, threads: batch((p + processes - shift) % processes) })))).flat();
      return { seconds: (performance.now() - t0) / 1000, results };
    };
    log(`durable: ${calls} calls pause in ${processes} processes`);
    const started = await phase('start', 0);
    log(`durable: resumed, each by the next process`);
    const resumed = await phase('resume', 1);
    const ms = resumed.results.map((r) => r.ms).sort((a, b) => a - b);
    return {
      calls,
      processes,
      inFlight,
      startSeconds: started.seconds,
      resumeSeconds: resumed.seconds,
      startFailed: started.results.filter((r) => !r.ok).length,
      resumeFailed: resumed.results.filter((r) => !r.ok).length,
      firstFailure: [...started.results, ...resumed.results].find((r) => !r.ok)?.text,
      p50: quantile(ms, 0.5),
      p99: quantile(ms, 0.99),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`,
    };
  } finally {
    clearTimeout(timer);
    await Promise.all(children.map((child) => new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', resolve);
      child.send({ do: 'exit' });
    })));
  }
}

function reply(child) {
  return new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`a durable worker exited (${code})`)));
  });
}

async function ask(child, job) {
  const answer = reply(child);
  child.send(job);
  return (await answer).results;
}

function quantile(sorted, q) {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** The table rows both sections have: the phases, one resume, the threads that failed. */
function phaseRows(r) {
  const rate = (n, s) => (n / s).toFixed(0);
  return `| figure | value |
| --- | --- |
| pause phase: ${r.calls} calls to the paused interrupt | ${r.startSeconds.toFixed(1)} s (${rate(r.calls, r.startSeconds)} calls/s) |
| resume phase: ${r.calls} resumes to the tool result | ${r.resumeSeconds.toFixed(1)} s (${rate(r.calls, r.resumeSeconds)} resumes/s) |
| one resume (\`invoke(Command)\`: checkpoint read, re-run from the checkpoint, one MCP round, writes), p50 / p99 | ${r.p50.toFixed(0)} / ${r.p99.toFixed(0)} ms |
| threads that did not pause / did not finish | ${r.startFailed} / ${r.resumeFailed} |`;
}

/** Row 8 as markdown, between its markers. */
export function durableSection(r) {
  const [start, end] = markers('durable');
  return `${start}
## 8. Durable resumes across processes (opt-in: \`node bench/run.mjs --durable\`)

${r.processes} Node processes, each with its own adapter and \`createAgent\` (the scripted model of
tests/helpers/agents.mjs), share one PostgreSQL checkpoint store (\`PostgresSaver\`, a pool of 10
connections per process; PostgreSQL ${pgVersion()} on loopback, \`fsync=off\`) and one FastMCP fixture
(2026-07-28, requestState sealed under a shared key). ${r.calls} threads each call \`confirm_action\`,
which pauses; then each is resumed with a yes by another process than the one that paused it,
${r.inFlight} at a time per process. Machine: ${r.machine}.

${phaseRows(r)}
| tools/call the server ran (expected ${2 * r.calls}: each call, then its answered round) | ${r.serverRuns} |
| distinct idempotency keys / keys run more than once | ${r.distinctKeys} / ${r.keysRunTwice} |
${end}
`;
}

/** Row 8b as markdown, between its markers. */
export function tokensSection(r) {
  const [start, end] = markers('durable-tokens');
  const refused = r.refused.length === 0 ? 'none' : [...new Set(r.refused)].map((e) => `${r.refused.filter((x) => x === e).length} ${e}`).join(', ');
  return `${start}
## 8b. Durable resumes across processes sharing a token store (opt-in: \`node bench/run.mjs --durable --tokens\`)

As row 8, with one PostgreSQL token store shared too: ${r.processes} processes, each with its own
adapter, \`createAgent\` and \`OAuthProvider\` (\`interrupt: true\`, its storage
examples/pg-auth-storage.mjs on the checkpoints' database, one person's key prefix), call the
protected fixture of tests/auth/ (oidc-provider, access tokens of ${r.tokenTTL} s refreshed 30 s before
they expire, a new refresh token on every refresh and the old one refused; a TypeScript SDK
server). The person signed in once before the load. ${r.calls} threads each call \`whoami\`, paused by
the adapter's \`approval\` option; each is approved by another process than the one that paused
it, ${r.inFlight} at a time per process. Machine: ${r.machine}.

${phaseRows(r)}
| tools/call the server ran (expected ${r.calls}: approved calls only) | ${r.serverRuns} |
| refreshes the authorization server granted during the load / token requests it refused | ${r.refreshes} / ${refused} |
| sign-ins asked for during the load | ${r.signIns} |
${end}
`;
}

/** The PostgreSQL major versions installed (the newest runs). */
function pgVersion() {
  const root = '/usr/lib/postgresql';
  return existsSync(root) ? readdirSync(root).sort().at(-1) : '?';
}

/** Where the section between the markers `pair` (`[start, end]`) lies in `text`: `[from, to]` (to past the end marker's line), or undefined. */
function spanOf(text, [start, end]) {
  const [from, to] = [text.indexOf(start), text.indexOf(end)];
  return from >= 0 && to > from ? [from, to + end.length + 1] : undefined;
}

/**
 * Writes `section` into the results file `file` in place of an earlier one between the same
 * markers (`pair`: by default those of this file's row, 8 or 8b, that `section` starts with;
 * bench/tasks.mjs passes its own), appended the first time.
 */
export function writeSection(file, section, pair = markers(ROWS.find((name) => section.startsWith(markers(name)[0])))) {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const span = spanOf(text, pair);
  writeFileSync(file, span ? text.slice(0, span[0]) + section + text.slice(span[1]) : `${text.trimEnd()}\n\n${section}`);
}

/** The sections of `file` between `pair` (by default rows 8 and 8b's), or '': what a full run of run.mjs keeps. */
export function sectionOf(file, pair) {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const spans = (pair ? [pair] : ROWS.map(markers)).map((each) => spanOf(text, each)).filter(Boolean);
  return spans.map(([from, to]) => text.slice(from, to)).join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const option = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
  const tokens = argv.includes('--tokens');
  const figures = await (tokens ? tokenLoad : durableLoad)({
    calls: Number(option('--calls', 2000)),
    processes: Number(option('--processes', 8)),
    inFlight: Number(option('--in-flight', 4)),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  const section = (tokens ? tokensSection : durableSection)(figures);
  writeSection(path.resolve(option('--out', path.join(HERE, 'results.md'))), section);
  process.stdout.write(section);
  if (tokens) {
    if (figures.firstFailure) process.stderr.write(`durable: a call failed: ${figures.firstFailure}\n`);
  } else if (figures.startFailed || figures.resumeFailed || figures.keysRunTwice || figures.serverRuns !== 2 * figures.calls) {
    process.stderr.write(`durable: problems (${figures.firstFailure ?? 'server counts'})\n`);
    process.exitCode = 1;
  }
}
