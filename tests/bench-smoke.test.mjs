// Smoke run of the benchmark (`npm run bench`, bench/run.mjs) with tiny counts: it must
// complete and produce every row of the report, against both bench servers (the SDK server
// and the canned one), with Chromium's cold start. No timing is asserted (the counts are far
// too small for the numbers to mean anything, and other tests share the machine).
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
    // the AI SDK client (@ai-sdk/mcp) has no progress callback: no progress row of its own
    const main = ['adapter', 'ts', 'aisdk', 'fetch'];
    const withProgress = main.filter((kind) => kind !== 'aisdk');
    assert.deepEqual(raw.servers, ['sdk', 'canned']);
    for (const server of raw.servers) {
      const R = raw.results[server];
      for (const scenario of ['latency', 'throughput', 'image', 'blocks', 'progress', 'list']) {
        for (const kind of scenario === 'progress' ? withProgress : main) assert.ok(R[scenario]?.[kind]?.length > 0, `${server}: no ${scenario} result for ${kind}`);
      }
      for (const kind of main) {
        const [latency] = R.latency[kind];
        assert.equal(latency.times.length, raw.counts.latency.n, `${server}/${kind}: latency samples`);
        for (const c of [1, 16, 128]) assert.ok(R.throughput[kind][0].byConcurrency[c]?.calls > 0, `${server}/${kind}: no calls at ${c} in flight`);
        assert.ok(R.image[kind][0].times.length > 0 && typeof R.image[kind][0].overall === 'number', `${server}/${kind}: image row`);
        assert.ok(R.blocks[kind][0].times.length > 0 && typeof R.blocks[kind][0].overall === 'number', `${server}/${kind}: blocks row`);
        for (const round of R.progress[kind] ?? []) assert.deepEqual(round.counts, round.counts.map(() => 10_000), `${server}/${kind}: progress callbacks`);
        assert.ok(R.list[kind][0].times.length > 0, `${server}/${kind}: list row`);
        assert.ok(R.cold[kind].length > 0, `${server}/${kind}: cold start`);
      }
      assert.equal(R.progress.aisdk, undefined, `${server}: a progress row for the AI SDK client, which has no progress callback`);
      for (const kind of ['adapter', 'ts', 'aisdk']) assert.ok(R.alternating[kind]?.[0]?.[kind]?.length > 0, `${server}/${kind}: alternating pairs`);
      for (const kind of ['langchain', 'adapter-legacy', 'ts-legacy', 'fetch']) {
        assert.ok(R.langchain[kind]?.[0]?.times.length > 0, `${server}: no LangChain-path result for ${kind}`);
      }
    }
    for (const kind of ['adapter', 'ts', 'empty']) assert.ok(raw.results.chromium[kind].length > 0, `Chromium cold start of ${kind}`);
    assert.ok(raw.results.size.adapter.totalGz > 0 && raw.results.size.ts.totalGz > 0, 'sizes');
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
      'cold start in Node: spawn → first listTools',
      'cold start in headless Chromium',
      '| canned |',
      '| SDK |',
      '## Headline',
      'size: wasm + JS as shipped, gzipped',
      '| AI SDK client | bare fetch |',
      'ours ÷ AI SDK',
      '- @ai-sdk/mcp: 2.',
      'client CPU per call, sequential (µs): ours · AI SDK · TS · bare fetch',
      'client CPU per call, 16 in flight: ours ÷ AI SDK client',
      '7. LangChain path',
      '@langchain/mcp-adapters',
    ]) {
      assert.ok(text.includes(label), `the report lacks the row "${label}"`);
    }
    assert.doesNotMatch(text, /\| n\/a \|/, 'a cell of the report is n/a');
    // the targets against the AI SDK client, each with its verdict on the canned server
    for (const figure of [
      'throughput, 1 in flight: ours ÷ AI SDK client',
      'throughput, 16 in flight: ours ÷ AI SDK client',
      'throughput, 128 in flight: ours ÷ AI SDK client',
      'added latency over fetch, alternating in one process: ours − AI SDK client (ms)',
      'added latency over fetch, separate processes: ours − AI SDK client (ms)',
      '10 MB image, time: ours ÷ AI SDK client',
      '10 MB image, peak RSS: ours − AI SDK client (MB)',
    ]) {
      const line = text.split('\n').find((l) => l.startsWith(`| ${figure} |`));
      assert.match(line ?? '', /\| (yes|\*\*no\*\*) \|$/, `the headline row "${figure}" has no verdict`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('npm run bench -- --durable --smoke resumes every paused call in another process, none lost or run twice', { timeout: 180_000 }, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-durable-'));
  try {
    const md = path.join(dir, 'results.md');
    const r = await run(['--durable', '--smoke', '--out', md], 170_000);
    assert.equal(r.code, 0, `bench --durable --smoke failed (code ${r.code}, signal ${r.signal}):\n${r.stderr.slice(-4000)}`);
    const text = readFileSync(md, 'utf8');
    assert.match(text, /## 8\. Durable resumes across processes/);
    assert.match(text, /threads that did not pause \/ did not finish \| 0 \/ 0 \|/);
    assert.match(text, /tools\/call the server ran \(expected 32: each call, then its answered round\) \| 32 \|/);
    assert.match(text, /distinct idempotency keys \/ keys run more than once \| 32 \/ 0 \|/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('npm run bench -- --tasks --smoke compares a task-driven call with the same tool inline, each task polled', { timeout: 120_000 }, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-tasks-'));
  try {
    const md = path.join(dir, 'results.md');
    const r = await run(['--tasks', '--smoke', '--out', md], 110_000);
    assert.equal(r.code, 0, `bench --tasks --smoke failed (code ${r.code}, signal ${r.signal}):\n${r.stderr.slice(-4000)}`);
    const text = readFileSync(md, 'utf8');
    assert.match(text, /## 9\. A tool call run as a task/);
    assert.match(text, /\| inline call, median \(range\) \| [\d.]+ ms/);
    assert.match(text, /\| task-driven call, median \(range\) \| [\d.]+ ms/);
    // every task-driven call made a task, and each was polled at least once
    const [, tasks, polls] = text.match(/tasks created \/ `tasks\/get` polls \(per task\) \| (\d+) \/ (\d+)/);
    assert.equal(Number(tasks), 3);
    assert.ok(Number(polls) >= 3, `${polls} polls`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
