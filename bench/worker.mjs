// One measurement of one client in a process of its own (forked by bench/run.mjs, with
// --expose-gc), so that each client's memory is its own. Receives its job as argv[2] (JSON),
// sends back one message { ok, results } over IPC and exits.
//
// job: { url, pagedUrl, statsUrl, steps: [{ kind, scenario, n, warmup, durationMs,
//        concurrency[], count, kinds[] }] }
// Each step runs in turn (a full run sends one step per process; --smoke sends a server's
// whole round in one process, to stay short); around each step the worker resets and reads
// the server's /stats, so the runner can check every measured call reached the server and
// report the server's CPU per request.
//
// scenarios
//   latency     sequential `small` calls: every call's time (ms)
//   throughput  for each concurrency c: c loops calling `small` for durationMs; calls/s
//   image       image_10mb calls: time to a usable result (the base64 string in hand) and
//               peak RSS over the baseline taken before the first big call
//   blocks      blocks_10k calls: same, usable = the 10,000 blocks in hand
//   progress    progress_10k calls with a progress callback: time and callback count (not for
//               a client without one, WITHOUT_PROGRESS in clients.mjs)
//   list        tools/list of 1,000 tools in 10 pages (pagedUrl): time
//   alternating sequential `small` calls of several clients (job.kinds) in one process, in
//               turn: every call's time (ms) per client

import { readFileSync, writeFileSync } from 'node:fs';
import { WITHOUT_PROGRESS, openClient } from './clients.mjs';

const { steps, ...common } = JSON.parse(process.argv[2]);
let job;
const now = () => performance.now();

/** Peak resident set size since the last reset (kernel's VmHWM), in bytes; null if unavailable. */
function peakRss() {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}
function resetPeakRss() {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

/** Samples process.memoryUsage() every `ms` while running (catches what the event loop sees). */
function sampler(ms = 2) {
  let max = { rss: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
  const take = () => {
    const m = process.memoryUsage();
    for (const k of Object.keys(max)) if (m[k] > max[k]) max[k] = m[k];
  };
  const timer = setInterval(take, ms);
  return {
    take,
    stop() {
      clearInterval(timer);
      take();
      return max;
    },
  };
}

function contentOf(result) {
  // adapter: {content,status}; TS client, AI SDK client (execute()) and fetch: MCP CallToolResult
  return Array.isArray(result?.content) ? result.content : null;
}

function usableImage(result) {
  const block = contentOf(result)?.[0];
  const data = block?.data;
  if (typeof data !== 'string' || data.length < 13_000_000) throw new Error(`no image data in the result (${typeof data})`);
  return data.length;
}

function usableBlocks(result) {
  const blocks = contentOf(result);
  if (!blocks || blocks.length !== 10_000 || blocks[9_999].text !== 'block 9999') throw new Error('the 10k blocks are not in the result');
  return blocks.length;
}

async function timed(fn) {
  const t = now();
  const out = await fn();
  return [now() - t, out];
}

/**
 * `alternating`: every client of `job.kinds` in this one process, one call each in turn
 * (the order rotating every call), so that drift in the machine's speed, which moves one
 * process's median by more than the differences measured, hits every client alike.
 */
async function alternating() {
  const clients = [];
  for (const kind of job.kinds) clients.push(await openClient(kind, job.url));
  try {
    for (let i = 0; i < job.warmup; i++) for (const c of clients) await c.call('small', { text: `w${i}` });
    const times = clients.map(() => []);
    for (let i = 0; i < job.n; i++) {
      for (let j = 0; j < clients.length; j++) {
        const k = (i + j) % clients.length;
        const [ms] = await timed(() => clients[k].call('small', { text: `a${i}` }));
        times[k].push(ms);
      }
    }
    return { byKind: Object.fromEntries(job.kinds.map((kind, k) => [kind, times[k]])), calls: (job.warmup + job.n) * clients.length };
  } finally {
    for (const c of clients) await c.close().catch(() => {});
  }
}

async function run() {
  const { kind, scenario } = job;
  if (scenario === 'alternating') return alternating();
  const url = scenario === 'list' ? job.pagedUrl : job.url;
  const client = await openClient(kind, url);
  try {
    switch (scenario) {
      case 'latency': {
        for (let i = 0; i < job.warmup; i++) await client.call('small', { text: `w${i}` });
        const times = [];
        const cpu0 = process.cpuUsage();
        for (let i = 0; i < job.n; i++) {
          const [ms] = await timed(() => client.call('small', { text: `c${i}` }));
          times.push(ms);
        }
        const cpu = process.cpuUsage(cpu0);
        // client CPU per call (user + system, ms): robust to a busy machine, unlike wall time
        return { times, cpuPerCall: (cpu.user + cpu.system) / 1000 / job.n, calls: job.warmup + job.n };
      }
      case 'throughput': {
        const out = {};
        let calls = 0;
        for (const c of job.concurrency) {
          const burst = async (deadline) => {
            let done = 0;
            await Promise.all(
              Array.from({ length: c }, async (_, w) => {
                while (now() < deadline) {
                  await client.call('small', { text: `t${w}` });
                  done++;
                }
              }),
            );
            return done;
          };
          calls += await burst(now() + job.warmupMs);
          const cpu0 = process.cpuUsage();
          const start = now();
          const done = await burst(start + job.durationMs);
          const elapsed = now() - start;
          const cpu = process.cpuUsage(cpu0);
          calls += done;
          out[c] = { calls: done, ms: elapsed, perSecond: (done * 1000) / elapsed, cpuPerCall: (cpu.user + cpu.system) / 1000 / done };
        }
        return { byConcurrency: out, calls };
      }
      case 'image':
      case 'blocks': {
        const tool = scenario === 'image' ? 'image_10mb' : 'blocks_10k';
        const usable = scenario === 'image' ? usableImage : usableBlocks;
        await client.call('small', { text: 'warm' });
        // Each call starts from a collected heap: its peak is measured from the RSS just
        // before it (kernel high-water mark reset there), and the worst call is reported.
        // Memory a call leaves resident (wasm linear memory never shrinks) shows in the
        // first call's peak and in `retained`.
        const settle = async () => {
          globalThis.gc?.();
          await new Promise((r) => setTimeout(r, 20));
          globalThis.gc?.();
        };
        await settle();
        const first = process.memoryUsage();
        const times = [];
        const peaks = [];
        let overall = 0;
        const s = sampler();
        let canReset = true;
        for (let i = 0; i < job.n; i++) {
          await settle();
          const before = process.memoryUsage.rss();
          canReset = resetPeakRss() && canReset;
          let result;
          const [ms] = await timed(async () => {
            result = await client.call(tool, {});
            usable(result);
          });
          times.push(ms);
          const hwm = canReset ? peakRss() : null;
          s.take();
          peaks.push((hwm ?? process.memoryUsage.rss()) - before);
          overall = Math.max(overall, (hwm ?? process.memoryUsage.rss()) - first.rss);
          result = null;
        }
        const sampled = s.stop();
        await settle();
        return {
          times,
          peaks,
          peak: Math.max(...peaks),
          // the process's peak over the whole scenario, from the RSS before the first big call
          overall,
          peakSource: canReset ? 'VmHWM' : 'rss after the call',
          retained: process.memoryUsage.rss() - first.rss,
          calls: 1 + job.n,
          sampledPeak: sampled,
          base: { rss: first.rss, heapUsed: first.heapUsed, external: first.external, arrayBuffers: first.arrayBuffers },
        };
      }
      case 'progress': {
        if (WITHOUT_PROGRESS.has(kind)) throw new Error(`${kind} has no progress callback to measure`);
        let warm = 0;
        await client.call('progress_10k', { count: 100 }, { onProgress: () => warm++ });
        const times = [];
        const counts = [];
        for (let i = 0; i < job.n; i++) {
          let n = 0;
          const [ms] = await timed(() => client.call('progress_10k', { count: job.count }, { onProgress: () => n++ }));
          times.push(ms);
          counts.push(n);
        }
        return { times, counts, calls: 1 + job.n };
      }
      case 'list': {
        const check = (tools) => {
          if (tools.length !== 1000) throw new Error(`listed ${tools.length} tools, not 1000`);
        };
        for (let i = 0; i < job.warmup; i++) check(await client.listAll());
        const times = [];
        for (let i = 0; i < job.n; i++) {
          const [ms, tools] = await timed(() => client.listAll());
          check(tools);
          times.push(ms);
        }
        return { times, lists: job.warmup + job.n };
      }
      default:
        throw new Error(`unknown scenario ${scenario}`);
    }
  } finally {
    await client.close().catch(() => {});
  }
}

async function serverStats(reset) {
  const r = await fetch(common.statsUrl, { method: reset ? 'POST' : 'GET' });
  return r.json();
}

try {
  const results = [];
  for (const step of steps) {
    job = { ...common, ...step };
    await serverStats(true);
    const result = await run();
    const stats = await serverStats(false);
    result.serverRequests = stats.requests;
    // the server's CPU time over the step (warm-up calls included), ms
    result.serverCpuMs = stats.cpuMs;
    results.push(result);
  }
  process.send({ ok: true, results }, () => process.exit(0));
} catch (err) {
  process.send({ ok: false, error: String(err?.stack ?? err) }, () => process.exit(1));
}
