// The clients the bench compares, behind one small interface:
//
//   const c = await openClient(kind, url);
//   await c.call(name, args, { onProgress })  → something usable (see `usable` in worker.mjs)
//   await c.listAll()                         → every tool, following nextCursor
//   await c.close()
//
// kinds
//   adapter         this package (pkg/index.node.js), protocol "auto" (2026-07-28 here)
//   ts              @modelcontextprotocol/client 2.4.0, versionNegotiation { mode: 'auto' }
//   fetch           the floor: one bare `fetch` POST of the same 2026-07-28 JSON-RPC request
//                   (`res.json()` for JSON bodies, a minimal stream split for SSE)
//   adapter-legacy  this package with protocol "legacy" (handshake era, like LangChain's)
//   langchain       @langchain/mcp-adapters 1.x MultiServerMCPClient (SDK 1.x client inside,
//                   handshake era): getTools() then tool.invoke(args)
//   ts-legacy       @modelcontextprotocol/client 2.4.0 in its default 'legacy' mode
//   aisdk           the AI SDK's MCP client, @ai-sdk/mcp 2.0.x: createMCPClient({ transport:
//                   { type: 'http', url } }) (2026-07-28 by server/discover, its default
//                   protocolVersionDiscovery), tools() once at open, then
//                   tools[name].execute(args, { toolCallId, messages }), which resolves to the
//                   CallToolResult; it has no progress callback (WITHOUT_PROGRESS)

import path from 'node:path';
import { pathToFileURL } from 'node:url';

const VERSION = '2026-07-28';
const META = {
  'io.modelcontextprotocol/protocolVersion': VERSION,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'bench-fetch', version: '0.0.0' },
};

// The package under test: bench/run.mjs points BENCH_PKG_DIR at a snapshot of pkg/ taken at
// its start, so a rebuild during the run cannot mix two builds in one report.
const PKG_ENTRY = process.env.BENCH_PKG_DIR
  ? pathToFileURL(path.join(process.env.BENCH_PKG_DIR, 'index.node.js')).href
  : new URL('../pkg/index.node.js', import.meta.url).href;

export const KINDS = ['adapter', 'ts', 'fetch', 'adapter-legacy', 'langchain', 'ts-legacy', 'aisdk'];

/** Kinds whose client has no progress callback: the bench's progress row leaves them out. */
export const WITHOUT_PROGRESS = new Set(['aisdk']);

export async function openClient(kind, url) {
  switch (kind) {
    case 'adapter':
    case 'adapter-legacy': {
      const { MCPAdapter } = await import(PKG_ENTRY);
      const adapter = new MCPAdapter(url, kind === 'adapter-legacy' ? { protocol: 'legacy' } : {});
      return {
        call: (name, args, opts = {}) => adapter.callTool(name, args, opts.onProgress ? { onProgress: opts.onProgress } : {}),
        listAll: () => adapter.listTools(),
        close: () => adapter.close(),
      };
    }
    case 'ts':
    case 'ts-legacy': {
      const { Client, StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client');
      const client = new Client(
        { name: 'bench-ts', version: '0.0.0' },
        kind === 'ts' ? { capabilities: {}, versionNegotiation: { mode: 'auto' } } : { capabilities: {} },
      );
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      return {
        call: (name, args, opts = {}) =>
          client.callTool({ name, arguments: args }, opts.onProgress ? { onprogress: opts.onProgress } : undefined),
        listAll: async () => {
          const tools = [];
          let cursor;
          do {
            const page = await client.listTools(cursor === undefined ? {} : { cursor });
            tools.push(...page.tools);
            cursor = page.nextCursor;
          } while (cursor !== undefined);
          return tools;
        },
        close: () => client.close(),
      };
    }
    case 'fetch':
      return bareFetch(url);
    case 'langchain': {
      const { MultiServerMCPClient } = await import('@langchain/mcp-adapters');
      const client = new MultiServerMCPClient({
        mcpServers: { bench: { transport: 'http', url } },
        useStandardContentBlocks: true,
        prefixToolNameWithServerName: false,
      });
      const tools = new Map((await client.getTools()).map((t) => [t.name, t]));
      return {
        call: (name, args) => tools.get(name).invoke(args),
        listAll: async () => client.getTools(),
        close: () => client.close(),
      };
    }
    case 'aisdk': {
      const { createMCPClient } = await import('@ai-sdk/mcp');
      const client = await createMCPClient({ transport: { type: 'http', url } });
      // listed once, as an application hands them to generateText; each tool's execute() is
      // what the SDK's tool loop calls, and resolves to the CallToolResult ({ content, … })
      const tools = await client.tools();
      let calls = 0;
      return {
        call: (name, args) => tools[name].execute(args, { toolCallId: `call-${++calls}`, messages: [] }),
        listAll: async () => Object.values(await client.tools()),
        close: () => client.close(),
      };
    }
    default:
      throw new Error(`unknown client kind ${kind}`);
  }
}

/** The floor: the same 2026-07-28 request, one `fetch`, no validation, no conversion. */
export function bareFetch(url) {
  let nextId = 1;
  async function request(method, params, name, onProgress) {
    const id = nextId++;
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': VERSION,
      'mcp-method': method,
    };
    if (name !== undefined) headers['mcp-name'] = name;
    const meta = onProgress ? { ...META, progressToken: `p${id}` } : META;
    const res = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } }),
    });
    const type = res.headers.get('content-type') ?? '';
    let message;
    if (type.startsWith('text/event-stream')) {
      message = await readSse(res, id, onProgress);
    } else {
      message = await res.json();
    }
    if (message.error) throw new Error(`rpc error ${message.error.code}: ${message.error.message}`);
    return message.result;
  }
  return {
    call: (name, args, opts = {}) => request('tools/call', { name, arguments: args }, name, opts.onProgress),
    listAll: async () => {
      const tools = [];
      let cursor;
      do {
        const page = await request('tools/list', cursor === undefined ? {} : { cursor });
        tools.push(...page.tools);
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      return tools;
    },
    close: async () => {},
  };
}

/** Splits an SSE body into events, JSON.parses each `data:` and returns the response to `id`. */
export async function readSse(res, id, onProgress) {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body) {
    buffer += decoder.decode(chunk, { stream: true });
    let start = 0;
    let end;
    while ((end = buffer.indexOf('\n\n', start)) >= 0) {
      const block = buffer.slice(start, end);
      start = end + 2;
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('data:')) data += line.slice(line[5] === ' ' ? 6 : 5);
      }
      if (!data) continue;
      const message = JSON.parse(data);
      // returning from the loop cancels the body (the iterator's return())
      if (message.id === id && ('result' in message || 'error' in message)) return message;
      if (message.method === 'notifications/progress' && onProgress) onProgress(message.params);
    }
    buffer = buffer.slice(start);
  }
  throw new Error('event stream ended before the response');
}
