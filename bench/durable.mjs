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
//   node bench/durable.mjs [--calls 2000] [--processes 8] [--in-flight 4] [--out FILE]
//
// Writes its section into bench/results.md (between the `durable` markers, the rest kept) and
// prints it. Bounded: N calls, at most 10 minutes, every child and server stopped at the end.
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPostgres } from '../tests/helpers/postgres.mjs';
import { runsOf, startFastMCP } from '../tests/helpers/servers.mjs';
import { setupCheckpoints } from '../tests/helpers/durable.mjs';

const HERE = fileURLToPath(new URL('./', import.meta.url));
const LIMIT_MS = 10 * 60_000;

/** The section's markers in results.md: what lies between them is this row's. */
export const MARKERS = ['<!-- durable: written by bench/durable.mjs -->', '<!-- /durable -->'];

/** Runs the load: resolves to the figures (see the head of this file). */
export async function durableLoad({ calls = 2000, processes = 8, inFlight = 4, log = () => {} } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-durable-bench-'));
  const runLog = path.join(dir, 'runs.jsonl');
  const pg = await startPostgres();
  const server = await startFastMCP({ runLog, stateKey: 'the durable benchmark request-state key, 32+ bytes' });
  const children = [];
  const timer = setTimeout(() => {
    for (const child of children) child.kill('SIGKILL');
  }, LIMIT_MS);
  try {
    await setupCheckpoints(pg.url);
    const env = { ...process.env, DURABLE_BENCH: JSON.stringify({ pg: pg.url, url: server.url, inFlight }) };
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
    const runs = runsOf(runLog, 'confirm_action');
    const keys = new Map();
    for (const r of runs) keys.set(r.key, (keys.get(r.key) ?? 0) + (r.event === 'run' ? 1 : 0));
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
      serverRuns: runs.filter((r) => r.event === 'run').length,
      distinctKeys: keys.size,
      keysRunTwice: [...keys.values()].filter((n) => n > 1).length,
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`,
    };
  } finally {
    clearTimeout(timer);
    await Promise.all(children.map((child) => new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', resolve);
      child.send({ do: 'exit' });
    })));
    await server.close();
    await pg.close();
    rmSync(dir, { recursive: true, force: true });
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

/** The row as markdown, between its markers. */
export function durableSection(r) {
  const rate = (n, s) => (n / s).toFixed(0);
  return `${MARKERS[0]}
## 8. Durable resumes across processes (opt-in: \`node bench/run.mjs --durable\`)

${r.processes} Node processes, each with its own adapter and \`createAgent\` (the scripted model of
tests/helpers/agents.mjs), share one PostgreSQL checkpoint store (\`PostgresSaver\`, a pool of 10
connections per process; PostgreSQL ${pgVersion()} on loopback, \`fsync=off\`) and one FastMCP fixture
(2026-07-28, requestState sealed under a shared key). ${r.calls} threads each call \`confirm_action\`,
which pauses; then each is resumed with a yes by another process than the one that paused it,
${r.inFlight} at a time per process. Machine: ${r.machine}.

| figure | value |
| --- | --- |
| pause phase: ${r.calls} calls to the paused interrupt | ${r.startSeconds.toFixed(1)} s (${rate(r.calls, r.startSeconds)} calls/s) |
| resume phase: ${r.calls} resumes to the tool result | ${r.resumeSeconds.toFixed(1)} s (${rate(r.calls, r.resumeSeconds)} resumes/s) |
| one resume (\`invoke(Command)\`: checkpoint read, re-run from the checkpoint, one MCP round, writes), p50 / p99 | ${r.p50.toFixed(0)} / ${r.p99.toFixed(0)} ms |
| threads that did not pause / did not finish | ${r.startFailed} / ${r.resumeFailed} |
| tools/call the server ran (expected ${2 * r.calls}: each call, then its answered round) | ${r.serverRuns} |
| distinct idempotency keys / keys run more than once | ${r.distinctKeys} / ${r.keysRunTwice} |
${MARKERS[1]}
`;
}

/** The PostgreSQL major versions installed (the newest runs). */
function pgVersion() {
  const root = '/usr/lib/postgresql';
  return existsSync(root) ? readdirSync(root).sort().at(-1) : '?';
}

/**
 * Writes `section` into the results file `file` in place of an earlier one between the same
 * `markers` (this row's by default; bench/tasks.mjs passes its own), appended the first time.
 */
export function writeSection(file, section, markers = MARKERS) {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const [from, to] = [text.indexOf(markers[0]), text.indexOf(markers[1])];
  const next = from >= 0 && to > from ? text.slice(0, from) + section + text.slice(to + markers[1].length + 1) : `${text.trimEnd()}\n\n${section}`;
  writeFileSync(file, next);
}

/** The section of `file` between `markers` (this row's by default), or '': what a full run of run.mjs keeps. */
export function sectionOf(file, markers = MARKERS) {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const [from, to] = [text.indexOf(markers[0]), text.indexOf(markers[1])];
  return from >= 0 && to > from ? text.slice(from, to + markers[1].length + 1) : '';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const option = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
  const figures = await durableLoad({
    calls: Number(option('--calls', 2000)),
    processes: Number(option('--processes', 8)),
    inFlight: Number(option('--in-flight', 4)),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  const section = durableSection(figures);
  writeSection(path.resolve(option('--out', path.join(HERE, 'results.md'))), section);
  process.stdout.write(section);
  if (figures.startFailed || figures.resumeFailed || figures.keysRunTwice || figures.serverRuns !== 2 * figures.calls) {
    process.stderr.write(`durable: problems (${figures.firstFailure ?? 'server counts'})\n`);
    process.exitCode = 1;
  }
}
