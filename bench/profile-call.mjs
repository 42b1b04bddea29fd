// The adapter's own CPU per call, without a network: `globalThis.fetch` is replaced by an
// in-process canned server (the same answers as a real one: server/discover, a `small` tool
// result, 1,000 tools in 10 pages of 100, a result of 10,000 text blocks, 10,000
// notifications/progress over SSE then the result), so the figure is what the package itself spends per operation (JS glue,
// boundary crossings, the wasm core) over a bare fetch client that parses the same bytes.
// Beside them, the AI SDK's MCP client (`@ai-sdk/mcp`, createMCPClient with the `http`
// transport, each call its tool's execute()), on the same answers: it negotiates 2026-07-28
// by server/discover, and the handshake era's initialize (and its notifications/initialized,
// 202) is answered too, in case a version of it starts there. It has no progress callback,
// so it sits out --scenario progress.
// One process, the clients interleaved round by round, so that a busy machine moves them
// alike: use it to compare builds while working on the hot path (`npm run bench` measures
// against real servers over HTTP).
//
//   node bench/profile-call.mjs [--scenario call|list|blocks|progress] [--rounds N] [--callbacks]
//                               [--approval] [DIR ...]
//
//   DIR        a built package directory (default: pkg); give two (e.g. a copy of pkg/ taken
//              before a change, and pkg/) to compare builds in one process
//   --callbacks  the adapters get an adapter-level onProgress (calls then build a handler)
//   --approval   the adapters get an `approval` predicate that never asks (`() => false`):
//                a gated adapter, whose listTools() also keeps each tool's metadata for it
//
// Prints, per client, the median CPU per operation (µs for call, ms for list and progress),
// and for each build what it adds over bare fetch (median of the per-round differences) and
// its ratio to the AI SDK client's.
// For where the time goes, run it under the profiler and read the .cpuprofile:
//
//   node --cpu-prof --cpu-prof-dir=target/prof bench/profile-call.mjs --rounds 20
//
// (a wasm built with names shows the Rust functions: CARGO_PROFILE_RELEASE_STRIP=false, and
// wasm-opt with -g instead of the strip flags of scripts/build.sh, in a throwaway build).

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createMCPClient } from '@ai-sdk/mcp';
import { bareFetch } from './clients.mjs';

const { values, positionals } = parseArgs({
  options: { scenario: { type: 'string', default: 'call' }, rounds: { type: 'string', default: '9' }, callbacks: { type: 'boolean', default: false }, approval: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const here = path.dirname(new URL(import.meta.url).pathname);
const dirs = positionals.length ? positionals : [path.join(here, '..', 'pkg')];

// --- the canned answers ---------------------------------------------------------------------
/** `{"jsonrpc":"2.0","id":` and the rest, around the id spliced in per request. */
const around = (result) => {
  const text = JSON.stringify({ jsonrpc: '2.0', id: 0, result });
  const at = text.indexOf('"id":0') + 5;
  return [text.slice(0, at), text.slice(at + 1)];
};
const LEGACY = ['2025-11-25', '2025-06-18', '2025-03-26'];
const INITIALIZE = new Map(LEGACY.map((v) => [v, around({ protocolVersion: v, capabilities: { tools: {} }, serverInfo: { name: 'canned', version: '1.0.0' } })]));
const DISCOVER = around({ resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'canned', version: '1.0.0' } } });
const SMALL = around({ resultType: 'complete', content: [{ type: 'text', text: 'ok: hello' }] });
const TOOLS = Array.from({ length: 1000 }, (_, i) => ({
  name: `tool_${String(i).padStart(4, '0')}`,
  description: `Bench tool number ${i}: looks up a record by id and returns it with its history.`,
  inputSchema: {
    type: 'object',
    properties: { id: { type: 'string', description: 'Record id' }, limit: { type: 'integer', minimum: 1, maximum: 100, description: 'Most history entries' }, verbose: { type: 'boolean', default: false } },
    required: ['id'],
  },
  annotations: { readOnlyHint: true },
}));
const PAGES = Array.from({ length: 10 }, (_, p) =>
  around(p < 9 ? { resultType: 'complete', tools: TOOLS.slice(p * 100, p * 100 + 100), nextCursor: String(p * 100 + 100) } : { resultType: 'complete', tools: TOOLS.slice(900) }),
);
// the tools/list of CALLS_URL: the tools the scenarios call, for a client that lists before calling
const CALL_TOOLS = around({
  resultType: 'complete',
  tools: [
    { name: 'small', description: 'Echoes a short text.', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } },
    { name: 'blocks_10k', description: '10,000 small text blocks.', inputSchema: { type: 'object', properties: {} } },
    { name: 'progress_10k', description: 'Sends progress notifications, then answers.', inputSchema: { type: 'object', properties: {} } },
  ],
});
const BLOCKS = around({ resultType: 'complete', content: Array.from({ length: 10_000 }, (_, i) => ({ type: 'text', text: `block ${i}` })) });
const DONE = around({ resultType: 'complete', content: [{ type: 'text', text: 'sent 10000' }] });
const encoder = new TextEncoder();

function progressStream(token, id) {
  const events = [];
  for (let i = 1; i <= 10_000; i++) events.push(`event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":${JSON.stringify(token)},"progress":${i},"total":10000}}\n\n`);
  events.push(`event: message\ndata: ${DONE[0]}${id}${DONE[1]}\n\n`);
  const bytes = encoder.encode(events.join(''));
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 65_536) controller.enqueue(bytes.subarray(i, i + 65_536));
      controller.close();
    },
  });
}

const MCP_URL = 'http://canned.invalid/mcp';
const CALLS_URL = 'http://canned.invalid/calls';

globalThis.fetch = async (url, init) => {
  const body = init?.body;
  // GET (a standalone stream) and DELETE (a session): neither is served
  if (typeof body !== 'string') return new Response(null, { status: 405 });
  const method = /"method":"([^"]+)"/.exec(body)[1];
  const id = /"id":(\d+)/.exec(body)?.[1];
  // a notification (notifications/initialized): accepted, no body
  if (id === undefined) return new Response(null, { status: 202 });
  let parts = SMALL;
  if (method === 'server/discover') parts = DISCOVER;
  else if (method === 'initialize') parts = INITIALIZE.get(JSON.parse(body).params?.protocolVersion) ?? INITIALIZE.get(LEGACY[0]);
  else if (method === 'tools/list') {
    const cursor = /"cursor":"(\d+)"/.exec(body);
    parts = String(url) === CALLS_URL ? CALL_TOOLS : PAGES[cursor ? Number(cursor[1]) / 100 : 0];
  } else if (body.includes('"blocks_10k"')) {
    parts = BLOCKS;
  } else if (body.includes('"progress_10k"')) {
    const token = JSON.parse(body).params._meta.progressToken;
    return new Response(progressStream(token, id), { status: 200, headers: { 'content-type': 'text/event-stream' } });
  }
  const text = parts[0] + id + parts[1];
  return new Response(text, { status: 200, headers: { 'content-type': 'application/json', 'content-length': String(encoder.encode(text).length) } });
};

// --- the clients ----------------------------------------------------------------------------
// bare fetch: bench/clients.mjs's floor (the same request, `res.json()` or a minimal SSE split)
const floor = bareFetch(MCP_URL);
const clients = { fetch: { call: floor.call, list: floor.listAll } };
for (const [i, dir] of dirs.entries()) {
  const { MCPAdapter } = await import(pathToFileURL(path.resolve(dir, 'index.node.js')).href);
  const options = { ...(values.callbacks && { onProgress() {} }), ...(values.approval && { approval: () => false }) };
  const adapter = new MCPAdapter(MCP_URL, options);
  clients[dirs.length > 1 ? `${i + 1}:${dir}` : dir] = { call: (tool, args, options) => adapter.callTool(tool, args, options ?? {}), list: () => adapter.listTools() };
}
const ADAPTERS = Object.keys(clients).filter((k) => k !== 'fetch');
// the AI SDK client: listed once when opened (on CALLS_URL, whose list has the tools called),
// then each call its tool's execute(), as its tool loop calls it; listing is tools() again,
// on a second client of MCP_URL (the 1,000 tools), opened only for --scenario list
const AI_SDK = '@ai-sdk/mcp';
if (values.scenario !== 'progress') {
  const caller = await createMCPClient({ transport: { type: 'http', url: CALLS_URL } });
  const tools = await caller.tools();
  const lister = values.scenario === 'list' ? await createMCPClient({ transport: { type: 'http', url: MCP_URL } }) : undefined;
  let calls = 0;
  clients[AI_SDK] = {
    call: (tool, args) => tools[tool].execute(args, { toolCallId: `call-${++calls}`, messages: [] }),
    list: async () => Object.values(await lister.tools()),
  };
}

const SCENARIOS = {
  call: [3000, (c) => c.call('small', { text: 'hello' })],
  list: [10, async (c) => {
    if ((await c.list()).length !== 1000) throw new Error('the listing is not 1,000 tools');
  }],
  blocks: [4, async (c) => {
    const out = await c.call('blocks_10k', {});
    if ((out.content ?? out.result?.content).length !== 10_000) throw new Error('the result is not 10,000 blocks');
  }],
  progress: [4, async (c) => {
    let told = 0;
    await c.call('progress_10k', {}, { onProgress: () => told++ });
    if (told !== 10_000) throw new Error(`${told} progress notifications, not 10,000`);
  }],
};
const [perRound, op] = SCENARIOS[values.scenario] ?? (() => { throw new Error(`unknown scenario ${values.scenario}`); })();
const kinds = Object.keys(clients);
for (const kind of kinds) for (let i = 0; i < Math.max(3, perRound / 3); i++) await op(clients[kind]);
const cpu = Object.fromEntries(kinds.map((k) => [k, []]));
for (let round = 0; round < Number(values.rounds); round++) {
  for (const kind of round % 2 ? [...kinds].reverse() : kinds) {
    const start = process.cpuUsage();
    for (let i = 0; i < perRound; i++) await op(clients[kind]);
    const used = process.cpuUsage(start);
    cpu[kind].push((used.user + used.system) / perRound);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const [unit, div] = values.scenario === 'call' ? ['µs', 1] : ['ms', 1000];
const given = [values.callbacks && 'an adapter-level onProgress', values.approval && 'an approval predicate'].filter(Boolean);
console.log(`${values.scenario}: CPU per operation (${unit}), median of ${values.rounds} rounds${given.length ? `; the adapters given ${given.join(' and ')}` : ''}`);
console.log('  ("over bare fetch": the median of the rounds\' differences, which pairs each round with its own fetch figure; the ratio: of the medians)');
for (const kind of kinds) {
  const own = (median(cpu[kind]) / div).toFixed(2);
  const added = median(cpu[kind].map((x, r) => x - cpu.fetch[r])) / div;
  // the added cost is the median of the per-round differences, the ratio that of the medians
  const over = kind === 'fetch' ? '' : `  ${added < 0 ? '' : '+'}${added.toFixed(2)} over bare fetch (${(median(cpu[kind]) / median(cpu.fetch)).toFixed(2)}x)`;
  console.log(`  ${kind.padEnd(28)} ${own.padStart(8)}${over}`);
}
if (cpu[AI_SDK]) {
  for (const kind of ADAPTERS) console.log(`  ${kind} ÷ ${AI_SDK}: ${(median(cpu[kind]) / median(cpu[AI_SDK])).toFixed(2)}x (ratio of the medians)`);
} else {
  console.log(`  (${AI_SDK} sits this scenario out: it has no progress callback)`);
}
