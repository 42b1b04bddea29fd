// Durable agent runs across processes (tests/durable-langgraph.test.mjs): each step of a thread
// in a fresh Node process (tests/helpers/durable-agent.mjs), over one PostgreSQL checkpoint
// store.
//
//   await setupCheckpoints(pg.url)                 the saver's tables, once per cluster
//   const { report, signal } = await step(job)     one process; resolves when it has ended
//   await checkpointText(pg.url)                   every checkpoint row, as text

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';

const AGENT = fileURLToPath(new URL('./durable-agent.mjs', import.meta.url));
const STEP_TIMEOUT_MS = 60_000;

/** Creates the PostgreSQL saver's tables (what `PostgresSaver#setup` does), once per cluster. */
export async function setupCheckpoints(url) {
  const saver = PostgresSaver.fromConnString(url);
  await saver.setup();
  await saver.end();
}

/**
 * Runs one step of a thread in a fresh process (`job` as durable-agent.mjs reads it). Resolves
 * to `{ report, code, signal }`: what the process printed (`undefined` if it died first) and how
 * it ended. With `hold`, the process waits after reporting and is killed with SIGKILL here.
 * With `beforeRun`, the process lists its tools, then waits for `await beforeRun()` (which may
 * stop the server) before it runs the step.
 */
export function step(job, beforeRun) {
  const child = spawn(process.execPath, [AGENT], {
    env: { ...process.env, DURABLE_JOB: JSON.stringify({ ...job, ready: beforeRun !== undefined }) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', async (chunk) => {
    out += chunk;
    if (out.startsWith('{"ready":true}\n') && beforeRun) {
      out = out.slice('{"ready":true}\n'.length);
      const go = beforeRun;
      beforeRun = undefined;
      await go();
      child.stdin.end('go\n');
    }
    if (job.hold && out.includes('\n')) child.kill('SIGKILL');
  });
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    err = (err + chunk).slice(-8192);
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), STEP_TIMEOUT_MS);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      const line = out.split('\n').find(Boolean);
      if (line === undefined && !job.killOnWrite) return reject(new Error(`the ${job.do} step printed nothing (code ${code}, signal ${signal}); stderr:\n${err}`));
      resolve({ report: line === undefined ? undefined : JSON.parse(line), code, signal, stderr: err });
    });
  });
}

/** Every row of the saver's tables (checkpoints, blobs, writes), as one text to search. */
export async function checkpointText(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let text = '';
    for (const table of ['checkpoints', 'checkpoint_blobs', 'checkpoint_writes']) {
      const { rows } = await client.query(`SELECT * FROM ${table}`);
      for (const row of rows) for (const value of Object.values(row)) text += `${Buffer.isBuffer(value) ? value.toString('latin1') : JSON.stringify(value)}\n`;
    }
    return text;
  } finally {
    await client.end();
  }
}
