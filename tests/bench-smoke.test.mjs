// Smoke run of the benchmark (`npm run bench`, bench/run.mjs) with tiny counts: it must
// complete and produce every row of the report. No timing is asserted (the counts are far too
// small for the numbers to mean anything, and other tests share the machine).
//
//   bash scripts/build.sh && node --test tests/bench-smoke.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

function run(args, timeoutMs) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bench', 'run.mjs'), ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

test('npm run bench -- --smoke completes and reports every row', { timeout: 180_000 }, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-smoke-'));
  try {
    const md = path.join(dir, 'results.md');
    const json = path.join(dir, 'results.json');
    const r = await run(['--smoke', '--out', md, '--json', json], 170_000);
    assert.equal(r.code, 0, `bench --smoke failed (code ${r.code}, signal ${r.signal}):\n${r.stderr.slice(-4000)}`);

    const raw = JSON.parse(readFileSync(json, 'utf8'));
    const R = raw.results;
    const main = ['adapter', 'ts', 'fetch'];
    for (const scenario of ['latency', 'throughput', 'image', 'blocks', 'progress', 'list']) {
      for (const kind of main) assert.ok(R[scenario]?.[kind], `no ${scenario} result for ${kind}`);
    }
    for (const kind of main) {
      assert.equal(R.latency[kind].times.length, raw.counts.latency.n, `${kind}: latency samples`);
      for (const c of [1, 16, 128]) assert.ok(R.throughput[kind].byConcurrency[c]?.calls > 0, `${kind}: no calls at ${c} in flight`);
      assert.ok(R.image[kind].times.length > 0 && typeof R.image[kind].overall === "number", `${kind}: image row`);
      assert.ok(R.blocks[kind].times.length > 0 && typeof R.blocks[kind].overall === "number", `${kind}: blocks row`);
      assert.deepEqual(R.progress[kind].counts, R.progress[kind].counts.map(() => 10_000), `${kind}: progress callbacks`);
      assert.ok(R.list[kind].times.length > 0, `${kind}: list row`);
      assert.ok(R.cold[kind].length > 0, `${kind}: cold start`);
    }
    for (const kind of ['langchain', 'adapter-legacy', 'ts-legacy', 'fetch']) {
      assert.ok(R.langchain[kind]?.times.length > 0, `no LangChain-path result for ${kind}`);
    }
    assert.ok(R.size.adapter.totalGz > 0 && R.size.ts.totalGz > 0, 'sizes');
    assert.deepEqual(raw.problems, [], 'every measured call reached the server');

    const text = readFileSync(md, 'utf8');
    for (const label of [
      'tools/call latency, median',
      'tools/call latency, p99',
      'added over bare fetch',
      'throughput, 1 in flight',
      'throughput, 16 in flight',
      'throughput, 128 in flight',
      '10 MB image: time to usable result',
      '10 MB image: peak RSS',
      '10k blocks: time to usable result',
      '10k blocks: peak RSS',
      '10k progress notifications (SSE): time',
      '10k progress notifications: callbacks',
      'tools/list, 1,000 tools in 10 pages',
      'cold start: spawn → first listTools',
      'size: wasm + JS as shipped, gzipped',
      '7. LangChain path',
      '@langchain/mcp-adapters',
    ]) {
      assert.ok(text.includes(label), `the report lacks the row "${label}"`);
    }
    assert.doesNotMatch(text, /\| n\/a \|/, 'a cell of the report is n/a');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
