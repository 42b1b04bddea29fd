// One adapter step in a Node process of its own, as a host that pauses in one process and
// resumes in another does: `elsewhere(job)` runs this file as a child, which builds an adapter
// for `job.url` (with `job.options`), runs `callTool(...job.call)` or `resume(...job.resume)`
// through a recording fetch, prints `{ out, calls }` (the step's result, the bodies of the
// `tools/call` requests it sent) and returns: nothing ends it but an empty event loop (no
// `close()`, no `process.exit`), so a step that leaves a request or a timer running keeps it
// alive. With `job.catch`, an error the step rejects with is printed as its `out`.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);

/**
 * Runs `job` (`{ url, options?, catch?, call: [name, args] }` or `{ url, options?, catch?, resume: [interrupt,
 * answer] }`, plain JSON) in a child process. Resolves to `{ out, calls, code }` once the child
 * has exited by itself; rejects when it has not within `exitWithinMs`, or failed.
 */
export function elsewhere(job, { exitWithinMs = 30_000 } = {}) {
  const child = spawn(process.execPath, [SELF], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  child.stdin.end(JSON.stringify(job));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the child process had not exited after ${exitWithinMs} ms (it printed ${stdout || 'nothing'}; stderr: ${stderr})`));
    }, exitWithinMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`the child process exited with ${code}: ${stderr}`));
      resolve({ ...JSON.parse(stdout), code });
    });
  });
}

async function child() {
  const { MCPAdapter } = await import('../../pkg/index.node.js');
  const { recordingFetch } = await import('./record.mjs');
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  const job = JSON.parse(text);
  const rec = recordingFetch();
  const adapter = new MCPAdapter(job.url, { ...job.options, fetch: rec.fetch });
  const step = job.call ? adapter.callTool(...job.call) : adapter.resume(...job.resume);
  // with `catch`, an error the step rejects with is the `out` ({ error: { code, message } })
  const out = job.catch ? await step.catch((e) => ({ error: { code: e.code, message: e.message } })) : await step;
  process.stdout.write(JSON.stringify({ out, calls: rec.calls() }));
}

if (process.argv[1] === SELF) await child();
