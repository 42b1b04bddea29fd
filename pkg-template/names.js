// Provider-safe tool names, shared by the framework glue modules (langchain.js, ai.js): which
// MCP tools a host keeps, the name each wants, and names that model providers accept; and what
// an MCP interrupt is. Nothing here imports the wasm or a framework.
import { newMCPAdapterError } from './interceptors.js';

// mcp_authorization: a sign-in (mcp-wasm-adapter/auth with `interrupt: true`), answered with `{ callbackUrl }`;
// mcp_task: a tool call's task that outlived the wait (`taskWaitMs`), resumed with `{}`
const INTERRUPT_TYPES = ['mcp_elicitation', 'mcp_approval', 'mcp_authorization', 'mcp_task'];

/** Whether `value` is an interrupt of the adapter's (an object whose `type` is one of them). */
export const isMCPInterrupt = (value) => value != null && typeof value === 'object' && INTERRUPT_TYPES.includes(value.type);

/** Tool names providers accept (OpenAI: `^[a-zA-Z0-9_-]{1,64}$`). */
const NAME_OK = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * Whether a framework's tool list keeps `mcpTool`: not a tool of an MCP App that the model may
 * not call (`metadata.mcp.ui.visibility` without `"model"`: it is for its view alone), and
 * kept by the `filter` option (`what` names the function it was given to).
 */
export function keep(mcpTool, filter, what) {
  if (!(mcpTool.metadata?.mcp?.ui?.visibility ?? ['model']).includes('model')) return false;
  if (filter == null) return true;
  if (Array.isArray(filter)) return filter.includes(mcpTool.name);
  if (typeof filter === 'function') return Boolean(filter(mcpTool));
  throw new TypeError(`${what}: filter must be an array of names or a function`);
}

/** The name a tool wants before sanitizing: the prefixes (`opts`), then its name. */
export function wantedName(mcpTool, opts, what) {
  let name = mcpTool.name;
  if (opts.prefixServerName) {
    const server = mcpTool.metadata?.mcp?.server?.name;
    if (!server) throw new Error(`${what}: prefixServerName, but the server of tool "${mcpTool.name}" has no name`);
    name = `${server}_${name}`;
  }
  if (opts.namePrefix) name = `${opts.namePrefix}${name}`;
  return name;
}

/**
 * The names of `entries` (`{ wanted, mcpTool, server }`), each within
 * `^[a-zA-Z0-9_-]{1,64}$`. A name that already fits is kept. Another gets its other characters
 * replaced by `_`, is cut to leave room, and gets `_` and a hash of the whole original name
 * appended (`notion.search` becomes `notion_search_<hash>`, distinct from a tool named
 * `notion_search`); when nothing but `_` and `-` would be left (a name in CJK, say), the name
 * is `tool_<hash>`. Kept names are placed first, so a changed name never takes one; should a
 * changed name meet another name anyway, it is hashed again with a counter. Only two tools
 * wanting the very same name (the same MCP name on two adapters, with the same prefixes) are an
 * error: `tool_name_collision`.
 */
export function providerNames(entries, what) {
  const taken = new Map();
  for (const entry of entries) {
    const earlier = taken.get(entry.wanted);
    if (earlier) {
      throw newMCPAdapterError(
        'tool_name_collision',
        `${what}: two tools want the name "${entry.wanted}" (${describe(earlier.mcpTool)} and ${describe(entry.mcpTool)}); ` +
          'pass prefixServerName: true, put the adapters in an MCPAdapterGroup with toolNamePrefix: true, or filter one out',
        { tool: entry.wanted, servers: [earlier.server, entry.server] },
      );
    }
    taken.set(entry.wanted, entry);
  }
  const used = new Set([...taken.keys()].filter((name) => NAME_OK.test(name)));
  return entries.map(({ wanted }) => {
    if (NAME_OK.test(wanted)) return wanted;
    const clean = wanted.replace(/[^a-zA-Z0-9_-]/g, '_');
    const stem = /^[_-]*$/.test(clean) ? 'tool' : clean.slice(0, 64 - 8);
    for (let n = 0; ; n += 1) {
      const name = `${stem}_${nameHash(n === 0 ? wanted : `${wanted}#${n}`)}`;
      if (!used.has(name)) {
        used.add(name);
        return name;
      }
    }
  });
}

/**
 * A short stable hash of a tool name: FNV-1a (32-bit) of its UTF-8 bytes, in base 36, seven
 * characters (zero-padded). Not for security: it only tells sanitized names apart, the same
 * in every run and runtime.
 */
function nameHash(text) {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash.toString(36).padStart(7, '0');
}

function describe(mcpTool) {
  const server = mcpTool.metadata?.mcp?.server?.name;
  return server ? `"${mcpTool.name}" of ${server}` : `"${mcpTool.name}"`;
}
