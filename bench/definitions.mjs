// The cold-start row of tool definitions that travel, opt-in (`node bench/definitions.mjs`):
// what a fresh process (an edge isolate, a serverless function) pays from the import of the
// package to its first tool result, doing what an agent does (`listTools()` for its model, then
// `callTool`): with the server listing the tools (server/discover, tools/list, tools/call) and
// with the definitions an earlier adapter's `toolDefinitions()` made (`{ definitions }`: the
// listing comes from them, no tools/list). The canned server (bench/canned.mjs) on loopback, so that
// the client's own cost and its round trips show. The two kinds alternate, each a fresh
// `node` process; the requests each sends are counted by the `fetch` it is given.
//
//   node bench/definitions.mjs [--n 15] [--out FILE]
//
// Writes its section into bench/results.md (between the `definitions` markers, the rest kept)
// and prints it. Bounded: n spawns of each kind, the server stopped at the end.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startCannedServer } from './canned.mjs';
import { writeSection } from './durable.mjs';

const HERE = fileURLToPath(new URL('./', import.meta.url));
const PKG = pathToFileURL(path.join(HERE, '..', 'pkg', 'index.node.js')).href;
/** The section's markers in results.md (a full run of bench/run.mjs keeps what lies between). */
export const MARKERS = ['<!-- definitions: written by bench/definitions.mjs -->', '<!-- /definitions -->'];

const option = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};

/** The script of one fresh process: prints `ready <ms from import to result> <requests>`. */
function script(url, definitionsFile) {
  const given = definitionsFile
    ? `definitions: JSON.parse(await (await import('node:fs/promises')).readFile(${JSON.stringify(definitionsFile)}, 'utf8')),`
    : '';
  return `const t0 = performance.now();
const { MCPAdapter } = await import(${JSON.stringify(PKG)});
let requests = 0;
const adapter = new MCPAdapter(${JSON.stringify(url)}, { ${given} fetch: (u, i) => (requests++, fetch(u, i)) });
// what an agent does: the tools for its model, then a call
if (!(await adapter.listTools()).some((t) => t.name === 'small')) throw new Error('small is not listed');
const out = await adapter.callTool('small', { text: 'cold' });
if (out.type !== 'tool_result') throw new Error(JSON.stringify(out));
process.stdout.write('ready ' + (performance.now() - t0) + ' ' + requests + '\\n');
process.exit(0);`;
}

async function coldCall(url, definitionsFile) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script(url, definitionsFile)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  return new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      const [word, ms, requests] = line.split(' ');
      if (word === 'ready') resolve({ ms: Number(ms), requests: Number(requests) });
    });
    child.once('exit', (code) => code !== 0 && reject(new Error(`a cold call exited (${code}): ${err.slice(-2000)}`)));
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const range = (xs) => `${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)}`;

/** Runs the row: `n` spawns of each kind; writes and prints the section. */
async function main() {
  const n = Number(option('--n', 15));
  const server = await startCannedServer({ port: 0 });
  try {
    const { MCPAdapter } = await import(PKG);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'mcp-definitions-')), 'definitions.json');
    writeFileSync(file, JSON.stringify(await new MCPAdapter(server.url).toolDefinitions()));
    const runs = { listed: [], given: [] };
    for (let i = 0; i < n; i++) {
      for (const kind of i % 2 ? ['given', 'listed'] : ['listed', 'given']) runs[kind].push(await coldCall(server.url, kind === 'given' ? file : undefined));
    }
    const row = (label, r) => `| ${label} | ${median(r.map((x) => x.ms)).toFixed(1)} ms (${range(r.map((x) => x.ms))}) | ${median(r.map((x) => x.requests))} |`;
    const section = `${MARKERS[0]}
  ## 6b. Cold start with tool definitions given (opt-in: \`node bench/definitions.mjs\`)

  A fresh \`node\` process per run, from the import of the package through \`listTools()\` to its
  first tool result (\`small\` on the canned server, loopback), ${n} runs of each kind, alternating. Machine:
  ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}.

  | first call | import → result, median (range) | requests sent |
  | --- | --- | --- |
  ${row('the server lists the tools (`new MCPAdapter(url)`)', runs.listed)}
  ${row('definitions given (`{ definitions }` from `toolDefinitions()`)', runs.given)}
  ${MARKERS[1]}
  `;
    writeSection(path.resolve(option('--out', path.join(HERE, 'results.md'))), section, MARKERS);
    process.stdout.write(section);
  } finally {
    await server.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
