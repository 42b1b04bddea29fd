// Row 9 of the benchmark, opt-in (`node bench/run.mjs --tasks`, or this file alone): what a
// tool call costs when the server runs it as a task (the Tasks extension, 2026-07-28) over the
// same tool called inline. One FastMCP 4.1.4 + fastmcp-tasks fixture
// (tests/fixtures/fastmcp_tasks_server.py) on loopback; its `slow_compute` (`seconds: 0`) is an
// optional task tool, so an adapter with `tasks: false` gets its result inline and one with the
// default `tasks: true` gets a task, which it polls (`tasks/get`) at the server's
// `pollIntervalMs` (200 ms) to its result. The two kinds of call alternate, one at a time, in
// one process; the polls of each task are counted from the fixture's request log.
//
//   node bench/tasks.mjs [--calls 20] [--out FILE]
//
// Writes its section into bench/results.md (between the `tasks` markers, the rest kept) and
// prints it. Bounded: N calls of each kind, the server stopped at the end.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startFastMCPTasks, tasksRequestsOf } from '../tests/helpers/servers.mjs';
import { writeSection } from './durable.mjs';

const HERE = fileURLToPath(new URL('./', import.meta.url));

/** The section's markers in results.md: what lies between them is this row's. */
export const MARKERS = ['<!-- tasks: written by bench/tasks.mjs -->', '<!-- /tasks -->'];

/** Runs `calls` inline and `calls` task-driven calls: resolves to the figures (see above). */
export async function tasksLoad({ calls = 20, pkg = path.join(HERE, '..', 'pkg'), log = () => {} } = {}) {
  const { MCPAdapter } = await import(pathToFileURL(path.join(pkg, 'index.node.js')).href);
  const requestLog = path.join(mkdtempSync(path.join(os.tmpdir(), 'mcp-tasks-bench-')), 'requests.jsonl');
  const server = await startFastMCPTasks({ requestLog });
  try {
    const inline = new MCPAdapter(server.url, { tasks: false });
    const tasked = new MCPAdapter(server.url);
    const times = { inline: [], task: [] };
    const timed = async (adapter, into) => {
      const start = performance.now();
      const out = await adapter.callTool('slow_compute', { seconds: 0 });
      if (out.type !== 'tool_result') throw new Error(`slow_compute gave ${JSON.stringify(out)}`);
      into.push(performance.now() - start);
    };
    // one warm-up call of each (the probe, the tool list), not counted
    await timed(inline, []);
    await timed(tasked, []);
    const before = tasksRequestsOf(requestLog).length;
    for (let i = 0; i < calls; i++) {
      await timed(inline, times.inline);
      await timed(tasked, times.task);
    }
    const lines = tasksRequestsOf(requestLog).slice(before);
    const tasks = new Set(lines.map((l) => l.taskId));
    const polls = lines.filter((l) => l.method === 'tasks/get').length;
    log(`bench: ${tasks.size} tasks, ${polls} polls`);
    return { calls, times, tasks: tasks.size, polls, machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, Node ${process.version}` };
  } finally {
    await server.close();
  }
}

const sorted = (values) => [...values].sort((a, b) => a - b);
const median = (values) => sorted(values)[Math.floor(values.length / 2)];

/** Median and range of `values`, in ms. */
function spread(values) {
  const [low, high] = [sorted(values)[0], sorted(values).at(-1)];
  return `${median(values).toFixed(1)} ms (${low.toFixed(1)}–${high.toFixed(1)})`;
}

/** The row as markdown, between its markers. */
export function tasksSection(r) {
  return `${MARKERS[0]}
## 9. A tool call run as a task (opt-in: \`node bench/run.mjs --tasks\`)

The same FastMCP 4.1.4 tool (\`slow_compute\`, \`seconds: 0\`, an optional task tool whose
\`pollIntervalMs\` is 200) called ${r.calls} times inline (\`tasks: false\`: the server runs it in
the \`tools/call\`) and ${r.calls} times as a task (the default: \`tools/call\` creates the task, then
\`tasks/get\` polls at the server's interval until it is completed), alternating, one at a time,
on loopback. Machine: ${r.machine}. The time added is the wait the server asks for before the
first poll, not the adapter's work.

| figure | value |
| --- | --- |
| inline call, median (range) | ${spread(r.times.inline)} |
| task-driven call, median (range) | ${spread(r.times.task)} |
| time added by the task (difference of the medians) | ${(median(r.times.task) - median(r.times.inline)).toFixed(1)} ms |
| tasks created / \`tasks/get\` polls (per task) | ${r.tasks} / ${r.polls} (${(r.polls / Math.max(1, r.tasks)).toFixed(2)}) |
${MARKERS[1]}
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const option = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
  const figures = await tasksLoad({ calls: Number(option('--calls', 20)), log: (line) => process.stderr.write(`${line}\n`) });
  const section = tasksSection(figures);
  writeSection(path.resolve(option('--out', path.join(HERE, 'results.md'))), section, MARKERS);
  process.stdout.write(section);
  if (figures.tasks !== figures.calls) {
    process.stderr.write(`tasks: ${figures.tasks} tasks for ${figures.calls} calls\n`);
    process.exitCode = 1;
  }
}
